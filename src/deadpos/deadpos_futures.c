/*
 * deadpos_futures.c - the wall proof where pawns face each other on a file
 * with no head-on pair (FIDE 5.2.2 and 6.9: "cannot checkmate by any series
 * of legal moves").
 *
 * The wall proof (deadpos_static.c) is tried only where every file with a
 * pawn holds a white pawn blocked head-on by a black one, or by a unit that
 * may be frozen (dp_pawns_stoppable(): cheap bits, the gate of `check`'s
 * per-move proofs).  Its induction needs less: that every pawn has a stop
 * ahead on its file.  A pawn of the other colour is one even when the two do
 * not touch (a white pawn on a4, a black one on a7): a pawn moves straight
 * ahead onto empty squares only, a double step too, so while neither
 * captures nor is captured neither passes the other, and their futures are
 * a4-a6 and a7-a5.  dp_pawn_segment() already counts such a pawn as a stop.
 * dp_futures_cannot() runs the wall proof's three tries (dp_wall_tries())
 * on such positions, the ones the gate turns away.
 *
 * The induction, over every series of legal moves from pos, both sides
 * playing as they please (deadpos_static.c states each part at its
 * definition; the wall w of a try, the kings' regions, `vanish`):
 *  - each free pawn stays on its segment (struct dp_wall's span): from its
 *    square up to its stop, exclusive; the stop is a fixed pawn, a frozen
 *    unit, or a pawn of the other colour on the file, not in `vanish`, which
 *    stays at or past the square it holds now (it only comes toward us), so
 *    the segment ends before the last rank: no pawn ever promotes
 *    (wall_build() fails otherwise);
 *  - no pawn ever captures: the squares a pawn of one colour may ever
 *    attack (att: from every square of its segment) hold no square a pawn
 *    of the other colour may ever stand on (dp_wall_settle(), en passant
 *    included: its target square is on the passing pawn's segment), and
 *    no piece may ever stand on one (dp_wall_verdict(): a piece's reach
 *    never meets att); kings are never captured;
 *  - no pawn is ever captured but those in `vanish`: no piece ever attacks
 *    a pawn's square (dp_wall_verdict()), a king's region is never next to
 *    a pawn it may not take (kings_regions(): in try 0 not next to any
 *    square a free enemy pawn may stand on, so the king never steps onto
 *    one as the pawn moves on, nor onto the squares it leaves behind);
 *  - so no unit changes file or type, every piece stays within its reach,
 *    every king within its region, the frozen units never move and are
 *    never taken (frozen_hit()); every position reached has its pawns
 *    somewhere on their segments, and dp_wall_verdict()'s mate tests take
 *    the union of those squares (att, span: a pawn's checks and blocks from
 *    any square of its future) with every piece's reach and every king's
 *    region: no position reached is a mate by `side`.
 *
 * Only from deadpos_analyse() (prove_cannot()'s thorough path): the files
 * are not walled, so `check`'s filter has turned such positions away.
 *
 * Invariant: every "cannot" here is a proof; anything doubtful answers
 * DEADPOS_WHY_NONE.
 */
#include "deadpos/deadpos_internal.h"

#include "chess/bitboard.h"
#include "chess/position.h"

/* The squares strictly below (south_of) or above (north_of) a square of b
 * on its file. */
static bitboard south_of(bitboard b)
{
    b = bb_south(b);
    b |= b >> 8;
    b |= b >> 16;
    return b | b >> 32;
}

static bitboard north_of(bitboard b)
{
    b = bb_north(b);
    b |= b << 8;
    b |= b << 16;
    return b | b << 32;
}

enum deadpos_why dp_futures_cannot(const struct position *pos, int side)
{
    bitboard wp = pos_pieces(pos, COLOR_WHITE, PAWN), bp = pos_pieces(pos, COLOR_BLACK, PAWN);
    if (!(wp | bp) || pos->castle_rooks || pos->ep_capturable) return DEADPOS_WHY_NONE;
    bitboard cand;
    /* The gate held: the wall proof (dp_static_cannot_full()) ran these
     * tries with these frozen units and answered NONE. */
    if (dp_pawns_stoppable(pos, &cand)) return DEADPOS_WHY_NONE;
    cand = dp_frozen_candidates(pos);
    /* Every pawn has a pawn of the other colour or a unit that may be
     * frozen somewhere ahead on its file (cheap; wall_build() tells whether
     * each really stops it). */
    if ((wp & ~south_of(bp | cand)) || (bp & ~north_of(wp | cand))) return DEADPOS_WHY_NONE;
    return dp_wall_tries(pos, side, 3, cand) != DEADPOS_WHY_NONE ? DEADPOS_WHY_PAWN_FUTURES
                                                                 : DEADPOS_WHY_NONE;
}
