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
 * Semi-locked structure: besides those "fixed" pawns (blocked head-on, or
 * behind a fixed pawn), "free" pawns that can only push along their file
 * until a fixed pawn stops them (so they never promote) are allowed; the
 * analysis takes every square a free pawn may stand on or attack at any
 * time (see dp_locked_cannot()).  Two free pawns of both colours on one file
 * stop each other.  A second try lets kings take free pawns (the squares
 * they reach join the kings' regions; a pawn a king may take no longer stops
 * the other colour's free pawns on its file), a third one unprotected fixed
 * pawns too (the pawns they held become free).  When only pawns can ever
 * give check, counting the king's flight squares against the units that
 * could ever fill them may still prove that no check mates.
 *
 * Frozen units: a piece or king whose every move is stopped for good - by
 * its own fixed pawns or other frozen units, a king also by squares fixed
 * enemy pawns or frozen enemy units attack - never moves while those stay,
 * and a pawn blocked head-on by a frozen unit is fixed like one blocked by
 * a pawn.  Both sets are taken together, as large as they can be (a king in
 * the corner behind its own pawns and bishop, its rook beside it).  A frozen
 * unit stays only while no enemy unit can ever take it, so the ones an
 * enemy piece may attack, or an enemy king may step onto (not where a fixed
 * pawn or another frozen unit protects them), are dropped and everything is
 * computed again (locked_cannot()).  Then the frozen units are obstacles to
 * every other piece, have no reach, and their attacks bound the other king's
 * region.  Where a frozen unit stops a pawn the file needs no head-on pair:
 * dp_static_cannot_full() looks at any position where every file with a
 * pawn holds one blocked head-on by a pawn or by a unit that may be frozen
 * (dp_pawns_stoppable()), dp_static_cannot() (the searches' per-node proof)
 * only at dp_pawns_semilocked() ones.
 *
 * What the defender's units could fill - the blocker counts, the counts of
 * flight squares against pawn checks, the mating nets - is in
 * deadpos_flights.c (dp_too_few_blockers(), dp_pawn_checks_fail(),
 * dp_no_mating_net()), on the wall built here.
 *
 * The first capture that breaks a wall is branched on in deadpos_capture.c,
 * with the wall built here (dp_wall_settle(), dp_wall_verdict()).
 *
 * Invariant: every "cannot" here is a proof; anything doubtful answers
 * DEADPOS_WHY_NONE.
 */
#include "deadpos/deadpos_internal.h"

#include "chess/attacks.h"
#include "chess/bitboard.h"
#include "chess/position.h"

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

/* Squares a king on sq can reach stepping only on `allowed` squares. */
static bitboard king_region(int sq, bitboard allowed)
{
    bitboard r = SQ_BB(sq), prev;
    do {
        prev = r;
        r |= dp_king_spread(r) & allowed;
    } while (r != prev);
    return r;
}

/* Squares a piece of `type` on sq can reach, the pawns being the only
 * obstacles (it may not land on a pawn: that would be a capture, which the
 * caller rules out separately), and the union of what it attacks from them. */
bitboard dp_piece_reach(int type, int sq, bitboard pawns, bitboard *attacked)
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

/* One step forward for a pawn of `color`, in square numbers. */
static int pawn_step(int color)
{
    return color == COLOR_WHITE ? 8 : -8;
}

/* The fixed pawns among white pawns wp and black pawns bp (struct dp_wall),
 * the units in `frozen` never moving: a pawn blocked head-on by a pawn of
 * the other colour or by a frozen unit, or directly behind a fixed pawn. */
static bitboard fixed_pawns(bitboard wp, bitboard bp, bitboard frozen)
{
    bitboard fixed = (wp & bb_south(bp | frozen)) | (bp & bb_north(wp | frozen)), prev;
    do {
        prev = fixed;
        fixed |= (wp & bb_south(fixed)) | (bp & bb_north(fixed));
    } while (fixed != prev);
    return fixed;
}

/* The squares the free pawn on sq may ever stand on or pass over, from sq
 * up to the next fixed pawn or frozen unit (`stops`) on its file (see
 * struct dp_wall); false when it could promote. */
bool dp_pawn_segment(const struct position *pos, int sq, bitboard stops, bitboard vanish,
                     bitboard *seg)
{
    int c = PIECE_COLOR(pos->board[sq]);
    *seg = SQ_BB(sq);
    for (int t = sq + pawn_step(c);; t += pawn_step(c)) {
        if (t < 0 || t >= SQ_NB) return false; /* could promote */
        if (stops & SQ_BB(t)) return true;
        /* A free pawn coming the other way stops it (neither can pass),
         * unless a king may take that pawn (in `vanish`): then count the
         * squares past it. */
        if (pos->board[t] == PIECE_MAKE(c ^ 1, PAWN) && !(vanish & SQ_BB(t))) return true;
        *seg |= SQ_BB(t);
    }
}

/*
 * Frozen units: pieces and kings with no move at all, now or ever, while
 * the wall stands and the other frozen units stay.  The greatest such set
 * within `cand`: start from it and drop every unit with a move that nothing
 * permanent forbids, until none is dropped.  What is permanent: an own fixed
 * pawn or frozen unit on the square (for a slider, on the first square of
 * each line: nothing else stops it there), for a king also a square a fixed
 * enemy pawn attacks (a fixed enemy pawn that another one protects
 * included).  An enemy unit on a target square is no obstacle (it may be
 * taken), nor is any other square.  A frozen unit stays on its square only
 * while it is not captured: frozen_hit() tells which may be, and
 * locked_cannot() drops those and starts again.
 */
static bitboard frozen_units(const struct position *pos, const struct dp_wall *w, bitboard cand)
{
    bitboard f = cand, before;
    do {
        before = f;
        for (bitboard t = before; t;) {
            int sq = bb_pop_lsb(&t);
            int c = PIECE_COLOR(pos->board[sq]), type = PIECE_TYPE(pos->board[sq]);
            bitboard stop = (f & pos->by_color[c]) | (pos_pieces(pos, c, PAWN) & w->fixed);
            if (type == KING) stop |= w->perm_att[c ^ 1];
            if (attacks_piece(type, sq, stop) & ~stop) f &= ~SQ_BB(sq);
        }
    } while (f != before);
    return f;
}

/* struct dp_wall's perm_att from its fixed pawns and frozen units: a frozen
 * unit attacks those squares whatever else stands on the board. */
static void perm_attacks(const struct position *pos, struct dp_wall *w)
{
    for (int c = 0; c < COLOR_NB; c++) {
        w->perm_att[c] = w->fixed_att[c];
        for (bitboard f = w->frozen & pos->by_color[c]; f;) {
            int sq = bb_pop_lsb(&f);
            w->perm_att[c] |= attacks_piece(PIECE_TYPE(pos->board[sq]), sq, ~(bitboard)0);
        }
    }
}

/*
 * The wall with the frozen units among `cand` (struct dp_wall): fixed pawns
 * and frozen units depend on each other (a pawn a frozen unit blocks is
 * fixed; a fixed pawn may stop a unit), so both shrink from all of `cand`
 * together until neither changes: a pair where every fixed pawn is blocked
 * by fixed pawns or frozen units and no frozen unit has a move.  Then the
 * free pawns' segments; false when one could promote.
 */
static bool wall_build(const struct position *pos, bitboard vanish, bitboard cand,
                       struct dp_wall *w)
{
    /* A pawn that may vanish fixes none (and so is free itself). */
    bitboard wp = pos_pieces(pos, COLOR_WHITE, PAWN), bp = pos_pieces(pos, COLOR_BLACK, PAWN);
    w->frozen = cand;
    for (;;) {
        w->fixed = fixed_pawns(wp & ~vanish, bp & ~vanish, w->frozen);
        w->fixed_att[COLOR_WHITE] = bb_pawn_attacks(wp & w->fixed, COLOR_WHITE);
        w->fixed_att[COLOR_BLACK] = bb_pawn_attacks(bp & w->fixed, COLOR_BLACK);
        perm_attacks(pos, w);
        if (!w->frozen) break;
        bitboard frozen = frozen_units(pos, w, w->frozen);
        if (frozen == w->frozen) break;
        w->frozen = frozen;
    }
    for (int c = 0; c < COLOR_NB; c++) {
        bitboard own = pos_pieces(pos, c, PAWN);
        w->span[c] = 0;
        bitboard free_pawns = own & ~w->fixed;
        while (free_pawns) {
            bitboard seg;
            if (!dp_pawn_segment(pos, bb_pop_lsb(&free_pawns), w->fixed | w->frozen, vanish, &seg))
                return false;
            w->span[c] |= seg;
        }
        w->att[c] = w->fixed_att[c] | bb_pawn_attacks(w->span[c], c);
    }
    return true;
}

bool dp_pawns_semilocked(const struct position *pos)
{
    bitboard wp = pos_pieces(pos, COLOR_WHITE, PAWN), bp = pos_pieces(pos, COLOR_BLACK, PAWN);
    if (!(wp | bp) || pos->castle_rooks || pos->ep_capturable) return false;
    /* Every file with a pawn has a pawn blocked head-on (files as bytes). */
    return dp_walled_files(wp, bp);
}

/*
 * The pawns a king of the other colour may reach and take (struct dp_wall's
 * `vanish`).  The kings' regions: every square but fixed pawns and those
 * fixed enemy pawns attack (free pawns ignored: an over-approximation).  A
 * free pawn may be taken anywhere on its file up to the next fixed pawn.
 * With fixed_too, so may a fixed pawn that no fixed pawn protects: it then
 * fixes nothing, so the pawns it held become free, and so on until nothing
 * changes.
 */
bitboard dp_vanishing_pawns(const struct position *pos, bool fixed_too)
{
    bitboard wp = pos_pieces(pos, COLOR_WHITE, PAWN), bp = pos_pieces(pos, COLOR_BLACK, PAWN);
    bitboard vanish = 0, before;
    do {
        before = vanish;
        bitboard fixed = fixed_pawns(wp & ~vanish, bp & ~vanish, 0);
        for (int c = 0; c < COLOR_NB; c++) {
            bitboard theirs = pos_pieces(pos, c ^ 1, PAWN) & ~vanish;
            bitboard fixed_att = bb_pawn_attacks(theirs & fixed, c ^ 1);
            bitboard near =
                dp_king_spread(king_region(pos_king_square(pos, c), ~fixed & ~fixed_att));
            if (fixed_too) vanish |= theirs & fixed & ~fixed_att & near;
            bitboard free_pawns = theirs & ~fixed;
            while (free_pawns) {
                int sq = bb_pop_lsb(&free_pawns);
                for (int t = sq;; t += pawn_step(c ^ 1)) {
                    if (t < 0 || t >= SQ_NB || (fixed & SQ_BB(t))) break;
                    if (near & SQ_BB(t)) {
                        vanish |= SQ_BB(sq);
                        break;
                    }
                }
            }
        }
    } while (fixed_too && vanish != before);
    return vanish;
}

/*
 * Where frozen_units() starts: the units with no move now but onto their
 * own units' squares (a king: nor onto a square an enemy pawn, the enemy
 * king or, when at most two are left, an enemy piece next to it attacks).
 * A superset of what can end frozen but for kings held by enemy pieces from
 * three squares or more, which are left out: any set where each unit's
 * moves are stopped for good serves the proof, the greatest one only proves
 * most.  Cheap, and empty in most positions, where the wall is then built
 * once.
 */
bitboard dp_frozen_candidates(const struct position *pos)
{
    bitboard cand = 0;
    for (int c = 0; c < COLOR_NB; c++) {
        bitboard own = pos->by_color[c], other = ~own;
        /* Squares next to another square not the side's own, along a rank
         * or file, along a diagonal: a slider there can move that way. */
        bitboard ew = bb_east(other) | bb_west(other);
        bitboard line = ew | bb_north(other) | bb_south(other);
        bitboard diag = bb_north(ew) | bb_south(ew);
        bitboard units =
            own & ((pos->by_type[KNIGHT]) | (pos->by_type[BISHOP] & ~diag) |
                   (pos->by_type[ROOK] & ~line) | (pos->by_type[QUEEN] & ~diag & ~line));
        while (units) {
            int sq = bb_pop_lsb(&units);
            if (!(attacks_piece(PIECE_TYPE(pos->board[sq]), sq, own) & ~own)) cand |= SQ_BB(sq);
        }
        int k = pos_king_square(pos, c);
        bitboard held = own | bb_pawn_attacks(pos_pieces(pos, c ^ 1, PAWN), c ^ 1) |
                        attacks_king(pos_king_square(pos, c ^ 1));
        bitboard free_steps = attacks_king(k) & ~held;
        /* A few steps left: enemy pieces may hold them (a bishop next to
         * the king, say); their attacks on the squares next to them are
         * what a frozen piece attacks whatever stands around. */
        if (free_steps && !bb_more_than_one(free_steps & (free_steps - 1)))
            for (bitboard e = pos->by_color[c ^ 1] & ~pos->by_type[PAWN] & ~pos->by_type[KING];
                 e;) {
                int sq = bb_pop_lsb(&e);
                free_steps &= ~attacks_piece(PIECE_TYPE(pos->board[sq]), sq, ~(bitboard)0);
            }
        if (!free_steps) cand |= SQ_BB(k);
    }
    return cand;
}

/*
 * The kings' regions (where each king may ever stand): every square but
 * fixed pawns, squares fixed enemy pawns attack and its own frozen units;
 * without kings_take, free enemy pawns' squares too.  False when a king may
 * take a pawn it must not: a fixed pawn no fixed pawn protects, or (without
 * kings_take) a free pawn.
 */
static bool kings_regions(const struct position *pos, const struct dp_wall *w, bool kings_take,
                          bitboard region[COLOR_NB])
{
    for (int c = 0; c < COLOR_NB; c++) {
        /* With kings_take a king may step onto the squares of free pawns
         * (taking them); otherwise it keeps off, and must not be able to. */
        bitboard free_sq = kings_take ? 0 : w->span[c ^ 1];
        bitboard own_frozen = w->frozen & pos->by_color[c];
        region[c] = king_region(pos_king_square(pos, c),
                                ~w->fixed & ~w->perm_att[c ^ 1] & ~free_sq & ~own_frozen);
        /* A fixed pawn next to its reach that no fixed pawn protects could
         * be taken: the wall would move. */
        bitboard takeable =
            (pos_pieces(pos, c ^ 1, PAWN) & w->fixed & ~w->perm_att[c ^ 1]) | free_sq;
        if (dp_king_spread(region[c]) & takeable) return false;
    }
    return true;
}

/*
 * The frozen pieces (not kings: a king is never taken) that an enemy unit
 * may ever attack: a king from its region, unless a fixed pawn or frozen
 * unit of their own protects them (perm_att: the king may never step
 * there), a piece from any square it may reach (dp_piece_reach() with the
 * fixed pawns and frozen units as the obstacles).  Pawns need no look: a
 * frozen piece a pawn may ever attack fails locked_cannot()'s test of every
 * piece.  When none is hit, the frozen units never move (induction over any
 * series of moves: the fixed pawns and the frozen units stay, so every
 * protection by them stays, every other piece stays within its reach and
 * every king within its region, so none ever takes a frozen unit, and no
 * frozen unit has a move).
 */
static bitboard frozen_hit(const struct position *pos, const struct dp_wall *w,
                           const bitboard region[COLOR_NB])
{
    bitboard frozen = w->frozen & ~pos->by_type[KING];
    if (!frozen) return 0;
    bitboard hit[COLOR_NB] = {dp_king_spread(region[COLOR_WHITE]) & ~w->perm_att[COLOR_BLACK],
                              dp_king_spread(region[COLOR_BLACK]) & ~w->perm_att[COLOR_WHITE]};
    bitboard pieces = pos_occupied(pos) & ~pos->by_type[PAWN] & ~pos->by_type[KING] & ~frozen;
    while (pieces) {
        int sq = bb_pop_lsb(&pieces);
        bitboard attacked;
        dp_piece_reach(PIECE_TYPE(pos->board[sq]), sq, w->fixed | w->frozen, &attacked);
        hit[PIECE_COLOR(pos->board[sq])] |= attacked;
    }
    return frozen & ((pos->by_color[COLOR_WHITE] & hit[COLOR_BLACK]) |
                     (pos->by_color[COLOR_BLACK] & hit[COLOR_WHITE]));
}

/*
 * The wall (struct dp_wall) and the kings' regions for one try of
 * locked_cannot() (`vanish`, kings_take: see there), the frozen units
 * looked for among `cand`.  With drop_hits, again without the frozen units
 * an enemy unit may take (frozen_hit()) until none may be, *hit then 0;
 * without, built once, *hit the frozen units an enemy unit may take (they
 * stay frozen until the first of them is taken: frozen_capture_cannot()).
 * False when the wall does not stand: a free pawn could promote, a pawn
 * could capture a pawn (en passant included: a free pawn passes only over
 * span squares), or a king could take a pawn it must not (*king_takes).
 */
bool dp_wall_settle(const struct position *pos, bitboard vanish, bool kings_take, bitboard cand,
                    bool drop_hits, struct dp_wall *w, bitboard region[COLOR_NB], bitboard *hit,
                    bool *king_takes)
{
    bitboard pawns_of[COLOR_NB];
    for (int c = 0; c < COLOR_NB; c++)
        pawns_of[c] = pos_pieces(pos, c, PAWN);
    do {
        if (!wall_build(pos, vanish, cand, w)) return false;
        for (int c = 0; c < COLOR_NB; c++)
            if (w->att[c] & ((pawns_of[c ^ 1] & w->fixed) | w->span[c ^ 1])) return false;
        if (!kings_regions(pos, w, kings_take, region)) {
            *king_takes = true;
            return false;
        }
        *hit = frozen_hit(pos, w, region);
        if (!drop_hits) return true;
        cand = w->frozen & ~*hit;
    } while (cand != w->frozen);
    *hit = 0;
    return true;
}

bool dp_capture_add(struct dp_captures *ev, int from, int to, int victim)
{
    if (ev->n == DP_CAPTURE_BRANCHES) return false;
    ev->from[ev->n] = (signed char)from;
    ev->to[ev->n] = (signed char)to;
    ev->victim[ev->n++] = (signed char)victim;
    return true;
}

/*
 * The captures of or by pawns the piece on sq may take part in (reach and
 * attacked: dp_piece_reach() over the wall w): it takes a fixed enemy pawn
 * from some square of its reach, or a fixed enemy pawn takes it on a square
 * of its reach that the pawn attacks.  False (no proof) when a free pawn
 * may take part (it may stand anywhere on its segment), when a pawn's
 * capture would promote, or when ev is full.
 */
static bool pawn_captures(const struct position *pos, const struct dp_wall *w, int sq,
                          bitboard reach, bitboard attacked, struct dp_captures *ev)
{
    int c = PIECE_COLOR(pos->board[sq]);
    bitboard theirs = pos_pieces(pos, c ^ 1, PAWN);
    if ((attacked & w->span[c ^ 1]) || (reach & bb_pawn_attacks(w->span[c ^ 1], c ^ 1)))
        return false;
    for (bitboard t = attacked & theirs & w->fixed; t;) {
        int p = bb_pop_lsb(&t);
        if (!dp_capture_add(ev, sq, p, p)) return false;
    }
    for (bitboard x = theirs & w->fixed; x;) {
        int from = bb_pop_lsb(&x);
        bitboard to = bb_pawn_attacks(SQ_BB(from), c ^ 1) & reach;
        if (to & (BB_RANK_1 | BB_RANK_8)) return false;
        while (to)
            if (!dp_capture_add(ev, from, bb_pop_lsb(&to), sq)) return false;
    }
    return true;
}

/*
 * What a standing wall (dp_wall_settle()) proves for `side`: the fixed pawns
 * never move, every piece stays within its reach, every king within its
 * region, the frozen units stay; then the side mates only if a piece or
 * pawn of it can attack a square the other king can reach, and the counts
 * of flight squares and blockers below may prove even that fails.  No
 * piece may ever capture a pawn or stand where a pawn could take it.
 */
enum deadpos_why dp_wall_verdict(const struct position *pos, int side, const struct dp_wall *w,
                                 const bitboard region[COLOR_NB], bitboard vanish,
                                 struct dp_captures *ev)
{
    int loser = side ^ 1;
    bitboard pawns_of[COLOR_NB];
    for (int c = 0; c < COLOR_NB; c++)
        pawns_of[c] = pos_pieces(pos, c, PAWN);
    /* Where a pawn of the side could give check. */
    bitboard pawn_targets = w->att[side] & region[loser];
    /* Then only the count of flight squares can prove anything: before the
     * pieces' reach (the costly part) is computed. */
    if (pawn_targets && !dp_pawn_checks_fail(pos, w, side, pawn_targets, region, vanish))
        return DEADPOS_WHY_NONE;
    bitboard pieces = pos_occupied(pos) & ~pos->by_type[PAWN] & ~pos->by_type[KING];
    bitboard checkers_sq = 0; /* the side's pieces that could give check */
    while (pieces) {
        int sq = bb_pop_lsb(&pieces);
        int c = PIECE_COLOR(pos->board[sq]);
        bitboard attacked;
        bitboard reach =
            dp_piece_reach(PIECE_TYPE(pos->board[sq]), sq, w->fixed | w->frozen, &attacked);
        /* It could be captured by a pawn, or capture one: the wall moves
         * (unless those captures are branched on: ev). */
        if (((reach & w->att[c ^ 1]) ||
             (attacked & ((pawns_of[c ^ 1] & w->fixed) | w->span[c ^ 1]))) &&
            (!ev || !pawn_captures(pos, w, sq, reach, attacked, ev)))
            return DEADPOS_WHY_NONE;
        if (c == side && (attacked & region[loser])) checkers_sq |= SQ_BB(sq);
    }
    if (pawn_targets) return checkers_sq ? DEADPOS_WHY_NONE : DEADPOS_WHY_LOCKED_PAWN_CHECKS;
    if (!checkers_sq) return DEADPOS_WHY_LOCKED;
    if (dp_too_few_blockers(pos, w, side, checkers_sq, region, vanish))
        return DEADPOS_WHY_LOCKED_BLOCKERS;
    /* At most two pieces can check: dp_no_mating_net()'s placements. */
    if (bb_more_than_one(checkers_sq & (checkers_sq - 1))) return DEADPOS_WHY_NONE;
    return dp_no_mating_net(pos, w, side, checkers_sq, region, vanish) ? DEADPOS_WHY_LOCKED_NO_NET
                                                                       : DEADPOS_WHY_NONE;
}

/*
 * Locked or semi-locked structure: see the top of the file; `cand`: where
 * the frozen units are looked for (dp_frozen_candidates()).  Free pawns
 * (struct dp_wall) push along their file segments; the over-approximations:
 * pieces move through every square but fixed pawns, kings through every
 * square but fixed pawns and squares fixed enemy pawns attack, free pawns
 * attack everything they ever could.  No pawn may ever capture, no piece
 * may ever capture a pawn or stand where a pawn could take it, no king may
 * take a pawn that is not in `vanish` (try 0: none); then the fixed pawns
 * never move, and the side mates only if a piece or pawn of it can attack a
 * square the other king can reach.
 */
static enum deadpos_why locked_cannot(const struct position *pos, int side, int try, bitboard cand,
                                      bool *king_takes)
{
    struct dp_wall w;
    bool kings_take = try > 0;
    bitboard vanish = kings_take ? dp_vanishing_pawns(pos, try == 2) : 0;
    bitboard region[COLOR_NB], hit;
    if (!dp_wall_settle(pos, vanish, kings_take, cand, true, &w, region, &hit, king_takes))
        return DEADPOS_WHY_NONE;
    return dp_wall_verdict(pos, side, &w, region, vanish, NULL);
}

/* What wall_build() needs, told from bits: pawns, no castling right, no en
 * passant, and every file with a pawn holds a pawn blocked head-on by a
 * pawn of the other colour or by a unit that may be frozen
 * (dp_frozen_candidates(), into *cand when true: the wall is built from
 * them).  dp_pawns_semilocked() with frozen units as blockers. */
bool dp_pawns_stoppable(const struct position *pos, bitboard *cand)
{
    bitboard wp = pos_pieces(pos, COLOR_WHITE, PAWN), bp = pos_pieces(pos, COLOR_BLACK, PAWN);
    if (!(wp | bp) || pos->castle_rooks || pos->ep_capturable) return false;
    unsigned files = dp_file_byte(wp | bp), pairs = dp_file_byte(wp & bb_south(bp));
    if (files & ~pairs) {
        bitboard pieces = pos_occupied(pos) & ~pos->by_type[PAWN];
        bitboard held = (wp & bb_south(pieces)) | (bp & bb_north(pieces));
        if (files & ~(pairs | dp_file_byte(held))) return false;
    }
    *cand = dp_frozen_candidates(pos);
    bitboard held = (wp & bb_south(*cand)) | (bp & bb_north(*cand));
    return !(files & ~(pairs | dp_file_byte(held)));
}

/*
 * Tried three times: first with every pawn staying on the board (a king that
 * could take a free pawn or an unprotected fixed one spoils the proof); then
 * with kings free to take free pawns (dp_vanishing_pawns()): their squares join
 * the kings' regions and the other free pawns' segments grow; then with
 * kings free to take unprotected fixed pawns as well, which frees the pawns
 * they held.  Each try sees more moves than the one before, so it proves
 * what an earlier one cannot only when the pawns it lets vanish spoiled
 * that one, and less otherwise; hence the order.
 */
enum deadpos_why dp_wall_tries(const struct position *pos, int side, int tries, bitboard cand)
{
    enum deadpos_why why = DEADPOS_WHY_NONE;
    bool king_takes = true;
    for (int try = 0; try < tries && why == DEADPOS_WHY_NONE && king_takes; try++) {
        king_takes = false;
        why = locked_cannot(pos, side, try, cand, &king_takes);
    }
    return why;
}

/* dp_wall_tries() behind the gate of dp_static_cannot() (tries == 1:
 * semi-locked pawns) or dp_static_cannot_full() (stoppable pawns). */
static enum deadpos_why locked_tries(const struct position *pos, int side, int tries)
{
    bitboard cand;
    if (tries == 1) {
        if (!dp_pawns_semilocked(pos)) return DEADPOS_WHY_NONE;
        cand = dp_frozen_candidates(pos);
    } else if (!dp_pawns_stoppable(pos, &cand))
        return DEADPOS_WHY_NONE;
    return dp_wall_tries(pos, side, tries, cand);
}

enum deadpos_why dp_locked_cannot(const struct position *pos, int side)
{
    return locked_tries(pos, side, 3);
}

static enum deadpos_why static_cannot(const struct position *pos, int side, int tries)
{
    enum deadpos_why why = dp_material_cannot(pos, side);
    return why != DEADPOS_WHY_NONE ? why : locked_tries(pos, side, tries);
}

enum deadpos_why dp_static_cannot(const struct position *pos, int side)
{
    return static_cannot(pos, side, 1);
}

enum deadpos_why dp_static_cannot_full(const struct position *pos, int side)
{
    return static_cannot(pos, side, 3);
}
