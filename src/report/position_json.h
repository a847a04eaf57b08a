/*
 * position_json.h - a judged position (judge/position_verdict.h) as the line
 * `pgnarbiter position --format=jsonl` writes, and as
 * pgnarbiter_judge_position() gives it; the mating lines in UCI.
 */
#ifndef PGNARB_POSITION_JSON_H
#define PGNARB_POSITION_JSON_H

#include "judge/position_verdict.h"

#include <stdbool.h>
#include <stdio.h>

/* The line, its line feed included. */
void position_write_jsonl(FILE *out, const struct position_verdict *v);

/* Side c's mating line in UCI: as JSON strings separated by commas, or each
 * after a space. */
void position_write_line(FILE *out, const struct position_verdict *v, int c, bool json);

/* "white" or "black". */
const char *position_side_name(int c);

#endif /* PGNARB_POSITION_JSON_H */
