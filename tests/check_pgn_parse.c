/*
 * check_pgn_parse.c - the game reader: event streams for well-formed games,
 * game boundaries, every recovery path and its diagnostic, limits (a
 * 1,000,000-deep variation), and the whole shared corpus with the game
 * counts other projects' test suites assert.  Every run also checks the event
 * grammar promised in pgn_parse.h.
 */
#include "testutil.h"

#include "pgn/input.h"
#include "pgn/pgn_lex.h"
#include "pgn/pgn_parse.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct sink {
    char *text; /* rendering of events and diagnostics */
    size_t len, cap;
    unsigned diags[DIAG_CODE_NB];
    unsigned notes;
    uint64_t games_begun, games_ended;
    unsigned max_depth;
    bool events; /* render events (off for big inputs) */
};

static void put(struct sink *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(struct sink *s, const char *fmt, ...)
{
    char item[512];
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(item, sizeof item, fmt, ap);
    va_end(ap);
    if (k < 0)
        return;
    if ((size_t)k >= sizeof item)
        k = sizeof item - 1;
    while (s->len + (size_t)k + 2 > s->cap) {
        s->cap = s->cap ? 2 * s->cap : 1024;
        s->text = realloc(s->text, s->cap);
    }
    if (s->len)
        s->text[s->len++] = ' ';
    memcpy(s->text + s->len, item, (size_t)k + 1);
    s->len += (size_t)k;
}

static void on_diag(void *ctx, const struct diag *d)
{
    struct sink *s = ctx;
    s->diags[d->code]++;
    if (d->severity == DIAG_NOTE)
        s->notes++;
    ck_assert_ptr_nonnull(d->message);
    ck_assert_ptr_nonnull(d->file);
    if (s->events)
        put(s, "!%s@%u:%u", diag_info(d->code)->name, d->loc.line, d->loc.column);
}

/* Pull every event, checking the grammar of pgn_parse.h as it goes. */
static void drain(struct pgn_parser *p, struct sink *s)
{
    struct pgn_event ev;
    bool open = false, movetext = false, result = false;
    unsigned depth = 0;
    while (pgn_parser_next_unfolded(p, &ev)) {
        if (ev.type == PGN_EV_GAME_BEGIN) {
            ck_assert_msg(!open, "GAME_BEGIN inside a game");
            ck_assert_uint_eq(ev.game, ++s->games_begun);
            open = true;
            movetext = result = false;
        } else {
            ck_assert_msg(open, "%s outside a game", pgn_event_type_name(ev.type));
            ck_assert_uint_eq(ev.game, s->games_begun);
            ck_assert_msg(!result || ev.type == PGN_EV_GAME_END, "%s after RESULT",
                          pgn_event_type_name(ev.type));
        }
        switch (ev.type) {
        case PGN_EV_GAME_BEGIN:
            if (s->events)
                put(s, "GB");
            break;
        case PGN_EV_TAG:
            ck_assert(!movetext);
            ck_assert_uint_eq(strlen(ev.name), ev.name_len);
            if (s->events)
                put(s, "T:%s=%.*s", ev.name, (int)ev.len, ev.text);
            break;
        case PGN_EV_MOVETEXT_BEGIN:
            ck_assert(!movetext);
            movetext = true;
            if (s->events)
                put(s, "MB");
            break;
        case PGN_EV_MOVE_NUMBER:
            ck_assert(movetext);
            if (s->events)
                put(s, "N%u.%u", ev.number, ev.dots);
            break;
        case PGN_EV_MOVE:
            ck_assert(movetext);
            if (s->events)
                put(s, "%.*s", (int)ev.len, ev.text);
            break;
        case PGN_EV_NAG:
            if (s->events)
                put(s, "$%u", ev.number);
            break;
        case PGN_EV_COMMENT:
            if (s->events)
                put(s, "{%.*s}", (int)(ev.len > 60 ? 60 : ev.len), ev.text);
            break;
        case PGN_EV_RAV_BEGIN:
            ck_assert(movetext);
            ck_assert_uint_eq(ev.depth, ++depth);
            ck_assert_uint_le(depth, PGN_PARSE_RAV_DEPTH_MAX);
            if (depth > s->max_depth)
                s->max_depth = depth;
            if (s->events)
                put(s, ev.number == PGN_RAV_CONTINUATION ? "(*" : "(");
            break;
        case PGN_EV_RAV_END:
            ck_assert_uint_gt(depth, 0);
            ck_assert_uint_eq(ev.depth, depth--);
            if (s->events)
                put(s, ev.cut_short ? ")~" : ")");
            break;
        case PGN_EV_RESULT:
            ck_assert(movetext);
            ck_assert_uint_eq(depth, 0);
            result = true;
            ck_assert_uint_eq(strlen(ev.text), ev.len);
            if (s->events)
                put(s, ev.number == PGN_RESULT_AMBIGUOUS ? "R?:%s" : "R:%s", ev.text);
            break;
        case PGN_EV_GAME_END:
            ck_assert(movetext);
            ck_assert_uint_eq(depth, 0);
            ck_assert_int_eq(ev.has_result, result);
            open = false;
            s->games_ended++;
            if (s->events)
                put(s, ev.cut_short ? "GE~" : "GE");
            break;
        default:
            ck_abort_msg("unknown event %d", ev.type);
        }
    }
    ck_assert_msg(!open, "a game without GAME_END");
    ck_assert_uint_eq(s->games_begun, pgn_parser_games(p));
    if (!s->text)
        put(s, "%s", "");
}

static void parse_mem(const char *src, size_t len, size_t chunk, struct sink *s)
{
    struct input *in = input_open_memory_chunked(src, len, chunk);
    struct pgn_parser *p = pgn_parser_new(in, on_diag, s);
    drain(p, s);
    ck_assert_uint_eq(pgn_parser_bytes(p), len);
    pgn_parser_free(p);
    input_close(in);
}

static void sink_free(struct sink *s) { free(s->text); }

static const struct {
    const char *in;
    const char *out;
} cases[] = {
    /* a plain game */
    {"[Event \"E\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n",
     "GB T:Event=E T:Result=1-0 MB N1.1 e4 e5 N2.1 Nf3 R:1-0 GE"},
    /* annotations, variations, black move numbers */
    {"1. e4!? {best by test} (1. d4 $1 (1. c4) 1... d5) 1... e5?! *",
     "GB MB N1.1 e4 $5 {best by test} ( N1.1 d4 $1 ( N1.1 c4 ) N1.3 d5 ) N1.3 e5 $6 R:* GE"},
    /* two games, the second tag section right after the result on the same line */
    {"[A \"1\"] 1. e4 1-0 [A \"2\"] 1. d4 0-1",
     "GB T:A=1 MB N1.1 e4 R:1-0 GE GB T:A=2 MB N1.1 d4 R:0-1 GE"},
    /* pgn4web's continuation "(* ...)": the '*' is no marker; a '*' later in
     * the variation is one (the variation's outcome, noted) */
    {"1. e4 e5 2. Nf3 (* 2... Nc6 ( *) 3. Bb5 *) (2. Nc3 *) Nc6 *",
     "GB MB N1.1 e4 e5 N2.1 Nf3 (* N2.3 Nc6 (* ) N3.1 Bb5 !syntax@1:41 ) ( N2.1 Nc3 "
     "!syntax@1:52 ) Nc6 R:* GE"},
    /* a main-line "0-0", "+/-" or "-/+" with nothing after it but the game's end
     * is delivered as the RESULT (R?: PGN_RESULT_AMBIGUOUS), no missing-result;
     * followed by anything else it is the move or glyph */
    {"1. e4 e5 0-0\n[A \"x\"]\n+/-\n[A \"y\"]\n1. d4 -/+\n",
     "GB MB N1.1 e4 e5 R?:0-0 GE GB T:A=x MB R?:+/- GE GB T:A=y MB N1.1 d4 R?:-/+ GE"},
    {"1. e4 0-0 1-0 1. d4 +/- {x} 0-0 0-0 *",
     "GB MB N1.1 e4 0-0 R:1-0 GE GB MB N1.1 d4 $16 {x} 0-0 0-0 R:* GE"},
    {"1. e4 (1. d4 0-0) 1/2-0", "GB MB N1.1 e4 ( N1.1 d4 0-0 ) R:1/2-0 GE"},
    /* ... but not where the input ends inside the line: "0-0-0" cut short? */
    {"1. e4 e5 0-0", "GB MB N1.1 e4 e5 0-0 !missing-result@1:13 GE~"},
    /* "(" then the end of the game: the variation opens and is closed */
    {"1. e4 ( *", "GB MB N1.1 e4 (* !syntax@1:10 !missing-result@1:10 )~ GE"},
    /* movetext-only games, one after another */
    {"1. e4 e5 1/2-1/2\n\n1. d4 *", "GB MB N1.1 e4 e5 R:1/2-1/2 GE GB MB N1.1 d4 R:* GE"},
    /* blank lines inside movetext do not split a game */
    {"[A \"x\"]\n\n1. e4\n\n1... e5\n\n2. Nf3 *", "GB T:A=x MB N1.1 e4 N1.3 e5 N2.1 Nf3 R:* GE"},
    /* ...but a blank line and move numbers starting over do */
    {"1. e4 e5 2. Nf3\n\n1. d4 *",
     "GB MB N1.1 e4 e5 N2.1 Nf3 !missing-result@3:1 GE GB MB N1.1 d4 R:* GE"},
    /* a tag section after movetext without result: missing-result, new game */
    {"[A \"1\"]\n1. e4\n[A \"2\"]\n1. d4 *",
     "GB T:A=1 MB N1.1 e4 !missing-result@3:1 GE GB T:A=2 MB N1.1 d4 R:* GE"},
    /* missing result at the end of input */
    {"1. e4 e5", "GB MB N1.1 e4 e5 !missing-result@1:9 GE~"},
    /* tag-only games: a blank line, then a tag the game already has */
    {"[Event \"a\"]\n[Site \"b\"]\n\n[Event \"c\"]\n",
     "GB T:Event=a T:Site=b !missing-result@4:1 MB GE GB T:Event=c !missing-result@5:1 MB GE"},
    /* a blank line inside a tag section (ChessBase) does not split */
    {"[Event \"a\"]\n\n[Date \"b\"]\n\n1. e4 *", "GB T:Event=a T:Date=b MB N1.1 e4 R:* GE"},
    /* comments between games belong to no game */
    {"1. e4 1-0 {trailing} ; more\n\n1. d4 0-1", "GB MB N1.1 e4 R:1-0 GE GB MB N1.1 d4 R:0-1 GE"},
    /* duplicate and malformed tags */
    {"[A \"1\"]\n[A \"2\"]\n*", "GB T:A=1 !bad-tag@2:1 T:A=2 MB R:* GE"},
    {"[A]\n[B \"x\"]\n*", "GB !bad-tag@1:1 T:B=x MB R:* GE"},
    {"[\"x\"]\n*", "GB !bad-tag@1:1 MB R:* GE"},
    {"[A \"x\"\n[B \"y\"]\n*", "GB !bad-tag@1:1 T:A=x T:B=y MB R:* GE"},
    {"[A \"open]\n[B \"y\"]\n*", "GB !bad-tag@1:4 T:A=open T:B=y MB R:* GE"},
    {"[A \"a \"b\" c\"]\n*", "GB !bad-tag@1:4 T:A=a \"b\" c MB R:* GE"},
    {"[A \"x\"\n1. e4 *", "GB !bad-tag@1:1 T:A=x MB N1.1 e4 R:* GE"},
    /* syntax errors recovered locally */
    {"1. e4 & e5 *", "GB MB N1.1 e4 !syntax@1:7 e5 R:* GE"},
    {"1. e4 ) e5 *", "GB MB N1.1 e4 !syntax@1:7 e5 R:* GE"},
    {"1. e4 \"str\" e5 *", "GB MB N1.1 e4 !syntax@1:7 e5 R:* GE"},
    {"1. e4 ] e5 *", "GB MB N1.1 e4 !syntax@1:7 e5 R:* GE"},
    {"0. e4 *", "GB MB !syntax@1:1 e4 R:* GE"},
    {"1. e4 {open\n[A \"x\"] *",
     "GB MB N1.1 e4 !syntax@1:7 !missing-result@2:1 GE GB T:A=x MB R:* GE"},
    {"1. e4 {never closed", "GB MB N1.1 e4 !syntax@1:7 !missing-result@1:20 GE~"},
    /* unterminated variations are closed before the result / the end */
    {"1. e4 (1. d4 (1. c4 *", "GB MB N1.1 e4 ( N1.1 d4 ( N1.1 c4 !syntax@1:22 ) ) R:* GE"},
    {"1. e4 (1. d4 (1. c4 )", "GB MB N1.1 e4 ( N1.1 d4 ( N1.1 c4 ) !syntax@1:22 !missing-result@1:22 )~ GE"},
    {"1. e4 (1. d4", "GB MB N1.1 e4 ( N1.1 d4 !syntax@1:13 !missing-result@1:13 )~ GE"},
    /* stray bytes between games */
    {"1. e4 * ) & [A \"x\"] *", "GB MB N1.1 e4 R:* GE !syntax@1:9 !syntax@1:11 GB T:A=x MB R:* GE"},
    /* tolerated spellings */
    {"[pgn] 1. e4 e5 \xc2\xbd-\xc2\xbd [/pgn]", "GB MB N1.1 e4 e5 !syntax@1:16 R:1/2-1/2 GE"},
    {"1. e4 e5 1/2", "GB MB N1.1 e4 e5 !syntax@1:10 R:1/2-1/2 GE"},
    {"1. e4 \xc2\xbd", "GB MB N1.1 e4 !syntax@1:7 R:1/2-1/2 GE"},
    /* a result marker inside a variation is the variation's (a note when it
     * closes); the game goes on.  Never closed, it was the game's. */
    {"1. e4 (1. d4 d5 1/2-1/2) e5 1-0",
     "GB MB N1.1 e4 ( N1.1 d4 d5 !syntax@1:17 ) e5 R:1-0 GE"},
    {"1. e4 (1. d4 d5 0-1\n\n[A \"x\"] *",
     "GB MB N1.1 e4 ( N1.1 d4 d5 !syntax@3:1 ) R:0-1 GE GB T:A=x MB R:* GE"},
    /* "((": a warning, once per game */
    {"1. e4 ((1. d4) (1. c4)) ((1. f4)) *",
     "GB MB N1.1 e4 ( !syntax@1:8 ( N1.1 d4 ) ( N1.1 c4 ) ) ( ( N1.1 f4 ) ) R:* GE"},
    /* annotation glyphs: ASCII, UTF-8 (also right after a move); N and RR
     * come as moves (the replay skips them: CLI case check-wild-glyphs) */
    {"1. e4 \xc2\xb1 e5 \xe2\x88\x9e 2. Nf3\xe2\xa9\xb2 N Nc6 RR \xe2\x96\xa1 *",
     "GB MB N1.1 e4 $16 e5 $13 N2.1 Nf3 $14 N Nc6 RR $7 R:* GE"},
    /* the input ends inside a line of movetext: cut short */
    {"1. e4 e5 2. B", "GB MB N1.1 e4 e5 N2.1 B !missing-result@1:14 GE~"},
    {"1. e4 (1. d4 B", "GB MB N1.1 e4 ( N1.1 d4 B !syntax@1:15 !missing-result@1:15 )~ GE"},
    {"1. e4 e5\n", "GB MB N1.1 e4 e5 !missing-result@2:1 GE"},
    {"1. exd6 e.p. +- *", "GB MB N1.1 exd6 e.p. $18 R:* GE"},
    /* the suffix after one blank is the move's; alone, it is dropped */
    {"1. f4 exf3 e.p.+ 2. Kxf3 *", "GB MB N1.1 f4 exf3 e.p.+ N2.1 Kxf3 R:* GE"},
    {"1. f4 exf3\ne.p.# 2. Kxf3 *", "GB MB N1.1 f4 exf3 N2.1 Kxf3 R:* GE"},
    {"1. f4 exf3  e.p.+! *", "GB MB N1.1 f4 exf3 $1 R:* GE"},
    /* brace comments do not nest (PGN 5): no move is swallowed */
    {"1. e4 {a{b} e5 2. Nf3 *", "GB MB N1.1 e4 {a{b} e5 N2.1 Nf3 R:* GE"},
    {"%comment line\n1. e4 *", "GB MB N1.1 e4 R:* GE"},
    /* encodings: Windows-1252 (Latin-1 included) is a note once per input;
     * the bytes it leaves undefined warn once per game */
    {"[W \"M\xfcller\"]\n[B \"J\xf6rg\"]\n{\xe9t\xe9} *",
     "GB !encoding@1:4 T:W=M\xfcller T:B=J\xf6rg MB {\xe9t\xe9} R:* GE"},
    {"[W \"D\x92" "Amico\"]\n[B \"M\xfcller\"]\n{\x93la\x94 \x96 x} *",
     "GB !encoding@1:4 T:W=D\x92" "Amico T:B=M\xfcller MB {\x93la\x94 \x96 x} R:* GE"},
    {"[W \"\x81\"]\n[B \"\x94\"] *\n[W \"\x81\"] *",
     "GB !encoding@1:4 T:W=\x81 !encoding@2:4 T:B=\x94 MB R:* GE GB !encoding@3:4 T:W=\x81 MB R:* GE"},
    /* columns count characters, not bytes: after a comment, a glyph, a
     * multi-line comment and a tag value with non-ASCII text */
    {"1. e4 {\xc3\xa8} & *", "GB MB N1.1 e4 {\xc3\xa8} !syntax@1:11 R:* GE"},
    {"1. e4\xc2\xb1 & *", "GB MB N1.1 e4 $16 !syntax@1:8 R:* GE"},
    {"1. e4 {a\n\xc3\xa8 \xc3\xa8} & *", "GB MB N1.1 e4 {a\n\xc3\xa8 \xc3\xa8} !syntax@2:6 R:* GE"},
    {"[A \"\xc3\xa8\"] [B \"x\"\n*", "GB T:A=\xc3\xa8 !bad-tag@1:9 T:B=x MB R:* GE"},
    /* no game at all: a warning */
    {"", "!syntax@1:1"},
    {"  \n\n  ", "!syntax@3:3"},
    {"{nothing}\n", "!syntax@2:1"},
};

START_TEST(event_streams)
{
    static const size_t chunks[] = {0, 1, 3};
    for (size_t c = 0; c < 3; c++) {
        struct sink s = {.events = true};
        parse_mem(cases[_i].in, strlen(cases[_i].in), chunks[c], &s);
        ck_assert_msg(strcmp(s.text, cases[_i].out) == 0, "input '%s' chunk %zu:\n got '%s'\nwant '%s'",
                      cases[_i].in, chunks[c], s.text, cases[_i].out);
        ck_assert_uint_eq(s.games_begun, s.games_ended);
        sink_free(&s);
    }
}
END_TEST

/* What the diagnostics say: the damage and the bytes skipped. */
static char last_msg[512];
static void keep_msg(void *ctx, const struct diag *d)
{
    (void)ctx;
    if (!last_msg[0])
        snprintf(last_msg, sizeof last_msg, "%s", d->message);
}

START_TEST(message_texts)
{
    static const struct {
        const char *in, *msg;
    } m[] = {
        {"1. e4 &&& e5 *", "stray character '&' (3 bytes skipped)"},
        {"1. e4 {open", "unterminated comment: '{' without '}' (5 bytes skipped)"},
        {"1. e4 ) *", "')' without '(' (1 byte skipped)"},
        {"1. e4 (e5 *", "unterminated variation: 1 '(' without ')'"},
        {"1. e4\n", "the movetext ends without a termination marker"},
        {"1. e4", "the input ends in the middle of a line of movetext, without a termination "
                  "marker: the game is truncated"},
        {"1. e4 (1. d4 1-0) e5 *", "result marker 1-0 inside a variation: read as the "
                                   "variation's outcome; the game goes on"},
        {"", "no games found: the input holds no tag pair and no movetext"},
        {"[A \"1\"]\n[A \"2\"]", "duplicate tag A"},
        {"[A \"\x81\"]", "tag value is not valid UTF-8"},
    };
    for (size_t i = 0; i < sizeof m / sizeof m[0]; i++) {
        last_msg[0] = '\0';
        struct input *in = input_open_memory(m[i].in, strlen(m[i].in));
        struct pgn_parser *p = pgn_parser_new(in, keep_msg, NULL);
        struct pgn_event ev;
        while (pgn_parser_next(p, &ev))
            ;
        pgn_parser_free(p);
        input_close(in);
        ck_assert_str_eq(last_msg, m[i].msg);
    }
}
END_TEST

/* A diagnostic carries the file name, the game, the severity. */
static struct diag seen;
static char seen_file[64];
static void keep_diag(void *ctx, const struct diag *d)
{
    (void)ctx;
    seen = *d;
    snprintf(seen_file, sizeof seen_file, "%s", d->file);
}

/* The last diagnostic of src. */
static void last_diag_of(const char *src)
{
    struct input *in = input_open_memory(src, strlen(src));
    struct pgn_parser *p = pgn_parser_new(in, keep_diag, NULL);
    struct pgn_event ev;
    memset(&seen, 0, sizeof seen);
    while (pgn_parser_next(p, &ev))
        ;
    pgn_parser_free(p);
    input_close(in);
}

START_TEST(diag_context)
{
    last_diag_of("1. e4 *\n[A \"x\"] [A \"y\"] 1. d4 *");
    ck_assert_int_eq(seen.code, DIAG_BAD_TAG);
    ck_assert_int_eq(seen.severity, DIAG_WARNING);
    ck_assert_uint_eq(seen.game, 2);
    ck_assert_uint_eq(seen.loc.line, 2);
    ck_assert_uint_eq(seen.loc.column, 9);
    ck_assert_uint_eq(seen.loc.offset, 16);
    ck_assert_str_eq(seen_file, "<memory>");
    /* The Latin-1 note is about the input: no game, though met in game 2. */
    last_diag_of("1. e4 *\n[A \"\xe9\"] 1. d4 *");
    ck_assert_int_eq(seen.code, DIAG_ENCODING);
    ck_assert_int_eq(seen.severity, DIAG_NOTE);
    ck_assert(pgn_parse_once_per_input(&seen));
    ck_assert_uint_eq(seen.game, 0);
    ck_assert_uint_eq(seen.loc.line, 2);
    ck_assert_uint_eq(seen.loc.column, 4);
    ck_assert_uint_eq(seen.loc.offset, 11);
}
END_TEST

/* After PGN_PARSE_ERRORS_MAX errors the movetext is skipped to the next game. */
START_TEST(hopeless_movetext_skips_to_next_game)
{
    char src[4096] = "[A \"1\"]\n1. e4";
    for (int i = 0; i < 40; i++)
        strcat(src, " &");
    strcat(src, " e5 *\n[A \"2\"]\n1. d4 *\n");
    struct sink s = {.events = true};
    parse_mem(src, strlen(src), 0, &s);
    ck_assert_uint_eq(s.games_begun, 2);
    ck_assert_uint_eq(s.diags[DIAG_SYNTAX], PGN_PARSE_ERRORS_MAX);
    ck_assert_msg(strstr(s.text, "GB T:A=2 MB N1.1 d4 R:* GE"), "%s", s.text);
    ck_assert_msg(!strstr(s.text, "e5"), "the rest of game 1 is skipped: %s", s.text);
    sink_free(&s);
}
END_TEST

/* Binary garbage: counted, diagnosed, no crash, bounded diagnostics. */
START_TEST(garbage)
{
    size_t n = 1 << 20;
    unsigned char *g = malloc(n);
    uint32_t x = 12345;
    for (size_t i = 0; i < n; i++) {
        x = x * 1103515245u + 12345u;
        g[i] = (unsigned char)(x >> 24);
    }
    struct sink s = {0};
    parse_mem((const char *)g, n, 0, &s);
    ck_assert_uint_ge(s.games_begun, 1);
    ck_assert_uint_eq(s.games_begun, s.games_ended);
    free(g);
    sink_free(&s);
}
END_TEST

static char *deep_rav(size_t depth, bool close)
{
    char *s = malloc(3 * depth + 32), *w = s;
    w += sprintf(w, "1. e4 ");
    for (size_t i = 0; i < depth; i++)
        *w++ = '(';
    w += sprintf(w, "1. d4 ");
    for (size_t i = 0; close && i < depth; i++)
        *w++ = ')';
    w += sprintf(w, " e5 *");
    return s;
}

/* UTF-8 text as UTF-16 with a byte order mark (big or little endian). */
static size_t to_utf16(const char *utf8, bool big, unsigned char *out)
{
    const unsigned char *u = (const unsigned char *)utf8;
    size_t n = 0;
    out[n++] = big ? 0xfe : 0xff;
    out[n++] = big ? 0xff : 0xfe;
    while (*u) {
        unsigned long c;
        int k = *u < 0x80 ? 0 : *u < 0xe0 ? 1 : *u < 0xf0 ? 2 : 3;
        c = k == 0 ? *u : k == 1 ? (*u & 0x1fu) : k == 2 ? (*u & 0x0fu) : (*u & 0x07u);
        for (int i = 1; i <= k; i++)
            c = c << 6 | (u[i] & 0x3fu);
        u += k + 1;
        unsigned units[2] = {(unsigned)c, 0};
        int nu = 1;
        if (c >= 0x10000) {
            units[0] = 0xd800 + (unsigned)((c - 0x10000) >> 10);
            units[1] = 0xdc00 + (unsigned)((c - 0x10000) & 0x3ff);
            nu = 2;
        }
        for (int i = 0; i < nu; i++) {
            out[n++] = (unsigned char)(big ? units[i] >> 8 : units[i] & 0xff);
            out[n++] = (unsigned char)(big ? units[i] & 0xff : units[i] >> 8);
        }
    }
    return n;
}

START_TEST(utf16_read_as_utf8)
{
    /* a Windows "Unicode" save: the same events as the UTF-8 text, at the
     * same lines and columns, whatever sizes the reads come in; a note first */
    static const char text[] = "[White \"Niccol\xc3\xb2\"]\r\n\r\n1. e4 {\xf0\x9d\x84\x9e "
                               "\xe2\x99\x98} e5 2. Nf3 \xc2\xb1 & 1-0\r\n";
    static unsigned char buf[512];
    struct sink want = {.events = true};
    parse_mem(text, strlen(text), 0, &want);
    char expected[1024];
    snprintf(expected, sizeof expected, "!encoding@1:1 %s", want.text);
    static const size_t chunks[] = {0, 1, 2, 3, 5};
    for (int big = 0; big < 2; big++)
        for (size_t c = 0; c < sizeof chunks / sizeof *chunks; c++) {
            size_t n = to_utf16(text, big, buf);
            struct sink s = {.events = true};
            struct input *in = input_open_memory_chunked(buf, n, chunks[c]);
            struct pgn_parser *p = pgn_parser_new(in, on_diag, &s);
            drain(p, &s);
            pgn_parser_free(p);
            input_close(in);
            ck_assert_msg(strcmp(s.text, expected) == 0, "big %d chunk %zu:\n got '%s'\nwant '%s'",
                          big, chunks[c], s.text, expected);
            sink_free(&s);
        }
    sink_free(&want);
}
END_TEST

START_TEST(million_deep_variation)
{
    char *src = deep_rav(1000000, true);
    struct sink s = {0};
    parse_mem(src, strlen(src), 0, &s);
    ck_assert_uint_eq(s.games_begun, 1);
    ck_assert_uint_eq(s.max_depth, PGN_PARSE_RAV_DEPTH_MAX);
    ck_assert_uint_eq(s.diags[DIAG_SYNTAX], 2); /* the skip, and "((" once */
    ck_assert_uint_eq(s.diags[DIAG_MISSING_RESULT], 0);
    free(src);

    src = deep_rav(1000000, false); /* never closed */
    struct sink u = {0};
    parse_mem(src, strlen(src), 0, &u);
    ck_assert_uint_eq(u.games_begun, 1);
    ck_assert_uint_eq(u.max_depth, PGN_PARSE_RAV_DEPTH_MAX);
    ck_assert_uint_eq(u.diags[DIAG_SYNTAX], 2); /* unterminated variation, "((" once */
    free(src);
    sink_free(&s);
    sink_free(&u);
}
END_TEST

START_TEST(too_many_tags)
{
    size_t cap = 64 * (PGN_PARSE_TAGS_MAX + 10);
    char *src = malloc(cap), *w = src;
    for (int i = 0; i < PGN_PARSE_TAGS_MAX + 10; i++)
        w += sprintf(w, "[T%d \"v\"]\n", i);
    sprintf(w, "1. e4 *");
    struct sink s = {0};
    parse_mem(src, strlen(src), 0, &s);
    ck_assert_uint_eq(s.games_begun, 1);
    ck_assert_uint_eq(s.diags[DIAG_BAD_TAG], 1);
    free(src);
    sink_free(&s);
}
END_TEST

/* A corrupt compressed input ends the game with an `input` diagnostic. */
START_TEST(input_error_ends_game)
{
    /* gzip header of a stream cut after a few bytes of deflate data */
    static const unsigned char gz[] = {0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03,
                                       0x8b, 0x76, 0x2d, 0x4b};
    struct sink s = {0};
    struct input *in = input_open_memory(gz, sizeof gz);
    struct pgn_parser *p = pgn_parser_new(in, on_diag, &s);
    drain(p, &s);
    ck_assert_uint_eq(s.diags[DIAG_INPUT], 1);
    pgn_parser_free(p);
    input_close(in);
    sink_free(&s);
}
END_TEST

/* Files of testdata/pgn: the event stream does not depend on read sizes. */
START_TEST(testdata_chunk_invariant)
{
    static const char *const files[] = {"pgn/regress/fuzz-quote-refill.pgn",
                                        "pgn/regress/fuzz-lookahead-window.pgn", "sample.pgn",
                                        "pgn/fromCrafty.pgn", "pgn/leading-whitespace.pgn",
                                        "pgn/bom-mid-stream.pgn", "pgn/bom-glued.pgn",
                                        "pgn/comment-after-tag.pgn",
                                        "pgn/stray-line-between-tags.pgn",
                                        "pgn/tag-line-in-comment.pgn",
                                        "pgn/tags-only-no-blank.pgn", "pgn/nul-in-tag.pgn"};
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        size_t len;
        char *src = read_file(testdata_path(files[f]), &len);
        ck_assert_msg(src != NULL, "cannot read %s", files[f]);
        struct sink ref = {.events = true};
        parse_mem(src, len, 0, &ref);
        for (size_t chunk = 1; chunk < 64; chunk += 3) {
            struct sink s = {.events = true};
            parse_mem(src, len, chunk, &s);
            ck_assert_msg(strcmp(ref.text, s.text) == 0, "%s: chunk %zu differs", files[f], chunk);
            sink_free(&s);
        }
        sink_free(&ref);
        free(src);
    }
}
END_TEST

/* ---- The fast paths (moves, move numbers, tag pairs) change nothing ---- */

/* Everything a consumer can see, one line per event or diagnostic. */
struct full {
    char *text;
    size_t len, cap;
};

static void full_put(struct full *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void full_put(struct full *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    while (f->len + (size_t)k + 1 > f->cap) {
        f->cap = f->cap ? 2 * f->cap : 4096;
        f->text = realloc(f->text, f->cap);
    }
    va_start(ap, fmt);
    vsnprintf(f->text + f->len, (size_t)k + 1, fmt, ap);
    va_end(ap);
    f->len += (size_t)k;
}

static void full_diag(void *ctx, const struct diag *d)
{
    full_put(ctx, "!%s %u:%u@%llu g%llu %s\n", diag_info(d->code)->name, d->loc.line,
             d->loc.column, (unsigned long long)d->loc.offset, (unsigned long long)d->game,
             d->message);
}

static char *parse_full(const char *src, size_t len, size_t chunk, bool fast)
{
    struct full f = {0};
    struct input *in = input_open_memory_chunked(src, len, chunk);
    struct pgn_parser *p = pgn_parser_new(in, full_diag, &f);
    if (!fast)
        pgn_parser_set_fast_paths(p, false);
    struct pgn_event ev;
    while (pgn_parser_next_unfolded(p, &ev)) {
        full_put(&f, "%s %u:%u@%llu g%llu d%u n%u.%u r%d", pgn_event_type_name(ev.type),
                 ev.loc.line, ev.loc.column, (unsigned long long)ev.loc.offset,
                 (unsigned long long)ev.game, ev.depth, ev.number, ev.dots, ev.has_result);
        if (ev.name) {
            ck_assert_uint_eq(strlen(ev.name), ev.name_len);
            full_put(&f, " %s=", ev.name);
        } else {
            ck_assert_uint_eq(ev.name_len, 0);
        }
        if (ev.text)
            full_put(&f, " [%.*s]", (int)ev.len, ev.text);
        else
            ck_assert_uint_eq(ev.len, 0);
        if (ev.type == PGN_EV_TAG || ev.type == PGN_EV_RESULT) /* NUL-terminated */
            ck_assert_int_eq(ev.text[ev.len], 0);
        full_put(&f, "\n");
    }
    full_put(&f, "bytes %llu games %llu\n", (unsigned long long)pgn_parser_bytes(p),
             (unsigned long long)pgn_parser_games(p));
    pgn_parser_free(p);
    input_close(in);
    return f.text;
}

/* The reference is the token-by-token path reading everything at once; the
 * fast paths must give the same, whatever the read sizes (a token cut by a
 * read lands at the edge of the look-ahead window, where they give up). */
static void same_with_fast_paths(const char *what, const char *src, size_t len,
                                 const size_t *chunks, size_t nchunks)
{
    char *ref = parse_full(src, len, 0, false);
    for (size_t c = 0; c < nchunks; c++) {
        for (int fast = 0; fast < 2; fast++) {
            char *got = parse_full(src, len, chunks[c], fast);
            if (strcmp(ref, got) != 0) {
                size_t i = 0;
                while (ref[i] == got[i])
                    i++;
                while (i > 0 && ref[i - 1] != '\n')
                    i--;
                ck_abort_msg("%s: chunk %zu, fast paths %s: differs at\n got %.200s\nwant %.200s",
                             what, chunks[c], fast ? "on" : "off", got + i, ref + i);
            }
            free(got);
        }
    }
    free(ref);
}

/* Inputs at the edges of the fast paths: what they take and what they must
 * leave to the general path. */
static const char *const fast_cases[] = {
    /* CRLF, blank lines, tags and movetext on one line */
    "[Event \"a\"]\r\n[Site \"b\"]\r\n\r\n1.e4 e5\r\n2.Nf3 Nc6 *\r\n",
    "[A \"1\"] 1. e4 1-0 [A \"2\"] 1. d4 0-1\n",
    "[A \"x\"][B \"y\"]\n1.e4 *",
    /* tag pair spellings: no blank, tabs, blanks before ']', ']' inside, escapes,
     * inner quotes, CR before ']', line break inside, empty value, no value */
    "[A\"x\"]\n[B\t\t\"y\"\t ]\n[C \"a]b\"]\n[D \"a\\\"b\"]\n[E \"a \"b\" c\"]\n*",
    "[A \"x\"\r]\n[B\n\"y\"]\n[C \"\"]\n[D]\n[ E \"e\"]\n[F \"f\" G]\n*",
    "[A \"x\"\n[B \"y]\n[C \"z\"]\n1. e4 *",
    /* tag names: digits, symbol bytes, a wrapper, a period, non-ASCII */
    "[pgn][A1_+#=:-/ \"x\"]\n[pgn \"y\"]\n[A.b \"z\"]\n[\xc3\xa9 \"w\"]\n[1A \"v\"]\n*[/pgn]",
    /* encodings in values: Latin-1 and bad UTF-8 go the general way */
    "[W \"M\xfcller\"]\n[B \"J\xc3\xb6rg\"]\n[C \"\x81\"]\n*",
    /* Windows-1252: values, comments, a move glued to a quote, markers */
    "[W \"D\x92" "Amico\"]\n[E \"A \x96 B\"]\n\n1. e4 {\x93" "bene\x94 \x85} e5 2. Nf3\x92 "
    "Nc6 \xbd-\xbd\n\n[W \"x\"]\n\n1. d4 1\x96" "0",
    /* duplicates and the tag-only game split (blank line, then a tag seen) */
    "[A \"1\"]\n[A \"2\"]\n[B \"3\"]\n\n[C \"4\"]\n\n[A \"5\"]\n\n[A \"6\"]\n",
    /* move numbers: dots, blanks, ellipsis, 0, ten digits, no dot */
    "1.e4 1...e5 2. Nf3 2... Nc6 3 . Bb5 3. ... a6 4\xe2\x80\xa6" " Ba4 5.. O-O 6 Re1 "
    "0. x 1234567890. e4 123456789. e4 7.\te4 8.\t...e5 *",
    /* movetext: suffixes, NAGs, e.p., checks, promotions, null moves, glyphs,
     * non-ASCII inside a move, results glued on */
    "1. e4! e5?? 2. Nf3!? $14 Nc6 3. exd6e.p. exd6 e.p. 4. e8=Q+ Kxe8# 5. -- Z0 "
    "6. +- a\x80" "b \xc2\xbd-\xc2\xbd\n1. d4 e5 1-0",
    "1.e4(1.d4 d5(1...Nf6))e5{c}2.Nf3;x\n2...Nc6%no\n%line\n3.Bb5 *",
    /* an en passant suffix after one blank, which the fast paths leave to
     * the general one (it takes the two as one move), and its neighbours */
    "1. f4 exf3 e.p.+ 2. Kxf3 exd6 e.p. 3.exd6 ep# e4 ep exd6  e.p. exd6\ne.p.+ 4. exd6 e.p.+!? "
    "5.exd6 e.p.# 6... exd6 epx exd6 e.p.x exd6 e.p.+++ exd6 e.pp exd6 e5 exd6 e.p.{c} *",
    "1. exd6 e",
    "1. exd6 e.",
    "1. exd6 e.p",
    "1. exd6 ep",
    "1. exd6 e.p.",
    /* moves of every length around the four bytes the scan adds up at once,
     * each followed by every kind of byte that can end it or not */
    "1. a b2 Nf3 exd5 Bxe7+ Nbxd7+ exd8=Q+ a1234567 a12345678 *\n"
    "1. Nxd5! Nxd5? Bxe7+!? Bxe7+$1 Nxd5{c} (Nxd5) Bxe7+) Nxd5. Bxe7.x Nxd5\xc3\xa9 Bxe7+\x80 "
    "Nxd5\te5 Nxd5\r\nBxe7+\ne4;c\nNxd5\"s\" Bxe7+[ *\n"
    "1. Nxd5",
    "1. Bxe7+",
    "1. e",
    /* a blank line and the move numbers starting over: a new game */
    "1. e4 e5 2. Nf3\n\n1. d4 *\n\n\n3. c4 *",
    "1. e4\r\n\r\n1... e5\r\n\r\n2. Nf3 *",
    "1. e4 e5 2. \xe2\x80\xa6" " Nc6 3.\t\xe2\x80\xa6" "Bb5 *",
    /* the inlined move numbers (1 to 3 digits, one dot, then a letter or a
     * space and a letter) and their neighbours */
    "1.e4 9. e5 10.Nf3 99. Nc6 100.Bb5 999. a6 1000.Ba4 1001. Nf6 00.O-O 01.Be7 "
    "0.x 000.y 1.  Re1 2.\tb5 3.\ne4 4.$1 5.(e4) 6.. Bb3 7.0-0 8. 0-0 *",
    "1. e4 e5\n\n12.Nf3 *\n\n2. e4 *\n\n1.e4 *",
    /* the inlined "12..." (three dots, then a letter or a space and a
     * letter) and its neighbours: other dot counts, blanks, non-moves */
    "1...e5 2... Nc6 3...  Bb5 4...\ta6 5.... Ba4 6..Nf6 7...\nO-O 8...$1 9...(Be7) "
    "99... Re1 100...b5 999... Bb3 1000...d6 0...x 00...y 10...0-0 11...{c} 12... .e5 "
    "13...\xe2\x80\xa6 c3 14... ... h6 *",
    "1. e4 e5\n\n12...Nf3 *\n\n2... e4 *",
    "1...",
    "1... ",
    "1...e",
    "1..",
    /* a string right after a move that follows "[1." is no tag value */
    "[1. e4 \"a\" b\" c *",
    /* stray bytes, strings and brackets in movetext */
    "1. e4 & e5 \"s\" ] ) 2. Nf3 *",
    /* no final line break, tokens at the very end of the input */
    "[A \"x\"]\n1. e4 e5",
    "1. e4 Nf3",
    "[A \"x\"]",
    "1.",
    "\xef\xbb\xbf[A \"x\"]\n1. e4 *",
    /* comments the movetext fast path takes (one line, closed, ASCII, no
     * inner brace) and those it leaves: a '{' inside (text: PGN 5), a line feed, UTF-8, Latin-1,
     * a NUL, unclosed, a tag line after an unclosed one, empty, glued */
    "1. e4 { [%clk 0:05:00] } 1... e5 {[%clk 0:05:00]} 2. Nf3 {} Nc6{x}3.Bb5{y}a6 *\n",
    "1. e4 {a{b} e5 {a {nested} b} e5 {two\nlines} 2. Nf3 {\xc3\xa9t\xc3\xa9} Nc6 {M\xfcller} *\n",
    "1. e4 {cr\r} e5 2. Nf3 { [ ] ( ) ; % \" } Nc6 *\n",
    "1. e4 {unclosed e5 2. Nf3\n[Event \"next\"]\n1. d4 *\n",
    "1. e4 e5 {the end}",
    "1. e4 e5 {open at the end",
    "{first} 1. e4 ({in a variation} e5 {after}) {before the result} 1-0\n",
    /* comments right after a move, which the fast path takes with it (one
     * space, then a comment it would take alone), and their neighbours */
    "1. e4 {} 1... e5 { [%eval 0.17] [%clk 0:04:58] } 2. Nf3+ {x} Nc6  {two} 3. Bb5\t{tab} "
    "a6\n{next line} 4. Ba4 {a {b} c} Nf6 {\xc3\xa9} 5. O-O {line\nfeed} Be7 (5... b5 {v}) "
    "6. Re1 {unclosed",
    "1. e4 {a}",
    "1. e4 {",
    "1. e4 {a} e5 {b}\n1-0 {c} [A \"x\"] 1. d4 {d} *",
};

START_TEST(fast_paths_edge_cases)
{
    static const size_t chunks[] = {0, 1, 2, 3, 5, 7, 11, 64};
    for (size_t i = 0; i < sizeof fast_cases / sizeof fast_cases[0]; i++)
        same_with_fast_paths(fast_cases[i], fast_cases[i], strlen(fast_cases[i]), chunks,
                             sizeof chunks / sizeof chunks[0]);
}
END_TEST

/* The fast path takes a move and the comment right after it as one
 * MOVE_COMMENTED event (and pgn_parser_next_unfolded() gives the two back):
 * the fold happens where it should, and only there. */
START_TEST(fast_path_folds_comments)
{
    static const char src[] = "1. e4 { [%clk 0:05:00] } 1... e5 {} 2. Nf3 {a} Nc6{glued} "
                              "3. Bb5  {two spaces} a6 {a {nested} one} 4. Ba4 {x} *\n";
    for (int fast = 0; fast < 2; fast++) {
        struct input *in = input_open_memory(src, sizeof src - 1);
        struct pgn_parser *p = pgn_parser_new(in, NULL, NULL);
        pgn_parser_set_fast_paths(p, fast);
        struct pgn_event ev;
        char folded[128] = "";
        while (pgn_parser_next(p, &ev))
            if (ev.type == PGN_EV_MOVE_COMMENTED) {
                struct pgn_event c;
                pgn_event_comment(&ev, &c);
                snprintf(folded + strlen(folded), sizeof folded - strlen(folded), "%.*s{%.*s}@%u ",
                         (int)ev.len, ev.text, (int)c.len, c.text, (unsigned)c.loc.column);
            }
        ck_assert_str_eq(folded,
                         fast ? "e4{ [%clk 0:05:00] }@7 e5{}@34 Nf3{a}@44 Ba4{x}@107 " : "");
        pgn_parser_free(p);
        input_close(in);
    }
}
END_TEST

/* Online games' clock comments "{ [%clk 0:05:00] }", which the fast paths
 * recognise by their shape: every byte of the shape replaced by every other
 * byte, each after a move (to be taken with it) and alone; the same events
 * as the general path's. */
START_TEST(fast_paths_clock_comments)
{
    static const char clock[] = "{ [%clk 0:05:00] }";
    static const size_t chunks[] = {0, 7, 64};
    char *src = malloc(2 * 18 * 256 * 32 + 64), *w = src;
    for (int at = 0; at < 18; at++)
        for (int b = 0; b < 256; b++) {
            char c[sizeof clock];
            memcpy(c, clock, sizeof clock);
            c[at] = (char)b;
            w += sprintf(w, "e4 ");
            memcpy(w, c, 18);
            w += 18;
            w += sprintf(w, " %s ", clock); /* after a comment: alone */
        }
    w += sprintf(w, "e4 %s", clock); /* at the very end */
    same_with_fast_paths("clock comments", src, (size_t)(w - src), chunks,
                         sizeof chunks / sizeof chunks[0]);
    same_with_fast_paths("a clock comment cut short", src, (size_t)(w - src) - 1, chunks,
                         sizeof chunks / sizeof chunks[0]);
    free(src);
}
END_TEST

/* Tag values scanned 16 bytes (SSE2) or 8 bytes at a time: every byte that
 * ends a plain value (quote, backslash, LF, NUL, bytes >= 0x80) at every
 * offset of values of up to 40 bytes (three steps); and values that end the
 * input at every length. */
/* len bytes of a tag value at w, letters but for `stop` at pos (pos -1:
 * none); returns the end. */
static char *put_value(char *w, int len, int pos, char stop)
{
    for (int i = 0; i < len; i++)
        *w++ = i == pos ? stop : (char)('a' + i % 26);
    return w;
}

START_TEST(fast_paths_tag_values)
{
    static const char stops[] = {'"', '\\', '\n', '\0', '\x80', '\xc3', '\xff', '\r'};
    static const size_t chunks[] = {0, 1, 5};
    char *src = malloc(512 * 1024), *w = src;
    ck_assert_ptr_nonnull(src);
    for (size_t k = 0; k < sizeof stops; k++)
        for (int len = 0; len <= 40; len++)
            for (int pos = 0; pos <= len; pos++) {
                w += sprintf(w, "[T%d \"", len);
                w = put_value(w, len, pos, stops[k]);
                w += sprintf(w, "\"]\n");
            }
    w += sprintf(w, "*\n");
    same_with_fast_paths("values", src, (size_t)(w - src), chunks,
                         sizeof chunks / sizeof chunks[0]);
    /* a backslash right before the closing quote escapes it: the value goes
     * on (and the line ends before a quote closes it) */
    w = src;
    for (int len = 0; len <= 40; len++) {
        w += sprintf(w, "[B%d \"", len);
        w = put_value(w, len, -1, 0);
        w += sprintf(w, "\\\"]\n[C \"c\"]\n");
    }
    w += sprintf(w, "*\n");
    same_with_fast_paths("escaped quotes", src, (size_t)(w - src), chunks,
                         sizeof chunks / sizeof chunks[0]);
    for (int len = 0; len <= 40; len++) {
        w = src;
        w += sprintf(w, "[A \"x\"]\n[Long \"");
        w = put_value(w, len, -1, 0);
        for (int end = 0; end < 3; end++) {
            size_t n = (size_t)(w - src) + (size_t)end;
            memcpy(w, "\"]", 2);
            same_with_fast_paths("value at the end", src, n, chunks, sizeof chunks / sizeof chunks[0]);
        }
    }
    free(src);
}
END_TEST

/* Duplicate tags are told by name: names that differ in any one byte (at
 * every length up to 20) are not duplicates; the same name again is, on the
 * fast path and off it. */
START_TEST(duplicate_tag_names)
{
    char *src = malloc(64 * 1024), *w = src;
    unsigned pairs = 0;
    for (int len = 1; len <= 20; len++) {
        for (int pos = -1; pos < len; pos++) {
            w += sprintf(w, "[");
            for (int i = 0; i < len; i++)
                *w++ = (char)(i == pos ? 'z' : 'a' + i % 7);
            w += sprintf(w, " \"%d/%d\"]\n", len, pos);
            pairs++;
        }
    }
    w += sprintf(w, "[abc \"again\"]\n[a \"again\"]\n[abcdefgab \"again\"]\n1. e4 *\n");
    for (int fast = 0; fast < 2; fast++) {
        struct sink s = {0};
        struct input *in = input_open_memory(src, (size_t)(w - src));
        struct pgn_parser *p = pgn_parser_new(in, on_diag, &s);
        pgn_parser_set_fast_paths(p, fast);
        drain(p, &s);
        ck_assert_uint_eq(s.diags[DIAG_BAD_TAG], 3);
        ck_assert_uint_lt(pairs + 3, PGN_PARSE_TAGS_MAX);
        pgn_parser_free(p);
        input_close(in);
        sink_free(&s);
    }
    free(src);
}
END_TEST

/* Lengths at the limits: tag names of 255 and 256 bytes, values of 4096 and
 * 4097, a move of 255 and 256, move numbers of 9 and 10 digits. */
START_TEST(fast_paths_limits)
{
    static const size_t chunks[] = {0, 1, 7, 300};
    char *src = malloc(20000), *w = src;
    for (int n = 255; n <= 256; n++) {
        w += sprintf(w, "[");
        for (int i = 0; i < n; i++)
            *w++ = (char)('A' + i % 26);
        w += sprintf(w, " \"v\"]\n");
    }
    for (int n = PGN_LEX_STRING_MAX; n <= PGN_LEX_STRING_MAX + 1; n++) {
        w += sprintf(w, "[V%d \"", n);
        for (int i = 0; i < n; i++)
            *w++ = (char)('a' + i % 26);
        w += sprintf(w, "\"]\n");
    }
    w += sprintf(w, "\n1. ");
    for (int n = 255; n <= 256; n++) {
        for (int i = 0; i < n; i++)
            *w++ = i ? '4' : 'e';
        *w++ = ' ';
    }
    w += sprintf(w, "123456789. e4 1234567890. e5 *\n");
    same_with_fast_paths("limits", src, (size_t)(w - src), chunks, sizeof chunks / sizeof chunks[0]);
    free(src);
    /* comments of PGN_LEX_COMMENT_MAX bytes and one more (truncated, the
     * general path's), and one across many reads */
    src = malloc(3 * PGN_LEX_COMMENT_MAX + 100);
    w = src;
    w += sprintf(w, "1. e4 {");
    for (int n = 0; n < PGN_LEX_COMMENT_MAX; n++)
        *w++ = (char)('a' + n % 26);
    w += sprintf(w, "} e5 {");
    for (int n = 0; n <= PGN_LEX_COMMENT_MAX; n++)
        *w++ = (char)('a' + n % 26);
    w += sprintf(w, "} 2. Nf3 *\n");
    same_with_fast_paths("comment limits", src, (size_t)(w - src), chunks,
                         sizeof chunks / sizeof chunks[0]);
    free(src);
    static const char nul[] = "1. e4 {a NUL \0 inside} e5 {\0} 2. Nf3 *\n";
    same_with_fast_paths("comment with a NUL", nul, sizeof nul - 1, chunks,
                         sizeof chunks / sizeof chunks[0]);
}
END_TEST

/* Where the events land: the fast paths fill loc themselves (CRLF counts as
 * one line break; columns are bytes). */
START_TEST(fast_paths_locations)
{
    static const char src[] = "[A \"x\"]\r\n [Bb \"y\"]\r\n\r\n1.e4 e5\r\n  2...Nf3 *";
    char *got = parse_full(src, sizeof src - 1, 0, true);
    static const char want[] =
        "game-begin 1:1@0 g1 d0 n0.0 r0\n"
        "tag 1:1@0 g1 d0 n0.0 r0 A= [x]\n"
        "tag 2:2@10 g1 d0 n0.0 r0 Bb= [y]\n"
        "movetext-begin 4:1@22 g1 d0 n0.0 r0\n"
        "move-number 4:1@22 g1 d0 n1.1 r0 [1]\n"
        "move 4:3@24 g1 d0 n0.0 r0 [e4]\n"
        "move 4:6@27 g1 d0 n0.0 r0 [e5]\n"
        "move-number 5:3@33 g1 d0 n2.3 r0 [2]\n"
        "move 5:7@37 g1 d0 n0.0 r0 [Nf3]\n"
        "result 5:11@41 g1 d0 n0.0 r0 [*]\n"
        "game-end 5:11@41 g1 d0 n0.0 r1\n"
        "bytes 42 games 1\n";
    ck_assert_str_eq(got, want);
    free(got);
}
END_TEST

/* A long input: tokens of every kind cut by the 128 KiB buffer's refills at
 * every alignment (the games shift by one byte each time), and by reads. */
START_TEST(fast_paths_across_refills)
{
    static const char *const parts[] = {
        "[Event \"Refill\"]\n", "[Site \"", "\"]\r\n", "[Round \"1.2\"]\n\n",
        "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 ", "{a comment}\n", "4.Ba4 Nf6 5.O-O Be7 ",
        "(5...b5 6.Bb3) ", "6.Re1 b5 7.Bb3 d6 8.c3 O-O $1 9.h3 Nb8 10.d4 Nbd7\r\n",
        "11.c4 c6 12.cxb5 axb5 13.Nc3 Bb7 14.Bg5 b4 15.Nb1 h6 16.Bh4 c5 17.dxe5 ",
        "Nxe4 18.Bxe7 Qxe7 19.exd6 Qf6 20.Nbd2 Nxd6 21.Nc4 Nxc4 22.Bxc4 Nb6 1/2-1/2\n\n"};
    size_t cap = 600000, len = 0;
    char *src = malloc(cap);
    for (unsigned g = 0; len + 2000 < cap - 1000; g++) {
        for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
            len += (size_t)sprintf(src + len, "%s", parts[i]);
            if (i == 1) /* a value one byte longer each game */
                for (unsigned k = 0; k < g % 300; k++)
                    src[len++] = (char)('a' + k % 26);
        }
    }
    static const size_t chunks[] = {0, 1, 4093, 65537};
    same_with_fast_paths("refills", src, len, chunks, sizeof chunks / sizeof chunks[0]);
    free(src);
}
END_TEST

/* The shipped test files and the shared corpus's edge cases. */
START_TEST(fast_paths_files)
{
    static const char *const files[] = {
        "pgn/regress/fuzz-quote-refill.pgn", "pgn/regress/fuzz-lookahead-window.pgn",
        "sample.pgn", "pgn/fromCrafty.pgn", "pgn/leading-whitespace.pgn",
        "pgn/headers-and-moves-on-the-same-line.pgn", "pgn/empty_body.pgn",
        "pgn/unescaped_quote_header.pgn", "pgn/chessbase-empty-line.pgn", "pgn/utf8-bom.pgn",
        "pgn/nested-comment.pgn", "pgn/bom-mid-stream.pgn", "pgn/comment-after-tag.pgn",
        "pgn/stray-line-between-tags.pgn", "pgn/tag-line-in-comment.pgn",
        "pgn/tags-only-no-blank.pgn", "pgn/nul-in-tag.pgn",
        "pgn/regress/fuzz-tag-opens-game-a.pgn", "pgn/regress/fuzz-tag-opens-game-b.pgn"};
    static const size_t chunks[] = {0, 1, 3, 17, 41};
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        size_t len;
        char *src = read_file(testdata_path(files[f]), &len);
        ck_assert_msg(src != NULL, "cannot read %s", files[f]);
        same_with_fast_paths(files[f], src, len, chunks, sizeof chunks / sizeof chunks[0]);
        free(src);
    }
}
END_TEST

static uint64_t count_file(const char *path, struct sink *s)
{
    char why[256];
    struct input *in = input_open(path, why, sizeof why);
    ck_assert_msg(in != NULL, "%s: %s", path, why);
    struct pgn_parser *p = pgn_parser_new(in, on_diag, s);
    drain(p, s);
    uint64_t n = pgn_parser_games(p);
    ck_assert_uint_eq(s->diags[DIAG_INPUT], 0);
    pgn_parser_free(p);
    input_close(in);
    return n;
}

/* Boundary rules on the small files shipped in testdata/pgn. */
static const struct {
    const char *file;
    uint64_t games;
} shipped[] = {
    {"pgn/fromCrafty.pgn", 1},
    {"pgn/leading-whitespace.pgn", 4},
    {"pgn/headers-and-moves-on-the-same-line.pgn", 3},
    {"pgn/empty_body.pgn", 2},
    {"pgn/unescaped_quote_header.pgn", 1},
    {"pgn/chessbase-empty-line.pgn", 1},
    {"pgn/utf8-bom.pgn", 2},
};

static uint64_t count_file(const char *path, struct sink *s);

START_TEST(testdata_game_counts)
{
    struct sink s = {0};
    uint64_t n = count_file(testdata_path(shipped[_i].file), &s);
    ck_assert_msg(n == shipped[_i].games, "%s: %llu games, expected %llu", shipped[_i].file,
                  (unsigned long long)n, (unsigned long long)shipped[_i].games);
    ck_assert_uint_eq(s.diags[DIAG_SYNTAX], 0);
    sink_free(&s);
}
END_TEST

/* A careful reader's count (#21): joined files, comments and stray lines in
 * the tag section, tag lines quoted in comments, tags-only games one after
 * the other, NUL bytes in tag values - each game counted once, none split. */
static const struct {
    const char *file;
    uint64_t games, syntax, bad_tag;
} accounting[] = {
    {"pgn/bom-mid-stream.pgn", 3, 0, 0},      /* cat a.pgn b.pgn c.pgn, each with a BOM */
    {"pgn/bom-glued.pgn", 4, 0, 0},           /* the same, files without a final line break */
    {"pgn/comment-after-tag.pgn", 2, 0, 0},   /* ; and {} after tag pairs */
    {"pgn/stray-line-between-tags.pgn", 2, 1, 0},
    {"pgn/tag-line-in-comment.pgn", 3, 1, 0}, /* closed: goes on; open: ends at the tags */
    {"pgn/tags-only-no-blank.pgn", 3, 0, 0},
    {"pgn/nul-in-tag.pgn", 1, 0, 2},
    /* pgn-extract's nested comment, read as PGN 5 says: the comment ends at
     * the first '}', then a stray '-', '.' and '}' */
    {"pgn/nested-comment.pgn", 1, 3, 0},
};

START_TEST(careful_game_counts)
{
    struct sink s = {0};
    uint64_t n = count_file(testdata_path(accounting[_i].file), &s);
    ck_assert_msg(n == accounting[_i].games, "%s: %llu games, expected %llu",
                  accounting[_i].file, (unsigned long long)n,
                  (unsigned long long)accounting[_i].games);
    ck_assert_uint_eq(s.diags[DIAG_SYNTAX], accounting[_i].syntax);
    ck_assert_uint_eq(s.diags[DIAG_BAD_TAG], accounting[_i].bad_tag);
    sink_free(&s);
}
END_TEST

/* Files joined with cat where a file has no final line break: the next
 * file's BOM is glued to the last token ("0-1" BOM "[Event").  The result
 * stays 0-1, the move Nf3, and the next game starts at its "[Event" as its
 * own game with all its tags, whatever the read sizes. */
START_TEST(bom_glued_to_a_token)
{
    size_t len;
    char *src = read_file(testdata_path("pgn/bom-glued.pgn"), &len);
    ck_assert_ptr_nonnull(src);
    static const char *const want =
        "GB T:Event=Torneo A T:Site=Roma T:Date=2024.03.02 T:Round=1 T:White=Rossi "
        "T:Black=Bianchi T:Result=0-1 MB N1.1 f3 e5 N2.1 g4 Qh4# R:0-1 GE GB T:Event=Torneo B "
        "T:Site=Roma T:Date=2024.03.02 T:Round=1 T:White=Verdi T:Black=Neri T:Result=1/2-1/2 MB "
        "N1.1 d4 Nf6 N2.1 c4 g6 N3.1 Nc3 d5 R:1/2-1/2 GE GB T:Event=Torneo C T:Site=Roma "
        "T:Date=2024.03.02 T:Round=1 T:White=Galli T:Black=Bruni T:Result=* MB N1.1 e4 c5 N2.1 "
        "Nf3 !missing-result@25:16 GE GB T:Event=Torneo D T:Site=Roma T:Date=2024.03.02 "
        "T:Round=1 T:White=Conti T:Black=Ferri T:Result=* MB N1.1 c4 e5 N2.1 Nc3 Nf6 N3.1 g3 R:* "
        "GE";
    for (size_t chunk = 0; chunk < 8; chunk++) {
        struct sink s = {.events = true};
        parse_mem(src, len, chunk, &s);
        ck_assert_msg(strcmp(s.text, want) == 0, "chunk %zu: %s", chunk, s.text);
        ck_assert_uint_eq(s.diags[DIAG_SYNTAX], 0);
        ck_assert_uint_eq(s.diags[DIAG_ENCODING], 0);
        sink_free(&s);
    }
    free(src);
}
END_TEST

/* A byte order mark between tokens or glued to one takes no column, as at
 * the start of the input: the tokens after it on its line are where they
 * would be without it, at every read size. */
START_TEST(bom_takes_no_column)
{
    static const char with[] = "[A \"x\"]\n\n1. e4 e5 \xef\xbb\xbf" "2. Ke3 {c} Nf6\xef\xbb\xbf *\n";
    static const char without[] = "[A \"x\"]\n\n1. e4 e5 2. Ke3 {c} Nf6 *\n";
    for (size_t chunk = 0; chunk < 8; chunk++)
        for (int fast = 0; fast < 2; fast++) {
            char *a = parse_full(with, sizeof with - 1, chunk, fast);
            char *b = parse_full(without, sizeof without - 1, chunk, fast);
            /* the same lines and columns; the offsets differ by the BOMs' bytes */
            char *pa = a, *pb = b;
            while (strncmp(pa, "bytes ", 6) != 0) { /* the last line: the byte counts differ */
                const char *ea = strchr(pa, '@'), *eb = strchr(pb, '@');
                ck_assert_ptr_nonnull(ea);
                ck_assert_ptr_nonnull(eb);
                ck_assert_msg(ea - pa == eb - pb && memcmp(pa, pb, (size_t)(ea - pa)) == 0,
                              "chunk %zu fast %d: %.60s | %.60s", chunk, fast, pa, pb);
                pa = strchr(ea, '\n');
                pb = strchr(eb, '\n');
                ck_assert_ptr_nonnull(pa);
                ck_assert_ptr_nonnull(pb);
                pa++, pb++;
            }
            ck_assert_msg(strncmp(pb, "bytes ", 6) == 0, "%s", pb);
            free(a);
            free(b);
        }
}
END_TEST

/* The last finding's message, for repeated_findings_capped. */
static char last_message[320];
static void keep_last(void *ctx, const struct diag *d)
{
    on_diag(ctx, d);
    snprintf(last_message, sizeof last_message, "%s", d->message);
}

/* 100,000 duplicate tags in one game (fast paths on and off), then a game
 * with a few: PGN_PARSE_REPEAT_MAX shown, then one that counts the rest;
 * the cap is per game. */
START_TEST(repeated_findings_capped)
{
    enum { DUPS = 100000 };
    size_t cap = 32 * DUPS, len = 0;
    char *src = malloc(cap);
    ck_assert_ptr_nonnull(src);
    len += (size_t)sprintf(src + len, "[Event \"Circolo\"]\n[White \"Rossi\"]\n");
    for (int i = 0; i < DUPS; i++)
        len += (size_t)sprintf(src + len, "[White \"Rossi\"]\n");
    len += (size_t)sprintf(src + len, "\n1. e4 e5 *\n\n[Event \"B\"]\n[Site \"R\"]\n[Site \"R\"]\n\n*\n");
    for (int fast = 0; fast < 2; fast++) {
        struct sink s = {0};
        struct input *in = input_open_memory(src, len);
        struct pgn_parser *p = pgn_parser_new(in, keep_last, &s);
        pgn_parser_set_fast_paths(p, fast);
        struct pgn_event ev;
        unsigned game1 = 0;
        while (pgn_parser_next(p, &ev))
            if (ev.type == PGN_EV_GAME_END && ev.game == 1) {
                game1 = s.diags[DIAG_BAD_TAG];
                ck_assert_msg(strstr(last_message, " more bad-tag findings like these"), "%s",
                              last_message);
            }
        ck_assert_uint_eq(game1, PGN_PARSE_REPEAT_MAX + 1);
        ck_assert_uint_eq(s.diags[DIAG_BAD_TAG], PGN_PARSE_REPEAT_MAX + 2);
        ck_assert_str_eq(last_message, "duplicate tag Site");
        pgn_parser_free(p);
        input_close(in);
        sink_free(&s);
    }
    free(src);
}
END_TEST

/* Game counts asserted by the test suites the corpus files come from. */
static const struct {
    const char *file;
    uint64_t games;
} expected[] = {
    {"corpus/edge/python-chess/kasparov-deep-blue-1997.pgn", 6},
    {"corpus/edge/python-chess/utf8-bom.pgn", 2},
    {"corpus/edge/python-chess/chessbase-empty-line.pgn", 1},
    {"corpus/edge/chess-library/multiple.pgn", 4},
    {"corpus/edge/chess-library/skip.pgn", 2},
    {"corpus/edge/chess-library/empty_body.pgn", 2},
    {"corpus/edge/chess-library/no_moves_two_games.pgn", 2},
    {"corpus/edge/chess-library/unescaped_quote_header.pgn", 1},
    {"corpus/edge/chess-library/backslash_header.pgn", 1},
    {"corpus/edge/chessops/headers-and-moves-on-the-same-line.pgn", 3},
    {"corpus/edge/chessops/leading-whitespace.pgn", 4},
    {"corpus/edge/pgn-parser/32games.pgn", 32},
    {"corpus/edge/pgn-parser/twic-01-232games.pgn", 232},
    {"corpus/edge/pgn-parser/benko.pgn", 2},
    {"corpus/edge/scalachess/fixtures/fromCrafty.pgn", 1},
    {"corpus/edge/scalachess/fixtures/withDelimiters.pgn", 1},
    {"corpus/edge/scalachess/fixtures/withDelimitersOnNewLines.pgn", 1},
    {"corpus/edge/pgn-extract/nested-comment.pgn", 1},
    {"corpus/games/pychess-world_matches.pgn", 580},
    {"corpus/games/pychess-dortmund.pgn", 347},
    {"corpus/games/lichess-db-2025-05-sample.pgn", 438},
    {"corpus/games/tcec/TCEC_Season_13_-_Superfinal.pgn.zst", 100},
    {"corpus/games/tcec/TCEC_Season_16_-_Frc_Cpu_League_2.pgn.zst", 60},
    {"corpus/games/tcec/TCEC_Season_28_-_Game_Length_Testing.pgn.zst", 110},
    {"corpus/games/gnuchess-book_1.02.pgn.zst", 145716},
};

START_TEST(corpus_game_counts)
{
    const char *path = shared_path(expected[_i].file);
    if (!path)
        return; /* shared corpus absent: said on stderr by shared_path() */
    struct sink s = {0};
    uint64_t n = count_file(path, &s);
    ck_assert_msg(n == expected[_i].games, "%s: %llu games, expected %llu", expected[_i].file,
                  (unsigned long long)n, (unsigned long long)expected[_i].games);
    sink_free(&s);
}
END_TEST

struct walk_ctx {
    unsigned files;
    uint64_t games;
};

static int parse_one(void *ctx, const char *path)
{
    struct walk_ctx *w = ctx;
    /* every file: PGN or not, the reader must survive it */
    struct sink s = {0};
    w->games += count_file(path, &s);
    sink_free(&s);
    w->files++;
    return 0;
}

/* Every file of the shared corpus parses: no crash, grammar holds. */
START_TEST(whole_corpus)
{
    const char *root = shared_path("corpus");
    if (!root)
        return;
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", root);
    struct walk_ctx w = {0};
    char why[256];
    ck_assert_int_eq(input_walk(dir, parse_one, &w, why, sizeof why), 0);
    ck_assert_uint_gt(w.files, 200);
    ck_assert_uint_gt(w.games, 145716);
}
END_TEST

Suite *pgn_parse_suite(void);
Suite *pgn_parse_suite(void)
{
    Suite *s = suite_create("pgn_parse");
    TCase *tc = tcase_create("events");
    tcase_add_loop_test(tc, event_streams, 0, sizeof cases / sizeof cases[0]);
    tcase_add_test(tc, message_texts);
    tcase_add_test(tc, diag_context);
    suite_add_tcase(s, tc);
    tc = tcase_create("recovery_and_limits");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, hopeless_movetext_skips_to_next_game);
    tcase_add_test(tc, garbage);
    tcase_add_test(tc, million_deep_variation);
    tcase_add_test(tc, utf16_read_as_utf8);
    tcase_add_test(tc, too_many_tags);
    tcase_add_test(tc, input_error_ends_game);
    tcase_add_test(tc, testdata_chunk_invariant);
    suite_add_tcase(s, tc);
    tc = tcase_create("fast_paths");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, fast_paths_edge_cases);
    tcase_add_test(tc, fast_path_folds_comments);
    tcase_add_test(tc, fast_paths_clock_comments);
    tcase_add_test(tc, fast_paths_limits);
    tcase_add_test(tc, duplicate_tag_names);
    tcase_add_test(tc, fast_paths_tag_values);
    tcase_add_test(tc, fast_paths_locations);
    tcase_add_test(tc, fast_paths_across_refills);
    tcase_add_test(tc, fast_paths_files);
    suite_add_tcase(s, tc);
    tc = tcase_create("corpus");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, testdata_game_counts, 0, sizeof shipped / sizeof shipped[0]);
    tcase_add_loop_test(tc, careful_game_counts, 0, sizeof accounting / sizeof accounting[0]);
    tcase_add_test(tc, bom_glued_to_a_token);
    tcase_add_test(tc, bom_takes_no_column);
    tcase_add_test(tc, repeated_findings_capped);
    tcase_add_loop_test(tc, corpus_game_counts, 0, sizeof expected / sizeof expected[0]);
    tcase_add_test(tc, whole_corpus);
    suite_add_tcase(s, tc);
    return s;
}
