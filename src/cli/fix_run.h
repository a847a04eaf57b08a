/*
 * fix_run.h - the state of one `pgnarbiter fix` run, shared by the command
 * (cmd_fix.c: options, inputs, the summary) and the writer of its games
 * (fix_write.c: the sink of the replay, each game as it was or in export
 * format, the --dry-run diff).  Not for use outside src/cli/cmd_fix.c and
 * src/cli/fix_write.c.
 */
#ifndef PGNARB_FIX_RUN_H
#define PGNARB_FIX_RUN_H

#include "cli/cli.h"

#include "diag/diag.h"
#include "report/pgn_export.h"
#include "report/report.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct game_move;
struct game_record;
struct game_split;
struct pgn_parser;
struct replay_pool;
struct udiff;

struct fix_run;
/* The changes pgn_export_text() says, kept until it is known whether the
 * game is written in export format at all (a game already in it says
 * none). */
#define FIX_CHANGES_MAX 16
struct change_ctx {
    struct fix_run *run;
    uint64_t at;
    unsigned said, kept;
    char kept_text[FIX_CHANGES_MAX][512];
};

/* A game's names, as a finding shows them (copied: the record and the
 * finding they come from do not outlive the call). */
struct game_names {
    bool has[4];
    char event[128], white[128], black[128], round[64];
};

/* --results=from-rules: an error about the result held until the game's
 * record says whether the rules decided it (then fix sets the result and
 * the error is gone) or not (then it is reported, as check does). */
#define FIX_HELD_MAX 4
struct held_diag {
    struct diag d;
    char message[512];
    struct game_names names;
};

struct fix_run {
    FILE *out, *bad, *err;
    bool force;
    const char *stdin_name;
    const char *file;         /* the input being read, as shown */
    unsigned jobs;            /* -j N */
    struct report *report;    /* findings, on standard error */
    struct replay_pool *pool;
    struct game_split *split;
    struct pgn_export *x;
    struct pgn_parser *parser; /* reads each game written again (write_one()) */
    struct run_totals totals;
    uint64_t game;            /* the game being written, 1-based in its input */
    uint64_t fixed_games, kept_games;
    char last[2];             /* the last two bytes written to out */
    struct change_ctx changes; /* the game being written's */
    bool wrote;
    struct pgn_strip_counts stripped; /* the run's, said once at its end */
    uint64_t stripped_games;
    FILE *diff_out;           /* --dry-run: where the diff goes */
    struct udiff *diff;       /* --dry-run: the input's diff */
    bool diff_failed;
    char *pend_a, *pend_b;    /* --dry-run: the game before, not yet compared */
    size_t pend_alen, pend_blen;
    bool pending;
    bool from_rules;                 /* --results=from-rules */
    struct held_diag held[FIX_HELD_MAX];
    unsigned nheld;
    int ending, next_ending;         /* the game being written's ending, the next one's */
    unsigned ending_ply, next_ending_ply;
    struct game_names names, next_names; /* the game being written's, the next one's */
    uint32_t line, next_line;            /* where each starts */
};

/* The replay's sink (game_sink: diag, game, move), on this thread. */
void fix_sink_diag(void *ctx, const struct diag *d);
void fix_sink_game(void *ctx, const struct game_record *g);
void fix_sink_move(void *ctx, const struct game_move *m);

/* The writer game_split hands each game's bytes and verdict to
 * (game_split_fn). */
void fix_write_game(void *ctx, const unsigned char *bytes, size_t len, uint64_t at, bool bad,
                    bool is_game);

/* At an input's end: its last game's ending and names are the ones the
 * writer uses now; fix_diff_end() compares the last piece (--dry-run). */
void fix_next_game(struct fix_run *run);
void fix_diff_end(struct fix_run *run);

#endif /* PGNARB_FIX_RUN_H */
