/*
 * collection_event.c - an event's rounds that do not add up (event-inconsistent):
 * within the games of one Event and Site that follow each other in one file,
 * a player in two games of the same round, the same pairing entered twice in
 * a round, a board of a round ("3.1": round 3, board 1; "9.1.3", as team
 * events write it: round 9, match 1, board 3) used by two pairings, and Round
 * values written in mixed forms ("3", "3.1", "R3").  Rounds written in words
 * ("Final", "R1", "1a") are the same round only when written alike.  Each
 * message names the other game.
 *
 * "N.M" is a board of round N in team and Swiss files, but game M of round N
 * in match, knockout and engine files (TCEC's "1.2" is the second game of
 * round 1; a knockout's "1.1" is the first game of each of 64 matches).  The
 * event's first games of one round with known players tell which: other
 * players on another number read as boards; the same players meeting again,
 * or a number used by other players while the round has used no other, read
 * as games, and a note says so; until then the numbers are checked as boards.  Games are numbered, not placed, so under that reading
 * only a game entered twice (the same pairing and number) is a finding.
 * collection_set_round_form() forces either reading.
 *
 * The state is the current event's games (names, round, result), kept only
 * while the event runs on: a game of another Event, Site or file starts
 * again, so a database whose events follow each other holds one event at a
 * time, and an event whose games are scattered through a file is checked
 * run by run.  At most COLLECTION_EVENT_GAMES_MAX games are kept.
 */
#include "judge/collection.h"

#include "judge/collection_internal.h"
#include "judge/game_record.h"

#include "i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum round_form { ROUND_UNKNOWN, ROUND_NUMBER, ROUND_DOTTED, ROUND_OTHER };

struct round {
    enum round_form form;
    unsigned parts;             /* ROUND_DOTTED: 2 ("3.1") or 3 ("9.1.3") numbers */
    unsigned long major;        /* ROUND_NUMBER, ROUND_DOTTED: the round */
    unsigned long match, board; /* ROUND_DOTTED: the board, and its match when 3 parts */
};

struct event_game {
    uint64_t game;
    uint32_t line;
    struct round round;
    size_t white, black, round_text, result; /* offsets into text, SIZE_MAX = none */
    bool moveless;                           /* no main-line move (a forfeit, a bye) */
    bool unfinished;                         /* "*" with moves, not yet reported */
    uint32_t plies;
};

struct collection_event {
    enum collection_round_form forced; /* --round-form */
    enum collection_round_form reading; /* the current event's "N.M": AUTO while undecided */
    bool duplicates; /* a game without moves entered twice is a duplicate-game (else
                        --duplicates=off: the pairing entered twice) */
    /* the event: its file, Event and Site, in text */
    bool open;
    uint64_t serial; /* events started so far: the current one's number */
    size_t file, event, site;
    bool mixed_warned, full_noted;
    size_t unfinished; /* games with event_game.unfinished set */
    bool has_form;     /* form_index: the first game with a known round */
    size_t form_index;

    struct event_game *games;
    size_t ngames, cap;
    struct collection_text text;
};

struct collection_event *collection_event_new(bool duplicates)
{
    struct collection_event *e = calloc(1, sizeof(struct collection_event));
    if (e) e->duplicates = duplicates;
    return e;
}

void collection_event_set_form(struct collection_event *e, enum collection_round_form form)
{
    e->forced = e->reading = form;
}

void collection_event_free(struct collection_event *e)
{
    if (!e) return;
    free(e->games);
    free(e->text.p);
    free(e);
}

static bool known(const char *s) { return s && s[0] && strcmp(s, "?") != 0 && strcmp(s, "-") != 0; }

/* Keep s in e's text; SIZE_MAX for NULL or when out of memory. */
static size_t keep(struct collection_event *e, const char *s)
{
    return s ? collection_text_keep(&e->text, s) : SIZE_MAX;
}

static const char *text(const struct collection_event *e, size_t at)
{
    return at == SIZE_MAX ? NULL : e->text.p + at;
}

static bool same_text(const char *a, const char *b)
{
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

/* Digits only, at most 9 of them (round numbers are small). */
static bool number(const char *s, size_t n, unsigned long *value)
{
    if (n == 0 || n > 9) return false;
    unsigned long v = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') return false;
        v = v * 10 + (unsigned long)(s[i] - '0');
    }
    *value = v;
    return true;
}

/* A Round value: "3" (round 3), "3.1" (round 3, board 1), "9.1.3" (round 9, match 1,
 * board 3), anything else in words; "?", "-" and no value are unknown. */
static struct round parse_round(const char *s)
{
    struct round r = {ROUND_UNKNOWN, 0, 0, 0, 0};
    if (!known(s)) return r;
    unsigned long part[3];
    unsigned n = 0;
    const char *at = s;
    for (;;) {
        const char *dot = strchr(at, '.');
        size_t len = dot ? (size_t)(dot - at) : strlen(at);
        if (n == 3 || !number(at, len, &part[n])) {
            r.form = ROUND_OTHER;
            return r;
        }
        n++;
        if (!dot) break;
        at = dot + 1;
    }
    r.major = part[0];
    r.form = n == 1 ? ROUND_NUMBER : ROUND_DOTTED;
    if (n > 1) {
        r.parts = n;
        r.match = n == 3 ? part[1] : 0;
        r.board = part[n - 1];
    }
    return r;
}

/* Written in the same form: a number, two numbers, three numbers, words. */
static bool same_form(const struct round *a, const struct round *b)
{
    return a->form == b->form && a->parts == b->parts;
}

/* Whether kept game h and game `now` (not yet kept: its Round text is now_text, straight from
 * its record) were played in the same round.  Rounds in words ("Final", "R1") are the same
 * round only when written alike. */
static bool same_round(const struct collection_event *e, const struct event_game *h,
                       const struct event_game *now, const char *now_text)
{
    if (h->round.form == ROUND_UNKNOWN || now->round.form == ROUND_UNKNOWN) return false;
    if (h->round.form == ROUND_OTHER || now->round.form == ROUND_OTHER)
        return h->round.form == now->round.form && same_text(text(e, h->round_text), now_text);
    return h->round.major == now->round.major;
}

static const char *shown(const char *s) { return s ? s : "?"; }

/* Start the event of g afresh (or no event, when g names none). */
static void start_event(struct collection_event *e, const struct game_record *g)
{
    e->ngames = 0;
    e->text.len = 0;
    e->mixed_warned = e->full_noted = false;
    e->unfinished = 0;
    e->has_form = false;
    e->reading = e->forced;
    e->serial++;
    e->open = known(g->event);
    if (!e->open) return;
    e->file = keep(e, g->file ? g->file : "");
    e->event = keep(e, g->event);
    e->site = keep(e, g->site);
    e->open = e->file != SIZE_MAX && e->event != SIZE_MAX && (e->site != SIZE_MAX || !g->site);
}

static bool in_event(const struct collection_event *e, const struct game_record *g)
{
    return e->open && known(g->event) && same_text(text(e, e->file), g->file ? g->file : "") &&
           strcmp(text(e, e->event), g->event) == 0 && same_text(text(e, e->site), g->site);
}

/* White w and Black b against h's players: the same pairing (either colours), or a player in
 * common; names unknown ("?") pair nothing. */
static bool same_pairing(const char *w, const char *b, const char *hw, const char *hb)
{
    return known(w) && known(b) && known(hw) && known(hb) &&
           ((strcmp(w, hw) == 0 && strcmp(b, hb) == 0) || (strcmp(w, hb) == 0 && strcmp(b, hw) == 0));
}

static bool plays_in(const char *name, const char *hw, const char *hb)
{
    return known(name) && ((known(hw) && strcmp(name, hw) == 0) || (known(hb) && strcmp(name, hb) == 0));
}

/* Whether round "N.M" numbers boards or games, from game `now` and the first kept game of its
 * round with known players (see the top of this file); AUTO while nothing tells.  *by is the
 * game that told. */
static enum collection_round_form read_round_form(const struct collection_event *e,
                                                  const struct game_record *g,
                                                  const struct event_game *now,
                                                  const struct event_game **by)
{
    if (!known(g->white) || !known(g->black)) return COLLECTION_ROUND_AUTO;
    const struct event_game *reused = NULL; /* a game of other players with now's number */
    bool numbers = false;                   /* the round has used another number already */
    for (size_t i = 0; i < e->ngames; i++) {
        const struct event_game *h = &e->games[i];
        const char *hw = text(e, h->white), *hb = text(e, h->black);
        if (h->round.form != ROUND_DOTTED || h->round.parts != 2 ||
            h->round.major != now->round.major || !known(hw) || !known(hb))
            continue;
        bool pair = same_pairing(g->white, g->black, hw, hb);
        bool common = plays_in(g->white, hw, hb) || plays_in(g->black, hw, hb);
        bool same_number = h->round.board == now->round.board;
        numbers |= !same_number;
        if (!same_number && (pair || !common)) {
            /* the same players again: games; other players on another number: boards */
            *by = h;
            return pair ? COLLECTION_ROUND_GAME : COLLECTION_ROUND_BOARD;
        }
        if (same_number && !pair && !reused) reused = h;
        /* one player in two games tells nothing (a gauntlet, or a player twice on two
         * boards); nor does a game entered twice */
    }
    /* a number used by other players, in a round that has used no other: games (a
     * knockout's "1.1" is game 1 of every match) */
    if (reused && !numbers) {
        *by = reused;
        return COLLECTION_ROUND_GAME;
    }
    return COLLECTION_ROUND_AUTO;
}

/* The round checks of game `now` (not yet kept) against the event's games. */
static void check_rounds(struct collection *c, struct collection_event *e, struct game_record *g,
                         const struct event_game *now, diag_fn emit, void *ctx)
{
    char message[1200];
    const char *w = g->white, *b = g->black;
    if (now->round.form != ROUND_UNKNOWN) {
        if (!e->has_form) {
            e->has_form = true;
            e->form_index = e->ngames; /* now's index, once kept */
        } else if (!e->mixed_warned) {
            const struct event_game *f = &e->games[e->form_index];
            if (!same_form(&f->round, &now->round)) {
                e->mixed_warned = true;
                snprintf(message, sizeof message,
                         _("the Round values of this event mix forms: '%s' here, '%s' in game "
                           "%llu (line %u)"),
                         shown(g->round), shown(text(e, f->round_text)),
                         (unsigned long long)f->game, (unsigned)f->line);
                collection_emit(c, g, DIAG_EVENT_INCONSISTENT, DIAG_WARNING, message, emit, ctx);
            }
        }
    }
    bool numbered = now->round.form == ROUND_DOTTED && now->round.parts == 2;
    if (numbered && e->reading == COLLECTION_ROUND_AUTO) {
        const struct event_game *by = NULL;
        e->reading = read_round_form(e, g, now, &by);
        if (e->reading == COLLECTION_ROUND_GAME) {
            snprintf(message, sizeof message,
                     _("Round '%s' is read as round %lu, game %lu, as match and knockout files "
                       "number games (game %llu, line %u, has round '%s' with %s - %s): the "
                       "boards and the players of a round are not checked"),
                     shown(g->round), now->round.major, now->round.board,
                     (unsigned long long)by->game, (unsigned)by->line,
                     shown(text(e, by->round_text)), shown(text(e, by->white)),
                     shown(text(e, by->black)));
            collection_emit(c, g, DIAG_EVENT_INCONSISTENT, DIAG_NOTE, message, emit, ctx);
        }
    }
    /* games numbered within a round: only a game entered twice is a finding */
    bool games = numbered && e->reading == COLLECTION_ROUND_GAME;
    const struct event_game *pairing = NULL, *player = NULL, *board = NULL;
    const char *twice = NULL;
    for (size_t i = 0; i < e->ngames; i++) {
        const struct event_game *h = &e->games[i];
        if (!same_round(e, h, now, g->round)) continue;
        if (games && (h->round.form != ROUND_DOTTED || h->round.board != now->round.board))
            continue;
        const char *hw = text(e, h->white), *hb = text(e, h->black);
        if (same_pairing(w, b, hw, hb)) {
            if (!pairing) pairing = h;
            continue;
        }
        if (games) continue;
        if (!player) {
            if (plays_in(w, hw, hb))
                player = h, twice = w;
            else if (plays_in(b, hw, hb))
                player = h, twice = b;
        }
        if (!board && now->round.form == ROUND_DOTTED && same_form(&h->round, &now->round) &&
            now->round.match == h->round.match && now->round.board == h->round.board)
            board = h;
    }
    /* the round as the findings name it: "3" for "3.1" and "3.1.2", words as written */
    char number_text[24];
    const char *round = shown(g->round);
    if (now->round.form == ROUND_NUMBER || (now->round.form == ROUND_DOTTED && !games)) {
        snprintf(number_text, sizeof number_text, "%lu", now->round.major);
        round = number_text;
    }
    const char *hr = pairing ? text(e, pairing->result) : NULL;
    bool differ = pairing && !same_text(hr, g->result);
    if (pairing && !differ && now->moveless && pairing->moveless && e->duplicates &&
        same_text(w, text(e, pairing->white)) && same_text(b, text(e, pairing->black))) {
        /* No moves to tell two games apart: one game entered twice. */
        snprintf(message, sizeof message,
                 _("duplicate of game %llu (line %u): a game without moves entered twice, with "
                   "the same players, round %s and result %s"),
                 (unsigned long long)pairing->game, (unsigned)pairing->line, round,
                 shown(g->result));
        collection_emit(c, g, DIAG_DUPLICATE_GAME, DIAG_WARNING, message, emit, ctx);
    } else if (pairing) {
        if (differ)
            snprintf(message, sizeof message,
                     _("the pairing %s - %s is entered twice in round %s: also game %llu (line "
                       "%u), with the result %s there and %s here"),
                     shown(w), shown(b), round, (unsigned long long)pairing->game,
                     (unsigned)pairing->line, shown(hr), shown(g->result));
        else
            snprintf(message, sizeof message,
                     _("the pairing %s - %s is entered twice in round %s: also game %llu (line "
                       "%u)"),
                     shown(w), shown(b), round, (unsigned long long)pairing->game,
                     (unsigned)pairing->line);
        collection_emit(c, g, DIAG_EVENT_INCONSISTENT, DIAG_WARNING, message, emit, ctx);
    }
    if (player) {
        snprintf(message, sizeof message,
                 _("%s plays twice in round %s: also in game %llu (line %u), %s - %s"), twice,
                 round,
                 (unsigned long long)player->game, (unsigned)player->line,
                 shown(text(e, player->white)), shown(text(e, player->black)));
        collection_emit(c, g, DIAG_EVENT_INCONSISTENT, DIAG_WARNING, message, emit, ctx);
    }
    if (board && now->round.parts == 3) {
        snprintf(message, sizeof message,
                 _("board %lu of match %lu of round %lu is used twice: also by game %llu (line "
                   "%u), %s - %s"),
                 now->round.board, now->round.match, now->round.major,
                 (unsigned long long)board->game, (unsigned)board->line,
                 shown(text(e, board->white)), shown(text(e, board->black)));
        collection_emit(c, g, DIAG_EVENT_INCONSISTENT, DIAG_WARNING, message, emit, ctx);
    } else if (board) {
        snprintf(message, sizeof message,
                 _("board %lu of round %lu is used twice: also by game %llu (line %u), %s - %s"),
                 now->round.board, now->round.major, (unsigned long long)board->game,
                 (unsigned)board->line, shown(text(e, board->white)),
                 shown(text(e, board->black)));
        collection_emit(c, g, DIAG_EVENT_INCONSISTENT, DIAG_WARNING, message, emit, ctx);
    }
}

static bool numbered(const struct round *r)
{
    return r->form == ROUND_NUMBER || r->form == ROUND_DOTTED;
}

/* A game of a later round than games with moves still recorded "*": the
 * event went on past their round, so they ended, and their results were
 * never entered (unfinished-game, once each, at the first such game).  The
 * later game must have begun (moves, or a result other than "*"): a live
 * file may list the next round's pairings before the round starts. */
static void check_unfinished(struct collection *c, struct collection_event *e,
                             struct game_record *g, const struct event_game *now, diag_fn emit,
                             void *ctx)
{
    if (!numbered(&now->round) || (!g->plies && (!g->result || same_text(g->result, "*"))))
        return;
    char message[1200];
    for (size_t i = 0; i < e->ngames && e->unfinished; i++) {
        struct event_game *h = &e->games[i];
        if (!h->unfinished || !numbered(&h->round) || h->round.major >= now->round.major)
            continue;
        h->unfinished = false;
        e->unfinished--;
        snprintf(message, sizeof message,
                 ngettext("this game is of round %lu, but game %llu (line %u) of the earlier "
                          "round %lu, %s - %s, with %u half-move, still records * "
                          "(unfinished): the event went on, and that result was never entered",
                          "this game is of round %lu, but game %llu (line %u) of the earlier "
                          "round %lu, %s - %s, with %u half-moves, still records * "
                          "(unfinished): the event went on, and that result was never entered",
                          h->plies),
                 now->round.major, (unsigned long long)h->game, (unsigned)h->line,
                 h->round.major, shown(text(e, h->white)), shown(text(e, h->black)),
                 (unsigned)h->plies);
        collection_emit(c, g, DIAG_UNFINISHED_GAME, DIAG_WARNING, message, emit, ctx);
    }
}

uint64_t collection_event_serial(const struct collection_event *e)
{
    return e->open ? e->serial : 0;
}

void collection_event_game(struct collection *c, struct collection_event *e,
                           struct game_record *g, diag_fn emit, void *ctx)
{
    if (!in_event(e, g)) start_event(e, g);
    if (!e->open) return;
    if (e->ngames == COLLECTION_EVENT_GAMES_MAX) {
        if (!e->full_noted) {
            e->full_noted = true;
            char message[200];
            snprintf(message, sizeof message,
                     _("this event has more than %d games in a row: the rounds of the rest are "
                     "not checked"),
                     COLLECTION_EVENT_GAMES_MAX);
            collection_emit(c, g, DIAG_EVENT_INCONSISTENT, DIAG_NOTE, message, emit, ctx);
        }
        return;
    }
    struct event_game now = {.game = g->game,
                             .line = g->line,
                             .round = parse_round(g->round),
                             .white = SIZE_MAX,
                             .black = SIZE_MAX,
                             .round_text = SIZE_MAX,
                             .result = SIZE_MAX,
                             .moveless = g->plies == 0};
    check_rounds(c, e, g, &now, emit, ctx);
    if (e->unfinished) check_unfinished(c, e, g, &now, emit, ctx);
    if (e->ngames == e->cap) {
        size_t cap = e->cap ? 2 * e->cap : 64;
        struct event_game *games = realloc(e->games, cap * sizeof *games);
        if (!games) {
            e->open = false; /* out of memory: the rest of this event goes unchecked */
            return;
        }
        e->games = games;
        e->cap = cap;
    }
    now.white = keep(e, g->white);
    now.black = keep(e, g->black);
    now.round_text = keep(e, g->round);
    now.result = keep(e, g->result);
    now.plies = g->plies;
    now.unfinished = g->plies && g->result && same_text(g->result, "*");
    e->unfinished += now.unfinished;
    e->games[e->ngames++] = now;
}
