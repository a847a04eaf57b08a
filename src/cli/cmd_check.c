/*
 * cmd_check.c - `pgnarbiter [check] [OPTIONS] [FILE...]` (SPEC "Commands",
 * "Output"): reads every input in the order given (directories only with -r,
 * their files in sorted order), replays every game, reports each finding in
 * the chosen format, prints a summary on standard error, and returns the exit
 * status: 0 clean, 1 findings, 2 usage error or an unreadable input.
 */
#include "cli/cli.h"

#include "i18n.h"

#include "cli/config_file.h"
#include "cli/game_split.h"
#include "diag/diag.h"
#include "diag/diag_control.h"
#include "judge/collection.h"
#include "judge/game.h"
#include "judge/trf_match.h"
#include "pgn/input.h"
#include "jobs/frame_reader.h"
#include "jobs/replay_pool.h"
#include "jobs/shard.h"
#include "report/escape.h"
#include "report/report.h"
#include "trf/trf.h"

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

/* The largest --players file read. */
#define CHECK_PLAYERS_BYTES_MAX (1u << 20)

struct check_options {
    enum report_format format;
    bool games_records;
    bool strict;
    bool werror;
    bool quiet;
    bool recursive;
    unsigned jobs; /* replay threads; 1 = this thread only */
    enum collection_duplicates duplicates;
    enum collection_round_form round_form; /* --round-form */
    enum nota_mode notation; /* --notation= */
    bool after_illegal_stop; /* --after-illegal=stop */
    int64_t clock_delay_ms, clock_slack_ms; /* --clock-delay, --clock-slack */
    uint64_t zstd_window_max;
    const char *stdin_name; /* --stdin-name: how standard input is named */
    const char *output;     /* -o: the file records go to, NULL = stdout */
    const char *good, *bad; /* --good, --bad: where each game's own bytes go */
    enum diag_severity bad_on; /* --bad-on: the least severe finding that makes a game bad */
    unsigned shard_k, shard_n; /* --shard K/N; 0 = none */
    bool format_given;
    unsigned long html_max_boards;
    /* --ignore, --select, --severity as given here (they override the
     * settings file's), --config, --no-config */
    struct diag_control_spec spec;
    const char *config;
    bool no_config;
    const char *trf;     /* --trf FILE: the event's tournament report file */
    const char *players; /* --players FILE: "name = FIDE id" lines */
    bool trf_require_all;
};

struct check_run {
    struct check_options opt;
    struct diag_control control; /* the per-code control, built once */
    char control_line[DIAG_CONTROL_LINE_MAX]; /* its canonical line, for merge */
    char config_used[4096]; /* the settings file read, "" for none */
    FILE *out;
    struct report *report;
    struct replay_pool *pool;
    struct collection *collection; /* checks across games, fed in input order */
    struct trf *trf;               /* --trf, held whole */
    struct trf_match *trf_match;   /* its pairings against the games, in input order */
    struct trf_held *trf_held;     /* the TRF's own findings, until the report is made */
    size_t trf_nheld, trf_held_cap;
    struct game_split *split;      /* --good/--bad, NULL without them */
    FILE *good, *bad;              /* their files, NULL when not given */
    struct run_totals totals;
    FILE *err;
    bool progress;
    bool progress_shown; /* a progress line is on the terminal now */
    bool out_tty;        /* standard output is a terminal (the same one, as a rule) */
    double started, last_progress;
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
static void check_output(struct check_run *run)
{
    if (!check_halt && (ferror(run->out) || (run->good && ferror(run->good)) ||
                        (run->bad && ferror(run->bad))))
        check_halt = CHECK_HALT_WRITE;
}

/* Erase the progress line before anything else goes to the terminal. */
static void erase_progress(struct check_run *run)
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
    struct check_run *run = ctx;
    run->totals.by_severity[d->severity]++;
    run->totals.by_code[d->code]++;
    if (run->split) game_split_diag(run->split, d);
    if (run->out_tty) erase_progress(run); /* findings go to the same terminal */
    report_diag(run->report, d);
    check_output(run);
}

static void sink_game(void *ctx, const struct game_record *judged)
{
    struct check_run *run = ctx;
    struct game_record copy = *judged, *g = &copy;
    /* A shard sees only its own games: merge runs these checks over all of them. */
    if (run->collection) collection_game(run->collection, g, sink_diag, run);
    if (run->trf_match) {
        trf_match_game(run->trf_match, g, sink_diag, run);
        unsigned r, w, b; /* what a shard tells merge it matched */
        trf_match_last(run->trf_match, &r, &w, &b);
        if (w) g->trf_round = (uint16_t)r, g->trf_white = (uint16_t)w, g->trf_black = (uint16_t)b;
    }
    if (run->split) game_split_game(run->split, g); /* its verdict is in: the checks across games too */
    run->totals.games++;
    if (!g->judged) run->totals.games_skipped++;
    report_game(run->report, g);
    check_output(run);
    /* A progress line only for a person watching a long run. */
    if (run->progress && (run->totals.games & 1023) == 0) {
        double t = now_seconds();
        if (t - run->last_progress >= 0.5) {
            run->last_progress = t;
            putc('\r', run->err);
            unsigned long long errors = run->totals.by_severity[DIAG_ERROR];
            fprintf(run->err, _("pgnarbiter: %llu games, "), (unsigned long long)run->totals.games);
            fprintf(run->err, ngettext("%llu error ...", "%llu errors ...", (unsigned long)errors),
                    errors);
            fflush(run->err);
            run->progress_shown = true;
        }
    }
}

/* A file-level finding (no game): unreadable input and the like.  It goes to
 * the output with the findings, and to standard error at once, even with
 * --quiet: an input that was not read must never pass unseen. */
static void input_problem(struct check_run *run, const char *name, const char *why)
{
    struct diag d;
    char message[1024];
    snprintf(message, sizeof message, _("cannot read input: %s"), why);
    erase_progress(run);
    fputs("pgnarbiter: ", run->err);
    escape_cwrite(run->err, name, ESCAPE_HEX);
    fputs(": ", run->err);
    escape_cwrite(run->err, message, ESCAPE_HEX);
    fputc('\n', run->err);
    diag_init(&d, DIAG_INPUT, NULL, message);
    d.file = name;
    replay_pool_finding(run->pool, &d);
}

static void check_one_input(struct check_run *run, const char *path)
{
    char why[512] = "";
    const char *name = strcmp(path, "-") == 0 ? run->opt.stdin_name : path;
    /* --good/--bad: what came before is delivered (game_split.h) */
    if (run->split) replay_pool_drain(run->pool);
    /* With --jobs, a file of several zstd frames or BGZF blocks is decoded
     * on helper threads too (jobs/frame_reader.h): the same bytes. */
    struct frame_reader *fr =
        run->opt.jobs > 1 && strcmp(path, "-") != 0
            ? frame_reader_open(path, name, frame_reader_helpers(run->opt.jobs),
                                run->opt.zstd_window_max)
            : NULL;
    struct input *in = fr ? frame_reader_input(fr) : input_open(path, why, sizeof why);
    run->totals.files++;
    if (!in) {
        run->totals.files_unreadable++;
        input_problem(run, name, why[0] ? why : _("unknown error"));
        return;
    }
    input_set_zstd_window_max(in, run->opt.zstd_window_max);
    replay_pool_set_file(run->pool, name);
    if (run->split) game_split_input(run->split, in);
    uint64_t bytes = 0;
    if (!replay_pool_read(run->pool, in, &bytes)) {
        run->totals.files_unreadable++;
        input_problem(run, name, _("out of memory"));
    }
    if (run->split) {
        replay_pool_drain(run->pool); /* every game of this input has its verdict */
        game_split_input_end(run->split);
    }
    run->totals.bytes += bytes;
    run->totals.lines += input_lines(in);
    if (fr)
        frame_reader_close(fr);
    else
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
    return check_halt != 0; /* interrupted, or the output is gone: stop */
}

/* An entry of a -r walk that cannot be read, reported under its own path and
 * counted as an input, as a named file would be - unless it is a name the
 * walk would not read anyway (a dangling README link). */
static void walk_problem(void *ctx, const char *path, const char *why, bool entry)
{
    struct check_run *run = ctx;
    if (entry && !walk_wants(path)) return;
    run->totals.files++;
    run->totals.files_unreadable++;
    input_problem(run, path, why);
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
    input_walk_each(path, walk_one, walk_problem, run);
}

/* --shard K/N FILE (jobs/shard.h); CLI_EXIT_USAGE with advice on err when
 * the file cannot be cut. */
static int check_shard(struct check_run *run, const char *path, struct report_shard *info)
{
    struct shard_report r;
    char why[512];
    run->totals.files++;
    replay_pool_set_file(run->pool, path);
    report_set_shard(run->report, run->opt.shard_k, run->opt.shard_n);
    int st = shard_read(run->pool, path, run->opt.shard_k, run->opt.shard_n,
                        run->opt.zstd_window_max, &r, why, sizeof why);
    if (st == SHARD_CANNOT_SPLIT) { /* why names the file: escaped */
        fputs("pgnarbiter: ", run->err);
        escape_cwrite(run->err, why, ESCAPE_HEX);
        fputc('\n', run->err);
        return CLI_EXIT_USAGE;
    }
    *info = (struct report_shard){path,
                                  r.k,
                                  r.n,
                                  r.start.range,
                                  r.end.range,
                                  r.start.cut,
                                  r.end.cut,
                                  r.confirmed,
                                  r.input_failed,
                                  collection_duplicates_name(run->opt.duplicates),
                                  collection_round_form_name(run->opt.round_form),
                                  run->opt.strict,
                                  run->opt.werror,
                                  run->opt.games_records,
                                  run->control_line,
                                  r.has_identity,
                                  r.input_changed,
                                  r.input_size,
                                  r.input_sample,
                                  run->opt.trf,
                                  run->trf ? run->trf->hash : 0,
                                  run->opt.trf_require_all};
    run->totals.shard = info;
    if (st == SHARD_UNREADABLE) {
        run->totals.files_unreadable++;
        input_problem(run, path, why[0] ? why : _("unknown error"));
        return CLI_EXIT_OK;
    }
    run->totals.bytes = r.bytes;
    run->totals.lines = r.lines;
    if (r.input_changed)
        input_problem(run, path,
                      _("the file changed while the shard read it; run every shard again on the "
                        "file as it now is"));
    if (!r.confirmed && !r.input_failed && !r.halted) { /* a failed input was reported as it failed */
        snprintf(why, sizeof why,
                 _("shard %u/%u ends at a cut (%llu bytes into range %u) where no game starts when "
                   "the file is read from the shard's start. Run this file with fewer shards or as "
                   "one job."),
                 r.k, r.n, (unsigned long long)r.end.cut, r.end.range + 1);
        input_problem(run, path, why);
    }
    return CLI_EXIT_OK;
}

/* -o FILE must not be one of the inputs (the same file however it is named,
 * or a file a -r walk of an input directory would read): the report would
 * replace the games.  Said, and true, before anything is read. */
static bool output_is_input(const struct check_run *run, const struct cli_output *o,
                            const char *option, char **inputs, int count)
{
    if (!o->exists) return false;
    struct stat st;
    const char *hit = NULL;
    bool walked = false;
    if (count == 0 && fstat(STDIN_FILENO, &st) == 0 && cli_output_same(o, &st))
        hit = run->opt.stdin_name;
    for (int i = 0; i < count && !hit; i++) {
        bool std = strcmp(inputs[i], "-") == 0;
        if (std ? fstat(STDIN_FILENO, &st) != 0 : stat(inputs[i], &st) != 0) continue;
        if (cli_output_same(o, &st)) {
            hit = std ? run->opt.stdin_name : inputs[i];
        } else if (S_ISDIR(st.st_mode) && run->opt.recursive && walk_wants(o->target)) {
            char *dir = realpath(inputs[i], NULL), *file = realpath(o->target, NULL);
            size_t n = dir ? strlen(dir) : 0;
            if (dir && file && strncmp(file, dir, n) == 0 && (file[n] == '/' || n == 1))
                hit = inputs[i], walked = true;
            free(dir);
            free(file);
        }
    }
    /* --trf FILE and --players FILE are inputs too */
    const char *event_files[2] = {run->opt.trf, run->opt.players};
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

/* Read the settings file at path into cfg; CLI_EXIT_USAGE with a message
 * (FILE:LINE:COLUMN for a malformed one) when it cannot be used. */
static int read_config(const char *path, struct cli_config *cfg, FILE *err)
{
    char shown[CLI_ARG_SHOWN];
    cli_arg(shown, path);
    FILE *f = fopen(path, "rb");
    if (!f)
        return cli_usage_error(err, NULL, _("cannot read the settings file %s: %s"), shown,
                               strerror(errno));
    char *text = malloc(CLI_CONFIG_BYTES_MAX + 1);
    size_t len = text ? fread(text, 1, CLI_CONFIG_BYTES_MAX + 1, f) : 0;
    int e = ferror(f) ? errno : 0;
    fclose(f);
    if (!text || e) {
        free(text);
        return cli_usage_error(err, NULL, _("cannot read the settings file %s: %s"), shown,
                               strerror(text ? e : ENOMEM));
    }
    if (len > CLI_CONFIG_BYTES_MAX) {
        free(text);
        return cli_usage_error(err, NULL, _("the settings file %s is larger than %u bytes"), shown,
                               CLI_CONFIG_BYTES_MAX);
    }
    struct cli_config_error ce;
    bool ok = cli_config_parse(text, len, cfg, &ce);
    free(text);
    if (!ok) return cli_usage_error(err, NULL, "%s:%u:%u: %s", shown, ce.line, ce.column, ce.message);
    return CLI_EXIT_OK;
}

/* The per-code control of the run: the settings file's (--config FILE, or
 * the one found upward from here unless --no-config), each of --ignore,
 * --select and the --severity of a code given here replacing the file's,
 * and --strict, --werror from either. */
static int settle_control(struct check_run *run, FILE *err)
{
    struct cli_config cfg;
    cli_config_init(&cfg);
    char *found = NULL;
    const char *path = run->opt.config;
    if (!path && !run->opt.no_config) path = found = cli_config_find();
    if (path) {
        int st = read_config(path, &cfg, err);
        if (st == CLI_EXIT_OK) snprintf(run->config_used, sizeof run->config_used, "%s", path);
        free(found);
        if (st != CLI_EXIT_OK) return st;
    }
    struct diag_control_spec *s = &cfg.spec;
    const struct diag_control_spec *cl = &run->opt.spec;
    if (cl->ignore_given) {
        s->ignore_given = true;
        memcpy(s->ignore, cl->ignore, sizeof s->ignore);
    }
    if (cl->select_given) {
        s->select_given = true;
        memcpy(s->select, cl->select, sizeof s->select);
    }
    for (int c = 0; c < DIAG_CODE_NB; c++)
        if (cl->severity[c] != DIAG_LEVEL_AS_FOUND) s->severity[c] = cl->severity[c];
    run->opt.strict |= cfg.strict;
    run->opt.werror |= cfg.werror;
    diag_control_build(&run->control, s);
    diag_control_format(&run->control, run->control_line, sizeof run->control_line);
    return CLI_EXIT_OK;
}

/* A finding about the TRF itself, kept until the report is made (the TRF is
 * read first: a TRF or --players file that cannot be used stops the run
 * before any output). */
struct trf_held {
    enum diag_code code;
    enum diag_severity severity;
    struct src_loc loc;
    char message[512];
};

static void trf_finding(void *ctx, const struct diag *found)
{
    struct check_run *run = ctx;
    unsigned level = diag_control_level(&run->control, found->code, found->severity);
    if (level == DIAG_LEVEL_OFF || (level == DIAG_NOTE && !run->opt.strict)) return;
    if (run->trf_nheld == run->trf_held_cap) {
        size_t cap = run->trf_held_cap ? 2 * run->trf_held_cap : 16;
        struct trf_held *h = realloc(run->trf_held, cap * sizeof *h);
        if (!h) return; /* out of memory: the finding is lost, the run goes on */
        run->trf_held = h;
        run->trf_held_cap = cap;
    }
    struct trf_held *h = &run->trf_held[run->trf_nheld++];
    h->code = found->code;
    h->severity = (enum diag_severity)level;
    h->loc = found->loc;
    snprintf(h->message, sizeof h->message, "%s", found->message);
}

/* The TRF's own findings, to the report. */
static void trf_report_held(struct check_run *run)
{
    for (size_t i = 0; i < run->trf_nheld; i++) {
        struct diag d;
        diag_init(&d, run->trf_held[i].code, &run->trf_held[i].loc, run->trf_held[i].message);
        d.severity = run->trf_held[i].severity;
        d.file = run->opt.trf;
        sink_diag(run, &d);
    }
    free(run->trf_held);
    run->trf_held = NULL;
    run->trf_nheld = run->trf_held_cap = 0;
}

/* --trf FILE and --players FILE: read, the TRF's own findings reported, the
 * matcher made.  CLI_EXIT_USAGE with one message when either cannot be used
 * (a file that is no TRF among them). */
static int open_trf(struct check_run *run, FILE *err)
{
    char why[512] = "", shown[CLI_ARG_SHOWN];
    run->trf = trf_read_file(run->opt.trf, run->opt.trf, trf_finding, run, why, sizeof why);
    if (!run->trf) {
        fprintf(err, "pgnarbiter: %s: %s\n", cli_arg(shown, run->opt.trf), why);
        return CLI_EXIT_USAGE;
    }
    trf_check(run->trf, run->opt.trf, trf_finding, run);
    run->trf_match = trf_match_new(run->trf, run->opt.trf, run->opt.trf_require_all, run->opt.strict);
    if (!run->trf_match) {
        fputs(_("pgnarbiter: out of memory\n"), err);
        return CLI_EXIT_USAGE;
    }
    trf_match_set_control(run->trf_match, run->control.changed ? &run->control : NULL);
    if (!run->opt.players) return CLI_EXIT_OK;
    FILE *f = fopen(run->opt.players, "rb");
    char *text = f ? malloc(CHECK_PLAYERS_BYTES_MAX + 1) : NULL;
    size_t len = text ? fread(text, 1, CHECK_PLAYERS_BYTES_MAX + 1, f) : 0;
    int e = f && ferror(f) ? errno : 0;
    bool ok = f && text && !e && len <= CHECK_PLAYERS_BYTES_MAX;
    if (!ok)
        snprintf(why, sizeof why, "%s",
                 !f || e ? strerror(f ? e : errno)
                 : !text ? strerror(ENOMEM)
                         : _("the file is larger than 1 MiB"));
    if (f) fclose(f);
    if (ok && !trf_match_aliases(run->trf_match, text, len, why, sizeof why)) {
        ok = false;
        fprintf(err, "pgnarbiter: %s:%s\n", cli_arg(shown, run->opt.players), why);
    } else if (!ok) {
        fprintf(err, _("pgnarbiter: cannot read the players file %s: %s\n"),
                cli_arg(shown, run->opt.players), why);
    }
    free(text);
    return ok ? CLI_EXIT_OK : CLI_EXIT_USAGE;
}

static void close_trf(struct check_run *run)
{
    free(run->trf_held);
    run->trf_held = NULL;
    trf_match_free(run->trf_match);
    trf_free(run->trf);
    run->trf_match = NULL;
    run->trf = NULL;
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
static bool open_outputs(struct check_run *run, struct cli_output *o, const char *const *names,
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
static void split_summary(const struct check_run *run, const char *const *names)
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

/* The exit status (SPEC "Output"), also written in the jsonl summary. */
static int run_status(const struct check_run *run)
{
    const struct run_totals *t = &run->totals;
    if (t->files_unreadable || t->by_code[DIAG_INPUT]) return CLI_EXIT_USAGE;
    if (t->by_severity[DIAG_ERROR] || (run->opt.werror && t->by_severity[DIAG_WARNING]))
        return CLI_EXIT_FINDINGS;
    return CLI_EXIT_OK;
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
    struct check_run run;
    memset(&run, 0, sizeof run);
    run.out = out;
    run.err = err;
    run.opt.format = REPORT_TEXT;
    run.opt.jobs = 1;
    run.opt.duplicates = COLLECTION_DUPLICATES_MOVES;
    run.opt.zstd_window_max = INPUT_ZSTD_WINDOW_MAX_DEFAULT;
    run.opt.stdin_name = "<stdin>";
    run.opt.html_max_boards = REPORT_HTML_MAX_BOARDS;
    run.opt.clock_slack_ms = CLOCK_SLACK_DEFAULT_MS;
    diag_control_spec_init(&run.opt.spec);
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
            run.opt.games_records = true;
            break;
        case OPT_DUPLICATES:
            if (!collection_parse_duplicates(optarg, &run.opt.duplicates))
                return cli_usage_error(err, NULL, _("unknown --duplicates '%s' (off, moves, strict)"),
                                       cli_arg(v, optarg));
            break;
        case OPT_ROUND_FORM:
            if (!collection_parse_round_form(optarg, &run.opt.round_form))
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
            if (!diag_control_parse_codes(ignore ? run.opt.spec.ignore : run.opt.spec.select,
                                          optarg, &ce))
                return control_error(err, ignore ? "--ignore" : "--select", &ce);
            if (ignore) run.opt.spec.ignore_given = true;
            else run.opt.spec.select_given = true;
            break;
        }
        case OPT_SEVERITY:
            if (!diag_control_parse_severities(&run.opt.spec, optarg, &ce))
                return control_error(err, "--severity", &ce);
            break;
        case OPT_CLOCK_DELAY:
        case OPT_CLOCK_SLACK: {
            int64_t *to = c == OPT_CLOCK_DELAY ? &run.opt.clock_delay_ms : &run.opt.clock_slack_ms;
            if (!parse_clock_seconds(optarg, to))
                return cli_usage_error(err, NULL,
                                       _("%s takes seconds from 0 to %d, such as 5 or 1.5, not '%s'"),
                                       c == OPT_CLOCK_DELAY ? "--clock-delay" : "--clock-slack",
                                       CLOCK_OPTION_MAX_S, cli_arg(v, optarg));
            break;
        }
        case OPT_CONFIG:
            run.opt.config = optarg;
            break;
        case OPT_NO_CONFIG:
            run.opt.no_config = true;
            break;
        case OPT_TRF:
            run.opt.trf = optarg;
            break;
        case OPT_PLAYERS:
            run.opt.players = optarg;
            break;
        case OPT_TRF_REQUIRE_ALL:
            run.opt.trf_require_all = true;
            break;
        case OPT_STRICT:
            run.opt.strict = true;
            break;
        case OPT_WERROR:
            run.opt.werror = true;
            break;
        case 'h':
            cli_usage(out, "check");
            return CLI_EXIT_OK;
        case 'q':
            run.opt.quiet = true;
            break;
        case 'r':
            run.opt.recursive = true;
            break;
        case 'j':
            if (!cli_parse_jobs(optarg, &run.opt.jobs))
                return cli_usage_error(
                    err, NULL, _("--jobs takes a number from 0 (one per processor) to %s, not '%s'"),
                    CLI_JOBS_MAX_TEXT, cli_arg(v, optarg));
            break;
        case OPT_NOTATION:
            if (!nota_parse_mode(optarg, &run.opt.notation))
                return cli_usage_error(
                    err, NULL, _("unknown --notation '%s' (auto, en, it, es, fr, de, nl, figurine)"),
                    cli_arg(v, optarg));
            break;
        case OPT_AFTER_ILLEGAL:
            if (strcmp(optarg, "stop") != 0 && strcmp(optarg, "continue") != 0)
                return cli_usage_error(err, NULL,
                                       _("unknown --after-illegal '%s' (stop, continue)"),
                                       cli_arg(v, optarg));
            run.opt.after_illegal_stop = strcmp(optarg, "stop") == 0;
            break;
        case OPT_ZSTD_WINDOW:
            if (!cli_parse_size(optarg, &run.opt.zstd_window_max))
                return cli_usage_error(err, NULL, _("--zstd-window-max takes a size in bytes, such as 134217728 or 128M, not '%s'"), cli_arg(v, optarg));
            break;
        case OPT_STDIN_NAME:
            if (!optarg[0]) return cli_usage_error(err, NULL, "%s", _("--stdin-name needs a name that is not empty"));
            run.opt.stdin_name = optarg;
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
            if (!shard_parse(optarg, &run.opt.shard_k, &run.opt.shard_n))
                return cli_usage_error(err, NULL, _("--shard takes K/N with 1 <= K <= N, such as 3/8, not '%s'"),
                                   cli_arg(v, optarg));
            break;
        default: /* '?' or ':' */
            return cli_getopt_error(err, NULL, c, argc, argv);
        }
    }
    if (run.opt.shard_n) {
        if (run.opt.format_given && run.opt.format != REPORT_JSONL)
            return cli_usage_error(err, NULL, "%s", _("--shard writes jsonl for 'pgnarbiter merge'; use --format=jsonl"));
        run.opt.format = REPORT_JSONL;
        if (argc - optind != 1 || strcmp(argv[optind], "-") == 0)
            return cli_usage_error(err, NULL, "%s", _("--shard reads exactly one FILE, not standard input"));
        if (run.opt.jobs != 1)
            return cli_usage_error(err, NULL, "%s", _("--shard runs on one thread; run more shards instead of --jobs"));
        if (run.opt.good || run.opt.bad)
            return cli_usage_error(err, NULL, "%s", _("--good and --bad need the whole input; run them without --shard"));
    }
    if ((run.opt.players || run.opt.trf_require_all) && !run.opt.trf)
        return cli_usage_error(err, NULL, "%s",
                               _("--players and --trf-require-all need --trf FILE"));
    if (run.opt.config && run.opt.no_config)
        return cli_usage_error(err, NULL, "%s", _("--config and --no-config cannot both be given"));
    int cst = settle_control(&run, err);
    if (cst != CLI_EXIT_OK) return cst;
    if (run.opt.games_records && run.opt.format != REPORT_JSONL)
        return cli_usage_error(err, NULL, "%s", _("--report=games needs --format=jsonl"));
    /* --trf FILE without games: the TRF alone */
    bool trf_alone = run.opt.trf && optind >= argc && !run.opt.shard_n;
    if (optind >= argc && !trf_alone && err == stderr && isatty(STDIN_FILENO)) {
        /* No file and standard input is a terminal: nobody is piping PGN in,
         * so say what the program wants instead of waiting silently. */
        fputs(_("pgnarbiter: no input: give PGN files to check, or pipe PGN into standard input "
                "('-' reads the terminal).\n"),
              err);
        cli_try_help(err, NULL);
        return CLI_EXIT_USAGE;
    }

    if (run.opt.trf && open_trf(&run, err) != CLI_EXIT_OK) {
        close_trf(&run);
        return CLI_EXIT_USAGE;
    }
    /* -o, --good, --bad: each its own file, none of them an input */
    struct cli_output outputs[CHECK_OUTPUTS_NB];
    const char *names[CHECK_OUTPUTS_NB] = {run.opt.output, run.opt.good, run.opt.bad};
    if (!open_outputs(&run, outputs, names, argv + optind, argc - optind)) {
        close_trf(&run);
        return CLI_EXIT_USAGE;
    }
    if (run.opt.output) out = outputs[0].f;
    if (run.opt.good || run.opt.bad) {
        run.good = outputs[1].f;
        run.bad = outputs[2].f;
        run.split = game_split_new(run.good, run.bad, run.opt.bad_on);
        if (!run.split) {
            fputs(_("pgnarbiter: out of memory\n"), err);
            abandon_outputs(outputs);
            close_trf(&run);
            return CLI_EXIT_USAGE;
        }
    }
    /* A shard always writes a record per game: merge runs the checks across
     * games from them.  Without --report=games it is the short "game_key"
     * (report_set_shard()), which holds only what those checks need. */
    const struct diag_control *ctl = run.control.changed ? &run.control : NULL;
    run.report = report_new_controlled(run.opt.format, out, run.opt.games_records, ctl);
    if (run.report) report_set_html_max_boards(run.report, run.opt.html_max_boards);
    run.collection = run.opt.shard_n ? NULL : collection_new(run.opt.duplicates, run.opt.strict);
    if (run.collection) collection_set_round_form(run.collection, run.opt.round_form);
    if (run.collection) collection_set_control(run.collection, ctl);
    /* The page marks findings in each game's main line and draws endings. */
    struct game_sink sink = {&run, sink_diag, sink_game, run.opt.format == REPORT_HTML, NULL};
    /* Not enough memory (or threads) for N jobs: fewer, halving down to one. */
    unsigned jobs = run.opt.jobs;
    run.pool = replay_pool_new(jobs, &sink, run.opt.strict);
    while (!run.pool && jobs > 1) {
        jobs /= 2;
        run.pool = replay_pool_new(jobs, &sink, run.opt.strict);
    }
    if (run.pool && jobs != run.opt.jobs)
        fprintf(err,
                _("pgnarbiter: cannot start %u jobs (out of memory or threads); using %u\n"),
                run.opt.jobs, jobs);
    if (run.pool) replay_pool_set_notation(run.pool, run.opt.notation);
    if (run.pool) replay_pool_set_after_illegal(run.pool, run.opt.after_illegal_stop);
    if (run.pool) replay_pool_set_clocks(run.pool, run.opt.clock_delay_ms, run.opt.clock_slack_ms);
    if (run.pool) replay_pool_set_control(run.pool, ctl);
    if (!run.report || !run.pool || (!run.collection && !run.opt.shard_n)) {
        collection_free(run.collection);
        report_free(run.report);
        replay_pool_free(run.pool);
        close_trf(&run);
        fputs(_("pgnarbiter: out of memory\n"), err);
        abandon_outputs(outputs);
        return CLI_EXIT_USAGE;
    }
    /* a shard leaves the TRF's own findings and its final pass to merge */
    if (run.trf && !run.opt.shard_n) trf_report_held(&run);
    run.progress = !run.opt.quiet && err == stderr && isatty(fileno(stderr));
    run.out_tty = out == stdout && isatty(STDOUT_FILENO);
    run.started = run.last_progress = now_seconds();

    /* SIGINT, SIGTERM, SIGHUP: finish the game and the record being written,
     * then the summary so far, marked as interrupted; -o FILE is left as it
     * was.  A second signal ends the program (on_signal()). */
    check_halt = 0;
    replay_pool_set_halt(run.pool, &check_halt);
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
    if (run.opt.shard_n) {
        int st = check_shard(&run, argv[optind], &shard_info);
        if (st != CLI_EXIT_OK) {
            replay_pool_free(run.pool);
            report_free(run.report);
            abandon_outputs(outputs);
            for (int i = 0; i < CHECK_SIGNALS_NB; i++)
                sigaction(check_signals[i], &old_sa[i], NULL);
            return st;
        }
    } else if (optind >= argc && !trf_alone) {
        check_path(&run, "-");
    }
    for (int i = optind; i < argc && !run.opt.shard_n && !check_halt; i++)
        check_path(&run, argv[i]);

    replay_pool_finish(run.pool);
    if (run.trf_match && !trf_alone && !check_halt && !run.opt.shard_n) trf_match_finish(run.trf_match, sink_diag, &run);
    struct collection_stats cs;
    memset(&cs, 0, sizeof cs);
    if (run.collection) collection_get_stats(run.collection, &cs);
    run.totals.duplicates_indexed = cs.indexed;
    run.totals.duplicates_index_bytes = cs.index_bytes;
    run.totals.seconds = now_seconds() - run.started;
    int signo = check_halt > 0 ? check_halt : 0;
    run.totals.interrupted = signo;
    check_output(&run);
    /* The exit status, also in the jsonl summary: an interrupt is 128 + the
     * signal's number, as a shell reports it; a failed write is cli_run()'s
     * to report (exit 2). */
    run.totals.status = signo ? 128 + signo : run_status(&run);
    if (check_halt != CHECK_HALT_WRITE) report_finish(run.report, &run.totals);
    if (run.progress) fputs("\r\033[K", err);
    if (!run.opt.quiet && run.config_used[0]) {
        char shown[CLI_ARG_SHOWN];
        fputs("pgnarbiter: ", err);
        fprintf(err, _("settings from %s"), cli_arg(shown, run.config_used));
        fputc('\n', err);
    }
    if (!run.opt.quiet)
        report_summary(err, &run.totals);
    else
        report_interrupted(err, &run.totals);
    if (!run.opt.quiet && run.split) split_summary(&run, names);
    replay_pool_free(run.pool);
    collection_free(run.collection);
    close_trf(&run);
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
    return closed || signo ? run.totals.status : CLI_EXIT_USAGE;
}
