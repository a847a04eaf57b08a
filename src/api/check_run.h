/*
 * check_run.h - one run of `check` (SPEC "Commands", "Output"), the one code
 * path of the command (cli/cmd_check.c) and of the library (api/pgnarbiter.c):
 * the per-code control settled (settings file, --ignore, --select,
 * --severity), the event files opened (--trf, --players), the inputs read and
 * replayed on the replay pool, the checks across games (collection, TRF
 * matching), the totals and the exit status.  Every finding and game record
 * goes to the caller's sink, in input order; this module never prints: what
 * the command writes to standard error comes to the sink too (problem()).
 *
 * Ownership: check_run_new() returns a heap run, check_run_free() frees it
 * (NULL is a no-op).  The options' strings are borrowed for the run's life.
 *
 * Call order, all on one thread: check_run_new() (settles the control),
 * check_run_open_event() when o->trf, check_run_start(), then
 * check_run_path() / check_run_input() / check_run_shard() for each input,
 * check_run_finish() once, check_run_free().
 */
#ifndef PGNARB_CHECK_RUN_H
#define PGNARB_CHECK_RUN_H

#include "chess/notation.h"
#include "diag/diag.h"
#include "diag/diag_control.h"
#include "judge/collection.h"
#include "judge/game_record.h"
#include "report/report.h"

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct input;

/* The largest --players file read. */
#define CHECK_RUN_PLAYERS_BYTES_MAX (1u << 20)
/* Room for a message of check_run_new() and check_run_open_event(). */
#define CHECK_RUN_WHY_MAX 1024

/* What decides the findings (the command's options; pgnarbiter(1)). */
struct check_run_options {
    bool strict, werror;
    bool games_records; /* --report=games */
    bool recursive;     /* -r */
    unsigned jobs;      /* 1 = the calling thread only */
    enum collection_duplicates duplicates;
    enum collection_round_form round_form;
    enum nota_mode notation;
    bool after_illegal_stop;
    int64_t clock_delay_ms, clock_slack_ms;
    uint64_t zstd_window_max;
    const char *stdin_name;    /* how standard input ("-") is named */
    unsigned shard_k, shard_n; /* --shard K/N; 0 = none */
    /* --ignore, --select, --severity as given (they override the settings
     * file's), --config FILE, --no-config */
    struct diag_control_spec spec;
    const char *config;
    bool no_config;
    const char *trf, *players;
    bool trf_require_all;
};

/* The command's defaults. */
void check_run_options_init(struct check_run_options *o);

/* Where the run's output goes, on the thread that calls check_run_*(). */
struct check_run_sink {
    void *ctx;
    /* a finding, counted in the totals already */
    void (*diag)(void *ctx, const struct diag *d);
    /* a game record, after the checks across games saw it; counted */
    void (*game)(void *ctx, const struct game_record *g);
    /* an input that cannot be read, before its finding (the command says it
     * on standard error at once); NULL: none */
    void (*problem)(void *ctx, const char *name, const char *why);
    /* --good/--bad: around each input, every finding and record of it
     * delivered in between; NULL: none */
    void (*input_begin)(void *ctx, struct input *in);
    void (*input_end)(void *ctx);
    bool want_mainline; /* game_record.mainline and final_fen (html) */
};

/* What went wrong in check_run_new() / check_run_open_event(). */
enum check_run_error {
    CHECK_RUN_OK,
    CHECK_RUN_USAGE, /* a bad settings file: the message, then a pointer to --help */
    CHECK_RUN_EVENT, /* a --trf or --players file that cannot be used: the message alone */
    CHECK_RUN_MEMORY /* out of memory */
};

struct check_run;

/* A run with o and sink, its control settled (the settings file read);
 * NULL with *err and why (a sentence without "pgnarbiter: ") on failure. */
struct check_run *check_run_new(const struct check_run_options *o,
                                const struct check_run_sink *sink, enum check_run_error *err,
                                char *why, size_t whylen);
void check_run_free(struct check_run *run);

/* The options as settled (--strict, --werror from the settings file too). */
const struct check_run_options *check_run_settled(const struct check_run *run);
/* The per-code control (NULL when nothing changes a code), and its line. */
const struct diag_control *check_run_control(const struct check_run *run);
const char *check_run_control_line(const struct check_run *run);
/* The settings file read, "" for none. */
const char *check_run_config_used(const struct check_run *run);

/* --trf and --players read, the matcher made: CHECK_RUN_OK, or an error
 * with why ("FILE: reason"). */
enum check_run_error check_run_open_event(struct check_run *run, char *why, size_t whylen);

/* The checks across games and the pool: false when out of memory.  *jobs:
 * the jobs started (fewer than asked when memory or threads run short).  The
 * TRF's own findings go to the sink here. */
bool check_run_start(struct check_run *run, unsigned *jobs);

/* Stop early once *flag is non-zero (replay_pool_set_halt()). */
void check_run_set_halt(struct check_run *run, const volatile sig_atomic_t *flag);

/* A path as given on the command line: a file, "-", or a directory (-r). */
void check_run_path(struct check_run *run, const char *path);
/* Whether a -r walk reads the file at path (PGN, possibly compressed, by
 * its name); named files are always read. */
bool check_run_walk_wants(const char *path);
/* An input opened by the caller (borrowed), named name. */
void check_run_input(struct check_run *run, struct input *in, const char *name);
/* Deliver every finding and record of what was read so far (with jobs,
 * the pieces in flight): the run goes on (replay_pool_drain()). */
void check_run_drain(struct check_run *run);
/* --shard K/N FILE: false when the file cannot be cut (why names it). */
bool check_run_shard(struct check_run *run, const char *path, struct report_shard *info, char *why,
                     size_t whylen);

/* The end: every finding delivered, the checks across games' final ones
 * (unless trf_alone or halted), the totals; their status is 128 + signo
 * when signo, else the exit status of the findings. */
void check_run_finish(struct check_run *run, bool trf_alone, int signo);
struct run_totals *check_run_totals(struct check_run *run);

#endif /* PGNARB_CHECK_RUN_H */
