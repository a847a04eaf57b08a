/*
 * position_verdict.c - one position judged (position_verdict.h): FEN
 * (PGN 16.1), check, checkmate and stalemate (FIDE 3.9, 5.1.1, 5.2.1), and
 * whether each side can still checkmate, the dead position of FIDE 5.2.2
 * (deadpos/).
 */
#include "judge/position_verdict.h"

#include "chess/fen.h"
#include "chess/movegen.h"

void position_judge(struct position_verdict *v, unsigned flags, unsigned long budget)
{
    if (v->unread) {
        v->legal = false;
        return;
    }
    v->why[0] = '\0';
    v->legal = fen_parse(&v->pos, v->fen, flags, v->why, sizeof v->why) == FEN_OK;
    if (!v->legal) return;
    bool moves = movegen_any_legal(&v->pos);
    v->check = v->pos.checkers != 0;
    v->mate = v->check && !moves;
    v->stalemate = !v->check && !moves;
    for (int c = 0; c < COLOR_NB; c++)
        deadpos_analyse(&v->pos, c, budget, &v->res[c]);
}

const char *position_can_win_json(const struct position_verdict *v, int c)
{
    const struct deadpos_result *r = &v->res[c];
    return r->verdict == DEADPOS_CAN_WIN      ? "true"
           : r->verdict == DEADPOS_CANNOT_WIN ? "false"
                                              : "null";
}

const char *position_dead_json(const struct position_verdict *v)
{
    enum deadpos_verdict w = v->res[COLOR_WHITE].verdict, b = v->res[COLOR_BLACK].verdict;
    if (w == DEADPOS_CANNOT_WIN && b == DEADPOS_CANNOT_WIN) return "true";
    if (w == DEADPOS_CAN_WIN || b == DEADPOS_CAN_WIN) return "false";
    return "null";
}
