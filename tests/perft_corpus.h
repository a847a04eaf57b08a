/*
 * perft_corpus.h - reads perft reference files, in the two formats of
 * ../shared/corpus/README.md:
 *   .epd    "FEN ;D1 n ;D2 n ..." one position a line, '#' comments
 *   .perft  blocks of "id NAME", "epd FEN", "perft DEPTH NODES" lines
 * Used by the Check suite (cheap depths) and by tests/perft_all (every depth).
 */
#ifndef PGNARB_PERFT_CORPUS_H
#define PGNARB_PERFT_CORPUS_H

#include <stdint.h>

struct perft_case {
    const char *file; /* path as given */
    int line;         /* line of the count */
    char id[64];      /* block id, or "line N" */
    char fen[160];
    int depth;
    uint64_t nodes;
};

/* Call fn for every (position, depth, nodes) in the file; stops when fn
 * returns non-zero and returns that.  -1 when the file cannot be read. */
int perft_corpus_read(const char *path, int (*fn)(const struct perft_case *, void *), void *ctx);

#endif
