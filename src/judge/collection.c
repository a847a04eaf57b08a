/*
 * collection.c - duplicate games across a run (SPEC "Whole collections"), and
 * the dispatch of each game to the event check (collection_event.c).
 *
 * A duplicate is a game whose start position and main line equal an earlier
 * game's: their fingerprints (game_record.h: a hash of the sequence of FIDE
 * 9.2.2 position keys from the start, and the number of main-line moves)
 * agree.  The copies disagreeing on the result is an error
 * (conflicting-duplicate): one of them is wrong.  --duplicates=strict asks
 * also the same White, Black and Date of a duplicate.  A game without moves (a
 * forfeit, a bye) is no copy of another.
 *
 * Invariants:
 * - The index is open addressing with linear probing, at most 3/4 full,
 *   doubled when it would be fuller; a slot is empty when its ordinal is 0.
 * - Ordinals number the run's games from 1 in input order; which file and
 *   game an ordinal is comes from the list of file segments (a segment: a
 *   run of consecutive games of one file).
 * - A game's findings here reach emit before its record is reported.
 */
#include "judge/collection.h"

#include "judge/collection_internal.h"
#include "judge/game_record.h"

#include "i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct dup_slot {
    uint64_t fingerprint;
    uint32_t ordinal; /* 1-based place of the first copy in the run; 0 = empty */
    uint32_t line;    /* line where that game starts */
    uint32_t players; /* hash of White and Black */
    uint32_t aux;     /* result (3 bits), then a hash of Date (29 bits) */
};
_Static_assert(sizeof(struct dup_slot) == 24, "24 bytes a slot (collection.h)");

struct segment {
    uint64_t first_ordinal;
    uint64_t first_game; /* the game index in its file of first_ordinal */
    char *file;
};

struct collection {
    enum collection_duplicates mode;
    bool strict;
    uint64_t ordinal; /* games seen */

    struct dup_slot *slots;
    size_t cap, used; /* cap a power of two, or 0 */
    bool stopped;     /* the index could not grow */

    struct segment *segs;
    size_t nsegs, segs_cap;
    uint64_t last_game; /* game index of the last game seen */

    struct collection_event *event;
};

static const char *const duplicates_names[] = {"off", "moves", "strict"};

const char *collection_duplicates_name(enum collection_duplicates mode)
{
    return duplicates_names[mode];
}

bool collection_parse_duplicates(const char *name, enum collection_duplicates *mode)
{
    const char *const *names = duplicates_names;
    for (int i = 0; i < 3; i++)
        if (strcmp(name, names[i]) == 0) {
            *mode = (enum collection_duplicates)i;
            return true;
        }
    return false;
}

struct collection *collection_new(enum collection_duplicates mode, bool strict)
{
    struct collection *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->mode = mode;
    c->strict = strict;
    c->event = collection_event_new();
    if (!c->event) {
        free(c);
        return NULL;
    }
    return c;
}

void collection_free(struct collection *c)
{
    if (!c) return;
    for (size_t i = 0; i < c->nsegs; i++)
        free(c->segs[i].file);
    free(c->segs);
    free(c->slots);
    collection_event_free(c->event);
    free(c);
}

uint32_t collection_hash_text(const char *s)
{
    return s ? (uint32_t)(game_text_hash(0xcbf29ce484222325ull, s, strlen(s)) >> 32) : 0;
}

static unsigned result_code(const char *r)
{
    static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "*"};
    for (unsigned i = 0; r && i < 4; i++)
        if (strcmp(r, results[i]) == 0) return i + 1;
    return 0;
}

static const char *result_text(unsigned code)
{
    static const char *const results[] = {N_("no result"), "1-0", "0-1", "1/2-1/2", "*"};
    return code == 0 ? _(results[0]) : code < 5 ? results[code] : "?";
}

/* ---- where an ordinal is ------------------------------------------------ */

/* Record that g (the next game, ordinal c->ordinal) starts a new segment when
 * its file or numbering differ from the last game's.  False: out of memory. */
static bool note_segment(struct collection *c, const struct game_record *g)
{
    const char *file = g->file ? g->file : "";
    struct segment *last = c->nsegs ? &c->segs[c->nsegs - 1] : NULL;
    if (last && g->game == c->last_game + 1 && strcmp(last->file, file) == 0) {
        c->last_game = g->game;
        return true;
    }
    if (c->nsegs == c->segs_cap) {
        size_t cap = c->segs_cap ? 2 * c->segs_cap : 16;
        struct segment *s = realloc(c->segs, cap * sizeof *s);
        if (!s) return false;
        c->segs = s;
        c->segs_cap = cap;
    }
    char *copy = strdup(file);
    if (!copy) return false;
    c->segs[c->nsegs++] = (struct segment){c->ordinal, g->game, copy};
    c->last_game = g->game;
    return true;
}

static const struct segment *segment_of(const struct collection *c, uint64_t ordinal)
{
    size_t lo = 0, hi = c->nsegs; /* the last segment with first_ordinal <= ordinal */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (c->segs[mid].first_ordinal <= ordinal)
            lo = mid;
        else
            hi = mid;
    }
    return &c->segs[lo];
}

/* ---- the index ---------------------------------------------------------- */

static bool grow(struct collection *c)
{
    size_t cap = c->cap ? 2 * c->cap : 1024;
    struct dup_slot *slots = calloc(cap, sizeof *slots);
    if (!slots) return false;
    for (size_t i = 0; i < c->cap; i++) {
        if (!c->slots[i].ordinal) continue;
        size_t j = (size_t)(c->slots[i].fingerprint >> 7) & (cap - 1);
        while (slots[j].ordinal)
            j = (j + 1) & (cap - 1);
        slots[j] = c->slots[i];
    }
    free(c->slots);
    c->slots = slots;
    c->cap = cap;
    return true;
}

void collection_emit(struct collection *c, struct game_record *g, enum diag_code code,
                     enum diag_severity severity, const char *message, diag_fn emit, void *ctx)
{
    if (severity == DIAG_NOTE && !c->strict) return;
    struct diag d;
    struct src_loc loc = {g->offset, g->line, 1};
    diag_init(&d, code, &loc, message);
    d.severity = severity;
    d.file = g->file;
    d.game = g->game;
    d.event = g->event;
    d.white = g->white;
    d.black = g->black;
    d.round = g->round;
    if (severity == DIAG_ERROR)
        g->errors++;
    else if (severity == DIAG_WARNING)
        g->warnings++;
    else
        g->notes++;
    emit(ctx, &d);
}

static void check_duplicate(struct collection *c, struct game_record *g, diag_fn emit, void *ctx)
{
    /* A game without moves (a forfeit, a bye) has nothing to compare. */
    if (!g->has_fingerprint || g->plies == 0) return;
    uint32_t players =
        collection_hash_text(g->white) * 31u + collection_hash_text(g->black);
    uint32_t date = collection_hash_text(g->date) >> 3;
    unsigned result = result_code(g->result);
    if (c->cap) {
        for (size_t j = (size_t)(g->fingerprint >> 7) & (c->cap - 1); c->slots[j].ordinal;
             j = (j + 1) & (c->cap - 1)) {
            const struct dup_slot *s = &c->slots[j];
            if (s->fingerprint != g->fingerprint) continue;
            bool same_players = s->players == players;
            if (c->mode == COLLECTION_DUPLICATES_STRICT &&
                (!same_players || (s->aux >> 3) != date))
                continue; /* strict: another game with the same moves */
            const struct segment *seg = segment_of(c, s->ordinal);
            unsigned long long first = (unsigned long long)(seg->first_game +
                                                             (s->ordinal - seg->first_ordinal));
            char where[600]; /* the file named only when it is another one */
            if (strcmp(seg->file, g->file ? g->file : "") == 0)
                snprintf(where, sizeof where, _("game %llu (line %u)"), first, (unsigned)s->line);
            else
                snprintf(where, sizeof where, _("game %llu of %s (line %u)"), first, seg->file,
                         (unsigned)s->line);
            char message[900];
            unsigned first_result = s->aux & 7;
            /* Two results contradict each other; "*" (unfinished) or none
             * contradicts nothing (a snapshot of a game still on). */
            if (first_result != result && first_result >= 1 && first_result <= 3 && result >= 1 &&
                result <= 3) {
                snprintf(message, sizeof message,
                         _("same start position and moves as %s, but that copy records %s and "
                           "this one %s: one of them is wrong"),
                         where, result_text(first_result), result_text(result));
                collection_emit(c, g, DIAG_CONFLICTING_DUPLICATE, DIAG_ERROR, message, emit, ctx);
            } else {
                /* one whole sentence for each case, for the translations */
                if (first_result == result)
                    snprintf(message, sizeof message,
                             same_players ? _("duplicate of %s: same start position and moves")
                                          : _("same start position and moves as %s, between "
                                              "other players"),
                             where);
                else
                    snprintf(message, sizeof message,
                             same_players
                                 ? _("duplicate of %s: same start position and moves "
                                     "(recorded %s there, %s here)")
                                 : _("same start position and moves as %s, between other "
                                     "players (recorded %s there, %s here)"),
                             where, result_text(first_result), result_text(result));
                collection_emit(c, g, DIAG_DUPLICATE_GAME, DIAG_WARNING, message, emit, ctx);
            }
            return;
        }
    }
    if (c->stopped) return;
    if (c->ordinal > UINT32_MAX || ((c->used + 1) * 4 > c->cap * 3 && !grow(c))) {
        c->stopped = true;
        char message[200];
        snprintf(message, sizeof message,
                 c->ordinal > UINT32_MAX
                     ? _("duplicate detection stopped at this game: more games than it can "
                         "number, after %llu distinct games")
                     : _("duplicate detection stopped at this game: out of memory after %llu "
                         "distinct games"),
                 (unsigned long long)c->used);
        collection_emit(c, g, DIAG_DUPLICATE_GAME, DIAG_WARNING, message, emit, ctx);
        return;
    }
    size_t j = (size_t)(g->fingerprint >> 7) & (c->cap - 1);
    while (c->slots[j].ordinal)
        j = (j + 1) & (c->cap - 1);
    c->slots[j] = (struct dup_slot){g->fingerprint, (uint32_t)c->ordinal, g->line, players,
                                    (date << 3) | result};
    c->used++;
}

void collection_game(struct collection *c, struct game_record *g, diag_fn emit, void *ctx)
{
    c->ordinal++;
    if (c->mode != COLLECTION_DUPLICATES_OFF && !c->stopped && !note_segment(c, g)) {
        c->stopped = true;
        collection_emit(c, g, DIAG_DUPLICATE_GAME, DIAG_WARNING,
                        _("duplicate detection stopped at this game: out of memory"), emit,
                        ctx);
    }
    if (c->mode != COLLECTION_DUPLICATES_OFF && !c->stopped) check_duplicate(c, g, emit, ctx);
    collection_event_game(c, c->event, g, emit, ctx);
}

void collection_get_stats(const struct collection *c, struct collection_stats *st)
{
    st->indexed = c->used;
    st->index_bytes = (uint64_t)c->cap * sizeof(struct dup_slot);
    for (size_t i = 0; i < c->nsegs; i++)
        st->index_bytes += sizeof(struct segment) + strlen(c->segs[i].file) + 1;
    st->index_stopped = c->stopped;
}
