/*
 * fuzz_notation.c - libFuzzer target for the notation detection: the piece
 * letters of each notation (chess/notation.c) and the per-game decision of
 * which one a game is written in, by its letters and, where only R or P
 * tells, by legality (judge/game_nota.c: kept events, readings replayed).
 *
 * The input is a game, not text: byte 0 chooses the notation (bits 0-2:
 * Italian, Spanish, French, German, Dutch, figurines; 6 and 7 Italian and
 * Dutch again, the two with a letter of two meanings), whether moves carry
 * their check marks (bit 3) and whether a variation may replace a move
 * (bit 4); every further byte plays the legal move of that index (modulo
 * their number) from the standard start, until the bytes end or the game
 * does (mate, stalemate); a byte of 0xF0 or more after a move, when bit 4
 * is set, also writes a one-move variation with another legal move in its
 * place.  The game is written in English SAN with its result, rewritten
 * into the chosen notation by the tests' rewriter (tests/notation_rewrite.c:
 * piece and promotion letters, 0-0 with zeros, ':' for German captures),
 * and both texts are replayed with the notation detected.  What must hold
 * (SPEC "Notation and language", doc/design.md "Notation"):
 *  - the rewritten game replays the same moves as the English one (the same
 *    fingerprint: the hash of every position of the main line; moves after
 *    the game's end are not replayed and the fingerprint hashes their text,
 *    so there only the plies are compared), with the same findings (code,
 *    ply, severity) and the same ending;
 *  - unless both readings replay every move: then one warning says so
 *    (never for figurines or German, whose letters mean one piece each),
 *    and the game is judged as the spec says - in Dutch where the readings
 *    part on a P (the original), else in English (the rewritten text read
 *    with --notation=en, which must then replay every move).
 * Byte 0 with bit 7 set instead feeds the rest of the bytes to the replay as
 * PGN text under detection, for the sanitizers and the game count alone.
 *
 * Build and run: `make fuzz`, then `make fuzz-all` (see README.md).
 */
#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/position.h"
#include "chess/san.h"
#include "diag/diag.h"
#include "judge/game.h"
#include "notation_rewrite.h"
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

/* The plies a game may have (the input is at most a few KB anyway). */
#define PLIES_MAX 2048

/* What one replay concluded: its findings as "code ply severity" lines (the
 * warning that two readings replay is counted apart), the games' records. */
struct outcome {
    char findings[16384];
    size_t len;
    bool overflow;
    unsigned two_readings, illegal;
    uint64_t games;
    struct game_record rec; /* the first game's (strings not kept) */
};

/* The replay under way writes here (the games live from one input to the
 * next, as from one file to the next in a run of `check`). */
static struct outcome *current;

static void on_diag(void *ctx, const struct diag *d)
{
    (void)ctx;
    struct outcome *o = current;
    CHECK((unsigned)d->code < DIAG_CODE_NB && d->message && d->file);
    if (strncmp(d->message, "this move reads as ", 19) == 0) {
        o->two_readings++;
        CHECK(d->severity == DIAG_WARNING);
        return;
    }
    if (d->code == DIAG_ILLEGAL_MOVE || d->code == DIAG_AMBIGUOUS_MOVE || d->code == DIAG_BAD_SAN)
        o->illegal++;
    int n = snprintf(o->findings + o->len, sizeof o->findings - o->len, "%s %u %d\n",
                     diag_info(d->code)->name, (unsigned)d->ply, (int)d->severity);
    if (n < 0 || (size_t)n >= sizeof o->findings - o->len)
        o->overflow = true;
    else
        o->len += (size_t)n;
}

static void on_game(void *ctx, const struct game_record *g)
{
    (void)ctx;
    struct outcome *o = current;
    CHECK(g->game == ++o->games);
    if (o->games == 1) {
        o->rec = *g;
        o->rec.file = o->rec.event = o->rec.white = o->rec.black = o->rec.round = NULL;
        o->rec.site = o->rec.date = o->rec.result = NULL;
    }
}

static void replay(const char *text, size_t len, enum nota_mode mode, struct outcome *o)
{
    o->len = 0;
    o->overflow = false;
    o->two_readings = o->illegal = 0;
    o->games = 0;
    memset(&o->rec, 0, sizeof o->rec);
    /* one game per notation mode, made at the first input */
    static struct game *games[NOTA_MODE_NB];
    static const struct game_sink sink = {.ctx = NULL, .diag = on_diag, .game = on_game};
    if (!games[mode]) {
        CHECK(games[mode] = game_new(&sink, false));
        game_set_notation(games[mode], mode);
    }
    struct game *g = games[mode];
    current = o;
    struct input *in = input_open_memory(text, len);
    CHECK(in);
    game_set_file(g, "<fuzz>");
    struct pgn_parser *p = pgn_parser_new(in, game_parser_diag, g);
    CHECK(p);
    struct pgn_event ev;
    uint64_t begun = 0;
    while (pgn_parser_next(p, &ev)) {
        if (ev.type == PGN_EV_GAME_BEGIN) begun++;
        game_feed(g, &ev);
    }
    CHECK(o->games == begun);
    pgn_parser_free(p);
    input_close(in);
    current = NULL;
}

/* The records of two replays of one game agree (warnings: less the
 * two-readings warning of b). */
static bool same_record(const struct outcome *a, const struct outcome *b)
{
    const struct game_record *x = &a->rec, *y = &b->rec;
    /* Moves after the game's end are not replayed: the fingerprint holds
     * their text as written, which the rewriting changes. */
    bool void_moves = x->ending != ENDING_NONE && x->plies > x->ending_ply;
    return x->plies == y->plies && x->ending == y->ending &&
           (x->ending == ENDING_NONE || x->ending_ply == y->ending_ply) &&
           x->errors == y->errors && x->warnings + b->two_readings == y->warnings + a->two_readings &&
           x->has_fingerprint == y->has_fingerprint &&
           (void_moves || x->fingerprint == y->fingerprint);
}

static bool same_findings(const struct outcome *a, const struct outcome *b)
{
    return !a->overflow && !b->overflow && a->len == b->len &&
           memcmp(a->findings, b->findings, a->len) == 0;
}

/* The English game the bytes play; its length. */
static size_t write_game(const uint8_t *data, size_t size, bool marks, bool variations, char *out,
                         size_t cap)
{
    struct position pos, before;
    pos_set_start(&pos);
    size_t n = (size_t)snprintf(out, cap, "[Event \"fuzz\"]\n[Site \"?\"]\n\n");
    move list[MOVES_MAX], last = 0;
    int ply = 0, legal = 0;
    for (size_t i = 0; i < size && ply < PLIES_MAX; i++) {
        legal = movegen_legal(&pos, list);
        if (legal == 0) break;
        if (variations && data[i] >= 0xf0 && ply > 0) {
            /* a variation replacing the last move: another legal move */
            move alt[MOVES_MAX];
            int k = movegen_legal(&before, alt);
            move m = alt[data[i] % k];
            if (m != last && cap - n > SAN_MAX + 32) {
                char san[SAN_MAX];
                size_t s = marks ? san_write(&before, m, san) : san_write_body(&before, m, san);
                n += (size_t)snprintf(out + n, cap - n, "(%d%s %.*s) ", (ply - 1) / 2 + 1,
                                      (ply - 1) % 2 ? "..." : ".", (int)s, san);
            }
            continue;
        }
        move m = list[data[i] % legal];
        if (cap - n < SAN_MAX + 32) break;
        char san[SAN_MAX];
        size_t s = marks ? san_write(&pos, m, san) : san_write_body(&pos, m, san);
        if (ply % 2 == 0) n += (size_t)snprintf(out + n, cap - n, "%d. ", ply / 2 + 1);
        n += (size_t)snprintf(out + n, cap - n, "%.*s ", (int)s, san);
        before = pos;
        pos_make(&pos, m);
        last = m;
        ply++;
    }
    const char *result = "*";
    if (movegen_legal(&pos, list) == 0)
        result = !pos_in_check(&pos) ? "1/2-1/2" : pos.side == COLOR_WHITE ? "0-1" : "1-0";
    n += (size_t)snprintf(out + n, cap - n, "%s\n", result);
    return n;
}

/* On a failed comparison: both texts and what their replays found. */
static void explain(const char *what, const char *a, size_t alen, const struct outcome *x,
                    const char *b, size_t blen, const struct outcome *y)
{
    fprintf(stderr, "fuzz_notation: %s\n--- English\n%.*s--- findings\n%.*s--- rewritten\n%.*s"
                    "--- findings (two readings: %u)\n%.*s--- records: plies %u/%u ending %d/%d "
                    "errors %u/%u warnings %u/%u fingerprint %d/%d\n",
            what, (int)alen, a, (int)x->len, x->findings, (int)blen, b, y->two_readings,
            (int)y->len, y->findings, x->rec.plies, y->rec.plies, (int)x->rec.ending,
            (int)y->rec.ending, x->rec.errors, y->rec.errors, x->rec.warnings, y->rec.warnings,
            x->rec.fingerprint == y->rec.fingerprint, y->rec.has_fingerprint);
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct outcome english, local, forced;
    if (size == 0) return 0;
    if (data[0] & 0x80) { /* the bytes as text, under detection */
        replay((const char *)data + 1, size - 1, NOTA_MODE_AUTO, &local);
        return 0;
    }
    static const enum nota_mode modes[8] = {NOTA_MODE_IT, NOTA_MODE_ES, NOTA_MODE_FR,
                                            NOTA_MODE_DE, NOTA_MODE_NL, NOTA_MODE_FIGURINE,
                                            NOTA_MODE_IT, NOTA_MODE_NL};
    enum nota_mode mode = modes[data[0] & 7];
    static char text[PLIES_MAX * 24 + 4096];
    size_t len = write_game(data + 1, size - 1, data[0] & 8, data[0] & 16, text, sizeof text);
    size_t rw_len, moves;
    char *rw = notation_rewrite(text, len, mode, &rw_len, &moves);
    CHECK(rw);

    replay(text, len, NOTA_MODE_AUTO, &english);
    /* (an English game may read legally as Italian too, where its rook
     * moves are king moves: it is then judged in English, as written) */
    CHECK(english.games == 1 && english.illegal == 0);
    replay(rw, rw_len, NOTA_MODE_AUTO, &local);
    CHECK(local.games == 1);
    if (local.two_readings == 0) {
        if (!same_findings(&english, &local) || !same_record(&english, &local))
            explain("the rewritten game replays otherwise", text, len, &english, rw, rw_len,
                    &local);
    } else {
        /* both readings replay every move: only where a letter has two
         * meanings, and the game is judged as the spec says */
        if (mode == NOTA_MODE_FIGURINE || mode == NOTA_MODE_DE)
            explain("two readings of letters of one meaning", text, len, &english, rw, rw_len,
                    &local);
        if (mode == NOTA_MODE_NL) {
            if (!same_findings(&english, &local) || !same_record(&english, &local))
                explain("two readings: not judged in Dutch", text, len, &english, rw, rw_len,
                        &local);
        } else {
            replay(rw, rw_len, NOTA_MODE_EN, &forced);
            if (forced.games != 1 || forced.illegal != 0 || !same_findings(&forced, &local) ||
                !same_record(&forced, &local))
                explain("two readings: not judged in English", rw, rw_len, &forced, rw, rw_len,
                        &local);
        }
    }
    free(rw);
    return 0;
}
