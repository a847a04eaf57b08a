/*
 * input_frames.h - the N ranges of a file that `check --shard K/N` reads, each
 * made of units that decode on their own: bytes of a plain file, frames of a
 * zstd file (pzstd's or any with several frames), blocks of a BGZF file.
 *
 * Ownership: input_frames_plan() fills a caller-owned struct whose array
 * input_frames_free() releases.
 */
#ifndef PGNARB_INPUT_FRAMES_H
#define PGNARB_INPUT_FRAMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum input_layout {
    INPUT_LAYOUT_PLAIN, /* cut at any byte */
    INPUT_LAYOUT_ZSTD,  /* cut between frames */
    INPUT_LAYOUT_BGZF,  /* cut between blocks */
    INPUT_LAYOUT_GZIP,  /* gzip members that are not BGZF blocks: one unit */
};

struct input_frames {
    enum input_layout layout;
    uint64_t size;   /* bytes of the file */
    uint64_t frames; /* zstd: frames that are not skippable; BGZF: blocks */
    unsigned n;
    uint64_t *start; /* n + 1: range k (0-based) is raw [start[k], start[k+1]) */
};

/* Range k starts at the first unit that starts at or after size * k / n (a
 * range may be empty).  False with a reason when path is no regular file
 * (a file whose frames are cut short or damaged has its rest joined to the
 * unit before the damage). */
bool input_frames_plan(const char *path, unsigned n, struct input_frames *f, char *why,
                       size_t whylen);
void input_frames_free(struct input_frames *f);

#endif /* PGNARB_INPUT_FRAMES_H */
