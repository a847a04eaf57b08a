/*
 * check_cli.c - the top-level command line: --help names every command of the
 * SPEC, --version comes from configure.ac, explain, usage errors exit 2.
 */
#include "testutil.h"

#include "cli/cli.h"
#include "config.h"
#include "diag/diag.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* A pipe nobody reads, with SIGPIPE ignored (as under Python's subprocess):
 * the run stops reading soon, says so once, and exits 2 even though it found
 * errors; -j 2 too. */
START_TEST(closed_pipe_stops_the_run)
{
    char path[] = "/tmp/pgnarbiter-pipe-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *pgn = fdopen(fd, "w");
    enum { GAMES = 20000 };
    for (int i = 0; i < GAMES; i++)
        fprintf(pgn, "[White \"Rossi\"]\n[Black \"Bianchi\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n");
    fclose(pgn);
    void (*old)(int) = signal(SIGPIPE, SIG_IGN);
    const char *jobs = _i ? "-j2" : "-j1";
    int fds[2];
    ck_assert_int_eq(pipe(fds), 0);
    close(fds[0]);
    FILE *out = fdopen(fds[1], "w");
    struct capture err;
    capture_begin(&err);
    char *argv[] = {(char *)"pgnarbiter", (char *)jobs, path, NULL};
    int status = cli_run(3, argv, out, err.f);
    capture_end(&err);
    fclose(out);
    signal(SIGPIPE, old);
    unlink(path);
    ck_assert_int_eq(status, CLI_EXIT_USAGE);
    const char *msg = strstr(err.text, "cannot write the output: ");
    ck_assert_msg(msg != NULL, "%s", err.text);
    ck_assert_ptr_null(strstr(msg + 1, "cannot write the output"));
    unsigned long games = 0;
    ck_assert_int_eq(sscanf(err.text, "pgnarbiter: 1 file, %lu games", &games), 1);
    ck_assert_msg(games < GAMES / 2, "read on after the pipe closed: %lu games", games);
    capture_free(&err);
}
END_TEST

/* Reads the run's output from a pipe and interrupts the run (SIGINT) once the
 * first line has come. */
struct interrupter {
    int fd;
    char *text;
    size_t len, cap;
};

static void *read_and_interrupt(void *arg)
{
    struct interrupter *it = arg;
    bool sent = false;
    /* the signal goes to the thread running the check, as it would */
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    char buf[4096];
    ssize_t got;
    while ((got = read(it->fd, buf, sizeof buf)) > 0) {
        if (it->len + (size_t)got + 1 > it->cap) {
            it->cap = 2 * (it->len + (size_t)got + 1);
            it->text = realloc(it->text, it->cap);
        }
        memcpy(it->text + it->len, buf, (size_t)got);
        it->len += (size_t)got;
        it->text[it->len] = '\0';
        if (!sent && memchr(it->text, '\n', it->len)) {
            kill(getpid(), SIGINT);
            sent = true;
        }
    }
    return NULL;
}

/* SIGINT during a run: every jsonl record written is whole, the summary so
 * far ends the stream marked as interrupted, exit 130. */
START_TEST(interrupt_ends_with_whole_records)
{
    char path[] = "/tmp/pgnarbiter-int-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *pgn = fdopen(fd, "w");
    enum { GAMES = 200000 };
    for (int i = 0; i < GAMES; i++)
        fprintf(pgn, "[White \"Rossi\"]\n[Black \"Bianchi\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n");
    fclose(pgn);
    int fds[2];
    ck_assert_int_eq(pipe(fds), 0);
    struct interrupter it = {fds[0], NULL, 0, 0};
    pthread_t reader;
    ck_assert_int_eq(pthread_create(&reader, NULL, read_and_interrupt, &it), 0);
    FILE *out = fdopen(fds[1], "w");
    struct capture err;
    capture_begin(&err);
    char *argv[] = {(char *)"pgnarbiter", (char *)(_i ? "-j2" : "-j1"), (char *)"--format=jsonl",
                    path, NULL};
    int status = cli_run(4, argv, out, err.f);
    capture_end(&err);
    fclose(out);
    pthread_join(reader, NULL);
    close(fds[0]);
    unlink(path);
    ck_assert_int_eq(status, 128 + SIGINT);
    ck_assert_ptr_nonnull(it.text);
    ck_assert_msg(strstr(err.text, "pgnarbiter: interrupted by SIGINT") == err.text, "%s", err.text);
    /* every line a whole record; the last the summary, marked */
    size_t lines = 0;
    const char *last = it.text;
    for (const char *p = it.text; *p; p = strchr(p, '\n') + 1) {
        const char *nl = strchr(p, '\n');
        ck_assert_msg(nl != NULL, "a record cut in half: %s", p);
        ck_assert_msg(*p == '{' && nl[-1] == '}', "not a whole record: %.*s", (int)(nl - p), p);
        last = p;
        lines++;
    }
    ck_assert_msg(strncmp(last, "{\"type\":\"summary\",", 18) == 0, "%s", last);
    ck_assert_ptr_nonnull(strstr(last, "\"interrupted\":true"));
    ck_assert_uint_lt(lines, GAMES / 2);
    free(it.text);
    capture_free(&err);
}
END_TEST

/* -r: a dangling README link does not fail the run; a dangling .pgn link and
 * a tree nested too deep are each reported under their own path and counted
 * as inputs; the files that can be read are read. */
START_TEST(walk_reports_each_entry)
{
    char dir[] = "/tmp/pgnarbiter-walk-XXXXXX", path[4096];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/a.pgn", dir);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("[White \"Rossi\"]\n[Black \"Bianchi\"]\n\n1. e4 e5 *\n", f);
    fclose(f);
    snprintf(path, sizeof path, "%s/README", dir);
    ck_assert_int_eq(symlink("/nonexistent/README", path), 0);

    struct capture out, err;
    const char *args[] = {"check", "-r", dir, NULL};
    ck_assert_int_eq(run_cli(args, &out, &err), CLI_EXIT_OK);
    ck_assert_msg(strstr(err.text, "1 file, 1 game"), "%s", err.text);
    capture_free(&out);
    capture_free(&err);

    snprintf(path, sizeof path, "%s/b.pgn", dir);
    ck_assert_int_eq(symlink("/nonexistent/b.pgn", path), 0);
    char deep[4096];
    int n = snprintf(deep, sizeof deep, "%s/deep", dir);
    for (int i = 0; i < 70; i++) { /* deeper than the walk enters */
        ck_assert_int_eq(mkdir(deep, 0700), 0);
        n += snprintf(deep + n, sizeof deep - (size_t)n, "/d");
    }
    ck_assert_int_eq(run_cli(args, &out, &err), CLI_EXIT_USAGE);
    char want[4200];
    snprintf(want, sizeof want, "pgnarbiter: %s/b.pgn: cannot read input: No such file", dir);
    ck_assert_msg(strstr(err.text, want), "%s", err.text);
    ck_assert_msg(strstr(err.text, "directories nested too deep"), "%s", err.text);
    ck_assert_msg(strstr(err.text, "3 files, 1 game"), "%s", err.text);
    ck_assert_msg(strstr(err.text, "2 inputs could not be read"), "%s", err.text);
    ck_assert_ptr_null(strstr(err.text, "README"));
    capture_free(&out);
    capture_free(&err);

    char cmd[4200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/* -j 256 with little memory (address space 20-100 MB above what the test
 * already holds): fewer jobs, fewer pieces in flight, and the same output
 * as one job - no game lost, no "corrupt".  (Skipped under the sanitizers,
 * whose shadow memory does not live with an address-space limit.) */
START_TEST(jobs_fall_back_when_memory_is_short)
{
#ifdef TEST_SANITIZED
    return;
#else
    char path[] = "/tmp/pgnarbiter-mem-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *pgn = fdopen(fd, "w");
    /* 20 MB of clean games: far more pieces than fit in memory at once */
    for (int i = 0; i < 300000; i++)
        fprintf(pgn, "[White \"Rossi %d\"]\n[Black \"Bianchi\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n",
                i);
    fclose(pgn);
    /* (every game plays 1. e4 e5: duplicates off, this test is about jobs) */
    char *argv1[] = {(char *)"pgnarbiter", (char *)"--format=jsonl", (char *)"--duplicates=off",
                     (char *)"-j1", path, NULL};
    struct capture ref, err;
    capture_begin(&ref);
    capture_begin(&err);
    ck_assert_int_eq(cli_run(5, argv1, ref.f, err.f), CLI_EXIT_OK);
    capture_end(&ref);
    capture_end(&err);
    capture_free(&err);

    /* outputs: the reference's size twice over, allocated before the limit
     * and before the base is measured */
    char *out_buf = malloc(2 * ref.len + 4096);
    ck_assert_ptr_nonnull(out_buf);
    struct rlimit old;
    ck_assert_int_eq(getrlimit(RLIMIT_AS, &old), 0);
    rlim_t base = (rlim_t)test_address_space_in_use();
    static const rlim_t megabytes[] = {20, 30, 45, 70, 100};
    for (size_t k = 0; k < sizeof megabytes / sizeof *megabytes; k++) {
        rlim_t mb = megabytes[k];
        FILE *out = fmemopen(out_buf, 2 * ref.len + 4096, "w");
        ck_assert_ptr_nonnull(out);
        char errbuf[4096];
        FILE *errf = fmemopen(errbuf, sizeof errbuf, "w");
        ck_assert_ptr_nonnull(errf);
        struct rlimit lim = {base + (mb << 20), old.rlim_max};
        ck_assert_int_eq(setrlimit(RLIMIT_AS, &lim), 0);
        char *argv[] = {(char *)"pgnarbiter", (char *)"--format=jsonl", (char *)"--duplicates=off",
                        (char *)"-j256", path, NULL};
        int status = cli_run(5, argv, out, errf);
        ck_assert_int_eq(setrlimit(RLIMIT_AS, &old), 0);
        long n = ftell(out);
        fclose(out);
        fclose(errf);
        errbuf[sizeof errbuf - 1] = '\0';
        ck_assert_msg(strstr(errbuf, "corrupt") == NULL, "%s", errbuf);
        ck_assert_msg(status == CLI_EXIT_OK, "%lu MB: exit %d: %s", (unsigned long)mb, status,
                      errbuf);
        ck_assert_msg((size_t)n == ref.len && memcmp(out_buf, ref.text, ref.len) == 0,
                      "%lu MB: the output differs from one job's: %.*s", (unsigned long)mb, (int)n,
                      out_buf);
    }
    free(out_buf);
    capture_free(&ref);
    unlink(path);
#endif
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
    tc = tcase_create("hostile");
    tcase_set_timeout(tc, 120); /* 20 MB read four times, under sanitizers too */
    tcase_add_test(tc, position_lines_are_never_lost);
    tcase_add_loop_test(tc, closed_pipe_stops_the_run, 0, 2);
    tcase_add_loop_test(tc, interrupt_ends_with_whole_records, 0, 2);
    tcase_add_test(tc, walk_reports_each_entry);
    tcase_add_test(tc, jobs_fall_back_when_memory_is_short);
    suite_add_tcase(s, tc);
    return s;
}
