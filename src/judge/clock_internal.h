/*
 * clock_internal.h - what clock_check.c (the main line's clocks) shares with
 * clock_finding.c (the findings' texts), clock_end.c (the checks at the end
 * of a game) and clock_var.c (the clocks of variations): reading a
 * comment's clock commands, the side and move of a ply, the findings.
 */
#ifndef PGNARB_CLOCK_INTERNAL_H
#define PGNARB_CLOCK_INTERNAL_H

#include "judge/clock_check.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CLOCK_PERIOD_JUMP_MS (5 * 60 * 1000) /* a rise this large is a period's time */
#define CLOCK_GAP_SCAN_MAX   1000            /* moves of a gap looked through for a period's end */

struct game;
struct src_loc;

/* Move the clocks the fast path took into struct clock_side; the first
 * ones, when it took them from ply 1 (clock.fresh). */
void clock_settle(struct game_clock *c);
void clock_settle_first(struct game_clock *c);
/* A stretch of side s's moves from..to without clocks (loc: the clock
 * after it, NULL at the end of the game). */
void clock_add_gap(struct game_clock *c, struct clock_side *s, uint32_t from, uint32_t to,
                   const struct src_loc *loc);
/* The side whose move is at ply (1-based) and its move number. */
void clock_ply_move(const struct game_clock *c, uint32_t ply, int *side, uint32_t *mv);
/* The clocks can be held to the TimeControl. */
bool clock_tc_known(const struct game_clock *c);
/* The first [%clk]/[%clkc] and [%emt] of a comment. */
void clock_parse(const char *t, size_t len, int64_t *clk, bool *have_clk, int64_t *emt,
                 bool *have_emt);

/* The findings (`variation`: marked as in a variation). */
void clock_emit_rise(struct game *g, const struct src_loc *loc, bool variation, int side,
                     uint32_t mv, int64_t prev, int64_t ms, int64_t allowed);
void clock_emit_emt_negative(struct game *g, const struct src_loc *loc, bool variation, int side,
                             uint32_t mv, int64_t emt);
void clock_emit_negative(struct game *g, const struct src_loc *loc, bool variation, int side,
                         uint32_t mv, int64_t ms);
bool clock_judge_emt(struct game *g, const struct src_loc *loc, bool variation, int side,
                     uint32_t mv, int64_t emt, int64_t prev, int64_t ms);
/* The main line's: a rise beyond what the control allows (clock-rise, or
 * clock-control for a period's time); clock-control with why and the
 * control the clocks fit (once a game); the control the clocks show. */
void clock_judge_rise(struct game *g, const struct src_loc *loc, int side, uint32_t mv,
                      int64_t prev, int64_t ms, int64_t allowed);
void clock_control_finding(struct game *g, const struct src_loc *loc, int side, uint32_t mv,
                           const char *why, const char *fit);
void clock_fit_observed(const struct game_clock *c, char *buf, size_t size);

#endif /* PGNARB_CLOCK_INTERNAL_H */
