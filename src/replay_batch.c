/*
 * replay_batch.c - a run of whole games recorded for replay on another
 * thread, and the output of that replay (see replay_batch.h).
 *
 * Layout: the input is an array of fixed-size records in arrival order; the
 * text of events (SAN, comments, tag names and values) and every string of a
 * kept diagnostic or game record lives in byte arenas, referred to by offset
 * (the arenas move when they grow).  String offsets are stored plus one, so 0
 * stands for NULL.  Every string is stored NUL-terminated.  An event's string
 * pointers are set from its offsets when it is replayed, once the arena no
 * longer moves.
 *
 * Invariants: records refer only to arena bytes below the arena's length; a
 * failed addition leaves the batch as it was (lengths are committed last).
 */
#include "replay_batch.h"

#include "chess.h"
#include "diag.h"
#include "game.h" /* struct game_sink */
#include "pgn_parse.h"
#include "report.h"

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

enum rec_kind { REC_EVENT, REC_PARSER_DIAG, REC_FILE, REC_FINDING };

/* One item of the input, 48 bytes.  REC_EVENT: the event's fields; its text
 * (when it has one) at `text` in the arena, its name (TAG) right after the
 * text's NUL.  REC_PARSER_DIAG, REC_FINDING: `number` is the index of the
 * kept diagnostic.  REC_FILE: `text` is the input's name.  Small records keep
 * a batch in the cache it is written from and read from. */
enum { REC_HAS_TEXT = 1, REC_HAS_NAME = 2, REC_HAS_RESULT = 4 };
struct rec {
    uint64_t offset, game;
    uint32_t line, column;
    uint32_t text; /* offset + 1 in the arena */
    uint32_t len;
    uint32_t number;
    uint32_t dots; /* any count of periods the lexer read */
    uint16_t depth;
    uint8_t kind, type, flags, name_len;
};
_Static_assert(sizeof(struct rec) <= 48, "a record per move: keep it small");
_Static_assert(PGN_PARSE_TAG_NAME_MAX <= UINT8_MAX, "name_len holds a tag name's length");
_Static_assert(PGN_PARSE_RAV_DEPTH_MAX <= UINT16_MAX, "depth holds a variation depth");

/* The string members of the kept structures, by offset; a kept copy has them
 * NULL and their string offsets in str[]. */
static const size_t diag_strings[] = {
    offsetof(struct diag, message), offsetof(struct diag, file),  offsetof(struct diag, san),
    offsetof(struct diag, event),   offsetof(struct diag, white), offsetof(struct diag, black),
    offsetof(struct diag, round),   offsetof(struct diag, fen),
};
static const size_t game_strings[] = {
    offsetof(struct game_record, file),  offsetof(struct game_record, event),
    offsetof(struct game_record, white), offsetof(struct game_record, black),
    offsetof(struct game_record, round), offsetof(struct game_record, result),
};
#define KEPT_STRINGS_MAX (sizeof diag_strings / sizeof *diag_strings)

struct kept {
    bool is_game;
    union {
        struct diag d;
        struct game_record g;
    } u;
    uint32_t str[KEPT_STRINGS_MAX];
};

struct replay_batch {
    struct rec *recs;
    size_t nrecs, recs_cap;
    struct kept *in_diags; /* parser diagnostics and file-level findings */
    size_t nin, in_cap;
    struct arena input_text;
    size_t input_bytes; /* what the three above hold */

    struct kept *out; /* findings and game records of the replay */
    size_t nout, out_cap;
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
    free(b->recs);
    free(b->in_diags);
    free(b->input_text.p);
    free(b->out);
    free(b->output_text.p);
    free(b);
}

void replay_batch_clear(struct replay_batch *b)
{
    b->nrecs = b->nin = b->nout = 0;
    b->input_bytes = 0;
    b->input_text.len = b->output_text.len = 0;
    b->output_lost = false;
}

size_t replay_batch_input_bytes(const struct replay_batch *b)
{
    return b->input_bytes;
}

bool replay_batch_is_empty(const struct replay_batch *b)
{
    return b->nrecs == 0;
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
    return keep_strings(a, used, &k->u.d, diag_strings, KEPT_STRINGS_MAX, k->str);
}

static bool keep_game(struct kept *k, struct arena *a, size_t *used, const struct game_record *g)
{
    k->is_game = true;
    k->u.g = *g;
    return keep_strings(a, used, &k->u.g, game_strings, sizeof game_strings / sizeof *game_strings,
                        k->str);
}

static struct diag kept_diag(const struct kept *k, const struct arena *a)
{
    struct diag d = k->u.d;
    restore_strings(a, &d, diag_strings, KEPT_STRINGS_MAX, k->str);
    return d;
}

static struct game_record kept_game(const struct kept *k, const struct arena *a)
{
    struct game_record g = k->u.g;
    restore_strings(a, &g, game_strings, sizeof game_strings / sizeof *game_strings, k->str);
    return g;
}

/* ---- recording the input ----------------------------------------------- */

static struct rec *next_rec(struct replay_batch *b)
{
    if (UNLIKELY(b->nrecs == b->recs_cap) &&
        !reserve((void **)&b->recs, &b->recs_cap, b->nrecs, 1, sizeof *b->recs))
        return NULL;
    return &b->recs[b->nrecs];
}

/* Copy len bytes and a NUL to the arena's end; its reference (offset + 1).
 * The caller has reserved the room. */
static uint32_t arena_push(struct arena *a, const char *s, size_t len)
{
    char *dst = a->p + a->len;
    memcpy(dst, s, len);
    dst[len] = '\0';
    uint32_t ref = (uint32_t)(a->len + 1);
    a->len += len + 1;
    return ref;
}

/* Per move of every game: one record, one copy of the token. */
bool replay_batch_add_event(struct replay_batch *b, const struct pgn_event *ev)
{
    struct rec *r = next_rec(b);
    size_t need = ev->len + 1 + (ev->name ? ev->name_len + 1 : 0);
    /* name_len and depth fit by the parser's limits (asserted above). */
    if (UNLIKELY(!r) || UNLIKELY(ev->len > UINT32_MAX - 2) ||
        (UNLIKELY(b->input_text.len + need > b->input_text.cap) &&
         !reserve((void **)&b->input_text.p, &b->input_text.cap, b->input_text.len, need, 1)))
        return false;
    r->offset = ev->loc.offset;
    r->game = ev->game;
    r->line = ev->loc.line;
    r->column = ev->loc.column;
    r->len = (uint32_t)ev->len;
    r->number = ev->number;
    r->depth = (uint16_t)ev->depth;
    r->kind = REC_EVENT;
    r->type = (uint8_t)ev->type;
    r->dots = ev->dots;
    r->flags = (uint8_t)((ev->text != NULL) * REC_HAS_TEXT | (ev->name != NULL) * REC_HAS_NAME |
                         ev->has_result * REC_HAS_RESULT);
    r->name_len = (uint8_t)ev->name_len;
    r->text = arena_push(&b->input_text, ev->text ? ev->text : "", ev->len);
    if (ev->name) arena_push(&b->input_text, ev->name, ev->name_len);
    b->input_bytes += sizeof *r + need;
    b->nrecs++;
    return true;
}

static bool add_diag(struct replay_batch *b, enum rec_kind kind, const struct diag *d)
{
    struct rec *r = next_rec(b);
    if (!r || !reserve((void **)&b->in_diags, &b->in_cap, b->nin, 1, sizeof *b->in_diags))
        return false;
    size_t used = 0;
    if (!keep_diag(&b->in_diags[b->nin], &b->input_text, &used, d)) return false;
    memset(r, 0, sizeof *r);
    r->kind = (uint8_t)kind;
    r->number = (uint32_t)b->nin++;
    b->input_text.len += used;
    b->input_bytes += sizeof *r + sizeof *b->in_diags + used;
    b->nrecs++;
    return true;
}

bool replay_batch_add_parser_diag(struct replay_batch *b, const struct diag *d)
{
    return add_diag(b, REC_PARSER_DIAG, d);
}

bool replay_batch_add_finding(struct replay_batch *b, const struct diag *d)
{
    return add_diag(b, REC_FINDING, d);
}

bool replay_batch_add_file(struct replay_batch *b, const char *name)
{
    struct rec *r = next_rec(b);
    size_t used = 0;
    uint32_t text;
    if (!r || !(text = arena_put(&b->input_text, &used, name, strlen(name)))) return false;
    memset(r, 0, sizeof *r);
    r->text = text;
    r->kind = REC_FILE;
    b->input_text.len += used;
    b->input_bytes += sizeof *r + used;
    b->nrecs++;
    return true;
}

/* ---- replay ------------------------------------------------------------ */

static const struct pgn_event *rec_event(const struct replay_batch *b, const struct rec *r,
                                         struct pgn_event *ev)
{
    const char *text = arena_at(&b->input_text, r->text);
    *ev = (struct pgn_event){
        .type = (enum pgn_event_type)r->type,
        .loc = {.offset = r->offset, .line = r->line, .column = r->column},
        .text = r->flags & REC_HAS_TEXT ? text : NULL,
        .len = r->len,
        .name = r->flags & REC_HAS_NAME ? text + r->len + 1 : NULL,
        .name_len = r->name_len,
        .number = r->number,
        .dots = r->dots,
        .game = r->game,
        .depth = r->depth,
        .has_result = (r->flags & REC_HAS_RESULT) != 0,
    };
    return ev;
}

const struct pgn_event *replay_batch_next_event(struct replay_cursor *c,
                                                const struct replay_target *t)
{
    const struct replay_batch *b = c->batch;
    while (c->next < b->nrecs) {
        const struct rec *r = &b->recs[c->next++];
        switch ((enum rec_kind)r->kind) {
        case REC_EVENT:
            return rec_event(b, r, &c->ev);
        case REC_FILE: t->file(t->ctx, arena_at(&b->input_text, r->text)); break;
        case REC_PARSER_DIAG:
        case REC_FINDING: {
            struct diag d = kept_diag(&b->in_diags[r->number], &b->input_text);
            (r->kind == REC_FINDING ? t->finding : t->parser_diag)(t->ctx, &d);
            break;
        }
        }
    }
    return NULL;
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

bool replay_batch_output_lost(const struct replay_batch *b)
{
    return b->output_lost;
}

void replay_batch_deliver(const struct replay_batch *b, const struct game_sink *sink)
{
    for (size_t i = 0; i < b->nout; i++) {
        const struct kept *k = &b->out[i];
        if (k->is_game) {
            struct game_record g = kept_game(k, &b->output_text);
            sink->game(sink->ctx, &g);
        } else {
            struct diag d = kept_diag(k, &b->output_text);
            sink->diag(sink->ctx, &d);
        }
    }
}
