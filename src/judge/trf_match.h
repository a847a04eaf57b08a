/*
 * trf_match.h - each PGN game of a run against the pairings of a tournament
 * report file (trf/trf.h): which round (the Round tag's first number, else
 * the Date against the 132 round dates, else the one round the two players
 * meet in), which players (WhiteFideId/BlackFideId, then a --players alias
 * file, then the name), and what disagrees (trf-result-mismatch,
 * trf-colours-reversed, trf-not-paired, trf-bye-with-game,
 * trf-forfeit-mismatch, trf-unplayed-game, trf-unknown-player,
 * trf-no-round); at the end, the TRF games no PGN game matched
 * (trf-missing-game).
 *
 * It sees each game's record once judged, in input order, like
 * judge/collection.h, and hands its findings to a diag_fn; it never prints.
 * Memory: one byte per player and round (which pairings were matched), the
 * alias file (at most TRF_MATCH_ALIASES_MAX lines) and the answers for the
 * names seen (a table of TRF_MATCH_CACHE_SIZE, about 160 KB), so that a
 * player's name is compared with the TRF's once, not every round.
 *
 * Ownership: trf_match_new() returns a heap object freed by
 * trf_match_free(); the TRF must outlive it.
 */
#ifndef PGNARB_TRF_MATCH_H
#define PGNARB_TRF_MATCH_H

#include "diag/diag.h"
#include "judge/game_record.h"
#include "trf/trf.h"

#include <stdbool.h>
#include <stddef.h>

#define TRF_MATCH_ALIASES_MAX   10000
#define TRF_MATCH_ALIAS_LINE_MAX 1024
#define TRF_MATCH_NEAREST       3 /* names offered for a player not found */

struct game_record;
struct diag_control;
struct trf_match;

/* trf_name is how the TRF is named in messages.  require_all: a TRF game
 * no PGN game matched is an error, not a note. */
struct trf_match *trf_match_new(const struct trf *t, const char *trf_name, bool require_all,
                                bool strict);
void trf_match_free(struct trf_match *m);

/* Per-code control (diag/diag_control.h); NULL changes nothing. */
void trf_match_set_control(struct trf_match *m, const struct diag_control *ctl);

/* Read the --players file text[0, len): lines "name = FIDE id", '#'
 * comments, blank lines.  False with "LINE: why" in why at the first line
 * that is none of these. */
bool trf_match_aliases(struct trf_match *m, const char *text, size_t len, char *why,
                       size_t why_len);

/* Judge g against the TRF; findings go to emit at their controlled level
 * (notes only when strict), and g's counts grow by them. */
void trf_match_game(struct trf_match *m, struct game_record *g, diag_fn emit, void *ctx);

/* Mark the pairing of players a and b in round r as matched (what a
 * shard's record says it matched; merge calls it).  False when the TRF has
 * no such pairing. */
bool trf_match_cover(struct trf_match *m, unsigned r, unsigned a, unsigned b);

/* What the last trf_match_game() matched: its round and the two starting
 * ranks (0 when it matched no pairing). */
void trf_match_last(const struct trf_match *m, unsigned *r, unsigned *white, unsigned *black);

/* After the last game: every TRF game played over the board (1 = 0) that
 * no game matched, a trf-missing-game finding at the TRF line. */
void trf_match_finish(struct trf_match *m, diag_fn emit, void *ctx);

/* The TRF result codes of a PGN Result (any form pgn/pgn_result.h reads)
 * and its result kind, for White and Black: "1-0" 1/0, "0-1" 0/1, "1/2-1/2"
 * =/=, "1/2-0" =/0, "0-1/2" 0/=; a forfeit ("+/-", "1F-0F", or "1-0" that
 * result_kind calls a forfeit) +/- or -/+; a double forfeit ("-/-", "0F-0F",
 * "0-0" without moves) -/-; "0-0" after moves, a loss for both, 0/0.  False
 * for "*" and anything else. */
bool trf_match_result_codes(const char *result, enum result_kind kind, char *white,
                            char *black);

#endif /* PGNARB_TRF_MATCH_H */
