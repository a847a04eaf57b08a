/*
 * frame_reader.c - a file of several zstd frames or BGZF blocks decoded on
 * helper threads, handed out in order (see frame_reader.h).
 *
 * The runs: input_frames_plan() cuts the raw file into runs of whole frames
 * (or blocks) of about FRAME_READER_RUN_BYTES; run r decodes on its own
 * (input_open_range()), exactly as the whole file's reader decodes those
 * frames: a valid frame gives its content, and a damaged one gives the same
 * bytes and the same failure wherever its decoding starts (input.c starts
 * every zstd frame at the start of a full raw buffer).  What one run gives
 * up to a failure is handed out, then the failure, and nothing after it, as
 * reading the file from its start would stop there.
 *
 * Line breaks: the helpers hand out the bytes as decoded; the stream's own
 * input applies the file's line-break rule (input.h), decided first from the
 * file's first line break, as the whole file's reader decides it, so a CR
 * at the end of one run and an LF at the start of the next are one break.
 *
 * Slots: runs in flight live in a ring of `nslots` slots (run r in slot r %
 * nslots); a helper takes the next run when its slot is free, and decodes it
 * into the slot's two buffers in turn, each FRAME_READER_CHUNK bytes, waiting
 * while both are full; the reader empties them in order.  Memory: nslots x 2
 * chunks and one decoder per helper, whatever the size of the file.
 *
 * Locking: one mutex guards every slot's state and the run counters; `space`
 * wakes helpers (a buffer emptied, a slot freed, stop), `data` wakes the
 * reader (a buffer filled, a run ended).  A buffer's bytes are written by the
 * helper that holds its run while it is not full, read by the reader while it
 * is full.
 */
#include "jobs/frame_reader.h"

#include "jobs/replay_pool.h"

#include "i18n.h"
#include "pgn/input.h"
#include "pgn/input_frames.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>


struct chunk {
    unsigned char *data;
    size_t len, pos;
    bool full; /* written: the reader may read it (until it is empty again) */
};

struct slot {
    uint64_t run;   /* the run it holds */
    bool taken;     /* a helper decodes `run` into it */
    bool ended;     /* the run has no more bytes (after the chunks' last) */
    char *error;    /* ended: the run's input failed with this (NULL: clean end) */
    bool failed_nomem;
    struct chunk chunk[2];
    unsigned fill, read; /* the chunk the helper fills next, the reader reads next */
};

struct frame_reader {
    char *path;
    uint64_t window_max;
    bool cr;              /* the file's line-break rule */
    uint64_t *start;      /* nruns + 1 raw offsets: run r is [start[r], start[r + 1]) */
    uint64_t nruns;
    struct slot *slots;
    unsigned nslots;
    pthread_t threads[FRAME_READER_THREADS_MAX];
    unsigned nthreads;
    pthread_mutex_t lock;
    pthread_cond_t space, data;
    uint64_t next_run; /* the next run a helper takes */
    uint64_t reading;  /* the run the reader is in */
    bool stop;
    bool done;         /* the reader met the end or a failure */
    struct input *in;  /* the stream */
};

/* ---- helpers ------------------------------------------------------------- */

/* Decode run r into slot s; false when stopped. */
static bool decode_run(struct frame_reader *fr, struct slot *s, uint64_t r)
{
    char why[256] = "";
    struct input *in = input_open_range(fr->path, fr->start[r], fr->start[r + 1], why, sizeof why);
    if (in) {
        input_set_zstd_window_max(in, fr->window_max);
        input_set_line_breaks(in, false); /* as decoded: the stream applies the rule */
    }
    for (;;) {
        pthread_mutex_lock(&fr->lock);
        struct chunk *c = &s->chunk[s->fill];
        while (!fr->stop && c->full)
            pthread_cond_wait(&fr->space, &fr->lock);
        bool stop = fr->stop;
        pthread_mutex_unlock(&fr->lock);
        if (stop) break;
        /* c is not full: it is this helper's to write */
        c->len = c->pos = 0;
        bool end = !in;
        while (in && c->len < FRAME_READER_CHUNK) {
            ptrdiff_t got = input_read(in, c->data + c->len, FRAME_READER_CHUNK - c->len);
            if (got <= 0) {
                end = true;
                break;
            }
            c->len += (size_t)got;
        }
        char *error = NULL;
        if (end && (!in || *input_error(in))) {
            error = strdup(in ? input_error(in) : why[0] ? why : _("read error"));
            if (!error) s->failed_nomem = true;
        }
        pthread_mutex_lock(&fr->lock);
        if (c->len) {
            c->full = true;
            s->fill ^= 1;
        }
        if (end) {
            s->ended = true;
            s->error = error;
        }
        pthread_cond_broadcast(&fr->data);
        pthread_mutex_unlock(&fr->lock);
        if (end) break;
    }
    input_close(in);
    return true;
}

static void *helper_run(void *arg)
{
    struct frame_reader *fr = arg;
    replay_pool_block_interrupts();
    for (;;) {
        pthread_mutex_lock(&fr->lock);
        /* the next run, once its slot's run before it has been read */
        while (!fr->stop && fr->next_run < fr->nruns &&
               fr->next_run >= fr->reading + fr->nslots)
            pthread_cond_wait(&fr->space, &fr->lock);
        if (fr->stop || fr->next_run >= fr->nruns) {
            pthread_mutex_unlock(&fr->lock);
            return NULL;
        }
        uint64_t r = fr->next_run++;
        struct slot *s = &fr->slots[r % fr->nslots];
        s->run = r;
        s->taken = true;
        pthread_mutex_unlock(&fr->lock);
        decode_run(fr, s, r);
    }
}

/* ---- the reader (the stream's source) ------------------------------------ */

static ptrdiff_t stream_read(void *ctx, void *buf, size_t n, const char **why)
{
    struct frame_reader *fr = ctx;
    pthread_mutex_lock(&fr->lock);
    for (;;) {
        if (fr->done || fr->reading >= fr->nruns) {
            fr->done = true;
            pthread_mutex_unlock(&fr->lock);
            return 0;
        }
        struct slot *s = &fr->slots[fr->reading % fr->nslots];
        bool mine = s->taken && s->run == fr->reading;
        struct chunk *c = &s->chunk[s->read];
        if (mine && c->full) {
            pthread_mutex_unlock(&fr->lock);
            /* c is full: the reader's to read */
            size_t k = c->len - c->pos < n ? c->len - c->pos : n;
            memcpy(buf, c->data + c->pos, k);
            c->pos += k;
            pthread_mutex_lock(&fr->lock);
            if (c->pos == c->len) {
                c->full = false;
                s->read ^= 1;
                pthread_cond_broadcast(&fr->space);
            }
            pthread_mutex_unlock(&fr->lock);
            return (ptrdiff_t)k;
        }
        if (mine && s->ended && !s->chunk[0].full && !s->chunk[1].full) {
            if (s->error || s->failed_nomem) { /* one run stops here too */
                fr->done = true;
                *why = s->error ? s->error : _("out of memory");
                pthread_mutex_unlock(&fr->lock);
                return -1;
            }
            /* the run is read: its slot takes the run nslots on */
            s->taken = s->ended = false;
            s->fill = s->read = 0;
            fr->reading++;
            pthread_cond_broadcast(&fr->space);
            continue;
        }
        pthread_cond_wait(&fr->data, &fr->lock);
    }
}

/* ---- opening and closing --------------------------------------------------- */


/* Everything frame_reader_open() allocates, whatever part of it it got to
 * (slots are calloc'ed: a slot not reached holds NULLs). */
static void reader_free(struct frame_reader *fr)
{
    if (fr->slots)
        for (unsigned i = 0; i < fr->nslots; i++) {
            free(fr->slots[i].error);
            for (int j = 0; j < 2; j++)
                free(fr->slots[i].chunk[j].data);
        }
    free(fr->slots);
    input_close(fr->in);
    free(fr->start);
    free(fr->path);
    free(fr);
}
unsigned frame_reader_helpers(unsigned jobs)
{
    unsigned n = (jobs + 7) / 8;
    return n < 1 ? 1 : n > FRAME_READER_THREADS_MAX ? FRAME_READER_THREADS_MAX : n;
}

struct frame_reader *frame_reader_open(const char *path, const char *name, unsigned threads,
                                       uint64_t zstd_window_max)
{
    if (threads < 1) return NULL;
    if (threads > FRAME_READER_THREADS_MAX) threads = FRAME_READER_THREADS_MAX;
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) return NULL;
    uint64_t size = (uint64_t)st.st_size;
    /* runs of FRAME_READER_RUN_BYTES, and at least four per helper so that
     * every helper has one to decode (a run may hold several frames) */
    uint64_t want = (size + FRAME_READER_RUN_BYTES - 1) / FRAME_READER_RUN_BYTES;
    if (want < 4 * threads) want = 4 * threads;
    if (want > FRAME_READER_RUNS_MAX) want = FRAME_READER_RUNS_MAX;
    struct input_frames plan;
    char why[256];
    if (!input_frames_plan(path, (unsigned)want, &plan, why, sizeof why)) return NULL;
    if ((plan.layout != INPUT_LAYOUT_ZSTD && plan.layout != INPUT_LAYOUT_BGZF) || plan.frames < 2)
        goto fail_plan;

    struct frame_reader *fr = calloc(1, sizeof *fr);
    if (!fr) goto fail_plan;
    fr->path = strdup(path);
    fr->window_max = zstd_window_max;
    /* the runs that hold bytes */
    fr->start = malloc(((size_t)plan.n + 1) * sizeof *fr->start);
    if (!fr->path || !fr->start) goto fail;
    for (unsigned k = 0; k < plan.n; k++)
        if (plan.start[k] < plan.start[k + 1]) fr->start[fr->nruns++] = plan.start[k];
    fr->start[fr->nruns] = plan.start[plan.n];
    input_frames_free(&plan);
    if (fr->nruns < 2 || !input_file_line_breaks(fr->path, fr->window_max, &fr->cr, NULL, 0))
        goto fail;

    fr->nslots = threads + 1;
    fr->slots = calloc(fr->nslots, sizeof *fr->slots);
    if (!fr->slots) goto fail;
    for (unsigned i = 0; i < fr->nslots; i++)
        for (int j = 0; j < 2; j++)
            if (!(fr->slots[i].chunk[j].data = malloc(FRAME_READER_CHUNK))) goto fail;
    fr->in = input_open_source(stream_read, fr, name);
    if (!fr->in) goto fail;
    input_set_line_breaks(fr->in, fr->cr);
    if (pthread_mutex_init(&fr->lock, NULL) != 0) goto fail;
    pthread_cond_init(&fr->space, NULL);
    pthread_cond_init(&fr->data, NULL);
    for (unsigned t = 0; t < threads; t++) {
        if (pthread_create(&fr->threads[t], NULL, helper_run, fr) != 0) break;
        fr->nthreads++;
    }
    if (fr->nthreads == 0) {
        pthread_cond_destroy(&fr->space);
        pthread_cond_destroy(&fr->data);
        pthread_mutex_destroy(&fr->lock);
        goto fail;
    }
    return fr;

fail_plan:
    input_frames_free(&plan);
    return NULL;
fail:
    input_frames_free(&plan);
    reader_free(fr);
    return NULL;
}

struct input *frame_reader_input(struct frame_reader *fr)
{
    return fr->in;
}

void frame_reader_close(struct frame_reader *fr)
{
    if (!fr) return;
    pthread_mutex_lock(&fr->lock);
    fr->stop = true;
    pthread_cond_broadcast(&fr->space);
    pthread_mutex_unlock(&fr->lock);
    for (unsigned t = 0; t < fr->nthreads; t++)
        pthread_join(fr->threads[t], NULL);
    pthread_cond_destroy(&fr->space);
    pthread_cond_destroy(&fr->data);
    pthread_mutex_destroy(&fr->lock);
    reader_free(fr);
}
