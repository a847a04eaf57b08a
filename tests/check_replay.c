/*
 * check_replay.c - `check --jobs`: the pool delivers the same output, in the
 * same order, as one parser and one game reading the inputs straight through,
 * with any number of jobs and any piece sizes - pieces cut at every place the
 * cutting allows, cuts that turn out not to be game boundaries (read again on
 * the calling thread), stretches too long to cut, inputs that fail part way,
 * the once-per-input Latin-1 note given by several pieces, and file-level
 * findings among the inputs - and a batch keeps a replay's output as it was.
 *
 * The output compared is the JSON Lines report of every finding and every
 * game record, so every field of both is covered.
 */
#include "testutil.h"

#include "diag/diag.h"
#include "judge/game.h"
#include "pgn/input.h"
#include "pgn/pgn_parse.h"
#include "jobs/replay_batch.h"
#include "jobs/replay_pool.h"
#include "report/report.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

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
    /* results arbiters write, 0-0 held to the game's end, pgn4web's "(*" */
    "pgn/arbiter-results.pgn",
    "diag/nonstandard-result.pgn",
    "pgn/pgn4web-continuation.pgn",
    /* fuzz/fuzz_check: a Latin-1 note met again by a later piece's parser
     * once took a deferred-finding slot of its game */
    "pgn/fuzz-latin1-deferred.pgn",
    /* a careful reader's count (#21): the cutter must agree */
    "pgn/bom-mid-stream.pgn",
    "pgn/comment-after-tag.pgn",
    "pgn/stray-line-between-tags.pgn",
    "pgn/tag-line-in-comment.pgn",
    "pgn/tags-only-no-blank.pgn",
    "pgn/nul-in-tag.pgn",
    /* comments after moves, which the reader takes with their moves */
    "pgn/comments-after-moves.pgn",
};
#define NFILES (sizeof inputs / sizeof *inputs)

/* Places that look like cuts but are no game boundary (a tag-only game, then
 * a blank line and a tag the game does not have yet: the same game goes on),
 * and places that are (a comment left open before a tag pair line, a tag pair
 * line inside a variation), each repeated so that pieces end near them. */
static const char near_cuts[] = "[Event \"tags only\"]\n\n[Site \"same game\"]\n\n1. e4 e5 *\n"
                                "\n\n[Event \"open comment\"]\n\n1. d4 { left open\n\n"
                                "[Event \"after it\"]\n1. c4 ( 1. Nf3\n\n[Event \"in a variation\"]\n"
                                "1. e4 *\n\n";

/* A game whose tag is Latin-1: the parser notes that once per input. */
static const char latin1_game[] = "[Event \"L\"]\n[White \"M\xfcller\"]\n\n1. e4 e5 *\n\n";

/* The inputs: the files, the garbage, all of them in one, near cuts
 * repeated, Latin-1 games repeated, and all of them gzipped with the stream
 * cut short. */
enum { IN_GARBAGE = NFILES, IN_ALL, IN_NEAR, IN_LATIN1, IN_GZIP_CUT, NINPUTS };

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
    return (struct game_sink){o, out_diag, out_game, false, NULL};
}

/* The captured report; caller frees. */
static char *out_end(struct out *o)
{
    report_free(o->report);
    char *text = strdup(capture_end(&o->cap));
    capture_free(&o->cap);
    return text;
}

static char *file_text(size_t i, size_t *len)
{
    if (i == IN_GARBAGE) {
        *len = sizeof garbage - 1;
        return strdup(garbage);
    }
    char *text = read_file(testdata_path(inputs[i]), len);
    ck_assert_msg(text != NULL, "cannot read %s", inputs[i]);
    return text;
}

static void append(char **text, size_t *len, const char *more, size_t n)
{
    *text = realloc(*text, *len + n + 1);
    ck_assert_ptr_nonnull(*text);
    memcpy(*text + *len, more, n);
    *len += n;
    (*text)[*len] = '\0';
}

/* Every file and the garbage in one input, blank lines between. */
static char *all_text(size_t *len)
{
    char *text = NULL;
    *len = 0;
    for (size_t i = 0; i <= IN_GARBAGE; i++) {
        size_t n;
        char *t = file_text(i, &n);
        append(&text, len, t, n);
        append(&text, len, "\n\n", 2);
        free(t);
    }
    return text;
}

/* gzip of text, cut to two thirds: the input fails part way. */
static char *gzip_cut(const char *text, size_t len, size_t *out_len)
{
    z_stream z = {0};
    ck_assert_int_eq(deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
    size_t cap = deflateBound(&z, len);
    char *out = malloc(cap);
    ck_assert_ptr_nonnull(out);
    z.next_in = (unsigned char *)text;
    z.avail_in = (uInt)len;
    z.next_out = (unsigned char *)out;
    z.avail_out = (uInt)cap;
    ck_assert_int_eq(deflate(&z, Z_FINISH), Z_STREAM_END);
    *out_len = z.total_out * 2 / 3;
    deflateEnd(&z);
    return out;
}

/* The bytes of input i, caller frees. */
static char *input_text(size_t i, size_t *len)
{
    if (i < IN_ALL) return file_text(i, len);
    if (i == IN_ALL) return all_text(len);
    if (i == IN_NEAR || i == IN_LATIN1) {
        static const char plain[] = "[Event \"plain\"]\n\n1. e4 e5 2. Nf3 *\n\n";
        char *text = NULL;
        *len = 0;
        for (int k = 0; k < 200; k++) {
            append(&text, len, i == IN_NEAR ? near_cuts : latin1_game,
                   (i == IN_NEAR ? sizeof near_cuts : sizeof latin1_game) - 1);
            /* plain games in between, so that the pieces end at every kind
             * of place: cuts that fail are followed by cuts that hold */
            for (int g = 0; i == IN_NEAR && g < k % 5; g++)
                append(&text, len, plain, sizeof plain - 1);
        }
        return text;
    }
    size_t n;
    char *all = all_text(&n);
    char *gz = gzip_cut(all, n, len);
    free(all);
    return gz;
}

static const char *case_input_name(size_t i)
{
    static const char *const names[] = {"garbage.pgn", "all.pgn", "near-cuts.pgn", "latin1.pgn",
                                        "cut-short.pgn.gz"};
    return i >= IN_GARBAGE ? names[i - IN_GARBAGE] : inputs[i];
}

/* ---- the reference: the parser straight into one game ------------------ */

/* Input i, named name, read straight into g. */
static void read_direct(struct game *g, size_t i, const char *name)
{
    size_t len;
    char *text = input_text(i, &len);
    game_set_file(g, name);
    feed_text(g, text, len);
    free(text);
}

static char *direct_output(bool strict)
{
    struct out o;
    struct game_sink sink = out_begin(&o);
    struct game *g = game_new(&sink, strict);
    for (size_t i = 0; i < NINPUTS; i++) {
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
    size_t piece_bytes, piece_max; /* 0: the default */
    bool strict;
    unsigned delay_us; /* workers this slow */
    bool cuts;         /* inputs are cut into pieces (and some read again) */
    bool lazy;         /* deliver only when the slots are full: readings again
                          find later cuts that hold */
};

static char *pool_output(const struct pool_case *pc, struct replay_pool_stats *st)
{
    struct out o;
    struct game_sink sink = out_begin(&o);
    struct replay_pool *pool = replay_pool_new(pc->jobs, &sink, pc->strict);
    ck_assert_ptr_nonnull(pool);
    replay_pool_set_pieces(pool, pc->piece_bytes, pc->piece_max);
    replay_pool_set_worker_delay(pool, pc->delay_us);
    replay_pool_set_lazy(pool, pc->lazy);
    for (size_t i = 0; i < NINPUTS; i++) {
        size_t len;
        char *text = input_text(i, &len);
        /* Short reads: the pieces are filled in many steps. */
        struct input *in = input_open_memory_chunked(text, len, 7);
        char name[64];
        snprintf(name, sizeof name, "%s", case_input_name(i));
        replay_pool_set_file(pool, name);
        uint64_t bytes = 0;
        ck_assert(replay_pool_read(pool, in, &bytes));
        ck_assert_uint_gt(bytes, 0);
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
    replay_pool_get_stats(pool, st);
    replay_pool_free(pool);
    return out_end(&o);
}

static const struct pool_case pool_cases[] = {
    {1, 0, 0, false, 0, false, false},
    {2, 0, 0, false, 0, false, false}, /* every input one piece */
    {2, 0, 0, true, 0, false, false},
    {2, 1, 0, true, 0, true, false},     /* cut wherever it can be */
    {2, 1, 0, true, 0, true, true},
    {2, 1, 0, true, 2000, true, false},  /* ... with slow workers: the slots fill up */
    {3, 64, 0, true, 300, true, true},
    {4, 1, 2100, true, 0, true, false},  /* long stretches without a cut: read here */
    {4, 1, 2100, true, 3000, true, true}, /* ... while slow workers hold earlier pieces */
    {3, 500, 4000, true, 2000, true, false},
    {8, 1, 0, false, 0, true, true},
    {REPLAY_POOL_JOBS_MAX, 1, 0, true, 100, true, false},
};

START_TEST(pool_same_output_as_direct)
{
    const struct pool_case *pc = &pool_cases[_i];
    char *want = direct_output(pc->strict);
    struct replay_pool_stats st;
    char *got = pool_output(pc, &st);
    ck_assert_msg(strlen(want) > 2000, "the reference output is too small to mean much");
    ck_assert_msg(strstr(want, "\"type\":\"game\"") && strstr(want, "\"code\":\"syntax\"") &&
                      strstr(want, "\"code\":\"illegal-move\"") &&
                      strstr(want, "truncated gzip stream") &&
                      strstr(want, "\"code\":\"input\""),
                  "the reference misses a kind of output");
    ck_assert_msg(strcmp(want, got) == 0,
                  "case %d (jobs %u): the pool's output differs from the direct replay's", _i,
                  pc->jobs);
    if (pc->cuts) { /* the cases do what they are for */
        ck_assert_uint_gt(st.pieces, 40);
        ck_assert_uint_lt(st.read_again * 4, st.pieces); /* most cuts hold */
        if (pc->lazy) /* ... and the workers' later pieces are used again */
            ck_assert_msg(st.resumed > 0, "case %d: %lu pieces, %lu read again, none resumed",
                          _i, (unsigned long)st.pieces, (unsigned long)st.read_again);
        ck_assert_uint_gt(st.read_again, 0);
    } else if (pc->jobs > 1) {
        ck_assert_uint_eq(st.pieces, NINPUTS);
        ck_assert_uint_eq(st.read_again, 0);
    }
    free(want);
    free(got);
}
END_TEST

/* A limit of runs that cuts them in the middle of every input's lines. */
#define SHORT_RUN 5

/* Input i read straight into one game by a parser with its fast paths on or
 * off, event by event (runs 0) or in runs of at most `runs` moves
 * (pgn_parser_next_run(), game_feed_run()): the report. */
static char *reader_output(size_t i, bool fast, size_t runs)
{
    struct out o;
    struct game_sink sink = out_begin(&o);
    struct game *g = game_new(&sink, true);
    size_t len;
    char *text = input_text(i, &len);
    game_set_file(g, case_input_name(i));
    struct input *in = input_open_memory(text, len);
    struct pgn_parser *p = pgn_parser_new(in, game_parser_diag, g);
    pgn_parser_set_fast_paths(p, fast);
    struct pgn_event ev[PGN_PARSE_RUN_MAX];
    size_t n, most = 0;
    if (runs) {
        while ((n = pgn_parser_next_run(p, ev, runs))) {
            game_feed_run(g, ev, n);
            most = n > most ? n : most;
        }
        /* without the fast paths, no runs; with them, the inputs all in
         * one have runs as long as they come: cut at a short limit, longer
         * than that at the reader's own */
        if (!fast) ck_assert_uint_eq(most, 1);
        if (fast && i == IN_ALL && runs < PGN_PARSE_RUN_MAX) ck_assert_uint_eq(most, runs);
        if (fast && i == IN_ALL && runs == PGN_PARSE_RUN_MAX) ck_assert_uint_gt(most, SHORT_RUN);
        ck_assert_uint_le(most, runs);
    } else {
        while (pgn_parser_next(p, ev))
            game_feed(g, ev);
    }
    pgn_parser_free(p);
    input_close(in);
    free(text);
    game_free(g);
    return out_end(&o);
}

/* The reader's fast paths hand the game a move with its number or its
 * comment as one event: every finding and every game record is the same as
 * with the token-by-token path's events, one by one. */
START_TEST(reader_fast_paths_same_output)
{
    char *want = reader_output(_i, false, 0);
    /* fast paths on, event by event; off, in runs; on, in runs; on, in runs
     * cut short */
    static const size_t run_limit[] = {0, PGN_PARSE_RUN_MAX, PGN_PARSE_RUN_MAX, SHORT_RUN};
    for (int mode = 0; mode < 4; mode++) {
        char *got = reader_output(_i, mode != 1, run_limit[mode]);
        size_t at = 0;
        while (want[at] && want[at] == got[at])
            at++;
        while (at > 0 && want[at - 1] != '\n')
            at--;
        ck_assert_msg(strcmp(want, got) == 0,
                      "%s (fast paths %s, %s): the report differs at\n%.300s\nwant\n%.300s",
                      case_input_name(_i), mode != 1 ? "on" : "off",
                      mode == 3 ? "short runs" : mode ? "runs of moves" : "event by event",
                      got + at, want + at);
        free(got);
    }
    free(want);
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

/* A batch on its own, for each input: a game keeps its output in it, it is
 * delivered (twice: delivery does not consume), then cleared and used again
 * for the next input. */
START_TEST(batch_round_trip)
{
    struct replay_batch *kept = replay_batch_new();
    ck_assert_ptr_nonnull(kept);
    struct game_sink keep = {kept, keep_diag, keep_game, false, NULL};
    struct game *g = game_new(&keep, true);
    for (size_t i = 0; i < NINPUTS; i++) {
        replay_batch_clear(kept);
        read_direct(g, i, "one.pgn");
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
    replay_batch_free(kept);
    replay_batch_free(NULL);
}
END_TEST


/* ---- the main line and final position for --format=html ----------------- */

struct last_record {
    char mainline[8192], final_fen[128];
    bool has_mainline, has_final_fen;
};

static void ignore_diag(void *ctx, const struct diag *d)
{
    (void)ctx;
    (void)d;
}

static void last_game(void *ctx, const struct game_record *g)
{
    struct last_record *r = ctx;
    r->has_mainline = g->mainline != NULL;
    r->has_final_fen = g->final_fen != NULL;
    snprintf(r->mainline, sizeof r->mainline, "%s", g->mainline ? g->mainline : "");
    snprintf(r->final_fen, sizeof r->final_fen, "%s", g->final_fen ? g->final_fen : "");
}

/* Replay text with a sink that asks for the main line (want) or not; through
 * a batch too (what -j does), which must carry the same strings. */
static void replay_text(const char *text, bool want, struct last_record *r, bool batched)
{
    struct replay_batch *kept = replay_batch_new();
    struct game_sink direct = {r, ignore_diag, last_game, want, NULL};
    struct game_sink keep = {kept, keep_diag, keep_game, want, NULL};
    struct game *g = game_new(batched ? &keep : &direct, false);
    struct input *in = input_open_memory(text, strlen(text));
    struct pgn_parser *p = pgn_parser_new(in, game_parser_diag, g);
    struct pgn_event ev;
    while (pgn_parser_next(p, &ev))
        game_feed(g, &ev);
    pgn_parser_free(p);
    input_close(in);
    game_free(g);
    if (batched) replay_batch_deliver(kept, &direct);
    replay_batch_free(kept);
}

START_TEST(mainline_only_when_asked_and_bounded)
{
    /* Knights out and back 700 times: about 14 KB of moves, a fivefold
     * repetition at ply 16 (the moves after it are recorded, not played). */
    char *text = NULL;
    size_t len = 0;
    append(&text, &len, "[Event \"shuffle\"]\n\n", 19);
    for (int i = 0; i < 700; i++) {
        char buf[64];
        int n = snprintf(buf, sizeof buf, "%d. %s %s ", i + 1, i % 2 ? "Ng1" : "Nf3",
                         i % 2 ? "Ng8" : "Nf6");
        append(&text, &len, buf, (size_t)n);
    }
    append(&text, &len, "1/2-1/2\n", 8);
    for (int batched = 0; batched < 2; batched++) {
        struct last_record r;
        replay_text(text, true, &r, batched);
        ck_assert(r.has_mainline && r.has_final_fen);
        ck_assert_msg(strncmp(r.mainline, "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 ", 33) == 0, "%.40s",
                      r.mainline);
        size_t n = strlen(r.mainline);
        ck_assert_uint_lt(n, 4096);
        ck_assert_uint_gt(n, 4000);
        ck_assert_str_eq(r.mainline + n - 4, " ...");
        ck_assert_str_eq(r.final_fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 16 9");
        replay_text(text, false, &r, batched);
        ck_assert(!r.has_mainline && !r.has_final_fen);
    }
    free(text);
    /* Black moves first: "N..." before its first move. */
    struct last_record r;
    replay_text("[FEN \"4k3/4p3/8/8/8/8/4P3/4K3 b - - 0 41\"]\n\n41... Kd7 42. Kd2 *\n", true, &r,
                false);
    ck_assert_str_eq(r.mainline, "41... Kd7 42. Kd2");
    /* no ending: the last position the main line reached, where the result is judged */
    ck_assert(r.has_final_fen);
    ck_assert_str_eq(r.final_fen, "8/3kp3/8/8/8/8/3KP3/8 b - - 2 42");
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
    tcase_add_test(tc, mainline_only_when_asked_and_bounded);
    suite_add_tcase(s, tc);
    tc = tcase_create("reader");
    tcase_add_loop_test(tc, reader_fast_paths_same_output, 0, NINPUTS);
    suite_add_tcase(s, tc);
    return s;
}
