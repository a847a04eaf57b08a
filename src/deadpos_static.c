/*
 * deadpos_static.c - proofs that a side cannot checkmate, without search
 * (FIDE 5.2.2 and 6.9: "cannot checkmate by any series of legal moves").
 *
 * Material:
 *  - a bare king gives no check, so it never mates;
 *  - a lone knight or bishop against a bare king: the defending king has no
 *    piece of its own to take away a flight square, and one minor piece plus
 *    a king cover too few squares;
 *  - when every piece besides the kings is a bishop and all stand on squares
 *    of one colour (and there are no pawns, which could promote), no piece
 *    ever attacks a square of the other colour: the king in check always has
 *    a free flight square of that colour (mate needs one blocked, and only
 *    bishops of the wrong colour could stand there).  This holds for both
 *    sides at once;
 *  - no blocker (DEADPOS_WHY_NO_BLOCKER), no pawns on the board:
 *    a) the side has only bishops on squares of one colour, the opponent
 *       no knight and no bishop of the other colour.  A move never gives
 *       double check with two bishops (the moving one would have to leave
 *       one diagonal through the king for the other one), so a mate is a
 *       single check along a diagonal (dx,dy); the king's two neighbours
 *       (dx,0) and (0,dy) are on the board and of the other colour: empty,
 *       they need the side's king, which cannot guard both without standing
 *       next to the other king; holding a queen or a rook (nothing else can
 *       stand there), that piece takes the bishop or interposes, and no
 *       bishop can pin it on an orthogonal line;
 *    b) the side has only one knight, the opponent only queens: the two
 *       squares next to both the king and the checking knight need the
 *       side's king (a queen there takes the knight; nothing pins), which
 *       then stands two squares from the king, and the third square next
 *       to the king in line with them stays a flight square (or holds a
 *       queen that takes the knight).
 *
 * Locked structure (after Ambrona's static reachability analysis, FUN 2022):
 * when every pawn is blocked head-on (directly behind a pawn) and none can
 * capture, the pawns move only if some piece captures one or is captured by
 * one.  We compute an over-approximation of where each piece can ever go,
 * treating the pawns as the only obstacles (the other pieces can move out of
 * the way): a king never enters a square an enemy pawn attacks, other pieces
 * go anywhere their moves reach.  If no piece and no king can ever capture a
 * pawn or stand where a pawn captures it, the pawns never move; then the side
 * can mate only if one of its pieces can attack some square the enemy king
 * can reach.  If none can, it can never even give check.
 *
 * Invariant: every "cannot" here is a proof; anything doubtful answers
 * DEADPOS_WHY_NONE.
 */
#include "deadpos_internal.h"

#include "attacks.h"
#include "bitboard.h"
#include "position.h"

enum deadpos_why dp_material_cannot(const struct position *pos, int side)
{
    bitboard kings = pos->by_type[KING];
    bitboard own = pos->by_color[side] & ~kings;
    bitboard theirs = pos->by_color[side ^ 1] & ~kings;
    if (!own) return DEADPOS_WHY_BARE_KING;
    if (!theirs && !bb_more_than_one(own) && (own & (pos->by_type[KNIGHT] | pos->by_type[BISHOP])))
        return DEADPOS_WHY_LONE_MINOR;
    bitboard all = own | theirs;
    if (all == pos->by_type[BISHOP] && (!(all & BB_LIGHT_SQUARES) || !(all & BB_DARK_SQUARES)))
        return DEADPOS_WHY_BISHOPS;
    if (pos->by_type[PAWN]) return DEADPOS_WHY_NONE;
    bitboard bishops = own & pos->by_type[BISHOP];
    if (own == bishops) {
        bitboard colour = (own & BB_LIGHT_SQUARES) ? BB_LIGHT_SQUARES : BB_DARK_SQUARES;
        if (!(own & ~colour) && !(theirs & pos->by_type[KNIGHT]) &&
            !(theirs & pos->by_type[BISHOP] & ~colour))
            return DEADPOS_WHY_NO_BLOCKER;
    } else if (own == (own & pos->by_type[KNIGHT]) && !bb_more_than_one(own) &&
               theirs == (theirs & pos->by_type[QUEEN]))
        return DEADPOS_WHY_NO_BLOCKER;
    return DEADPOS_WHY_NONE;
}

bool dp_pawns_locked(const struct position *pos)
{
    bitboard wp = pos_pieces(pos, COLOR_WHITE, PAWN);
    bitboard bp = pos_pieces(pos, COLOR_BLACK, PAWN);
    bitboard pawns = wp | bp;
    if (!pawns || pos->castle_rooks || pos->ep_capturable) return false;
    /* Each pawn has a pawn directly in front: none can ever advance while
     * no pawn leaves the board or its file. */
    if ((bb_north(wp) | bb_south(bp)) & ~pawns) return false;
    /* No pawn can capture a pawn now. */
    return !(bb_pawn_attacks(wp, COLOR_WHITE) & bp) && !(bb_pawn_attacks(bp, COLOR_BLACK) & wp);
}

/* One king step in every direction, the set itself included. */
static bitboard king_spread(bitboard b)
{
    b |= bb_east(b) | bb_west(b);
    return b | bb_north(b) | bb_south(b);
}

/* Squares a king on sq can reach stepping only on `allowed` squares. */
static bitboard king_region(int sq, bitboard allowed)
{
    bitboard r = SQ_BB(sq), prev;
    do {
        prev = r;
        r |= king_spread(r) & allowed;
    } while (r != prev);
    return r;
}

/* Squares a piece of `type` on sq can reach, the pawns being the only
 * obstacles (it may not land on a pawn: that would be a capture, which the
 * caller rules out separately), and the union of what it attacks from them. */
static bitboard piece_reach(int type, int sq, bitboard pawns, bitboard *attacked)
{
    bitboard reach = SQ_BB(sq), todo = reach, att = 0;
    while (todo) {
        int q = bb_pop_lsb(&todo);
        bitboard a = attacks_piece(type, q, pawns);
        att |= a;
        bitboard fresh = a & ~pawns & ~reach;
        reach |= fresh;
        todo |= fresh;
    }
    *attacked = att;
    return reach;
}

enum deadpos_why dp_locked_cannot(const struct position *pos, int side)
{
    if (!dp_pawns_locked(pos)) return DEADPOS_WHY_NONE;
    bitboard pawns = pos->by_type[PAWN];
    bitboard pawns_of[COLOR_NB], pawn_att[COLOR_NB], region[COLOR_NB];
    for (int c = 0; c < COLOR_NB; c++) {
        pawns_of[c] = pos_pieces(pos, c, PAWN);
        pawn_att[c] = bb_pawn_attacks(pawns_of[c], c);
    }
    for (int c = 0; c < COLOR_NB; c++) {
        /* A king never steps onto a square an enemy pawn attacks (nor onto
         * an enemy pawn that another pawn protects). */
        region[c] = king_region(pos_king_square(pos, c), ~pawns & ~pawn_att[c ^ 1]);
        /* An unprotected enemy pawn next to its reach could be taken. */
        if (king_spread(region[c]) & pawns_of[c ^ 1] & ~pawn_att[c ^ 1]) return DEADPOS_WHY_NONE;
    }
    int loser = side ^ 1;
    /* A pawn of the side giving check now could be part of a mate. */
    if (pawn_att[side] & pos_pieces(pos, loser, KING)) return DEADPOS_WHY_NONE;
    bitboard pieces = pos_occupied(pos) & ~pawns & ~pos->by_type[KING];
    while (pieces) {
        int sq = bb_pop_lsb(&pieces);
        int c = PIECE_COLOR(pos->board[sq]);
        bitboard attacked;
        bitboard reach = piece_reach(PIECE_TYPE(pos->board[sq]), sq, pawns, &attacked);
        /* It could be captured by a pawn, or capture one: the wall moves. */
        if ((reach & pawn_att[c ^ 1]) || (attacked & pawns_of[c ^ 1])) return DEADPOS_WHY_NONE;
        /* It could give check. */
        if (c == side && (attacked & region[loser])) return DEADPOS_WHY_NONE;
    }
    return DEADPOS_WHY_LOCKED;
}

enum deadpos_why dp_static_cannot(const struct position *pos, int side)
{
    enum deadpos_why why = dp_material_cannot(pos, side);
    return why != DEADPOS_WHY_NONE ? why : dp_locked_cannot(pos, side);
}
