/*
 * clock_finding.c - the findings about a game's clocks (clock_check.c,
 * clock_var.c; FIDE Laws 6.1-6.3, PGN standard 9.6.1): clock-rise,
 * clock-negative, clock-emt and clock-control, with the time control the
 * clocks fit instead of the TimeControl tag's.
 */
#include "judge/clock_check.h"

#include "chess/chess.h"
#include "judge/clock_internal.h"
#include "i18n.h"
#include "judge/game_internal.h"
#include "pgn/time_control.h"

#include <stdio.h>
#include <string.h>

/* The ply of side's move numbered mv, counted from the game's start (its
 * FEN's fullmove number and side to move): clock_ply_move() undone. */
static uint32_t clock_ply(const struct game *g, int side, uint32_t mv)
{
    const struct game_clock *c = &g->clk;
    int64_t ply = 2 * ((int64_t)mv - (int64_t)c->start_fullmove) + (side - c->start_side) + 1;
    return ply > 0 && ply <= UINT32_MAX ? (uint32_t)ply : 0;
}

static void fmt_rise(char *buf, size_t size, int64_t ms)
{
    tc_format_clock(ms, buf, size);
}

/* The control the clocks fit when a period's time shows at move `move`
 * (rise: what came beyond the increment). */
static void fit_with_period(const struct game_clock *c, uint32_t mv, int64_t bonus, char *buf,
                            size_t size)
{
    struct time_control fit = c->tc;
    int64_t inc = clock_tc_known(c) ? c->tc.p[0].inc_ms : 0;
    int64_t base = clock_tc_known(c) ? c->tc.p[0].base_ms : 0;
    fit.kind = TC_PERIODS;
    fit.n = 2;
    /* up to 5 minutes: the player's own time on the move is in the rise, and
     * a period's time is 15, 30, 60 minutes */
    bonus = (bonus + 299999) / 300000 * 300000;
    /* shown a move or two late (41, 42): the period of 40 moves */
    if (mv >= 10 && mv % 10 <= 2) mv -= mv % 10;
    fit.p[0] = (struct tc_period){mv, base, inc};
    fit.p[1] = (struct tc_period){0, bonus, inc};
    tc_format(&fit, buf, size);
}

void clock_control_finding(struct game *g, const struct src_loc *loc, int side, uint32_t mv,
                           const char *why, const char *fit)
{
    struct game_clock *c = &g->clk;
    if (c->tc_reported) return;
    c->tc_reported = true;
    char tc[TC_TEXT_MAX];
    tc_format(&c->tc, tc, sizeof tc);
    game_emitf(g, DIAG_CLOCK_CONTROL, DIAG_WARNING, loc, NULL,
               side == COLOR_WHITE
                   ? _("TimeControl \"%s\" is contradicted by White's clock at move %u (%s); the "
                       "clocks fit \"%s\"")
                   : _("TimeControl \"%s\" is contradicted by Black's clock at move %u (%s); the "
                       "clocks fit \"%s\""),
               tc, (unsigned)mv, why, fit);
}

/* The control the clocks themselves show, when they show none of the
 * tag's periods: the first period's time from the first clocks (less the
 * increment, to the minute) and the increment from the largest rise seen
 * (to 5 seconds): "1500+10". */
void clock_fit_observed(const struct game_clock *c, char *buf, size_t size)
{
    struct time_control fit;
    memset(&fit, 0, sizeof fit);
    int64_t inc = (c->max_rise + 2500) / 5000 * 5000;
    if (inc < 0) inc = 0;
    fit.kind = TC_PERIODS;
    fit.n = 1;
    fit.p[0].base_ms = (c->first_max - inc + 30000) / 60000 * 60000;
    fit.p[0].inc_ms = inc;
    tc_format(&fit, buf, size);
}

/* clock-rise: side's clock rose from prev to ms at move mv, more than allowed. */
void clock_emit_rise(struct game *g, const struct src_loc *loc, bool variation, int side,
                     uint32_t mv, int64_t prev, int64_t ms, int64_t allowed)
{
    char a[32], b[32], r[32], al[32];
    tc_format_clock(prev, a, sizeof a);
    tc_format_clock(ms, b, sizeof b);
    fmt_rise(r, sizeof r, ms - prev);
    tc_format_clock(allowed, al, sizeof al);
    game_emitf_in(g, DIAG_CLOCK_RISE, DIAG_WARNING, loc, variation, side, mv,
                  clock_ply(g, side, mv),
                  side == COLOR_WHITE
                      ? _("White's clock rises from %s to %s at move %u (by %s), more than the %s "
                          "that the increment, the period bonuses and the slack allow")
                      : _("Black's clock rises from %s to %s at move %u (by %s), more than the %s "
                          "that the increment, the period bonuses and the slack allow"),
                  a, b, (unsigned)mv, r, al);
}

/* clock-negative for a move's %emt below zero. */
void clock_emit_emt_negative(struct game *g, const struct src_loc *loc, bool variation, int side,
                             uint32_t mv, int64_t emt)
{
    char e[32];
    tc_format_clock(emt, e, sizeof e);
    game_emitf_in(g, DIAG_CLOCK_NEGATIVE, DIAG_ERROR, loc, variation, side, mv,
                  clock_ply(g, side, mv),
                  side == COLOR_WHITE ? _("White's move %u took %s ([%%emt]): less than nothing")
                                      : _("Black's move %u took %s ([%%emt]): less than nothing"),
                  (unsigned)mv, e);
}

/* clock-negative for a clock below zero. */
void clock_emit_negative(struct game *g, const struct src_loc *loc, bool variation, int side,
                         uint32_t mv, int64_t ms)
{
    char b[32];
    tc_format_clock(ms, b, sizeof b);
    game_emitf_in(g, DIAG_CLOCK_NEGATIVE, DIAG_ERROR, loc, variation, side, mv,
                  clock_ply(g, side, mv),
                  side == COLOR_WHITE ? _("White's clock shows %s after move %u: below zero")
                                      : _("Black's clock shows %s after move %u: below zero"),
                  b, (unsigned)mv);
}

/* clock-emt when the move's %emt, the increment and the delay do not take
 * the clock from prev to ms (within the slack): true when reported. */
bool clock_judge_emt(struct game *g, const struct src_loc *loc, bool variation, int side,
                     uint32_t mv, int64_t emt, int64_t prev, int64_t ms)
{
    struct game_clock *c = &g->clk;
    int64_t used = emt > c->delay_ms ? emt - c->delay_ms : 0;
    int64_t d = ms - (prev - used + tc_increment_at(&c->tc, mv));
    if (d <= c->slack_ms && -d <= c->slack_ms) return false;
    char e[32], a[32], b[32];
    tc_format_clock(emt, e, sizeof e);
    tc_format_clock(prev, a, sizeof a);
    tc_format_clock(ms, b, sizeof b);
    game_emitf_in(g, DIAG_CLOCK_EMT, DIAG_WARNING, loc, variation, side, mv,
                  clock_ply(g, side, mv),
                  side == COLOR_WHITE
                      ? _("White's move %u took %s ([%%emt]), but the clock went from %s to %s")
                      : _("Black's move %u took %s ([%%emt]), but the clock went from %s to %s"),
                  (unsigned)mv, e, a, b);
    return true;
}

/* A rise beyond what the control allows. */
void clock_judge_rise(struct game *g, const struct src_loc *loc, int side, uint32_t mv,
                      int64_t prev, int64_t ms, int64_t allowed)
{
    struct game_clock *c = &g->clk;
    struct clock_side *s = &c->s[side];
    int64_t rise = ms - prev;
    char a[32], b[32], r[32];
    tc_format_clock(prev, a, sizeof a);
    tc_format_clock(ms, b, sizeof b);
    fmt_rise(r, sizeof r, rise);
    if (rise >= CLOCK_PERIOD_JUMP_MS && clock_tc_known(c) && c->tc_reported)
        return; /* a period's time: the control found wrong already */
    if (rise >= CLOCK_PERIOD_JUMP_MS && clock_tc_known(c)) {
        char fit[TC_TEXT_MAX], why[96];
        fit_with_period(c, mv, rise - tc_increment_at(&c->tc, mv), fit, sizeof fit);
        snprintf(why, sizeof why, "%s -> %s", a, b);
        clock_control_finding(g, loc, side, mv, why, fit);
        return;
    }
    if (s->reported_rise) return;
    s->reported_rise = true;
    clock_emit_rise(g, loc, false, side, mv, prev, ms, allowed);
}
