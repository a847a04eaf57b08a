/*
 * cmd_check.c - `pgnarbiter [check] [OPTIONS] [FILE...]` (SPEC "Commands",
 * "Output"): reads every input in the order given (directories only with -r,
 * their files in sorted order), replays every game, reports each finding in
 * the chosen format, prints a summary on standard error, and returns the exit
 * status: 0 clean, 1 findings, 2 usage error or an unreadable input.  The
 * run itself is api/check_run.c (libpgnarbiter runs the same); this file has
 * the command's own: options, -o/--good/--bad, progress, signals, stderr.
 */
#include "cli/cli.h"

#include "i18n.h"

#include "api/check_run.h"
#include "cli/game_split.h"
#include "diag/diag.h"
#include "pgn/input.h"
#include "jobs/replay_pool.h"
#include "jobs/shard.h"
#include "report/escape.h"
#include "report/report.h"

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "judge/clock_check.h"
#include "pgn/time_control.h"

#include <time.h>
#include <unistd.h>

struct check_options {
    struct check_run_options ro; /* what decides the findings (api/check_run.h) */
    enum report_format format;
    bool quiet;
    const char *output;     /* -o: the file records go to, NULL = stdout */
    const char *good, *bad; /* --good, --bad: where each game's own bytes go */
    enum diag_severity bad_on; /* --bad-on: the least severe finding that makes a game bad */
    bool format_given;
    unsigned long html_max_boards;
};

struct check_cli {
    struct check_options opt;
    struct check_run *run;
    FILE *out;
    struct report *report;
    struct game_split *split;      /* --good/--bad, NULL without them */
    FILE *good, *bad;              /* their files, NULL when not given */
    struct run_totals *totals;     /* the run's (check_run_totals()) */
    FILE *err;
    bool progress;
    bool progress_shown; /* a progress line is on the terminal now */
    bool out_tty;        /* standard output is a terminal (the same one, as a rule) */
    double last_progress;
};

/* Non-zero once the run must stop early: the number of the signal that asked
 * (SIGINT, SIGTERM), or CHECK_HALT_WRITE when the output cannot be written.
 * Set by the signal handler, read by the pool between games
 * (replay_pool_set_halt()). */
#define CHECK_HALT_WRITE (-1)
static volatile sig_atomic_t check_halt;

/* The first SIGINT, SIGTERM or SIGHUP asks the run to stop between two
 * games; a second one removes -o's temporary file (FILE stays as it was) and
 * ends the program as that signal does. */
static void on_signal(int signo)
{
    if (check_halt > 0) {
        struct sigaction dfl;
        memset(&dfl, 0, sizeof dfl);
        dfl.sa_handler = SIG_DFL;
        sigemptyset(&dfl.sa_mask);
        cli_output_unlink_pending();
        sigaction(signo, &dfl, NULL);
        raise(signo); /* delivered when this handler returns */
        return;
    }
    check_halt = signo;
}

#define CHECK_SIGNALS_NB 3
static const int check_signals[CHECK_SIGNALS_NB] = {SIGINT, SIGTERM, SIGHUP};

/* Output that cannot be written (a full disk, a closed pipe with SIGPIPE
 * ignored, a closed standard output): stop reading, there is nobody to tell.
 * The message and the exit status are cli_run()'s, once. */
static void check_output(struct check_cli *run)
{
    if (!check_halt && (ferror(run->out) || (run->good && ferror(run->good)) ||
                        (run->bad && ferror(run->bad))))
        check_halt = CHECK_HALT_WRITE;
}

/* Erase the progress line before anything else goes to the terminal. */
static void erase_progress(struct check_cli *run)
{
    if (run->progress_shown) {
        fputs("\r\033[K", run->err);
        fflush(run->err);
        run->progress_shown = false;
    }
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void sink_diag(void *ctx, const struct diag *d)
{
    struct check_cli *run = ctx;
    if (run->split) game_split_diag(run->split, d);
    if (run->out_tty) erase_progress(run); /* findings go to the same terminal */
    report_diag(run->report, d);
    check_output(run);
}

static void sink_game(void *ctx, const struct game_record *g)
{
    struct check_cli *run = ctx;
    if (run->split) game_split_game(run->split, g); /* its verdict is in: the checks across games too */
    report_game(run->report, g);
    check_output(run);
    /* A progress line only for a person watching a long run. */
    if (run->progress && (run->totals->games & 1023) == 0) {
        double t = now_seconds();
        if (t - run->last_progress >= 0.5) {
            run->last_progress = t;
            putc('\r', run->err);
            unsigned long long errors = run->totals->by_severity[DIAG_ERROR];
            fprintf(run->err, _("pgnarbiter: %llu games, "), (unsigned long long)run->totals->games);
            fprintf(run->err, ngettext("%llu error ...", "%llu errors ...", (unsigned long)errors),
                    errors);
            fflush(run->err);
            run->progress_shown = true;
        }
    }
}

/* An input that was not read: said on standard error at once, even with
 * --quiet (its finding goes to the output with the others). */
static void sink_problem(void *ctx, const char *name, const char *message)
{
    struct check_cli *run = ctx;
    erase_progress(run);
    fputs("pgnarbiter: ", run->err);
    escape_cwrite(run->err, name, ESCAPE_HEX);
    fputs(": ", run->err);
    escape_cwrite(run->err, message, ESCAPE_HEX);
    fputc('\n', run->err);
}

/* --good/--bad: each input's bytes, and its games' verdicts (game_split.h). */
static void sink_input_begin(void *ctx, struct input *in)
{
    struct check_cli *run = ctx;
    game_split_input(run->split, in);
}

static void sink_input_end(void *ctx)
{
    struct check_cli *run = ctx;
    game_split_input_end(run->split);
}

/* -o FILE must not be one of the inputs (the same file however it is named,
 * or a file a -r walk of an input directory would read): the report would
 * replace the games.  Said, and true, before anything is read. */
static bool output_is_input(const struct check_cli *run, const struct cli_output *o,
                            const char *option, char **inputs, int count)
{
    if (!o->exists) return false;
    struct stat st;
    const char *hit = NULL;
    bool walked = false;
    if (count == 0 && fstat(STDIN_FILENO, &st) == 0 && cli_output_same(o, &st))
        hit = run->opt.ro.stdin_name;
    for (int i = 0; i < count && !hit; i++) {
        bool std = strcmp(inputs[i], "-") == 0;
        if (std ? fstat(STDIN_FILENO, &st) != 0 : stat(inputs[i], &st) != 0) continue;
        if (cli_output_same(o, &st)) {
            hit = std ? run->opt.ro.stdin_name : inputs[i];
        } else if (S_ISDIR(st.st_mode) && run->opt.ro.recursive && check_run_walk_wants(o->target)) {
            char *dir = realpath(inputs[i], NULL), *file = realpath(o->target, NULL);
            size_t n = dir ? strlen(dir) : 0;
            if (dir && file && strncmp(file, dir, n) == 0 && (file[n] == '/' || n == 1))
                hit = inputs[i], walked = true;
            free(dir);
            free(file);
        }
    }
    /* --trf FILE and --players FILE are inputs too */
    const char *event_files[2] = {run->opt.ro.trf, run->opt.ro.players};
    for (int i = 0; i < 2 && !hit; i++) {
        if (!event_files[i] || stat(event_files[i], &st) != 0 || !cli_output_same(o, &st))
            continue;
        char *eo = cli_escape_name(o->path), *ef = cli_escape_name(event_files[i]);
        fprintf(run->err,
                i == 0 ? _("pgnarbiter: %s %s is the tournament report file %s: writing there "
                           "would replace it; give another file\n")
                       : _("pgnarbiter: %s %s is the players file %s: writing there would "
                           "replace it; give another file\n"),
                option, eo ? eo : "?", ef ? ef : "?");
        free(eo);
        free(ef);
        return true;
    }
    if (!hit) return false;
    char *eo = cli_escape_name(o->path), *ei = cli_escape_name(hit);
    if (strcmp(option, "-o") != 0) /* --good, --bad */
        fprintf(run->err,
                walked ? _("pgnarbiter: %s %s is a file the -r walk of %s reads: the games written "
                           "there would replace its games; give another file\n")
                       : _("pgnarbiter: %s %s is the input %s: the games written there would replace "
                           "its games; give another file\n"),
                option, eo ? eo : "?", ei ? ei : "?");
    else
        fprintf(run->err,
                walked ? _("pgnarbiter: -o %s is a file the -r walk of %s reads: the report would "
                           "replace its games; write the report to another file\n")
                       : _("pgnarbiter: -o %s is the input %s: the report would replace its games; "
                           "write the report to another file\n"),
                eo ? eo : "?", ei ? ei : "?");
    free(eo);
    free(ei);
    return true;
}

/* A bad --ignore, --select or --severity value: the code or pair named. */
static int control_error(FILE *err, const char *option, const struct diag_control_error *e)
{
    char what[CLI_ARG_SHOWN], v[CLI_ARG_SHOWN];
    snprintf(what, sizeof what, "%.*s", (int)(e->len < 200 ? e->len : 200), e->at);
    cli_arg(v, what);
    switch (e->fault) {
    case DIAG_CONTROL_FIXED_CODE:
        return cli_usage_error(err, NULL,
                               _("the code '%s' cannot be ignored, unselected or changed: an input "
                                 "that was not read never passes unseen"),
                               v);
    case DIAG_CONTROL_BAD_PAIR:
        return cli_usage_error(err, NULL,
                               _("--severity takes CODE=LEVEL (error, warning, note), not '%s'"), v);
    case DIAG_CONTROL_BAD_LEVEL:
        return cli_usage_error(err, NULL, _("unknown level '%s' in --severity (error, warning, note)"),
                               v);
    default:
        return cli_usage_error(err, NULL,
                               _("unknown code '%s' in %s; 'pgnarbiter explain --list' lists the codes"),
                               v, option);
    }
}

/* -o, --good and --bad, in that order. */
#define CHECK_OUTPUTS_NB 3
static const char *const output_options[CHECK_OUTPUTS_NB] = {"-o", "--good", "--bad"};

static void abandon_outputs(struct cli_output *o)
{
    for (int i = 0; i < CHECK_OUTPUTS_NB; i++)
        cli_output_abandon(&o[i]);
}

/* The directory of a file that does not exist yet, as (device, inode). */
static bool directory_of(const char *target, struct stat *st)
{
    const char *slash = strrchr(target, '/');
    if (!slash) return stat(".", st) == 0;
    char *dir = strndup(target, slash == target ? 1 : (size_t)(slash - target));
    bool ok = dir && stat(dir, st) == 0;
    free(dir);
    return ok;
}

/* Two of -o, --good, --bad naming one file (however it is named). */
static bool same_output(const struct cli_output *a, const struct cli_output *b)
{
    if (a->exists || b->exists) return a->exists && b->exists && cli_output_same(a, &b->st);
    const char *na = strrchr(a->target, '/'), *nb = strrchr(b->target, '/');
    struct stat da, db;
    if (strcmp(na ? na + 1 : a->target, nb ? nb + 1 : b->target) != 0) return false;
    if (!directory_of(a->target, &da) || !directory_of(b->target, &db))
        return strcmp(a->target, b->target) == 0;
    return da.st_dev == db.st_dev && da.st_ino == db.st_ino;
}

/* Find and open every output named (names[i], NULL: none): none may be an
 * input or another of them.  False, with a message and nothing left behind,
 * when one cannot be had. */
static bool open_outputs(struct check_cli *run, struct cli_output *o, const char *const *names,
                         char **inputs, int count)
{
    for (int i = 0; i < CHECK_OUTPUTS_NB; i++) {
        memset(&o[i], 0, sizeof o[i]);
        o[i].fd = -1;
    }
    for (int i = 0; i < CHECK_OUTPUTS_NB; i++) {
        if (!names[i]) continue;
        if (!cli_output_find(&o[i], names[i], run->err) ||
            output_is_input(run, &o[i], output_options[i], inputs, count))
            return abandon_outputs(o), false;
        for (int j = 0; j < i; j++) {
            if (names[j] && same_output(&o[j], &o[i])) {
                char *e = cli_escape_name(names[i]);
                fprintf(run->err, _("pgnarbiter: %s and %s name the same file %s; give each its own\n"),
                        output_options[j], output_options[i], e ? e : "?");
                free(e);
                return abandon_outputs(o), false;
            }
        }
    }
    for (int i = 0; i < CHECK_OUTPUTS_NB; i++)
        if (names[i] && !cli_output_open(&o[i], run->err)) return abandon_outputs(o), false;
    return true;
}

/* How many games went to --good and to --bad, on standard error. */
static void split_summary(const struct check_cli *run, const char *const *names)
{
    uint64_t n[2];
    game_split_counts(run->split, &n[0], &n[1]);
    for (int i = 0; i < 2; i++) {
        if (!names[1 + i]) continue;
        char shown[CLI_ARG_SHOWN];
        fputs("pgnarbiter: ", run->err);
        fprintf(run->err,
                i == 0 ? ngettext("%llu game to --good %s", "%llu games to --good %s", (unsigned long)n[i])
                       : ngettext("%llu game to --bad %s", "%llu games to --bad %s", (unsigned long)n[i]),
                (unsigned long long)n[i], cli_arg(shown, names[1 + i]));
        fputc('\n', run->err);
    }
}

/* --clock-delay=S, --clock-slack=S: seconds, with at most three decimals. */
static bool parse_clock_seconds(const char *s, int64_t *ms)
{
    struct time_control tc;
    tc_parse(s, strlen(s), &tc);
    if (tc.kind != TC_PERIODS || tc.free_text || tc.n != 1 || tc.p[0].moves || tc.p[0].inc_ms ||
        tc.p[0].base_ms > (int64_t)CLOCK_OPTION_MAX_S * 1000)
        return false;
    *ms = tc.p[0].base_ms;
    return true;
}

int cmd_check(int argc, char **argv, FILE *out, FILE *err)
{
    enum { OPT_FORMAT = 256, OPT_REPORT, OPT_STRICT, OPT_WERROR, OPT_DUPLICATES, OPT_ROUND_FORM, OPT_NOTATION,
           OPT_ZSTD_WINDOW, OPT_STDIN_NAME, OPT_SHARD, OPT_HTML_MAX_BOARDS, OPT_IGNORE, OPT_SELECT,
           OPT_SEVERITY, OPT_CONFIG, OPT_NO_CONFIG, OPT_AFTER_ILLEGAL, OPT_TRF, OPT_PLAYERS,
           OPT_TRF_REQUIRE_ALL, OPT_CLOCK_DELAY, OPT_CLOCK_SLACK, OPT_GOOD, OPT_BAD,
           OPT_BAD_ON };
    static const struct option longopts[] = {
        {"format", required_argument, NULL, OPT_FORMAT},
        {"report", required_argument, NULL, OPT_REPORT},
        {"strict", no_argument, NULL, OPT_STRICT},
        {"werror", no_argument, NULL, OPT_WERROR},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {"recursive", no_argument, NULL, 'r'},
        {"jobs", required_argument, NULL, 'j'},
        {"duplicates", required_argument, NULL, OPT_DUPLICATES},
        {"round-form", required_argument, NULL, OPT_ROUND_FORM},
        {"notation", required_argument, NULL, OPT_NOTATION},
        {"after-illegal", required_argument, NULL, OPT_AFTER_ILLEGAL},
        {"zstd-window-max", required_argument, NULL, OPT_ZSTD_WINDOW},
        {"stdin-name", required_argument, NULL, OPT_STDIN_NAME},
        {"shard", required_argument, NULL, OPT_SHARD},
        {"output", required_argument, NULL, 'o'},
        {"html-max-boards", required_argument, NULL, OPT_HTML_MAX_BOARDS},
        {"ignore", required_argument, NULL, OPT_IGNORE},
        {"select", required_argument, NULL, OPT_SELECT},
        {"severity", required_argument, NULL, OPT_SEVERITY},
        {"config", required_argument, NULL, OPT_CONFIG},
        {"no-config", no_argument, NULL, OPT_NO_CONFIG},
        {"trf", required_argument, NULL, OPT_TRF},
        {"players", required_argument, NULL, OPT_PLAYERS},
        {"trf-require-all", no_argument, NULL, OPT_TRF_REQUIRE_ALL},
        {"clock-delay", required_argument, NULL, OPT_CLOCK_DELAY},
        {"clock-slack", required_argument, NULL, OPT_CLOCK_SLACK},
        {"good", required_argument, NULL, OPT_GOOD},
        {"bad", required_argument, NULL, OPT_BAD},
        {"bad-on", required_argument, NULL, OPT_BAD_ON},
        {NULL, 0, NULL, 0},
    };
    struct check_cli run;
    memset(&run, 0, sizeof run);
    run.out = out;
    run.err = err;
    run.opt.format = REPORT_TEXT;
    run.opt.html_max_boards = REPORT_HTML_MAX_BOARDS;
    check_run_options_init(&run.opt.ro);
    struct diag_control_error ce;

    /* GNU order: options anywhere among the files (getopt_long() moves the
     * files to the end of argv), '--' ends the options, -qr is -q -r.  optind
     * 0 resets getopt: cli_run may be called more than once (tests). */
    optind = 0;
    opterr = 0;
    int c;
    char v[CLI_ARG_SHOWN]; /* a bad option value, escaped for the message */
    while ((c = getopt_long(argc, argv, ":hqrj:o:", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_FORMAT:
            if (!report_parse_format(optarg, &run.opt.format))
                return cli_usage_error(err, NULL,
                                       _("unknown --format '%s' (text, jsonl, github, sarif, html)"),
                                       cli_arg(v, optarg));
            run.opt.format_given = true;
            break;
        case OPT_REPORT:
            if (strcmp(optarg, "games") != 0)
                return cli_usage_error(err, NULL, _("unknown --report '%s' (games)"), cli_arg(v, optarg));
            run.opt.ro.games_records = true;
            break;
        case OPT_DUPLICATES:
            if (!collection_parse_duplicates(optarg, &run.opt.ro.duplicates))
                return cli_usage_error(err, NULL, _("unknown --duplicates '%s' (off, moves, strict)"),
                                       cli_arg(v, optarg));
            break;
        case OPT_ROUND_FORM:
            if (!collection_parse_round_form(optarg, &run.opt.ro.round_form))
                return cli_usage_error(err, NULL, _("unknown --round-form '%s' (auto, board, game)"),
                                       cli_arg(v, optarg));
            break;
        case OPT_HTML_MAX_BOARDS: {
            char *end;
            errno = 0;
            unsigned long n = strtoul(optarg, &end, 10);
            if (optarg[0] < '0' || optarg[0] > '9' || *end || errno)
                return cli_usage_error(err, NULL, _("--html-max-boards takes a number, not '%s'"),
                                       cli_arg(v, optarg));
            run.opt.html_max_boards = n;
            break;
        }
        case OPT_IGNORE:
        case OPT_SELECT: {
            bool ignore = c == OPT_IGNORE;
            if (!diag_control_parse_codes(ignore ? run.opt.ro.spec.ignore : run.opt.ro.spec.select,
                                          optarg, &ce))
                return control_error(err, ignore ? "--ignore" : "--select", &ce);
            if (ignore) run.opt.ro.spec.ignore_given = true;
            else run.opt.ro.spec.select_given = true;
            break;
        }
        case OPT_SEVERITY:
            if (!diag_control_parse_severities(&run.opt.ro.spec, optarg, &ce))
                return control_error(err, "--severity", &ce);
            break;
        case OPT_CLOCK_DELAY:
        case OPT_CLOCK_SLACK: {
            int64_t *to = c == OPT_CLOCK_DELAY ? &run.opt.ro.clock_delay_ms : &run.opt.ro.clock_slack_ms;
            if (!parse_clock_seconds(optarg, to))
                return cli_usage_error(err, NULL,
                                       _("%s takes seconds from 0 to %d, such as 5 or 1.5, not '%s'"),
                                       c == OPT_CLOCK_DELAY ? "--clock-delay" : "--clock-slack",
                                       CLOCK_OPTION_MAX_S, cli_arg(v, optarg));
            break;
        }
        case OPT_CONFIG:
            run.opt.ro.config = optarg;
            break;
        case OPT_NO_CONFIG:
            run.opt.ro.no_config = true;
            break;
        case OPT_TRF:
            run.opt.ro.trf = optarg;
            break;
        case OPT_PLAYERS:
            run.opt.ro.players = optarg;
            break;
        case OPT_TRF_REQUIRE_ALL:
            run.opt.ro.trf_require_all = true;
            break;
        case OPT_STRICT:
            run.opt.ro.strict = true;
            break;
        case OPT_WERROR:
            run.opt.ro.werror = true;
            break;
        case 'h':
            cli_usage(out, "check");
            return CLI_EXIT_OK;
        case 'q':
            run.opt.quiet = true;
            break;
        case 'r':
            run.opt.ro.recursive = true;
            break;
        case 'j':
            if (!cli_parse_jobs(optarg, &run.opt.ro.jobs))
                return cli_usage_error(
                    err, NULL, _("--jobs takes a number from 0 (one per processor) to %s, not '%s'"),
                    CLI_JOBS_MAX_TEXT, cli_arg(v, optarg));
            break;
        case OPT_NOTATION:
            if (!nota_parse_mode(optarg, &run.opt.ro.notation))
                return cli_usage_error(
                    err, NULL, _("unknown --notation '%s' (auto, en, it, es, fr, de, nl, figurine)"),
                    cli_arg(v, optarg));
            break;
        case OPT_AFTER_ILLEGAL:
            if (strcmp(optarg, "stop") != 0 && strcmp(optarg, "continue") != 0)
                return cli_usage_error(err, NULL,
                                       _("unknown --after-illegal '%s' (stop, continue)"),
                                       cli_arg(v, optarg));
            run.opt.ro.after_illegal_stop = strcmp(optarg, "stop") == 0;
            break;
        case OPT_ZSTD_WINDOW:
            if (!cli_parse_size(optarg, &run.opt.ro.zstd_window_max))
                return cli_usage_error(err, NULL, _("--zstd-window-max takes a size in bytes, such as 134217728 or 128M, not '%s'"), cli_arg(v, optarg));
            break;
        case OPT_STDIN_NAME:
            if (!optarg[0]) return cli_usage_error(err, NULL, "%s", _("--stdin-name needs a name that is not empty"));
            run.opt.ro.stdin_name = optarg;
            break;
        case 'o':
            run.opt.output = optarg;
            break;
        case OPT_GOOD:
            run.opt.good = optarg;
            break;
        case OPT_BAD:
            run.opt.bad = optarg;
            break;
        case OPT_BAD_ON:
            if (strcmp(optarg, "error") == 0)
                run.opt.bad_on = DIAG_ERROR;
            else if (strcmp(optarg, "warning") == 0)
                run.opt.bad_on = DIAG_WARNING;
            else
                return cli_usage_error(err, NULL, _("unknown --bad-on '%s' (error, warning)"),
                                       cli_arg(v, optarg));
            break;
        case OPT_SHARD:
            if (!shard_parse(optarg, &run.opt.ro.shard_k, &run.opt.ro.shard_n))
                return cli_usage_error(err, NULL, _("--shard takes K/N with 1 <= K <= N, such as 3/8, not '%s'"),
                                   cli_arg(v, optarg));
            break;
        default: /* '?' or ':' */
            return cli_getopt_error(err, NULL, c, argc, argv);
        }
    }
    if (run.opt.ro.shard_n) {
        if (run.opt.format_given && run.opt.format != REPORT_JSONL)
            return cli_usage_error(err, NULL, "%s", _("--shard writes jsonl for 'pgnarbiter merge'; use --format=jsonl"));
        run.opt.format = REPORT_JSONL;
        if (argc - optind != 1 || strcmp(argv[optind], "-") == 0)
            return cli_usage_error(err, NULL, "%s", _("--shard reads exactly one FILE, not standard input"));
        if (run.opt.ro.jobs != 1)
            return cli_usage_error(err, NULL, "%s", _("--shard runs on one thread; run more shards instead of --jobs"));
        if (run.opt.good || run.opt.bad)
            return cli_usage_error(err, NULL, "%s", _("--good and --bad need the whole input; run them without --shard"));
    }
    if ((run.opt.ro.players || run.opt.ro.trf_require_all) && !run.opt.ro.trf)
        return cli_usage_error(err, NULL, "%s",
                               _("--players and --trf-require-all need --trf FILE"));
    if (run.opt.ro.config && run.opt.ro.no_config)
        return cli_usage_error(err, NULL, "%s", _("--config and --no-config cannot both be given"));
    /* The sink, the per-code control settled (api/check_run.h) */
    bool html = run.opt.format == REPORT_HTML;
    struct check_run_sink rs = {&run, sink_diag, sink_game, sink_problem, NULL, NULL, html};
    if (run.opt.good || run.opt.bad) rs.input_begin = sink_input_begin, rs.input_end = sink_input_end;
    char why[CHECK_RUN_WHY_MAX];
    enum check_run_error rerr;
    run.run = check_run_new(&run.opt.ro, &rs, &rerr, why, sizeof why);
    if (!run.run) {
        if (rerr == CHECK_RUN_MEMORY) return fputs(_("pgnarbiter: out of memory\n"), err), CLI_EXIT_USAGE;
        return cli_usage_error(err, NULL, "%s", why);
    }
    run.opt.ro = *check_run_settled(run.run);
    run.totals = check_run_totals(run.run);
    if (run.opt.ro.games_records && run.opt.format != REPORT_JSONL) {
        check_run_free(run.run);
        return cli_usage_error(err, NULL, "%s", _("--report=games needs --format=jsonl"));
    }
    /* --trf FILE without games: the TRF alone */
    bool trf_alone = run.opt.ro.trf && optind >= argc && !run.opt.ro.shard_n;
    if (optind >= argc && !trf_alone && err == stderr && isatty(STDIN_FILENO)) {
        /* No file and standard input is a terminal: nobody is piping PGN in,
         * so say what the program wants instead of waiting silently. */
        fputs(_("pgnarbiter: no input: give PGN files to check, or pipe PGN into standard input "
                "('-' reads the terminal).\n"),
              err);
        cli_try_help(err, NULL);
        check_run_free(run.run);
        return CLI_EXIT_USAGE;
    }

    if (run.opt.ro.trf && (rerr = check_run_open_event(run.run, why, sizeof why)) != CHECK_RUN_OK) {
        if (rerr == CHECK_RUN_MEMORY)
            fputs(_("pgnarbiter: out of memory\n"), err);
        else
            fprintf(err, "pgnarbiter: %s\n", why);
        check_run_free(run.run);
        return CLI_EXIT_USAGE;
    }
    /* -o, --good, --bad: each its own file, none of them an input */
    struct cli_output outputs[CHECK_OUTPUTS_NB];
    const char *names[CHECK_OUTPUTS_NB] = {run.opt.output, run.opt.good, run.opt.bad};
    if (!open_outputs(&run, outputs, names, argv + optind, argc - optind)) {
        check_run_free(run.run);
        return CLI_EXIT_USAGE;
    }
    if (run.opt.output) out = run.out = outputs[0].f; /* what check_output() watches */
    if (run.opt.good || run.opt.bad) {
        run.good = outputs[1].f;
        run.bad = outputs[2].f;
        run.split = game_split_new(run.good, run.bad, run.opt.bad_on);
        if (!run.split) {
            fputs(_("pgnarbiter: out of memory\n"), err);
            abandon_outputs(outputs);
            check_run_free(run.run);
            return CLI_EXIT_USAGE;
        }
    }
    /* A shard always writes a record per game: merge runs the checks across
     * games from them.  Without --report=games it is the short "game_key"
     * (report_set_shard()), which holds only what those checks need. */
    const struct diag_control *ctl = check_run_control(run.run);
    run.report = report_new_controlled(run.opt.format, out, run.opt.ro.games_records, ctl);
    if (run.report) report_set_html_max_boards(run.report, run.opt.html_max_boards);
    /* Not enough memory (or threads) for N jobs: fewer, halving down to one. */
    unsigned jobs = 0;
    bool started = run.report && check_run_start(run.run, &jobs);
    if (jobs && jobs != run.opt.ro.jobs)
        fprintf(err,
                _("pgnarbiter: cannot start %u jobs (out of memory or threads); using %u\n"),
                run.opt.ro.jobs, jobs);
    if (!started) {
        report_free(run.report);
        check_run_free(run.run);
        fputs(_("pgnarbiter: out of memory\n"), err);
        abandon_outputs(outputs);
        return CLI_EXIT_USAGE;
    }
    run.progress = !run.opt.quiet && err == stderr && isatty(fileno(stderr));
    run.out_tty = out == stdout && isatty(STDOUT_FILENO);
    run.last_progress = now_seconds();

    /* SIGINT, SIGTERM, SIGHUP: finish the game and the record being written,
     * then the summary so far, marked as interrupted; -o FILE is left as it
     * was.  A second signal ends the program (on_signal()). */
    check_halt = 0;
    check_run_set_halt(run.run, &check_halt);
    struct sigaction sa, old_sa[CHECK_SIGNALS_NB];
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < CHECK_SIGNALS_NB; i++)
        sigaddset(&sa.sa_mask, check_signals[i]);
    sa.sa_flags = SA_RESTART;
    for (int i = 0; i < CHECK_SIGNALS_NB; i++)
        sigaction(check_signals[i], &sa, &old_sa[i]);

    struct report_shard shard_info;
    if (run.opt.ro.shard_n) {
        report_set_shard(run.report, run.opt.ro.shard_k, run.opt.ro.shard_n);
        if (!check_run_shard(run.run, argv[optind], &shard_info, why, sizeof why)) {
            /* why names the file: escaped */
            fputs("pgnarbiter: ", err);
            escape_cwrite(err, why, ESCAPE_HEX);
            fputc('\n', err);
            check_run_free(run.run);
            report_free(run.report);
            abandon_outputs(outputs);
            for (int i = 0; i < CHECK_SIGNALS_NB; i++)
                sigaction(check_signals[i], &old_sa[i], NULL);
            return CLI_EXIT_USAGE;
        }
    } else if (optind >= argc && !trf_alone) {
        check_run_path(run.run, "-");
    }
    for (int i = optind; i < argc && !run.opt.ro.shard_n && !check_halt; i++)
        check_run_path(run.run, argv[i]);

    int signo = check_halt > 0 ? check_halt : 0;
    check_run_finish(run.run, trf_alone, signo);
    check_output(&run);
    /* a failed write is cli_run()'s to report (exit 2) */
    if (check_halt != CHECK_HALT_WRITE) report_finish(run.report, run.totals);
    if (run.progress) fputs("\r\033[K", err);
    const char *config_used = check_run_config_used(run.run);
    if (!run.opt.quiet && config_used[0]) {
        char shown[CLI_ARG_SHOWN];
        fputs("pgnarbiter: ", err);
        fprintf(err, _("settings from %s"), cli_arg(shown, config_used));
        fputc('\n', err);
    }
    if (!run.opt.quiet)
        report_summary(err, run.totals);
    else
        report_interrupted(err, run.totals);
    if (!run.opt.quiet && run.split) split_summary(&run, names);
    int status = run.totals->status;
    check_run_free(run.run);
    report_free(run.report);
    /* -o FILE takes the records only of a run that ended */
    bool whole = signo == 0 && (!run.split || game_split_whole(run.split));
    if (run.split && !game_split_whole(run.split))
        fputs(_("pgnarbiter: a game too long to hold in memory: --good and --bad are left as they "
                "were\n"),
              err);
    game_split_free(run.split);
    bool closed = true;
    for (int i = 0; i < CHECK_OUTPUTS_NB; i++)
        if (outputs[i].f && !cli_output_close(&outputs[i], whole, err)) closed = false;
    if (run.split && !whole && !signo) closed = false;
    for (int i = 0; i < CHECK_SIGNALS_NB; i++)
        sigaction(check_signals[i], &old_sa[i], NULL);
    return closed || signo ? status : CLI_EXIT_USAGE;
}
