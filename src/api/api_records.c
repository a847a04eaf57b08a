/*
 * api_records.c - the records of libpgnarbiter (include/pgnarbiter.h): each
 * finding and game record the run delivers (api/check_run.h) written as the
 * line `check --format=jsonl` writes for it (report/report_json.c, the very
 * writer the command uses) and with its common fields copied, gathered in
 * batches on the producer thread and handed to pgnarbiter_next() a batch at
 * a time.
 */
#define _GNU_SOURCE /* fopencookie() (glibc) */

#include "api/api_internal.h"

#include "i18n.h"

#include "report/json.h"
#include "report/report_json.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void api_batch_free(struct api_batch *b)
{
    if (!b) return;
    if (b->ms) fclose(b->ms);
    free(b->text);
    free(b->recs);
    free(b);
}

/* Room for n more bytes of text in b; false when out of memory. */
static bool text_room(struct api_batch *b, size_t n)
{
    if (n <= b->text_cap - b->len) return true;
    size_t cap = b->text_cap ? b->text_cap : 16384;
    while (cap - b->len < n)
        cap *= 2;
    char *t = realloc(b->text, cap);
    if (!t) return b->failed = true, false;
    b->text = t;
    b->text_cap = cap;
    return true;
}

/* The writer of b->ms (fopencookie, unbuffered): what the jsonl writers
 * write goes straight to the end of the batch's text. */
static ssize_t text_write(void *cookie, const char *buf, size_t n)
{
    struct api_batch *b = cookie;
    if (!text_room(b, n)) return 0;
    memcpy(b->text + b->len, buf, n);
    b->len += n;
    return (ssize_t)n;
}

/* The batch being filled, made when there is none; NULL when out of memory. */
static struct api_batch *filling(struct pgnarbiter_checker *c)
{
    if (c->filling) return c->filling->failed ? NULL : c->filling;
    struct api_batch *b = calloc(1, sizeof *b);
    if (!b) return NULL;
    c->filling = b;
    b->ms = fopencookie(b, "w", (cookie_io_functions_t){NULL, text_write, NULL, NULL});
    if (b->ms) setvbuf(b->ms, NULL, _IONBF, 0); /* json_buf gathers a record: one write */
    b->cap = 64;
    b->recs = malloc(b->cap * sizeof *b->recs);
    if (!b->ms || !b->recs) {
        b->failed = true;
        return NULL;
    }
    return b;
}

/* A new record at the end of b, its text to come; NULL when out of memory. */
static struct api_rec *new_rec(struct api_batch *b, enum pgnarbiter_record_kind kind)
{
    if (b->n == b->cap) {
        struct api_rec *r = realloc(b->recs, 2 * b->cap * sizeof *r);
        if (!r) {
            b->failed = true;
            return NULL;
        }
        b->recs = r;
        b->cap *= 2;
    }
    struct api_rec *r = &b->recs[b->n++];
    memset(r, 0, sizeof *r);
    r->kind = kind;
    r->json = b->len;
    r->file = r->message = r->event = r->white = r->black = r->round = r->result = API_NONE;
    return r;
}

/* The line just written ends the record's json: its line feed becomes the
 * NUL that ends the string. */
static void end_json(struct api_batch *b, struct api_rec *r)
{
    if (b->failed || b->len == r->json || b->text[b->len - 1] != '\n') {
        b->failed = true;
        return;
    }
    r->json_len = b->len - r->json - 1;
    b->text[b->len - 1] = '\0';
}

/* A copy of s (NULL: none) in b's text. */
static size_t put_string(struct api_batch *b, const char *s)
{
    if (!s) return API_NONE;
    size_t n = strlen(s) + 1, at = b->len;
    if (!text_room(b, n)) return API_NONE;
    memcpy(b->text + at, s, n);
    b->len += n;
    return at;
}

/* A batch full enough goes to the caller. */
static void record_done(struct pgnarbiter_checker *c, struct api_batch *b)
{
    if (b->n >= API_BATCH_RECORDS || b->len >= API_BATCH_BYTES) api_hand_over(c);
}

void api_lost(struct pgnarbiter_checker *c)
{
    pthread_mutex_lock(&c->mu);
    c->producer_failed = true;
    c->halt = 1;
    pthread_mutex_unlock(&c->mu);
}

/* A new record of kind in the batch being filled, with jb ready to write its
 * line; NULL when the checker is being freed or memory ran out. */
static struct api_rec *begin(struct pgnarbiter_checker *c, enum pgnarbiter_record_kind kind,
                             struct api_batch **b, struct json_buf *jb)
{
    *b = api_stopping(c) ? NULL : filling(c);
    struct api_rec *r = *b ? new_rec(*b, kind) : NULL;
    if (!r) {
        if (!c->stopping) api_lost(c);
        return NULL;
    }
    jb->f = (*b)->ms;
    jb->n = 0;
    return r;
}

/* The input's name and the game's tags, which findings and game records
 * both carry, into the record's storage. */
static void put_game_names(struct api_batch *b, struct api_rec *r, const char *file,
                           const char *event, const char *white, const char *black,
                           const char *round)
{
    r->file = put_string(b, file);
    r->event = put_string(b, event);
    r->white = put_string(b, white);
    r->black = put_string(b, black);
    r->round = put_string(b, round);
}

void api_sink_diag(void *ctx, const struct diag *d)
{
    struct pgnarbiter_checker *c = ctx;
    struct api_batch *b;
    struct json_buf jb;
    struct api_rec *r = begin(c, PGNARBITER_FINDING, &b, &jb);
    if (!r) return;
    report_jsonl_diag(&jb, d, "");
    json_buf_flush(&jb);
    end_json(b, r);
    put_game_names(b, r, d->file, d->event, d->white, d->black, d->round);
    r->message = put_string(b, d->message);
    r->code = diag_info(d->code)->name;
    r->severity = diag_severity_name(d->severity);
    r->game = d->game;
    r->line = d->loc.line;
    r->ply = d->ply;
    record_done(c, b);
}

void api_sink_game(void *ctx, const struct game_record *g)
{
    struct pgnarbiter_checker *c = ctx;
    /* jsonl writes no game record without --report=games; a run being
     * abandoned is noticed here, game by game, all the same */
    if (!c->report_games) {
        api_stopping(c);
        return;
    }
    struct api_batch *b;
    struct json_buf jb;
    struct api_rec *r = begin(c, PGNARBITER_GAME, &b, &jb);
    if (!r) return;
    report_jsonl_game(&jb, g, "");
    json_buf_flush(&jb);
    end_json(b, r);
    put_game_names(b, r, g->file, g->event, g->white, g->black, g->round);
    r->result = put_string(b, g->result);
    r->game = g->game;
    r->line = g->line;
    r->plies = g->plies;
    r->errors = g->errors;
    r->warnings = g->warnings;
    r->notes = g->notes;
    record_done(c, b);
}

void api_summary(struct pgnarbiter_checker *c, const struct run_totals *t)
{
    struct api_batch *b;
    struct json_buf jb;
    struct api_rec *r = begin(c, PGNARBITER_SUMMARY, &b, &jb);
    if (!r) return;
    report_jsonl_summary(b->ms, t);
    end_json(b, r);
    r->errors = t->by_severity[DIAG_ERROR];
    r->warnings = t->by_severity[DIAG_WARNING];
    r->notes = t->by_severity[DIAG_NOTE];
    r->status = t->status;
    r->games = t->games;
}

void api_hand_over_locked(struct pgnarbiter_checker *c)
{
    struct api_batch *b = c->filling;
    if (!b) return;
    while (c->nready >= API_BATCHES_MAX && !c->quit)
        pthread_cond_wait(&c->wake_producer, &c->mu);
    c->filling = NULL;
    if (c->quit) {
        c->stopping = true;
        c->halt = 1;
        api_batch_free(b);
        return;
    }
    if (b->ms) fclose(b->ms);
    b->ms = NULL;
    if (!b->failed && b->n == 0) { /* nothing to give */
        api_batch_free(b);
        return;
    }
    if (b->failed || !b->text) {
        c->producer_failed = true;
        c->halt = 1;
        api_batch_free(b);
    } else {
        *c->ready_tail = b;
        c->ready_tail = &b->next;
        c->nready++;
    }
    pthread_cond_signal(&c->wake_consumer);
}

void api_hand_over(struct pgnarbiter_checker *c)
{
    pthread_mutex_lock(&c->mu);
    api_hand_over_locked(c);
    pthread_mutex_unlock(&c->mu);
}

static const char *text_at(const struct api_batch *b, size_t at)
{
    return at == API_NONE ? NULL : b->text + at;
}

/* Record i of b as the caller sees it. */
static void give(struct pgnarbiter_checker *c, const struct api_batch *b, size_t i)
{
    const struct api_rec *a = &b->recs[i];
    struct pgnarbiter_record *r = &c->rec;
    memset(r, 0, sizeof *r);
    r->kind = a->kind;
    r->json = b->text + a->json;
    r->json_len = a->json_len;
    r->file = text_at(b, a->file);
    r->game = a->game;
    r->line = a->line;
    r->code = a->code;
    r->severity = a->severity;
    r->message = text_at(b, a->message);
    r->ply = a->ply;
    r->event = text_at(b, a->event);
    r->white = text_at(b, a->white);
    r->black = text_at(b, a->black);
    r->round = text_at(b, a->round);
    r->result = text_at(b, a->result);
    r->plies = a->plies;
    r->errors = a->errors;
    r->warnings = a->warnings;
    r->notes = a->notes;
    r->status = a->status;
    r->games = a->games;
}

static int api_next(pgnarbiter_checker *c, const struct pgnarbiter_record **r, bool timed,
                    unsigned timeout_ms);

/* The moment timeout_ms from now, for pthread_cond_timedwait() (its
 * clock: CLOCK_REALTIME, the condition variables' default). */
static struct timespec deadline_after(unsigned timeout_ms)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    t.tv_sec += timeout_ms / 1000;
    t.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
    if (t.tv_nsec >= 1000000000L) {
        t.tv_sec++;
        t.tv_nsec -= 1000000000L;
    }
    return t;
}

int pgnarbiter_next(pgnarbiter_checker *c, const struct pgnarbiter_record **r)
{
    return api_next(c, r, false, 0);
}

int pgnarbiter_next_wait(pgnarbiter_checker *c, const struct pgnarbiter_record **r,
                         unsigned timeout_ms)
{
    return api_next(c, r, true, timeout_ms);
}

static int api_next(pgnarbiter_checker *c, const struct pgnarbiter_record **r, bool timed,
                    unsigned timeout_ms)
{
    if (r) *r = NULL;
    if (!c) return PGNARBITER_ERR_USAGE;
    if (!r)
        return api_fail(c, PGNARBITER_ERR_USAGE, "%s", _("pgnarbiter_next needs a record pointer"));
    if (c->state < 0) return c->state;
    if (c->state == PGNARBITER_END) return PGNARBITER_END;
    c->error[0] = '\0';
    if (c->current && c->next_rec < c->current->n) {
        give(c, c->current, c->next_rec++);
        *r = &c->rec;
        return PGNARBITER_OK;
    }
    api_batch_free(c->current);
    c->current = NULL;
    struct timespec deadline;
    if (timed) deadline = deadline_after(timeout_ms);
    pthread_mutex_lock(&c->mu);
    int st = PGNARBITER_OK;
    for (;;) {
        if (c->ready) break;
        if (c->producer_failed) {
            st = PGNARBITER_ERR_MEMORY;
            break;
        }
        if (c->done) {
            st = PGNARBITER_END;
            break;
        }
        if (c->idle) {
            st = PGNARBITER_NEED_INPUT;
            break;
        }
        if (!timed) {
            pthread_cond_wait(&c->wake_consumer, &c->mu);
        } else if (pthread_cond_timedwait(&c->wake_consumer, &c->mu, &deadline) == ETIMEDOUT &&
                   !c->ready && !c->producer_failed && !c->done && !c->idle) {
            st = PGNARBITER_TIMEOUT;
            break;
        }
    }
    if (c->ready) {
        c->current = c->ready;
        c->ready = c->current->next;
        if (!c->ready) c->ready_tail = &c->ready;
        c->nready--;
        c->next_rec = 0;
        pthread_cond_signal(&c->wake_producer);
    }
    pthread_mutex_unlock(&c->mu);
    if (st == PGNARBITER_ERR_MEMORY) {
        c->state = st;
        return api_fail(c, st, "%s", _("out of memory"));
    }
    if (st != PGNARBITER_OK) {
        if (st == PGNARBITER_END) c->state = st;
        return st;
    }
    give(c, c->current, c->next_rec++);
    *r = &c->rec;
    return PGNARBITER_OK;
}
