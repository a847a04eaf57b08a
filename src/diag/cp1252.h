/*
 * cp1252.h - what a byte of PGN text that is not part of valid UTF-8 stands
 * for.  PGN is ASCII or UTF-8 (standard section 4.1), but the Windows
 * programs arbiters use (ChessBase, Fritz, Vega) save Windows-1252: the
 * Latin-1 letters at A0-FF, and typographic characters at 80-9F where
 * Latin-1 has controls (0x92 is the apostrophe of "D'Amico", 0x93/0x94
 * quotes, 0x96 an en dash).  Such a byte is read as its Windows-1252
 * character; the five bytes Windows-1252 leaves undefined (81 8D 8F 90 9D)
 * stand for nothing and stay what they are.
 *
 * The one place that says so: the reader flags text by it (pgn_lex_text.c:
 * which bytes are text, which are not), every report reads it (escape.c,
 * json.c, report_html.c: which character to show).  Header only, no state.
 */
#ifndef PGNARB_CP1252_H
#define PGNARB_CP1252_H

#include <stddef.h>

/* The code point of byte c read as Windows-1252 (the Latin-1 character for
 * A0-FF and below 0x80); 0 for the five undefined bytes. */
static inline unsigned cp1252_char(unsigned char c)
{
    static const unsigned short c1[32] = {
        0x20ac, 0,      0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, /* 80-87 */
        0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0,      0x017d, 0,      /* 88-8F */
        0,      0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, /* 90-97 */
        0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0,      0x017e, 0x0178, /* 98-9F */
    };
    return c >= 0x80 && c < 0xa0 ? c1[c - 0x80] : c;
}

/* The byte (80-9F) whose Windows-1252 character is cp (above 0xFF), else 0:
 * what `merge` reads back from json.c's \u2019 (json_read.c). */
static inline unsigned char cp1252_byte(unsigned cp)
{
    for (unsigned c = 0x80; c < 0xa0; c++)
        if (cp1252_char((unsigned char)c) == cp) return (unsigned char)c;
    return 0;
}

/* Whether byte c is Windows-1252 text (every byte but the five undefined). */
static inline int cp1252_defined(unsigned char c)
{
    return c < 0x80 || cp1252_char(c) != 0;
}

/* cp (below 0x10000) in UTF-8 into out; returns the bytes written (1-3). */
static inline size_t cp1252_put_utf8(unsigned cp, char out[3])
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xc0 | cp >> 6);
        out[1] = (char)(0x80 | (cp & 0x3f));
        return 2;
    }
    out[0] = (char)(0xe0 | cp >> 12);
    out[1] = (char)(0x80 | (cp >> 6 & 0x3f));
    out[2] = (char)(0x80 | (cp & 0x3f));
    return 3;
}

#endif /* PGNARB_CP1252_H */
