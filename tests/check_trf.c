/*
 * check_trf.c - the TRF reader (src/trf): fields at their columns, line
 * endings, Latin-1, what is malformed and where, a file that is no TRF,
 * truncated and random lines (no crash, every finding in range), and the
 * file's own consistency (trf_check).  tests/trf-corpus.sh holds the reader
 * to the reference summary of the 17 real files.
 */
#include "testutil.h"

#include "trf/trf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FOUND_MAX 64

struct found {
    int n;
    enum diag_code code[FOUND_MAX];
    unsigned line[FOUND_MAX], column[FOUND_MAX];
    char message[FOUND_MAX][512];
};

static void collect(void *ctx, const struct diag *d)
{
    struct found *f = ctx;
    if (f->n >= FOUND_MAX) return;
    f->code[f->n] = d->code;
    f->line[f->n] = d->loc.line;
    f->column[f->n] = d->loc.column;
    snprintf(f->message[f->n], sizeof f->message[f->n], "%s", d->message);
    f->n++;
}

static int count(const struct found *f, enum diag_code c)
{
    int n = 0;
    for (int i = 0; i < f->n; i++)
        n += f->code[i] == c;
    return n;
}

/* A player line: rank, name, rating, FIDE id, points, then blocks "OOOO c r". */
static void player_line(char *out, size_t cap, unsigned rank, const char *name, unsigned rating,
                        const char *id, const char *points, const char *blocks)
{
    snprintf(out, cap, "001 %4u m    %-33.33s %4u ITA %11s 1990/01/01 %4s %4u  %s\n", rank, name,
             rating, id, points, rank, blocks);
}

static const char *const LINES[] = {
    "012 Test Open\n",
    "042 2026/04/18\n",
    "062 4\n",
    "132                                                                                        26/04/18  26/04/19\n",
};

/* A small consistent event: 1-2 1-0 then 1-3 =, 2-4 1-0 ... */
static char *event(const char *sep)
{
    static char text[8192];
    char line[512];
    text[0] = '\0';
    for (size_t i = 0; i < sizeof LINES / sizeof LINES[0]; i++) {
        strcat(text, LINES[i]);
    }
    player_line(line, sizeof line, 1, "Rossi, Mario", 2100, "12345678", "1.5", "   2 w 1     3 b =  ");
    strcat(text, line);
    player_line(line, sizeof line, 2, "Bianchi, Luca", 2000, "", "1.0", "   1 b 0     4 w 1  ");
    strcat(text, line);
    player_line(line, sizeof line, 3, "Verdi, Anna", 1900, "", "1.5", "   4 w 1     1 w =  ");
    strcat(text, line);
    player_line(line, sizeof line, 4, "Neri, Paolo", 1800, "", "0.0", "   3 b 0     2 b 0  ");
    strcat(text, line);
    if (strcmp(sep, "\n") != 0) {
        static char conv[16384];
        size_t o = 0;
        for (const char *p = text; *p; p++) {
            if (*p == '\n') {
                memcpy(conv + o, sep, strlen(sep));
                o += strlen(sep);
            } else {
                conv[o++] = *p;
            }
        }
        conv[o] = '\0';
        return conv;
    }
    return text;
}

static struct trf *read_text(const char *text, struct found *f)
{
    char why[256] = "";
    memset(f, 0, sizeof *f);
    return trf_read(text, strlen(text), "t.trf", collect, f, why, sizeof why);
}

START_TEST(reads_fields_at_their_columns)
{
    static const char *const seps[] = {"\n", "\r\n", "\r"};
    struct found f;
    struct trf *t = read_text(event(seps[_i]), &f);
    ck_assert_ptr_nonnull(t);
    ck_assert_str_eq(t->name, "Test Open");
    ck_assert_uint_eq(t->declared_players, 4);
    ck_assert_uint_eq(t->nplayers, 4);
    ck_assert_uint_eq(t->rounds, 2);
    ck_assert_int_eq(t->dates[2].year, 2026);
    ck_assert_int_eq(t->dates[2].month, 4);
    ck_assert_int_eq(t->dates[2].day, 19);
    const struct trf_player *p = trf_player(t, 1);
    ck_assert_str_eq(p->name, "Rossi, Mario");
    ck_assert_uint_eq(p->rating, 2100);
    ck_assert_str_eq(p->fide_id, "12345678");
    ck_assert_str_eq(p->federation, "ITA");
    ck_assert_int_eq(p->points, 15);
    ck_assert_uint_eq(p->line, 5);
    const struct trf_block *b = trf_block(t, p, 2);
    ck_assert_uint_eq(b->opponent, 3);
    ck_assert_int_eq(b->colour, 'b');
    ck_assert_int_eq(b->result, '=');
    ck_assert_uint_eq(b->column, 102);
    trf_check(t, "t.trf", collect, &f);
    ck_assert_int_eq(f.n, 0);
    trf_free(t);
}
END_TEST

START_TEST(latin1_is_read_and_said_once)
{
    char text[8192];
    snprintf(text, sizeof text, "%s", event("\n"));
    char *at = strstr(text, "Verdi, Anna");
    ck_assert_ptr_nonnull(at);
    memcpy(at, "Verd\xec, Anna", 11); /* Latin-1 i grave, same length */
    struct found f;
    struct trf *t = read_text(text, &f);
    ck_assert_ptr_nonnull(t);
    ck_assert(t->latin1);
    ck_assert_str_eq(trf_player(t, 3)->name, "Verd\xc3\xac, Anna");
    ck_assert_int_eq(count(&f, DIAG_TRF_FORMAT), 1);
    /* the columns after the name do not move */
    ck_assert_uint_eq(trf_player(t, 3)->rating, 1900);
    trf_free(t);
}
END_TEST

START_TEST(utf8_names_keep_columns)
{
    char text[8192], line[512];
    snprintf(text, sizeof text, "012 x\n");
    player_line(line, sizeof line, 1, "Xatzidakis", 1500, "", "1.0", "   2 w 1  ");
    strcat(text, line);
    player_line(line, sizeof line, 2, "Yyyyyyyy", 1400, "", "0.0", "   1 b 0  ");
    /* "Yyyyyyyy" -> Greek capital letters, 2 bytes each: columns are characters */
    char *at = strstr(line, "Yyyyyyyy");
    char greek[64];
    snprintf(greek, sizeof greek, "%s", "\xce\xa7\xce\xb1\xcf\x81\xce\xb1\xce\xbb\xce\xb1\xce\xbc\xcf\x80");
    char rebuilt[600];
    snprintf(rebuilt, sizeof rebuilt, "%.*s%s%s", (int)(at - line), line, greek, at + 8);
    strcat(text, rebuilt);
    struct found f;
    struct trf *t = read_text(text, &f);
    ck_assert_ptr_nonnull(t);
    ck_assert(!t->latin1);
    ck_assert_uint_eq(trf_player(t, 2)->rating, 1400);
    ck_assert_uint_eq(trf_block(t, trf_player(t, 2), 1)->opponent, 1);
    ck_assert_int_eq(f.n, 0);
    trf_free(t);
}
END_TEST

START_TEST(malformed_fields_are_found_where_they_are)
{
    char text[8192];
    snprintf(text, sizeof text, "%s", event("\n"));
    char *at = strstr(text, " 2100 ");
    memcpy(at + 1, "21x0", 4);          /* rating of player 1, column 49 */
    at = strstr(text, "   1 b 0     4 w 1");
    memcpy(at, "   Q b 0     4 x 1", 18); /* player 2: opponent round 1, colour round 2 */
    strcat(text, "001 abcd short line\n");
    strcat(text, "### a comment\n");
    strcat(text, "999 an unknown record\n");
    strcat(text, "001    7 m    Too Short\n");
    struct found f;
    struct trf *t = read_text(text, &f);
    ck_assert_ptr_nonnull(t);
    ck_assert_uint_eq(t->nplayers, 5);
    int malformed = count(&f, DIAG_TRF_MALFORMED);
    ck_assert_int_eq(malformed, 5);
    ck_assert_uint_eq(f.line[0], 5);
    ck_assert_uint_eq(f.column[0], 49);
    ck_assert_uint_eq(f.line[1], 6);
    ck_assert_uint_eq(f.column[1], 92);
    ck_assert_uint_eq(f.column[2], 107);
    ck_assert_int_eq(count(&f, DIAG_TRF_FORMAT), 3); /* comment, unknown record, 062 count */
    trf_free(t);
}
END_TEST

START_TEST(not_a_trf_is_refused)
{
    static const char *const texts[] = {
        "[Event \"x\"]\n[White \"a\"]\n\n1. e4 e5 1-0\n",
        "",
        "012 only a header\n",
    };
    char why[256] = "";
    struct found f;
    memset(&f, 0, sizeof f);
    ck_assert_ptr_null(trf_read(texts[_i], strlen(texts[_i]), "x", collect, &f, why, sizeof why));
    ck_assert(strstr(why, "001") || strstr(why, "binary"));
    ck_assert_ptr_null(trf_read("001\0", 4, "x", collect, &f, why, sizeof why));
    ck_assert(strstr(why, "binary"));
}
END_TEST

START_TEST(consistency_faults_are_found)
{
    static const struct {
        const char *from, *to;
        enum diag_code code;
        unsigned line, column;
    } faults[] = {
        /* player 2 answers 1 with a win: not complementary */
        {"   1 b 0     4 w 1", "   1 b 1     4 w 1", DIAG_TRF_INCONSISTENT, 5, 99},
        /* player 2 claims white too */
        {"   1 b 0     4 w 1", "   1 w 0     4 w 1", DIAG_TRF_INCONSISTENT, 5, 97},
        /* player 2 names 3 in round 1: not mutual (and 3 is double booked) */
        {"   1 b 0     4 w 1", "   3 b 0     4 w 1", DIAG_TRF_INCONSISTENT, 5, 92},
        /* an opponent with no player line */
        {"   1 b 0     4 w 1", "   1 b 0    44 w 1", DIAG_TRF_INCONSISTENT, 6, 102},
        /* points that do not add up */
        {" 0.0    4", " 2.0    4", DIAG_TRF_POINTS, 8, 81},
    };
    char text[8192];
    snprintf(text, sizeof text, "%s", event("\n"));
    char *at = strstr(text, faults[_i].from);
    ck_assert_ptr_nonnull(at);
    memcpy(at, faults[_i].to, strlen(faults[_i].to));
    struct found f;
    struct trf *t = read_text(text, &f);
    ck_assert_ptr_nonnull(t);
    ck_assert_int_eq(f.n, 0);
    trf_check(t, "t.trf", collect, &f);
    ck_assert_int_ge(count(&f, faults[_i].code), 1);
    ck_assert_int_eq(f.code[0], faults[_i].code);
    ck_assert_uint_eq(f.line[0], faults[_i].line);
    ck_assert_uint_eq(f.column[0], faults[_i].column);
    trf_free(t);
}
END_TEST

START_TEST(scoring_records_are_read)
{
    char text[8192];
    snprintf(text, sizeof text, "%sXXS WW=3.0 BW=3.0 WD=1.0 BD=1.0 HPB=1.0\n162 Z=0.5\n", event("\n"));
    struct found f;
    struct trf *t = read_text(text, &f);
    ck_assert_ptr_nonnull(t);
    ck_assert_int_eq(trf_code_points(t, '1'), 30);
    ck_assert_int_eq(trf_code_points(t, '='), 10);
    ck_assert_int_eq(trf_code_points(t, 'H'), 10);
    ck_assert_int_eq(trf_code_points(t, 'Z'), 5);
    ck_assert_int_eq(trf_code_points(t, '0'), 0);
    trf_free(t);
}
END_TEST

/* Every prefix of the event, and lines of random bytes: never a crash, and
 * every finding within the text read. */
START_TEST(truncated_and_random_lines_are_safe)
{
    const char *text = event("\n");
    size_t len = strlen(text);
    char why[256];
    for (size_t n = 0; n <= len; n++) {
        struct found f;
        memset(&f, 0, sizeof f);
        struct trf *t = trf_read(text, n, "t", collect, &f, why, sizeof why);
        if (t) trf_check(t, "t", collect, &f);
        for (int i = 0; i < f.n; i++)
            ck_assert_uint_le(f.line[i], 9);
        trf_free(t);
    }
    unsigned seed = 12345;
    char buf[4096];
    for (int round = 0; round < 300; round++) {
        size_t n = 0;
        memcpy(buf, "001    1 ", 9);
        n = 9;
        for (int lines = 0; lines < 8; lines++) {
            size_t l = (seed = seed * 1103515245u + 12345u) >> 16 & 255;
            for (size_t k = 0; k < l && n < sizeof buf - 16; k++) {
                seed = seed * 1103515245u + 12345u;
                unsigned r = seed >> 16 & 255;
                buf[n++] = r < 128 ? " 0123456789wb-=+WDL"[r % 19] : (char)(r | 1);
            }
            buf[n++] = lines % 3 ? '\n' : '\r';
            if (lines % 2) { memcpy(buf + n, "001  ", 5); n += 5; }
        }
        struct found f;
        memset(&f, 0, sizeof f);
        struct trf *t = trf_read(buf, n, "r", collect, &f, why, sizeof why);
        if (t) trf_check(t, "r", collect, &f);
        trf_free(t);
    }
}
END_TEST

Suite *trf_suite(void);
Suite *trf_suite(void)
{
    Suite *s = suite_create("trf");
    TCase *tc = tcase_create("reader");
    tcase_add_loop_test(tc, reads_fields_at_their_columns, 0, 3);
    tcase_add_test(tc, latin1_is_read_and_said_once);
    tcase_add_test(tc, utf8_names_keep_columns);
    tcase_add_test(tc, malformed_fields_are_found_where_they_are);
    tcase_add_loop_test(tc, not_a_trf_is_refused, 0, 3);
    tcase_add_test(tc, scoring_records_are_read);
    tcase_add_test(tc, truncated_and_random_lines_are_safe);
    suite_add_tcase(s, tc);
    tc = tcase_create("consistency");
    tcase_add_loop_test(tc, consistency_faults_are_found, 0, 5);
    suite_add_tcase(s, tc);
    return s;
}
