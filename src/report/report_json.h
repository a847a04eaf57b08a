/*
 * report_json.h - the JSON output formats: --format=jsonl (one object per
 * line: diagnostics, --report=games records, a closing summary) and
 * --format=sarif (SARIF 2.1.0, streamed: constant memory however many results).
 * Internal to the report module.
 */
#ifndef PGNARB_REPORT_JSON_H
#define PGNARB_REPORT_JSON_H

#include "report/report.h"

#include <stdio.h>

struct json_buf;

/* The records are added to jb (report.c's, flushed by it); shard: "K/N"
 * for check --shard (written as "shard"), "" when none. */
void report_jsonl_diag(struct json_buf *jb, const struct diag *d, const char *shard);
void report_jsonl_game(struct json_buf *jb, const struct game_record *g, const char *shard);
/* A shard's game record when --report=games was not given: only what merge's
 * checks across games compare and place (jobs/shard.h, cmd_merge.c). */
void report_jsonl_game_key(struct json_buf *jb, const struct game_record *g, const char *shard);
/* A game record without a shard from a shard's text (report_game_text()). */
void report_jsonl_game_text(struct json_buf *jb, const struct game_record *g,
                            const struct report_game_text *t);
void report_jsonl_summary(FILE *f, const struct run_totals *t);

/* ctl (NULL: none): each rule at its controlled level, an ignored or
 * unselected one "enabled":false. */
struct diag_control;
void report_sarif_begin(FILE *f, const struct diag_control *ctl);
/* text: the message with its game and move, as the text format writes it
 * (NULL: the bare message). */
void report_sarif_result(FILE *f, const struct diag *d, const char *text, uint64_t index);
void report_sarif_end(FILE *f, const struct run_totals *t);

#endif
