/*
 * fix_write.c - the games of `pgnarbiter fix` (fix_run.h): the replay's
 * findings and records, kept or reported; each game's bytes and verdict from
 * game_split.c, written as they were (a game with an error, or to --bad) or
 * in the PGN export format (report/pgn_export.c, from the game's bytes read
 * again here and the moves the replay played), every change a `fixed` note
 * with the game's line and players; with --dry-run, a unified diff of the
 * two instead (report/udiff.c).  Games are separated by one blank line.
 */
#include "cli/fix_run.h"

#include "i18n.h"

#include "cli/game_split.h"
#include "judge/game.h"
#include "judge/game_record.h"
#include "pgn/input.h"
#include "pgn/pgn_parse.h"
#include "report/udiff.h"

#include <stdlib.h>
#include <string.h>

static void names_keep(struct game_names *n, const char *event, const char *white,
                       const char *black, const char *round)
{
    const char *from[4] = {event, white, black, round};
    char *to[4] = {n->event, n->white, n->black, n->round};
    const size_t size[4] = {sizeof n->event, sizeof n->white, sizeof n->black, sizeof n->round};
    for (int i = 0; i < 4; i++) { /* a copy a game: no snprintf */
        n->has[i] = from[i] != NULL;
        size_t len = from[i] ? strnlen(from[i], size[i] - 1) : 0;
        memcpy(to[i], from[i] ? from[i] : "", len);
        to[i][len] = '\0';
    }
}

static void names_put(const struct game_names *n, struct diag *d)
{
    d->event = n->has[0] ? n->event : NULL;
    d->white = n->has[1] ? n->white : NULL;
    d->black = n->has[2] ? n->black : NULL;
    d->round = n->has[3] ? n->round : NULL;
}

/* The errors the rules' result would put right (judge/game_end.c). */
static bool about_result(const struct diag *d)
{
    return d->severity == DIAG_ERROR &&
           (d->code == DIAG_WRONG_RESULT || d->code == DIAG_MISSED_FIVEFOLD ||
            d->code == DIAG_MISSED_75_MOVE || d->code == DIAG_DEAD_POSITION);
}

static void hold(struct fix_run *run, const struct diag *d)
{
    struct held_diag *h = &run->held[run->nheld++];
    h->d = *d;
    snprintf(h->message, sizeof h->message, "%s", d->message ? d->message : "");
    names_keep(&h->names, d->event, d->white, d->black, d->round);
    h->d.message = h->message;
    names_put(&h->names, &h->d);
    h->d.san = h->d.san_en = h->d.fen = NULL;
}

void fix_sink_diag(void *ctx, const struct diag *d)
{
    struct fix_run *run = ctx;
    if (run->from_rules && about_result(d) && run->nheld < FIX_HELD_MAX) {
        hold(run, d);
        return;
    }
    game_split_diag(run->split, d);
    if (d->severity != DIAG_ERROR) return; /* fix says why a game was kept, and what it changed */
    run->totals.by_severity[d->severity]++;
    run->totals.by_code[d->code]++;
    report_diag(run->report, d);
}

/* What the game waiting to be written (the one before the record just
 * delivered, or the input's last) needs: its ending and its names. */
void fix_next_game(struct fix_run *run)
{
    run->ending = run->next_ending;
    run->ending_ply = run->next_ending_ply;
    run->names = run->next_names;
    run->line = run->next_line;
}

void fix_sink_game(void *ctx, const struct game_record *g)
{
    struct fix_run *run = ctx;
    run->totals.games++;
    /* the rules decided the result: the held errors are put right by fix */
    bool ruled = run->from_rules && g->ending != ENDING_NONE && g->plies == g->ending_ply;
    unsigned n = run->nheld;
    run->nheld = 0;
    for (unsigned i = 0; i < n && !ruled; i++) {
        run->from_rules = false; /* said now, as check says it */
        fix_sink_diag(run, &run->held[i].d);
        run->from_rules = true;
    }
    fix_next_game(run); /* the game before this one is written now */
    game_split_game(run->split, g);
    run->next_ending = ruled ? (int)g->ending : ENDING_NONE;
    run->next_ending_ply = g->ending_ply;
    names_keep(&run->next_names, g->event, g->white, g->black, g->round);
    run->next_line = g->line;
}

void fix_sink_move(void *ctx, const struct game_move *m)
{
    struct fix_run *run = ctx;
    pgn_export_move(run->x, m);
}

/* Write a game to out, after a blank line unless what came before ends in
 * one (so that fix of fix's output adds nothing). */
static void emit(struct fix_run *run, const void *bytes, size_t len)
{
    if (!len) return;
    if (run->wrote && run->last[1] != '\n') fputs("\n\n", run->out);
    else if (run->wrote && run->last[0] != '\n') fputc('\n', run->out);
    fwrite(bytes, 1, len, run->out);
    const unsigned char *b = bytes;
    if (len >= 2) run->last[0] = (char)b[len - 2], run->last[1] = (char)b[len - 1];
    else if (len == 1) run->last[0] = run->last[1], run->last[1] = (char)b[0];
    run->wrote = true;
}

/* A game not written in export format: as it was, to --bad or in its place. */
static void keep(struct fix_run *run, const unsigned char *bytes, size_t len)
{
    run->kept_games++;
    if (run->bad)
        fwrite(bytes, 1, len, run->bad);
    else
        emit(run, bytes, len);
}

static void keep_change(void *ctx, const char *message)
{
    struct change_ctx *c = ctx;
    if (c->kept < FIX_CHANGES_MAX)
        snprintf(c->kept_text[c->kept++], sizeof c->kept_text[0], "%s", message);
}

static void on_change(void *ctx, const char *message)
{
    struct change_ctx *c = ctx;
    struct diag d;
    /* where the game starts, and its players, as other findings name them */
    struct src_loc loc = {c->at, c->run->line, c->run->line ? 1 : 0};
    diag_init(&d, DIAG_FIXED, &loc, message);
    d.file = c->run->file;
    d.game = c->run->game;
    names_put(&c->run->names, &d);
    c->said++;
    c->run->totals.by_severity[DIAG_NOTE]++;
    c->run->totals.by_code[DIAG_FIXED]++;
    report_diag(c->run->report, &d);
}

/* Bytes that are blank space at the end. */
static size_t trim_end(const unsigned char *b, size_t len)
{
    while (len && (b[len - 1] == '\n' || b[len - 1] == '\r' || b[len - 1] == ' ' || b[len - 1] == '\t'))
        len--;
    return len;
}

static void write_one(struct fix_run *run, const unsigned char *bytes, size_t len, uint64_t at,
                      bool bad, bool is_game);

/* --dry-run: a game's bytes and what fix writes for it.  The blank line
 * fix writes before a game belongs, in the input, to the end of the game
 * before: it is moved there, so that the pieces compared line up; a piece is
 * compared when the next one comes (or the input ends: flush NULL). */
static void diff_piece(struct fix_run *run, const unsigned char *a, size_t alen, const char *b, size_t blen)
{
    size_t k = 0;
    while (b && k < blen && b[k] == '\n')
        k++;
    if (run->pending) {
        char *pb = realloc(run->pend_b, run->pend_blen + k + 1);
        if (!pb) {
            run->diff_failed = true;
            return;
        }
        memcpy(pb + run->pend_blen, b ? b : "", k);
        run->pend_b = pb;
        run->pend_blen += k;
        if (run->diff && !udiff_piece(run->diff, run->pend_a, run->pend_alen, run->pend_b, run->pend_blen))
            run->diff_failed = true;
    }
    run->pending = false;
    if (!a) return;
    free(run->pend_a);
    free(run->pend_b);
    run->pend_a = malloc(alen + 1);
    run->pend_b = malloc(blen - k + 1);
    if (!run->pend_a || !run->pend_b) {
        run->diff_failed = true;
        return;
    }
    memcpy(run->pend_a, a, alen);
    memcpy(run->pend_b, b + k, blen - k);
    run->pend_alen = alen;
    run->pend_blen = blen - k;
    run->pending = true;
}

/* One game's bytes and verdict (game_split.h): as it was, or in export format. */
void fix_write_game(void *ctx, const unsigned char *bytes, size_t len, uint64_t at, bool bad,
                    bool is_game)
{
    struct fix_run *run = ctx;
    if (run->diff_out) {
        /* --dry-run: the game as fix would write it, against its bytes */
        char *after = NULL;
        size_t after_len = 0;
        FILE *mem = open_memstream(&after, &after_len);
        if (mem) {
            run->out = mem;
            write_one(run, bytes, len, at, bad, is_game);
            fclose(mem);
        }
        if (!mem || !after) run->diff_failed = true;
        else diff_piece(run, bytes, len, after, after_len);
        free(after);
        pgn_export_forget(run->x, at + len);
        return;
    }
    write_one(run, bytes, len, at, bad, is_game);
    pgn_export_forget(run->x, at + len); /* the next game's moves stay */
}

static void write_one(struct fix_run *run, const unsigned char *bytes, size_t len, uint64_t at,
                      bool bad, bool is_game)
{
    if (!is_game) return; /* an input without a game: nothing to write */
    run->game++;
    if (bad && !run->force) {
        keep(run, bytes, len);
        return;
    }
    /* one parser for the run, its buffer kept: a new one for each game
     * cost more than the game's replay */
    struct input *in = input_open_memory(bytes, len);
    if (in && run->parser) pgn_parser_reset(run->parser, in);
    else if (in) run->parser = pgn_parser_new(in, NULL, NULL);
    struct pgn_parser *p = in ? run->parser : NULL;
    bool ok = p != NULL;
    pgn_export_begin(run->x, at, bytes, len);
    struct pgn_event ev;
    while (ok && pgn_parser_next(p, &ev)) {
        ok = pgn_export_event(run->x, &ev);
        if (ev.type == PGN_EV_GAME_END) break;
    }
    input_close(in);
    if (run->from_rules) pgn_export_rules_result(run->x, run->ending, run->ending_ply);
    /* the changes are said only when the export text is written */
    struct change_ctx *c = &run->changes;
    c->run = run;
    c->at = at;
    c->said = c->kept = 0;
    size_t tl = 0;
    const char *text = ok ? pgn_export_text(run->x, &tl, keep_change, c) : NULL;
    if (text) {
        size_t ol = trim_end(bytes, len);
        if (trim_end((const unsigned char *)text, tl) == ol && memcmp(text, bytes, ol) == 0) {
            run->fixed_games++;
            emit(run, bytes, len); /* already in export format: as it was */
            return;
        }
    }
    for (unsigned i = 0; i < c->kept; i++)
        on_change(c, c->kept_text[i]);
    bool stripped = text && pgn_export_stripped(run->x, &run->stripped);
    if (stripped) run->stripped_games++;
    if (!text) { /* a move not replayed, too long to hold, out of memory: as it was */
        if (c->said == 0) on_change(c, _("not written in export format: the game is too long to hold"));
        keep(run, bytes, len);
        return;
    }
    /* what --strip removed is said once for the run (strip_said()) */
    if (c->said == 0 && !stripped)
        on_change(c, _("movetext laid out in export format (spacing, line length, move numbers)"));
    run->fixed_games++;
    emit(run, text, tl);
}

void fix_diff_end(struct fix_run *run)
{
    diff_piece(run, NULL, 0, NULL, 0);
}
