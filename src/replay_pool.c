/*
 * replay_pool.c - replay on the calling thread or on worker threads, output in
 * input order (see replay_pool.h).
 *
 * Batches live in a ring of slots, named by a sequence number (slot = seq %
 * nslots).  Batch `fill` is being recorded by the calling thread; batches
 * [deliver, fill) were handed on: each is QUEUED until a worker takes it
 * (workers take them in order, [take, fill) are waiting), BUSY while it is
 * replayed, DONE when its output is ready.  The calling thread delivers DONE
 * batches strictly in sequence and only then reuses their slot, so output
 * order is input order.  A batch holds whole games only: it is handed on
 * right after a GAME_END, and a game that outgrows the batch limit leaves the
 * batches for the calling thread's own game ("direct" until its GAME_END).
 *
 * Locking: one mutex guards the sequence numbers and slot states; `work`
 * wakes workers when a batch is queued or the pool stops, `done` wakes the
 * calling thread when a batch is finished.  A batch's contents are touched
 * only by whoever owns its state (caller: filling, DONE; worker: BUSY).
 */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include "replay_pool.h"

#include "game.h"
#include "pgn_parse.h"
#include "replay_batch.h"

#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

enum slot_state { SLOT_FREE, SLOT_QUEUED, SLOT_BUSY, SLOT_DONE };

struct slot {
    struct replay_batch *batch;
    enum slot_state state;
};

struct worker {
    struct replay_pool *pool;
    pthread_t thread;
    struct game *game;            /* reports into `current` */
    struct replay_batch *current; /* the batch being replayed */
};

struct replay_pool {
    struct game_sink sink; /* the final sink, called on the calling thread only */
    struct game *game;     /* the calling thread's own game (sink: the final sink) */
    const char *file;      /* the input being read (the caller's string) */
    unsigned jobs;
    bool strict;

    /* jobs > 1 */
    unsigned nworkers;
    struct worker *workers;
    unsigned nslots;
    struct slot *slots;
    pthread_mutex_t lock;
    pthread_cond_t work, done;
    uint64_t fill, take, deliver;
    struct replay_batch *filling; /* slot fill's batch (reading thread only) */
    bool stop;
    bool sync_ready; /* lock and conditions initialised */

    bool direct;    /* the game being read goes straight to `game` */
    unsigned games; /* whole games in the batch being filled */
    unsigned games_limit;
    size_t bytes_limit, game_bytes_limit;
    unsigned worker_delay_us; /* tests only */
};

unsigned replay_pool_online_jobs(void)
{
    long n = 0;
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) n = CPU_COUNT(&set);
    if (n <= 0) n = sysconf(_SC_NPROCESSORS_ONLN);
    if (n <= 0) n = 1;
    return n > REPLAY_POOL_JOBS_MAX ? REPLAY_POOL_JOBS_MAX : (unsigned)n;
}

/* ---- the replay loop ------------------------------------------------------ */

/* Where the records of a batch that are not events go: the game replaying
 * it, and for file-level findings the sink that game reports to, so they keep
 * their place among the games. */
struct into_game {
    struct game *game;
    const struct game_sink *findings;
};

static void to_game_parser_diag(void *ctx, const struct diag *d)
{
    game_parser_diag(((struct into_game *)ctx)->game, d);
}

static void to_game_file(void *ctx, const char *name)
{
    game_set_file(((struct into_game *)ctx)->game, name);
}

static void to_findings(void *ctx, const struct diag *d)
{
    const struct game_sink *sink = ((struct into_game *)ctx)->findings;
    sink->diag(sink->ctx, d);
}

/* Out of line: inlined, its recording code would crowd run() and the
 * compiler would stop folding the one-job replay into the loop. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static struct game *record(struct replay_pool *p, const struct pgn_event *ev);

/*
 * The one loop that hands events to game_feed(), whoever runs it: the reading
 * thread over the parser (to `game`, or with no game to record()), a worker
 * or the reading thread over a recorded batch.  It holds the program's only
 * call of pgn_parser_next() and only call of game_feed(), so the compiler
 * folds the reader and the replay into it, as in a program without threads.
 */
static void run(struct replay_pool *p, struct game *game, struct pgn_parser *parser,
                struct replay_batch *batch, const struct game_sink *findings)
{
    struct into_game into = {game, findings};
    const struct replay_target target = {&into, to_game_parser_diag, to_game_file, to_findings};
    struct replay_cursor cursor;
    replay_cursor_start(&cursor, batch);
    struct pgn_event buf;
    for (;;) {
        const struct pgn_event *ev = &buf;
        if (parser) {
            if (!pgn_parser_next(parser, &buf)) return;
        } else if (!(ev = replay_batch_next_event(&cursor, &target))) {
            return;
        }
        struct game *to = game ? game : record(p, ev);
        if (to) game_feed(to, ev);
    }
}

/* ---- workers ------------------------------------------------------------ */

static void worker_keep_diag(void *ctx, const struct diag *d)
{
    struct worker *w = ctx;
    replay_batch_keep_diag(w->current, d);
}

static void worker_keep_game(void *ctx, const struct game_record *g)
{
    struct worker *w = ctx;
    replay_batch_keep_game(w->current, g);
}

static void *worker_run(void *arg)
{
    struct worker *w = arg;
    struct replay_pool *p = w->pool;
    const struct game_sink keep = {w, worker_keep_diag, worker_keep_game};
    for (;;) {
        pthread_mutex_lock(&p->lock);
        while (!p->stop && p->take == p->fill)
            pthread_cond_wait(&p->work, &p->lock);
        if (p->take == p->fill) { /* stopping, nothing left */
            pthread_mutex_unlock(&p->lock);
            return NULL;
        }
        struct slot *s = &p->slots[p->take++ % p->nslots];
        s->state = SLOT_BUSY;
        pthread_mutex_unlock(&p->lock);

        w->current = s->batch;
        run(p, w->game, NULL, s->batch, &keep);
        if (p->worker_delay_us) {
            struct timespec ts = {0, (long)p->worker_delay_us * 1000};
            nanosleep(&ts, NULL);
        }

        pthread_mutex_lock(&p->lock);
        s->state = SLOT_DONE;
        pthread_cond_broadcast(&p->done);
        pthread_mutex_unlock(&p->lock);
    }
}

/* ---- the calling thread ---------------------------------------------------- */

/* The batch being filled: slot fill % nslots, kept at hand (per event). */
static struct replay_batch *filling(const struct replay_pool *p)
{
    return p->filling;
}

/* After fill moved on: the next slot's batch, emptied. */
static void start_filling(struct replay_pool *p)
{
    p->filling = p->slots[p->fill % p->nslots].batch;
    replay_batch_clear(p->filling);
}

/* Deliver the oldest batch handed on, waiting for it when `wait`; false when
 * there is none (or it is not done and we may not wait). */
static bool deliver_oldest(struct replay_pool *p, bool wait)
{
    pthread_mutex_lock(&p->lock);
    if (p->deliver == p->fill) {
        pthread_mutex_unlock(&p->lock);
        return false;
    }
    struct slot *s = &p->slots[p->deliver % p->nslots];
    while (s->state != SLOT_DONE) {
        if (!wait) {
            pthread_mutex_unlock(&p->lock);
            return false;
        }
        pthread_cond_wait(&p->done, &p->lock);
    }
    pthread_mutex_unlock(&p->lock);

    if (replay_batch_output_lost(s->batch)) {
        /* The worker ran out of memory keeping the output: replay again, here. */
        run(p, p->game, NULL, s->batch, &p->sink);
        game_set_file(p->game, p->file);
    } else {
        replay_batch_deliver(s->batch, &p->sink);
    }

    pthread_mutex_lock(&p->lock);
    s->state = SLOT_FREE;
    p->deliver++;
    pthread_mutex_unlock(&p->lock);
    return true;
}

/* Queue the batch being filled, deliver what is ready, and make the next
 * slot the one being filled (delivering, and so waiting, while none is free). */
static void hand_on(struct replay_pool *p)
{
    pthread_mutex_lock(&p->lock);
    p->slots[p->fill % p->nslots].state = SLOT_QUEUED;
    p->fill++;
    pthread_cond_signal(&p->work);
    pthread_mutex_unlock(&p->lock);
    p->games = 0;

    while (deliver_oldest(p, false))
        ;
    while (p->fill - p->deliver >= p->nslots)
        deliver_oldest(p, true);
    start_filling(p);
}

/* Replay everything so far on this thread: wait for and deliver every batch
 * handed on, then play the one being filled on our own game, which takes the
 * rest of the current game. */
static void go_direct(struct replay_pool *p)
{
    while (deliver_oldest(p, true))
        ;
    struct replay_batch *b = filling(p);
    run(p, p->game, NULL, b, &p->sink);
    replay_batch_clear(b);
    game_set_file(p->game, p->file);
    p->games = 0;
    p->direct = true;
}

/* A batch starts with the name of the input it comes from. */
static bool start_batch(struct replay_pool *p)
{
    struct replay_batch *b = filling(p);
    return !replay_batch_is_empty(b) || replay_batch_add_file(b, p->file);
}

/* The reading thread with more than one job: record ev in the batch being
 * filled and hand the batch on after a game; NULL, or the game ev must be fed
 * to here (a game replayed on this thread). */
static struct game *record(struct replay_pool *p, const struct pgn_event *ev)
{
    if (p->direct) {
        if (ev->type == PGN_EV_GAME_END) p->direct = false;
        return p->game;
    }
    struct replay_batch *b = filling(p);
    if (!start_batch(p) || !replay_batch_add_event(b, ev)) {
        go_direct(p); /* out of memory: the rest of this game is replayed here */
        return record(p, ev);
    }
    if (ev->type == PGN_EV_GAME_END) {
        if (++p->games >= p->games_limit || replay_batch_input_bytes(b) >= p->bytes_limit)
            hand_on(p);
    } else if (replay_batch_input_bytes(b) >= p->game_bytes_limit) {
        go_direct(p); /* a game too large for a batch: replayed here from its start */
    }
    return NULL;
}

void replay_pool_read(struct replay_pool *p, struct pgn_parser *parser)
{
    run(p, p->jobs == 1 ? p->game : NULL, parser, NULL, NULL);
}

void replay_pool_parser_diag(void *pool, const struct diag *d)
{
    struct replay_pool *p = pool;
    if (!p->direct && start_batch(p) && replay_batch_add_parser_diag(filling(p), d)) return;
    if (!p->direct) go_direct(p);
    game_parser_diag(p->game, d);
}

void replay_pool_finding(struct replay_pool *p, const struct diag *d)
{
    if (!p->direct && start_batch(p) && replay_batch_add_finding(filling(p), d)) return;
    if (!p->direct) go_direct(p);
    p->sink.diag(p->sink.ctx, d);
}

void replay_pool_set_file(struct replay_pool *p, const char *name)
{
    p->file = name;
    game_set_file(p->game, name);
    if (p->direct) return;
    struct replay_batch *b = filling(p);
    if (!replay_batch_is_empty(b) && !replay_batch_add_file(b, name)) go_direct(p);
}

void replay_pool_finish(struct replay_pool *p)
{
    if (p->jobs == 1) return;
    if (!replay_batch_is_empty(filling(p))) {
        pthread_mutex_lock(&p->lock);
        p->slots[p->fill % p->nslots].state = SLOT_QUEUED;
        p->fill++;
        pthread_cond_signal(&p->work);
        pthread_mutex_unlock(&p->lock);
    }
    while (deliver_oldest(p, true))
        ;
    start_filling(p);
    p->games = 0;
    if (p->direct) p->direct = false; /* the reader ends every game; nothing is open */
}

void replay_pool_set_limits(struct replay_pool *p, unsigned games, size_t bytes, size_t game_bytes)
{
    if (games) p->games_limit = games;
    if (bytes) p->bytes_limit = bytes;
    if (game_bytes) p->game_bytes_limit = game_bytes;
}

void replay_pool_set_worker_delay(struct replay_pool *p, unsigned microseconds)
{
    p->worker_delay_us = microseconds < 1000000 ? microseconds : 999999;
}

/* ---- life cycle ---------------------------------------------------------- */

/* Workers' games, the slots' batches and the threads; false when any is
 * missing (what was made is freed by replay_pool_free()).  Fewer threads than
 * asked for are fine as long as one started. */
static bool start_workers(struct replay_pool *p, unsigned n)
{
    p->workers = calloc(n, sizeof *p->workers);
    p->nslots = REPLAY_POOL_SLOTS_PER_JOB * n + 2;
    p->slots = calloc(p->nslots, sizeof *p->slots);
    if (!p->workers || !p->slots) return false;
    for (unsigned i = 0; i < p->nslots; i++)
        if (!(p->slots[i].batch = replay_batch_new())) return false;
    p->filling = p->slots[0].batch;
    for (unsigned i = 0; i < n; i++) {
        struct worker *w = &p->workers[i];
        const struct game_sink keep = {w, worker_keep_diag, worker_keep_game};
        w->pool = p;
        if (!(w->game = game_new(&keep, p->strict))) return false;
    }
    if (pthread_mutex_init(&p->lock, NULL) != 0) return false;
    if (pthread_cond_init(&p->work, NULL) != 0) {
        pthread_mutex_destroy(&p->lock);
        return false;
    }
    if (pthread_cond_init(&p->done, NULL) != 0) {
        pthread_cond_destroy(&p->work);
        pthread_mutex_destroy(&p->lock);
        return false;
    }
    p->sync_ready = true;
    for (unsigned i = 0; i < n; i++) {
        if (pthread_create(&p->workers[i].thread, NULL, worker_run, &p->workers[i]) != 0) break;
        p->nworkers++;
    }
    return p->nworkers > 0;
}

struct replay_pool *replay_pool_new(unsigned jobs, const struct game_sink *sink, bool strict)
{
    if (jobs < 1 || jobs > REPLAY_POOL_JOBS_MAX) return NULL;
    struct replay_pool *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->sink = *sink;
    p->strict = strict;
    p->jobs = jobs;
    p->file = "<input>";
    p->games_limit = REPLAY_POOL_BATCH_GAMES;
    p->bytes_limit = REPLAY_POOL_BATCH_BYTES;
    p->game_bytes_limit = REPLAY_POOL_GAME_BYTES_MAX;
    p->direct = jobs == 1; /* one job: every game goes straight to our own */
    if (!(p->game = game_new(sink, strict)) || (jobs > 1 && !start_workers(p, jobs))) {
        replay_pool_free(p);
        return NULL;
    }
    return p;
}

void replay_pool_free(struct replay_pool *p)
{
    if (!p) return;
    if (p->sync_ready) {
        pthread_mutex_lock(&p->lock);
        p->stop = true;
        pthread_cond_broadcast(&p->work);
        pthread_mutex_unlock(&p->lock);
        for (unsigned i = 0; i < p->nworkers; i++)
            pthread_join(p->workers[i].thread, NULL);
        pthread_cond_destroy(&p->done);
        pthread_cond_destroy(&p->work);
        pthread_mutex_destroy(&p->lock);
    }
    if (p->workers)
        for (unsigned i = 0; i < p->jobs; i++)
            game_free(p->workers[i].game);
    if (p->slots)
        for (unsigned i = 0; i < p->nslots; i++)
            replay_batch_free(p->slots[i].batch);
    free(p->workers);
    free(p->slots);
    game_free(p->game);
    free(p);
}
