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
#include <string.h>

#define CLOCK_GAPS_MAX 8 /* stretches without clocks named per side; more are counted */
#define CLOCK_NONE     INT64_MIN
#define CLOCK_SLACK_DEFAULT_MS 2000 /* --clock-slack: boards that round */
#define CLOCK_OPTION_MAX_S     3600 /* --clock-delay, --clock-slack: at most an hour */
/* Variations (RAV) whose clocks are followed: depths 1 to this less one,
 * one saved clock state each (struct clock_line); deeper ones go unchecked. */
#define CLOCK_LINE_DEPTH_MAX 16

struct game;
struct pgn_event;
struct src_loc;

struct clock_side {
    int64_t last;        /* the last clock read (clock_settle()) */
    int64_t prev;        /* the one before it (a variation may branch there; not
                          * kept on the fast path, where no rise is judged) */
    int64_t first;       /* the first clock (not kept when the fast path took it, in a
                          * game without WhiteClock and BlackClock: judge_tag() alone
                          * reads it) */
    uint32_t last_ply;   /* last's ply */
    uint32_t prev_ply;   /* prev's ply, 0 for none */
    uint32_t first_ply;  /* first's ply, 0 for none */
    uint32_t zero_ply;   /* the ply its clock showed zero with no increment, else 0 */
    unsigned ngaps, more_gaps;
    uint32_t bonus_move; /* the move whose period bonus was taken, 0 for none */
    uint32_t bonus_due;  /* the move a period ended at whose time has not come yet */
    bool reported_rise;  /* one clock-rise finding per side */
    bool reported_emt;
    /* Not reset for a new game (clock_begin()): read only where a field
     * above says so. */
    struct src_loc zero_loc;                                   /* zero_ply's */
    uint32_t gap_from[CLOCK_GAPS_MAX], gap_to[CLOCK_GAPS_MAX]; /* ngaps of them: move numbers */
};

struct game_clock {
    /* The fast path (clock_fast() in game.c): a lichess.org game with a clock
     * on every ply so far.  next_ply: the ply whose clock it may take, 0 for
     * none; raw[ply & 1]: the last clock it took for that ply's side, its 8
     * bytes "h:mm:ss]" (clock_raw_ms()), 0 when it is in struct clock_side.
     * Within a run of moves (game_feed_run()) the fast path only notes the
     * event whose clock it took last (last_ev, ply next_ply - 1); clock_sync()
     * reads it and the one before it into raw[] (clock_run_take()). */
    uint64_t raw[2];
    const struct pgn_event *last_ev; /* NULL when raw[] is up to date */
    const struct pgn_event *run_ev;  /* the current run's first event */
    uint32_t next_ply;
    uint32_t start_fullmove;
    int start_side;
    bool fast;        /* no rise is judged: the fast path may take clocks */
    bool fresh;       /* the fast path took the clocks from ply 1: the first
                       * clocks are not yet in struct clock_side */
    bool any;         /* a clock was read in this game */
    bool gift;        /* a lichess.org game: the opponent may give time */
    bool first_low;   /* a first clock below half the first period's time */
    bool tc_present;
    bool tc_same;     /* the tag is spelt as tc_format() writes it: tc_text */
    bool tc_reported; /* a clock-control finding made */
    bool has_gap_loc;
    bool tag_any;     /* WhiteClock or BlackClock is there */
    int64_t first_max; /* the highest first clock */
    int64_t max_rise;  /* the highest rise within the increment */
    /* Not reset by a memset for a new game: clock_begin() sets tag_clock,
     * tc.kind and s[] in part; the rest is read only where a field above
     * says so, or set for each game. */
    int64_t tag_clock[2];            /* WhiteClock, BlackClock; CLOCK_NONE when absent */
    struct time_control tc;          /* kind TC_ABSENT, or read from the tag */
    int64_t delay_ms, slack_ms;      /* --clock-delay, --clock-slack */
    size_t tc_len;                   /* tc_same's */
    char tc_text[TC_TEXT_MAX];
    struct src_loc tc_loc;           /* the TimeControl tag */
    char tc_unread[TC_FREE_MAX + 1]; /* its value when it was not read (TC_UNREAD) */
    struct src_loc gap_loc; /* has_gap_loc: the clock after the first stretch without clocks */
    struct clock_side s[2];
};

/* The clocks of a variation at one depth (RAV, PGN 8.2.5), per side: the
 * last clock and the one before it, with their plies (0 for none).  A
 * variation starts from its parent's clocks before the move it replaces
 * (after it for pgn4web's "(* ...)"); struct game holds CLOCK_LINE_DEPTH_MAX
 * of them, set when a variation opens, never read by the main line. */
struct clock_var_side {
    int64_t last, prev;
    uint32_t last_ply, prev_ply;
    bool reported_rise, reported_emt;
};
struct clock_line {
    struct clock_var_side s[2];
};

/* A new game (before its tags). */
void clock_begin(struct game_clock *c);

/* The clocks the fast path noted in the current run, read into raw[]:
 * before anything else reads or changes the clock state, at the end of the
 * run, and before a move that may not be played (clock_sync()). */
void clock_run_take(struct game_clock *c);
static inline void clock_sync(struct game_clock *c)
{
    if (c->last_ev) clock_run_take(c);
}

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
/* A %clk alone: clock_slow(), or less where nothing is judged. */
void clock_take(struct game *g, const struct src_loc *loc, int64_t ms);

/* A variation opens at depth (1 or more): its clocks start from its
 * parent's, before the parent's last move unless `after` (a continuation).
 * A comment after a move of that variation: its clock commands judged as
 * the main line's are (rise, below zero, %emt), the findings marked as in
 * a variation. */
void clock_var_begin(struct game *g, unsigned depth, bool after);
void clock_var_comment(struct game *g, unsigned depth, const struct src_loc *loc, const char *text,
                       size_t len);

/* At the end of a game: the missing stretches, a time forfeit with time
 * left, moves after a flag (time_loss: the game says it was lost on time;
 * loser: 0 White, 1 Black, -1 unknown). */
void clock_end(struct game *g, bool time_loss, int loser);

/* For the game record: the time control read ("" when none) and each
 * side's last clock (CLOCK_NONE when none). */
void clock_record(struct game *g, char *tc_text, size_t size, int64_t *white,
                  int64_t *black);

/* The clock of the 8 bytes "h:mm:ss]" of an online game's clock comment
 * (pgn_event.clock: the lexer checked the digits), in milliseconds. */
static inline int64_t clock_raw_ms(uint64_t raw)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t d = raw & 0x000f0f000f0f000full; /* the digits' values */
    uint64_t pairs = d * 10 + (d >> 8);        /* byte 2: minutes, byte 5: seconds */
    return (int64_t)((d & 0xf) * 3600 + ((pairs >> 16) & 0xff) * 60 + ((pairs >> 40) & 0xff)) *
           1000;
#else
    unsigned char b[8];
    memcpy(b, &raw, 8);
    return (int64_t)((b[0] & 0xf) * 3600 + ((b[2] & 0xf) * 10 + (b[3] & 0xf)) * 60 +
                     (b[5] & 0xf) * 10 + (b[6] & 0xf)) *
           1000;
#endif
}

/* The 8 bytes at d are a clock "h:mm:ss]": *raw gets them (clock_raw_ms()).
 * Masks over the word, as the lexer's test of its clock comments. */
static inline bool clock_text_raw(const char *d, uint64_t *raw)
{
    uint64_t w;
    memcpy(&w, d, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    /* ':' at bytes 1 and 4, ']' at 7; digits at 0, 2, 3, 5, 6 */
    if ((w & 0xff0000ff0000ff00ull) != 0x5d00003a00003a00ull) return false;
    uint64_t x = w ^ 0x0030300030300030ull; /* a digit byte: 0 to 9 */
    const uint64_t hi = 0x00f0f000f0f000f0ull, six = 0x0006060006060006ull;
    if ((x & hi) != 0 || ((x + six) & hi) != 0) return false;
#else
    for (int i = 0; i < 7; i++)
        if (i == 1 || i == 4 ? d[i] != ':' : (unsigned)(d[i] - '0') > 9) return false;
    if (d[7] != ']') return false;
#endif
    *raw = w;
    return true;
}

/* A comment that ends with an online game's clock, " [%clk 0:05:00] " (alone
 * or after an evaluation, as Lichess writes them): *raw gets its 8 bytes. */
static inline bool clock_tail_comment(const char *t, size_t len, uint64_t *raw)
{
    static const char clk[8] = {' ', '[', '%', 'c', 'l', 'k', ' ', 0};
    if (len < 16 || t[len - 1] != ' ' || t[len - 2] != ']') return false;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t tail, k;
    memcpy(&tail, t + len - 16, 8);
    memcpy(&k, clk, 8);
    if ((tail & 0x00ffffffffffffffull) != k) return false;
#else
    if (memcmp(t + len - 16, clk, 7) != 0) return false;
#endif
    return clock_text_raw(t + len - 9, raw);
}

/* A comment may hold clock commands when it starts or ends with one: its
 * first byte that is not a blank is '[', or its last is ']' (two bytes
 * looked at each end; commentary in between is not scanned). */
static inline bool clock_comment_may_hold(const char *t, size_t len)
{
    if (len < 4) return false;
    return t[0] == '[' || t[1] == '[' || t[len - 1] == ']' || t[len - 2] == ']';
}

#endif /* PGNARB_CLOCK_CHECK_H */
