/* check_byte_scan.c - the reader's byte scans (byte_scan.h) give the byte
 * loop's answers at every level this machine has: line feeds counted, and
 * comment runs stopped at the same byte with the same non-ASCII verdict,
 * over random buffers, every stop byte at every offset, and the lengths
 * around 16, 32 and the 255-step lane limit. */
#include "testutil.h"

#include "pgn/byte_scan.h"

#include <stdlib.h>
#include <string.h>

/* The byte loops written again here, as the rules: */
static uint64_t lf_rule(const unsigned char *b, size_t n)
{
    uint64_t k = 0;
    for (size_t i = 0; i < n; i++)
        k += b[i] == '\n';
    return k;
}

static size_t run_rule(const unsigned char *b, size_t n, bool *high)
{
    size_t i = 0;
    *high = false;
    for (; i < n && b[i] != '{' && b[i] != '}' && b[i] != '\n' && b[i] != 0; i++)
        *high |= b[i] >= 0x80;
    return i;
}

static unsigned lcg(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return *s >> 16;
}

/* buf[0, n) then a NUL (the lexer's buffer ends so); every level. */
static void same_at_every_level(const unsigned char *buf, size_t n, const char *what)
{
    bool high_want;
    size_t stop_want = run_rule(buf, n, &high_want);
    uint64_t lf_want = lf_rule(buf, n);
    for (int lv = BYTE_SCAN_BYTES; lv <= BYTE_SCAN_AVX2; lv++) {
        enum byte_scan_level got_level = byte_scan_set_level((enum byte_scan_level)lv);
        unsigned acc = 0;
        unsigned char *r = byte_scan_comment_run((unsigned char *)buf, buf + n, &acc);
        ck_assert_msg((size_t)(r - buf) == stop_want && ((acc & 0x80) != 0) == high_want,
                      "%s, %zu bytes, level %d: stop %zu high %d, want %zu %d", what, n, got_level,
                      (size_t)(r - buf), (acc & 0x80) != 0, stop_want, high_want);
        ck_assert_msg(byte_scan_count_lf(buf, n) == lf_want, "%s, %zu bytes, level %d: line feeds",
                      what, n, got_level);
    }
    byte_scan_set_level(BYTE_SCAN_AVX2);
}

START_TEST(levels_agree)
{
    static unsigned char buf[20000];
    unsigned seed = 12345;
    /* every stop byte and a non-ASCII byte at every offset of short runs */
    static const unsigned char stops[] = {'{', '}', '\n', 0};
    for (size_t n = 0; n <= 100; n++)
        for (size_t at = 0; at <= n; at++)
            for (size_t s = 0; s < sizeof stops; s++) {
                memset(buf, 'a', n);
                buf[n] = 0;
                if (at < n) buf[at] = stops[s];
                same_at_every_level(buf, n, "stop byte");
                if (at < n) buf[at] = 0xc3; /* non-ASCII, before or after a stop */
                if (n > 0 && at + 1 < n) buf[n - 1] = stops[s];
                same_at_every_level(buf, n, "non-ASCII byte");
            }
    /* random text: long runs, line feeds dense and sparse, past 255 steps */
    static const size_t lens[] = {15, 16, 17, 31, 32, 33, 63, 64, 65, 4079, 4080, 4081,
                                  8159, 8160, 8161, 19999};
    for (size_t li = 0; li < sizeof lens / sizeof *lens; li++)
        for (int density = 0; density < 3; density++) {
            size_t n = lens[li];
            for (size_t i = 0; i < n; i++) {
                unsigned x = lcg(&seed);
                buf[i] = density == 0 ? (unsigned char)('a' + x % 26)
                         : density == 1 ? (x % 7 == 0 ? '\n' : (unsigned char)(' ' + x % 90))
                                        : (unsigned char)(x % 255 + 1);
            }
            buf[n] = 0;
            same_at_every_level(buf, n, "random");
            /* and the run to the end: no stop byte at all but the NUL */
            for (size_t i = 0; i < n; i++)
                if (buf[i] == '{' || buf[i] == '}' || buf[i] == '\n') buf[i] = 'x';
            same_at_every_level(buf, n, "no stop");
        }
}
END_TEST

/* The level asked is kept, never above what the machine has. */
START_TEST(level_set)
{
    enum byte_scan_level best = byte_scan_set_level(BYTE_SCAN_AVX2);
    ck_assert_int_eq(byte_scan_level(), best);
    ck_assert_int_eq(byte_scan_set_level(BYTE_SCAN_BYTES), BYTE_SCAN_BYTES);
    ck_assert_int_eq(byte_scan_level(), BYTE_SCAN_BYTES);
    ck_assert_int_eq(byte_scan_set_level(BYTE_SCAN_AVX2), best);
#if defined(__x86_64__)
    ck_assert_int_ge(best, BYTE_SCAN_SSE2); /* every x86-64 has SSE2 */
#endif
}
END_TEST

Suite *byte_scan_suite(void);
Suite *byte_scan_suite(void)
{
    Suite *s = suite_create("byte_scan");
    TCase *tc = tcase_create("levels");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, levels_agree);
    tcase_add_test(tc, level_set);
    suite_add_tcase(s, tc);
    return s;
}
