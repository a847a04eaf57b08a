/*
 * collection_players.c - who each player is (issue 41, without a TRF): within
 * the games of one event (as collection_event.c bounds it: one Event and Site
 * following each other in one file), one FIDE ID under two names that do not
 * fit (player-id-conflict; names that fit but are written otherwise are
 * player-name-variant, a note), one name under two FIDE IDs
 * (player-id-conflict), a player's Elo or title that changes from game to game
 * (player-rating-change, player-title-change, notes, once per player); and in
 * any game, White and Black the same player (player-self-pairing: the same
 * FIDE ID, or names alike letter for letter that fit as one, with no two IDs
 * telling two namesakes apart; both names of a game come from one program, so
 * another word order is not looked for).  A malformed FIDE ID is reported at
 * its tag (bad-fide-id, game_end.c) and not used here.  Names are compared by
 * judge/player_name.h.
 *
 * The state is the current event's players, one entry per name and FIDE ID
 * written (the name as written, the ID's digits, the first Elo and title and
 * the games they came from), found through two hash tables (by name, by ID) of
 * PLAYERS_SLOTS slots; at most COLLECTION_EVENT_PLAYERS_MAX entries, then a
 * note.  A game without WhiteFideId, BlackFideId, WhiteElo, BlackElo,
 * WhiteTitle and BlackTitle costs only the self-pairing test (the names'
 * letters compared up to the first that differs; the name comparison only
 * when all agree).
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

/* A player's Elo or title: the first known one and the game it came from. */
struct detail {
    size_t at; /* offset into text; SIZE_MAX until one is seen */
    uint64_t game;
    uint32_t line;
    unsigned year; /* of the game's Date; 0: unknown */
    bool noted;    /* a change has been said */
};

struct player {
    size_t name, id; /* offsets into text; id SIZE_MAX when none */
    uint64_t game;   /* the first game with this name and ID */
    uint32_t line;
    struct detail elo, title;
    uint32_t name_slot, id_slot; /* where the tables name it (to clear them) */
    bool has_id_slot;
};

struct collection_players {
    uint64_t event; /* the event the players are of */
    bool full_noted;
    struct player *players;
    size_t n, cap;
    uint16_t *by_name, *by_id; /* player index + 1; 0: empty */
    struct collection_text text;
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
    free(p->text.p);
    free(p);
}

/* A value that says something: not absent, empty, "?" or "-". */
static bool known(const char *s)
{
    return s && s[0] && !((s[0] == '?' || s[0] == '-') && !s[1]);
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

static size_t keep(struct collection_players *p, const char *s)
{
    return collection_text_keep(&p->text, s);
}

static const char *text(const struct collection_players *p, size_t at)
{
    return at == SIZE_MAX ? "" : p->text.p + at;
}

/* Forget the last event's players: their slots cleared one by one. */
static void start_event(struct collection_players *p, uint64_t event)
{
    for (size_t i = 0; i < p->n; i++) {
        p->by_name[p->players[i].name_slot] = 0;
        if (p->players[i].has_id_slot) p->by_id[p->players[i].id_slot] = 0;
    }
    p->n = 0;
    p->text.len = 0;
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
    q->elo.at = q->title.at = SIZE_MAX;
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

/* Detail d (an Elo or a title) of a player now `value` in game g: kept when it
 * is the first, else a note (code, fmt: name, value, first value, game, line)
 * the first time it differs.  A game of another year (another edition of the
 * event under the same name) starts again. */
static void check_detail(struct collection *c, struct collection_players *p, struct detail *d,
                         struct game_record *g, const char *name, const char *value, bool any_case,
                         enum diag_code code, const char *fmt, diag_fn emit, void *ctx)
{
    if (!value[0]) return;
    unsigned year = year_of(g->date);
    if (d->at != SIZE_MAX && year && d->year && year != d->year) d->at = SIZE_MAX;
    if (d->at == SIZE_MAX) {
        *d = (struct detail){keep(p, value), g->game, g->line, year, false};
        return;
    }
    const char *first = text(p, d->at);
    if (d->noted || (any_case ? strcasecmp(value, first) : strcmp(value, first)) == 0) return;
    d->noted = true;
    char message[1000];
    snprintf(message, sizeof message, fmt, name, value, first, (unsigned long long)d->game,
             (unsigned)d->line);
    collection_emit(c, g, code, DIAG_NOTE, message, emit, ctx);
}

/* Elo and title of player q in game g against the first ones seen.  Only
 * games with a Round count (games without one are not rounds of an event:
 * online games, a club's games of a season). */
static void check_details(struct collection *c, struct collection_players *p, struct player *q,
                          struct game_record *g, const char *name, const char *elo_tag,
                          const char *title_tag, diag_fn emit, void *ctx)
{
    char elo[32], title[32];
    if (!known(g->round)) return;
    check_detail(
        c, p, &q->elo, g, name, value(elo_tag, elo, sizeof elo), false, DIAG_PLAYER_RATING_CHANGE,
        _("%s is rated %s here but %s in game %llu (line %u) of the same event"), emit, ctx);
    check_detail(c, p, &q->title, g, name, value(title_tag, title, sizeof title), true,
                 DIAG_PLAYER_TITLE_CHANGE,
                 _("%s has the title %s here but %s in game %llu (line %u) of the same event"),
                 emit, ctx);
}

/* One side of game g: its player against the event's. */
static void check_side(struct collection *c, struct collection_players *p, struct game_record *g,
                       const char *name, const char *id, const char *elo, const char *title,
                       diag_fn emit, void *ctx)
{
    if (!known(name)) return;
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
static bool check_self(struct collection *c, struct game_record *g, const char *wid,
                       const char *bid, diag_fn emit, void *ctx)
{
    const char *w = g->white, *b = g->black;
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
    if (!player_name_alike(w, SIZE_MAX, b, SIZE_MAX) ||
        player_name_fit(w, strlen(w), b, strlen(b)) != PLAYER_NAME_SAME || placeholder(w))
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

/* The digits of a FIDE ID tag into id; "" when none or malformed (bad-fide-id
 * says so at the tag). */
static void read_id(const char *tag, char id[PLAYER_FIDE_ID_DIGITS_MAX + 1])
{
    if (!tag || player_fide_id(tag, strlen(tag), id) != PLAYER_FIDE_ID_VALID) id[0] = '\0';
}

void collection_players_game(struct collection *c, struct collection_players *p,
                             struct game_record *g, uint64_t event, diag_fn emit, void *ctx)
{
    char wid[PLAYER_FIDE_ID_DIGITS_MAX + 1] = "", bid[PLAYER_FIDE_ID_DIGITS_MAX + 1] = "";
    if (UNLIKELY(g->white_fide_id || g->black_fide_id)) {
        read_id(g->white_fide_id, wid);
        read_id(g->black_fide_id, bid);
    }
    bool one_id = check_self(c, g, wid, bid, emit, ctx);
    if (LIKELY(!g->white_fide_id && !g->black_fide_id && !g->white_elo && !g->black_elo &&
               !g->white_title && !g->black_title))
        return;
    if (!event) return; /* no event: nothing to compare with */
    if (!g->white_fide_id && !g->black_fide_id && !known(g->round))
        return; /* an Elo or title outside rounds is not followed: nothing to keep */
    if (event != p->event) start_event(p, event);
    check_side(c, p, g, g->white, wid, g->white_elo, g->white_title, emit, ctx);
    if (!one_id) check_side(c, p, g, g->black, bid, g->black_elo, g->black_title, emit, ctx);
}
