/*
 * bitboard.h - sets of squares as 64-bit words (bit n = square n, a1 = 0,
 * rank-major, see chess.h): counting, scanning, shifting, file/rank masks.
 * Everything here is pure; no state, nothing to initialise.
 */
#ifndef PGNARB_BITBOARD_H
#define PGNARB_BITBOARD_H

#include "chess/chess.h"

#include <stddef.h>

#define BB_EMPTY ((bitboard)0)
#define BB_ALL   (~(bitboard)0)

#define BB_FILE_A        ((bitboard)0x0101010101010101ULL)
#define BB_FILE_H        (BB_FILE_A << 7)
#define BB_RANK_1        ((bitboard)0xFFULL)
#define BB_RANK_8        (BB_RANK_1 << 56)
#define BB_FILE(f)       (BB_FILE_A << (f))
#define BB_RANK(r)       (BB_RANK_1 << (8 * (r)))
#define BB_LIGHT_SQUARES ((bitboard)0x55AA55AA55AA55AAULL)
#define BB_DARK_SQUARES  (~BB_LIGHT_SQUARES)

static inline int bb_popcount(bitboard b)
{
    return __builtin_popcountll(b);
}

/* Lowest set square; b must not be empty. */
static inline int bb_lsb(bitboard b)
{
    return __builtin_ctzll(b);
}

/* Highest set square; b must not be empty. */
static inline int bb_msb(bitboard b)
{
    return 63 - __builtin_clzll(b);
}

/* Remove and return the lowest set square; *b must not be empty. */
static inline int bb_pop_lsb(bitboard *b)
{
    int sq = __builtin_ctzll(*b);
    *b &= *b - 1;
    return sq;
}

static inline bool bb_more_than_one(bitboard b)
{
    return (b & (b - 1)) != 0;
}

static inline bool bb_test(bitboard b, int sq)
{
    return (b >> sq) & 1;
}

/* Shift the whole set one step; squares pushed off the board vanish. */
static inline bitboard bb_north(bitboard b)
{
    return b << 8;
}
static inline bitboard bb_south(bitboard b)
{
    return b >> 8;
}
static inline bitboard bb_east(bitboard b)
{
    return (b & ~BB_FILE_H) << 1;
}
static inline bitboard bb_west(bitboard b)
{
    return (b & ~BB_FILE_A) >> 1;
}

/* One step "forward" for the given colour (north for White, south for Black). */
static inline bitboard bb_forward(bitboard b, int color)
{
    return color == COLOR_WHITE ? b << 8 : b >> 8;
}

/* Squares attacked by a set of pawns of the given colour. */
static inline bitboard bb_pawn_attacks(bitboard pawns, int color)
{
    bitboard f = bb_forward(pawns, color);
    return bb_east(f) | bb_west(f);
}

/* Mirror vertically (a1 <-> a8): used to relate White's and Black's views. */
static inline bitboard bb_flip(bitboard b)
{
    return __builtin_bswap64(b);
}

/* Square name "e4" (3 bytes with the NUL); "-" for SQ_NONE. */
void bb_square_name(int sq, char out[3]);

/* Parse "e4" (lower-case file, digit rank); SQ_NONE when not a square. */
int bb_square_parse(const char *s);

/* Chebyshev (king-step) distance between two squares. */
int bb_distance(int a, int b);

/* Render as 8 lines of 8 characters ('1' set, '.' clear), rank 8 first,
 * for test failure messages; out needs 73 bytes.  Returns out. */
char *bb_format(bitboard b, char out[73]);

#endif /* PGNARB_BITBOARD_H */
