/*
 * pgn_export.c - one game in the PGN export format (pgn_export.h), PGN
 * standard section 8:
 * - 8.1.1: the Seven Tag Roster first, in its order (Event, Site, Date,
 *   Round, White, Black, Result), a missing one as "?" ("????.??.??" for
 *   Date); the other tags after it in ASCII order of their names; 8.1.1.x
 *   "SetUp" "1" beside a FEN; values escaped (8.1: \\ and \").
 * - 8.2.2.2: a move number before every White move, "N..." before a Black
 *   move that opens a line or follows a comment or a variation (a NAG is
 *   part of the move before it).
 * - 8.2.3: every move in SAN as the replay resolved it (san_write(): English
 *   letters, the least disambiguation, "=Q", the true "+" or "#").
 * - 8.2.1: tokens one space apart, lines of at most PGN_EXPORT_LINE_MAX
 *   characters (a longer word alone on its line), one blank line between
 *   the tags and the movetext.
 * - 8.2.6: the termination marker and the Result tag agree; with
 *   pgn_export_rules_result(), both say what the game's ending decided
 *   (FIDE 5.1.1 checkmate, 5.2.1 stalemate, 5.2.2 dead position, 9.6.1
 *   fivefold repetition, 9.6.2 the 75-move rule).
 * Comments keep their words (line breaks and runs of blanks inside become
 * one space); NAGs are written "$N"; variations are kept, their moves
 * rewritten too.  Nothing here reads a position: the moves come resolved.
 * --strip (pgn_export_set_strip()) drops comments, NAGs, variations, or the
 * commands [%clk], [%emt], [%clkc] and [%eval] inside comments (the rest of
 * the comment kept; a comment left without words goes); each is counted,
 * and the caller says the counts.
 */
#include "report/pgn_export.h"

#include "i18n.h"

#include "judge/game.h"
#include "judge/game_record.h"
#include "pgn/pgn_parse.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct buf {
    char *p;
    size_t len, cap;
};

struct kept_move {
    uint64_t offset;
    char san[8];      /* SAN_MAX */
    uint8_t len;      /* of san */
    uint8_t side;
    uint32_t fullmove;
};

struct tag_at {
    size_t name, value; /* offsets in the tag arena */
    size_t name_len;
    int roster;         /* its place in the Seven Tag Roster, -1 none */
};

static const char *const roster[7] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};

struct pgn_export {
    struct kept_move *moves;
    size_t nmoves, capmoves, cursor;
    bool unsorted;

    uint64_t at;
    bool failed;
    struct buf arena; /* tag names and values, NUL-ended */
    struct tag_at tags[PGN_PARSE_TAGS_MAX];
    size_t ntags;
    long roster_at[7]; /* the tag of each roster name, -1 none */
    unsigned dup_tags;
    struct buf text;  /* the game's movetext, laid out */
    struct buf word;  /* the word being made ("(" + token + ")") */
    size_t opens;     /* word holds only this many "(" (and is not empty) */
    struct buf out;   /* the whole game */
    size_t line_len;
    bool need_number; /* the next Black move takes "N..." */
    char marker[8];   /* the termination marker read, "" when none */
    unsigned rewritten;
    char first_from[40], first_to[24];
    unsigned unresolved;  /* moves the replay did not play */
    char unplayed[32];    /* the first of them */
    unsigned marks;       /* N, RR, D written as NAGs */
    char mark_word[4];
    unsigned mark_nag;
    bool in_game;
    unsigned strip;       /* PGN_STRIP_* */
    unsigned rav_skip;    /* depth inside a variation being stripped */
    struct pgn_strip_counts stripped; /* this game's */
    struct buf kept;      /* a comment with its commands stripped */
    unsigned depth;       /* variations open */
    int last_main_side;   /* the side of the last main-line move, -1 none */
    int rules_ending;     /* enum ending_kind, ENDING_NONE: keep the result */
    unsigned rules_ply;
};

static bool grow(struct pgn_export *x, struct buf *b, size_t more)
{
    if (b->len + more <= b->cap) return true;
    size_t cap = b->cap ? b->cap : 1024;
    while (cap < b->len + more)
        cap *= 2;
    char *p = cap <= PGN_EXPORT_TEXT_MAX ? realloc(b->p, cap) : NULL;
    if (!p) {
        x->failed = true;
        return false;
    }
    b->p = p;
    b->cap = cap;
    return true;
}

static void put_slow(struct pgn_export *x, struct buf *b, const char *s, size_t n)
{
    if (x->failed || !grow(x, b, n + 1)) return;
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

/* n bytes at the end of b (kept NUL-ended); inline: it runs for every word */
static inline void put(struct pgn_export *x, struct buf *b, const char *s, size_t n)
{
    if (__builtin_expect(b->len + n < b->cap, 1)) {
        char *t = b->p + b->len;
        if (n <= 16) /* the usual word: a move, a number (no call) */
            for (size_t i = 0; i < n; i++)
                t[i] = s[i];
        else
            memcpy(t, s, n);
        b->len += n;
        b->p[b->len] = '\0';
        return;
    }
    put_slow(x, b, s, n);
}

static void puts_(struct pgn_export *x, struct buf *b, const char *s)
{
    put(x, b, s, strlen(s));
}

struct pgn_export *pgn_export_new(void)
{
    return calloc(1, sizeof(struct pgn_export));
}

void pgn_export_free(struct pgn_export *x)
{
    if (!x) return;
    free(x->moves);
    free(x->arena.p);
    free(x->text.p);
    free(x->word.p);
    free(x->out.p);
    free(x->kept.p);
    free(x);
}

void pgn_export_move(struct pgn_export *x, const struct game_move *m)
{
    if (x->nmoves == x->capmoves) {
        size_t cap = x->capmoves ? x->capmoves * 2 : 1024;
        struct kept_move *p = cap <= PGN_EXPORT_MOVES_MAX ? realloc(x->moves, cap * sizeof *p) : NULL;
        if (!p) {
            x->failed = true; /* the game in hand is written as read */
            return;
        }
        x->moves = p;
        x->capmoves = cap;
    }
    struct kept_move *k = &x->moves[x->nmoves++];
    k->offset = m->offset;
    size_t n = m->len < sizeof k->san ? m->len : sizeof k->san - 1;
    memcpy(k->san, m->san, sizeof k->san); /* SAN_MAX bytes readable */
    k->san[n] = '\0';
    k->len = (uint8_t)n;
    k->fullmove = m->fullmove;
    k->side = (uint8_t)(m->side != 0);
    if (x->nmoves > 1 && k[-1].offset > k->offset) x->unsorted = true;
}

static int by_offset(const void *a, const void *b)
{
    uint64_t x = ((const struct kept_move *)a)->offset, y = ((const struct kept_move *)b)->offset;
    return x < y ? -1 : x > y;
}

static const struct kept_move *find_move(struct pgn_export *x, uint64_t offset)
{
    if (x->unsorted) {
        qsort(x->moves, x->nmoves, sizeof *x->moves, by_offset);
        x->unsorted = false;
        x->cursor = 0;
    }
    if (x->cursor < x->nmoves && x->moves[x->cursor].offset > offset) x->cursor = 0;
    while (x->cursor < x->nmoves && x->moves[x->cursor].offset < offset)
        x->cursor++;
    return x->cursor < x->nmoves && x->moves[x->cursor].offset == offset ? &x->moves[x->cursor]
                                                                         : NULL;
}

void pgn_export_begin(struct pgn_export *x, uint64_t at)
{
    x->at = at;
    x->failed = false;
    x->arena.len = x->text.len = x->word.len = x->out.len = 0;
    x->opens = 0;
    x->ntags = 0;
    for (int r = 0; r < 7; r++)
        x->roster_at[r] = -1;
    x->dup_tags = 0;
    x->line_len = 0;
    x->need_number = true;
    x->marker[0] = '\0';
    x->rewritten = x->unresolved = x->marks = 0;
    x->mark_word[0] = '\0';
    x->in_game = false;
    x->cursor = 0;
    x->rav_skip = 0;
    memset(&x->stripped, 0, sizeof x->stripped);
    x->depth = 0;
    x->last_main_side = -1;
    x->rules_ending = ENDING_NONE;
}

void pgn_export_rules_result(struct pgn_export *x, int ending_kind, unsigned ply)
{
    x->rules_ending = ending_kind;
    x->rules_ply = ply;
}

void pgn_export_set_strip(struct pgn_export *x, unsigned strip)
{
    x->strip = strip;
}

bool pgn_export_stripped(const struct pgn_export *x, struct pgn_strip_counts *sum)
{
    bool any = false;
    for (int i = 0; i < PGN_STRIP_KINDS; i++) {
        sum->of[i] += x->stripped.of[i];
        any = any || x->stripped.of[i];
    }
    return any;
}

static unsigned bit_of(unsigned strip)
{
    unsigned b = 0;
    while (strip > 1u) strip >>= 1, b++;
    return b;
}

static void count_strip(struct pgn_export *x, unsigned what)
{
    x->stripped.of[bit_of(what)]++;
}

/* ---- the movetext, word by word ---------------------------------------- */

/* Put the word made so far on the current line, or on a new one. */
/* Put the word w (n bytes; 16 of them readable) on the current line, or
 * on a new one. */
static void text_word(struct pgn_export *x, const char *w, size_t n)
{
    if (x->failed || !grow(x, &x->text, n + 18)) return;
    char *t = x->text.p + x->text.len;
    if (x->line_len) { /* a space, or a new line when the word does not fit */
        bool fits = x->line_len + 1 + n <= PGN_EXPORT_LINE_MAX;
        *t++ = fits ? ' ' : '\n';
        x->line_len = fits ? x->line_len + 1 : 0;
    }
    if (n <= 16) memcpy(t, w, 16); /* the usual word, a move: one copy, no call */
    else memcpy(t, w, n);
    t[n] = '\0';
    x->text.len = (size_t)(t + n - x->text.p);
    x->line_len += n;
}

/* Put the word made so far on the current line, or on a new one. */
static void flush_word(struct pgn_export *x)
{
    if (!x->word.len) return;
    text_word(x, x->word.p, x->word.len); /* word.p: at least 1024 bytes */
    x->word.len = 0;
    x->opens = 0;
}

/* A new word (the "(" waiting, when the word so far is only those, is
 * glued before it). */
static void word(struct pgn_export *x, const char *s, size_t n)
{
    if (!x->word.len || x->word.len != x->opens) flush_word(x);
    x->opens = 0;
    put(x, &x->word, s, n);
}

/* The move number "N." or "N...", written at the end of buf[24]; returns
 * where it starts. */
static char *move_number(char *buf, uint32_t n, bool black)
{
    char *p = buf + 24;
    if (black) {
        *--p = '.';
        *--p = '.';
    }
    *--p = '.';
    do
        *--p = (char)('0' + n % 10);
    while (n /= 10);
    return p;
}

static void on_move(struct pgn_export *x, const struct pgn_event *ev)
{
    const struct kept_move *k = find_move(x, x->at + ev->loc.offset);
    if (!k) {
        /* not played: a mark that is a word between the moves (judge/game.c
         * reads N, RR and D so), as its NAG; anything else, a move the
         * replay did not play (--force), as it was written */
        static const struct {
            const char *word;
            unsigned nag;
        } marks[] = {{"N", 146}, {"RR", 145}, {"D", 220}};
        for (size_t i = 0; i < sizeof marks / sizeof *marks; i++) {
            if (ev->len == strlen(marks[i].word) && memcmp(ev->text, marks[i].word, ev->len) == 0) {
                if (x->strip & PGN_STRIP_NAGS) {
                    count_strip(x, PGN_STRIP_NAGS);
                    return;
                }
                char nag[16];
                int n = snprintf(nag, sizeof nag, "$%u", marks[i].nag);
                word(x, nag, (size_t)n);
                if (!x->mark_word[0]) {
                    snprintf(x->mark_word, sizeof x->mark_word, "%s", marks[i].word);
                    x->mark_nag = marks[i].nag;
                }
                x->marks++;
                return;
            }
        }
        if (x->unresolved++ == 0)
            snprintf(x->unplayed, sizeof x->unplayed, "%.*s", (int)(ev->len < 24 ? ev->len : 24),
                     ev->text);
        word(x, ev->text, ev->len);
        x->need_number = true;
        return;
    }
    if (k->side == 0 || x->need_number) {
        char num[24 + 16];
        const char *p = move_number(num, k->fullmove, k->side != 0);
        if (x->word.len && x->word.len == x->opens) { /* "(" waiting: glued before it */
            word(x, p, (size_t)(num + 24 - p));
            flush_word(x);
        } else {
            flush_word(x);
            text_word(x, p, (size_t)(num + 24 - p));
        }
    }
    if (!x->depth) x->last_main_side = k->side;
    size_t sl = k->len;
    word(x, k->san, sl);
    bool same = sl == ev->len;
    for (size_t i = 0; same && i < sl; i++)
        same = k->san[i] == ev->text[i];
    if (!same) {
        if (x->rewritten++ == 0) {
            snprintf(x->first_from, sizeof x->first_from, "%u%s %.*s", (unsigned)k->fullmove,
                     k->side ? "..." : ".", (int)(ev->len < 24 ? ev->len : 24), ev->text);
            snprintf(x->first_to, sizeof x->first_to, "%s", k->san);
        }
    }
    x->need_number = false;
}

/* The comment's text without the commands --strip names ("[%clk ...]" up
 * to its "]"); s itself when none goes. */
static const char *strip_commands(struct pgn_export *x, const char *s, size_t *n)
{
    unsigned want = x->strip & (PGN_STRIP_CLOCKS | PGN_STRIP_EVALS);
    if (!want || !memchr(s, '%', *n)) return s;
    static const struct {
        const char *name;
        unsigned what;
    } commands[] = {{"clk", PGN_STRIP_CLOCKS}, {"emt", PGN_STRIP_CLOCKS},
                    {"clkc", PGN_STRIP_CLOCKS}, {"eval", PGN_STRIP_EVALS}};
    x->kept.len = 0;
    const char *end = s + *n, *from = s;
    bool cut = false;
    for (const char *p = s; p + 1 < end; p++) {
        if (p[0] != '[' || p[1] != '%') continue;
        const char *k = p + 2, *v = k;
        while (v < end && *v >= 'a' && *v <= 'z')
            v++;
        const char *close = v < end ? memchr(v, ']', (size_t)(end - v)) : NULL;
        if (!close || (v < end && !strchr(" \t\r\n]", *v))) continue;
        unsigned what = 0;
        for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
            if ((size_t)(v - k) == strlen(commands[i].name) && memcmp(k, commands[i].name, (size_t)(v - k)) == 0)
                what = commands[i].what;
        if (!(what & want)) continue;
        count_strip(x, what);
        put(x, &x->kept, from, (size_t)(p - from));
        put(x, &x->kept, " ", 1); /* the words either side stay apart */
        from = close + 1;
        p = close;
        cut = true;
    }
    if (!cut) return s;
    put(x, &x->kept, from, (size_t)(end - from));
    if (x->failed) return s;
    *n = x->kept.len;
    return x->kept.p;
}

static inline bool blank(char c)
{
    /* one test for the usual byte: every blank is below '!' */
    return (unsigned char)c <= ' ' && (c == ' ' || c == '\t' || c == '\n' || c == '\r');
}

/* The end of the word of the comment s[0, n) that starts at i: the next
 * blank, a command ("[%clk 1:30:12]", "[%eval 0.17]") taken whole with the
 * blanks inside it, as written, unless a line break is among them (then
 * its parts are words, and come out one space apart). */
static size_t word_end(const char *s, size_t n, size_t i)
{
    size_t j = i;
    while (j < n && !blank(s[j])) {
        if (s[j] == '[' && j + 1 < n && s[j + 1] == '%') {
            const char *close = memchr(s + j, ']', n - j);
            size_t len = close ? (size_t)(close - s) - j : 0;
            if (close && !memchr(s + j, '\n', len) && !memchr(s + j, '\r', len)) {
                j += len + 1;
                continue;
            }
        }
        j++;
    }
    return j;
}

static void on_comment(struct pgn_export *x, const char *s, size_t n)
{
    if (x->strip & PGN_STRIP_COMMENTS) {
        count_strip(x, PGN_STRIP_COMMENTS);
        return;
    }
    s = strip_commands(x, s, &n);
    if (s == x->kept.p && strspn(s, " \t\r\n") == n) return; /* nothing left of it */
    /* "{" + the words + "}", each word on its own for the line length */
    size_t i = 0, words = 0;
    while (i < n) {
        while (i < n && blank(s[i]))
            i++;
        if (i == n) break;
        size_t j = word_end(s, n, i);
        if (words++ == 0) {
            word(x, "{", 1);
            put(x, &x->word, s + i, j - i);
        } else {
            word(x, s + i, j - i);
        }
        i = j;
    }
    if (words == 0) word(x, "{", 1);
    put(x, &x->word, "}", 1);
    x->need_number = true;
}

/* ---- the tags --------------------------------------------------------- */

static const char *tag_name(const struct pgn_export *x, size_t i)
{
    return x->arena.p + x->tags[i].name;
}

static const char *tag_value_of(const struct pgn_export *x, size_t i)
{
    return x->arena.p + x->tags[i].value;
}

static long find_tag_n(const struct pgn_export *x, const char *name, size_t n)
{
    for (size_t i = 0; i < x->ntags; i++)
        if (x->tags[i].name_len == n && memcmp(tag_name(x, i), name, n) == 0) return (long)i;
    return -1;
}

static long find_tag(const struct pgn_export *x, const char *name)
{
    return find_tag_n(x, name, strlen(name));
}

/* The place of a tag name in the Seven Tag Roster, -1 when not in it. */
static int roster_place(const char *name, size_t n)
{
    for (int r = 0; r < 7; r++)
        if (name[0] == roster[r][0] && strlen(roster[r]) == n && memcmp(name, roster[r], n) == 0)
            return r;
    return -1;
}

static void on_tag(struct pgn_export *x, const struct pgn_event *ev)
{
    if (find_tag_n(x, ev->name, ev->name_len) >= 0 || x->ntags == PGN_PARSE_TAGS_MAX) {
        x->dup_tags++;
        return;
    }
    size_t name = x->arena.len;
    put(x, &x->arena, ev->name, ev->name_len);
    put(x, &x->arena, "", 1);
    size_t value = x->arena.len;
    put(x, &x->arena, ev->text, ev->len);
    put(x, &x->arena, "", 1);
    if (x->failed) return;
    int r = roster_place(ev->name, ev->name_len);
    if (r >= 0) x->roster_at[r] = (long)x->ntags;
    x->tags[x->ntags++] = (struct tag_at){name, value, ev->name_len, r};
}

/* A result in any of its usual spellings, as its PGN form (8.2.6); NULL
 * when it is not one whose meaning is certain. */
static const char *result_form(const char *v)
{
    static const struct {
        const char *text, *form;
    } forms[] = {
        {"1-0", "1-0"},         {"0-1", "0-1"},         {"1/2-1/2", "1/2-1/2"},
        {"*", "*"},             {"1/2", "1/2-1/2"},     {"\302\275-\302\275", "1/2-1/2"},
        {"\302\275", "1/2-1/2"}, {"0.5-0.5", "1/2-1/2"}, {"1 - 0", "1-0"},
        {"0 - 1", "0-1"},       {"1/2 - 1/2", "1/2-1/2"}, {"1:0", "1-0"},
        {"0:1", "0-1"},
    };
    for (size_t i = 0; i < sizeof forms / sizeof *forms; i++)
        if (strcmp(v, forms[i].text) == 0) return forms[i].form;
    return NULL;
}

/* A Date value in the form 8.1.1.3 asks for (YYYY.MM.DD, ? for unknown
 * digits) when its meaning is certain: a year alone, a year and a month,
 * one-digit months and days, '-' or '/' between the parts of a date that
 * starts with its 4-digit year.  False (out untouched) otherwise. */
static bool date_form(const char *v, char out[11])
{
    unsigned part[3] = {0, 0, 0};
    int nparts = 0, digits[3] = {0, 0, 0};
    char sep = 0;
    for (const char *p = v; *p; p++) {
        if (*p >= '0' && *p <= '9') {
            if (nparts == 0) nparts = 1;
            if (++digits[nparts - 1] > 4) return false;
            part[nparts - 1] = part[nparts - 1] * 10 + (unsigned)(*p - '0');
        } else if ((*p == '.' || *p == '-' || *p == '/') && nparts && nparts < 3 &&
                   digits[nparts - 1] && (!sep || *p == sep)) {
            sep = *p;
            nparts++;
        } else {
            return false;
        }
    }
    if (nparts == 0 || digits[0] != 4 || digits[nparts - 1] == 0) return false;
    if (nparts >= 2 && (digits[1] > 2 || part[1] < 1 || part[1] > 12)) return false;
    if (nparts == 3 && (digits[2] > 2 || part[2] < 1 || part[2] > 31)) return false;
    snprintf(out, 11, "%04u.", part[0]);
    if (nparts >= 2) snprintf(out + 5, 6, "%02u.", part[1]);
    else memcpy(out + 5, "??.", 4);
    if (nparts == 3) snprintf(out + 8, 3, "%02u", part[2]);
    else memcpy(out + 8, "??", 3);
    return true;
}

static void say(pgn_export_change_fn fn, void *ctx, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void say(pgn_export_change_fn fn, void *ctx, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (fn) fn(ctx, msg);
}

static void put_tag(struct pgn_export *x, const char *name, const char *value)
{
    put(x, &x->out, "[", 1);
    puts_(x, &x->out, name);
    put(x, &x->out, " \"", 2);
    for (const char *p = value;;) {
        size_t n = strcspn(p, "\\\"");
        put(x, &x->out, p, n);
        if (!p[n]) break;
        put(x, &x->out, "\\", 1);
        put(x, &x->out, p + n, 1);
        p += n + 1;
    }
    put(x, &x->out, "\"]\n", 3);
}

static int by_name(const void *a, const void *b, void *arena)
{
    const struct tag_at *x = a, *y = b;
    return strcmp((const char *)arena + x->name, (const char *)arena + y->name);
}

/* qsort_r is not C11: a small insertion sort (at most PGN_PARSE_TAGS_MAX). */
static void sort_tags(struct tag_at *t, size_t n, char *arena)
{
    for (size_t i = 1; i < n; i++) {
        struct tag_at v = t[i];
        size_t j = i;
        while (j > 0 && by_name(&t[j - 1], &v, arena) > 0) {
            t[j] = t[j - 1];
            j--;
        }
        t[j] = v;
    }
}

bool pgn_export_event(struct pgn_export *x, const struct pgn_event *ev)
{
    struct pgn_event e;
    if (x->rav_skip) { /* inside a variation stripped: only its nesting counts */
        if (ev->type == PGN_EV_RAV_BEGIN) x->rav_skip++;
        else if (ev->type == PGN_EV_RAV_END) x->rav_skip--;
        if (ev->type != PGN_EV_GAME_END && ev->type != PGN_EV_RESULT) return !x->failed;
    }
    switch (ev->type) {
    case PGN_EV_GAME_BEGIN:
        x->in_game = true;
        break;
    case PGN_EV_TAG:
        on_tag(x, ev);
        break;
    case PGN_EV_MOVE_COMMENTED:
        e = *ev;
        pgn_event_uncommented(&e);
        on_move(x, &e);
        pgn_event_comment(ev, &e);
        on_comment(x, e.text, e.len);
        break;
    case PGN_EV_MOVE:
        on_move(x, ev);
        break;
    case PGN_EV_MOVE_NUMBER:
    case PGN_EV_MOVETEXT_BEGIN:
        break;
    case PGN_EV_NAG: {
        if (x->strip & PGN_STRIP_NAGS) {
            count_strip(x, PGN_STRIP_NAGS);
            break;
        }
        char nag[16];
        int n = snprintf(nag, sizeof nag, "$%u", ev->number);
        word(x, nag, (size_t)n); /* part of the move element: no "N..." after it */
        break;
    }
    case PGN_EV_COMMENT:
        on_comment(x, ev->text, ev->len);
        break;
    case PGN_EV_RAV_BEGIN:
        if (x->strip & PGN_STRIP_VARIATIONS) {
            count_strip(x, PGN_STRIP_VARIATIONS);
            x->rav_skip = 1;
            break;
        }
        if (x->word.len && x->word.len == x->opens) { /* "((": glued */
            put(x, &x->word, "(", 1);
            x->opens++;
        } else {
            word(x, "(", 1);
            x->opens = 1;
        }
        x->need_number = true;
        x->depth++;
        break;
    case PGN_EV_RAV_END:
        put(x, &x->word, ")", 1);
        x->need_number = true;
        if (x->depth) x->depth--;
        break;
    case PGN_EV_RESULT:
        snprintf(x->marker, sizeof x->marker, "%s", ev->text);
        break;
    case PGN_EV_GAME_END:
    case PGN_EV_NB:
        break;
    }
    return !x->failed;
}

void pgn_export_forget(struct pgn_export *x, uint64_t done)
{
    size_t keep = 0;
    for (size_t i = 0; i < x->nmoves; i++)
        if (x->moves[i].offset >= done) x->moves[keep++] = x->moves[i];
    x->nmoves = keep;
    x->cursor = 0;
}

const char *pgn_export_text(struct pgn_export *x, size_t *len, pgn_export_change_fn fn, void *ctx)
{
    *len = 0;
    if (!x->in_game || x->failed) return NULL;
    if (x->unresolved) {
        /* a move not played cannot be written in SAN: the game as it was */
        say(fn, ctx, ngettext("not written in export format: %u move was not replayed (the first: %s)",
                              "not written in export format: %u moves were not replayed (the first: %s)",
                              x->unresolved),
            x->unresolved, x->unplayed);
        return NULL;
    }

    /* the result: the marker and the Result tag agree (8.2.6) */
    long rt = x->roster_at[6];
    const char *tag_result = rt >= 0 ? tag_value_of(x, (size_t)rt) : NULL;
    const char *tag_form = tag_result ? result_form(tag_result) : NULL;
    const char *result = x->marker[0] ? x->marker : tag_form ? tag_form : "*";
    const char *ruled = NULL;
    if (x->rules_ending == ENDING_CHECKMATE && x->last_main_side >= 0)
        ruled = x->last_main_side == 0 ? "1-0" : "0-1";
    else if (x->rules_ending != ENDING_NONE && x->rules_ending != ENDING_CHECKMATE)
        ruled = "1/2-1/2";
    if (ruled && strcmp(ruled, result) != 0) {
        static const char *const why[ENDING_KIND_NB] = {
            [ENDING_CHECKMATE] = N_("checkmate (5.1.1)"),
            [ENDING_STALEMATE] = N_("stalemate (5.2.1)"),
            [ENDING_DEAD_POSITION] = N_("a dead position (5.2.2)"),
            [ENDING_FIVEFOLD] = N_("fivefold repetition (9.6.1)"),
            [ENDING_75_MOVE] = N_("the 75-move rule (9.6.2)"),
        };
        say(fn, ctx, _("result %s set to %s: the game ended by %s at ply %u (--results=from-rules)"),
            tag_result && !x->marker[0] ? tag_result : result, ruled, _(why[x->rules_ending]), x->rules_ply);
        result = ruled;
        snprintf(x->marker, sizeof x->marker, "%s", ruled);
        tag_result = NULL; /* said: no other word about the Result tag */
    } else if (tag_result && strcmp(tag_result, result) != 0) {
        if (tag_form && strcmp(tag_form, result) == 0)
            say(fn, ctx, _("Result tag \"%s\" written in its PGN form \"%s\""), tag_result, result);
        else
            say(fn, ctx, _("Result tag \"%s\" written as \"%s\", the termination marker"), tag_result,
                result);
    } else if (!tag_result && !(ruled && result == ruled)) {
        say(fn, ctx, _("Result tag added with the termination marker \"%s\""), result);
    }
    if (!x->marker[0])
        say(fn, ctx, _("termination marker \"%s\" added at the end of the movetext"), result);
    word(x, result, strlen(result));
    flush_word(x);

    if (x->marks)
        say(fn, ctx,
            ngettext("%u annotation mark written as its NAG (the first: %s as $%u)",
                     "%u annotation marks written as their NAGs (the first: %s as $%u)", x->marks),
            x->marks, x->mark_word, x->mark_nag);

    /* the tags: the roster, then the others in ASCII order */
    char missing[128] = "", date[11];
    for (int r = 0; r < 7; r++) {
        long i = x->roster_at[r];
        const char *v = r == 6 ? result : i >= 0 ? tag_value_of(x, (size_t)i) : r == 2 ? "????.??.??" : "?";
        if (r == 2 && i >= 0 && date_form(v, date) && strcmp(date, v) != 0) {
            say(fn, ctx, _("Date \"%s\" written as \"%s\""), v, date);
            v = date;
        }
        if (i < 0 && r != 6) {
            size_t m = strlen(missing);
            snprintf(missing + m, sizeof missing - m, "%s%s", m ? ", " : "", roster[r]);
        }
        put_tag(x, roster[r], v);
    }
    if (missing[0]) say(fn, ctx, _("missing tags of the Seven Tag Roster added as \"?\": %s"), missing);
    struct tag_at others[PGN_PARSE_TAGS_MAX];
    size_t nothers = 0;
    bool in_order = true; /* the roster came first, in its order, the others sorted */
    size_t seen_roster = 0;
    for (size_t i = 0; i < x->ntags; i++) {
        int r = x->tags[i].roster;
        if (r >= 0) {
            if (nothers || (size_t)r < seen_roster) in_order = false;
            seen_roster = (size_t)r;
            continue;
        }
        if (nothers && strcmp(tag_name(x, i), x->arena.p + others[nothers - 1].name) < 0)
            in_order = false;
        others[nothers++] = x->tags[i];
    }
    sort_tags(others, nothers, x->arena.p);
    bool has_fen = find_tag(x, "FEN") >= 0, has_setup = find_tag(x, "SetUp") >= 0;
    bool setup_done = false;
    for (size_t i = 0; i < nothers; i++) {
        const char *name = x->arena.p + others[i].name;
        if (has_fen && !has_setup && !setup_done && strcmp(name, "SetUp") > 0) {
            put_tag(x, "SetUp", "1");
            setup_done = true;
        }
        put_tag(x, name, x->arena.p + others[i].value);
    }
    if (has_fen && !has_setup && !setup_done) put_tag(x, "SetUp", "1");
    if (has_fen && !has_setup) say(fn, ctx, "%s", _("tag SetUp \"1\" added beside the FEN tag"));
    if (!in_order)
        say(fn, ctx, "%s", _("tags put in export order: the Seven Tag Roster first, the others in ASCII order"));
    if (x->dup_tags)
        say(fn, ctx, ngettext("%u repeated tag dropped (the first value is kept)",
                              "%u repeated tags dropped (the first values are kept)", x->dup_tags),
            x->dup_tags);
    if (x->rewritten)
        say(fn, ctx,
            ngettext("%u move rewritten in export-format SAN (the first: %s as %s)",
                     "%u moves rewritten in export-format SAN (the first: %s as %s)", x->rewritten),
            x->rewritten, x->first_from, x->first_to);
    put(x, &x->out, "\n", 1);
    put(x, &x->out, x->text.p ? x->text.p : "", x->text.len);
    put(x, &x->out, "\n", 1);
    if (x->failed) return NULL;
    *len = x->out.len;
    return x->out.p;
}
