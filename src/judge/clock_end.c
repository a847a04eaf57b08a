/*
 * clock_end.c - what is judged of a game's clocks at its end (FIDE Laws
 * 6.1-6.3, 6.9): the moves without clocks (clock-missing), WhiteClock and
 * BlackClock against each side's last clock (clock-tag), moves after a
 * clock showed zero (clock-after-zero), a loss on time with time left
 * (clock-time-left); and the game record's time control and last clocks.
 * The clocks themselves are followed in clock_check.c.
 */
#include "judge/clock_check.h"

#include "chess/chess.h"
#include "judge/clock_internal.h"
#include "i18n.h"
#include "judge/game_internal.h"
#include "pgn/time_control.h"

#include <stdio.h>
#include <string.h>

static int gap_list(const struct clock_side *s, char *buf, size_t size)
{
    size_t at = 0;
    buf[0] = '\0';
    for (unsigned i = 0; i < s->ngaps && at < size; i++) {
        int w = s->gap_from[i] == s->gap_to[i]
                    ? snprintf(buf + at, size - at, "%s%u", i ? ", " : "", (unsigned)s->gap_from[i])
                    : snprintf(buf + at, size - at, "%s%u-%u", i ? ", " : "",
                               (unsigned)s->gap_from[i], (unsigned)s->gap_to[i]);
        if (w < 0) break;
        at += (size_t)w;
    }
    if (s->more_gaps && at < size) snprintf(buf + at, size - at, ", ...");
    return (int)s->ngaps;
}

/* WhiteClock, BlackClock against the clock after that side's last move
 * (own_last: its last ply in the game), when that move has one.  The side
 * to move's clock ran on after it: only a tag above it counts.  A tag equal
 * to the first period's time, or not below the side's first clock, is the
 * clock at the start (FICS and pgn4web write it so). */
static void judge_tag(struct game *g, int side, uint32_t own_last)
{
    struct game_clock *c = &g->clk;
    const struct clock_side *s = &c->s[side];
    int64_t tag = c->tag_clock[side];
    if (tag == CLOCK_NONE || !s->first_ply || s->last_ply != own_last) return;
    bool periods = c->tc.kind == TC_PERIODS;
    if ((periods && tag == c->tc.p[0].base_ms) || tag >= s->first - c->slack_ms) return;
    int sd;
    uint32_t mv;
    clock_ply_move(c, own_last, &sd, &mv);
    int64_t allow = c->slack_ms + (periods ? tc_increment_at(&c->tc, mv) : 0);
    int64_t above = allow + (periods && s->bonus_due ? tc_bonus_at(&c->tc, s->bonus_due) : 0);
    int64_t d = tag - s->last;
    bool to_move = (int)g->lines[0].pos.side == side;
    if (d <= above && (to_move || -d <= allow)) return;
    char a[32], b[32];
    tc_format_clock(tag, a, sizeof a);
    tc_format_clock(s->last, b, sizeof b);
    game_emitf(g, DIAG_CLOCK_TAG, DIAG_WARNING, &g->clk_tag_loc[side], NULL,
               side == COLOR_WHITE
                   ? _("the WhiteClock tag gives %s, but White's clock showed %s after White's "
                       "last move (move %u)")
                   : _("the BlackClock tag gives %s, but Black's clock showed %s after Black's "
                       "last move (move %u)"),
               a, b, (unsigned)mv);
}

void clock_end(struct game *g, bool time_loss, int loser)
{
    struct game_clock *c = &g->clk;
    const struct line *l = &g->lines[0];
    if (c->fresh && c->next_ply > 1)
        clock_settle_first(c);
    else
        c->fresh = false;
    if (!c->any || !g->replayable || l->broken) return;
    /* the usual online game: a clock on every move to the end, nothing noted */
    if (c->next_ply == l->ply + 1 && !c->s[0].ngaps && !c->s[1].ngaps && !c->s[0].zero_ply &&
        !c->s[1].zero_ply && !time_loss && c->tag_clock[0] == CLOCK_NONE &&
        c->tag_clock[1] == CLOCK_NONE)
        return;
    clock_settle(c);
    uint32_t plies = l->ply;
    for (int side = 0; side < 2; side++) {
        struct clock_side *s = &c->s[side];
        /* this side's last move in the game */
        uint32_t own_first = c->start_side == side ? 1 : 2;
        if (plies < own_first) continue;
        uint32_t own_last = plies - ((plies - own_first) & 1);
        int sd;
        uint32_t m_first, m_last;
        clock_ply_move(c, own_first, &sd, &m_first);
        clock_ply_move(c, own_last, &sd, &m_last);
        if (s->first_ply == 0) {
            clock_add_gap(c, s, m_first, m_last, NULL);
        } else if (s->last_ply < own_last) {
            uint32_t pm;
            clock_ply_move(c, s->last_ply, &sd, &pm);
            clock_add_gap(c, s, pm + 1, m_last, NULL);
        }
        judge_tag(g, side, own_last);
        if (s->zero_ply && plies > s->zero_ply) {
            uint32_t zm;
            clock_ply_move(c, s->zero_ply, &sd, &zm);
            game_emitf(g, DIAG_CLOCK_AFTER_ZERO, DIAG_NOTE, &s->zero_loc, NULL,
                       side == COLOR_WHITE
                           ? _("White's clock showed no time left after move %u, with no "
                               "increment, and the game went on for %u more half-moves")
                           : _("Black's clock showed no time left after move %u, with no "
                               "increment, and the game went on for %u more half-moves"),
                       (unsigned)zm, (unsigned)(plies - s->zero_ply));
        }
    }
    if (c->s[0].ngaps || c->s[1].ngaps) {
        const struct src_loc *gap_loc = c->has_gap_loc ? &c->gap_loc : game_result_loc(g);
        char w[160], b[160];
        gap_list(&c->s[0], w, sizeof w);
        gap_list(&c->s[1], b, sizeof b);
        if (c->s[0].ngaps && c->s[1].ngaps)
            game_emitf(g, DIAG_CLOCK_MISSING, DIAG_WARNING, gap_loc, NULL,
                       _("the clocks are given on some moves and missing on White's moves %s "
                         "and on Black's moves %s"),
                       w, b);
        else if (c->s[0].ngaps)
            game_emitf(g, DIAG_CLOCK_MISSING, DIAG_WARNING, gap_loc, NULL,
                       _("the clocks are given on some moves and missing on White's moves %s"), w);
        else
            game_emitf(g, DIAG_CLOCK_MISSING, DIAG_WARNING, gap_loc, NULL,
                       _("the clocks are given on some moves and missing on Black's moves %s"), b);
    }
    /* 6.9: a player loses on time when his flag falls; the clock after his
     * last move is his time then, and he cannot flag on his opponent's turn. */
    if (time_loss && (loser == 0 || loser == 1)) {
        int to_move = (int)l->pos.side;
        int64_t last = c->s[loser].first_ply ? c->s[loser].last : c->tag_clock[loser];
        if (loser != to_move && last != CLOCK_NONE && last > c->slack_ms) {
            char a[32];
            tc_format_clock(last, a, sizeof a);
            game_emitf(g, DIAG_CLOCK_TIME_LEFT, DIAG_WARNING, game_result_loc(g), NULL,
                       loser == COLOR_WHITE
                           ? _("the game is recorded as lost on time by White, but White's "
                               "clock showed %s after White's last move and Black was to move")
                           : _("the game is recorded as lost on time by Black, but Black's "
                               "clock showed %s after Black's last move and White was to move"),
                       a);
        }
    }
}

void clock_record(struct game *g, char *tc_text, size_t size, int64_t *white, int64_t *black)
{
    struct game_clock *c = &g->clk;
    tc_text[0] = '\0';
    if (!c->any && c->next_ply <= 1 && !c->tc_present && !c->tag_any) {
        /* no clock read (the fast path took none either) and no tag */
        *white = *black = CLOCK_NONE;
        return;
    }
    clock_settle(c);
    if (c->tc_present && c->tc.kind != TC_UNREAD) {
        if (c->tc_same && c->tc_len < size) {
            memcpy(tc_text, c->tc_text, c->tc_len); /* the tag's own spelling */
            tc_text[c->tc_len] = '\0';
        } else {
            tc_format(&c->tc, tc_text, size);
        }
    }
    int64_t last[2];
    for (int side = 0; side < 2; side++) {
        const struct clock_side *s = &c->s[side];
        last[side] = s->first_ply ? s->last : c->tag_clock[side];
    }
    *white = last[0];
    *black = last[1];
}
