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
 * left (clock-time-left) and a game that goes on after a clock showed zero
 * with no increment (clock-after-zero).
 *
 * A period bonus may show one move late (the clock after move 41: boards
 * that add it when the next move is made, as Lichess broadcasts do); --clock-
 * delay=S (US delay, which PGN cannot write) lets a clock stay unchanged
 * for S seconds of a move; --clock-slack=S (default 2) allows for boards
 * that round.  The usual path is clock_fast() in game.c.
 */
#include "judge/clock_check.h"

#include "chess/chess.h"
#include "i18n.h"
#include "judge/game_internal.h"
#include "pgn/time_control.h"

#include <stdio.h>
#include <string.h>

#define CLOCK_PERIOD_JUMP_MS (5 * 60 * 1000) /* a rise this large is a period's time */
#define CLOCK_NEVER          (INT64_MAX / 4)

void clock_begin(struct game_clock *c)
{
    int64_t delay = c->delay_ms, slack = c->slack_ms;
    memset(c, 0, sizeof *c);
    c->delay_ms = delay;
    c->slack_ms = slack;
    c->tag_clock[0] = c->tag_clock[1] = CLOCK_NONE;
    for (int i = 0; i < 2; i++) {
        c->s[i].limit = CLOCK_NONE + 1; /* below every clock: the first goes slow */
        c->s[i].last = CLOCK_NONE;
    }
}

/* The clocks can be held to the TimeControl: it is read, and the game is
 * not one played on lichess.org, where the opponent may give time
 * ("moretime", 15 s a press; its broadcasts and studies are OTB clocks). */
static bool tc_known(const struct game_clock *c)
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
        if (c->tc.kind == TC_UNREAD) {
            size_t n = len < sizeof c->tc_unread - 1 ? len : sizeof c->tc_unread - 1;
            memcpy(c->tc_unread, value, n);
            c->tc_unread[n] = '\0';
        }
        return;
    }
    int64_t ms;
    size_t used;
    if (tc_read_clock(value, len, &ms, &used) && used == len) c->tag_clock[which] = ms;
}

/* The side whose move is at ply (1-based) and its move number. */
static void ply_move(const struct game_clock *c, uint32_t ply, int *side, uint32_t *mv)
{
    uint32_t idx = ply - 1 + (c->start_side == COLOR_BLACK);
    *side = (int)(idx & 1);
    *mv = c->start_fullmove + idx / 2;
}

static bool starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

void clock_start(struct game *g, int side, uint32_t fullmove)
{
    const char *site = tag_value(g, TAG_SITE);
    if (site) {
        const char *p = starts_with(site, "https://") ? site + 8
                        : starts_with(site, "http://") ? site + 7
                                                        : site;
        g->clk.gift = starts_with(p, "lichess.org/") && !starts_with(p, "lichess.org/broadcast") &&
                      !starts_with(p, "lichess.org/study");
    }
    g->clk.start_side = side;
    g->clk.start_fullmove = fullmove;
    if (g->clk.tc_present && g->clk.tc.kind == TC_UNREAD)
        game_emitf(g, DIAG_CLOCK_CONTROL_UNREAD, DIAG_NOTE, &g->clk.tc_loc, NULL,
                   _("TimeControl \"%s\" is in none of the forms read (\"40/5400+30:1800+30\", "
                     "\"5400+30\", \"90 minutes + 30 seconds per move\"): the clocks are checked "
                     "without it"),
                   g->clk.tc_unread);
    int64_t allow = tc_known(&g->clk) ? tc_increment_at(&g->clk.tc, 1) + g->clk.slack_ms
                                      : CLOCK_NEVER;
    g->clk.s[0].allow = g->clk.s[1].allow = allow;
    /* the first clock of each side takes the slow path (limit below it) */
    g->clk.s[0].next_ply = g->clk.s[1].next_ply = UINT32_MAX;
}

static void add_gap(struct clock_side *s, uint32_t from, uint32_t to)
{
    if (from > to) return;
    if (s->ngaps == CLOCK_GAPS_MAX) {
        s->more_gaps++;
        return;
    }
    s->gap_from[s->ngaps] = from;
    s->gap_to[s->ngaps] = to;
    s->ngaps++;
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
    int64_t inc = tc_known(c) ? c->tc.p[0].inc_ms : 0;
    int64_t base = tc_known(c) ? c->tc.p[0].base_ms : 0;
    fit.kind = TC_PERIODS;
    fit.n = 2;
    /* round the bonus to the minute: boards round, and controls are whole minutes */
    bonus = (bonus + 30000) / 60000 * 60000;
    fit.p[0] = (struct tc_period){mv, base, inc};
    fit.p[1] = (struct tc_period){0, bonus, inc};
    tc_format(&fit, buf, size);
}

static void control_finding(struct game *g, const struct src_loc *loc, int side, uint32_t mv,
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

/* A rise beyond what the control allows. */
static void judge_rise(struct game *g, const struct src_loc *loc, int side, uint32_t mv,
                       int64_t prev, int64_t ms, int64_t allowed)
{
    struct game_clock *c = &g->clk;
    struct clock_side *s = &c->s[side];
    int64_t rise = ms - prev;
    char a[32], b[32], r[32];
    tc_format_clock(prev, a, sizeof a);
    tc_format_clock(ms, b, sizeof b);
    fmt_rise(r, sizeof r, rise);
    if (rise >= CLOCK_PERIOD_JUMP_MS && tc_known(c) && !c->tc_reported) {
        char fit[TC_TEXT_MAX], why[96];
        fit_with_period(c, mv, rise - tc_increment_at(&c->tc, mv), fit, sizeof fit);
        snprintf(why, sizeof why, "%s -> %s", a, b);
        control_finding(g, loc, side, mv, why, fit);
        return;
    }
    if (s->reported_rise) return;
    s->reported_rise = true;
    char al[32];
    tc_format_clock(allowed, al, sizeof al);
    game_emitf(g, DIAG_CLOCK_RISE, DIAG_WARNING, loc, NULL,
               side == COLOR_WHITE
                   ? _("White's clock rises from %s to %s at move %u (by %s), more than the %s "
                       "that the increment, the period bonuses and the slack allow")
                   : _("Black's clock rises from %s to %s at move %u (by %s), more than the %s "
                       "that the increment, the period bonuses and the slack allow"),
               a, b, (unsigned)mv, r, al);
}

void clock_slow(struct game *g, const struct src_loc *loc, int64_t ms, bool have_clk,
                int64_t emt, bool have_emt)
{
    struct game_clock *c = &g->clk;
    const struct line *l = &g->lines[0];
    if (l->broken || !g->replayable || l->ply == 0) return;
    int side;
    uint32_t mv, ply = l->ply;
    ply_move(c, ply, &side, &mv);
    struct clock_side *s = &c->s[side];
    /* what the fast path left: the last clock and its ply */
    if (s->next_ply != UINT32_MAX && s->next_ply != 0) {
        s->last = s->limit - s->allow;
        s->last_ply = s->next_ply - 2;
    }
    if (s->first_ply && ply <= s->last_ply) return; /* a second clock for the same mv */
    if (have_emt && emt < 0) {
        char e[32];
        tc_format_clock(emt, e, sizeof e);
        game_emitf(g, DIAG_CLOCK_NEGATIVE, DIAG_ERROR, loc, NULL,
                   side == COLOR_WHITE ? _("White's move %u took %s ([%%emt]): less than nothing")
                                       : _("Black's move %u took %s ([%%emt]): less than nothing"),
                   (unsigned)mv, e);
    }
    if (!have_clk) return;
    c->any = true;
    int64_t prev = s->last;
    uint32_t prev_ply = s->last_ply;
    if (s->first_ply == 0) {
        s->first_ply = ply;
        uint32_t own_first = c->start_side == side ? 1 : 2;
        if (ply > own_first) {
            int sd;
            uint32_t m0;
            ply_move(c, own_first, &sd, &m0);
            add_gap(s, m0, mv - 1);
        }
        if (tc_known(c)) {
            int64_t most = c->tc.p[0].base_ms + tc_increment_at(&c->tc, 1) + c->slack_ms;
            if (ms > most && mv <= c->start_fullmove + 1 && c->start_fullmove == 1) {
                struct time_control fit = c->tc;
                fit.n = 1;
                fit.p[0].moves = 0;
                fit.p[0].base_ms = (ms - tc_increment_at(&c->tc, 1) + 59999) / 60000 * 60000;
                char f[TC_TEXT_MAX], why[64], a[32];
                tc_format(&fit, f, sizeof f);
                tc_format_clock(ms, a, sizeof a);
                snprintf(why, sizeof why, "%s", a);
                control_finding(g, loc, side, mv, why, f);
            }
        }
    } else {
        if (ply != prev_ply + 2) {
            int sd;
            uint32_t pm;
            ply_move(c, prev_ply, &sd, &pm);
            add_gap(s, pm + 1, mv - 1);
        }
        if (tc_known(c)) {
            int64_t allowed = tc_increment_at(&c->tc, mv) + c->slack_ms;
            int64_t rise = ms - prev;
            int64_t bonus_now = tc_bonus_at(&c->tc, mv);
            int64_t bonus_late = mv > 1 ? tc_bonus_at(&c->tc, mv - 1) : 0;
            if (rise > allowed) {
                if (bonus_now && rise <= allowed + bonus_now) {
                    s->bonus_move = mv;
                } else if (bonus_late && s->bonus_move != mv - 1 &&
                           rise <= allowed + bonus_late) {
                    s->bonus_move = mv - 1;
                } else {
                    judge_rise(g, loc, side, mv, prev, ms, allowed);
                }
            } else if (bonus_late && s->bonus_move != mv - 1 &&
                       ply == prev_ply + 2 && !c->tc_reported) {
                /* the period ended at the move before and its time never came */
                struct time_control fit = c->tc;
                fit.n = 1;
                fit.p[0].moves = 0;
                char f[TC_TEXT_MAX], why[96], b[32];
                tc_format(&fit, f, sizeof f);
                tc_format_clock(bonus_late, b, sizeof b);
                snprintf(why, sizeof why, _("no %s added after move %u"), b,
                         (unsigned)(mv - 1));
                control_finding(g, loc, side, mv, why, f);
            }
        }
        if (have_emt && emt >= 0 && tc_known(c) && !s->reported_emt && ply == prev_ply + 2) {
            int64_t used = emt > c->delay_ms ? emt - c->delay_ms : 0;
            int64_t expect = prev - used + tc_increment_at(&c->tc, mv);
            if (s->bonus_move == mv || s->bonus_move + 1 == mv)
                expect = CLOCK_NONE; /* a bonus: the difference says nothing */
            int64_t d = ms - expect;
            if (expect != CLOCK_NONE && (d > c->slack_ms || -d > c->slack_ms)) {
                s->reported_emt = true;
                char e[32], a[32], b[32];
                tc_format_clock(emt, e, sizeof e);
                tc_format_clock(prev, a, sizeof a);
                tc_format_clock(ms, b, sizeof b);
                game_emitf(g, DIAG_CLOCK_EMT, DIAG_WARNING, loc, NULL,
                           side == COLOR_WHITE
                               ? _("White's move %u took %s ([%%emt]), but the clock went from "
                                   "%s to %s")
                               : _("Black's move %u took %s ([%%emt]), but the clock went from "
                                   "%s to %s"),
                           (unsigned)mv, e, a, b);
            }
        }
    }
    if (ms < 0) {
        char b[32];
        tc_format_clock(ms, b, sizeof b);
        game_emitf(g, DIAG_CLOCK_NEGATIVE, DIAG_ERROR, loc, NULL,
                   side == COLOR_WHITE ? _("White's clock shows %s after move %u: below zero")
                                       : _("Black's clock shows %s after move %u: below zero"),
                   b, (unsigned)mv);
    }
    if (ms <= 0 && s->zero_ply == 0 && tc_known(c) && tc_increment_at(&c->tc, mv) == 0 &&
        c->delay_ms == 0)
        s->zero_ply = ply;
    /* the state the fast path goes on from */
    s->last = ms;
    s->last_ply = ply;
    s->allow = tc_known(c) ? tc_increment_at(&c->tc, mv + 1) + c->slack_ms : CLOCK_NEVER;
    s->limit = ms + s->allow;
    /* a period ends at the next move, or ended at this one without its
     * bonus: the next clock is judged here */
    bool near = tc_known(c) && (tc_bonus_at(&c->tc, mv + 1) ||
                                (tc_bonus_at(&c->tc, mv) && s->bonus_move != mv));
    s->next_ply = near || ms <= 0 ? 0 : ply + 2;
}

/* Blanks inside a command: a comment may break its line there. */
static bool is_blank(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n';
}

/* [%clk ...] [%emt ...] [%clkc ...] commands of a comment: each "[%name
 * value]", anywhere a '[' starts one (the caller looked at the ends only). */
void clock_comment(struct game *g, const struct src_loc *loc, const char *t, size_t len)
{
    int64_t clk = 0, emt = 0;
    bool have_clk = false, have_emt = false;
    for (size_t i = 0; i + 2 < len; i++) {
        if (t[i] != '[' || t[i + 1] != '%') continue;
        size_t k = i + 2, n = 0;
        while (k + n < len && t[k + n] >= 'a' && t[k + n] <= 'z')
            n++;
        size_t v = k + n;
        while (v < len && is_blank(t[v]))
            v++;
        bool is_clk = (n == 3 && memcmp(t + k, "clk", 3) == 0) ||
                      (n == 4 && memcmp(t + k, "clkc", 4) == 0);
        bool is_emt = n == 3 && memcmp(t + k, "emt", 3) == 0;
        if (!is_clk && !is_emt) continue;
        int64_t ms;
        size_t used;
        if (!tc_read_clock(t + v, len - v, &ms, &used)) continue;
        size_t e = v + used;
        while (e < len && is_blank(t[e]))
            e++;
        if (e >= len || t[e] != ']') continue;
        if (is_clk && !have_clk) clk = ms, have_clk = true;
        if (is_emt && !have_emt) emt = ms, have_emt = true;
        i = e;
    }
    if (have_clk || have_emt) clock_slow(g, loc, clk, have_clk, emt, have_emt);
}

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

void clock_end(struct game *g, bool time_loss, int loser)
{
    struct game_clock *c = &g->clk;
    const struct line *l = &g->lines[0];
    if (!c->any || !g->replayable || l->broken) return;
    uint32_t plies = l->ply;
    for (int side = 0; side < 2; side++) {
        struct clock_side *s = &c->s[side];
        if (s->next_ply != UINT32_MAX && s->next_ply != 0) {
            s->last = s->limit - s->allow;
            s->last_ply = s->next_ply - 2;
        }
        /* this side's last move in the game */
        uint32_t own_first = c->start_side == side ? 1 : 2;
        if (plies < own_first) continue;
        uint32_t own_last = plies - ((plies - own_first) & 1);
        int sd;
        uint32_t m_first, m_last;
        ply_move(c, own_first, &sd, &m_first);
        ply_move(c, own_last, &sd, &m_last);
        if (s->first_ply == 0) {
            add_gap(s, m_first, m_last);
        } else if (s->last_ply < own_last) {
            uint32_t pm;
            ply_move(c, s->last_ply, &sd, &pm);
            add_gap(s, pm + 1, m_last);
        }
        if (s->zero_ply && plies > s->zero_ply) {
            uint32_t zm;
            ply_move(c, s->zero_ply, &sd, &zm);
            game_emitf(g, DIAG_CLOCK_AFTER_ZERO, DIAG_NOTE, NULL, NULL,
                       side == COLOR_WHITE
                           ? _("White's clock showed no time left after move %u, with no "
                               "increment, and the game went on for %u more half-moves")
                           : _("Black's clock showed no time left after move %u, with no "
                               "increment, and the game went on for %u more half-moves"),
                       (unsigned)zm, (unsigned)(plies - s->zero_ply));
        }
    }
    if (c->s[0].ngaps || c->s[1].ngaps) {
        char w[160], b[160];
        gap_list(&c->s[0], w, sizeof w);
        gap_list(&c->s[1], b, sizeof b);
        if (c->s[0].ngaps && c->s[1].ngaps)
            game_emitf(g, DIAG_CLOCK_MISSING, DIAG_WARNING, NULL, NULL,
                       _("the clocks are given on some moves and missing on White's moves %s "
                         "and on Black's moves %s"),
                       w, b);
        else if (c->s[0].ngaps)
            game_emitf(g, DIAG_CLOCK_MISSING, DIAG_WARNING, NULL, NULL,
                       _("the clocks are given on some moves and missing on White's moves %s"),
                       w);
        else
            game_emitf(g, DIAG_CLOCK_MISSING, DIAG_WARNING, NULL, NULL,
                       _("the clocks are given on some moves and missing on Black's moves %s"),
                       b);
    }
    /* 6.9: a player loses on time when his flag falls; the clock after his
     * last move is his time then, and he cannot flag on his opponent's turn. */
    if (time_loss && (loser == 0 || loser == 1)) {
        int to_move = (int)l->pos.side;
        int64_t last = c->s[loser].first_ply ? c->s[loser].last : c->tag_clock[loser];
        if (loser != to_move && last != CLOCK_NONE && last > c->slack_ms) {
            char a[32];
            tc_format_clock(last, a, sizeof a);
            game_emitf(g, DIAG_CLOCK_TIME_LEFT, DIAG_WARNING, NULL, NULL,
                       loser == COLOR_WHITE
                           ? _("the game is recorded as lost on time by White, but White's "
                               "clock showed %s after White's last move and Black was to move")
                           : _("the game is recorded as lost on time by Black, but Black's "
                               "clock showed %s after Black's last move and White was to move"),
                       a);
        }
    }
}

void clock_record(const struct game *g, char *tc_text, size_t size, int64_t *white,
                  int64_t *black)
{
    const struct game_clock *c = &g->clk;
    tc_text[0] = '\0';
    if (c->tc_present && c->tc.kind != TC_UNREAD) tc_format(&c->tc, tc_text, size);
    int64_t last[2];
    for (int side = 0; side < 2; side++) {
        const struct clock_side *s = &c->s[side];
        if (s->first_ply == 0)
            last[side] = c->tag_clock[side];
        else if (s->next_ply != UINT32_MAX && s->next_ply != 0)
            last[side] = s->limit - s->allow;
        else
            last[side] = s->last;
    }
    *white = last[0];
    *black = last[1];
}
