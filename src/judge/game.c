/*
 * game.c - replay of one game at a time (SPEC "What check reports").
 *
 * Lines: lines[0] is the main line, lines[d] the variation (RAV, PGN 8.2.5)
 * open at depth d.  A variation starts from the position before the move it
 * replaces, i.e. the position before the last move token of its parent line.
 * Each line keeps its current position, made in place, and what takes back
 * its last move (pos_undo), from which the position before it is rebuilt when
 * a variation starts or a finding names it.  A move that cannot be replayed breaks its line: the
 * finding is held until the line ends so it can say how many further moves
 * went unchecked; the other lines, and the main line after a variation, go on.
 *
 * Moves are read in the notation of the game's own letters (game_nota.c):
 * a move whose letter could mean two pieces is kept, with what follows it,
 * until a later letter or legality decides, then replayed.
 *
 * Invariants: no allocation after game_new(); per move one SAN resolution,
 * the move made in place with its undo record, and (main line) one arbiter
 * observation; texts are formatted only for findings.
 */
#include "judge/game.h"
#include "judge/game_internal.h"

#include "i18n.h"

#include "judge/arbiter.h"
#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "pgn/pgn_parse.h"
#include "chess/position.h"
#include "chess/san.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define TAG_NAME(s)                                                                                \
    {                                                                                              \
        s, sizeof s - 1                                                                            \
    }
const struct tag_name game_tag_names[TAG_SLOT_NB] = {
    TAG_NAME("Event"),
    TAG_NAME("Site"),
    TAG_NAME("Date"),
    TAG_NAME("Round"),
    TAG_NAME("White"),
    TAG_NAME("Black"),
    TAG_NAME("Result"),
    TAG_NAME("FEN"),
    TAG_NAME("Variant"),
    TAG_NAME("Termination"),
    TAG_NAME("TerminationDetails"),
    TAG_NAME("WhiteFideId"),
    TAG_NAME("BlackFideId"),
    TAG_NAME("WhiteElo"),
    TAG_NAME("BlackElo"),
    TAG_NAME("WhiteTitle"),
    TAG_NAME("BlackTitle"),
};
#undef TAG_NAME

/* A tag name's bucket: its first letter and its length (no two of ours share one). */
static unsigned tag_bucket(const char *name, size_t len)
{
    return (2u * (unsigned char)name[0] + 3u * (unsigned)len) & 63u;
}

struct game *game_new(const struct game_sink *sink, bool strict)
{
    struct game *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    if (!(g->nt = game_nota_new()) || !(g->ic = illegal_new())) {
        game_nota_free(g->nt);
        free(g);
        return NULL;
    }
    g->nota_start = NOTA_ALL;
    g->tag_buckets_ok = true;
    for (int t = 0; t < TAG_SLOT_NB; t++) {
        uint8_t *b = &g->tag_buckets[tag_bucket(game_tag_names[t].text, game_tag_names[t].len)];
        if (*b) g->tag_buckets_ok = false;
        *b = (uint8_t)(t + 1);
    }
    g->sink = *sink;
    g->strict = strict;
    g->clk.slack_ms = CLOCK_SLACK_DEFAULT_MS;
    g->file = "<input>";
    return g;
}

void game_free(struct game *g)
{
    if (!g) return;
    game_nota_free(g->nt);
    illegal_free(g->ic);
    free(g);
}

void game_set_notation(struct game *g, enum nota_mode mode)
{
    g->nota_start = nota_mode_sets(mode);
}

void game_set_after_illegal(struct game *g, bool stop)
{
    g->after_illegal_stop = stop;
}

void game_set_control(struct game *g, const struct diag_control *ctl)
{
    g->control = ctl;
}

void game_set_clocks(struct game *g, int64_t delay_ms, int64_t slack_ms)
{
    g->clk.delay_ms = delay_ms;
    g->clk.slack_ms = slack_ms;
}

void game_set_file(struct game *g, const char *name)
{
    g->file = name;
}

/* ---- setting up -------------------------------------------------------- */

enum variant_class { VARIANT_STANDARD, VARIANT_CHESS960, VARIANT_OTHER };

/* The Variant tag's class.  Compared case-insensitively with spaces, '-'
 * and '_' left out, so "Chess 960", "chess-960", "Fischer Random" and
 * "FISCHERANDOM" are the same spelling. */
static enum variant_class classify_variant(const char *v)
{
    static const char *const standard[] = {"standard", "chess", "normal", "fromposition", ""};
    static const char *const c960[] = {"chess960",      "960",         "fischerandom",
                                       "fischerrandom", "frc",         "freestyle",
                                       "freestylechess", "fischerrandomchess"};
    if (!v) return VARIANT_STANDARD;
    char key[32];
    size_t k = 0;
    for (; *v; v++) {
        if (*v == ' ' || *v == '-' || *v == '_') continue;
        if (k + 1 == sizeof key) return VARIANT_OTHER;
        key[k++] = *v;
    }
    key[k] = '\0';
    for (size_t i = 0; i < sizeof standard / sizeof *standard; i++)
        if (strcasecmp(key, standard[i]) == 0) return VARIANT_STANDARD;
    for (size_t i = 0; i < sizeof c960 / sizeof *c960; i++)
        if (strcasecmp(key, c960[i]) == 0) return VARIANT_CHESS960;
    return VARIANT_OTHER;
}

static void line_start(struct line *l, const struct position *pos, uint32_t ply)
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

static __attribute__((noinline)) void set_up_now(struct game *g)
{
    g->set_up = true;
    game_flush_deferred(g);
    game_check_tags(g);

    enum variant_class vc = classify_variant(tag_value(g, TAG_VARIANT));
    if (vc == VARIANT_OTHER) {
        g->judged = false;
        game_emitf(g, DIAG_UNSUPPORTED_VARIANT, DIAG_NOTE, &g->tags[TAG_VARIANT].loc, NULL,
                   _("variant \"%s\" is not judged; the game is counted only"),
                   g->tags[TAG_VARIANT].value);
        return;
    }
    struct position start;
    const char *fen = tag_value(g, TAG_FEN);
    if (fen) {
        char why[256] = "";
        enum fen_status st =
            fen_parse(&start, fen, vc == VARIANT_CHESS960 ? FEN_CHESS960 : 0, why, sizeof why);
        if (st != FEN_OK) {
            game_emitf(
                g, st == FEN_BAD ? DIAG_BAD_FEN : DIAG_ILLEGAL_POSITION, DIAG_ERROR,
                &g->tags[TAG_FEN].loc, NULL,
                st == FEN_BAD
                    ? _("the FEN cannot be parsed: %s (FEN \"%s\"); the game is not replayed")
                    : _("the FEN position cannot arise: %s (FEN \"%s\"); the game is not replayed"),
                why[0] ? why : _("invalid"), fen);
            return;
        }
    } else if (vc == VARIANT_CHESS960) {
        /* One of 960 start positions, and the tags do not say which. */
        game_emitf(g, DIAG_BAD_FEN, DIAG_ERROR, &g->tags[TAG_VARIANT].loc, NULL,
                   _("a Chess960 game (Variant \"%s\") without a FEN tag: the start position is "
                   "unknown, so the game is not replayed"),
                   g->tags[TAG_VARIANT].value);
        return;
    } else {
        pos_set_start(&start);
    }
    g->replayable = true;
    line_start(&g->lines[0], &start, 0);
    clock_start(g, start.side, start.fullmove);
    memset(&g->ending_at, 0, sizeof g->ending_at);
    g->ending_at.side = -1;
    enum ending_kind e = arb_start(&g->arb, &start);
    if (e == ENDING_NONE && fen && movegen_any_legal(&start) && deadpos_is_dead_full(&start)) {
        /* A set-up position is judged in full, as `position` judges it
         * (arb_start() filters as after every move). */
        e = g->arb.ending = ENDING_DEAD_POSITION;
        g->arb.ending_ply = 0;
    }
    if (e != ENDING_NONE) fen_write(&start, g->ending_at.fen, sizeof g->ending_at.fen);
}

/* Decide the start position once the tag section is over (the first
 * movetext event); every later event finds it done. */
static inline void set_up(struct game *g)
{
    if (UNLIKELY(!g->set_up)) set_up_now(g);
}

/* ---- moves ------------------------------------------------------------- */

/* Play m (legal) or, for MOVE_NULL, pass, in l's position, keeping the undo. */
/* The line's bookkeeping after a move played on it, its undo recorded. */
static inline __attribute__((always_inline)) void line_moved(struct line *l)
{
    l->last_made = true;
    l->before_valid = true;
    l->ply++;
}

static inline __attribute__((always_inline)) void line_play(struct line *l, move m)
{
    pos_undo_record(&l->pos, m, &l->undo);
    if (m == MOVE_NULL)
        pos_make_null(&l->pos);
    else
        pos_make(&l->pos, m);
    line_moved(l);
}

/* The sink's move hook (fix): m, about to be played from pos. */
static __attribute__((noinline)) void tell_move(struct game *g, const struct pgn_event *ev,
                                                 const struct position *pos, move m)
{
    if (g->muted) return; /* a trial reading: the real one comes after */
    char san[SAN_MAX];
    size_t n = 2;
    if (m == MOVE_NULL)
        memcpy(san, "--", 3);
    else
        n = san_write(pos, m, san);
    struct game_move gm = {ev->loc.offset, san, n, (uint32_t)pos->fullmove, pos->side};
    g->sink.move(g->sink.ctx, &gm);
}

/* tell_move() for a move play_move() played on the main line: san is its
 * SAN without the mark, written before it was played; the mark from what
 * the arbiter knows of the position after it (in check: whether a move
 * exists, settled by arb_decide() or asked here). */
static __attribute__((noinline)) void tell_played(struct game *g, const struct pgn_event *ev,
                                                  const struct line *l, char *san, size_t n)
{
    if (g->muted) return;
    if (g->arb.in_check) {
        bool moves = g->arb.moves_known ? g->arb.has_moves : movegen_any_legal(&l->pos);
        san[n++] = moves ? '+' : '#';
        san[n] = '\0';
    }
    /* the position after the move: its side moved last */
    int side = l->pos.side ^ 1;
    uint32_t fullmove = (uint32_t)l->pos.fullmove - (side == 1);
    struct game_move gm = {ev->loc.offset, san, n, fullmove, side};
    g->sink.move(g->sink.ctx, &gm);
}

static void hold(struct game *g, struct line *l, enum diag_code code, const struct move_ctx *at,
                 const char *msg)
{
    if (g->muted && g->trial_fail == UINT32_MAX) g->trial_fail = g->trial_at;
    l->held.active = true;
    l->held.code = code;
    l->held.at = *at;
    snprintf(l->held.message, sizeof l->held.message, "%s", msg);
}

static void flush_line(struct game *g, struct line *l)
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

/* The null move of analysis PGN: "--" (ChessBase), "Z0" (some engines). */
static bool is_null_move(const struct pgn_event *ev)
{
    return ev->len == 2 && ((ev->text[0] == '-' && ev->text[1] == '-') ||
                            (ev->text[0] == 'Z' && ev->text[1] == '0'));
}

/* A null move passes the turn.  In a variation it is an analysis device (a
 * threat shown as "what if the opponent passed"), a note; in the main line it
 * is no move of chess, an error, but the game goes on being checked from the
 * position after the pass. */
static void on_null_move(struct game *g, const struct pgn_event *ev, struct line *l, bool main_line)
{
    struct move_ctx at;
    game_move_ctx_set(&at, ev, l->ply + 1, &l->pos, !main_line, l);
    if (UNLIKELY(g->sink.move != NULL)) tell_move(g, ev, &l->pos, MOVE_NULL);
    line_play(l, MOVE_NULL);
    if (main_line) {
        game_emit(g, DIAG_ILLEGAL_MOVE, DIAG_ERROR, NULL, &at,
                  _("a null move (--) passes the turn: it is not a move of chess (FIDE 1.2); "
                    "the rest of the game is checked as if the turn had passed"));
        arb_observe(&g->arb, &l->pos, MOVE_NULL, l->ply);
    } else {
        game_emit(g, DIAG_NONCANONICAL_SAN, DIAG_NOTE, NULL, &at,
                  _("a null move (--) in a variation: the turn passes"));
    }
}

/* After a legal move played on l (res, from san_resolve(); ended: the
 * arbiter's ending on the main line): the marks and the spelling, checked
 * when there may be something to say.  Inline: a long endgame asks after
 * every move (on_move_decide()), and the call cost TCEC's files 3%. */
static inline __attribute__((always_inline)) void move_marks(struct game *g,
                                                             const struct pgn_event *ev,
                                                             struct line *l,
                                                             const struct san_result *res,
                                                             bool ended, bool main_line)
{
    const struct position *next = &l->pos;
    bool check = pos_in_check(next);
    bool mate = main_line ? g->arb.in_check && !g->arb.has_moves
                          : check && !movegen_any_legal(next);
    char expected_mark = mate ? '#' : check ? '+' : 0;
    if (LIKELY(!ended && res->mark == expected_mark && !res->noncanonical))
        return; /* nothing to say, no FEN to write */
    game_move_notes(g, ev, l, res, check, mate, ended, main_line);
}

/* "N" (novelty, NAG 146), "D" (diagram, as ChessBase and Fritz export it
 * between the moves: "12. Nf3 N 12... Nc6 D 13. ...") and "RR" (editorial
 * comment, 145), the annotation marks that are letters: never a move in any
 * notation, since a move names a square (D is the Italian, Spanish, French,
 * German and Dutch queen, but a lone D moves nothing).  The reader delivers
 * them as moves (its fast path tests nothing more); they come here since no
 * SAN resolves them, before a notation reads their letter, and are skipped
 * with a note. */
static bool is_glyph_word(const struct pgn_event *ev)
{
    return (ev->len == 1 && (ev->text[0] == 'N' || ev->text[0] == 'D')) ||
           (ev->len == 2 && ev->text[0] == 'R' && ev->text[1] == 'R');
}

/* A mark is_glyph_word() found: no move, noted under --strict in a game
 * being replayed (in a variant's, "N@d2" is a drop that the reader cuts). */
static void on_glyph_word(struct game *g, const struct pgn_event *ev)
{
    if (UNLIKELY(g->ic_hold)) {
        game_nota_keep(g, ev); /* with the moves after an illegal one */
        return;
    }
    set_up(g);
    if (!g->judged || !g->replayable || g->depth >= GAME_LINE_DEPTH_MAX ||
        g->lines[g->depth].broken)
        return; /* a line not replayed says nothing of its marks */
    const char *what = ev->text[0] == 'N'   ? _("the novelty mark (NAG $146)")
                       : ev->text[0] == 'D' ? _("a diagram mark")
                                            : _("the editorial comment mark (NAG $145)");
    game_emitf(g, DIAG_SYNTAX, DIAG_NOTE, &ev->loc, NULL,
               _("%.*s between the moves is read as %s, not as a move"), (int)ev->len, ev->text,
               what);
}

/* The move of ev (text: as the game's letters read it) failed on l: the
 * finding is held until the line ends, and the line's later moves are not
 * checked. */
void game_move_failed(struct game *g, const struct pgn_event *ev, struct line *l, const char *text,
                      size_t text_len, enum san_status st, const struct san_result *res)
{
    bool main_line = l == &g->lines[0];
    const struct position *pos = &l->pos;
    if (main_line) g->unplayed_hash = game_text_hash(g->unplayed_hash, ev->text, ev->len);
    l->last_made = false;
    l->before_valid = true;
    struct move_ctx at;
    game_move_ctx_set(&at, ev, l->ply + 1, pos, !main_line, l);
    char why[MESSAGE_MAX - 32];
    san_explain(pos, res, why, sizeof why);
    char msg[MESSAGE_MAX];
    enum diag_code code = st == SAN_AMBIGUOUS ? DIAG_AMBIGUOUS_MOVE
                          : st == SAN_ILLEGAL ? DIAG_ILLEGAL_MOVE
                                              : DIAG_BAD_SAN;
    snprintf(msg, sizeof msg,
             code == DIAG_AMBIGUOUS_MOVE ? _("ambiguous move: %s")
             : code == DIAG_ILLEGAL_MOVE ? _("illegal move: %s")
                                         : _("not a move: %s"),
             why);
    if (code != DIAG_BAD_SAN && (text_len != ev->len || memcmp(text, ev->text, text_len))) {
        /* The reading in the piece letters of the user's language, as
         * every move the program writes: Tb1 read as a rook move is
         * "Tb1" to an Italian arbiter, "Rb1" in English. */
        char shown[32];
        size_t rlen = text_len < sizeof shown ? text_len : sizeof shown - 1;
        memcpy(shown, text, rlen);
        shown[rlen] = '\0';
        i18n_san_letters(shown);
        size_t mlen = strlen(msg);
        snprintf(msg + mlen, sizeof msg - mlen, _(" (read as %s, a %s move, in %s)"), shown,
                 nota_piece_word(nota_piece_of(text, text_len)), game_nota_reading(g));
    }
    hold(g, l, code, &at, msg);
    l->broken = true;
    l->ply++;
}

/* Play m on the main line as the move of ev (illegal_class.c decided it):
 * legal, or an illegal move that stood. */
void game_play_planned(struct game *g, const struct pgn_event *ev, move m, bool stood)
{
    struct line *l = &g->lines[0];
    struct position before = l->pos;
    pos_undo_record(&l->pos, m, &l->undo);
    if (stood)
        pos_make_stood(&l->pos, m);
    else
        pos_make(&l->pos, m);
    line_moved(l);
    if (arb_observe(&g->arb, &l->pos, m, l->ply) != ENDING_NONE) {
        game_move_ctx_set(&g->ending_at, ev, l->ply, &before, false, l);
        if (!stood) san_write(&before, m, g->ending_at.san_en);
    }
}

/* A move, every case (play_move() takes the usual one).  pre: the failed
 * resolution of a main-line move (or null move) that play_move() tried
 * (status pre_st), or NULL. */
static __attribute__((noinline)) void on_move_general(struct game *g, const struct pgn_event *ev,
                                                      const struct san_result *pre,
                                                      enum san_status pre_st)
{
    /* the move may not be played: its clock must not replace the last
     * one the fast path noted (clock_run_take()) */
    clock_sync(&g->clk);
    if (UNLIKELY(is_glyph_word(ev))) {
        /* before the notation is told of its letter (kept, it would narrow it) */
        on_glyph_word(g, ev);
        return;
    }
    if (UNLIKELY(g->nota_hold)) {
        game_nota_keep(g, ev);
        return;
    }
    set_up(g);
    bool read = g->nota_slow && !pre;
    if (pre && pre_st == SAN_BAD && g->replayable && nota_scan(ev->text, ev->len)) {
        pre = NULL; /* a figurine play_move() could not read */
        read = true;
    }
    const char *text = ev->text;
    size_t text_len = ev->len;
    char english[SAN_TOKEN_MAX + 8];
    if (read) {
        bool resolves = g->depth < GAME_LINE_DEPTH_MAX && g->replayable &&
                        !g->lines[g->depth].broken &&
                        (g->depth != 0 || g->arb.ending == ENDING_NONE);
        if (!game_nota_read(g, ev, resolves, english, sizeof english, &text, &text_len))
            return; /* kept until the game's letters say how to read it */
    }
    if (UNLIKELY(g->final_comment_set)) g->final_comment_set = g->depth != 0;
    if (g->depth >= GAME_LINE_DEPTH_MAX) return;
    struct line *l = &g->lines[g->depth];
    bool main_line = g->depth == 0;
    if (main_line) g->plies++;
    if (main_line && UNLIKELY(g->sink.want_mainline)) game_mainline_add(g, ev);
    if (UNLIKELY(!g->replayable)) {
        l->ply++;
        return;
    }
    const struct position *pos = &l->pos;
    const bool null_move = is_null_move(ev);
    struct san_result res;
    enum san_status st = SAN_OK;
    bool resolved = false;
    if (pre) {
        res = *pre;
        st = pre_st;
        resolved = true;
        if (arb_pending(&g->arb)) arb_settle(&g->arb, pos, l->ply, false);
    } else if (main_line && !l->broken && arb_pending(&g->arb)) {
        /* Was the current position a stalemate?  A legal move from it says no. */
        if (!null_move) {
            st = san_resolve(pos, text, text_len, &res);
            resolved = true;
        }
        arb_settle(&g->arb, pos, l->ply, resolved && st == SAN_OK);
    }
    if (UNLIKELY(main_line && g->arb.ending != ENDING_NONE)) {
        g->unplayed_hash = game_text_hash(g->unplayed_hash, ev->text, ev->len);
        if (g->void_moves++ == 0) game_move_ctx_set(&g->first_void, ev, l->ply + 1, &l->pos, false, l);
        l->before_valid = false;
        l->ply++;
        return;
    }
    if (UNLIKELY(l->broken)) {
        if (main_line) g->unplayed_hash = game_text_hash(g->unplayed_hash, ev->text, ev->len);
        l->unchecked += !l->silent;
        l->before_valid = false;
        l->ply++;
        return;
    }

    if (UNLIKELY(g->nota_replaying) && main_line && illegal_planned(g, ev, text, text_len)) return;
    if (UNLIKELY(null_move && !pos->checkers)) {
        on_null_move(g, ev, l, main_line);
        return;
    }
    if (!resolved) st = san_resolve(pos, text, text_len, &res);
    if (UNLIKELY(g->muted) && g->trial_at == 0 && st == SAN_OK) g->trial_first_ok = true;
    if (UNLIKELY(g->nota_replaying && g->trial_at == g->nota_part_at && !g->muted)) {
        struct move_ctx at;
        game_move_ctx_set(&at, ev, l->ply + 1, pos, !main_line, l);
        game_emit(g, DIAG_NONCANONICAL_SAN, DIAG_WARNING, NULL, &at, g->nota_part_msg);
    }
    if (UNLIKELY(st != SAN_OK)) {
        if (!main_line || !illegal_start(g, ev, text, text_len, st, &res))
            game_move_failed(g, ev, l, text, text_len, st, &res);
        return;
    }

    if (UNLIKELY(g->sink.move != NULL)) tell_move(g, ev, pos, res.m);
    line_play(l, res.m);
    bool ended = main_line && arb_observe(&g->arb, &l->pos, res.m, l->ply) != ENDING_NONE;
    move_marks(g, ev, l, &res, ended, main_line);
}

_Static_assert(ENDING_NONE == 0, "play_move() tests the ending as a number");

/* The end of play_move() when arb_record() finds an ending possible. */
static __attribute__((noinline)) void on_move_decide(struct game *g, const struct pgn_event *ev,
                                                     const struct san_result *res)
{
    struct line *l = &g->lines[0];
    bool ended = arb_decide(&g->arb, &l->pos, l->ply) != ENDING_NONE;
    move_marks(g, ev, l, res, ended, true);
}

/* What sends a move or a move number off the usual path, line l being the
 * main line: in a variation, not replayable (which covers not set up yet,
 * begin()), a broken line, an ending reached.  The tests are combined with |
 * rather than ||: one branch for all of them (ENDING_NONE is 0). */
static inline unsigned off_usual_path(const struct game *g, const struct line *l)
{
    return (unsigned)g->depth | !g->replayable | l->broken | (unsigned)g->arb.ending;
}

/* Resolve text, the move of ev as the game reads it, into res: true when
 * legal; else on_move_general() takes ev (a null move, is_null_move(), is
 * no SAN and comes here too: it plays it as it would have; a move read in
 * the game's letters is read again there, to say how it was read). */
static inline __attribute__((always_inline)) bool resolve_or_general(struct game *g,
                                                                     const struct pgn_event *ev,
                                                                     const char *text,
                                                                     struct san_result *res)
{
    enum san_status st = san_resolve(&g->lines[0].pos, text, ev->len, res);
    if (LIKELY(st == SAN_OK)) return true;
    on_move_general(g, ev, text == ev->text ? res : NULL, st);
    return false;
}

/* on_move_open() for a move not read at once: a pawn move or castling
 * (no letter to read), N, B, Q or K narrowing the notations, a letter read
 * by game_nota_read_usual(), each then resolved; every other case (and a
 * move off the usual path) is on_move_general()'s.  (The usual-path test is
 * on_move_open()'s again: passing it costs the Italian move a register.) */
static __attribute__((noinline)) bool on_move_read(struct game *g, const struct pgn_event *ev,
                                                   struct san_result *res)
{
    unsigned other = off_usual_path(g, &g->lines[0]) | (g->nota_slow & 2u);
    const char *text = NULL;
    if (!other) {
        uint32_t plain;
        if (!nota_may_have_letters(ev->text, ev->len)) {
            /* A pawn move or castling has no letter to read. */
            text = ev->text;
        } else if ((plain = nota_plain_letter(ev->text, ev->len))) {
            /* N, B, Q and K read the same wherever they are letters (and
             * as written where not): they only narrow the notations. */
            game_nota_narrow(g, plain);
            text = ev->text;
        } else {
            text = game_nota_read_usual(g, ev);
        }
    }
    if (!text) {
        on_move_general(g, ev, NULL, SAN_OK);
        return false;
    }
    return resolve_or_general(g, ev, text, res);
}

/* A move play_move() does not take alone: true with the move resolved into
 * res when it is the usual move after all, false when it was taken here.
 * While a game's notation is open (game_nota.c), a move that writes no letter
 * (a pawn move, castling) reads the same in every notation and takes the
 * usual path; so does a move in the game's own letters.  Once they narrow
 * nothing (Cf3, Txe1 in an Italian game), san_fast_resolve_read() reads and
 * resolves the move through nota_lead_letters() at once; every other move
 * goes on to on_move_read().  Small, so that the usual Italian move saves
 * few registers. */
static __attribute__((noinline)) bool on_move_open(struct game *g, const struct pgn_event *ev,
                                                   struct san_result *res)
{
    struct line *l = &g->lines[0];
    if (!(off_usual_path(g, l) | (g->nota_slow & 2u)) &&
        san_fast_resolve_read(&l->pos, ev->text, ev->len, nota_lead_letters(g->nota), res))
        return true;
    return on_move_read(g, ev, res);
}

static void on_move_number_of(struct game *g, const struct pgn_event *ev);

static void on_comment_text(struct game *g, const struct src_loc *loc, const char *text,
                            size_t len)
{
    if (g->depth != 0) {
        if (g->depth < CLOCK_LINE_DEPTH_MAX && clock_comment_may_hold(text, len) && !g->muted)
            clock_var_comment(g, g->depth, loc, text, len);
        return;
    }
    if (clock_comment_may_hold(text, len) && !g->muted) clock_comment(g, loc, text, len);
    g->comment_due = NULL; /* this one is the last, not one on_move_comment() noted */
    /* A comment longer than what we keep is commentary, not a claim (and
     * is not copied: an engine's comment after every move is long). */
    g->final_comment_set = len < sizeof g->final_comment - 1;
    if (g->final_comment_set) game_copy_text(g->final_comment, text, len);
}

static void on_comment(struct game *g, const struct pgn_event *ev)
{
    on_comment_text(g, &ev->loc, ev->text, ev->len);
}

/* on_move_comment() when the notation holds events, the game is not set
 * up or the move was in a variation: as feed_other() takes a COMMENT event. */
static __attribute__((noinline)) void on_move_comment_general(struct game *g,
                                                              const struct pgn_event *mv)
{
    clock_sync(&g->clk); /* kept events may be fed again from here */
    if (UNLIKELY(g->nota_hold)) {
        struct pgn_event c;
        pgn_event_comment(mv, &c);
        game_nota_keep(g, &c);
        return;
    }
    set_up(g);
    struct pgn_event c;
    pgn_event_comment(mv, &c);
    on_comment_text(g, &c.loc, c.text, c.len);
}

/* A main-line comment after a move that may hold clock commands (out of
 * line: see on_move_comment()). */
static __attribute__((noinline)) void on_move_clock_comment(struct game *g,
                                                            const struct pgn_event *mv)
{
    if (g->muted) return;
    /* where pgn_event_comment() puts the comment */
    struct src_loc loc = mv->loc;
    loc.offset += mv->comment_span;
    loc.column += mv->comment_span;
    const char *text = mv->text + mv->comment_span + 1;
    if (mv->clock) {
        uint64_t raw;
        memcpy(&raw, text + mv->comment_len - 9, 8);
        clock_take(g, &loc, clock_raw_ms(raw));
    } else {
        clock_comment(g, &loc, text, mv->comment_len);
    }
}

/* An online game's clock after every move ({ [%clk 0:05:00] }: mv->clock,
 * its digits the body's last 9 bytes but one), when it is the usual one: a lichess.org game
 * with a clock on every ply so far (clock_check.h).  The digits are kept
 * as they are, read when needed. */
static inline __attribute__((always_inline)) bool clock_fast(struct game *g,
                                                            const struct pgn_event *mv)
{
    uint32_t ply = g->lines[0].ply;
    if (UNLIKELY(ply != g->clk.next_ply)) return false;
    g->clk.last_ev = mv; /* read at the end of the run (clock_sync()) */
    g->clk.next_ply = ply + 1;
    return true;
}

/* The comment of a MOVE_COMMENTED event (pgn_event_comment()), after its
 * move.  On the main line it is the game's last comment until the next move
 * says otherwise ({[%clk 0:05:00]} after every move of an online game), so
 * its text is only noted here; take_due_comment() copies the one still due
 * before the run's events are gone. */
static inline __attribute__((always_inline)) void on_move_comment(struct game *g,
                                                                  const struct pgn_event *mv)
{
    if (UNLIKELY(g->nota_hold | (g->depth != 0) | !g->set_up)) {
        on_move_comment_general(g, mv);
        return;
    }
    size_t len = mv->comment_len;
    const char *text = mv->text + mv->comment_span + 1;
    g->final_comment_set = len < sizeof g->final_comment - 1;
    g->comment_due = text;
    g->comment_due_len = len;
    if (LIKELY(mv->clock) ? !clock_fast(g, mv) : clock_comment_may_hold(text, len))
        on_move_clock_comment(g, mv);
}

/* Copy the comment on_move_comment() noted, if it is still the game's last
 * (a later move cleared final_comment_set), at the end of its run, while its
 * text is there.  A run holds moves and move numbers alone, and neither reads
 * the closing comment; a comment taken by on_comment_text() in the meantime
 * replaces the noted one. */
static inline void take_due_comment(struct game *g)
{
    if (!g->comment_due) return;
    if (g->final_comment_set) game_copy_text(g->final_comment, g->comment_due, g->comment_due_len);
    g->comment_due = NULL;
}

/* A move.  The usual one - on the main line of a game being replayed, no
 * ending reached, legal, no letter to read - takes this path alone; every
 * other case goes to on_move_general().  Inline in game_feed_run()'s loop
 * alone (a second copy would change what the compiler inlines into it). */
static inline __attribute__((always_inline)) void play_move(struct game *g,
                                                            const struct pgn_event *ev,
                                                            const bool tell)
{
    struct line *l = &g->lines[0];
    unsigned off = off_usual_path(g, l);
    /* A numbered move: its number first, as on_move_number() takes it (and
     * then the move's own test again: the number may have changed it). */
    if (ev->number && UNLIKELY((off | g->numbering_warned) || ev->number != l->pos.fullmove)) {
        on_move_number_of(g, ev);
        off = off_usual_path(g, l);
    }
    struct san_result res;
    if (UNLIKELY(off | g->nota_slow)) {
        if (!on_move_open(g, ev, &res)) return;
    } else if (!resolve_or_general(g, ev, ev->text, &res)) {
        return;
    }
    /* A main-line move after a comment ({[%clk 0:05:00]} after every move
     * of an online game): the comment was not the game's last. */
    g->final_comment_set = false;
    /* Legal: the position before it was no stalemate, so a pending question
     * (arb_pending()) needs no answer; arb_observe() asks again after it. */
    g->plies++;
    if (UNLIKELY(g->sink.want_mainline)) game_mainline_add(g, ev);
    /* line_play() for a legal move: the undo is recorded by the move
     * itself, from what it reads anyway.  With the sink's move hook (tell,
     * feed_run_told()), the move's SAN is written first and told after it
     * with its mark (tell_played()). */
    char san[SAN_MAX];
    size_t san_len = 0;
    if (tell) { /* line_play(): pos_make_undo() keeps its one call, inline */
        san_len = san_write_body(&l->pos, res.m, san);
        line_play(l, res.m);
    } else {
        pos_make_undo(&l->pos, res.m, &l->undo);
        line_moved(l);
    }
    if (UNLIKELY(arb_record(&g->arb, &l->pos, res.m))) {
        /* In check, or another ending possible (its own call: the usual
         * path keeps nothing for it). */
        on_move_decide(g, ev, &res);
        if (tell) tell_played(g, ev, l, san, san_len);
        return;
    }
    if (tell) tell_played(g, ev, l, san, san_len);
    /* The common case, a quiet move written plainly that ends nothing (in
     * check, arb_record() asks for arb_decide()): nothing to say, no FEN to
     * write. */
    if (LIKELY(!res.mark && !res.noncanonical)) return;
    move_marks(g, ev, l, &res, false, true);
}

/* The one place play_move() is inlined: a run of moves plays in one frame.
 * A MOVE_COMMENTED's move plays as a MOVE, then its comment follows. */
static inline __attribute__((always_inline)) void feed_run(struct game *g,
                                                           const struct pgn_event *ev, size_t n,
                                                           const bool tell)
{
    /* the clocks the fast path notes in this run (clock_check.h); a run may
     * start inside another (kept moves fed again, from on_move_general(),
     * which reads the outer run's clocks first, or from a move number) */
    const struct pgn_event *outer = g->clk.run_ev;
    g->clk.run_ev = ev;
    for (size_t i = 0; i < n; i++) {
        const struct pgn_event *e = &ev[i];
        if (LIKELY(e->type == PGN_EV_MOVE || e->type == PGN_EV_MOVE_COMMENTED)) {
            play_move(g, e, tell);
            if (e->type == PGN_EV_MOVE_COMMENTED) on_move_comment(g, e);
        } else {
            game_feed(g, e); /* a move number (pgn_parser_next_run()) */
        }
    }
    clock_sync(&g->clk);
    g->clk.run_ev = outer;
    take_due_comment(g);
}

/* game_feed_run() with the sink's move hook (fix): a second copy of the
 * loop, so that `check`'s has no test per move. */
static __attribute__((noinline)) void feed_run_told(struct game *g, const struct pgn_event *ev,
                                                    size_t n)
{
    feed_run(g, ev, n, true);
}

__attribute__((noinline)) void game_feed_run(struct game *g, const struct pgn_event *ev, size_t n)
{
    if (UNLIKELY(g->sink.move != NULL)) {
        feed_run_told(g, ev, n);
        return;
    }
    feed_run(g, ev, n, false);
}

/* A move alone (see game_feed()). */
static inline void on_move(struct game *g, const struct pgn_event *ev)
{
    game_feed_run(g, ev, 1);
}

/* A move number that is not the position's (rare: out of line, so that
 * on_move_number() saves no registers). */
static __attribute__((noinline)) void wrong_move_number(struct game *g, const struct pgn_event *ev,
                                                        const struct position *pos)
{
    if (g->depth == 0 && arb_settle(&g->arb, pos, g->lines[0].ply, false) != ENDING_NONE)
        return; /* the number follows a stalemate: moves after the end are not checked */
    g->numbering_warned = true;
    game_emitf(g, DIAG_SYNTAX, DIAG_WARNING, &ev->loc, NULL,
               _("move number %u where %u was expected (reported once per game)"), ev->number,
               (unsigned)pos->fullmove);
}

/* A move number, every case (on_move_number() takes the usual one). */
static __attribute__((noinline)) void on_move_number_general(struct game *g,
                                                             const struct pgn_event *ev)
{
    clock_sync(&g->clk); /* kept events may be fed again from here */
    if (UNLIKELY(g->nota_hold)) {
        game_nota_keep(g, ev);
        return;
    }
    set_up(g);
    if (g->depth >= GAME_LINE_DEPTH_MAX || !g->replayable) return;
    struct line *l = &g->lines[g->depth];
    if (l->broken || (g->depth == 0 && g->arb.ending != ENDING_NONE)) return;
    /* Findings name moves by the file's numbers: the shift from the
     * position's holds until the next number token of the line (the usual
     * path, on_move_number(), sees only numbers that match while no shift
     * was ever found: the first mismatch sets numbering_warned). */
    l->number_shift = (int64_t)ev->number - (int64_t)l->pos.fullmove;
    if (g->numbering_warned) return;
    if (UNLIKELY(ev->number != l->pos.fullmove)) wrong_move_number(g, ev, &l->pos);
}

/* The move number of a numbered move (pgn_event_number()) that
 * play_move() does not take alone. */
static __attribute__((noinline)) void on_move_number_of(struct game *g, const struct pgn_event *ev)
{
    struct pgn_event num;
    pgn_event_number(ev, &num);
    on_move_number_general(g, &num);
}

/* A move number (out of line: see game_feed()); the usual one, on the main
 * line of a game being replayed with no ending, tested as in play_move(). */
static __attribute__((noinline)) void on_move_number(struct game *g, const struct pgn_event *ev)
{
    if (ev->type == PGN_EV_MOVE_COMMENTED) {
        /* a move and its comment (see game_feed(); a tail call: no frame here) */
        game_feed_run(g, ev, 1);
        return;
    }
    const struct line *l = &g->lines[0];
    if (UNLIKELY(off_usual_path(g, l) | g->numbering_warned)) {
        on_move_number_general(g, ev);
        return;
    }
    if (UNLIKELY(ev->number != l->pos.fullmove)) on_move_number_general(g, ev);
}

static void on_rav_begin(struct game *g, const struct pgn_event *ev)
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
        line_start(child, &parent->pos, parent->ply);
        child->broken = child->silent = !g->replayable || parent->broken;
    } else if (g->replayable && parent->before_valid) {
        struct position start;
        game_line_before(parent, &start);
        line_start(child, &start, ply);
    } else {
        line_start(child, &parent->pos, ply);
        child->broken = true;
        child->silent = true;
    }
    if (g->depth < CLOCK_LINE_DEPTH_MAX)
        clock_var_begin(g, g->depth, ev->number == PGN_RAV_CONTINUATION);
}

/* The input ended in the middle of a movetext line (ev->cut_short, at
 * ev->loc): when the move that failed on line l ends right there, it was
 * cut short, not wrong. */
static void cut_short(struct game *g, struct line *l, const struct pgn_event *ev)
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

static void on_rav_end(struct game *g, const struct pgn_event *ev)
{
    if (g->depth == 0) return; /* unbalanced ')' : the parser reports it */
    if (g->depth < GAME_LINE_DEPTH_MAX && ev && ev->cut_short)
        cut_short(g, &g->lines[g->depth], ev);
    if (g->depth < GAME_LINE_DEPTH_MAX) flush_line(g, &g->lines[g->depth]);
    g->depth--;
}

static void finish(struct game *g, const struct pgn_event *ev)
{
    set_up(g);
    while (g->depth > 0)
        on_rav_end(g, NULL);
    if (g->replayable) {
        if (ev->cut_short) cut_short(g, &g->lines[0], ev);
        flush_line(g, &g->lines[0]);
        if (!g->lines[0].broken) arb_settle(&g->arb, &g->lines[0].pos, g->lines[0].ply, false);
    }
    game_nota_end(g);
    g->after_illegal_at = 0; /* the ending and result are judged on the continuation */
    const char *result = game_judge_end(g);
    struct line *main_line = &g->lines[0];

    struct game_record rec = {
        .file = g->file,
        .game = g->index,
        .offset = g->start.offset,
        .line = g->start.line,
        .event = tag_value(g, TAG_EVENT),
        .white = tag_value(g, TAG_WHITE),
        .black = tag_value(g, TAG_BLACK),
        .round = tag_value(g, TAG_ROUND),
        .site = tag_value(g, TAG_SITE),
        .date = tag_value(g, TAG_DATE),
        .white_fide_id = tag_value(g, TAG_WHITE_FIDE_ID),
        .black_fide_id = tag_value(g, TAG_BLACK_FIDE_ID),
        .white_elo = tag_value(g, TAG_WHITE_ELO),
        .black_elo = tag_value(g, TAG_BLACK_ELO),
        .white_title = tag_value(g, TAG_WHITE_TITLE),
        .black_title = tag_value(g, TAG_BLACK_TITLE),
        .result = result,
        .result_kind = g->result_kind,
        .plies = g->plies,
        .ending = g->replayable && !main_line->broken ? g->arb.ending : ENDING_NONE,
        .ending_ply = g->arb.ending_ply,
        .errors = g->errors,
        .warnings = g->warnings,
        .notes = g->notes,
        .judged = g->judged,
        /* The positions replayed, how many main-line moves were written, and
         * the text of those not replayed (after an illegal move or the end). */
        .fingerprint = arb_line_hash_step(arb_line_hash_step(g->arb.line_hash, g->plies),
                                          g->unplayed_hash),
        .has_fingerprint = g->replayable && g->judged,
    };
    clock_record(g, g->clk_tc, sizeof g->clk_tc, &rec.clock_ms[0], &rec.clock_ms[1]);
    rec.time_control = g->clk_tc[0] ? g->clk_tc : NULL;
    for (int side = 0; side < 2; side++)
        rec.has_clock[side] = rec.clock_ms[side] != CLOCK_NONE;
    game_flush_findings(g);
    if (UNLIKELY(g->sink.want_mainline)) game_mainline_finish(g, &rec);
    g->sink.game(g->sink.ctx, &rec);
    g->active = false;
}

static void begin(struct game *g, const struct pgn_event *ev)
{
    g->index = ev->game;
    g->start = ev->loc;
    for (int t = 0; t < TAG_SLOT_NB; t++)
        g->tags[t].present = false;
    g->active = true;
    g->set_up = false;
    g->judged = true;
    g->replayable = false;
    g->depth = 0;
    g->deep_warned = false;
    g->numbering_warned = false;
    g->plies = 0;
    g->errors = g->warnings = g->notes = 0;
    g->void_moves = 0;
    g->unplayed_hash = 0;
    g->has_result = false;
    g->result_read = GAME_RESULT_READ_NONE;
    g->final_comment_set = false;
    g->comment_due = NULL;
    g->ndeferred = 0;
    g->nfindings = 0;
    g->arb.ending = ENDING_NONE;
    g->arb.ending_ply = 0;
    clock_begin(&g->clk);
    game_nota_begin(g);
    illegal_begin(g);
}

/* a[0, n) == b[0, n) for w <= n <= 2w (w 4 or 8, a constant once inlined):
 * the first and the last w bytes of each, as two loads. */
static inline bool same_ends(const char *a, const char *b, size_t n, size_t w)
{
    uint64_t a0 = 0, a1 = 0, b0 = 0, b1 = 0;
    memcpy(&a0, a, w);
    memcpy(&a1, a + n - w, w);
    memcpy(&b0, b, w);
    memcpy(&b1, b + n - w, w);
    return ((a0 ^ b0) | (a1 ^ b1)) == 0;
}

/* a[0, n) == b[0, n): names of 4 to 16 bytes (every tag name but "FEN"
 * and "TerminationDetails") without a call. */
static inline bool same_name(const char *a, const char *b, size_t n)
{
    if (n - 8 <= 8) return same_ends(a, b, n, 8);
    if (n - 4 <= 3) return same_ends(a, b, n, 4);
    return memcmp(a, b, n) == 0;
}

/* The slot of the tag named [name, name + len), or -1 when it is none of ours. */
static int tag_slot(const struct game *g, const char *name, size_t len)
{
    if (LIKELY(g->tag_buckets_ok)) {
        int t = g->tag_buckets[tag_bucket(name, len)] - 1;
        return t >= 0 && len == game_tag_names[t].len &&
                       same_name(name, game_tag_names[t].text, len)
                   ? t
                   : -1;
    }
    for (int t = 0; t < TAG_SLOT_NB; t++)
        if (len == game_tag_names[t].len && same_name(name, game_tag_names[t].text, len)) return t;
    return -1;
}

/* TimeControl, WhiteClock, BlackClock (clock_check.c): names of 10 and 11
 * bytes that are not ours. */
static __attribute__((noinline)) void on_clock_tag(struct game *g, const struct pgn_event *ev)
{
    const char *n = ev->name;
    int which = ev->name_len == 11 ? (memcmp(n, "TimeControl", 11) == 0 ? 2 : -1)
                : memcmp(n + 1, "hiteClock", 9) == 0 && n[0] == 'W' ? 0
                : memcmp(n + 1, "lackClock", 9) == 0 && n[0] == 'B' ? 1
                                                                     : -1;
    if (which < 0) return;
    if (which == 2) g->clk.tc_loc = ev->loc;
    else g->clk_tag_loc[which] = ev->loc;
    clock_tag(g, which, ev->text, ev->len);
}

static void on_tag(struct game *g, const struct pgn_event *ev)
{
    if (ev->name_len == 0) return;
    int t = tag_slot(g, ev->name, ev->name_len);
    if (t < 0) {
        if (UNLIKELY(ev->name_len - 10 <= 1)) on_clock_tag(g, ev);
        return;
    }
    struct tag *tag = &g->tags[t];
    if (tag->present) return; /* duplicate: the parser reports it; the first one counts */
    tag->present = true;
    tag->loc = ev->loc;
    size_t n = ev->len < TAG_VALUE_MAX - 1 ? ev->len : TAG_VALUE_MAX - 1;
    game_copy_text(tag->value, ev->text, n);
}

/* Every event but a move or a move number (out of line: see game_feed()). */
static __attribute__((noinline)) void feed_other(struct game *g, const struct pgn_event *ev)
{
    if (UNLIKELY(g->nota_hold)) {
        game_nota_keep(g, ev);
        return;
    }
    switch (ev->type) {
    case PGN_EV_GAME_BEGIN:
        begin(g, ev);
        break;
    case PGN_EV_TAG:
        on_tag(g, ev);
        break;
    case PGN_EV_MOVETEXT_BEGIN:
        set_up(g);
        break;
    case PGN_EV_MOVE_NUMBER:
    case PGN_EV_MOVE:
    case PGN_EV_MOVE_COMMENTED:
        break; /* game_feed(), above */
    case PGN_EV_NAG:
        break;
    case PGN_EV_COMMENT:
        set_up(g);
        on_comment(g, ev);
        break;
    case PGN_EV_RAV_BEGIN:
        set_up(g);
        on_rav_begin(g, ev);
        break;
    case PGN_EV_RAV_END:
        on_rav_end(g, ev);
        break;
    case PGN_EV_RESULT: {
        set_up(g);
        if (UNLIKELY(ev->number == PGN_RESULT_AMBIGUOUS) && !game_result_ambiguous(g, ev)) break;
        g->has_result = true;
        g->result_loc = ev->loc;
        size_t n = ev->len < sizeof g->result - 1 ? ev->len : sizeof g->result - 1;
        game_copy_text(g->result, ev->text, n);
        break;
    }
    case PGN_EV_GAME_END:
        finish(g, ev);
        break;
    case PGN_EV_NB:
        break;
    }
}

/* MOVE_NUMBER and MOVE_COMMENTED differ in this bit alone, and below 16 no
 * other value has MOVE_NUMBER's bits without it: one test takes both to
 * on_move_number(), which hands a MOVE_COMMENTED on. */
#define MOVE_NUMBER_OR_COMMENTED 8u
_Static_assert(PGN_EV_MOVE_COMMENTED == (PGN_EV_MOVE_NUMBER | MOVE_NUMBER_OR_COMMENTED) &&
                   PGN_EV_MOVE_NUMBER < MOVE_NUMBER_OR_COMMENTED && PGN_EV_NB <= 16,
               "one test for MOVE_NUMBER and MOVE_COMMENTED (game_feed())");

/* A dispatcher small enough to be inlined into each of its callers (the
 * replay loop has more than one): a move or a move number, the usual
 * events, costs one call, with no frame set up here. */
void game_feed(struct game *g, const struct pgn_event *ev)
{
    if (LIKELY(ev->type == PGN_EV_MOVE))
        on_move(g, ev);
    else if ((ev->type & ~MOVE_NUMBER_OR_COMMENTED) == PGN_EV_MOVE_NUMBER)
        on_move_number(g, ev);
    else
        feed_other(g, ev);
}
