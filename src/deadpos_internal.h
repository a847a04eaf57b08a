/*
 * deadpos_internal.h - what the deadpos_*.c files share; not for other modules.
 *
 *   deadpos_static.c  proofs without search: material, locked pawn structures
 *   deadpos_search.c  exhaustive search for "no line mates", helpmate search
 *   deadpos_mate1.c   a cheap proof that the side to move has no mate in one
 *   deadpos.c         the public functions, the cheap filters of the hot path
 */
#ifndef PGNARB_DEADPOS_INTERNAL_H
#define PGNARB_DEADPOS_INTERNAL_H

#include "bitboard.h"
#include "deadpos.h"

struct position;

/* Bit f set when `b` has a square on file f. */
static inline unsigned dp_file_byte(bitboard b)
{
    b |= b >> 32;
    b |= b >> 16;
    b |= b >> 8;
    return (unsigned)(b & 0xFF);
}

/* Every file holding a pawn of wp | bp also holds a white pawn with a black
 * pawn directly in front of it (the file test of dp_pawns_semilocked()). */
static inline bool dp_walled_files(bitboard wp, bitboard bp)
{
    /* The files of the head-on pairs, as a byte, times BB_FILE_A: those
     * whole files (no carries: each byte of the product is that byte). */
    bitboard walled = (bitboard)dp_file_byte(wp & bb_south(bp)) * BB_FILE_A;
    return ((wp | bp) & ~walled) == 0;
}

/* Material alone proves that `side` cannot mate (DEADPOS_WHY_BARE_KING,
 * _LONE_MINOR, _BISHOPS, _NO_BLOCKER), or DEADPOS_WHY_NONE. */
enum deadpos_why dp_material_cannot(const struct position *pos, int side);

/* Every pawn stands directly behind another pawn (of either colour), no pawn
 * can capture a pawn now, no en passant, no castling right: the structure the
 * locked-structure proof needs.  Cheap bit tests. */
bool dp_pawns_locked(const struct position *pos);

/* No castling right, no en passant, and every file with a pawn holds two
 * pawns blocked head-on: what dp_locked_cannot() needs before it looks
 * closer.  Cheap bit tests. */
bool dp_pawns_semilocked(const struct position *pos);

/* Locked or semi-locked structure proof (dp_pawns_semilocked(), free pawns
 * stopped by the wall): no pawn, piece or king can ever capture or be
 * captured by a pawn, and no piece or pawn of `side` can ever attack a
 * square the other king can reach (or only bishops of one colour can, and the
 * other side has too few units to block its king's flight squares of the other
 * colour).  DEADPOS_WHY_LOCKED, _LOCKED_BLOCKERS or _NONE. */
enum deadpos_why dp_locked_cannot(const struct position *pos, int side);

/* Both of the above, material first. */
enum deadpos_why dp_static_cannot(const struct position *pos, int side);

/* False only when no legal move of the side to move checkmates (a proof
 * from the flight squares of the other king; see deadpos_mate1.c); true
 * means "maybe", and then, when `to` is not NULL, to[type] holds every
 * square a mating move of a piece of that type (not castling, en passant
 * or a promotion, which leave every mask full) may go to. */
bool dp_may_mate_in_one(const struct position *pos, bitboard to[PIECE_TYPE_NB]);

/* dp_may_mate_in_one() of the position after `m` (legal in pos), told
 * without playing it.  *masks says whether to[] then holds the masks
 * dp_may_mate_in_one() would give there (a move that captures nothing and
 * is no double step: the castling rights and en passant are known). */
bool dp_may_mate_after(const struct position *pos, move m, bitboard to[PIECE_TYPE_NB], bool *masks);

/* Search: every line of at most `depth` plies ends in a position that
 * dp_static_cannot() settles, a stalemate or a mate of `side` (CANNOT_WIN),
 * or a helpmate for `side` was met on the way (CAN_WIN, line in res), or
 * neither (UNKNOWN).  res->nodes counts; stops at `budget` nodes. */
enum deadpos_verdict dp_search_exhaust(const struct position *pos, int side, int depth,
                                       unsigned long budget, struct deadpos_result *res);

/* Heuristic helpmate search: CAN_WIN with the line in res, or UNKNOWN. */
enum deadpos_verdict dp_search_helpmate(const struct position *pos, int side, unsigned long budget,
                                        struct deadpos_result *res);

#endif
