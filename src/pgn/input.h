/*
 * input.h - a byte stream from a file, standard input or memory, plain or
 * compressed (gzip, including concatenated members and BGZF; zstd, including
 * several frames and skippable frames, as pzstd writes them), detected by
 * magic bytes, never by name; xz, bzip2, lz4 and zip are recognised and
 * refused with a reason.
 *
 * Ownership: input_open() / input_open_memory() return a heap object that the
 * caller releases with input_close() (input_close(NULL) is a no-op).  Memory
 * inputs do not copy the caller's buffer: it must outlive the input.
 * Memory use is fixed (a few fixed-size buffers plus the decoder state)
 * whatever the size of the stream: nothing reads a whole file.
 */
#ifndef PGNARB_INPUT_H
#define PGNARB_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct input;

/* Size of the buffer that holds compressed bytes before decoding. */
#define INPUT_RAW_BUF_SIZE ((size_t)64 * 1024)

/*
 * Open path, or standard input when path is "-" (then named "<stdin>").
 * A directory is refused.  On failure returns NULL and writes a reason
 * (e.g. "No such file or directory", "is a directory") into why.
 */
struct input *input_open(const char *path, char *why, size_t whylen);

/*
 * The raw bytes [start, end) of the file at path (`check --shard`, the
 * helpers of `check -j`): a byte range of a plain file, or whole frames of a
 * compressed one (then it must start at a frame).  end may be UINT64_MAX (to
 * the end of the file).  Its raw byte count starts at `start`, so a message
 * naming a byte of the file names the same byte as a reader of the whole file.
 */
struct input *input_open_range(const char *path, uint64_t start, uint64_t end, char *why,
                               size_t whylen);

/* Impose the line-break rule of input_read() (a range of a file follows the
 * file's rule: cr = its first line break is a bare CR); before the first
 * read.  input_line_breaks_decided(): whether the rule is decided yet (by
 * the first line break read), and which. */
void input_set_line_breaks(struct input *in, bool cr);
bool input_line_breaks_decided(const struct input *in, bool *cr);

/* The line-break rule of the file at path, as a reader from its start
 * decides it (the first line break within INPUT_EOL_SEARCH_MAX bytes; none:
 * LF), for readers of a range of the file; false, with why, when the file
 * cannot be opened or nothing of it can be read. */
#define INPUT_EOL_SEARCH_MAX ((uint64_t)16 << 20)
bool input_file_line_breaks(const char *path, uint64_t zstd_window_max, bool *cr, char *why,
                            size_t whylen);

/* Read from len bytes at buf (not copied).  NULL only when out of memory. */
struct input *input_open_memory(const void *buf, size_t len);

/*
 * Same, but each underlying read returns at most chunk bytes: tests use it to
 * make every token cross a refill boundary.  chunk 0 means unlimited.
 */
struct input *input_open_memory_chunked(const void *buf, size_t len, size_t chunk);

/*
 * A stream of bytes decoded elsewhere (the pieces `check --jobs` reads on
 * its threads): fn fills up to n bytes of buf and returns the count, 0 at
 * the end, or -1 with a reason in *why (the stream then fails with it).  The
 * bytes are read as they are: no format detection, no line-break rule.
 */
typedef ptrdiff_t (*input_source_fn)(void *ctx, void *buf, size_t n, const char **why);
struct input *input_open_source(input_source_fn fn, void *ctx, const char *name);

/*
 * The raw bytes of a file that come from elsewhere (a FILE*, chunks fed to
 * the library: api/pgnarbiter.c), read as input_open() reads a file: the
 * format detected by its magic bytes, decoded, the line-break rule applied.
 * fn as for input_open_source(); it may block until it has bytes.
 */
struct input *input_open_reader(input_source_fn fn, void *ctx, const char *name);

/*
 * Read up to n decoded bytes into buf.  Returns the count (0 at the end of the
 * stream, possibly short before it) or -1 when the stream is corrupt or
 * unreadable; input_error() then says why and later calls return -1 again.
 * The bytes before a failure are the same whatever sizes the stream is read
 * in and whatever sizes the underlying reads return: a compressed stream is
 * fed and decoded in fixed steps, and what a decoder produced before failing
 * is handed over first.
 * In a stream whose first line break is a bare CR (old Mac files), every CR
 * not followed by LF comes out as LF; other streams come out as they are.
 */
ptrdiff_t input_read(struct input *in, void *buf, size_t n);

/* Every byte input_read() hands out, also handed to fn, in order, as the
 * stream holds it: decoded, but before the line-break rule (a bare CR stays a
 * CR; the rule changes no byte count, so offsets are the same).  `check
 * --good/--bad` copies each game's own bytes from it.  fn(ctx, bytes, len)
 * runs inside input_read() and must not read the input.  NULL: none. */
typedef void (*input_tap_fn)(void *ctx, const void *bytes, size_t len);
void input_set_tap(struct input *in, input_tap_fn fn, void *ctx);

/* The largest window a zstd frame may ask for (the decoder holds that much
 * memory); a frame asking for more fails the stream with a reason that names
 * both.  Call before the first read. */
#define INPUT_ZSTD_WINDOW_MAX_DEFAULT ((uint64_t)128 << 20)
void input_set_zstd_window_max(struct input *in, uint64_t bytes);

/* Name as shown to the user: the path, "<stdin>" or "<memory>". */
const char *input_name(const struct input *in);

/* Reason of the last failure, "" when none. */
const char *input_error(const struct input *in);

/* "plain", "gzip" or "zstd" once the first read has looked at the magic bytes. */
const char *input_format(const struct input *in);

/* Bytes read from the underlying file or buffer so far (compressed size;
 * for input_open_range(), plus its start). */
uint64_t input_raw_bytes(const struct input *in);

/* Bytes and line feeds input_read() has handed out so far (decoded, after
 * the line-break rule). */
uint64_t input_bytes(const struct input *in);
uint64_t input_lines(const struct input *in);
/* Stop counting line feeds (input_lines() stays 0): for an input whose
 * source counts them already (jobs/shard.c reads through two). */
void input_set_uncounted(struct input *in);

void input_close(struct input *in);

/*
 * Walk path: when it is a regular file, call fn once with it; when it is a
 * directory, call fn for every regular file below it, depth first, entries of
 * each directory in byte order of their names (strcmp: deterministic whatever
 * the locale).  Hidden entries (names starting with '.') are skipped; symbolic
 * links are followed for files, not for directories.  fn returns 0 to go on,
 * anything else to stop the walk (that value is returned).  Returns 0, the
 * value of fn, or -1 with a reason in why when path or a directory below it
 * cannot be read (the walk goes on over the others; the first reason is kept).
 */
typedef int (*input_walk_fn)(void *ctx, const char *path);
int input_walk(const char *path, input_walk_fn fn, void *ctx, char *why, size_t whylen);

/* The same walk, with every entry that cannot be read handed to problem, under
 * its own path, in walk order: a directory that cannot be listed (or only in
 * part) or is nested too deep (entry false), a name that cannot be looked at,
 * such as a dangling symbolic link (entry true: the caller may ignore the
 * names it would not read anyway).  Returns 0 or the value of fn. */
typedef void (*input_walk_problem_fn)(void *ctx, const char *path, const char *why, bool entry);
int input_walk_each(const char *path, input_walk_fn fn, input_walk_problem_fn problem, void *ctx);

#endif /* PGNARB_INPUT_H */
