/*
 * dead_all.c - `make check-dead` and bench/dead: run deadpos over whole
 * position files (tests/dead_corpus.h), print per file the agreement with
 * the labels, the undetermined counts and the speed; exit 1 on any wrong
 * answer (a label contradicted, a position called dead that is not, a
 * helpmate line that does not mate).
 *
 *   dead_all [--every N] [--dead-only] [--budget NODES] FILE...
 *
 * Environment: DEAD_SHOW_UNKNOWN=1 lists the undetermined sides;
 * DEAD_DUMP=FILE appends every side's verdict and reason, to compare the
 * answers of two builds line by line.
 */
#include "dead_corpus.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    int every = 1, wrong = 0;
    unsigned flags = DEAD_CORPUS_FULL;
    unsigned long budget = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--every") == 0 && i + 1 < argc)
            every = atoi(argv[++i]);
        else if (strcmp(argv[i], "--budget") == 0 && i + 1 < argc)
            budget = strtoul(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--dead-only") == 0)
            flags &= ~DEAD_CORPUS_FULL;
        else {
            struct dead_tally t;
            if (every < 1 || dead_corpus_run(argv[i], every, flags, budget, &t, stdout) != 0) {
                fprintf(stderr, "dead_all: cannot read %s\n", argv[i]);
                return 2;
            }
            printf("%s: %d positions (%d labelled, %d FEN rejected)\n", argv[i], t.positions,
                   t.labelled, t.unusable);
            printf("  is_dead: %d dead found, %d dead missed, %d WRONG; %.3f s (user %.3f s), "
                   "%.0f positions/s\n",
                   t.dead_found, t.dead_missed, t.dead_wrong, t.secs_dead, t.user_dead,
                   t.positions / (t.secs_dead > 0 ? t.secs_dead : 1e-9));
            if (flags & DEAD_CORPUS_FULL) {
                for (int s = 0; s < 2; s++)
                    printf("  %s can win: %d agree, %d WRONG, %d undetermined\n",
                           s ? "Black" : "White", t.agree[s], t.wrong[s], t.unknown[s]);
                printf("  full analysis: %.3f s (user %.3f s), %.0f positions/s (both sides), "
                       "%lu nodes, %d bad lines\n",
                       t.secs_full, t.user_full,
                       t.positions / (t.secs_full > 0 ? t.secs_full : 1e-9), t.nodes, t.bad_lines);
            }
            wrong += t.dead_wrong + t.wrong[0] + t.wrong[1] + t.bad_lines;
        }
    }
    return wrong ? 1 : 0;
}
