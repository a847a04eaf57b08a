/*
 * input_frames.c - where a file may be cut into ranges that decode on their
 * own (`check --shard K/N`, see input_frames.h), found by reading frame and
 * block headers only, never by decoding:
 * - zstd (RFC 8878 3.1): a frame is its header (magic, Frame_Header_
 *   Descriptor, Window_Descriptor, Dictionary_ID, Frame_Content_Size), blocks
 *   of a 3-byte header each (Last_Block, Block_Type, Block_Size; an RLE
 *   block holds one byte) and a 4-byte checksum when the descriptor says so;
 *   a skippable frame (magic 0x184D2A5?) is its 8-byte header and the size
 *   it gives.  Every frame of either kind starts a unit.
 * - BGZF (SAM/BAM specification 4.1): gzip members whose extra field holds
 *   the subfield BC with the member's size less one.  A gzip member without
 *   it cannot be stepped over without decoding: plain gzip is one unit.
 * - a plain file is cut anywhere.
 * A file cut short or damaged (or a gzip member that is not BGZF after BGZF
 * blocks) has its rest joined to the unit before it: the reader of that unit
 * meets the damage where one run's reader would, and says the same.
 * Memory is O(N) (one boundary per range), whatever the number of frames.
 * Nothing here prints or exits.
 */
#include "pgn/input_frames.h"

#include "i18n.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct walk {
    int fd;
    uint64_t size;
    const char *why;
};

/* n bytes at offset `at`; false (why set) when the file ends first. */
static bool read_at(struct walk *w, uint64_t at, unsigned char *buf, size_t n)
{
    size_t got = 0;
    while (got < n) {
        ssize_t r = pread(w->fd, buf + got, n - got, (off_t)(at + got));
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) {
            w->why = r < 0 ? strerror(errno) : _("the file ends inside a frame header");
            return false;
        }
        got += (size_t)r;
    }
    return true;
}

static uint32_t le32(const unsigned char *b)
{
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/* The size of the zstd frame at `at` (skippable or not); 0 with why set when
 * it is not one or is cut short.  *skippable says which. */
static uint64_t zstd_frame_size(struct walk *w, uint64_t at, bool *skippable)
{
    unsigned char h[18];
    if (!read_at(w, at, h, 8)) return 0;
    uint32_t magic = le32(h);
    *skippable = (magic & 0xfffffff0u) == 0x184d2a50u;
    if (*skippable) {
        uint64_t size = 8 + (uint64_t)le32(h + 4);
        if (at + size > w->size) return w->why = _("the file ends inside a skippable frame"), 0;
        return size;
    }
    if (magic != 0xfd2fb528u) return w->why = _("bytes that are not a zstd frame"), 0;
    unsigned fhd = h[4];
    static const unsigned did_size[4] = {0, 1, 2, 4}, fcs_size[4] = {0, 2, 4, 8};
    bool single = fhd & 0x20;
    unsigned fcs = fcs_size[fhd >> 6];
    if (fcs == 0 && single) fcs = 1;
    uint64_t pos = at + 5 + (single ? 0 : 1) + did_size[fhd & 3] + fcs;
    for (;;) {
        unsigned char b[3];
        if (!read_at(w, pos, b, 3)) return 0;
        uint32_t bh = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16;
        unsigned type = (bh >> 1) & 3;
        if (type == 3) return w->why = _("a zstd block of the reserved type"), 0;
        pos += 3 + (type == 1 ? 1 : bh >> 3);
        if (pos > w->size) return w->why = _("the file ends inside a zstd frame"), 0;
        if (bh & 1) break;
    }
    if (fhd & 4) pos += 4;
    if (pos > w->size) return w->why = _("the file ends inside a zstd frame"), 0;
    return pos - at;
}

/* The size of the BGZF block at `at`; 0 when it is a gzip member that is not
 * one (why NULL) or is cut short (why set). */
static uint64_t bgzf_block_size(struct walk *w, uint64_t at)
{
    unsigned char h[12];
    if (!read_at(w, at, h, 12)) return 0;
    if (h[0] != 0x1f || h[1] != 0x8b || !(h[3] & 4)) return 0;
    unsigned xlen = h[10] | (unsigned)h[11] << 8;
    unsigned char x[65535];
    if (!read_at(w, at + 12, x, xlen)) return 0;
    for (unsigned i = 0; i + 4 <= xlen;) {
        unsigned slen = x[i + 2] | (unsigned)x[i + 3] << 8;
        if (x[i] == 'B' && x[i + 1] == 'C' && slen == 2 && i + 6 <= xlen) {
            uint64_t size = (uint64_t)(x[i + 4] | (unsigned)x[i + 5] << 8) + 1;
            if (at + size > w->size) return w->why = _("the file ends inside a BGZF block"), 0;
            return size;
        }
        i += 4 + slen;
    }
    return 0;
}

bool input_frames_plan(const char *path, unsigned n, struct input_frames *f, char *why,
                       size_t whylen)
{
    memset(f, 0, sizeof *f);
    struct walk w = {open(path, O_RDONLY | O_CLOEXEC), 0, NULL};
    struct stat st;
    if (w.fd < 0 || fstat(w.fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        snprintf(why, whylen, "%s", w.fd < 0 ? strerror(errno) : _("not a regular file"));
        if (w.fd >= 0) close(w.fd);
        return false;
    }
    w.size = (uint64_t)st.st_size;
    f->size = w.size;
    f->n = n;
    f->start = calloc((size_t)n + 1, sizeof *f->start);
    if (!f->start) {
        snprintf(why, whylen, "%s", _("out of memory"));
        close(w.fd);
        return false;
    }
    unsigned char m[4] = {0};
    bool zstd = false, gzip = false;
    if (w.size >= 4 && read_at(&w, 0, m, 4)) {
        zstd = le32(m) == 0xfd2fb528u || (le32(m) & 0xfffffff0u) == 0x184d2a50u;
        gzip = m[0] == 0x1f && m[1] == 0x8b;
    }
    f->layout = zstd ? INPUT_LAYOUT_ZSTD : gzip ? INPUT_LAYOUT_BGZF : INPUT_LAYOUT_PLAIN;
    /* Range k (0-based) starts at the first unit at or after size*k/n. */
    unsigned k = 1;
    f->start[0] = 0;
    f->start[n] = w.size;
    if (f->layout == INPUT_LAYOUT_PLAIN) {
        for (; k < n; k++)
            f->start[k] = (uint64_t)((unsigned __int128)w.size * k / n);
        close(w.fd);
        return true;
    }
    uint64_t at = 0;
    while (at < w.size) {
        bool skippable = false;
        uint64_t size = zstd ? zstd_frame_size(&w, at, &skippable) : bgzf_block_size(&w, at);
        if (size == 0 && gzip && !w.why && at == 0) { /* a member that is not a BGZF block */
            f->layout = INPUT_LAYOUT_GZIP;
            break;
        }
        /* Cut short or damaged: the rest belongs to the unit before it (no
         * range starts here), whose decoder meets the damage as one run's
         * does and says the same - a range starting at the damage would be
         * read as whatever its first bytes look like (plain text after a
         * zstd file, say). */
        bool damaged = size == 0;
        if (damaged) size = w.size - at;
        if (!skippable) f->frames++;
        while (!damaged && k < n && (uint64_t)((unsigned __int128)w.size * k / n) <= at)
            f->start[k++] = at;
        at += size;
    }
    while (k < n)
        f->start[k++] = w.size;
    close(w.fd);
    return true;
}

void input_frames_free(struct input_frames *f)
{
    free(f->start);
    f->start = NULL;
}
