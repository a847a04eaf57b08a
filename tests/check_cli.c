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

/* position's line reader: every line answered, none cut or merged. */
START_TEST(position_lines_are_never_lost)
{
    static const char input[] = "a\n\0\nb\r\nc\rd\0e\n \t\n\nf";
    FILE *in = fmemopen((void *)input, sizeof input - 1, "r");
    ck_assert_ptr_nonnull(in);
    static const struct {
        enum cli_line kind;
        const char *text;
        unsigned long lineno;
    } want[] = {
        {CLI_LINE_FEN, "a", 1}, {CLI_LINE_NUL, "", 2}, {CLI_LINE_FEN, "b", 3},
        {CLI_LINE_FEN, "c", 4}, {CLI_LINE_NUL, "d", 5}, {CLI_LINE_FEN, "f", 8},
        {CLI_LINE_END, NULL, 8},
    };
    char line[CLI_POSITION_LINE_MAX];
    unsigned long lineno = 0;
    for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
        ck_assert_int_eq(cli_position_next_line(in, line, &lineno), want[i].kind);
        if (want[i].text) ck_assert_str_eq(line, want[i].text);
        ck_assert_uint_eq(lineno, want[i].lineno);
    }
    fclose(in);

    /* A line of exactly CLI_POSITION_LINE_MAX - 1 bytes is whole; one byte more is long. */
    char big[2 * CLI_POSITION_LINE_MAX + 8];
    memset(big, 'x', sizeof big);
    big[CLI_POSITION_LINE_MAX - 1] = '\n';
    big[2 * CLI_POSITION_LINE_MAX] = '\n';
    big[2 * CLI_POSITION_LINE_MAX + 1] = 'y';
    in = fmemopen(big, 2 * CLI_POSITION_LINE_MAX + 2, "r");
    ck_assert_ptr_nonnull(in);
    lineno = 0;
    ck_assert_int_eq(cli_position_next_line(in, line, &lineno), CLI_LINE_FEN);
    ck_assert_uint_eq(strlen(line), CLI_POSITION_LINE_MAX - 1);
    ck_assert_int_eq(cli_position_next_line(in, line, &lineno), CLI_LINE_LONG);
    ck_assert_int_eq(cli_position_next_line(in, line, &lineno), CLI_LINE_FEN);
    ck_assert_str_eq(line, "y");
    ck_assert_uint_eq(lineno, 3);
    fclose(in);
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
    tcase_add_test(tc, position_lines_are_never_lost);
    suite_add_tcase(s, tc);
    return s;
}
