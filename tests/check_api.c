/*
 * check_api.c - libpgnarbiter's API (include/pgnarbiter.h): records equal to
 * the command's jsonl lines, however the bytes come (a path, bytes, a FILE,
 * fed whole, byte by byte or in random chunks) and with -j 2; the
 * NEED_INPUT sequence; every error status; two checkers on two threads at
 * once; pgnarbiter_free() in the middle of a run; pgnarbiter_next_wait()'s
 * TIMEOUT while the input has not come; position and play_move.
 */
#include "pgnarbiter.h"

#include "config.h"
#include "testutil.h"

#include <check.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Text gathered from records: each json and a line feed. */
struct lines {
    char *text;
    size_t len;
    FILE *f;
};

static void lines_begin(struct lines *l)
{
    l->text = NULL;
    l->len = 0;
    l->f = open_memstream(&l->text, &l->len);
    ck_assert_ptr_nonnull(l->f);
}

static const char *lines_end(struct lines *l)
{
    fclose(l->f);
    l->f = NULL;
    return l->text;
}

/* Every record ready into l; the status that ended the loop. */
static int drain(pgnarbiter_checker *c, struct lines *l)
{
    const struct pgnarbiter_record *r;
    int st;
    while ((st = pgnarbiter_next(c, &r)) == PGNARBITER_OK) {
        ck_assert_uint_eq(strlen(r->json), r->json_len);
        fwrite(r->json, 1, r->json_len, l->f);
        fputc('\n', l->f);
    }
    return st;
}

static pgnarbiter_checker *checker(unsigned jobs, int games)
{
    struct pgnarbiter_options o;
    pgnarbiter_options_init(&o);
    o.jobs = jobs;
    o.report_games = games;
    char why[256] = "";
    pgnarbiter_checker *c = pgnarbiter_new(&o, why, sizeof why);
    ck_assert_msg(c != NULL, "pgnarbiter_new: %s", why);
    return c;
}

/* How the bytes of one input reach the checker. */
enum how { BY_PATH, BY_BYTES, BY_FILE, BY_FEED_1, BY_FEED_RANDOM, BY_FEED_WHOLE };

/* The records of the file at path, given as how, with jobs. */
static char *records(const char *path, enum how how, unsigned jobs)
{
    pgnarbiter_checker *c = checker(jobs, 1);
    struct lines l;
    lines_begin(&l);
    size_t len = 0;
    char *bytes = how == BY_PATH || how == BY_FILE ? NULL : read_file(path, &len);
    FILE *f = NULL;
    switch (how) {
    case BY_PATH:
        ck_assert_int_eq(pgnarbiter_add_path(c, path), PGNARBITER_OK);
        break;
    case BY_FILE:
        ck_assert_ptr_nonnull(f = fopen(path, "rb"));
        ck_assert_int_eq(pgnarbiter_add_file(c, f, path), PGNARBITER_OK);
        break;
    case BY_BYTES:
        ck_assert_int_eq(pgnarbiter_add_bytes(c, bytes, len, path), PGNARBITER_OK);
        break;
    default: {
        ck_assert_int_eq(pgnarbiter_feed_begin(c, path), PGNARBITER_OK);
        srand(39);
        for (size_t at = 0; at < len;) {
            size_t n = how == BY_FEED_1 ? 1 : how == BY_FEED_WHOLE ? len : 1 + (size_t)rand() % 777;
            if (n > len - at) n = len - at;
            ck_assert_int_eq(pgnarbiter_feed(c, bytes + at, n), PGNARBITER_OK);
            at += n;
            if (how != BY_FEED_1 || at % 4096 == 0) /* take what is ready now and then */
                ck_assert_int_eq(drain(c, &l), PGNARBITER_NEED_INPUT);
        }
        ck_assert_int_eq(pgnarbiter_feed_end(c), PGNARBITER_OK);
    }
    }
    ck_assert_int_eq(pgnarbiter_end_inputs(c), PGNARBITER_OK);
    ck_assert_int_eq(drain(c, &l), PGNARBITER_END);
    ck_assert_str_eq(pgnarbiter_error(c), "");
    pgnarbiter_free(c);
    if (f) fclose(f);
    free(bytes);
    lines_end(&l);
    return l.text;
}

/* What `pgnarbiter check --format=jsonl --report=games` writes for path. */
static char *cli_records(const char *path)
{
    struct capture out, err;
    const char *args[] = {
        "check", "--format=jsonl", "--report=games", "--no-config", "--quiet", path, NULL};
    run_cli(args, &out, &err);
    char *text = strdup(out.text);
    capture_free(&out);
    capture_free(&err);
    return text;
}

static const char *const inputs[] = {"sample.pgn",
                                     "sample.pgn.gz",
                                     "diag/illegal-move.pgn",
                                     "diag/ambiguous-move.pgn",
                                     "diag/bad-fen.pgn",
                                     "diag/duplicate-game.pgn"};
#define NINPUTS ((int)(sizeof inputs / sizeof *inputs))

START_TEST(records_are_the_commands_lines)
{
    const char *path = testdata_path(inputs[_i]);
    char *want = cli_records(path);
    ck_assert_msg(strstr(want, "\"type\":\"summary\"") != NULL, "%s", want);
    static const enum how hows[] = {BY_PATH,       BY_BYTES,       BY_FILE,
                                    BY_FEED_WHOLE, BY_FEED_RANDOM, BY_FEED_1};
    for (size_t h = 0; h < sizeof hows / sizeof *hows; h++) {
        char *got = records(path, hows[h], 1);
        ck_assert_msg(strcmp(got, want) == 0, "%s given as %zu:\n%s\nwant:\n%s", inputs[_i], h, got,
                      want);
        free(got);
    }
    free(want);
}
END_TEST

/* Enough games to be cut into several pieces with -j 2. */
static char *many_games(size_t *len)
{
    size_t one = 0;
    char *sample = read_file(testdata_path("sample.pgn"), &one);
    ck_assert_ptr_nonnull(sample);
    size_t copies = (300u << 10) / one + 2;
    char *text = malloc(copies * (one + 1));
    ck_assert_ptr_nonnull(text);
    *len = 0;
    for (size_t i = 0; i < copies; i++) {
        memcpy(text + *len, sample, one);
        *len += one;
        text[(*len)++] = '\n';
    }
    free(sample);
    return text;
}

static char *records_of_bytes(const char *bytes, size_t len, unsigned jobs)
{
    pgnarbiter_checker *c = checker(jobs, 1);
    struct lines l;
    lines_begin(&l);
    ck_assert_int_eq(pgnarbiter_add_bytes(c, bytes, len, "many.pgn"), PGNARBITER_OK);
    ck_assert_int_eq(pgnarbiter_end_inputs(c), PGNARBITER_OK);
    ck_assert_int_eq(drain(c, &l), PGNARBITER_END);
    pgnarbiter_free(c);
    lines_end(&l);
    return l.text;
}

START_TEST(jobs_two_same_as_one)
{
    size_t len;
    char *text = many_games(&len);
    char *one = records_of_bytes(text, len, 1), *two = records_of_bytes(text, len, 2);
    ck_assert_str_eq(one, two);
    ck_assert_ptr_nonnull(strstr(one, "\"duplicate-game\"")); /* the copies are found */
    free(one);
    free(two);
    free(text);
}
END_TEST

struct thread_run {
    const char *text;
    size_t len;
    char *got;
};

static void *run_thread(void *arg)
{
    struct thread_run *t = arg;
    t->got = records_of_bytes(t->text, t->len, 1);
    return NULL;
}

START_TEST(two_checkers_on_two_threads)
{
    size_t len;
    char *text = many_games(&len);
    char *alone = records_of_bytes(text, len, 1);
    struct thread_run t[2] = {{text, len, NULL}, {text, len / 2, NULL}};
    pthread_t th[2];
    for (int i = 0; i < 2; i++)
        ck_assert_int_eq(pthread_create(&th[i], NULL, run_thread, &t[i]), 0);
    for (int i = 0; i < 2; i++)
        pthread_join(th[i], NULL);
    char *half = records_of_bytes(text, len / 2, 1);
    ck_assert_str_eq(t[0].got, alone);
    ck_assert_str_eq(t[1].got, half);
    for (int i = 0; i < 2; i++)
        free(t[i].got);
    free(alone);
    free(half);
    free(text);
}
END_TEST

/* The reader looks a few hundred bytes ahead (pgn/pgn_lex.h): a game is
 * judged once the bytes after it are fed, or at feed_end. */
START_TEST(need_input_sequence)
{
    static const char game1[] = "[Event \"E\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n"
                                "1. e4 e5 2. Ke3 1-0\n\n";
    char game2[3000];
    int n2 =
        snprintf(game2, sizeof game2,
                 "[Event \"E\"]\n[White \"C\"]\n[Black \"D\"]\n[Result \"*\"]\n\n1. d4 {%s} *\n",
                 "a long comment a long comment a long comment a long comment a long comment "
                 "a long comment a long comment a long comment a long comment a long comment "
                 "a long comment a long comment a long comment a long comment a long comment "
                 "a long comment a long comment a long comment a long comment a long comment "
                 "a long comment a long comment a long comment a long comment a long comment "
                 "a long comment a long comment a long comment a long comment a long comment "
                 "a long comment a long comment a long comment a long comment a long comment "
                 "a long comment a long comment a long comment a long comment a long comment "
                 "a long comment a long comment a long comment a long comment a long comment "
                 "a long comment a long comment a long comment a long comment a long comment "
                 "a long comment a long comment a long comment a long comment a long comment "
                 "a long comment a long comment a long comment a long comment a long comment "
                 "a long comment a long comment a long comment a long comment a long comment");
    const int part = 1000; /* of game2: well past the reader's look-ahead */
    ck_assert_int_gt(n2, part + 10);
    pgnarbiter_checker *c = checker(1, 1);
    const struct pgnarbiter_record *r = NULL;
    ck_assert_int_eq(pgnarbiter_next(c, &r), PGNARBITER_NEED_INPUT);
    ck_assert_ptr_null(r);
    ck_assert_int_eq(pgnarbiter_feed_begin(c, "fed.pgn"), PGNARBITER_OK);
    ck_assert_int_eq(pgnarbiter_next(c, &r), PGNARBITER_NEED_INPUT);
    /* half of the first game: nothing judged yet */
    ck_assert_int_eq(pgnarbiter_feed(c, game1, 40), PGNARBITER_OK);
    ck_assert_int_eq(pgnarbiter_next(c, &r), PGNARBITER_NEED_INPUT);
    /* the rest, and much of the next game: the first is judged */
    ck_assert_int_eq(pgnarbiter_feed(c, game1 + 40, sizeof game1 - 41), PGNARBITER_OK);
    ck_assert_int_eq(pgnarbiter_feed(c, game2, (size_t)part), PGNARBITER_OK);
    ck_assert_int_eq(pgnarbiter_next(c, &r), PGNARBITER_OK);
    ck_assert_int_eq(r->kind, PGNARBITER_FINDING);
    ck_assert_str_eq(r->code, "illegal-move");
    ck_assert_str_eq(r->severity, "error");
    ck_assert_str_eq(r->file, "fed.pgn");
    ck_assert_str_eq(r->white, "A");
    ck_assert_uint_eq(r->game, 1);
    ck_assert_uint_eq(r->ply, 3);
    ck_assert_uint_eq(r->line, 6);
    ck_assert_ptr_nonnull(r->message);
    ck_assert_int_eq(pgnarbiter_next(c, &r), PGNARBITER_OK);
    ck_assert_int_eq(r->kind, PGNARBITER_GAME);
    ck_assert_str_eq(r->result, "1-0");
    ck_assert_uint_eq(r->errors, 1);
    ck_assert_int_eq(pgnarbiter_next(c, &r), PGNARBITER_NEED_INPUT);
    ck_assert_int_eq(pgnarbiter_feed(c, game2 + part, (size_t)(n2 - part)), PGNARBITER_OK);
    ck_assert_int_eq(pgnarbiter_feed_end(c), PGNARBITER_OK);
    ck_assert_int_eq(pgnarbiter_next(c, &r), PGNARBITER_OK);
    ck_assert_int_eq(r->kind, PGNARBITER_GAME);
    ck_assert_str_eq(r->black, "D");
    ck_assert_uint_eq(r->plies, 1);
    ck_assert_int_eq(pgnarbiter_next(c, &r), PGNARBITER_NEED_INPUT); /* inputs may still come */
    ck_assert_int_eq(pgnarbiter_end_inputs(c), PGNARBITER_OK);
    ck_assert_int_eq(pgnarbiter_next(c, &r), PGNARBITER_OK);
    ck_assert_int_eq(r->kind, PGNARBITER_SUMMARY);
    ck_assert_int_eq(r->status, 1);
    ck_assert_uint_eq(r->games, 2);
    ck_assert_uint_eq(r->errors, 1);
    ck_assert_int_eq(pgnarbiter_next(c, &r), PGNARBITER_END);
    ck_assert_int_eq(pgnarbiter_next(c, &r), PGNARBITER_END);
    pgnarbiter_free(c);
}
END_TEST

START_TEST(calls_out_of_order)
{
    pgnarbiter_checker *c = checker(1, 0);
    const struct pgnarbiter_record *r;
    ck_assert_int_eq(pgnarbiter_feed(c, "x", 1), PGNARBITER_ERR_USAGE);
    ck_assert_str_ne(pgnarbiter_error(c), "");
    ck_assert_int_eq(pgnarbiter_feed_end(c), PGNARBITER_ERR_USAGE);
    ck_assert_int_eq(pgnarbiter_feed_begin(c, "a"), PGNARBITER_OK);
    ck_assert_str_eq(pgnarbiter_error(c), "");
    ck_assert_int_eq(pgnarbiter_add_path(c, "x.pgn"), PGNARBITER_ERR_USAGE);
    ck_assert_int_eq(pgnarbiter_add_bytes(c, "x", 1, NULL), PGNARBITER_ERR_USAGE);
    ck_assert_int_eq(pgnarbiter_feed_begin(c, "b"), PGNARBITER_ERR_USAGE);
    ck_assert_int_eq(pgnarbiter_end_inputs(c), PGNARBITER_ERR_USAGE);
    ck_assert_int_eq(pgnarbiter_feed_end(c), PGNARBITER_OK);
    ck_assert_int_eq(pgnarbiter_add_path(c, NULL), PGNARBITER_ERR_USAGE);
    ck_assert_int_eq(pgnarbiter_add_file(c, NULL, "f"), PGNARBITER_ERR_USAGE);
    ck_assert_int_eq(pgnarbiter_add_bytes(c, NULL, 3, "b"), PGNARBITER_ERR_USAGE);
    ck_assert_int_eq(pgnarbiter_next(c, NULL), PGNARBITER_ERR_USAGE);
    ck_assert_int_eq(pgnarbiter_end_inputs(c), PGNARBITER_OK);
    ck_assert_int_eq(pgnarbiter_end_inputs(c), PGNARBITER_ERR_USAGE);
    ck_assert_int_eq(pgnarbiter_add_path(c, "x.pgn"), PGNARBITER_ERR_USAGE);
    ck_assert_int_eq(pgnarbiter_feed_begin(c, "c"), PGNARBITER_ERR_USAGE);
    int st;
    while ((st = pgnarbiter_next(c, &r)) == PGNARBITER_OK)
        ;
    ck_assert_int_eq(st, PGNARBITER_END);
    pgnarbiter_free(c);
    pgnarbiter_free(NULL);
    ck_assert_str_eq(pgnarbiter_error(NULL), "");
    ck_assert_int_eq(pgnarbiter_add_path(NULL, "x"), PGNARBITER_ERR_USAGE);
    ck_assert_int_eq(pgnarbiter_next(NULL, &r), PGNARBITER_ERR_USAGE);
}
END_TEST

/* Options pgnarbiter_new() refuses, each with a sentence. */
static void bad_option(struct pgnarbiter_options *o, const char *says)
{
    char why[512] = "";
    pgnarbiter_checker *c = pgnarbiter_new(o, why, sizeof why);
    ck_assert_msg(c == NULL, "accepted, wanted '%s'", says);
    ck_assert_msg(strstr(why, says) != NULL, "'%s' does not say '%s'", why, says);
}

START_TEST(bad_options)
{
    struct pgnarbiter_options o;
#define BAD(field, value, says)                                                                    \
    pgnarbiter_options_init(&o);                                                                   \
    o.field = value;                                                                               \
    bad_option(&o, says)
    BAD(notation, "klingon", "klingon");
    BAD(select, "no-such-code", "no-such-code");
    BAD(ignore, "input-error", "input-error");
    BAD(severity, "illegal-move=fatal", "fatal");
    BAD(duplicates, "sometimes", "sometimes");
    BAD(round_form, "circle", "circle");
    BAD(after_illegal, "panic", "panic");
    BAD(clock_delay, 99999.0, "--clock-delay");
    BAD(clock_slack, 4000.0, "--clock-slack");
    BAD(jobs, 100000, "100000");
    BAD(players, "players.txt", "--trf");
    BAD(trf_require_all, 1, "--trf");
    BAD(stdin_name, "", "--stdin-name");
    BAD(size, 3, "pgnarbiter_options_init");
    BAD(trf, "/nonexistent/event.trf", "/nonexistent/event.trf");
    BAD(config, "/nonexistent/settings.toml", "/nonexistent/settings.toml");
#undef BAD
    /* a TRF file that is there, with a --players file that is not */
    pgnarbiter_options_init(&o);
    o.trf = testdata_path("trf/kdu-inconsistent.trf");
    char trf[4096];
    snprintf(trf, sizeof trf, "%s", o.trf);
    o.trf = trf;
    o.players = "/nonexistent/players.txt";
    bad_option(&o, "/nonexistent/players.txt");
    /* NULL why is allowed */
    pgnarbiter_options_init(&o);
    o.notation = "klingon";
    ck_assert_ptr_null(pgnarbiter_new(&o, NULL, 0));
    /* NULL options: the defaults */
    pgnarbiter_checker *c = pgnarbiter_new(NULL, NULL, 0);
    ck_assert_ptr_nonnull(c);
    pgnarbiter_free(c);
}
END_TEST

START_TEST(unreadable_input_is_a_finding)
{
    pgnarbiter_checker *c = checker(1, 0);
    const struct pgnarbiter_record *r;
    ck_assert_int_eq(pgnarbiter_add_path(c, "/nonexistent/games.pgn"), PGNARBITER_OK);
    ck_assert_int_eq(pgnarbiter_end_inputs(c), PGNARBITER_OK);
    ck_assert_int_eq(pgnarbiter_next(c, &r), PGNARBITER_OK);
    ck_assert_str_eq(r->code, "input");
    ck_assert_str_eq(r->file, "/nonexistent/games.pgn");
    ck_assert_int_eq(pgnarbiter_next(c, &r), PGNARBITER_OK);
    ck_assert_int_eq(r->kind, PGNARBITER_SUMMARY);
    ck_assert_int_eq(r->status, 2);
    ck_assert_int_eq(pgnarbiter_next(c, &r), PGNARBITER_END);
    pgnarbiter_free(c);
}
END_TEST

/* Freed at any point: mid-run with records waiting, waiting for fed bytes,
 * before any input (no leak: the sanitizer build says so). */
START_TEST(free_in_the_middle)
{
    size_t len;
    char *text = many_games(&len);
    for (unsigned jobs = 1; jobs <= 2; jobs++) {
        pgnarbiter_checker *c = checker(jobs, 1);
        const struct pgnarbiter_record *r;
        ck_assert_int_eq(pgnarbiter_add_bytes(c, text, len, "many.pgn"), PGNARBITER_OK);
        ck_assert_int_eq(pgnarbiter_add_bytes(c, text, len, "again.pgn"), PGNARBITER_OK);
        ck_assert_int_eq(pgnarbiter_next(c, &r), PGNARBITER_OK);
        pgnarbiter_free(c);
    }
    pgnarbiter_checker *c = checker(1, 1);
    ck_assert_int_eq(pgnarbiter_feed_begin(c, "fed"), PGNARBITER_OK);
    ck_assert_int_eq(pgnarbiter_feed(c, text, 5000), PGNARBITER_OK);
    pgnarbiter_free(c);
    pgnarbiter_free(checker(2, 0));
    free(text);
}
END_TEST

/* An input that has not come yet (a pipe nobody has written to):
 * pgnarbiter_next_wait() says TIMEOUT, and once the bytes come the run
 * gives the same records as the bytes given at once. */
START_TEST(next_wait_times_out)
{
    static const char game[] = "[Event \"Sociale\"]\n[White \"Rossi\"]\n[Black \"Bianchi\"]\n"
                               "[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 Nf6 1-0\n";
    int fds[2];
    ck_assert_int_eq(pipe(fds), 0);
    FILE *in = fdopen(fds[0], "rb");
    ck_assert_ptr_nonnull(in);
    pgnarbiter_checker *c = checker(1, 1);
    ck_assert_int_eq(pgnarbiter_add_file(c, in, "many.pgn"), PGNARBITER_OK);
    ck_assert_int_eq(pgnarbiter_end_inputs(c), PGNARBITER_OK);
    const struct pgnarbiter_record *r = (const void *)1;
    ck_assert_int_eq(pgnarbiter_next_wait(c, &r, 30), PGNARBITER_TIMEOUT);
    ck_assert_ptr_null(r);
    ck_assert_int_eq(pgnarbiter_next_wait(c, &r, 0), PGNARBITER_TIMEOUT);
    ck_assert_int_eq(write(fds[1], game, sizeof game - 1), (ssize_t)(sizeof game - 1));
    close(fds[1]);
    struct lines got;
    lines_begin(&got);
    int st;
    while ((st = pgnarbiter_next_wait(c, &r, 10)) == PGNARBITER_OK ||
           st == PGNARBITER_TIMEOUT)
        if (st == PGNARBITER_OK) {
            fwrite(r->json, 1, r->json_len, got.f);
            fputc('\n', got.f);
        }
    ck_assert_int_eq(st, PGNARBITER_END);
    pgnarbiter_free(c);
    fclose(in);
    char *want = records_of_bytes(game, sizeof game - 1, 1);
    const char *text = lines_end(&got);
    ck_assert_str_eq(text, want);
    ck_assert_ptr_nonnull(strstr(text, "\"code\":\"illegal-move\""));
    free(want);
    free(got.text);
}
END_TEST

/* What `pgnarbiter position --format=jsonl FEN` writes, without its line feed. */
static char *cli_position(const char *fen)
{
    struct capture out, err;
    const char *args[] = {"position", "--format=jsonl", fen, NULL};
    run_cli(args, &out, &err);
    char *text = strdup(out.text);
    size_t n = strlen(text);
    if (n && text[n - 1] == '\n') text[n - 1] = '\0';
    capture_free(&out);
    capture_free(&err);
    return text;
}

START_TEST(position_as_the_command)
{
    static const char *const fens[] = {
        PGNARBITER_START_FEN,
        "8/8/8/4k3/8/8/8/4K3 w - - 0 1",                                 /* dead */
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",                                /* stalemate */
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", /* mate */
        "not a fen",
        "8/8/8/8/8/8/8/8 w - - 0 1",
    };
    for (size_t i = 0; i < sizeof fens / sizeof *fens; i++) {
        struct pgnarbiter_position p;
        char why[256] = "";
        ck_assert_int_eq(pgnarbiter_judge_position(fens[i], 0, 0, &p, why, sizeof why),
                         PGNARBITER_OK);
        char *want = cli_position(fens[i]);
        ck_assert_str_eq(p.json, want);
        free(want);
        switch (i) {
        case 0:
            ck_assert(p.legal && !p.check && !p.dead && p.white_can_win == 1);
            break;
        case 1:
            ck_assert(p.legal && p.dead && p.white_can_win == 0 && p.black_can_win == 0);
            break;
        case 2:
            ck_assert(p.legal && p.stalemate && !p.checkmate);
            break;
        case 3:
            ck_assert(p.legal && p.check && p.checkmate);
            break;
        default:
            ck_assert(!p.legal && p.reason[0] && p.white_can_win == -1);
        }
        pgnarbiter_string_free(p.json);
    }
    struct pgnarbiter_position p;
    char why[256] = "";
    ck_assert_int_eq(pgnarbiter_judge_position(NULL, 0, 0, &p, why, sizeof why),
                     PGNARBITER_ERR_USAGE);
    ck_assert_str_ne(why, "");
    ck_assert_int_eq(
        pgnarbiter_judge_position(PGNARBITER_START_FEN, 0, 999999999ul, &p, why, sizeof why),
        PGNARBITER_ERR_USAGE);
}
END_TEST

static const struct {
    const char *fen, *move, *notation;
    int status;
    const char *san, *after; /* or what why says */
} moves[] = {
    {PGNARBITER_START_FEN, "Nf3", NULL, PGNARBITER_OK, "Nf3",
     "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1"},
    {PGNARBITER_START_FEN, "Cf3", NULL, PGNARBITER_OK, "Nf3",
     "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1"},
    {PGNARBITER_START_FEN, "Cf3", "it", PGNARBITER_OK, "Nf3", NULL},
    {PGNARBITER_START_FEN, "g1f3", NULL, PGNARBITER_OK, "Nf3", NULL},
    {PGNARBITER_START_FEN, "e4", "auto", PGNARBITER_OK, "e4",
     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"},
    {PGNARBITER_START_FEN,
     "\xe2\x99\x98"
     "f3",
     NULL, PGNARBITER_OK, "Nf3", NULL},
    {"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Rd1", "en", PGNARBITER_OK, "Rd1", NULL},
    {"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Rd1", "it", PGNARBITER_OK, "Kd1", NULL},
    {"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Rd1", NULL, PGNARBITER_ERR_USAGE, NULL, "ambiguous"},
    {"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Ta8#", NULL, PGNARBITER_OK, "Ra8+", NULL},
    {"6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "Ra8", NULL, PGNARBITER_OK, "Ra8#", NULL},
    {"6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "Ta8", NULL, PGNARBITER_OK, "Ra8#", NULL},
    {PGNARBITER_START_FEN, "e5", NULL, PGNARBITER_ERR_USAGE, NULL, "e5"},
    {PGNARBITER_START_FEN, "Ke2", NULL, PGNARBITER_ERR_USAGE, NULL, "Ke2"},
    {PGNARBITER_START_FEN, "hello", NULL, PGNARBITER_ERR_USAGE, NULL, "hello"},
    {PGNARBITER_START_FEN, "Nf3", "klingon", PGNARBITER_ERR_USAGE, NULL, "klingon"},
    {"8/8/8/8/8/8/8/8 w - - 0 1", "e4", NULL, PGNARBITER_ERR_USAGE, NULL, "FEN"},
    {"nonsense", "e4", NULL, PGNARBITER_ERR_USAGE, NULL, "FEN"},
};

START_TEST(play_move)
{
    char *san = (char *)1, *after = (char *)1, why[256] = "";
    int st = pgnarbiter_play_move(moves[_i].fen, moves[_i].move, moves[_i].notation, &san, &after,
                                  why, sizeof why);
    ck_assert_msg(st == moves[_i].status, "%s: status %d, %s", moves[_i].move, st, why);
    if (st == PGNARBITER_OK) {
        ck_assert_str_eq(san, moves[_i].san);
        if (moves[_i].after) ck_assert_str_eq(after, moves[_i].after);
    } else {
        ck_assert_ptr_null(san);
        ck_assert_ptr_null(after);
        ck_assert_msg(strstr(why, moves[_i].after) != NULL, "'%s' lacks '%s'", why,
                      moves[_i].after);
    }
    pgnarbiter_string_free(san);
    pgnarbiter_string_free(after);
}
END_TEST

START_TEST(version)
{
    ck_assert_str_eq(pgnarbiter_version(), PACKAGE_VERSION);
    ck_assert_int_eq(PGNARBITER_API_VERSION, 1);
}
END_TEST

Suite *api_suite(void);
Suite *api_suite(void)
{
    Suite *s = suite_create("api");
    TCase *tc = tcase_create("records");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, records_are_the_commands_lines, 0, NINPUTS);
    tcase_add_test(tc, jobs_two_same_as_one);
    tcase_add_test(tc, two_checkers_on_two_threads);
    tcase_add_test(tc, need_input_sequence);
    tcase_add_test(tc, unreadable_input_is_a_finding);
    tcase_add_test(tc, free_in_the_middle);
    tcase_add_test(tc, next_wait_times_out);
    suite_add_tcase(s, tc);
    tc = tcase_create("errors");
    tcase_add_test(tc, calls_out_of_order);
    tcase_add_test(tc, bad_options);
    tcase_add_test(tc, version);
    suite_add_tcase(s, tc);
    tc = tcase_create("position");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, position_as_the_command);
    tcase_add_loop_test(tc, play_move, 0, (int)(sizeof moves / sizeof *moves));
    suite_add_tcase(s, tc);
    return s;
}
