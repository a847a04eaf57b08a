/*
 * deadpos.h - can a side still checkmate, with the opponent's help (FIDE 5.2.2
 * dead position, 6.9 "cannot checkmate by any series of legal moves")?
 *
 * Current state: only the certain material cases are decided (a bare king;
 * a lone knight or bishop against a bare king; only bishops, all on squares of
 * one colour).  Everything else answers DEADPOS_UNKNOWN and is treated as
 * alive: a position is never called dead when it is not.
 */
#ifndef PGNARB_DEADPOS_H
#define PGNARB_DEADPOS_H

#include <stdbool.h>

struct position;

enum deadpos_verdict {
    DEADPOS_CAN_WIN,    /* proven: a mating sequence exists */
    DEADPOS_CANNOT_WIN, /* proven: no sequence of legal moves mates */
    DEADPOS_UNKNOWN     /* not decided (treated as "can win") */
};

/* Can `side` (COLOR_WHITE / COLOR_BLACK) still checkmate from pos? */
enum deadpos_verdict deadpos_side_can_win(const struct position *pos, int side);

/* True only when it is proven that neither side can checkmate. */
bool deadpos_is_dead(const struct position *pos);

/* Short reason for a CANNOT_WIN verdict ("only a king left", ...). */
const char *deadpos_reason(const struct position *pos, int side);

#endif
