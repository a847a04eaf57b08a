/*
 * tape.c - a prototype of the "tape" design named in issue 22, for measuring
 * only (not installed: `make bench-programs`, then bench/tape FILE).
 *
 * Each game's movetext is scanned into a tape of one record per ply (where
 * the move token starts, its length), then a tight loop replays the tape
 * with today's chess code: san_resolve(), pos_make_undo(), arb_record() and
 * arb_decide() when it asks (mate, the dead-position test of a pawnless
 * ending, repetitions, the 75-move rule).  Nothing else is done: no tag is
 * read or checked, no diagnostic is written, comments, variations and NAGs
 * are skipped unread, and a move that does not resolve ends its game's
 * replay.  So what it costs is the floor such a reader and replay loop could
 * reach with the same chess code, to set beside `pgnarbiter check`.
 *
 *   bench/tape [-s] FILE    -s: scan only, no replay
 *
 * Prints games, plies, moves that did not resolve and endings reached; run
 * it under valgrind --tool=callgrind for instructions per ply.
 */
#include "chess/position.h"
#include "chess/san.h"
#include "judge/arbiter.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One ply: its token in the buffer. */
struct ply {
    uint32_t off;
    uint8_t len;
};

#define TAPE_MAX 4096 /* plies a game; the rest of a longer game is skipped */

/* Byte classes of the scan. */
enum { C_OTHER, C_SPACE, C_DIGIT, C_LBRACE, C_LPAREN, C_SEMI, C_LBRACKET, C_STAR, C_NAG };
static unsigned char cls[256];

static void cls_init(void)
{
    cls[' '] = cls['\t'] = cls['\n'] = cls['\r'] = C_SPACE;
    for (int c = '0'; c <= '9'; c++)
        cls[c] = C_DIGIT;
    cls['{'] = C_LBRACE;
    cls['('] = C_LPAREN;
    cls[';'] = C_SEMI;
    cls['['] = C_LBRACKET;
    cls['*'] = C_STAR;
    cls['$'] = C_NAG;
}

struct totals {
    unsigned long long games, plies, unresolved, endings;
};

static void replay(const char *buf, const struct ply *tape, size_t n, struct totals *t)
{
    static struct position pos;
    static struct arbiter arb;
    pos_set_start(&pos);
    arb_start(&arb, &pos);
    for (size_t i = 0; i < n; i++) {
        struct san_result res;
        if (san_resolve(&pos, buf + tape[i].off, tape[i].len, &res) != SAN_OK) {
            t->unresolved++;
            return;
        }
        struct pos_undo u;
        pos_make_undo(&pos, res.m, &u);
        if (arb_record(&arb, &pos, res.m) && arb_decide(&arb, &pos, (uint32_t)i + 1) != ENDING_NONE)
            t->endings++;
    }
}

/* The bits of the 64 bytes at p that are blanks (at most ' ', the way a
 * PGN reader takes them), bit i for p[i]: four 16-byte SSE2 compares (a
 * byte at a time where SSE2 is not there). */
static inline uint64_t blanks64(const unsigned char *p)
{
    uint64_t m = 0;
#ifdef __SSE2__
    const __m128i top = _mm_set1_epi8(' ');
    for (int k = 0; k < 4; k++) {
        __m128i x = _mm_loadu_si128((const __m128i *)(p + 16 * k));
        __m128i le = _mm_cmpeq_epi8(_mm_min_epu8(x, top), x);
        m |= (uint64_t)(uint16_t)_mm_movemask_epi8(le) << (16 * k);
    }
#else
    for (int k = 0; k < 64; k++)
        m |= (uint64_t)(p[k] <= ' ') << k;
#endif
    return m;
}

/* Where the token at p ends: the first blank at or after p (the buffer
 * ends in blanks and a NUL, which counts as one). */
static inline const unsigned char *token_end(const unsigned char *p)
{
    for (;;) {
        uint64_t b = blanks64(p);
        if (b) return p + __builtin_ctzll(b);
        p += 64;
    }
}

/* Scan [buf, buf + len), which is followed by 64 blanks and a NUL, replaying
 * each game at its result (scan_only: not).  Tokens are found 64 bytes at a
 * time: the blanks of a block as a bit mask, a token's start where a blank
 * bit is followed by a clear one.  A block starts at a blank or at a token's
 * first byte, never inside one: a token (or a skipped tag, comment or
 * variation) that runs past its block moves the next block to its end. */
static void scan(const char *buf, size_t len, bool scan_only, struct totals *t)
{
    static struct ply tape[TAPE_MAX];
    size_t n = 0;
    const unsigned char *base = (const unsigned char *)buf, *end = base + len;
    const unsigned char *p = base;
    while (p < end) {
        uint64_t b = blanks64(p);
        uint64_t starts = ~b & ((b << 1) | 1);
        const unsigned char *next = p + 64;
        while (starts) {
            const unsigned char *s = p + __builtin_ctzll(starts), *q;
            /* where a token at s ends: the block's next blank, else further */
            uint64_t after = b & (~(uint64_t)0 << (s - p));
            const unsigned char *tok_end = after ? p + __builtin_ctzll(after) : token_end(p + 64);
            starts &= starts - 1;
            switch (cls[*s]) {
            case C_LBRACKET: /* a tag pair: the rest of its line */
            case C_SEMI:
                q = memchr(s, '\n', (size_t)(end - s));
                q = q ? q : end;
                break;
            case C_LBRACE:
                q = memchr(s, '}', (size_t)(end - s));
                q = q ? q + 1 : end;
                break;
            case C_LPAREN: {
                int depth = 0;
                for (q = s; q < end; q++) {
                    if (*q == '(')
                        depth++;
                    else if (*q == ')' && --depth == 0)
                        break;
                }
                q = q < end ? q + 1 : end;
                break;
            }
            case C_STAR:
            case C_DIGIT: {
                /* a move number ("12." "12..." "12.e4"), or a result */
                q = tok_end;
                const unsigned char *d = s;
                while (cls[*d] == C_DIGIT)
                    d++;
                if (*s == '*' || *d == '-' || *d == '/') {
                    t->games++;
                    t->plies += n;
                    if (!scan_only) replay(buf, tape, n, t);
                    n = 0;
                    break;
                }
                while (*d == '.')
                    d++;
                if (d < q && n < TAPE_MAX && q - d < 16) /* "12.e4": the move follows */
                    tape[n++] = (struct ply){(uint32_t)(d - base), (uint8_t)(q - d)};
                break;
            }
            case C_NAG:
                q = tok_end;
                break;
            default:
                q = tok_end;
                if (n < TAPE_MAX && q - s < 16)
                    tape[n++] = (struct ply){(uint32_t)(s - base), (uint8_t)(q - s)};
                break;
            }
            if (q >= next) {
                next = q; /* ran past the block: the next one starts at q */
                break;
            }
            /* a skipped part ended inside the block: tokens it covered are
             * none, and q itself starts one unless it is a blank */
            starts &= ~(uint64_t)0 << (q - p);
            if (*q > ' ') starts |= (uint64_t)1 << (q - p);
        }
        p = next;
    }
}

int main(int argc, char **argv)
{
    bool scan_only = argc > 1 && strcmp(argv[1], "-s") == 0;
    const char *path = argv[scan_only ? 2 : 1];
    if (!path) {
        fprintf(stderr, "usage: bench/tape [-s] FILE\n");
        return 2;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 2;
    }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)size + 65);
    if (!buf || fread(buf, 1, (size_t)size, f) != (size_t)size) {
        fprintf(stderr, "bench/tape: cannot read %s\n", path);
        return 2;
    }
    fclose(f);
    memset(buf + size, ' ', 64);
    buf[size + 64] = '\0';
    cls_init();
    struct totals t = {0};
    scan(buf, (size_t)size, scan_only, &t);
    printf("%llu games, %llu plies, %llu unresolved, %llu endings%s\n", t.games, t.plies,
           t.unresolved, t.endings, scan_only ? " (scan only)" : "");
    free(buf);
    return 0;
}
