/*
 * check_fix.c - `pgnarbiter fix` against the notation it reads (issue 37):
 * the real games of ../shared/corpus/games (the book in its first 4 MB)
 * rewritten in Italian letters (tests/notation_rewrite.c: R D T A C, 0-0),
 * fixed, are the same games fixed from the English original, byte for byte
 * (the games with an error, kept as they were, go to --bad in both);
 * the moves are the replay's, written by chess/san.c, whatever they were
 * read in.  Skips, said aloud, when ../shared is absent.
 * --strip: each word on a game that holds all it removes, the movetext
 * written, the line said once on standard error, and fix of that output
 * the same bytes (idempotence with the option).
 */
#include "testutil.h"

#include "notation_rewrite.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const fix_games[] = {
    "corpus/games/gnuchess-book_1.02.pgn.zst",
    "corpus/games/twic1599-sample.pgn",
    "corpus/games/pychess-world_matches.pgn",
};

/* `fix --quiet` of text (written to a temporary file): its standard output,
 * the games it wrote in export format (those with an error, the same in
 * both notations, go to a --bad file, as they were). */
static char *fixed(const char *text, size_t len)
{
    char path[] = "/tmp/pgnarbiter-check-fix-XXXXXX", bad[] = "/tmp/pgnarbiter-check-bad-XXXXXX";
    int fd = mkstemp(path), fb = mkstemp(bad);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_ge(fb, 0);
    close(fb);
    ck_assert_int_eq(write(fd, text, len), (ssize_t)len);
    close(fd);
    struct capture out, err;
    const char *args[] = {"fix", "--quiet", "--bad", bad, path, NULL};
    run_cli(args, &out, &err);
    unlink(path);
    unlink(bad);
    char *s = strdup(out.text);
    capture_free(&out);
    capture_free(&err);
    return s;
}

START_TEST(italian_fixed_is_english_fixed)
{
    const char *path = shared_path(fix_games[_i]);
    if (!path) {
        fprintf(stderr, "check_fix: ../shared is absent: %s not fixed (skipped)\n", fix_games[_i]);
        return;
    }
    size_t len, it_len, moves;
    char *en = notation_read_games(path, (size_t)4 << 20, &len);
    ck_assert_ptr_nonnull(en);
    char *it = notation_rewrite(en, len, NOTA_MODE_IT, &it_len, &moves);
    ck_assert_ptr_nonnull(it);
    ck_assert_uint_gt(moves, 1000);
    char *a = fixed(en, len), *b = fixed(it, it_len);
    ck_assert_uint_gt(strlen(a), len / 2);
    size_t i = 0;
    while (a[i] && a[i] == b[i])
        i++;
    ck_assert_msg(a[i] == b[i], "%s: the Italian rewrite fixed differs at byte %zu: \"%.40s\" / \"%.40s\"",
                  fix_games[_i], i, a + i, b + i);
    free(a);
    free(b);
    free(en);
    free(it);
}
END_TEST

#define ROSTER                                                                                  \
    "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n"        \
    "[Black \"?\"]\n[Result \"*\"]\n\n"
#define STRIP_GAME                                                                              \
    "1. e4 {[%clk 0:01:00] [%eval 0.3] good move} e5 $1 (1... c5 {Sicilian [%clk 0:00:59]} 2. " \
    "Nf3 (2. c3 $2)) 2. Nf3 {[%clk 0:00:58]} N Nc6 {[%emt 0:00:02][%clkc 1:00]x} *\n"

static const struct {
    const char *strip, *movetext, *said;
} strip_cases[] = {
    {"comments", "1. e4 e5 $1 (1... c5 2. Nf3 (2. c3 $2)) 2. Nf3 $146 Nc6 *\n", "4 comments from 1 game"},
    {"nags",
     "1. e4 {[%clk 0:01:00] [%eval 0.3] good move} 1... e5 (1... c5 {Sicilian\n"
     "[%clk 0:00:59]} 2. Nf3 (2. c3)) 2. Nf3 {[%clk 0:00:58]} 2... Nc6\n{[%emt 0:00:02][%clkc 1:00]x} *\n",
     "3 NAGs from 1 game"},
    {"variations",
     "1. e4 {[%clk 0:01:00] [%eval 0.3] good move} 1... e5 $1 2. Nf3 {[%clk 0:00:58]}\n"
     "$146 2... Nc6 {[%emt 0:00:02][%clkc 1:00]x} *\n",
     "1 variation from 1 game"},
    {"clocks",
     "1. e4 {[%eval 0.3] good move} 1... e5 $1 (1... c5 {Sicilian} 2. Nf3 (2. c3 $2))\n"
     "2. Nf3 $146 Nc6 {x} *\n",
     "5 clock commands from 1 game"},
    {"evals",
     "1. e4 {[%clk 0:01:00] good move} 1... e5 $1 (1... c5 {Sicilian [%clk 0:00:59]}\n"
     "2. Nf3 (2. c3 $2)) 2. Nf3 {[%clk 0:00:58]} $146 2... Nc6\n{[%emt 0:00:02][%clkc 1:00]x} *\n",
     "1 eval command from 1 game"},
    {"evals,clocks", "1. e4 {good move} 1... e5 $1 (1... c5 {Sicilian} 2. Nf3 (2. c3 $2)) 2. Nf3 $146\nNc6 {x} *\n",
     "5 clock commands, 1 eval command from 1 game"},
    {"comments,nags,variations,clocks,evals", "1. e4 e5 2. Nf3 Nc6 *\n", "3 comments, 2 NAGs, 1 variation"},
};

/* fix --quiet --strip=strip of text: standard output and error. */
static void fix_strip(const char *strip, const char *text, struct capture *out, struct capture *err)
{
    char path[] = "/tmp/pgnarbiter-check-strip-XXXXXX", opt[128];
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    size_t len = strlen(text);
    ck_assert_int_eq(write(fd, text, len), (ssize_t)len);
    close(fd);
    snprintf(opt, sizeof opt, "--strip=%s", strip);
    const char *args[] = {"fix", "--quiet", opt, path, NULL};
    run_cli(args, out, err);
    unlink(path);
}

START_TEST(strip_each)
{
    struct capture out, err, out2, err2;
    fix_strip(strip_cases[_i].strip, ROSTER STRIP_GAME, &out, &err);
    ck_assert_msg(strncmp(out.text, ROSTER, strlen(ROSTER)) == 0, "%s: the tags changed", strip_cases[_i].strip);
    ck_assert_str_eq(out.text + strlen(ROSTER), strip_cases[_i].movetext);
    ck_assert_msg(strstr(err.text, strip_cases[_i].said) != NULL, "--strip=%s said: %s", strip_cases[_i].strip,
                  err.text);
    ck_assert_msg(strstr(err.text, "[fixed]") == NULL || strstr(err.text, "$146") != NULL,
                  "--strip=%s: a fixed note for what was stripped: %s", strip_cases[_i].strip, err.text);
    fix_strip(strip_cases[_i].strip, out.text, &out2, &err2);
    ck_assert_str_eq(out2.text, out.text);
    ck_assert_str_eq(err2.text, "");
    capture_free(&out);
    capture_free(&err);
    capture_free(&out2);
    capture_free(&err2);
}
END_TEST

START_TEST(strip_unknown_word)
{
    struct capture out, err;
    fix_strip("clocks,clock", ROSTER STRIP_GAME, &out, &err);
    ck_assert_str_eq(out.text, "");
    ck_assert_ptr_nonnull(strstr(err.text, "unknown --strip word 'clock'"));
    capture_free(&out);
    capture_free(&err);
}
END_TEST

Suite *fix_suite(void);
Suite *fix_suite(void)
{
    Suite *s = suite_create("fix");
    TCase *tc = tcase_create("notation");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, italian_fixed_is_english_fixed, 0, sizeof fix_games / sizeof *fix_games);
    suite_add_tcase(s, tc);
    TCase *ts = tcase_create("strip");
    tcase_add_loop_test(ts, strip_each, 0, sizeof strip_cases / sizeof *strip_cases);
    tcase_add_test(ts, strip_unknown_word);
    suite_add_tcase(s, ts);
    return s;
}
