/*
 * perft_all.c - `make check-perft`: run every (position, depth, count) of
 * the perft files given on the command line, print each mismatch and a
 * summary with the node rate; exit 1 on any mismatch.
 *
 *   perft_all [--max-nodes N] FILE...
 *
 * --max-nodes skips counts above N (the full python-chess random suite is
 * 4.3e12 nodes: hours; see bench/README.md).
 */
#include "chess/fen.h"
#include "chess/movegen.h"
#include "perft_corpus.h"
#include "chess/position.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct totals {
    uint64_t max_nodes, nodes;
    int checked, failed, skipped;
};

static int one(const struct perft_case *c, void *ctx)
{
    struct totals *t = ctx;
    if (t->max_nodes && c->nodes > t->max_nodes) {
        t->skipped++;
        return 0;
    }
    struct position pos;
    char why[200];
    enum fen_status st = fen_parse(&pos, c->fen, 0, why, sizeof why);
    t->checked++;
    if (st != FEN_OK && !(st == FEN_ILLEGAL && pos_ok(&pos))) {
        t->failed++;
        printf("%s:%d: %s: FEN rejected: %s\n", c->file, c->line, c->fen, why);
        return 0;
    }
    uint64_t got = movegen_perft(&pos, c->depth);
    t->nodes += got;
    if (got != c->nodes) {
        t->failed++;
        printf("%s:%d: %s (%s) depth %d: expected %" PRIu64 ", got %" PRIu64 "\n", c->file, c->line,
               c->id, c->fen, c->depth, c->nodes, got);
    }
    return 0;
}

int main(int argc, char **argv)
{
    struct totals t = {0, 0, 0, 0, 0};
    int i = 1;
    if (i + 1 < argc && strcmp(argv[i], "--max-nodes") == 0) {
        t.max_nodes = strtoull(argv[i + 1], NULL, 10);
        i += 2;
    }
    if (i >= argc) {
        fputs("usage: perft_all [--max-nodes N] FILE...\n", stderr);
        return 2;
    }
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (; i < argc; i++) {
        int before = t.failed, checked = t.checked;
        if (perft_corpus_read(argv[i], one, &t) < 0) {
            fprintf(stderr, "perft_all: cannot read %s\n", argv[i]);
            return 2;
        }
        printf("%s: %d counts, %d wrong\n", argv[i], t.checked - checked, t.failed - before);
        fflush(stdout);
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    double s = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9;
    printf("perft_all: %d counts checked, %d wrong, %d skipped (over the node cap); %" PRIu64
           " nodes in %.1f s (%.0f Mnodes/s)\n",
           t.checked, t.failed, t.skipped, t.nodes, s, s > 0 ? (double)t.nodes / s / 1e6 : 0.0);
    return t.failed ? 1 : 0;
}
