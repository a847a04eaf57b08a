/*
 * check_run.c - one run of `check` (SPEC "Commands", "Output"; check_run.h):
 * the per-code control of the run, the event files, the inputs in the order
 * given (directories only with -r, their files in sorted order) replayed on
 * the replay pool, the checks across games (judge/collection.h, the TRF's
 * pairings: judge/trf_match.h), and the totals with the exit status.  The
 * command and the library both run it; it never prints.
 */
#include "api/check_run.h"

#include "i18n.h"

#include "diag/config_file.h"
#include "jobs/frame_reader.h"
#include "jobs/replay_pool.h"
#include "jobs/shard.h"
#include "judge/clock_check.h"
#include "judge/collection.h"
#include "judge/game.h"
#include "judge/trf_match.h"
#include "pgn/input.h"
#include "report/escape.h"
#include "trf/trf.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

/* Room for a name quoted in a message, escaped (report/escape.h). */
#define CHECK_RUN_SHOWN 256

/* A finding about the TRF itself, kept until the run starts (the TRF is
 * read first: a TRF or --players file that cannot be used stops the run
 * before any output). */
struct trf_held {
    enum diag_code code;
    enum diag_severity severity;
    struct src_loc loc;
    char message[512];
};

struct check_run {
    struct check_run_options opt;
    struct check_run_sink sink;
    struct diag_control control;              /* the per-code control, built once */
    char control_line[DIAG_CONTROL_LINE_MAX]; /* its canonical line, for merge */
    char config_used[4096];                   /* the settings file read, "" for none */
    struct replay_pool *pool;
    struct collection *collection; /* checks across games, fed in input order */
    struct trf *trf;               /* --trf, held whole */
    struct trf_match *trf_match;   /* its pairings against the games, in input order */
    struct trf_held *trf_held;     /* the TRF's own findings, until the run starts */
    size_t trf_nheld, trf_held_cap;
    const volatile sig_atomic_t *halt; /* NULL: never */
    struct run_totals totals;
    double started;
};

void check_run_options_init(struct check_run_options *o)
{
    memset(o, 0, sizeof *o);
    o->jobs = 1;
    o->duplicates = COLLECTION_DUPLICATES_MOVES;
    o->zstd_window_max = INPUT_ZSTD_WINDOW_MAX_DEFAULT;
    o->stdin_name = "<stdin>";
    o->clock_slack_ms = CLOCK_SLACK_DEFAULT_MS;
    diag_control_spec_init(&o->spec);
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static bool halted(const struct check_run *run)
{
    return run->halt && *run->halt;
}

static void sink_diag(void *ctx, const struct diag *d)
{
    struct check_run *run = ctx;
    run->totals.by_severity[d->severity]++;
    run->totals.by_code[d->code]++;
    run->sink.diag(run->sink.ctx, d);
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
    run->totals.games++;
    if (!g->judged) run->totals.games_skipped++;
    run->sink.game(run->sink.ctx, g);
}

/* A file-level finding (no game): unreadable input and the like.  The sink
 * hears of it at once (problem()), then it takes its place among the
 * findings: an input that was not read must never pass unseen. */
static void input_problem(struct check_run *run, const char *name, const char *why)
{
    struct diag d;
    char message[1024];
    snprintf(message, sizeof message, _("cannot read input: %s"), why);
    if (run->sink.problem) run->sink.problem(run->sink.ctx, name, message);
    diag_init(&d, DIAG_INPUT, NULL, message);
    d.file = name;
    replay_pool_finding(run->pool, &d);
}

void check_run_input(struct check_run *run, struct input *in, const char *name)
{
    run->totals.files++;
    input_set_zstd_window_max(in, run->opt.zstd_window_max);
    replay_pool_set_file(run->pool, name);
    if (run->sink.input_begin) run->sink.input_begin(run->sink.ctx, in);
    uint64_t bytes = 0;
    if (!replay_pool_read(run->pool, in, &bytes)) {
        run->totals.files_unreadable++;
        input_problem(run, name, _("out of memory"));
    }
    if (run->sink.input_end) {
        replay_pool_drain(run->pool); /* every game of this input has its verdict */
        run->sink.input_end(run->sink.ctx);
    }
    run->totals.bytes += bytes;
    run->totals.lines += input_lines(in);
}

void check_run_drain(struct check_run *run)
{
    replay_pool_drain(run->pool);
}

static void check_one_input(struct check_run *run, const char *path)
{
    char why[512] = "";
    const char *name = strcmp(path, "-") == 0 ? run->opt.stdin_name : path;
    /* --good/--bad: what came before is delivered (cli/game_split.h) */
    if (run->sink.input_begin) replay_pool_drain(run->pool);
    /* With --jobs, a file of several zstd frames or BGZF blocks is decoded
     * on helper threads too (jobs/frame_reader.h): the same bytes. */
    struct frame_reader *fr =
        run->opt.jobs > 1 && strcmp(path, "-") != 0
            ? frame_reader_open(path, name, frame_reader_helpers(run->opt.jobs),
                                run->opt.zstd_window_max)
            : NULL;
    struct input *in = fr ? frame_reader_input(fr) : input_open(path, why, sizeof why);
    if (!in) {
        run->totals.files++;
        run->totals.files_unreadable++;
        input_problem(run, name, why[0] ? why : _("unknown error"));
        return;
    }
    check_run_input(run, in, name);
    if (fr)
        frame_reader_close(fr);
    else
        input_close(in);
}

/* Files a -r walk reads: PGN, possibly compressed.  Named files are always read. */
bool check_run_walk_wants(const char *path)
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
    struct check_run *run = ctx;
    if (check_run_walk_wants(path)) check_one_input(run, path);
    return halted(run); /* interrupted, or the output is gone: stop */
}

/* An entry of a -r walk that cannot be read, reported under its own path and
 * counted as an input, as a named file would be - unless it is a name the
 * walk would not read anyway (a dangling README link). */
static void walk_problem(void *ctx, const char *path, const char *why, bool entry)
{
    struct check_run *run = ctx;
    if (entry && !check_run_walk_wants(path)) return;
    run->totals.files++;
    run->totals.files_unreadable++;
    input_problem(run, path, why);
}

void check_run_path(struct check_run *run, const char *path)
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

bool check_run_shard(struct check_run *run, const char *path, struct report_shard *info, char *why,
                     size_t whylen)
{
    struct shard_report r;
    run->totals.files++;
    replay_pool_set_file(run->pool, path);
    int st = shard_read(run->pool, path, run->opt.shard_k, run->opt.shard_n,
                        run->opt.zstd_window_max, &r, why, whylen);
    if (st == SHARD_CANNOT_SPLIT) return false; /* why names the file */
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
        return true;
    }
    run->totals.bytes = r.bytes;
    run->totals.lines = r.lines;
    if (r.input_changed)
        input_problem(run, path,
                      _("the file changed while the shard read it; run every shard again on the "
                        "file as it now is"));
    if (!r.confirmed && !r.input_failed &&
        !r.halted) { /* a failed input was reported as it failed */
        snprintf(why, whylen,
                 _("shard %u/%u ends at a cut (%llu bytes into range %u) where no game starts when "
                   "the file is read from the shard's start. Run this file with fewer shards or as "
                   "one job."),
                 r.k, r.n, (unsigned long long)r.end.cut, r.end.range + 1);
        input_problem(run, path, why);
    }
    return true;
}

/* The settings file at path read into cfg; false with why (FILE:LINE:COLUMN
 * for a malformed one) when it cannot be used. */
static bool read_config(const char *path, struct cli_config *cfg, char *why, size_t whylen)
{
    char shown[CHECK_RUN_SHOWN];
    escape_str(shown, sizeof shown, path, ESCAPE_HEX);
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(why, whylen, _("cannot read the settings file %s: %s"), shown, strerror(errno));
        return false;
    }
    char *text = malloc(CLI_CONFIG_BYTES_MAX + 1);
    size_t len = text ? fread(text, 1, CLI_CONFIG_BYTES_MAX + 1, f) : 0;
    int e = ferror(f) ? errno : 0;
    fclose(f);
    if (!text || e) {
        free(text);
        snprintf(why, whylen, _("cannot read the settings file %s: %s"), shown,
                 strerror(text ? e : ENOMEM));
        return false;
    }
    if (len > CLI_CONFIG_BYTES_MAX) {
        free(text);
        snprintf(why, whylen, _("the settings file %s is larger than %u bytes"), shown,
                 CLI_CONFIG_BYTES_MAX);
        return false;
    }
    struct cli_config_error ce;
    bool ok = cli_config_parse(text, len, cfg, &ce);
    free(text);
    if (!ok) snprintf(why, whylen, "%s:%u:%u: %s", shown, ce.line, ce.column, ce.message);
    return ok;
}

/* The per-code control of the run: the settings file's (--config FILE, or
 * the one found upward from here unless --no-config), each of --ignore,
 * --select and the --severity of a code given here replacing the file's,
 * and --strict, --werror from either. */
static bool settle_control(struct check_run *run, char *why, size_t whylen)
{
    struct cli_config cfg;
    cli_config_init(&cfg);
    char *found = NULL;
    const char *path = run->opt.config;
    if (!path && !run->opt.no_config) path = found = cli_config_find();
    if (path) {
        bool ok = read_config(path, &cfg, why, whylen);
        if (ok) snprintf(run->config_used, sizeof run->config_used, "%s", path);
        free(found);
        if (!ok) return false;
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
    return true;
}

struct check_run *check_run_new(const struct check_run_options *o,
                                const struct check_run_sink *sink, enum check_run_error *err,
                                char *why, size_t whylen)
{
    struct check_run *run = calloc(1, sizeof *run);
    if (!run) {
        *err = CHECK_RUN_MEMORY;
        snprintf(why, whylen, "%s", _("out of memory"));
        return NULL;
    }
    run->opt = *o;
    run->sink = *sink;
    if (!settle_control(run, why, whylen)) {
        free(run);
        *err = CHECK_RUN_USAGE;
        return NULL;
    }
    *err = CHECK_RUN_OK;
    return run;
}

const struct check_run_options *check_run_settled(const struct check_run *run)
{
    return &run->opt;
}

const struct diag_control *check_run_control(const struct check_run *run)
{
    return run->control.changed ? &run->control : NULL;
}

const char *check_run_control_line(const struct check_run *run)
{
    return run->control_line;
}

const char *check_run_config_used(const struct check_run *run)
{
    return run->config_used;
}

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

/* The TRF's own findings, to the sink. */
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

enum check_run_error check_run_open_event(struct check_run *run, char *why, size_t whylen)
{
    char reason[512] = "", shown[CHECK_RUN_SHOWN];
    escape_str(shown, sizeof shown, run->opt.trf, ESCAPE_HEX);
    run->trf = trf_read_file(run->opt.trf, run->opt.trf, trf_finding, run, reason, sizeof reason);
    if (!run->trf) {
        snprintf(why, whylen, "%s: %s", shown, reason);
        return CHECK_RUN_EVENT;
    }
    trf_check(run->trf, run->opt.trf, trf_finding, run);
    run->trf_match =
        trf_match_new(run->trf, run->opt.trf, run->opt.trf_require_all, run->opt.strict);
    if (!run->trf_match) {
        snprintf(why, whylen, "%s", _("out of memory"));
        return CHECK_RUN_MEMORY;
    }
    trf_match_set_control(run->trf_match, check_run_control(run));
    if (!run->opt.players) return CHECK_RUN_OK;
    escape_str(shown, sizeof shown, run->opt.players, ESCAPE_HEX);
    FILE *f = fopen(run->opt.players, "rb");
    char *text = f ? malloc(CHECK_RUN_PLAYERS_BYTES_MAX + 1) : NULL;
    size_t len = text ? fread(text, 1, CHECK_RUN_PLAYERS_BYTES_MAX + 1, f) : 0;
    int e = f && ferror(f) ? errno : 0;
    bool ok = f && text && !e && len <= CHECK_RUN_PLAYERS_BYTES_MAX;
    if (!ok)
        snprintf(reason, sizeof reason, "%s",
                 !f || e ? strerror(f ? e : errno)
                 : !text ? strerror(ENOMEM)
                         : _("the file is larger than 1 MiB"));
    if (f) fclose(f);
    if (ok && !trf_match_aliases(run->trf_match, text, len, reason, sizeof reason)) {
        ok = false;
        snprintf(why, whylen, "%s:%s", shown, reason);
    } else if (!ok) {
        snprintf(why, whylen, _("cannot read the players file %s: %s"), shown, reason);
    }
    free(text);
    return ok ? CHECK_RUN_OK : CHECK_RUN_EVENT;
}

bool check_run_start(struct check_run *run, unsigned *jobs_started)
{
    const struct diag_control *ctl = check_run_control(run);
    if (!run->opt.shard_n) {
        run->collection = collection_new(run->opt.duplicates, run->opt.strict);
        if (!run->collection) return false;
        collection_set_round_form(run->collection, run->opt.round_form);
        collection_set_control(run->collection, ctl);
    }
    struct game_sink sink = {run, sink_diag, sink_game, run->sink.want_mainline, NULL};
    /* Not enough memory (or threads) for N jobs: fewer, halving down to one. */
    unsigned jobs = run->opt.jobs;
    run->pool = replay_pool_new(jobs, &sink, run->opt.strict);
    while (!run->pool && jobs > 1) {
        jobs /= 2;
        run->pool = replay_pool_new(jobs, &sink, run->opt.strict);
    }
    *jobs_started = run->pool ? jobs : 0;
    if (!run->pool) return false;
    replay_pool_set_notation(run->pool, run->opt.notation);
    replay_pool_set_after_illegal(run->pool, run->opt.after_illegal_stop);
    replay_pool_set_clocks(run->pool, run->opt.clock_delay_ms, run->opt.clock_slack_ms);
    replay_pool_set_control(run->pool, ctl);
    if (run->halt) replay_pool_set_halt(run->pool, run->halt);
    /* a shard leaves the TRF's own findings and its final pass to merge */
    if (run->trf && !run->opt.shard_n) trf_report_held(run);
    run->started = now_seconds();
    return true;
}

void check_run_set_halt(struct check_run *run, const volatile sig_atomic_t *flag)
{
    run->halt = flag;
    if (run->pool) replay_pool_set_halt(run->pool, flag);
}

/* The exit status (SPEC "Output"), also written in the jsonl summary. */
static int run_status(const struct check_run *run)
{
    const struct run_totals *t = &run->totals;
    if (t->files_unreadable || t->by_code[DIAG_INPUT]) return 2;
    if (t->by_severity[DIAG_ERROR] || (run->opt.werror && t->by_severity[DIAG_WARNING])) return 1;
    return 0;
}

void check_run_finish(struct check_run *run, bool trf_alone, int signo)
{
    replay_pool_finish(run->pool);
    if (run->trf_match && !trf_alone && !halted(run) && !run->opt.shard_n)
        trf_match_finish(run->trf_match, sink_diag, run);
    struct collection_stats cs;
    memset(&cs, 0, sizeof cs);
    if (run->collection) collection_get_stats(run->collection, &cs);
    run->totals.duplicates_indexed = cs.indexed;
    run->totals.duplicates_index_bytes = cs.index_bytes;
    run->totals.seconds = now_seconds() - run->started;
    run->totals.interrupted = signo;
    /* The exit status, also in the jsonl summary: an interrupt is 128 + the
     * signal's number, as a shell reports it. */
    run->totals.status = signo ? 128 + signo : run_status(run);
}

struct run_totals *check_run_totals(struct check_run *run)
{
    return &run->totals;
}

void check_run_free(struct check_run *run)
{
    if (!run) return;
    replay_pool_free(run->pool);
    collection_free(run->collection);
    free(run->trf_held);
    trf_match_free(run->trf_match);
    trf_free(run->trf);
    free(run);
}
