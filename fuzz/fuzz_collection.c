/*
 * fuzz_collection.c - libFuzzer target for the checks across games
 * (judge/collection.c: duplicate games; judge/collection_event.c: an event's
 * rounds - a player twice in a round, a pairing entered twice, a board used
 * twice, Round values of mixed forms).
 *
 * The input is many short games, one a line (LF), fields parted by '|':
 *     Event | Site | Date | Round | White | Black | Result | moves
 * A field "=", or one the line leaves out, repeats the previous game's; "!"
 * leaves the tag out; any other text is the tag's value ('"' and '\'
 * escaped), so "||" is an empty value.  The moves (the rest of the line) go
 * into the movetext as they are, ended by the Result when it is one of the
 * four results, else by "*"; the first game's default moves are "1. e4 e5".
 * A line that starts with '[' goes out as it is, before the next game's tags
 * (FEN, SetUp, Variant, ...).  So most games share their Event, Site, Round,
 * players and moves, and the dictionary (fuzz_collection.dict) brings tag
 * names and Round forms (1, 01, 1.12, 9.1.1, R1, 1a, Final, ?, -, empty, 40
 * characters).
 *
 * The PGN text is replayed (reader and game, strict) and every record is
 * judged, as `check` does, by three collections: --duplicates=off, moves and
 * strict.  Besides the sanitizers it checks against a plain reference kept
 * here (every earlier game compared with each new one):
 *  - every game read is reported once, in order, with a known ending within
 *    its plies; a finding about a game comes before its record;
 *  - a collection finding is about the game just judged, of a code and
 *    severity the checks across games give, and counted in its record;
 *  - duplicates: a game with moves is a copy exactly when an earlier game
 *    with moves has its fingerprint (strict: and the same White, Black and
 *    Date, a tag left out as an empty one; between other players only from
 *    COLLECTION_COPY_PLIES_MIN plies on); the finding names the first such
 *    game and its line, and is an error exactly when both record a different
 *    one of 1-0, 0-1, 1/2-1/2; with --duplicates=off, none;
 *  - an event's rounds: within a run of games of one known Event and Site,
 *    the findings are exactly, in this order, the mixed Round forms (once a
 *    run, against the first game with a known Round; "3", "3.1", "9.1.3" and
 *    words are four forms), the note that "N.M" numbers games (when the run's
 *    first games of a round say so), the same pairing earlier in the same
 *    round (under that reading: with the same number), a player of another
 *    pairing of that round, a board (of a match) of that round used by
 *    another pairing (each naming the first such game and its line); the
 *    same whatever the --duplicates mode.
 *
 * Build and run: `make fuzz`, then `make fuzz-all` (see README.md).
 */
#include "diag/diag.h"
#include "judge/collection.h"
#include "judge/game.h"
#include "pgn/input.h"
#include "pgn/pgn_parse.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define CHECK(c)                                                                                   \
    do {                                                                                           \
        if (!(c)) abort();                                                                         \
    } while (0)

/* ---- the input as PGN ---------------------------------------------------- */

enum { F_EVENT, F_SITE, F_DATE, F_ROUND, F_WHITE, F_BLACK, F_RESULT, F_MOVES, F_NB };
static const char *const tag_names[F_MOVES] = {"Event", "Site",  "Date",  "Round",
                                               "White", "Black", "Result"};

struct field {
    const uint8_t *p; /* NULL: the tag is left out */
    size_t len;
};

struct text {
    char *p;
    size_t len, cap;
};

static void put(struct text *t, const void *s, size_t n)
{
    if (t->len + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 4096;
        while (cap < t->len + n + 1)
            cap *= 2;
        char *p = realloc(t->p, cap);
        CHECK(p);
        t->p = p;
        t->cap = cap;
    }
    memcpy(t->p + t->len, s, n);
    t->len += n;
    t->p[t->len] = '\0';
}

static void puts_text(struct text *t, const char *s) { put(t, s, strlen(s)); }

static bool field_is(const struct field *f, const char *s)
{
    return f->p && f->len == strlen(s) && memcmp(f->p, s, f->len) == 0;
}

/* One game of the input: its tags, then its moves and result. */
static void put_game(struct text *t, const struct field *f)
{
    for (int i = 0; i < F_MOVES; i++) {
        if (!f[i].p) continue;
        puts_text(t, "[");
        puts_text(t, tag_names[i]);
        puts_text(t, " \"");
        for (size_t j = 0; j < f[i].len; j++) {
            if (f[i].p[j] == '"' || f[i].p[j] == '\\') put(t, "\\", 1);
            put(t, &f[i].p[j], 1);
        }
        puts_text(t, "\"]\n");
    }
    puts_text(t, "\n");
    put(t, f[F_MOVES].p, f[F_MOVES].len);
    const struct field *r = &f[F_RESULT];
    bool result = field_is(r, "1-0") || field_is(r, "0-1") || field_is(r, "1/2-1/2");
    puts_text(t, " ");
    if (result)
        put(t, r->p, r->len);
    else
        puts_text(t, "*");
    puts_text(t, "\n\n");
}

static void input_pgn(const uint8_t *data, size_t size, struct text *t)
{
    static const uint8_t default_moves[] = "1. e4 e5";
    struct field prev[F_NB] = {{0}};
    prev[F_MOVES] = (struct field){default_moves, sizeof default_moves - 1};
    t->len = 0;
    put(t, "", 0);
    size_t at = 0;
    while (at < size) {
        const uint8_t *line = data + at;
        const uint8_t *nl = memchr(line, '\n', size - at);
        size_t len = nl ? (size_t)(nl - line) : size - at;
        at += len + 1;
        if (len == 0) continue;
        if (line[0] == '[') {
            put(t, line, len);
            puts_text(t, "\n");
            continue;
        }
        struct field f[F_NB];
        size_t i = 0, from = 0;
        for (int k = 0; k < F_NB; k++) {
            if (from > len) { /* left out: as the previous game */
                f[k] = prev[k];
                continue;
            }
            const uint8_t *bar = k < F_MOVES ? memchr(line + from, '|', len - from) : NULL;
            i = bar ? (size_t)(bar - line) : len;
            f[k] = (struct field){line + from, i - from};
            from = i + 1;
            if (field_is(&f[k], "="))
                f[k] = prev[k];
            else if (field_is(&f[k], "!"))
                f[k] = (struct field){NULL, 0};
        }
        if (!f[F_MOVES].p) f[F_MOVES] = (struct field){(const uint8_t *)"", 0};
        put_game(t, f);
        memcpy(prev, f, sizeof prev);
    }
}

/* ---- the reference -------------------------------------------------------- */

/* What the reference keeps of a game record (strings as offsets into
 * `strings`, SIZE_MAX for none). */
enum { S_EVENT, S_SITE, S_DATE, S_ROUND, S_WHITE, S_BLACK, S_RESULT, S_NB };

struct kept {
    uint64_t game;
    uint32_t line, plies;
    uint64_t fingerprint;
    bool has_fingerprint;
    size_t s[S_NB];
    int form;                   /* enum form of its Round */
    unsigned parts;             /* FORM_DOTTED: 2 ("3.1") or 3 ("9.1.3") numbers */
    unsigned long major, match, board; /* FORM_NUMBER, FORM_DOTTED */
};

enum mode { M_OFF, M_MOVES, M_STRICT, M_NB };

/* A finding of one collection about the game being judged. */
#define FOUND_MAX 8
struct found {
    int n;
    enum diag_code code[FOUND_MAX];
    enum diag_severity severity[FOUND_MAX];
    char message[FOUND_MAX][1400];
};

static struct {
    struct text strings;
    struct kept *games;
    size_t ngames, cap;
    uint64_t reported; /* records reported */
    /* the current event run (collection_event.c's "event"): games [run, ngames) */
    size_t run;
    bool run_open, mixed_warned, has_form;
    size_t form_game;
    int reading; /* the run's "N.M": 0 undecided, 1 boards, 2 games */
    struct collection *coll[M_NB];
    struct found found[M_NB];
} st;

static const char *str(size_t at) { return at == SIZE_MAX ? NULL : st.strings.p + at; }

static size_t keep(const char *s)
{
    if (!s) return SIZE_MAX;
    size_t at = st.strings.len;
    put(&st.strings, s, strlen(s) + 1);
    return at;
}

static bool same(const char *a, const char *b) { return (!a && !b) || (a && b && !strcmp(a, b)); }

/* The same White, Black or Date for --duplicates=strict: a tag left out and
 * an empty one alike (neither tells anything; the index hashes both as 0). */
static bool same_told(const char *a, const char *b) { return same(a && *a ? a : NULL, b && *b ? b : NULL); }

static bool known(const char *s) { return s && s[0] && strcmp(s, "?") && strcmp(s, "-"); }

enum form { FORM_UNKNOWN, FORM_NUMBER, FORM_DOTTED, FORM_WORDS };

/* A run of 1 to 9 digits at s, up to `end`; its value. */
static bool digits(const char *s, const char *end, unsigned long *v)
{
    if (end - s < 1 || end - s > 9) return false;
    *v = 0;
    for (; s < end; s++) {
        if (*s < '0' || *s > '9') return false;
        *v = *v * 10 + (unsigned long)(*s - '0');
    }
    return true;
}

/* A Round value: "3" a number, "3.1" round 3 board 1, "9.1.3" round 9 match 1 board 3,
 * other text words. */
static enum form round_form(const char *s, struct kept *k)
{
    if (!known(s)) return FORM_UNKNOWN;
    unsigned long part[3];
    unsigned n = 0;
    for (const char *at = s;;) {
        const char *dot = strchr(at, '.'), *end = dot ? dot : at + strlen(at);
        if (n == 3 || !digits(at, end, &part[n])) return FORM_WORDS;
        n++;
        if (!dot) break;
        at = dot + 1;
    }
    k->major = part[0];
    if (n == 1) return FORM_NUMBER;
    k->parts = n;
    k->match = n == 3 ? part[1] : 0;
    k->board = part[n - 1];
    return FORM_DOTTED;
}

static bool same_form(const struct kept *a, const struct kept *b)
{
    return a->form == b->form && a->parts == b->parts;
}

static bool same_pairing(const char *w, const char *b, const char *hw, const char *hb)
{
    return known(w) && known(b) && known(hw) && known(hb) &&
           ((!strcmp(w, hw) && !strcmp(b, hb)) || (!strcmp(w, hb) && !strcmp(b, hw)));
}

static bool plays_in(const char *x, const char *hw, const char *hb)
{
    return known(x) && ((known(hw) && !strcmp(x, hw)) || (known(hb) && !strcmp(x, hb)));
}

static bool same_round(const struct kept *a, const struct kept *b)
{
    if (a->form == FORM_UNKNOWN || b->form == FORM_UNKNOWN) return false;
    if (a->form == FORM_WORDS || b->form == FORM_WORDS)
        return a->form == b->form && !strcmp(str(a->s[S_ROUND]), str(b->s[S_ROUND]));
    return a->major == b->major;
}

static bool has_moves(const struct kept *k) { return k->has_fingerprint && k->plies > 0; }

/* The message names game k and its line (unless the library's 1,200 bytes
 * cut it: long names come first). */
static void expect_names(const char *message, const struct kept *k)
{
    if (strlen(message) >= 1199) return;
    char where[64];
    snprintf(where, sizeof where, "game %llu (line %u)", (unsigned long long)k->game,
             (unsigned)k->line);
    CHECK(strstr(message, where));
}

/* The duplicate finding of `mode` about game g (the last kept) against the
 * reference: the first earlier game with moves and the same fingerprint
 * (strict: and players and date; between other players, only from
 * COLLECTION_COPY_PLIES_MIN plies on). */
static void check_duplicates(enum mode mode, const struct kept *g, const struct found *f)
{
    const struct kept *first = NULL;
    if (mode != M_OFF && has_moves(g))
        for (size_t i = 0; i + 1 < st.ngames && !first; i++) {
            const struct kept *h = &st.games[i];
            if (!has_moves(h) || h->fingerprint != g->fingerprint) continue;
            bool same_players = same_told(str(h->s[S_WHITE]), str(g->s[S_WHITE])) &&
                                same_told(str(h->s[S_BLACK]), str(g->s[S_BLACK]));
            /* a short line between other players is a coincidence, no copy */
            if (!same_players && g->plies < COLLECTION_COPY_PLIES_MIN) continue;
            if (mode == M_STRICT &&
                (!same_told(str(h->s[S_WHITE]), str(g->s[S_WHITE])) ||
                 !same_told(str(h->s[S_BLACK]), str(g->s[S_BLACK])) ||
                 !same_told(str(h->s[S_DATE]), str(g->s[S_DATE]))))
                continue;
            first = h;
        }
    int dups = 0;
    for (int i = 0; i < f->n; i++) {
        if (f->code[i] != DIAG_DUPLICATE_GAME && f->code[i] != DIAG_CONFLICTING_DUPLICATE)
            continue;
        CHECK(dups++ == 0 && i == 0); /* one, before the event's */
        CHECK(first);
        unsigned a = game_result_code(str(first->s[S_RESULT]));
        unsigned b = game_result_code(str(g->s[S_RESULT]));
        bool conflict = a != b && a >= 1 && a <= 3 && b >= 1 && b <= 3;
        CHECK(f->code[i] == (conflict ? DIAG_CONFLICTING_DUPLICATE : DIAG_DUPLICATE_GAME));
        CHECK(f->severity[i] == (conflict ? DIAG_ERROR : DIAG_WARNING));
        expect_names(f->message[i], first);
    }
    CHECK(dups == (first ? 1 : 0));
}

/* The event findings of every mode against the reference (and each other). */
static void check_event(const struct kept *g)
{
    const char *event = str(g->s[S_EVENT]), *site = str(g->s[S_SITE]);
    const struct kept *last = st.ngames > 1 ? &st.games[st.ngames - 2] : NULL;
    if (!(st.run_open && known(event) && last && !strcmp(str(last->s[S_EVENT]), event) &&
          same(str(last->s[S_SITE]), site))) {
        st.run = st.ngames - 1; /* a new run starts here */
        st.run_open = known(event);
        st.mixed_warned = st.has_form = false;
        st.reading = 0;
    }
    /* past COLLECTION_EVENT_GAMES_MAX games in a run, one note, then nothing
     * (inputs longer than make fuzz-all's 4 KB) */
    size_t in_run = st.ngames - 1 - st.run;
    if (st.run_open && in_run >= COLLECTION_EVENT_GAMES_MAX) {
        for (int m = 0; m < M_NB; m++) {
            const struct found *f = &st.found[m];
            int notes = 0;
            for (int i = 0; i < f->n; i++)
                if (f->code[i] == DIAG_EVENT_INCONSISTENT)
                    CHECK(f->severity[i] == DIAG_NOTE && notes++ == 0);
            CHECK(notes == (in_run == COLLECTION_EVENT_GAMES_MAX));
        }
        return;
    }
    /* what the run's earlier games make of g */
    const struct kept *mixed = NULL, *pairing = NULL, *player = NULL, *board = NULL;
    const struct kept *as_games = NULL; /* the game that made "N.M" read as games */
    const char *twice = NULL;
    if (st.run_open) {
        enum form form = (enum form)g->form;
        if (form != FORM_UNKNOWN) {
            if (!st.has_form) {
                st.has_form = true;
                st.form_game = st.ngames - 1;
            } else if (!st.mixed_warned) {
                const struct kept *h = &st.games[st.form_game];
                if (!same_form(h, g)) {
                    st.mixed_warned = true;
                    mixed = h;
                }
            }
        }
        const char *w = str(g->s[S_WHITE]), *b = str(g->s[S_BLACK]);
        bool numbered = form == FORM_DOTTED && g->parts == 2;
        /* "N.M": boards or games, from the run's first games of g's round */
        if (numbered && st.reading == 0 && known(w) && known(b)) {
            const struct kept *reused = NULL;
            bool numbers = false;
            for (size_t i = st.run; i + 1 < st.ngames && st.reading == 0; i++) {
                const struct kept *h = &st.games[i];
                const char *hw = str(h->s[S_WHITE]), *hbl = str(h->s[S_BLACK]);
                if (h->form != FORM_DOTTED || h->parts != 2 || h->major != g->major ||
                    !known(hw) || !known(hbl))
                    continue;
                bool pair = same_pairing(w, b, hw, hbl);
                bool common = plays_in(w, hw, hbl) || plays_in(b, hw, hbl);
                bool same_number = h->board == g->board;
                numbers |= !same_number;
                if (!same_number && (pair || !common)) {
                    st.reading = pair ? 2 : 1;
                    if (pair) as_games = h;
                }
                if (same_number && !pair && !reused) reused = h;
            }
            if (st.reading == 0 && reused && !numbers) st.reading = 2, as_games = reused;
        }
        bool games = numbered && st.reading == 2;
        for (size_t i = st.run; i + 1 < st.ngames; i++) {
            const struct kept *h = &st.games[i];
            if (!same_round(h, g)) continue;
            if (games && (h->form != FORM_DOTTED || h->board != g->board)) continue;
            const char *hw = str(h->s[S_WHITE]), *hbl = str(h->s[S_BLACK]);
            if (same_pairing(w, b, hw, hbl)) {
                if (!pairing) pairing = h;
                continue;
            }
            if (games) continue;
            if (!player) {
                if (plays_in(w, hw, hbl))
                    player = h, twice = w;
                else if (plays_in(b, hw, hbl))
                    player = h, twice = b;
            }
            if (!board && form == FORM_DOTTED && same_form(h, g) && h->match == g->match &&
                h->board == g->board)
                board = h;
        }
    }
    for (int m = 0; m < M_NB; m++) {
        const struct found *f = &st.found[m];
        int at = 0;
        while (at < f->n && f->code[at] != DIAG_EVENT_INCONSISTENT)
            at++;
        const int first = at;
        for (int i = at; i < f->n; i++)
            CHECK(f->code[i] == DIAG_EVENT_INCONSISTENT &&
                  f->severity[i] == (as_games && i == at + !!mixed ? DIAG_NOTE : DIAG_WARNING));
        CHECK(f->n - at == !!mixed + !!as_games + !!pairing + !!player + !!board);
        if (mixed) {
            CHECK(!strncmp(f->message[at], "the Round values of this event mix forms", 40));
            expect_names(f->message[at++], mixed);
        }
        if (as_games) {
            CHECK(!strncmp(f->message[at], "Round '", 7) &&
                  strstr(f->message[at], "is read as round"));
            char where[64]; /* "(game N, line L, has round ...)" */
            snprintf(where, sizeof where, "(game %llu, line %u, ", (unsigned long long)as_games->game,
                     (unsigned)as_games->line);
            CHECK(strlen(f->message[at]) >= 1199 || strstr(f->message[at], where));
            at++;
        }
        if (pairing) {
            CHECK(!strncmp(f->message[at], "the pairing ", 12));
            expect_names(f->message[at++], pairing);
        }
        if (player) {
            size_t n = strlen(twice);
            CHECK(strlen(f->message[at]) >= 1199 ||
                  (!strncmp(f->message[at], twice, n) &&
                   !strncmp(f->message[at] + n, " plays twice in round ", 22)));
            expect_names(f->message[at++], player);
        }
        if (board) {
            CHECK(!strncmp(f->message[at], "board ", 6));
            expect_names(f->message[at++], board);
        }
        /* the same findings whatever the duplicates mode (off has no others) */
        const struct found *o = &st.found[M_OFF];
        CHECK(o->n == f->n - first);
        for (int i = 0; i < o->n; i++)
            CHECK(!strcmp(o->message[i], f->message[first + i]));
    }
}

/* ---- the sinks ------------------------------------------------------------ */

static void on_found(void *ctx, const struct diag *d)
{
    struct found *f = ctx;
    CHECK(d->message && d->file && d->game == st.reported);
    CHECK(d->code == DIAG_DUPLICATE_GAME || d->code == DIAG_CONFLICTING_DUPLICATE ||
          d->code == DIAG_EVENT_INCONSISTENT);
    CHECK(f->n < FOUND_MAX);
    f->code[f->n] = d->code;
    f->severity[f->n] = d->severity;
    snprintf(f->message[f->n], sizeof f->message[f->n], "%s", d->message);
    f->n++;
}

static void on_diag(void *ctx, const struct diag *d)
{
    (void)ctx;
    CHECK((unsigned)d->code < DIAG_CODE_NB && (unsigned)d->severity < DIAG_SEVERITY_NB);
    CHECK(d->message && d->file);
    CHECK(!d->game || d->game == st.reported + 1); /* not about a game reported */
}

static void on_game(void *ctx, const struct game_record *judged)
{
    (void)ctx;
    CHECK(judged->game == ++st.reported && judged->file);
    CHECK((unsigned)judged->ending < ENDING_KIND_NB);
    CHECK(judged->ending == ENDING_NONE || judged->ending_ply <= judged->plies);
    if (st.ngames == st.cap) {
        size_t cap = st.cap ? 2 * st.cap : 256;
        struct kept *k = realloc(st.games, cap * sizeof *k);
        CHECK(k);
        st.games = k;
        st.cap = cap;
    }
    struct kept *k = &st.games[st.ngames++];
    *k = (struct kept){.game = judged->game, .line = judged->line, .plies = judged->plies,
                       .fingerprint = judged->fingerprint,
                       .has_fingerprint = judged->has_fingerprint};
    const char *s[S_NB] = {judged->event, judged->site,  judged->date,  judged->round,
                           judged->white, judged->black, judged->result};
    for (int i = 0; i < S_NB; i++)
        k->s[i] = keep(s[i]);
    k->form = round_form(judged->round, k);
    for (int m = 0; m < M_NB; m++) {
        struct game_record copy = *judged; /* as `check` hands it on */
        struct found *f = &st.found[m];
        f->n = 0;
        collection_game(st.coll[m], &copy, on_found, f);
        uint32_t e = 0, w = 0, n = 0;
        for (int i = 0; i < f->n; i++) {
            e += f->severity[i] == DIAG_ERROR;
            w += f->severity[i] == DIAG_WARNING;
            n += f->severity[i] == DIAG_NOTE;
        }
        CHECK(copy.errors == judged->errors + e && copy.warnings == judged->warnings + w &&
              copy.notes == judged->notes + n);
        check_duplicates((enum mode)m, k, f);
    }
    check_event(k);
}

/* ---- the target ----------------------------------------------------------- */

/* The game lives from one input to the next, as from one file to the next in
 * a run of `check`; the collections and the reference are made per input. */
static struct game *game;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const struct game_sink sink = {.ctx = NULL, .diag = on_diag, .game = on_game};
    static struct text pgn;
    if (!game) CHECK(game = game_new(&sink, true));
    input_pgn(data, size, &pgn);

    st.strings.len = 0;
    put(&st.strings, "", 0);
    st.ngames = 0;
    st.reported = 0;
    st.run_open = false;
    static const enum collection_duplicates modes[M_NB] = {
        COLLECTION_DUPLICATES_OFF, COLLECTION_DUPLICATES_MOVES, COLLECTION_DUPLICATES_STRICT};
    for (int m = 0; m < M_NB; m++)
        CHECK(st.coll[m] = collection_new(modes[m], true));

    struct input *in = input_open_memory(pgn.p, pgn.len);
    CHECK(in);
    game_set_file(game, "<fuzz>");
    struct pgn_parser *p = pgn_parser_new(in, game_parser_diag, game);
    CHECK(p);
    struct pgn_event ev;
    uint64_t begun = 0;
    while (pgn_parser_next(p, &ev)) {
        if (ev.type == PGN_EV_GAME_BEGIN) begun++;
        game_feed(game, &ev);
    }
    CHECK(st.reported == begun); /* every game read is reported */
    pgn_parser_free(p);
    input_close(in);
    for (int m = 0; m < M_NB; m++)
        collection_free(st.coll[m]);
    return 0;
}
