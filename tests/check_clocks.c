/*
 * check_clocks.c - the TimeControl reader (pgn/time_control.c: the PGN
 * standard's forms, TRF26's, free text in English and Italian) and the
 * clock checks (judge/clock_*.c), one hand-made game per rule, each
 * read as the replay reads it (runs of moves) and event by event with the
 * parser's fast paths on and off.
 */
#include "testutil.h"

#include "judge/game.h"
#include "pgn/input.h"
#include "pgn/pgn_parse.h"
#include "pgn/time_control.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- TimeControl -------------------------------------------------------- */

static const struct {
    const char *value;
    const char *read; /* tc_format(), "" when not read */
} controls[] = {
    {"40/5400:1800", "40/5400:1800"},
    {"5400+30", "5400+30"},
    {"300+3", "300+3"},
    {"600", "600"},
    {"*60", "*60"},
    {"?", "?"},
    {"-", "-"},
    {"inf", "-"},
    {"40/5400+30:1800+30", "40/5400+30:1800+30"},
    {"40/7200:20/3600:900+30", "40/7200:20/3600:900+30"},
    {"10.931+0.109", "10.931+0.109"},
    {" 180+2 ", "180+2"},
    {"90 minutes for the first 40 moves, followed by 30 minutes for the rest of the game with "
     "an increment of 30 seconds per move starting from move 1",
     "40/5400+30:1800+30"},
    {"90 minuti per 40 mosse + 30 minuti, incremento di 30 secondi", "40/5400+30:1800+30"},
    {"15 minutes + 10 seconds increment per move, starting from move 1", "900+10"},
    {"15 min. + 10 s. per move", "900+10"},
    {"90' + 30''", "5400+30"},
    {"2 hours", "7200"},
    {"90 min + 30 min after move 40, 30 sec increment", "40/5400+30:1800+30"},
    /* said too little, or two ways */
    {"90 minutes + 30 seconds", "5400+30"},
    {"90 minutes and 30 seconds", ""},
    {"two hours", ""},
    {"G/90", ""},
    {"40/", ""},
    {"5400+", ""},
    {"1/2/3", ""},
    {"", ""},
    {"90 minutes, increment 30 seconds, increment 10 seconds", ""},
};

START_TEST(time_control_forms)
{
    struct time_control tc;
    char out[TC_TEXT_MAX];
    tc_parse(controls[_i].value, strlen(controls[_i].value), &tc);
    tc_format(&tc, out, sizeof out);
    ck_assert_msg(strcmp(out, controls[_i].read) == 0, "\"%s\" read as \"%s\", not \"%s\"",
                  controls[_i].value, out, controls[_i].read);
    ck_assert_int_eq(tc.kind == TC_UNREAD, controls[_i].read[0] == '\0');
}
END_TEST

START_TEST(time_control_periods)
{
    struct time_control tc;
    const char *v = "40/5400+30:20/3600:900+30";
    tc_parse(v, strlen(v), &tc);
    ck_assert_int_eq(tc_increment_at(&tc, 1), 30000);
    ck_assert_int_eq(tc_increment_at(&tc, 41), 0);
    ck_assert_int_eq(tc_increment_at(&tc, 61), 30000);
    ck_assert_int_eq(tc_bonus_at(&tc, 39), 0);
    ck_assert_int_eq(tc_bonus_at(&tc, 40), 3600000);
    ck_assert_int_eq(tc_bonus_at(&tc, 60), 900000);
    ck_assert_int_eq(tc_bonus_at(&tc, 61), 0);
    /* the last period with a move count repeats */
    v = "40/7200";
    tc_parse(v, strlen(v), &tc);
    ck_assert_int_eq(tc_bonus_at(&tc, 40), 7200000);
    ck_assert_int_eq(tc_bonus_at(&tc, 80), 7200000);
    ck_assert_int_eq(tc_bonus_at(&tc, 79), 0);
}
END_TEST

static const struct {
    const char *text;
    long long ms; /* -1: not a clock */
    size_t used;
} clocks[] = {
    {"1:30:05", 5405000, 7},     {"0:00:09.5", 9500, 9}, {"-0:00:03", -3000, 8},
    {"01:14:46]", 4486000, 8},   {"5:00", 300000, 4},    {"12", 12000, 2},
    {"1.55:05", 1550, 4},        {":05", -1, 0},         {"x", -1, 0},
    {"1234567:00:00", -1, 0},
};

START_TEST(clock_values)
{
    int64_t ms = 0;
    size_t used = 0;
    bool ok = tc_read_clock(clocks[_i].text, strlen(clocks[_i].text), &ms, &used);
    ck_assert_int_eq(ok, clocks[_i].ms != -1);
    if (ok) {
        ck_assert_int_eq(ms, clocks[_i].ms);
        ck_assert_uint_eq(used, clocks[_i].used);
    }
    char buf[32];
    if (ok && clocks[_i].ms == 9500) {
        tc_format_clock(ms, buf, sizeof buf);
        ck_assert_str_eq(buf, "0:00:09.5");
    }
}
END_TEST

/* ---- the checks, one game each ------------------------------------------ */

struct seen {
    char text[4096];
    size_t len;
    char tc[64];
    char white[32], black[32];
};

static void on_diag(void *ctx, const struct diag *d)
{
    struct seen *s = ctx;
    const char *name = diag_info(d->code)->name;
    if (strncmp(name, "clock", 5) != 0) return;
    int n = snprintf(s->text + s->len, sizeof s->text - s->len, "%s: %s%s\n", name, d->message,
                     d->variation ? " (variation)" : "");
    if (n > 0) s->len += (size_t)n;
}

static void on_game(void *ctx, const struct game_record *r)
{
    struct seen *s = ctx;
    snprintf(s->tc, sizeof s->tc, "%s", r->time_control ? r->time_control : "");
    if (r->has_clock[0])
        tc_format_clock(r->clock_ms[0], s->white, sizeof s->white);
    else
        strcpy(s->white, "none");
    if (r->has_clock[1])
        tc_format_clock(r->clock_ms[1], s->black, sizeof s->black);
    else
        strcpy(s->black, "none");
}

/* How run_game() reads: as the replay does (runs of moves, game_feed_run()),
 * event by event with the parser's fast paths, event by event without. */
enum read_mode { READ_EVENTS_SLOW, READ_EVENTS, READ_RUNS };
static const char *const read_mode_name[] = {"event by event, fast paths off",
                                             "event by event", "a run of moves at a time"};

/* The findings of the clock codes on text, "code: message" a line. */
static void run_game(const char *text, enum read_mode mode, int64_t delay_ms, int64_t slack_ms,
                     struct seen *s)
{
    memset(s, 0, sizeof *s);
    struct game_sink sink = {s, on_diag, on_game, false, NULL};
    struct game *g = game_new(&sink, true);
    ck_assert_ptr_nonnull(g);
    game_set_clocks(g, delay_ms, slack_ms);
    struct input *in = input_open_memory(text, strlen(text));
    struct pgn_parser *p = pgn_parser_new(in, NULL, NULL);
    pgn_parser_set_fast_paths(p, mode != READ_EVENTS_SLOW);
    if (mode == READ_RUNS) {
        struct pgn_event run[PGN_PARSE_RUN_MAX];
        size_t n;
        while ((n = pgn_parser_next_run(p, run, PGN_PARSE_RUN_MAX))) {
            if (n > 1)
                game_feed_run(g, run, n);
            else
                game_feed(g, run);
        }
    } else {
        struct pgn_event ev;
        while (pgn_parser_next(p, &ev))
            game_feed(g, &ev);
    }
    pgn_parser_free(p);
    input_close(in);
    game_free(g);
}

#define TAGS(tc, extra)                                                                            \
    "[Event \"t\"]\n[Site \"s\"]\n[Date \"2026.01.01\"]\n[Round \"1\"]\n[White \"A\"]\n"          \
    "[Black \"B\"]\n" extra "[TimeControl \"" tc "\"]\n\n"
/* A game played on lichess.org: no rise is judged, its clocks take the
 * fast path (judge/clock_check.h) when written as Lichess writes them. */
#define LICHESS(tc, extra)                                                                         \
    "[Event \"t\"]\n[Site \"https://lichess.org/AbCd1234\"]\n[Date \"2026.01.01\"]\n"            \
    "[Round \"1\"]\n[White \"A\"]\n[Black \"B\"]\n" extra "[TimeControl \"" tc "\"]\n\n"

/* A rook shuffle from move 38, for the periods that end at move 40. */
#define SHUFFLE_FEN "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 38\"]\n"

static const struct {
    const char *name;
    const char *pgn;
    int64_t delay_ms, slack_ms;
    const char *expect; /* substrings of the findings, '|' between; "" for none */
    const char *tc, *white, *black; /* the record; NULL: not checked */
} games[] = {
    {"clocks on every move, within the increment",
     TAGS("300+2", "[Result \"*\"]\n")
     "1. e4 {[%clk 0:05:00]} e5 {[%clk 0:05:00]} 2. Nf3 {[%clk 0:04:58]} Nc6 {[%clk 0:05:01]} *",
     0, 2000, "", "300+2", "0:04:58", "0:05:01"},
    {"clocks missing on some moves",
     TAGS("300+2", "[Result \"*\"]\n")
     "1. e4 {[%clk 0:05:00]} e5 {[%clk 0:05:00]} 2. Nf3 Nc6 3. Bc4 {[%clk 0:04:40]} Bc5 4. d3 "
     "{[%clk 0:04:30]} d6 *",
     0, 2000, "clock-missing: the clocks are given on some moves and missing on White's moves 2 "
              "and on Black's moves 2-4",
     NULL, "0:04:30", "0:05:00"},
    {"a rise beyond the increment",
     TAGS("300+2", "[Result \"*\"]\n")
     "1. e4 { [%clk 0:04:50] } 1... e5 { [%clk 0:05:00] } 2. Nf3 { [%clk 0:04:58] } 2... Nc6 "
     "{ [%clk 0:05:00] } *",
     0, 2000, "clock-rise: White's clock rises from 0:04:50 to 0:04:58 at move 2", NULL, NULL,
     NULL},
    {"a rise the slack allows",
     TAGS("300+2", "[Result \"*\"]\n")
     "1. e4 { [%clk 0:04:50] } 1... e5 { [%clk 0:05:00] } 2. Nf3 { [%clk 0:04:54] } *",
     0, 2000, "", NULL, NULL, NULL},
    {"a wider slack",
     TAGS("300", "[Result \"*\"]\n")
     "1. e4 {[%clk 0:04:50]} e5 {[%clk 0:05:00]} 2. Nf3 {[%clk 0:04:53]} *",
     0, 5000, "", NULL, NULL, NULL},
    {"the same without it",
     TAGS("300", "[Result \"*\"]\n")
     "1. e4 {[%clk 0:04:50]} e5 {[%clk 0:05:00]} 2. Nf3 {[%clk 0:04:53]} *",
     0, 2000, "clock-rise: White's clock rises from 0:04:50 to 0:04:53", NULL, NULL, NULL},
    {"lichess.org: the opponent may give time",
     "[Event \"t\"]\n[Site \"https://lichess.org/abcdefgh\"]\n[White \"A\"]\n[Black \"B\"]\n"
     "[Result \"*\"]\n[TimeControl \"300+0\"]\n\n"
     "1. e4 { [%clk 0:04:50] } 1... e5 { [%clk 0:05:00] } 2. Nf3 { [%clk 0:05:05] } 2... Nc6 "
     "{ [%clk 0:04:58] } *",
     0, 2000, "", "300+0", "0:05:05", "0:04:58"},
    {"a clock below zero",
     TAGS("300", "[Result \"*\"]\n") "1. e4 {[%clk 0:00:10]} e5 {[%clk -0:00:03]} *", 0, 2000,
     "clock-negative: Black's clock shows -0:00:03 after move 1: below zero", NULL, NULL,
     "-0:00:03"},
    {"a move that took less than nothing",
     TAGS("5400+30", "[Result \"*\"]\n")
     "1. e4 {[%clk 1:30:00] [%emt -0:00:02]} e5 {[%clk 1:30:00]} *",
     0, 2000, "clock-negative: White's move 1 took -0:00:02", NULL, NULL, NULL},
    {"%emt against the clocks",
     TAGS("5400+30", "[Result \"*\"]\n")
     "1. d4 {[%clk 1:30:00]} d5 {[%clk 1:30:00]} 2. c4 {[%clk 1:29:00][%emt 0:00:10]} e6 "
     "{[%clk 1:30:10][%emt 0:00:20]} *",
     0, 2000, "clock-emt: White's move 2 took 0:00:10 ([%emt]), but the clock went from 1:30:00 "
              "to 1:29:00",
     NULL, NULL, NULL},
    {"a delay: the clock stands still within it",
     TAGS("5400", "[Result \"*\"]\n")
     "1. d4 {[%clk 1:30:00]} d5 {[%clk 1:30:00]} 2. c4 {[%clk 1:30:00] [%emt 0:00:04]} *",
     5000, 2000, "", NULL, NULL, NULL},
    {"the same without the delay",
     TAGS("5400", "[Result \"*\"]\n")
     "1. d4 {[%clk 1:30:00]} d5 {[%clk 1:30:00]} 2. c4 {[%clk 1:30:00] [%emt 0:00:04]} *",
     0, 2000, "clock-emt: White's move 2 took 0:00:04", NULL, NULL, NULL},
    {"a period's time under a control without periods",
     TAGS("5400+30", "[Result \"*\"]\n" SHUFFLE_FEN)
     "38. Ra2 {[%clk 0:10:00]} Kd8 {[%clk 0:20:00]} 39. Ra1 {[%clk 0:09:00]} Ke8 {[%clk 0:19:00]} "
     "40. Ra2 {[%clk 0:38:00]} Kd8 {[%clk 0:48:00]} 41. Ra1 {[%clk 0:37:50]} *",
     0, 2000, "clock-control: TimeControl \"5400+30\" is contradicted by White's clock at move 40 "
              "(0:09:00 -> 0:38:00); the clocks fit \"40/5400+30:1800+30\"",
     NULL, NULL, NULL},
    {"the 40-move bonus, one move late",
     TAGS("40/5400+30:1800+30", "[Result \"*\"]\n" SHUFFLE_FEN)
     "38. Ra2 {[%clk 0:10:00]} Kd8 {[%clk 0:20:00]} 39. Ra1 {[%clk 0:09:50]} Ke8 {[%clk 0:19:50]} "
     "40. Ra2 {[%clk 0:09:40]} Kd8 {[%clk 0:49:40]} 41. Ra1 {[%clk 0:39:50]} Ke8 "
     "{[%clk 0:49:50]} 42. Ra2 {[%clk 0:39:30]} *",
     0, 2000, "", NULL, "0:39:30", "0:49:50"},
    {"the 40-move bonus does not come (yet)",
     TAGS("40/5400+30:1800+30", "[Result \"*\"]\n" SHUFFLE_FEN)
     "38. Ra2 {[%clk 0:10:00]} Kd8 {[%clk 0:20:00]} 39. Ra1 {[%clk 0:09:50]} Ke8 {[%clk 0:19:50]} "
     "40. Ra2 {[%clk 0:09:40]} Kd8 {[%clk 0:19:40]} 41. Ra1 {[%clk 0:09:50]} Ke8 "
     "{[%clk 0:49:50]} *",
     /* clocks that add a period's time only when the first period's runs out */
     0, 2000, "", NULL, NULL, NULL},
    {"the 40-move bonus when the time ran out, at move 45",
     TAGS("40/5400+30:1800+30", "[Result \"*\"]\n" SHUFFLE_FEN)
     "38. Ra2 {[%clk 0:00:40]} Kd8 {[%clk 0:20:00]} 39. Ra1 {[%clk 0:00:50]} Ke8 {[%clk 0:19:50]} "
     "40. Ra2 {[%clk 0:00:40]} Kd8 {[%clk 0:19:40]} 41. Ra1 {[%clk 0:00:30]} Ke8 {[%clk 0:19:50]} "
     "42. Ra2 {[%clk 0:30:20]} *",
     0, 2000, "", NULL, "0:30:20", NULL},
    {"lost on time with time left",
     TAGS("300", "[Result \"1-0\"]\n[Termination \"time forfeit\"]\n")
     "1. e4 {[%clk 0:04:00]} e5 {[%clk 0:03:00]} 2. Nf3 {[%clk 0:03:50]} Nc6 {[%clk 0:02:10]} "
     "1-0",
     0, 2000, "clock-time-left: the game is recorded as lost on time by Black, but Black's clock "
              "showed 0:02:10",
     NULL, NULL, NULL},
    {"lost on time, as it happens",
     TAGS("300", "[Result \"0-1\"]\n[Termination \"time forfeit\"]\n")
     "1. e4 {[%clk 0:04:00]} e5 {[%clk 0:03:00]} 2. Nf3 {[%clk 0:00:50]} Nc6 {[%clk 0:02:10]} "
     "0-1",
     0, 2000, "", NULL, NULL, NULL},
    {"lost on time, said in Italian in the closing comment",
     TAGS("300", "[Result \"0-1\"]\n")
     "1. e4 {[%clk 0:04:00]} e5 {[%clk 0:03:00]} 2. Nf3 {[%clk 0:03:50]} {il Bianco perde per "
     "tempo} 0-1",
     0, 2000, "clock-time-left: the game is recorded as lost on time by White", NULL, NULL, NULL},
    {"the game goes on after a flag fell",
     TAGS("300", "[Result \"*\"]\n")
     "1. e4 {[%clk 0:00:20]} e5 {[%clk 0:03:00]} 2. Nf3 {[%clk 0:00:00]} Nc6 {[%clk 0:02:50]} 3. "
     "Bc4 {[%clk 0:00:00]} Bc5 *",
     0, 2000, "clock-after-zero: White's clock showed no time left after move 2", NULL, NULL,
     NULL},
    {"a TimeControl not read",
     TAGS("two hours for the whole game", "[Result \"*\"]\n") "1. e4 {[%clk 1:59:00]} e5 *", 0,
     2000, "clock-control-unread: TimeControl \"two hours for the whole game\" is in none of the "
           "forms read",
     "", "1:59:00", "none"},
    {"a first clock above the control",
     TAGS("300+2", "[Result \"*\"]\n") "1. e4 {[%clk 0:10:00]} e5 {[%clk 0:10:00]} *", 0, 2000,
     "clock-control: TimeControl \"300+2\" is contradicted by White's clock at move 1 (0:10:00); "
     "the clocks fit \"600+2\"",
     NULL, NULL, NULL},
    {"clocks in variations are not the main line's",
     TAGS("300+2", "[Result \"*\"]\n")
     "1. e4 {[%clk 0:05:00]} e5 {[%clk 0:05:00]} (1... c5 {[%clk 0:09:00]} 2. Nf3) 2. Nf3 "
     "{[%clk 0:04:58]} Nc6 {[%clk 0:04:59]} *",
     0, 2000, "", NULL, "0:04:58", "0:04:59"},
    {"a rise in a variation, from the clock before the move it replaces",
     TAGS("300+2", "[Result \"*\"]\n")
     "1. e4 {[%clk 0:05:00]} e5 {[%clk 0:05:00]} 2. Nf3 {[%clk 0:04:50]} Nc6 {[%clk 0:04:40]} "
     "(2... d6 {[%clk 0:05:10]} 3. d4 {[%clk 0:04:52]}) 3. Bc4 {[%clk 0:04:30]} Bc5 "
     "{[%clk 0:04:38]} *",
     0, 2000, "clock-rise: Black's clock rises from 0:05:00 to 0:05:10 at move 2 (by 0:00:10), "
              "more than the 0:00:06 that the increment, the period bonuses and the slack allow "
              "(variation)",
     NULL, "0:04:30", "0:04:38"},
    {"a variation's clocks leave the main line's alone",
     TAGS("300+2", "[Result \"*\"]\n")
     "1. e4 {[%clk 0:05:00]} e5 {[%clk 0:05:00]} 2. Nf3 {[%clk 0:04:50]} Nc6 {[%clk 0:04:40]} "
     "(2... d6 {[%clk 0:01:00]} 3. d4 {[%clk 0:00:30]}) 3. Bc4 {[%clk 0:04:30]} Bc5 "
     "{[%clk 0:04:38]} 4. O-O {[%clk 0:04:31]} *",
     0, 2000, "", NULL, "0:04:31", "0:04:38"},
    {"a nested variation starts from its parent's clocks",
     TAGS("300+2", "[Result \"*\"]\n")
     "1. e4 {[%clk 0:05:00]} e5 {[%clk 0:05:00]} 2. Nf3 {[%clk 0:04:50]} Nc6 {[%clk 0:04:40]} "
     "(2... d6 {[%clk 0:04:45]} 3. d4 {[%clk 0:04:40]} (3. c4 {[%clk 0:04:58]}) d5 "
     "{[%clk 0:04:20]}) 3. Bc4 {[%clk 0:04:30]} *",
     0, 2000, "clock-rise: White's clock rises from 0:04:50 to 0:04:58 at move 3 (by 0:00:08), "
              "more than the 0:00:06 that the increment, the period bonuses and the slack allow "
              "(variation)",
     NULL, "0:04:30", "0:04:40"},
    {"below zero and %emt in a variation",
     TAGS("5400+30", "[Result \"*\"]\n")
     "1. d4 {[%clk 1:30:00]} d5 {[%clk 1:30:00]} 2. c4 {[%clk 1:29:50]} (2. Nf3 {[%clk 1:29:00] "
     "[%emt 0:00:10]} Nf6 {[%clk -0:00:01]}) e6 {[%clk 1:30:10]} *",
     0, 2000, "clock-emt: White's move 2 took 0:00:10 ([%emt]), but the clock went from 1:30:00 "
              "to 1:29:00 (variation)|clock-negative: Black's clock shows -0:00:01 after move 2: "
              "below zero (variation)",
     NULL, "1:29:50", "1:30:10"},
    {"the clock tags",
     TAGS("300", "[Result \"*\"]\n[WhiteClock \"0:01:02\"]\n[BlackClock \"0:00:09.5\"]\n")
     "1. e4 e5 *",
     0, 2000, "", "300", "0:01:02", "0:00:09.5"},
    {"a clock tag that the last clock contradicts",
     TAGS("300+2", "[Result \"*\"]\n[WhiteClock \"0:03:00\"]\n[BlackClock \"0:04:00\"]\n")
     "1. e4 {[%clk 0:05:00]} e5 {[%clk 0:05:00]} 2. Nf3 {[%clk 0:04:30]} *",
     0, 2000, "clock-tag: the WhiteClock tag gives 0:03:00, but White's clock showed 0:04:30 "
              "after White's last move (move 2)",
     NULL, "0:04:30", "0:05:00"},
    {"a clock tag above the running clock of the side to move",
     TAGS("300+2", "[Result \"*\"]\n[BlackClock \"0:04:50\"]\n")
     "1. e4 {[%clk 0:05:00]} e5 {[%clk 0:05:00]} 2. Nf3 {[%clk 0:04:50]} Nc6 {[%clk 0:04:40]} "
     "3. Bc4 {[%clk 0:04:30]} *",
     0, 2000, "clock-tag: the BlackClock tag gives 0:04:50, but Black's clock showed 0:04:40 "
              "after Black's last move (move 2)",
     NULL, NULL, NULL},
    {"clock tags that agree, the side to move's clock ran on",
     TAGS("300+2", "[Result \"*\"]\n[WhiteClock \"0:04:31\"]\n[BlackClock \"0:03:10\"]\n")
     "1. e4 {[%clk 0:05:00]} e5 {[%clk 0:04:50]} 2. Nf3 {[%clk 0:04:30]} *",
     0, 2000, "", NULL, NULL, NULL},
    {"clock tags that give the clocks at the start, no TimeControl (pgn4web)",
     "[Event \"t\"]\n[Result \"*\"]\n[WhiteClock \"2:00:00\"]\n[BlackClock \"2:00:00\"]\n\n"
     "1. e4 {[%clk 1:59:01]} e5 {[%clk 1:58:02]} 2. Nf3 {[%clk 0:00:07]} Nc6 {[%clk 0:00:06]} *",
     0, 2000, "", NULL, NULL, NULL},
    {"clock tags that give the clocks at the start (FICS)",
     TAGS("300+2", "[Result \"*\"]\n[WhiteClock \"0:05:00.000\"]\n[BlackClock \"0:05:00.000\"]\n")
     "1. e4 {[%clk 0:05:00]} e5 {[%clk 0:04:50]} 2. Nf3 {[%clk 0:04:30]} *",
     0, 2000, "", NULL, NULL, NULL},
    {"a clock tag when the last move has no clock",
     TAGS("300+2", "[Result \"*\"]\n[WhiteClock \"0:03:00\"]\n")
     "1. e4 {[%clk 0:05:00]} e5 {[%clk 0:04:50]} 2. Nf3 *",
     0, 2000, "clock-missing", NULL, NULL, NULL},
    {"an online game's clocks, as Lichess writes them",
     LICHESS("300+2", "[Result \"*\"]\n")
     "1. e4 { [%clk 0:05:00] } 1... e5 { [%clk 0:05:00] } 2. Nf3 { [%clk 0:04:58] } 2... Nc6 "
     "{ [%clk 0:05:01] } 3. Bc4 { [%eval 0.3] [%clk 0:04:50] } 3... Bc5 { [%clk 0:04:55] } *",
     0, 2000, "", "300+2", "0:04:50", "0:04:55"},
    {"an online game's clocks, a move without one",
     LICHESS("300+2", "[Result \"*\"]\n")
     "1. e4 { [%clk 0:05:00] } 1... e5 { [%clk 0:05:00] } 2. Nf3 2... Nc6 { [%clk 0:04:58] } "
     "3. Bc4 { [%clk 0:04:50] } *",
     0, 2000, "clock-missing: the clocks are given on some moves and missing on White's moves 2",
     NULL, "0:04:50", "0:04:58"},
    {"an online game's clocks, a clockless move, then an illegal one",
     LICHESS("300+2", "[Result \"*\"]\n")
     "1. e4 { [%clk 0:05:00] } 1... e5 { [%clk 0:04:59] } 2. Nf3 { [%clk 0:04:58] } 2... Nc6 "
     "3. Qxh7 { [%clk 0:04:40] } *",
     0, 2000, "", NULL, "0:04:58", "0:04:59"},
    {"an online game's clocks and a clock tag: the first clocks kept",
     LICHESS("300+2", "[Result \"*\"]\n[WhiteClock \"0:03:00\"]\n")
     "1. e4 { [%clk 0:05:00] } 1... e5 { [%clk 0:04:50] } 2. Nf3 { [%clk 0:04:30] } *",
     0, 2000, "clock-tag: the WhiteClock tag gives 0:03:00, but White's clock showed 0:04:30 "
              "after White's last move (move 2)",
     NULL, "0:04:30", "0:04:50"},
    {"a clock broken over a line, a command among others",
     TAGS("300+2", "[Result \"*\"]\n")
     "1. e4 {[%clk\n0:05:00]} e5 {a fine move [%eval 0.2] [%clk 0:05:00]} 2. Nf3 {[%clkc 0:04:58]} "
     "*",
     0, 2000, "", NULL, "0:04:58", "0:05:00"},
};

START_TEST(clock_rules)
{
    for (int mode = READ_RUNS; mode >= READ_EVENTS_SLOW; mode--) {
        struct seen s;
        run_game(games[_i].pgn, (enum read_mode)mode, games[_i].delay_ms, games[_i].slack_ms, &s);
        const char *want = games[_i].expect;
        if (!want[0]) {
            ck_assert_msg(s.len == 0, "%s: unexpected findings:\n%s", games[_i].name, s.text);
        } else {
            char part[512];
            for (const char *p = want; *p;) {
                const char *bar = strchr(p, '|');
                size_t n = bar ? (size_t)(bar - p) : strlen(p);
                snprintf(part, sizeof part, "%.*s", (int)n, p);
                ck_assert_msg(strstr(s.text, part), "%s (%s): no \"%s\" in:\n%s",
                              games[_i].name, read_mode_name[mode], part, s.text);
                p += n + (bar != NULL);
            }
        }
        if (games[_i].tc) ck_assert_str_eq(s.tc, games[_i].tc);
        if (games[_i].white) ck_assert_str_eq(s.white, games[_i].white);
        if (games[_i].black) ck_assert_str_eq(s.black, games[_i].black);
    }
}
END_TEST

Suite *clocks_suite(void);
Suite *clocks_suite(void)
{
    Suite *s = suite_create("clocks");
    TCase *tc = tcase_create("TimeControl");
    tcase_add_loop_test(tc, time_control_forms, 0, sizeof controls / sizeof controls[0]);
    tcase_add_test(tc, time_control_periods);
    tcase_add_loop_test(tc, clock_values, 0, sizeof clocks / sizeof clocks[0]);
    suite_add_tcase(s, tc);
    tc = tcase_create("checks");
    tcase_add_loop_test(tc, clock_rules, 0, sizeof games / sizeof games[0]);
    suite_add_tcase(s, tc);
    return s;
}
