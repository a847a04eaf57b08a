/*
 * shard.h - `check --shard K/N FILE`: read the games of one of N ranges of a
 * file (byte ranges of a plain file, frame ranges of zstd with several
 * frames, block ranges of BGZF), so that N runs on N machines together read
 * every game exactly once; `pgnarbiter merge` joins their jsonl.  shard.c
 * says how the ranges and their game starts are found.
 *
 * Ownership: plain values; the pool is borrowed (it must have one job).
 */
#ifndef PGNARB_SHARD_H
#define PGNARB_SHARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct replay_pool;

#define SHARD_N_MAX          1000000u
#define SHARD_CUT_SEARCH_MAX ((size_t)16 << 20)   /* bytes of a range searched for its first cut */

/* A point of the file: `cut` bytes (decoded) after the start of range
 * `range` (0-based; range N is the end of the file), the tag pair's '[' at
 * `tag`. */
struct shard_point {
    unsigned range;
    uint64_t cut, tag;
};

struct shard_report {
    unsigned k, n;
    struct shard_point start, end; /* the bytes the shard owns: [start, end) */
    bool empty;                    /* start == end: no game starts in its range */
    bool confirmed; /* a game starts exactly at `end` when the shard's reader gets there */
    bool halted; /* stopped by the pool's halt flag (an interrupt): a part only */
    bool input_failed; /* the input failed (a damaged frame) before the shard's end: one
                          run stops there too, so the shards after it add nothing */
    uint64_t bytes, lines, games; /* owned: decoded bytes, line feeds, games */
    /* the input's identity (shard_identity()) when the shard began, and
     * whether it was another when the shard ended */
    bool has_identity, input_changed;
    uint64_t input_size, input_sample;
};

/* A regular file's identity: its size and a hash of SHARD_SAMPLE_BLOCKS
 * blocks spread over it (shard.c), so that two different files of one name,
 * or a file that changed, are told apart without reading them whole.  False
 * when path cannot be read or is not a regular file. */
bool shard_identity(const char *path, uint64_t *size, uint64_t *sample);

enum shard_status {
    SHARD_OK,
    SHARD_CANNOT_SPLIT, /* one gzip stream or one zstd frame with N > 1: why gives advice */
    SHARD_UNREADABLE,   /* why says why */
};

/* Read shard k of n of path through pool (findings and game records go to
 * its sink, numbered from the shard's start).  Returns an enum shard_status;
 * r is filled when SHARD_OK. */
int shard_read(struct replay_pool *pool, const char *path, unsigned k, unsigned n,
               uint64_t zstd_window_max, struct shard_report *r, char *why, size_t whylen);

/* "K/N" with 1 <= K <= N <= SHARD_N_MAX; false otherwise. */
bool shard_parse(const char *arg, unsigned *k, unsigned *n);

#endif /* PGNARB_SHARD_H */
