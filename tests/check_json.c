/* check_json.c - JSON strings: escapes, valid UTF-8 passes, stray bytes become \u00XX. */
#include "testutil.h"

#include "report/json.h"

#include <string.h>

static const struct {
    const char *in;
    size_t len;
    const char *out;
} cases[] = {
    {"plain", 5, "\"plain\""},
    {"a\"b\\c", 5, "\"a\\\"b\\\\c\""},
    {"line\nbreak\ttab\r", 15, "\"line\\nbreak\\ttab\\r\""},
    {"\x01\x1f", 2, "\"\\u0001\\u001f\""},
    {"caf\xc3\xa9", 5, "\"caf\xc3\xa9\""},          /* valid UTF-8 kept */
    {"M\xfcller", 6, "\"M\\u00fcller\""},           /* Latin-1 byte */
    {"\xc3", 1, "\"\\u00c3\""},                    /* truncated sequence */
    {"\xe0\x80\x80", 3, "\"\\u00e0\\u0080\\u0080\""}, /* overlong */
    {"\xed\xa0\x80", 3, "\"\\u00ed\\u00a0\\u0080\""}, /* surrogate */
    {"\xf0\x9f\x98\x80", 4, "\"\xf0\x9f\x98\x80\""}, /* 4-byte emoji */
    {"nul\0in", 6, "\"nul\\u0000in\""},
};

START_TEST(escapes)
{
    struct capture c;
    capture_begin(&c);
    json_write_string(c.f, cases[_i].in, cases[_i].len);
    capture_end(&c);
    ck_assert_str_eq(c.text, cases[_i].out);
    capture_free(&c);
}
END_TEST

START_TEST(null_string)
{
    struct capture c;
    capture_begin(&c);
    json_write_cstring(c.f, NULL);
    capture_end(&c);
    ck_assert_str_eq(c.text, "null");
    capture_free(&c);
}
END_TEST

Suite *json_suite(void);
Suite *json_suite(void)
{
    Suite *s = suite_create("json");
    TCase *tc = tcase_create("strings");
    tcase_add_loop_test(tc, escapes, 0, sizeof cases / sizeof *cases);
    tcase_add_test(tc, null_string);
    suite_add_tcase(s, tc);
    return s;
}
