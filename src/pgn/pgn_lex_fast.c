/*
 * pgn_lex_fast.c - the reader's fast paths, beside the tokenizer of
 * pgn_lex.c: the class tables they read, and a plain tag pair (PGN standard
 * 8.1) taken in one step.  The movetext fast path is inline in pgn_lex.h,
 * for pgn_parser_next().
 *
 * Invariants: a fast path either takes exactly the tokens pgn_lex_next()
 * would have returned, leaving the lexer as pgn_lex_next() would have left
 * it (pgn_lex_take()), or takes no token at all (it may have skipped blanks,
 * counted in lx->lead); and it fills the event with what the token-by-token
 * parser would have delivered.  tests/check_pgn_parse.c and the fuzzer
 * compare the two paths field by field.
 */
#define PGN_LEX_INTERNAL
#include "pgn/pgn_lex.h"

#include <stdint.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* 1 for an ASCII symbol byte (PGN_CC_SYM below 0x80), 0 otherwise: for scans that
 * add up classes instead of branching on them. */
const unsigned char pgn_lex_asym[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 1, 0, 0,
    0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 1,
    0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
};

#if PGN_LEX_ASYM_PAIRS
unsigned char pgn_lex_asym2[1u << 16];

/* The entry of the bytes a, b: their 16-bit load, whatever the byte order. */
static inline unsigned pair_index(unsigned a, unsigned b)
{
    const unsigned char two[2] = {(unsigned char)a, (unsigned char)b};
    uint16_t w;
    memcpy(&w, two, 2);
    return w;
}

/* Fills pgn_lex_asym2[] from pgn_lex_asym[] before main(), so before any
 * thread: the entries with a symbol byte (the rest stay 0). */
__attribute__((constructor)) static void asym2_init(void)
{
    for (unsigned a = 0; a < 256; a++) {
        if (!pgn_lex_asym[a]) continue;
        for (unsigned b = 0; b < 256; b++) {
            pgn_lex_asym2[pair_index(a, b)] |= 1;
            pgn_lex_asym2[pair_index(b, a)] |= 2;
        }
    }
}
#endif

/* The fast paths' classes (PGN_LEX_FC_* in pgn_lex.h), one lookup per test;
 * tests/check_pgn_lex.c recomputes every entry from their definitions. */
const unsigned char pgn_lex_fc[256] = {
    0x20, 0x60, 0x60, 0x60, 0x60, 0x60, 0x60, 0x60, 0x60, 0x61, 0x23, 0x61, 0x61, 0x61, 0x60, 0x60,
    0x60, 0x60, 0x60, 0x60, 0x60, 0x60, 0x60, 0x60, 0x60, 0x60, 0x60, 0x60, 0x60, 0x60, 0x60, 0x60,
    0x61, 0x60, 0x20, 0x40, 0x60, 0x60, 0x60, 0x60, 0x60, 0x60, 0x60, 0x40, 0x60, 0x40, 0x40, 0x40,
    0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x40, 0x60, 0x60, 0x40, 0x60, 0x60,
    0x60, 0x44, 0x44, 0x44, 0x44, 0x44, 0x44, 0x44, 0x44, 0x44, 0x44, 0x44, 0x44, 0x44, 0x44, 0x44,
    0x44, 0x44, 0x44, 0x44, 0x44, 0x44, 0x44, 0x44, 0x44, 0x44, 0x44, 0x60, 0x20, 0x60, 0x60, 0x40,
    0x60, 0x44, 0x44, 0x44, 0x44, 0x44, 0x44, 0x44, 0x44, 0x44, 0x44, 0x44, 0x44, 0x44, 0x44, 0x44,
    0x44, 0x44, 0x44, 0x44, 0x44, 0x44, 0x44, 0x44, 0x44, 0x44, 0x44, 0x60, 0x60, 0x60, 0x60, 0x60,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
};

static inline bool is_blank(unsigned c) { return c == ' ' || c == '\t'; }

/* From q, the first byte that is not PGN_LEX_FC_VALUE (a quote, backslash,
 * LF, NUL or byte >= 0x80): at lx->end at the latest.  With SSE2 (every
 * x86-64) 16 bytes at a time, a value of a tag usually in one step; other
 * little-endian machines 8 at a time, where the lowest flagged byte of a
 * word is exact (a borrow only runs upwards).  A step may reach past the
 * NUL at lx->end, into PGN_LEX_SLACK. */
static inline unsigned char *value_run(unsigned char *q)
{
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'),
                  lf = _mm_set1_epi8('\n'), zero = _mm_setzero_si128();
    for (;; q += 16) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)q);
        __m128i m =
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, quote), _mm_cmpeq_epi8(x, backslash)),
                         _mm_or_si128(_mm_cmpeq_epi8(x, lf), _mm_cmpeq_epi8(x, zero)));
        unsigned bits = (unsigned)_mm_movemask_epi8(_mm_or_si128(m, x)); /* x: bytes >= 0x80 */
        if (bits) return q + __builtin_ctz(bits);
    }
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const uint64_t lo = 0x0101010101010101ull, hi = 0x8080808080808080ull;
    for (;; q += 8) {
        uint64_t x, a, b, c;
        memcpy(&x, q, 8);
        a = x ^ (lo * '"');
        b = x ^ (lo * '\\');
        c = x ^ (lo * '\n');
        uint64_t m = (((x - lo) & ~x) | ((a - lo) & ~a) | ((b - lo) & ~b) | ((c - lo) & ~c) | x) & hi;
        if (m)
            return q + (__builtin_ctzll(m) >> 3);
    }
#else
    while (pgn_lex_fc[*q] & PGN_LEX_FC_VALUE)
        q++;
    return q;
#endif
}

bool pgn_lex_next_tag(struct pgn_lex *lx, bool bracket_lexed, struct pgn_event *ev)
{
    unsigned char *p = lx->p, *bracket = NULL;
    if (!bracket_lexed) {
        p = pgn_lex_skip_blanks(lx, p);
        lx->p = p;
        if ((lx->lead & PGN_LEX_LEAD_NL) >= 2 || p >= lx->lim || *p != '[')
            return false;
        bracket = p++;
    }
    /* Every scan below stops at the NUL at lx->end at the latest, and that
     * byte is none of the ones each scan must end on. */
    if (!(pgn_lex_fc[*p] & PGN_LEX_FC_LETTER))
        return false;
    /* (a name longer than PGN_LEX_TOKEN_MAX ends at p: no blank or quote) */
    unsigned char *name = p, *q = (unsigned char *)pgn_lex_symbol_run(p);
    size_t name_len = (size_t)(q - name);
    if (name_len > PGN_PARSE_TAG_NAME_MAX)
        return false;
    unsigned char *name_end = q;
    if (*q == ' ')
        q++;
    if (*q != '"') {
        while (is_blank(*q))
            q++;
        if (*q != '"')
            return false;
    }
    unsigned char *value = ++q;
    q = value_run(q);
    unsigned char *value_end = q;
    size_t len = (size_t)(q - value);
    if (*q != '"' || len > PGN_LEX_STRING_MAX)
        return false;
    q++;
    if (*q != ']') {
        while (is_blank(*q))
            q++;
        if (*q != ']')
            return false;
    }
    /* Both end on a byte of the pair, now read: NUL-terminated in place. */
    *name_end = '\0';
    *value_end = '\0';
    if (bracket)
        ev->loc = pgn_lex_fast_loc(lx, bracket);
    ev->name = (const char *)name;
    ev->name_len = name_len;
    ev->text = (const char *)value;
    ev->len = len;
    pgn_lex_take(lx, q + 1, PGN_TOK_RBRACKET);
    return true;
}
