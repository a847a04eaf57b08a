/*
 * replay_batch.c - what reading a piece of input found, kept by the worker
 * that read it until the calling thread hands it on (see replay_batch.h).
 *
 * Layout: the findings and game records are fixed-size copies in arrival
 * order; every string of them lives in one byte arena, referred to by offset
 * (the arena moves when it grows).  String offsets are stored plus one, so 0
 * stands for NULL.  Every string is stored NUL-terminated.  The moves the
 * replay played (`fix`'s move hook) are kept apart, each with its SAN in
 * place; a finding or a game record notes how many moves came before it, so
 * that they are handed on in the order they came.
 *
 * Invariants: copies refer only to arena bytes below the arena's length; a
 * failed addition leaves the batch as it was (lengths are committed last).
 */
#include "jobs/replay_batch.h"

#include "diag/diag.h"
#include "chess/san.h"  /* SAN_MAX */
#include "judge/game.h" /* struct game_sink, struct game_move */
#include "judge/game_record.h"

#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* No arena or array grows past this: offsets are 32-bit.  replay_pool.c keeps
 * batches far below it. */
#define BATCH_ARENA_MAX ((size_t)UINT32_MAX - 1)

struct arena {
    char *p;
    size_t len, cap;
};

/* The string members of the kept structures, by offset; a kept copy has them
 * NULL and their string offsets in str[]. */
static const size_t diag_strings[] = {
    offsetof(struct diag, message), offsetof(struct diag, file),  offsetof(struct diag, san),
    offsetof(struct diag, event),   offsetof(struct diag, white), offsetof(struct diag, black),
    offsetof(struct diag, round),   offsetof(struct diag, fen),   offsetof(struct diag, san_en),
};
static const size_t game_strings[] = {
    offsetof(struct game_record, file),  offsetof(struct game_record, event),
    offsetof(struct game_record, white), offsetof(struct game_record, black),
    offsetof(struct game_record, round), offsetof(struct game_record, result),
    offsetof(struct game_record, site),  offsetof(struct game_record, date),
    offsetof(struct game_record, mainline), offsetof(struct game_record, final_fen),
    offsetof(struct game_record, white_fide_id), offsetof(struct game_record, black_fide_id),
    offsetof(struct game_record, white_elo), offsetof(struct game_record, black_elo),
    offsetof(struct game_record, white_title), offsetof(struct game_record, black_title),
    offsetof(struct game_record, time_control),
};
#define DIAG_STRINGS_NB (sizeof diag_strings / sizeof *diag_strings)
#define GAME_STRINGS_NB (sizeof game_strings / sizeof *game_strings)
#define KEPT_STRINGS_MAX (DIAG_STRINGS_NB > GAME_STRINGS_NB ? DIAG_STRINGS_NB : GAME_STRINGS_NB)

struct kept {
    bool is_game;
    size_t moves_before; /* moves kept before this */
    union {
        struct diag d;
        struct game_record g;
    } u;
    uint32_t str[KEPT_STRINGS_MAX];
};

struct kept_move {
    uint64_t offset;
    uint32_t fullmove;
    uint8_t len, side;
    char san[SAN_MAX];
};

struct replay_batch {
    struct kept *out; /* findings and game records of the replay */
    size_t nout, out_cap;
    struct kept_move *moves; /* the moves played, in order */
    size_t nmoves, moves_cap;
    struct arena output_text;
    bool output_lost;
};

struct replay_batch *replay_batch_new(void)
{
    return calloc(1, sizeof(struct replay_batch));
}

void replay_batch_free(struct replay_batch *b)
{
    if (!b) return;
    free(b->out);
    free(b->moves);
    free(b->output_text.p);
    free(b);
}

void replay_batch_clear(struct replay_batch *b)
{
    b->nout = 0;
    b->nmoves = 0;
    b->output_text.len = 0;
    b->output_lost = false;
}

/* ---- storage ----------------------------------------------------------- */

/* Room for `more` elements of `size` bytes in *array (count n, capacity *cap). */
static bool reserve(void **array, size_t *cap, size_t n, size_t more, size_t size)
{
    if (n + more <= *cap) return true;
    size_t want = *cap ? *cap : 64;
    while (want < n + more)
        want *= 2;
    if (want > BATCH_ARENA_MAX / size) return false;
    void *p = realloc(*array, want * size);
    if (!p) return false;
    *array = p;
    *cap = want;
    return true;
}

/* Append s (len bytes) and a NUL at the arena's end + *used; the offset + 1,
 * or 0 when out of room.  The arena's length moves only when the caller
 * commits (a failed addition then leaves nothing behind). */
static uint32_t arena_put(struct arena *a, size_t *used, const char *s, size_t len)
{
    size_t at = a->len + *used;
    if (!reserve((void **)&a->p, &a->cap, at, len + 1, 1)) return 0;
    memcpy(a->p + at, s, len);
    a->p[at + len] = '\0';
    *used += len + 1;
    return (uint32_t)(at + 1);
}

static const char *arena_at(const struct arena *a, uint32_t ref)
{
    return ref ? a->p + ref - 1 : NULL;
}

/* Copy obj's string members (fields) into the arena: their offsets to str[],
 * the members themselves to NULL.  False when out of memory. */
static bool keep_strings(struct arena *a, size_t *used, void *obj, const size_t *fields, size_t n,
                         uint32_t *str)
{
    for (size_t i = 0; i < n; i++) {
        const char **member = (const char **)((char *)obj + fields[i]);
        str[i] = 0;
        if (*member) {
            str[i] = arena_put(a, used, *member, strlen(*member));
            if (!str[i]) return false;
        }
        *member = NULL;
    }
    return true;
}

static void restore_strings(const struct arena *a, void *obj, const size_t *fields, size_t n,
                            const uint32_t *str)
{
    for (size_t i = 0; i < n; i++)
        *(const char **)((char *)obj + fields[i]) = arena_at(a, str[i]);
}

static bool keep_diag(struct kept *k, struct arena *a, size_t *used, const struct diag *d)
{
    k->is_game = false;
    k->u.d = *d;
    return keep_strings(a, used, &k->u.d, diag_strings, DIAG_STRINGS_NB, k->str);
}

static bool keep_game(struct kept *k, struct arena *a, size_t *used, const struct game_record *g)
{
    k->is_game = true;
    k->u.g = *g;
    return keep_strings(a, used, &k->u.g, game_strings, GAME_STRINGS_NB,
                        k->str);
}

static struct diag kept_diag(const struct kept *k, const struct arena *a)
{
    struct diag d = k->u.d;
    restore_strings(a, &d, diag_strings, DIAG_STRINGS_NB, k->str);
    return d;
}

static struct game_record kept_game(const struct kept *k, const struct arena *a)
{
    struct game_record g = k->u.g;
    restore_strings(a, &g, game_strings, GAME_STRINGS_NB, k->str);
    return g;
}

/* ---- output ------------------------------------------------------------ */

static struct kept *next_out(struct replay_batch *b)
{
    if (b->output_lost) return NULL;
    if (!reserve((void **)&b->out, &b->out_cap, b->nout, 1, sizeof *b->out)) {
        b->output_lost = true;
        return NULL;
    }
    return &b->out[b->nout];
}

/* Count the kept item in, or mark the output lost when it could not be kept. */
static void commit_out(struct replay_batch *b, bool kept, size_t used)
{
    if (!kept) {
        b->output_lost = true;
        return;
    }
    b->output_text.len += used;
    b->out[b->nout].moves_before = b->nmoves;
    b->nout++;
}

/* Keep a finding (d) or a game record (g). */
static void keep_output(struct replay_batch *b, const struct diag *d, const struct game_record *g)
{
    struct kept *k = next_out(b);
    if (!k) return;
    size_t used = 0;
    bool kept = d ? keep_diag(k, &b->output_text, &used, d) : keep_game(k, &b->output_text, &used, g);
    commit_out(b, kept, used);
}

void replay_batch_keep_diag(struct replay_batch *b, const struct diag *d)
{
    keep_output(b, d, NULL);
}

void replay_batch_keep_game(struct replay_batch *b, const struct game_record *g)
{
    keep_output(b, NULL, g);
}

void replay_batch_keep_move(struct replay_batch *b, const struct game_move *m)
{
    if (b->output_lost) return;
    if (!reserve((void **)&b->moves, &b->moves_cap, b->nmoves, 1, sizeof *b->moves)) {
        b->output_lost = true;
        return;
    }
    struct kept_move *k = &b->moves[b->nmoves++];
    k->offset = m->offset;
    k->fullmove = m->fullmove;
    k->side = (uint8_t)m->side;
    k->len = (uint8_t)(m->len < SAN_MAX ? m->len : SAN_MAX - 1);
    memcpy(k->san, m->san, k->len);
    k->san[k->len] = '\0';
}

/* The kept moves [from, to) to sink's move hook. */
static void deliver_moves(const struct replay_batch *b, const struct game_sink *sink, size_t from,
                          size_t to)
{
    if (!sink->move) return;
    for (size_t i = from; i < to; i++) {
        const struct kept_move *k = &b->moves[i];
        const struct game_move m = {k->offset, k->san, k->len, k->fullmove, k->side};
        sink->move(sink->ctx, &m);
    }
}

bool replay_batch_output_lost(const struct replay_batch *b)
{
    return b->output_lost;
}

void replay_batch_deliver(const struct replay_batch *b, const struct game_sink *sink)
{
    size_t moved = 0;
    for (size_t i = 0; i < b->nout; i++) {
        const struct kept *k = &b->out[i];
        deliver_moves(b, sink, moved, k->moves_before);
        moved = k->moves_before;
        if (k->is_game) {
            struct game_record g = kept_game(k, &b->output_text);
            sink->game(sink->ctx, &g);
        } else {
            struct diag d = kept_diag(k, &b->output_text);
            sink->diag(sink->ctx, &d);
        }
    }
    deliver_moves(b, sink, moved, b->nmoves);
}
