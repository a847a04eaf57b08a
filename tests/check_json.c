/* check_json.c - JSON strings: escapes, valid UTF-8 passes, stray bytes become \u00XX;
 * the reader (json_read.c, for merge) gives back every string byte for byte,
 * flattens nested keys and refuses what is not one JSON object. */
#include "testutil.h"

#include "report/json.h"
#include "report/json_read.h"

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
    {"\xe0\x80\x81", 3, "\"\\u00e0\\u20ac\\u0081\""}, /* overlong: Windows-1252 */
    {"\xed\xa0\x80", 3, "\"\\u00ed\\u00a0\\u20ac\""}, /* surrogate */
    {"D\x92" "Amico \x93" "x\x94", 11, "\"D\\u2019Amico \\u201cx\\u201d\""}, /* Windows-1252 */
    {"\x9d\x9f", 2, "\"\\u009d\\u0178\""},             /* undefined; Y diaeresis */
    {"\xf0\x9f\x98\x80", 4, "\"\xf0\x9f\x98\x80\""}, /* 4-byte emoji */
    {"nul\0in", 6, "\"nul\\u0000in\""},
    /* bidirectional controls: escaped, the same string to a reader */
    {"a\xe2\x80\xae" "b\xe2\x81\xa9", 8, "\"a\\u202eb\\u2069\""},
    {"\xd8\x9c\xe2\x80\x8e\xe2\x80\xa8", 8, "\"\\u061c\\u200e\\u2028\""},
    {"\xe2\x80\xad\xe2\x80\xaf", 6, "\"\\u202d\xe2\x80\xaf\""}, /* U+202F is a space */
};

/* File names (json_buf_name()): one string per name, read back whole. */
static const struct {
    const char *name, *out;
} names[] = {
    {"games/a.pgn", "\"games/a.pgn\""},
    {"M\xc3\xbcller.pgn", "\"M\xc3\xbcller.pgn\""},      /* UTF-8: as it is */
    {"M\xfcller.pgn", "\"M\\ufffdfcller.pgn\""},         /* not UTF-8: U+FFFD, hex */
    {"x\xef\xbf\xbd" "fc.pgn", "\"x\\ufffd\\ufffdfc.pgn\""}, /* a real U+FFFD: doubled */
    {"\xc3", "\"\\ufffdc3\""},                          /* a cut sequence */
    {"\xff\xfe\\\"\n\xe2\x80\xae", "\"\\ufffdff\\ufffdfe\\\\\\\"\\n\\u202e\""},
    {"\xe9\xc3\xa9", "\"\\ufffde9\xc3\xa9\""},             /* stray byte, then its char */
};

START_TEST(file_names)
{
    struct capture c;
    capture_begin(&c);
    fputs("{\"k\":", c.f);
    json_write_name(c.f, names[_i].name);
    fputs("}", c.f);
    capture_end(&c);
    char want[128];
    snprintf(want, sizeof want, "{\"k\":%s}", names[_i].out);
    ck_assert_str_eq(c.text, want);
    struct json_obj o;
    json_obj_init(&o);
    const char *why = NULL;
    ck_assert_msg(json_obj_parse(&o, c.text, strlen(c.text), &why), "%s", why);
    const struct json_value *v = json_obj_get(&o, "k");
    ck_assert_ptr_nonnull(v);
    ck_assert_str_eq(v->s, names[_i].name); /* the very bytes */
    json_obj_fini(&o);
    capture_free(&c);
}
END_TEST

/* No two names of the table, nor the Latin-1 reading of one, write alike. */
START_TEST(file_names_one_to_one)
{
    char *out[sizeof names / sizeof *names];
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        struct capture c;
        capture_begin(&c);
        json_write_name(c.f, names[i].name);
        capture_end(&c);
        out[i] = c.text;
        for (size_t j = 0; j < i; j++)
            ck_assert_str_ne(out[i], out[j]);
    }
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        free(out[i]);
}
END_TEST

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

/* Written by json.c, read back by json_read.c: the same bytes. */
START_TEST(round_trip)
{
    struct capture c;
    capture_begin(&c);
    fputs("{\"k\":", c.f);
    json_write_string(c.f, cases[_i].in, cases[_i].len);
    fputs("}", c.f);
    capture_end(&c);
    struct json_obj o;
    json_obj_init(&o);
    const char *why = NULL;
    ck_assert_msg(json_obj_parse(&o, c.text, strlen(c.text), &why), "%s", why);
    struct json_value const *v = json_obj_get(&o, "k");
    ck_assert_ptr_nonnull(v);
    ck_assert_int_eq(v->type, JSON_STRING);
    ck_assert_uint_eq(v->len, cases[_i].len);
    ck_assert_mem_eq(v->s, cases[_i].in, cases[_i].len);
    json_obj_fini(&o);
    capture_free(&c);
}
END_TEST

START_TEST(nested_keys)
{
    static const char text[] =
        " {\"type\":\"summary\",\"games\":21,\"neg\":-3,\"big\":18446744073709551616,"
        "\"ending\":{\"kind\":\"checkmate\",\"ply\":45},\"start\":[2,17],\"ok\":true,"
        "\"fen\":null,\"e\":{},\"emoji\":\"\\ud83d\\ude00\"}\n";
    struct json_obj o;
    json_obj_init(&o);
    const char *why = NULL;
    ck_assert_msg(json_obj_parse(&o, text, strlen(text), &why), "%s", why);
    ck_assert_str_eq(json_obj_get(&o, "type")->s, "summary");
    ck_assert_uint_eq(json_obj_get(&o, "games")->u, 21);
    ck_assert(!json_obj_get(&o, "neg")->is_uint);
    ck_assert(!json_obj_get(&o, "big")->is_uint);
    ck_assert_str_eq(json_obj_get(&o, "ending.kind")->s, "checkmate");
    ck_assert_uint_eq(json_obj_get(&o, "ending.ply")->u, 45);
    ck_assert_uint_eq(json_obj_get(&o, "start.0")->u, 2);
    ck_assert_uint_eq(json_obj_get(&o, "start.1")->u, 17);
    ck_assert(json_obj_get(&o, "ok")->b);
    ck_assert_int_eq(json_obj_get(&o, "fen")->type, JSON_NULL);
    ck_assert_str_eq(json_obj_get(&o, "emoji")->s, "\xf0\x9f\x98\x80");
    ck_assert_ptr_null(json_obj_get(&o, "e"));
    ck_assert_ptr_null(json_obj_get(&o, "missing"));
    json_obj_fini(&o);
}
END_TEST

/* Keys and strings with escapes, blanks between tokens and runs of plain
 * bytes long and short: the reader's fast paths and its slow ones agree. */
START_TEST(escapes_and_blanks)
{
    static const char text[] =
        "{ \"k\\u0065y\" : \"v\" , \"a\\\"b\":\"x\\ty\",\"long\":"
        "\"abcdefghijklmnopqrstuvwxyz0123456789\\\\end\",\"o\" : { \"in\\/\" : [ 1 , 2 ] } }";
    struct json_obj o;
    json_obj_init(&o);
    const char *why = NULL;
    ck_assert_msg(json_obj_parse(&o, text, strlen(text), &why), "%s", why);
    ck_assert_str_eq(json_obj_get(&o, "key")->s, "v");
    ck_assert_str_eq(json_obj_get(&o, "a\"b")->s, "x\ty");
    ck_assert_str_eq(json_obj_get(&o, "long")->s, "abcdefghijklmnopqrstuvwxyz0123456789\\end");
    ck_assert_uint_eq(json_obj_get(&o, "o.in/.1")->u, 2);
    ck_assert(!json_obj_parse(&o, "{\"a\":\"b", 8, &why));
    ck_assert(!json_obj_parse(&o, "{\"a\x01\":1}", 9, &why));
    json_obj_fini(&o);
}
END_TEST

static const char *const not_objects[] = {
    "", "[1]", "{\"a\":1", "{\"a\":1}x", "{\"a\":\"unterminated}", "{\"a\":tru}",
    "{\"a\":\"\\q\"}", "{a:1}", "{\"a\" 1}", "{\"a\":1,}", "{\"a\":{\"b\":{\"c\":{\"d\":{\"e\":1}}}}}",
    "{\"a\":\"\\u12\"}", "{\"a\":\"tab\there\"}",
};

START_TEST(refuses)
{
    struct json_obj o;
    json_obj_init(&o);
    const char *why = NULL;
    const char *t = not_objects[_i];
    ck_assert_msg(!json_obj_parse(&o, t, strlen(t), &why), "accepted: %s", t);
    ck_assert_ptr_nonnull(why);
    json_obj_fini(&o);
}
END_TEST

/* json_buf_uint() writes digits in place, two at a time: every length. */
static const unsigned long long numbers[] = {
    0, 7, 10, 42, 99, 100, 101, 999, 1000, 65535, 4294967295ull, 4294967296ull,
    999999999999999999ull, 1000000000000000000ull, 9999999999999999999ull,
    10000000000000000000ull, 18446744073709551615ull,
};

START_TEST(numbers_written)
{
    struct capture c;
    capture_begin(&c);
    struct json_buf jb;
    jb.f = c.f;
    jb.n = sizeof jb.b - 5; /* the flush before a number that may not fit */
    memset(jb.b, 'x', jb.n);
    json_buf_uint(&jb, numbers[_i]);
    json_buf_flush(&jb);
    capture_end(&c);
    char want[32];
    snprintf(want, sizeof want, "%llu", numbers[_i]);
    ck_assert_uint_eq(strlen(c.text), sizeof jb.b - 5 + strlen(want));
    ck_assert_str_eq(c.text + sizeof jb.b - 5, want);
    capture_free(&c);
}
END_TEST

/* json_buf_cstring()'s one-pass plain path and json_write_string() agree. */
START_TEST(cstring_as_string)
{
    if (memchr(cases[_i].in, '\0', cases[_i].len)) return; /* not a C string */
    struct capture a, b;
    capture_begin(&a);
    json_write_cstring(a.f, cases[_i].in);
    capture_end(&a);
    capture_begin(&b);
    struct json_buf jb;
    jb.f = b.f;
    jb.n = 0;
    json_buf_cstring(&jb, cases[_i].in);
    json_buf_flush(&jb);
    capture_end(&b);
    ck_assert_str_eq(a.text, cases[_i].out);
    ck_assert_str_eq(b.text, cases[_i].out);
    capture_free(&a);
    capture_free(&b);
}
END_TEST

/* The scanner of known layouts: values where they stand, strings ended in
 * the text only when asked, escapes decoded aside, surprises refused. */
START_TEST(scanner)
{
    char text[] = "{\"s\":\"plain text that is longer than sixteen\",\"e\":\"a\\\"b\","
                  "\"n\":1234567890123456789,\"z\":null,\"t\":true,\"f\":false}";
    char copy[sizeof text], out[sizeof text];
    memcpy(copy, text, sizeof text);
    struct json_scan sc;
    json_scan_init(&sc, text, sizeof text - 1, out);
    const char *plain, *esc, *none;
    size_t plain_len, esc_len, none_len;
    uint64_t n;
    bool t, f;
    ck_assert(JSON_SCAN_LIT(&sc, "{\"s\":"));
    ck_assert(json_scan_string(&sc, &plain, &plain_len));
    ck_assert(JSON_SCAN_LIT(&sc, ",\"e\":"));
    ck_assert(json_scan_string(&sc, &esc, &esc_len));
    ck_assert(!JSON_SCAN_LIT(&sc, ",\"x\":"));
    ck_assert(JSON_SCAN_LIT(&sc, ",\"n\":"));
    ck_assert(json_scan_uint(&sc, &n));
    ck_assert(JSON_SCAN_LIT(&sc, ",\"z\":"));
    ck_assert(json_scan_string(&sc, &none, &none_len));
    ck_assert(JSON_SCAN_LIT(&sc, ",\"t\":"));
    ck_assert(json_scan_bool(&sc, &t));
    ck_assert(JSON_SCAN_LIT(&sc, ",\"f\":"));
    ck_assert(json_scan_bool(&sc, &f));
    ck_assert(JSON_SCAN_LIT(&sc, "}"));
    ck_assert(sc.p == sc.end);
    ck_assert_str_eq(text, copy); /* nothing written to the text yet */
    ck_assert_uint_eq(plain_len, 38);
    ck_assert_ptr_eq(plain, text + 6);
    ck_assert_str_eq(esc, "a\"b"); /* decoded in out */
    ck_assert_uint_eq(esc_len, 3);
    ck_assert_ptr_null(none);
    ck_assert_uint_eq(n, 1234567890123456789ull);
    ck_assert(t && !f);
    json_scan_done(&sc);
    ck_assert_str_eq(plain, "plain text that is longer than sixteen");
    json_scan_undo(&sc);
    ck_assert_str_eq(text, copy);
}
END_TEST

/* What the scanner leaves to json_obj_parse(): a value it cannot read as
 * the one expected. */
static const char *const not_scanned[] = {
    "12345678901234567890", "1.5", "1e3", "-1", "", "x", "\"open", "\"ctl\x01\"", "nul",
};

START_TEST(scanner_refuses)
{
    char text[64], out[64];
    snprintf(text, sizeof text, "%s", not_scanned[_i]);
    struct json_scan sc;
    json_scan_init(&sc, text, strlen(text), out);
    uint64_t n;
    const char *str;
    size_t len;
    bool b;
    ck_assert_msg(!json_scan_uint(&sc, &n), "read as a number: %s", text);
    ck_assert_msg(!json_scan_string(&sc, &str, &len), "read as a string: %s", text);
    ck_assert(!json_scan_bool(&sc, &b));
    ck_assert(sc.p == text);
}
END_TEST

Suite *json_suite(void);
Suite *json_suite(void)
{
    Suite *s = suite_create("json");
    TCase *tc = tcase_create("strings");
    tcase_add_loop_test(tc, escapes, 0, sizeof cases / sizeof *cases);
    tcase_add_test(tc, null_string);
    tcase_add_loop_test(tc, round_trip, 0, sizeof cases / sizeof *cases);
    tcase_add_test(tc, nested_keys);
    tcase_add_loop_test(tc, file_names, 0, sizeof names / sizeof *names);
    tcase_add_test(tc, file_names_one_to_one);
    tcase_add_test(tc, escapes_and_blanks);
    tcase_add_loop_test(tc, refuses, 0, sizeof not_objects / sizeof *not_objects);
    tcase_add_loop_test(tc, numbers_written, 0, sizeof numbers / sizeof *numbers);
    tcase_add_loop_test(tc, cstring_as_string, 0, sizeof cases / sizeof *cases);
    tcase_add_test(tc, scanner);
    tcase_add_loop_test(tc, scanner_refuses, 0, sizeof not_scanned / sizeof *not_scanned);
    suite_add_tcase(s, tc);
    return s;
}
