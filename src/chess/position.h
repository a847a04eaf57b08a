/*
 * position.h - a chess position (FIDE 2, 3, 9.2.2) and how a move changes it.
 *
 * Ownership: struct position is a plain value, owned by the caller; it holds
 * no pointers, so copying it (`struct position next = *pos;`) is how a caller
 * keeps the position before a move ("copy-make").  Set one up with
 * pos_set_start() or fen_parse() (which also build the attack tables).
 *
 * Fields are public for reading; change them only through this module.
 *   board[sq]      piece on sq, or PIECE_NONE
 *   by_color[c]    squares of colour c's pieces
 *   by_type[t]     squares of pieces of type t, both colours
 *   side           colour to move
 *   ep_square      the square a pawn just skipped with a double step (as FEN
 *                  writes it), SQ_NONE otherwise.  It is kept even when no en
 *                  passant capture is possible; ep_capturable says whether one
 *                  legal en passant capture exists, and only then does it
 *                  count for the key and for pos_same_identity().
 *   castle_rooks   rooks that still carry a castling right (white ones on
 *                  rank 1, black ones on rank 8): a right is "the rook on this
 *                  square may castle with its king", which covers Chess960
 *   halfmove       plies since the last capture or pawn move (FIDE 9.3)
 *   fullmove       move number, starts at 1, increases after Black moves
 *   chess960       castling follows the Chess960 rules (FIDE Guidelines III);
 *                  the move rules only differ in where the king and rook start
 *   checkers       pieces giving check to the side to move
 *   key            Zobrist hash of the FIDE 9.2.2 identity: pieces on squares,
 *                  side to move, castling rights, en passant square only when
 *                  ep_capturable
 */
#ifndef PGNARB_POSITION_H
#define PGNARB_POSITION_H

#include "chess/attacks.h"
#include "chess/chess.h"

#include <assert.h>
#include <stddef.h>
#include <string.h>

struct position {
    bitboard by_color[COLOR_NB];
    bitboard by_type[PIECE_TYPE_NB];
    bitboard castle_rooks;
    bitboard checkers;
    uint64_t key;
    uint32_t halfmove;
    uint32_t fullmove;
    uint8_t board[SQ_NB];
    uint8_t side;
    uint8_t ep_square;
    bool ep_capturable;
    bool chess960;
};

/* The FIDE 2.3 start position, standard chess. */
void pos_set_start(struct position *pos);

/* Play m, which must be legal in pos (movegen_is_legal()).  Updates the
 * clocks, castling rights, en passant square, checkers and key. */
void pos_make(struct position *pos, move m);

/* Play m, a move the piece can make geometrically that a rule of check
 * forbids (it leaves or puts its own king in check, a pinned piece, castling
 * out of, through or into check or after the king or rook moved:
 * san_stood_move()), as it was played over the board when such a move stood
 * (FIDE 7.5).  Afterwards the side that just moved may be in check: the
 * position satisfies pos_ok_stood(), not pos_ok().  No move captures the
 * king it leaves attacked (movegen.c); the game goes on by the usual rules,
 * but the move after it (the reply, legal) must be played here too: the
 * checkers are counted in full, where pos_make() counts those the move
 * makes. */
void pos_make_stood(struct position *pos, move m);

/* Pass the turn: the PGN null move "--" of analysis (not a move of chess, FIDE
 * 1.2 and 3.1).  Only when the side to move is not in check.  The en passant
 * square goes, the clocks advance as after a quiet move. */
void pos_make_null(struct position *pos);

/* pos_make() without the debug-build invariant check, for hot loops such as
 * perft that are tested against pos_ok() elsewhere. */
void pos_do_move(struct position *pos, move m);

/* What pos_undo() needs to take back one move: the fields a move changes
 * that the position after it does not tell. */
struct pos_undo {
    /* castle_rooks to halfmove, and ep_square with ep_capturable, as in
     * struct position (pos_undo_copy() copies them as blocks) */
    bitboard castle_rooks;
    bitboard checkers;
    uint64_t key;
    uint32_t halfmove;
    move m;           /* the move, or MOVE_NULL for a pass */
    uint8_t captured; /* the piece it took (the pawn, en passant), or PIECE_NONE
                         (not meaningful for MOVE_NULL) */
    uint8_t ep_square;
    bool ep_capturable;
};

/* The fields of u kept as they are in pos, and the move: castle_rooks to
 * halfmove, and the en passant pair, copied as blocks (a register kept for
 * one of them until the move's end would cost make-move a spill). */
static inline void pos_undo_copy(const struct position *pos, move m, struct pos_undo *u)
{
    memcpy(&u->castle_rooks, &pos->castle_rooks, offsetof(struct pos_undo, m));
    u->m = m;
    memcpy(&u->ep_square, &pos->ep_square, 2);
}

/* Record in u what playing m (legal in pos, or MOVE_NULL) will change. */
static inline void pos_undo_record(const struct position *pos, move m, struct pos_undo *u)
{
    pos_undo_copy(pos, m, u);
    /* A plain move (MOVE_NULL is one too, by its kind: pos_undo() does not
     * look at `captured` for it) takes what stands on its target. */
    u->captured = LIKELY(MOVE_KIND(m) == MOVE_NORMAL) ? pos->board[MOVE_TO(m)]
                  : MOVE_KIND(m) == MOVE_CASTLE       ? PIECE_NONE
                  : MOVE_KIND(m) == MOVE_EN_PASSANT   ? pos->board[MOVE_TO(m) ^ 8]
                                                      : pos->board[MOVE_TO(m)];
}

/* pos_undo_record() then pos_make(), in one go (m legal, not MOVE_NULL). */
void pos_make_undo(struct position *pos, move m, struct pos_undo *u);

/* Take back the move recorded in u (by pos_undo_record() just before
 * pos_make() or pos_make_null()) from the position it led to: afterwards pos
 * is, field for field, what it was. */
void pos_undo(struct position *pos, const struct pos_undo *u);

/* Take back, on board[] alone, a move that was neither a capture nor a pawn
 * move (a piece move, castling included, or MOVE_NULL): what the repetition
 * window needs to see earlier positions without keeping them. */
void pos_board_unmake_reversible(uint8_t board[SQ_NB], move m);

/* The side to move is in check. */
bool pos_in_check(const struct position *pos);

/* Zobrist key of the repetition identity (see the struct comment). */
uint64_t pos_key(const struct position *pos);

/* m (MOVE_NORMAL) is a pawn's double step, which may make an en passant
 * capture possible (FIDE 3.7.3). */
static inline bool pos_move_is_double_step(const struct position *pos, move m)
{
    return PIECE_TYPE(pos->board[MOVE_FROM(m)]) == PAWN && (MOVE_FROM(m) ^ MOVE_TO(m)) == 16;
}

/* A plain move: pos has no castling right, m is MOVE_NORMAL and no pawn's
 * double step.  The only moves whose key needs nothing but the pieces on
 * the two squares (pos_key_after_plain()). */
static inline bool pos_move_is_plain(const struct position *pos, move m)
{
    return !pos->castle_rooks && MOVE_KIND(m) == MOVE_NORMAL && !pos_move_is_double_step(pos, m);
}

/* The Zobrist numbers of the keys, filled once per process before the
 * first position is set up (position.c); read-only everywhere else.  Here
 * only for pos_key_after_plain(), which the searches call at every node. */
extern uint64_t pos_zob_piece[16][SQ_NB], pos_zob_ep[8], pos_zob_side;

/* The key pos_do_move(pos, m) gives, without playing m, for a plain move
 * (pos_move_is_plain()).  For searches that look a position up before
 * playing into it.  (do_move()'s key: the side, the piece's two squares, en
 * passant gone, what stood on the target square taken.) */
static inline uint64_t pos_key_after_plain(const struct position *pos, move m)
{
    int from = MOVE_FROM(m), to = MOVE_TO(m), pc = pos->board[from];
    assert(pos_move_is_plain(pos, m));
    uint64_t key = pos->key ^ pos_zob_side ^ pos_zob_piece[pc][from] ^ pos_zob_piece[pc][to];
    if (pos->ep_capturable) key ^= pos_zob_ep[SQ_FILE(pos->ep_square)];
    if (pos->board[to] != PIECE_NONE) key ^= pos_zob_piece[pos->board[to]][to];
    return key;
}

/* Same identity in the sense of FIDE 9.2.2: same pieces on the same squares,
 * same side to move, same castling rights, and the same en passant capture
 * possibility.  Clocks and move numbers do not count. */
bool pos_same_identity(const struct position *a, const struct position *b);

/* Pieces of both colours that attack sq, with `occupied` as the blockers. */
bitboard pos_attackers_to(const struct position *pos, int sq, bitboard occupied);

/* Pieces of colour c and type t. */
static inline bitboard pos_pieces(const struct position *pos, int color, int type)
{
    return pos->by_color[color] & pos->by_type[type];
}

/* Square of colour c's king (the lowest one if a broken position has two),
 * SQ_NONE without one. */
static inline int pos_king_square(const struct position *pos, int color)
{
    bitboard k = pos_pieces(pos, color, KING);
    return k ? bb_lsb(k) : SQ_NONE;
}

static inline bitboard pos_occupied(const struct position *pos)
{
    return pos->by_color[COLOR_WHITE] | pos->by_color[COLOR_BLACK];
}

/* Castling rights of colour c on the king's h-side (kingside) or a-side. */
bitboard pos_castle_rooks_side(const struct position *pos, int color, bool kingside);

/* Pieces of colour `color` that are the only piece between their own king and
 * an enemy slider (they are pinned when `color` is the pinned side). */
bitboard pos_pinned(const struct position *pos, int color);

/* Is the piece on sq, of colour `color`, pinned to its king: alone between
 * the king and an enemy slider on a line?  (pos_pinned() for one square.)
 * Inline: most pieces are not in line with their king, or no enemy slider
 * is on that line, which settles it. */
bool pos_is_pinned_by(const struct position *pos, int ksq, int sq, bitboard sliders);
/* pos_is_pinned() when the caller knows the king's square ksq (SQ_NONE: no
 * king, nothing pinned). */
static inline bool pos_is_pinned_to(const struct position *pos, int color, int ksq, int sq)
{
    if (ksq == SQ_NONE || !attacks_aligned(ksq, sq)) return false;
    bitboard sliders = pos->by_color[color ^ 1] & attacks_line(ksq, sq) &
                       (((pos->by_type[BISHOP] | pos->by_type[QUEEN]) & attacks_bishop_rays[ksq]) |
                        ((pos->by_type[ROOK] | pos->by_type[QUEEN]) & attacks_rook_rays[ksq]));
    return sliders && pos_is_pinned_by(pos, ksq, sq, sliders);
}
static inline bool pos_is_pinned(const struct position *pos, int color, int sq)
{
    return pos_is_pinned_to(pos, color, pos_king_square(pos, color), sq);
}

/* Would en passant by the side to move's pawn on `from` to ep_square leave
 * its king safe?  (FIDE 3.7.4.1 plus 3.9: the two pawns leave the rank and
 * the capture may uncover a rook, bishop or queen.)  ep_square must be set. */
bool pos_ep_legal_from(const struct position *pos, int from);

/* Recompute derived state after the fields were filled in by hand (the FEN
 * parser does this): bitboards from board[], checkers, ep_capturable, key. */
void pos_refresh(struct position *pos);

/* Empty board with nothing set (used by the FEN parser). */
void pos_clear(struct position *pos);

/* Place or remove one piece, keeping board[] and bitboards in step (not the
 * key: call pos_refresh() after building a position by hand). */
void pos_put(struct position *pos, int sq, int piece);

/* Invariants (Stockfish's pos_is_ok): board[] and the bitboards agree, one
 * king each, no pawns on the first or last rank, the side not to move is not
 * in check, checkers and key are what they should be, castle_rooks are rooks
 * on their back rank with the king on that rank, ep_square is consistent. */
bool pos_ok(const struct position *pos);

/* pos_ok() but for the side that just moved, which may be in check (the
 * position after pos_make_stood()). */
bool pos_ok_stood(const struct position *pos);

#endif /* PGNARB_POSITION_H */
