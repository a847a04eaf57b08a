/*
 * position.c - the position and how a move changes it.
 *
 * Rules implemented here: FIDE 3.8.2 (castling moves king and rook; the right
 * is lost for good once the king or that rook has moved, or the rook was
 * captured), 3.7.3 (en passant is possible only on the move right after the
 * double step), 3.7.5 (promotion replaces the pawn on the same move), 9.3
 * (the halfmove clock counts plies since the last capture or pawn move), and
 * 9.2.2 (what makes two positions "the same": pieces, side to move, castling
 * rights, and en passant only when an en passant capture is actually legal).
 *
 * Invariants (checked by pos_ok(), asserted after pos_make() in debug builds):
 * board[] and the bitboards describe the same pieces; each side has exactly
 * one king; the side that just moved is not in check; checkers are the pieces
 * attacking the king of the side to move; key == the Zobrist hash of the
 * identity above; every castle rook is a rook of its colour on its back rank
 * sharing that rank with its king, at most one per side of the king.
 * pos_make_stood() plays an illegal move that stood (FIDE 7.5: play went on
 * after it): the side that just moved may then be in check, and the side to
 * move could capture its king - which no move does (movegen.c): the next
 * move is judged by the usual rules, its own king's safety included.
 *
 * Zobrist numbers come from a fixed-seed splitmix64 stream, so keys are the
 * same on every run and machine.
 */
#include "chess/position.h"

#include "chess/attacks.h"
#include "chess/bitboard.h"

#include <assert.h>
#include <stdatomic.h>
#include <string.h>

uint64_t pos_zob_piece[16][SQ_NB];
static uint64_t zob_castle[SQ_NB];
uint64_t pos_zob_ep[8];
uint64_t pos_zob_side;

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void zobrist_build(void)
{
    uint64_t s = 0x5067E4A7B17E5EEDULL;
    for (int p = 0; p < 16; p++)
        for (int sq = 0; sq < SQ_NB; sq++)
            pos_zob_piece[p][sq] = splitmix64(&s);
    for (int sq = 0; sq < SQ_NB; sq++)
        zob_castle[sq] = splitmix64(&s);
    for (int f = 0; f < 8; f++)
        pos_zob_ep[f] = splitmix64(&s);
    pos_zob_side = splitmix64(&s);
}

/* Build the attack tables and the Zobrist numbers, once per process. */
static void pos_tables_init(void)
{
    static atomic_int state;
    int expected = 0;
    if (atomic_load_explicit(&state, memory_order_acquire) == 2) return;
    attacks_init();
    if (atomic_compare_exchange_strong(&state, &expected, 1)) {
        zobrist_build();
        atomic_store_explicit(&state, 2, memory_order_release);
        return;
    }
    while (atomic_load_explicit(&state, memory_order_acquire) != 2)
        ;
}

void pos_clear(struct position *pos)
{
    pos_tables_init();
    memset(pos, 0, sizeof *pos);
    memset(pos->board, PIECE_NONE, sizeof pos->board);
    pos->ep_square = SQ_NONE;
    pos->fullmove = 1;
}

void pos_put(struct position *pos, int sq, int piece)
{
    int old = pos->board[sq];
    if (old != PIECE_NONE) {
        pos->by_color[PIECE_COLOR(old)] &= ~SQ_BB(sq);
        pos->by_type[PIECE_TYPE(old)] &= ~SQ_BB(sq);
    }
    pos->board[sq] = (uint8_t)piece;
    if (piece != PIECE_NONE) {
        pos->by_color[PIECE_COLOR(piece)] |= SQ_BB(sq);
        pos->by_type[PIECE_TYPE(piece)] |= SQ_BB(sq);
    }
}

bitboard pos_attackers_to(const struct position *pos, int sq, bitboard occupied)
{
    bitboard diag = pos->by_type[BISHOP] | pos->by_type[QUEEN];
    bitboard orth = pos->by_type[ROOK] | pos->by_type[QUEEN];
    return (attacks_pawn(COLOR_WHITE, sq) & pos_pieces(pos, COLOR_BLACK, PAWN)) |
           (attacks_pawn(COLOR_BLACK, sq) & pos_pieces(pos, COLOR_WHITE, PAWN)) |
           (attacks_knight(sq) & pos->by_type[KNIGHT]) | (attacks_king(sq) & pos->by_type[KING]) |
           (attacks_bishop(sq, occupied) & diag) | (attacks_rook(sq, occupied) & orth);
}

/* Pieces giving check to colour c's king. */
static bitboard checkers_on(const struct position *pos, int c)
{
    int ksq = pos_king_square(pos, c);
    if (ksq == SQ_NONE) return 0;
    return pos_attackers_to(pos, ksq, pos_occupied(pos)) & pos->by_color[c ^ 1];
}

static bitboard compute_checkers(const struct position *pos)
{
    return checkers_on(pos, pos->side);
}

bool pos_in_check(const struct position *pos)
{
    return pos->checkers != 0;
}

bitboard pos_castle_rooks_side(const struct position *pos, int color, bool kingside)
{
    bitboard rooks = pos->castle_rooks & BB_RANK(color == COLOR_WHITE ? 0 : 7);
    int ksq = pos_king_square(pos, color);
    if (ksq == SQ_NONE) return 0;
    return rooks & (kingside ? ~((SQ_BB(ksq) << 1) - 1) : SQ_BB(ksq) - 1);
}

bitboard pos_pinned(const struct position *pos, int color)
{
    int ksq = pos_king_square(pos, color);
    if (ksq == SQ_NONE) return 0;
    int them = color ^ 1;
    bitboard theirs = pos->by_color[them];
    bitboard orth = (pos->by_type[ROOK] | pos->by_type[QUEEN]) & theirs;
    bitboard diag = (pos->by_type[BISHOP] | pos->by_type[QUEEN]) & theirs;
    /* No enemy slider on a line through the king: nothing is pinned (and
     * no attack set is looked up). */
    if (!((orth & attacks_rook_rays[ksq]) | (diag & attacks_bishop_rays[ksq]))) return 0;
    bitboard snipers = (attacks_rook(ksq, theirs) & orth) | (attacks_bishop(ksq, theirs) & diag);
    bitboard occ = pos_occupied(pos), pinned = 0;
    while (snipers) {
        bitboard b = attacks_between(ksq, bb_pop_lsb(&snipers)) & occ;
        if (b && !bb_more_than_one(b)) pinned |= b & pos->by_color[color];
    }
    return pinned;
}

/* pos_is_pinned() past its inline tests: sliders are the enemy sliders on
 * the line through the king on ksq and sq, moving along such lines.  Pinned:
 * sq is the one occupied square between the king and one of them. */
bool pos_is_pinned_by(const struct position *pos, int ksq, int sq, bitboard sliders)
{
    bitboard occ = pos_occupied(pos);
    while (sliders)
        if ((attacks_between(ksq, bb_pop_lsb(&sliders)) & occ) == SQ_BB(sq)) return true;
    return false;
}

bool pos_ep_legal_from(const struct position *pos, int from)
{
    int us = pos->side, them = us ^ 1;
    int ep = pos->ep_square, capsq = ep ^ 8;
    int ksq = pos_king_square(pos, us);
    /* A knight or another pawn giving check is not answered by this capture. */
    if (pos->checkers & ~SQ_BB(capsq) & (pos->by_type[KNIGHT] | pos->by_type[PAWN])) return false;
    bitboard occ = (pos_occupied(pos) ^ SQ_BB(from) ^ SQ_BB(capsq)) | SQ_BB(ep);
    bitboard theirs = pos->by_color[them];
    bitboard diag = (pos->by_type[BISHOP] | pos->by_type[QUEEN]) & theirs;
    bitboard orth = (pos->by_type[ROOK] | pos->by_type[QUEEN]) & theirs;
    return !(attacks_bishop(ksq, occ) & diag) && !(attacks_rook(ksq, occ) & orth);
}

/* Is there a legal en passant capture onto pos->ep_square? */
static bool ep_capture_exists(const struct position *pos)
{
    if (pos->ep_square == SQ_NONE) return false;
    bitboard pawns = attacks_pawn(pos->side ^ 1, pos->ep_square) & pos_pieces(pos, pos->side, PAWN);
    if (!pawns || pos->board[pos->ep_square ^ 8] != PIECE_MAKE(pos->side ^ 1, PAWN) ||
        pos->board[pos->ep_square] != PIECE_NONE)
        return false;
    while (pawns)
        if (pos_ep_legal_from(pos, bb_pop_lsb(&pawns))) return true;
    return false;
}

static uint64_t compute_key(const struct position *pos)
{
    uint64_t key = 0;
    bitboard occ = pos_occupied(pos);
    while (occ) {
        int sq = bb_pop_lsb(&occ);
        key ^= pos_zob_piece[pos->board[sq]][sq];
    }
    bitboard cr = pos->castle_rooks;
    while (cr)
        key ^= zob_castle[bb_pop_lsb(&cr)];
    if (pos->ep_capturable) key ^= pos_zob_ep[SQ_FILE(pos->ep_square)];
    if (pos->side == COLOR_BLACK) key ^= pos_zob_side;
    return key;
}

uint64_t pos_key(const struct position *pos)
{
    return pos->key;
}

void pos_refresh(struct position *pos)
{
    pos_tables_init();
    memset(pos->by_color, 0, sizeof pos->by_color);
    memset(pos->by_type, 0, sizeof pos->by_type);
    for (int sq = 0; sq < SQ_NB; sq++) {
        int pc = pos->board[sq];
        if (pc != PIECE_NONE) {
            pos->by_color[PIECE_COLOR(pc)] |= SQ_BB(sq);
            pos->by_type[PIECE_TYPE(pc)] |= SQ_BB(sq);
        }
    }
    pos->checkers = compute_checkers(pos);
    pos->ep_capturable = ep_capture_exists(pos);
    pos->key = compute_key(pos);
}

void pos_make_null(struct position *pos)
{
    pos->ep_square = SQ_NONE;
    pos->halfmove++;
    if (pos->side == COLOR_BLACK)
        pos->fullmove++;
    pos->side ^= 1;
    pos_refresh(pos); /* rare: recompute checkers, en passant and key from scratch */
}

static void build_start(struct position *pos)
{
    static const uint8_t back[8] = {ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK};
    pos_clear(pos);
    for (int f = 0; f < 8; f++) {
        pos->board[SQ_MAKE(f, 0)] = PIECE_MAKE(COLOR_WHITE, back[f]);
        pos->board[SQ_MAKE(f, 1)] = PIECE_MAKE(COLOR_WHITE, PAWN);
        pos->board[SQ_MAKE(f, 6)] = PIECE_MAKE(COLOR_BLACK, PAWN);
        pos->board[SQ_MAKE(f, 7)] = PIECE_MAKE(COLOR_BLACK, back[f]);
    }
    pos->castle_rooks = SQ_BB(SQ_A1) | SQ_BB(SQ_H1) | SQ_BB(SQ_A8) | SQ_BB(SQ_H8);
    pos->side = COLOR_WHITE;
    pos->halfmove = 0;
    pos->fullmove = 1;
    pos_refresh(pos);
    assert(pos_ok(pos));
}

/* Built once, then copied: every game without a FEN starts here.  A thread
 * that finds it not yet published builds its own copy (same result). */
void pos_set_start(struct position *pos)
{
    static struct position start;
    static atomic_int state; /* 0 none, 1 being published, 2 published */
    if (atomic_load_explicit(&state, memory_order_acquire) == 2) {
        *pos = start;
        return;
    }
    build_start(pos);
    int expected = 0;
    if (atomic_compare_exchange_strong(&state, &expected, 1)) {
        start = *pos;
        atomic_store_explicit(&state, 2, memory_order_release);
    }
}

bool pos_same_identity(const struct position *a, const struct position *b)
{
    int ea = a->ep_capturable ? a->ep_square : SQ_NONE;
    int eb = b->ep_capturable ? b->ep_square : SQ_NONE;
    return a->side == b->side && a->castle_rooks == b->castle_rooks && ea == eb &&
           memcmp(a->board, b->board, sizeof a->board) == 0;
}

/* Remove / add a piece and keep the key in step. */
static inline void take(struct position *pos, int sq, uint64_t *key)
{
    int pc = pos->board[sq];
    *key ^= pos_zob_piece[pc][sq];
    pos->by_color[PIECE_COLOR(pc)] ^= SQ_BB(sq);
    pos->by_type[PIECE_TYPE(pc)] ^= SQ_BB(sq);
    pos->board[sq] = PIECE_NONE;
}

static inline void drop(struct position *pos, int sq, int pc, uint64_t *key)
{
    *key ^= pos_zob_piece[pc][sq];
    pos->by_color[PIECE_COLOR(pc)] ^= SQ_BB(sq);
    pos->by_type[PIECE_TYPE(pc)] ^= SQ_BB(sq);
    pos->board[sq] = (uint8_t)pc;
}

/* Checkers after a normal move or promotion by `us` that put a piece of type
 * `type` on `to` (pos already updated): the side now to move was not in check
 * before, so a check comes from the piece on `to` or from a slider of `us`
 * uncovered on `from`, one that sees the king through that square. */
/* The sliders of `us` that see the enemy king on ksq through `from`, now
 * empty (ksq and from on a line).  Out of line: the usual move needs no
 * registers for it. */
static __attribute__((noinline)) bitboard discovered_checkers(const struct position *pos, int us,
                                                              int ksq, int from, bitboard occ)
{
    bitboard c = 0;
    bool diagonal = bb_test(attacks_bishop_rays[ksq], from);
    bitboard sliders = pos->by_color[us] &
                       (pos->by_type[QUEEN] | pos->by_type[diagonal ? BISHOP : ROOK]) &
                       (diagonal ? attacks_bishop_rays[ksq] : attacks_rook_rays[ksq]);
    while (sliders) {
        int s = bb_pop_lsb(&sliders);
        bitboard b = attacks_between(ksq, s);
        if ((b & SQ_BB(from)) && !(b & occ)) c |= SQ_BB(s);
    }
    return c;
}

static inline __attribute__((always_inline)) bitboard
checkers_after_normal(const struct position *pos, int us, int from, int to, int type)
{
    int ksq = pos_king_square(pos, us ^ 1);
    if (ksq == SQ_NONE) return 0;
    bitboard occ = pos_occupied(pos);
    bitboard c = attacks_hits(us, type, to, ksq, occ) ? SQ_BB(to) : 0;
    if (attacks_aligned(ksq, from)) c |= discovered_checkers(pos, us, ksq, from, occ);
    return c;
}

/* Where castling (king on `from`, rook on `rook`) puts king and rook. */
static inline void castle_targets(int us, int from, int rook, int *kdst, int *rdst)
{
    int base = us == COLOR_WHITE ? 0 : 56;
    bool kingside = rook > from;
    *kdst = base + (kingside ? 6 : 2);
    *rdst = base + (kingside ? 5 : 3);
}

void pos_undo(struct position *pos, const struct pos_undo *u)
{
    int us = pos->side ^ 1; /* the side that made the move */
    move m = u->m;
    pos->side = (uint8_t)us;
    if (us == COLOR_BLACK) pos->fullmove--;
    if (m != MOVE_NULL) {
        int from = MOVE_FROM(m), to = MOVE_TO(m), kind = MOVE_KIND(m);
        if (kind == MOVE_CASTLE) {
            int kdst, rdst;
            castle_targets(us, from, to, &kdst, &rdst);
            pos_put(pos, kdst, PIECE_NONE);
            pos_put(pos, rdst, PIECE_NONE);
            pos_put(pos, from, PIECE_MAKE(us, KING));
            pos_put(pos, to, PIECE_MAKE(us, ROOK));
        } else {
            int pc = pos->board[to];
            pos_put(pos, to, PIECE_NONE);
            pos_put(pos, from, kind >= MOVE_PROMO_KNIGHT ? PIECE_MAKE(us, PAWN) : pc);
            if (u->captured != PIECE_NONE)
                pos_put(pos, kind == MOVE_EN_PASSANT ? to ^ 8 : to, u->captured);
        }
    }
    pos->castle_rooks = u->castle_rooks;
    pos->checkers = u->checkers;
    pos->key = u->key;
    pos->halfmove = u->halfmove;
    pos->ep_square = u->ep_square;
    pos->ep_capturable = u->ep_capturable;
}

void pos_board_unmake_reversible(uint8_t board[SQ_NB], move m)
{
    int from = MOVE_FROM(m), to = MOVE_TO(m);
    if (m == MOVE_NULL) return;
    if (MOVE_KIND(m) == MOVE_CASTLE) {
        int kdst, rdst;
        int us = SQ_RANK(from) == 0 ? COLOR_WHITE : COLOR_BLACK;
        castle_targets(us, from, to, &kdst, &rdst);
        board[kdst] = board[rdst] = PIECE_NONE;
        board[from] = PIECE_MAKE(us, KING);
        board[to] = PIECE_MAKE(us, ROOK);
        return;
    }
    board[from] = board[to];
    board[to] = PIECE_NONE;
}

/* The start of every move: the turn passes in the key, a capturable en
 * passant square goes (3.7.3), the clock advances (reset below by a capture
 * or a pawn move).  Returns the key so far. */
static inline uint64_t move_begin(struct position *pos)
{
    uint64_t key = pos->key ^ pos_zob_side;
    if (UNLIKELY(pos->ep_capturable)) key ^= pos_zob_ep[SQ_FILE(pos->ep_square)];
    pos->ep_square = SQ_NONE;
    pos->ep_capturable = false;
    pos->halfmove++;
    return key;
}

/* The end of every move by `us` from `from` to `to` with a piece of `type`
 * (the king, for castling): castling rights go for good with the king, a
 * rook that moved or a rook taken (3.8.2); the turn and the move number
 * pass; checkers; the en passant square ep a double step made (SQ_NONE
 * otherwise, as move_begin() left it) and whether it can be used. */
static inline void move_end(struct position *pos, int us, int from, int to, int type,
                            bitboard checkers, uint64_t key, int ep)
{
    bitboard old_rights = pos->castle_rooks;
    if (UNLIKELY(old_rights)) {
        bitboard rights = old_rights & ~(SQ_BB(from) | SQ_BB(to));
        if (type == KING) rights &= ~BB_RANK(us == COLOR_WHITE ? 0 : 7);
        if (rights != old_rights) {
            bitboard diff = rights ^ old_rights;
            while (diff)
                key ^= zob_castle[bb_pop_lsb(&diff)];
            pos->castle_rooks = rights;
        }
    }
    pos->side = (uint8_t)(us ^ 1);
    pos->fullmove += (uint32_t)us; /* after Black's move */
    pos->checkers = checkers;
    if (UNLIKELY(ep != SQ_NONE)) {
        pos->ep_square = (uint8_t)ep;
        /* No pawn of the side now to move beside the one that stepped: no
         * capture (ep_capture_exists()'s first test, without the call). */
        if ((attacks_pawn(us, ep) & pos_pieces(pos, us ^ 1, PAWN)) && ep_capture_exists(pos)) {
            pos->ep_capturable = true;
            key ^= pos_zob_ep[SQ_FILE(ep)];
        }
    }
    pos->key = key;
}

/* Castling, en passant and promotion: the moves that are not one piece
 * going from one square to another, out of the usual path. */
static __attribute__((noinline)) void do_special_move(struct position *pos, move m)
{
    int us = pos->side;
    int from = MOVE_FROM(m), to = MOVE_TO(m), kind = MOVE_KIND(m);
    uint64_t key = move_begin(pos);
    bitboard checkers;
    if (kind == MOVE_CASTLE) {
        /* FIDE 3.8.2.1: king to the g- or c-file, rook to the f- or d-file,
         * whatever files they started on (Chess960 included). */
        int kdst, rdst;
        castle_targets(us, from, to, &kdst, &rdst);
        take(pos, from, &key);
        take(pos, to, &key);
        drop(pos, kdst, PIECE_MAKE(us, KING), &key);
        drop(pos, rdst, PIECE_MAKE(us, ROOK), &key);
        move_end(pos, us, from, to, KING, checkers_on(pos, us ^ 1), key, SQ_NONE);
        return;
    }
    if (kind == MOVE_EN_PASSANT) {
        take(pos, to ^ 8, &key);
        take(pos, from, &key);
        drop(pos, to, PIECE_MAKE(us, PAWN), &key);
        checkers = checkers_on(pos, us ^ 1);
    } else { /* promotion, 3.7.5 */
        if (pos->board[to] != PIECE_NONE) take(pos, to, &key);
        take(pos, from, &key);
        drop(pos, to, PIECE_MAKE(us, MOVE_PROMO_TYPE(m)), &key);
        checkers = checkers_after_normal(pos, us, from, to, MOVE_PROMO_TYPE(m));
    }
    pos->halfmove = 0;
    move_end(pos, us, from, to, PAWN, checkers, key, SQ_NONE);
}

_Static_assert(offsetof(struct pos_undo, castle_rooks) == 0 &&
                   offsetof(struct pos_undo, checkers) == 8 && offsetof(struct pos_undo, key) == 16 &&
                   offsetof(struct pos_undo, halfmove) == 24 && offsetof(struct pos_undo, m) == 28 &&
                   offsetof(struct position, checkers) - offsetof(struct position, castle_rooks) == 8 &&
                   offsetof(struct position, key) - offsetof(struct position, castle_rooks) == 16 &&
                   offsetof(struct position, halfmove) - offsetof(struct position, castle_rooks) == 24 &&
                   offsetof(struct pos_undo, ep_capturable) == offsetof(struct pos_undo, ep_square) + 1 &&
                   offsetof(struct position, ep_capturable) == offsetof(struct position, ep_square) + 1,
               "pos_undo_copy() copies castle_rooks to halfmove, and the en passant pair, as blocks");

/* pos_do_move(), and with u the record pos_undo_record() would make, from
 * the values the move reads anyway. */
static inline __attribute__((always_inline)) void do_move(struct position *pos, move m,
                                                          struct pos_undo *u)
{
    if (UNLIKELY(MOVE_KIND(m) != MOVE_NORMAL)) {
        if (u) pos_undo_record(pos, m, u);
        do_special_move(pos, m);
        return;
    }
    /* One piece from `from` to `to`, taking what stands there. */
    int us = pos->side;
    int from = MOVE_FROM(m), to = MOVE_TO(m);
    int pc = pos->board[from], type = PIECE_TYPE(pc);
    if (u) {
        /* before anything changes: pos_undo_record() for a plain move */
        pos_undo_copy(pos, m, u);
        u->captured = pos->board[to];
    }
    /* take(from) and drop(to) of the same piece, in one go: its part of the
     * key first, which leaves fewer values to keep */
    uint64_t key = move_begin(pos) ^ pos_zob_piece[pc][from] ^ pos_zob_piece[pc][to];
    if (pos->board[to] != PIECE_NONE) {
        take(pos, to, &key);
        pos->halfmove = 0;
    }
    bitboard ft = SQ_BB(from) | SQ_BB(to);
    pos->by_color[us] ^= ft;
    pos->by_type[type] ^= ft;
    pos->board[from] = PIECE_NONE;
    pos->board[to] = (uint8_t)pc;
    int ep = SQ_NONE;
    if (type == PAWN) {
        pos->halfmove = 0;
        if ((from ^ to) == 16) ep = (from + to) / 2;
    }
    move_end(pos, us, from, to, type, checkers_after_normal(pos, us, from, to, type), key, ep);
}

void pos_do_move(struct position *pos, move m)
{
    do_move(pos, m, NULL);
}

void pos_make_undo(struct position *pos, move m, struct pos_undo *u)
{
    do_move(pos, m, u);
#ifndef NDEBUG
    assert(pos_ok(pos));
#endif
}

void pos_make(struct position *pos, move m)
{
    pos_do_move(pos, m);
#ifndef NDEBUG
    assert(pos_ok(pos));
#endif
}

void pos_make_stood(struct position *pos, move m)
{
    pos_do_move(pos, m);
    /* pos_do_move() looks for checks from the move alone: the side now to
     * move was not in check before.  After an illegal move that stood it may
     * be (its own move left its king attacked): counted in full. */
    pos->checkers = compute_checkers(pos);
#ifndef NDEBUG
    assert(pos_ok_stood(pos));
#endif
}

static bool ok(const struct position *pos, bool mover_safe);

bool pos_ok(const struct position *pos)
{
    return ok(pos, true);
}

bool pos_ok_stood(const struct position *pos)
{
    return ok(pos, false);
}

/* pos_ok(), and with mover_safe the side that just moved is not in check. */
static bool ok(const struct position *pos, bool mover_safe)
{
    if (pos->side > COLOR_BLACK) return false;
    bitboard color[2] = {0, 0}, type[PIECE_TYPE_NB] = {0};
    for (int sq = 0; sq < SQ_NB; sq++) {
        int pc = pos->board[sq];
        if (pc == PIECE_NONE) continue;
        if (PIECE_TYPE(pc) >= PIECE_TYPE_NB || PIECE_COLOR(pc) > COLOR_BLACK) return false;
        color[PIECE_COLOR(pc)] |= SQ_BB(sq);
        type[PIECE_TYPE(pc)] |= SQ_BB(sq);
    }
    if (memcmp(color, pos->by_color, sizeof color) || memcmp(type, pos->by_type, sizeof type))
        return false;
    for (int c = 0; c < COLOR_NB; c++)
        if (bb_popcount(pos_pieces(pos, c, KING)) != 1) return false;
    if (pos->by_type[PAWN] & (BB_RANK_1 | BB_RANK_8)) return false;
    /* The side that just moved may not have left its king in check. */
    int xk = pos_king_square(pos, pos->side ^ 1);
    if (mover_safe && (pos_attackers_to(pos, xk, pos_occupied(pos)) & pos->by_color[pos->side]))
        return false;
    if (pos->checkers != compute_checkers(pos)) return false;
    for (int c = 0; c < COLOR_NB; c++) {
        bitboard rank = BB_RANK(c == COLOR_WHITE ? 0 : 7);
        bitboard mine = pos->castle_rooks & rank;
        if (mine & ~pos_pieces(pos, c, ROOK)) return false;
        if (mine && !(pos_pieces(pos, c, KING) & rank)) return false;
        if (bb_more_than_one(pos_castle_rooks_side(pos, c, true)) ||
            bb_more_than_one(pos_castle_rooks_side(pos, c, false)))
            return false;
    }
    if (pos->castle_rooks & ~(BB_RANK_1 | BB_RANK_8)) return false;
    if (pos->ep_square != SQ_NONE) {
        int ep = pos->ep_square;
        int want_rank = pos->side == COLOR_WHITE ? 5 : 2;
        int from = pos->side == COLOR_WHITE ? ep + 8 : ep - 8;
        if (ep >= SQ_NB || SQ_RANK(ep) != want_rank || pos->board[ep] != PIECE_NONE ||
            pos->board[from] != PIECE_NONE || pos->board[ep ^ 8] != PIECE_MAKE(pos->side ^ 1, PAWN))
            return false;
    }
    if (pos->ep_capturable != ep_capture_exists(pos)) return false;
    return pos->key == compute_key(pos);
}
