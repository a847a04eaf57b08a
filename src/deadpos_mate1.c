/*
 * deadpos_mate1.c - a cheap proof that the side to move has no mate in one,
 * for the helpmate searches (deadpos_search.c), which ask "does the winner
 * mate at once?" at most of their nodes and almost always hear "no".
 *
 * The rule it rests on (FIDE 3.9, 5.1.1: checkmate = check with no legal
 * reply): the other king K must be in check after the move and every square
 * next to K that does not hold one of K's own units must then be attacked,
 * else K steps there.  Call F the squares next to K that hold none of its
 * units and that no piece of the side to move attacks now (K lifted off the
 * board, so that a slider's ray through K counts).  One move changes the
 * attacks on a square of F only in two ways:
 *  - the moved piece attacks it from its new square b (a capture on b does
 *    not open a line: the mover stands on b); b in F itself does not help,
 *    since no other piece defends b and K may take the mover;
 *  - the moved piece was the only unit between a slider of its side and the
 *    square (a discovered attack), and the same for a discovered check.
 * So when no piece of the side to move stands alone between one of its
 * sliders and K or a square of F, a mate needs a piece that reaches a square
 * b from which it both checks K and attacks all of F.  Anything the test
 * does not model (castling, en passant, a promotion, a discovered line) makes
 * it answer "maybe".  The rays from b are taken with the board as it is (K
 * lifted): the square the mover leaves cannot lie between b and K or a
 * square of F, since the mover would then already check K or attack it.
 *
 * Invariant: dp_may_mate_in_one(pos) false => no legal move of pos->side
 * checkmates.  Debug builds of the search assert it against playing the
 * moves; tests/check_deadpos.c holds the near misses.
 */
#include "deadpos_internal.h"

#include "attacks.h"
#include "position.h"

bool dp_may_mate_in_one(const struct position *pos)
{
    int us = pos->side, them = us ^ 1;
    bitboard mine = pos->by_color[us], theirs = pos->by_color[them];
    /* What the test leaves out: castling, en passant, promotion. */
    bitboard last_rank = us == COLOR_WHITE ? BB_RANK_8 : BB_RANK_1;
    bitboard pawns = pos->by_type[PAWN] & mine;
    if (pos->ep_capturable || (pos->castle_rooks & mine) || (bb_forward(pawns, us) & last_rank))
        return true;
    int ksq = bb_lsb(pos->by_type[KING] & theirs);
    bitboard kb = SQ_BB(ksq);
    bitboard occ = pos->by_type[PAWN] | pos->by_type[KNIGHT] | pos->by_type[BISHOP] |
                   pos->by_type[ROOK] | pos->by_type[QUEEN] | pos->by_type[KING];
    bitboard occk = occ & ~kb;
    bitboard knights = pos->by_type[KNIGHT] & mine;
    bitboard diag = (pos->by_type[BISHOP] | pos->by_type[QUEEN]) & mine;
    bitboard orth = (pos->by_type[ROOK] | pos->by_type[QUEEN]) & mine;
    bitboard queens = pos->by_type[QUEEN] & mine;
    /* Attacked now, and where each kind of piece can go (a superset). */
    bitboard attacked =
        bb_pawn_attacks(pawns, us) | attacks_king(bb_lsb(pos->by_type[KING] & mine));
    bitboard reach_n = 0, reach_b = 0, reach_r = 0, reach_q = 0, xray = 0;
    for (bitboard b = knights; b;)
        reach_n |= attacks_knight(bb_pop_lsb(&b));
    attacked |= reach_n;
    for (bitboard b = diag; b;) {
        int sq = bb_pop_lsb(&b);
        bitboard a = attacks_bishop(sq, occk);
        attacked |= a;
        xray |= attacks_bishop(sq, occk & ~(a & mine)) & ~a;
        if (queens & SQ_BB(sq))
            reach_q |= a;
        else
            reach_b |= a;
    }
    for (bitboard b = orth; b;) {
        int sq = bb_pop_lsb(&b);
        bitboard a = attacks_rook(sq, occk);
        attacked |= a;
        xray |= attacks_rook(sq, occk & ~(a & mine)) & ~a;
        if (queens & SQ_BB(sq))
            reach_q |= a;
        else
            reach_r |= a;
    }
    bitboard flights = attacks_king(ksq) & ~theirs & ~attacked;
    if (!flights || (xray & (flights | kb))) return true;
    /* The mover must check K directly and attack every flight square from
     * b (a slider's square a between b and such a square would mean that it
     * attacks the square from a already, along the same ray). */
    bitboard reach_p =
        bb_pawn_attacks(pawns, us) | bb_forward(pawns, us) | bb_forward(bb_forward(pawns, us), us);
    bitboard kbish = attacks_bishop(ksq, occk), krook = attacks_rook(ksq, occk);
    bitboard c_p = attacks_pawn(them, ksq) & reach_p & ~mine;
    bitboard c_n = attacks_knight(ksq) & reach_n & ~mine;
    bitboard c_b = kbish & reach_b & ~mine;
    bitboard c_r = krook & reach_r & ~mine;
    bitboard c_q = (kbish | krook) & reach_q & ~mine;
    while (flights && (c_p | c_n | c_b | c_r | c_q)) {
        int x = bb_pop_lsb(&flights);
        bitboard bx = attacks_bishop(x, occk), rx = attacks_rook(x, occk);
        c_p &= attacks_pawn(them, x);
        c_n &= attacks_knight(x);
        c_b &= bx;
        c_r &= rx;
        c_q &= bx | rx;
    }
    return (c_p | c_n | c_b | c_r | c_q) != 0;
}
