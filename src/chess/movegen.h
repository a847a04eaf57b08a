/*
 * movegen.h - the legal moves of a position (FIDE 3.1-3.10), perft.
 *
 * Ownership: nothing is allocated; callers pass move arrays of MOVES_MAX
 * slots (chess.h).  All functions need a position from pos_set_start() or
 * fen_parse() (the attack tables are then built).
 */
#ifndef PGNARB_MOVEGEN_H
#define PGNARB_MOVEGEN_H

#include "chess/attacks.h"
#include "chess/chess.h"
#include "chess/position.h"

#include <stddef.h>

struct position;

/* All legal moves; returns their number (0: checkmate or stalemate). */
int movegen_legal(const struct position *pos, move *list);

/* Is there at least one legal move?  Stops at the first one found. */
bool movegen_any_legal(const struct position *pos);

/* Has pos more than n legal moves?  movegen_legal(pos, list) > n, without
 * generating them where the moves of unpinned pieces already say so. */
bool movegen_legal_more_than(const struct position *pos, int n);

/* Is m (any 16-bit value) a legal move in pos? */
bool movegen_is_legal(const struct position *pos, move m);

/* Number of legal move sequences of `depth` plies (1 for depth 0). */
uint64_t movegen_perft(const struct position *pos, int depth);

/* Pseudo-legal moves of the side to move's pieces of `type` standing on
 * from_mask that go to to_mask: the piece moves and captures as FIDE 3.2-3.7
 * allow (en passant when the en passant square is set, all four promotion
 * pieces), but the king may be left in check.  Castling is not included (see
 * movegen_castle_check()).  Returns the number of moves written. */
int movegen_pseudo(const struct position *pos, int type, bitboard from_mask, bitboard to_mask,
                   move *list);

/* Is a move returned by movegen_pseudo() (or a castling move) legal? */
bool movegen_pseudo_is_legal(const struct position *pos, move m);

/* Where a unit other than the king of the side to move (its king on ksq)
 * may go as far as a check goes (FIDE 3.9): anywhere out of check; in check
 * the checker's square and those between it and the king; nowhere in
 * double check, which only the king can answer. */
static inline bitboard movegen_evasion_squares(const struct position *pos, int ksq)
{
    if (!pos->checkers) return ~(bitboard)0;
    if (bb_more_than_one(pos->checkers)) return 0;
    return attacks_between(ksq, bb_lsb(pos->checkers)) | pos->checkers;
}

/* The rule movegen_pseudo_is_legal() applies to a move of a piece other than
 * the king (not castling, not en passant) once any check is answered: legal
 * unless the piece is pinned and leaves the line of the pin (FIDE 3.9).  ksq
 * is the mover's king.  Inline for the SAN fast path. */
static inline bool movegen_unpinned_or_on_line(const struct position *pos, int ksq, int from,
                                               int to)
{
    return !pos_is_pinned_to(pos, pos->side, ksq, from) || bb_test(attacks_line(ksq, from), to);
}

/* Is sq attacked by colour `by`, with the given occupancy?  A slider of
 * theirs on one of sq's lines attacks it when nothing in `occ` stands
 * between (attacks_hits(): small tables, where the rook's magic table is
 * 800 KB and the king's squares are asked about at random). */
static inline bool movegen_attacked(const struct position *pos, int sq, int by, bitboard occ)
{
    bitboard theirs = pos->by_color[by];
    if ((attacks_pawn(by ^ 1, sq) & pos->by_type[PAWN] & theirs) ||
        (attacks_knight(sq) & pos->by_type[KNIGHT] & theirs) ||
        (attacks_king(sq) & pos->by_type[KING] & theirs))
        return true;
    bitboard sliders =
        theirs & (((pos->by_type[BISHOP] | pos->by_type[QUEEN]) & attacks_bishop_rays[sq]) |
                  ((pos->by_type[ROOK] | pos->by_type[QUEEN]) & attacks_rook_rays[sq]));
    while (sliders)
        if (!(attacks_between(sq, bb_pop_lsb(&sliders)) & occ)) return true;
    return false;
}

/* A step of the side to move's king from `from` to the adjacent `to` (not
 * castling) is legal, in check or not, when no piece of theirs attacks `to`
 * with the king lifted off `from` (FIDE 3.8.1, 3.9): a slider checking it
 * along a line covers the square behind.  Inline for the SAN fast path. */
static inline bool movegen_king_step_is_legal(const struct position *pos, int from, int to)
{
    return !movegen_attacked(pos, to, pos->side ^ 1, pos_occupied(pos) ^ SQ_BB(from));
}

/* Why castling with the rook on rook_sq is or is not legal (FIDE 3.8.2). */
enum movegen_castle {
    MOVEGEN_CASTLE_OK,
    MOVEGEN_CASTLE_NO_RIGHT, /* king or that rook has moved (no castling right) */
    MOVEGEN_CASTLE_IN_CHECK, /* 3.8.2.2.1: the king is in check */
    MOVEGEN_CASTLE_BLOCKED,  /* 3.8.2.1.2: a piece stands between (square in *sq) */
    MOVEGEN_CASTLE_ATTACKED  /* 3.8.2.2.2: the king passes or lands on an attacked
                                square (in *sq) */
};
enum movegen_castle movegen_castle_check(const struct position *pos, int rook_sq, int *sq);

/* King and rook destination squares of castling with the rook on rook_sq. */
void movegen_castle_squares(const struct position *pos, int rook_sq, int *king_to, int *rook_to);

#endif /* PGNARB_MOVEGEN_H */
