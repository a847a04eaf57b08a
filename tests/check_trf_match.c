/*
 * check_trf_match.c - games against a TRF's pairings (judge/trf_match.h):
 * the PGN results as TRF codes, the round from Round / Date / the pair, the
 * players by FIDE ID, alias and name, and what each disagreement reports.
 * The records are made here; tests/cli/cases/check-trf-* run the program.
 */
#include "testutil.h"

#include "judge/game_record.h"
#include "judge/trf_match.h"
#include "trf/trf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FOUND_MAX 32

struct found {
    int n;
    enum diag_code code[FOUND_MAX];
    char message[FOUND_MAX][1024];
};

static void collect(void *ctx, const struct diag *d)
{
    struct found *f = ctx;
    if (f->n >= FOUND_MAX) return;
    f->code[f->n] = d->code;
    snprintf(f->message[f->n], sizeof f->message[f->n], "%s", d->message);
    f->n++;
}

/* 4 players, 2 rounds on 2026-05-01 and 2026-05-01 (one date: ambiguous),
 * then a third on 2026-05-02.  1-2 and 3-4 in round 1; 1-3 and 2-4 in
 * round 2; 1-4 and 2-3 in round 3. */
static const char TRF_TEXT[] =
    "012 Test\n"
    "132                                                                                        26/05/01  26/05/01  26/05/02\n"
    "001    1 m    Rossi, Mario                      2100 ITA     2345678 1990/01/01  2.5    1     2 w 1     3 b =     4 w +  \n"
    "001    2 m    Bianchi, Luca                     2000 ITA             1990/01/01  1.0    2     1 b 0     4 w 1     3 b 0  \n"
    "001    3 m    Verdi, Anna                       1900 ITA             1990/01/01  2.0    3     4 w 1     1 w =     2 w 1  \n"
    "001    4 m    Rossi, Marco                      1800 ITA             1990/01/01  0.0    4     3 b 0     2 b 0     1 b -  \n";

static struct trf *make_trf(void)
{
    char why[256];
    struct trf *t = trf_read(TRF_TEXT, strlen(TRF_TEXT), "t.trf", NULL, NULL, why, sizeof why);
    ck_assert_ptr_nonnull(t);
    return t;
}

static struct game_record rec(const char *round, const char *date, const char *white,
                              const char *black, const char *result, uint32_t plies)
{
    struct game_record g = {0};
    g.file = "g.pgn";
    g.game = 1;
    g.line = 1;
    g.round = round;
    g.date = date;
    g.white = white;
    g.black = black;
    g.result = result;
    g.plies = plies;
    g.judged = true;
    return g;
}

START_TEST(pgn_results_as_trf_codes)
{
    static const struct {
        const char *result;
        enum result_kind kind;
        bool ok;
        char w, b;
    } cases[] = {
        {"1-0", RESULT_KIND_PLAYED, true, '1', '0'},
        {"0-1", RESULT_KIND_PLAYED, true, '0', '1'},
        {"1/2-1/2", RESULT_KIND_PLAYED, true, '=', '='},
        {"0-0", RESULT_KIND_PLAYED, true, '0', '0'},
        {"0-0", RESULT_KIND_DOUBLE_FORFEIT, true, '-', '-'},
        {"1/2-0", RESULT_KIND_PLAYED, true, '=', '0'},
        {"0.5-0", RESULT_KIND_PLAYED, true, '=', '0'},
        {"0-1/2", RESULT_KIND_PLAYED, true, '0', '='},
        {"+/-", RESULT_KIND_FORFEIT, true, '+', '-'},
        {"1F-0F", RESULT_KIND_FORFEIT, true, '+', '-'},
        {"-/+", RESULT_KIND_FORFEIT, true, '-', '+'},
        {"0F-1F", RESULT_KIND_FORFEIT, true, '-', '+'},
        {"-/-", RESULT_KIND_DOUBLE_FORFEIT, true, '-', '-'},
        {"1-0", RESULT_KIND_FORFEIT, true, '+', '-'}, /* 1-0, Termination "forfeit" */
        {"0-1", RESULT_KIND_FORFEIT, true, '-', '+'},
        {"*", RESULT_KIND_UNFINISHED, false, 0, 0},
        {"1-O", RESULT_KIND_PLAYED, false, 0, 0},
        {NULL, RESULT_KIND_UNFINISHED, false, 0, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char w = 0, b = 0;
        ck_assert_int_eq(trf_match_result_codes(cases[i].result, cases[i].kind, &w, &b),
                         cases[i].ok);
        if (cases[i].ok) {
            ck_assert_int_eq(w, cases[i].w);
            ck_assert_int_eq(b, cases[i].b);
        }
    }
}
END_TEST

static const struct {
    const char *round, *date, *white, *black, *result;
    uint32_t plies;
    enum diag_code code; /* DIAG_CODE_NB: no finding */
    unsigned matched_round;
    const char *says; /* in the message */
} GAMES[] = {
    {"1", NULL, "Rossi, Mario", "Bianchi, Luca", "1-0", 40, DIAG_CODE_NB, 1, NULL},
    {"01", NULL, "Mario Rossi", "L. Bianchi", "1-0", 40, DIAG_CODE_NB, 1, NULL},
    {"1.3", NULL, "ROSSI Mario", "Bianchi Luca", "1-0", 40, DIAG_CODE_NB, 1, NULL},
    {"1", NULL, "Rossi, Mario", "Bianchi, Luca", "0-1", 40, DIAG_TRF_RESULT_MISMATCH, 1, "0-1"},
    {"1", NULL, "Bianchi, Luca", "Rossi, Mario", "0-1", 40, DIAG_TRF_COLOURS_REVERSED, 1, NULL},
    {"2", NULL, "Rossi, Mario", "Bianchi, Luca", "1-0", 40, DIAG_TRF_NOT_PAIRED, 0, "3"},
    {"3", NULL, "Rossi, Mario", "Rossi, Marco", "1-0", 40, DIAG_TRF_FORFEIT_MISMATCH, 3, "forfeit"},
    {"1", NULL, "Verdi, Anna", "Rossi, Marco", "1-0", 0, DIAG_TRF_FORFEIT_MISMATCH, 1, "without"},
    {"1", NULL, "Verdi, Anna", "Rossi, Marco", "1-0", 1, DIAG_TRF_UNPLAYED_GAME, 1, NULL},
    {"1", NULL, "Rossi, M.", "Bianchi, Luca", "1-0", 40, DIAG_TRF_UNKNOWN_PLAYER, 0, "Rossi, Marco"},
    {"1", NULL, "Gialli, Piero", "Bianchi, Luca", "1-0", 40, DIAG_TRF_UNKNOWN_PLAYER, 0, "nearest"},
    {"9", NULL, "Rossi, Mario", "Bianchi, Luca", "1-0", 40, DIAG_TRF_NO_ROUND, 0, NULL},
    {"1", NULL, "?", "Bianchi, Luca", "1-0", 40, DIAG_TRF_UNKNOWN_PLAYER, 0, "no name"},
    /* the date of round 3 only */
    {"?", "2026.05.02", "Verdi, Anna", "Bianchi, Luca", "1-0", 40, DIAG_CODE_NB, 3, NULL},
    /* a date two rounds share: the pair meets in one of them */
    {"?", "2026.05.01", "Verdi, Anna", "Rossi, Mario", "1/2-1/2", 40, DIAG_CODE_NB, 2, NULL},
    /* no number, no date: the pair meets once */
    {"-", NULL, "Bianchi, Luca", "Rossi, Marco", "1-0", 40, DIAG_CODE_NB, 2, NULL},
    {"", "????.??.??", "Bianchi, Luca", "Rossi, Marco", "1-0", 40, DIAG_CODE_NB, 2, NULL},
    /* the pair meets once, with the other colours */
    {"-", NULL, "Bianchi, Luca", "Verdi, Anna", "1-0", 40, DIAG_TRF_COLOURS_REVERSED, 3, NULL},
    {"-", NULL, "Verdi, Anna", "Verdi, Anna", "1-0", 40, DIAG_CODE_NB, 0, NULL},
};

START_TEST(each_game_against_its_pairing)
{
    struct trf *t = make_trf();
    struct trf_match *m = trf_match_new(t, "t.trf", false, true);
    struct found f;
    memset(&f, 0, sizeof f);
    struct game_record g = rec(GAMES[_i].round, GAMES[_i].date, GAMES[_i].white, GAMES[_i].black,
                               GAMES[_i].result, GAMES[_i].plies);
    trf_match_game(m, &g, collect, &f);
    if (GAMES[_i].code == DIAG_CODE_NB) {
        for (int i = 0; i < f.n; i++)
            ck_abort_msg("unexpected [%s] %s", diag_info(f.code[i])->name, f.message[i]);
    } else {
        ck_assert_int_ge(f.n, 1);
        ck_assert_msg(f.code[0] == GAMES[_i].code, "got [%s] %s", diag_info(f.code[0])->name,
                      f.message[0]);
        if (GAMES[_i].says) ck_assert_msg(strstr(f.message[0], GAMES[_i].says), "%s", f.message[0]);
        ck_assert_uint_eq(g.errors + g.warnings + g.notes, (unsigned)f.n);
    }
    unsigned r, w, b;
    trf_match_last(m, &r, &w, &b);
    ck_assert_uint_eq(w ? r : 0, GAMES[_i].matched_round);
    trf_match_free(m);
    trf_free(t);
}
END_TEST

START_TEST(a_pair_with_no_round_is_never_guessed)
{
    static const char text[] =
        "001    1 m    A                                 2100 ITA             1990/01/01  2.0    1     2 w 1     2 b 1  \n"
        "001    2 m    B                                 2000 ITA             1990/01/01  0.0    2     1 b 0     1 w 0  \n";
    char why[256];
    struct trf *t = trf_read(text, strlen(text), "t.trf", NULL, NULL, why, sizeof why);
    struct trf_match *m = trf_match_new(t, "t.trf", false, true);
    struct found f;
    memset(&f, 0, sizeof f);
    struct game_record g = rec("-", NULL, "A", "B", "1-0", 40);
    trf_match_game(m, &g, collect, &f);
    ck_assert_int_eq(f.n, 1);
    ck_assert_int_eq(f.code[0], DIAG_TRF_NO_ROUND);
    ck_assert(strstr(f.message[0], "2"));
    trf_match_free(m);
    trf_free(t);
}
END_TEST

START_TEST(fide_ids_and_aliases_name_players)
{
    struct trf *t = make_trf();
    struct trf_match *m = trf_match_new(t, "t.trf", false, true);
    char why[256] = "";
    ck_assert(trf_match_aliases(m, "# alias\n\nIl Capo = 2345678\r\n", 28, why, sizeof why));
    ck_assert(!trf_match_aliases(m, "x\n", 2, why, sizeof why));
    ck_assert(strstr(why, "1:"));
    ck_assert(!trf_match_aliases(m, "x = 12a\n", 8, why, sizeof why));
    struct found f;
    memset(&f, 0, sizeof f);
    struct game_record g = rec("1", NULL, "Il Capo", "Bianchi, Luca", "1-0", 40);
    trf_match_game(m, &g, collect, &f);
    ck_assert_int_eq(f.n, 0);
    g = rec("1", NULL, "Somebody", "Bianchi, Luca", "1-0", 40);
    g.white_fide_id = "2345678";
    trf_match_game(m, &g, collect, &f);
    ck_assert_int_eq(f.n, 0);
    trf_match_free(m);
    trf_free(t);
}
END_TEST

/* A name is looked up once and its answer kept: the same answer every time,
 * for many names (past the table's room too). */
START_TEST(names_seen_again_get_the_same_answer)
{
    struct trf *t = make_trf();
    struct trf_match *m = trf_match_new(t, "t.trf", false, true);
    char name[64];
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < 3000; i++) {
            struct found f;
            memset(&f, 0, sizeof f);
            snprintf(name, sizeof name, "Somebody %d", i);
            const char *white = i % 7 == 0 ? "Mario Rossi" : i % 7 == 1 ? "Rossi, M." : name;
            struct game_record g = rec("1", NULL, white, "Bianchi, Luca", "1-0", 40);
            trf_match_game(m, &g, collect, &f);
            ck_assert_int_eq(f.n, i % 7 == 0 ? 0 : 1);
            if (i % 7 == 1) ck_assert(strstr(f.message[0], "fits two players"));
            if (i % 7 > 1) ck_assert(strstr(f.message[0], "nearest"));
        }
    }
    trf_match_free(m);
    trf_free(t);
}
END_TEST

START_TEST(games_never_matched_are_listed_at_the_end)
{
    struct trf *t = make_trf();
    for (int require = 0; require < 2; require++) {
        struct trf_match *m = trf_match_new(t, "t.trf", require, true);
        struct found f;
        memset(&f, 0, sizeof f);
        struct game_record g = rec("1", NULL, "Rossi, Mario", "Bianchi, Luca", "1-0", 40);
        trf_match_game(m, &g, collect, &f);
        ck_assert(trf_match_cover(m, 2, 2, 4));
        ck_assert(!trf_match_cover(m, 2, 1, 2));
        trf_match_finish(m, collect, &f);
        /* round 1: 3-4; round 2: 3-1; round 3: 3-2 (1-4 is a forfeit) */
        ck_assert_int_eq(f.n, 3);
        for (int i = 0; i < f.n; i++)
            ck_assert_int_eq(f.code[i], DIAG_TRF_MISSING_GAME);
        trf_match_free(m);
    }
    trf_free(t);
}
END_TEST

Suite *trf_match_suite(void);
Suite *trf_match_suite(void)
{
    Suite *s = suite_create("trf_match");
    TCase *tc = tcase_create("matching");
    tcase_add_test(tc, pgn_results_as_trf_codes);
    tcase_add_loop_test(tc, each_game_against_its_pairing, 0,
                        (int)(sizeof GAMES / sizeof GAMES[0]));
    tcase_add_test(tc, a_pair_with_no_round_is_never_guessed);
    tcase_add_test(tc, fide_ids_and_aliases_name_players);
    tcase_add_test(tc, names_seen_again_get_the_same_answer);
    tcase_add_test(tc, games_never_matched_are_listed_at_the_end);
    suite_add_tcase(s, tc);
    return s;
}
