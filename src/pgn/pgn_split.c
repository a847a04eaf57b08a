/*
 * pgn_split.c - cut points of a PGN byte stream (see pgn_split.h).  The blank
 * bytes and the tag pair line are the lexer's (pgn_lex_char_class(), pgn_lex_tag_line():
 * the line that ends an unclosed comment).
 */
#define _GNU_SOURCE /* memrchr */
#include "pgn/pgn_split.h"

#include "pgn/pgn_lex.h"

#include <string.h>

/* Blank space or a line feed, as the lexer has them. */
static bool is_blank(unsigned char c)
{
    return pgn_lex_char_class(c) & (PGN_CC_WS | PGN_CC_NL);
}

/* Whether the line that ends at the line feed `lf` starts with '[' (after
 * blanks): a tag pair line, so a tag pair right after it is likely the same
 * tag section. */
static bool after_tag_line(const unsigned char *buf, size_t lf)
{
    size_t b = lf;
    while (b > 0 && buf[b - 1] != '\n')
        b--;
    while (b < lf && (buf[b] == ' ' || buf[b] == '\t'))
        b++;
    return b < lf && buf[b] == '[';
}

/* The cut before the '[' at t: the first line feed of the blank run that
 * ends at t, when the run is short, does not start the buffer and holds two
 * line feeds or more (a blank line) - or one, after a line that is not a
 * tag pair line (games written with no blank line between them).  0 when
 * there is none. */
static size_t cut_before(const unsigned char *buf, size_t t)
{
    size_t r = t;
    while (r > 0 && t - r < PGN_SPLIT_BLANK_MAX && is_blank(buf[r - 1]))
        r--;
    if (r == 0 || is_blank(buf[r - 1])) return 0; /* the run starts the buffer, or is too long */
    const unsigned char *lf = memchr(buf + r, '\n', t - r);
    if (!lf) return 0;
    size_t cut = (size_t)(lf - buf);
    if (!memchr(buf + cut + 1, '\n', t - cut - 1) && after_tag_line(buf, cut)) return 0;
    return cut;
}

bool pgn_split_find(const unsigned char *buf, size_t len, size_t max, size_t *cut, size_t *tag)
{
    size_t end = len; /* look for '[' in buf[0, end) */
    while (end > 0) {
        const unsigned char *b = memrchr(buf, '[', end);
        if (!b) return false;
        size_t t = (size_t)(b - buf);
        end = t;
        if (!pgn_lex_tag_line(buf + t, buf + len)) continue;
        /* a tag pair line quoted in a comment closed soon after: no game starts */
        size_t look = len - t < PGN_LEX_CLOSE_LOOK ? len - t : PGN_LEX_CLOSE_LOOK;
        if (pgn_lex_closes_ahead(buf + t, buf + t + look)) continue;
        size_t c = cut_before(buf, t);
        if (c == 0 || c > max) continue;
        *cut = c;
        *tag = t;
        return true;
    }
    return false;
}

bool pgn_split_find_first(const unsigned char *buf, size_t len, size_t *cut, size_t *tag)
{
    for (size_t from = 0; from < len;) {
        const unsigned char *b = memchr(buf + from, '[', len - from);
        if (!b) return false;
        size_t t = (size_t)(b - buf);
        from = t + 1;
        if (!pgn_lex_tag_line(buf + t, buf + len)) continue;
        size_t c = cut_before(buf, t);
        if (c == 0) continue;
        /* Stricter than for -j (nothing before buf confirms a cut here):
         * the line before the blank run starts inside buf and is not a tag
         * pair line, blank line or not (a blank line inside a tag section
         * is no game boundary). */
        if (!memchr(buf, '\n', c) || after_tag_line(buf, c)) continue;
        *cut = c;
        *tag = t;
        return true;
    }
    return false;
}

uint64_t pgn_split_count_lines(const unsigned char *buf, size_t len)
{
    uint64_t n = 0;
    const unsigned char *p = buf, *end = buf + len;
    while ((p = memchr(p, '\n', (size_t)(end - p))) != NULL) { /* memchr's vector scan */
        n++;
        p++;
    }
    return n;
}
