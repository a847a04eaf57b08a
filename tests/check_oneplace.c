/*
 * check_oneplace.c - one place for each rule: where a rule of chess is written
 * more than once for speed, the copy is held to a reference on generated
 * positions (every position of the testdata/perft files and every position
 * one legal move away, plus random reversible walks from them):
 *  - "is this square attacked" (FIDE 3.1-3.9): pos->checkers as kept by
 *    pos_make() (checkers_on(), checkers_after_normal()), pos_attackers_to(),
 *    the generator's attacked()/attacked_squares() (through the king steps it
 *    allows) and castling's path test, against a from-scratch attack test
 *    written here with coordinates and a square-by-square ray walk;
 *  - legality (FIDE 3.9): movegen_legal(), movegen_is_legal(),
 *    movegen_pseudo_is_legal() and movegen_any_legal() against the pseudo-legal
 *    moves that do not leave the king attacked (the reference test above),
 *    with castling (3.8.2) checked square by square here; SAN's fast path and
 *    its general path resolve each legal move's SAN to that move; the
 *    dead-position search's own mate-in-one test (dp_may_mate_in_one()) never
 *    says "no mate" where a legal move mates, and its masks hold every mate;
 *  - castling destinations (3.8.2.1, king to the g- or c-file, rook to the f-
 *    or d-file, Chess960 included): movegen_castle_squares() and pos_make()
 *    (position.c's castle_targets());
 *  - the FIDE 9.2.2 identity: the arbiter's repetition window (keys, rights,
 *    the board rebuilt by taking moves back) against counting, over the whole
 *    walk, the earlier positions pos_same_identity() calls the same; and
 *    pos_same_identity() against the Zobrist key.
 */
#include "testutil.h"

#include "chess/attacks.h"
#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "chess/san.h"
#include "deadpos/deadpos_internal.h"
#include "judge/arbiter.h"
#include "perft_corpus.h"

#include <stdlib.h>
#include <string.h>

/* ---- the references ---- */

static int iabs(int x)
{
    return x < 0 ? -x : x;
}

/* Does the piece pc on `from` attack `to` with the board occupied as occ?
 * Written from the rules alone: coordinates for the leapers and pawns, a walk
 * square by square for the sliders. */
static bool ref_piece_attacks(int pc, int from, int to, bitboard occ)
{
    int df = SQ_FILE(to) - SQ_FILE(from), dr = SQ_RANK(to) - SQ_RANK(from);
    if (from == to) return false;
    switch (PIECE_TYPE(pc)) {
    case PAWN:
        return iabs(df) == 1 && dr == (PIECE_COLOR(pc) == COLOR_WHITE ? 1 : -1);
    case KNIGHT:
        return (iabs(df) == 1 && iabs(dr) == 2) || (iabs(df) == 2 && iabs(dr) == 1);
    case KING:
        return iabs(df) <= 1 && iabs(dr) <= 1;
    default:
        break;
    }
    bool diag = iabs(df) == iabs(dr), orth = df == 0 || dr == 0;
    int type = PIECE_TYPE(pc);
    if (!((diag && (type == BISHOP || type == QUEEN)) || (orth && (type == ROOK || type == QUEEN))))
        return false;
    int sf = df > 0 ? 1 : df < 0 ? -1 : 0, sr = dr > 0 ? 1 : dr < 0 ? -1 : 0;
    int f = SQ_FILE(from) + sf, r = SQ_RANK(from) + sr;
    while (SQ_MAKE(f, r) != to) {
        if (occ & SQ_BB(SQ_MAKE(f, r))) return false;
        f += sf;
        r += sr;
    }
    return true;
}

/* The units of colour `by` (on the board of pos, as far as occ keeps them)
 * that attack sq. */
static bitboard ref_attackers(const struct position *pos, int sq, int by, bitboard occ)
{
    bitboard a = 0;
    for (int s = 0; s < SQ_NB; s++) {
        int pc = pos->board[s];
        if (pc == PIECE_NONE || PIECE_COLOR(pc) != by || !(occ & SQ_BB(s))) continue;
        if (ref_piece_attacks(pc, s, sq, occ)) a |= SQ_BB(s);
    }
    return a;
}

static int ref_king(const struct position *pos, int color)
{
    for (int s = 0; s < SQ_NB; s++)
        if (pos->board[s] == PIECE_MAKE(color, KING)) return s;
    return SQ_NONE;
}

/* Does the side that just moved (pos->side ^ 1) leave its king attacked? */
static bool ref_mover_in_check(const struct position *pos)
{
    int k = ref_king(pos, pos->side ^ 1);
    return k != SQ_NONE && ref_attackers(pos, k, pos->side, pos_occupied(pos)) != 0;
}

/* FIDE 3.8.2: castling with the rook on rsq, square by square: the right,
 * king and rook on one rank, every square the king and the rook cross or reach
 * empty but for the two of them, the king not in check and no square it
 * crosses or reaches attacked. */
static bool ref_castle_legal(const struct position *pos, int rsq)
{
    int us = pos->side, ksq = ref_king(pos, us);
    if (ksq == SQ_NONE || !bb_test(pos->castle_rooks, rsq) ||
        pos->board[rsq] != PIECE_MAKE(us, ROOK) || SQ_RANK(rsq) != SQ_RANK(ksq))
        return false;
    int rank = SQ_RANK(ksq);
    bool kingside = SQ_FILE(rsq) > SQ_FILE(ksq);
    int kto = SQ_MAKE(kingside ? 6 : 2, rank), rto = SQ_MAKE(kingside ? 5 : 3, rank);
    bitboard occ = pos_occupied(pos) & ~SQ_BB(ksq) & ~SQ_BB(rsq);
    int lo = SQ_FILE(ksq), hi = SQ_FILE(kto);
    if (lo > hi) {
        int t = lo;
        lo = hi;
        hi = t;
    }
    for (int f = lo; f <= hi; f++)
        if (occ & SQ_BB(SQ_MAKE(f, rank))) return false;
    lo = SQ_FILE(rsq), hi = SQ_FILE(rto);
    if (lo > hi) {
        int t = lo;
        lo = hi;
        hi = t;
    }
    for (int f = lo; f <= hi; f++)
        if (occ & SQ_BB(SQ_MAKE(f, rank))) return false;
    if (ref_attackers(pos, ksq, us ^ 1, pos_occupied(pos))) return false;
    lo = SQ_FILE(ksq), hi = SQ_FILE(kto);
    if (lo > hi) {
        int t = lo;
        lo = hi;
        hi = t;
    }
    for (int f = lo; f <= hi; f++)
        if (ref_attackers(pos, SQ_MAKE(f, rank), us ^ 1, occ)) return false;
    return true;
}

static int cmp_move(const void *a, const void *b)
{
    move x = *(const move *)a, y = *(const move *)b;
    return (x > y) - (x < y);
}

/* ---- the differential visit of one position ---- */

struct tally {
    unsigned long positions, moves, castles, mates;
};

static void one_place_visit(const struct position *pos, void *ctx)
{
    struct tally *t = ctx;
    int us = pos->side;
    int ksq = ref_king(pos, us);
    t->positions++;

    /* checkers, kept incrementally, and pos_attackers_to() */
    bitboard occ = pos_occupied(pos);
    ck_assert_msg(pos->checkers == (ksq == SQ_NONE ? 0 : ref_attackers(pos, ksq, us ^ 1, occ)),
                  "checkers differ from the reference");
    for (int sq = 0; sq < SQ_NB; sq += 3) /* a third of the squares: the test stays quick */
        for (int by = 0; by < 2; by++)
            ck_assert_msg((pos_attackers_to(pos, sq, occ) & pos->by_color[by]) ==
                              ref_attackers(pos, sq, by, occ),
                          "pos_attackers_to() differs on square %d", sq);

    /* the reference legal moves: pseudo-legal moves that keep the king safe,
     * and castling checked square by square */
    move ref[MOVES_MAX * 2], pseudo[MOVES_MAX * 2];
    int nref = 0, npseudo = 0;
    for (int type = PAWN; type <= KING; type++)
        npseudo += movegen_pseudo(pos, type, ~(bitboard)0, ~(bitboard)0, pseudo + npseudo);
    for (int i = 0; i < npseudo; i++) {
        struct position next = *pos;
        pos_do_move(&next, pseudo[i]); /* may leave the mover in check: no pos_ok() */
        bool legal = !ref_mover_in_check(&next);
        if (legal) ref[nref++] = pseudo[i];
        ck_assert_msg(movegen_is_legal(pos, pseudo[i]) == legal, "movegen_is_legal() differs");
        ck_assert_msg(movegen_pseudo_is_legal(pos, pseudo[i]) == legal,
                      "movegen_pseudo_is_legal() differs");
    }
    bitboard rights = pos->castle_rooks;
    while (rights) {
        int rsq = bb_pop_lsb(&rights), sq;
        move m = MOVE_MAKE(ksq, rsq, MOVE_CASTLE);
        bool legal = ksq != SQ_NONE && ref_castle_legal(pos, rsq);
        if (legal) ref[nref++] = m;
        if (ksq != SQ_NONE && SQ_RANK(rsq) == SQ_RANK(ksq) && !pos->checkers)
            ck_assert_msg((movegen_castle_check(pos, rsq, &sq) == MOVEGEN_CASTLE_OK) == legal,
                          "movegen_castle_check() differs for the rook on %d", rsq);
    }
    move list[MOVES_MAX];
    int n = movegen_legal(pos, list);
    ck_assert_int_eq(n, nref);
    qsort(list, (size_t)n, sizeof *list, cmp_move);
    qsort(ref, (size_t)nref, sizeof *ref, cmp_move);
    ck_assert_msg(memcmp(list, ref, (size_t)n * sizeof *list) == 0,
                  "movegen_legal() and the reference list differ");
    ck_assert(movegen_any_legal(pos) == (n > 0));

    /* every legal move: its SAN resolves to it (fast and general path),
     * castling lands on FIDE's squares, checkers after it; mates for
     * dp_may_mate_in_one() */
    bitboard to[PIECE_TYPE_NB];
    bool maybe = dp_may_mate_in_one(pos, to);
    for (int i = 0; i < n; i++) {
        move m = list[i];
        struct position next = *pos;
        pos_make(&next, m);
        t->moves++;
        char san[SAN_MAX + 2];
        san_write(pos, m, san);
        struct san_result res, general;
        ck_assert_msg(san_resolve(pos, san, strlen(san), &res) == SAN_OK && res.m == m,
                      "'%s' does not resolve to its move", san);
        ck_assert_msg(san_resolve_general(pos, san, strlen(san), &general) == SAN_OK &&
                          general.m == m,
                      "'%s': the general path resolves another move", san);
        if (MOVE_KIND(m) == MOVE_CASTLE) {
            int rank = SQ_RANK(MOVE_FROM(m)), kto, rto;
            bool kingside = SQ_FILE(MOVE_TO(m)) > SQ_FILE(MOVE_FROM(m));
            int want_k = SQ_MAKE(kingside ? 6 : 2, rank), want_r = SQ_MAKE(kingside ? 5 : 3, rank);
            movegen_castle_squares(pos, MOVE_TO(m), &kto, &rto);
            ck_assert_int_eq(kto, want_k);
            ck_assert_int_eq(rto, want_r);
            ck_assert_int_eq(next.board[want_k], PIECE_MAKE(us, KING));
            ck_assert_int_eq(next.board[want_r], PIECE_MAKE(us, ROOK));
            ck_assert_int_eq(__builtin_popcountll(pos_pieces(&next, us, KING)), 1);
            ck_assert_int_eq(__builtin_popcountll(pos_pieces(&next, us, ROOK)),
                             __builtin_popcountll(pos_pieces(pos, us, ROOK)));
            t->castles++;
        }
        int xk = ref_king(&next, next.side);
        ck_assert_msg(next.checkers ==
                          (xk == SQ_NONE ? 0 : ref_attackers(&next, xk, us, pos_occupied(&next))),
                      "checkers after '%s' differ from the reference", san);
        if (next.checkers && !movegen_any_legal(&next)) {
            t->mates++;
            ck_assert_msg(maybe, "dp_may_mate_in_one() says no mate, but '%s' mates", san);
            int type = PIECE_TYPE(pos->board[MOVE_FROM(m)]);
            if (MOVE_KIND(m) == MOVE_NORMAL)
                ck_assert_msg(to[type] & SQ_BB(MOVE_TO(m)),
                              "dp_may_mate_in_one()'s mask misses the mate '%s'", san);
        }
    }
}

/* ---- the positions of the perft files ---- */

static const char *const perft_files[] = {
    "perft/ethereal-standard.epd",      "perft/python-chess-tricky.perft",
    "perft/scalachess-tricky.perft",    "perft/sedlak-perftsuite2.epd",
    "perft/pychess-frc-perftsuite.epd", "perft/cpw-deep.epd",
};

struct fen_walk {
    char last[160];
    int fens;
    void (*each)(const struct position *pos, void *ctx);
    void *ctx;
};

/* Each FEN of a perft file once (its counts follow one another). */
static int each_fen(const struct perft_case *c, void *ctx)
{
    struct fen_walk *w = ctx;
    if (strcmp(c->fen, w->last) == 0) return 0;
    snprintf(w->last, sizeof w->last, "%s", c->fen);
    struct position pos;
    char why[200];
    enum fen_status st = fen_parse(&pos, c->fen, 0, why, sizeof why);
    /* as the perft test: some test positions have impossible checks */
    ck_assert_msg(st == FEN_OK || (st == FEN_ILLEGAL && pos_ok(&pos)), "%s: %s", c->fen, why);
    w->fens++;
    w->each(&pos, w->ctx);
    return 0;
}

static int walk_file(const char *rel, void (*each)(const struct position *, void *), void *ctx)
{
    struct fen_walk w = {.each = each, .ctx = ctx};
    ck_assert_int_eq(perft_corpus_read(testdata_path(rel), each_fen, &w), 0);
    ck_assert_int_gt(w.fens, 0);
    return w.fens;
}

static void visit_depth1(const struct position *pos, void *ctx)
{
    walk_tree(pos, 1, one_place_visit, ctx);
}

START_TEST(copies_agree_with_the_references)
{
    struct tally t = {0};
    walk_file(perft_files[_i], visit_depth1, &t);
    ck_assert_uint_gt(t.positions, 0);
    ck_assert_uint_gt(t.moves, 0);
    fprintf(stderr, "oneplace: %s: %lu positions, %lu moves, %lu castlings, %lu mates\n",
            perft_files[_i], t.positions, t.moves, t.castles, t.mates);
}
END_TEST

/* ---- FIDE 9.2.2: the arbiter's window against the whole history ---- */

static struct arbiter arb; /* large: off the stack */

#define WALK_PLIES 300

struct rep_tally {
    unsigned long plies, repeated, ep_firsts;
    uint64_t rng;
};

static uint64_t next_random(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A walk from pos that mostly makes reversible moves (so that positions
 * recur), now and then a capture or pawn move; at every ply the arbiter's
 * count of the position must equal the count of earlier positions of the
 * walk with the same identity, and identity must go with equal keys. */
static void repetition_walk(const struct position *start, void *ctx)
{
    struct rep_tally *t = ctx;
    static struct position hist[WALK_PLIES + 1];
    static move moves[WALK_PLIES + 1];
    hist[0] = *start;
    moves[0] = MOVE_NONE;
    if (arb_start(&arb, &hist[0]) != ENDING_NONE) return;
    t->ep_firsts += hist[0].ep_capturable;
    for (int ply = 1; ply <= WALK_PLIES; ply++) {
        const struct position *pos = &hist[ply - 1];
        move list[MOVES_MAX], quiet[MOVES_MAX];
        int n = movegen_legal(pos, list), nq = 0;
        if (n == 0) return;
        for (int i = 0; i < n; i++) {
            struct position next = *pos;
            pos_make(&next, list[i]);
            if (next.halfmove) quiet[nq++] = list[i];
        }
        uint64_t r = next_random(&t->rng);
        move m = nq && r % 16 ? quiet[(r >> 8) % (uint64_t)nq] : list[(r >> 8) % (uint64_t)n];
        /* half the time, take back our previous move when it was reversible
         * (its piece steps back): positions come back often */
        if (ply >= 3 && (r >> 4) % 2 && hist[ply - 1].halfmove) {
            move back = MOVE_MAKE(MOVE_TO(moves[ply - 2]), MOVE_FROM(moves[ply - 2]), MOVE_NORMAL);
            for (int i = 0; i < nq; i++)
                if (quiet[i] == back) m = back;
        }
        moves[ply] = m;
        hist[ply] = *pos;
        pos_make(&hist[ply], m);
        if (hist[ply].halfmove >= ARB_WINDOW - 2) return; /* the 75-move rule ends it */
        arb_observe(&arb, &hist[ply], m, (uint32_t)ply);
        unsigned same = 0;
        for (int k = 0; k <= ply; k++) {
            bool id = pos_same_identity(&hist[k], &hist[ply]);
            same += id;
            ck_assert_msg(id == (pos_key(&hist[k]) == pos_key(&hist[ply])),
                          "identity and key disagree at plies %d and %d", k, ply);
        }
        ck_assert_msg(arb.reps == same, "ply %d: the arbiter counts %u occurrences, the walk %u",
                      ply, arb.reps, same);
        t->plies++;
        t->repeated += same > 1;
    }
}

START_TEST(repetition_window_agrees_with_the_identity)
{
    struct rep_tally t = {.rng = 0x2026112600000000ULL + (uint64_t)_i};
    walk_file(perft_files[_i], repetition_walk, &t);
    ck_assert_uint_gt(t.plies, 0);
    ck_assert_uint_gt(t.repeated, 0); /* the walks did repeat positions */
    fprintf(stderr, "oneplace: %s: %lu plies walked, %lu repeat an earlier position\n",
            perft_files[_i], t.plies, t.repeated);
}
END_TEST

/* En passant in the identity (9.2.2): after 1. e4 Nf6 2. e5 d5 White may take
 * on d6; the same placement with the capture no longer possible is another
 * position, and one where the double step left no capture is the same. */
START_TEST(en_passant_right_in_the_window)
{
    static const char *const line[] = {"e4", "Nf6", "e5", "d5", "Nf3", "Ng8", "Ng1", "Nf6"};
    struct position pos;
    pos_set_start(&pos);
    arb_start(&arb, &pos);
    struct position after_d5 = pos;
    for (int i = 0; i < 8; i++) {
        struct san_result res;
        ck_assert(san_resolve(&pos, line[i], strlen(line[i]), &res) == SAN_OK);
        pos_make(&pos, res.m);
        arb_observe(&arb, &pos, res.m, (uint32_t)i + 1);
        if (i == 3) {
            ck_assert(pos.ep_capturable);
            after_d5 = pos;
        }
    }
    /* the placement of ply 4 again, without the en passant capture: not the same */
    ck_assert_uint_eq(arb.reps, 1);
    ck_assert(!pos_same_identity(&pos, &after_d5));
    ck_assert(memcmp(pos.board, after_d5.board, sizeof pos.board) == 0);
}
END_TEST

Suite *oneplace_suite(void);
Suite *oneplace_suite(void)
{
    attacks_init();
    dp_distance_tables_init();
    Suite *s = suite_create("oneplace");
    TCase *tc = tcase_create("copies of a rule agree with its reference");
    tcase_set_timeout(tc, 120);
    int nfiles = (int)(sizeof perft_files / sizeof perft_files[0]);
    tcase_add_loop_test(tc, copies_agree_with_the_references, 0, nfiles);
    tcase_add_loop_test(tc, repetition_window_agrees_with_the_identity, 0, nfiles);
    tcase_add_test(tc, en_passant_right_in_the_window);
    suite_add_tcase(s, tc);
    return s;
}
