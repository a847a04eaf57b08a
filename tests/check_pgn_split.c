/*
 * check_pgn_split.c - where `check --jobs` may cut an input: before a tag pair
 * line after a blank line, or after a line break that follows movetext; not
 * inside a tag section without a blank line, not before a '[' that opens no
 * tag pair, not after a blank run too long to look through; the last cut at
 * or before the limit; and the line feeds of a run.
 */
#include "testutil.h"

#include "pgn/pgn_split.h"

#include <string.h>

struct split_case {
    const char *text;
    size_t max;        /* 0: the whole text */
    const char *cut;   /* the text from the cut on, NULL: none */
};

static const struct split_case split_cases[] = {
    {"1. e4 e5 1-0\n\n[Event \"b\"]\n", 0, "\n\n[Event \"b\"]\n"},
    {"1. e4 e5 1-0\r\n\r\n[Event \"b\"]\r\n", 0, "\n\r\n[Event \"b\"]\r\n"},
    {"1. e4 e5 1-0  \n \t\n  [Event \"b\"]\n", 0, "\n \t\n  [Event \"b\"]\n"},
    /* one line break, after movetext: games written without blank lines */
    {"1. e4 e5 1-0\n[Event \"b\"]\n", 0, "\n[Event \"b\"]\n"},
    /* one line break after a tag pair line: the same tag section */
    {"[Event \"a\"]\n[Site \"b\"]\n", 0, NULL},
    {"[Event \"a\"]\n  [Site \"b\"]\n", 0, NULL},
    /* a blank line between tag pairs: maybe a game of tags only (the reader
     * of the piece before confirms) */
    {"[Event \"a\"]\n\n[Site \"b\"]\n", 0, "\n\n[Site \"b\"]\n"},
    /* no tag pair opening: not a letter, no blank, no quote, not all in the buffer */
    {"1-0\n\n[1 \"x\"]\n", 0, NULL},
    {"1-0\n\n[Event\"x\"]\n", 0, NULL},
    {"1-0\n\n[Event x]\n", 0, NULL},
    {"1-0\n\n[pgn]\n", 0, NULL},
    {"1-0\n\n[Event ", 0, NULL},
    /* the run starts the buffer: nothing before the cut */
    {"\n\n[Event \"b\"]\n", 0, NULL},
    /* the last cut at or before max */
    {"1-0\n\n[Event \"b\"]\n1-0\n\n[Event \"c\"]\n", 19, "\n\n[Event \"b\"]\n1-0\n\n[Event \"c\"]\n"},
    {"1-0\n\n[Event \"b\"]\n1-0\n\n[Event \"c\"]\n", 0, "\n\n[Event \"c\"]\n"},
    {"1-0\n\n[Event \"b\"]\n", 2, NULL},
};

START_TEST(split_points)
{
    const struct split_case *c = &split_cases[_i];
    const unsigned char *buf = (const unsigned char *)c->text;
    size_t len = strlen(c->text), cut = 0, tag = 0;
    bool found = pgn_split_find(buf, len, c->max ? c->max : len, &cut, &tag);
    if (!c->cut) {
        ck_assert_msg(!found, "case %d: a cut at %zu", _i, cut);
        return;
    }
    ck_assert_msg(found, "case %d: no cut", _i);
    ck_assert_str_eq(c->text + cut, c->cut);
    ck_assert_int_eq(buf[cut], '\n');
    ck_assert_int_eq(buf[tag], '[');
    ck_assert_uint_lt(cut, tag);
}
END_TEST

START_TEST(blank_run_limit)
{
    char text[1024];
    for (size_t blanks = PGN_SPLIT_BLANK_MAX - 8; blanks < PGN_SPLIT_BLANK_MAX + 8; blanks++) {
        size_t n = (size_t)snprintf(text, sizeof text, "1-0\n");
        memset(text + n, ' ', blanks);
        text[n + blanks / 2] = '\n';
        n += blanks;
        n += (size_t)snprintf(text + n, sizeof text - n, "[Event \"b\"]\n");
        size_t cut, tag;
        bool found = pgn_split_find((const unsigned char *)text, n, n, &cut, &tag);
        /* from the cut (the first line feed) to the '[': blanks + 1 bytes */
        ck_assert_msg(found == (blanks < PGN_SPLIT_BLANK_MAX), "%zu blanks: %s", blanks,
                      found ? "a cut" : "no cut");
    }
}
END_TEST

START_TEST(line_feeds)
{
    ck_assert_uint_eq(pgn_split_count_lines((const unsigned char *)"", 0), 0);
    ck_assert_uint_eq(pgn_split_count_lines((const unsigned char *)"a\nb\r\n\n", 6), 3);
    ck_assert_uint_eq(pgn_split_count_lines((const unsigned char *)"\n\n\n", 2), 2);
}
END_TEST

Suite *pgn_split_suite(void);
Suite *pgn_split_suite(void)
{
    Suite *s = suite_create("pgn_split");
    TCase *tc = tcase_create("cuts");
    tcase_add_loop_test(tc, split_points, 0, (int)(sizeof split_cases / sizeof *split_cases));
    tcase_add_test(tc, blank_run_limit);
    tcase_add_test(tc, line_feeds);
    suite_add_tcase(s, tc);
    return s;
}
