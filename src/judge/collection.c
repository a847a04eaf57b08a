/*
 * collection.c - duplicate games across a run (SPEC "Whole collections"), and
 * the dispatch of each game to the event checks (collection_event.c: rounds;
 * collection_players.c: who each player is).
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
 * - Ordinals number the run's games from 1 in input order; which file and
 *   game an ordinal is comes from the list of file segments (a segment: a
 *   run of consecutive games of one file).
 * - The index is the games' own records, one entry per ordinal in arrays
 *   indexed by ordinal - 1 (fingerprint; line; players; result and date) that
 *   grow by realloc, and a table of ordinals over them: open addressing with
 *   linear probing from the slot named by the fingerprint's upper half, at
 *   most 3/4 full (but at TABLE_MAX slots, more than there are ordinals),
 *   a slot empty when its ordinal is 0.  The table holds no key: a probe
 *   compares the whole 64-bit fingerprint of the entry it names, so two games
 *   whose fingerprints share the bits that chose their slot are never taken
 *   for copies.
 * - Entries [0, entries) are written; an entry whose game is not in the table
 *   (a copy of an earlier game, a game without moves or fingerprint) has
 *   NOT_INDEXED as its result code.  The table grows by half by freeing it
 *   and building the bigger one from the entries, so the old and the new
 *   table are never held together.
 * - A game's findings here reach emit before its record is reported.
 */
#include "judge/collection.h"

#include "judge/collection_internal.h"
#include "judge/game_record.h"

#include "diag/diag_control.h"
#include "diag/message_format.h"
#include "pgn/text_hash.h"

#include "i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An entry's aux: the result code (game_result_code(), 3 bits), then a hash of
 * Date (29 bits); NOT_INDEXED as the result code: the game is not in the
 * table. */
#define NOT_INDEXED 7u

/* Memory a game takes: its entry; a distinct game also a 4-byte slot of a
 * table at most 3/4 full (collection.h says the total). */
#define ENTRY_BYTES (sizeof(uint64_t) + 3 * sizeof(uint32_t))

/* The most slots: a slot is found by scaling 32 bits of a fingerprint, and
 * ordinals are 32-bit, so at most UINT32_MAX games are indexed and a table of
 * 2^32 slots always has an empty one. */
#define TABLE_MAX ((uint64_t)1 << 32)
_Static_assert(ENTRY_BYTES == 20, "20 bytes an entry (collection.h)");

struct segment {
    uint64_t first_ordinal;
    uint64_t first_game; /* the game index in its file of first_ordinal */
    char *file;
};

struct collection {
    enum collection_duplicates mode;
    bool strict;
    const struct diag_control *control;
    uint64_t ordinal; /* games seen */

    uint32_t *table;  /* ordinals; 0 = empty */
    size_t cap, used; /* cap <= TABLE_MAX, 0 before the first game; used: ordinals in it */
    bool stopped;     /* the index could not grow */

    /* the entries, by ordinal - 1 */
    uint64_t *fp;       /* fingerprint */
    uint32_t *line;     /* line where the game starts */
    uint32_t *players;  /* hash of White and Black */
    uint32_t *aux;      /* result code (3 bits), then a hash of Date (29 bits) */
    size_t entries, entries_cap;

    struct segment *segs;
    size_t nsegs, segs_cap;
    uint64_t last_game; /* game index of the last game seen */

    struct collection_event *event;
    struct collection_players *who; /* who each player is */
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
    c->event = collection_event_new(mode != COLLECTION_DUPLICATES_OFF);
    c->who = collection_players_new();
    if (!c->event || !c->who) {
        collection_event_free(c->event);
        collection_players_free(c->who);
        free(c);
        return NULL;
    }
    return c;
}

void collection_set_control(struct collection *c, const struct diag_control *ctl)
{
    c->control = ctl;
}

void collection_set_round_form(struct collection *c, enum collection_round_form form)
{
    collection_event_set_form(c->event, form);
}

static const char *const round_form_names[] = {"auto", "board", "game"};

const char *collection_round_form_name(enum collection_round_form form)
{
    return round_form_names[form];
}

bool collection_parse_round_form(const char *name, enum collection_round_form *form)
{
    for (int i = 0; i < 3; i++)
        if (strcmp(name, round_form_names[i]) == 0) {
            *form = (enum collection_round_form)i;
            return true;
        }
    return false;
}

void collection_free(struct collection *c)
{
    if (!c) return;
    for (size_t i = 0; i < c->nsegs; i++)
        free(c->segs[i].file);
    free(c->segs);
    free(c->table);
    free(c->fp);
    free(c->line);
    free(c->players);
    free(c->aux);
    collection_event_free(c->event);
    collection_players_free(c->who);
    free(c);
}

size_t collection_text_keep(struct collection_text *t, const char *s)
{
    size_t n = strlen(s) + 1;
    if (t->len + n > t->cap) {
        size_t cap = t->cap ? t->cap : 4096;
        while (cap < t->len + n)
            cap *= 2;
        char *p = realloc(t->p, cap);
        if (!p) return SIZE_MAX;
        t->p = p;
        t->cap = cap;
    }
    memcpy(t->p + t->len, s, n);
    t->len += n;
    return t->len - n;
}

uint32_t collection_hash_text(const char *s)
{
    return s ? (uint32_t)(text_hash(s, strlen(s)) >> 32) : 0;
}

/* A result's 3-bit code: game_result_code()'s, or RESULT_OTHER for a form
 * outside PGN's four ("1/2-0", "+/-": nonstandard-result), which contradicts
 * no other. */
#define RESULT_OTHER 5u

/* How a message names a result code (this game's own text for RESULT_OTHER
 * when it is known). */
static const char *result_text(unsigned code, const char *text)
{
    static const char *const results[] = {N_("no result"), "1-0", "0-1", "1/2-1/2", "*"};
    if (code == RESULT_OTHER) return text ? text : _("a result outside PGN's four");
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

/* The slot where the search for fingerprint fp starts: its upper half
 * scaled to [0, cap) (cap <= TABLE_MAX). */
static size_t home(const struct collection *c, uint64_t fp)
{
    return (size_t)(((fp >> 32) * (uint64_t)c->cap) >> 32);
}

static size_t next_slot(const struct collection *c, size_t j)
{
    return j + 1 == c->cap ? 0 : j + 1;
}

static void put(struct collection *c, uint32_t ordinal)
{
    size_t j = home(c, c->fp[ordinal - 1]);
    while (c->table[j])
        j = next_slot(c, j);
    c->table[j] = ordinal;
}

/* Whether the table must grow before one more game goes in. */
static bool full(const struct collection *c)
{
    return (c->used + 1) * 4 > c->cap * 3 && (uint64_t)c->cap < TABLE_MAX;
}

/* A table half as big again (growing by half keeps it 1/2 to 3/4 full,
 * doubling 3/8 to 3/4), built from the entries once the old one is freed
 * (invariants).  False: out of memory, and no table is left. */
static bool grow(struct collection *c)
{
    uint64_t want = c->cap ? (uint64_t)c->cap + c->cap / 2 : 1024;
    if (want > TABLE_MAX) want = TABLE_MAX;
    if (want > SIZE_MAX / sizeof *c->table) want = 0; /* calloc() says no */
    size_t cap = (size_t)want;
    free(c->table);
    c->table = cap ? calloc(cap, sizeof *c->table) : NULL;
    c->cap = c->table ? cap : 0;
    if (!c->table) return false;
    for (size_t i = 0; i < c->entries; i++)
        if ((c->aux[i] & 7) != NOT_INDEXED) put(c, (uint32_t)(i + 1));
    return true;
}

/* Room in each entry array for n entries.  False: out of memory. */
static bool reserve_entries(struct collection *c, size_t n)
{
    if (n <= c->entries_cap) return true;
    size_t cap = c->entries_cap ? 2 * c->entries_cap : 256;
    while (cap < n)
        cap *= 2;
    uint64_t *fp = realloc(c->fp, cap * sizeof *fp);
    if (fp) c->fp = fp;
    uint32_t *line = fp ? realloc(c->line, cap * sizeof *line) : NULL;
    if (line) c->line = line;
    uint32_t *players = line ? realloc(c->players, cap * sizeof *players) : NULL;
    if (players) c->players = players;
    uint32_t *aux = players ? realloc(c->aux, cap * sizeof *aux) : NULL;
    if (!aux) return false; /* the arrays that grew are kept: all hold entries_cap */
    c->aux = aux;
    c->entries_cap = cap;
    return true;
}

/* Write the entry of ordinal c->ordinal (and mark any before it not written
 * as not indexed).  False: out of memory. */
static bool write_entry(struct collection *c, uint64_t fp, uint32_t line, uint32_t players,
                        uint32_t aux)
{
    size_t at = (size_t)c->ordinal - 1;
    if (!reserve_entries(c, at + 1)) return false;
    for (; c->entries < at; c->entries++)
        c->aux[c->entries] = NOT_INDEXED;
    c->fp[at] = fp;
    c->line[at] = line;
    c->players[at] = players;
    c->aux[at] = aux;
    c->entries = at + 1;
    return true;
}

void collection_emit(struct collection *c, struct game_record *g, enum diag_code code,
                     enum diag_severity severity, const char *message, diag_fn emit, void *ctx)
{
    unsigned level = diag_control_level(c->control, code, severity);
    if (level == DIAG_LEVEL_OFF || (level == DIAG_NOTE && !c->strict)) return;
    severity = (enum diag_severity)level;
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
    unsigned result = game_result_code(g->result);
    if (!result && g->result) result = RESULT_OTHER;
    if (c->cap) {
        for (size_t j = home(c, g->fingerprint); c->table[j]; j = next_slot(c, j)) {
            uint32_t ordinal = c->table[j], e = ordinal - 1;
            if (c->fp[e] != g->fingerprint) continue; /* the whole fingerprint (invariants) */
            bool same_players = c->players[e] == players;
            if (c->mode == COLLECTION_DUPLICATES_STRICT &&
                (!same_players || (c->aux[e] >> 3) != date))
                continue; /* strict: another game with the same moves */
            if (!same_players && g->plies < COLLECTION_COPY_PLIES_MIN)
                continue; /* a short line between other players: a coincidence */
            const struct segment *seg = segment_of(c, ordinal);
            unsigned long long first =
                (unsigned long long)(seg->first_game + (ordinal - seg->first_ordinal));
            char where[600]; /* the file named only when it is another one */
            if (strcmp(seg->file, g->file ? g->file : "") == 0)
                message_format(where, sizeof where, _("game %llu (line %u)"), first,
                               (unsigned)c->line[e]);
            else
                message_format(where, sizeof where, _("game %llu of %s (line %u)"), first,
                               seg->file, (unsigned)c->line[e]);
            char message[900];
            unsigned first_result = c->aux[e] & 7;
            /* Two results contradict each other; "*" (unfinished) or none
             * contradicts nothing (a snapshot of a game still on). */
            if (first_result != result && first_result >= 1 && first_result <= 3 && result >= 1 &&
                result <= 3) {
                message_format(
                    message, sizeof message,
                    _("same start position and moves as %s, but that copy records %s and "
                      "this one %s: one of them is wrong"),
                    where, result_text(first_result, NULL), result_text(result, g->result));
                collection_emit(c, g, DIAG_CONFLICTING_DUPLICATE, DIAG_ERROR, message, emit, ctx);
            } else {
                /* one whole sentence for each case, for the translations */
                if (first_result == result)
                    message_format(message, sizeof message,
                                   same_players
                                       ? _("duplicate of %s: same start position and moves")
                                       : _("same start position and moves as %s, between "
                                           "other players"),
                                   where);
                else
                    message_format(message, sizeof message,
                                   same_players
                                       ? _("duplicate of %s: same start position and moves "
                                           "(recorded %s there, %s here)")
                                       : _("same start position and moves as %s, between other "
                                           "players (recorded %s there, %s here)"),
                                   where, result_text(first_result, NULL), result_text(result, g->result));
                collection_emit(c, g, DIAG_DUPLICATE_GAME, DIAG_WARNING, message, emit, ctx);
            }
            return;
        }
    }
    if (c->stopped) return;
    if (c->ordinal > UINT32_MAX || (full(c) && !grow(c)) ||
        !write_entry(c, g->fingerprint, g->line, players, (date << 3) | result)) {
        c->stopped = true;
        char message[200];
        message_format(message, sizeof message,
                       c->ordinal > UINT32_MAX
                           ? _("duplicate detection stopped at this game: more games than it can "
                               "number, after %llu distinct games")
                           : _("duplicate detection stopped at this game: out of memory after %llu "
                               "distinct games"),
                       (unsigned long long)c->used);
        collection_emit(c, g, DIAG_DUPLICATE_GAME, DIAG_WARNING, message, emit, ctx);
        return;
    }
    put(c, (uint32_t)c->ordinal);
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
    collection_players_game(c, c->who, g, collection_event_serial(c->event), emit, ctx);
}

void collection_get_stats(const struct collection *c, struct collection_stats *st)
{
    st->indexed = c->used;
    /* what is written: the arrays' room past the last entry is not (large
     * arrays are mapped pages, taken only when written) */
    st->index_bytes = (uint64_t)c->cap * sizeof *c->table + (uint64_t)c->entries * ENTRY_BYTES;
    for (size_t i = 0; i < c->nsegs; i++)
        st->index_bytes += sizeof(struct segment) + strlen(c->segs[i].file) + 1;
    st->index_stopped = c->stopped;
}
