/*
 * report.h - where findings go: one reporter per output format, chosen by
 * --format, all behind the same small interface.  Only report_* modules write
 * to standard output.
 *
 * Ownership: report_new() returns a heap reporter the caller frees with
 * report_free() (NULL is a no-op).  It writes to the FILE it was given.
 * Call order: report_diag / report_game for each game in input order, then
 * report_finish() once with the run's totals.
 */
#ifndef PGNARB_REPORT_H
#define PGNARB_REPORT_H

#include "diag/diag.h"
#include "judge/game_record.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

enum report_format { REPORT_TEXT, REPORT_JSONL, REPORT_GITHUB, REPORT_SARIF, REPORT_HTML };

/* --html-max-boards default: diagrams per page before findings go without. */
#define REPORT_HTML_MAX_BOARDS 1000

/* "checkmate", "stalemate", "dead-position", "fivefold", "75-move", "none". */
const char *report_ending_name(enum ending_kind kind);

/* `check --shard K/N`: what the shard's summary says about the bytes it
 * owns (jobs/shard.h): from a cut `cut` bytes into range `range` to another. */
struct report_shard {
    const char *file; /* the input's name */
    unsigned k, n;
    unsigned start_range, end_range;
    uint64_t start_cut, end_cut;
    bool confirmed;
    bool input_failed; /* the input failed before the shard's end (jobs/shard.h) */
    /* what merge needs to run the checks across games the shards leave to
     * it (judge/collection.h): --duplicates, --round-form, --strict, --werror */
    const char *duplicates;
    const char *round_form;
    bool strict, werror;
    bool report_games; /* --report=games was given (a shard writes them anyway) */
    const char *control; /* --ignore, --select, --severity (diag_control_format()) */
    /* the input's identity (jobs/shard.h shard_identity()), for merge */
    bool has_identity, input_changed;
    uint64_t input_size, input_sample;
    /* check --trf: the TRF as given, its bytes' hash (trf/trf.h), and
     * --trf-require-all, for merge's final pass (TRF games never matched) */
    const char *trf;
    uint64_t trf_hash;
    bool trf_require_all;
};

/* Totals of a run, for the summary. */
struct run_totals {
    uint64_t files, files_unreadable;
    uint64_t games, games_skipped;
    uint64_t bytes, lines; /* decoded bytes and line feeds read */
    int status;            /* the exit status the run returns (jsonl summary) */
    const struct report_shard *shard; /* NULL unless --shard */
    double seconds;
    unsigned merged_shards; /* merge: the shards joined (seconds are merge's own: no rate) */
    int interrupted; /* the signal that stopped the run (SIGINT, SIGTERM), or 0;
                        the totals are then of what was read before it */
    uint64_t by_severity[DIAG_SEVERITY_NB];
    uint64_t by_code[DIAG_CODE_NB];
    /* the duplicate index (judge/collection.h): distinct games, bytes held */
    uint64_t duplicates_indexed, duplicates_index_bytes;
};

struct report;

struct report *report_new(enum report_format format, FILE *out, bool games_records);
/* report_new() for a run under per-code control (diag/diag_control.h): the
 * findings arrive at their controlled levels already; SARIF's rules and the
 * HTML summary show each code at its level too.  ctl (NULL: none) must
 * outlive r. */
struct diag_control;
struct report *report_new_controlled(enum report_format format, FILE *out, bool games_records,
                                     const struct diag_control *ctl);
void report_free(struct report *r);

/* --format=html: findings past the first n diagrams are listed without one. */
void report_set_html_max_boards(struct report *r, unsigned long n);

/* Parse a --format value; false when unknown. */
bool report_parse_format(const char *name, enum report_format *format);

/* jsonl: every record carries "shard":"K/N" (check --shard), and each game
 * gives a record: the full one when games_records, else a "game_key" with
 * what merge's checks across games need. */
void report_set_shard(struct report *r, unsigned k, unsigned n);

void report_diag(struct report *r, const struct diag *d);
void report_game(struct report *r, const struct game_record *g);

/* The jsonl record of a game as a shard wrote it (check --shard
 * --report=games; report_json.c's layout), cut around the values merge
 * moves or counts: the keys from "file" to before "game", from "event" to
 * before "errors", and from "judged" to the end of the line. */
struct report_game_text {
    const char *file, *tags, *tail;
    size_t file_len, tags_len, tail_len;
};
/* As report_game(), the jsonl record written from t (its strings as they
 * stand, which are what g's are written as) with g's numbers. */
void report_game_text(struct report *r, const struct game_record *g,
                      const struct report_game_text *t);
/* The end of the output; an interrupted run (t->interrupted) is marked as
 * such in every format. */
void report_finish(struct report *r, const struct run_totals *t);

/* The human summary for standard error (all formats). */
void report_summary(FILE *err, const struct run_totals *t);

/* "SIGINT", "SIGTERM", "SIGHUP" or "a signal" (translated). */
const char *report_signal_name(int signo);

/* The line that says a run was interrupted (report_summary() begins with it). */
void report_interrupted(FILE *err, const struct run_totals *t);

#endif /* PGNARB_REPORT_H */
