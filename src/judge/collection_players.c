/*
 * collection_players.c - who each player is (issue 41, without a TRF): within
 * the games of one event (as collection_event.c bounds it: one Event and Site
 * following each other in one file), one FIDE ID under two names that do not
 * fit (player-id-conflict; names that fit but are written otherwise are
 * player-name-variant, a note), one name under two FIDE IDs
 * (player-id-conflict), a player's Elo or title that changes from game to game
 * (player-rating-change, player-title-change, notes, once per player); and in
 * any game, White and Black the same player (player-self-pairing: the same
 * FIDE ID, or names that fit as the same with no two IDs telling two namesakes
 * apart).  A malformed FIDE ID is reported at its tag (bad-fide-id,
 * game_end.c) and not used here.  Names are compared by judge/player_name.h.
 *
 * The state is the current event's players, one entry per name and FIDE ID
 * written (the name as written, the ID's digits, the first Elo and title and
 * the games they came from), found through two hash tables (by name, by ID) of
 * PLAYERS_SLOTS slots; at most COLLECTION_EVENT_PLAYERS_MAX entries, then a
 * note.  A game without WhiteFideId, BlackFideId, WhiteElo, BlackElo,
 * WhiteTitle and BlackTitle costs only the self-pairing test (a byte compare
 * and, when the letters agree, the name comparison).
 */
#include "judge/collection.h"

#include "chess/chess.h"
#include "judge/collection_internal.h"
#include "judge/game_record.h"
#include "judge/player_name.h"

#include "i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Slots of each table: twice the players, so a table is at most half full. */
#define PLAYERS_SLOTS (2 * COLLECTION_EVENT_PLAYERS_MAX)
_Static_assert((PLAYERS_SLOTS & (PLAYERS_SLOTS - 1)) == 0, "a power of two");

struct player {
    size_t name, id;   /* offsets into text; id SIZE_MAX when none */
    size_t elo, title; /* the first known ones, SIZE_MAX until one is seen */
    uint64_t game;     /* the first game with this name and ID */
    uint64_t elo_game, title_game;
    uint32_t line, elo_line, title_line;
    unsigned elo_year, title_year; /* of their games' Date; 0: unknown */
    uint32_t name_slot, id_slot;   /* where the tables name it (to clear them) */
    bool has_id_slot, elo_noted, title_noted;
};

struct collection_players {
    uint64_t event; /* the event the players are of */
    bool full_noted;
    struct player *players;
    size_t n, cap;
    uint16_t *by_name, *by_id; /* player index + 1; 0: empty */
    char *text;
    size_t text_len, text_cap;
};

struct collection_players *collection_players_new(void)
{
    return calloc(1, sizeof(struct collection_players));
}

void collection_players_free(struct collection_players *p)
{
    if (!p) return;
    free(p->players);
    free(p->by_name);
    free(p->by_id);
    free(p->text);
    free(p);
}

static bool known(const char *s)
{
    return s && s[0] && strcmp(s, "?") != 0 && strcmp(s, "-") != 0;
}

/* s without the spaces around it, into out (at most cap - 1 bytes); "" when
 * it says nothing ("?", "-", "0"). */
static const char *value(const char *s, char *out, size_t cap)
{
    out[0] = '\0';
    if (!s) return out;
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        n--;
    if (n >= cap) n = cap - 1;
    memcpy(out, s, n);
    out[n] = '\0';
    if (strcmp(out, "?") == 0 || strcmp(out, "-") == 0 || strcmp(out, "0") == 0) out[0] = '\0';
    return out;
}

static uint32_t slot_of(const char *s)
{
    return collection_hash_text(s) & (PLAYERS_SLOTS - 1);
}

/* Keep s in p's text; SIZE_MAX when out of memory. */
static size_t keep(struct collection_players *p, const char *s)
{
    size_t n = strlen(s) + 1;
    if (p->text_len + n > p->text_cap) {
        size_t cap = p->text_cap ? p->text_cap : 4096;
        while (cap < p->text_len + n)
            cap *= 2;
        char *t = realloc(p->text, cap);
        if (!t) return SIZE_MAX;
        p->text = t;
        p->text_cap = cap;
    }
    memcpy(p->text + p->text_len, s, n);
    p->text_len += n;
    return p->text_len - n;
}

static const char *text(const struct collection_players *p, size_t at)
{
    return at == SIZE_MAX ? "" : p->text + at;
}

/* Forget the last event's players: their slots cleared one by one. */
static void start_event(struct collection_players *p, uint64_t event)
{
    for (size_t i = 0; i < p->n; i++) {
        p->by_name[p->players[i].name_slot] = 0;
        if (p->players[i].has_id_slot) p->by_id[p->players[i].id_slot] = 0;
    }
    p->n = 0;
    p->text_len = 0;
    p->full_noted = false;
    p->event = event;
}

/* The entry of this name and ID (id "" for none), or NULL. */
static struct player *find(struct collection_players *p, const char *name, const char *id)
{
    if (!p->by_name) return NULL;
    for (uint32_t j = slot_of(name); p->by_name[j]; j = (j + 1) & (PLAYERS_SLOTS - 1)) {
        struct player *q = &p->players[p->by_name[j] - 1];
        if (strcmp(text(p, q->name), name) == 0 && strcmp(text(p, q->id), id) == 0) return q;
    }
    return NULL;
}

/* The first entry with this ID (names otherwise), or NULL. */
static const struct player *first_with_id(const struct collection_players *p, const char *id)
{
    if (!p->by_id) return NULL;
    for (uint32_t j = slot_of(id); p->by_id[j]; j = (j + 1) & (PLAYERS_SLOTS - 1)) {
        const struct player *q = &p->players[p->by_id[j] - 1];
        if (strcmp(text(p, q->id), id) == 0) return q;
    }
    return NULL;
}

/* The first entry of this name with an ID other than id, or NULL. */
static const struct player *first_other_id(const struct collection_players *p, const char *name,
                                           const char *id)
{
    if (!p->by_name) return NULL;
    for (uint32_t j = slot_of(name); p->by_name[j]; j = (j + 1) & (PLAYERS_SLOTS - 1)) {
        const struct player *q = &p->players[p->by_name[j] - 1];
        if (q->id != SIZE_MAX && strcmp(text(p, q->name), name) == 0 &&
            strcmp(text(p, q->id), id) != 0)
            return q;
    }
    return NULL;
}

/* A new entry for this name and ID, first seen in g; NULL when the event is
 * full (a note says so once) or out of memory. */
static struct player *add(struct collection *c, struct collection_players *p, struct game_record *g,
                          const char *name, const char *id, diag_fn emit, void *ctx)
{
    if (p->n == COLLECTION_EVENT_PLAYERS_MAX) {
        if (!p->full_noted) {
            p->full_noted = true;
            char message[300];
            snprintf(message, sizeof message,
                     _("this event has more than %d players with a FIDE ID, Elo or title: the "
                       "players after them are not checked"),
                     COLLECTION_EVENT_PLAYERS_MAX);
            collection_emit(c, g, DIAG_PLAYER_ID_CONFLICT, DIAG_NOTE, message, emit, ctx);
        }
        return NULL;
    }
    if (!p->by_name) {
        p->by_name = calloc(PLAYERS_SLOTS, sizeof *p->by_name);
        p->by_id = calloc(PLAYERS_SLOTS, sizeof *p->by_id);
        if (!p->by_name || !p->by_id) {
            free(p->by_name);
            free(p->by_id);
            p->by_name = p->by_id = NULL;
            return NULL;
        }
    }
    if (p->n == p->cap) {
        size_t cap = p->cap ? 2 * p->cap : 64;
        struct player *players = realloc(p->players, cap * sizeof *players);
        if (!players) return NULL;
        p->players = players;
        p->cap = cap;
    }
    struct player *q = &p->players[p->n];
    memset(q, 0, sizeof *q);
    q->name = keep(p, name);
    q->id = id[0] ? keep(p, id) : SIZE_MAX;
    if (q->name == SIZE_MAX || (id[0] && q->id == SIZE_MAX)) return NULL;
    q->elo = q->title = SIZE_MAX;
    q->game = g->game;
    q->line = g->line;
    uint16_t index = (uint16_t)(p->n + 1);
    uint32_t j = slot_of(name);
    while (p->by_name[j])
        j = (j + 1) & (PLAYERS_SLOTS - 1);
    p->by_name[j] = index;
    q->name_slot = j;
    if (id[0]) {
        for (j = slot_of(id); p->by_id[j]; j = (j + 1) & (PLAYERS_SLOTS - 1))
            ;
        p->by_id[j] = index;
        q->id_slot = j;
        q->has_id_slot = true;
    }
    p->n++;
    return q;
}

/* The year of a Date ("2026.05.02"), 0 when unknown. */
static unsigned year_of(const char *date)
{
    unsigned y = 0;
    for (int i = 0; i < 4; i++) {
        if (!date || date[i] < '0' || date[i] > '9') return 0;
        y = y * 10 + (unsigned)(date[i] - '0');
    }
    return y;
}

/* Elo and title of player q in game g against the first ones seen.  Only
 * games with a Round count (games without one are not rounds of an event:
 * online games, a club's games of a season), and a game of another year
 * (another edition of the event under the same name) starts again. */
static void check_details(struct collection *c, struct collection_players *p, struct player *q,
                          struct game_record *g, const char *name, const char *elo_tag,
                          const char *title_tag, diag_fn emit, void *ctx)
{
    char elo[32], title[32], message[1000];
    if (!known(g->round)) return;
    value(elo_tag, elo, sizeof elo);
    value(title_tag, title, sizeof title);
    unsigned year = year_of(g->date);
    if (elo[0] && q->elo != SIZE_MAX && year && q->elo_year && year != q->elo_year)
        q->elo = SIZE_MAX, q->elo_noted = false;
    if (title[0] && q->title != SIZE_MAX && year && q->title_year && year != q->title_year)
        q->title = SIZE_MAX, q->title_noted = false;
    if (elo[0] && q->elo == SIZE_MAX) {
        q->elo_year = year;
        q->elo = keep(p, elo);
        q->elo_game = g->game;
        q->elo_line = g->line;
    } else if (elo[0] && !q->elo_noted && strcmp(elo, text(p, q->elo)) != 0) {
        q->elo_noted = true;
        snprintf(message, sizeof message,
                 _("%s is rated %s here but %s in game %llu (line %u) of the same event"), name,
                 elo, text(p, q->elo), (unsigned long long)q->elo_game, (unsigned)q->elo_line);
        collection_emit(c, g, DIAG_PLAYER_RATING_CHANGE, DIAG_NOTE, message, emit, ctx);
    }
    if (title[0] && q->title == SIZE_MAX) {
        q->title_year = year;
        q->title = keep(p, title);
        q->title_game = g->game;
        q->title_line = g->line;
    } else if (title[0] && !q->title_noted && strcasecmp(title, text(p, q->title)) != 0) {
        q->title_noted = true;
        snprintf(message, sizeof message,
                 _("%s has the title %s here but %s in game %llu (line %u) of the same event"),
                 name, title, text(p, q->title), (unsigned long long)q->title_game,
                 (unsigned)q->title_line);
        collection_emit(c, g, DIAG_PLAYER_TITLE_CHANGE, DIAG_NOTE, message, emit, ctx);
    }
}

/* One side of game g: its player against the event's. */
static void check_side(struct collection *c, struct collection_players *p, struct game_record *g,
                       const char *name, const char *id_tag, const char *elo, const char *title,
                       diag_fn emit, void *ctx)
{
    if (!known(name)) return;
    char id[PLAYER_FIDE_ID_DIGITS_MAX + 1];
    if (!id_tag || player_fide_id(id_tag, strlen(id_tag), id) != PLAYER_FIDE_ID_VALID)
        id[0] = '\0'; /* none, or malformed: bad-fide-id at the tag */
    struct player *q = find(p, name, id);
    if (!q) {
        char message[1200];
        const struct player *other = id[0] ? first_with_id(p, id) : NULL;
        const struct player *twin = id[0] && !other ? first_other_id(p, name, id) : NULL;
        if (twin && twin->game == g->game) twin = NULL; /* namesakes facing each other */
        if (other) {
            const char *was = text(p, other->name);
            enum player_name_fit fit = player_name_fit(name, strlen(name), was, strlen(was));
            if (fit == PLAYER_NAME_DIFFERENT) {
                snprintf(message, sizeof message,
                         _("FIDE ID %s is %s here but %s in game %llu (line %u): one of the two "
                           "is wrong"),
                         id, name, was, (unsigned long long)other->game, (unsigned)other->line);
                collection_emit(c, g, DIAG_PLAYER_ID_CONFLICT, DIAG_WARNING, message, emit, ctx);
            } else {
                snprintf(message, sizeof message,
                         _("%s here and %s in game %llu (line %u) have the same FIDE ID %s: one "
                           "player, written two ways"),
                         name, was, (unsigned long long)other->game, (unsigned)other->line, id);
                collection_emit(c, g, DIAG_PLAYER_NAME_VARIANT, DIAG_NOTE, message, emit, ctx);
            }
        } else if (twin) {
            snprintf(message, sizeof message,
                     _("%s has FIDE ID %s here but %s in game %llu (line %u): one of the two IDs "
                       "is wrong, or they are two players of the same name"),
                     name, id, text(p, twin->id), (unsigned long long)twin->game,
                     (unsigned)twin->line);
            collection_emit(c, g, DIAG_PLAYER_ID_CONFLICT, DIAG_WARNING, message, emit, ctx);
        }
        q = add(c, p, g, name, id, emit, ctx);
        if (!q) return;
    }
    check_details(c, p, q, g, name, elo, title, emit, ctx);
}

/* Names that stand for nobody in particular, normalised. */
static bool placeholder(const char *name)
{
    static const char *const nobody[] = {"nn",    "n n",      "",       "unknown", "anonymous",
                                         "human", "computer", "player", "white",   "black"};
    char n[32];
    player_name_normalise(name, strlen(name), n, sizeof n);
    for (size_t i = 0; i < sizeof nobody / sizeof *nobody; i++)
        if (strcmp(n, nobody[i]) == 0) return true;
    return false;
}

/* White and Black the same player (any game, in an event or not); true when
 * they have the same FIDE ID (said here, not again as two names of one ID). */
static bool check_self(struct collection *c, struct game_record *g, diag_fn emit, void *ctx)
{
    const char *w = g->white, *b = g->black;
    char wid[PLAYER_FIDE_ID_DIGITS_MAX + 1] = "", bid[PLAYER_FIDE_ID_DIGITS_MAX + 1] = "";
    if (UNLIKELY(g->white_fide_id || g->black_fide_id)) {
        if (g->white_fide_id &&
            player_fide_id(g->white_fide_id, strlen(g->white_fide_id), wid) != PLAYER_FIDE_ID_VALID)
            wid[0] = '\0';
        if (g->black_fide_id &&
            player_fide_id(g->black_fide_id, strlen(g->black_fide_id), bid) != PLAYER_FIDE_ID_VALID)
            bid[0] = '\0';
    }
    char message[1200];
    if (wid[0] && strcmp(wid, bid) == 0) {
        snprintf(message, sizeof message,
                 _("White and Black have the same FIDE ID %s (%s - %s): a player cannot play "
                   "themself"),
                 wid, known(w) ? w : "?", known(b) ? b : "?");
        collection_emit(c, g, DIAG_PLAYER_SELF_PAIRING, DIAG_WARNING, message, emit, ctx);
        return true;
    }
    if (!known(w) || !known(b) || (wid[0] && bid[0])) return false; /* two IDs: two namesakes */
    size_t wl = strlen(w), bl = strlen(b);
    if (!player_name_may_be_same(w, wl, b, bl) ||
        player_name_fit(w, wl, b, bl) != PLAYER_NAME_SAME || placeholder(w))
        return false;
    snprintf(message, sizeof message,
             strcmp(w, b) == 0 ? _("White and Black are the same player, %s: a player cannot "
                                   "play themself")
                               : _("White and Black are the same player, %s and %s: a player "
                                   "cannot play themself"),
             w, b);
    collection_emit(c, g, DIAG_PLAYER_SELF_PAIRING, DIAG_WARNING, message, emit, ctx);
    return false;
}

void collection_players_game(struct collection *c, struct collection_players *p,
                             struct game_record *g, uint64_t event, diag_fn emit, void *ctx)
{
    bool one_id = check_self(c, g, emit, ctx);
    if (LIKELY(!g->white_fide_id && !g->black_fide_id && !g->white_elo && !g->black_elo &&
               !g->white_title && !g->black_title))
        return;
    if (!event) return; /* no event: nothing to compare with */
    if (event != p->event) start_event(p, event);
    check_side(c, p, g, g->white, g->white_fide_id, g->white_elo, g->white_title, emit, ctx);
    if (!one_id)
        check_side(c, p, g, g->black, g->black_fide_id, g->black_elo, g->black_title, emit, ctx);
}
