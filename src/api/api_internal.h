/*
 * api_internal.h - the checker of libpgnarbiter (include/pgnarbiter.h) as
 * its files share it: pgnarbiter.c (options, inputs, the producer thread
 * that runs api/check_run.h) and api_records.c (each finding and game record
 * made a pgnarbiter_record, gathered in batches, handed to
 * pgnarbiter_next()).
 *
 * Threads: the caller's thread adds inputs and takes records; one producer
 * thread runs the check.  They meet under `mu`: the inputs queue, the fed
 * chunks, the batches ready.  Batches are handed over whole (up to
 * API_BATCH_RECORDS records each), not record by record: one wake-up costs
 * more than judging a short game.
 */
#ifndef PGNARB_API_INTERNAL_H
#define PGNARB_API_INTERNAL_H

#include "pgnarbiter.h"

#include "api/check_run.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>

/* A batch is handed over once it holds this many records or this much text,
 * and whenever the producer is about to wait; at most API_BATCHES_MAX wait
 * for the caller (memory is bounded whatever the input). */
#define API_BATCH_RECORDS 512
#define API_BATCH_BYTES   ((size_t)256 << 10)
#define API_BATCHES_MAX   4
/* The longest message pgnarbiter_error() gives. */
#define API_ERROR_MAX 1024

/* A string of a record in its batch's text: an offset, or API_NONE. */
#define API_NONE ((size_t)-1)
struct api_rec {
    enum pgnarbiter_record_kind kind;
    size_t json, json_len;
    size_t file, message, event, white, black, round, result;
    const char *code, *severity; /* static strings */
    uint64_t game, line;
    uint32_t ply, plies;
    uint64_t errors, warnings, notes, games;
    int status;
};

struct api_batch {
    struct api_rec *recs;
    size_t n, cap;
    FILE *ms;   /* writes to the end of text (fopencookie), for the jsonl writers */
    char *text; /* each record's json and strings, NUL-terminated */
    size_t len, text_cap;
    bool failed; /* out of memory while it was made */
    struct api_batch *next;
};

/* A chunk fed (pgnarbiter_feed()), copied. */
struct api_chunk {
    size_t len, pos;
    struct api_chunk *next;
    unsigned char bytes[];
};

enum api_input_kind { API_IN_PATH, API_IN_FILE, API_IN_BYTES, API_IN_FEED };
struct api_input {
    struct pgnarbiter_checker *owner;
    enum api_input_kind kind;
    char *name; /* the path, or the name of the others (copied) */
    FILE *f;
    const void *bytes;
    size_t len;
    /* API_IN_FEED: the chunks not yet read (under mu), and whether
     * pgnarbiter_feed_end() came */
    struct api_chunk *chunks, **chunks_tail;
    bool ended;
    struct api_input *next;
};

struct pgnarbiter_checker {
    /* set by pgnarbiter_new(), then read only */
    struct check_run_options opt;
    char *trf, *players, *config, *stdin_name; /* the options' strings, copied */
    struct check_run *run;
    bool report_games;
    bool trf_given;

    pthread_mutex_t mu;
    pthread_cond_t wake_producer, wake_consumer;
    bool thread_started;
    pthread_t thread;
    /* under mu */
    struct api_input *inputs, **inputs_tail;
    bool inputs_ended;
    bool any_input;            /* an input was added: not the TRF alone */
    struct api_input *feeding; /* the input fed now (caller's side), NULL */
    struct api_batch *ready, **ready_tail;
    unsigned nready;
    bool idle;            /* the producer waits for input, its batch handed over */
    bool done;            /* the producer finished: its last batch is ready */
    bool quit;            /* pgnarbiter_free(): stop */
    bool producer_failed; /* out of memory on the producer's side */
    /* pgnarbiter_free() asks the producer to stop: it looks at every game
     * and record (api_stopping()), without a lock */
    atomic_bool abandon;

    /* the producer's own */
    volatile sig_atomic_t halt; /* the run's halt flag (replay_pool_set_halt()),
                                   written by the producer only */
    bool stopping;              /* it saw abandon or quit */
    struct api_batch *filling;

    /* the caller's own */
    struct api_batch *current; /* the batch records are given from */
    size_t next_rec;
    struct pgnarbiter_record rec;
    int state; /* 0, or the error or END every call now returns */
    char error[API_ERROR_MAX];
};

/* On the producer: whether the run is being abandoned (pgnarbiter_free());
 * then the pool stops at the next game. */
static inline bool api_stopping(struct pgnarbiter_checker *c)
{
    if (!c->stopping && atomic_load_explicit(&c->abandon, memory_order_relaxed)) {
        c->stopping = true;
        c->halt = 1;
    }
    return c->stopping;
}

/* The producer's sink (api_records.c): each record into c->filling. */
void api_sink_diag(void *ctx, const struct diag *d);
void api_sink_game(void *ctx, const struct game_record *g);
void api_summary(struct pgnarbiter_checker *c, const struct run_totals *t);
/* Out of memory on the producer's side: the run stops, next() says so. */
void api_lost(struct pgnarbiter_checker *c);
/* Hand the batch being filled (if it holds a record) to the caller, with mu
 * not held; waits while API_BATCHES_MAX are ready. */
void api_hand_over(struct pgnarbiter_checker *c);
/* The same with mu held. */
void api_hand_over_locked(struct pgnarbiter_checker *c);
void api_batch_free(struct api_batch *b);

/* The library's message catalogue bound, once (thread-safe). */
void api_i18n_init(void);

/* Set c's error (printf format); returns status. */
int api_fail(pgnarbiter_checker *c, int status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#endif /* PGNARB_API_INTERNAL_H */
