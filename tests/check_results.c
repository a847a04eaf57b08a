/*
 * check_results.c - the results a game records (judge/game_result.c over
 * pgn/pgn_result.h): each form arbiters write, in the Result tag and as the
 * marker, with and without moves; 0-0 read as castling or as the result;
 * +/- as a glyph or a forfeit; forfeits said in English and Italian; what the
 * other result checks (wrong-result, result-mismatch, unwinnable-win) make of
 * the new forms; and the record's result and result_kind.  Each case is one
 * game replayed under --strict: the codes it gets, in order, and its record.
 */
#include "testutil.h"

#include "diag/diag.h"
#include "judge/claims.h"
#include "judge/game.h"
#include "pgn/pgn_result.h"

#include <stdio.h>
#include <string.h>

struct got {
    char codes[512];
    char result[16];
    enum result_kind kind;
    unsigned games;
};

static void on_diag(void *ctx, const struct diag *d)
{
    struct got *g = ctx;
    size_t n = strlen(g->codes);
    snprintf(g->codes + n, sizeof g->codes - n, "%s%s", n ? " " : "", diag_info(d->code)->name);
}

static void on_game(void *ctx, const struct game_record *r)
{
    struct got *g = ctx;
    snprintf(g->result, sizeof g->result, "%s", r->result ? r->result : "null");
    g->kind = r->result_kind;
    g->games++;
}

#define TAGS(result) "[Event \"E\"]\n[Site \"S\"]\n[Date \"2026.11.29\"]\n[Round \"1\"]\n" \
                     "[White \"A\"]\n[Black \"B\"]\n[Result \"" result "\"]\n"

static const struct {
    const char *pgn;
    const char *codes; /* in the order they are handed over */
    const char *result;
    enum result_kind kind;
} cases[] = {
    /* PGN's four */
    {TAGS("1-0") "\n1. e4 e5 1-0\n", "", "1-0", RESULT_KIND_PLAYED},
    {TAGS("*") "\n1. e4 e5 *\n", "", "*", RESULT_KIND_UNFINISHED},
    {TAGS("1-0") "\n1-0\n", "", "1-0", RESULT_KIND_PLAYED}, /* nothing says forfeit */
    /* double forfeit: tag and marker, without moves */
    {TAGS("0-0") "\n0-0\n", "nonstandard-result", "0-0", RESULT_KIND_DOUBLE_FORFEIT},
    {TAGS("0-0") "\n*\n", "nonstandard-result result-mismatch", "0-0",
     RESULT_KIND_DOUBLE_FORFEIT},
    {TAGS("0F-0F") "\n0F-0F\n", "nonstandard-result", "0F-0F", RESULT_KIND_DOUBLE_FORFEIT},
    /* 0-0 last: the tag says so, no moves, or castling is not legal: the result */
    {TAGS("0-0") "\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 0-0\n", "nonstandard-result", "0-0",
     RESULT_KIND_PLAYED}, /* both moved: a loss for both */
    {"[Event \"E\"]\n\n0-0\n", "missing-tag missing-tag missing-tag missing-tag missing-tag "
                               "missing-tag nonstandard-result",
     "0-0", RESULT_KIND_DOUBLE_FORFEIT},
    {TAGS("*") "\n1. e4 e5 2. Nf3 Nc6 0-0\n", "nonstandard-result result-mismatch", "*",
     RESULT_KIND_UNFINISHED},
    /* ... otherwise castling, and the marker is missing */
    {TAGS("1-0") "\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 0-0\n", "noncanonical-san missing-result",
     "1-0", RESULT_KIND_PLAYED},
    {TAGS("1-0") "\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 0-0 1-0\n", "noncanonical-san", "1-0",
     RESULT_KIND_PLAYED},
    /* split scores (12.9): a draw or a win with points taken away, never more */
    {TAGS("1/2-0") "\n1. e4 e5 1/2-0\n", "nonstandard-result", "1/2-0", RESULT_KIND_PLAYED},
    {TAGS("0-1/2") "\n1. f3 e5 2. g4 Qh4# 0-1/2\n", "nonstandard-result", "0-1/2",
     RESULT_KIND_PLAYED},
    {TAGS("1/2-0") "\n1. f3 e5 2. g4 Qh4# 1/2-0\n", "nonstandard-result wrong-result", "1/2-0",
     RESULT_KIND_PLAYED},
    {TAGS("0.5-0") "\n1. d4 0.5-0\n", "nonstandard-result", "1/2-0", RESULT_KIND_PLAYED},
    {TAGS("1/2-0") "\n1. d4 0-0.5\n", "nonstandard-result nonstandard-result result-mismatch",
     "1/2-0", RESULT_KIND_PLAYED},
    /* forfeits: the forms, without and with moves */
    {TAGS("+/-") "\n+/-\n", "nonstandard-result", "+/-", RESULT_KIND_FORFEIT},
    {TAGS("-/+") "\n-/+\n", "nonstandard-result", "-/+", RESULT_KIND_FORFEIT},
    {TAGS("1F-0F") "\n1F-0F\n", "nonstandard-result", "1F-0F", RESULT_KIND_FORFEIT},
    {TAGS("0F-1F") "\n1. e4 0F-1F\n", "nonstandard-result forfeit-with-moves", "0F-1F",
     RESULT_KIND_FORFEIT},
    {TAGS("+/-") "\n1. e4 e5 2. Nf3 +/-\n", "nonstandard-result played-as-forfeit", "+/-",
     RESULT_KIND_FORFEIT},
    {TAGS("1-0") "\n1. e4 e5 1F-0F\n", "nonstandard-result played-as-forfeit", "1-0",
     RESULT_KIND_FORFEIT}, /* tag and marker agree on the points */
    /* +/- last after moves, the tag elsewhere: the glyph, no marker */
    {TAGS("1-0") "\n1. e4 e5 +/-\n", "missing-result", "1-0", RESULT_KIND_PLAYED},
    {TAGS("1-0") "\n1. e4 e5 +/- 1-0\n", "", "1-0", RESULT_KIND_PLAYED},
    /* forfeits written 1-0 / 0-1, said by the Termination or the comment */
    {TAGS("1-0") "[Termination \"forfeit\"]\n\n1-0\n", "", "1-0", RESULT_KIND_FORFEIT},
    {TAGS("0-1") "[Termination \"Vittoria a tavolino\"]\n\n0-1\n", "", "0-1",
     RESULT_KIND_FORFEIT},
    {TAGS("1-0") "\n{forfait} 1-0\n", "", "1-0", RESULT_KIND_FORFEIT},
    {TAGS("1-0") "\n{partita non giocata} 1-0\n", "", "1-0", RESULT_KIND_FORFEIT},
    {TAGS("0-1") "\n{assenza del Bianco} 0-1\n", "", "0-1", RESULT_KIND_FORFEIT},
    {TAGS("1-0") "\n1. e4 {forfeit} 1-0\n", "forfeit-with-moves", "1-0", RESULT_KIND_FORFEIT},
    /* ... but a game both players moved in is a game lost, not a forfeit */
    {TAGS("1-0") "[Termination \"vittoria a tavolino\"]\n\n1. e4 e5 2. Nf3 1-0\n", "", "1-0",
     RESULT_KIND_PLAYED},
    {TAGS("0-1") "\n1. e4 e5 2. Ke2 {White forfeits on time} 0-1\n", "", "0-1",
     RESULT_KIND_PLAYED},
    {TAGS("1-0") "[Termination \"time forfeit\"]\n\n1-0\n", "", "1-0", RESULT_KIND_PLAYED},
    /* byes */
    {"[Event \"E\"]\n[Site \"S\"]\n[Date \"2026.11.29\"]\n[Round \"1\"]\n[White \"A\"]\n"
     "[Black \"BYE\"]\n[Result \"1-0\"]\n\n1-0\n",
     "", "1-0", RESULT_KIND_BYE},
    {TAGS("1/2-1/2") "\n{riposo} 1/2-1/2\n", "", "1/2-1/2", RESULT_KIND_BYE},
    /* a forfeit win for a side that cannot mate (6.9 also for penalties) */
    {"[Event \"E\"]\n[Site \"S\"]\n[Date \"2026.11.29\"]\n[Round \"1\"]\n[White \"A\"]\n"
     "[Black \"B\"]\n[Result \"+/-\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2N w - - 0 1\"]\n"
     "\n1. Kd2 Kd7 +/-\n",
     "dead-position nonstandard-result moves-after-end played-as-forfeit wrong-result", "+/-",
     RESULT_KIND_FORFEIT},
};

START_TEST(result_forms)
{
    struct got got;
    memset(&got, 0, sizeof got);
    struct game_sink sink = {&got, on_diag, on_game, false, NULL};
    struct game *g = game_new(&sink, true);
    ck_assert_ptr_nonnull(g);
    feed_text(g, cases[_i].pgn, strlen(cases[_i].pgn));
    game_free(g);
    ck_assert_uint_eq(got.games, 1);
    ck_assert_msg(strcmp(got.codes, cases[_i].codes) == 0, "%s\n got codes '%s'\nwant '%s'",
                  cases[_i].pgn, got.codes, cases[_i].codes);
    ck_assert_msg(strcmp(got.result, cases[_i].result) == 0, "%s\n got result %s, want %s",
                  cases[_i].pgn, got.result, cases[_i].result);
    ck_assert_msg(got.kind == cases[_i].kind, "%s\n got kind %s, want %s", cases[_i].pgn,
                  game_result_kind_name(got.kind), game_result_kind_name(cases[_i].kind));
}
END_TEST

/* The table's reading of every spelling, and its refusals. */
START_TEST(result_spellings)
{
    static const struct {
        const char *text, *form; /* NULL: not a result */
    } spell[] = {
        {"1-0", "1-0"},         {"0-1", "0-1"},         {"1/2-1/2", "1/2-1/2"},
        {"*", "*"},             {"0-0", "0-0"},         {"1/2-0", "1/2-0"},
        {"0-1/2", "0-1/2"},     {"0.5-0", "1/2-0"},     {"0-0.5", "0-1/2"},
        {"\xc2\xbd-0", "1/2-0"}, {"0\xe2\x80\x93\xc2\xbd", "0-1/2"}, {"0.5-0.5", "1/2-1/2"},
        {"+/-", "+/-"},         {"-/+", "-/+"},         {"1F-0F", "1F-0F"},
        {"1f-0f", "1F-0F"},     {"0F-1F", "0F-1F"},     {"0F-0F", "0F-0F"},
        {"-/-", "-/-"},         {"1-1", NULL},          {"2-0", NULL},
        {"1/2", NULL},          {"", NULL},             {"0.5-0.5-0.5-0.5-0.5-0.5", NULL},
    };
    for (size_t i = 0; i < sizeof spell / sizeof spell[0]; i++) {
        const struct pgn_result_form *f = pgn_result_read(spell[i].text, strlen(spell[i].text));
        if (!spell[i].form)
            ck_assert_msg(f == NULL, "'%s' read as %s", spell[i].text, f ? f->text : "");
        else
            ck_assert_msg(f && strcmp(f->text, spell[i].form) == 0, "'%s' read as %s, want %s",
                          spell[i].text, f ? f->text : "nothing", spell[i].form);
    }
    /* the points: a win 2, a draw 1 */
    const struct pgn_result_form *f = pgn_result_read("0-1/2", 5);
    ck_assert_uint_eq(f->white, 0);
    ck_assert_uint_eq(f->black, 1);
    f = pgn_result_read("+/-", 3);
    ck_assert_uint_eq(f->white, 2);
    ck_assert_int_eq(f->cls, PGN_RESULT_FORFEIT);
    ck_assert(f->ambiguous);
    ck_assert(pgn_result_standard(2) && strcmp(pgn_result_standard(2)->text, "1/2-1/2") == 0);
    ck_assert_ptr_null(pgn_result_standard(4));
}
END_TEST

/* What claims.c says of a game not played. */
START_TEST(forfeit_and_bye_words)
{
    static const struct {
        const char *text;
        bool forfeit, bye, time_loss;
    } words[] = {
        {"forfeit", true, false, false},
        {"Won by forfeit", true, false, false},
        {"Time forfeit", false, false, true},
        {"White forfeits on time", true, false, false}, /* a played game: kind says so */
        {"vittoria a tavolino", true, false, false},
        {"Forfait", true, false, false},
        {"partita non giocata", true, false, false},
        {"kampflos", true, false, false},
        {"bye", false, true, false},
        {"turno di riposo", false, true, false},
        {"Normal", false, false, false},
        {"abbandona", false, false, false},
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        struct claim c = claims_from_termination(words[i].text, strlen(words[i].text));
        claims_read_status(&c, words[i].text, strlen(words[i].text));
        ck_assert_msg(c.forfeit == words[i].forfeit && c.bye == words[i].bye &&
                          c.time_loss == words[i].time_loss,
                      "'%s': forfeit %d bye %d time %d", words[i].text, c.forfeit, c.bye,
                      c.time_loss);
        c = claims_from_comment(words[i].text, strlen(words[i].text));
        claims_read_status(&c, words[i].text, strlen(words[i].text));
        ck_assert_msg(c.forfeit == words[i].forfeit && c.bye == words[i].bye,
                      "comment '%s': forfeit %d bye %d", words[i].text, c.forfeit, c.bye);
    }
}
END_TEST

Suite *results_suite(void);
Suite *results_suite(void)
{
    Suite *s = suite_create("results");
    TCase *tc = tcase_create("results");
    tcase_add_loop_test(tc, result_forms, 0, (int)(sizeof cases / sizeof cases[0]));
    tcase_add_test(tc, result_spellings);
    tcase_add_test(tc, forfeit_and_bye_words);
    suite_add_tcase(s, tc);
    return s;
}
