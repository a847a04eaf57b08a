/*
 * game_diag.c - how the judge's findings leave: each finding gets the game's
 * context (file, game index, the tags that name it, the move and the position
 * before it) and goes to the sink; notes only under --strict.  The parser's
 * findings in the tag section are held until the tags that name the game are
 * known (game_flush_deferred(), called when the game is set up).
 *
 * Invariant: every finding of the current game is counted once toward its
 * record (errors, warnings, notes) as it is delivered.
 */
#include "judge/game_internal.h"

#include "judge/game.h"

#include <stdarg.h>
#include <stdio.h>

/* ---- emitting findings ------------------------------------------------- */

/* Every finding leaves through here: notes only under --strict; findings of
 * the current game (counted) count toward its record. */
static void deliver(struct game *g, const struct diag *d, bool counted)
{
    if (g->muted) return; /* a trial replay (game_nota.c) */
    if (d->severity == DIAG_NOTE && !g->strict) return;
    if (counted) {
        if (d->severity == DIAG_ERROR)
            g->errors++;
        else if (d->severity == DIAG_WARNING)
            g->warnings++;
        else
            g->notes++;
    }
    g->sink.diag(g->sink.ctx, d);
}

void game_emit(struct game *g, enum diag_code code, enum diag_severity severity,
               const struct src_loc *loc, const struct move_ctx *at, const char *message)
{
    struct diag d;
    diag_init(&d, code, at ? &at->loc : loc, message);
    d.severity = severity;
    d.file = g->file;
    d.game = g->index;
    d.event = tag_value(g, TAG_EVENT);
    d.white = tag_value(g, TAG_WHITE);
    d.black = tag_value(g, TAG_BLACK);
    d.round = tag_value(g, TAG_ROUND);
    if (at) {
        d.ply = at->ply;
        d.move_number = at->move_number;
        d.side = at->side;
        d.san = at->san;
        d.san_en = at->san_en[0] ? at->san_en : NULL;
        d.variation = at->variation;
        d.fen = at->fen[0] ? at->fen : NULL;
    }
    deliver(g, &d, true);
}

void game_emitf(struct game *g, enum diag_code code, enum diag_severity severity,
                const struct src_loc *loc, const struct move_ctx *at, const char *fmt, ...)
{
    char message[MESSAGE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    game_emit(g, code, severity, loc, at, message);
}

void game_parser_diag(void *ctx, const struct diag *pd)
{
    struct game *g = ctx;
    bool ours = g->active && pd->game == g->index;
    if (ours && !g->set_up && g->ndeferred < DEFERRED_MAX) {
        /* Tag section: hold until the tags that name the game are known. */
        struct deferred *df = &g->deferred[g->ndeferred++];
        df->code = pd->code;
        df->severity = pd->severity;
        df->loc = pd->loc;
        snprintf(df->message, sizeof df->message, "%s", pd->message);
        return;
    }
    if (ours && g->nota_hold) {
        game_nota_keep_diag(g, pd); /* in order with the moves kept */
        return;
    }
    if (ours && g->set_up && !g->judged && pd->code == DIAG_SYNTAX)
        return; /* a variant's own notation (drops like P@e4) is not our syntax */
    if (ours) {
        game_emit(g, pd->code, pd->severity, &pd->loc, NULL, pd->message);
        return;
    }
    struct diag d = *pd;
    d.file = g->file;
    deliver(g, &d, false);
}

void game_flush_deferred(struct game *g)
{
    for (int i = 0; i < g->ndeferred; i++) {
        struct deferred *df = &g->deferred[i];
        game_emit(g, df->code, df->severity, &df->loc, NULL, df->message);
    }
    g->ndeferred = 0;
}

