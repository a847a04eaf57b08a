/*
 * position_verdict.h - one position judged, as `pgnarbiter position` and
 * pgnarbiter_judge_position() (include/pgnarbiter.h) both judge it: legal
 * (fen_parse(): FEN_BAD and FEN_ILLEGAL both are not, with the parser's
 * reason), check, checkmate, stalemate, and for each side whether it can
 * still checkmate (FIDE 5.2.2, 6.9: deadpos_analyse()), hence dead.
 * report/position_json.h writes it as the command's jsonl line.
 *
 * Ownership: a plain value; fen is borrowed.
 */
#ifndef PGNARB_POSITION_VERDICT_H
#define PGNARB_POSITION_VERDICT_H

#include "chess/position.h"
#include "deadpos/deadpos.h"

#include <stdbool.h>

struct position_verdict {
    const char *fen;
    bool unread; /* a line that is no FEN (the command's stdin): why says what it is */
    bool legal;
    char why[160];
    struct position pos;
    bool check, mate, stalemate;
    struct deadpos_result res[COLOR_NB];
};

/* Judge v->fen into the rest of v: flags of fen_parse() (FEN_CHESS960),
 * budget the analysis' nodes per side. */
void position_judge(struct position_verdict *v, unsigned flags, unsigned long budget);

/* "true", "false" or "null": whether the position is dead, whether side c
 * can still win. */
const char *position_dead_json(const struct position_verdict *v);
const char *position_can_win_json(const struct position_verdict *v, int c);

#endif /* PGNARB_POSITION_VERDICT_H */
