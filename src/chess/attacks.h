/*
 * attacks.h - which squares a piece on a square attacks (FIDE 3.2-3.7),
 * read from tables that attacks_init() fills once at start-up.
 *
 * Ownership: the tables are process-wide and read-only after attacks_init().
 * attacks_init() is idempotent and thread-safe; pos_set_start() and
 * fen_parse() call it, so code that gets its positions from those never has
 * to.  Reading a table before attacks_init() returns garbage (empty sets).
 *
 * Sliders use "magic" multiply-shift hashing of the relevant blockers; the
 * magics are searched at start-up with a fixed-seed PRNG, so every run builds
 * identical tables.  attacks_slow_*() are the plain ray walkers the tables
 * are built from and tested against.  The per-move paths that ask about one
 * pair of squares (checks, pins, SAN origins, attacked squares) use
 * attacks_hits() and the between table instead: small tables, where the
 * rook's is 800 KB.
 */
#ifndef PGNARB_ATTACKS_H
#define PGNARB_ATTACKS_H

#include "chess/bitboard.h"

struct attacks_magic {
    const bitboard *table; /* attack sets of this square, indexed by hash */
    bitboard mask;         /* relevant blockers: the rays without their last square */
    bitboard magic;
    unsigned shift;
};

extern struct attacks_magic attacks_rook_magic[SQ_NB];
extern struct attacks_magic attacks_bishop_magic[SQ_NB];
extern bitboard attacks_knight_table[SQ_NB];
extern bitboard attacks_king_table[SQ_NB];
extern bitboard attacks_pawn_table[COLOR_NB][SQ_NB];
extern bitboard attacks_between_table[SQ_NB][SQ_NB];
extern bitboard attacks_line_table[SQ_NB][SQ_NB];
extern bitboard attacks_bishop_rays[SQ_NB]; /* bishop attacks on an empty board */
extern bitboard attacks_rook_rays[SQ_NB];   /* rook attacks on an empty board */
/* What a piece of a colour and type on a square attacks on an empty board
 * (pawns: their two captures; queens: bishop and rook rays together). */
extern bitboard attacks_reach_table[COLOR_NB][PIECE_TYPE_NB][SQ_NB];

void attacks_init(void);

static inline bitboard attacks_knight(int sq)
{
    return attacks_knight_table[sq];
}
static inline bitboard attacks_king(int sq)
{
    return attacks_king_table[sq];
}

/* Squares a pawn of `color` on sq attacks (captures on). */
static inline bitboard attacks_pawn(int color, int sq)
{
    return attacks_pawn_table[color][sq];
}

static inline bitboard attacks_bishop(int sq, bitboard occupied)
{
    const struct attacks_magic *m = &attacks_bishop_magic[sq];
    return m->table[((occupied & m->mask) * m->magic) >> m->shift];
}

static inline bitboard attacks_rook(int sq, bitboard occupied)
{
    const struct attacks_magic *m = &attacks_rook_magic[sq];
    return m->table[((occupied & m->mask) * m->magic) >> m->shift];
}

static inline bitboard attacks_queen(int sq, bitboard occupied)
{
    return attacks_bishop(sq, occupied) | attacks_rook(sq, occupied);
}

/* Squares strictly between a and b when they share a rank, file or
 * diagonal; empty otherwise (and when a == b or they are adjacent). */
static inline bitboard attacks_between(int a, int b)
{
    return attacks_between_table[a][b];
}

/* The whole rank, file or diagonal through a and b (both included), edge to
 * edge; empty when they are not aligned or a == b. */
static inline bitboard attacks_line(int a, int b)
{
    return attacks_line_table[a][b];
}

/* Do a and b share a rank, file or diagonal (a != b)?  attacks_line(a, b) != 0
 * from the queen's rays on an empty board, one 512-byte row of the reach
 * table: the hot paths ask this of every moving piece and the 32 KB line
 * table would crowd the first-level cache. */
static inline bool attacks_aligned(int a, int b)
{
    return (attacks_reach_table[COLOR_WHITE][QUEEN][a] >> b) & 1;
}

/* Squares a piece of `color` and `type` on sq attacks on an empty board. */
static inline bitboard attacks_reach(int color, int type, int sq)
{
    return attacks_reach_table[color][type][sq];
}

/* Does a piece of `color` and `type` on a attack b, with `occupied` as the
 * blockers?  The one pair of squares that attacks_piece() / attacks_pawn()
 * answer for the whole board: b within reach and nothing between (between
 * is empty for the knight's, king's and pawn's steps, so only sliders can be
 * blocked).  Tables of 6 KB and 32 KB instead of the rook's 800 KB. */
static inline bool attacks_hits(int color, int type, int a, int b, bitboard occupied)
{
    return bb_test(attacks_reach(color, type, a), b) && !(attacks_between(a, b) & occupied);
}

/* Attack set of a piece type (not PAWN) on sq given the occupied squares. */
static inline bitboard attacks_piece(int type, int sq, bitboard occupied)
{
    switch (type) {
    case KNIGHT:
        return attacks_knight(sq);
    case BISHOP:
        return attacks_bishop(sq, occupied);
    case ROOK:
        return attacks_rook(sq, occupied);
    case QUEEN:
        return attacks_queen(sq, occupied);
    case KING:
        return attacks_king(sq);
    default:
        return 0;
    }
}

/* Reference ray walkers: slow, obviously right, used to build and test. */
bitboard attacks_slow_bishop(int sq, bitboard occupied);
bitboard attacks_slow_rook(int sq, bitboard occupied);

#endif /* PGNARB_ATTACKS_H */
