/*
 * deadpos_order.c - the order in which the targeted helpmate search
 * (deadpos_targeted.c) tries a node's moves.
 *
 * dp_classify() gives every legal move its class (progress toward the
 * mating picture, ordinary, or spoiling it) and its order within the class:
 * the full path, for a node's whole move list.  Most lines that mate go on
 * with one of a node's first moves, so the stages (dp_loser_stage(),
 * dp_winner_stage()) generate those first moves a few kinds at a time, in
 * exactly the order of the full path (the search asserts it in debug
 * builds); when a stage cannot tell its part of the order it says so and
 * the search falls back to the full path after the moves already given.
 */
#include "deadpos/deadpos_order.h"

#include "chess/attacks.h"
#include "chess/bitboard.h"
#include "chess/movegen.h"
#include "chess/position.h"

#include <assert.h>
#include <string.h>

/* The move's class (V_*) times O_NB plus its order within the class, into
 * cls[] for each of the n moves, with the count of each in count[].  The
 * winner brings its king and knights closer before it captures, promotes
 * or pushes pawns (a long march of pawns makes long lines); the loser walks
 * its king before its pieces.  "Closer": the move brings a king or a knight
 * (or, toward the blocker's square when h->blockers_move, a bishop, rook or
 * queen) of the winner (dist[0]) or the loser (dist[1]) closer to its
 * target.  A capture: a unit of the other side on the target square
 * (castling's target is the own rook, en passant's is empty). */
void dp_classify(const struct hm_search *h, const struct position *pos, const move *list, int n,
                 bool winner_moves, uint8_t *cls, int *count)
{
    bitboard theirs = pos->by_color[pos->side ^ 1];
    if (winner_moves) {
        const uint8_t(*dist)[SQ_NB] = h->dist[0];
        for (int i = 0; i < n; i++) {
            move m = list[i];
            int from = MOVE_FROM(m), to = MOVE_TO(m), c;
            int type = PIECE_TYPE(pos->board[from]);
            if (MOVE_IS_PROMO(m))
                c = MOVE_PROMO_TYPE(m) == QUEEN ? V_REWARD * O_NB + O_SECOND : V_NORMAL * O_NB;
            else if (theirs & SQ_BB(to))
                c = V_REWARD * O_NB + O_SECOND;
            else if (type == PAWN)
                c = V_REWARD * O_NB + O_LAST;
            else
                c = dist[type][to] < dist[type][from] ? V_REWARD * O_NB + O_FIRST : V_NORMAL * O_NB;
            cls[i] = (uint8_t)c;
            count[c]++;
        }
        return;
    }
    const uint8_t(*dist)[SQ_NB] = h->dist[1];
    for (int i = 0; i < n; i++) {
        move m = list[i];
        int from = MOVE_FROM(m), to = MOVE_TO(m), c;
        int type = PIECE_TYPE(pos->board[from]);
        if (h->need_loser_promotion && MOVE_IS_PROMO(m))
            c = MOVE_PROMO_TYPE(m) == QUEEN || MOVE_PROMO_TYPE(m) == ROOK ? V_PUNISH * O_NB
                                                                          : V_REWARD * O_NB;
        else if (h->need_loser_promotion && type == PAWN)
            c = V_REWARD * O_NB + O_LAST;
        else if (h->need_loser_promotion && type != KING && !h->blockers_move)
            c = V_PUNISH * O_NB;
        else if (dist[type][to] < dist[type][from])
            c = V_REWARD * O_NB + (type == KING ? O_FIRST : O_SECOND);
        else if (theirs & SQ_BB(to))
            c = V_PUNISH * O_NB;
        else
            c = V_NORMAL * O_NB;
        cls[i] = (uint8_t)c;
        count[c]++;
    }
}

/* The pseudo-legal moves of the king or knight (`type`) of the side to
 * move on sq to squares of `to`: the squares it attacks (FIDE 3.6, 3.8.1)
 * but its own side's, as movegen_pseudo() gives them (in square order),
 * without the call (most often there is none). */
static int leaper_moves(const struct position *pos, int type, int sq, bitboard to, move *list)
{
    to &= (type == KING ? attacks_king(sq) : attacks_knight(sq)) & ~pos->by_color[pos->side];
    int n = 0;
    while (to)
        list[n++] = MOVE_MAKE(sq, bb_pop_lsb(&to), MOVE_NORMAL);
    return n;
}

/* The squares closer to its target than sq for a king or knight (`type`)
 * playing `role` (0 winner, 1 loser). */
static bitboard closer_squares(const struct hm_search *h, int role, int type, int sq)
{
    int d = h->dist[role][type][sq];
    return d ? h->within[role][type == KING ? WITHIN_KING : WITHIN_KNIGHT][d - 1] : 0;
}

/* The pseudo-legal moves of the piece of `type` (KING or KNIGHT) on the
 * square `piece` of the side to move, playing `role` (0 winner, 1 loser),
 * to squares of `to` closer to its target. */
static int closer_moves(const struct hm_search *h, const struct position *pos, int role, int type,
                        bitboard piece, bitboard to, move *list)
{
    int sq = bb_lsb(piece);
    bitboard closer = closer_squares(h, role, type, sq);
    return leaper_moves(pos, type, sq, to & closer, list);
}

/* Keep the legal ones of n pseudo-legal moves of units but the king (no
 * castling or en passant: the stages give none to it); their number.  A
 * move from a risky square (dp_legal_risky(): all of them in check) is
 * told without the call to movegen_pseudo_is_legal(), by its two tests
 * (movegen_evasion_squares() once for the list, then
 * movegen_unpinned_or_on_line()).  Most of the calls came from the loser's
 * nodes in check. */
static int legal_only(const struct position *pos, move *list, int n)
{
    if (n == 0) return 0;
    int ksq = dp_king_sq(pos, pos->side), kept = 0;
    bitboard risky = dp_legal_risky(pos), evade = movegen_evasion_squares(pos, ksq);
    for (int i = 0; i < n; i++) {
        move m = list[i];
        int from = MOVE_FROM(m), to = MOVE_TO(m);
        assert(from != ksq && MOVE_KIND(m) != MOVE_CASTLE && MOVE_KIND(m) != MOVE_EN_PASSANT);
        bool legal = !((risky >> from) & 1) ||
                     (((evade >> to) & 1) && movegen_unpinned_or_on_line(pos, ksq, from, to));
        assert(legal == movegen_pseudo_is_legal(pos, m));
        list[kept] = m;
        kept += legal;
    }
    return kept;
}

/* The steps of the king of the side to move to squares of `to`, legal, in
 * square order (as movegen_pseudo() writes them).  Inline: most calls have
 * a square or two to test, and the call cost as much. */
static DP_ALWAYS_INLINE int king_steps(const struct position *pos, bitboard to, move *list)
{
    int us = pos->side, them = us ^ 1, ksq = dp_king_sq(pos, us);
    to &= attacks_king(ksq) & ~pos->by_color[us];
    if (!to) return 0;
    const bitboard cand = to;
    (void)cand;
    /* Legal: a square no unit of the other side attacks with the king
     * lifted (FIDE 3.9), as movegen_pseudo_is_legal() tells it, without
     * the call: the pawns', knights' and king's attacks as one set, then
     * the sliders square by square (debug builds assert the same moves). */
    bitboard theirs = pos->by_color[them];
    to &=
        ~bb_pawn_attacks(pos->by_type[PAWN] & theirs, them) & ~attacks_king(dp_king_sq(pos, them));
    for (bitboard b = pos->by_type[KNIGHT] & theirs; b && to;)
        to &= ~attacks_knight(bb_pop_lsb(&b));
    bitboard occ = pos_occupied(pos) ^ SQ_BB(ksq);
    bitboard diag = (pos->by_type[BISHOP] | pos->by_type[QUEEN]) & theirs;
    bitboard orth = (pos->by_type[ROOK] | pos->by_type[QUEEN]) & theirs;
    int n = 0;
    while (to) {
        int sq = bb_pop_lsb(&to);
        if ((diag && (attacks_bishop(sq, occ) & diag)) || (orth && (attacks_rook(sq, occ) & orth)))
            continue;
        list[n++] = MOVE_MAKE(ksq, sq, MOVE_NORMAL);
    }
#ifndef NDEBUG
    move check[MOVES_MAX];
    int k = 0, nc = leaper_moves(pos, KING, ksq, cand, check);
    for (int i = 0; i < nc; i++)
        if (movegen_pseudo_is_legal(pos, check[i])) check[k++] = check[i];
    assert(k == n && memcmp(check, list, (size_t)n * sizeof *list) == 0);
#endif
    return n;
}

/* The loser's king steps to squares of `to` that are (closer: true) or are
 * not closer to its target; legal.  Inline: called at nearly every loser's
 * node, twice, with `closer` known. */
static DP_ALWAYS_INLINE int loser_king_steps(const struct hm_search *h, const struct position *pos,
                                             bool closer, bitboard to, move *list)
{
    int ksq = dp_king_sq(pos, pos->side), d = h->dist[1][KING][ksq];
    bitboard near = d ? h->within[1][WITHIN_KING][d - 1] : 0;
    return king_steps(pos, to & (closer ? near : ~near), list);
}

/* The winner's captures by its pieces but the king in the generator's
 * order (knights, bishops and queens along diagonals, rooks and queens
 * along lines; each piece's by square, as movegen_pseudo() writes them);
 * pseudo-legal. */
static int piece_captures(const struct position *pos, move *list)
{
    int us = pos->side, n = 0;
    bitboard theirs = pos->by_color[us ^ 1], occ = pos_occupied(pos);
    for (bitboard b = pos_pieces(pos, us, KNIGHT); b;)
        n += leaper_moves(pos, KNIGHT, bb_pop_lsb(&b), theirs, list + n);
    bitboard queens = pos_pieces(pos, us, QUEEN);
    for (bitboard b = pos_pieces(pos, us, BISHOP) | queens; b;) {
        int from = bb_pop_lsb(&b);
        for (bitboard t = attacks_bishop(from, occ) & theirs; t;)
            list[n++] = MOVE_MAKE(from, bb_pop_lsb(&t), MOVE_NORMAL);
    }
    for (bitboard b = pos_pieces(pos, us, ROOK) | queens; b;) {
        int from = bb_pop_lsb(&b);
        for (bitboard t = attacks_rook(from, occ) & theirs; t;)
            list[n++] = MOVE_MAKE(from, bb_pop_lsb(&t), MOVE_NORMAL);
    }
    return n;
}

/* The rank from which the pawns of `us` promote. */
static bitboard seventh_rank(int us)
{
    return us == COLOR_WHITE ? BB_RANK(6) : BB_RANK(1);
}

/* Pawn moves of `kind` to tos, each from to - delta, by square. */
static int add_pawn_moves(move *list, bitboard tos, int delta, int kind)
{
    int n = 0;
    while (tos) {
        int to = bb_pop_lsb(&tos);
        list[n++] = MOVE_MAKE(to - delta, to, kind);
    }
    return n;
}

/* The promotions to tos, each from to - delta, by square, each in the
 * generator's order: to a queen, a rook, a bishop, a knight. */
static int add_promotions(move *list, bitboard tos, int delta)
{
    static const int kinds[4] = {MOVE_PROMO_QUEEN, MOVE_PROMO_ROOK, MOVE_PROMO_BISHOP,
                                 MOVE_PROMO_KNIGHT};
    int n = 0;
    while (tos) {
        int to = bb_pop_lsb(&tos);
        for (int i = 0; i < 4; i++)
            list[n++] = MOVE_MAKE(to - delta, to, kinds[i]);
    }
    return n;
}

/* The pawns' captures and promotions to a queen of the side to move in the
 * generator's order: the captures of `pawns` (none on the seventh rank)
 * toward the east file, then the west; the promotions of `promoting` (on
 * the seventh rank) by a push, then by a capture east, then west.  None of
 * them pinned; pseudo-legal. */
static int pawn_captures_promotions(const struct position *pos, bitboard pawns, bitboard promoting,
                                    move *list)
{
    int us = pos->side, up = us == COLOR_WHITE ? 8 : -8;
    bitboard theirs = pos->by_color[us ^ 1];
    bitboard f = bb_forward(pawns, us);
    int n = add_pawn_moves(list, bb_east(f) & theirs, up + 1, MOVE_NORMAL);
    n += add_pawn_moves(list + n, bb_west(f) & theirs, up - 1, MOVE_NORMAL);
    if (!promoting) return n;
    f = bb_forward(promoting, us);
    n += add_pawn_moves(list + n, f & ~pos_occupied(pos), up, MOVE_PROMO_QUEEN);
    n += add_pawn_moves(list + n, bb_east(f) & theirs, up + 1, MOVE_PROMO_QUEEN);
    n += add_pawn_moves(list + n, bb_west(f) & theirs, up - 1, MOVE_PROMO_QUEEN);
    return n;
}

/* The pawn pushes of the side to move to squares of `to` in the
 * generator's order: the double steps, the single steps, with `promote`
 * the promotions by a push
 * (the loser's, which are ordinary moves: see dp_classify()), then the
 * pinned pawns' one by one; pseudo-legal, en passant left out.  Without
 * `promote` (the winner's) the pawns that would promote are left out.
 * Inline in its two callers, each with its own `promote`. */
static DP_ALWAYS_INLINE int pawn_pushes(const struct position *pos, bool promote, bitboard to,
                                        move *list)
{
    int us = pos->side;
    bitboard pawns = pos_pieces(pos, us, PAWN), seventh = seventh_rank(us);
    if (!promote) pawns &= ~seventh;
    if (!pawns) return 0;
    bitboard empty = ~pos_occupied(pos);
    if (pos->ep_square != SQ_NONE) empty &= ~SQ_BB(pos->ep_square);
    if (!(bb_forward(pawns, us) & empty)) return 0;
    bitboard pinned = pos_pinned(pos, us) & pawns, free = pawns & ~pinned;
    bitboard second = us == COLOR_WHITE ? BB_RANK(1) : BB_RANK(6);
    bitboard fourth = us == COLOR_WHITE ? BB_RANK(3) : BB_RANK(4);
    /* movegen_pseudo()'s order (by square, the same for the origins and the
     * targets), without the calls. */
    int up = us == COLOR_WHITE ? 8 : -8;
    bitboard occ = pos_occupied(pos), target = empty & to;
    bitboard dbl = bb_forward(bb_forward(free & second, us) & ~occ, us) & fourth & target;
    int n = add_pawn_moves(list, dbl, 2 * up, MOVE_NORMAL);
    n += add_pawn_moves(list + n, bb_forward(free & ~seventh, us) & target, up, MOVE_NORMAL);
    n += add_promotions(list + n, bb_forward(free & seventh, us) & target, up);
    while (pinned)
        n += movegen_pseudo(pos, PAWN, SQ_BB(bb_pop_lsb(&pinned)), target, list + n);
    return n;
}

/* The squares closer to the blocker's square than sq for the loser's
 * bishop, rook or queen (`type`) when they head for it (h->blockers_move):
 * the square itself, and from two moves away the lines through it
 * (slider_distance() in deadpos_targeted.c), a bishop of the other colour
 * having only squares it never reaches.  Inline: asked for every slider at
 * every node the stages give its moves. */
static DP_ALWAYS_INLINE bitboard slider_closer(const struct hm_search *h, int type, int sq)
{
    int d = h->dist[1][type][sq], t = h->target[T_LOSER_PIECE];
    if (d == 0) return 0;
    if (d == 1) return SQ_BB(t);
    bitboard lines = type == ROOK    ? attacks_rook_rays[t]
                     : type == QUEEN ? attacks_rook_rays[t] | attacks_bishop_rays[t]
                                     : attacks_bishop_rays[t];
    return SQ_BB(t) | lines;
}

/* The pseudo-legal moves of the bishops, rooks and queens of the side to
 * move, playing `role`, to squares of `to` that are (closer: true) or are
 * not closer to their target, in the generator's order (bishops and queens
 * along diagonals, then rooks and queens along lines; each piece's by
 * square). */
static int slider_moves(const struct hm_search *h, const struct position *pos, int role,
                        bool closer, bitboard to, move *list)
{
    /* Only the loser's, and only when they head for the blocker's square,
     * ever come closer. */
    bool heads = role == 1 && h->blockers_move;
    if (closer && !heads) return 0;
    int us = pos->side, n = 0;
    bitboard occ = pos_occupied(pos), queens = pos_pieces(pos, us, QUEEN);
    to &= ~pos->by_color[us];
    for (bitboard b = pos_pieces(pos, us, BISHOP) | queens; b;) {
        int from = bb_pop_lsb(&b);
        bitboard c = heads ? slider_closer(h, PIECE_TYPE(pos->board[from]), from) : 0;
        for (bitboard t = attacks_bishop(from, occ) & to & (closer ? c : ~c); t;)
            list[n++] = MOVE_MAKE(from, bb_pop_lsb(&t), MOVE_NORMAL);
    }
    for (bitboard b = pos_pieces(pos, us, ROOK) | queens; b;) {
        int from = bb_pop_lsb(&b);
        bitboard c = heads ? slider_closer(h, PIECE_TYPE(pos->board[from]), from) : 0;
        for (bitboard t = attacks_rook(from, occ) & to & (closer ? c : ~c); t;)
            list[n++] = MOVE_MAKE(from, bb_pop_lsb(&t), MOVE_NORMAL);
    }
    return n;
}

/* The loser (no promotion needed, no castling right): its king's steps
 * closer to their target (class 0, captures too); its knights' and, when
 * they head for the blocker's square too, its bishops', rooks' and queens'
 * moves closer (class 1: with those, every rewarded move); its king's other
 * steps that capture nothing (first in V_NORMAL; nv: the classes the node
 * searches); with no en passant, its other pieces' other quiet moves and
 * its pawns' pushes, promotions too (the rest of V_NORMAL); then its
 * captures that do not come closer (V_PUNISH: every move). */
int dp_loser_stage(const struct hm_search *h, const struct position *pos, struct stages *st, int nv,
                   move *list, int *v)
{
    int us = pos->side;
    *v = V_REWARD;
    switch (st->next++) {
    case 0:
        if (h->need_loser_promotion || (pos->castle_rooks & pos->by_color[us])) return -1;
        return loser_king_steps(h, pos, true, ~(bitboard)0, list);
    case 1: {
        /* In check (most often after the winner's move), only the moves to
         * the evasions' squares: legal_only() would drop the others. */
        bitboard evade = movegen_evasion_squares(pos, dp_king_sq(pos, us));
        int n = 0;
        for (bitboard b = pos_pieces(pos, us, KNIGHT); b;)
            n += closer_moves(h, pos, 1, KNIGHT, SQ_BB(bb_pop_lsb(&b)), evade, list + n);
        if (h->blockers_move) n += slider_moves(h, pos, 1, true, evade, list + n);
        st->classes = 1;
        return legal_only(pos, list, n);
    }
    case 2:
        if (nv <= V_NORMAL) return -1;
        *v = V_NORMAL;
        return loser_king_steps(h, pos, false, ~pos->by_color[us ^ 1], list);
    case 3: {
        /* No en passant: the other pieces' quiet moves that do not come
         * closer and the pawns' pushes (a promotion is an ordinary move of
         * the loser's) are the rest of its normal moves. */
        if (pos->ep_capturable) return -1;
        *v = V_NORMAL;
        st->classes = 2;
        bitboard evade = movegen_evasion_squares(pos, dp_king_sq(pos, us));
        bitboard empty = ~pos_occupied(pos) & evade;
        int n = 0;
        for (bitboard b = pos_pieces(pos, us, KNIGHT); b;) {
            int sq = bb_pop_lsb(&b);
            n += leaper_moves(pos, KNIGHT, sq, empty & ~closer_squares(h, 1, KNIGHT, sq), list + n);
        }
        n += slider_moves(h, pos, 1, false, empty, list + n);
        n += pawn_pushes(pos, true, evade, list + n);
        return legal_only(pos, list, n);
    }
    case 4: {
        /* Its captures that do not come closer (V_PUNISH), unless a pinned
         * pawn may capture (its captures would come last): every move. */
        if (nv <= V_PUNISH) return -1;
        bitboard pawns = pos_pieces(pos, us, PAWN), theirs = pos->by_color[us ^ 1];
        bool pawn_captures = bb_pawn_attacks(pawns, us) & theirs;
        if (pawn_captures && (pos_pinned(pos, us) & pawns & bb_pawn_attacks(theirs, us ^ 1)))
            return -1;
        *v = V_PUNISH;
        st->classes = 3;
        int n = loser_king_steps(h, pos, false, theirs, list);
        int k = 0;
        move *rest = list + n;
        bitboard victims = theirs & movegen_evasion_squares(pos, dp_king_sq(pos, us));
        for (bitboard b = pos_pieces(pos, us, KNIGHT); b;) {
            int sq = bb_pop_lsb(&b);
            k += leaper_moves(pos, KNIGHT, sq, victims & ~closer_squares(h, 1, KNIGHT, sq),
                              rest + k);
        }
        k += slider_moves(h, pos, 1, false, victims, rest + k);
        if (pawn_captures) {
            /* the promotions by a capture after the others, east then west */
            bitboard promoting = pawns & seventh_rank(us);
            k += pawn_captures_promotions(pos, pawns & ~promoting, 0, rest + k);
            bitboard f = bb_forward(promoting, us);
            int up = us == COLOR_WHITE ? 8 : -8;
            k += add_promotions(rest + k, bb_east(f) & theirs, up + 1);
            k += add_promotions(rest + k, bb_west(f) & theirs, up - 1);
        }
        return n + legal_only(pos, rest, k);
    }
    }
    return -1;
}

/* The winner (no castling right, no en passant): its king's and knights'
 * steps closer to their targets without a capture (class 0); unless a
 * pinned pawn can capture or promote, its pieces' and pawns' captures and
 * its promotions to a queen (class 1), then its pawns' pushes (class 3):
 * every rewarded move; then, with no pawn to promote, its pieces' other
 * quiet moves (V_NORMAL): every move (no move of the winner is punished). */
int dp_winner_stage(const struct hm_search *h, const struct position *pos, struct stages *st,
                    int nv, move *list, int *v)
{
    int us = pos->side;
    *v = V_REWARD;
    switch (st->next++) {
    case 0: {
        bitboard empty = ~pos_occupied(pos);
        int n = king_steps(pos, empty & closer_squares(h, 0, KING, dp_king_sq(pos, us)), list),
            k = 0;
        for (bitboard b = pos_pieces(pos, us, KNIGHT); b;)
            k += closer_moves(h, pos, 0, KNIGHT, SQ_BB(bb_pop_lsb(&b)), empty, list + n + k);
        return n + legal_only(pos, list + n, k);
    }
    case 1: {
        bitboard pawns = pos_pieces(pos, us, PAWN), promoting = pawns & seventh_rank(us);
        bool pawn_moves = promoting || (bb_pawn_attacks(pawns, us) & pos->by_color[us ^ 1]);
        /* The pinned pawns' captures and promotions would come after the
         * others'. */
        if (pawn_moves && (pos_pinned(pos, us) & pawns &
                           (promoting | bb_pawn_attacks(pos->by_color[us ^ 1], us ^ 1))))
            return -1;
        int n = king_steps(pos, pos->by_color[us ^ 1], list);
        int k = piece_captures(pos, list + n);
        if (pawn_moves)
            k += pawn_captures_promotions(pos, pawns & ~promoting, promoting, list + n + k);
        return n + legal_only(pos, list + n, k);
    }
    case 2:
        /* No castling, en passant or pawn capture, the other promotions
         * normal: every rewarded move of the winner comes from the stages. */
        st->classes = 1;
        return legal_only(pos, list, pawn_pushes(pos, false, ~(bitboard)0, list));
    case 3: {
        /* The promotions to a rook, bishop or knight would come among the
         * pawns' moves. */
        if (nv <= V_NORMAL || (pos_pieces(pos, us, PAWN) & seventh_rank(us))) return -1;
        *v = V_NORMAL;
        st->classes = 3;
        bitboard empty = ~pos_occupied(pos);
        int ksq = dp_king_sq(pos, us);
        int n = king_steps(pos, empty & ~closer_squares(h, 0, KING, ksq), list), k = 0;
        for (bitboard b = pos_pieces(pos, us, KNIGHT); b;) {
            int sq = bb_pop_lsb(&b);
            k += leaper_moves(pos, KNIGHT, sq, empty & ~closer_squares(h, 0, KNIGHT, sq),
                              list + n + k);
        }
        k += slider_moves(h, pos, 0, false, empty, list + n + k);
        return n + legal_only(pos, list + n, k);
    }
    }
    return -1;
}
