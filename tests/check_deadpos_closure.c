/*
 * check_deadpos_closure.c - the closure search (deadpos_closure.c): every
 * reachable position walked once.  Positions from the labelled hard set of
 * ../shared/corpus/dead (chasolver-positions.txt) that it decides alone
 * (without it each side below was "undetermined"; the four dead ones are
 * now also settled by the wall proof with frozen units, deadpos_static.c,
 * before any search); the shortest mating line it gives; the node budget;
 * the search in steps and its turns with the helpmate search; several
 * threads at once.
 */
#include "testutil.h"

#include "deadpos/deadpos.h"
#include "deadpos/deadpos_internal.h"
#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/position.h"

#include <pthread.h>

Suite *deadpos_closure_suite(void);

enum { C = DEADPOS_CAN_WIN, N = DEADPOS_CANNOT_WIN, U = DEADPOS_UNKNOWN };

static const struct closure_case {
    const char *fen;
    int white, black; /* deadpos_analyse() verdicts, default budget */
} cases[] = {
    /* White's only moves are king moves into a stalemate after ...Kf7 or
     * similar: every line ends in a stalemate (label "--"). */
    {"6k1/8/8/8/8/6p1/6Pp/7K b - - 0 1", N, N},
    /* Black's king is walled in by its own pieces, White's king walks
     * alone (label "--"). */
    {"4K3/8/8/8/8/p1p2p1p/P1pppp1P/bnrqkrnb b - - 0 1", N, N},
    /* The black king on a8 can never leave it; the bishop alone never
     * mates, nor do White's pawns, which stay blocked (label "--"). */
    {"k7/Pp6/1P6/K2b4/8/8/8/8 w - - 0 1", N, N},
    /* A wall with two stuck bishops; the pawns on the g- and h-files stay
     * where they are (label "--"). */
    {"2Bk4/2pPp3/1pP1Pb2/1P6/8/6p1/6Pp/7K w - - 0 1", N, N},
    /* Both can win (label "WB"); White's mate the helpmate search misses,
     * the closure search finds. */
    {"8/7p/5p2/k3pPpP/3pP1P1/p1pP4/PpP5/1K3B2 w - - 0 1", C, C},
};

static void parse(struct position *pos, const char *fen)
{
    char why[160];
    ck_assert_msg(fen_parse(pos, fen, 0, why, sizeof why) == FEN_OK, "%s: %s", fen, why);
}

START_TEST(test_decided)
{
    const struct closure_case *c = &cases[_i];
    struct position pos;
    parse(&pos, c->fen);
    int expect[2] = {c->white, c->black};
    for (int side = 0; side < 2; side++) {
        struct deadpos_result res;
        deadpos_analyse(&pos, side, 0, &res);
        ck_assert_msg((int)res.verdict == expect[side], "%s: side %d: verdict %d, expected %d",
                      c->fen, side, res.verdict, expect[side]);
        ck_assert_uint_le(res.nodes, DEADPOS_NODES_DEFAULT);
        if (res.verdict == DEADPOS_CAN_WIN)
            ck_assert_msg(deadpos_line_mates(&pos, side, res.line, res.line_len),
                          "%s: side %d: no mate", c->fen, side);
        else if (res.why != DEADPOS_WHY_SEARCH) /* a static proof, then */
            ck_assert_int_eq(res.why, dp_static_cannot_full(&pos, side));
        /* The closure search alone decides as well. */
        struct deadpos_result cl = {0};
        enum deadpos_verdict v = dp_search_closure(&pos, side, DEADPOS_NODES_DEFAULT, &cl);
        ck_assert_int_eq(v, expect[side]);
        if (v == DEADPOS_CAN_WIN) ck_assert(deadpos_line_mates(&pos, side, cl.line, cl.line_len));
    }
}
END_TEST

/* A helpmate for `side` of exactly `depth` plies exists (every line
 * tried: the plain definition the closure search must agree with). */
static bool mate_in_exactly(const struct position *pos, int side, int depth)
{
    move list[MOVES_MAX];
    int n = movegen_legal(pos, list);
    if (depth == 0) return n == 0 && pos->checkers && pos->side != side;
    for (int i = 0; i < n; i++) {
        struct position next = *pos;
        pos_make(&next, list[i]);
        if (mate_in_exactly(&next, side, depth - 1)) return true;
    }
    return false;
}

/* Breadth first: the line is a shortest one, as long as the shortest
 * helpmate found by trying every line of 1, 2, ... plies. */
START_TEST(test_shortest_line)
{
    static const char *const fens[] = {
        "k7/8/1K6/8/8/8/7Q/8 w - - 0 1", /* Qh8# at once */
        "k7/8/2K5/8/8/8/8/6Q1 b - - 0 1",
        "8/8/8/8/8/2k5/K7/2Q5 b - - 10 66", /* KQ v K, Black to move */
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        struct position pos;
        parse(&pos, fens[i]);
        struct deadpos_result res = {0};
        ck_assert_int_eq(dp_search_closure(&pos, COLOR_WHITE, 200000, &res), DEADPOS_CAN_WIN);
        ck_assert_msg(deadpos_line_mates(&pos, COLOR_WHITE, res.line, res.line_len), "%s", fens[i]);
        int shortest = 0;
        while (!mate_in_exactly(&pos, COLOR_WHITE, shortest))
            shortest++;
        ck_assert_msg(res.line_len == shortest, "%s: %d plies, shortest %d", fens[i], res.line_len,
                      shortest);
    }
}
END_TEST

/* deadpos_line_mates(), which every test here relies on: a mating line
 * passes; cut short, with an illegal move, or mating the wrong side, not. */
START_TEST(test_line_mates)
{
    struct position pos;
    parse(&pos, "k7/8/1K6/8/8/8/7Q/8 w - - 0 1");
    move mate = MOVE_MAKE(15, 63, MOVE_NORMAL);    /* Qh2-h8# */
    move check = MOVE_MAKE(15, 57, MOVE_NORMAL);   /* Qh2-b8+, Kxb8 */
    move wrong = MOVE_MAKE(15, 62, MOVE_NORMAL);   /* Qh2-g8+, no mate */
    move illegal = MOVE_MAKE(15, 56, MOVE_NORMAL); /* Qh2-a8?? (a8 holds the king) */
    ck_assert(deadpos_line_mates(&pos, COLOR_WHITE, &mate, 1));
    ck_assert(!deadpos_line_mates(&pos, COLOR_BLACK, &mate, 1));
    ck_assert(!deadpos_line_mates(&pos, COLOR_WHITE, &mate, 0));
    ck_assert(!deadpos_line_mates(&pos, COLOR_WHITE, &check, 1));
    ck_assert(!deadpos_line_mates(&pos, COLOR_WHITE, &wrong, 1));
    ck_assert(!deadpos_line_mates(&pos, COLOR_WHITE, &illegal, 1));
    parse(&pos, "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1"); /* mated already */
    ck_assert(deadpos_line_mates(&pos, COLOR_WHITE, NULL, 0));
}
END_TEST

/* A root already mated: "can win" with an empty line, not "no move left". */
START_TEST(test_mated_root)
{
    struct position pos;
    parse(&pos, "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1");
    struct deadpos_result res = {.line_len = -1};
    ck_assert_int_eq(dp_search_closure(&pos, COLOR_WHITE, 100, &res), DEADPOS_CAN_WIN);
    ck_assert_int_eq(res.line_len, 0);
    res = (struct deadpos_result){0};
    ck_assert_int_eq(dp_search_closure(&pos, COLOR_BLACK, 100, &res), DEADPOS_CANNOT_WIN);
}
END_TEST

/* Past the budget: UNKNOWN, and no more positions than the budget.  A live
 * position (the start) has far more positions than that. */
START_TEST(test_budget)
{
    struct position pos;
    parse(&pos, FEN_START);
    static const unsigned long budgets[] = {1, 2, 1000, 3000};
    for (size_t i = 0; i < sizeof budgets / sizeof budgets[0]; i++) {
        struct deadpos_result res = {0};
        ck_assert_int_eq(dp_search_closure(&pos, COLOR_WHITE, budgets[i], &res), DEADPOS_UNKNOWN);
        ck_assert_uint_le(res.nodes, budgets[i]);
        ck_assert_uint_ge(res.nodes, budgets[i] - 1);
    }
    /* A spent budget: nothing walked. */
    struct deadpos_result res = {.nodes = 50};
    ck_assert_int_eq(dp_search_closure(&pos, COLOR_WHITE, 50, &res), DEADPOS_UNKNOWN);
    ck_assert_uint_eq(res.nodes, 50);
    /* The proof of the first case needs only a handful of positions; with
     * too few it is not made. */
    parse(&pos, cases[0].fen);
    res = (struct deadpos_result){0};
    ck_assert_int_eq(dp_search_closure(&pos, COLOR_WHITE, 1000, &res), DEADPOS_CANNOT_WIN);
    unsigned long needed = res.nodes;
    res = (struct deadpos_result){0};
    ck_assert_int_eq(dp_search_closure(&pos, COLOR_WHITE, needed - 1, &res), DEADPOS_UNKNOWN);
}
END_TEST

/* The search in steps (dp_closure_start(), dp_closure_walk()) gives what it
 * gives in one walk: the same verdict, node count and line; a step that
 * stops early answers UNKNOWN and is not over. */
START_TEST(test_steps)
{
    const struct closure_case *c = &cases[_i];
    struct position pos;
    parse(&pos, c->fen);
    for (int side = 0; side < 2; side++) {
        struct deadpos_result whole = {0}, steps = {0};
        enum deadpos_verdict v = dp_search_closure(&pos, side, 200000, &whole);
        ck_assert_int_ne(v, DEADPOS_UNKNOWN);
        struct dp_closure cl;
        ck_assert(dp_closure_start(&cl, &pos, side, 200001, &steps));
        enum deadpos_verdict w = DEADPOS_UNKNOWN;
        int walks = 0;
        for (unsigned long held = 3; !cl.over; held += 3, walks++) {
            w = dp_closure_walk(&cl, held, &steps);
            if (!cl.over) {
                ck_assert_int_eq(w, DEADPOS_UNKNOWN);
                ck_assert_uint_eq(cl.count, held);
                ck_assert_uint_eq(steps.nodes, held);
            }
        }
        ck_assert_int_gt(walks, 1);
        ck_assert_int_eq(w, v);
        ck_assert_int_eq(dp_closure_walk(&cl, 200001, &steps), v); /* over: as it was */
        ck_assert_uint_eq(steps.nodes, whole.nodes);
        ck_assert_int_eq(steps.line_len, whole.line_len);
        for (int i = 0; i < whole.line_len; i++)
            ck_assert_uint_eq(steps.line[i], whole.line[i]);
    }
}
END_TEST

/* deadpos_analyse() gives the closure search its first turn after a short
 * helpmate search: the closed positions above that it proves within a few
 * thousand positions cost a few thousand nodes, not the helpmate search's
 * whole share first. */
START_TEST(test_turns)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        if (cases[i].white != N) continue;
        struct position pos;
        parse(&pos, cases[i].fen);
        struct deadpos_result res, alone = {0};
        deadpos_analyse(&pos, COLOR_WHITE, 0, &res);
        ck_assert_int_eq(res.verdict, DEADPOS_CANNOT_WIN);
        ck_assert_int_eq(dp_search_closure(&pos, COLOR_WHITE, 200000, &alone),
                         DEADPOS_CANNOT_WIN);
        /* the first two turns: 1,000 + 4,000 helpmate nodes */
        ck_assert_msg(res.nodes < DEADPOS_NODES_DEFAULT / 65 * 5 + alone.nodes + 10,
                      "%s: %lu nodes (the closure search alone: %lu)", cases[i].fen, res.nodes,
                      alone.nodes);
    }
}
END_TEST

/* Each thread its own memory: the same answers from two threads at once
 * (and ThreadSanitizer builds see no race). */
struct thread_job {
    struct deadpos_result res[2][sizeof cases / sizeof cases[0]];
};

static void *analyse_all(void *arg)
{
    struct thread_job *job = arg;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct position pos;
        if (fen_parse(&pos, cases[i].fen, 0, NULL, 0) != FEN_OK) return NULL;
        for (int side = 0; side < 2; side++)
            deadpos_analyse(&pos, side, 0, &job->res[side][i]);
    }
    return job;
}

START_TEST(test_threads)
{
    static struct thread_job jobs[2];
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        ck_assert_int_eq(pthread_create(&t[i], NULL, analyse_all, &jobs[i]), 0);
    for (int i = 0; i < 2; i++) {
        void *ret;
        ck_assert_int_eq(pthread_join(t[i], &ret), 0);
        ck_assert_ptr_eq(ret, &jobs[i]);
    }
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (int side = 0; side < 2; side++) {
            const struct deadpos_result *a = &jobs[0].res[side][i], *b = &jobs[1].res[side][i];
            ck_assert_int_eq(a->verdict, b->verdict);
            ck_assert_int_eq(a->verdict, side ? cases[i].black : cases[i].white);
            ck_assert_uint_eq(a->nodes, b->nodes);
        }
}
END_TEST

Suite *deadpos_closure_suite(void)
{
    Suite *s = suite_create("deadpos_closure");
    TCase *tc = tcase_create("closure");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, test_decided, 0, (int)(sizeof cases / sizeof cases[0]));
    tcase_add_test(tc, test_shortest_line);
    tcase_add_test(tc, test_line_mates);
    tcase_add_test(tc, test_mated_root);
    tcase_add_test(tc, test_budget);
    tcase_add_loop_test(tc, test_steps, 0, (int)(sizeof cases / sizeof cases[0]));
    tcase_add_test(tc, test_turns);
    tcase_add_test(tc, test_threads);
    suite_add_tcase(s, tc);
    return s;
}
