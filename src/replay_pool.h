/*
 * replay_pool.h - replays the games the reader delivers, on the calling
 * thread (one job) or on worker threads (`check --jobs N`), and hands every
 * finding and game record to one sink, on the calling thread, in input order:
 * the output is the same whatever the number of jobs (SPEC "Non-negotiables").
 *
 * With N jobs the calling thread reads and records whole games into batches
 * (replay_batch.h); N workers replay the batches, each with its own game; the
 * calling thread delivers each batch's output in turn.  A game too large for a
 * batch, or one that cannot be recorded for lack of memory, is replayed on the
 * calling thread after everything before it has been delivered.  Memory is
 * bounded by the number of batches in flight (REPLAY_POOL_SLOTS_PER_JOB per
 * job) times the batch limits, whatever the size of the input.
 *
 * Ownership: replay_pool_new() returns a heap pool, replay_pool_free() stops
 * its threads and frees it (NULL is a no-op).  Names passed to
 * replay_pool_set_file() are copied where they are kept beyond the call
 * that reads that input.
 *
 * Call order, all on one thread: for each input replay_pool_set_file(), then
 * replay_pool_read() with a parser whose diagnostics go to
 * replay_pool_parser_diag(); file-level findings with
 * replay_pool_finding() in their place; replay_pool_finish() once at the end,
 * which returns when everything has reached the sink.
 */
#ifndef PGNARB_REPLAY_POOL_H
#define PGNARB_REPLAY_POOL_H

#include <stdbool.h>
#include <stddef.h>

struct diag;
struct game_sink;
struct pgn_parser;
struct replay_pool;

#define REPLAY_POOL_JOBS_MAX       256
#define REPLAY_POOL_SLOTS_PER_JOB  2
#define REPLAY_POOL_BATCH_GAMES    256         /* a batch is handed on after this many games */
#define REPLAY_POOL_BATCH_BYTES    (512 << 10) /* ... or once its input takes this much */
#define REPLAY_POOL_GAME_BYTES_MAX (4 << 20)   /* a larger game is replayed on the calling thread */

/* The number of jobs --jobs=0 means: one per online processor. */
unsigned replay_pool_online_jobs(void);

/* A pool of `jobs` (1..REPLAY_POOL_JOBS_MAX) replaying with `strict` and
 * reporting to sink.  NULL when out of memory or when no thread could be
 * started. */
struct replay_pool *replay_pool_new(unsigned jobs, const struct game_sink *sink, bool strict);
void replay_pool_free(struct replay_pool *p);

void replay_pool_set_file(struct replay_pool *p, const char *name);
void replay_pool_read(struct replay_pool *p, struct pgn_parser *parser);
void replay_pool_parser_diag(void *pool, const struct diag *d); /* a diag_fn */
void replay_pool_finding(struct replay_pool *p, const struct diag *d);
void replay_pool_finish(struct replay_pool *p);

/* Tests: hand a batch on after `games` games or `bytes` bytes, and replay a
 * game on the calling thread past `game_bytes`; 0 keeps a limit as it is. */
void replay_pool_set_limits(struct replay_pool *p, unsigned games, size_t bytes, size_t game_bytes);

/* Tests: each worker sleeps this long after replaying a batch, before it is
 * done, so that tests see the output order does not depend on timing. */
void replay_pool_set_worker_delay(struct replay_pool *p, unsigned microseconds);

#endif /* PGNARB_REPLAY_POOL_H */
