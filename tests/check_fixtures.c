/*
 * check_fixtures.c - every diagnostic code has a fixture: testdata/diag/CODE.pgn
 * and CODE.expected, the text output of `pgnarbiter check --strict --quiet` on
 * it (run from testdata/).  A trf-* code's fixture is CODE.trf, given with
 * --trf, and CODE.pgn when its finding needs games; for a code only `fix`
 * gives, marked by CODE.fix, the expected text is the findings `pgnarbiter fix
 * --quiet` writes on standard error.  The expected output must contain the
 * code itself,
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
    char trf[256];
    snprintf(trf, sizeof trf, "diag/%s.trf", info->name);
    bool has_trf = access(trf, R_OK) == 0, has_pgn = access(pgn, R_OK) == 0;
    /* A code only `fix` gives (CODE.fix exists): its findings, on standard
     * error, are the expected text. */
    char fix_path[256];
    snprintf(fix_path, sizeof fix_path, "%s/diag/%s.fix", TESTDATA_DIR, info->name);
    bool fix = access(fix_path, F_OK) == 0;
    const char *args[] = {"check", "--strict", "--quiet", pgn, NULL, NULL, NULL};
    const char *fix_args[] = {"fix", "--quiet", pgn, NULL};
    if (has_trf) {
        args[3] = "--trf";
        args[4] = trf;
        args[5] = has_pgn ? pgn : NULL;
    }
    run_cli(fix ? fix_args : args, &out, &err);
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
