/*
 * pgn_lex.c - the PGN tokenizer: its buffer, the dispatcher pgn_lex_next()
 * and the bounded tokens.  PGN standard section 7 (tokens), 8.1 (tag pairs),
 * 8.2 (movetext: move number indications, SAN, NAGs, RAV, game termination
 * markers) and 6 (the % escape mechanism), plus 16.1.4/16.2 only insofar as
 * tokens go.  The tokens that may run past the buffer - strings and comments
 * (section 5) - are in pgn_lex_text.c, the fast paths in pgn_lex_fast.c and
 * pgn_lex.h; what these files share is in pgn_lex.h's internal section.
 *
 * Invariants:
 * - One buffer of PGN_LEX_BUF_SIZE bytes, refilled from the input; buf[end]
 *   is always a NUL sentinel, so every scanning loop stops at the end of the
 *   data without a bounds test and then checks `p == end`.  PGN_LEX_SLACK
 *   bytes after the buffer (zeroed once) let a fast path load a few bytes
 *   past the sentinel at once; what it finds there never decides anything.
 * - Before a bounded token (symbol, number, NAG, glyph) at least
 *   LEX_WINDOW bytes are in the buffer (or the input is at its end), so those
 *   scanners never refill.  Strings and comments refill as they go, keeping
 *   the part of their text that fits their limit ([ts, tw)) and the unread
 *   bytes ([p, end)); pgn_lex_refill() compacts both to the front.
 * - Offsets: pgn_lex_off(q) = end_off - (end - q) for every unread byte q
 *   (kept as q + bias).  Line and column are kept as the current line number
 *   plus the offset where it started; column = offset - line start + 1 -
 *   the UTF-8 continuation bytes of the tokens read on the line (line_cont,
 *   counted by the tokens that may hold non-ASCII text: symbols, strings,
 *   comments), so columns count characters.  (A Latin-1 byte from A0 to BF
 *   counts as no character: a symbol like ° in Latin-1 text shifts them.)  LF ends a line; CR is blank space, so CRLF is one line break.
 *   A UTF-8 BOM at offset 0 is skipped, and so is one between tokens or glued to the end of
 *   a symbol ("1-0" BOM "[Event": files joined with cat); a UTF-16 one makes the reads
 *   decode UTF-16 (pgn_lex_utf16.c), and offsets count the decoded bytes.
 * - Between tokens, lead holds what the next token's flags need: line feeds
 *   already skipped (by a fast path that then gave up) and whether it starts
 *   a line.  The fast paths (pgn_lex.h, pgn_lex_fast.c) leave the state
 *   exactly as pgn_lex_next() would.
 * - No allocation after pgn_lex_new(), no recursion; bad bytes become
 *   PGN_TOK_ERROR tokens, never an abort.
 */
#define PGN_LEX_INTERNAL
#include "pgn/pgn_lex.h"
#include "pgn/pgn_result.h"

#include "i18n.h"

#include "pgn/input.h"

#include <stdlib.h>
#include <string.h>

/* Bytes guaranteed in the buffer before a bounded token is scanned.  Every
 * look-ahead stops within PGN_LEX_LOOK bytes (pgn_lex.h) or LEX_WINDOW for a
 * token, whatever is in the buffer, so that tokens never depend on how the
 * input was read. */
#define LEX_WINDOW (PGN_LEX_TOKEN_MAX + 16)

#if defined(__GNUC__)
#define LEX_NOINLINE __attribute__((noinline))
#else
#define LEX_NOINLINE
#endif

/* Generated from the PGN_CC_* definitions in pgn_lex.h; tests/check_pgn_lex.c
 * recomputes every entry from them.  (Whether a byte goes on with an ASCII
 * symbol is pgn_lex_asym[], for the scans of pgn_lex_symbol_run().) */
const unsigned char pgn_lex_cc[256] = {
    0x60, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x62, 0x01, 0x01, 0x01, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x20, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04, 0x00, 0x04, 0x00, 0x04,
    0x0c, 0x0c, 0x0c, 0x0c, 0x0c, 0x0c, 0x0c, 0x0c, 0x0c, 0x0c, 0x04, 0x00, 0x00, 0x04, 0x00, 0x00,
    0x00, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14,
    0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x00, 0x20, 0x00, 0x00, 0x04,
    0x00, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14,
    0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x40, 0x00, 0x40, 0x00, 0x00,
    0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04,
    0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04,
    0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04,
    0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04,
    0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04,
    0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04,
    0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04,
    0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04,
};

unsigned pgn_lex_char_class(unsigned char c)
{
    return pgn_lex_cc[c];
}

/* lim: where a token may start with LEX_WINDOW bytes after it, or anywhere
 * (up to and including end) at the end of the input; and bias, for offsets,
 * after every change of end or end_off.  Below lim a column also fits in 32
 * bits, which the fast paths take on trust (pgn_lex_fast_loc()): a line that
 * may reach 4 GiB in this buffer leaves them nothing. */
static void set_lim(struct pgn_lex *lx)
{
    lx->bias = lx->end_off - (uint64_t)(uintptr_t)lx->end; /* see pgn_lex_off() */
    pgn_lex_set_col_bias(lx);
    if (lx->end_off - lx->line_off >= UINT32_MAX)
        lx->lim = lx->buf; /* line_off only grows, until the next refill */
    else if (lx->eof)
        lx->lim = lx->end + 1;
    else if (lx->end - lx->buf >= LEX_WINDOW)
        lx->lim = lx->end - LEX_WINDOW + 1;
    else
        lx->lim = lx->buf;
}

/* The NUL sentinel at lx->end and the slack after it (the buffer is not
 * cleared when made: these are the only bytes past the text read), then
 * lim: after each fill. */
static void seal(struct pgn_lex *lx)
{
    memset(lx->end, 0, 1 + PGN_LEX_SLACK);
    set_lim(lx);
}

/* Declared in pgn_lex.h (for pgn_lex_text.c too); out of line, since it runs
 * once per buffer and moves memory. */
bool pgn_lex_refill(struct pgn_lex *lx)
{
    if (lx->eof) return false;
    size_t keep = lx->ts ? (size_t)(lx->tw - lx->ts) : 0;
    size_t unread = (size_t)(lx->end - lx->p);
    if (keep) memmove(lx->buf, lx->ts, keep);
    memmove(lx->buf + keep, lx->p, unread);
    if (lx->ts) {
        lx->ts = lx->buf;
        lx->tw = lx->buf + keep;
    }
    lx->p = lx->buf + keep;
    lx->end = lx->p + unread;
    ptrdiff_t got = pgn_lex_read(lx, lx->end, PGN_LEX_BUF_SIZE - keep - unread);
    if (got <= 0) {
        lx->eof = true;
        if (got < 0) lx->in_err = input_error(lx->in);
        got = 0;
    }
    lx->end += got;
    lx->end_off += (uint64_t)got;
    seal(lx);
    return got > 0;
}

/* lx (buf allocated, every other field zero) ready to read in. */
static void lex_start(struct pgn_lex *lx, struct input *in, bool own)
{
    lx->in = in;
    lx->own_in = own;
    lx->p = lx->end = lx->buf;
    seal(lx);
    lx->line = 1;
    lx->lead = PGN_LEX_LEAD_BOL;
    /* A UTF-8 byte order mark at the very start is not part of the text. */
    pgn_lex_ensure(lx, 3);
    if (lx->end - lx->p >= 3 && lx->p[0] == 0xef && lx->p[1] == 0xbb && lx->p[2] == 0xbf) {
        lx->p += 3;
        lx->line_off = 3;
        pgn_lex_set_col_bias(lx);
    }
}

static struct pgn_lex *lex_init(struct input *in, bool own)
{
    struct pgn_lex *lx = calloc(1, sizeof *lx);
    if (!lx) return NULL;
    /* Not cleared: `check --jobs` makes a lexer for every piece of 128 KB,
     * and clearing its buffer cost more than lexing a tenth of it.  The
     * bytes past the NUL sentinel that the fast paths read are set at each
     * fill (seal()); no byte past them is read. */
    lx->buf = malloc(PGN_LEX_BUF_SIZE + 1 + PGN_LEX_SLACK);
    if (!lx->buf) {
        free(lx);
        return NULL;
    }
    lex_start(lx, in, own);
    return lx;
}

void pgn_lex_reset(struct pgn_lex *lx, struct input *in)
{
    if (lx->own_in) input_close(lx->in);
    pgn_lex_utf16_free(lx);
    unsigned char *buf = lx->buf;
    memset(lx, 0, sizeof *lx);
    lx->buf = buf;
    lex_start(lx, in, false);
}

struct pgn_lex *pgn_lex_new(struct input *in)
{
    return lex_init(in, false);
}

struct pgn_lex *pgn_lex_new_memory(const void *buf, size_t len, size_t chunk)
{
    struct input *in = input_open_memory_chunked(buf, len, chunk);
    if (!in) return NULL;
    struct pgn_lex *lx = lex_init(in, true);
    if (!lx) input_close(in);
    return lx;
}

void pgn_lex_free(struct pgn_lex *lx)
{
    if (!lx) return;
    if (lx->own_in) input_close(lx->in);
    pgn_lex_utf16_free(lx);
    free(lx->buf);
    free(lx);
}

uint64_t pgn_lex_offset(const struct pgn_lex *lx)
{
    return pgn_lex_off(lx, lx->p);
}
struct src_loc pgn_lex_loc(const struct pgn_lex *lx)
{
    return pgn_lex_loc_on(lx, lx->p);
}
const char *pgn_lex_input_error(const struct pgn_lex *lx)
{
    return lx->in_err;
}

const char *pgn_lex_type_name(enum pgn_tok_type t)
{
    static const char *const names[PGN_TOK_NB] = {"eof",    "[",           "]",      "string",
                                                  "symbol", "move-number", "nag",    "comment",
                                                  "(",      ")",           "result", "error"};
    return (unsigned)t < PGN_TOK_NB ? names[t] : "?";
}

static const struct pgn_token *error_tok(struct pgn_lex *lx, const char *message,
                                         const unsigned char *start, const unsigned char *next)
{
    lx->tok.message = message;
    return pgn_lex_finish(lx, PGN_TOK_ERROR, start, (size_t)(next - start), next);
}

/* Skip the rest of an over-long symbol (it may run past the buffer); the
 * token's text is a copy of its first bytes, cut before a character. */
static const struct pgn_token *too_long(struct pgn_lex *lx, const unsigned char *start)
{
    size_t n = (size_t)(lx->end - start);
    if (n > PGN_LEX_HEAD_MAX) {
        n = PGN_LEX_HEAD_MAX;
        while (n > 0 && (start[n] & 0xC0) == 0x80)
            n--;
    }
    memcpy(lx->head, start, n);
    lx->tok.flags |= PGN_TOKF_TOO_LONG;
    lx->p = (unsigned char *)start;
    for (;;) {
        while (pgn_lex_cc[*lx->p] & PGN_CC_SYM)
            lx->p++;
        if (lx->p != lx->end || !pgn_lex_refill(lx)) break;
    }
    lx->tok.message = N_("token too long");
    pgn_lex_finish(lx, PGN_TOK_ERROR, lx->p, 0, lx->p);
    lx->tok.text = (const char *)lx->head;
    lx->tok.len = n;
    return &lx->tok;
}

/* ---- Bounded tokens (the window is in the buffer) ---- */

/* Game termination marker, in the standard spelling or a tolerated one:
 * ½ for 1/2 and an en dash, em dash or minus sign for the hyphen, and a
 * draw written as "1/2" or "½" alone; ½ and the dashes also as a Windows
 * program writes them, in Windows-1252 (BD, 96, 97: diag/cp1252.h), a byte
 * that is no part of a UTF-8 character there.  Returns the
 * canonical marker or NULL; *odd tells whether the spelling was tolerated. */
static const char *result_marker(const unsigned char *s, size_t n, bool *odd)
{
    static const char *const markers[] = {"1-0", "0-1", "1/2-1/2"};
    char norm[24];
    size_t k = 0;
    *odd = false;
    /* The standard spelling, nearly every game's, without the copy. */
    if (n == 3 && s[1] == '-' && ((s[0] == '1' && s[2] == '0') || (s[0] == '0' && s[2] == '1')))
        return markers[s[0] == '1' ? 0 : 1];
    if (n == 7 && memcmp(s, markers[2], 7) == 0) return markers[2];
    /* The forms arbiters write ("1/2-0", "1F-0F", ...; pgn_result.h), as the
     * form's own text: the judge reports them.  Not "0-0" (castling written
     * with zeros) nor "+/-", "-/+" (glyphs): the parser holds those back when
     * they end the movetext, and the judge decides. */
    const struct pgn_result_form *form = pgn_result_read((const char *)s, n);
    if (form && !form->ambiguous && !form->standard) return form->text;
    for (size_t i = 0; i < n; i++) {
        if (k + 3 >= sizeof norm) return NULL;
        if (s[i] == 0xc2 && i + 1 < n && s[i + 1] == 0xbd) {
            memcpy(norm + k, "1/2", 3);
            k += 3;
            i += 1;
            *odd = true;
        } else if (s[i] == 0xe2 && i + 2 < n &&
                   ((s[i + 1] == 0x80 && (s[i + 2] == 0x93 || s[i + 2] == 0x94)) ||
                    (s[i + 1] == 0x88 && s[i + 2] == 0x92))) {
            norm[k++] = '-';
            i += 2;
            *odd = true;
        } else if (s[i] == 0xbd) { /* Windows-1252 ½ (UTF-8's C2 BD is taken above) */
            memcpy(norm + k, "1/2", 3);
            k += 3;
            *odd = true;
        } else if (s[i] == 0x96 || s[i] == 0x97) { /* Windows-1252 en and em dash */
            norm[k++] = '-';
            *odd = true;
        } else {
            norm[k++] = (char)s[i];
        }
    }
    for (size_t m = 0; m < 3; m++)
        if (strlen(markers[m]) == k && memcmp(norm, markers[m], k) == 0) return markers[m];
    if (k == 3 && memcmp(norm, "1/2", 3) == 0) { /* "1/2", "½": a draw, half a point each */
        *odd = true;
        return markers[2];
    }
    return NULL;
}

/* Annotation glyphs that programs and books write as text instead of NAGs
 * (PGN 10 gives the numbers; the symbols are the common usage of Informator,
 * ChessBase and lichess): ASCII forms first, then UTF-8 ones.  "N" (146) and
 * "RR" (145) start with a letter: symbols, that the replay skips as glyphs
 * (judge/game.c), so the move fast paths pay nothing for them. */
static const struct {
    const char *text;
    unsigned nag;
} glyphs[] = {
    {"=", 10},
    {"+=", 14},
    {"=+", 15},
    {"+/=", 14},
    {"=/+", 15},
    {"+/-", 16},
    {"-/+", 17},
    {"+-", 18},
    {"-+", 19},
    {"=/~", 44},
    {"\xe2\x80\xbc", 3},          /* ‼ */
    {"\xe2\x81\x87", 4},          /* ⁇ */
    {"\xe2\x81\x89", 5},          /* ⁉ */
    {"\xe2\x81\x88", 6},          /* ⁈ */
    {"\xe2\x96\xa1", 7},          /* □ only move */
    {"\xe2\x88\x9e", 13},         /* ∞ unclear */
    {"\xe2\xa9\xb2", 14},         /* ⩲ */
    {"\xe2\xa9\xb1", 15},         /* ⩱ */
    {"\xc2\xb1", 16},             /* ± */
    {"\xe2\x88\x93", 17},         /* ∓ */
    {"+\xe2\x88\x92", 18},        /* +− (minus sign) */
    {"\xe2\x88\x92+", 19},        /* −+ */
    {"\xe2\xa8\x80", 22},         /* ⨀ zugzwang */
    {"\xe2\x9f\xb3", 32},         /* ⟳ development */
    {"\xe2\x86\x91\xe2\x86\x91", 32}, /* ↑↑ */
    {"\xe2\x86\x91", 36},         /* ↑ initiative */
    {"\xe2\x86\x92", 40},         /* → attack */
    {"=\xe2\x88\x9e", 44},        /* =∞ compensation */
    {"\xe2\x87\x86", 132},        /* ⇆ counterplay */
    {"\xe2\x8a\x95", 138},        /* ⊕ time trouble */
    {"\xe2\x88\x86", 140},        /* ∆ with the idea */
    {"\xce\x94", 140},            /* Δ (Greek capital delta, often typed for ∆) */
};

/* The NAG of the glyph [s, s + n), or 0. */
static unsigned glyph_nag(const unsigned char *s, size_t n)
{
    for (size_t g = 0; g < sizeof glyphs / sizeof glyphs[0]; g++)
        if (strlen(glyphs[g].text) == n && memcmp(glyphs[g].text, s, n) == 0)
            return glyphs[g].nag;
    return 0;
}

/* The length of a UTF-8 glyph that ends the symbol [s, s + n) after at
 * least two bytes of it ("Nf3±", "e4∞"), or 0: that glyph is a token of
 * its own.  Not for a symbol that is a glyph or a result marker itself. */
static size_t glyph_suffix(const unsigned char *s, size_t n)
{
    for (size_t g = 0; g < sizeof glyphs / sizeof glyphs[0]; g++) {
        const char *t = glyphs[g].text;
        size_t k = strlen(t);
        if ((unsigned char)t[0] >= 0x80 && n >= k + 2 && memcmp(s + n - k, t, k) == 0) return k;
    }
    return 0;
}

/* glyph_suffix() of a symbol with non-ASCII bytes (acc & 0x80) that is
 * neither a glyph nor a result marker (those are tokens whole), else 0. */
static size_t glyph_suffix_len(const unsigned char *s, size_t n, unsigned acc)
{
    bool odd;
    if (!(acc & 0x80) || glyph_nag(s, n) || result_marker(s, n, &odd)) return 0;
    return glyph_suffix(s, n);
}

/* A UTF-8 byte order mark glued to the end of a symbol (`cat a.pgn b.pgn`
 * when a.pgn has no final line break: "1-0" BOM "[Event") ends the symbol:
 * it is blank space (lex_special()), never part of a token.  (Not the first
 * byte: a symbol is never empty.)  The buffer's NUL sentinel stops the test
 * at its end. */
static inline bool symbol_stops(const unsigned char *q)
{
    return q[0] == 0xef && q[1] == 0xbb && q[2] == 0xbf;
}

/* An en passant suffix after one blank at q, the end of a move ("exd6 e.p.",
 * "exf3 e.p.+", "exf3 ep#"): "e.p." or "ep", then at most two check marks,
 * then no symbol byte (annotations "!" and "?" are tokens of their own).
 * Returns its bytes with the blank, or 0.  The scorer wrote one move: it is
 * one symbol, so that its check mark is read with it.  Looks at most 8 bytes
 * past q, within the window.  pgn_lex_ep_next() (pgn_lex.h) is the fast
 * paths' superset of this test. */
static size_t ep_suffix_after(const unsigned char *q)
{
    size_t k;
    if (q[0] != ' ' || q[1] != 'e') return 0;
    if (q[2] == '.' && q[3] == 'p' && q[4] == '.')
        k = 5;
    else if (q[2] == 'p')
        k = 3;
    else
        return 0;
    for (size_t marks = 0; marks < 2 && (q[k] == '+' || q[k] == '#'); marks++)
        k++;
    return (pgn_lex_cc[q[k]] & PGN_CC_SYM) ? 0 : k;
}

static LEX_NOINLINE const struct pgn_token *lex_symbol(struct pgn_lex *lx, const unsigned char *s)
{
    const unsigned char *q = s;
    unsigned acc = 0;
    while ((pgn_lex_cc[*q] & PGN_CC_SYM) && (q == s || !symbol_stops(q)))
        acc |= *q++;
    /* "exd6e.p." : the en passant suffix keeps its periods. */
    if (q > s && q[-1] == 'e' && q[0] == '.' && q[1] == 'p' && q[2] == '.') {
        q += 3;
        while ((pgn_lex_cc[*q] & PGN_CC_SYM) && !symbol_stops(q))
            acc |= *q++;
    } else if ((pgn_lex_cc[s[0]] & PGN_CC_LETTER) && !(acc & 0x80) &&
               lx->prev != PGN_TOK_LBRACKET && (size_t)(q - s) <= PGN_LEX_TOKEN_MAX) {
        q += ep_suffix_after(q); /* "exd6 e.p.": one move */
    }
    size_t n = (size_t)(q - s);
    if (n > PGN_LEX_TOKEN_MAX || (q == lx->end && !lx->eof)) return too_long(lx, s);
    struct pgn_token *t = &lx->tok;
    if (acc & 0x80) pgn_lex_count_chars(lx, s, n - glyph_suffix_len(s, n, acc));
    if (s[0] <= '9' || (acc & 0x80)) {
        bool odd;
        const char *m = result_marker(s, n, &odd);
        if (m) {
            if (odd) t->flags |= PGN_TOKF_NONSTANDARD;
            pgn_lex_finish(lx, PGN_TOK_RESULT, (const unsigned char *)m, strlen(m), q);
            return t;
        }
    }
    if (s[0] == '-' || s[0] == '+' || s[0] == '=' || s[0] >= 0x80) {
        if (n == 2 && s[0] == '-' && s[1] == '-')
            return pgn_lex_finish(lx, PGN_TOK_SYMBOL, s, n, q); /* null move */
        unsigned nag = glyph_nag(s, n);
        if (nag) {
            t->number = nag;
            t->flags |= PGN_TOKF_NONSTANDARD;
            return pgn_lex_finish(lx, PGN_TOK_NAG, s, n, q);
        }
        if (s[0] < 0x80) return error_tok(lx, N_("stray character"), s, q);
    }
    if (acc & 0x80) {
        size_t k = glyph_suffix_len(s, n, acc);
        if (k) { /* "Nf3±": the move, then the glyph as the next token */
            n -= k;
            q -= k;
        }
    }
    if (acc & 0x80) t->flags |= pgn_lex_utf8_flags(s, n, false);
    return pgn_lex_finish(lx, PGN_TOK_SYMBOL, s, n, q);
}

/* "…" (U+2026, three bytes in UTF-8), written by some exports for "...". */
static inline bool is_ellipsis(const unsigned char *q)
{
    return q[0] == 0xe2 && q[1] == 0x80 && q[2] == 0xa6;
}

/* Scan a run of '.' and '…' from q (not past lim): adds their count, in dots,
 * to *dots, flags '…' as non-standard, and returns where the run ends. */
static const unsigned char *scan_dots(const unsigned char *q, const unsigned char *lim,
                                      unsigned *dots, unsigned *flags)
{
    while (q < lim) {
        if (*q == '.') {
            q++;
            (*dots)++;
        } else if (is_ellipsis(q)) {
            q += 3;
            *dots += 3;
            *flags |= PGN_TOKF_NONSTANDARD;
        } else {
            break;
        }
    }
    return q;
}

/* Digits: a move number indication ("12", "12.", "12...", "12…"), or a
 * symbol that starts with a digit (results, "0-0"). */
/* An arbiter's result written with a decimal half point ("0.5-0", "0-0.5",
 * "0.5-0.5") at s (a '0'), read whole: its length, or 0.  s has 8 bytes in
 * the window; each byte is read only when the one before matched ("0-1"
 * and "0-0", the usual tokens here, part at the third). */
static size_t decimal_result_len(const unsigned char *s)
{
    size_t n = 0;
    if (s[1] == '.' && s[2] == '5' && s[3] == '-' && s[4] == '0')
        n = s[5] == '.' && s[6] == '5' ? 7 : 5; /* "0.5-0.5", "0.5-0" */
    else if (s[1] == '-' && s[2] == '0' && s[3] == '.' && s[4] == '5')
        n = 5; /* "0-0.5" */
    return n && !(pgn_lex_cc[s[n]] & PGN_CC_SYM) && s[n] != '.' ? n : 0;
}

static LEX_NOINLINE const struct pgn_token *lex_number(struct pgn_lex *lx, const unsigned char *s)
{
    const unsigned char *q = s, *lim = s + LEX_WINDOW - 8;
    size_t dec = s[0] == '0' ? decimal_result_len(s) : 0;
    if (dec) {
        const struct pgn_result_form *form = pgn_result_read((const char *)s, dec);
        if (form->standard) lx->tok.flags |= PGN_TOKF_NONSTANDARD; /* "0.5-0.5" */
        return pgn_lex_finish(lx, PGN_TOK_RESULT, (const unsigned char *)form->text,
                              strlen(form->text), s + dec);
    }
    while (q < lim && (pgn_lex_cc[*q] & PGN_CC_DIGIT))
        q++;
    if (q == lim) return too_long(lx, s);
    size_t ndig = (size_t)(q - s);
    bool dot = *q == '.' || is_ellipsis(q);
    if (!dot && (pgn_lex_cc[*q] & PGN_CC_SYM)) return lex_symbol(lx, s);
    struct pgn_token *t = &lx->tok;
    unsigned dots = 0;
    q = scan_dots(q, lim, &dots, &t->flags);
    /* "5. ... Qd6" (Crafty and others): dots after blanks belong to the number */
    const unsigned char *b = q;
    while (b < lim && (*b == ' ' || *b == '\t'))
        b++;
    if (b > q && b < lim && (*b == '.' || is_ellipsis(b))) {
        t->flags |= PGN_TOKF_NONSTANDARD;
        dots = 0; /* "5. ..." is black's move 5, like "5..." */
        q = scan_dots(b, lim, &dots, &t->flags);
    }
    if (ndig > 9) return error_tok(lx, N_("bad move number"), s, q);
    unsigned v = 0;
    for (size_t i = 0; i < ndig; i++)
        v = v * 10 + (unsigned)(s[i] - '0');
    t->number = v;
    t->dots = dots;
    return pgn_lex_finish(lx, PGN_TOK_MOVE_NUMBER, s, ndig, q);
}

static const struct pgn_token *lex_nag(struct pgn_lex *lx, const unsigned char *s)
{
    const unsigned char *q = s + 1, *lim = s + LEX_WINDOW - 8;
    unsigned v = 0;
    while (q < lim && (pgn_lex_cc[*q] & PGN_CC_DIGIT)) {
        if (v <= 255) v = v * 10 + (unsigned)(*q - '0');
        q++;
    }
    if (q == s + 1) return error_tok(lx, N_("'$' without a number"), s, q);
    if (v > 255) return error_tok(lx, N_("NAG above 255"), s, q);
    lx->tok.number = v;
    return pgn_lex_finish(lx, PGN_TOK_NAG, s, (size_t)(q - s), q);
}

/* Move suffix annotations (PGN 8.2.3.8): ! ? !! ?? !? ?! are NAGs 1-6. */
static const struct pgn_token *lex_suffix(struct pgn_lex *lx, const unsigned char *s)
{
    const unsigned char *q = s, *lim = s + LEX_WINDOW - 8;
    while (q < lim && (*q == '!' || *q == '?'))
        q++;
    size_t n = (size_t)(q - s);
    unsigned v = 0;
    if (n == 1)
        v = s[0] == '!' ? 1 : 2;
    else if (n == 2)
        v = s[0] == '!' ? (s[1] == '!' ? 3 : 5) : (s[1] == '?' ? 4 : 6);
    if (!v) return error_tok(lx, N_("unknown move annotation"), s, q);
    lx->tok.number = v;
    return pgn_lex_finish(lx, PGN_TOK_NAG, s, n, q);
}

/* Bytes that cannot start any token: consumed as one run. */
static bool is_stray(unsigned char c)
{
    if (pgn_lex_cc[c] & (PGN_CC_WS | PGN_CC_NL | PGN_CC_SYM)) return false;
    return !strchr("[](){}\";%$!?*", c) || c == 0;
}

static const struct pgn_token *lex_stray(struct pgn_lex *lx, const unsigned char *s)
{
    lx->ts = (unsigned char *)s;
    lx->tw = lx->p = (unsigned char *)s + 1;
    for (;;) {
        while (lx->p < lx->end && is_stray(*lx->p))
            lx->p++;
        if (lx->p != lx->end || !pgn_lex_refill(lx)) break;
    }
    lx->tok.message = N_("stray character");
    lx->tok.text = (const char *)lx->ts; /* the first byte is kept */
    lx->tok.type = PGN_TOK_ERROR;
    lx->prev = PGN_TOK_ERROR;
    lx->tok.len = 1;
    lx->ts = NULL;
    lx->tok.span = pgn_lex_off(lx, lx->p) - lx->tok.loc.offset;
    return &lx->tok;
}

/* ---- The dispatcher ---- */

/* Forum wrappers [pgn] and [/pgn] around a game are not tag pairs. */
static size_t wrapper_len(const unsigned char *s)
{
    size_t k = s[1] == '/' ? 2 : 1;
    if ((s[k] | 0x20) != 'p' || (s[k + 1] | 0x20) != 'g' || (s[k + 2] | 0x20) != 'n' ||
        s[k + 3] != ']')
        return 0;
    return k + 4;
}

/* Tokens off the fast paths (p: first byte, window in the buffer).  Out of
 * line so that pgn_lex_next() stays small: no callee-saved registers to save
 * on the way to a move. */
static LEX_NOINLINE const struct pgn_token *lex_other(struct pgn_lex *lx, unsigned char *p)
{
    unsigned c = *p;
    if (p == lx->end) return pgn_lex_finish(lx, PGN_TOK_EOF, p, 0, p);
    switch (c) {
    case '[':
        return pgn_lex_finish(lx, PGN_TOK_LBRACKET, p, 1, p + 1);
    case ']':
        return pgn_lex_finish(lx, PGN_TOK_RBRACKET, p, 1, p + 1);
    case '(':
        return pgn_lex_finish(lx, PGN_TOK_LPAREN, p, 1, p + 1);
    case ')':
        return pgn_lex_finish(lx, PGN_TOK_RPAREN, p, 1, p + 1);
    case '*':
        return pgn_lex_finish(lx, PGN_TOK_RESULT, (const unsigned char *)"*", 1, p + 1);
    case '"':
        return pgn_lex_string(lx, p);
    case '{':
        return pgn_lex_brace_comment(lx, p);
    case ';':
        return pgn_lex_line_comment(lx, p);
    case '$':
        return lex_nag(lx, p);
    case '!':
    case '?':
        return lex_suffix(lx, p);
    case '}':
        return error_tok(lx, N_("comment end without a comment start:"), p, p + 1);
    default:
        break;
    }
    if (pgn_lex_cc[c] & PGN_CC_SYM) /* - + = and bytes >= 0x80 */
        return lex_symbol(lx, p);
    return lex_stray(lx, p);
}

/* Between tokens, at p = lx->p (not blank): fill the window, skip a % line or
 * a [pgn] wrapper.  True when something was done (lx->p is then the place to
 * go on from), false when a token starts at lx->p. */
static LEX_NOINLINE bool lex_special(struct pgn_lex *lx)
{
    unsigned char *p = lx->p;
    if ((size_t)(lx->end - p) < LEX_WINDOW && !lx->eof) {
        pgn_lex_ensure(lx, LEX_WINDOW);
        return true;
    }
    if (*p == '%' && pgn_lex_off(lx, p) == lx->line_off) {
        pgn_lex_skip_line(lx);
        return true;
    }
    if (p[0] == 0xef && p[1] == 0xbb && p[2] == 0xbf) {
        /* a byte order mark between tokens (files joined with cat: each
         * may start with one) is not text: blank space, and no column, as
         * at the start of the input (the token after it is where it would
         * be without it) */
        lx->p = p + 3;
        lx->line_cont += 3;
        pgn_lex_set_col_bias(lx);
        return true;
    }
    if (*p == '[') {
        size_t n = wrapper_len(p);
        if (n) {
            lx->p = p + n;
            return true;
        }
    }
    return false;
}

const struct pgn_token *pgn_lex_next(struct pgn_lex *lx)
{
    struct pgn_token *t = &lx->tok;
    /* line feeds a fast path skipped before giving up on this token */
    unsigned nl = lx->lead & PGN_LEX_LEAD_NL;
    bool bol = lx->lead & PGN_LEX_LEAD_BOL;
    unsigned char *p = lx->p;
    lx->ts = NULL;
    unsigned c, k;
    for (;;) {
        c = *p;
        k = pgn_lex_cc[c];
        if (k & (PGN_CC_LETTER | PGN_CC_DIGIT)) {
            if (p < lx->lim) break;
        } else if (k & PGN_CC_WS) {
            p++;
            continue;
        } else if (k & PGN_CC_NL) {
            pgn_lex_newline(lx, p);
            nl++;
            p++;
            continue;
        } else if (p < lx->lim && c != '%' && c != '[' && c != 0xef) {
            break;
        }
        lx->p = p;
        if (!lex_special(lx)) {
            c = *p; /* unchanged (reloaded: the compiler keeps fewer registers live) */
            k = pgn_lex_cc[c];
            break;
        }
        p = lx->p;
    }
    t->flags = (nl || bol) ? PGN_TOKF_LINE_START : 0;
    if (nl >= 2) t->flags |= PGN_TOKF_BLANK_BEFORE;
    lx->lead = 0;
    t->loc = pgn_lex_loc_on(lx, p);
    t->number = t->dots = 0;
    t->message = NULL;
    lx->p = p;
    /*
     * Movetext fast paths.  The window is in the buffer (or the input is at
     * its end), so a token of at most PGN_LEX_TOKEN_MAX bytes ends before
     * lx->end unless the input does.  Anything unusual goes to the general
     * scanners, which decide exactly as before.
     */
    if (k & PGN_CC_LETTER) {
        /* An ASCII symbol (SAN move, tag name) that starts with a letter: no
         * result marker, glyph, "e.p." suffix or encoding check applies. */
        const unsigned char *q = pgn_lex_symbol_run(p);
        if ((pgn_lex_fc[*q] & PGN_LEX_FC_END) && !pgn_lex_ep_next(q))
            return pgn_lex_emit(lx, PGN_TOK_SYMBOL, p, (size_t)(q - p), q);
        return lex_symbol(lx, p);
    }
    if (k & PGN_CC_DIGIT) {
        const unsigned char *q, *d;
        unsigned v;
        if (pgn_lex_scan_number(p, &v, &q, &d) && (v || *d != '5')) { /* "0.5-0": lex_number() */
            t->number = v;
            t->dots = (unsigned)(d - q);
            return pgn_lex_emit(lx, PGN_TOK_MOVE_NUMBER, p, (size_t)(q - p), d);
        }
        return lex_number(lx, p);
    }
    return lex_other(lx, p);
}
