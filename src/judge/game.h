/*
 * game.h - replays the games of one input as the parser hands them over:
 * sets up the start position (FEN, Variant), resolves every SAN of the main
 * line and of every variation on the rules engine, has the arbiter judge the
 * ending, checks results and claims, and hands each finding, with the game's
 * context, to a sink.
 *
 * Ownership: game_new() returns a heap object reused for every game of every
 * input (no allocation per game or per move); game_free(NULL) is a no-op.
 */
#ifndef PGNARB_GAME_H
#define PGNARB_GAME_H

#include "chess/notation.h"
#include "diag/diag.h"
#include "judge/game_record.h"

#include <stdbool.h>
#include <stdint.h>

struct diag_control;
struct pgn_event;

/* Variations nested deeper than this are read but not replayed (said once). */
#define GAME_LINE_DEPTH_MAX 64

/* A move token the replay resolved to a legal move (or a null move), for
 * `fix`: where the token starts, the move in export-format SAN with its true
 * check mark (san_write()), and the position's fullmove number and side to
 * move before it.  Borrowed for the call. */
struct game_move {
    uint64_t offset;
    const char *san;  /* SAN_MAX bytes readable, NUL-ended */
    size_t len;       /* of san */
    uint32_t fullmove;
    int side;
};

/* Where findings and finished games go. */
struct game_sink {
    void *ctx;
    void (*diag)(void *ctx, const struct diag *d);
    void (*game)(void *ctx, const struct game_record *g);
    /* Ask for each game's main-line text and final position in its record
     * (game_record.mainline, final_fen: --format=html); off, they are NULL. */
    bool want_mainline;
    /* Every move played, on the main line and in the variations, once, as
     * it is played (NULL: none).  With N jobs the pool's workers keep the
     * moves with the rest of a piece's output (replay_batch.h). */
    void (*move)(void *ctx, const struct game_move *m);
};

struct game;

struct game *game_new(const struct game_sink *sink, bool strict);
void game_free(struct game *g);

/* The notation games are read in (NOTA_MODE_AUTO, the default: detected
 * per game from its own letters, see game_nota.c). */
void game_set_notation(struct game *g, enum nota_mode mode);

/* --after-illegal: with stop, the replay of a game stops at its first
 * illegal main-line move; else (the default) the move is classified
 * (illegal_class.c) and the replay goes on where a class says how. */
void game_set_after_illegal(struct game *g, bool stop);

/* Per-code control (diag/diag_control.h), applied to every finding as it
 * leaves and is counted; NULL (the default) changes nothing.  ctl must
 * outlive the game. */
void game_set_control(struct game *g, const struct diag_control *ctl);

/* Name of the input the next events come from, as shown to the user. */
void game_set_file(struct game *g, const char *name);

/* --clock-delay and --clock-slack (judge/clock_check.c), in milliseconds. */
void game_set_clocks(struct game *g, int64_t delay_ms, int64_t slack_ms);

/* Feed one parser event. */
void game_feed(struct game *g, const struct pgn_event *ev);

/* game_feed() of ev[0], ..., ev[n - 1], in one call (a run of moves and
 * move numbers, pgn_parser_next_run()). */
void game_feed_run(struct game *g, const struct pgn_event *ev, size_t n);

/* A diag_fn for the parser: adds the game context and forwards to the sink. */
void game_parser_diag(void *game, const struct diag *d);

#endif
