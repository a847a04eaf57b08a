/*
 * movegen.c - legal move generation (FIDE 3.1-3.10) and perft.
 *
 * The rules, as the code applies them:
 * - 3.9: a move may not leave the mover's king attacked.  So: the king steps
 *   only to squares no enemy piece attacks once the king has left its square
 *   (a slider checking along a line still covers the square behind the king);
 *   in double check only the king may move; in single check any other move
 *   must capture the checker or block the line between it and the king; a
 *   piece pinned to its king moves only along the pin line.
 * - 3.7.3: en passant captures remove two pawns from the rank, which can
 *   uncover a rook or queen along that rank ("horizontal pin"), so it is
 *   tested by re-computing slider attacks on the king with both pawns gone.
 * - 3.7.5 (3.7.3.3): a pawn reaching the last rank becomes a queen, rook,
 *   bishop or knight: four moves.
 * - 3.8.2: castling (standard and Chess960): right not lost, king not in
 *   check, every square the king and the rook cross or land on empty except
 *   for the king and rook themselves, no square the king crosses or lands on
 *   attacked.  Encoded as "king takes own rook" (chess.h).
 *
 * No allocation: moves go into the caller's MOVES_MAX array.
 */
#include "chess/movegen.h"

#include "chess/attacks.h"
#include "chess/bitboard.h"
#include "chess/position.h"

/* Every square colour `by` attacks, with the given occupancy: what the king
 * of the other side may not step to (with itself lifted off the board, so
 * that a slider checking it along a line also covers the square behind).
 * One pass over their pieces instead of movegen_attacked() for each king step. */
static bitboard attacked_squares(const struct position *pos, int by, bitboard occ)
{
    bitboard theirs = pos->by_color[by];
    bitboard a = bb_pawn_attacks(pos->by_type[PAWN] & theirs, by);
    bitboard b = pos->by_type[KNIGHT] & theirs;
    while (b)
        a |= attacks_knight(bb_pop_lsb(&b));
    b = (pos->by_type[BISHOP] | pos->by_type[QUEEN]) & theirs;
    while (b)
        a |= attacks_bishop(bb_pop_lsb(&b), occ);
    b = (pos->by_type[ROOK] | pos->by_type[QUEEN]) & theirs;
    while (b)
        a |= attacks_rook(bb_pop_lsb(&b), occ);
    b = pos->by_type[KING] & theirs;
    while (b)
        a |= attacks_king(bb_pop_lsb(&b));
    return a;
}

static inline move *add_targets(move *list, int from, bitboard targets)
{
    while (targets)
        *list++ = MOVE_MAKE(from, bb_pop_lsb(&targets), MOVE_NORMAL);
    return list;
}

static inline move *add_promotions(move *list, int from, int to)
{
    *list++ = MOVE_MAKE(from, to, MOVE_PROMO_QUEEN);
    *list++ = MOVE_MAKE(from, to, MOVE_PROMO_ROOK);
    *list++ = MOVE_MAKE(from, to, MOVE_PROMO_BISHOP);
    *list++ = MOVE_MAKE(from, to, MOVE_PROMO_KNIGHT);
    return list;
}

/* Pawn moves whose destination set `tos` was reached by shifting the origin
 * set by `delta` squares (to = from + delta). */
static inline move *add_pawn_set(move *list, bitboard tos, int delta, bool promo)
{
    while (tos) {
        int to = bb_pop_lsb(&tos);
        if (promo)
            list = add_promotions(list, to - delta, to);
        else
            *list++ = MOVE_MAKE(to - delta, to, MOVE_NORMAL);
    }
    return list;
}

void movegen_castle_squares(const struct position *pos, int rook_sq, int *king_to, int *rook_to)
{
    int base = SQ_RANK(rook_sq) * 8;
    int ksq = pos_king_square(pos, pos->side);
    bool kingside = rook_sq > ksq;
    *king_to = base + (kingside ? 6 : 2);
    *rook_to = base + (kingside ? 5 : 3);
}

enum movegen_castle movegen_castle_check(const struct position *pos, int rook_sq, int *sq)
{
    int us = pos->side;
    int ksq = pos_king_square(pos, us);
    int kto, rto;
    *sq = SQ_NONE;
    if (rook_sq < 0 || rook_sq >= SQ_NB || !bb_test(pos->castle_rooks, rook_sq) ||
        pos->board[rook_sq] != PIECE_MAKE(us, ROOK) || SQ_RANK(rook_sq) != SQ_RANK(ksq))
        return MOVEGEN_CASTLE_NO_RIGHT;
    if (pos->checkers) return MOVEGEN_CASTLE_IN_CHECK;
    movegen_castle_squares(pos, rook_sq, &kto, &rto);
    bitboard kr = SQ_BB(ksq) | SQ_BB(rook_sq);
    bitboard kpath = attacks_between(ksq, kto) | SQ_BB(kto);
    bitboard path = (kpath | attacks_between(rook_sq, rto) | SQ_BB(rto)) & ~kr;
    bitboard blocked = path & pos_occupied(pos);
    bool kingside = rook_sq > ksq;
    if (blocked) {
        *sq = kingside ? bb_lsb(blocked) : bb_msb(blocked);
        return MOVEGEN_CASTLE_BLOCKED;
    }
    bitboard occ = pos_occupied(pos) ^ kr;
    while (kpath) {
        int s = kingside ? bb_pop_lsb(&kpath) : bb_msb(kpath);
        if (!kingside) kpath ^= SQ_BB(s);
        if (movegen_attacked(pos, s, us ^ 1, occ)) {
            *sq = s;
            return MOVEGEN_CASTLE_ATTACKED;
        }
    }
    return MOVEGEN_CASTLE_OK;
}

/*
 * The legal generator.  With first_only it returns as soon as one move has
 * been written (movegen_any_legal).
 */
static move *gen_legal(const struct position *pos, move *list, bool first_only)
{
    move *const start = list;
    const int us = pos->side, them = us ^ 1;
    const bitboard ours = pos->by_color[us], theirs = pos->by_color[them];
    const bitboard occ = ours | theirs;
    const int ksq = bb_lsb(pos_pieces(pos, us, KING));
    const bitboard checkers = pos->checkers;
    /* Squares no move goes to: the mover's own pieces, and the enemy king,
     * which is never captured (it can be attacked with the move only after
     * an illegal move that stood, pos_make_stood()). */
    const bitboard closed = ours | pos_pieces(pos, them, KING);

    /* King steps (3.8.1), to squares not attacked once the king is gone. */
    bitboard kt = attacks_king(ksq) & ~closed;
    if (kt) kt &= ~attacked_squares(pos, them, occ ^ SQ_BB(ksq));
    list = add_targets(list, ksq, kt);
    if (bb_more_than_one(checkers) || (first_only && list != start)) return list;

    const bitboard target = ~closed & movegen_evasion_squares(pos, ksq);
    const bitboard pinned = pos_pinned(pos, us);

    /* Knights: a pinned knight can never move along its pin line. */
    bitboard b = pos_pieces(pos, us, KNIGHT) & ~pinned;
    while (b) {
        int from = bb_pop_lsb(&b);
        list = add_targets(list, from, attacks_knight(from) & target);
    }
    b = (pos->by_type[BISHOP] | pos->by_type[QUEEN]) & ours;
    while (b) {
        int from = bb_pop_lsb(&b);
        bitboard t = attacks_bishop(from, occ) & target;
        if (bb_test(pinned, from)) t &= attacks_line(ksq, from);
        list = add_targets(list, from, t);
    }
    b = (pos->by_type[ROOK] | pos->by_type[QUEEN]) & ours;
    while (b) {
        int from = bb_pop_lsb(&b);
        bitboard t = attacks_rook(from, occ) & target;
        if (bb_test(pinned, from)) t &= attacks_line(ksq, from);
        list = add_targets(list, from, t);
    }
    if (first_only && list != start) return list;

    /* Pawns (3.7): unpinned ones set-wise, pinned ones one by one. */
    const bitboard pawns = pos_pieces(pos, us, PAWN);
    const bitboard last = us == COLOR_WHITE ? BB_RANK(6) : BB_RANK(1);
    const bitboard third = us == COLOR_WHITE ? BB_RANK(2) : BB_RANK(5);
    const int up = us == COLOR_WHITE ? 8 : -8;
    const bitboard empty = ~occ;
    const bitboard enemies = theirs & target;
    for (int promo = 0; promo < 2; promo++) {
        bitboard p = pawns & ~pinned & (promo ? last : ~last);
        if (!p) continue;
        bitboard single = bb_forward(p, us) & empty;
        if (!promo) {
            bitboard dbl = bb_forward(single & third, us) & empty & target;
            list = add_pawn_set(list, dbl, 2 * up, false);
        }
        list = add_pawn_set(list, single & target, up, promo);
        bitboard f = bb_forward(p, us);
        list = add_pawn_set(list, bb_east(f) & enemies, up + 1, promo);
        list = add_pawn_set(list, bb_west(f) & enemies, up - 1, promo);
    }
    b = pawns & pinned;
    while (b) {
        int from = bb_pop_lsb(&b);
        bitboard line = attacks_line(ksq, from);
        bitboard t = attacks_pawn(us, from) & enemies;
        bitboard one = bb_forward(SQ_BB(from), us) & empty;
        t |= one & target;
        if (one & third) t |= bb_forward(one, us) & empty & target;
        t &= line;
        while (t) {
            int to = bb_pop_lsb(&t);
            if (SQ_BB(from) & last)
                list = add_promotions(list, from, to);
            else
                *list++ = MOVE_MAKE(from, to, MOVE_NORMAL);
        }
    }
    if (pos->ep_capturable) {
        bitboard e = attacks_pawn(them, pos->ep_square) & pawns;
        while (e) {
            int from = bb_pop_lsb(&e);
            if (pos_ep_legal_from(pos, from))
                *list++ = MOVE_MAKE(from, pos->ep_square, MOVE_EN_PASSANT);
        }
    }

    /* Castling (3.8.2), never out of check. */
    if (!checkers) {
        bitboard cr = pos->castle_rooks & BB_RANK(us == COLOR_WHITE ? 0 : 7);
        while (cr) {
            int rsq = bb_pop_lsb(&cr), sq;
            if (movegen_castle_check(pos, rsq, &sq) == MOVEGEN_CASTLE_OK)
                *list++ = MOVE_MAKE(ksq, rsq, MOVE_CASTLE);
        }
    }
    return list;
}

int movegen_legal(const struct position *pos, move *list)
{
    return (int)(gen_legal(pos, list, false) - list);
}

/* Can the king of the side to move step to a square no enemy piece attacks?
 * (The king is lifted off the board first, so a slider checking it along a
 * line also covers the square behind it.) */
static bool king_can_step(const struct position *pos, int ksq)
{
    const int us = pos->side;
    const bitboard occ = pos_occupied(pos) ^ SQ_BB(ksq);
    bitboard to = attacks_king(ksq) & ~pos->by_color[us];
    while (to)
        if (!movegen_attacked(pos, bb_pop_lsb(&to), us ^ 1, occ)) return true;
    return false;
}

bool movegen_legal_more_than(const struct position *pos, int n)
{
    /* Out of check, every move of a knight, bishop, rook or queen that is
     * not pinned is legal (as in movegen_any_legal()): counted first, they
     * settle the endgames the dead-position test asks about after every move
     * (a rook or a queen alone has more than a few).  Counting pawn and king
     * moves too settled no more of the TCEC files' positions: those left
     * have at most n moves indeed, which only the generator can say. */
    const int us = pos->side;
    const int ksq = pos_king_square(pos, us);
    if (!pos->checkers && ksq != SQ_NONE) {
        const bitboard ours = pos->by_color[us];
        const bitboard occ = ours | pos->by_color[us ^ 1];
        bitboard pieces = ours & ~(pos->by_type[PAWN] | pos->by_type[KING]);
        int count = 0;
        while (pieces) {
            int sq = bb_pop_lsb(&pieces);
            if (pos_is_pinned(pos, us, sq)) continue;
            for (bitboard to = attacks_piece(PIECE_TYPE(pos->board[sq]), sq, occ) & ~ours; to;
                 to &= to - 1)
                if (++count > n) return true;
        }
    }
    move list[MOVES_MAX];
    return movegen_legal(pos, list) > n;
}

bool movegen_any_legal(const struct position *pos)
{
    /* Fast paths.  Out of check, a piece other than the king that is not
     * pinned and has a square not held by its own side has a legal move
     * (nothing else can expose the king when it is not in check); a pawn with
     * an empty square ahead likewise, or pinned along its own file.  In or out
     * of check, a king step to an unattacked square is legal (FIDE 3.9).
     * Most positions of a game are settled here; the full generator decides
     * the rest (checks that only a block or capture answers, pins along
     * which the pinned piece could still move). */
    const int ksq = pos_king_square(pos, pos->side);
    if (ksq == SQ_NONE) {
        move list[MOVES_MAX];
        return gen_legal(pos, list, true) != list;
    }
    const int us = pos->side;
    const bitboard ours = pos->by_color[us];
    if (!pos->checkers) {
        const bitboard occ = ours | pos->by_color[us ^ 1];
        const bitboard empty = ~occ;
        bitboard knights = pos_pieces(pos, us, KNIGHT);
        while (knights) {
            int sq = bb_pop_lsb(&knights);
            if ((attacks_knight(sq) & ~ours) &&
                !pos_is_pinned(pos, us, sq))
                return true;
        }
        bitboard pawns = pos_pieces(pos, us, PAWN);
        pawns &= us == COLOR_WHITE ? bb_south(empty) : bb_north(empty); /* square ahead empty */
        while (pawns) {
            int sq = bb_pop_lsb(&pawns);
            if (SQ_FILE(ksq) == SQ_FILE(sq) || !pos_is_pinned(pos, us, sq))
                return true;
        }
        bitboard sliders = ours & (pos->by_type[BISHOP] | pos->by_type[ROOK] | pos->by_type[QUEEN]);
        while (sliders) {
            int sq = bb_pop_lsb(&sliders);
            if ((attacks_piece(PIECE_TYPE(pos->board[sq]), sq, occ) & ~ours) &&
                !pos_is_pinned(pos, us, sq))
                return true;
        }
    }
    if (king_can_step(pos, ksq))
        return true;
    move list[MOVES_MAX];
    return gen_legal(pos, list, true) != list;
}

static uint64_t perft_rec(const struct position *pos, int depth)
{
    move list[MOVES_MAX];
    int n = (int)(gen_legal(pos, list, false) - list);
    if (depth <= 1) return (uint64_t)n;
    uint64_t nodes = 0;
    for (int i = 0; i < n; i++) {
        struct position next = *pos;
        pos_do_move(&next, list[i]);
        nodes += perft_rec(&next, depth - 1);
    }
    return nodes;
}

uint64_t movegen_perft(const struct position *pos, int depth)
{
    if (depth <= 0) return 1;
    return perft_rec(pos, depth);
}

int movegen_pseudo(const struct position *pos, int type, bitboard from_mask, bitboard to_mask,
                   move *list)
{
    move *const start = list;
    const int us = pos->side;
    const bitboard ours = pos->by_color[us], theirs = pos->by_color[us ^ 1];
    const bitboard occ = ours | theirs;
    bitboard b = pos_pieces(pos, us, type) & from_mask;
    if (type != PAWN && to_mask && !bb_more_than_one(to_mask)) {
        /* One target square (SAN resolution): pieces other than pawns attack
         * symmetrically, so the candidates are the pieces the target "sees". */
        int to = bb_lsb(to_mask);
        if ((ours | pos->by_type[KING]) & to_mask)
            return 0; /* an own piece, or a king: never captured */
        b &= attacks_piece(type, to, occ);
        while (b)
            *list++ = MOVE_MAKE(bb_pop_lsb(&b), to, MOVE_NORMAL);
        return (int)(list - start);
    }
    const bitboard last = us == COLOR_WHITE ? BB_RANK(6) : BB_RANK(1);
    const bitboard third = us == COLOR_WHITE ? BB_RANK(2) : BB_RANK(5);
    while (b) {
        int from = bb_pop_lsb(&b);
        bitboard t;
        if (type == PAWN) {
            bitboard one = bb_forward(SQ_BB(from), us) & ~occ;
            t = (attacks_pawn(us, from) & theirs & ~pos->by_type[KING]) | one;
            if (one & third) t |= bb_forward(one, us) & ~occ;
            t &= to_mask;
            while (t) {
                int to = bb_pop_lsb(&t);
                if (SQ_BB(from) & last)
                    list = add_promotions(list, from, to);
                else
                    *list++ = MOVE_MAKE(from, to, MOVE_NORMAL);
            }
            int ep = pos->ep_square;
            if (ep != SQ_NONE && bb_test(to_mask, ep) && bb_test(attacks_pawn(us, from), ep) &&
                pos->board[ep] == PIECE_NONE && pos->board[ep ^ 8] == PIECE_MAKE(us ^ 1, PAWN))
                *list++ = MOVE_MAKE(from, ep, MOVE_EN_PASSANT);
            continue;
        }
        t = attacks_piece(type, from, occ) & ~(ours | pos->by_type[KING]) & to_mask;
        list = add_targets(list, from, t);
    }
    return (int)(list - start);
}

bool movegen_pseudo_is_legal(const struct position *pos, move m)
{
    const int us = pos->side;
    int from = MOVE_FROM(m), to = MOVE_TO(m), kind = MOVE_KIND(m);
    int ksq = pos_king_square(pos, us);
    if (kind == MOVE_CASTLE) {
        int sq;
        return from == ksq && movegen_castle_check(pos, to, &sq) == MOVEGEN_CASTLE_OK;
    }
    if (kind == MOVE_EN_PASSANT) return pos_ep_legal_from(pos, from);
    if (from == ksq) return movegen_king_step_is_legal(pos, ksq, to);
    return bb_test(movegen_evasion_squares(pos, ksq), to) &&
           movegen_unpinned_or_on_line(pos, ksq, from, to);
}

bool movegen_is_legal(const struct position *pos, move m)
{
    int from = MOVE_FROM(m), to = MOVE_TO(m), kind = MOVE_KIND(m);
    if (from == to || kind == 3 || kind > MOVE_PROMO_QUEEN) return false;
    int pc = pos->board[from];
    if (pc == PIECE_NONE || PIECE_COLOR(pc) != pos->side) return false;
    if (kind == MOVE_CASTLE) return PIECE_TYPE(pc) == KING && movegen_pseudo_is_legal(pos, m);
    move list[MOVES_MAX];
    int n = movegen_pseudo(pos, PIECE_TYPE(pc), SQ_BB(from), SQ_BB(to), list);
    for (int i = 0; i < n; i++)
        if (list[i] == m) return movegen_pseudo_is_legal(pos, m);
    return false;
}
