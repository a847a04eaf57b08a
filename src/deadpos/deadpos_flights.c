/*
 * deadpos_flights.c - could the defender's units ever fill the flight
 * squares a mate needs filled?  The counting proofs of the wall proof
 * (deadpos_static.c builds the wall: struct dp_wall, the kings' regions),
 * each a proof that `side` cannot mate (FIDE 5.2.2 and 6.9):
 *  - only bishops of one colour can check (dp_too_few_blockers()): the
 *    king in check keeps a flight square of the other colour unless its
 *    own units fill them all;
 *  - only pawns can check (dp_pawn_checks_fail()): wherever they could,
 *    the king keeps more flight squares than its units could fill;
 *  - mating nets (dp_no_mating_net()): when at most two pieces of the side
 *    can ever attack a square the other king may reach (and no pawn of it
 *    can), every square k the king may reach and every placement of those
 *    pieces and of the side's king where they may stand is tried, attacks
 *    taken through everything but fixed pawns and frozen units; if the king
 *    always keeps a flight square that distinct units of its own could not
 *    fill, no position mates.
 * A defending unit counts only where it can ever stand (defender_reach()),
 * and distinct units must fill distinct squares (may_fill()).
 *
 * Invariant: every "cannot" here is a proof; anything doubtful answers
 * false.
 */
#include "deadpos/deadpos_internal.h"

#include "chess/attacks.h"
#include "chess/bitboard.h"
#include "chess/position.h"

/*
 * Where each defending unit (the pieces and free pawns of `loser`: fixed
 * pawns never move) may ever stand while the wall stands: a piece anywhere
 * its moves reach with the fixed pawns as the only obstacles (dp_piece_reach()),
 * a free pawn on its file segment (dp_pawn_segment()).  Into can_be[]; returns
 * how many, or -1 when a free pawn has no segment (wall_build() with the
 * same `vanish` rules that out; -1 makes every caller prove nothing).
 */
static int defender_reach(const struct position *pos, const struct dp_wall *w, int loser,
                          bitboard vanish, bitboard can_be[SQ_NB])
{
    bitboard own = pos->by_color[loser] & ~pos->by_type[KING] & ~w->fixed;
    int units = 0;
    while (own) {
        int sq = bb_pop_lsb(&own);
        bitboard attacked;
        if (PIECE_TYPE(pos->board[sq]) != PAWN)
            can_be[units++] =
                dp_piece_reach(PIECE_TYPE(pos->board[sq]), sq, w->fixed | w->frozen, &attacked);
        else if (!dp_pawn_segment(pos, sq, w->fixed | w->frozen, vanish, &can_be[units++]))
            return -1;
    }
    return units;
}

/* Could distinct units of can_be[0..units) fill every square of `flights`
 * at once?  Counted loosely (a unit that may stand on any of them counts
 * once): false is a proof that they cannot. */
static bool may_fill(const bitboard *can_be, int units, bitboard flights)
{
    int need = bb_popcount(flights), have = 0;
    for (int u = 0; u < units && have < need; u++)
        have += (can_be[u] & flights) != 0;
    return have >= need;
}

/*
 * The wall stands (dp_locked_cannot()'s conditions hold) and the only
 * pieces of `side` that can ever attack a square of the other king's region
 * are bishops on squares of one colour (`checkers_sq`).  A mate then is a
 * check by such a bishop to the king on a square k of that colour, and
 * every neighbour of k of the other colour inside the region must hold one
 * of the king's own units: `side` can never attack those squares (its pawns
 * and king never reach the region, its other pieces never attack it) nor
 * stand on them unprotected.  Neighbours outside the region are fixed pawns,
 * frozen units of the defender, squares fixed pawns or frozen units of `side`
 * attack, or where its free pawns may stand: not counted (as if blocked).  The defender's units
 * that could ever block are its pieces and its free pawns, each only where it can ever stand
 * (defender_reach(): a bishop of the checking colour never, a piece shut
 * behind the wall never); when, for every k, fewer of them can reach those
 * neighbours than there are, no mate exists.
 */
bool dp_too_few_blockers(const struct position *pos, const struct dp_wall *w, int side,
                         bitboard checkers_sq, const bitboard region[COLOR_NB], bitboard vanish)
{
    int loser = side ^ 1;
    bitboard bishops = pos_pieces(pos, side, BISHOP);
    if (checkers_sq & ~bishops) return false;
    bitboard colour = (checkers_sq & BB_LIGHT_SQUARES) ? BB_LIGHT_SQUARES : BB_DARK_SQUARES;
    if (checkers_sq & ~colour) return false;
    /* The side's king never attacks or enters the region. */
    if (dp_king_spread(region[side]) & region[loser]) return false;
    bitboard can_be[SQ_NB];
    int units = defender_reach(pos, w, loser, vanish, can_be);
    if (units < 0) return false;
    bitboard targets = region[loser] & colour;
    bitboard flights = region[loser] & ~colour;
    while (targets) {
        int k = bb_pop_lsb(&targets);
        if (may_fill(can_be, units, attacks_king(k) & flights)) return false;
    }
    return true;
}

/* Add m to the set of masks set[0..*n) unless it is there (at most
 * NET_MASKS; false when full). */
#define NET_MASKS 64
static bool add_mask(bitboard *set, int *n, bitboard m)
{
    for (int i = 0; i < *n; i++)
        if (set[i] == m) return true;
    if (*n == NET_MASKS) return false;
    set[(*n)++] = m;
    return true;
}

/*
 * The wall stands (dp_locked_cannot()'s conditions hold), no pawn of `side`
 * can ever attack the other king's region, and at most two pieces of `side`
 * can ever attack a square of it (`checkers`, their squares; reach[] and the
 * obstacles: as in locked_cannot()); the flight squares are in it too, so
 * no other piece matters.  A mate is a position
 * with the king on some k of the region, attacked by one of those pieces,
 * and every neighbour of k inside the region attacked by a unit of `side`
 * or filled by a unit of the king's own (neighbours outside the region are
 * fixed pawns, frozen units, or squares the king may never enter).  Over
 * every k and every placement of the two pieces on squares they may reach
 * and of the side's king on a square of its region not next to k (or far
 * away), with their attacks taken with only the fixed pawns and frozen
 * units as obstacles (more than any real position gives), look for one where
 * the neighbours left unattacked could be filled by distinct defending units
 * (may_fill()).  None: no position mates.  Only what each placement attacks
 * among k's neighbours matters, so the placements are merged by that.
 * False (no proof) when a set of masks overflows.
 */
bool dp_no_mating_net(const struct position *pos, const struct dp_wall *w, int side,
                      bitboard checkers, const bitboard region[COLOR_NB], bitboard vanish)
{
    int loser = side ^ 1;
    int np = 0;
    bitboard reach[2], att[2][SQ_NB];
    for (bitboard a = checkers; a; np++) {
        int sq = bb_pop_lsb(&a);
        int type = PIECE_TYPE(pos->board[sq]);
        bitboard attacked;
        reach[np] = dp_piece_reach(type, sq, w->fixed | w->frozen, &attacked);
        for (bitboard r = reach[np]; r;) {
            int t = bb_pop_lsb(&r);
            att[np][t] = attacks_piece(type, t, w->fixed | w->frozen);
        }
    }
    bitboard can_be[SQ_NB];
    int units = defender_reach(pos, w, loser, vanish, can_be);
    if (units < 0) return false;
    for (bitboard ks = region[loser]; ks;) {
        int k = bb_pop_lsb(&ks);
        bitboard flights = attacks_king(k) & region[loser];
        /* What each piece may attack among the flights, from a square
         * where it checks (chk) or from any (cov); the side's king. */
        bitboard chk[2][NET_MASKS], cov[2][NET_MASKS], kings[NET_MASKS];
        int nchk[2] = {0, 0}, ncov[2] = {0, 0}, nkings = 0;
        for (int i = 0; i < np; i++)
            for (bitboard r = reach[i] & ~SQ_BB(k); r;) {
                int t = bb_pop_lsb(&r);
                if (!add_mask(cov[i], &ncov[i], att[i][t] & flights)) return false;
                if ((att[i][t] & SQ_BB(k)) && !add_mask(chk[i], &nchk[i], att[i][t] & flights))
                    return false;
            }
        if (np == 1) add_mask(cov[1], &ncov[1], 0);
        add_mask(kings, &nkings, 0);
        for (bitboard r = region[side] & ~dp_king_spread(SQ_BB(k)); r;)
            if (!add_mask(kings, &nkings, attacks_king(bb_pop_lsb(&r)) & flights)) return false;
        for (int i = 0; i < np; i++)
            for (int a = 0; a < nchk[i]; a++)
                for (int b = 0; b < ncov[i ^ 1]; b++)
                    for (int c = 0; c < nkings; c++)
                        if (may_fill(can_be, units,
                                     flights & ~(chk[i][a] | cov[i ^ 1][b] | kings[c])))
                            return false;
    }
    return true;
}

/*
 * The wall stands, no piece of `side` can ever attack a square of the other
 * king's region, but its pawns can (`targets`: region squares in w->att).
 * A mate then is a pawn's check to the king on some k in targets, with
 * every neighbour of k in the region filled by one of the king's own units,
 * except those `side` may attack: w->att[side] (its pawns; its king must
 * never come near the region).  A pawn of `side` on such a square is no
 * block: nothing protects it (a frozen unit attacks only its own stops or
 * squares outside the region), the king takes it.  Neighbours outside the
 * region are fixed pawns, frozen units of the defender, squares fixed pawns
 * or frozen units of `side` attack (or, when kings may not take free pawns,
 * squares next to none of the region).  The defender's units that could
 * ever stand on those neighbours are its pieces (anywhere they reach) and
 * its free pawns (on their own segments); when, for every k, fewer of them
 * can than there are such neighbours, no mate exists.
 */
bool dp_pawn_checks_fail(const struct position *pos, const struct dp_wall *w, int side,
                         bitboard targets, const bitboard region[COLOR_NB], bitboard vanish)
{
    int loser = side ^ 1;
    if (dp_king_spread(region[side]) & region[loser]) return false;
    bitboard open = region[loser] & ~w->att[side];
    bitboard own = pos->by_color[loser] & ~pos->by_type[KING] & ~w->fixed;
    /* First by counting alone (no reach computed): the targets where the
     * defender has as many units as flight squares are looked at closer. */
    int all_units = bb_popcount(own);
    bitboard close = 0;
    for (bitboard t = targets; t;) {
        int k = bb_pop_lsb(&t);
        if (bb_popcount(attacks_king(k) & open) <= all_units) close |= SQ_BB(k);
    }
    if (!close) return true;
    targets = close;
    bitboard can_be[SQ_NB]; /* where each defending unit may ever stand */
    int units = defender_reach(pos, w, loser, vanish, can_be);
    if (units < 0) return false;
    while (targets)
        if (may_fill(can_be, units, attacks_king(bb_pop_lsb(&targets)) & open)) return false;
    return true;
}
