/*
 * replay_batch.h - what reading a piece of input on a worker thread found
 * (`check --jobs`, `fix --jobs`): its findings, game records and moves
 * played (when the sink asks for them), kept until the calling
 * thread can hand them on in input order.
 *
 * Ownership: replay_batch_new() returns a heap batch, reused piece after
 * piece through replay_batch_clear(); replay_batch_free(NULL) is a no-op.
 * Every string is copied in, so nothing points into the worker's buffers.
 * Memory grows to the largest output kept and is kept for reuse; the caller
 * bounds a piece (replay_pool.c).
 *
 * Threads: a batch is used by one thread at a time; the hand-over between the
 * worker and the delivering thread is the caller's.
 */
#ifndef PGNARB_REPLAY_BATCH_H
#define PGNARB_REPLAY_BATCH_H

#include "diag/diag.h"

#include <stdbool.h>
#include <stddef.h>

struct game_record;
struct game_sink;
struct replay_batch;

struct replay_batch *replay_batch_new(void);
void replay_batch_free(struct replay_batch *b);

/* Forget what was kept; keep the memory. */
void replay_batch_clear(struct replay_batch *b);

/* Keep a finding or a game record of the replay in the output.  When that
 * fails (out of memory) the output is marked lost: the caller then reads the
 * piece again straight to the final sink. */
void replay_batch_keep_diag(struct replay_batch *b, const struct diag *d);
void replay_batch_keep_game(struct replay_batch *b, const struct game_record *g);
bool replay_batch_output_lost(const struct replay_batch *b);

/* Keep a move the replay played (game_sink.move), in its place among the
 * findings and game records. */
struct game_move;
void replay_batch_keep_move(struct replay_batch *b, const struct game_move *m);

/* Hand the output, in the order it was made, to sink (the moves to its
 * move hook, when it has one). */
void replay_batch_deliver(const struct replay_batch *b, const struct game_sink *sink);

#endif /* PGNARB_REPLAY_BATCH_H */
