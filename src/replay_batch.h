/*
 * replay_batch.h - a run of whole games, recorded as the reader delivered them
 * so that another thread can replay them (`check --jobs`), and what that
 * replay found, kept until it can be handed on in input order.
 *
 * The input side holds, in the order they came: the parser's events and
 * diagnostics, the switches from one input to the next, and file-level
 * findings (an unreadable input) that must keep their place among the games.
 * The output side holds the findings and game records of the replay.
 *
 * Ownership: replay_batch_new() returns a heap batch, reused batch after batch
 * through replay_batch_clear(); replay_batch_free(NULL) is a no-op.  Every
 * string is copied in, so nothing points into the reader's buffers, and every
 * pointer handed out points into the batch (valid until it is cleared).
 * Memory grows to the largest batch recorded and is kept for reuse; the
 * caller bounds a batch (replay_pool.c).
 *
 * Threads: a batch is used by one thread at a time; the hand-over between the
 * reading, the replaying and the delivering thread is the caller's.
 */
#ifndef PGNARB_REPLAY_BATCH_H
#define PGNARB_REPLAY_BATCH_H

#include "pgn_parse.h" /* struct pgn_event (held by a cursor), struct diag */

#include <stdbool.h>
#include <stddef.h>

struct game_record;
struct game_sink;
struct replay_batch;

struct replay_batch *replay_batch_new(void);
void replay_batch_free(struct replay_batch *b);

/* Forget the input and the output; keep the memory. */
void replay_batch_clear(struct replay_batch *b);

/* Record the input.  Each returns false, with the batch unchanged, when out
 * of memory. */
bool replay_batch_add_event(struct replay_batch *b, const struct pgn_event *ev);
bool replay_batch_add_parser_diag(struct replay_batch *b, const struct diag *d);
bool replay_batch_add_file(struct replay_batch *b, const char *name);
bool replay_batch_add_finding(struct replay_batch *b, const struct diag *d);

/* Bytes the recorded input takes; nothing recorded yet. */
size_t replay_batch_input_bytes(const struct replay_batch *b);
bool replay_batch_is_empty(const struct replay_batch *b);

/* Where a replay sends the records that are not events, in their place. */
struct replay_target {
    void *ctx;
    void (*parser_diag)(void *ctx, const struct diag *d); /* the parser's diagnostics */
    void (*file)(void *ctx, const char *name);            /* the next input's name */
    void (*finding)(void *ctx, const struct diag *d);     /* file-level findings */
};

/* A position in a batch's input, for replaying it. */
struct replay_cursor {
    const struct replay_batch *batch;
    size_t next;
    struct pgn_event ev; /* the event handed out last */
};

static inline void replay_cursor_start(struct replay_cursor *c, const struct replay_batch *b)
{
    c->batch = b;
    c->next = 0;
}

/* The next recorded event, as the parser delivered it field for field (its
 * strings in the batch, valid until the batch is cleared; the event itself
 * until the next call), or NULL at the end; the records before it that are
 * not events go to target first.  A batch may be replayed any number of
 * times. */
const struct pgn_event *replay_batch_next_event(struct replay_cursor *c,
                                                const struct replay_target *target);

/* Keep a finding or a game record of the replay in the output.  When that
 * fails (out of memory) the output is marked lost: the caller then replays
 * the batch again straight to the final sink. */
void replay_batch_keep_diag(struct replay_batch *b, const struct diag *d);
void replay_batch_keep_game(struct replay_batch *b, const struct game_record *g);
bool replay_batch_output_lost(const struct replay_batch *b);

/* Hand the output, in the order it was made, to sink. */
void replay_batch_deliver(const struct replay_batch *b, const struct game_sink *sink);

#endif /* PGNARB_REPLAY_BATCH_H */
