/*
 * time_control.h - the TimeControl tag (PGN standard 9.6.1; TRF26's
 * "40/5400+30:1800+30"; the free text of tournament files) and the clock
 * values of the comment commands [%clk], [%emt], [%clkc] and the
 * WhiteClock/BlackClock tags.  Text in, numbers out: it knows no chess.
 *
 * Ownership: plain values filled by the caller's struct; nothing allocated.
 */
#ifndef PGNARB_TIME_CONTROL_H
#define PGNARB_TIME_CONTROL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TC_PERIODS_MAX 4      /* periods of a TimeControl; more is not read */
#define TC_TEXT_MAX    48     /* tc_format(): room for four periods */
#define TC_FREE_MAX    160    /* free text longer than this is not read */
#define TC_SECONDS_MAX 864000 /* a period or increment beyond 10 days is not read */

enum tc_kind {
    TC_ABSENT,    /* no TimeControl tag */
    TC_UNKNOWN,   /* "?" */
    TC_NONE,      /* "-" (or "inf": no time control) */
    TC_SANDCLOCK, /* "*60": a sandclock of 60 seconds */
    TC_PERIODS,   /* one or more periods */
    TC_UNREAD     /* a value none of the forms reads */
};

/* One period: `moves` moves (0: the rest of the game) in `base_ms`, with
 * `inc_ms` added after each move. */
struct tc_period {
    uint32_t moves;
    int64_t base_ms;
    int64_t inc_ms;
};

struct time_control {
    enum tc_kind kind;
    unsigned n; /* periods (TC_PERIODS), 1 for a sandclock */
    struct tc_period p[TC_PERIODS_MAX];
    bool free_text; /* read from words, not the standard's form */
};

/* Read a TimeControl value: the standard's fields separated by ':' ("?",
 * "-", "40/5400", "5400+30", "*60", "300"; seconds with decimals, as engine
 * tools write them), TRF26's "40/5400+30:1800+30", and free text in English
 * or Italian when it says one thing only ("90 minutes for the first 40
 * moves, followed by 30 minutes, increment of 30 seconds", "90 minuti per
 * 40 mosse + 30 minuti, incremento di 30 secondi", "15 min + 10 s").
 * Anything else is TC_UNREAD. */
void tc_parse(const char *s, size_t len, struct time_control *tc);

/* The standard's spelling of tc (periods and sandclock; "?" and "-"):
 * "40/5400+30:1800+30", "5400+30", "*60".  Empty for TC_ABSENT and
 * TC_UNREAD. */
void tc_format(const struct time_control *tc, char *buf, size_t size);

/* The increment after a side's move number `move` (1-based), and the time
 * added to that side's clock when it completes move `move` (the next
 * period's base, when a period ends there), both in ms; 0 without periods. */
int64_t tc_increment_at(const struct time_control *tc, uint32_t move);
int64_t tc_bonus_at(const struct time_control *tc, uint32_t move);

/* A clock value "h:mm:ss", "h:mm:ss.f", "mm:ss", "ss" or with a leading
 * '-', at s (at most len bytes); the bytes read go to *used.  False when it
 * is none. */
bool tc_read_clock(const char *s, size_t len, int64_t *ms, size_t *used);

/* "1:30:05", "0:00:09.5", "-0:00:03" for ms (tenths shown when not 0). */
void tc_format_clock(int64_t ms, char *buf, size_t size);

#endif /* PGNARB_TIME_CONTROL_H */
