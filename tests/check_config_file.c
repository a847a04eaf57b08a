/*
 * check_config_file.c - .pgnarbiter.toml (diag/config_file.h) and the
 * per-code control it feeds (diag/diag_control.h): good files give what
 * they say, every malformed one an error at its line and column, garbage
 * never crashes or points outside the text, and a control's canonical line
 * reads back as the same control.
 */
#include "testutil.h"

#include "diag/config_file.h"
#include "diag/diag_control.h"

#include <stdlib.h>
#include <string.h>

static bool parse(const char *text, struct cli_config *cfg, struct cli_config_error *e)
{
    cli_config_init(cfg);
    memset(e, 0, sizeof *e);
    return cli_config_parse(text, strlen(text), cfg, e);
}

START_TEST(full_file)
{
    struct cli_config cfg;
    struct cli_config_error e;
    const char *text = "\xEF\xBB\xBF# settings\n"
                       "[check]   # the only table\n"
                       "ignore = [\n  \"duplicate-game\",  # known\n  'bad-tag',\n]\n"
                       "select=[]\n"
                       "severity = { false-check = \"error\", \"syntax\" = 'note' }\r\n"
                       "strict = true\n"
                       "werror = false\n";
    ck_assert_msg(parse(text, &cfg, &e), "%u:%u: %s", e.line, e.column, e.message);
    ck_assert(cfg.spec.ignore_given && cfg.spec.select_given);
    ck_assert(cfg.spec.ignore[DIAG_DUPLICATE_GAME] && cfg.spec.ignore[DIAG_BAD_TAG]);
    ck_assert(!cfg.spec.ignore[DIAG_SYNTAX]);
    for (int c = 0; c < DIAG_CODE_NB; c++) ck_assert(!cfg.spec.select[c]);
    ck_assert_int_eq(cfg.spec.severity[DIAG_FALSE_CHECK], DIAG_ERROR);
    ck_assert_int_eq(cfg.spec.severity[DIAG_SYNTAX], DIAG_NOTE);
    ck_assert_int_eq(cfg.spec.severity[DIAG_ILLEGAL_MOVE], DIAG_LEVEL_AS_FOUND);
    ck_assert(cfg.strict_given && cfg.strict && cfg.werror_given && !cfg.werror);
}
END_TEST

START_TEST(severity_table_and_empty)
{
    struct cli_config cfg;
    struct cli_config_error e;
    ck_assert(parse("", &cfg, &e));
    ck_assert(!cfg.spec.ignore_given && !cfg.spec.select_given && !cfg.strict_given);
    ck_assert(parse("[check.severity]\nmissing-tag = \"warning\"\n[check]\nwerror = true", &cfg, &e));
    ck_assert_int_eq(cfg.spec.severity[DIAG_MISSING_TAG], DIAG_WARNING);
    ck_assert(cfg.werror);
    ck_assert(parse("[ check ]\nseverity = {}\n", &cfg, &e));
    ck_assert(parse("[check]\nselect = [\"\\u0073yntax\"]\n", &cfg, &e)); /* an escape */
    ck_assert(cfg.spec.select[DIAG_SYNTAX]);
}
END_TEST

/* Malformed files: where the error is and a word of what it says. */
static const struct bad_case {
    const char *text;
    unsigned line, column;
    const char *says;
} bad_cases[] = {
    {"ignore = []\n", 1, 1, "outside any table"},
    {"[chek]\n", 1, 1, "unknown table"},
    {"[check]\n[check]\n", 2, 1, "twice"},
    {"[check]\nignored = []\n", 2, 1, "unknown key"},
    {"[check]\nignore []\n", 2, 8, "'='"},
    {"[check]\nignore = [\"bad-tag\" \"syntax\"]\n", 2, 21, "',' or ']'"},
    {"[check]\nignore = [\"bad-tag\", \"sintax\"]\n", 2, 22, "unknown code 'sintax'"},
    {"[check]\nignore = [\"input\"]\n", 2, 11, "'input' cannot"},
    {"[check]\nignore = \"syntax\"\n", 2, 10, "list of codes"},
    {"[check]\nignore = []\nignore = []\n", 3, 1, "twice"},
    {"[check]\nseverity = { syntax = \"fatal\" }\n", 2, 23, "unknown level 'fatal'"},
    {"[check]\nseverity = { syntax = error }\n", 2, 23, "in quotes"},
    {"[check]\nseverity = { syntax = \"error\",\n bad-tag = \"note\" }\n", 2, 31, "one line"},
    {"[check]\nseverity = { syntax = \"error\", syntax = \"note\" }\n", 2, 32, "twice"},
    {"[check]\nstrict = yes\n", 2, 10, "true or false"},
    {"[check]\nstrict = true false\n", 2, 15, "end of the line"},
    {"[check]\nstrict = truex\n", 2, 10, "true or false"},
    {"[check]\nselect = [\"syntax\n", 2, 11, "not closed"},
    {"[check]\nselect = [\"a\\qb\"]\n", 2, 13, "unknown escape"},
    {"[check]\nselect = [\"\\u00\"]\n", 2, 12, "hexadecimal"},
    {"[check]\nselect = [\"\\uD800\"]\n", 2, 12, "no character"},
    {"[check]\nselect = [\"\"\"x\"\"\"]\n", 2, 11, "multi-line"},
    {"[check]\ncheck.strict = true\n", 2, 6, "dotted"},
    {"[[check]]\n", 1, 2, "arrays of tables"},
    {"[check\n", 1, 7, "']'"},
    {"[check]\n= true\n", 2, 1, "expected a key"},
    {"[check]\nstrict = 1\n", 2, 10, "true or false"},
    {"[check]\nstrict = true\rwerror = true\n", 2, 14, "end of the line"},
    {"[check]\n# \xc3\xa9\xc3\xa9\nignore = [\"\xc3\xa9\xc3\xa9\", \"x\"]\n", 3, 11, "unknown code"},
    {"[check]\nignore = [\"\xc3\xa9\xc3\xa9\", \"x\"]\n", 2, 11, "unknown code '\xc3\xa9\xc3\xa9'"},
    {"[check]\nignore = [\"syntax\"] # \xc3\xa9\xc3\xa9 \nstrict = 2\n", 3, 10, "true or false"},
    {"[check]\nignore = ['bad-tag', 'duplicate-game',  'nope']\n", 2, 41, "'nope'"},
};

START_TEST(malformed_file)
{
    const struct bad_case *b = &bad_cases[_i];
    struct cli_config cfg;
    struct cli_config_error e;
    ck_assert_msg(!parse(b->text, &cfg, &e), "case %d parsed", _i);
    ck_assert_msg(e.line == b->line && e.column == b->column && strstr(e.message, b->says),
                  "case %d: %u:%u: %s (want %u:%u: ...%s...)", _i, e.line, e.column, e.message,
                  b->line, b->column, b->says);
}
END_TEST

START_TEST(nul_byte)
{
    struct cli_config cfg;
    struct cli_config_error e;
    cli_config_init(&cfg);
    ck_assert(!cli_config_parse("[check]\nst\0rict", 16, &cfg, &e));
    ck_assert_uint_eq(e.line, 2);
    ck_assert_uint_eq(e.column, 3);
    ck_assert(strstr(e.message, "NUL"));
}
END_TEST

/* Garbage, and garbage made of the file's own characters: never a crash,
 * and an error names a place inside the text (or just past its end). */
START_TEST(garbage_never_crashes)
{
    static const char alphabet[] = "[]{}=,\"'#\\\n\r\t .checkignoreselectseveritystrictwerrortrue"
                                   "falsesyntaxbad-tagerrornote\x01\xc3\xa9";
    char text[256];
    unsigned long x = 12345;
    for (int round = 0; round < 20000; round++) {
        size_t len = (size_t)(round % 97);
        for (size_t i = 0; i < len; i++) {
            x = x * 6364136223846793005ul + 1442695040888963407ul;
            unsigned r = (unsigned)(x >> 33);
            text[i] = round & 1 ? (char)(r & 0xFF) : alphabet[r % (sizeof alphabet - 1)];
        }
        if (round % 5 == 0 && len > 8) memcpy(text, "[check]\n", 8);
        struct cli_config cfg;
        struct cli_config_error e;
        cli_config_init(&cfg);
        memset(&e, 0, sizeof e);
        if (cli_config_parse(text, len, &cfg, &e)) continue;
        unsigned lines = 1;
        for (size_t i = 0; i < len; i++) lines += text[i] == '\n';
        ck_assert_msg(e.line >= 1 && e.line <= lines && e.column >= 1 && e.column <= len + 1 &&
                          e.message[0],
                      "round %d: %u:%u: %s", round, e.line, e.column, e.message);
    }
}
END_TEST

START_TEST(control_builds_and_reads_back)
{
    struct diag_control_spec s;
    struct diag_control c, back;
    struct diag_control_error e;
    diag_control_spec_init(&s);
    diag_control_build(&c, &s);
    ck_assert(!c.changed);
    s.select_given = true; /* an empty selection: every code */
    diag_control_build(&c, &s);
    ck_assert(!c.changed);
    ck_assert(diag_control_parse_codes(s.select, "syntax,bad-tag,duplicate-game", &e));
    s.select_given = true;
    ck_assert(diag_control_parse_codes(s.ignore, "duplicate-game", &e));
    s.ignore_given = true;
    ck_assert(diag_control_parse_severities(&s, "syntax=error,illegal-move=note", &e));
    diag_control_build(&c, &s);
    ck_assert(c.changed);
    ck_assert_uint_eq(diag_control_level(&c, DIAG_SYNTAX, DIAG_NOTE), DIAG_ERROR);
    ck_assert_uint_eq(diag_control_level(&c, DIAG_BAD_TAG, DIAG_WARNING), DIAG_WARNING);
    ck_assert_uint_eq(diag_control_level(&c, DIAG_DUPLICATE_GAME, DIAG_WARNING), DIAG_LEVEL_OFF);
    ck_assert_uint_eq(diag_control_level(&c, DIAG_ILLEGAL_MOVE, DIAG_ERROR), DIAG_LEVEL_OFF);
    /* the input code is never dropped, whatever the selection */
    ck_assert_uint_eq(diag_control_level(&c, DIAG_INPUT, DIAG_ERROR), DIAG_ERROR);
    ck_assert_uint_eq(diag_control_level(NULL, DIAG_SYNTAX, DIAG_NOTE), DIAG_NOTE);
    char line[DIAG_CONTROL_LINE_MAX];
    diag_control_format(&c, line, sizeof line);
    ck_assert(strstr(line, "syntax=error") && strstr(line, "duplicate-game=off"));
    ck_assert(diag_control_parse(&back, line, &e));
    ck_assert(memcmp(back.level, c.level, sizeof c.level) == 0 && back.changed);
    /* faults name the part at fault */
    ck_assert(!diag_control_parse_codes(s.ignore, "syntax,sintax", &e));
    ck_assert_int_eq(e.fault, DIAG_CONTROL_UNKNOWN_CODE);
    ck_assert_int_eq((int)e.len, 6);
    ck_assert(memcmp(e.at, "sintax", 6) == 0);
    ck_assert(!diag_control_parse_codes(s.ignore, "input", &e));
    ck_assert_int_eq(e.fault, DIAG_CONTROL_FIXED_CODE);
    ck_assert(!diag_control_parse_severities(&s, "syntax=off", &e)); /* off only in merge's line */
    ck_assert_int_eq(e.fault, DIAG_CONTROL_BAD_LEVEL);
    ck_assert(!diag_control_parse_severities(&s, "syntax", &e));
    ck_assert_int_eq(e.fault, DIAG_CONTROL_BAD_PAIR);
    ck_assert(!diag_control_parse(&back, "syntax=loud", &e));
}
END_TEST

Suite *config_file_suite(void);
Suite *config_file_suite(void)
{
    Suite *s = suite_create("config_file");
    TCase *tc = tcase_create("good files");
    tcase_add_test(tc, full_file);
    tcase_add_test(tc, severity_table_and_empty);
    suite_add_tcase(s, tc);
    tc = tcase_create("malformed files");
    tcase_add_loop_test(tc, malformed_file, 0, (int)(sizeof bad_cases / sizeof *bad_cases));
    tcase_add_test(tc, nul_byte);
    tcase_add_test(tc, garbage_never_crashes);
    suite_add_tcase(s, tc);
    tc = tcase_create("control");
    tcase_add_test(tc, control_builds_and_reads_back);
    suite_add_tcase(s, tc);
    return s;
}
