/*
 * check_fix.c - `pgnarbiter fix` against the notation it reads (issue 37):
 * the real games of ../shared/corpus/games (the book in its first 4 MB)
 * rewritten in Italian letters (tests/notation_rewrite.c: R D T A C, 0-0),
 * fixed, are the same games fixed from the English original, byte for byte
 * (the games with an error, kept as they were, go to --bad in both);
 * the moves are the replay's, written by chess/san.c, whatever they were
 * read in.  Skips, said aloud, when ../shared is absent.
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

Suite *fix_suite(void);
Suite *fix_suite(void)
{
    Suite *s = suite_create("fix");
    TCase *tc = tcase_create("notation");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, italian_fixed_is_english_fixed, 0, sizeof fix_games / sizeof *fix_games);
    suite_add_tcase(s, tc);
    return s;
}
