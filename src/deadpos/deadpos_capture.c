/*
 * deadpos_capture.c - the first capture that breaks a wall (FIDE 5.2.2 and
 * 6.9: "cannot checkmate by any series of legal moves").
 *
 * dp_first_capture_cannot(), only from deadpos_analyse():
 * where a capture would break the wall - an enemy unit taking a frozen one,
 * a piece taking a fixed pawn, a fixed pawn taking a piece - the wall built
 * as if none came stands until the first of them; that wall must prove the
 * side cannot mate, and so must, for each such capture, the wall of the
 * position after it, checked to cover every position the capture may lead
 * to (its fixed pawns and frozen units among the first wall's, the kings'
 * regions within its ones).
 *
 * Every wall here is built by deadpos_static.c (dp_wall_settle(),
 * dp_wall_verdict()); this file only branches.
 *
 * Invariant: every "cannot" here is a proof; anything doubtful answers
 * DEADPOS_WHY_NONE.
 */
#include "deadpos/deadpos_internal.h"

#include "chess/bitboard.h"
#include "chess/position.h"

/* pos after the unit on `from` takes the one on `victim`, landing on `to`
 * (no other change). */
static void capture_played(const struct position *pos, int from, int to, int victim,
                           struct position *q)
{
    *q = *pos;
    int taken = pos->board[victim], unit = pos->board[from];
    q->by_color[PIECE_COLOR(taken)] &= ~SQ_BB(victim);
    q->by_type[PIECE_TYPE(taken)] &= ~SQ_BB(victim);
    q->board[victim] = PIECE_NONE;
    q->by_color[PIECE_COLOR(unit)] ^= SQ_BB(from) | SQ_BB(to);
    q->by_type[PIECE_TYPE(unit)] ^= SQ_BB(from) | SQ_BB(to);
    q->board[from] = PIECE_NONE;
    q->board[to] = (uint8_t)unit;
}

/*
 * After the first capture (dp_first_capture_cannot()): a wall proof of q,
 * the position with the capturing unit moved from `from` onto `to` and its
 * victim gone, everything else where it stands in pos, must hold for every
 * position that capture can really lead to.  Those differ from q only in
 * what the wall before it (w, region) lets move: pieces anywhere in their
 * reach (fixed pawns and frozen units the obstacles), kings anywhere in
 * their regions, free pawns anywhere on their segments, pieces that are
 * not frozen taken; every pawn is still on the board.  q's wall w2 (any of
 * locked_cannot()'s three tries) covers them all when
 *  - w2's fixed pawns are fixed in w and w2's frozen units frozen in w
 *    (on `to` the capturer stands now, exactly): they stand where they
 *    stood in pos, and w2's obstacles are among w's, so every piece's
 *    reach in w lies within its reach in w2, every free pawn of w (free in
 *    w2 too) stays on its segment of w2, which runs on to a stop of w2 at
 *    or past its stop in w (and through pawns kings may take: vanish) -
 *    a pawn that took stands on a file with no free pawn;
 *  - every king's region in w, `to` left out, lies within its region in
 *    w2 (checked as sets; the capturing king stands on `to`).  When no
 *    pawn moved (a piece or king took), the kings' regions of
 *    dp_vanishing_pawns() are wider than those of w (they avoid only pawns
 *    fixed with no frozen unit, among w's with a pawn fewer, and the
 *    squares those attack), so the pawns they find a king may take are the
 *    same from any square of w's; after a pawn's capture only try 0;
 *  - pieces taken before only take away from what w2's counts allow
 *    (fewer checkers, fewer blockers, fewer units to take frozen ones).
 * The material proofs hold with fewer pieces too (and the pawns all stay).
 */
static bool after_capture_cannot(const struct position *pos, int side, const struct dp_wall *w,
                                 const bitboard region[COLOR_NB], int from, int to, int victim)
{
    /* A pawn's capture on a square another unit holds in pos: that unit
     * has left it, which q cannot show. */
    if (to != victim && pos->board[to] != PIECE_NONE) return false;
    struct position q;
    capture_played(pos, from, to, victim, &q);
    if (dp_material_cannot(&q, side) != DEADPOS_WHY_NONE) return true;
    bitboard cand = dp_frozen_candidates(&q);
    bool king_takes = true;
    /* After a pawn's capture, only the first try: the pawn on its new
     * square may be fixed for dp_vanishing_pawns(), whose regions are then no
     * longer wider than w's. */
    int tries = PIECE_TYPE(pos->board[from]) == PAWN ? 1 : 3;
    /* Nor when a free pawn shares the file it lands on: it may have gone
     * past that square, where q's pawn would stop it. */
    if (tries == 1 && (BB_FILE(SQ_FILE(to)) & pos->by_type[PAWN] & ~w->fixed)) return false;
    for (int try = 0; try < tries && king_takes; try++) {
        struct dp_wall w2;
        bitboard region2[COLOR_NB], hit;
        bitboard vanish = try > 0 ? dp_vanishing_pawns(&q, try == 2) : 0;
        king_takes = false;
        if (!dp_wall_settle(&q, vanish, try > 0, cand, true, &w2, region2, &hit, &king_takes))
            continue;
        if ((w2.fixed & ~w->fixed) || (w2.frozen & ~w->frozen)) return false;
        for (int c = 0; c < COLOR_NB; c++)
            if (pos_king_square(pos, c) != from && (region[c] & ~SQ_BB(to) & ~region2[c]))
                return false;
        return dp_wall_verdict(&q, side, &w2, region2, vanish, NULL) != DEADPOS_WHY_NONE;
    }
    return false;
}

/*
 * Branching on the first capture that changes the wall.  locked_cannot()
 * gives up when a piece may take a pawn or be taken by one, and drops from
 * the wall the frozen units an enemy unit may take (frozen_hit()), which
 * may then fall (a rook in the corner, taken by a bishop, frees its king,
 * which may step where pawns take it).  Instead, the wall w is built once
 * with those units frozen (try 0: no king takes a pawn), and it stands
 * until the first of these captures: a unit taking a frozen one, a piece
 * taking a fixed pawn, a fixed pawn taking a piece.  The induction of
 * frozen_hit() holds while no frozen unit leaves the board, and the rest
 * of locked_cannot()'s induction while no pawn moves.  Until then, the
 * side cannot mate when dp_wall_verdict() proves it for w (which also lists
 * the captures of and by pawns, pawn_captures()).  The first capture of a
 * frozen unit is a move of an enemy unit that may attack its square (a
 * piece from its reach, a king from its region where no fixed pawn or
 * frozen unit protects it: what frozen_hit() looked at; pawns never:
 * dp_wall_verdict()'s test of every piece rules those out).  For each such
 * capture after_capture_cannot() proves every position it leads to lost
 * for the side.  Every series of moves from pos has a first such capture
 * or none: no mate on it.  Costly (a wall per capture): only from
 * deadpos_analyse() (DEADPOS_WHY_LOCKED_CAPTURE).
 */
enum deadpos_why dp_first_capture_cannot(const struct position *pos, int side)
{
    bitboard cand;
    if (!dp_pawns_stoppable(pos, &cand)) return DEADPOS_WHY_NONE;
    struct dp_wall w;
    bitboard region[COLOR_NB], hit;
    bool king_takes = false;
    if (!dp_wall_settle(pos, 0, false, cand, false, &w, region, &hit, &king_takes))
        return DEADPOS_WHY_NONE;
    struct dp_captures ev = {0};
    if (dp_wall_verdict(pos, side, &w, region, 0, &ev) == DEADPOS_WHY_NONE) return DEADPOS_WHY_NONE;
    /* Every enemy unit that may take a unit of `hit`. */
    for (bitboard h = hit; h;) {
        int to = bb_pop_lsb(&h);
        int c = PIECE_COLOR(pos->board[to]) ^ 1; /* the capturer's colour */
        for (bitboard takers = pos->by_color[c] & ~pos->by_type[PAWN] & ~w.frozen; takers;) {
            int from = bb_pop_lsb(&takers);
            int type = PIECE_TYPE(pos->board[from]);
            bitboard attacked;
            if (type == KING)
                attacked = dp_king_spread(region[c]) & ~w.perm_att[c ^ 1];
            else
                dp_piece_reach(type, from, w.fixed | w.frozen, &attacked);
            if ((attacked & SQ_BB(to)) && !dp_capture_add(&ev, from, to, to))
                return DEADPOS_WHY_NONE;
        }
    }
    if (!ev.n) return DEADPOS_WHY_NONE; /* locked_cannot() has answered */
    for (int i = 0; i < ev.n; i++)
        if (!after_capture_cannot(pos, side, &w, region, ev.from[i], ev.to[i], ev.victim[i]))
            return DEADPOS_WHY_NONE;
    return DEADPOS_WHY_LOCKED_CAPTURE;
}
