/*
 * game_diag.c - how the judge's findings leave: each finding gets the game's
 * context (file, game index, the tags that name it, the move and the position
 * before it) and goes to the sink, at the level the per-code control
 * (diag/diag_control.h) gives it, or not at all; notes only under --strict.
 * The parser's
 * findings in the tag section are held until the tags that name the game are
 * known (game_flush_deferred(), called when the game is set up).  A game's
 * findings go out in file order (by byte offset; findings at the same place
 * in the order they were found), when the game ends: a replay finding held
 * until its line ends (to count the moves after it), a judgement of the
 * result at the end of the movetext and a tag checked once the tags are
 * complete would otherwise come out of order.  At most FINDINGS_MAX are
 * held; more go out as the buffer fills, each buffer in order.
 *
 * Invariant: every finding of the current game is counted once toward its
 * record (errors, warnings, notes) as it is held.
 */
#include "judge/game_internal.h"

#include "judge/game.h"

#include "chess/fen.h"
#include "chess/san.h"
#include "diag/diag_control.h"
#include "diag/message_format.h"
#include "pgn/pgn_parse.h"
#include "i18n.h"

#include <stdarg.h>
#include <stdio.h>

/* ---- emitting findings ------------------------------------------------- */

static void hold_finding(struct game *g, const struct diag *d);

bool game_reports(const struct game *g, enum diag_code code, enum diag_severity sev)
{
    unsigned level = diag_control_level(g->control, code, sev);
    return level != DIAG_LEVEL_OFF && (level != DIAG_NOTE || g->strict);
}

/* Every finding leaves through here, once: at the level the control gives
 * its code (or dropped: not reported, not counted), notes only under
 * --strict; findings of the current game (counted) count toward its record. */
static void deliver(struct game *g, const struct diag *d, bool counted)
{
    if (g->muted) return; /* a trial replay (game_nota.c) */
    unsigned level = diag_control_level(g->control, d->code, d->severity);
    if (level == DIAG_LEVEL_OFF || (level == DIAG_NOTE && !g->strict)) return;
    struct diag leveled;
    if (level != (unsigned)d->severity) {
        leveled = *d;
        leveled.severity = (enum diag_severity)level;
        d = &leveled;
    }
    if (counted) {
        if (d->severity == DIAG_ERROR)
            g->errors++;
        else if (d->severity == DIAG_WARNING)
            g->warnings++;
        else
            g->notes++;
        hold_finding(g, d);
        return;
    }
    g->sink.diag(g->sink.ctx, d);
}

void game_flush_findings(struct game *g)
{
    for (unsigned i = 0; i < g->nfindings; i++) {
        struct finding *f = &g->findings[i];
        f->d.message = f->message;
        f->d.san = f->d.san ? f->san : NULL;
        f->d.san_en = f->d.san_en ? f->san_en : NULL;
        f->d.fen = f->d.fen ? f->fen : NULL;
        /* the tags as the whole tag section gives them */
        f->d.event = tag_value(g, TAG_EVENT);
        f->d.white = tag_value(g, TAG_WHITE);
        f->d.black = tag_value(g, TAG_BLACK);
        f->d.round = tag_value(g, TAG_ROUND);
        g->sink.diag(g->sink.ctx, &f->d);
    }
    g->nfindings = 0;
}

/* Hold d (a counted finding of the current game) in its place in file order. */
static void hold_finding(struct game *g, const struct diag *d)
{
    if (g->nfindings == FINDINGS_MAX) game_flush_findings(g);
    unsigned i = g->nfindings++;
    while (i > 0 && g->findings[i - 1].d.loc.offset > d->loc.offset) {
        g->findings[i] = g->findings[i - 1];
        i--;
    }
    struct finding *f = &g->findings[i];
    f->d = *d;
    snprintf(f->message, sizeof f->message, "%s", d->message);
    if (d->san) snprintf(f->san, sizeof f->san, "%s", d->san);
    if (d->san_en) snprintf(f->san_en, sizeof f->san_en, "%s", d->san_en);
    if (d->fen) snprintf(f->fen, sizeof f->fen, "%s", d->fen);
}

/* A finding without a move context that still concerns one move (a clock
 * read after it): its side, number and ply; side -1 for none. */
struct move_ref {
    int side;
    uint32_t move_number, ply;
};

static void emit(struct game *g, enum diag_code code, enum diag_severity severity,
                 const struct src_loc *loc, const struct move_ctx *at, const char *message,
                 bool variation, const struct move_ref *ref)
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
    d.after_illegal = g->after_illegal && d.loc.offset > g->after_illegal_at;
    if (at) {
        d.ply = at->ply;
        d.move_number = at->move_number;
        d.side = at->side;
        d.san = at->san;
        d.san_en = at->san_en[0] ? at->san_en : NULL;
        d.variation = at->variation;
        d.fen = at->fen[0] ? at->fen : NULL;
    }
    if (ref && ref->side >= 0) {
        d.side = ref->side;
        d.move_number = ref->move_number;
        d.ply = ref->ply;
    }
    if (variation) d.variation = true;
    deliver(g, &d, true);
}

void game_emit(struct game *g, enum diag_code code, enum diag_severity severity,
               const struct src_loc *loc, const struct move_ctx *at, const char *message)
{
    emit(g, code, severity, loc, at, message, false, NULL);
}

void game_emitf_in(struct game *g, enum diag_code code, enum diag_severity severity,
                   const struct src_loc *loc, bool variation, int side, uint32_t move_number,
                   uint32_t ply, const char *fmt, ...)
{
    char message[MESSAGE_MAX];
    va_list ap;
    va_start(ap, fmt);
    message_vformat(message, sizeof message, fmt, ap);
    va_end(ap);
    struct move_ref ref = {side, move_number, ply};
    emit(g, code, severity, loc, NULL, message, variation, &ref);
}

void game_emitf(struct game *g, enum diag_code code, enum diag_severity severity,
                const struct src_loc *loc, const struct move_ctx *at, const char *fmt, ...)
{
    char message[MESSAGE_MAX];
    va_list ap;
    va_start(ap, fmt);
    message_vformat(message, sizeof message, fmt, ap);
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

/* ---- the move's context, marks and spelling ---------------------------- */

/* Name the move of ev, played as ply `ply` from `before` on line l: its
 * number as the file writes it (the position's, moved by the shift the
 * file's move numbers showed, see on_move_number_general()). */
void game_move_ctx_set(struct move_ctx *at, const struct pgn_event *ev, uint32_t ply,
                         const struct position *before, bool variation, const struct line *l)
{
    at->loc = ev->loc;
    at->ply = ply;
    at->variation = variation;
    size_t n = ev->len < SAN_TEXT_MAX - 1 ? ev->len : SAN_TEXT_MAX - 1;
    game_copy_text(at->san, ev->text, n);
    at->san_en[0] = '\0';
    int64_t number = (int64_t)before->fullmove + l->number_shift;
    at->move_number = number >= 1 && number <= UINT32_MAX ? (uint32_t)number : before->fullmove;
    at->side = before->side;
    fen_write(before, at->fen, sizeof at->fen);
}

/* Check and mate marks (PGN 8.2.3.5): '+' must check, '#' must mate. */
static void verify_marks(struct game *g, const struct san_result *res, bool check, bool mate,
                         const struct move_ctx *at)
{
    if (res->mark == '#' && !mate)
        game_emit(g, DIAG_UNREACHED_CLAIM, DIAG_ERROR, NULL, at,
                  check ? _("marked # but only gives check, it does not checkmate")
                        : _("marked # but does not even give check"));
    else if (res->mark == '+' && !check)
        game_emit(g, DIAG_FALSE_CHECK, DIAG_WARNING, NULL, at,
                  _("marked + but does not give check"));
    else if (res->mark == '+' && mate)
        game_emit(g, DIAG_FALSE_CHECK, DIAG_NOTE, NULL, at,
                  _("checkmates but is marked + instead of #"));
    else if (!res->mark && mate)
        game_emit(g, DIAG_FALSE_CHECK, DIAG_NOTE, NULL, at, _("checkmates but is not marked #"));
    else if (!res->mark && check)
        game_emit(g, DIAG_FALSE_CHECK, DIAG_NOTE, NULL, at, _("gives check but is not marked +"));
}

/* The name of the first dash san_dash_at() finds in the text san, for a
 * note on castling written with one (SAN_NC_DASH). */
static const char *dash_name(const char *san)
{
    for (; *san; san++) {
        if (!san_dash_at(san)) continue;
        const unsigned char *u = (const unsigned char *)san;
        if (u[1] == 0x88) return _("a minus sign (U+2212)");
        if (u[2] == 0x92) return _("a figure dash (U+2012)");
        if (u[2] == 0x93) return _("an en dash (U+2013)");
        return _("an em dash (U+2014)");
    }
    return _("a dash");
}

/* What there is to say about a legal move just played on l (res, from
 * san_resolve()): the ending it reached, its marks, its spelling. */
void game_move_notes(struct game *g, const struct pgn_event *ev, struct line *l,
                     const struct san_result *res, bool check, bool mate, bool ended,
                     bool main_line)
{
    struct position before;
    game_line_before(l, &before);
    struct move_ctx at;
    game_move_ctx_set(&at, ev, l->ply, &before, !main_line, l); /* l->ply already counts it */
    san_write(&before, res->m, at.san_en);
    if (ended) g->ending_at = at;
    verify_marks(g, res, check, mate, &at);
    unsigned nc = res->noncanonical;
    /* Localized letters, and 0-0 (the castling of FIDE's own notation,
     * Appendix C.10), are said once per game in a game not written in
     * English letters (game_nota_end()). */
    if (game_nota_name(g)) nc &= ~(SAN_NC_LOCALIZED | SAN_NC_ZERO_CASTLE);
    if (nc & SAN_NC_SPURIOUS_X) {
        /* A capture mark on a move that captures nothing: the one legal move
         * that fits is played, and the scorer is told. */
        game_emitf(g, DIAG_NONCANONICAL_SAN, DIAG_WARNING, NULL, &at,
                   _("written %s with a capture mark, but the move captures nothing; it is "
                     "read as %s, the only legal move that fits"),
                   at.san, at.san_en);
    } else if (nc & SAN_NC_DASH) {
        /* 0–0 looks like 0-0: the note says which character it is. */
        game_emitf(g, DIAG_NONCANONICAL_SAN, DIAG_NOTE, NULL, &at,
                   _("written %s, with %s for the hyphen; export format is %s"), at.san,
                   dash_name(at.san), at.san_en);
    } else if (nc) {
        game_emitf(g, DIAG_NONCANONICAL_SAN, DIAG_NOTE, NULL, &at,
                   _("written %s; export format is %s"), at.san, at.san_en);
    }
}
