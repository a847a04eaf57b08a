/*
 * pgn_lex_text.c - the tokens of the PGN tokenizer (pgn_lex.c) that are
 * unbounded in the input: strings (PGN standard section 7; tag values, 8.1)
 * and comments ({...} and ; to end of line, section 5), plus the line skips
 * of the % escape (section 6) and of pgn_lex_skip_to_tag_line(), and the
 * UTF-8 check of token text (strings, comments, symbols with bytes >= 0x80).
 * pgn_lex_next() dispatches here on '"', '{' and ';'.
 *
 * Invariants (those of pgn_lex.c, from the side of the tokens that refill):
 * - These scanners may run past the buffer, so they refill as they go
 *   (pgn_lex_refill()), keeping the part of their text that fits their limit
 *   in [ts, tw) and the unread bytes in [p, end); the text handed out is
 *   bounded by PGN_LEX_STRING_MAX / PGN_LEX_COMMENT_MAX, the span is not.
 * - Every look-ahead stops within PGN_LEX_LOOK bytes, so that a token never
 *   depends on how the input was read.
 * - They start after pgn_lex_next() has set the token's loc and flags and
 *   cleared ts, and finish through pgn_lex_finish(), like every token.
 */
#define PGN_LEX_INTERNAL
#include "pgn/pgn_lex.h"

#include "diag/cp1252.h"
#include "pgn/byte_scan.h"

#include <string.h>

/* ---- Strings and comments (unbounded in the input, bounded in the token) ---- */

/* At a '"' inside a tag value (q): does the string end here?  PGN 7 says a
 * quote ends it; real files carry unescaped quotes inside tag values, so
 * there a quote closes the string only when the rest of the line is blank or
 * starts with ']'.  (Strings elsewhere follow PGN 7 strictly.)  Leaves lx->p at the quote (still
 * unread, so that the text written in place never overtakes it after a refill). */
static bool quote_closes(struct pgn_lex *lx, unsigned char *q)
{
    lx->p = q;
    pgn_lex_ensure(lx, PGN_LEX_LOOK + 1);
    const unsigned char *r = lx->p + 1, *lim = lx->p + PGN_LEX_LOOK;
    while (r < lim && (*r == ' ' || *r == '\t'))
        r++;
    return r >= lim || *r == ']' || *r == '\n' || *r == '\r' || r == lx->end;
}

const struct pgn_token *pgn_lex_string(struct pgn_lex *lx, const unsigned char *s)
{
    struct pgn_token *t = &lx->tok;
    lx->ts = lx->tw = (unsigned char *)s + 1;
    unsigned char *r = (unsigned char *)s + 1, *w = lx->tw;
    uint64_t n = 0; /* bytes of value, kept or not */
    unsigned acc = 0;
    bool tag_value = lx->prev == PGN_LEX_PREV_TAG_NAME;
    for (;;) {
        unsigned c = *r;
        if (!(pgn_lex_cc[c] & PGN_CC_STR)) {
            /* A run of plain bytes: kept up to the limit, moved only once an
             * escape has made the text lag behind the input (w < r). */
            unsigned char *q = r;
            do
                acc |= *q++;
            while (!(pgn_lex_cc[*q] & PGN_CC_STR));
            size_t run = (size_t)(q - r),
                   room = n < PGN_LEX_STRING_MAX ? (size_t)(PGN_LEX_STRING_MAX - n) : 0;
            size_t kept = run < room ? run : room;
            if (w != r && kept) memmove(w, r, kept);
            w += kept;
            n += run;
            r = q;
            continue;
        }
        if (r == lx->end) {
            lx->tw = w;
            lx->p = r;
            bool more = pgn_lex_refill(lx);
            r = lx->p;
            w = lx->tw;
            if (!more) {
                t->flags |= PGN_TOKF_UNTERMINATED;
                break;
            }
            continue;
        }
        if (c == '\\') {
            lx->tw = w;
            lx->p = r;
            pgn_lex_ensure(lx, 2);
            r = lx->p;
            w = lx->tw;
            unsigned d = r[1];
            if (d == '"' || d == '\\') {
                r++;
                c = d;
            }
            if (n++ < PGN_LEX_STRING_MAX) *w++ = (unsigned char)c;
            r++;
            continue;
        }
        if (c == '"' && !tag_value) {
            r++;
            break;
        }
        if (c == '"') {
            lx->tw = w;
            bool closes = quote_closes(lx, r);
            w = lx->tw;
            r = lx->p + 1;
            if (closes) break;
            t->flags |= PGN_TOKF_BAD_QUOTE;
            if (n++ < PGN_LEX_STRING_MAX) *w++ = (unsigned char)c;
            continue;
        }
        if (c == '\n') { /* a string never spans lines (PGN 7) */
            t->flags |= PGN_TOKF_UNTERMINATED;
            break;
        }
        /* a NUL byte in the data */
        if (n++ < PGN_LEX_STRING_MAX) *w++ = (unsigned char)c;
        r++;
    }
    unsigned char *text = lx->ts;
    size_t len = (size_t)(w - text);
    if (t->flags & PGN_TOKF_UNTERMINATED)
        while (len > 0 && (text[len - 1] == '\r' || text[len - 1] == ' '))
            len--;
    if (n > PGN_LEX_STRING_MAX) t->flags |= PGN_TOKF_TRUNCATED;
    if (acc & 0x80) {
        t->flags |= pgn_lex_utf8_flags(text, len, n > PGN_LEX_STRING_MAX);
        pgn_lex_count_chars(lx, text, len); /* (escapes are ASCII) */
    }
    return pgn_lex_finish(lx, PGN_TOK_STRING, text, len, r);
}

/*
 * Comment text across refills: [ts, ts + min(r - ts, MAX)) always holds the
 * first bytes of the body (refill keeps exactly that much), and the body's
 * full length is pgn_lex_off(r) - pgn_lex_off(body start), whatever was dropped.
 */
static void comment_keep(struct pgn_lex *lx, unsigned char *r)
{
    size_t have = (size_t)(r - lx->ts);
    lx->tw = lx->ts + (have > PGN_LEX_COMMENT_MAX ? PGN_LEX_COMMENT_MAX : have);
    lx->p = r;
}

bool pgn_lex_closes_ahead(const unsigned char *q, const unsigned char *lim)
{
    while (q < lim) {
        unsigned char c = *q++;
        if (c == '}') return true;
        if (c == '{') return false;
        if (c == '\n') {
            while (q < lim && (*q == ' ' || *q == '\t' || *q == '\r'))
                q++;
            if (q < lim && *q == '\n') return false;
        }
    }
    return false;
}

/* At the start of a line inside a brace comment (r): does it look like a tag
 * pair ([Name "...)?  Then the comment was never closed - unless a '}' closes
 * it soon after (within PGN_LEX_CLOSE_LOOK bytes, before a blank line or a
 * '{'): a comment that quotes a tag pair on a line of its own goes on. */
static bool tag_line_ahead(struct pgn_lex *lx, unsigned char **r)
{
    comment_keep(lx, *r);
    pgn_lex_ensure(lx, PGN_LEX_CLOSE_LOOK);
    *r = lx->p;
    if (!pgn_lex_tag_line(lx->p, lx->p + PGN_LEX_LOOK)) return false;
    size_t have = (size_t)(lx->end - lx->p);
    return !pgn_lex_closes_ahead(lx->p,
                                 lx->p + (have < PGN_LEX_CLOSE_LOOK ? have : PGN_LEX_CLOSE_LOOK));
}

/* The bounded window from lx->p the line look-aheads below decide on. */
static const unsigned char *line_look(struct pgn_lex *lx)
{
    /* the token just handed out keeps its text across a refill */
    struct pgn_token *t = &lx->tok;
    const unsigned char *text = (const unsigned char *)t->text;
    bool held = text && text >= lx->buf && text + t->len <= lx->end;
    if (held) {
        lx->ts = (unsigned char *)text;
        lx->tw = lx->ts + t->len;
    }
    pgn_lex_ensure(lx, PGN_LEX_LINE_LOOK);
    if (held) {
        t->text = (const char *)lx->ts;
        lx->ts = NULL;
    }
    size_t have = (size_t)(lx->end - lx->p);
    return lx->p + (have < PGN_LEX_LINE_LOOK ? have : PGN_LEX_LINE_LOOK);
}

bool pgn_lex_tag_pair_follows(struct pgn_lex *lx)
{
    const unsigned char *lim = line_look(lx), *q = lx->p;
    for (;;) { /* blanks and more comments on the line */
        while (q < lim && (*q == ' ' || *q == '\t' || *q == '\r'))
            q++;
        if (q < lim && *q == ';') {
            while (q < lim && *q != '\n')
                q++;
        } else if (q < lim && *q == '{') {
            while (q < lim && *q != '}' && *q != '\n')
                q++;
            if (q == lim || *q != '}') return false;
            q++;
            continue;
        }
        break;
    }
    if (q < lim && *q == '\n') q++;
    return pgn_lex_tag_line(q, lim);
}

bool pgn_lex_stray_line_before_tag(struct pgn_lex *lx)
{
    const unsigned char *lim = line_look(lx), *q = lx->p;
    for (; q < lim && *q != '\n'; q++)
        if ((pgn_lex_cc[*q] & PGN_CC_DIGIT) || strchr("*{}()[]\";$", *q)) return false;
    return q < lim && pgn_lex_tag_line(q + 1, lim);
}

bool pgn_lex_tag_line(const unsigned char *q, const unsigned char *lim)
{
    while (q < lim && (*q == ' ' || *q == '\t'))
        q++;
    if (q + 2 >= lim || *q != '[' || !(pgn_lex_cc[q[1]] & PGN_CC_LETTER)) return false;
    q += 2;
    while (q < lim && ((pgn_lex_cc[*q] & (PGN_CC_LETTER | PGN_CC_DIGIT)) || *q == '_'))
        q++;
    if (q >= lim || (*q != ' ' && *q != '\t')) return false;
    while (q < lim && (*q == ' ' || *q == '\t'))
        q++;
    return q < lim && *q == '"';
}

static bool comment_refill(struct pgn_lex *lx, unsigned char **r)
{
    comment_keep(lx, *r);
    bool more = pgn_lex_refill(lx);
    *r = lx->p;
    return more;
}

/* Finish a comment whose body ends at r; delim = bytes of the closing delimiter. */
static const struct pgn_token *comment_done(struct pgn_lex *lx, unsigned char *r, unsigned acc,
                                            size_t delim, bool strip_cr)
{
    struct pgn_token *t = &lx->tok;
    uint64_t total = pgn_lex_off(lx, r) - (t->loc.offset + 1);
    size_t len = total > PGN_LEX_COMMENT_MAX ? PGN_LEX_COMMENT_MAX : (size_t)total;
    if (total > PGN_LEX_COMMENT_MAX)
        t->flags |= PGN_TOKF_TRUNCATED;
    else if (strip_cr && len > 0 && lx->ts[len - 1] == '\r')
        len--;
    if (acc & 0x80) t->flags |= pgn_lex_utf8_flags(lx->ts, len, total > PGN_LEX_COMMENT_MAX);
    return pgn_lex_finish(lx, PGN_TOK_COMMENT, lx->ts, len, r + delim);
}

/* The first byte at or after r that ends a plain run inside a comment
 * (PGN_CC_CMT: { } LF NUL, and at the latest the NUL at end); *acc gets
 * every byte passed ORed in (0x80: some byte was not ASCII).  Online games'
 * { [%clk 0:05:00] } are sixteen bytes, with an evaluation thirty: where
 * SSE2 is (x86-64 itself), the first 32 bytes are looked at here, inline,
 * 16 at a time; the rest of a longer comment (engine games write hundreds
 * of bytes) goes to byte_scan_comment_run(), 32 bytes a step where the
 * processor has AVX2. */
static inline unsigned char *comment_run(unsigned char *r, const unsigned char *end, unsigned *acc)
{
#if defined(__SSE2__)
    for (int step = 0; step < 2 && end - r >= 16; step++)
        if (byte_scan_comment_step(&r, acc)) return r;
#endif
    return byte_scan_comment_run(r, end, acc);
}

/* An online game's clock comment "{ [%clk 0:05:00] }" at s, its 18 bytes
 * readable: eight bytes as they are, then a digit, ':', two digits, ':', two
 * digits, ']', a space and '}' - every byte of the body ASCII and none a stop
 * of comment_run(), so that the comment is one the fast paths take, and it
 * ends at s + 17.  Two 8-byte words and a few masks, where the run would
 * look at 32 bytes: Lichess writes one after every move.  The event says
 * so (pgn_event.clock), and the judge reads the digits only when it needs
 * them (judge/clock_check.h).  The body ends with the clock's 8 bytes
 * "h:mm:ss]" and a space. */
static inline bool clock_comment(const unsigned char *s)
{
    static const unsigned char head[8] = {'{', ' ', '[', '%', 'c', 'l', 'k', ' '};
    /* the second word: ':' at 1 and 4, ']' at 7; digits elsewhere */
    static const unsigned char fixed[8] = {0, 0xff, 0, 0, 0xff, 0, 0, 0xff};
    static const unsigned char colons[8] = {0, ':', 0, 0, ':', 0, 0, ']'};
    static const unsigned char zeros[8] = {'0', 0, '0', '0', 0, '0', '0', 0};
    static const unsigned char high[8] = {0xf0, 0, 0xf0, 0xf0, 0, 0xf0, 0xf0, 0};
    static const unsigned char six[8] = {6, 0, 6, 6, 0, 6, 6, 0};
    uint64_t w0, w1, h, f, c, z, hi, sx;
    memcpy(&w0, s, 8);
    memcpy(&h, head, 8);
    if (w0 != h || s[16] != ' ' || s[17] != '}') return false;
    memcpy(&w1, s + 8, 8);
    memcpy(&f, fixed, 8);
    memcpy(&c, colons, 8);
    if ((w1 & f) != c) return false;
    memcpy(&z, zeros, 8);
    memcpy(&hi, high, 8);
    memcpy(&sx, six, 8);
    uint64_t d = w1 ^ z; /* a digit byte: 0 to 9; so is no other byte in 0x30-0x3f */
    /* bytes 0-15 (no carry into the next byte when 6 is added), then 0-9 */
    return (d & hi) == 0 && ((d + sx) & hi) == 0;
}

/* A comment that ends at r (its '}') with an online game's clock, as
 * Lichess writes it after an evaluation: "{ [%eval 0.17] [%clk 0:05:00] }":
 * the 16 bytes before r are " [%clk h:mm:ss] " (the test of
 * clock_comment(), one byte along); r - s > 24. */
static inline bool clock_tail(const unsigned char *r)
{
    static const unsigned char head[8] = {' ', '[', '%', 'c', 'l', 'k', ' ', 0};
    /* the hour's digit, byte 7, is tested with the second word */
    static const unsigned char seven[8] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0};
    static const unsigned char fixed[8] = {0, 0xff, 0, 0, 0xff, 0, 0, 0xff};
    static const unsigned char colons[8] = {0, ':', 0, 0, ':', 0, 0, ']'};
    static const unsigned char zeros[8] = {'0', 0, '0', '0', 0, '0', '0', 0};
    static const unsigned char high[8] = {0xf0, 0, 0xf0, 0xf0, 0, 0xf0, 0xf0, 0};
    static const unsigned char six[8] = {6, 0, 6, 6, 0, 6, 6, 0};
    uint64_t w0, w1, h, k, f, c, z, hi, sx;
    memcpy(&w0, r - 16, 8);
    memcpy(&h, head, 8);
    memcpy(&k, seven, 8);
    if ((w0 & k) != h || r[-1] != ' ') return false;
    memcpy(&w1, r - 9, 8);
    memcpy(&f, fixed, 8);
    memcpy(&c, colons, 8);
    if ((w1 & f) != c) return false;
    memcpy(&z, zeros, 8);
    memcpy(&hi, high, 8);
    memcpy(&sx, six, 8);
    uint64_t d = w1 ^ z;
    return (d & hi) == 0 && ((d + sx) & hi) == 0;
}

/* The end of a comment at s (a '{') that the movetext fast paths take: on
 * one line, closed within the buffer, ASCII, without an inner brace, not
 * past the limit, starting in the window (see pgn_lex_next_comment()), when
 * it is not an online game's clock comment (clock_comment(), the caller's
 * test); NULL when the general path must decide. */
static inline unsigned char *comment_fast_run_end(const struct pgn_lex *lx, unsigned char *s)
{
    unsigned acc = 0;
    unsigned char *r = comment_run(s + 1, lx->end, &acc);
    /* a '{' in the text, a line feed (where the general path looks for a tag line
     * ahead), the end of the buffer or a NUL, bytes to check as UTF-8 and
     * count as characters, a body past the limit: the general path's */
    if (*r != '}' || (acc & 0x80) || (size_t)(r - s - 1) > PGN_LEX_COMMENT_MAX) return NULL;
    return r;
}

/* The comment at s is an online game's clock comment, s in the window. */
static inline bool comment_is_clock(const struct pgn_lex *lx, const unsigned char *s)
{
    return lx->end - s >= 18 && clock_comment(s);
}

int pgn_lex_next_comment(struct pgn_lex *lx, struct pgn_event *ev)
{
    unsigned char *s = lx->p;
    if (*s != '{' || s >= lx->lim) return PGN_LEX_FAST_NONE;
    unsigned char *r = comment_is_clock(lx, s) ? s + 17 : comment_fast_run_end(lx, s);
    if (!r) return PGN_LEX_FAST_NONE;
    pgn_lex_fast_token(lx, ev, PGN_EV_COMMENT, PGN_TOK_COMMENT, s, s + 1, r, r + 1, 0, 0);
    return PGN_LEX_FAST_COMMENT;
}

/* pgn_lex_fold_comment() for a comment at s other than an online game's
 * clock comment; whether it ends with a clock is told by its last 16 bytes
 * (clock_tail()). */
static __attribute__((noinline)) void fold_comment_text(struct pgn_lex *lx, struct pgn_event *ev,
                                                     unsigned char *s,
                                                     const unsigned char *move)
{
    unsigned char *r = comment_fast_run_end(lx, s);
    if (!r) return;
    ev->type = PGN_EV_MOVE_COMMENTED;
    ev->clock = r - s > 24 && r[-2] == ']' && clock_tail(r);
    ev->comment_span = (uint32_t)(s - move);
    ev->comment_len = (uint32_t)(r - s - 1);
    pgn_lex_take(lx, r + 1, PGN_TOK_COMMENT);
}

/* The event says whether the comment ends with a clock (pgn_event.clock):
 * the usual "{ [%clk 0:05:00] }" is told by the test that ends it, with its
 * length known. */
void pgn_lex_fold_comment(struct pgn_lex *lx, struct pgn_event *ev, const unsigned char *move)
{
    /* The general path would skip the space (lead stays 0: no line feed)
     * and take the comment at s as pgn_lex_next_comment() does. */
    unsigned char *s = lx->p + 1;
    if (s >= lx->lim) return;
    if (!comment_is_clock(lx, s)) {
        fold_comment_text(lx, ev, s, move);
        return;
    }
    ev->type = PGN_EV_MOVE_COMMENTED;
    ev->clock = true;
    ev->comment_span = (uint32_t)(s - move);
    ev->comment_len = 16;
    pgn_lex_take(lx, s + 18, PGN_TOK_COMMENT);
}

/* { ... } : PGN 5.  Brace comments do not nest: a '{' inside one is text,
 * and the first '}' ends it ("{a{b} e5" is the comment "a{b" and the move
 * e5; counting inner braces, as pgn-extract's --nestedcomment does, would
 * swallow the moves after an unbalanced '{').  An unclosed comment ends at
 * EOF or before a line that starts a tag pair. */
const struct pgn_token *pgn_lex_brace_comment(struct pgn_lex *lx, const unsigned char *s)
{
    struct pgn_token *t = &lx->tok;
    lx->ts = (unsigned char *)s + 1;
    unsigned char *r = lx->ts;
    unsigned char *line_from = r; /* the body's bytes on the current line, from here */
    unsigned acc = 0;
    for (;;) {
        r = comment_run(r, lx->end, &acc);
        unsigned c = *r;
        if (c == '}') {
            if (acc & 0x80) pgn_lex_count_chars(lx, line_from, (size_t)(r - line_from));
            return comment_done(lx, r, acc, 1, false);
        } else if (c == '{') {
            r++; /* text: comments do not nest */
        } else if (c == '\n') {
            pgn_lex_newline(lx, r);
            r++;
            if (tag_line_ahead(lx, &r)) {
                t->flags |= PGN_TOKF_UNTERMINATED;
                lx->lead = PGN_LEX_LEAD_BOL;
                return comment_done(lx, r, acc, 0, false);
            }
            line_from = r; /* (where the look-ahead left it) */
        } else if (r == lx->end) {
            if (acc & 0x80) pgn_lex_count_chars(lx, line_from, (size_t)(r - line_from));
            bool more = comment_refill(lx, &r);
            line_from = r;
            if (!more) {
                t->flags |= PGN_TOKF_UNTERMINATED;
                return comment_done(lx, r, acc, 0, false);
            }
        } else {
            r++; /* NUL byte in the data */
        }
    }
}

/* ; to the end of the line: PGN 5.  The line feed is left for the blank skip. */
const struct pgn_token *pgn_lex_line_comment(struct pgn_lex *lx, const unsigned char *s)
{
    lx->ts = (unsigned char *)s + 1;
    unsigned char *r = lx->ts;
    unsigned acc = 0;
    for (;;) {
        unsigned c;
        while ((c = *r) != '\n' && c != 0) {
            acc |= c;
            r++;
        }
        if (c == '\n') break;
        if (r != lx->end) {
            r++; /* NUL byte in the data */
            continue;
        }
        if (!comment_refill(lx, &r)) break;
    }
    return comment_done(lx, r, acc, 0, true);
}

/* ---- Skipped lines ---- */

/* For % in column 1 (PGN 6: the whole line is ignored) and for
 * resynchronisation.  Leaves p at the LF. */
void pgn_lex_skip_line(struct pgn_lex *lx)
{
    for (;;) {
        unsigned char *nl = memchr(lx->p, '\n', (size_t)(lx->end - lx->p));
        if (nl) {
            lx->p = nl;
            return;
        }
        lx->p = lx->end;
        if (!pgn_lex_refill(lx)) return;
    }
}

uint64_t pgn_lex_skip_to_tag_line(struct pgn_lex *lx)
{
    uint64_t start = pgn_lex_off(lx, lx->p);
    lx->ts = NULL;
    for (;;) {
        pgn_lex_skip_line(lx);
        if (lx->p == lx->end) break;
        pgn_lex_newline(lx, lx->p);
        lx->p++;
        pgn_lex_ensure(lx, PGN_LEX_LOOK);
        const unsigned char *r = lx->p, *lim = lx->p + PGN_LEX_LOOK;
        while (r < lim && (*r == ' ' || *r == '\t'))
            r++;
        if (r < lim && *r == '[') break;
    }
    lx->lead = PGN_LEX_LEAD_BOL;
    return pgn_lex_off(lx, lx->p) - start;
}

/* ---- Encoding ---- */

/*
 * UTF-8 check of a token's text (RFC 3629: no overlongs, no surrogates, at
 * most U+10FFFF).  0 when valid; PGN_TOKF_CP1252 when every offending byte is
 * Windows-1252 text (diag/cp1252.h: 80-FF but the five bytes it leaves
 * undefined); PGN_TOKF_BAD_UTF8 otherwise.  A
 * sequence cut by truncation at the very end is not held against the text.
 */
unsigned pgn_lex_utf8_flags(const unsigned char *s, size_t n, bool cut)
{
    unsigned flags = 0;
    size_t i = 0;
    while (i < n) {
        unsigned c = s[i];
        if (c < 0x80) {
            i++;
            continue;
        }
        size_t need;
        unsigned lo = 0x80, hi = 0xbf;
        if (c >= 0xc2 && c <= 0xdf)
            need = 1;
        else if (c >= 0xe0 && c <= 0xef) {
            need = 2;
            if (c == 0xe0)
                lo = 0xa0;
            else if (c == 0xed)
                hi = 0x9f;
        } else if (c >= 0xf0 && c <= 0xf4) {
            need = 3;
            if (c == 0xf0)
                lo = 0x90;
            else if (c == 0xf4)
                hi = 0x8f;
        } else
            need = 0;
        bool ok = need > 0;
        size_t k = 1;
        for (; ok && k <= need; k++) {
            if (i + k >= n) {
                if (cut) return flags;
                ok = false;
                break;
            }
            unsigned d = s[i + k];
            if (d < (k == 1 ? lo : 0x80) || d > (k == 1 ? hi : 0xbf)) ok = false;
        }
        if (ok) {
            i += need + 1;
            continue;
        }
        flags |= cp1252_defined((unsigned char)c) ? PGN_TOKF_CP1252 : PGN_TOKF_BAD_UTF8;
        i++;
    }
    return (flags & PGN_TOKF_BAD_UTF8) ? PGN_TOKF_BAD_UTF8 : flags;
}
