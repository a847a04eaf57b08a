/*
 * check_fixtures.c - every diagnostic code has a fixture: testdata/diag/CODE.pgn
 * and CODE.expected, the text output of `pgnarbiter check --strict --quiet` on
 * it (run from testdata/; for a code only `fix` gives, marked by CODE.fix, the
 * findings `pgnarbiter fix --quiet` writes on standard error).  The expected
 * output must contain the code itself,
 * so a fixture cannot pass without producing its diagnostic.
 */
#include "testutil.h"

#include "cli/cli.h"
#include "diag/diag.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

START_TEST(fixture_produces_its_code)
{
    const struct diag_info *info = diag_info((enum diag_code)_i);
    char pgn[256], expected_path[256], tag[64];
    snprintf(pgn, sizeof pgn, "diag/%s.pgn", info->name);
    snprintf(expected_path, sizeof expected_path, "%s/diag/%s.expected", TESTDATA_DIR, info->name);
    snprintf(tag, sizeof tag, "[%s]\n", info->name);

    char *expected = read_file(expected_path, NULL);
    ck_assert_msg(expected != NULL, "missing fixture output %s", expected_path);
    ck_assert_msg(strstr(expected, tag), "%s does not contain %s", expected_path, tag);

    ck_assert_int_eq(chdir(TESTDATA_DIR), 0);
    struct capture out, err;
    /* A code only `fix` gives (CODE.fix exists): its findings, on standard
     * error, are the expected text. */
    char fix_path[256];
    snprintf(fix_path, sizeof fix_path, "%s/diag/%s.fix", TESTDATA_DIR, info->name);
    bool fix = access(fix_path, F_OK) == 0;
    const char *check_args[] = {"check", "--strict", "--quiet", pgn, NULL};
    const char *fix_args[] = {"fix", "--quiet", pgn, NULL};
    run_cli(fix ? fix_args : check_args, &out, &err);
    ck_assert_str_eq(fix ? err.text : out.text, expected);
    free(expected);
    capture_free(&out);
    capture_free(&err);
}
END_TEST

Suite *fixtures_suite(void);
Suite *fixtures_suite(void)
{
    Suite *s = suite_create("fixtures");
    TCase *tc = tcase_create("one fixture per code");
    tcase_add_loop_test(tc, fixture_produces_its_code, 0, DIAG_CODE_NB);
    suite_add_tcase(s, tc);
    return s;
}
