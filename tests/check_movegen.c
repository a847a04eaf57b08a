/*
 * check_movegen.c - perft against published counts (the cheap depths of
 * every corpus file; `make check-perft` runs them all), and the consistency
 * of the other entry points with movegen_legal(): movegen_is_legal() over
 * all 65536 move values, movegen_any_legal(), movegen_pseudo() +
 * movegen_pseudo_is_legal(), castling checks.
 */
#include "testutil.h"

#include "chess/attacks.h"
#include "chess/fen.h"
#include "chess/movegen.h"
#include "perft_corpus.h"
#include "chess/position.h"
#include "chess/san.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* Largest count run in `make check` per (position, depth). */
#define CHEAP_NODES 200000u
/* For the 6838 random positions, a smaller cap keeps the suite quick. */
#define CHEAP_NODES_RANDOM 12000u

struct perft_run {
    uint64_t cap;
    int checked, failed;
};

static int run_case(const struct perft_case *c, void *ctx)
{
    struct perft_run *run = ctx;
    if (c->nodes > run->cap) return 0;
    struct position pos;
    char why[200];
    enum fen_status st = fen_parse(&pos, c->fen, 0, why, sizeof why);
    run->checked++;
    /* Some test positions have impossible checks: usable all the same. */
    if (st != FEN_OK && !(st == FEN_ILLEGAL && pos_ok(&pos))) {
        run->failed++;
        fprintf(stderr, "%s:%d: %s: FEN rejected: %s\n", c->file, c->line, c->fen, why);
        return 0;
    }
    uint64_t got = movegen_perft(&pos, c->depth);
    if (got != c->nodes) {
        run->failed++;
        if (run->failed <= 20)
            fprintf(stderr, "%s:%d: %s (%s) depth %d: expected %" PRIu64 ", got %" PRIu64 "\n",
                    c->file, c->line, c->id, c->fen, c->depth, c->nodes, got);
    }
    return 0;
}

static void run_file(const char *path, uint64_t cap)
{
    struct perft_run run = {cap, 0, 0};
    int rc = perft_corpus_read(path, run_case, &run);
    ck_assert_msg(rc == 0, "cannot read %s", path);
    ck_assert_msg(run.checked > 0, "%s: no count under the cap", path);
    ck_assert_msg(run.failed == 0, "%s: %d of %d counts wrong", path, run.failed, run.checked);
}

static const char *const testdata_files[] = {
    "perft/ethereal-standard.epd",      "perft/python-chess-tricky.perft",
    "perft/scalachess-tricky.perft",    "perft/sedlak-perftsuite2.epd",
    "perft/pychess-frc-perftsuite.epd", "perft/cpw-deep.epd",
};

START_TEST(perft_testdata)
{
    run_file(testdata_path(testdata_files[_i]), CHEAP_NODES);
}
END_TEST

START_TEST(perft_shared_fischer960)
{
    const char *p = shared_path("corpus/perft/ethereal-fischer960.epd");
    if (!p) return;
    run_file(p, CHEAP_NODES / 4 /* 50,000 */);
}
END_TEST

START_TEST(perft_shared_random)
{
    const char *p = shared_path("corpus/perft/python-chess-random.perft");
    if (!p) return;
    run_file(p, CHEAP_NODES_RANDOM);
}
END_TEST

/* Positions with every kind of special move, for the consistency tests. */
static const char *const sample_fens[] = {
    FEN_START,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    /* en passant against check: exd3 takes the pawn that gives it ... */
    "8/8/8/2k5/3Pp3/8/8/4KQ2 b - d3 0 1",
    /* ... and cxd6 neither stops the check d7-d5 uncovered nor keeps the rank pin */
    "2b4k/8/8/1rPp1K2/8/8/8/8 w - d6 0 1",
    "8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1", /* horizontal en passant pin */
    "2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1",
    "1rkr3b/1ppn3p/3pB1n1/6q1/R2P4/4N1P1/1P5P/2KRQ1B1 b Dbd - 0 14",
    "4rrk1/pbbp2p1/1ppnp3/3n1pqp/3N1PQP/1PPNP3/PBBP2P1/4RRK1 w Ff - 0 1",
    "rnbqkbnr/ppp2ppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
    "6k1/5ppp/8/8/8/8/5PPP/3rR1K1 w - - 0 1",
    "3k4/8/8/8/8/8/8/R3K2R w KQ - 0 1",
    "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1",
    "k7/8/1Q6/8/8/8/8/7K b - - 0 1",     /* stalemate */
    "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", /* checkmate */
    /* every legal move a knight's (king boxed, pawns blocked): 3 moves,
     * all counted by movegen_legal_more_than()'s shortcut */
    "7k/8/8/8/8/p1p5/P1P5/KN6 w - - 0 1",
};

static bool in_list(const move *list, int n, move m)
{
    for (int i = 0; i < n; i++)
        if (list[i] == m) return true;
    return false;
}

/* movegen_any_legal() (with its knight/pawn shortcut) agrees with the full
 * generator at every node of a 3-ply tree: pins, checks, mates, stalemates. */
static void any_legal_visit(const struct position *pos, void *ctx)
{
    move list[MOVES_MAX];
    int n = movegen_legal(pos, list);
    ck_assert_msg(movegen_any_legal(pos) == (n > 0), "any_legal disagrees: %d moves", n);
    (void)ctx;
}

START_TEST(any_legal_matches_generator_in_trees)
{
    struct position pos;
    char why[200];
    enum fen_status st = fen_parse(&pos, sample_fens[_i], 0, why, sizeof why);
    /* every sample is a position of a game: a rejected one would assert nothing */
    ck_assert_msg(st == FEN_OK, "%s: %s", sample_fens[_i], why);
    ck_assert_uint_gt(walk_tree(&pos, 2, any_legal_visit, NULL), 0);
}
END_TEST

/* movegen_legal_more_than() (which counts unpinned pieces' moves before it
 * generates) agrees with the full generator for every bound from 0 to 8 at
 * every node of a 2-ply tree: pins, checks, en passant, castling. */
static void more_than_visit(const struct position *pos, void *ctx)
{
    move list[MOVES_MAX];
    int n = movegen_legal(pos, list);
    for (int bound = 0; bound <= 8; bound++)
        ck_assert_msg(movegen_legal_more_than(pos, bound) == (n > bound),
                      "more_than(%d) disagrees: %d moves", bound, n);
    (*(int *)ctx)++;
}

START_TEST(more_than_matches_generator_in_trees)
{
    struct position pos;
    char why[200];
    enum fen_status st = fen_parse(&pos, sample_fens[_i], 0, why, sizeof why);
    ck_assert_msg(st == FEN_OK, "%s: %s", sample_fens[_i], why);
    int visited = 0;
    walk_tree(&pos, 2, more_than_visit, &visited);
    ck_assert_int_gt(visited, 0);
}
END_TEST

/* The shortcuts of movegen_any_legal() must respect pins and x-rays: each
 * position with the answer the full generator gives. */
static const struct {
    const char *fen;
    bool any;
} any_cases[] = {
    /* only a bishop pinned on a file could move: stalemate */
    {"r6k/8/8/8/8/2n5/B6r/K7 w - - 0 1", false},
    /* a rook pinned on the same file slides along it */
    {"r6k/8/8/8/8/2n5/R6r/K7 w - - 0 1", true},
    /* a rook pinned on a diagonal cannot move; king boxed in: stalemate */
    {"7k/8/8/8/1n6/2b5/1R1n4/K7 w - - 0 1", false},
    /* a knight pinned on a rank: stalemate */
    {"7k/8/8/8/8/8/7r/KN5r w - - 0 1", false},
    /* in check along a rank, the king may not step back along the line */
    {"k7/8/8/8/8/8/1p6/r3K3 w - - 0 1", true},
    {"k7/8/8/8/8/8/7r/r3K3 w - - 0 1", false}, /* f1 is covered through the king */
};

START_TEST(any_legal_respects_pins)
{
    struct position pos;
    char why[200];
    ck_assert_msg(fen_parse(&pos, any_cases[_i].fen, 0, why, sizeof why) == FEN_OK, "%s: %s",
                  any_cases[_i].fen, why);
    move list[MOVES_MAX];
    ck_assert_int_eq(movegen_legal(&pos, list) > 0, any_cases[_i].any);
    ck_assert_int_eq(movegen_any_legal(&pos), any_cases[_i].any);
}
END_TEST

START_TEST(is_legal_matches_generator)
{
    struct position pos;
    char why[200];
    enum fen_status st = fen_parse(&pos, sample_fens[_i], 0, why, sizeof why);
    ck_assert_msg(st == FEN_OK || (st == FEN_ILLEGAL && pos_ok(&pos)), "%s: %s", sample_fens[_i],
                  why);
    move list[MOVES_MAX];
    int n = movegen_legal(&pos, list);
    int found = 0;
    for (unsigned v = 0; v < 65536; v++) {
        bool legal = movegen_is_legal(&pos, (move)v);
        bool listed = in_list(list, n, (move)v);
        ck_assert_msg(legal == listed, "%s: move value %u: is_legal %d, listed %d", sample_fens[_i],
                      v, legal, listed);
        found += legal;
    }
    ck_assert_int_eq(found, n);
    ck_assert(movegen_any_legal(&pos) == (n > 0));
    ck_assert(!movegen_is_legal(&pos, MOVE_NONE));
    ck_assert(!movegen_is_legal(&pos, MOVE_NULL));

    /* Pseudo-legal moves filtered by legality are exactly the legal ones. */
    int legal_from_pseudo = 0;
    for (int t = PAWN; t <= KING; t++) {
        move pl[MOVES_MAX];
        int k = movegen_pseudo(&pos, t, ~(bitboard)0, ~(bitboard)0, pl);
        for (int i = 0; i < k; i++)
            if (movegen_pseudo_is_legal(&pos, pl[i])) {
                ck_assert(in_list(list, n, pl[i]));
                legal_from_pseudo++;
            }
    }
    int castles = 0;
    for (int i = 0; i < n; i++)
        castles += MOVE_KIND(list[i]) == MOVE_CASTLE;
    ck_assert_int_eq(legal_from_pseudo + castles, n);
}
END_TEST

START_TEST(ep_horizontal_pin)
{
    struct position pos;
    ck_assert(fen_parse(&pos, "8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1", 0, NULL, 0) == FEN_OK);
    ck_assert(!movegen_is_legal(&pos, MOVE_MAKE(SQ_D4, SQ_E3, MOVE_EN_PASSANT)));
    ck_assert(!pos.ep_capturable);
    ck_assert(fen_parse(&pos, "8/8/8/8/k2pP3/8/8/4K2R b - e3 0 1", 0, NULL, 0) == FEN_OK);
    ck_assert(movegen_is_legal(&pos, MOVE_MAKE(SQ_D4, SQ_E3, MOVE_EN_PASSANT)));
    ck_assert(pos.ep_capturable);
}
END_TEST

START_TEST(castle_checks)
{
    struct position pos;
    int sq;
    /* Standard: through an attacked square, blocked, in check, no right. */
    ck_assert(fen_parse(&pos, "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", 0, NULL, 0) == FEN_OK);
    ck_assert_int_eq(movegen_castle_check(&pos, SQ_H1, &sq), MOVEGEN_CASTLE_ATTACKED);
    ck_assert_int_eq(sq, SQ_F1);
    ck_assert_int_eq(movegen_castle_check(&pos, SQ_A1, &sq), MOVEGEN_CASTLE_OK);
    ck_assert(fen_parse(&pos, "4k3/8/8/8/8/8/8/RN2K1NR w KQ - 0 1", 0, NULL, 0) == FEN_OK);
    ck_assert_int_eq(movegen_castle_check(&pos, SQ_H1, &sq), MOVEGEN_CASTLE_BLOCKED);
    ck_assert_int_eq(sq, SQ_G1);
    ck_assert_int_eq(movegen_castle_check(&pos, SQ_A1, &sq), MOVEGEN_CASTLE_BLOCKED);
    ck_assert_int_eq(sq, SQ_B1);
    ck_assert(fen_parse(&pos, "4k3/8/8/8/8/8/8/R3K2R w K - 0 1", 0, NULL, 0) == FEN_OK);
    ck_assert_int_eq(movegen_castle_check(&pos, SQ_A1, &sq), MOVEGEN_CASTLE_NO_RIGHT);
    ck_assert(fen_parse(&pos, "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1", 0, NULL, 0) == FEN_OK);
    ck_assert_int_eq(movegen_castle_check(&pos, SQ_H1, &sq), MOVEGEN_CASTLE_IN_CHECK);
    /* Chess960: king b1, rook a1; a queen on the a-file behind... the rook
     * leaves a1, so the king on c1 would be attacked along the rank. */
    ck_assert(fen_parse(&pos, "4k3/8/8/8/8/8/8/qRK5 w B - 0 1", 0, NULL, 0) == FEN_OK);
    ck_assert(pos.chess960);
    ck_assert_int_eq(movegen_castle_check(&pos, SQ_B1, &sq), MOVEGEN_CASTLE_ATTACKED);
    ck_assert_int_eq(sq, SQ_C1);
    /* Chess960: king f1, rook g1: O-O puts the king on g1, the rook on f1. */
    ck_assert(fen_parse(&pos, "4k3/8/8/8/8/8/8/5KR1 w G - 0 1", 0, NULL, 0) == FEN_OK);
    ck_assert_int_eq(movegen_castle_check(&pos, SQ_G1, &sq), MOVEGEN_CASTLE_OK);
    struct position next = pos;
    pos_make(&next, MOVE_MAKE(SQ_F1, SQ_G1, MOVE_CASTLE));
    ck_assert_int_eq(next.board[SQ_G1], PIECE_MAKE(COLOR_WHITE, KING));
    ck_assert_int_eq(next.board[SQ_F1], PIECE_MAKE(COLOR_WHITE, ROOK));
    ck_assert(next.castle_rooks == 0);
}
END_TEST

START_TEST(uci_text)
{
    struct position pos;
    char buf[SAN_MAX];
    ck_assert(fen_parse(&pos, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 0, NULL, 0) == FEN_OK);
    san_uci(&pos, MOVE_MAKE(SQ_E1, SQ_H1, MOVE_CASTLE), buf);
    ck_assert_str_eq(buf, "e1g1");
    san_uci(&pos, MOVE_MAKE(SQ_E1, SQ_A1, MOVE_CASTLE), buf);
    ck_assert_str_eq(buf, "e1c1");
    ck_assert(fen_parse(&pos, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", FEN_CHESS960, NULL, 0) ==
              FEN_OK);
    san_uci(&pos, MOVE_MAKE(SQ_E1, SQ_H1, MOVE_CASTLE), buf);
    ck_assert_str_eq(buf, "e1h1");
    san_uci(&pos, MOVE_MAKE(SQ_A7 - 8, SQ_A8 - 8, MOVE_PROMO_KNIGHT), buf);
    ck_assert_str_eq(buf, "a6a7n");
}
END_TEST

Suite *movegen_suite(void);
Suite *movegen_suite(void)
{
    attacks_init();
    Suite *s = suite_create("movegen");
    TCase *tc = tcase_create("perft matches published counts");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, perft_testdata, 0,
                        (int)(sizeof testdata_files / sizeof testdata_files[0]));
    tcase_add_test(tc, perft_shared_fischer960);
    tcase_add_test(tc, perft_shared_random);
    suite_add_tcase(s, tc);
    tc = tcase_create("entry points agree with the legal generator");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, is_legal_matches_generator, 0,
                        (int)(sizeof sample_fens / sizeof sample_fens[0]));
    tcase_add_loop_test(tc, any_legal_respects_pins, 0,
                        (int)(sizeof any_cases / sizeof any_cases[0]));
    tcase_add_loop_test(tc, any_legal_matches_generator_in_trees, 0,
                        (int)(sizeof sample_fens / sizeof sample_fens[0]));
    tcase_add_loop_test(tc, more_than_matches_generator_in_trees, 0,
                        (int)(sizeof sample_fens / sizeof sample_fens[0]));
    tcase_add_test(tc, ep_horizontal_pin);
    tcase_add_test(tc, castle_checks);
    tcase_add_test(tc, uci_text);
    suite_add_tcase(s, tc);
    return s;
}
