/*
 * cmd_check.c - `pgnarbiter [check] [OPTIONS] [FILE...]` (SPEC "Commands",
 * "Output"): reads every input in the order given (directories only with -r,
 * their files in sorted order), replays every game, reports each finding in
 * the chosen format, prints a summary on standard error, and returns the exit
 * status: 0 clean, 1 findings, 2 usage error or an unreadable input.
 */
#include "cli/cli.h"

#include "i18n.h"

#include "diag/diag.h"
#include "judge/game.h"
#include "pgn/input.h"
#include "jobs/replay_pool.h"
#include "report/report.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct check_options {
    enum report_format format;
    bool games_records;
    bool strict;
    bool werror;
    bool quiet;
    bool recursive;
    unsigned jobs; /* replay threads; 1 = this thread only */
};

struct check_run {
    struct check_options opt;
    struct report *report;
    struct replay_pool *pool;
    struct run_totals totals;
    FILE *err;
    bool progress;
    double started, last_progress;
};

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void sink_diag(void *ctx, const struct diag *d)
{
    struct check_run *run = ctx;
    run->totals.by_severity[d->severity]++;
    run->totals.by_code[d->code]++;
    report_diag(run->report, d);
}

static void sink_game(void *ctx, const struct game_record *g)
{
    struct check_run *run = ctx;
    run->totals.games++;
    if (!g->judged) run->totals.games_skipped++;
    report_game(run->report, g);
    /* A progress line only for a person watching a long run. */
    if (run->progress && (run->totals.games & 1023) == 0) {
        double t = now_seconds();
        if (t - run->last_progress >= 0.5) {
            run->last_progress = t;
            putc('\r', run->err);
            fprintf(run->err, _("pgnarbiter: %llu games, %llu errors ..."),
                    (unsigned long long)run->totals.games,
                    (unsigned long long)run->totals.by_severity[DIAG_ERROR]);
            fflush(run->err);
        }
    }
}

/* A file-level finding (no game): unreadable input and the like. */
static void input_problem(struct check_run *run, const char *name, const char *why)
{
    struct diag d;
    char message[1024];
    snprintf(message, sizeof message, _("cannot read input: %s"), why);
    diag_init(&d, DIAG_INPUT, NULL, message);
    d.file = name;
    replay_pool_finding(run->pool, &d);
}

static void check_one_input(struct check_run *run, const char *path)
{
    char why[512] = "";
    struct input *in = input_open(path, why, sizeof why);
    const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
    run->totals.files++;
    if (!in) {
        run->totals.files_unreadable++;
        input_problem(run, name, why[0] ? why : _("unknown error"));
        return;
    }
    replay_pool_set_file(run->pool, name);
    uint64_t bytes = 0;
    if (!replay_pool_read(run->pool, in, &bytes)) {
        run->totals.files_unreadable++;
        input_problem(run, name, _("out of memory"));
    }
    run->totals.bytes += bytes;
    input_close(in);
}

/* Files a -r walk reads: PGN, possibly compressed.  Named files are always read. */
static bool walk_wants(const char *path)
{
    static const char *const suffixes[] = {".pgn", ".pgn.gz", ".pgn.zst", ".PGN"};
    size_t len = strlen(path);
    for (size_t i = 0; i < sizeof suffixes / sizeof *suffixes; i++) {
        size_t n = strlen(suffixes[i]);
        if (len > n && strcmp(path + len - n, suffixes[i]) == 0) return true;
    }
    return false;
}

static int walk_one(void *ctx, const char *path)
{
    if (walk_wants(path)) check_one_input(ctx, path);
    return 0;
}

static void check_path(struct check_run *run, const char *path)
{
    struct stat st;
    if (strcmp(path, "-") == 0 || stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
        check_one_input(run, path);
        return;
    }
    if (!run->opt.recursive) {
        run->totals.files++;
        run->totals.files_unreadable++;
        input_problem(run, path, _("is a directory (use -r to check the files in it)"));
        return;
    }
    char why[512] = "";
    if (input_walk(path, walk_one, run, why, sizeof why) < 0) {
        run->totals.files_unreadable++;
        input_problem(run, path, why[0] ? why : _("cannot walk the directory"));
    }
}

static int usage_error(FILE *err, const char *fmt, const char *arg)
{
    fputs("pgnarbiter: ", err);
    fprintf(err, fmt, arg);
    fputs(_("\nTry 'pgnarbiter --help'.\n"), err);
    return CLI_EXIT_USAGE;
}

int cmd_check(int argc, char **argv, FILE *out, FILE *err)
{
    enum { OPT_FORMAT = 256, OPT_REPORT, OPT_STRICT, OPT_WERROR, OPT_QUIET };
    static const struct option longopts[] = {
        {"format", required_argument, NULL, OPT_FORMAT},
        {"report", required_argument, NULL, OPT_REPORT},
        {"strict", no_argument, NULL, OPT_STRICT},
        {"werror", no_argument, NULL, OPT_WERROR},
        {"quiet", no_argument, NULL, OPT_QUIET},
        {"recursive", no_argument, NULL, 'r'},
        {"jobs", required_argument, NULL, 'j'},
        {NULL, 0, NULL, 0},
    };
    struct check_run run;
    memset(&run, 0, sizeof run);
    run.err = err;
    run.opt.format = REPORT_TEXT;
    run.opt.jobs = 1;

    optind = 0; /* reset getopt: cli_run may be called more than once (tests) */
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, "+:rj:", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_FORMAT:
            if (!report_parse_format(optarg, &run.opt.format))
                return usage_error(err, _("unknown --format '%s' (text, jsonl, github, sarif)"),
                                   optarg);
            break;
        case OPT_REPORT:
            if (strcmp(optarg, "games") != 0)
                return usage_error(err, _("unknown --report '%s' (games)"), optarg);
            run.opt.games_records = true;
            break;
        case OPT_STRICT:
            run.opt.strict = true;
            break;
        case OPT_WERROR:
            run.opt.werror = true;
            break;
        case OPT_QUIET:
            run.opt.quiet = true;
            break;
        case 'r':
            run.opt.recursive = true;
            break;
        case 'j':
            if (!cli_parse_jobs(optarg, &run.opt.jobs))
                return usage_error(err, _("--jobs takes a number from 0 (one per processor) to %s"),
                                   CLI_JOBS_MAX_TEXT);
            break;
        case ':':
            return usage_error(err, _("option '%s' needs a value"), argv[optind - 1]);
        default:
            return usage_error(err, _("unknown option '%s'"), argv[optind - 1]);
        }
    }
    if (run.opt.games_records && run.opt.format != REPORT_JSONL)
        return usage_error(err, "%s", _("--report=games needs --format=jsonl"));

    run.report = report_new(run.opt.format, out, run.opt.games_records);
    struct game_sink sink = {&run, sink_diag, sink_game};
    run.pool = replay_pool_new(run.opt.jobs, &sink, run.opt.strict);
    if (!run.pool && run.opt.jobs > 1) {
        fprintf(err, _("pgnarbiter: cannot start %u jobs (out of memory or threads); using one\n"),
                run.opt.jobs);
        run.pool = replay_pool_new(1, &sink, run.opt.strict);
    }
    if (!run.report || !run.pool) {
        report_free(run.report);
        replay_pool_free(run.pool);
        fputs(_("pgnarbiter: out of memory\n"), err);
        return CLI_EXIT_USAGE;
    }
    run.progress = !run.opt.quiet && err == stderr && isatty(fileno(stderr));
    run.started = run.last_progress = now_seconds();

    if (optind >= argc) check_path(&run, "-");
    for (int i = optind; i < argc; i++)
        check_path(&run, argv[i]);

    replay_pool_finish(run.pool);
    run.totals.seconds = now_seconds() - run.started;
    report_finish(run.report, &run.totals);
    if (run.progress) fputs("\r\033[K", err);
    if (!run.opt.quiet) report_summary(err, &run.totals);
    replay_pool_free(run.pool);
    report_free(run.report);

    if (run.totals.files_unreadable || run.totals.by_code[DIAG_INPUT]) return CLI_EXIT_USAGE;
    if (run.totals.by_severity[DIAG_ERROR] ||
        (run.opt.werror && run.totals.by_severity[DIAG_WARNING]))
        return CLI_EXIT_FINDINGS;
    return CLI_EXIT_OK;
}
