/*
 * byte_scan.c - the reader's long byte scans (byte_scan.h) at three levels:
 * a byte at a time, SSE2 (16 bytes), AVX2 (32 bytes, compiled for that
 * target alone and taken only when the processor says it has it).
 *
 * Invariants: every level returns what the byte loop returns; a vector
 * step never reads at or past `end` (comment runs) or `buf + len` (line
 * feeds).
 */
#include "pgn/byte_scan.h"

#define PGN_LEX_INTERNAL
#include "pgn/pgn_lex.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define BYTE_SCAN_HAVE_AVX2 1
#else
#define BYTE_SCAN_HAVE_AVX2 0
#endif

static enum byte_scan_level machine_level(void)
{
#if BYTE_SCAN_HAVE_AVX2
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2")) return BYTE_SCAN_AVX2;
#endif
#if defined(__SSE2__)
    return BYTE_SCAN_SSE2;
#else
    return BYTE_SCAN_BYTES;
#endif
}

/* Set before main(), so before any thread; changed only by tests. */
static enum byte_scan_level level;

__attribute__((constructor)) static void byte_scan_init(void)
{
    level = machine_level();
}

enum byte_scan_level byte_scan_level(void)
{
    return level;
}

enum byte_scan_level byte_scan_set_level(enum byte_scan_level want)
{
    enum byte_scan_level best = machine_level();
    level = want < best ? want : best;
    return level;
}

/* ---- line feeds ----------------------------------------------------------- */

static uint64_t count_lf_bytes(const unsigned char *buf, size_t len)
{
    uint64_t n = 0;
    for (size_t i = 0; i < len; i++)
        n += buf[i] == '\n';
    return n;
}

#if defined(__SSE2__)
/* Each lane counts up to 255 line feeds before the lanes are summed. */
static uint64_t count_lf_sse2(const unsigned char *buf, size_t len)
{
    uint64_t n = 0;
    size_t i = 0;
    const __m128i lf = _mm_set1_epi8('\n'), zero = _mm_setzero_si128();
    while (len - i >= 16) {
        size_t stop = len - i >= 16 * 255 ? i + 16 * 255 : i + ((len - i) & ~(size_t)15);
        __m128i acc = zero;
        for (; i < stop; i += 16)
            acc = _mm_sub_epi8(acc, _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)(buf + i)), lf));
        __m128i sums = _mm_sad_epu8(acc, zero);
        n += (uint64_t)_mm_cvtsi128_si32(sums) + (uint64_t)_mm_cvtsi128_si32(_mm_srli_si128(sums, 8));
    }
    return n + count_lf_bytes(buf + i, len - i);
}
#endif

#if BYTE_SCAN_HAVE_AVX2
__attribute__((target("avx2"))) static uint64_t count_lf_avx2(const unsigned char *buf, size_t len)
{
    uint64_t n = 0;
    size_t i = 0;
    const __m256i lf = _mm256_set1_epi8('\n'), zero = _mm256_setzero_si256();
    while (len - i >= 32) {
        size_t stop = len - i >= 32 * 255 ? i + 32 * 255 : i + ((len - i) & ~(size_t)31);
        __m256i acc = zero;
        for (; i < stop; i += 32)
            acc = _mm256_sub_epi8(
                acc, _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(const void *)(buf + i)), lf));
        __m256i sums = _mm256_sad_epu8(acc, zero);
        n += (uint64_t)_mm256_extract_epi64(sums, 0) + (uint64_t)_mm256_extract_epi64(sums, 1) +
             (uint64_t)_mm256_extract_epi64(sums, 2) + (uint64_t)_mm256_extract_epi64(sums, 3);
    }
    return n + count_lf_bytes(buf + i, len - i);
}
#endif

uint64_t byte_scan_count_lf(const unsigned char *buf, size_t len)
{
#if BYTE_SCAN_HAVE_AVX2
    if (level == BYTE_SCAN_AVX2) return count_lf_avx2(buf, len);
#endif
#if defined(__SSE2__)
    if (level >= BYTE_SCAN_SSE2) return count_lf_sse2(buf, len);
#endif
    return count_lf_bytes(buf, len);
}

/* ---- comment runs --------------------------------------------------------- */

static unsigned char *comment_run_bytes(unsigned char *r, unsigned *acc)
{
    unsigned c;
    while (!(pgn_lex_cc[c = *r] & PGN_CC_CMT)) {
        *acc |= c;
        r++;
    }
    return r;
}

#if defined(__SSE2__)
static unsigned char *comment_run_sse2(unsigned char *r, const unsigned char *end, unsigned *acc)
{
    while (end - r >= 16)
        if (byte_scan_comment_step(&r, acc)) return r;
    return comment_run_bytes(r, acc);
}
#endif

#if BYTE_SCAN_HAVE_AVX2
/* The bytes passed are ORed into one vector, whose high bits are read once
 * at the end, rather than a mask and a test a step. */
__attribute__((target("avx2"))) static unsigned char *comment_run_avx2(unsigned char *r,
                                                                      const unsigned char *end,
                                                                      unsigned *acc)
{
    const __m256i open = _mm256_set1_epi8('{'), close = _mm256_set1_epi8('}'),
                  lf = _mm256_set1_epi8('\n'), nul = _mm256_setzero_si256();
    __m256i seen = nul;
    while (end - r >= 32) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)r);
        __m256i hit =
            _mm256_or_si256(_mm256_or_si256(_mm256_cmpeq_epi8(v, open), _mm256_cmpeq_epi8(v, close)),
                            _mm256_or_si256(_mm256_cmpeq_epi8(v, lf), _mm256_cmpeq_epi8(v, nul)));
        unsigned stop = (unsigned)_mm256_movemask_epi8(hit);
        if (stop) {
            unsigned n = (unsigned)__builtin_ctz(stop);
            unsigned high = (unsigned)_mm256_movemask_epi8(v);
            if ((high & ((1u << n) - 1u)) || _mm256_movemask_epi8(seen)) *acc |= 0x80u;
            return r + n;
        }
        seen = _mm256_or_si256(seen, v);
        r += 32;
    }
    if (_mm256_movemask_epi8(seen)) *acc |= 0x80u;
    return comment_run_sse2(r, end, acc);
}
#endif

unsigned char *byte_scan_comment_run(unsigned char *r, const unsigned char *end, unsigned *acc)
{
#if BYTE_SCAN_HAVE_AVX2
    if (level == BYTE_SCAN_AVX2) return comment_run_avx2(r, end, acc);
#endif
#if defined(__SSE2__)
    if (level >= BYTE_SCAN_SSE2) return comment_run_sse2(r, end, acc);
#endif
    (void)end;
    return comment_run_bytes(r, acc);
}
