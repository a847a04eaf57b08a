/*
 * escape.c - terminal-safe text (see escape.h).  Escaped: the C0 controls
 * (ESC, BEL, BS, CR, LF, ...), DEL, the C1 controls U+0080..U+009F (U+009B
 * is a CSI on many terminals), the line and paragraph separators U+2028 and
 * U+2029, and the bidirectional controls U+200E, U+200F, U+202A..U+202E and
 * U+2066..U+2069 that can make a line read differently from what it holds.
 * Invariant: the output holds no control character whatever the input.
 */
#include "report/escape.h"

#include "report/json.h"

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

/* A code point no terminal or log should receive raw. */
static int unsafe(unsigned cp)
{
    return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0x200E || cp == 0x200F ||
           cp == 0x2028 || cp == 0x2029 || (cp >= 0x202A && cp <= 0x202E) ||
           (cp >= 0x2066 && cp <= 0x2069);
}

static void put_escape(FILE *f, unsigned cp)
{
    switch (cp) {
    case '\n': fputs("\\n", f); break;
    case '\r': fputs("\\r", f); break;
    case '\t': fputs("\\t", f); break;
    default: fprintf(f, cp < 0x80 ? "\\x%02x" : "\\u%04x", cp); break;
    }
}

void escape_write(FILE *f, const char *str, size_t len, enum escape_bytes bytes)
{
    const unsigned char *s = (const unsigned char *)str;
    size_t i = 0;
    while (i < len) {
        size_t start = i; /* a run of plain printable ASCII is written at once */
        while (i < len && s[i] >= 0x20 && s[i] < 0x7F)
            i++;
        if (i > start) fwrite(s + start, 1, i - start, f);
        if (i == len) break;
        size_t n = json_utf8_seq_len(s + i, len - i);
        if (n) {
            unsigned cp = code_point(s + i, n);
            if (unsafe(cp))
                put_escape(f, cp);
            else
                fwrite(s + i, 1, n, f);
            i += n;
        } else if (bytes == ESCAPE_LATIN1 && s[i] >= 0xA0) {
            putc(0xC0 | (s[i] >> 6), f); /* the Latin-1 character, in UTF-8 */
            putc(0x80 | (s[i] & 0x3F), f);
            i++;
        } else {
            fprintf(f, "\\x%02x", s[i]);
            i++;
        }
    }
}

void escape_cwrite(FILE *f, const char *s, enum escape_bytes bytes)
{
    escape_write(f, s, strlen(s), bytes);
}
