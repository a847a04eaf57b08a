/*
 * check_replay.c - `check --jobs`: a batch recorded and replayed elsewhere
 * gives what the direct replay gives, and the pool delivers the same output,
 * in the same order, with any number of jobs and any batch limits (batches of
 * one game, games too large for a batch, input switches and file-level
 * findings among the games).
 *
 * The output compared is the JSON Lines report of every finding and every
 * game record, so every field of both is covered.
 */
#include "testutil.h"

#include "diag.h"
#include "game.h"
#include "input.h"
#include "pgn_parse.h"
#include "replay_batch.h"
#include "replay_pool.h"
#include "report.h"

#include <stdlib.h>
#include <string.h>

/* The inputs: every testdata PGN with findings of every kind, plus damage. */
static const char *const inputs[] = {
    "sample.pgn",
    "pgn/endings.pgn",
    "pgn/claims.pgn",
    "pgn/nested-comment.pgn",
    "pgn/unescaped_quote_header.pgn",
    "pgn/fromCrafty.pgn",
    "diag/illegal-move.pgn",
    "diag/syntax.pgn",
    "diag/encoding.pgn",
    "diag/bad-fen.pgn",
    "diag/unsupported-variant.pgn",
};
#define NINPUTS (sizeof inputs / sizeof *inputs)

#define E10 "\xe2\x80\xa6\xe2\x80\xa6\xe2\x80\xa6\xe2\x80\xa6\xe2\x80\xa6\xe2\x80\xa6\xe2\x80\xa6\xe2\x80\xa6\xe2\x80\xa6\xe2\x80\xa6"
#define LOTS_OF_ELLIPSES E10 E10 E10 E10 E10 E10 E10 E10 E10 E10

/* A PGN that is no PGN: unterminated comment and variation, stray bytes,
 * Latin-1, a truncated tag, all between and inside games. */
static const char garbage[] = "[Event \"x\"]\n[White \"M\xfcller\"]\n\n1. e4 { open (\n"
                              "[Event \"y\"]\n1. e4 e5 2. Qh5?? ( 2. Nf3 Nc6 3. Bb5 a6 $1 }\n"
                              "\x01\x02 1-0 1. d4 (( d5 *\n"
                              /* a move number with 300 dots (each ellipsis counts 3) */
                              "1." LOTS_OF_ELLIPSES " e4 *\n[Black \"half";

/* ---- a sink that writes the JSON Lines report -------------------------- */

struct out {
    struct capture cap;
    struct report *report;
};

static void out_diag(void *ctx, const struct diag *d)
{
    report_diag(((struct out *)ctx)->report, d);
}

static void out_game(void *ctx, const struct game_record *g)
{
    report_game(((struct out *)ctx)->report, g);
}

static struct game_sink out_begin(struct out *o)
{
    capture_begin(&o->cap);
    o->report = report_new(REPORT_JSONL, o->cap.f, true);
    ck_assert_ptr_nonnull(o->report);
    return (struct game_sink){o, out_diag, out_game};
}

/* The captured report; caller frees. */
static char *out_end(struct out *o)
{
    report_free(o->report);
    char *text = strdup(capture_end(&o->cap));
    capture_free(&o->cap);
    return text;
}

/* The text of an input (testdata file or the garbage), caller frees. */
static char *input_text(size_t i, size_t *len)
{
    if (i == NINPUTS) {
        *len = sizeof garbage - 1;
        return strdup(garbage);
    }
    char *text = read_file(testdata_path(inputs[i]), len);
    ck_assert_msg(text != NULL, "cannot read %s", inputs[i]);
    return text;
}

static const char *case_input_name(size_t i)
{
    return i == NINPUTS ? "garbage.pgn" : inputs[i];
}

/* ---- the reference: the parser straight into one game ------------------ */

/* Input i, named name, read straight into g. */
static void read_direct(struct game *g, size_t i, const char *name)
{
    size_t len;
    char *text = input_text(i, &len);
    struct input *in = input_open_memory(text, len);
    game_set_file(g, name);
    struct pgn_parser *p = pgn_parser_new(in, game_parser_diag, g);
    struct pgn_event ev;
    while (pgn_parser_next(p, &ev))
        game_feed(g, &ev);
    pgn_parser_free(p);
    input_close(in);
    free(text);
}

static char *direct_output(bool strict)
{
    struct out o;
    struct game_sink sink = out_begin(&o);
    struct game *g = game_new(&sink, strict);
    for (size_t i = 0; i <= NINPUTS; i++) {
        read_direct(g, i, case_input_name(i));
        if (i == 3) { /* a file-level finding between inputs */
            struct diag d;
            diag_init(&d, DIAG_INPUT, NULL, "cannot read input: test");
            d.file = "missing.pgn";
            sink.diag(sink.ctx, &d);
        }
    }
    game_free(g);
    return out_end(&o);
}

/* ---- the same through a pool ------------------------------------------- */

struct pool_case {
    unsigned jobs;
    unsigned games; /* batch limits (0: the default) */
    size_t bytes, game_bytes;
    bool strict;
    unsigned delay_us; /* workers this slow */
};

static char *pool_output(const struct pool_case *pc)
{
    struct out o;
    struct game_sink sink = out_begin(&o);
    struct replay_pool *pool = replay_pool_new(pc->jobs, &sink, pc->strict);
    ck_assert_ptr_nonnull(pool);
    replay_pool_set_limits(pool, pc->games, pc->bytes, pc->game_bytes);
    replay_pool_set_worker_delay(pool, pc->delay_us);
    for (size_t i = 0; i <= NINPUTS; i++) {
        size_t len;
        char *text = input_text(i, &len);
        /* Small chunks: the parser's buffers are refilled and reused while
         * earlier events sit in a batch. */
        struct input *in = input_open_memory_chunked(text, len, 7);
        char name[64];
        snprintf(name, sizeof name, "%s", case_input_name(i));
        replay_pool_set_file(pool, name);
        struct pgn_parser *p = pgn_parser_new(in, replay_pool_parser_diag, pool);
        replay_pool_read(pool, p);
        pgn_parser_free(p);
        input_close(in);
        free(text);
        memset(name, 'X', sizeof name - 1); /* the pool must have copied it */
        if (i == 3) {
            struct diag d;
            diag_init(&d, DIAG_INPUT, NULL, "cannot read input: test");
            d.file = "missing.pgn";
            replay_pool_finding(pool, &d);
        }
    }
    replay_pool_finish(pool);
    replay_pool_free(pool);
    return out_end(&o);
}

static const struct pool_case pool_cases[] = {
    {1, 0, 0, 0, false, 0},
    {2, 0, 0, 0, false, 0},
    {2, 0, 0, 0, true, 0},
    {2, 1, 0, 0, true, 0},    /* one game per batch */
    {2, 1, 0, 0, true, 2000}, /* ... with slow workers: the slots fill up */
    {3, 2, 0, 0, true, 300},
    {4, 1, 0, 6000, true, 0},    /* long games too large for a batch: replayed here */
    {4, 1, 0, 6000, true, 3000}, /* ... while slow workers still hold earlier games */
    {3, 4, 0, 20000, true, 2000},
    {2, 3, 0, 1, false, 1000},  /* every game replayed here */
    {8, 0, 1, 0, true, 0},      /* a batch per game by size */
    {REPLAY_POOL_JOBS_MAX, 1, 0, 0, true, 100},
};

START_TEST(pool_same_output_as_direct)
{
    const struct pool_case *pc = &pool_cases[_i];
    char *want = direct_output(pc->strict);
    char *got = pool_output(pc);
    ck_assert_msg(strlen(want) > 2000, "the reference output is too small to mean much");
    ck_assert_msg(strstr(want, "\"type\":\"game\"") && strstr(want, "\"code\":\"syntax\"") &&
                      strstr(want, "\"code\":\"illegal-move\"") &&
                      strstr(want, "\"code\":\"input\""),
                  "the reference misses a kind of output");
    ck_assert_msg(strcmp(want, got) == 0,
                  "case %d (jobs %u): the pool's output differs from the direct replay's", _i,
                  pc->jobs);
    free(want);
    free(got);
}
END_TEST

static void keep_diag(void *batch, const struct diag *d)
{
    replay_batch_keep_diag(batch, d);
}

static void keep_game(void *batch, const struct game_record *g)
{
    replay_batch_keep_game(batch, g);
}

/* One input's direct report, with game_parser_diag as the parser's sink. */
static char *direct_one(size_t i)
{
    struct out o;
    struct game_sink sink = out_begin(&o);
    struct game *g = game_new(&sink, true);
    read_direct(g, i, "one.pgn");
    game_free(g);
    return out_end(&o);
}

static void record_parser_diag(void *batch, const struct diag *d)
{
    ck_assert(replay_batch_add_parser_diag(batch, d));
}

static void record_one(struct replay_batch *b, size_t i)
{
    size_t len;
    char *text = input_text(i, &len);
    struct input *in = input_open_memory_chunked(text, len, 5);
    ck_assert(replay_batch_add_file(b, "one.pgn"));
    struct pgn_parser *p = pgn_parser_new(in, record_parser_diag, b);
    struct pgn_event ev;
    while (pgn_parser_next(p, &ev))
        ck_assert(replay_batch_add_event(b, &ev));
    pgn_parser_free(p);
    input_close(in);
    ck_assert_uint_gt(replay_batch_input_bytes(b), len);
    free(text);
}

struct into {
    struct game *game;
    const struct game_sink *findings;
};
static void into_parser_diag(void *ctx, const struct diag *d)
{
    game_parser_diag(((struct into *)ctx)->game, d);
}
static void into_file(void *ctx, const char *name)
{
    game_set_file(((struct into *)ctx)->game, name);
}
static void into_finding(void *ctx, const struct diag *d)
{
    ((struct into *)ctx)->findings->diag(((struct into *)ctx)->findings->ctx, d);
}
static void play_game(struct replay_batch *b, struct game *g,
                      const struct game_sink *findings)
{
    struct into into = {g, findings};
    const struct replay_target t = {&into, into_parser_diag, into_file, into_finding};
    struct replay_cursor c;
    replay_cursor_start(&c, b);
    const struct pgn_event *ev;
    while ((ev = replay_batch_next_event(&c, &t)))
        game_feed(g, ev);
}

/* ---- events, field for field --------------------------------------------- */

/* The replay of a recorded input against a second parse of the same input. */
struct compare {
    struct pgn_parser *parser;
    size_t events, diags, files, findings;
};

static void compare_event(void *ctx, const struct pgn_event *got)
{
    struct compare *c = ctx;
    struct pgn_event want;
    ck_assert(pgn_parser_next(c->parser, &want));
    c->events++;
    ck_assert_int_eq(got->type, want.type);
    ck_assert_uint_eq(got->loc.offset, want.loc.offset);
    ck_assert_uint_eq(got->loc.line, want.loc.line);
    ck_assert_uint_eq(got->loc.column, want.loc.column);
    ck_assert_uint_eq(got->len, want.len);
    ck_assert_int_eq(got->text == NULL, want.text == NULL);
    if (want.text) {
        ck_assert(memcmp(got->text, want.text, want.len) == 0);
        ck_assert_int_eq(got->text[got->len], '\0');
    }
    ck_assert_int_eq(got->name == NULL, want.name == NULL);
    if (want.name) {
        ck_assert_uint_eq(got->name_len, want.name_len);
        ck_assert_str_eq(got->name, want.name);
    }
    ck_assert_uint_eq(got->number, want.number);
    ck_assert_uint_eq(got->dots, want.dots);
    ck_assert_uint_eq(got->game, want.game);
    ck_assert_uint_eq(got->depth, want.depth);
    ck_assert_int_eq(got->has_result, want.has_result);
}

static void count_diag(void *ctx, const struct diag *d)
{
    ck_assert_ptr_nonnull(d->message);
    ((struct compare *)ctx)->diags++;
}

static void count_file(void *ctx, const char *name)
{
    ck_assert_str_eq(name, "one.pgn");
    ((struct compare *)ctx)->files++;
}

static void count_finding(void *ctx, const struct diag *d)
{
    ck_assert_str_eq(d->message, "cannot read input: gone");
    ck_assert_str_eq(d->file, "gone.pgn");
    ((struct compare *)ctx)->findings++;
}

START_TEST(batch_events_field_for_field)
{
    struct replay_batch *b = replay_batch_new();
    ck_assert_ptr_nonnull(b);
    size_t total_events = 0;
    for (size_t i = 0; i <= NINPUTS; i++) {
        replay_batch_clear(b);
        record_one(b, i);
        struct diag d;
        diag_init(&d, DIAG_INPUT, NULL, "cannot read input: gone");
        d.file = "gone.pgn";
        ck_assert(replay_batch_add_finding(b, &d));

        size_t len;
        char *text = input_text(i, &len);
        struct input *in = input_open_memory(text, len);
        struct compare c = {pgn_parser_new(in, NULL, NULL), 0, 0, 0, 0};
        const struct replay_target t = {&c, count_diag, count_file, count_finding};
        struct replay_cursor cur;
        replay_cursor_start(&cur, b);
        const struct pgn_event *ev;
        while ((ev = replay_batch_next_event(&cur, &t)))
            compare_event(&c, ev);
        ck_assert_ptr_null(replay_batch_next_event(&cur, &t));
        struct pgn_event extra;
        ck_assert_msg(!pgn_parser_next(c.parser, &extra), "%s: events lost", case_input_name(i));
        ck_assert_uint_eq(c.files, 1);
        ck_assert_uint_eq(c.findings, 1);
        total_events += c.events;
        pgn_parser_free(c.parser);
        input_close(in);
        free(text);
    }
    ck_assert_uint_gt(total_events, 1000);
    replay_batch_free(b);
}
END_TEST

/* A batch on its own, for each input: recorded, replayed into a game that
 * keeps its output in a second batch, delivered (twice: delivery does not
 * consume), then cleared and used again for the next input. */
START_TEST(batch_round_trip)
{
    struct replay_batch *b = replay_batch_new(), *kept = replay_batch_new();
    ck_assert(b && kept);
    struct game_sink keep = {kept, keep_diag, keep_game};
    struct game *g = game_new(&keep, true);
    for (size_t i = 0; i <= NINPUTS; i++) {
        replay_batch_clear(b);
        replay_batch_clear(kept);
        ck_assert(replay_batch_is_empty(b));
        ck_assert_uint_eq(replay_batch_input_bytes(b), 0);
        record_one(b, i);
        ck_assert(!replay_batch_is_empty(b));
        play_game(b, g, &keep);
        ck_assert(!replay_batch_output_lost(kept));

        char *want = direct_one(i);
        for (int twice = 0; twice < 2; twice++) {
            struct out o;
            struct game_sink sink = out_begin(&o);
            replay_batch_deliver(kept, &sink);
            char *got = out_end(&o);
            ck_assert_msg(strstr(want, "\"type\":\"game\"") != NULL, "%s: no game",
                          case_input_name(i));
            ck_assert_msg(strcmp(want, got) == 0,
                          "%s: the batch's output differs from the direct replay's",
                          case_input_name(i));
            free(got);
        }
        free(want);
    }
    game_free(g);
    replay_batch_free(b);
    replay_batch_free(kept);
    replay_batch_free(NULL);
}
END_TEST

Suite *replay_suite(void);
Suite *replay_suite(void)
{
    Suite *s = suite_create("replay");
    TCase *tc = tcase_create("pool");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, pool_same_output_as_direct, 0,
                        (int)(sizeof pool_cases / sizeof *pool_cases));
    suite_add_tcase(s, tc);
    tc = tcase_create("batch");
    tcase_add_test(tc, batch_round_trip);
    tcase_add_test(tc, batch_events_field_for_field);
    suite_add_tcase(s, tc);
    return s;
}
