/*
 * byte_scan.h - the reader's long byte scans, 32 bytes a step with AVX2
 * where the processor has it (chosen at start-up, so Debian's generic
 * x86-64 build gets it too), else 16 with SSE2 (every x86-64), else a byte
 * at a time: the line feeds of a buffer (input.c) and the plain run of a
 * long comment (pgn_lex_text.c).  Every level gives the same answer;
 * tests/check_byte_scan.c holds them to the byte loop.
 */
#ifndef PGNARB_BYTE_SCAN_H
#define PGNARB_BYTE_SCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum byte_scan_level { BYTE_SCAN_BYTES, BYTE_SCAN_SSE2, BYTE_SCAN_AVX2 };

/* The level the scans use: the best this machine has, until
 * byte_scan_set_level() (for tests) asks for a lower one. */
enum byte_scan_level byte_scan_level(void);

/* Use at most level (never more than the machine has); returns the level
 * now in use.  Not for use while other threads scan. */
enum byte_scan_level byte_scan_set_level(enum byte_scan_level level);

/* The line feeds in buf[0, len). */
uint64_t byte_scan_count_lf(const unsigned char *buf, size_t len);

/* From r, the first byte that is '{', '}', LF or NUL, at end at the latest
 * (*end must be one of them, or a byte past it); *acc gets every byte
 * passed ORed in (0x80: some byte was not ASCII) - or at least its 0x80
 * bit, which is all callers read. */
unsigned char *byte_scan_comment_run(unsigned char *r, const unsigned char *end, unsigned *acc);

#if defined(__SSE2__)
#include <emmintrin.h>

/* One 16-byte step of a comment run at *r (16 bytes readable): true with
 * *r at the first '{', '}', LF or NUL of the 16, or false with *r 16 bytes
 * on; *acc as for byte_scan_comment_run(), for the bytes passed.  Inline
 * for the lexer, whose short comments end within two steps. */
static inline bool byte_scan_comment_step(unsigned char **r, unsigned *acc)
{
    const __m128i v = _mm_loadu_si128((const __m128i *)(const void *)*r);
    __m128i hit = _mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('{')), _mm_cmpeq_epi8(v, _mm_set1_epi8('}'))),
        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n')), _mm_cmpeq_epi8(v, _mm_setzero_si128())));
    unsigned stop = (unsigned)_mm_movemask_epi8(hit);
    unsigned high = (unsigned)_mm_movemask_epi8(v);
    if (stop) {
        unsigned n = (unsigned)__builtin_ctz(stop);
        if (high & ((1u << n) - 1u)) *acc |= 0x80u;
        *r += n;
        return true;
    }
    if (high) *acc |= 0x80u;
    *r += 16;
    return false;
}
#endif

#endif
