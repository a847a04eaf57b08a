/*
 * deadcheck_diff.h - the differential test of issue 35 (SPEC: "`check`
 * reaches the verdict `position` reaches on every position it judges"):
 * replay the main line of every game of a PGN file and, on each distinct
 * position that passes a cheap filter (few units, a forced side - in check
 * or at most 3 moves - or no pawn free of an enemy pawn ahead on its file),
 * judge it by both paths: `check`'s (deadpos_judge() per side,
 * deadpos_is_dead_full()) and `position`'s (deadpos_analyse() at
 * DEADPOS_NODES_DEFAULT).  They must agree on "dead" and on each side's
 * "cannot checkmate".
 * Used by the Check suite (a few games of each sample) and
 * tests/deadcheck_all (`make check-deadcheck`, every game).
 */
#ifndef PGNARB_DEADCHECK_DIFF_H
#define PGNARB_DEADCHECK_DIFF_H

#include <stdio.h>

struct deadcheck_tally {
    long games;     /* games read */
    long positions; /* distinct positions passed through (main lines) */
    long compared;  /* of which passed the filter and were judged both ways */
    long cannot[2]; /* sides `position` proves unable to mate (White, Black) */
    long dead;      /* positions `position` proves dead */
    long disagree;  /* sides or dead verdicts where the two paths differ */
};

/* Run over `path` (any input pgnarbiter reads, .zst included), at most
 * max_games games (0: all); each disagreement is printed to log (may be
 * NULL).  Returns -1 when the file cannot be opened, else 0. */
int deadcheck_diff_run(const char *path, long max_games, struct deadcheck_tally *t, FILE *log);

#endif
