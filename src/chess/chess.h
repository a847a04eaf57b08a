/*
 * chess.h - the vocabulary every module shares: colours, piece types, pieces,
 * squares, bitboards and the 16-bit move layout.  No state lives here.
 *
 * Squares are a1 = 0 ... h8 = 63, rank-major (sq = rank * 8 + file).
 * A piece is (colour << 3) | type; PIECE_NONE (0x0F... see below) marks an empty square.
 */
#ifndef PGNARB_CHESS_H
#define PGNARB_CHESS_H

#include <stdbool.h>
#include <stdint.h>

typedef uint64_t bitboard;

enum { COLOR_WHITE, COLOR_BLACK, COLOR_NB };

enum { PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, PIECE_TYPE_NB, PIECE_TYPE_NONE = 7 };

/* piece = (colour << 3) | type.  Empty square: PIECE_NONE. */
#define PIECE_MAKE(color, type) ((uint8_t)(((color) << 3) | (type)))
#define PIECE_TYPE(piece) ((piece) & 7)
#define PIECE_COLOR(piece) ((piece) >> 3)
#define PIECE_NONE ((uint8_t)PIECE_TYPE_NONE)

enum {
    SQ_A1, SQ_B1, SQ_C1, SQ_D1, SQ_E1, SQ_F1, SQ_G1, SQ_H1,
    SQ_A2, SQ_B2, SQ_C2, SQ_D2, SQ_E2, SQ_F2, SQ_G2, SQ_H2,
    SQ_A3, SQ_B3, SQ_C3, SQ_D3, SQ_E3, SQ_F3, SQ_G3, SQ_H3,
    SQ_A4, SQ_B4, SQ_C4, SQ_D4, SQ_E4, SQ_F4, SQ_G4, SQ_H4,
    SQ_A5, SQ_B5, SQ_C5, SQ_D5, SQ_E5, SQ_F5, SQ_G5, SQ_H5,
    SQ_A6, SQ_B6, SQ_C6, SQ_D6, SQ_E6, SQ_F6, SQ_G6, SQ_H6,
    SQ_A7, SQ_B7, SQ_C7, SQ_D7, SQ_E7, SQ_F7, SQ_G7, SQ_H7,
    SQ_A8, SQ_B8, SQ_C8, SQ_D8, SQ_E8, SQ_F8, SQ_G8, SQ_H8,
    SQ_NB, SQ_NONE = 64
};

#define SQ_MAKE(file, rank) ((file) + 8 * (rank))
#define SQ_FILE(sq) ((sq) & 7)
#define SQ_RANK(sq) ((sq) >> 3)
#define SQ_BB(sq) ((bitboard)1 << (sq))

/*
 * Move layout, 16 bits:
 *   bits  0- 5  from square
 *   bits  6-11  to square; for castling the square of the ROOK that castles
 *               ("king takes own rook"), which serves standard chess and
 *               Chess960 alike
 *   bits 12-15  kind: MOVE_NORMAL, MOVE_CASTLE, MOVE_EN_PASSANT, or
 *               MOVE_PROMO_KNIGHT..MOVE_PROMO_QUEEN (promotion piece =
 *               kind - MOVE_PROMO_KNIGHT + KNIGHT)
 * MOVE_NONE (a1a1) and MOVE_NULL (b1b1, the PGN "--" null move) can never be
 * real moves because from == to.
 */
typedef uint16_t move;

enum {
    MOVE_NORMAL = 0,
    MOVE_CASTLE = 1,
    MOVE_EN_PASSANT = 2,
    MOVE_PROMO_KNIGHT = 4,
    MOVE_PROMO_BISHOP = 5,
    MOVE_PROMO_ROOK = 6,
    MOVE_PROMO_QUEEN = 7
};

#define MOVE_MAKE(from, to, kind) ((move)((from) | ((to) << 6) | ((kind) << 12)))
#define MOVE_FROM(m) ((m) & 63)
#define MOVE_TO(m) (((m) >> 6) & 63)
#define MOVE_KIND(m) ((m) >> 12)
#define MOVE_IS_PROMO(m) (MOVE_KIND(m) >= MOVE_PROMO_KNIGHT)
#define MOVE_PROMO_TYPE(m) (MOVE_KIND(m) - MOVE_PROMO_KNIGHT + KNIGHT)
#define MOVE_NONE ((move)0)
#define MOVE_NULL ((move)(1 | (1 << 6)))

/* Branch hints for the per-move paths (GCC, Clang); plain elsewhere. */
#if defined(__GNUC__)
#define LIKELY(x) __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define LIKELY(x) (x)
#define UNLIKELY(x) (x)
#endif

/* Longest legal-move list any position has is 218; round up. */
#define MOVES_MAX 256

#endif /* PGNARB_CHESS_H */
