/*
 * replay_pool.h - reads and replays every input, on the calling thread (one
 * job) or on worker threads (`check --jobs N`), and hands every finding and
 * game record to one sink, on the calling thread, in input order: the output
 * is the same whatever the number of jobs (SPEC "Non-negotiables").
 *
 * With N jobs the calling thread cuts each input into pieces of about
 * REPLAY_POOL_PIECE_BYTES where a game must start (pgn_split.h); N workers
 * each parse and replay a piece with their own parser and game; the calling
 * thread delivers each piece's output in turn, with game numbers, lines and
 * offsets counted from the start of the input.  A piece whose cut turns out
 * not to be a game boundary is read again on the calling thread, up to the
 * next cut that holds; a stretch of more than REPLAY_POOL_PIECE_MAX bytes
 * with no place to cut is read there from its start to the end of its input.  Memory is bounded by the pieces in flight
 * (REPLAY_POOL_SLOTS_PER_JOB per job, plus two) and their output, whatever
 * the size of the input.
 *
 * Ownership: replay_pool_new() returns a heap pool, replay_pool_free() stops
 * its threads and frees it (NULL is a no-op).  Names passed to
 * replay_pool_set_file() are copied (up to REPLAY_POOL_NAME_MAX - 1 bytes).
 *
 * Call order, all on one thread: for each input replay_pool_set_file(), then
 * replay_pool_read(); file-level findings with replay_pool_finding() in their
 * place; replay_pool_finish() once at the end, which returns when everything
 * has reached the sink.
 */
#ifndef PGNARB_REPLAY_POOL_H
#define PGNARB_REPLAY_POOL_H

#include "chess/notation.h"

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct diag;
struct game_sink;
struct input;
struct replay_pool;

#define REPLAY_POOL_JOBS_MAX      256
#define REPLAY_POOL_SLOTS_PER_JOB 2
/* An input is cut about this often.  Smaller pieces save memory (-j 2 keeps
 * 6 in flight, and their output) and cost a parser set up for each (its
 * 128 KB read buffer cleared): -j 2 on the book, 128 KB pieces take 1% more
 * instructions than 512 KB ones, 64 KB pieces 2.3% (bench/README.md,
 * "Memory"). */
#define REPLAY_POOL_PIECE_BYTES   ((size_t)128 << 10)
#define REPLAY_POOL_PIECE_MAX     ((size_t)16 << 20) /* no cut this far: the rest is read here */
#define REPLAY_POOL_NAME_MAX      4096

/* The number of jobs --jobs=0 means: one per online processor. */
unsigned replay_pool_online_jobs(void);

/* A pool of `jobs` (1..REPLAY_POOL_JOBS_MAX) replaying with `strict` and
 * reporting to sink.  NULL when out of memory or when no thread could be
 * started. */
struct replay_pool *replay_pool_new(unsigned jobs, const struct game_sink *sink, bool strict);

/* The notation every game is read in (--notation; default NOTA_MODE_AUTO).
 * Before the first input is read. */
void replay_pool_set_notation(struct replay_pool *p, enum nota_mode mode);

/* --after-illegal=stop (stop true): every game's replay stops at its first
 * illegal main-line move (game_set_after_illegal()).  Before the first
 * input is read. */
void replay_pool_set_after_illegal(struct replay_pool *p, bool stop);

/* Per-code control of every game's findings (game_set_control()); ctl must
 * outlive the pool.  Before the first input is read. */
struct diag_control;
void replay_pool_set_control(struct replay_pool *p, const struct diag_control *ctl);

/* --clock-delay and --clock-slack for every game (game_set_clocks()). */
void replay_pool_set_clocks(struct replay_pool *p, int64_t delay_ms, int64_t slack_ms);
void replay_pool_free(struct replay_pool *p);

void replay_pool_set_file(struct replay_pool *p, const char *name);

/* Read all of `in` (borrowed: close it after this returns) and replay its
 * games; *bytes = the bytes it held.  False, with nothing read, only when one
 * job has no memory for a parser. */
bool replay_pool_read(struct replay_pool *p, struct input *in, uint64_t *bytes);

/* One job only (`check --shard`): read `in` and replay its games up to the
 * first game that starts at or after the offset *from, which may move while
 * `in` is read (its source sets it once it knows it); that game is not read.
 * r: whether such a game was met, where it starts, and the games before it
 * (or all games, when none was met).  A halt (replay_pool_set_halt()) stops
 * it at the next game's start: `halted`, and the games before that one.
 * False when there is no memory for a parser (or the pool has more than one
 * job). */
struct replay_until {
    bool hit;
    bool halted;
    uint64_t offset, games;
};
bool replay_pool_read_until(struct replay_pool *p, struct input *in, const uint64_t *from,
                            struct replay_until *r);

void replay_pool_finding(struct replay_pool *p, const struct diag *d);
void replay_pool_finish(struct replay_pool *p);

/* Deliver everything read so far (the last input's every finding and game
 * record) before returning; the pool goes on.  `check --good/--bad` calls it
 * after each input to know that input's games are all in: with N jobs the
 * next input's first pieces then start only once this one is delivered. */
void replay_pool_drain(struct replay_pool *p);

/* Stop early (an interrupt, output that cannot be written): once *flag is
 * non-zero - it may be set by a signal handler, or by the sink - the pool
 * reads no further game and cuts no further piece; replay_pool_read()
 * returns at the next game's start (the game being replayed is finished), and
 * the pieces in flight are dropped, not delivered.  Every game delivered is
 * whole, and in order.  The flag is borrowed; NULL (the default) never
 * stops. */
void replay_pool_set_halt(struct replay_pool *p, const volatile sig_atomic_t *flag);
bool replay_pool_halted(const struct replay_pool *p);

/* Tests: cut pieces of about `bytes` and read a stretch of more than `max`
 * without a cut on the calling thread; 0 keeps a value as it is. */
void replay_pool_set_pieces(struct replay_pool *p, size_t bytes, size_t max);

/* Tests: deliver only when every slot is in use (or at the end), so that a
 * piece read again finds all the pieces after it already cut, whatever the
 * timing. */
void replay_pool_set_lazy(struct replay_pool *p, bool lazy);

/* Tests: how the inputs were read - pieces cut (an input read whole is one),
 * pieces read again on the calling thread, and how many of those readings
 * stopped at a later cut that held. */
struct replay_pool_stats {
    uint64_t pieces, read_again, resumed;
};
void replay_pool_get_stats(const struct replay_pool *p, struct replay_pool_stats *st);

/* Tests: each worker sleeps this long after a piece, before it is done, so
 * that tests see the output order does not depend on timing. */
void replay_pool_set_worker_delay(struct replay_pool *p, unsigned microseconds);

/* For every thread jobs/ starts (replay workers, frame decoders), first
 * thing: block SIGINT, SIGTERM and SIGHUP, so that they reach the calling thread,
 * whose handler sets the flag it reads (replay_pool_set_halt()). */
void replay_pool_block_interrupts(void);

#endif /* PGNARB_REPLAY_POOL_H */
