/*
 * clock_check.c - whether a game's clocks add up (FIDE Laws 6.1-6.3: the
 * periods, the increment, the flag; PGN standard 9.6.1 TimeControl; the
 * comment commands [%clk h:mm:ss] (the clock after the move), [%emt h:mm:ss]
 * (the time the move took) and [%clkc], read as %clk).  Per side, along the
 * main line: clocks missing on some moves (one clock-missing per game), a
 * clock that rises by more than the increment and the period bonuses allow
 * (clock-rise) or that falls below zero (clock-negative), %emt against the
 * clocks (clock-emt), a TimeControl the clocks contradict (clock-control,
 * naming the control they fit), a value of TimeControl that cannot be read
 * (clock-control-unread), a loss on time by a side whose clock shows time
 * left (clock-time-left), a game that goes on after a clock showed zero
 * with no increment (clock-after-zero) and a WhiteClock or BlackClock tag
 * that disagrees with that side's last clock (clock-tag).  This file reads
 * the clocks and follows them move by move; the findings' texts are in
 * clock_finding.c, what is judged at the end of the game in clock_end.c,
 * variations' clocks in clock_var.c.
 *
 * A period's time may show at any move after the period's end: the clock
 * after move 41 (broadcasts show it when the next move is made, lichess
 * 19227), or when the period's time has run out (clocks that add it then);
 * --clock-
 * delay=S (US delay, which PGN cannot write) lets a clock stay unchanged
 * for S seconds of a move; --clock-slack=S (default 2) allows for boards
 * that round.  The usual path is clock_fast() in game.c.
 */
#include "judge/clock_check.h"

#include "chess/chess.h"
#include "judge/clock_internal.h"
#include "i18n.h"
#include "judge/game_internal.h"
#include "pgn/pgn_parse.h"
#include "pgn/time_control.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define CLOCK_NEVER (INT64_MAX / 4)

void clock_begin(struct game_clock *c)
{
    /* the fields before tag_clock; of each side, those before zero_loc */
    memset(c, 0, offsetof(struct game_clock, tag_clock)); /* last_ev NULL */
    c->tc.kind = TC_ABSENT;
    c->tag_clock[0] = c->tag_clock[1] = CLOCK_NONE;
    for (int i = 0; i < 2; i++) {
        memset(&c->s[i], 0, offsetof(struct clock_side, zero_loc));
        c->s[i].last = CLOCK_NONE; /* next_ply 0: the first clock goes to clock_slow() */
    }
}

/* The clock of a MOVE_COMMENTED event whose comment ends with one
 * (pgn_event.clock): the body's last 9 bytes but one. */
static uint64_t event_raw(const struct pgn_event *e)
{
    uint64_t raw;
    memcpy(&raw, e->text + e->comment_span + 1 + e->comment_len - 9, 8);
    return raw;
}

/* last_ev's clock is that of ply next_ply - 1; the move before it in the
 * run made ply next_ply - 2 (a move after one that was not played is not
 * played either, and clock_sync() runs before each move that may not be),
 * and its clock, when it has one, was taken for that ply: read again here,
 * it is the value it had. */
void clock_run_take(struct game_clock *c)
{
    const struct pgn_event *e = c->last_ev;
    uint32_t ply = c->next_ply - 1;
    c->last_ev = NULL;
    c->raw[ply & 1] = event_raw(e);
    if (ply < 2) return;
    for (const struct pgn_event *p = e; p > c->run_ev;) {
        p--;
        if (p->type == PGN_EV_MOVE_NUMBER) continue;
        if (p->type == PGN_EV_MOVE_COMMENTED && p->clock) c->raw[(ply - 1) & 1] = event_raw(p);
        break;
    }
}

/* A side's new last clock, the one before kept. */

static void side_take(struct clock_side *s, int64_t ms, uint32_t ply)
{
    s->prev = s->last;
    s->prev_ply = s->last_ply;
    s->last = ms;
    s->last_ply = ply;
}

/* The first clocks the fast path took from ply 1 (clock_start()): the
 * side to move first has its first clock at ply 1 when the fast path went
 * past it, the other side at ply 2. */
void clock_settle_first(struct game_clock *c)
{
    c->fresh = false;
    uint32_t taken = c->next_ply ? c->next_ply - 1 : 0; /* plies 1 to taken */
    for (uint32_t ply = 1; ply <= 2 && ply <= taken; ply++) {
        struct clock_side *s = &c->s[(ply - 1 + (c->start_side == COLOR_BLACK)) & 1];
        s->first_ply = ply;
        c->any = true;
    }
}

/* Move the clocks the fast path took into struct clock_side.  Only a game
 * none of whose rises is judged takes the fast path, so the clock before
 * the last (clock_side.prev, for a variation's rise) is not kept there. */
void clock_settle(struct game_clock *c)
{
    clock_sync(c);
    if (c->fresh) clock_settle_first(c);
    for (uint32_t q = 0; q < 2; q++) {
        if (!c->raw[q]) continue;
        uint32_t ply = ((c->next_ply - 1) & 1) == q ? c->next_ply - 1 : c->next_ply - 2;
        uint32_t idx = ply - 1 + (c->start_side == COLOR_BLACK);
        struct clock_side *s = &c->s[idx & 1];
        s->last = clock_raw_ms(c->raw[q]);
        s->last_ply = ply;
        c->raw[q] = 0;
    }
}

/* The clocks can be held to the TimeControl: it is read, and the game is
 * not one played on lichess.org, where the opponent may give time
 * ("moretime", 15 s a press; its broadcasts and studies are OTB clocks). */
bool clock_tc_known(const struct game_clock *c)
{
    return c->tc.kind == TC_PERIODS && !c->gift;
}

void clock_tag(struct game *g, int which, const char *value, size_t len)
{
    struct game_clock *c = &g->clk;
    if (which == 2) {
        if (c->tc_present) return;
        c->tc_present = true;
        tc_parse(value, len, &c->tc);
        /* "300+3", "40/7200:3600": the standard's form, spelt as tc_format() would */
        c->tc_same = c->tc.kind == TC_PERIODS && !c->tc.free_text && len < sizeof c->tc_text &&
                     (value[0] != '0' || len == 1) && !memchr(value, '.', len);
        if (c->tc_same) {
            memcpy(c->tc_text, value, len);
            c->tc_len = len;
        }
        if (c->tc.kind == TC_UNREAD) {
            size_t n = len < sizeof c->tc_unread - 1 ? len : sizeof c->tc_unread - 1;
            memcpy(c->tc_unread, value, n);
            c->tc_unread[n] = '\0';
        }
        return;
    }
    int64_t ms;
    size_t used;
    if (tc_read_clock(value, len, &ms, &used) && used == len) {
        c->tag_clock[which] = ms;
        c->tag_any = true;
    }
}

/* The side whose move is at ply (1-based) and its move number. */
void clock_ply_move(const struct game_clock *c, uint32_t ply, int *side, uint32_t *mv)
{
    uint32_t idx = ply - 1 + (c->start_side == COLOR_BLACK);
    *side = (int)(idx & 1);
    *mv = c->start_fullmove + idx / 2;
}

/* A game played on lichess.org (Site "https://lichess.org/AbCd1234"), not
 * one of its broadcasts or studies (over-the-board clocks). */
static bool lichess_game(const char site[TAG_VALUE_MAX])
{
    /* site is a tag's value buffer (TAG_VALUE_MAX bytes): fixed-length
     * compares stay inside it, and its NUL ends a shorter value's match */
    return memcmp(site, "https://lichess.org/", 20) == 0 &&
           memcmp(site + 20, "broadcast", 9) != 0 && memcmp(site + 20, "study", 5) != 0;
}

void clock_start(struct game *g, int side, uint32_t fullmove)
{
    struct game_clock *c = &g->clk;
    c->start_side = side;
    c->start_fullmove = fullmove;
    if (c->tc.kind == TC_PERIODS) {
        const char *site = tag_value(g, TAG_SITE);
        c->gift = site && lichess_game(site);
    }
    /* the fast path takes the clocks of which no rise is judged, from the
     * first ply when no WhiteClock or BlackClock asks for the first clocks */
    c->fast = !clock_tc_known(c);
    c->fresh = c->fast && !c->tag_any;
    c->next_ply = c->fresh;
    if (c->tc_present && c->tc.kind == TC_UNREAD)
        game_emitf(g, DIAG_CLOCK_CONTROL_UNREAD, DIAG_NOTE, &c->tc_loc, NULL,
                   _("TimeControl \"%s\" is in none of the forms read (\"40/5400+30:1800+30\", "
                     "\"5400+30\", \"90 minutes + 30 seconds per move\"): the clocks are checked "
                     "without it"),
                   c->tc_unread);
}

void clock_add_gap(struct game_clock *c, struct clock_side *s, uint32_t from, uint32_t to,
                   const struct src_loc *loc)
{
    if (from > to) return;
    if (loc && !c->has_gap_loc) {
        c->gap_loc = *loc; /* the clock after the first stretch without */
        c->has_gap_loc = true;
    }
    if (s->ngaps == CLOCK_GAPS_MAX) {
        s->more_gaps++;
        return;
    }
    s->gap_from[s->ngaps] = from;
    s->gap_to[s->ngaps] = to;
    s->ngaps++;
}

void clock_slow(struct game *g, const struct src_loc *loc, int64_t ms, bool have_clk, int64_t emt,
                bool have_emt)
{
    struct game_clock *c = &g->clk;
    const struct line *l = &g->lines[0];
    clock_sync(c);
    if (l->broken || !g->replayable || l->ply == 0) return;
    int side;
    uint32_t mv, ply = l->ply;
    clock_ply_move(c, ply, &side, &mv);
    struct clock_side *s = &c->s[side];
    clock_settle(c);
    c->next_ply = 0;                                /* until this clock is judged */
    if (s->first_ply && ply <= s->last_ply) return; /* a second clock for the same move */
    if (have_emt && emt < 0) clock_emit_emt_negative(g, loc, false, side, mv, emt);
    if (!have_clk) return;
    c->any = true;
    int64_t prev = s->last;
    uint32_t prev_ply = s->last_ply;
    if (s->first_ply == 0) {
        s->first_ply = ply;
        s->first = ms;
        uint32_t own_first = c->start_side == side ? 1 : 2;
        if (ply > own_first) {
            int sd;
            uint32_t m0;
            clock_ply_move(c, own_first, &sd, &m0);
            clock_add_gap(c, s, m0, mv - 1, loc);
        }
        if (clock_tc_known(c) && ms > c->first_max) c->first_max = ms;
        if (clock_tc_known(c) && c->start_fullmove == 1 && ply <= 2 && ms < c->tc.p[0].base_ms / 2)
            c->first_low = true;
        if (clock_tc_known(c)) {
            /* clocks in FIDE mode add the first move's increment before
             * the game starts (5+3 starts at 5:03), and the move's own after it */
            int64_t most = c->tc.p[0].base_ms + 2 * tc_increment_at(&c->tc, 1) + c->slack_ms;
            if (ms > most && mv <= c->start_fullmove + 1 && c->start_fullmove == 1) {
                struct time_control fit = c->tc;
                fit.n = 1;
                fit.p[0].moves = 0;
                fit.p[0].base_ms = (ms - 2 * tc_increment_at(&c->tc, 1) + 59999) / 60000 * 60000;
                char f[TC_TEXT_MAX], why[64], a[32];
                tc_format(&fit, f, sizeof f);
                tc_format_clock(ms, a, sizeof a);
                snprintf(why, sizeof why, "%s", a);
                clock_control_finding(g, loc, side, mv, why, f);
            }
        }
    } else {
        if (ply != prev_ply + 2) {
            int sd;
            uint32_t pm;
            clock_ply_move(c, prev_ply, &sd, &pm);
            clock_add_gap(c, s, pm + 1, mv - 1, loc);
        }
        if (clock_tc_known(c)) {
            /* the increment may show a move late too: a board read the
             * clock before it was added (a broadcast's 1:07:13, 1:07:12,
             * 1:07:52 under +30) */
            int64_t allowed = 2 * tc_increment_at(&c->tc, mv) + c->slack_ms;
            int64_t rise = ms - prev;
            /* a period that ended since this side's last clock: its time is
             * due from now on (broadcasts show it a move or two late, some
             * clocks add it only when the period's time has run out) */
            int sd;
            uint32_t prev_mv;
            clock_ply_move(c, prev_ply, &sd, &prev_mv);
            for (uint32_t m = prev_mv + 1; m <= mv && m <= prev_mv + CLOCK_GAP_SCAN_MAX; m++)
                if (tc_bonus_at(&c->tc, m) && s->bonus_move != m && !s->bonus_due) s->bonus_due = m;
            int64_t bonus_due = s->bonus_due ? tc_bonus_at(&c->tc, s->bonus_due) : 0;
            if (rise > allowed) {
                if (bonus_due && rise <= allowed + bonus_due) {
                    s->bonus_move = s->bonus_due;
                    s->bonus_due = 0;
                } else {
                    clock_judge_rise(g, loc, side, mv, prev, ms, allowed);
                }
            } else if (bonus_due && s->bonus_due + 1 == mv && ply == prev_ply + 2 &&
                       !c->tc_reported && c->first_low) {
                /* the period ended at the move before, its time did not come,
                 * and the first clocks were far below the first period's */
                char f[TC_TEXT_MAX], why[96], b[32];
                clock_fit_observed(c, f, sizeof f);
                tc_format_clock(bonus_due, b, sizeof b);
                snprintf(why, sizeof why, _("no %s added after move %u"), b, (unsigned)(mv - 1));
                clock_control_finding(g, loc, side, mv, why, f);
            }
            if (rise > c->max_rise && rise <= allowed) c->max_rise = rise;
        }
        /* after a bonus the difference says nothing */
        if (have_emt && emt >= 0 && clock_tc_known(c) && !s->reported_emt && ply == prev_ply + 2 &&
            s->bonus_move != mv && s->bonus_move + 1 != mv)
            s->reported_emt = clock_judge_emt(g, loc, false, side, mv, emt, prev, ms);
    }
    if (ms < 0) clock_emit_negative(g, loc, false, side, mv, ms);
    if (ms <= 0 && s->zero_ply == 0 && clock_tc_known(c) && tc_increment_at(&c->tc, mv) == 0 &&
        c->delay_ms == 0) {
        s->zero_ply = ply;
        s->zero_loc = *loc;
    }
    side_take(s, ms, ply);
    /* the fast path goes on from the next ply: a game none of whose rises
     * is judged (a lichess.org game, a TimeControl not read) whose other
     * side had a clock on the ply before */
    const struct clock_side *o = &c->s[side ^ 1];
    if (c->fast && o->first_ply && o->last_ply + 1 == ply && ms > 0) c->next_ply = ply + 1;
}

/* Blanks inside a command: a comment may break its line there. */
static bool is_blank(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n';
}

/* A clock read from a comment, when clock_slow() has nothing to judge: as
 * clock_fast() in game.c. */
void clock_take(struct game *g, const struct src_loc *loc, int64_t ms)
{
    struct game_clock *c = &g->clk;
    clock_sync(c);
    uint32_t ply = g->lines[0].ply;
    if (c->fast && ms > 0) {
        int side = (int)((ply - 1 + (c->start_side == COLOR_BLACK)) & 1);
        struct clock_side *s = &c->s[side];
        if (ply == c->next_ply) {
            c->raw[ply & 1] = 0;
            s->last = ms;
            s->last_ply = ply;
            c->next_ply = ply + 1;
            return;
        }
        /* a side's first clock, on its first move, the other side's in
         * step: nothing to judge */
        const struct clock_side *o = &c->s[side ^ 1];
        bool first = ply == (c->start_side == side ? 1u : 2u);
        if (s->first_ply == 0 && first && ply > 0 && !g->lines[0].broken && g->replayable &&
            (o->first_ply == 0 ? ply == 1 : o->last_ply + 1 == ply) && !c->raw[0] && !c->raw[1]) {
            c->any = true;
            s->first_ply = ply;
            s->first = ms;
            s->last = ms;
            s->last_ply = ply;
            c->next_ply = o->first_ply ? ply + 1 : 0;
            return;
        }
    }
    clock_slow(g, loc, ms, true, 0, false);
}

/* [%clk ...] [%emt ...] [%clkc ...] commands of a comment: each "[%name
 * value]", wherever a '%' after a '[' starts one (the caller looked at the
 * ends only); the first of each counts. */
void clock_parse(const char *t, size_t len, int64_t *clk_out, bool *have_clk_out, int64_t *emt_out,
                 bool *have_emt_out)
{
    int64_t clk = 0, emt = 0;
    bool have_clk = false, have_emt = false;
    const char *end = t + len, *p = t;
    while ((p = memchr(p, '%', (size_t)(end - p))) != NULL) {
        if (p == t || p[-1] != '[') {
            p++;
            continue;
        }
        const char *k = p + 1, *v = k;
        while (v < end && *v >= 'a' && *v <= 'z')
            v++;
        size_t n = (size_t)(v - k);
        p = v;
        bool is_clk = (n == 3 && memcmp(k, "clk", 3) == 0) || (n == 4 && memcmp(k, "clkc", 4) == 0);
        bool is_emt = n == 3 && memcmp(k, "emt", 3) == 0;
        if (!is_clk && !is_emt) continue;
        while (v < end && is_blank(*v))
            v++;
        int64_t ms;
        size_t used;
        if (!tc_read_clock(v, (size_t)(end - v), &ms, &used)) continue;
        const char *e = v + used;
        while (e < end && is_blank(*e))
            e++;
        if (e >= end || *e != ']') continue;
        if (is_clk && !have_clk) clk = ms, have_clk = true;
        if (is_emt && !have_emt) emt = ms, have_emt = true;
        p = e;
    }
    *clk_out = clk;
    *have_clk_out = have_clk;
    *emt_out = emt;
    *have_emt_out = have_emt;
}

void clock_comment(struct game *g, const struct src_loc *loc, const char *t, size_t len)
{
    clock_sync(&g->clk);
    uint64_t raw;
    if (clock_tail_comment(t, len, &raw)) {
        struct game_clock *c = &g->clk;
        uint32_t ply = g->lines[0].ply;
        int64_t ms = clock_raw_ms(raw);
        if (ply && ply == c->next_ply && ms > 0) {
            /* as clock_fast() in game.c (next_ply is set in fast games alone) */
            c->raw[ply & 1] = raw;
            c->next_ply = ply + 1;
            return;
        }
        clock_take(g, loc, ms);
        return;
    }
    int64_t clk, emt;
    bool have_clk, have_emt;
    clock_parse(t, len, &clk, &have_clk, &emt, &have_emt);
    if (have_clk && !have_emt)
        clock_take(g, loc, clk);
    else if (have_clk || have_emt)
        clock_slow(g, loc, clk, have_clk, emt, have_emt);
}
