/*
 * clock_internal.h - what clock_check.c (the main line's clocks) shares with
 * clock_var.c (the clocks of variations): reading a comment's clock
 * commands, the side and move of a ply, and the findings both make.
 */
#ifndef PGNARB_CLOCK_INTERNAL_H
#define PGNARB_CLOCK_INTERNAL_H

#include "judge/clock_check.h"

#include <stdbool.h>
#include <stdint.h>

#define CLOCK_PERIOD_JUMP_MS (5 * 60 * 1000) /* a rise this large is a period's time */
#define CLOCK_GAP_SCAN_MAX   1000            /* moves of a gap looked through for a period's end */

struct game;
struct src_loc;

/* Move the clocks the fast path took into struct clock_side. */
void clock_settle(struct game_clock *c);
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

#endif /* PGNARB_CLOCK_INTERNAL_H */
