/*
 * game_lines.c - the lines of a game's replay (game.c): a line started
 * from a position, its held failure said when it ends, and the variations
 * (RAV, PGN 8.2.5) opened from the position before their parent's last move
 * (or after it: pgn4web's "(* ...)") and closed; a move cut short by the
 * end of the input is said so, not called wrong.
 */
#include "judge/game_internal.h"

#include "i18n.h"

#include "judge/clock_check.h"
#include "pgn/pgn_parse.h"

#include <stdio.h>
#include <string.h>

void game_line_start(struct line *l, const struct position *pos, uint32_t ply)
{
    l->pos = *pos;
    l->last_made = false;
    l->before_valid = false;
    l->broken = false;
    l->silent = false;
    l->ply = ply;
    l->unchecked = 0;
    l->number_shift = 0;
    l->held.active = false;
}


void game_flush_line(struct game *g, struct line *l)
{
    if (!l->held.active) return;
    l->held.active = false;
    char message[MESSAGE_MAX + 64];
    if (l->unchecked)
        snprintf(message, sizeof message,
                 ngettext("%s; %u further half-move not checked",
                          "%s; %u further half-moves not checked", l->unchecked),
                 l->held.message, (unsigned)l->unchecked);
    else
        snprintf(message, sizeof message, "%s", l->held.message);
    game_emit(g, l->held.code, DIAG_ERROR, NULL, &l->held.at, message);
}


void game_rav_begin(struct game *g, const struct pgn_event *ev)
{
    g->depth++;
    if (g->depth >= GAME_LINE_DEPTH_MAX) {
        if (!g->deep_warned) {
            g->deep_warned = true;
            game_emitf(g, DIAG_SYNTAX, DIAG_WARNING, &ev->loc, NULL,
                       _("variations nested deeper than %d are not checked"),
                       GAME_LINE_DEPTH_MAX - 1);
        }
        return;
    }
    struct line *parent = &g->lines[g->depth - 1];
    struct line *child = &g->lines[g->depth];
    uint32_t ply = parent->ply ? parent->ply - 1 : 0;
    if (ev->number == PGN_RAV_CONTINUATION) {
        /* pgn4web's "(* ...)": on from the position after the move */
        game_line_start(child, &parent->pos, parent->ply);
        child->broken = child->silent = !g->replayable || parent->broken;
    } else if (g->replayable && parent->before_valid) {
        struct position start;
        game_line_before(parent, &start);
        game_line_start(child, &start, ply);
    } else {
        game_line_start(child, &parent->pos, ply);
        child->broken = true;
        child->silent = true;
    }
    if (g->depth < CLOCK_LINE_DEPTH_MAX)
        clock_var_begin(g, g->depth, ev->number == PGN_RAV_CONTINUATION);
}


/* The input ended in the middle of a movetext line (ev->cut_short, at
 * ev->loc): when the move that failed on line l ends right there, it was
 * cut short, not wrong. */
void game_cut_short(struct game *g, struct line *l, const struct pgn_event *ev)
{
    if (!l->held.active || l->unchecked ||
        l->held.at.loc.offset + strlen(l->held.at.san) != ev->loc.offset)
        return;
    l->held.active = false;
    game_emitf(g, DIAG_SYNTAX, DIAG_WARNING, NULL, &l->held.at,
               _("the input ends inside the move '%s': the game is truncated there, and that "
               "move is not checked"),
               l->held.at.san);
}


void game_rav_end(struct game *g, const struct pgn_event *ev)
{
    if (g->depth == 0) return; /* unbalanced ')' : the parser reports it */
    if (g->depth < GAME_LINE_DEPTH_MAX && ev && ev->cut_short)
        game_cut_short(g, &g->lines[g->depth], ev);
    if (g->depth < GAME_LINE_DEPTH_MAX) game_flush_line(g, &g->lines[g->depth]);
    g->depth--;
}

