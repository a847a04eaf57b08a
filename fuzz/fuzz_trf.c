/*
 * fuzz_trf.c - libFuzzer target for the TRF reader (src/trf) and the TRF
 * matching (src/judge/trf_match.c).  The input is read as a tournament
 * report file; when it is one, its own consistency is checked, a game
 * between every pair of the first players is matched against it (their
 * names as the TRF writes them, Round from 1 to 3 and "-", each result) and
 * the final pass lists what was not matched.  Besides the sanitizers it
 * checks that every finding is well formed: a known code, a message that is
 * not empty, and a place in the TRF (line 1..lines, column >= 1) for the
 * TRF's own findings; that a refused input says why; and that a pairing
 * the matcher reports as matched is one the TRF has.
 *
 * Build and run: `make fuzz`, then `make fuzz-all` (see README.md).
 */
#include "judge/game_record.h"
#include "judge/trf_match.h"
#include "trf/trf.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define CHECK(c)                                                                                   \
    do {                                                                                           \
        if (!(c)) abort();                                                                         \
    } while (0)

struct seen {
    uint32_t lines; /* 0 until the TRF is read: its own findings are checked after */
    unsigned n;
};

static void on_diag(void *ctx, const struct diag *d)
{
    struct seen *s = ctx;
    CHECK(d->code < DIAG_CODE_NB);
    CHECK(d->message && d->message[0]);
    CHECK(d->severity < DIAG_SEVERITY_NB);
    if (d->game == 0 && s->lines) {
        CHECK(d->loc.line >= 1 && d->loc.line <= s->lines);
        CHECK(d->loc.column >= 1);
    }
    s->n++;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct seen seen = {0, 0};
    char why[512] = "";
    struct trf *t = trf_read((const char *)data, size, "f.trf", on_diag, &seen, why, sizeof why);
    if (!t) {
        CHECK(why[0]);
        return 0;
    }
    seen.lines = t->lines;
    CHECK(t->rounds <= TRF_ROUNDS_MAX && t->max_rank <= TRF_PLAYERS_MAX);
    trf_check(t, "f.trf", on_diag, &seen);
    struct trf_match *m = trf_match_new(t, "f.trf", size & 1, true);
    if (!m) {
        trf_free(t);
        return 0;
    }
    static const char *const rounds[] = {"1", "2", "3", "-"};
    static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "+/-", "*"};
    unsigned players = 0;
    for (unsigned a = 1; a <= t->max_rank && players < 6; a++) {
        const struct trf_player *pa = trf_player(t, a);
        if (!pa) continue;
        players++;
        for (unsigned b = 1; b <= t->max_rank && b < a + 4; b++) {
            const struct trf_player *pb = trf_player(t, b);
            if (!pb || b == a) continue;
            struct game_record g;
            memset(&g, 0, sizeof g);
            g.file = "f.pgn";
            g.game = 1;
            g.line = 1;
            g.white = pa->name;
            g.black = pb->name;
            g.white_fide_id = pa->fide_id;
            g.round = rounds[(a + b) % 4];
            g.result = results[(a * 3 + b) % 5];
            g.plies = (a + b) % 3 == 0 ? 0 : 40;
            trf_match_game(m, &g, on_diag, &seen);
            unsigned r, w, bl;
            trf_match_last(m, &r, &w, &bl);
            if (w) {
                const struct trf_player *pw = trf_player(t, w);
                CHECK(pw && r >= 1 && r <= t->rounds);
                CHECK(trf_block(t, pw, r)->opponent == bl);
            }
        }
    }
    trf_match_finish(m, on_diag, &seen);
    trf_match_free(m);
    trf_free(t);
    return 0;
}
