/*
 * check_pgn_lex.c - the PGN tokenizer over memory buffers: every token type,
 * positions (line, column, offset; CRLF; BOM), escapes, tolerated spellings,
 * limits, bad bytes, and independence from how the input is chunked.
 */
#include "testutil.h"

#define PGN_LEX_INTERNAL /* the private class tables */
#include "pgn/pgn_lex.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Compact rendering of a token stream:
 *   [ ]  ( )      brackets and parentheses
 *   S:x  Q:x      symbol, string (unescaped)
 *   N12.3         move number 12 with 3 dots
 *   G5            NAG 5
 *   C:x           comment
 *   R:x           result
 *   E:message     error token
 * Flags, when asked: /t truncated, /u unterminated, /q bad quote, /l latin-1,
 * /b bad utf-8, /n non-standard, /s line start, /k blank line before. */
static char *dump(const char *src, size_t len, size_t chunk, bool flags)
{
    struct pgn_lex *lx = pgn_lex_new_memory(src, len, chunk);
    ck_assert_ptr_nonnull(lx);
    size_t cap = 1024, n = 0;
    char *out = malloc(cap);
    out[0] = '\0';
    for (int guard = 0; guard < 100000; guard++) {
        const struct pgn_token *t = pgn_lex_next(lx);
        if (t->type == PGN_TOK_EOF)
            break;
        char item[256];
        int k = 0;
        switch (t->type) {
        case PGN_TOK_LBRACKET: k = snprintf(item, sizeof item, "["); break;
        case PGN_TOK_RBRACKET: k = snprintf(item, sizeof item, "]"); break;
        case PGN_TOK_LPAREN: k = snprintf(item, sizeof item, "("); break;
        case PGN_TOK_RPAREN: k = snprintf(item, sizeof item, ")"); break;
        case PGN_TOK_SYMBOL: k = snprintf(item, sizeof item, "S:%.*s", (int)(t->len > 200 ? 200 : t->len), t->text); break;
        case PGN_TOK_STRING: k = snprintf(item, sizeof item, "Q:%.*s", (int)(t->len > 200 ? 200 : t->len), t->text); break;
        case PGN_TOK_COMMENT: k = snprintf(item, sizeof item, "C:%.*s", (int)(t->len > 200 ? 200 : t->len), t->text); break;
        case PGN_TOK_RESULT: k = snprintf(item, sizeof item, "R:%.*s", (int)t->len, t->text); break;
        case PGN_TOK_MOVE_NUMBER: k = snprintf(item, sizeof item, "N%u.%u", t->number, t->dots); break;
        case PGN_TOK_NAG: k = snprintf(item, sizeof item, "G%u", t->number); break;
        case PGN_TOK_ERROR: k = snprintf(item, sizeof item, "E:%s", t->message); break;
        default: k = snprintf(item, sizeof item, "?"); break;
        }
        if (flags) {
            static const struct { unsigned f; const char *s; } fl[] = {
                {PGN_TOKF_TRUNCATED, "/t"}, {PGN_TOKF_UNTERMINATED, "/u"},
                {PGN_TOKF_BAD_QUOTE, "/q"}, {PGN_TOKF_CP1252, "/l"}, {PGN_TOKF_BAD_UTF8, "/b"},
                {PGN_TOKF_NONSTANDARD, "/n"}, {PGN_TOKF_LINE_START, "/s"},
                {PGN_TOKF_BLANK_BEFORE, "/k"}};
            for (size_t i = 0; i < sizeof fl / sizeof fl[0]; i++)
                if (t->flags & fl[i].f)
                    k += snprintf(item + k, sizeof item - (size_t)k, "%s", fl[i].s);
        }
        while (n + (size_t)k + 2 > cap)
            out = realloc(out, cap *= 2);
        if (n)
            out[n++] = ' ';
        memcpy(out + n, item, (size_t)k + 1);
        n += (size_t)k;
    }
    pgn_lex_free(lx);
    return out;
}

static const struct {
    const char *in;
    const char *out;
} cases[] = {
    /* tag pairs, escapes, brackets inside values */
    {"[Event \"F\\\"o\\\\o\"]", "[ S:Event Q:F\"o\\o ]"},
    {"[Site \"a]b[c\"]", "[ S:Site Q:a]b[c ]"},
    {"[Event \"NLD\\URS\"]", "[ S:Event Q:NLD\\URS ]"},
    {"[A \"\"]", "[ S:A Q: ]"},
    /* move numbers */
    {"12. e4", "N12.1 S:e4"},
    {"12... e5", "N12.3 S:e5"},
    {"12.e4 12...e5", "N12.1 S:e4 N12.3 S:e5"},
    {"15 c4", "N15.0 S:c4"},
    {"5. ... Qd6 8.     ...    Nxd4 9 ... e5", "N5.3 S:Qd6 N8.3 S:Nxd4 N9.3 S:e5"},
    {"7\xe2\x80\xa6Nf6", "N7.3 S:Nf6"},
    {"1234567890. e4", "E:bad move number S:e4"},
    /* edges of the movetext fast paths (pgn_lex_next) and what they leave to
     * the general scanners */
    {"123456789. e4 1234567890. e5", "N123456789.1 S:e4 E:bad move number S:e5"},
    {"3........................................e4 4.\te5 5.\t...\tNf3",
     "N3.40 S:e4 N4.1 S:e5 N5.3 S:Nf3"},
    {"6.\xe2\x80\xa6 Nf6 7.  \xe2\x80\xa6 Nf6", "N6.4 S:Nf6 N7.3 S:Nf6"},
    {"Nf3\xc3\xa9 e4. e5 Nf3+- Nb1\x80 a",
     "S:Nf3\xc3\xa9 S:e4 E:stray character S:e5 S:Nf3+- S:Nb1\x80 S:a"},
    /* SAN spellings */
    {"O-O O-O-O 0-0 0-0-0+ e8=Q+ exd6e.p. -- Nbd7# R1a3 e2-e4 Qh4xe1",
     "S:O-O S:O-O-O S:0-0 S:0-0-0+ S:e8=Q+ S:exd6e.p. S:-- S:Nbd7# S:R1a3 S:e2-e4 S:Qh4xe1"},
    /* annotation suffixes and NAGs */
    {"e4! e5? Nf3!! Nc6?? Bb5!? a6?! $14 $0 $255",
     "S:e4 G1 S:e5 G2 S:Nf3 G3 S:Nc6 G4 S:Bb5 G5 S:a6 G6 G14 G0 G255"},
    {"Qh5+!? e4 !", "S:Qh5+ G5 S:e4 G1"},
    {"$256 $ e4 e5!!!", "E:NAG above 255 E:'$' without a number S:e4 S:e5 E:unknown move annotation"},
    {"+- -+ = +/- -/+ +=", "G18 G19 G10 G16 G17 G14"},
    /* comments */
    {"{a comment} e4", "C:a comment S:e4"},
    {"{multi\nline} ;rest of line\ne4", "C:multi\nline C:rest of line S:e4"},
    {";crlf\r\ne4", "C:crlf S:e4"},
    /* PGN 5: no nesting; a '{' inside is text, the first '}' closes */
    {"{a {nested} one} *", "C:a {nested S:one E:comment end without a comment start: R:*"},
    {"e4 {a{b} e5", "S:e4 C:a{b S:e5"},
    {"e4 {{{} e5 {}} e6", "S:e4 C:{{ S:e5 C: E:comment end without a comment start: S:e6"},
    /* an en passant suffix after one blank is part of the move */
    {"exd6 e.p. exf3 e.p.+ exf3 ep# exd6  e.p.", "S:exd6 e.p. S:exf3 e.p.+ S:exf3 ep# S:exd6 S:e.p."},
    {"exd6 e.p.! exf3 e.p.+!? exd6 epx e4 ep", "S:exd6 e.p. G1 S:exf3 e.p.+ G5 S:exd6 S:epx S:e4 ep"},
    {"exd6\ne.p.+ exd6 e.p.+++ exd6\te.p.", "S:exd6 S:e.p.+ S:exd6 S:e.p.+++ S:exd6 S:e.p."},
    {"{[%clk 0:03:00]} e4", "C:[%clk 0:03:00] S:e4"},
    /* variations and results */
    {"e4 (d4 d5) e5", "S:e4 ( S:d4 S:d5 ) S:e5"},
    {"1-0 0-1 1/2-1/2 *", "R:1-0 R:0-1 R:1/2-1/2 R:*"},
    {"\xc2\xbd-\xc2\xbd 1\xe2\x80\x93" "0", "R:1/2-1/2 R:1-0"},
    /* the same in Windows-1252: ½ BD, en dash 96, em dash 97 */
    {"\xbd-\xbd 1\x96" "0 0\x97" "1 \xbd \xbd\x96\xbd", "R:1/2-1/2 R:1-0 R:0-1 R:1/2-1/2 R:1/2-1/2"},
    /* the results arbiters write (pgn/pgn_result.h), as the form's text; "0-0" is a
     * symbol (castling) and "+/-", "-/+" glyphs: the parser and judge decide */
    {"1/2-0 0-1/2 \xc2\xbd-0 1F-0F 0f-1f 0F-0F -/- 0-0 +/- -/+",
     "R:1/2-0 R:0-1/2 R:1/2-0 R:1F-0F R:0F-1F R:0F-0F R:-/- S:0-0 G16 G17"},
    {"0.5-0 0-0.5 0.5-0.5 0.5 0. e4 0-0.",
     "R:1/2-0 R:0-1/2 R:1/2-1/2 N0.1 N5.0 N0.1 S:e4 S:0-0 E:stray character"},
    /* results written with blanks around the dash (word processors, club programs) */
    {"1 - 0 0 -1 1/2 - 1/2 \xc2\xbd \xe2\x80\x93 \xc2\xbd 0.5 - 0.5 1- 0 \xbd\t\x96 \xbd",
     "R:1-0 R:0-1 R:1/2-1/2 R:1/2-1/2 R:1/2-1/2 R:1-0 R:1/2-1/2"},
    /* not a played game's result: read as before */
    {"0 - 0 1 - 1 1 -", "N0.0 E:stray character N0.0 N1.0 E:stray character N1.0 N1.0 E:stray character"},
    /* escape lines, wrappers */
    {"%ignored [ line\ne4 %x", "S:e4 E:stray character S:x"},
    {"[pgn] 1. e4 [/pgn]", "N1.1 S:e4"},
    /* bad bytes */
    {"e4 & e5 \x01\x02 e6", "S:e4 E:stray character S:e5 E:stray character S:e6"},
    {"e4 } e5 . e6", "S:e4 E:comment end without a comment start: S:e5 E:stray character S:e6"},
};

START_TEST(token_types)
{
    static const size_t chunks[] = {0, 1, 2, 5};
    for (size_t c = 0; c < sizeof chunks / sizeof chunks[0]; c++) {
        char *got = dump(cases[_i].in, strlen(cases[_i].in), chunks[c], false);
        ck_assert_msg(strcmp(got, cases[_i].out) == 0, "input '%s' chunk %zu:\n got '%s'\nwant '%s'",
                      cases[_i].in, chunks[c], got, cases[_i].out);
        free(got);
    }
}
END_TEST

static const struct {
    const char *in;
    const char *out;
} flag_cases[] = {
    {"[A \"x\"]\n\n[B \"y\"]", "[/s S:A Q:x ] [/s/k S:B Q:y ]"},
    {"e4  \n   \n e5\ne6", "S:e4/s S:e5/s/k S:e6/s"},
    {"[Event \"Club \"Victory\"\"]", "[/s S:Event Q:Club \"Victory\"/q ]"},
    {"[Event \"Paris]\n[Site \"x\"]", "[/s S:Event Q:Paris]/u [/s S:Site Q:x ]"},
    {"[A \"M\xfcller\"]", "[/s S:A Q:M\xfcller/l ]"},
    {"[A \"M\x81ller\"]", "[/s S:A Q:M\x81ller/b ]"},
    {"[A \"M\xc3\xbcller\"]", "[/s S:A Q:M\xc3\xbcller ]"},
    {"{\xe9t\xe9}", "C:\xe9t\xe9/l/s"},
    {"{ed\xed\xa0\x80}", "C:ed\xed\xa0\x80/l/s"}, /* a surrogate's bytes: Windows-1252 text */
    {"{D\x92" "Amico \x9d}", "C:D\x92" "Amico \x9d/b/s"}, /* 9D: undefined there */
    {"e4 {open\nstill open", "S:e4/s C:open\nstill open/u"},
    {"e4 {open\n[Event \"x\"]", "S:e4/s C:open\n/u [/s S:Event Q:x ]"},
    {"e4 {a\n[%clk 1:00]}", "S:e4/s C:a\n[%clk 1:00]"},
    {"[A \"open", "[/s S:A Q:open/u"},
    {"\xc2\xbd-\xc2\xbd", "R:1/2-1/2/n/s"},
    {"\xbd-\xbd", "R:1/2-1/2/n/s"},
    {"1 - 0", "R:1-0/n/s"},
};

START_TEST(token_flags)
{
    static const size_t chunks[] = {0, 1, 3};
    for (size_t c = 0; c < sizeof chunks / sizeof chunks[0]; c++) {
        char *got = dump(flag_cases[_i].in, strlen(flag_cases[_i].in), chunks[c], true);
        ck_assert_msg(strcmp(got, flag_cases[_i].out) == 0,
                      "input '%s' chunk %zu:\n got '%s'\nwant '%s'", flag_cases[_i].in, chunks[c],
                      got, flag_cases[_i].out);
        free(got);
    }
}
END_TEST

START_TEST(positions_crlf_bom)
{
    /* BOM, CRLF line ends, a multi-line comment, a tab. */
    static const char src[] = "\xef\xbb\xbf[A \"b\"]\r\n\r\n1. e4 {x\r\ny}\te5\n  *";
    static const struct { uint32_t line, col; uint64_t off; } want[] = {
        {1, 1, 3}, {1, 2, 4}, {1, 4, 6}, {1, 7, 9},  /* [ A "b" ] */
        {3, 1, 14}, {3, 4, 17}, {3, 7, 20},          /* 1. e4 {x */
        {4, 4, 27}, {5, 3, 32},                      /* e5 * */
    };
    for (size_t chunk = 0; chunk < 4; chunk++) {
        struct pgn_lex *lx = pgn_lex_new_memory(src, sizeof src - 1, chunk);
        for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
            const struct pgn_token *t = pgn_lex_next(lx);
            ck_assert_msg(t->type != PGN_TOK_EOF, "token %zu missing", i);
            ck_assert_msg(t->loc.line == want[i].line && t->loc.column == want[i].col &&
                              t->loc.offset == want[i].off,
                          "token %zu (%s): %u:%u@%llu, want %u:%u@%llu", i,
                          pgn_lex_type_name(t->type), t->loc.line, t->loc.column,
                          (unsigned long long)t->loc.offset, want[i].line, want[i].col,
                          (unsigned long long)want[i].off);
        }
        const struct pgn_token *t = pgn_lex_next(lx);
        ck_assert_int_eq(t->type, PGN_TOK_EOF);
        ck_assert_uint_eq(t->loc.offset, sizeof src - 1);
        ck_assert_uint_eq(pgn_lex_offset(lx), sizeof src - 1);
        pgn_lex_free(lx);
    }
}
END_TEST

START_TEST(span_of_tokens)
{
    static const char src[] = "{abc} [X \"a\\\"b\"] 12... &&& ";
    struct pgn_lex *lx = pgn_lex_new_memory(src, sizeof src - 1, 0);
    ck_assert_uint_eq(pgn_lex_next(lx)->span, 5);
    pgn_lex_next(lx);
    pgn_lex_next(lx);
    const struct pgn_token *t = pgn_lex_next(lx);
    ck_assert_int_eq(t->type, PGN_TOK_STRING);
    ck_assert_uint_eq(t->span, 6);
    pgn_lex_next(lx);
    ck_assert_uint_eq(pgn_lex_next(lx)->span, 5);
    t = pgn_lex_next(lx);
    ck_assert_int_eq(t->type, PGN_TOK_ERROR);
    ck_assert_uint_eq(t->span, 3);
    pgn_lex_free(lx);
}
END_TEST

static char *repeat(char c, size_t n, const char *prefix, const char *suffix)
{
    size_t pl = strlen(prefix), sl = strlen(suffix);
    char *s = malloc(pl + n + sl + 1);
    memcpy(s, prefix, pl);
    memset(s + pl, c, n);
    memcpy(s + pl + n, suffix, sl + 1);
    return s;
}

START_TEST(limits)
{
    for (size_t chunk = 0; chunk < 8; chunk += 7) {
        /* an over-long symbol is one error token; the lexer goes on */
        char *s = repeat('a', 100000, "e4 ", " e5");
        struct pgn_lex *lx = pgn_lex_new_memory(s, strlen(s), chunk);
        pgn_lex_next(lx);
        const struct pgn_token *t = pgn_lex_next(lx);
        ck_assert_int_eq(t->type, PGN_TOK_ERROR);
        ck_assert_str_eq(t->message, "token too long");
        ck_assert_uint_eq(t->span, 100000);
        ck_assert(t->flags & PGN_TOKF_TOO_LONG); /* named by its first bytes */
        ck_assert_uint_eq(t->len, chunk && chunk < PGN_LEX_HEAD_MAX ? t->len : PGN_LEX_HEAD_MAX);
        for (size_t i = 0; i < t->len; i++)
            ck_assert_int_eq(t->text[i], 'a');
        t = pgn_lex_next(lx);
        ck_assert_int_eq(t->type, PGN_TOK_SYMBOL);
        ck_assert_uint_eq(t->loc.offset, 100004);
        pgn_lex_free(lx);
        free(s);

        /* a symbol of exactly the limit is fine */
        s = repeat('b', PGN_LEX_TOKEN_MAX, "", "");
        lx = pgn_lex_new_memory(s, strlen(s), chunk);
        t = pgn_lex_next(lx);
        ck_assert_int_eq(t->type, PGN_TOK_SYMBOL);
        ck_assert_uint_eq(t->len, PGN_LEX_TOKEN_MAX);
        pgn_lex_free(lx);
        free(s);

        /* comments are truncated at PGN_LEX_COMMENT_MAX, spanning several buffers */
        s = repeat('c', 3 * PGN_LEX_BUF_SIZE, "{", "} e4");
        lx = pgn_lex_new_memory(s, strlen(s), chunk);
        t = pgn_lex_next(lx);
        ck_assert_int_eq(t->type, PGN_TOK_COMMENT);
        ck_assert(t->flags & PGN_TOKF_TRUNCATED);
        ck_assert_uint_eq(t->len, PGN_LEX_COMMENT_MAX);
        ck_assert_uint_eq(t->span, 3 * PGN_LEX_BUF_SIZE + 2);
        for (size_t i = 0; i < t->len; i++)
            ck_assert_int_eq(t->text[i], 'c');
        t = pgn_lex_next(lx);
        ck_assert_int_eq(t->type, PGN_TOK_SYMBOL);
        ck_assert_uint_eq(t->loc.offset, 3 * PGN_LEX_BUF_SIZE + 3);
        pgn_lex_free(lx);
        free(s);

        /* a long ; comment too */
        s = repeat('d', PGN_LEX_BUF_SIZE, ";", "\r\ne4");
        lx = pgn_lex_new_memory(s, strlen(s), chunk);
        t = pgn_lex_next(lx);
        ck_assert(t->flags & PGN_TOKF_TRUNCATED);
        ck_assert_uint_eq(t->len, PGN_LEX_COMMENT_MAX);
        t = pgn_lex_next(lx);
        ck_assert_int_eq(t->type, PGN_TOK_SYMBOL);
        ck_assert_uint_eq(t->loc.line, 2);
        pgn_lex_free(lx);
        free(s);

        /* tag values are truncated at PGN_LEX_STRING_MAX */
        s = repeat('v', 3 * PGN_LEX_STRING_MAX, "[A \"", "\"]");
        lx = pgn_lex_new_memory(s, strlen(s), chunk);
        pgn_lex_next(lx);
        pgn_lex_next(lx);
        t = pgn_lex_next(lx);
        ck_assert_int_eq(t->type, PGN_TOK_STRING);
        ck_assert(t->flags & PGN_TOKF_TRUNCATED);
        ck_assert_uint_eq(t->len, PGN_LEX_STRING_MAX);
        ck_assert_int_eq(pgn_lex_next(lx)->type, PGN_TOK_RBRACKET);
        pgn_lex_free(lx);
        free(s);
    }
}
END_TEST

/* The token stream does not depend on how reads are cut (refill boundaries). */
START_TEST(chunking_invariant)
{
    static const char game[] =
        "[Event \"A \\\"big\\\" one\"]\r\n[Site \"x\"]\r\n\r\n1. e4 {c1\r\nc2} e5 2.Nf3 "
        "(2. d4 $1 exd4?!) Nc6 ; rest\r\n% esc\r\n3. Bb5 a6 1/2-1/2\r\n\r\n";
    size_t glen = sizeof game - 1, copies = 2000;
    char *big = malloc(glen * copies);
    for (size_t i = 0; i < copies; i++)
        memcpy(big + i * glen, game, glen);
    char *ref = dump(big, glen * copies, 0, true);
    size_t results = 0;
    for (const char *r = ref; (r = strstr(r, "R:1/2-1/2")) != NULL; r++)
        results++;
    ck_assert_uint_eq(results, copies);
    static const size_t chunks[] = {1, 7, 4093};
    for (size_t c = 0; c < 3; c++) {
        char *got = dump(big, glen * (chunks[c] == 1 ? 50 : copies), chunks[c], true);
        ck_assert_msg(strncmp(ref, got, strlen(got)) == 0, "chunk %zu differs", chunks[c]);
        free(got);
    }
    free(ref);
    free(big);
}
END_TEST

/* A BOM at the start, one between tokens (files joined with cat) and one
 * glued to the end of a symbol (a file without a final line break, then one
 * that starts with a BOM) are blank space. */
START_TEST(bom_only_at_start)
{
    char *got = dump("\xef\xbb\xbf" "e4", 5, 0, false);
    ck_assert_str_eq(got, "S:e4");
    free(got);
    got = dump("e4 \xef\xbb\xbf", 6, 0, true);
    ck_assert_str_eq(got, "S:e4/s");
    free(got);
    got = dump("e4\n\xef\xbb\xbf" "e5", 8, 0, false);
    ck_assert_str_eq(got, "S:e4 S:e5");
    free(got);
    got = dump("e4\xef\xbb\xbf", 5, 0, false);
    ck_assert_str_eq(got, "S:e4");
    free(got);
    got = dump("1-0\xef\xbb\xbf[Event", 12, 0, false);
    ck_assert_str_eq(got, "R:1-0 [ S:Event");
    free(got);
    got = dump("exd6e.p.\xef\xbb\xbf" "e5", 13, 0, false);
    ck_assert_str_eq(got, "S:exd6e.p. S:e5");
    free(got);
    got = dump("\xc2\xb1\xef\xbb\xbf", 5, 0, false); /* a glyph, then the BOM */
    ck_assert_str_eq(got, "G16");
    free(got);
}
END_TEST

START_TEST(nul_bytes_and_eof)
{
    static const char src[] = "e4\0e5 {a\0b} \"c\0d\"";
    char *got = dump(src, sizeof src - 1, 0, false);
    ck_assert_str_eq(got, "S:e4 E:stray character S:e5 C:a Q:c");
    free(got);
    struct pgn_lex *lx = pgn_lex_new_memory("", 0, 0);
    ck_assert_int_eq(pgn_lex_next(lx)->type, PGN_TOK_EOF);
    ck_assert_int_eq(pgn_lex_next(lx)->type, PGN_TOK_EOF);
    ck_assert_ptr_null(pgn_lex_input_error(lx));
    pgn_lex_free(lx);
}
END_TEST

START_TEST(skip_to_tag_line)
{
    static const char src[] = "e4 junk junk\nmore [junk\n  [Event \"x\"]";
    struct pgn_lex *lx = pgn_lex_new_memory(src, sizeof src - 1, 3);
    pgn_lex_next(lx);
    ck_assert_uint_eq(pgn_lex_skip_to_tag_line(lx), 22);
    const struct pgn_token *t = pgn_lex_next(lx);
    ck_assert_int_eq(t->type, PGN_TOK_LBRACKET);
    ck_assert_uint_eq(t->loc.line, 3);
    ck_assert_uint_eq(t->loc.column, 3);
    ck_assert(t->flags & PGN_TOKF_LINE_START);
    pgn_lex_free(lx);
}
END_TEST

START_TEST(char_class_table)
{
    for (unsigned c = 0; c < 256; c++) {
        unsigned want = 0;
        if (c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f')
            want |= PGN_CC_WS;
        if (c == '\n')
            want |= PGN_CC_NL;
        bool alnum = (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
        if (alnum || (c && strchr("_+#=:-/", (int)c)) || c >= 0x80)
            want |= PGN_CC_SYM;
        if (c >= '0' && c <= '9')
            want |= PGN_CC_DIGIT;
        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))
            want |= PGN_CC_LETTER;
        if (c == '"' || c == '\\' || c == '\n' || c == 0)
            want |= PGN_CC_STR;
        if (c == '{' || c == '}' || c == '\n' || c == 0)
            want |= PGN_CC_CMT;
        ck_assert_msg(pgn_lex_char_class((unsigned char)c) == want, "class of 0x%02x", c);
        /* the fast paths' table and the ASCII symbol table */
        bool asym = (want & PGN_CC_SYM) && c < 0x80;
        unsigned fast = 0;
        if (want & (PGN_CC_WS | PGN_CC_NL))
            fast |= PGN_LEX_FC_BLANK;
        if (want & PGN_CC_NL)
            fast |= PGN_LEX_FC_NL;
        if (want & PGN_CC_LETTER)
            fast |= PGN_LEX_FC_LETTER;
        if (want & PGN_CC_DIGIT)
            fast |= PGN_LEX_FC_DIGIT;
        if (!(want & PGN_CC_SYM) && c != '.')
            fast |= PGN_LEX_FC_END;
        if (c < 0x80 && !(want & PGN_CC_STR))
            fast |= PGN_LEX_FC_VALUE;
        ck_assert_msg(pgn_lex_fc[c] == fast, "fast class of 0x%02x: %#x, want %#x", c,
                      pgn_lex_fc[c], fast);
        ck_assert_msg(pgn_lex_asym[c] == (asym ? 1 : 0), "asym of 0x%02x", c);
    }
}
END_TEST

#if PGN_LEX_ASYM_PAIRS
/* The pair table, for all 65,536 byte pairs, against the byte table: bit 0
 * for the pair's first byte in memory, bit 1 for its second. */
START_TEST(symbol_pair_table)
{
    for (unsigned a = 0; a < 256; a++)
        for (unsigned b = 0; b < 256; b++) {
            unsigned char pair[2] = {(unsigned char)a, (unsigned char)b};
            uint16_t w;
            memcpy(&w, pair, sizeof w);
            unsigned want = pgn_lex_asym[a] | (unsigned)pgn_lex_asym[b] << 1;
            ck_assert_msg(pgn_lex_asym2[w] == want, "pair 0x%02x 0x%02x: %u, want %u", a, b,
                          pgn_lex_asym2[w], want);
        }
}
END_TEST
#endif

/* RFC 3629 in pgn_lex_utf8_flags(): shortest forms only, no surrogates, no
 * code point past U+10FFFF; bytes that are not UTF-8 are Windows-1252 when
 * all of them are (80-FF but 81 8D 8F 90 9D), else bad; a sequence cut at
 * the end of a truncated text is not held against it. */
static const struct {
    const char *s;
    bool cut;
    unsigned flags;
} utf8_cases[] = {
    {"plain ASCII", false, 0},
    {"Citt\xc3\xa0 \xe2\x82\xac \xf0\x9f\x98\x80", false, 0}, /* 2, 3 and 4 bytes */
    {"\xc2\x80 \xdf\xbf", false, 0},                            /* U+0080, U+07FF */
    {"\xe0\xa0\x80 \xef\xbf\xbf", false, 0},                    /* U+0800, U+FFFF */
    {"\xf0\x90\x80\x80 \xf4\x8f\xbf\xbf", false, 0},          /* U+10000, U+10FFFF */
    {"\xc0\xaf", false, PGN_TOKF_CP1252}, /* overlong '/': read as Latin-1 "\xc0\xaf" */
    {"\xc1\xbf", false, PGN_TOKF_CP1252}, /* overlong U+007F */
    {"\xe0\x80\xaf", false, PGN_TOKF_CP1252},  /* overlong, 3 bytes: read as "\xe0\x80\xaf" */
    {"\xe0\x9f\xbf", false, PGN_TOKF_CP1252},  /* overlong U+07FF */
    {"\xf0\x8f\xbf\xbf", false, PGN_TOKF_BAD_UTF8},          /* overlong, 4 bytes: 8F undefined */
    {"\xed\xa0\x80", false, PGN_TOKF_CP1252},  /* surrogate D800 */
    {"\xf4\x90\x80\x80", false, PGN_TOKF_BAD_UTF8},          /* U+110000: 90 undefined */
    {"\xf5\x80\x80\x80", false, PGN_TOKF_CP1252},             /* lead byte F5 */
    {"D\x92" "Amico \x93Re\x94 \x96 \x85", false, PGN_TOKF_CP1252}, /* Windows-1252 ’ “ ” – … */
    {"\x80\x8a\x9f", false, PGN_TOKF_CP1252},                 /* € Š Ÿ */
    {"D\x92" "Amico \x81", false, PGN_TOKF_BAD_UTF8},             /* 81: undefined */
    {"\x8d", false, PGN_TOKF_BAD_UTF8},                         /* the five undefined */
    {"\x8f", false, PGN_TOKF_BAD_UTF8},
    {"\x90", false, PGN_TOKF_BAD_UTF8},
    {"\x9d M\xfcller", false, PGN_TOKF_BAD_UTF8},
    {"caf\xe9 M\xfcller", false, PGN_TOKF_CP1252},                /* Latin-1 letters */
    {"Citt\xc3", true, 0},                                        /* cut by truncation */
    {"Citt\xc3", false, PGN_TOKF_CP1252},                         /* not cut: Latin-1 \xc3 */
};

START_TEST(utf8_validation)
{
    const char *s = utf8_cases[_i].s;
    unsigned got = pgn_lex_utf8_flags((const unsigned char *)s, strlen(s), utf8_cases[_i].cut);
    ck_assert_msg(got == utf8_cases[_i].flags, "case %d: flags %#x, expected %#x", _i, got,
                  utf8_cases[_i].flags);
}
END_TEST

Suite *pgn_lex_suite(void);
Suite *pgn_lex_suite(void)
{
    Suite *s = suite_create("pgn_lex");
    TCase *tc = tcase_create("tokens");
    tcase_add_loop_test(tc, token_types, 0, sizeof cases / sizeof cases[0]);
    tcase_add_loop_test(tc, token_flags, 0, sizeof flag_cases / sizeof flag_cases[0]);
    tcase_add_test(tc, bom_only_at_start);
    tcase_add_loop_test(tc, utf8_validation, 0, sizeof utf8_cases / sizeof utf8_cases[0]);
    tcase_add_test(tc, nul_bytes_and_eof);
    tcase_add_test(tc, char_class_table);
#if PGN_LEX_ASYM_PAIRS
    tcase_add_test(tc, symbol_pair_table);
#endif
    suite_add_tcase(s, tc);
    tc = tcase_create("positions");
    tcase_add_test(tc, positions_crlf_bom);
    tcase_add_test(tc, span_of_tokens);
    suite_add_tcase(s, tc);
    tc = tcase_create("buffering_and_limits");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, limits);
    tcase_add_test(tc, chunking_invariant);
    tcase_add_test(tc, skip_to_tag_line);
    suite_add_tcase(s, tc);
    return s;
}
