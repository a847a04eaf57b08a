/*
 * clock_var.c - the clocks of variations (RAV, PGN 8.2.5; FIDE Laws 6.1-6.3
 * as in clock_check.c).  A variation starts from its parent's clocks before
 * the move it replaces (after it for pgn4web's "(* ...)"), kept apart from
 * the main line's state, one struct clock_line per depth (at most
 * CLOCK_LINE_DEPTH_MAX).  Along it: clock-rise (a rise of a period's time or
 * more is left alone, and any period that ended since may show),
 * clock-negative and clock-emt, each marked as in a variation.
 */
#include "judge/clock_check.h"

#include "judge/clock_internal.h"
#include "judge/game_internal.h"
#include "pgn/time_control.h"

#include <string.h>

void clock_var_begin(struct game *g, unsigned depth, bool after)
{
    struct game_clock *c = &g->clk;
    struct clock_line *v = &g->clk_lines[depth];
    uint32_t from = g->lines[depth - 1].ply; /* the parent's last move */
    if (depth == 1) clock_settle(c);
    for (int side = 0; side < 2; side++) {
        int64_t last, prev;
        uint32_t last_ply, prev_ply;
        if (depth == 1) {
            const struct clock_side *s = &c->s[side];
            last = s->last, last_ply = s->first_ply ? s->last_ply : 0;
            prev = s->prev, prev_ply = s->first_ply ? s->prev_ply : 0;
        } else {
            const struct clock_var_side *s = &g->clk_lines[depth - 1].s[side];
            last = s->last, last_ply = s->last_ply, prev = s->prev, prev_ply = s->prev_ply;
        }
        struct clock_var_side *h = &v->s[side];
        memset(h, 0, sizeof *h);
        if (!after && last_ply && last_ply == from) /* the move replaced: its clock is not ours */
            last = prev, last_ply = prev_ply;
        h->last = last_ply ? last : CLOCK_NONE;
        h->last_ply = last_ply;
    }
}

void clock_var_comment(struct game *g, unsigned depth, const struct src_loc *loc, const char *t,
                       size_t len)
{
    struct game_clock *c = &g->clk;
    const struct line *l = &g->lines[depth];
    if (l->broken || !g->replayable || l->ply == 0) return;
    int64_t ms, emt;
    bool have_clk, have_emt;
    clock_parse(t, len, &ms, &have_clk, &emt, &have_emt);
    if (!have_clk && !have_emt) return;
    int side;
    uint32_t mv, ply = l->ply;
    clock_ply_move(c, ply, &side, &mv);
    struct clock_var_side *h = &g->clk_lines[depth].s[side];
    if (h->last_ply >= ply) return; /* a second clock for the same move */
    if (have_emt && emt < 0) clock_emit_emt_negative(g, loc, true, side, mv, emt);
    if (!have_clk) return;
    if (h->last_ply && clock_tc_known(c)) {
        /* as on the main line, and any period that ended since may show */
        int sd;
        uint32_t prev_mv;
        clock_ply_move(c, h->last_ply, &sd, &prev_mv);
        int64_t allowed = 2 * tc_increment_at(&c->tc, mv) + c->slack_ms, bonus = 0;
        for (uint32_t m = prev_mv; m <= mv && m <= prev_mv + CLOCK_GAP_SCAN_MAX; m++)
            bonus += tc_bonus_at(&c->tc, m);
        if (ms - h->last > allowed + bonus && ms - h->last < CLOCK_PERIOD_JUMP_MS &&
            !h->reported_rise) {
            h->reported_rise = true;
            clock_emit_rise(g, loc, true, side, mv, h->last, ms, allowed);
        }
        if (have_emt && emt >= 0 && !bonus && !h->reported_emt && ply == h->last_ply + 2)
            h->reported_emt = clock_judge_emt(g, loc, true, side, mv, emt, h->last, ms);
    }
    if (ms < 0) clock_emit_negative(g, loc, true, side, mv, ms);
    h->prev = h->last;
    h->prev_ply = h->last_ply;
    h->last = ms;
    h->last_ply = ply;
}
