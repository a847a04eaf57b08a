/*
 * check_lookups.c - message lookups cost: reading and judging a clean file
 * makes no gettext lookup at all.  A lookup costs about 1,600 instructions
 * even in the C locale, and one made for every comment or tag value (to name
 * it in a finding almost never made) once took half of the time on files of
 * online games; see src/i18n.h.  The test binary is linked with
 * -Wl,--wrap for gettext's entry points (Makefile.am), so every lookup the
 * library makes passes through the counters below.
 */
#include "testutil.h"

#include "judge/game.h"
#include "pgn/input.h"
#include "pgn/pgn_parse.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* atomic: the replay pool's workers look messages up too (other suites) */
static atomic_ulong lookups;

char *__real_gettext(const char *msgid);
char *__real_dcgettext(const char *domain, const char *msgid, int category);
char *__real_ngettext(const char *msgid, const char *plural, unsigned long n);
char *__real_dcngettext(const char *domain, const char *msgid, const char *plural,
                        unsigned long n, int category);
char *__wrap_gettext(const char *msgid);
char *__wrap_dcgettext(const char *domain, const char *msgid, int category);
char *__wrap_ngettext(const char *msgid, const char *plural, unsigned long n);
char *__wrap_dcngettext(const char *domain, const char *msgid, const char *plural,
                        unsigned long n, int category);

char *__wrap_gettext(const char *msgid)
{
    atomic_fetch_add_explicit(&lookups, 1, memory_order_relaxed);
    return __real_gettext(msgid);
}

char *__wrap_dcgettext(const char *domain, const char *msgid, int category)
{
    atomic_fetch_add_explicit(&lookups, 1, memory_order_relaxed);
    return __real_dcgettext(domain, msgid, category);
}

char *__wrap_ngettext(const char *msgid, const char *plural, unsigned long n)
{
    atomic_fetch_add_explicit(&lookups, 1, memory_order_relaxed);
    return __real_ngettext(msgid, plural, n);
}

char *__wrap_dcngettext(const char *domain, const char *msgid, const char *plural,
                        unsigned long n, int category)
{
    atomic_fetch_add_explicit(&lookups, 1, memory_order_relaxed);
    return __real_dcngettext(domain, msgid, plural, n, category);
}

static unsigned long findings;

static void count_diag(void *ctx, const struct diag *d)
{
    (void)ctx;
    (void)d;
    findings++;
}

static void count_game(void *ctx, const struct game_record *g)
{
    (void)g;
    (*(unsigned long *)ctx)++;
}

/* Games as an online server writes them: 17 tags (one with accented
 * letters), a clock comment after every move, Termination "Normal", a
 * closing comment; the last game is a draw claimed in its closing comment. */
static char *online_games(size_t *len)
{
    static const char *const moves[] = {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6",
                                        "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O"};
    size_t cap = 1 << 16, n = 0;
    char *text = malloc(cap);
    ck_assert_ptr_nonnull(text);
    for (int game = 1; game <= 5; game++) {
        n += (size_t)snprintf(
            text + n, cap - n,
            "[Event \"Rated Blitz game\"]\n[Site \"https://lichess.org/abc%d\"]\n"
            "[Date \"2025.05.01\"]\n[Round \"-\"]\n[White \"Niccol\xc3\xb2 %d\"]\n"
            "[Black \"Bianchi\"]\n[Result \"*\"]\n[UTCDate \"2025.05.01\"]\n"
            "[UTCTime \"00:00:0%d\"]\n[WhiteElo \"1500\"]\n[BlackElo \"1510\"]\n"
            "[WhiteRatingDiff \"+5\"]\n[BlackRatingDiff \"-5\"]\n[ECO \"C88\"]\n"
            "[Opening \"Ruy Lopez: Closed\"]\n[TimeControl \"300+3\"]\n[Termination \"Normal\"]\n\n",
            game, game, game);
        for (int i = 0; i < (int)(sizeof moves / sizeof moves[0]) - (game & 1); i++) {
            if (i % 2 == 0) n += (size_t)snprintf(text + n, cap - n, "%d. ", i / 2 + 1);
            else n += (size_t)snprintf(text + n, cap - n, "%d... ", i / 2 + 1);
            n += (size_t)snprintf(text + n, cap - n, "%s { [%%clk 0:04:5%d] } ", moves[i], i % 10);
        }
        n += (size_t)snprintf(text + n, cap - n, "{ Partita sospesa \xe2\x80\x94 a ruota } *\n\n");
    }
    *len = n;
    return text;
}

/* Replays text; returns the number of games, counting findings and lookups. */
static unsigned long replay(const char *text, size_t len)
{
    unsigned long games = 0;
    struct game_sink sink = {&games, count_diag, count_game, false, NULL};
    struct game *g = game_new(&sink, true);
    ck_assert_ptr_nonnull(g);
    feed_text(g, text, len);
    game_free(g);
    return games;
}

START_TEST(clean_games_make_no_lookup)
{
    size_t len;
    char *text = online_games(&len);
    findings = 0;
    atomic_store(&lookups, 0);
    ck_assert_uint_eq(replay(text, len), 5);
    ck_assert_uint_eq(findings, 0); /* --strict, and nothing to say */
    unsigned long n = atomic_load(&lookups);
    ck_assert_msg(n == 0, "%lu gettext lookups for 5 clean games", n);
    free(text);
}
END_TEST

/* The counters count: a game with a finding looks its message up. */
START_TEST(a_finding_is_looked_up)
{
    static const char text[] = "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 1-0\n";
    findings = 0;
    atomic_store(&lookups, 0);
    ck_assert_uint_eq(replay(text, sizeof text - 1), 1);
    ck_assert_uint_gt(findings, 0);
    ck_assert_uint_gt(atomic_load(&lookups), 0);
}
END_TEST

Suite *lookups_suite(void);
Suite *lookups_suite(void)
{
    Suite *s = suite_create("lookups");
    TCase *tc = tcase_create("gettext only for findings");
    tcase_add_test(tc, clean_games_make_no_lookup);
    tcase_add_test(tc, a_finding_is_looked_up);
    suite_add_tcase(s, tc);
    return s;
}
