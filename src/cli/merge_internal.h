/*
 * merge_internal.h - what the files of `pgnarbiter merge` share: a shard
 * file as pass 1 read it (struct shard_file), the state of the merge
 * (struct merge), and the functions each file gives the others.
 * cmd_merge.c is the command (options, the two passes, the set of shards,
 * the lines of a file); merge_records.c reads the records (the fast
 * scanners and the general reader of game, game_key, diagnostic and summary
 * records); merge_trf.c reads again the TRF the shards ran check --trf with.
 * Not for other files: cli.h is the interface.
 */
#ifndef PGNARB_MERGE_INTERNAL_H
#define PGNARB_MERGE_INTERNAL_H

#include "diag/diag.h"
#include "diag/diag_control.h"
#include "report/json_read.h"
#include "report/report.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

struct collection;
struct trf;
struct trf_match;

struct shard_file {
    const char *path; /* as given; "-" is standard input */
    char shard[32];   /* "K/N" that its records name (its first record's) */
    FILE *spool;      /* pass 1's copy of a file that cannot be read twice */
    dev_t dev;        /* a regular file's, to find it again in pass 2 */
    ino_t ino;
    uint64_t size; /* the bytes pass 1 checked, its summary's line included */
    /* counted from its records in pass 1 */
    uint64_t rec_games, rec_severity[DIAG_SEVERITY_NB], rec_input;
    uint64_t max_game; /* (a finding's line may lie past the shard's bytes: a comment
                          left open runs on into the next shard's) */
    /* its summary */
    unsigned k, n;
    uint64_t status, files, unreadable, games, not_judged, bytes, lines;
    uint64_t errors, warnings, notes;
    uint64_t start_range, start_cut, end_range, end_cut;
    bool confirmed;
    bool input_failed; /* its input failed before its end: the shards after it add nothing */
    bool interrupted, input_changed, has_identity;
    uint64_t input_size;
    char input_sample[17];
    char *input; /* the name of the input it read */
    char duplicates[16]; /* the shard's --duplicates, --round-form, --strict, --werror, --report */
    char round_form[16];
    bool strict, werror, report_games;
    char control[DIAG_CONTROL_LINE_MAX]; /* --ignore, --select, --severity: "" for none */
    char *trf;          /* check --trf: the TRF as the shard named it, NULL for none */
    char trf_hash[17];  /* ... its bytes' hash (trf/trf.h), 16 hex digits */
    bool trf_require_all;
};

struct merge {
    struct report *report;
    struct run_totals totals;
    struct json_obj obj;
    FILE *err;
    bool emit;               /* pass 2: write; pass 1 only checks */
    struct shard_file *cur;  /* the shard being read */
    const char *bad;         /* why the record at hand was refused, when known */
    bool once_noted;
    char *input_error; /* the last file-level input error written */
    uint64_t games_before, lines_before, bytes_before;
    /* The checks across games (judge/collection.h), which a shard cannot
     * run alone: over every shard's game records, in order, as one run
     * does; their findings count toward the exit status. */
    struct collection *collection;
    struct diag_control control; /* the shards' (all the same), for the checks and the report */
    const char *input; /* the input the shards read (their summaries') */
    char *scan_buf;    /* merge_scan_game()'s decoded strings */
    size_t scan_cap;
    /* check --trf: the TRF read again, the pairings the shards matched, and
     * its own findings held until the report is made (one run writes them
     * first) */
    struct trf *trf;
    struct trf_match *trf_match;
    struct diag *trf_held;
    size_t trf_nheld, trf_held_cap;
    bool strict;
    const struct diag_control *ctl;
};

/* key's string, NULL when it is missing or holds anything else */
static inline const char *get_string(struct json_obj *o, const char *key)
{
    const struct json_value *v = json_obj_get(o, key);
    return v && v->type == JSON_STRING ? v->s : NULL;
}

/* cmd_merge.c: "pgnarbiter merge: " and fmt (translated) with a and b
 * escaped, on err; returns CLI_EXIT_USAGE */
int merge_error(FILE *err, const char *fmt, const char *a, const char *b);

/* merge_records.c: false when the record is refused, with m->bad when they
 * know why; merge_scan_game() false, having done nothing, when the line is
 * laid out otherwise (the general reader then reads it) */
bool merge_read_summary(struct merge *m, struct shard_file *s);
bool merge_own_shard(struct merge *m, const char *shard, size_t len);
bool merge_strings_whole(struct merge *m, const struct json_obj *o);
bool merge_diag(struct merge *m, struct json_obj *o);
bool merge_game(struct merge *m, struct json_obj *o, bool key_only);
bool merge_scan_game(struct merge *m, char *line, size_t len);
void merge_finding(void *ctx, const struct diag *d);

/* merge_trf.c */
bool merge_open_trf(struct merge *m, struct shard_file *s, size_t count, const char *path,
                    FILE *err);

#endif
