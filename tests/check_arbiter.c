/*
 * check_arbiter.c - the repetition window (FIDE 9.2.2, 9.6.1): keys select
 * candidates, the board rebuilt by taking moves back confirms them (a
 * colliding key cannot be built here: pos_board_unmake_reversible() is tested
 * against pos_make() in check_position.c); null moves
 * and the reset on a pawn move count as the rules say; arb_reps_after() sees
 * the occurrence a move would make.
 */
#include "testutil.h"

#include "judge/arbiter.h"
#include "chess/attacks.h"
#include "deadpos/deadpos.h"
#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "chess/san.h"

#include <string.h>

static struct arbiter arb; /* large: keep it off the stack */

/* Play SAN tokens (or "--" for a pass) from pos through the arbiter; return
 * the ending the last one produced and leave pos at the end. */
static enum ending_kind play_line(struct position *pos, const char *const *tokens, int n,
                                  uint32_t *ply)
{
    enum ending_kind e = ENDING_NONE;
    for (int i = 0; i < n; i++) {
        move m = MOVE_NULL;
        if (strcmp(tokens[i], "--") == 0) {
            pos_make_null(pos);
        } else {
            struct san_result res;
            ck_assert_msg(san_resolve(pos, tokens[i], strlen(tokens[i]), &res) == SAN_OK, "%s",
                          tokens[i]);
            m = res.m;
            pos_make(pos, m);
        }
        e = arb_observe(&arb, pos, m, ++*ply);
    }
    return e;
}

START_TEST(knight_dance_is_fivefold_at_ply_16)
{
    static const char *const dance[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
    struct position pos;
    pos_set_start(&pos);
    uint32_t ply = 0;
    ck_assert_int_eq(arb_start(&arb, &pos), ENDING_NONE);
    for (int round = 1; round <= 4; round++) {
        enum ending_kind e = play_line(&pos, dance, 4, &ply);
        ck_assert_uint_eq(arb.reps, (unsigned)round + 1);
        ck_assert_int_eq(e, round == 4 ? ENDING_FIVEFOLD : ENDING_NONE);
    }
    ck_assert_uint_eq(arb.ending_ply, 16);
}
END_TEST

/* A pass (main-line "--") flips the side to move; the start position recurs
 * every four plies: Nf3 -- Ng1 --. */
START_TEST(null_moves_inside_the_window)
{
    static const char *const cycle[] = {"Nf3", "--", "Ng1", "--"};
    struct position pos;
    pos_set_start(&pos);
    uint32_t ply = 0;
    arb_start(&arb, &pos);
    for (int round = 1; round <= 4; round++) {
        play_line(&pos, cycle, 4, &ply);
        ck_assert_uint_eq(arb.reps, (unsigned)round + 1);
    }
    ck_assert_int_eq(arb.ending, ENDING_FIVEFOLD);
}
END_TEST

/* Same key, side and rights are not enough: a position two plies back with
 * a different board never counts, and a pawn move empties the window. */
START_TEST(pawn_move_resets_and_boards_are_compared)
{
    static const char *const a[] = {"Nf3", "Nf6", "Ng1", "Ng8", "e4", "e5"};
    static const char *const b[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
    struct position pos;
    pos_set_start(&pos);
    uint32_t ply = 0;
    arb_start(&arb, &pos);
    play_line(&pos, a, 6, &ply);
    ck_assert_uint_eq(arb.reps, 1);
    play_line(&pos, b, 4, &ply);
    ck_assert_uint_eq(arb.reps, 2);
    /* The move that would repeat the position once more, and one that would not. */
    struct san_result res;
    ck_assert(san_resolve(&pos, "Nf3", 3, &res) == SAN_OK);
    ck_assert_uint_eq(arb_reps_after(&arb, &pos, res.m), 2); /* after 1. ... e5 2. Nf3 */
    ck_assert(san_resolve(&pos, "Nc3", 3, &res) == SAN_OK);
    ck_assert_uint_eq(arb_reps_after(&arb, &pos, res.m), 1);
    ck_assert(san_resolve(&pos, "d4", 2, &res) == SAN_OK);
    ck_assert_uint_eq(arb_reps_after(&arb, &pos, res.m), 1);
}
END_TEST

/* An eight-ply cycle of rook and king moves: the earlier board is rebuilt by
 * taking back seven moves. */
START_TEST(eight_ply_cycle_rebuilt_by_taking_back)
{
    static const char *const walk[] = {"Rb1", "Kd7", "Rb2", "Ke6", "Ra2", "Kd7", "Ra1", "Ke6"};
    struct position pos;
    char why[128];
    ck_assert(fen_parse(&pos, "8/8/4k3/8/8/8/8/R3K2R w - - 0 1", 0, why, sizeof why) == FEN_OK);
    uint32_t ply = 0;
    arb_start(&arb, &pos);
    play_line(&pos, walk, 8, &ply);
    ck_assert_uint_eq(arb.reps, 2);
}
END_TEST

/* deadpos_alive_by_pawns() is only ever a proof of life: wherever it says
 * true, deadpos_is_dead() says false (positions with mobile pawns, a wall
 * with rights or en passant, a full wall, pawnless ones). */
static const char *const alive_fens[] = {
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "8/8/3k4/p1p1p1p1/P1P1P1P1/3K4/8/8 w - - 0 1",          /* walled, kings only */
    "8/8/3k4/p1p1p1p1/P1P1P1P1/3K4/8/2B1b3 w - - 0 1",     /* walled with bishops */
    "4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/R3K3 w Q - 0 1",         /* walled, a right left */
    "4k3/8/8/8/8/8/8/4K2R w K - 0 1",                       /* no pawns */
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
};

START_TEST(alive_by_pawns_is_never_dead)
{
    struct position pos;
    char why[128];
    ck_assert(fen_parse(&pos, alive_fens[_i], 0, why, sizeof why) == FEN_OK);
    if (deadpos_alive_by_pawns(&pos))
        ck_assert(!deadpos_is_dead(&pos));
    /* the walled positions are not proven alive by their pawns */
    if (_i >= 1 && _i <= 4)
        ck_assert(!deadpos_alive_by_pawns(&pos));
    else
        ck_assert(deadpos_alive_by_pawns(&pos) == (_i != 4));
}
END_TEST

/* The arbiter skips the dead-position test while the pawns prove life, and
 * asks again after a capture or pawn move (clock 0): a start position, then
 * (as if after a long series of captures) bare kings. */
START_TEST(dead_position_seen_after_the_clock_resets)
{
    struct position start, bare;
    char why[128];
    pos_set_start(&start);
    ck_assert(fen_parse(&bare, "8/8/4k3/8/8/4K3/8/8 b - - 0 40", 0, why, sizeof why) == FEN_OK);
    arb_start(&arb, &start);
    ck_assert(arb.pawns_alive);
    ck_assert_int_eq(arb_observe(&arb, &bare, MOVE_NONE, 79), ENDING_DEAD_POSITION);
}
END_TEST

/* The fifth occurrence ends the game (9.6.1), not the fourth, also where
 * arb_record() hands every ply to arb_decide(): a position in check (a
 * perpetual check) and a position without pawns (the dead-position test
 * runs every ply). */
START_TEST(fifth_not_fourth_in_check_and_without_pawns)
{
    static const struct {
        const char *fen;
        const char *cycle[4];
        uint32_t ply; /* of the fifth occurrence */
    } cases[] = {
        /* the check from e8 recurs at plies 1, 5, 9, 13, 17 (first to a fifth) */
        {"k7/7p/8/8/8/8/1PP5/4Q1K1 w - - 0 1", {"Qe8+", "Ka7", "Qe3+", "Ka8"}, 17},
        /* no pawns: the start recurs at plies 4, 8, 12, 16 */
        {"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", {"Ra2", "Kd8", "Ra1", "Ke8"}, 16},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct position pos;
        char why[128];
        ck_assert(fen_parse(&pos, cases[i].fen, 0, why, sizeof why) == FEN_OK);
        ck_assert_int_eq(arb_start(&arb, &pos), ENDING_NONE);
        uint32_t ply = 0;
        for (int round = 0; round < 5 && arb.ending == ENDING_NONE; round++)
            for (int k = 0; k < 4 && arb.ending == ENDING_NONE; k++) {
                enum ending_kind e = play_line(&pos, &cases[i].cycle[k], 1, &ply);
                if (e == ENDING_NONE && arb_pending(&arb)) arb_settle(&arb, &pos, ply, true);
            }
        ck_assert_int_eq(arb.ending, ENDING_FIVEFOLD);
        ck_assert_uint_eq(arb.ending_ply, cases[i].ply);
    }
}
END_TEST

/* FIDE 9.6.2: a mate on the 150th reversible half-move wins; any other move
 * there (a check included) draws by the 75-move rule.  The second test of
 * both (the first: testdata/pgn/endings.pgn through the CLI). */
START_TEST(mate_on_the_75th_move_wins)
{
    static const struct {
        const char *san;
        enum ending_kind ending;
    } moves[] = {
        {"Ra8#", ENDING_CHECKMATE}, /* mate with the 150th half-move */
        {"Ra7", ENDING_75_MOVE},    /* a quiet 150th half-move */
        {"Kf7", ENDING_75_MOVE},    /* a king move, no check */
    };
    struct position pos;
    char why[128];
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        ck_assert(fen_parse(&pos, "7k/8/6K1/8/8/8/8/R7 w - - 149 100", 0, why, sizeof why) ==
                  FEN_OK);
        ck_assert_int_eq(arb_start(&arb, &pos), ENDING_NONE);
        uint32_t ply = 0;
        const char *line[] = {moves[i].san};
        enum ending_kind e = play_line(&pos, line, 1, &ply);
        if (e == ENDING_NONE && arb_pending(&arb)) e = arb_settle(&arb, &pos, ply, false);
        ck_assert_msg(e == moves[i].ending, "%s: ending %d, expected %d", moves[i].san, e,
                      moves[i].ending);
        ck_assert_int_eq(arb.ending, moves[i].ending);
        ck_assert_uint_eq(arb.ending_ply, 1);
    }
    /* one half-move earlier the clock is not run out: no ending */
    ck_assert(fen_parse(&pos, "7k/8/6K1/8/8/8/8/R7 w - - 148 100", 0, why, sizeof why) == FEN_OK);
    arb_start(&arb, &pos);
    uint32_t ply = 0;
    const char *line[] = {"Ra7"};
    enum ending_kind e = play_line(&pos, line, 1, &ply);
    if (e == ENDING_NONE && arb_pending(&arb)) e = arb_settle(&arb, &pos, ply, false);
    ck_assert_int_eq(e, ENDING_NONE);
}
END_TEST

/* Stalemate (FIDE 5.2.1) when the only unit that could move is a pawn pinned
 * along a rank: b5-b6 would leave the king on a5 to the rook on h5.  The
 * second test of the rule (the first is a CLI case); with the rook off the
 * rank the pawn pushes and there is no stalemate. */
START_TEST(stalemate_with_a_rank_pinned_pawn)
{
    static const struct {
        const char *fen, *san;
        bool stalemate;
    } cases[] = {
        {"8/1k6/8/KP5r/8/7r/8/8 b - - 0 1", "R3h4", true},
        {"8/1k6/7r/KP6/8/7r/8/8 b - - 0 1", "R3h4", false}, /* no pin: b6 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct position pos;
        char why[128];
        ck_assert(fen_parse(&pos, cases[i].fen, 0, why, sizeof why) == FEN_OK);
        arb_start(&arb, &pos);
        uint32_t ply = 0;
        const char *line[] = {cases[i].san};
        enum ending_kind e = play_line(&pos, line, 1, &ply);
        ck_assert(!pos_in_check(&pos));
        if (e == ENDING_NONE && arb_pending(&arb)) e = arb_settle(&arb, &pos, ply, false);
        ck_assert_int_eq(e, cases[i].stalemate ? ENDING_STALEMATE : ENDING_NONE);
        move list[MOVES_MAX];
        ck_assert_int_eq(movegen_legal(&pos, list) == 0, cases[i].stalemate);
        ck_assert_int_eq(!movegen_any_legal(&pos), cases[i].stalemate);
    }
}
END_TEST

Suite *arbiter_suite(void);
Suite *arbiter_suite(void)
{
    attacks_init();
    Suite *s = suite_create("arbiter");
    TCase *tc = tcase_create("repetition window");
    tcase_add_test(tc, knight_dance_is_fivefold_at_ply_16);
    tcase_add_test(tc, null_moves_inside_the_window);
    tcase_add_test(tc, pawn_move_resets_and_boards_are_compared);
    tcase_add_test(tc, eight_ply_cycle_rebuilt_by_taking_back);
    tcase_add_test(tc, dead_position_seen_after_the_clock_resets);
    tcase_add_test(tc, mate_on_the_75th_move_wins);
    tcase_add_test(tc, fifth_not_fourth_in_check_and_without_pawns);
    tcase_add_test(tc, stalemate_with_a_rank_pinned_pawn);
    tcase_add_loop_test(tc, alive_by_pawns_is_never_dead, 0,
                        (int)(sizeof alive_fens / sizeof alive_fens[0]));
    suite_add_tcase(s, tc);
    return s;
}
