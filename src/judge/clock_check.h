/*
 * clock_check.h - the clocks of one game (%clk, %emt, %clkc in comments,
 * WhiteClock/BlackClock, TimeControl) and what is judged of them
 * (clock_check.c).  The state lives in struct game (game_internal.h); the
 * replay (game.c) hands over each main-line comment after a move, and
 * game_end.c asks for the checks at the end of the game.
 *
 * The usual case, an online game's "{ [%clk 0:05:00] }" after every move,
 * comes read by the lexer (pgn_event.clock) and takes clock_fast() alone: a
 * move of the side the clock belongs to right after its previous clocked
 * move, the clock above zero and not above the limit its previous one set.
 * Everything else goes to clock_slow() (out of line).
 */
#ifndef PGNARB_CLOCK_CHECK_H
#define PGNARB_CLOCK_CHECK_H

#include "diag/diag.h"
#include "pgn/time_control.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CLOCK_GAPS_MAX 8 /* stretches without clocks named per side; more are counted */
#define CLOCK_NONE     INT64_MIN
#define CLOCK_SLACK_DEFAULT_MS 2000 /* --clock-slack: boards that round */
#define CLOCK_OPTION_MAX_S     3600 /* --clock-delay, --clock-slack: at most an hour */

struct game;
struct src_loc;

struct clock_side {
    int64_t limit;      /* the highest next clock the fast path lets pass; below any
                           clock until the first one (so that it takes the slow path) */
    uint32_t next_ply;  /* the ply of this side's next move */
    uint32_t first_ply; /* the ply of its first clock, 0 for none */
    int64_t last;       /* the last clock read (kept up to date by the slow path;
                           limit - allow after a fast one) */
    int64_t allow;      /* the rise the fast path lets pass: increment + slack */
    uint32_t last_ply;  /* the ply of the clock in `last` (slow path) */
    uint32_t zero_ply;  /* the ply its clock showed zero with no increment, else 0 */
    uint32_t gap_from[CLOCK_GAPS_MAX], gap_to[CLOCK_GAPS_MAX]; /* move numbers */
    unsigned ngaps, more_gaps;
    uint32_t bonus_move; /* the move whose period bonus was taken (one move late is
                            accepted), 0 for none */
    bool reported_rise;  /* one clock-rise finding per side */
    bool reported_emt;
    bool fit_reported;
};

struct game_clock {
    int64_t delay_ms, slack_ms; /* --clock-delay, --clock-slack */
    struct time_control tc;
    bool tc_present;
    struct src_loc tc_loc; /* the TimeControl tag */
    char tc_unread[TC_FREE_MAX + 1]; /* its value when it was not read */
    bool tc_reported; /* a clock-control finding made */
    bool any;         /* a clock was read in this game */
    bool gift;        /* a lichess.org game: the opponent may give time */
    uint32_t start_fullmove;
    int start_side;
    struct clock_side s[2];
    int64_t tag_clock[2]; /* WhiteClock, BlackClock; CLOCK_NONE when absent */
};

/* A new game (before its tags). */
void clock_begin(struct game_clock *c);

/* The tag section: TimeControl, WhiteClock, BlackClock (clock_tag()); then,
 * once the start position is known, clock_start() with its side to move and
 * move number. */
void clock_tag(struct game *g, int which, const char *value, size_t len);
void clock_start(struct game *g, int side, uint32_t fullmove);

/* A main-line comment (at loc) after the move that made line 0's
 * position: its clock commands (clock_comment()), or a clock already read
 * (clock_slow(): ms with have_clk, the move's %emt with have_emt). */
void clock_comment(struct game *g, const struct src_loc *loc, const char *text, size_t len);
void clock_slow(struct game *g, const struct src_loc *loc, int64_t ms, bool have_clk, int64_t emt,
                bool have_emt);

/* At the end of a game: the missing stretches, a time forfeit with time
 * left, moves after a flag (time_loss: the game says it was lost on time;
 * loser: 0 White, 1 Black, -1 unknown). */
void clock_end(struct game *g, bool time_loss, int loser);

/* For the game record: the time control read ("" when none) and each
 * side's last clock (CLOCK_NONE when none). */
void clock_record(const struct game *g, char *tc_text, size_t size, int64_t *white,
                  int64_t *black);

/* A comment may hold clock commands when it starts or ends with one: its
 * first byte that is not a blank is '[', or its last is ']' (two bytes
 * looked at each end; commentary in between is not scanned). */
static inline bool clock_comment_may_hold(const char *t, size_t len)
{
    if (len < 4) return false;
    return t[0] == '[' || t[1] == '[' || t[len - 1] == ']' || t[len - 2] == ']';
}

#endif /* PGNARB_CLOCK_CHECK_H */
