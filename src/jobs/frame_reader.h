/*
 * frame_reader.h - `check --jobs N` over a file of several zstd frames
 * (pzstd's, a Lichess month) or BGZF blocks: the frames are decoded on
 * helper threads, each its own run of frames (pgn/input_frames.h), ahead of
 * the reader, and handed out in file order as one stream - the very bytes,
 * line breaks and failure that reading the file from its start gives.
 *
 * Ownership: frame_reader_open() returns a heap reader, frame_reader_close()
 * stops its threads and frees it with its input (NULL is a no-op).
 */
#ifndef PGNARB_FRAME_READER_H
#define PGNARB_FRAME_READER_H

#include <stddef.h>
#include <stdint.h>

struct input;
struct frame_reader;

#define FRAME_READER_THREADS_MAX 8
#define FRAME_READER_RUN_BYTES   ((uint64_t)4 << 20) /* raw bytes a helper decodes at a time */
#define FRAME_READER_RUNS_MAX    65536u
#define FRAME_READER_CHUNK       ((size_t)256 << 10) /* decoded bytes handed over at a time */

/* The helper threads for `jobs` replay threads: one decoder keeps up with
 * about eight of them (zstd decodes some ten times faster than a replay
 * thread reads PGN), so one per eight, at most FRAME_READER_THREADS_MAX. */
unsigned frame_reader_helpers(unsigned jobs);

/* A reader of path (named `name` in findings) decoded on `threads` helper
 * threads (at most FRAME_READER_THREADS_MAX), when path is a regular file of
 * at least two zstd frames or BGZF blocks that fall in different runs; NULL
 * otherwise (or when out of memory): read it as usual then. */
struct frame_reader *frame_reader_open(const char *path, const char *name, unsigned threads,
                                       uint64_t zstd_window_max);

/* The decoded stream, as an input (borrowed: frame_reader_close() closes it). */
struct input *frame_reader_input(struct frame_reader *fr);

void frame_reader_close(struct frame_reader *fr);

#endif /* PGNARB_FRAME_READER_H */
