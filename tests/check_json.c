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

Suite *json_suite(void);
Suite *json_suite(void)
{
    Suite *s = suite_create("json");
    TCase *tc = tcase_create("strings");
    tcase_add_loop_test(tc, escapes, 0, sizeof cases / sizeof *cases);
    tcase_add_test(tc, null_string);
    tcase_add_loop_test(tc, round_trip, 0, sizeof cases / sizeof *cases);
    tcase_add_test(tc, nested_keys);
    tcase_add_test(tc, escapes_and_blanks);
    tcase_add_loop_test(tc, refuses, 0, sizeof not_objects / sizeof *not_objects);
    suite_add_tcase(s, tc);
    return s;
}
