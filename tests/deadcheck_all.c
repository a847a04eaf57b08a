/*
 * deadcheck_all.c - `make check-deadcheck`: the differential test of
 * deadcheck_diff.h over whole PGN files; prints the counts per file and
 * exits 1 on any disagreement (2 when a file cannot be read).
 *
 *   deadcheck_all [--games N] FILE...
 */
#include "deadcheck_diff.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    long max_games = 0, disagree = 0;
    setvbuf(stdout, NULL, _IOLBF, 0);
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--games") == 0 && i + 1 < argc) {
            max_games = atol(argv[++i]);
            continue;
        }
        struct deadcheck_tally t;
        if (deadcheck_diff_run(argv[i], max_games, &t, stdout) != 0) {
            fprintf(stderr, "deadcheck_all: cannot read %s\n", argv[i]);
            return 2;
        }
        printf("%s: %ld games, %ld positions, %ld compared (%ld/%ld sides cannot mate, %ld "
               "dead), %ld disagreements\n",
               argv[i], t.games, t.positions, t.compared, t.cannot[0], t.cannot[1], t.dead,
               t.disagree);
        disagree += t.disagree;
    }
    return disagree ? 1 : 0;
}
