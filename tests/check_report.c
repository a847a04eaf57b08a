/*
 * check_report.c - output formats of SPEC "Output": the compiler-style text
 * line, every jsonl key, GitHub escaping, a SARIF document that closes.
 */
#include "testutil.h"

#include "chess/chess.h"
#include "report/report.h"
#include "report/report_html.h"
#include "report/escape.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct diag sample_diag(void)
{
    static const struct src_loc loc = {1234, 20, 5};
    struct diag d;
    diag_init(&d, DIAG_ILLEGAL_MOVE, &loc, "illegal move: no king can reach g1");
    d.file = "games.pgn";
    d.game = 2;
    d.ply = 17;
    d.move_number = 9;
    d.side = COLOR_WHITE;
    d.san = "Kg1";
    d.event = "Open";
    d.white = "Illegal";
    d.black = "Move";
    d.round = "2";
    d.fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
    return d;
}

static char *render(enum report_format fmt, const struct diag *d, bool finish)
{
    struct capture c;
    capture_begin(&c);
    struct report *r = report_new(fmt, c.f, false);
    report_diag(r, d);
    if (finish) {
        struct run_totals t;
        memset(&t, 0, sizeof t);
        t.games = 3;
        t.by_severity[DIAG_ERROR] = 1;
        t.by_code[DIAG_ILLEGAL_MOVE] = 1;
        report_finish(r, &t);
    }
    report_free(r);
    capture_end(&c);
    return c.text;
}

START_TEST(text_is_compiler_style)
{
    struct diag d = sample_diag();
    char *out = render(REPORT_TEXT, &d, true);
    ck_assert_str_eq(out, "games.pgn:20:5: error: game 2 (Illegal - Move, round 2), 9. Kg1 (ply 17): "
                          "illegal move: no king can reach g1 [illegal-move]\n");
    free(out);
    d.side = COLOR_BLACK;
    d.variation = true;
    out = render(REPORT_TEXT, &d, false);
    ck_assert_ptr_nonnull(strstr(out, "9...Kg1 (ply 17, in a variation)"));
    free(out);
}
END_TEST

START_TEST(text_without_game_context)
{
    struct diag d;
    diag_init(&d, DIAG_INPUT, NULL, "cannot read input: No such file or directory");
    d.file = "missing.pgn";
    char *out = render(REPORT_TEXT, &d, false);
    ck_assert_str_eq(out, "missing.pgn: error: cannot read input: No such file or directory [input]\n");
    free(out);
}
END_TEST

START_TEST(jsonl_has_every_key)
{
    struct diag d = sample_diag();
    char *out = render(REPORT_JSONL, &d, false);
    static const char *const keys[] = {
        "\"type\":\"diagnostic\"", "\"file\":\"games.pgn\"", "\"game\":2", "\"line\":20",
        "\"column\":5", "\"offset\":1234", "\"ply\":17", "\"move_number\":9",
        "\"side\":\"white\"", "\"san\":\"Kg1\"", "\"code\":\"illegal-move\"",
        "\"severity\":\"error\"", "\"message\":\"illegal move: no king can reach g1\"",
        "\"fide\":\"FIDE 3.1-3.10\"", "\"variation\":false", "\"event\":\"Open\"",
        "\"white\":\"Illegal\"", "\"black\":\"Move\"", "\"round\":\"2\"",
        "\"fen\":\"8/8/8/8/8/8/8/K6k w - - 0 1\""};
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
        ck_assert_msg(strstr(out, keys[i]), "jsonl lacks %s in %s", keys[i], out);
    ck_assert_int_eq(out[strlen(out) - 1], '\n');
    ck_assert_ptr_eq(strchr(out, '\n'), out + strlen(out) - 1); /* one line */
    free(out);
}
END_TEST

START_TEST(sarif_uri_and_message)
{
    struct diag d = sample_diag();
    d.file = "my games/50% #1 \xc3\xbc.pgn";
    char *out = render(REPORT_SARIF, &d, true);
    ck_assert_msg(strstr(out, "\"uri\":\"my%20games/50%25%20%231%20%C3%BC.pgn\""), "%s", out);
    ck_assert_msg(strstr(out, "\"columnKind\":\"unicodeCodePoints\""), "%s", out);
    /* the message names the game and the move, as the text format does */
    ck_assert_msg(strstr(out, "\"message\":{\"text\":\"game "), "%s", out);
    free(out);
    d.file = "<stdin>";
    out = render(REPORT_SARIF, &d, true);
    ck_assert_msg(strstr(out, "\"uri\":\"%3Cstdin%3E\""), "%s", out);
    free(out);
}
END_TEST

START_TEST(jsonl_game_level_has_null_ply)
{
    /* absent values are null, every key present (doc/pgnarbiter-jsonl.schema.json) */
    struct diag d = sample_diag();
    d.ply = 0;
    d.san = NULL;
    d.move_number = 0;
    d.side = -1;
    d.fen = NULL;
    char *out = render(REPORT_JSONL, &d, false);
    static const char *const nulls[] = {"\"ply\":null", "\"move_number\":null", "\"side\":null",
                                        "\"san\":null", "\"fen\":null"};
    for (size_t i = 0; i < sizeof nulls / sizeof *nulls; i++)
        ck_assert_msg(strstr(out, nulls[i]), "no %s in %s", nulls[i], out);
    free(out);
}
END_TEST

START_TEST(jsonl_summary_closes_stream)
{
    struct diag d = sample_diag();
    char *out = render(REPORT_JSONL, &d, true);
    const char *summary = strstr(out, "{\"type\":\"summary\"");
    ck_assert_ptr_nonnull(summary);
    ck_assert_ptr_nonnull(strstr(summary, "\"by_code\":{\"illegal-move\":1}"));
    ck_assert_str_eq(summary + strlen(summary) - 3, "}}\n");
    free(out);
}
END_TEST

START_TEST(jsonl_game_record)
{
    struct capture c;
    capture_begin(&c);
    struct report *r = report_new(REPORT_JSONL, c.f, true);
    struct game_record g = {.file = "f.pgn", .game = 1, .offset = 0, .line = 1, .result = "1-0",
                            .plies = 4, .ending = ENDING_CHECKMATE, .ending_ply = 4,
                            .errors = 1, .judged = true};
    report_game(r, &g);
    report_free(r);
    capture_end(&c);
    ck_assert_ptr_nonnull(strstr(c.text, "\"type\":\"game\""));
    ck_assert_ptr_nonnull(strstr(c.text, "\"ending\":{\"kind\":\"checkmate\",\"ply\":4}"));
    ck_assert_ptr_nonnull(strstr(c.text, "\"event\":null"));
    ck_assert_ptr_nonnull(strstr(c.text, "\"judged\":true"));
    capture_free(&c);
}
END_TEST

START_TEST(github_escapes_properties)
{
    struct diag d = sample_diag();
    d.file = "a,b:c.pgn";
    char *out = render(REPORT_GITHUB, &d, false);
    ck_assert_ptr_nonnull(strstr(out, "::error file=a%2Cb%3Ac.pgn,line=20,col=5,title=illegal-move::"));
    ck_assert_ptr_nonnull(strstr(out, "game 2 (Illegal - Move, round 2)"));
    free(out);
}
END_TEST

START_TEST(sarif_document_balances)
{
    struct diag d = sample_diag();
    char *out = render(REPORT_SARIF, &d, true);
    int depth = 0;
    bool in_string = false;
    for (const char *p = out; *p; p++) {
        if (in_string) {
            if (*p == '\\')
                p++;
            else if (*p == '"')
                in_string = false;
            continue;
        }
        if (*p == '"')
            in_string = true;
        else if (*p == '{' || *p == '[')
            depth++;
        else if (*p == '}' || *p == ']')
            ck_assert_int_ge(--depth, 0);
    }
    ck_assert_int_eq(depth, 0);
    ck_assert_ptr_nonnull(strstr(out, "\"version\":\"2.1.0\""));
    ck_assert_ptr_nonnull(strstr(out, "\"ruleId\":\"illegal-move\""));
    ck_assert_ptr_nonnull(strstr(out, "\"startLine\":20"));
    free(out);
}
END_TEST

/* Control characters from tag values, messages and file names never reach a
 * terminal raw (text and github); a newline in a file name cannot forge a
 * finding line; valid UTF-8 and Windows-1252 names still read as text (a
 * byte Windows-1252 leaves undefined is escaped). */
START_TEST(controls_are_escaped)
{
    struct diag d = sample_diag();
    d.file = "a.pgn\nforged.pgn:1:1: error: \x1b]0;x\x07";
    d.white = "M\xfcller\x1b[2J";
    d.black = "Ros\xc3\xa0\r\x08\x7f\xc2\x9b" "1m\x9d D\x92" "A";
    d.round = "1\xe2\x80\xae" "2";
    d.message = "illegal move\t\x1b[31m";
    char *out = render(REPORT_TEXT, &d, false);
    ck_assert_str_eq(out, "a.pgn\\nforged.pgn:1:1: error: \\x1b]0;x\\x07:20:5: error: game 2 "
                          "(M\xc3\xbcller\\x1b[2J - Ros\xc3\xa0\\r\\x08\\x7f\\u009b1m\\x9d "
                          "D\xe2\x80\x99" "A, "
                          "round 1\\u202e2), 9. Kg1 (ply 17): illegal move\\t\\x1b[31m "
                          "[illegal-move]\n");
    free(out);
    out = render(REPORT_GITHUB, &d, false);
    ck_assert_ptr_eq(strchr(out, '\n'), out + strlen(out) - 1);
    for (const char *p = out; *p; p++)
        ck_assert_msg((unsigned char)*p >= 0x20 || *p == '\n', "control 0x%02x in %s", *p, out);
    ck_assert_ptr_nonnull(strstr(out, "file=a.pgn\\nforged.pgn%3A1%3A1%3A error%3A \\x1b]0;x\\x07,"));
    free(out);
}
END_TEST


/* A run of plain ASCII is passed eight bytes at a time: a control, DEL, a
 * byte Windows-1252 leaves undefined or a Windows-1252 byte anywhere in it,
 * at every place in the run and by every length, is still escaped (or read
 * as Windows-1252: 0x9b is a single angle quote there, not a C1 CSI) where
 * it stands. */
START_TEST(escape_finds_a_byte_anywhere_in_a_run)
{
    static const struct {
        unsigned char byte;
        const char *as;
    } bad[] = {{0x1b, "\\x1b"}, {0x1f, "\\x1f"}, {0x7f, "\\x7f"}, {0x01, "\\x01"},
               {0x9d, "\\x9d"}, {0x81, "\\x81"}, {0x9b, "\xe2\x80\xba"}, {0x92, "\xe2\x80\x99"},
               {0x80, "\xe2\x82\xac"}, {0xfc, "\xc3\xbc"}, {'\n', "\\n"}};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
        for (size_t len = 1; len <= 24; len++)
            for (size_t at = 0; at < len; at++) {
                char in[32], want[64];
                size_t w = 0;
                for (size_t i = 0; i < len; i++) {
                    in[i] = i == at ? (char)bad[k].byte : (char)(' ' + (i * 7 + k) % 95);
                    if (i == at) {
                        memcpy(want + w, bad[k].as, strlen(bad[k].as));
                        w += strlen(bad[k].as);
                    } else {
                        want[w++] = in[i];
                    }
                }
                want[w] = '\0';
                char *out = NULL;
                size_t n = 0;
                FILE *f = open_memstream(&out, &n);
                ck_assert_ptr_nonnull(f);
                escape_write(f, in, len, ESCAPE_CP1252);
                fclose(f);
                ck_assert_msg(strcmp(out, want) == 0, "byte 0x%02x at %zu of %zu: \"%s\"",
                              bad[k].byte, at, len, out);
                free(out);
            }
}
END_TEST

START_TEST(formats_by_name)
{
    enum report_format f;
    ck_assert(report_parse_format("jsonl", &f) && f == REPORT_JSONL);
    ck_assert(report_parse_format("sarif", &f) && f == REPORT_SARIF);
    ck_assert(report_parse_format("html", &f) && f == REPORT_HTML);
    ck_assert(!report_parse_format("xml", &f));
}
END_TEST


/* ---- --format=html ------------------------------------------------------- */

static char *render_html(const struct diag *d, int nd, const struct game_record *g,
                         unsigned long max_boards)
{
    struct capture c;
    capture_begin(&c);
    struct report *r = report_new(REPORT_HTML, c.f, false);
    report_set_html_max_boards(r, max_boards);
    for (int i = 0; i < nd; i++)
        report_diag(r, &d[i]);
    if (g) report_game(r, g);
    struct run_totals t;
    memset(&t, 0, sizeof t);
    t.games = 1;
    t.by_severity[DIAG_ERROR] = (uint64_t)nd;
    t.by_code[d[0].code] = (uint64_t)nd;
    report_finish(r, &t);
    report_free(r);
    capture_end(&c);
    return c.text;
}

static int count_of(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = hay; (p = strstr(p, needle)); p++)
        n++;
    return n;
}

/* WCAG 2.1 relative luminance of "#rrggbb" and the contrast ratio of two. */
static double luminance(const char *hex)
{
    double sum = 0;
    static const double weight[3] = {0.2126, 0.7152, 0.0722};
    for (int i = 0; i < 3; i++) {
        unsigned v;
        ck_assert_int_eq(sscanf(hex + 1 + 2 * i, "%2x", &v), 1);
        double c = v / 255.0, lin = c <= 0.04045 ? c / 12.92 : 0;
        if (c > 0.04045) {
            /* ((c + 0.055) / 1.055) ^ 2.4 without libm: exp(2.4 ln x) by series is overkill;
             * x^2.4 = x^2 * x^0.4, x^0.4 by Newton on y^5 = x^2. */
            double x = (c + 0.055) / 1.055, y = 1, x2 = x * x;
            for (int k = 0; k < 60; k++)
                y -= (y * y * y * y * y - x2) / (5 * y * y * y * y);
            lin = x2 * y;
        }
        sum += weight[i] * lin;
    }
    return sum;
}

START_TEST(html_colours_pass_wcag_aa)
{
    ck_assert_uint_gt(report_html_contrasts_nb, 10);
    for (size_t i = 0; i < report_html_contrasts_nb; i++) {
        const struct report_html_contrast *p = &report_html_contrasts[i];
        double a = luminance(p->fg), b = luminance(p->bg);
        double ratio = a > b ? (a + 0.05) / (b + 0.05) : (b + 0.05) / (a + 0.05);
        if (ratio < p->min)
            ck_abort_msg("%s: %s on %s has contrast %.2f, below %.1f", p->what, p->fg, p->bg,
                         ratio, p->min);
    }
    /* The formula itself: black on white is 21:1, #767676 on white 4.54:1. */
    double w = luminance("#ffffff"), k = luminance("#000000"), g = luminance("#767676");
    ck_assert_double_eq_tol((w + 0.05) / (k + 0.05), 21.0, 1e-9);
    ck_assert_double_eq_tol((w + 0.05) / (g + 0.05), 4.54, 0.01);
}
END_TEST

START_TEST(html_board_has_the_position_and_arrow)
{
    struct diag d = sample_diag();
    d.fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2";
    d.san = "Nf3";
    d.code = DIAG_FALSE_CHECK;
    d.severity = DIAG_WARNING;
    char *out = render_html(&d, 1, NULL, 1000);
    ck_assert_int_eq(count_of(out, "<svg class=\"bd\""), 1);
    ck_assert_int_eq(count_of(out, "class=\"pc\""), 32);
    ck_assert_ptr_nonnull(strstr(out, "data-square=\"e1\" data-piece=\"K\""));
    ck_assert_ptr_nonnull(strstr(out, "data-square=\"e5\" data-piece=\"p\""));
    ck_assert_ptr_nonnull(strstr(out, "data-fen=\"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2\""));
    ck_assert_ptr_nonnull(strstr(out, "<g class=\"ar\" data-from=\"g1\" data-to=\"f3\">"));
    ck_assert_ptr_nonnull(strstr(out, "White&#39;s knight from g1 to f3"));
    ck_assert_ptr_nonnull(strstr(out, "role=\"img\""));
    ck_assert_ptr_nonnull(strstr(out, "data-side=\"w\""));
    ck_assert_ptr_nonnull(strstr(out, "href=\"#x-false-check\""));
    ck_assert_ptr_nonnull(strstr(out, "id=\"x-false-check\""));
    free(out);
}
END_TEST

START_TEST(html_ambiguous_has_an_arrow_per_candidate)
{
    struct diag d = sample_diag();
    d.fen = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
    d.san = "Nd2";
    d.code = DIAG_AMBIGUOUS_MOVE;
    char *out = render_html(&d, 1, NULL, 1000);
    ck_assert_int_eq(count_of(out, "<g class=\"ar\""), 2);
    ck_assert_int_eq(count_of(out, "stroke-dasharray"), 2);
    ck_assert_ptr_nonnull(strstr(out, "White&#39;s knight from b1 to d2"));
    ck_assert_ptr_nonnull(strstr(out, "White&#39;s knight from f1 to d2"));
    free(out);
    /* An illegal move: no arrow, and the text alternative says why. */
    d.san = "Nd3";
    d.code = DIAG_ILLEGAL_MOVE;
    out = render_html(&d, 1, NULL, 1000);
    ck_assert_int_eq(count_of(out, "<g class=\"ar\""), 0);
    ck_assert_ptr_nonnull(strstr(out, "No arrow: the move is not legal in this position."));
    free(out);
}
END_TEST

START_TEST(html_boards_stop_at_the_limit)
{
    struct diag d[3] = {sample_diag(), sample_diag(), sample_diag()};
    char *out = render_html(d, 3, NULL, 1);
    ck_assert_int_eq(count_of(out, "<svg class=\"bd\""), 1);
    ck_assert_int_eq(count_of(out, "<article class=\"finding"), 3);
    ck_assert_int_eq(count_of(out, "board limit (1) is reached"), 1);
    ck_assert_ptr_nonnull(strstr(out, "Only the first 1 findings have a board"));
    free(out);
}
END_TEST

START_TEST(html_marks_the_move_and_escapes_text)
{
    struct diag d = sample_diag();
    d.ply = 3;
    d.move_number = 2;
    d.san = "Nf9";
    d.white = "O'Kelly <de> Galway & M\xfcller"; /* Latin-1 u-umlaut */
    d.fen = NULL;
    struct game_record g = {.file = "games.pgn", .game = 2, .result = "*", .judged = true,
                            .white = d.white, .black = "Move", .round = "2",
                            .mainline = "1. e4 e5 2. Nf9 Nc6", .ending = ENDING_NONE};
    char *out = render_html(&d, 1, &g, 1000);
    ck_assert_ptr_nonnull(
        strstr(out, "1. e4 e5 2. <a href=\"#f1\"><mark class=\"m-error\" data-ply=\"3\">Nf9</mark></a> Nc6"));
    ck_assert_ptr_nonnull(strstr(out, "O&#39;Kelly &lt;de&gt; Galway &amp; M\xc3\xbcller"));
    ck_assert_ptr_null(strstr(out, "<de>"));
    ck_assert_ptr_nonnull(strstr(out, "<a href=\"#g1\">2</a>")); /* the games table */
    ck_assert_ptr_nonnull(strstr(out, "</html>\n"));
    free(out);
}
END_TEST

/* Bidirectional controls read as what they are, not obeyed: text, github,
 * sarif (through the message) and html show \uNNNN. */
START_TEST(bidi_controls_are_shown)
{
    struct diag d = sample_diag();
    d.white = "Rossi\xe2\x80\xae" "0-1\xe2\x80\xac";
    d.black = "Bianchi\xd8\x9c\xe2\x81\xa6";
    d.san = "N\xe2\x80\x8f" "f3";
    d.file = "a\xe2\x80\xae" "b.pgn";
    char *out = render(REPORT_TEXT, &d, false);
    ck_assert_str_eq(out, "a\\u202eb.pgn:20:5: error: game 2 (Rossi\\u202e0-1\\u202c - "
                          "Bianchi\\u061c\\u2066, round 2), 9. N\\u200ff3 (ply 17): illegal "
                          "move: no king can reach g1 [illegal-move]\n");
    free(out);
    static const enum report_format formats[] = {REPORT_GITHUB, REPORT_SARIF, REPORT_JSONL};
    for (size_t k = 0; k < sizeof formats / sizeof *formats; k++) {
        out = render(formats[k], &d, true);
        ck_assert_ptr_null(strstr(out, "\xe2\x80\xae"));
        ck_assert_ptr_null(strstr(out, "\xd8\x9c"));
        ck_assert_ptr_nonnull(strstr(out, "u202e"));
        free(out);
    }
    struct game_record g = {.file = d.file, .game = 2, .result = "*", .judged = true,
                            .white = d.white, .black = d.black, .round = "2",
                            .mainline = "1. e4 e5", .ending = ENDING_NONE};
    out = render_html(&d, 1, &g, 1000);
    ck_assert_ptr_null(strstr(out, "\xe2\x80\xae"));
    ck_assert_ptr_null(strstr(out, "\xd8\x9c"));
    ck_assert_ptr_nonnull(strstr(out, "Rossi\\u202e0-1\\u202c"));
    free(out);
}
END_TEST

/* A text finding never starts with "::" (a GitHub Actions workflow command),
 * after blanks either; other names are written as they are. */
START_TEST(text_names_never_start_a_command)
{
    static const struct {
        const char *file, *starts;
    } cases[] = {
        {"::error::x.pgn", "./::error::x.pgn:20:5: "},
        {"  ::warning::x.pgn", "./  ::warning::x.pgn:20:5: "},
        {"\xc2\xa0\xe3\x80\x80::x", "./\xc2\xa0\xe3\x80\x80::x:20:5: "}, /* NBSP, ideographic space */
        {"\xe2\x80\x8a::x", "./\xe2\x80\x8a::x:20:5: "},                /* hair space */
        {":x.pgn", ":x.pgn:20:5: "},
        {"a::b.pgn", "a::b.pgn:20:5: "},
        {"\t::x", "\\t::x:20:5: "}, /* escaped: no longer at the start */
        {"\xe2\x80\x8b::x", "\xe2\x80\x8b::x:20:5: "}, /* zero width space: not a blank */
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        struct diag d = sample_diag();
        d.file = cases[i].file;
        char *out = render(REPORT_TEXT, &d, false);
        ck_assert_msg(strncmp(out, cases[i].starts, strlen(cases[i].starts)) == 0, "%s", out);
        free(out);
        ck_assert_int_eq(escape_starts_command(cases[i].file), cases[i].starts[0] == '.');
    }
}
END_TEST

/* escape_str(): what a message quotes, escaped and cut to fit. */
START_TEST(escape_str_cuts_to_fit)
{
    char out[64];
    ck_assert_str_eq(escape_str(out, sizeof out, "x\x1b[2J\xe2\x80\xae\xff", ESCAPE_HEX),
                     "x\\x1b[2J\\u202e\\xff");
    ck_assert_str_eq(escape_str(out, sizeof out, "\xd8\x9c", ESCAPE_HEX), "\\u061c");
    /* 64 bytes hold 15 of a long argument, "..." and the NUL */
    char long_arg[200];
    memset(long_arg, 'a', sizeof long_arg - 1);
    long_arg[sizeof long_arg - 1] = '\0';
    escape_str(out, sizeof out, long_arg, ESCAPE_HEX);
    ck_assert_str_eq(out, "aaaaaaaaaaaaaaa...");
    /* never cut inside a character: 15 bytes would cut the sixth a-umlaut */
    char umlauts[41];
    for (int i = 0; i < 20; i++)
        memcpy(umlauts + 2 * i, "\xc3\xa4", 2);
    umlauts[40] = '\0';
    escape_str(out, sizeof out, umlauts, ESCAPE_HEX);
    ck_assert_uint_eq(strlen(out), 14 + 3);
    ck_assert_str_eq(out + 14, "...");
    /* every size: NUL-terminated within it */
    for (size_t size = 1; size <= sizeof out; size++) {
        memset(out, 'z', sizeof out);
        escape_str(out, size, "\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b", ESCAPE_HEX);
        ck_assert_uint_lt(strlen(out), size);
    }
}
END_TEST

Suite *report_suite(void);
Suite *report_suite(void)
{
    Suite *s = suite_create("report");
    TCase *tc = tcase_create("formats");
    tcase_add_test(tc, text_is_compiler_style);
    tcase_add_test(tc, text_without_game_context);
    tcase_add_test(tc, jsonl_has_every_key);
    tcase_add_test(tc, jsonl_game_level_has_null_ply);
    tcase_add_test(tc, sarif_uri_and_message);
    tcase_add_test(tc, jsonl_summary_closes_stream);
    tcase_add_test(tc, jsonl_game_record);
    tcase_add_test(tc, github_escapes_properties);
    tcase_add_test(tc, sarif_document_balances);
    tcase_add_test(tc, controls_are_escaped);
    tcase_add_test(tc, escape_finds_a_byte_anywhere_in_a_run);
    tcase_add_test(tc, formats_by_name);
    tcase_add_test(tc, html_colours_pass_wcag_aa);
    tcase_add_test(tc, html_board_has_the_position_and_arrow);
    tcase_add_test(tc, html_ambiguous_has_an_arrow_per_candidate);
    tcase_add_test(tc, html_boards_stop_at_the_limit);
    tcase_add_test(tc, html_marks_the_move_and_escapes_text);
    tcase_add_test(tc, bidi_controls_are_shown);
    tcase_add_test(tc, text_names_never_start_a_command);
    tcase_add_test(tc, escape_str_cuts_to_fit);
    suite_add_tcase(s, tc);
    return s;
}
