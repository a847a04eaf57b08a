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
 * checkmates; true => every mating move of a piece type moves to a square
 * of its `to` mask (the candidate squares b above, or every square when the
 * answer came before them).  Debug builds of the search assert it against playing the
 * moves; tests/check_deadpos.c holds the near misses.
 */
#include "deadpos_internal.h"

#include "attacks.h"
#include "position.h"

/* The test on bare bitboards: `by_color`, `by_type` as in struct position,
 * `us` to move; `special` says castling or en passant may be available.
 * When `to` is given it receives, per piece type, the target squares a
 * mating move of that type may have (every square when the test could not
 * narrow them). */
static bool may_mate(const bitboard by_color[COLOR_NB], const bitboard by_type[PIECE_TYPE_NB],
                     int us, bool special, bitboard *to)
{
    if (to)
        for (int t = 0; t < PIECE_TYPE_NB; t++)
            to[t] = BB_ALL;
    int them = us ^ 1;
    bitboard mine = by_color[us], theirs = by_color[them];
    /* What the test leaves out: castling, en passant, promotion. */
    bitboard last_rank = us == COLOR_WHITE ? BB_RANK_8 : BB_RANK_1;
    bitboard pawns = by_type[PAWN] & mine;
    if (special || (bb_forward(pawns, us) & last_rank)) return true;
    int ksq = bb_lsb(by_type[KING] & theirs);
    bitboard kb = SQ_BB(ksq);
    bitboard occk = (mine | theirs) & ~kb;
    bitboard knights = by_type[KNIGHT] & mine;
    bitboard diag = (by_type[BISHOP] | by_type[QUEEN]) & mine;
    bitboard orth = (by_type[ROOK] | by_type[QUEEN]) & mine;
    bitboard queens = by_type[QUEEN] & mine;
    /* Attacked now, and where each kind of piece can go (a superset). */
    bitboard attacked = bb_pawn_attacks(pawns, us) | attacks_king(bb_lsb(by_type[KING] & mine));
    bitboard reach_n = 0, reach_b = 0, reach_r = 0, reach_q = 0, xray = 0;
    for (bitboard b = knights; b;)
        reach_n |= attacks_knight(bb_pop_lsb(&b));
    attacked |= reach_n;
    bitboard around = attacks_king(ksq) & ~theirs;
    if (!(around & ~attacked)) return true;
    for (bitboard b = diag; b;) {
        int sq = bb_pop_lsb(&b);
        bitboard a = attacks_bishop(sq, occk);
        attacked |= a;
        if (a & mine) xray |= attacks_bishop(sq, occk & ~(a & mine)) & ~a;
        if (queens & SQ_BB(sq))
            reach_q |= a;
        else
            reach_b |= a;
    }
    for (bitboard b = orth; b;) {
        int sq = bb_pop_lsb(&b);
        bitboard a = attacks_rook(sq, occk);
        attacked |= a;
        if (a & mine) xray |= attacks_rook(sq, occk & ~(a & mine)) & ~a;
        if (queens & SQ_BB(sq))
            reach_q |= a;
        else
            reach_r |= a;
    }
    bitboard flights = around & ~attacked;
    if (!flights || (xray & (flights | kb))) return true;
    /* The mover must check K directly and attack every flight square from
     * b (a slider's square a between b and such a square would mean that it
     * attacks the square from a already, along the same ray).  Not a pawn:
     * the other square a checking pawn attacks is two files from K.  Not
     * the king, which gives no check. */
    bitboard kbish = attacks_bishop(ksq, occk), krook = attacks_rook(ksq, occk);
    bitboard c_n = attacks_knight(ksq) & reach_n & ~mine;
    bitboard c_b = kbish & reach_b & ~mine;
    bitboard c_r = krook & reach_r & ~mine;
    bitboard c_q = (kbish | krook) & reach_q & ~mine;
    while (flights && (c_n | c_b | c_r | c_q)) {
        int x = bb_pop_lsb(&flights);
        bitboard bx = attacks_bishop(x, occk), rx = attacks_rook(x, occk);
        c_n &= attacks_knight(x);
        c_b &= bx;
        c_r &= rx;
        c_q &= bx | rx;
    }
    if (to) {
        to[PAWN] = to[KING] = 0;
        to[KNIGHT] = c_n;
        to[BISHOP] = c_b;
        to[ROOK] = c_r;
        to[QUEEN] = c_q;
    }
    return (c_n | c_b | c_r | c_q) != 0;
}

bool dp_may_mate_in_one(const struct position *pos, bitboard to[PIECE_TYPE_NB])
{
    int us = pos->side;
    return may_mate(pos->by_color, pos->by_type, us,
                    pos->ep_capturable || (pos->castle_rooks & pos->by_color[us]), to);
}

bool dp_may_mate_after(const struct position *pos, move m, bitboard to[PIECE_TYPE_NB], bool *masks)
{
    int kind = MOVE_KIND(m);
    *masks = false;
    if (kind != MOVE_NORMAL) return true; /* castling, en passant, promotion */
    int us = pos->side, them = us ^ 1;
    int from = MOVE_FROM(m), to_sq = MOVE_TO(m);
    int type = PIECE_TYPE(pos->board[from]);
    /* A double step may give an en passant capture. */
    if (type == PAWN && (from ^ to_sq) == 16) return true;
    bitboard by_color[COLOR_NB] = {pos->by_color[0], pos->by_color[1]};
    bitboard by_type[PIECE_TYPE_NB];
    for (int t = 0; t < PIECE_TYPE_NB; t++)
        by_type[t] = pos->by_type[t];
    bitboard ft = SQ_BB(from) | SQ_BB(to_sq);
    if (pos->board[to_sq] != PIECE_NONE) {
        by_color[them] &= ~SQ_BB(to_sq);
        by_type[PIECE_TYPE(pos->board[to_sq])] &= ~SQ_BB(to_sq);
    }
    by_color[us] ^= ft;
    by_type[type] ^= ft;
    /* The other side's castling rights can only have shrunk (a capture of
     * a rook): keeping them is the safe side.  Without a capture they are
     * those of the position after m, and so are the masks. */
    *masks = pos->board[to_sq] == PIECE_NONE;
    return may_mate(by_color, by_type, them, (pos->castle_rooks & by_color[them]) != 0,
                    *masks ? to : NULL);
}
