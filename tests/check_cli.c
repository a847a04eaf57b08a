/*
 * check_cli.c - the top-level command line: --help names every command of the
 * SPEC, --version comes from configure.ac, explain, usage errors exit 2.
 */
#include "testutil.h"

#include "cli/cli.h"
#include "config.h"
#include "diag/diag.h"

#include <string.h>

START_TEST(help_lists_every_command)
{
    struct capture out, err;
    const char *args[] = {"--help", NULL};
    ck_assert_int_eq(run_cli(args, &out, &err), CLI_EXIT_OK);
    static const char *const needles[] = {"pgnarbiter [check]", "pgnarbiter position",
                                          "pgnarbiter perft", "--chess960", "pgnarbiter explain", "--list",
                                          "--version", "--format=", "Exit status"};
    for (size_t i = 0; i < sizeof needles / sizeof *needles; i++)
        ck_assert_msg(strstr(out.text, needles[i]), "--help lacks '%s'", needles[i]);
    ck_assert_str_eq(err.text, "");
    capture_free(&out);
    capture_free(&err);
}
END_TEST

START_TEST(version_comes_from_configure)
{
    struct capture out, err;
    const char *args[] = {"--version", NULL};
    ck_assert_int_eq(run_cli(args, &out, &err), CLI_EXIT_OK);
    ck_assert_str_eq(out.text, PACKAGE_NAME " " PACKAGE_VERSION "\n");
    capture_free(&out);
    capture_free(&err);
}
END_TEST

START_TEST(explain_every_code)
{
    const struct diag_info *info = diag_info((enum diag_code)_i);
    struct capture out, err;
    const char *args[] = {"explain", info->name, NULL};
    ck_assert_int_eq(run_cli(args, &out, &err), CLI_EXIT_OK);
    ck_assert_msg(strncmp(out.text, info->name, strlen(info->name)) == 0,
                  "explain %s starts with '%.40s'", info->name, out.text);
    ck_assert_ptr_nonnull(strstr(out.text, info->explain));
    capture_free(&out);
    capture_free(&err);
}
END_TEST

START_TEST(explain_unknown_code_is_usage_error)
{
    struct capture out, err;
    const char *args[] = {"explain", "no-such-code", NULL};
    ck_assert_int_eq(run_cli(args, &out, &err), CLI_EXIT_USAGE);
    ck_assert_str_eq(out.text, "");
    ck_assert_ptr_nonnull(strstr(err.text, "unknown diagnostic code 'no-such-code'"));
    capture_free(&out);
    capture_free(&err);
}
END_TEST

/* Exit status 2 when an input cannot be read, the other inputs still
 * checked (their findings printed): the second test of the rule, the first
 * being the CLI case check-missing-file. */
START_TEST(unreadable_input_exits_2)
{
    struct capture out, err;
    const char *args[] = {"check", "--quiet", TESTDATA_DIR "/no-such-file.pgn",
                          TESTDATA_DIR "/diag/wrong-result.pgn", NULL};
    ck_assert_int_eq(run_cli(args, &out, &err), CLI_EXIT_USAGE);
    ck_assert_msg(strstr(out.text, "[wrong-result]"), "the readable input was not checked");
    ck_assert_msg(strstr(out.text, "no-such-file.pgn: error: cannot read input") &&
                      strstr(out.text, "[input]"),
                  "the unreadable input is not reported");
    capture_free(&out);
    capture_free(&err);
    /* a directory without -r cannot be read either */
    const char *dir[] = {"check", "--quiet", TESTDATA_DIR "/diag", NULL};
    ck_assert_int_eq(run_cli(dir, &out, &err), CLI_EXIT_USAGE);
    capture_free(&out);
    capture_free(&err);
    /* and a readable clean input alone exits 0 */
    const char *clean[] = {"check", "--quiet", TESTDATA_DIR "/pgn/fromCrafty.pgn", NULL};
    ck_assert_int_eq(run_cli(clean, &out, &err), CLI_EXIT_OK);
    capture_free(&out);
    capture_free(&err);
}
END_TEST

Suite *cli_suite(void);
Suite *cli_suite(void)
{
    Suite *s = suite_create("cli");
    TCase *tc = tcase_create("top level");
    tcase_add_test(tc, help_lists_every_command);
    tcase_add_test(tc, version_comes_from_configure);
    suite_add_tcase(s, tc);
    tc = tcase_create("explain");
    tcase_add_loop_test(tc, explain_every_code, 0, DIAG_CODE_NB);
    tcase_add_test(tc, explain_unknown_code_is_usage_error);
    tcase_add_test(tc, unreadable_input_exits_2);
    suite_add_tcase(s, tc);
    return s;
}
