/*
 * illegal_class.c - what most likely happened at an illegal main-line move of
 * a game played over the board (FIDE 7.5 irregularities, 8.1 recording), so
 * that the replay can go on past it (SPEC "What check reports").
 *
 * When a main-line move names no legal move (SAN_ILLEGAL), the events after
 * it are kept (up to the game's end, ILLEGAL_HORIZON main-line moves or
 * ILLEGAL_KEEP_EVENTS events) and the move is given one class:
 *   - dgt-result-signal: it and what follows (one or two king moves, nothing
 *     else) put both kings in the centre, an electronic board's result
 *     signal: the game is judged as if it ended before them;
 *   - illegal-move that stood: only a rule of check forbids it
 *     (san_stood_move()) and the kept moves replay legally after it: it is
 *     played as written (pos_make_stood()) and the game goes on;
 *   - missing-move: the next move first (two moves swapped), or one move of
 *     the other side put before it (a move not recorded), replays the kept
 *     moves legally: the first candidate is played;
 *   - illegal-move that stood after all, when a rule of check alone forbids
 *     it but no explanation replays everything (a later fault is classified
 *     in its turn);
 *   - otherwise the replay stops there, as for any other illegal move.
 * Then the kept events are replayed for real.  The search is bounded: at
 * most ILLEGAL_RESOLVE_BUDGET move resolutions per illegal move and
 * ILLEGAL_PER_GAME illegal moves classified per game.
 *
 * Nothing here runs for a game without an illegal main-line move.
 */
#include "judge/game_internal.h"

#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/position.h"
#include "chess/san.h"
#include "pgn/pgn_parse.h"

#include "i18n.h"

#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Main-line moves after the illegal one that an explanation must replay. */
#define ILLEGAL_HORIZON 40
/* Events kept after the illegal move (moves, comments, variations...) and
 * the bytes of their texts; past either the kept part decides. */
#define ILLEGAL_KEEP_EVENTS 1024
#define ILLEGAL_KEEP_TEXT   (64u * 1024u)
/* Kept text per event: a longer move is no SAN, a longer comment no claim. */
#define ILLEGAL_EVENT_TEXT 96u
/* Move resolutions one illegal move may cost, all candidates together. */
#define ILLEGAL_RESOLVE_BUDGET 4096
/* Illegal moves classified per game; later ones stop the replay. */
#define ILLEGAL_PER_GAME 16
/* Candidates a missing-move finding names. */
#define ILLEGAL_NAMED 3

enum { KEPT_DIAG = PGN_EV_NB + 1 };

struct kept_event {
    struct pgn_event ev;   /* text: an offset into the text arena */
    uint16_t code;         /* KEPT_DIAG: the finding */
    uint8_t severity;
};

struct search {
    const char *text[ILLEGAL_HORIZON + 2]; /* English, NUL-terminated */
    size_t len[ILLEGAL_HORIZON + 2];
    char buf[ILLEGAL_HORIZON + 2][SAN_TOKEN_MAX + 8];
    const char *raw[3]; /* the first moves as written */
    int n;      /* texts: the illegal move, then the kept main-line moves */
    bool whole; /* to the game's end */
    int budget; /* resolutions left */
};

/* What the replay does at the main-line moves after the illegal one: skip
 * them (a result signal), play plan_move at the plan_wait-th (a swap), or
 * play the reply to a move that stood (pos_make_stood()). */
enum plan { PLAN_NONE, PLAN_SKIP, PLAN_SECOND, PLAN_REPLY };

struct illegal_class {
    /* the illegal move */
    struct pgn_event ill;
    char ill_text[ILLEGAL_EVENT_TEXT + 1];
    char ill_read[SAN_TOKEN_MAX + 8]; /* as the game's letters read it */
    size_t ill_read_len;
    enum san_status ill_st;
    struct san_result ill_res;
    bool saved_numbering_warned;
    /* what was kept after it */
    uint32_t count, moves, depth;
    bool ended; /* the game's end is kept */
    size_t used;
    struct kept_event events[ILLEGAL_KEEP_EVENTS];
    char text[ILLEGAL_KEEP_TEXT];
    /* while replaying */
    bool replaying;
    uint32_t at;
    uint8_t plan; /* enum plan, for the main-line moves after the illegal one */
    uint8_t plan_wait; /* PLAN_SECOND: main-line moves to the one it plays */
    move plan_move;
    struct search search;
};

struct illegal_class *illegal_new(void)
{
    return calloc(1, sizeof(struct illegal_class));
}

void illegal_free(struct illegal_class *ic)
{
    free(ic);
}

void illegal_begin(struct game *g)
{
    g->ic_hold = false;
    g->after_illegal = false;
    g->ic_count = 0;
    g->stood[0] = g->stood[1] = 0;
    g->ic->count = g->ic->moves = g->ic->depth = 0;
    g->ic->used = 0;
    g->ic->ended = false;
    g->ic->plan = PLAN_NONE;
}

static bool ready(const struct illegal_class *ic)
{
    return ic->ended || ic->moves >= ILLEGAL_HORIZON || ic->count == ILLEGAL_KEEP_EVENTS ||
           ic->used + ILLEGAL_EVENT_TEXT + MESSAGE_MAX > sizeof ic->text;
}

static void release(struct game *g);

/* Count what the kept events hold (after they were shifted). */
static void recount(struct illegal_class *ic)
{
    ic->moves = ic->depth = 0;
    ic->ended = false;
    for (uint32_t i = 0; i < ic->count; i++) {
        const struct pgn_event *ev = &ic->events[i].ev;
        if (ev->type == PGN_EV_RAV_BEGIN) ic->depth++;
        if (ev->type == PGN_EV_RAV_END && ic->depth) ic->depth--;
        if (ev->type == PGN_EV_MOVE && ic->depth == 0) ic->moves++;
        if (ev->type == PGN_EV_GAME_END) ic->ended = true;
    }
}

static void append(struct illegal_class *ic, const struct pgn_event *ev, const char *text,
                   size_t n, uint16_t code, uint8_t severity)
{
    struct kept_event *k = &ic->events[ic->count++];
    k->ev = *ev;
    k->ev.name = NULL;
    k->ev.name_len = 0;
    k->code = code;
    k->severity = severity;
    memcpy(ic->text + ic->used, text, n);
    ic->text[ic->used + n] = '\0';
    k->ev.text = (const char *)(uintptr_t)ic->used;
    k->ev.len = n;
    ic->used += n + 1;
}

void illegal_keep(struct game *g, const struct pgn_event *ev)
{
    struct illegal_class *ic = g->ic;
    size_t n = ev->text ? (ev->len < ILLEGAL_EVENT_TEXT ? ev->len : ILLEGAL_EVENT_TEXT) : 0;
    append(ic, ev, ev->text ? ev->text : "", n, 0, 0);
    if (ev->type == PGN_EV_RAV_BEGIN) ic->depth++;
    if (ev->type == PGN_EV_RAV_END && ic->depth) ic->depth--;
    if (ev->type == PGN_EV_MOVE && ic->depth == 0) ic->moves++;
    if (ev->type == PGN_EV_GAME_END) ic->ended = true;
    if (ready(ic)) release(g);
}

void illegal_keep_diag(struct game *g, const struct diag *d)
{
    struct illegal_class *ic = g->ic;
    struct pgn_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = (enum pgn_event_type)KEPT_DIAG;
    ev.loc = d->loc;
    size_t n = strlen(d->message);
    if (n > MESSAGE_MAX - 1) n = MESSAGE_MAX - 1;
    append(ic, &ev, d->message, n, (uint16_t)d->code, (uint8_t)d->severity);
    if (ready(ic)) release(g);
}

bool illegal_start(struct game *g, const struct pgn_event *ev, const char *text, size_t len,
                   enum san_status st, const struct san_result *res)
{
    struct illegal_class *ic = g->ic;
    if (st != SAN_ILLEGAL || g->after_illegal_stop || g->muted || g->ic_count >= ILLEGAL_PER_GAME ||
        g->depth != 0 || len >= sizeof ic->ill_read)
        return false;
    g->ic_count++;
    ic->ill = *ev;
    size_t n = ev->len < ILLEGAL_EVENT_TEXT ? ev->len : ILLEGAL_EVENT_TEXT;
    memcpy(ic->ill_text, ev->text, n);
    ic->ill_text[n] = '\0';
    ic->ill.text = ic->ill_text;
    ic->ill.len = n;
    ic->ill.number = ic->ill.dots = 0;
    memcpy(ic->ill_read, text, len);
    ic->ill_read[len] = '\0';
    ic->ill_read_len = len;
    ic->ill_st = st;
    ic->ill_res = *res;
    g->ic_hold = true;
    if (ic->replaying) {
        /* The events after this one are kept already: to the front. */
        uint32_t from = ic->at + 1, k = 0;
        size_t base = from < ic->count ? (size_t)(uintptr_t)ic->events[from].ev.text : ic->used;
        for (uint32_t i = from; i < ic->count; i++, k++) {
            ic->events[k] = ic->events[i];
            ic->events[k].ev.text = (const char *)((uintptr_t)ic->events[k].ev.text - base);
        }
        memmove(ic->text, ic->text + base, ic->used - base);
        ic->used -= base;
        ic->count = k;
        recount(ic);
        return true; /* release() goes on with them */
    }
    ic->count = 0;
    ic->used = 0;
    recount(ic);
    /* Every later event comes to illegal_keep(): the notation's hold
     * (game_nota_keep() hands them over), with move numbers taken there. */
    ic->saved_numbering_warned = g->numbering_warned;
    g->numbering_warned = true;
    g->nota_hold = true;
    game_nota_slow(g);
    return true;
}

/* ---- the search -------------------------------------------------------- */


/* The kept main-line moves read in the game's letters; false when a letter
 * still means two pieces (the notation is not settled: no class). */
static bool read_moves(const struct game *g, struct search *s)
{
    const struct illegal_class *ic = g->ic;
    s->text[0] = ic->ill_read;
    s->len[0] = ic->ill_read_len;
    s->n = 1;
    s->whole = ic->ended;
    s->budget = ILLEGAL_RESOLVE_BUDGET;
    unsigned depth = 0;
    for (uint32_t i = 0; i < ic->count && s->n < ILLEGAL_HORIZON + 1; i++) {
        const struct pgn_event *ev = &ic->events[i].ev;
        if (ev->type == PGN_EV_RAV_BEGIN) depth++;
        if (ev->type == PGN_EV_RAV_END && depth) depth--;
        if (ev->type != PGN_EV_MOVE || depth) continue;
        const char *t = ic->text + (uintptr_t)ev->text;
        size_t len = ev->len;
        if ((len == 1 && (t[0] == 'N' || t[0] == 'D')) || (len == 2 && !memcmp(t, "RR", 2)))
            continue; /* an annotation mark, no move (game.c, is_glyph_word()) */
        if (len >= sizeof s->buf[0]) return false;
        uint32_t letters = nota_scan(t, len);
        if (letters && !nota_agree(g->nota, letters)) return false;
        char *out = s->buf[s->n];
        if (letters)
            len = nota_translate(g->nota, t, len, out, sizeof s->buf[0]);
        else
            memcpy(out, t, len);
        out[len] = '\0';
        if (s->n < 3) s->raw[s->n] = t;
        s->text[s->n] = out;
        s->len[s->n] = len;
        s->n++;
    }
    if (s->n < ILLEGAL_HORIZON + 1) return true;
    s->whole = false; /* cut at the horizon */
    return true;
}

/* How many of the texts from `from` on replay legally from pos (after a
 * move that stood: its reply is played by pos_make_stood()); *marks counts
 * the check and mate marks the replay contradicts (a + that gives no check,
 * a # that does not mate), to rank explanations that replay as far. */
static int replay_from(struct search *s, struct position pos, int from, bool after_stood,
                       int *marks)
{
    int k = from;
    for (; k < s->n && s->budget > 0; k++) {
        struct san_result r;
        s->budget--;
        if (san_resolve(&pos, s->text[k], s->len[k], &r) != SAN_OK) break;
        if (k == from && after_stood)
            pos_make_stood(&pos, r.m);
        else
            pos_make(&pos, r.m);
        if (marks && r.mark && (!pos.checkers || (r.mark == '#' && movegen_any_legal(&pos))))
            (*marks)++;
    }
    return k - from;
}

/* The square a king move's text goes to, or SQ_NONE. */
static int king_target(const char *t, size_t len)
{
    while (len && (t[len - 1] == '+' || t[len - 1] == '#'))
        len--;
    if (len < 3 || len > 4 || t[0] != 'K' || (len == 4 && t[1] != 'x')) return SQ_NONE;
    char f = t[len - 2], r = t[len - 1];
    if (f < 'a' || f > 'h' || r < '1' || r > '8') return SQ_NONE;
    return SQ_MAKE(f - 'a', r - '1');
}

static bool central(int sq)
{
    return SQ_FILE(sq) >= 3 && SQ_FILE(sq) <= 4 && SQ_RANK(sq) >= 3 && SQ_RANK(sq) <= 4;
}

/* c3 to f6, for two kings next to each other "in the centre". */
static bool near_centre(int sq)
{
    return SQ_FILE(sq) >= 2 && SQ_FILE(sq) <= 5 && SQ_RANK(sq) >= 2 && SQ_RANK(sq) <= 5;
}

/* The game's last one or two moves put both kings in the centre (the
 * illegal one first): an electronic board's result signal. */
static bool dgt_signal(const struct position *pos, const struct search *s)
{
    if (!s->whole || s->n > 2) return false;
    int ksq[2] = {pos_king_square(pos, COLOR_WHITE), pos_king_square(pos, COLOR_BLACK)};
    int side = pos->side;
    for (int i = 0; i < s->n; i++, side ^= 1) {
        int to = king_target(s->text[i], s->len[i]);
        if (to == SQ_NONE || ksq[side] == SQ_NONE) return false;
        ksq[side] = to;
    }
    if (ksq[0] == SQ_NONE || ksq[1] == SQ_NONE || ksq[0] == ksq[1]) return false;
    if (central(ksq[0]) && central(ksq[1])) return true;
    return near_centre(ksq[0]) && near_centre(ksq[1]) &&
           (attacks_king(ksq[0]) & SQ_BB(ksq[1]));
}

/* The moves that, put before the illegal one, make the kept moves legal:
 * the first `max` in out, those whose replay contradicts fewest check and
 * mate marks first (then in the generator's order); returns how many. */
static int inserted_moves(struct search *s, const struct position *pos, move *out, int max)
{
    move list[MOVES_MAX];
    int n = movegen_legal(pos, list), found = 0, best[ILLEGAL_NAMED];
    for (int i = 0; i < n && s->budget > 0; i++) {
        struct position p = *pos;
        pos_make(&p, list[i]);
        struct san_result r;
        s->budget--;
        if (san_resolve(&p, s->text[0], s->len[0], &r) != SAN_OK) continue;
        pos_make(&p, r.m);
        int marks = 0;
        if (replay_from(s, p, 1, false, &marks) != s->n - 1) continue;
        found++;
        /* insertion into the `max` best so far, stable */
        int k = found - 1 < max ? found - 1 : max;
        while (k > 0 && best[k - 1] > marks) {
            if (k < max) {
                out[k] = out[k - 1];
                best[k] = best[k - 1];
            }
            k--;
        }
        if (k < max) {
            out[k] = list[i];
            best[k] = marks;
        }
    }
    return found;
}

/* The illegal move and the move `gap` plies later (1: the next one, 2:
 * the same player's next) swapped make the kept moves legal: the moves the
 * replay plays at the illegal move and at the one swapped with it. */
static bool swapped_moves(struct search *s, const struct position *pos, int gap, move out[2])
{
    if (s->n <= gap) return false;
    struct position p = *pos;
    struct san_result r;
    s->budget -= gap + 1;
    if (san_resolve(&p, s->text[gap], s->len[gap], &r) != SAN_OK) return false;
    out[0] = r.m;
    pos_make(&p, r.m);
    if (gap == 2) {
        if (san_resolve(&p, s->text[1], s->len[1], &r) != SAN_OK) return false;
        pos_make(&p, r.m);
    }
    if (san_resolve(&p, s->text[0], s->len[0], &r) != SAN_OK) return false;
    out[1] = r.m;
    pos_make(&p, r.m);
    return replay_from(s, p, gap + 1, false, NULL) == s->n - gap - 1;
}

/* ---- the findings ------------------------------------------------------ */

/* A move the program writes: in the user's letters. */
static void move_name(const struct position *pos, move m, char *buf)
{
    san_write(pos, m, buf);
    i18n_san_letters(buf);
}

static void emit_stood(struct game *g, const struct move_ctx *at, const char *why, int side)
{
    if (++g->stood[side] < 2) {
        game_emitf(g, DIAG_ILLEGAL_MOVE, DIAG_ERROR, NULL, at,
                   _("illegal move: %s; it stood: the game went on after it, and the rest of "
                     "the game is checked from the position it made"),
                   why);
        return;
    }
    game_emitf(g, DIAG_ILLEGAL_MOVE, DIAG_ERROR, NULL, at,
               side == COLOR_WHITE
                   ? _("illegal move: %s; it stood, and it is White's second illegal move that "
                       "stood: under FIDE 7.5.5 the arbiter declares the game lost by White, "
                       "unless Black cannot checkmate by any series of legal moves (then it is "
                       "drawn)")
                   : _("illegal move: %s; it stood, and it is Black's second illegal move that "
                       "stood: under FIDE 7.5.5 the arbiter declares the game lost by Black, "
                       "unless White cannot checkmate by any series of legal moves (then it is "
                       "drawn)"),
               why);
}

static void emit_inserted(struct game *g, const struct move_ctx *at, const char *why,
                          const struct position *pos, const move *cand, int found)
{
    char list[ILLEGAL_NAMED * 12 + 8] = "";
    size_t used = 0;
    int named = found < ILLEGAL_NAMED ? found : ILLEGAL_NAMED;
    for (int i = 0; i < named; i++) {
        char san[SAN_MAX];
        move_name(pos, cand[i], san);
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", san);
    }
    char shown[sizeof list + 64];
    if (found > named)
        snprintf(shown, sizeof shown,
                 ngettext("%s, or %d other move", "%s, or %d other moves", found - named), list,
                 found - named);
    else
        snprintf(shown, sizeof shown, "%s", list);
    bool white = pos->side == COLOR_WHITE;
    const char *fmt;
    if (found == 1)
        fmt = white ? _("illegal as written (%s), but the rest of the game is legal once the "
                        "White move %s is put before it: a White move was most likely not "
                        "recorded; the game is checked with it")
                    : _("illegal as written (%s), but the rest of the game is legal once the "
                        "Black move %s is put before it: a Black move was most likely not "
                        "recorded; the game is checked with it");
    else
        fmt = white ? _("illegal as written (%s), but the rest of the game is legal once one "
                        "White move is put before it (%s): a White move was most likely not "
                        "recorded; the game is checked with the first")
                    : _("illegal as written (%s), but the rest of the game is legal once one "
                        "Black move is put before it (%s): a Black move was most likely not "
                        "recorded; the game is checked with the first");
    game_emitf(g, DIAG_MISSING_MOVE, DIAG_ERROR, NULL, at, fmt, why, shown);
}

/* The replay goes past the illegal move: what is found after it says so. */
static void go_past(struct game *g)
{
    if (!g->after_illegal) g->after_illegal_at = g->ic->ill.loc.offset;
    g->after_illegal = true;
}

/* ---- deciding and replaying -------------------------------------------- */

enum verdict_kind { V_STOP, V_DGT, V_STOOD, V_SWAP, V_INSERT };

struct verdict {
    enum verdict_kind kind;
    int gap;                   /* V_SWAP: 1 or 2 */
    move m[2];                 /* V_STOOD: m[0]; V_SWAP: the two moves played */
    move cand[ILLEGAL_NAMED];  /* V_INSERT */
    int found;
};

/* The class of the illegal move from pos, the kept moves read in s. */
static void classify(struct search *s, const struct position *pos, const struct san_result *res,
                     struct verdict *v)
{
    v->kind = V_STOP;
    if (dgt_signal(pos, s)) {
        v->kind = V_DGT;
        return;
    }
    if (s->n < 2) return; /* nothing after it tells what happened */
    int stood_plies = -1; /* how far the game goes on after it, if it stood */
    if (san_stood_move(pos, res, &v->m[0])) {
        struct position p = *pos;
        pos_make_stood(&p, v->m[0]);
        stood_plies = replay_from(s, p, 1, true, NULL);
        if (stood_plies == s->n - 1) {
            v->kind = V_STOOD;
            return;
        }
    }
    move stood = v->m[0];
    for (v->gap = 1; v->gap <= 2; v->gap++)
        if (swapped_moves(s, pos, v->gap, v->m)) {
            v->kind = V_SWAP;
            return;
        }
    if ((v->found = inserted_moves(s, pos, v->cand, ILLEGAL_NAMED))) {
        v->kind = V_INSERT;
        return;
    }
    if (stood_plies >= 1) {
        /* No explanation replays everything, but the reply to it is legal:
         * it stood, and what fails later is classified in its turn (a
         * reply that is illegal too - the kings side by side - says the
         * record is wrong there, not that the move stood). */
        v->kind = V_STOOD;
        v->m[0] = stood;
    }
}

/* Classify the illegal move: the kept moves read in the game's letters,
 * or, where a letter still means two pieces (R, P), in each reading (English
 * first) until one explains it; the notation is then that reading's. */
static bool judge(struct game *g, const struct position *pos, struct verdict *v)
{
    struct illegal_class *ic = g->ic;
    struct search *s = &ic->search;
    uint32_t letters = 0;
    for (uint32_t i = 0; i < ic->count; i++)
        if (ic->events[i].ev.type == PGN_EV_MOVE)
            letters |= nota_scan(ic->text + (uintptr_t)ic->events[i].ev.text, ic->events[i].ev.len);
    if (!ic->ended && !ic->moves) return false; /* the kept part holds no move */
    unsigned cls[NOTA_SET_NB];
    int ncls = game_nota_classes(g->nota, letters, cls);
    unsigned sets = g->nota;
    for (int c = 0; c < ncls; c++) {
        g->nota = cls[c];
        if (!read_moves(g, s)) continue;
        classify(s, pos, &ic->ill_res, v);
        if (v->kind != V_STOP) return true;
    }
    g->nota = sets; /* no class: the notation is left as it was */
    return false;
}

/* Decide the class of the illegal move and play what it says on the main
 * line (the position is still the one before the move). */
static void decide(struct game *g)
{
    struct illegal_class *ic = g->ic;
    struct search *s = &ic->search;
    struct line *l = &g->lines[0];
    const struct position pos = l->pos;
    struct verdict v;
    ic->plan = PLAN_NONE;
    if (!judge(g, &pos, &v) || v.kind == V_STOP) {
        game_move_failed(g, &ic->ill, l, ic->ill_read, ic->ill_read_len, ic->ill_st, &ic->ill_res);
        return;
    }
    struct move_ctx at;
    game_move_ctx_set(&at, &ic->ill, l->ply + 1, &pos, false, l);
    char why[MESSAGE_MAX - 160];
    san_explain(&pos, &ic->ill_res, why, sizeof why);
    char first[SAN_MAX];
    switch (v.kind) {
    case V_DGT:
        if (s->n == 1)
            game_emitf(g, DIAG_DGT_RESULT_SIGNAL, DIAG_WARNING, NULL, &at,
                       _("%s, the last move, is no legal move (%s) and puts both kings in the "
                         "centre: most likely an electronic board's result signal; the game is "
                         "judged as if it ended before it"),
                       at.san, why);
        else
            game_emitf(g, DIAG_DGT_RESULT_SIGNAL, DIAG_WARNING, NULL, &at,
                       _("%s and %s, the last two moves, put both kings in the centre, and %s "
                         "is no legal move (%s): most likely an electronic board's result "
                         "signal; the game is judged as if it ended before them"),
                       at.san, s->raw[1], at.san, why);
        ic->plan = PLAN_SKIP;
        return;
    case V_STOOD:
        emit_stood(g, &at, why, pos.side);
        go_past(g);
        game_play_planned(g, &ic->ill, v.m[0], true);
        ic->plan = PLAN_REPLY;
        return;
    case V_SWAP:
        move_name(&pos, v.m[0], first);
        game_emitf(g, DIAG_MISSING_MOVE, DIAG_ERROR, NULL, &at,
                   v.gap == 1 ? _("illegal as written (%s), but the rest of the game is legal "
                                  "when it and the next move, %s, are swapped: they were most "
                                  "likely written in the wrong order; the game is checked with "
                                  "%s first")
                              : _("illegal as written (%s), but the rest of the game is legal "
                                  "when it and the same player's next move, %s, are swapped: "
                                  "they were most likely written in the wrong order; the game "
                                  "is checked with %s first"),
                   why, s->raw[v.gap], first);
        go_past(g);
        game_play_planned(g, &ic->ill, v.m[0], false);
        ic->plan = PLAN_SECOND;
        ic->plan_wait = (uint8_t)v.gap;
        ic->plan_move = v.m[1];
        return;
    case V_INSERT: {
        emit_inserted(g, &at, why, &pos, v.cand, v.found);
        go_past(g);
        g->plies++; /* the game as judged has the move put in */
        game_play_planned(g, &ic->ill, v.cand[0], false);
        struct san_result r;
        san_resolve(&l->pos, s->text[0], s->len[0], &r);
        game_play_planned(g, &ic->ill, r.m, false);
        return;
    }
    case V_STOP:
        break;
    }
}

/* Decide, then replay the kept events; again while an illegal move among
 * them is kept with what follows it and is ready to decide. */
static void release(struct game *g)
{
    struct illegal_class *ic = g->ic;
    bool was_replaying = g->nota_replaying;
    do {
        g->ic_hold = false;
        g->nota_hold = false;
        g->numbering_warned = ic->saved_numbering_warned;
        /* Every kept move takes the general path (the plan is asked there),
         * and the notation keeps nothing while they replay. */
        g->nota_replaying = true;
        game_nota_slow(g);
        decide(g);
        ic->replaying = true;
        for (ic->at = 0; ic->at < ic->count && !g->ic_hold; ic->at++) {
            struct kept_event *k = &ic->events[ic->at];
            struct pgn_event ev = k->ev;
            ev.text = ic->text + (uintptr_t)k->ev.text;
            if (k->ev.type == (enum pgn_event_type)KEPT_DIAG)
                game_emit(g, (enum diag_code)k->code, (enum diag_severity)k->severity, &ev.loc,
                          NULL, ev.text);
            else
                game_feed(g, &ev);
        }
        ic->replaying = false;
        ic->plan = PLAN_NONE;
        if (g->ic_hold) {
            /* illegal_start() moved what follows to the front */
            ic->saved_numbering_warned = g->numbering_warned;
            g->numbering_warned = true;
            g->nota_hold = true;
        }
    } while (g->ic_hold && ready(ic));
    if (!g->ic_hold) {
        ic->count = 0;
        ic->used = 0;
        recount(ic);
    }
    g->nota_replaying = was_replaying;
    game_nota_slow(g);
}

bool illegal_planned(struct game *g, const struct pgn_event *ev, const char *text, size_t len)
{
    struct illegal_class *ic = g->ic;
    if (!ic->replaying || ic->plan == PLAN_NONE) return false;
    if (ic->plan == PLAN_SKIP) return true; /* the result signal: not a move */
    if (ic->plan == PLAN_REPLY) {
        ic->plan = PLAN_NONE;
        struct san_result r;
        if (san_resolve(&g->lines[0].pos, text, len, &r) != SAN_OK) return false;
        game_play_planned(g, ev, r.m, true);
        return true;
    }
    if (--ic->plan_wait) return false;
    ic->plan = PLAN_NONE;
    game_play_planned(g, ev, ic->plan_move, false);
    return true;
}
