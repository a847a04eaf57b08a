/*
 * deadpos_mate1.c - mates in one for the helpmate searches (deadpos_search.c,
 * deadpos_targeted.c), which ask "does the winner mate at once?" at most of
 * their nodes and almost always hear "no": a cheap proof that the side to
 * move has no mate in one (dp_may_mate_in_one()), then the mate-in-one
 * search itself (dp_mate_in_one(), dp_mate_in_one_quick()), which settles
 * only the checks that leave the king no free flight square, and those
 * without playing them: can another unit take the checker or step between
 * (dp_check_settle())?
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
 * The searches ask it after each move of a loser's node whose move is the
 * last before the winner's (dp_may_mate_after()): the winner's attacks are
 * told once per node (struct dp_after), and most moves change none of them.
 *
 * Invariant: dp_may_mate_in_one(pos) false => no legal move of pos->side
 * checkmates; true => every mating move of a piece type moves to a square
 * of its `to` mask (the candidate squares b above, or every square when the
 * answer came before them).  Debug builds of the search assert it against playing the
 * moves; tests/check_deadpos.c holds the near misses.
 *
 * The flight-square test of a single move (dp_quick_check_outcome()) rests
 * on the same rule the other way round: a check that leaves K a square next
 * to it, not its own unit's, that no piece of the mover's side attacks (K
 * lifted) is no mate, whatever else holds (FIDE 3.9).  It is exact
 * (DP_QM_ESCAPE only when the king has that square, DP_QM_NO_CHECK only when
 * the move gives no check), so the searches settle only the DP_QM_MAYBE
 * checks (dp_check_settle()); debug builds play the others too and assert
 * the answer (dp_qm_agrees()).
 */
#include "deadpos/deadpos_internal.h"

#include "chess/attacks.h"
#include "chess/movegen.h"
#include "chess/position.h"

#include <assert.h>

/* The units of the side to move (`us`) that the test reads, and the other
 * king's square. */
struct mm_units {
    bitboard mine, theirs, pawns, knights, diag, orth, queens;
    int own_king, ksq;
};

/* The units of `c` in pos that `keep` holds, against `theirs` (the other
 * side's), whose king stands on ksq. */
static DP_ALWAYS_INLINE struct mm_units units_of(const struct position *pos, int c, bitboard keep,
                                                 bitboard theirs, int ksq)
{
    bitboard mine = pos->by_color[c] & keep, queens = pos->by_type[QUEEN] & mine;
    return (struct mm_units){
        .mine = mine,
        .theirs = theirs,
        .pawns = pos->by_type[PAWN] & mine,
        .knights = pos->by_type[KNIGHT] & mine,
        .diag = (pos->by_type[BISHOP] & mine) | queens,
        .orth = (pos->by_type[ROOK] & mine) | queens,
        .queens = queens,
        .own_king = dp_king_sq(pos, c),
        .ksq = ksq,
    };
}

/* Every square for every piece type: the test could not narrow them. */
static inline bool may_mate_all(bitboard *to)
{
    if (to)
        for (int t = 0; t < PIECE_TYPE_NB; t++)
            to[t] = BB_ALL;
    return true;
}

/* The pawns', king's and knights' part of struct mm_attacks (in
 * deadpos_internal.h, for struct dp_after). */
static DP_ALWAYS_INLINE void leaper_attacks(const struct mm_units *u, int us, struct mm_attacks *at)
{
    bitboard reach_n = 0;
    for (bitboard b = u->knights; b;)
        reach_n |= attacks_knight(bb_pop_lsb(&b));
    at->reach_n = reach_n;
    at->attacked = bb_pawn_attacks(u->pawns, us) | attacks_king(u->own_king) | reach_n;
    at->xray = at->reach_b = at->reach_r = at->reach_q = at->sens = 0;
}

/* The sliders' part, with occk the units on the board but K (sens only
 * when asked). */
static DP_ALWAYS_INLINE void slider_attacks(const struct mm_units *u, bitboard occk,
                                            struct mm_attacks *at, bool sens)
{
    bitboard mine = u->mine, queens = u->queens;
    for (bitboard b = u->diag; b;) {
        int sq = bb_pop_lsb(&b);
        bitboard a = attacks_bishop(sq, occk), x = a;
        at->attacked |= a;
        if (a & mine) {
            x = attacks_bishop(sq, occk & ~(a & mine));
            at->xray |= x & ~a;
        }
        if (sens) at->sens |= x;
        if (queens & SQ_BB(sq))
            at->reach_q |= a;
        else
            at->reach_b |= a;
    }
    for (bitboard b = u->orth; b;) {
        int sq = bb_pop_lsb(&b);
        bitboard a = attacks_rook(sq, occk), x = a;
        at->attacked |= a;
        if (a & mine) {
            x = attacks_rook(sq, occk & ~(a & mine));
            at->xray |= x & ~a;
        }
        if (sens) at->sens |= x;
        if (queens & SQ_BB(sq))
            at->reach_q |= a;
        else
            at->reach_r |= a;
    }
}

/* The test's end, told the attacks: the flight squares of K on ksq (around:
 * the squares next to it that hold none of its units), then the squares a
 * mating piece may come to. */
static DP_ALWAYS_INLINE bool may_mate_end(const struct mm_attacks *at, bitboard mine, int ksq,
                                          bitboard occk, bitboard around, bitboard *to)
{
    bitboard kb = SQ_BB(ksq);
    bitboard flights = around & ~at->attacked;
    if (!flights || (at->xray & (flights | kb))) return may_mate_all(to);
    /* No knight, bishop, rook or queen to give the check (most often: only
     * pawns), so no lines to look at. */
    if (!(at->reach_n | at->reach_b | at->reach_r | at->reach_q)) {
        if (to)
            for (int t = 0; t < PIECE_TYPE_NB; t++)
                to[t] = 0;
        return false;
    }
    /* The mover must check K directly and attack every flight square from
     * b (a slider's square a between b and such a square would mean that it
     * attacks the square from a already, along the same ray).  Not a pawn:
     * the other square a checking pawn attacks is two files from K.  Not
     * the king, which gives no check. */
    bitboard kbish = attacks_bishop(ksq, occk), krook = attacks_rook(ksq, occk);
    bitboard c_n = attacks_knight(ksq) & at->reach_n & ~mine;
    bitboard c_b = kbish & at->reach_b & ~mine;
    bitboard c_r = krook & at->reach_r & ~mine;
    bitboard c_q = (kbish | krook) & at->reach_q & ~mine;
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

/* What the test leaves out: castling, en passant (`special`), promotion. */
static inline bool may_mate_special(const struct mm_units *u, int us, bool special)
{
    bitboard last_rank = us == COLOR_WHITE ? BB_RANK_8 : BB_RANK_1;
    return special || (bb_forward(u->pawns, us) & last_rank);
}

/* The test on bare bitboards (`u`, `us` to move); `special` says castling
 * or en passant may be available.  When `to` is given it receives, per
 * piece type, the target squares a mating move of that type may have
 * (every square when the test could not narrow them). */
/* Inline in its two callers, so that struct mm_units stays in registers. */
static DP_ALWAYS_INLINE bool may_mate(const struct mm_units *u, int us, bool special, bitboard *to)
{
    if (may_mate_special(u, us, special)) return may_mate_all(to);
    int ksq = u->ksq;
    bitboard occk = (u->mine | u->theirs) & ~SQ_BB(ksq);
    struct mm_attacks at;
    leaper_attacks(u, us, &at);
    /* Every square next to K taken already: no need for the sliders. */
    bitboard around = attacks_king(ksq) & ~u->theirs;
    if (!(around & ~at.attacked)) return may_mate_all(to);
    slider_attacks(u, occk, &at, false);
    return may_mate_end(&at, u->mine, ksq, occk, around, to);
}

bool dp_may_mate_in_one(const struct position *pos, bitboard to[PIECE_TYPE_NB])
{
    int us = pos->side, them = us ^ 1;
    struct mm_units u = units_of(pos, us, BB_ALL, pos->by_color[them], dp_king_sq(pos, them));
    return may_mate(&u, us, pos->ep_capturable || (pos->castle_rooks & u.mine), to);
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
    if (pos_move_is_double_step(pos, m)) return true;
    /* The side to move after m is `them`: its units lose the one m
     * captures; ours move from `from` to `to_sq`. */
    struct mm_units u =
        units_of(pos, them, ~SQ_BB(to_sq), pos->by_color[us] ^ (SQ_BB(from) | SQ_BB(to_sq)),
                 type == KING ? to_sq : dp_king_sq(pos, us));
    /* The other side's castling rights can only have shrunk (a capture of
     * a rook): keeping them is the safe side.  Without a capture they are
     * those of the position after m, and so are the masks. */
    *masks = pos->board[to_sq] == PIECE_NONE;
    return may_mate(&u, them, (pos->castle_rooks & u.mine) != 0, *masks ? to : NULL);
}

/* The units after a loser's move that captures nothing (the winner to
 * move then, `them` below): the winner's are those of pos. */
static DP_ALWAYS_INLINE void after_units(const struct position *pos, struct mm_units *u)
{
    int us = pos->side, them = us ^ 1;
    *u = units_of(pos, them, BB_ALL, pos->by_color[us], dp_king_sq(pos, us));
}

void dp_after_init(struct dp_after *b, const struct position *pos)
{
    struct mm_units u;
    after_units(pos, &u);
    int them = pos->side ^ 1;
    b->all = may_mate_special(&u, them, (pos->castle_rooks & u.mine) != 0);
    b->mine = u.mine;
    b->ksq = u.ksq;
    b->occk = (u.mine | u.theirs) & ~SQ_BB(u.ksq);
    leaper_attacks(&u, them, &b->at);
    slider_attacks(&u, b->occk, &b->at, true);
}

/* A loser's move that captures nothing leaves the winner's units, and so
 * their pawns', king's and knights' attacks; the sliders' only change when
 * it leaves or enters a square of sens (a slider's attacks change only when
 * a square it attacks changes, and sens holds those of the x-ray through its
 * own units too); a king's step changes none (K is lifted either way: the
 * units but K stay the same).  Then only K's squares around it, and the
 * lines from K and its flight squares, are left to tell. */
bool dp_may_mate_after_from(const struct dp_after *b, const struct position *pos, move m,
                            bitboard to[PIECE_TYPE_NB], bool *masks)
{
    int from = MOVE_FROM(m), to_sq = MOVE_TO(m);
    bitboard moved = SQ_BB(from) | SQ_BB(to_sq);
    bool king = from == b->ksq;
    /* What the winner's attacks do not tell alone: a special move, a
     * capture, a double step (en passant), a unit on a line of the winner's
     * sliders (a king's step changes no line: K is lifted either way). */
    if (MOVE_KIND(m) != MOVE_NORMAL || pos->board[to_sq] != PIECE_NONE ||
        (!king && ((moved & b->at.sens) || pos_move_is_double_step(pos, m))))
        return dp_may_mate_after(pos, m, to, masks);
    *masks = true;
    if (b->all) return may_mate_all(to);
    int ksq = king ? to_sq : b->ksq;
    bitboard occk = king ? b->occk : b->occk ^ moved;
    bitboard around = attacks_king(ksq) & ~(pos->by_color[pos->side] ^ moved);
    return may_mate_end(&b->at, b->mine, ksq, occk, around, to);
}

/* A square next to the king that it may step to: not its own unit's, and
 * attacked by none of the given pieces (with the king lifted, so that a
 * slider's ray through it counts). */
static bool king_has_flight(int ksq, bitboard own_units, bitboard occ, bitboard pawns,
                            bitboard knights, bitboard diag, bitboard orth, bitboard king,
                            int pawn_colour)
{
    /* The squares the pawns, knights and king attack, as one set; then the
     * sliders, square by square, on what is left. */
    bitboard flights = attacks_king(ksq) & ~own_units & ~bb_pawn_attacks(pawns, pawn_colour);
    if (king) flights &= ~attacks_king(bb_lsb(king));
    for (bitboard b = knights; b && flights;)
        flights &= ~attacks_knight(bb_pop_lsb(&b));
    bitboard occ_k = occ & ~SQ_BB(ksq);
    while (flights) {
        int f = bb_pop_lsb(&flights);
        if ((attacks_bishop(f, occ_k) & diag) || (attacks_rook(f, occ_k) & orth)) continue;
        return true;
    }
    return false;
}

/* The winner's units after its move m (not castling or en passant; a
 * promotion counts as the new piece): what a check needs to be told. */
struct after_move {
    int us, from, to, type;
    bitboard occ, pawns, knights, diag, orth, king;
};

static inline void after_move_sets(const struct position *pos, move m, struct after_move *a)
{
    int us = pos->side, from = MOVE_FROM(m), to = MOVE_TO(m);
    int type = MOVE_IS_PROMO(m) ? MOVE_PROMO_TYPE(m) : PIECE_TYPE(pos->board[from]);
    bitboard fb = SQ_BB(from), tb = SQ_BB(to);
    bitboard mine = pos->by_color[us];
    bitboard moved_from = PIECE_TYPE(pos->board[from]) == type ? fb : 0;
    bitboard queens = (pos->by_type[QUEEN] & mine & ~moved_from) | (type == QUEEN ? tb : 0);
    a->us = us;
    a->from = from;
    a->to = to;
    a->type = type;
    a->occ = (pos_occupied(pos) & ~fb) | tb;
    a->pawns = (pos->by_type[PAWN] & mine & ~fb) | (type == PAWN ? tb : 0);
    a->knights = (pos->by_type[KNIGHT] & mine & ~moved_from) | (type == KNIGHT ? tb : 0);
    a->diag = (pos->by_type[BISHOP] & mine & ~moved_from) | (type == BISHOP ? tb : 0) | queens;
    a->orth = (pos->by_type[ROOK] & mine & ~moved_from) | (type == ROOK ? tb : 0) | queens;
    a->king = (pos->by_type[KING] & mine & ~moved_from) | (type == KING ? tb : 0);
}

/* The check is a mate only if the king on ksq has no free flight square
 * (DP_QM_ESCAPE or DP_QM_MAYBE). */
static inline int flight_outcome(const struct position *pos, const struct after_move *a, int ksq)
{
    bitboard theirs = pos->by_color[a->us ^ 1] & ~SQ_BB(a->to);
    return king_has_flight(ksq, theirs, a->occ, a->pawns, a->knights, a->diag, a->orth, a->king,
                           a->us)
               ? DP_QM_ESCAPE
               : DP_QM_MAYBE;
}

/* A check with a free flight square is no mate, whatever else holds: the
 * king steps there (FIDE 3.9: a square no enemy piece attacks).  Exact, so
 * dp_mate_in_one() settles only the DP_QM_MAYBE checks (debug builds play the
 * others too and assert the answer: dp_qm_agrees()). */
int dp_quick_check_outcome(const struct position *pos, move m, int ksq)
{
    int kind = MOVE_KIND(m);
    if (kind == MOVE_CASTLE || kind == MOVE_EN_PASSANT) return DP_QM_FULL;
    struct after_move a;
    after_move_sets(pos, m, &a);
    /* The check comes from the piece on `to` or from a slider uncovered on
     * `from` (the winner's move left no check of its own king to answer). */
    bitboard k = SQ_BB(ksq), direct;
    if (a.type == PAWN)
        direct = attacks_pawn(a.us, a.to) & k;
    else if (a.type == KING)
        direct = 0;
    else
        direct = attacks_piece(a.type, a.to, a.occ) & k;
    if (!direct && !(attacks_aligned(ksq, a.from) &&
                     ((attacks_bishop(ksq, a.occ) & a.diag) | (attacks_rook(ksq, a.occ) & a.orth))))
        return DP_QM_NO_CHECK;
    return flight_outcome(pos, &a, ksq);
}

/* dp_quick_check_outcome() of a normal move of a knight, bishop, rook or queen
 * to a square from which it checks the king on ksq (struct dp_checks):
 * its square was free up to the king and stays so (the mover did not stand
 * between), so only the flight squares are left to tell. */
static int direct_check_outcome(const struct position *pos, move m, int ksq)
{
    struct after_move a;
    after_move_sets(pos, m, &a);
    return flight_outcome(pos, &a, ksq);
}

/* The check after m (struct after_move a: a normal move or a promotion, no
 * double step) leaves the king on ksq no free flight square (DP_QM_MAYBE):
 * it mates when no other unit of the king's side can answer it (FIDE 3.9,
 * 5.1.1), that is when the check is double, or when no unit but the king
 * can take the checker or step between it and the king without leaving
 * the king exposed.  Only a pinned unit's move exposes the king (no en
 * passant capture follows a move that is no double step), and a pinned
 * unit can answer no check: the line of its pin and the line of the check
 * meet only at the king. */
static bool check_unanswered(const struct position *pos, const struct after_move *a, int ksq)
{
    int us = a->us, loser = us ^ 1;
    bitboard occ = a->occ;
    bitboard checkers = (attacks_pawn(loser, ksq) & a->pawns) | (attacks_knight(ksq) & a->knights) |
                        (attacks_bishop(ksq, occ) & a->diag) | (attacks_rook(ksq, occ) & a->orth);
    assert(checkers);
    if (bb_more_than_one(checkers)) return true; /* only the king may answer a double check */
    int csq = bb_lsb(checkers);
    bitboard theirs = pos->by_color[loser] & ~SQ_BB(a->to);
    /* The units pinned to the king, by the winner's sliders after m. */
    bitboard pinned = 0;
    bitboard snipers = (attacks_bishop_rays[ksq] & a->diag) | (attacks_rook_rays[ksq] & a->orth);
    snipers &= ~checkers;
    while (snipers) {
        bitboard b = attacks_between(bb_pop_lsb(&snipers), ksq) & occ;
        if (!bb_more_than_one(b)) pinned |= b;
    }
    bitboard movers = theirs & ~pinned & ~SQ_BB(ksq);
    if (!movers) return true;
    bitboard queens = pos->by_type[QUEEN];
    bitboard pawns = movers & pos->by_type[PAWN], knights = movers & pos->by_type[KNIGHT];
    bitboard diag = movers & (pos->by_type[BISHOP] | queens);
    bitboard orth = movers & (pos->by_type[ROOK] | queens);
    /* Take the checker. */
    if ((attacks_pawn(us, csq) & pawns) | (attacks_knight(csq) & knights) |
        (attacks_bishop(csq, occ) & diag) | (attacks_rook(csq, occ) & orth))
        return false;
    bitboard between = attacks_between(csq, ksq);
    if (!between) return true;
    /* Step between: a pawn's push (a double step from its second rank over
     * an empty square), or a piece's move. */
    bitboard push = bb_forward(pawns, loser) & ~occ;
    bitboard third = loser == COLOR_WHITE ? BB_RANK(2) : BB_RANK(5);
    push |= bb_forward(push & third, loser) & ~occ;
    if (push & between) return false;
    while (between) {
        int t = bb_pop_lsb(&between);
        if ((attacks_knight(t) & knights) | (attacks_bishop(t, occ) & diag) |
            (attacks_rook(t, occ) & orth))
            return false;
    }
    return true;
}

int dp_check_settle(const struct position *pos, move m, int ksq, int q)
{
    assert(q == DP_QM_MAYBE || q == DP_QM_FULL);
    assert(q == DP_QM_FULL || dp_qm_agrees(pos, m, q));
    if (q == DP_QM_FULL || (MOVE_KIND(m) == MOVE_NORMAL && pos_move_is_double_step(pos, m))) {
        /* castling, en passant, or an en passant capture may answer */
        struct position next = *pos;
        pos_do_move(&next, m);
        if (!next.checkers) return DP_SETTLE_NO_CHECK;
        return movegen_any_legal(&next) ? DP_SETTLE_NO_MATE : DP_SETTLE_MATE;
    }
    struct after_move a;
    after_move_sets(pos, m, &a);
    bool mate = check_unanswered(pos, &a, ksq);
    assert(mate == dp_move_mates(pos, m));
    return mate ? DP_SETTLE_MATE : DP_SETTLE_NO_MATE;
}

#ifndef NDEBUG
/* The move (legal) checkmates. */
bool dp_move_mates(const struct position *pos, move m)
{
    struct position next = *pos;
    pos_do_move(&next, m);
    return next.checkers && !movegen_any_legal(&next);
}

/* No legal move of the side to move mates (dp_may_mate_in_one() false). */
bool dp_no_mate_in_one(const struct position *pos)
{
    move list[MOVES_MAX];
    int n = movegen_legal(pos, list);
    for (int i = 0; i < n; i++) {
        struct position next = *pos;
        pos_do_move(&next, list[i]);
        if (next.checkers && !movegen_any_legal(&next)) return false;
    }
    return true;
}

/* dp_no_mate_in_one() after m. */
bool dp_leaf_has_no_mate(const struct position *pos, move m)
{
    struct position next = *pos;
    pos_do_move(&next, m);
    return dp_no_mate_in_one(&next);
}

/* dp_quick_check_outcome()'s answer `q` against playing the move. */
bool dp_qm_agrees(const struct position *pos, move m, int q)
{
    if (q == DP_QM_FULL) return true;
    struct position next = *pos;
    pos_do_move(&next, m);
    if (q == DP_QM_NO_CHECK) return !next.checkers;
    return next.checkers && (q == DP_QM_MAYBE || movegen_any_legal(&next));
}
#endif

/* Winner's pieces that stand alone between another of its sliders and the
 * loser's king on `ksq`: moving them may give a discovered check. */
static bitboard discoverers(const struct position *pos, int winner, int ksq)
{
    bitboard occ = pos_occupied(pos);
    bitboard queens = pos->by_type[QUEEN];
    bitboard snipers = (attacks_bishop(ksq, 0) & (pos->by_type[BISHOP] | queens)) |
                       (attacks_rook(ksq, 0) & (pos->by_type[ROOK] | queens));
    snipers &= pos->by_color[winner];
    bitboard cand = 0;
    while (snipers) {
        bitboard between = attacks_between(bb_pop_lsb(&snipers), ksq) & occ;
        if (between && !bb_more_than_one(between)) cand |= between;
    }
    return cand & pos->by_color[winner];
}

void dp_checks_init(struct dp_checks *c, const struct position *pos)
{
    int winner = pos->side, ksq = dp_king_sq(pos, winner ^ 1);
    bitboard occ = pos_occupied(pos);
    c->ksq = ksq;
    c->from[PAWN] = attacks_pawn(winner ^ 1, ksq);
    c->from[KNIGHT] = attacks_knight(ksq);
    c->from[BISHOP] = attacks_bishop(ksq, occ);
    c->from[ROOK] = attacks_rook(ksq, occ);
    c->from[QUEEN] = c->from[BISHOP] | c->from[ROOK];
    c->from[KING] = 0;
    c->disc = discoverers(pos, winner, ksq);
}

/* A move of the winner that mates at once, or MOVE_NONE.  Only moves that
 * may give check are looked at: a direct check from the target square, a
 * discovered one, or a special move; each check settled (dp_check_settle())
 * counts a node. */
move dp_mate_in_one(struct dp_search *s, const struct position *pos, const move *list, int n,
                    const bitboard to[PIECE_TYPE_NB])
{
    struct dp_checks c;
    dp_checks_init(&c, pos);
    for (int i = 0; i < n; i++) {
        move m = list[i];
        if (dp_cannot_mate(&c, to, pos, m)) {
            assert(!dp_move_mates(pos, m));
            continue;
        }
        int q = dp_quick_check_outcome(pos, m, c.ksq);
        assert(dp_qm_agrees(pos, m, q));
        if (q == DP_QM_NO_CHECK) continue;
        if (q == DP_QM_ESCAPE) continue; /* not told without playing it: no node */
        int v = dp_check_settle(pos, m, c.ksq, q);
        if (v == DP_SETTLE_NO_CHECK) continue;
        if (!dp_count_node(s)) return MOVE_NONE;
        if (v == DP_SETTLE_MATE) return m;
    }
    return MOVE_NONE;
}

/* dp_mate_in_one() without the full move list: only the moves that may give
 * check are generated (castling and en passant left out: a heuristic). */
move dp_mate_in_one_quick(struct dp_search *s, const struct position *pos,
                          const bitboard to[PIECE_TYPE_NB])
{
    int winner = pos->side;
    bitboard occ = pos_occupied(pos), own = pos->by_color[winner];
    bitboard target = ~own;
    struct dp_checks c;
    dp_checks_init(&c, pos);
    int ksq = c.ksq;
    const bitboard *check_from = c.from;
    bitboard disc = c.disc;
    bitboard last_rank = winner == COLOR_WHITE ? 0xFF00000000000000ULL : 0xFFULL;
    bitboard promoters = pos_pieces(pos, winner, PAWN) & bb_forward(last_rank, winner ^ 1);
    bitboard risky = dp_legal_risky(pos);
    move list[MOVES_MAX];
    for (int type = PAWN; type <= KING; type++) {
        bitboard pieces = pos_pieces(pos, winner, type);
        if (!pieces || !to[type]) continue;
        int n = 0, direct = 0;
        if (check_from[type] & to[type]) {
            bitboard mask = check_from[type] & target & to[type];
            if (type == PAWN) {
                /* Only the pawns with a move to mask: a push to an empty
                 * square of it (a double step from the second rank over an
                 * empty one), or a capture, en passant too, on one (a pawn
                 * of the other side there would attack the pawn).  The
                 * others would add nothing to movegen_pseudo()'s list. */
                int loser = winner ^ 1;
                bitboard empty = ~occ, second = winner == COLOR_WHITE ? BB_RANK(1) : BB_RANK(6);
                bitboard push_to = bb_forward(mask & empty, loser);
                bitboard p = pieces & ~disc &
                             (push_to | (second & bb_forward(push_to & empty, loser)) |
                              bb_pawn_attacks(mask, loser));
                if (p) n = movegen_pseudo(pos, PAWN, p, mask, list);
#ifndef NDEBUG
                move none[MOVES_MAX];
                assert(movegen_pseudo(pos, PAWN, pieces & ~disc & ~p, mask, none) == 0);
#endif
            } else
                /* a piece moves to the squares it attacks (movegen_pseudo()'s order) */
                for (bitboard b = pieces & ~disc; b;) {
                    int sq = bb_pop_lsb(&b);
                    for (bitboard t = attacks_piece(type, sq, occ) & mask; t;)
                        list[n++] = MOVE_MAKE(sq, bb_pop_lsb(&t), MOVE_NORMAL);
                }
            if (type != PAWN) direct = n; /* direct checks (a promotion may not check) */
        }
        if (pieces & disc)
            n += movegen_pseudo(pos, type, pieces & disc, target & to[type], list + n);
        if (type == PAWN && (promoters & ~disc)) {
            /* Only the promotion squares from which a new piece may check
             * K (its lines from K with the promoting pawns lifted: a
             * superset; the loop below tells each move): the others would
             * add only moves that loop drops. */
            bitboard lifted = occ & ~(promoters & ~disc);
            bitboard may_check = attacks_knight(ksq) | attacks_queen(ksq, lifted);
            bitboard promo_to = last_rank & ~check_from[PAWN] & may_check;
            if (promo_to) n += movegen_pseudo(pos, PAWN, promoters & ~disc, promo_to, list + n);
#ifndef NDEBUG
            move dropped[MOVES_MAX];
            int nd = movegen_pseudo(pos, PAWN, promoters & ~disc,
                                    last_rank & ~check_from[PAWN] & ~may_check, dropped);
            for (int i = 0; i < nd; i++) {
                int d = MOVE_TO(dropped[i]);
                bitboard after = (occ & ~SQ_BB(MOVE_FROM(dropped[i]))) | SQ_BB(d);
                assert(!(attacks_piece(MOVE_PROMO_TYPE(dropped[i]), d, after) & SQ_BB(ksq)));
            }
#endif
        }
        for (int i = 0; i < n; i++) {
            move m = list[i];
            if (type == PAWN && MOVE_KIND(m) != MOVE_EN_PASSANT && !(disc & SQ_BB(MOVE_FROM(m)))) {
                /* A pawn that uncovers no line checks only from its new
                 * square, as itself or as the promoted piece (what
                 * dp_quick_check_outcome() would tell first). */
                int to_sq = MOVE_TO(m);
                bitboard after = (occ & ~SQ_BB(MOVE_FROM(m))) | SQ_BB(to_sq);
                bitboard att = MOVE_IS_PROMO(m) ? attacks_piece(MOVE_PROMO_TYPE(m), to_sq, after)
                                                : attacks_pawn(winner, to_sq);
                if (!(att & SQ_BB(ksq))) {
                    assert(!movegen_pseudo_is_legal(pos, m) ||
                           dp_quick_check_outcome(pos, m, ksq) == DP_QM_NO_CHECK);
                    continue;
                }
            }
            if (!dp_legal(pos, risky, list[i])) continue;
            int q = i < direct ? direct_check_outcome(pos, list[i], ksq)
                               : dp_quick_check_outcome(pos, list[i], ksq);
            assert(dp_qm_agrees(pos, list[i], q));
            if (q == DP_QM_NO_CHECK) continue;
            if (q == DP_QM_ESCAPE) continue; /* not told without playing it: no node */
            int v = dp_check_settle(pos, list[i], ksq, q);
            if (v == DP_SETTLE_NO_CHECK) continue;
            if (!dp_count_node(s)) return MOVE_NONE;
            if (v == DP_SETTLE_MATE) return list[i];
        }
    }
    return MOVE_NONE;
}
