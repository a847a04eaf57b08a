/*
 * fuzz_check.c - libFuzzer target for the whole of `check` below the command
 * line: arbitrary bytes go through the reader and game replay (SAN, make-move,
 * pos_undo, the arbiter's repetition window and lazy stalemate, dead-position
 * analysis, claims), in strict mode.  Besides the sanitizers it checks what
 * the replay promises: every game read is reported once, in order, with a
 * known ending and an ending ply within its plies; every finding has a known
 * code and severity and a message; findings about a game come before its
 * record.  Then it reads the input again through a replay pool (`check
 * --jobs`) with two workers, cut into pieces as small as the cutting allows
 * and with a small limit past which a stretch without a cut is read on the
 * calling thread, and requires the JSON Lines report of both runs to be byte
 * for byte the same.  The game and the pool live from one input to the next,
 * as from one file to the next in a run of `check` (setup()): a finding that
 * needs an earlier input shows as a crash that does not reproduce alone, and
 * is then a bug of its own (state kept across files).  The two reports go to
 * two FILEs kept open from one input to the next, over buffers that are
 * emptied, not freed, for each input.
 *
 * Build and run: `make fuzz`, then `make fuzz-check-run` (see README.md).
 */
#define _GNU_SOURCE /* fopencookie */
#include "diag/diag.h"
#include "judge/game.h"
#include "pgn/input.h"
#include "pgn/pgn_parse.h"
#include "jobs/replay_pool.h"
#include "report/report.h"

#include <stdio.h>
#include <sys/types.h>

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct seen {
    uint64_t games; /* records reported */
    struct report *report;
};

static void on_diag(void *ctx, const struct diag *d)
{
    struct seen *s = ctx;
    if ((unsigned)d->code >= DIAG_CODE_NB || (unsigned)d->severity >= DIAG_SEVERITY_NB ||
        !d->message || !d->file)
        abort();
    if (d->game && d->game != s->games + 1) /* about a game already reported */
        abort();
    report_diag(s->report, d);
}

static void on_game(void *ctx, const struct game_record *g)
{
    struct seen *s = ctx;
    if (g->game != ++s->games || !g->file)
        abort();
    if ((unsigned)g->ending >= ENDING_KIND_NB)
        abort();
    if (g->ending != ENDING_NONE && g->ending_ply > g->plies)
        abort();
    report_game(s->report, g);
}

/*
 * The direct replay's game and the pool are made once and read every input,
 * as `check` reads the files of one run with one game and one pool: made per
 * input they cost more than most inputs (four games of 128 KB and more, two
 * threads and their 16 MB probes, under ASan).  Each input gets its own
 * parser and report, and a file name of its own.
 */
static struct seen direct_seen, pool_seen;
static struct game *direct_game;
static struct replay_pool *pool;

static void setup(void)
{
    static const struct game_sink direct_sink = {.ctx = &direct_seen, .diag = on_diag,
                                                 .game = on_game};
    static const struct game_sink pool_sink = {.ctx = &pool_seen, .diag = on_diag,
                                               .game = on_game};
    direct_game = game_new(&direct_sink, true);
    pool = replay_pool_new(2, &pool_sink, true);
    if (!direct_game || !pool)
        abort();
    /* pieces as small as the cutting allows, and a small limit past which a
     * stretch without a cut is read on the calling thread */
    replay_pool_set_pieces(pool, 1, 4096);
}

/*
 * Where a report goes: a buffer emptied for each input, behind a FILE that
 * stays open (open_memstream() per input grew a new buffer by doubling,
 * copied it once more at fclose() and took two of the biggest blocks an
 * input allocates).
 */
struct out {
    FILE *f;
    char *p;
    size_t len, cap;
};

static ssize_t out_write(void *cookie, const char *s, size_t n)
{
    struct out *o = cookie;
    if (o->len + n > o->cap) {
        size_t cap = o->cap ? o->cap : 65536;
        while (cap < o->len + n)
            cap *= 2;
        char *p = realloc(o->p, cap);
        if (!p) abort();
        o->p = p;
        o->cap = cap;
    }
    memcpy(o->p + o->len, s, n);
    o->len += n;
    return (ssize_t)n;
}

static void out_begin(struct out *o)
{
    if (!o->f) {
        cookie_io_functions_t io = {.write = out_write};
        if (!(o->f = fopencookie(o, "w", io))) abort();
    }
    o->len = 0;
}

static void out_end(struct out *o)
{
    if (fflush(o->f) != 0) abort();
}

/* The report of the input read through the pool of two jobs; the bytes it read. */
static uint64_t pool_report(const uint8_t *data, size_t size, FILE *out)
{
    pool_seen = (struct seen){0, report_new(REPORT_JSONL, out, true)};
    struct input *in = input_open_memory(data, size);
    if (!pool_seen.report || !in)
        abort();
    replay_pool_set_file(pool, "<fuzz>");
    uint64_t bytes = 0;
    if (!replay_pool_read(pool, in, &bytes))
        abort();
    replay_pool_finish(pool);
    input_close(in);
    report_free(pool_seen.report);
    return bytes;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct out direct_out, pool_out;
    if (!pool)
        setup();
    out_begin(&direct_out);
    out_begin(&pool_out);
    direct_seen = (struct seen){0, report_new(REPORT_JSONL, direct_out.f, true)};
    struct input *in = input_open_memory(data, size);
    if (!direct_seen.report || !in)
        abort();
    game_set_file(direct_game, "<fuzz>");
    struct pgn_parser *p = pgn_parser_new(in, game_parser_diag, direct_game);
    if (!p)
        abort();
    struct pgn_event ev;
    uint64_t begun = 0;
    while (pgn_parser_next(p, &ev)) {
        if (ev.type == PGN_EV_GAME_BEGIN)
            begun++;
        game_feed(direct_game, &ev);
    }
    if (direct_seen.games != begun) /* every game read is reported */
        abort();
    uint64_t direct_bytes = pgn_parser_bytes(p);
    pgn_parser_free(p);
    input_close(in);
    report_free(direct_seen.report);

    if (pool_report(data, size, pool_out.f) != direct_bytes)
        abort(); /* --jobs counted other bytes */
    out_end(&direct_out);
    out_end(&pool_out);
    if (direct_out.len != pool_out.len || memcmp(direct_out.p, pool_out.p, direct_out.len) != 0)
        abort(); /* --jobs changed the output */
    return 0;
}
