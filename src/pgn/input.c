/*
 * input.c - byte streams for the PGN reader: files, standard input and memory,
 * plain or compressed.  The PGN standard (section 3) leaves transport to the
 * user; we accept what databases ship: gzip (RFC 1952, several members in a
 * row, as `cat a.gz b.gz` makes them) and zstd (RFC 8878, several frames).
 *
 * Invariants:
 * - The format is decided once, from the first bytes, never from the name:
 *   1f 8b = gzip (BGZF is gzip); 28 b5 2f fd (a zstd frame) or 5X 2a 4d 18
 *   (a skippable frame, as pzstd writes before every frame) = zstd; the magic
 *   of xz, bzip2, lz4 or zip = an error naming the format (not supported:
 *   read as text it would give phantom games); anything else = plain.
 * - Every zstd frame's window is checked against a maximum before it is
 *   decoded (input_set_zstd_window_max()): the window is memory the decoder
 *   must hold, and a hostile header may ask for gigabytes.
 * - Memory is fixed: one INPUT_RAW_BUF_SIZE buffer plus the decoder state.
 *   Plain files are read straight into the caller's buffer.
 * - A corrupt or truncated compressed stream is an error (-1 from input_read,
 *   reason in input_error()), never silently short data.  After a gzip member
 *   only another member or zero padding may follow.  A decoder that cannot
 *   get memory (Z_MEM_ERROR, ZSTD_error_memory_allocation) is "out of
 *   memory", never "corrupt": the stream may be sound.
 * - Line ends: an input whose first line break is a bare CR (a "classic Mac"
 *   file) is read with every CR that is not followed by LF turned into LF, so
 *   the reader counts its lines, ends its ; comments and % lines; any other
 *   input is passed on as it is (the reader takes CR for blank space, so CRLF
 *   is one line break and a stray CR breaks no line, as editors show it).
 *   One byte or none is read ahead to tell a CR at the end of a read.
 * - Nothing here prints or exits.
 */
#include "pgn/input.h"

#include "pgn/byte_scan.h"
#include "pgn/input_kind.h"

#include "i18n.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>
#include <zstd_errors.h>

enum input_fmt { FMT_UNKNOWN, FMT_PLAIN, FMT_GZIP, FMT_ZSTD };

/* What a compressed stream is decoded in at a time (zstd's largest block). */
#define INPUT_DEC_STEP ((size_t)128 * 1024)

struct input {
    int fd; /* -1 for memory inputs */
    bool own_fd;
    uint64_t raw_left; /* input_open_range(): raw bytes left to read */
    const unsigned char *mem;
    size_t mem_len, mem_pos, chunk;
    input_source_fn source; /* bytes already decoded elsewhere (input_open_source()) */
    void *source_ctx;

    enum input_fmt fmt;
    unsigned char *raw; /* INPUT_RAW_BUF_SIZE bytes */
    size_t raw_pos, raw_len;
    bool raw_eof;
    uint64_t raw_bytes;

    unsigned char *dec; /* decoded bytes of a compressed stream, INPUT_DEC_STEP */
    size_t dec_pos, dec_len;
    z_stream z;
    bool z_ready, member_done;
    ZSTD_DStream *zs;
    size_t zs_hint; /* 0 when the last frame seen is complete */
    bool zs_frame_start; /* the decoder is between frames: a header comes next */
    uint64_t zs_window_max;
    uint64_t zs_frame_at, zs_window; /* the current frame's raw offset and window */

    bool kind_known; /* input_kind_refusal() has looked, or must not: a range of a
                        file (not its start), bytes decoded elsewhere */

    enum { EOL_UNDECIDED, EOL_LF, EOL_CR } eol;
    int ahead; /* a decoded byte read ahead, not yet returned; -1: none */

    uint64_t out_bytes, out_lines; /* handed out by input_read() */
    bool uncounted;                /* out_lines not kept (input_set_uncounted()) */
    input_tap_fn tap;              /* input_set_tap(), NULL: none */
    void *tap_ctx;

    bool failed;
    char err[256];
    char name[];
};

static ptrdiff_t fail(struct input *in, const char *what, const char *detail)
{
    in->failed = true;
    snprintf(in->err, sizeof in->err, "%s%s%s", what, detail ? ": " : "", detail ? detail : "");
    return -1;
}

/* A decoder failed after producing `produced` bytes in this call: those are
 * returned now and the failure on the next call, so that where a stream
 * fails does not depend on the sizes it was read in. */
static ptrdiff_t failed_after(struct input *in, size_t produced, const char *what,
                              const char *detail)
{
    fail(in, what, detail);
    return produced ? (ptrdiff_t)produced : -1;
}

/* Read from the underlying file or memory; 0 at its end, -1 on error. */
static ptrdiff_t src_read(struct input *in, unsigned char *buf, size_t n)
{
    if (in->chunk && n > in->chunk)
        n = in->chunk;
    if (in->source) {
        const char *why = NULL;
        ptrdiff_t got = in->source(in->source_ctx, buf, n, &why);
        if (got < 0) return fail(in, why ? why : _("read error"), NULL);
        in->raw_bytes += (uint64_t)got;
        return got;
    }
    if (in->fd < 0) {
        size_t left = in->mem_len - in->mem_pos;
        if (n > left)
            n = left;
        memcpy(buf, in->mem + in->mem_pos, n);
        in->mem_pos += n;
        in->raw_bytes += n;
        return (ptrdiff_t)n;
    }
    if (n > in->raw_left) n = (size_t)in->raw_left;
    if (n == 0) return 0;
    for (;;) {
        ssize_t got = read(in->fd, buf, n);
        if (got >= 0) {
            in->raw_bytes += (uint64_t)got;
            in->raw_left -= (uint64_t)got;
            return got;
        }
        if (errno != EINTR) return fail(in, _("read error"), strerror(errno));
    }
}

/* Read into the raw buffer until it holds `want` bytes or the stream ends;
 * false on a read error. */
static bool raw_gather(struct input *in, size_t want)
{
    while (in->raw_len < want && !in->raw_eof) {
        ptrdiff_t got = src_read(in, in->raw + in->raw_len, INPUT_RAW_BUF_SIZE - in->raw_len);
        if (got < 0)
            return false;
        if (got == 0)
            in->raw_eof = true;
        in->raw_len += (size_t)got;
    }
    return true;
}

/* Refill the raw buffer when it is empty, to the full or to the end of the
 * stream however short the reads (a pipe's), so that the decoders see the
 * same input in the same steps every time; false on a read error. */
static bool raw_fill(struct input *in)
{
    if (in->raw_pos < in->raw_len || in->raw_eof)
        return true;
    in->raw_pos = in->raw_len = 0;
    return raw_gather(in, INPUT_RAW_BUF_SIZE);
}

/* The compressed formats we recognise but do not read: their magic bytes
 * (RFC-less but stable: xz's file format spec 2.1.1.1, bzip2's "BZh" + level
 * + the block or end-of-stream magic, lz4's frame and legacy magic, zip's
 * local file, empty archive and spanned markers). */
struct other_format {
    const char *name, *decoder;
};

static const struct other_format *unsupported_format(const unsigned char *b, size_t n)
{
    static const struct other_format xz = {"xz", "xz -dc"}, lz4 = {"lz4", "lz4 -dc"},
                                      zip = {"zip", "unzip -p"}, bz2 = {"bzip2", "bzip2 -dc"};
    static const struct {
        const struct other_format *format;
        unsigned char len, magic[6];
    } known[] = {
        {&xz, 6, {0xfd, '7', 'z', 'X', 'Z', 0x00}},
        {&lz4, 4, {0x04, 0x22, 0x4d, 0x18}},
        {&lz4, 4, {0x02, 0x21, 0x4c, 0x18}},
        {&zip, 4, {'P', 'K', 0x03, 0x04}},
        {&zip, 4, {'P', 'K', 0x05, 0x06}},
        {&zip, 4, {'P', 'K', 0x07, 0x08}},
    };
    for (size_t i = 0; i < sizeof known / sizeof *known; i++)
        if (n >= known[i].len && memcmp(b, known[i].magic, known[i].len) == 0)
            return known[i].format;
    static const unsigned char bz_block[6] = {0x31, 0x41, 0x59, 0x26, 0x53, 0x59};
    static const unsigned char bz_end[6] = {0x17, 0x72, 0x45, 0x38, 0x50, 0x90};
    if (n >= 10 && b[0] == 'B' && b[1] == 'Z' && b[2] == 'h' && b[3] >= '1' && b[3] <= '9' &&
        (memcmp(b + 4, bz_block, 6) == 0 || memcmp(b + 4, bz_end, 6) == 0))
        return &bz2;
    return NULL;
}

static bool zstd_magic(const unsigned char *b)
{
    return (b[0] == 0x28 && b[1] == 0xb5 && b[2] == 0x2f && b[3] == 0xfd) ||
           ((b[0] & 0xf0) == 0x50 && b[1] == 0x2a && b[2] == 0x4d && b[3] == 0x18);
}

/* What zlib's Z_MEM_ERROR means (inflateInit2(): its state; inflate(): its
 * 32 KB window): no memory, whatever the bytes. */
static const char *gzip_no_memory(void)
{
    return _("out of memory for the gzip decoder");
}

/* The start of the stream (the n bytes at b, decoded) may be PGN: else the
 * input fails with input_kind_refusal()'s reason. */
static bool kind_ok(struct input *in, const unsigned char *b, size_t n)
{
    char why[sizeof in->err];
    in->kind_known = true;
    if (!input_kind_refusal(b, n, why, sizeof why)) return true;
    fail(in, why, NULL);
    return false;
}

static bool sniff(struct input *in)
{
    /* Gather up to INPUT_KIND_LOOK bytes, however short the reads are. */
    if (!raw_gather(in, INPUT_KIND_LOOK))
        return false;
    const unsigned char *b = in->raw;
    in->fmt = FMT_PLAIN;
    bool gzip = in->raw_len >= 2 && b[0] == 0x1f && b[1] == 0x8b,
         zstd = in->raw_len >= 4 && zstd_magic(b);
    /* a .docx, a PDF, ...: a compressed stream's decoded start is looked at
     * when it is read (input_read()) */
    if (!in->kind_known && !gzip && !zstd && !kind_ok(in, b, in->raw_len)) return false;
    const struct other_format *other = unsupported_format(b, in->raw_len);
    if (other) {
        char what[sizeof in->err];
        snprintf(what, sizeof what,
                 _("unsupported compression: %s. Decompress it first, for example with "
                   "'%s FILE | pgnarbiter -'."),
                 other->name, other->decoder);
        return fail(in, what, NULL), false;
    }
    if (gzip) {
        memset(&in->z, 0, sizeof in->z);
        int ret = inflateInit2(&in->z, 15 + 16);
        if (ret != Z_OK)
            return fail(in, ret == Z_MEM_ERROR ? gzip_no_memory() : _("cannot start gzip decoder"),
                        NULL),
                   false;
        in->z_ready = true;
        in->fmt = FMT_GZIP;
    } else if (zstd) {
        in->zs = ZSTD_createDStream();
        if (!in->zs) /* its only failure: the context could not be allocated */
            return fail(in, _("out of memory for the zstd decoder"), NULL), false;
        size_t r = ZSTD_initDStream(in->zs);
        if (ZSTD_isError(r))
            return fail(in,
                        ZSTD_getErrorCode(r) == ZSTD_error_memory_allocation
                            ? _("out of memory for the zstd decoder")
                            : _("cannot start zstd decoder"),
                        NULL),
                   false;
        /* The window is checked here, frame by frame (zstd_window_ok()):
         * the decoder itself takes whatever it is given. */
        ZSTD_bounds wl = ZSTD_dParam_getBounds(ZSTD_d_windowLogMax);
        if (!ZSTD_isError(wl.error))
            ZSTD_DCtx_setParameter(in->zs, ZSTD_d_windowLogMax, wl.upperBound);
        in->zs_hint = 1;
        in->zs_frame_start = true;
        in->fmt = FMT_ZSTD;
    }
    /* A compressed stream starts from a full buffer too (see raw_fill());
     * plain text goes on at once, for a pipe that is being written. */
    return in->fmt == FMT_PLAIN || raw_gather(in, INPUT_RAW_BUF_SIZE);
}

static ptrdiff_t read_plain(struct input *in, unsigned char *buf, size_t n)
{
    if (in->raw_pos < in->raw_len) {
        size_t k = in->raw_len - in->raw_pos;
        if (k > n)
            k = n;
        memcpy(buf, in->raw + in->raw_pos, k);
        in->raw_pos += k;
        return (ptrdiff_t)k;
    }
    if (in->raw_eof)
        return 0;
    return src_read(in, buf, n);
}

static ptrdiff_t read_gzip(struct input *in, unsigned char *buf, size_t n)
{
    size_t produced = 0;
    for (;;) {
        if (!raw_fill(in))
            return produced ? (ptrdiff_t)produced : -1; /* raw_fill() failed the stream */
        if (in->member_done) {
            /* Between members: another member, zero padding, or the end. */
            if (in->raw_pos == in->raw_len)
                return (ptrdiff_t)produced; /* raw_eof: clean end */
            if (in->raw[in->raw_pos] == 0) {
                in->raw_pos++;
                continue;
            }
            if (inflateReset(&in->z) != Z_OK)
                return failed_after(in, produced, _("corrupt gzip stream"), NULL);
            in->member_done = false;
        }
        in->z.next_in = in->raw + in->raw_pos;
        in->z.avail_in = (uInt)(in->raw_len - in->raw_pos);
        in->z.next_out = buf + produced;
        in->z.avail_out = (uInt)(n - produced);
        int ret = inflate(&in->z, Z_NO_FLUSH);
        in->raw_pos = in->raw_len - in->z.avail_in;
        produced = n - in->z.avail_out;
        if (ret == Z_STREAM_END) {
            in->member_done = true;
            if (produced)
                return (ptrdiff_t)produced;
        } else if (ret == Z_OK || ret == Z_BUF_ERROR) {
            if (produced)
                return (ptrdiff_t)produced;
            if (ret == Z_BUF_ERROR && in->raw_eof && in->raw_pos == in->raw_len)
                return fail(in, _("truncated gzip stream"), NULL);
        } else if (ret == Z_MEM_ERROR) { /* the window could not be allocated */
            return failed_after(in, produced, gzip_no_memory(), NULL);
        } else {
            return failed_after(in, produced, _("corrupt gzip stream"),
                                in->z.msg ? in->z.msg : _("bad data"));
        }
    }
}

/* The window a zstd frame header asks for (RFC 8878 3.1.1.1): the
 * Window_Descriptor, or the content size of a single-segment frame.  0 for
 * a skippable frame, a header too short to tell, or one that is not a zstd
 * frame (the decoder says what is wrong with those). */
static uint64_t zstd_window_size(const unsigned char *h, size_t n)
{
    if (n < 5 || !(h[0] == 0x28 && h[1] == 0xb5 && h[2] == 0x2f && h[3] == 0xfd)) return 0;
    unsigned fhd = h[4];
    bool single = fhd & 0x20;
    if (!single) {
        if (n < 6) return 0;
        unsigned exponent = h[5] >> 3, mantissa = h[5] & 7;
        uint64_t base = (uint64_t)1 << (10 + exponent);
        return base + base / 8 * mantissa;
    }
    static const unsigned did_size[4] = {0, 1, 2, 4};
    static const unsigned fcs_size[4] = {1, 2, 4, 8};
    size_t at = 5 + did_size[fhd & 3];
    unsigned k = fcs_size[fhd >> 6];
    if (n < at + k) return 0;
    uint64_t v = 0;
    for (unsigned i = 0; i < k; i++)
        v |= (uint64_t)h[at + i] << (8 * i);
    return k == 2 ? v + 256 : v;
}

/* Before a frame is decoded: the frame starts the raw buffer, gathered to a
 * full buffer, so the decoder is fed every frame in the same steps from the
 * frame's first byte whatever came before it (where a damaged frame fails,
 * and what it gives before, depends on those steps: one run, a shard that
 * starts at the frame and a -j worker must see the same), and its window is
 * within the maximum.  False when the stream fails. */
static bool zstd_window_ok(struct input *in)
{
    if ((in->raw_pos > 0 || in->raw_len < INPUT_RAW_BUF_SIZE) && !in->raw_eof) {
        memmove(in->raw, in->raw + in->raw_pos, in->raw_len - in->raw_pos);
        in->raw_len -= in->raw_pos;
        in->raw_pos = 0;
        if (!raw_gather(in, INPUT_RAW_BUF_SIZE)) return false;
    }
    uint64_t window = zstd_window_size(in->raw + in->raw_pos, in->raw_len - in->raw_pos);
    uint64_t at = in->raw_bytes - (in->raw_len - in->raw_pos);
    in->zs_frame_at = at;
    in->zs_window = window;
    if (window <= in->zs_window_max) return true;
    char what[sizeof in->err];
    snprintf(what, sizeof what,
             _("the zstd frame at byte %llu needs a window of %llu bytes, more than the maximum "
               "of %llu bytes. Raise it with --zstd-window-max if the memory is there."),
             (unsigned long long)at, (unsigned long long)window,
             (unsigned long long)in->zs_window_max);
    fail(in, what, NULL);
    return false;
}

static ptrdiff_t read_zstd(struct input *in, unsigned char *buf, size_t n)
{
    ZSTD_outBuffer out = {buf, n, 0};
    for (;;) {
        if (!raw_fill(in))
            return out.pos ? (ptrdiff_t)out.pos : -1; /* raw_fill() failed the stream */
        bool at_end = in->raw_eof && in->raw_pos == in->raw_len;
        if (in->zs_frame_start && !at_end) {
            if (!zstd_window_ok(in)) return out.pos ? (ptrdiff_t)out.pos : -1;
            in->zs_frame_start = false;
        }
        ZSTD_inBuffer inb = {in->raw, in->raw_len, in->raw_pos};
        size_t r = ZSTD_decompressStream(in->zs, &out, &inb);
        if (ZSTD_isError(r) && ZSTD_getErrorCode(r) == ZSTD_error_memory_allocation) {
            /* the buffers a frame's window needs could not be allocated */
            char what[sizeof in->err];
            snprintf(what, sizeof what,
                     _("out of memory for the zstd frame at byte %llu, which needs a window "
                       "of %llu bytes"),
                     (unsigned long long)in->zs_frame_at, (unsigned long long)in->zs_window);
            return failed_after(in, out.pos, what, NULL);
        }
        if (ZSTD_isError(r))
            return failed_after(in, out.pos, _("corrupt zstd stream"), ZSTD_getErrorName(r));
        bool progress = inb.pos != in->raw_pos || out.pos != 0;
        in->raw_pos = inb.pos;
        if (r == 0) in->zs_frame_start = true; /* a frame ended: the decoder stops there */
        if (out.pos)
            in->zs_hint = r;
        else if (progress)
            in->zs_hint = r == 0 ? 0 : 1;
        if (out.pos)
            return (ptrdiff_t)out.pos;
        if (at_end) /* 0: the last frame was complete */
            return in->zs_hint == 0 ? 0 : fail(in, _("truncated zstd stream"), NULL);
    }
}

/*
 * A compressed stream is decoded into `dec` in steps of INPUT_DEC_STEP bytes,
 * whatever the caller asks for, and handed out from there: the decoders are
 * then called the same way however the stream is read, so a stream that
 * fails part way gives the same bytes before the failure to every reader
 * (zstd decodes straight into a large enough buffer and loses a block's
 * worth on an error that a small one would have seen flushed first).
 */
static ptrdiff_t decode_step(struct input *in)
{
    if (in->failed) return -1;
    if (!in->dec && !(in->dec = malloc(INPUT_DEC_STEP))) return fail(in, _("out of memory"), NULL);
    ptrdiff_t got = in->fmt == FMT_GZIP ? read_gzip(in, in->dec, INPUT_DEC_STEP)
                                        : read_zstd(in, in->dec, INPUT_DEC_STEP);
    if (got <= 0) return got;
    in->dec_pos = 0;
    in->dec_len = (size_t)got;
    return got;
}

static ptrdiff_t read_compressed(struct input *in, unsigned char *buf, size_t n)
{
    if (in->dec_pos == in->dec_len) {
        ptrdiff_t got = decode_step(in);
        if (got <= 0) return got;
    }
    size_t k = in->dec_len - in->dec_pos;
    if (k > n) k = n;
    memcpy(buf, in->dec + in->dec_pos, k);
    in->dec_pos += k;
    return (ptrdiff_t)k;
}

static ptrdiff_t read_decoded(struct input *in, unsigned char *buf, size_t n)
{
    if (in->fmt == FMT_GZIP || in->fmt == FMT_ZSTD) return read_compressed(in, buf, n);
    return read_plain(in, buf, n);
}

/* The byte after the end of this read, kept for the next one; -1 at the end
 * of the stream (or when it fails: the next read says so). */
static int peek(struct input *in)
{
    unsigned char c;
    if (read_decoded(in, &c, 1) != 1) return -1;
    in->ahead = c;
    return c;
}

/* The line-end rule of the invariants, over the len bytes just read. */
static void mark_line_ends(struct input *in, unsigned char *buf, size_t len)
{
    size_t from = 0;
    if (in->eol == EOL_UNDECIDED) {
        unsigned char *lf = memchr(buf, '\n', len);
        unsigned char *cr = memchr(buf, '\r', lf ? (size_t)(lf - buf) : len);
        if (!cr) {
            if (lf) in->eol = EOL_LF;
            return;
        }
        from = (size_t)(cr - buf);
    }
    for (unsigned char *cr; from < len && (cr = memchr(buf + from, '\r', len - from));) {
        size_t i = (size_t)(cr - buf);
        int next = i + 1 < len ? buf[i + 1] : peek(in);
        if (in->eol == EOL_UNDECIDED) {
            /* CR NUL is UTF-16 text's CR (the reader decodes it), not a Mac line end */
            in->eol = next == '\n' || next == 0 ? EOL_LF : EOL_CR;
            if (in->eol == EOL_LF) return;
        }
        if (next != '\n') *cr = '\n';
        from = i + 1;
    }
}

ptrdiff_t input_read(struct input *in, void *buf, size_t n)
{
    bool held = in->ahead >= 0 || in->dec_pos < in->dec_len; /* decoded before a failure */
    if (in->failed && !held)
        return -1;
    if (n == 0)
        return 0;
    if (in->fmt == FMT_UNKNOWN && !sniff(in))
        return -1;
    if (!in->kind_known) { /* compressed: what its first decoded bytes look like */
        in->kind_known = true;
        if (decode_step(in) < 0 && in->dec_len == 0) return -1;
        if (in->dec_len && !kind_ok(in, in->dec, in->dec_len)) return -1;
    }
    unsigned char *out = buf;
    size_t len = 0;
    if (in->ahead >= 0) {
        out[len++] = (unsigned char)in->ahead;
        in->ahead = -1;
    }
    if (len < n && (!in->failed || in->dec_pos < in->dec_len)) {
        ptrdiff_t got = read_decoded(in, out + len, n - len);
        if (got < 0 && len == 0) return -1;
        if (got > 0) len += (size_t)got;
    }
    if (in->tap && len) in->tap(in->tap_ctx, out, len); /* before the line-break rule */
    if (in->eol != EOL_LF) mark_line_ends(in, out, len);
    in->out_bytes += len;
    if (!in->uncounted) in->out_lines += byte_scan_count_lf(out, len);
    return (ptrdiff_t)len;
}

static struct input *input_alloc(const char *name)
{
    size_t nl = strlen(name);
    struct input *in = calloc(1, sizeof *in + nl + 1);
    if (!in)
        return NULL;
    in->raw = malloc(INPUT_RAW_BUF_SIZE);
    if (!in->raw) {
        free(in);
        return NULL;
    }
    memcpy(in->name, name, nl + 1);
    in->fd = -1;
    in->zs_window_max = INPUT_ZSTD_WINDOW_MAX_DEFAULT;
    in->raw_left = UINT64_MAX;
    in->ahead = -1;
    return in;
}

struct input *input_open(const char *path, char *why, size_t whylen)
{
    bool is_stdin = strcmp(path, "-") == 0;
    int fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    const char *reason = NULL;
    if (fd < 0)
        reason = strerror(errno);
    else if (fstat(fd, &st) != 0)
        reason = strerror(errno);
    else if (S_ISDIR(st.st_mode))
        reason = _("is a directory");
    if (!reason) {
        struct input *in = input_alloc(is_stdin ? "<stdin>" : path);
        if (in) {
            in->fd = fd;
            in->own_fd = !is_stdin;
            return in;
        }
        reason = _("out of memory");
    }
    if (why && whylen)
        snprintf(why, whylen, "%s", reason);
    if (fd >= 0 && !is_stdin)
        close(fd);
    return NULL;
}

struct input *input_open_range(const char *path, uint64_t start, uint64_t end, char *why,
                               size_t whylen)
{
    struct input *in = input_open(path, why, whylen);
    if (!in) return NULL;
    if (start && lseek(in->fd, (off_t)start, SEEK_SET) != (off_t)start) {
        if (why && whylen) snprintf(why, whylen, "%s", strerror(errno));
        input_close(in);
        return NULL;
    }
    in->raw_left = end > start ? end - start : 0;
    in->raw_bytes = start; /* byte offsets in messages are the file's */
    in->kind_known = start > 0; /* a range from the middle: its start is no file's start */
    return in;
}

void input_set_tap(struct input *in, input_tap_fn fn, void *ctx)
{
    in->tap = fn;
    in->tap_ctx = ctx;
}

void input_set_line_breaks(struct input *in, bool cr)
{
    in->eol = cr ? EOL_CR : EOL_LF;
}

bool input_line_breaks_decided(const struct input *in, bool *cr)
{
    *cr = in->eol == EOL_CR;
    return in->eol != EOL_UNDECIDED;
}

bool input_file_line_breaks(const char *path, uint64_t zstd_window_max, bool *cr, char *why,
                            size_t whylen)
{
    struct input *in = input_open(path, why, whylen);
    if (!in) return false;
    input_set_zstd_window_max(in, zstd_window_max);
    unsigned char b[4096];
    uint64_t seen = 0;
    ptrdiff_t got;
    while (!input_line_breaks_decided(in, cr) && seen < INPUT_EOL_SEARCH_MAX &&
           (got = input_read(in, b, sizeof b)) > 0)
        seen += (uint64_t)got;
    bool failed = *input_error(in) && seen == 0;
    if (failed && whylen) snprintf(why, whylen, "%s", input_error(in));
    input_line_breaks_decided(in, cr);
    input_close(in);
    return !failed;
}

struct input *input_open_memory_chunked(const void *buf, size_t len, size_t chunk)
{
    struct input *in = input_alloc("<memory>");
    if (in) {
        in->mem = buf;
        in->mem_len = len;
        in->chunk = chunk;
    }
    return in;
}

struct input *input_open_memory(const void *buf, size_t len)
{
    return input_open_memory_chunked(buf, len, 0);
}

struct input *input_open_source(input_source_fn fn, void *ctx, const char *name)
{
    struct input *in = input_alloc(name);
    if (in) {
        in->source = fn;
        in->source_ctx = ctx;
        in->fmt = FMT_PLAIN; /* decoded already: no format to sniff */
        in->kind_known = true; /* ... and no start to look at: its reader did */
        in->eol = EOL_LF;    /* ... and line breaks already as they are read */
    }
    return in;
}

struct input *input_open_reader(input_source_fn fn, void *ctx, const char *name)
{
    struct input *in = input_alloc(name);
    if (in) {
        in->source = fn;
        in->source_ctx = ctx;
    }
    return in;
}

void input_set_zstd_window_max(struct input *in, uint64_t bytes) { in->zs_window_max = bytes; }

const char *input_name(const struct input *in) { return in->name; }
const char *input_error(const struct input *in) { return in->err; }
uint64_t input_raw_bytes(const struct input *in) { return in->raw_bytes; }
uint64_t input_bytes(const struct input *in) { return in->out_bytes; }
uint64_t input_lines(const struct input *in) { return in->out_lines; }
void input_set_uncounted(struct input *in) { in->uncounted = true; }

const char *input_format(const struct input *in)
{
    static const char *const names[] = {"unknown", "plain", "gzip", "zstd"};
    return names[in->fmt];
}

void input_close(struct input *in)
{
    if (!in)
        return;
    if (in->z_ready)
        inflateEnd(&in->z);
    ZSTD_freeDStream(in->zs);
    if (in->own_fd)
        close(in->fd);
    free(in->raw);
    free(in->dec);
    free(in);
}

/* ---- Directory walk (for the CLI's -r) ---- */

/* Directories nested deeper than this are not entered (hostile trees). */
#define INPUT_WALK_DEPTH_MAX 64

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* What a walk calls: fn for each file, problem for each entry it cannot read. */
struct walk {
    input_walk_fn fn;
    input_walk_problem_fn problem;
    void *ctx;
};

static int walk_dir(const char *dir, int depth, const struct walk *w)
{
    if (depth > INPUT_WALK_DEPTH_MAX) {
        w->problem(w->ctx, dir, _("directories nested too deep: not entered"), false);
        return 0;
    }
    DIR *d = opendir(dir);
    if (!d) {
        w->problem(w->ctx, dir, strerror(errno), false);
        return 0;
    }
    char **names = NULL;
    size_t count = 0, cap = 0;
    int rc = 0;
    struct dirent *e;
    errno = 0;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        if (count == cap) {
            size_t ncap = cap ? 2 * cap : 32;
            char **bigger = realloc(names, ncap * sizeof *names);
            if (!bigger) {
                errno = ENOMEM;
                break;
            }
            names = bigger;
            cap = ncap;
        }
        names[count] = strdup(e->d_name);
        if (!names[count]) {
            errno = ENOMEM;
            break;
        }
        count++;
    }
    if (errno) /* the listing is not whole: say so, read what was listed */
        w->problem(w->ctx, dir, strerror(errno), false);
    closedir(d);
    if (count)
        qsort(names, count, sizeof *names, cmp_names);
    for (size_t i = 0; i < count; i++) {
        if (rc == 0) {
            size_t len = strlen(dir) + strlen(names[i]) + 2;
            char *path = malloc(len);
            if (!path) {
                w->problem(w->ctx, names[i], strerror(ENOMEM), true);
            } else {
                snprintf(path, len, "%s%s%s", dir,
                         dir[0] && dir[strlen(dir) - 1] == '/' ? "" : "/", names[i]);
                struct stat st, lst;
                if (stat(path, &st) != 0) /* a dangling link, or gone meanwhile */
                    w->problem(w->ctx, path, strerror(errno), true);
                else if (S_ISREG(st.st_mode))
                    rc = w->fn(w->ctx, path);
                else if (S_ISDIR(st.st_mode) && lstat(path, &lst) == 0 && !S_ISLNK(lst.st_mode))
                    rc = walk_dir(path, depth + 1, w);
                free(path);
            }
        }
        free(names[i]);
    }
    free(names);
    return rc;
}

int input_walk_each(const char *path, input_walk_fn fn, input_walk_problem_fn problem, void *ctx)
{
    const struct walk w = {fn, problem, ctx};
    struct stat st;
    if (stat(path, &st) != 0) {
        problem(ctx, path, strerror(errno), false);
        return 0;
    }
    if (!S_ISDIR(st.st_mode))
        return fn(ctx, path);
    return walk_dir(path, 0, &w);
}

/* input_walk(): the first problem's reason kept in why. */
struct first_problem {
    input_walk_fn fn;
    void *ctx;
    char *why;
    size_t whylen;
    bool noted;
};

static int first_fn(void *ctx, const char *path)
{
    struct first_problem *f = ctx;
    return f->fn(f->ctx, path);
}

static void first_problem(void *ctx, const char *path, const char *why, bool entry)
{
    (void)entry;
    struct first_problem *f = ctx;
    if (!f->noted && f->why && f->whylen) snprintf(f->why, f->whylen, "%s: %s", path, why);
    f->noted = true;
}

int input_walk(const char *path, input_walk_fn fn, void *ctx, char *why, size_t whylen)
{
    struct first_problem f = {fn, ctx, why, whylen, false};
    if (why && whylen)
        why[0] = '\0';
    int rc = input_walk_each(path, first_fn, first_problem, &f);
    return rc != 0 ? rc : f.noted ? -1 : 0;
}
