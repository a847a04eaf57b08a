/*
 * escape.c - terminal-safe text (see escape.h).  Escaped: the C0 controls
 * (ESC, BEL, BS, CR, LF, ...), DEL, the C1 controls U+0080..U+009F (U+009B
 * is a CSI on many terminals), the line and paragraph separators U+2028 and
 * U+2029, and the bidirectional controls U+061C, U+200E, U+200F,
 * U+202A..U+202E and U+2066..U+2069 that can make a line read differently
 * from what it holds.  Invariant: the output holds no control character
 * whatever the input.
 */
#include "report/escape.h"

#include "diag/cp1252.h"
#include "report/json.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* The code point of the valid UTF-8 sequence of n bytes at s. */
static unsigned code_point(const unsigned char *s, size_t n)
{
    static const unsigned char lead_mask[5] = {0, 0x7F, 0x1F, 0x0F, 0x07};
    unsigned cp = s[0] & lead_mask[n];
    for (size_t i = 1; i < n; i++)
        cp = (cp << 6) | (s[i] & 0x3F);
    return cp;
}

bool escape_is_unsafe(unsigned cp)
{
    return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || json_is_bidi_control(cp);
}

/* Whether the 8 bytes at s are all plain printable ASCII (0x20 to 0x7e):
 * no byte below 0x20 (a byte below it borrows, once x - 0x20 each), none
 * from 0x7f (a byte from it has its high bit set, once x + 1 each; a
 * carry out of a byte needs such a byte). */
static bool printable8(const unsigned char *s)
{
    const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
    uint64_t x;
    memcpy(&x, s, 8);
    return (((x - 0x20 * ones) & ~x) | (x + ones) | x) & high ? false : true;
}

/* "\xNN" (digits 2) or "\uNNNN" (digits 4) for v. */
static void put_hex(struct json_buf *jb, unsigned v, int digits)
{
    static const char hex[] = "0123456789abcdef";
    char e[6] = {'\\', digits == 2 ? 'x' : 'u'};
    for (int i = 0; i < digits; i++)
        e[2 + i] = hex[(v >> (4 * (digits - 1 - i))) & 15];
    json_buf_put(jb, e, 2 + (size_t)digits);
}

/* \n, \r, \t, or \xNN (below 0x80) / \uNNNN (escape_is_unsafe() code points
 * are all below 0x10000). */
static void put_escape(struct json_buf *jb, unsigned cp)
{
    switch (cp) {
    case '\n': json_buf_put(jb, "\\n", 2); break;
    case '\r': json_buf_put(jb, "\\r", 2); break;
    case '\t': json_buf_put(jb, "\\t", 2); break;
    default: put_hex(jb, cp, cp < 0x80 ? 2 : 4); break;
    }
}

void escape_buf(struct json_buf *jb, const char *str, size_t len, enum escape_bytes bytes)
{
    const unsigned char *s = (const unsigned char *)str;
    size_t i = 0;
    while (i < len) {
        size_t start = i; /* a run of plain printable ASCII is written at once */
        while (i + 8 <= len && printable8(s + i))
            i += 8;
        while (i < len && s[i] >= 0x20 && s[i] < 0x7F)
            i++;
        if (i > start) json_buf_put(jb, (const char *)s + start, i - start);
        if (i == len) break;
        size_t n = json_utf8_seq_len(s + i, len - i);
        if (n) {
            unsigned cp = code_point(s + i, n);
            if (escape_is_unsafe(cp))
                put_escape(jb, cp);
            else
                json_buf_put(jb, (const char *)s + i, n);
            i += n;
        } else if (bytes == ESCAPE_CP1252 && cp1252_char(s[i])) {
            /* the Windows-1252 (Latin-1) character, in UTF-8: never a control
             * (80-9F read as characters), so nothing to escape */
            char utf8[3];
            json_buf_put(jb, utf8, cp1252_put_utf8(cp1252_char(s[i]), utf8));
            i++;
        } else {
            put_hex(jb, s[i], 2); /* a byte, not a code point */
            i++;
        }
    }
}

void escape_write(FILE *f, const char *str, size_t len, enum escape_bytes bytes)
{
    struct json_buf jb; /* (not cleared: a buffer of 8 KB) */
    jb.f = f;
    jb.n = 0;
    escape_buf(&jb, str, len, bytes);
    json_buf_flush(&jb);
}

void escape_cwrite(FILE *f, const char *s, enum escape_bytes bytes)
{
    escape_write(f, s, strlen(s), bytes);
}

const char *escape_str(char *out, size_t size, const char *s, enum escape_bytes bytes)
{
    if (size < 8) { /* no room for a character and "..." */
        if (size) out[0] = '\0';
        return out;
    }
    struct json_buf jb; /* (not cleared: a buffer of 8 KB) */
    jb.f = NULL;        /* never flushed: what goes in fits, by the cut below */
    jb.n = 0;
    /* A byte escapes to at most 4 (\xNN; a 2- or 3-byte character to
     * \uNNNN): so many bytes of s that 4 each, "..." and the NUL fit, cut
     * before a character, never inside one. */
    size_t cap = size < sizeof jb.b ? size : sizeof jb.b;
    size_t len = strlen(s), keep = len, room = (cap - 4) / 4;
    if (keep > room) {
        keep = room;
        while (keep > 0 && ((unsigned char)s[keep] & 0xC0) == 0x80)
            keep--;
    }
    escape_buf(&jb, s, keep, bytes);
    if (keep < len) json_buf_put(&jb, "...", 3);
    memcpy(out, jb.b, jb.n);
    out[jb.n] = '\0';
    return out;
}

/* The blanks .NET's TrimStart() removes that escape_buf() leaves raw:
 * U+0020, U+00A0, U+1680, U+2000..U+200A, U+202F, U+205F and U+3000. */
bool escape_starts_command(const char *name)
{
    const unsigned char *s = (const unsigned char *)name;
    for (;;) {
        if (s[0] == ' ')
            s += 1;
        else if (s[0] == 0xC2 && s[1] == 0xA0)
            s += 2;
        else if ((s[0] == 0xE1 && s[1] == 0x9A && s[2] == 0x80) ||
                 (s[0] == 0xE2 && s[1] == 0x80 && ((s[2] >= 0x80 && s[2] <= 0x8A) || s[2] == 0xAF)) ||
                 (s[0] == 0xE2 && s[1] == 0x81 && s[2] == 0x9F) ||
                 (s[0] == 0xE3 && s[1] == 0x80 && s[2] == 0x80))
            s += 3;
        else
            return s[0] == ':' && s[1] == ':';
    }
}
