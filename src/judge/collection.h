/*
 * collection.h - checks across the games of a run (SPEC "Whole collections"):
 * duplicate games anywhere in the run, an event's games whose rounds do
 * not add up (a player twice in a round, a pairing entered twice, a board
 * used twice, Round values of mixed forms), and who each player is (one FIDE
 * ID under two names, one name under two IDs, Elo or title changing within an
 * event, a player against themself).
 *
 * It sees each game's record once the game is judged, in input order (the
 * order the reports print, whatever --jobs), and hands its findings to a
 * diag_fn before that record is reported; it never prints.
 *
 * Memory: the duplicate index keeps a 20-byte entry per game (the
 * fingerprint, the line it starts on, a hash of its players, its result and
 * a hash of its date), in arrays that grow by realloc, and a table of 4-byte
 * slots that names the distinct games, grown by half (built again from the
 * entries, the old one freed first) when it would be over 3/4 full: 25 to 28
 * bytes a game (10^6 games: 25 MiB; 10^7: 257 MiB; the arrays' room grows by
 * doubling, but pages not yet written take no memory), the only structure of
 * pgnarbiter that grows with the input (--duplicates=off turns it off).
 * The event check keeps the games of the current event only while they run
 * on (a new Event, Site or file starts again), at most
 * COLLECTION_EVENT_GAMES_MAX of them; the player checks its players, at most
 * COLLECTION_EVENT_PLAYERS_MAX (their names, IDs, first Elo and title).
 *
 * Ownership: collection_new() returns a heap object freed by
 * collection_free() (NULL is a no-op).
 */
#ifndef PGNARB_COLLECTION_H
#define PGNARB_COLLECTION_H

#include "diag/diag.h"

#include <stdbool.h>
#include <stdint.h>

struct game_record;

/* --duplicates: off; moves (same start and main line); strict (and the same
 * White, Black and Date). */
enum collection_duplicates {
    COLLECTION_DUPLICATES_OFF,
    COLLECTION_DUPLICATES_MOVES,
    COLLECTION_DUPLICATES_STRICT
};

/* --round-form: what "N.M" numbers in an event's Round values: told from the event's games
 * (auto), boards of round N (board: team and Swiss events), or games of round N (game: match,
 * knockout and engine files). */
enum collection_round_form { COLLECTION_ROUND_AUTO, COLLECTION_ROUND_BOARD, COLLECTION_ROUND_GAME };

/* The shortest main line that makes two games between other players copies: a
 * shorter one is as likely a coincidence (a one-move forfeit "1. e4 1-0", a known
 * miniature, an opening drawn by agreement).  Measured on the 145,716 games of the
 * gnuchess book: of the games whose whole main line of N plies begins another game
 * between other players, N = 10: 40%; 20: 22%; 30: 2.2%; 36: 0.35%; from 40 on,
 * 2 in 10,000 all told, most of them copies with the names spelt otherwise; a
 * whole line that also ends there is rarer still, under 1 in 10,000.  Copies
 * between the same players count at any length. */
#define COLLECTION_COPY_PLIES_MIN 40

/* Games of one event kept for its round checks; past it the rest of the
 * event goes unchecked (a note says so). */
#define COLLECTION_EVENT_GAMES_MAX 10000

/* Players (a name with a FIDE ID, or without) of one event followed for the
 * checks of who each player is; past it the rest go unchecked (a note says
 * so).  Large opens have under 1,000; the tables take 32 KiB. */
#define COLLECTION_EVENT_PLAYERS_MAX 4096

struct collection_stats {
    uint64_t indexed;     /* distinct games in the duplicate index */
    uint64_t index_bytes; /* memory the index holds */
    bool index_stopped;   /* the index could not grow: later games unchecked */
};

struct collection;

struct collection *collection_new(enum collection_duplicates mode, bool strict);
void collection_free(struct collection *c);

/* Per-code control (diag/diag_control.h) of the findings it makes; NULL
 * (the default) changes nothing.  ctl must outlive c. */
struct diag_control;
void collection_set_control(struct collection *c, const struct diag_control *ctl);

/* Read every event's "N.M" rounds as form says from now on (auto by default). */
void collection_set_round_form(struct collection *c, enum collection_round_form form);
/* Parse a --round-form value (auto, board, game); false when unknown.  The name of a form. */
bool collection_parse_round_form(const char *name, enum collection_round_form *form);
const char *collection_round_form_name(enum collection_round_form form);

/* Parse a --duplicates value; false when unknown.  The name of a mode. */
bool collection_parse_duplicates(const char *name, enum collection_duplicates *mode);
const char *collection_duplicates_name(enum collection_duplicates mode);

/* Judge g, the run's next game in input order, against the games before it:
 * each finding goes to emit(ctx, d) at its controlled level (notes only
 * when strict), and g's error,
 * warning and note counts grow by them. */
void collection_game(struct collection *c, struct game_record *g, diag_fn emit, void *ctx);

void collection_get_stats(const struct collection *c, struct collection_stats *st);

#endif /* PGNARB_COLLECTION_H */
