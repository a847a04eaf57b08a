/*
 * fuzz_check.c - libFuzzer target for the whole of `check` below the command
 * line: arbitrary bytes go through the reader and game replay (SAN, make-move,
 * pos_undo, the arbiter's repetition window and lazy stalemate, dead-position
 * analysis, claims), in strict mode.  Besides the sanitizers it checks what
 * the replay promises: every game read is reported once, in order, with a
 * known ending and an ending ply within its plies; every finding has a known
 * code and severity and a message; findings about a game come before its
 * record.
 *
 * Build and run: `make fuzz`, then `make fuzz-check-run` (see README.md).
 */
#include "diag.h"
#include "game.h"
#include "input.h"
#include "pgn_parse.h"
#include "report.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct seen {
    uint64_t games; /* records reported */
};

static void on_diag(void *ctx, const struct diag *d)
{
    struct seen *s = ctx;
    if ((unsigned)d->code >= DIAG_CODE_NB || (unsigned)d->severity >= DIAG_SEVERITY_NB ||
        !d->message || !d->file)
        abort();
    if (d->game && d->game != s->games + 1) /* about a game already reported */
        abort();
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
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct seen s = {0};
    struct game_sink sink = {.ctx = &s, .diag = on_diag, .game = on_game};
    struct game *g = game_new(&sink, true);
    struct input *in = input_open_memory(data, size);
    if (!g || !in)
        abort();
    game_set_file(g, "<fuzz>");
    struct pgn_parser *p = pgn_parser_new(in, game_parser_diag, g);
    if (!p)
        abort();
    struct pgn_event ev;
    uint64_t begun = 0;
    while (pgn_parser_next(p, &ev)) {
        if (ev.type == PGN_EV_GAME_BEGIN)
            begun++;
        game_feed(g, &ev);
    }
    if (s.games != begun) /* every game read is reported */
        abort();
    pgn_parser_free(p);
    input_close(in);
    game_free(g);
    return 0;
}
