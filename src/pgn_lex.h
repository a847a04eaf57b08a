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

#include "diag.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct input;
struct pgn_lex;

/* Limits.  Each one, when hit, shows in the token (see the flags below). */
#define PGN_LEX_TOKEN_MAX   255     /* symbol, move number, NAG: longer is an error token */
#define PGN_LEX_STRING_MAX  4096    /* tag value after unescaping: truncated */
#define PGN_LEX_COMMENT_MAX 32768   /* comment body: truncated */
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
#define PGN_TOKF_UNTERMINATED 0x008u /* STRING ended at the end of its line / COMMENT at EOF or at a tag line */
#define PGN_TOKF_BAD_QUOTE    0x010u /* STRING held a '"' that was not escaped */
#define PGN_TOKF_LATIN1       0x020u /* not valid UTF-8, but every bad byte is Latin-1 text (A0-FF) */
#define PGN_TOKF_BAD_UTF8     0x040u /* not valid UTF-8 (C1 or stray bytes) */
#define PGN_TOKF_NONSTANDARD  0x080u /* accepted spelling outside the standard: ½-½, 1–0, …, +- glyph */
#define PGN_TOKF_NESTED       0x100u /* COMMENT held balanced inner braces { } */

struct pgn_token {
    enum pgn_tok_type type;
    unsigned flags;
    struct src_loc loc;  /* first byte of the token */
    const char *text;    /* see the types; NOT NUL-terminated: use len */
    size_t len;
    uint64_t span;       /* bytes of input the token covers (incl. delimiters) */
    unsigned number;     /* MOVE_NUMBER: the number; NAG: the value */
    unsigned dots;       /* MOVE_NUMBER: periods after the digits (… counts 3; "5. ..." is 3) */
    const char *message; /* ERROR: what was wrong, e.g. "stray character" */
};

/* Lex from in (borrowed).  NULL when out of memory. */
struct pgn_lex *pgn_lex_new(struct input *in);

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

#endif /* PGNARB_PGN_LEX_H */
