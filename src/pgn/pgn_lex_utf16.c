/*
 * pgn_lex_utf16.c - the tokenizer's reads, and UTF-16 input decoded to UTF-8
 * on the way in.  PGN (standard section 4.1, and every program since) is
 * ASCII or UTF-8, but Windows programs save "Unicode" text as UTF-16 with a
 * byte order mark (FF FE little-endian, FE FF big-endian).  Such an input is
 * recognised by that mark at its very start and decoded as it is read, so
 * the lexer sees UTF-8 and the rest of the reader never knows; offsets and
 * columns are then those of the decoded text.
 *
 * Invariants: the decoded bytes never depend on the sizes the input's reads
 * return (a code unit or surrogate pair split across reads is kept until it
 * is whole); an unpaired surrogate becomes U+FFFD, and so does an odd last
 * byte; memory is one fixed scratch buffer, allocated when the mark is seen.
 */
#define PGN_LEX_INTERNAL
#include "pgn/pgn_lex.h"

#include "pgn/input.h"

#include <stdlib.h>
#include <string.h>

/* Raw UTF-16 bytes kept: a whole first read of the lexer fits. */
#define UTF16_RAW_MAX PGN_LEX_BUF_SIZE

struct pgn_lex_utf16 {
    bool big_endian;
    bool eof;
    size_t have; /* raw bytes kept in raw[] (an incomplete unit or pair) */
    unsigned char raw[UTF16_RAW_MAX];
};

static unsigned unit(const struct pgn_lex_utf16 *u, const unsigned char *b)
{
    return u->big_endian ? (unsigned)b[0] << 8 | b[1] : (unsigned)b[1] << 8 | b[0];
}

static size_t put_utf8(unsigned char *d, unsigned long c)
{
    if (c < 0x80) {
        d[0] = (unsigned char)c;
        return 1;
    }
    if (c < 0x800) {
        d[0] = (unsigned char)(0xc0 | c >> 6);
        d[1] = (unsigned char)(0x80 | (c & 0x3f));
        return 2;
    }
    if (c < 0x10000) {
        d[0] = (unsigned char)(0xe0 | c >> 12);
        d[1] = (unsigned char)(0x80 | (c >> 6 & 0x3f));
        d[2] = (unsigned char)(0x80 | (c & 0x3f));
        return 3;
    }
    d[0] = (unsigned char)(0xf0 | c >> 18);
    d[1] = (unsigned char)(0x80 | (c >> 12 & 0x3f));
    d[2] = (unsigned char)(0x80 | (c >> 6 & 0x3f));
    d[3] = (unsigned char)(0x80 | (c & 0x3f));
    return 4;
}

/* Decode what raw[] holds into dst (room for cap bytes, cap >= 4); keeps
 * an incomplete unit or pair unless the input is over.  Returns the bytes
 * written. */
static size_t decode(struct pgn_lex_utf16 *u, unsigned char *dst, size_t cap)
{
    size_t i = 0, out = 0;
    while (out + 4 <= cap) {
        size_t left = u->have - i;
        if (left < 2) {
            if (left == 1 && u->eof) { /* an odd last byte */
                out += put_utf8(dst + out, 0xfffd);
                i++;
            }
            break;
        }
        unsigned c = unit(u, u->raw + i);
        if (c >= 0xd800 && c < 0xdc00) { /* high surrogate: its pair follows */
            if (left < 4 && !u->eof) break;
            unsigned lo = left >= 4 ? unit(u, u->raw + i + 2) : 0;
            if (lo >= 0xdc00 && lo < 0xe000) {
                out += put_utf8(dst + out, 0x10000ul + ((unsigned long)(c - 0xd800) << 10) +
                                               (lo - 0xdc00));
                i += 4;
                continue;
            }
            c = 0xfffd;
        } else if (c >= 0xdc00 && c < 0xe000) {
            c = 0xfffd;
        }
        out += put_utf8(dst + out, c);
        i += 2;
    }
    memmove(u->raw, u->raw + i, u->have - i);
    u->have -= i;
    return out;
}

static ptrdiff_t utf16_read(struct pgn_lex *lx, unsigned char *dst, size_t cap)
{
    struct pgn_lex_utf16 *u = lx->utf16;
    if (cap < 4) return 0; /* never so: the lexer reads into most of its buffer */
    for (;;) {
        size_t want = cap / 3 * 2; /* decoded, at most 1.5 times as many bytes */
        if (want > UTF16_RAW_MAX) want = UTF16_RAW_MAX;
        if (!u->eof && u->have < want) {
            ptrdiff_t got = input_read(lx->in, u->raw + u->have, want - u->have);
            if (got < 0) return got;
            if (got == 0) u->eof = true;
            u->have += (size_t)got;
        }
        size_t out = decode(u, dst, cap);
        if (out || (u->eof && u->have == 0)) return (ptrdiff_t)out;
    }
}

ptrdiff_t pgn_lex_read(struct pgn_lex *lx, unsigned char *dst, size_t cap)
{
    if (lx->utf16) return utf16_read(lx, dst, cap);
    ptrdiff_t got = input_read(lx->in, dst, cap);
    if (lx->read_started || got <= 0) {
        lx->read_started = true;
        return got;
    }
    lx->read_started = true;
    /* The first read: a UTF-16 byte order mark?  Two bytes, however the
     * input hands them out. */
    while (got == 1 && (dst[0] == 0xff || dst[0] == 0xfe) && cap > 1) {
        ptrdiff_t more = input_read(lx->in, dst + 1, cap - 1);
        if (more <= 0) return more < 0 ? more : got;
        got += more;
    }
    if (got < 2 || !((dst[0] == 0xff && dst[1] == 0xfe) || (dst[0] == 0xfe && dst[1] == 0xff)))
        return got;
    struct pgn_lex_utf16 *u = malloc(sizeof *u);
    if (!u) return got; /* read as bytes: the flood of findings this avoids */
    u->big_endian = dst[0] == 0xfe;
    u->eof = false;
    u->have = (size_t)got - 2;
    memcpy(u->raw, dst + 2, u->have);
    lx->utf16 = u;
    return utf16_read(lx, dst, cap);
}

bool pgn_lex_is_utf16(const struct pgn_lex *lx, bool *big_endian)
{
    if (!lx->utf16) return false;
    if (big_endian) *big_endian = lx->utf16->big_endian;
    return true;
}

void pgn_lex_utf16_free(struct pgn_lex *lx)
{
    free(lx->utf16);
    lx->utf16 = NULL;
}
