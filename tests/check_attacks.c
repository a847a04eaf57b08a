/*
 * check_attacks.c - the magic lookup agrees with the slow ray walker over
 * many random occupancies on every square; step tables and the
 * between/line tables have the shapes the rules give them.
 */
#include "testutil.h"

#include "chess/attacks.h"

static uint64_t rng = 0x2545F4914F6CDD1DULL;

static uint64_t next_random(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

START_TEST(magic_equals_ray_walker)
{
    int sq = _i;
    char a[73], b[73];
    for (int n = 0; n < 3000; n++) {
        /* Mix sparse and dense occupancies. */
        bitboard occ = next_random();
        if (n % 3 == 0) occ &= next_random();
        if (n % 3 == 1) occ &= next_random() & next_random();
        ck_assert_msg(attacks_rook(sq, occ) == attacks_slow_rook(sq, occ),
                      "rook on %d, occupancy\n%s", sq, bb_format(occ, a));
        ck_assert_msg(attacks_bishop(sq, occ) == attacks_slow_bishop(sq, occ),
                      "bishop on %d, occupancy\n%s", sq, bb_format(occ, b));
        ck_assert(attacks_queen(sq, occ) ==
                  (attacks_slow_rook(sq, occ) | attacks_slow_bishop(sq, occ)));
    }
    ck_assert_int_eq(bb_popcount(attacks_rook(sq, 0)), 14);
}
END_TEST

/* attacks_hits() answers for one pair of squares what the full attack sets
 * (slow ray walkers and step tables) answer for all. */
START_TEST(hits_equals_attack_sets)
{
    int a = _i;
    for (int n = 0; n < 600; n++) {
        bitboard occ = next_random();
        if (n % 3 == 0) occ &= next_random();
        if (n % 3 == 1) occ &= next_random() & next_random();
        for (int color = 0; color < COLOR_NB; color++) {
            for (int type = PAWN; type <= KING; type++) {
                bitboard set = type == PAWN     ? attacks_pawn(color, a)
                               : type == BISHOP ? attacks_slow_bishop(a, occ)
                               : type == ROOK   ? attacks_slow_rook(a, occ)
                               : type == QUEEN
                                   ? attacks_slow_bishop(a, occ) | attacks_slow_rook(a, occ)
                                   : attacks_piece(type, a, occ);
                bitboard hits = 0;
                for (int b = 0; b < SQ_NB; b++)
                    if (attacks_hits(color, type, a, b, occ)) hits |= SQ_BB(b);
                ck_assert_msg(hits == set, "type %d colour %d on %d", type, color, a);
                ck_assert(attacks_reach(color, type, a) ==
                          (type == PAWN ? set : attacks_piece(type, a, 0)));
            }
        }
    }
}
END_TEST

START_TEST(init_is_idempotent)
{
    bitboard before = attacks_rook(SQ_D4, SQ_BB(SQ_D6));
    attacks_init();
    attacks_init();
    ck_assert(attacks_rook(SQ_D4, SQ_BB(SQ_D6)) == before);
    ck_assert(bb_test(before, SQ_D6) && !bb_test(before, SQ_D7));
}
END_TEST

START_TEST(step_tables)
{
    ck_assert_int_eq(bb_popcount(attacks_knight(SQ_A1)), 2);
    ck_assert_int_eq(bb_popcount(attacks_knight(SQ_D4)), 8);
    ck_assert_int_eq(bb_popcount(attacks_king(SQ_H8)), 3);
    ck_assert_int_eq(bb_popcount(attacks_king(SQ_E4)), 8);
    ck_assert(attacks_pawn(COLOR_WHITE, SQ_E4) == (SQ_BB(SQ_D5) | SQ_BB(SQ_F5)));
    ck_assert(attacks_pawn(COLOR_BLACK, SQ_A5) == SQ_BB(SQ_B4));
    ck_assert(attacks_pawn(COLOR_WHITE, SQ_H2) == SQ_BB(SQ_G3));
    ck_assert(attacks_piece(KNIGHT, SQ_G1, 0) == attacks_knight(SQ_G1));
}
END_TEST

START_TEST(between_and_line)
{
    ck_assert(attacks_between(SQ_A1, SQ_D4) == (SQ_BB(SQ_B2) | SQ_BB(SQ_C3)));
    ck_assert(attacks_between(SQ_E1, SQ_H1) == (SQ_BB(SQ_F1) | SQ_BB(SQ_G1)));
    ck_assert(attacks_between(SQ_E1, SQ_F3) == 0);
    ck_assert(attacks_between(SQ_E1, SQ_E2) == 0);
    ck_assert(attacks_line(SQ_C1, SQ_E3) == (SQ_BB(SQ_C1) | SQ_BB(SQ_D2) | SQ_BB(SQ_E3) |
                                             SQ_BB(SQ_F4) | SQ_BB(SQ_G5) | SQ_BB(SQ_H6)));
    ck_assert(attacks_line(SQ_A1, SQ_B3) == 0);
    for (int a = 0; a < 64; a++)
        for (int b = 0; b < 64; b++) {
            ck_assert(attacks_between(a, b) == attacks_between(b, a));
            ck_assert(attacks_line(a, b) == attacks_line(b, a));
            if (attacks_line(a, b))
                ck_assert(bb_popcount(attacks_between(a, b)) == bb_distance(a, b) - 1);
        }
}
END_TEST

START_TEST(square_names)
{
    char n[3];
    bb_square_name(SQ_E4, n);
    ck_assert_str_eq(n, "e4");
    bb_square_name(SQ_NONE, n);
    ck_assert_str_eq(n, "-");
    ck_assert_int_eq(bb_square_parse("h8"), SQ_H8);
    ck_assert_int_eq(bb_square_parse("i1"), SQ_NONE);
    ck_assert_int_eq(bb_square_parse("a9"), SQ_NONE);
}
END_TEST

Suite *attacks_suite(void);
Suite *attacks_suite(void)
{
    attacks_init(); /* in the runner, so forked tests inherit the tables */
    Suite *s = suite_create("attacks");
    TCase *tc = tcase_create("magic lookup equals the ray walker");
    tcase_add_loop_test(tc, magic_equals_ray_walker, 0, 64);
    tcase_add_loop_test(tc, hits_equals_attack_sets, 0, 64);
    tcase_add_test(tc, init_is_idempotent);
    suite_add_tcase(s, tc);
    tc = tcase_create("step and line tables");
    tcase_add_test(tc, step_tables);
    tcase_add_test(tc, between_and_line);
    tcase_add_test(tc, square_names);
    suite_add_tcase(s, tc);
    return s;
}
