/*
 * dead_corpus.h - runs deadpos over the labelled position files of
 * ../shared/corpus/dead (see its README): "LL FEN" a line, LL one of WB, W-,
 * -B, -- (which sides can still mate), '#' comments.  Lines without a label
 * ("FEN gameid", the unlabelled speed set) are timed only.
 * Used by the Check suite (a sample) and tests/dead_all (everything).
 */
#ifndef PGNARB_DEAD_CORPUS_H
#define PGNARB_DEAD_CORPUS_H

#include <stdio.h>

struct dead_tally {
    int positions; /* read (after sampling) */
    int labelled;  /* of which carry a label */
    int unusable;  /* FEN rejected (not counted anywhere else) */
    /* per side (0 White, 1 Black), full analysis against the label */
    int agree[2], wrong[2], unknown[2];
    int bad_lines; /* CAN_WIN whose line does not replay to a mate */
    /* deadpos_is_dead() against "--" */
    int dead_found, dead_missed, dead_wrong;
    double secs_dead, secs_full; /* wall time of the two passes */
    double user_dead, user_full; /* user CPU time of the two passes */
    unsigned long nodes;
};

/* Flags of dead_corpus_run(). */
#define DEAD_CORPUS_FULL 1u /* also run deadpos_analyse() for both sides */

/* Read `path`, keep every `every`-th position (1: all), run deadpos_is_dead()
 * on all of them (timed), then the full analysis when asked.  Wrong answers
 * and bad lines are printed to `log`.  Returns -1 when unreadable. */
int dead_corpus_run(const char *path, int every, unsigned flags, unsigned long budget,
                    struct dead_tally *t, FILE *log);

#endif
