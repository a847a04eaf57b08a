/*
 * check_diag.c - the code table is the single source of truth: names unique
 * and well formed, every code documented in doc/diagnostics.md (and in Italian
 * in doc/diagnostics.it.md) with its
 * severity and FIDE reference, and explained by `pgnarbiter explain`.
 */
#include "testutil.h"

#include "diag/diag.h"
#include "diag/message_format.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

START_TEST(names_unique_and_lookup_roundtrips)
{
    const struct diag_info *info = diag_info((enum diag_code)_i);
    ck_assert_int_eq(diag_lookup(info->name), _i);
    for (const char *p = info->name; *p; p++)
        ck_assert_msg(islower((unsigned char)*p) || isdigit((unsigned char)*p) || *p == '-',
                      "code name '%s' is not lower-case-with-dashes", info->name);
    ck_assert_msg(strlen(info->summary) > 10, "%s: summary too short", info->name);
    ck_assert_msg(strlen(info->explain) > 40, "%s: explain text too short", info->name);
}
END_TEST

START_TEST(unknown_name_is_not_found)
{
    ck_assert_int_eq(diag_lookup("no-such-code"), DIAG_CODE_NB);
    ck_assert_int_eq(diag_lookup(""), DIAG_CODE_NB);
}
END_TEST

/* The jsonl schema names every code twice: a diagnostic's "code" and the
 * summary's "by_code" keys. */
START_TEST(listed_in_jsonl_schema)
{
    char *schema = read_file(DOC_DIR "/pgnarbiter-jsonl.schema.json", NULL);
    ck_assert_msg(schema != NULL, "cannot read doc/pgnarbiter-jsonl.schema.json");
    char quoted[64];
    snprintf(quoted, sizeof quoted, "\"%s\"", diag_info((enum diag_code)_i)->name);
    const char *first = strstr(schema, quoted);
    ck_assert_msg(first && strstr(first + 1, quoted),
                  "doc/pgnarbiter-jsonl.schema.json does not list %s in both enums", quoted);
    free(schema);
}
END_TEST

START_TEST(documented_in_diagnostics_md)
{
    char *doc = read_file(DOC_DIR "/diagnostics.md", NULL);
    ck_assert_msg(doc != NULL, "cannot read doc/diagnostics.md");
    const struct diag_info *info = diag_info((enum diag_code)_i);
    char heading[128];
    snprintf(heading, sizeof heading, "\n## `%s`\n", info->name);
    const char *sec = strstr(doc, heading);
    ck_assert_msg(sec != NULL, "doc/diagnostics.md has no section '## `%s`'", info->name);
    /* The section states the default severity and the reference of the table. */
    const char *end = strstr(sec + 1, "\n## ");
    size_t seclen = end ? (size_t)(end - sec) : strlen(sec);
    char *section = strndup(sec, seclen);
    char sevline[64];
    snprintf(sevline, sizeof sevline, "Severity: %s", diag_severity_name(info->severity));
    ck_assert_msg(strstr(section, sevline), "%s: doc does not say '%s'", info->name, sevline);
    if (info->fide[0])
        ck_assert_msg(strstr(section, info->fide), "%s: doc does not cite '%s'", info->name,
                      info->fide);
    free(section);
    free(doc);
}
END_TEST

/* doc/diagnostics.it.md, the Italian reference: every code has its section,
 * with its default severity in Italian and its reference. */
START_TEST(documented_in_diagnostics_it_md)
{
    static const char *const gravita[DIAG_SEVERITY_NB] = {"errore", "avviso", "nota"};
    char *doc = read_file(DOC_DIR "/diagnostics.it.md", NULL);
    ck_assert_msg(doc != NULL, "cannot read doc/diagnostics.it.md");
    const struct diag_info *info = diag_info((enum diag_code)_i);
    char heading[128];
    snprintf(heading, sizeof heading, "\n## `%s`\n", info->name);
    const char *sec = strstr(doc, heading);
    ck_assert_msg(sec != NULL, "doc/diagnostics.it.md has no section '## `%s`'", info->name);
    const char *end = strstr(sec + 1, "\n## ");
    char *section = strndup(sec, end ? (size_t)(end - sec) : strlen(sec));
    char sevline[64];
    snprintf(sevline, sizeof sevline, "Gravità: %s", gravita[info->severity]);
    ck_assert_msg(strstr(section, sevline), "%s: doc does not say '%s'", info->name, sevline);
    if (info->fide[0])
        ck_assert_msg(strstr(section, info->fide), "%s: doc does not cite '%s'", info->name,
                      info->fide);
    free(section);
    free(doc);
}
END_TEST

START_TEST(severity_names)
{
    ck_assert_str_eq(diag_severity_name(DIAG_ERROR), "error");
    ck_assert_str_eq(diag_severity_name(DIAG_WARNING), "warning");
    ck_assert_str_eq(diag_severity_name(DIAG_NOTE), "note");
}
END_TEST

/* message_format() writes what snprintf() writes, whole and cut short at
 * every size, for the forms it writes itself and for those it hands on
 * (positional arguments, flags, widths, precision, other conversions). */
#define SAME_AS_SNPRINTF(fmt, ...)                                                                 \
    do {                                                                                           \
        char want[160], got[160];                                                                  \
        int wn = snprintf(want, sizeof want, fmt, __VA_ARGS__);                                    \
        for (size_t size = 1; size <= sizeof got; size = size < 40 ? size + 1 : size * 2) {        \
            memset(got, '#', sizeof got);                                                          \
            memset(want, '#', sizeof want);                                                        \
            snprintf(want, size, fmt, __VA_ARGS__);                                                \
            int gn = message_format(got, size, fmt, __VA_ARGS__);                                  \
            ck_assert_msg(gn == wn, "\"%s\" size %zu: length %d, snprintf %d", fmt, size, gn, wn); \
            ck_assert_msg(memcmp(got, want, sizeof got) == 0,                                      \
                          "\"%s\" size %zu: \"%s\" not \"%s\"", fmt, size, got, want);             \
        }                                                                                          \
    } while (0)

START_TEST(message_format_is_snprintf)
{
    const char *volatile null_text = NULL; /* (volatile: GCC would warn of a NULL %s) */
    SAME_AS_SNPRINTF("game %llu (line %u)", 18446744073709551615ull, 4294967295u);
    SAME_AS_SNPRINTF("partita %llu di %s (riga %u)", 0ull, "Torneo \xc3\xa8 \"B\"", 7u);
    SAME_AS_SNPRINTF("%s%s%s", "", "R", "");
    SAME_AS_SNPRINTF("%d %d %d %ld %lld", 0, -1, -2147483647 - 1, -7L, -9223372036854775807LL - 1);
    SAME_AS_SNPRINTF("%zu%% %lu %c.", (size_t)123, 42UL, 'R');
    SAME_AS_SNPRINTF("ends with %s", null_text);
    SAME_AS_SNPRINTF("%s", "no conversion after");
    SAME_AS_SNPRINTF("%%%%%s%%", "x");
    /* handed on to vsnprintf() whole */
    SAME_AS_SNPRINTF("%2$s, %1$s", "primo", "secondo");
    SAME_AS_SNPRINTF("written %1$s; %1$s again", "Rxe4");
    SAME_AS_SNPRINTF("\\x%02x and %u", 0x1bu, 5u);
    SAME_AS_SNPRINTF("%5d|%-4u|%.3s|%x|%lx", 12, 3u, "abcdef", 255u, 4096UL);
    SAME_AS_SNPRINTF("%u first, then %+d", 1u, 2);
}
END_TEST

Suite *diag_suite(void);
Suite *diag_suite(void)
{
    Suite *s = suite_create("diag");
    TCase *tc = tcase_create("code table");
    tcase_add_loop_test(tc, names_unique_and_lookup_roundtrips, 0, DIAG_CODE_NB);
    tcase_add_test(tc, unknown_name_is_not_found);
    tcase_add_test(tc, severity_names);
    suite_add_tcase(s, tc);
    tc = tcase_create("message format");
    tcase_add_test(tc, message_format_is_snprintf);
    suite_add_tcase(s, tc);
    tc = tcase_create("documentation");
    tcase_add_loop_test(tc, documented_in_diagnostics_md, 0, DIAG_CODE_NB);
    tcase_add_loop_test(tc, listed_in_jsonl_schema, 0, DIAG_CODE_NB);
    tcase_add_loop_test(tc, documented_in_diagnostics_it_md, 0, DIAG_CODE_NB);
    suite_add_tcase(s, tc);
    return s;
}
