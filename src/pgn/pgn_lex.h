/*
 * pgn_lex.h - pull lexer for PGN (standard sections 7, 8 and 16) over a fixed
 * buffer refilled from an input stream.
 *
 * Ownership: pgn_lex_new() / pgn_lex_new_memory() return a heap lexer freed by
 * pgn_lex_free() (NULL is a no-op).  pgn_lex_new() borrows the input (the
 * caller closes it after freeing the lexer); pgn_lex_new_memory() owns the
 * memory input it opens over the caller's buffer (which must outlive it).
 * A token returned by pgn_lex_next() - and every pointer in it - is valid
 * until the next call.
 *
 * Memory is fixed (PGN_LEX_BUF_SIZE plus the input's buffer); the lexer never
 * allocates after construction and never recurses.
 */
#ifndef PGNARB_PGN_LEX_H
#define PGNARB_PGN_LEX_H

#include "diag/diag.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct input;
struct pgn_event;
struct pgn_lex;

/* Limits.  Each one, when hit, shows in the token (see the flags below). */
#define PGN_LEX_HEAD_MAX    16           /* bytes of an over-long token a message shows */
#define PGN_LEX_TOKEN_MAX   255          /* symbol, move number, NAG: longer is an error token */
#define PGN_LEX_STRING_MAX  4096         /* tag value after unescaping: truncated */
#define PGN_LEX_COMMENT_MAX 32768        /* comment body: truncated */
#define PGN_LEX_BUF_SIZE    (128 * 1024) /* must exceed every limit above plus a window */

enum pgn_tok_type {
    PGN_TOK_EOF,         /* end of input (or an input error: pgn_lex_input_error()) */
    PGN_TOK_LBRACKET,    /* [ */
    PGN_TOK_RBRACKET,    /* ] */
    PGN_TOK_STRING,      /* "..." : text is the unescaped value, quotes excluded */
    PGN_TOK_SYMBOL,      /* a SAN move, a tag name, "--": text without !? suffixes */
    PGN_TOK_MOVE_NUMBER, /* 12 / 12. / 12... / 12… : text = digits, number, dots */
    PGN_TOK_NAG,         /* $n, or a suffix !,?,!!,??,!?,?! (1..6), or a glyph like +- */
    PGN_TOK_COMMENT,     /* {...} or ;... : text = body without the delimiters */
    PGN_TOK_LPAREN,      /* ( */
    PGN_TOK_RPAREN,      /* ) */
    PGN_TOK_RESULT,      /* 1-0 0-1 1/2-1/2 * : text is always the canonical marker */
    PGN_TOK_ERROR,       /* bytes that form no token: message says what, span how many */
    PGN_TOK_NB
};

/* Token flags. */
#define PGN_TOKF_LINE_START   0x001u /* first token on its line */
#define PGN_TOKF_BLANK_BEFORE 0x002u /* an empty (or all-blank) line precedes it */
#define PGN_TOKF_TRUNCATED    0x004u /* STRING/COMMENT cut at its limit */
#define PGN_TOKF_UNTERMINATED 0x008u /* STRING open at line end; COMMENT at EOF or a tag line */
#define PGN_TOKF_BAD_QUOTE    0x010u /* STRING held a '"' that was not escaped */
#define PGN_TOKF_CP1252       0x020u /* not UTF-8, but every bad byte is Windows-1252 text */
#define PGN_TOKF_BAD_UTF8     0x040u /* not valid UTF-8, nor Windows-1252 (81 8D 8F 90 9D) */
#define PGN_TOKF_NONSTANDARD  0x080u /* non-standard spelling: ½-½, 1–0, …, +- glyph */
#define PGN_TOKF_TOO_LONG     0x200u /* ERROR: a symbol or number past PGN_LEX_TOKEN_MAX;
                                        text: its first bytes (PGN_LEX_HEAD_MAX at most,
                                        whole UTF-8 characters), for the message */

struct pgn_token {
    enum pgn_tok_type type;
    unsigned flags;
    struct src_loc loc; /* first byte of the token */
    const char *text;   /* see the types; NOT NUL-terminated: use len */
    size_t len;
    uint64_t span;       /* bytes of input the token covers (incl. delimiters) */
    unsigned number;     /* MOVE_NUMBER: the number; NAG: the value */
    unsigned dots;       /* MOVE_NUMBER: periods after the digits (… counts 3; "5. ..." is 3) */
    const char *message; /* ERROR: what was wrong, e.g. "stray character" */
};

/* Lex from in (borrowed).  NULL when out of memory. */
struct pgn_lex *pgn_lex_new(struct input *in);

/* Lex from in (borrowed) from its start, as pgn_lex_new() would, keeping
 * lx's buffer (`fix` reads each game again with one lexer). */
void pgn_lex_reset(struct pgn_lex *lx, struct input *in);

/* Lex from a memory buffer (not copied); chunk > 0 caps each read (tests). */
struct pgn_lex *pgn_lex_new_memory(const void *buf, size_t len, size_t chunk);

void pgn_lex_free(struct pgn_lex *lx);

/* Next token; after EOF keeps returning EOF. */
const struct pgn_token *pgn_lex_next(struct pgn_lex *lx);

/*
 * Resynchronise: skip input up to the next line whose first non-blank byte is
 * '[' (the next tag section), so that the next token is that '['.  Returns the
 * number of bytes skipped.
 */
uint64_t pgn_lex_skip_to_tag_line(struct pgn_lex *lx);

/* Bytes consumed so far (offset of the next unread byte). */
uint64_t pgn_lex_offset(const struct pgn_lex *lx);

/* The position of the next unread byte. */
struct src_loc pgn_lex_loc(const struct pgn_lex *lx);

/* Reason when the input failed (then the lexer reports EOF), else NULL. */
const char *pgn_lex_input_error(const struct pgn_lex *lx);

/*
 * Tag pair fast path for the parser (pgn_parse.c): a plain tag pair,
 * [Name "value"] on one line, the value ASCII without escapes or inner
 * quotes and not after a blank line; with bracket_lexed the '[' was already
 * returned by pgn_lex_next() and the pair starts at its name.  Fills ev->loc
 * (the '['; not with bracket_lexed), name, name_len, text (the value) and
 * len, pointing into the buffer, NUL-terminated there (on the blank or quote
 * after the name and on the closing quote, both read), valid until the next
 * call; nothing else.  Otherwise returns false having taken no token:
 * pgn_lex_next() then returns exactly the tokens it would have returned
 * anyway.  (The movetext fast path is in the internal section at the end.)
 */
bool pgn_lex_next_tag(struct pgn_lex *lx, bool bracket_lexed, struct pgn_event *ev);

/* Whether the input is UTF-16 (read through a decoder: pgn_lex_utf16.c);
 * *big_endian (may be NULL) says which byte order. */
bool pgn_lex_is_utf16(const struct pgn_lex *lx, bool *big_endian);

/* Name of a token type, for messages and tests. */
const char *pgn_lex_type_name(enum pgn_tok_type t);

/* Character classes (exposed so the table can be tested against its definition). */
#define PGN_CC_WS     0x01u /* space, tab, CR, VT, FF (not LF) */
#define PGN_CC_NL     0x02u /* LF */
#define PGN_CC_SYM    0x04u /* symbol continuation: A-Z a-z 0-9 _ + # = : - / and bytes >= 0x80 */
#define PGN_CC_DIGIT  0x08u /* 0-9 */
#define PGN_CC_LETTER 0x10u /* A-Z a-z: may start a symbol */
#define PGN_CC_STR    0x20u /* ends a plain run inside a string: " \ LF NUL */
#define PGN_CC_CMT    0x40u /* ends a plain run inside a comment: { } LF NUL */
unsigned pgn_lex_char_class(unsigned char c);

/* Whether the bytes at q (up to lim) open a tag pair line: blanks, '[', a
 * letter, letters, digits or '_', blanks, '"'.  An unclosed comment ends
 * before such a line (pgn_lex_text.c); `check --jobs` cuts an input before
 * one (pgn_split.c). */
bool pgn_lex_tag_line(const unsigned char *q, const unsigned char *lim);

/* Whether a '}' comes within [q, lim) before anything that says a comment
 * was left open: a '{' (the next comment) or a blank line (the one between a
 * tag section and its movetext, or between games).  A tag pair line inside a
 * brace comment that is closed this soon after does not end the comment;
 * `check --jobs` does not cut before such a line either (pgn_split.c).
 * Callers bound lim by PGN_LEX_CLOSE_LOOK bytes. */
#define PGN_LEX_CLOSE_LOOK 1024
bool pgn_lex_closes_ahead(const unsigned char *q, const unsigned char *lim);

/* Bounded look-aheads for the parser's tag section (pgn_parse.c), after the
 * token just lexed; each decides on at most PGN_LEX_LINE_LOOK bytes, so the
 * answer never depends on how the input was read, and consumes nothing.
 * pgn_lex_tag_pair_follows(): a tag pair comes next, on this line or at the
 * start of the next (a comment at the end of a tag line is still in the tag
 * section).  pgn_lex_stray_line_before_tag(): the rest of this line holds no
 * digit, marker, comment, variation, bracket, string or NAG, and the next
 * line starts a tag pair (a stray line between tag pairs). */
#define PGN_LEX_LINE_LOOK 256
bool pgn_lex_tag_pair_follows(struct pgn_lex *lx);
bool pgn_lex_stray_line_before_tag(struct pgn_lex *lx);

#ifdef PGN_LEX_INTERNAL
/*
 * Internal section, for the lexer's files (pgn_lex.c, pgn_lex_text.c,
 * pgn_lex_fast.c), pgn_parse.c (which inlines the movetext fast path into
 * pgn_parser_next()) and the lexer's unit test only.
 */
#include "pgn/pgn_parse.h"

#include <string.h>

extern const unsigned char pgn_lex_cc[256];

/* Classes for the fast paths (a table of their own: one lookup per test). */
#define PGN_LEX_FC_BLANK  0x01u /* PGN_CC_WS or PGN_CC_NL: skipped between tokens */
#define PGN_LEX_FC_NL     0x02u /* LF */
#define PGN_LEX_FC_LETTER 0x04u /* PGN_CC_LETTER */
#define PGN_LEX_FC_DIGIT  0x08u /* PGN_CC_DIGIT */
#define PGN_LEX_FC_END    0x20u /* ends a symbol as it is: not PGN_CC_SYM and not '.' */
#define PGN_LEX_FC_VALUE  0x40u /* plain ASCII tag value byte: below 0x80, not PGN_CC_STR */
extern const unsigned char pgn_lex_fc[256];
/* 1 for an ASCII symbol byte (PGN_CC_SYM below 0x80) */
extern const unsigned char pgn_lex_asym[256];
#if defined(__GNUC__)
/* pgn_lex_asym[] of two bytes at once (bits 0 and 1), indexed by their
 * 16-bit load: filled at start-up (a constructor, hence GNU C only). */
#define PGN_LEX_ASYM_PAIRS 1
extern unsigned char pgn_lex_asym2[1u << 16];
#else
#define PGN_LEX_ASYM_PAIRS 0
#endif

/* Bytes after the buffer's NUL sentinel that the fast paths may read (never
 * past the allocation; their content never decides anything). */
#define PGN_LEX_SLACK 16

/* lx->prev for a symbol right after a '[' (a tag name, so that a string may
 * be its value: pgn_lex_string()); one field, so that a fast path sets it in
 * one store. */
#define PGN_LEX_PREV_TAG_NAME ((unsigned)PGN_TOK_NB)

/* lead: what lies between the last token and lx->p */
#define PGN_LEX_LEAD_BOL 0x80000000u /* next token starts a line (start of input, after a skip) */
#define PGN_LEX_LEAD_NL  0x7fffffffu /* line feeds skipped (by a fast path that then gave up) */

struct pgn_lex {
    struct input *in;
    bool own_in;
    bool eof;
    uint32_t lead; /* PGN_LEX_LEAD_*; 0 once a token is taken */
    const char *in_err;
    unsigned char *buf; /* PGN_LEX_BUF_SIZE + 1 */
    unsigned char *p;   /* next unread byte */
    unsigned char *end; /* end of data; *end == 0 */
    unsigned char *lim; /* p < lim: the window is in the buffer (or the input is at its end) */
    unsigned char *ts;  /* token text kept across a refill: [ts, tw), or NULL */
    unsigned char *tw;
    uint64_t end_off;  /* input offset of *end */
    uint64_t bias;     /* end_off - (uintptr_t)end, modulo 2^64: see pgn_lex_off() */
    uint64_t line_off; /* input offset of the first byte of the current line */
    uint64_t col_bias; /* bias + 1 - line_off - line_cont: the column of q is q + col_bias
                          (modulo 2^64) */
    uint64_t line_cont; /* UTF-8 continuation bytes of the current line in the tokens
                           read so far: columns count characters, not bytes */
    uint32_t line;
    unsigned prev; /* the token before this one (enum pgn_tok_type), or
                      PGN_LEX_PREV_TAG_NAME: a symbol right after a '[' */
    bool read_started;               /* the first read is done (BOM check) */
    struct pgn_lex_utf16 *utf16;     /* UTF-16 input: the decoder, else NULL */
    struct pgn_token tok;
    unsigned char head[PGN_LEX_HEAD_MAX]; /* an over-long token's first bytes (tok.text) */
};

/* The reads of the lexer (pgn_lex_utf16.c): input_read(), or UTF-16 input
 * (a byte order mark at the start) decoded to UTF-8. */
ptrdiff_t pgn_lex_read(struct pgn_lex *lx, unsigned char *dst, size_t cap);
void pgn_lex_utf16_free(struct pgn_lex *lx);

/* Input offset of the unread byte q: end_off - (end - q), with the constant
 * part kept in bias (unsigned arithmetic, modulo 2^64). */
static inline uint64_t pgn_lex_off(const struct pgn_lex *lx, const unsigned char *q)
{
    return (uint64_t)(uintptr_t)q + lx->bias;
}

/* Location of q, on the current line. */
static inline struct src_loc pgn_lex_loc_on(const struct pgn_lex *lx, const unsigned char *q)
{
    struct src_loc l;
    l.offset = pgn_lex_off(lx, q);
    l.line = lx->line;
    uint64_t col = (uint64_t)(uintptr_t)q + lx->col_bias;
    l.column = col > UINT32_MAX ? UINT32_MAX : (uint32_t)col;
    return l;
}

/* pgn_lex_loc_on() for the fast paths, which take tokens below lx->lim
 * only: there a column fits in 32 bits (see set_lim() in pgn_lex.c). */
static inline struct src_loc pgn_lex_fast_loc(const struct pgn_lex *lx, const unsigned char *q)
{
    struct src_loc l;
    l.offset = pgn_lex_off(lx, q);
    l.line = lx->line;
    l.column = (uint32_t)((uint64_t)(uintptr_t)q + lx->col_bias);
    return l;
}

/* After a change of bias or line_off. */
static inline void pgn_lex_set_col_bias(struct pgn_lex *lx)
{
    lx->col_bias = lx->bias + 1 - lx->line_off - lx->line_cont;
}

/* A line feed at q: the next line starts after it. */
static inline void pgn_lex_newline(struct pgn_lex *lx, const unsigned char *q)
{
    lx->line++;
    lx->line_off = pgn_lex_off(lx, q) + 1;
    lx->line_cont = 0;
    pgn_lex_set_col_bias(lx);
}

/*
 * The tokenizer's own helpers, shared by pgn_lex.c (buffer, dispatcher,
 * bounded tokens) and pgn_lex_text.c (strings and comments, which refill as
 * they go).  The small ones are inline here so that splitting the tokenizer
 * in two costs no calls on the per-token path.
 */

/* The n bytes at s, read on the current line, hold non-ASCII text: count
 * its UTF-8 continuation bytes, so that the columns after it count
 * characters (the tokens that may hold such bytes call this when they do:
 * symbols, strings, comments; the fast paths take ASCII only). */
static inline void pgn_lex_count_chars(struct pgn_lex *lx, const unsigned char *s, size_t n)
{
    uint64_t k = 0;
    for (size_t i = 0; i < n; i++)
        k += (s[i] & 0xc0) == 0x80;
    if (k) {
        lx->line_cont += k;
        pgn_lex_set_col_bias(lx);
    }
}

/* Look-ahead bound of the scans that may refill (a quote that may close a
 * tag value, a tag line ahead inside a comment, resynchronisation): they
 * decide on at most this many bytes, whatever the buffer holds, so that
 * tokens never depend on how the input was read. */
#define PGN_LEX_LOOK 64

/*
 * Read more input.  Keeps [ts, tw) (token text, when ts is set) and [p, end)
 * (unread bytes), moved to the front of the buffer in that order; updates
 * ts, tw, p, end.  False when nothing more can come (end of input or error).
 */
bool pgn_lex_refill(struct pgn_lex *lx);

/* Make at least n unread bytes available (fewer only at the end of input). */
static inline void pgn_lex_ensure(struct pgn_lex *lx, size_t n)
{
    while ((size_t)(lx->end - lx->p) < n && !lx->eof)
        pgn_lex_refill(lx);
}

/* Hand out the token of `len` bytes at p that ends before next.  For a token
 * read whole from the buffer (no refill since pgn_lex_next() cleared ts) this
 * is all; pgn_lex_finish() covers tokens that crossed a refill. */
static inline const struct pgn_token *pgn_lex_emit(struct pgn_lex *lx, enum pgn_tok_type type,
                                                   const unsigned char *p, size_t len,
                                                   const unsigned char *next)
{
    struct pgn_token *t = &lx->tok;
    lx->prev = type == PGN_TOK_SYMBOL && lx->prev == PGN_TOK_LBRACKET ? PGN_LEX_PREV_TAG_NAME
                                                                       : (unsigned)type;
    t->type = type;
    t->text = (const char *)p;
    t->len = len;
    lx->p = (unsigned char *)next;
    t->span = (uint64_t)(next - p);
    return t;
}

static inline const struct pgn_token *pgn_lex_finish(struct pgn_lex *lx, enum pgn_tok_type type,
                                                     const unsigned char *text, size_t len,
                                                     const unsigned char *next)
{
    const struct pgn_token *t = pgn_lex_emit(lx, type, text, len, next);
    lx->ts = NULL;
    lx->tok.span = pgn_lex_off(lx, next) - lx->tok.loc.offset; /* it may have crossed a refill */
    return t;
}

/* PGN_TOKF_CP1252, PGN_TOKF_BAD_UTF8 or 0 for the text s of n bytes (see
 * pgn_lex_text.c); cut: truncated, so a sequence cut at the end is no fault. */
unsigned pgn_lex_utf8_flags(const unsigned char *s, size_t n, bool cut);

/* The tokens that start at s with '"', '{' and ';' (pgn_lex_text.c), for
 * pgn_lex_next(): loc, flags and the rest as for any token. */
const struct pgn_token *pgn_lex_string(struct pgn_lex *lx, const unsigned char *s);
const struct pgn_token *pgn_lex_brace_comment(struct pgn_lex *lx, const unsigned char *s);
const struct pgn_token *pgn_lex_line_comment(struct pgn_lex *lx, const unsigned char *s);

/* Skip to the end of the line: lx->p at its LF, or at the end of the input. */
void pgn_lex_skip_line(struct pgn_lex *lx);

/* A line feed at q, skipped by a fast path: line, line_off and the count in
 * lead.  A fast path that then gives up leaves lx->p after the blanks, so
 * that pgn_lex_next() goes on from there with the same flags.  The count
 * stays far below PGN_LEX_LEAD_NL: a fast path's skip stops at lx->end, and
 * the next pgn_lex_next() takes the token. */
static inline void pgn_lex_skip_nl(struct pgn_lex *lx, const unsigned char *q)
{
    pgn_lex_newline(lx, q);
    lx->lead++;
}

/* The blank skip of pgn_lex_next(), from p, for the fast paths: returns the
 * first byte that is not blank (at lx->end at the latest). */
static inline unsigned char *pgn_lex_skip_blanks(struct pgn_lex *lx, unsigned char *p)
{
    unsigned k;
    while ((k = pgn_lex_fc[*p]) & PGN_LEX_FC_BLANK) {
        if (k & PGN_LEX_FC_NL) pgn_lex_skip_nl(lx, p);
        p++;
    }
    return p;
}

/* Take tokens scanned by a fast path: leave the state pgn_lex_next() would have left. */
static inline void pgn_lex_take(struct pgn_lex *lx, const unsigned char *next,
                                enum pgn_tok_type prev)
{
    lx->p = (unsigned char *)next;
    lx->lead = 0;
    lx->prev = prev;
}

/* The scans every fast path shares (the token-by-token pgn_lex_next(), the
 * movetext events, the tag pairs), so each rule is written once. */

/* The end of the ASCII symbol bytes from p + 1: how many of the next four go
 * on is added up rather than branched on (a loop's exit mispredicts on SAN's
 * varying lengths), two bytes a lookup with pgn_lex_asym2[]; the lowest 0 in m is the end, and at worst it is the NUL
 * at lx->end (the bytes read after it are within PGN_LEX_SLACK).  A run
 * longer than PGN_LEX_TOKEN_MAX returns p itself, a letter for every caller
 * (no symbol's end, no tag's blank or quote): one test of the byte returned
 * covers both, and the usual short run is never measured. */
static inline const unsigned char *pgn_lex_symbol_run(const unsigned char *p)
{
#if PGN_LEX_ASYM_PAIRS
    uint16_t w1, w2;
    memcpy(&w1, p + 1, 2);
    memcpy(&w2, p + 3, 2);
    unsigned m = pgn_lex_asym2[w1] | (unsigned)pgn_lex_asym2[w2] << 2;
#else
    unsigned m = pgn_lex_asym[p[1]] | pgn_lex_asym[p[2]] << 1 | pgn_lex_asym[p[3]] << 2 |
                 pgn_lex_asym[p[4]] << 3;
#endif
    const unsigned char *q = p + ((unsigned)__builtin_ctz(~m) + 1u); /* unsigned: no sign extension */
    if (m == 0xf) {
        while (pgn_lex_asym[*q])
            q++;
        if ((size_t)(q - p) > PGN_LEX_TOKEN_MAX) return p;
    }
    return q;
}

/* A move number at the digit p, "12." or "12..." (1 to 9 digits), that the
 * fast paths take: followed, after optional blanks, by neither another period
 * nor an ellipsis.  Sets its value, the end of its digits (*digits_end, the
 * first period) and of its periods (*end); false when the general scanner
 * must decide. */
static inline bool pgn_lex_scan_number(const unsigned char *p, unsigned *value,
                                       const unsigned char **digits_end, const unsigned char **end)
{
    const unsigned char *q = p + 1, *d, *b;
    unsigned v = *p - '0';
    while ((pgn_lex_fc[*q] & PGN_LEX_FC_DIGIT) && q < p + 9)
        v = v * 10 + (unsigned)(*q++ - '0');
    if (*q != '.') return false;
    for (d = q + 1; *d == '.' && d < p + 32;)
        d++;
    for (b = d; (*b == ' ' || *b == '\t') && b < p + 64;)
        b++;
    if (*b == '.' || *b == 0xe2 || *b == ' ' || *b == '\t') return false;
    *value = v;
    *digits_end = q;
    *end = d;
    return true;
}

enum {
    PGN_LEX_FAST_NONE,
    PGN_LEX_FAST_MOVE,
    PGN_LEX_FAST_DIGIT,
    PGN_LEX_FAST_NUMBER,
    PGN_LEX_FAST_COMMENT,
    PGN_LEX_FAST_NUMBERED_MOVE
};

/* The event of a token scanned by a fast path, starting at p (its location)
 * with text [text, q), and the lexer's state after it (token type tok, next
 * byte next): every field but game and depth, the caller's. */
static inline void pgn_lex_fast_token(struct pgn_lex *lx, struct pgn_event *ev,
                                      enum pgn_event_type type, enum pgn_tok_type tok,
                                      const unsigned char *p, const unsigned char *text,
                                      const unsigned char *q, const unsigned char *next,
                                      unsigned number, unsigned dots)
{
    struct src_loc loc = pgn_lex_fast_loc(lx, p);
    pgn_lex_take(lx, next, tok);
    ev->type = type;
    ev->loc = loc;
    ev->text = (const char *)text;
    ev->len = (size_t)(q - text);
    ev->name = NULL;
    ev->name_len = 0;
    ev->number = number;
    ev->dots = dots; /* number_span and number_len: read only when number is set */
    ev->has_result = false;
}

/* The movetext fast path for a comment right after a move: the move's event
 * just filled (move: where the move starts; lx->p at the byte after it, a
 * space, then a '{'), the comment is taken with it as one MOVE_COMMENTED
 * event (pgn_event_comment()) when pgn_lex_next_comment() would take it
 * alone - the general path's and the token-by-token fast path's own test;
 * else nothing is taken (pgn_lex_text.c). */
void pgn_lex_fold_comment(struct pgn_lex *lx, struct pgn_event *ev, const unsigned char *move);

/* A move that ends at q is followed by a comment that may be taken with it
 * ({[%clk 0:05:00]} after every move of an online game, an engine's
 * evaluation after each of its moves). */
static inline bool pgn_lex_comment_next(const unsigned char *q)
{
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint16_t w; /* the two bytes at once */
    memcpy(&w, q, 2);
    return __builtin_expect(w == (' ' | '{' << 8), 0);
#else
    return q[0] == ' ' && q[1] == '{';
#endif
}

/* A move that ends at q may have an en passant suffix after one blank
 * ("exd6 e.p.", "exf3 ep+"): lex_symbol() (pgn_lex.c) then takes the two as
 * one symbol, so the fast paths leave such a move to it.  A superset of
 * lex_symbol()'s own test: a blank, 'e', then '.' or 'p' (no move starts
 * so).  The bytes read are within the window (q + 2 < lx->end). */
static inline bool pgn_lex_ep_next(const unsigned char *q)
{
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint16_t w; /* the two bytes at once */
    memcpy(&w, q, 2);
    return __builtin_expect(w == (' ' | 'e' << 8), 0) && (q[2] == '.' || q[2] == 'p');
#else
    return q[0] == ' ' && q[1] == 'e' && (q[2] == '.' || q[2] == 'p');
#endif
}

/* A move number at p, its digits ending at q, then the move at d (after
 * the periods and at most one space, on the same line): the move is taken
 * with it as one numbered MOVE event (pgn_event_number()) when it is a move
 * the fast path takes alone; else the number alone.  Returns the kind.
 * Always inline: pgn_lex_next_move() has four copies, and the compiler,
 * left to itself, made it a call once the en passant test was added (3%
 * more instructions over the book). */
static inline __attribute__((always_inline)) int
pgn_lex_fast_numbered(struct pgn_lex *lx, struct pgn_event *ev, const unsigned char *p,
                      const unsigned char *q, const unsigned char *dots_end,
                      const unsigned char *d, unsigned number)
{
    const unsigned char *e = pgn_lex_symbol_run(d);
    if ((pgn_lex_fc[*e] & PGN_LEX_FC_END) && !pgn_lex_ep_next(e)) {
        pgn_lex_fast_token(lx, ev, PGN_EV_MOVE, PGN_TOK_SYMBOL, d, d, e, e, number,
                           (unsigned)(dots_end - q));
        ev->number_span = (uint32_t)(d - p);
        ev->number_len = (uint32_t)(q - p);
        if (pgn_lex_comment_next(e)) pgn_lex_fold_comment(lx, ev, d);
        return PGN_LEX_FAST_NUMBERED_MOVE;
    }
    pgn_lex_fast_token(lx, ev, PGN_EV_MOVE_NUMBER, PGN_TOK_MOVE_NUMBER, p, p, q, dots_end, number,
                       (unsigned)(dots_end - q));
    return PGN_LEX_FAST_NUMBER;
}

/* pgn_lex_fast_token() of a move or a move number, [p, q) its text. */
static inline void pgn_lex_fast_event(struct pgn_lex *lx, struct pgn_event *ev,
                                      enum pgn_event_type type, const unsigned char *p,
                                      const unsigned char *q, const unsigned char *next,
                                      unsigned number, unsigned dots)
{
    /* Never a tag name: the parser never takes this path right after a '['
     * (p->fast is off then). */
    pgn_lex_fast_token(lx, ev, type, type == PGN_EV_MOVE ? PGN_TOK_SYMBOL : PGN_TOK_MOVE_NUMBER, p,
                       p, q, next, number, dots);
}

/*
 * Movetext fast path, the part inlined into pgn_parser_next(): after the
 * blanks, when the next token is a move the parser delivers as it is (a
 * letter-led ASCII symbol: SAN; never "e.p.", which stops at its '.', nor
 * a move an en passant suffix may follow, pgn_lex_ep_next()),
 * consume it, fill the event (all but game and depth, the caller's) and
 * return PGN_LEX_FAST_MOVE; likewise PGN_LEX_FAST_NUMBER for the usual move
 * numbers.  PGN_LEX_FAST_DIGIT: the next token starts with a digit at lx->p,
 * for pgn_lex_next_number().  Otherwise
 * PGN_LEX_FAST_NONE.  Either way without a token taken, pgn_lex_next() then
 * returns exactly the token it would have returned anyway (the line feeds
 * skipped are counted in lx->lead).  The scans are those of
 * pgn_lex_next()'s own fast paths.
 */
static inline __attribute__((always_inline)) int pgn_lex_next_move(struct pgn_lex *lx,
                                                                   struct pgn_event *ev)
{
    unsigned char *p = lx->p;
    if (*p == ' ') /* the usual single space between moves */
        p++;
    unsigned k = pgn_lex_fc[*p];
    if (k & PGN_LEX_FC_BLANK) {
        p = pgn_lex_skip_blanks(lx, p);
        k = pgn_lex_fc[*p];
    }
    if (p < lx->lim) {
        /* The window is in the buffer: the scan stops before lx->end. */
        if (k & PGN_LEX_FC_LETTER) {
            const unsigned char *q = pgn_lex_symbol_run(p);
            k = pgn_lex_fc[*q];
            if ((k & PGN_LEX_FC_END) && !pgn_lex_ep_next(q)) {
                pgn_lex_fast_event(lx, ev, PGN_EV_MOVE, p, q, q, 0, 0);
                if (pgn_lex_comment_next(q)) pgn_lex_fold_comment(lx, ev, p);
                return PGN_LEX_FAST_MOVE;
            }
        } else if (k & PGN_LEX_FC_DIGIT) {
            /* The usual move numbers, "12.e4", "12. e4", "12...e5" and
             * "12... e5" (1 to 3 digits, a move right after), and "12." at
             * the end of a line, here; the rest in pgn_lex_next_number().
             * Each byte is read only when the one before is none of the
             * NUL at lx->end. */
            const unsigned char *q = p + 1;
            unsigned v = *p - '0';
            if (pgn_lex_fc[*q] & PGN_LEX_FC_DIGIT) {
                v = v * 10 + (unsigned)(*q++ - '0');
                if (pgn_lex_fc[*q] & PGN_LEX_FC_DIGIT) v = v * 10 + (unsigned)(*q++ - '0');
            }
            if (*q == '.' && v != 0 && (lx->lead & PGN_LEX_LEAD_NL) < 2) {
                if (pgn_lex_fc[q[1]] & PGN_LEX_FC_LETTER)
                    return pgn_lex_fast_numbered(lx, ev, p, q, q + 1, q + 1, v);
                if (q[1] == ' ' && (pgn_lex_fc[q[2]] & PGN_LEX_FC_LETTER))
                    return pgn_lex_fast_numbered(lx, ev, p, q, q + 1, q + 2, v);
                if (q[1] == '.' && q[2] == '.') {
                    if (pgn_lex_fc[q[3]] & PGN_LEX_FC_LETTER)
                        return pgn_lex_fast_numbered(lx, ev, p, q, q + 3, q + 3, v);
                    if (q[3] == ' ' && (pgn_lex_fc[q[4]] & PGN_LEX_FC_LETTER))
                        return pgn_lex_fast_numbered(lx, ev, p, q, q + 3, q + 4, v);
                }
                if (q[1] == '\n') { /* "15." at the end of a line: the number alone */
                    pgn_lex_fast_event(lx, ev, PGN_EV_MOVE_NUMBER, p, q, q + 1, v, 1);
                    return PGN_LEX_FAST_NUMBER;
                }
            }
            lx->p = p;
            return PGN_LEX_FAST_DIGIT;
        }
    }
    lx->p = p;
    return PGN_LEX_FAST_NONE;
}

/* The rest of the movetext fast path: at a digit at lx->p (blanks skipped,
 * the window in the buffer), a move number "12." / "12..." (1 to 9 digits,
 * not 0, not after a blank line): PGN_LEX_FAST_NUMBER with the event filled
 * (all but game and depth),
 * or PGN_LEX_FAST_NONE with nothing taken. */
/* The movetext fast path for a comment at lx->p (a '{', blanks skipped, the
 * window in the buffer): a comment on one line, closed within the buffer,
 * ASCII, without an inner brace ({[%clk 0:05:00]} after every move of an
 * online game; engines' long comments): PGN_LEX_FAST_COMMENT with the
 * event filled (all but game and depth) as the general path fills it;
 * otherwise PGN_LEX_FAST_NONE with nothing taken (pgn_lex_text.c). */
int pgn_lex_next_comment(struct pgn_lex *lx, struct pgn_event *ev);

static inline int pgn_lex_next_number(struct pgn_lex *lx, struct pgn_event *ev)
{
    const unsigned char *p = lx->p, *q, *d;
    unsigned v;
    if (!pgn_lex_scan_number(p, &v, &q, &d) || v == 0 || (lx->lead & PGN_LEX_LEAD_NL) >= 2)
        return PGN_LEX_FAST_NONE;
    pgn_lex_fast_event(lx, ev, PGN_EV_MOVE_NUMBER, p, q, d, v, (unsigned)(d - q));
    return PGN_LEX_FAST_NUMBER;
}
#endif /* PGN_LEX_INTERNAL */

#endif /* PGNARB_PGN_LEX_H */
