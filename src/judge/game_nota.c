/*
 * game_nota.c - which notation a game is written in (SPEC "Notation and
 * language"), decided from that game's own text alone.
 *
 * Each game starts from the sets --notation allows (all of them by default:
 * English, Italian/Spanish, French, German, Dutch; figurines in every one).
 * Every move's letters narrow the sets (chess/notation.h): C, A, F, T, D, L,
 * S name no English piece, N, B, Q no other.  A move is read with the meaning
 * its letters have under the sets still possible; only R (English rook,
 * Romance king) and P (English pawn, Dutch knight) can mean two pieces.
 *
 * When a move's letter still means two pieces, the game's events from that
 * move on are kept (in a buffer made once per struct game; nothing is
 * allocated per move) and not replayed until a later letter decides, or the
 * game ends, or the buffer is full.  Then, if still undecided, legality
 * decides: each reading replays the kept events on a copy of the game's
 * state with its findings dropped, and the reading that replays every move
 * wins.  When more than one does, the game is judged in the first (English
 * before the others) and a warning at the first move where they part names
 * both.  When none does, the one that replays further is judged.  Then the
 * kept events are replayed for real, findings and all, in their order.
 *
 * English games pay nothing per move once a letter has decided (usually the
 * first N or B); before that their moves take the general path of game.c.
 */
#include "judge/game_internal.h"

#include "chess/notation.h"
#include "chess/san.h"
#include "judge/game.h"
#include "pgn/pgn_parse.h"

#include "i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Bytes of events kept while a game's notation is undecided; past that the
 * kept part is decided on by legality and the game goes on. */
#define NOTA_KEEP_BYTES (128u * 1024u)
/* Kept text per event: a longer move is no SAN anyway, a longer comment
 * no claim (game.c keeps 71 bytes of a closing comment). */
#define NOTA_KEEP_TEXT 96u

enum { KEPT_DIAG = PGN_EV_NB + 1 };

struct kept {
    uint8_t type; /* enum pgn_event_type, or KEPT_DIAG */
    uint8_t severity;
    uint16_t code;
    uint32_t len; /* bytes of text that follow */
    unsigned number, dots, depth;
    bool has_result;
    struct src_loc loc;
    uint64_t game;
};

struct game_nota {
    size_t used;           /* bytes of buf in use */
    uint32_t count;        /* events kept */
    uint32_t letters;      /* nota_scan() of the kept moves, ORed */
    bool numbering_warned; /* the game's own, while kept events borrow it */
    _Alignas(8) unsigned char buf[NOTA_KEEP_BYTES];
    struct game snap; /* the game's state before the first kept event */
};

struct game_nota *game_nota_new(void)
{
    return calloc(1, sizeof(struct game_nota));
}

void game_nota_free(struct game_nota *nt)
{
    free(nt);
}

void game_nota_slow(struct game *g)
{
    g->nota_slow = g->nota_hold || g->nota_replaying             ? 3
                   : !(g->nota == NOTA_EN || g->nota == NOTA_DE) ? 1
                                                                 : 0;
}

void game_nota_begin(struct game *g)
{
    g->nota = g->nota_start;
    g->nota_hold = false;
    g->nota_glyph = false;
    g->nota_replaying = false;
    g->muted = false;
    g->nota_part_at = UINT32_MAX;
    g->nt->used = 0;
    g->nt->count = 0;
    g->nt->letters = 0;
    game_nota_slow(g);
}

/* Append a record; false when the buffer is full. */
static bool append(struct game_nota *nt, const struct kept *k, const char *text)
{
    size_t need = (sizeof *k + k->len + 7u) & ~(size_t)7u;
    if (nt->used + need > sizeof nt->buf) return false;
    memcpy(nt->buf + nt->used, k, sizeof *k);
    if (k->len) memcpy(nt->buf + nt->used + sizeof *k, text, k->len);
    nt->used += need;
    nt->count++;
    return true;
}

/* Replay the kept events: for real (all of them), or as a trial (muted, no
 * parser findings, not the end of the game). */
static void replay(struct game *g, bool real)
{
    struct game_nota *nt = g->nt;
    size_t at = 0;
    for (uint32_t i = 0; i < nt->count; i++) {
        struct kept k;
        memcpy(&k, nt->buf + at, sizeof k);
        const char *text = (const char *)nt->buf + at + sizeof k;
        at += (sizeof k + k.len + 7u) & ~(size_t)7u;
        g->trial_at = i;
        if (k.type == KEPT_DIAG) {
            if (real)
                game_emit(g, (enum diag_code)k.code, (enum diag_severity)k.severity, &k.loc, NULL,
                          text);
            continue;
        }
        if (!real && k.type == PGN_EV_GAME_END) continue;
        struct pgn_event ev;
        memset(&ev, 0, sizeof ev);
        ev.type = (enum pgn_event_type)k.type;
        ev.loc = k.loc;
        ev.text = text;
        ev.len = k.len ? k.len - 1 : 0; /* the NUL kept after the text */
        ev.number = k.number;
        ev.dots = k.dots;
        ev.depth = k.depth;
        ev.game = k.game;
        ev.has_result = k.has_result;
        game_feed(g, &ev);
    }
}

/* Stop keeping: read the kept events under `sets` and replay them. */
static void release(struct game *g, unsigned sets)
{
    g->nota_hold = false;
    g->numbering_warned = g->nt->numbering_warned;
    g->nota = sets;
    g->nota_replaying = true;
    game_nota_slow(g);
    replay(g, true);
    g->nota_replaying = false;
    g->nota_part_at = UINT32_MAX;
    g->nt->used = 0;
    g->nt->count = 0;
    g->nt->letters = 0;
    game_nota_slow(g);
}

/* The index of the first kept move whose letters the two masks read
 * differently, with its text. */
static uint32_t parting_move(const struct game_nota *nt, unsigned a, unsigned b, const char **text,
                             size_t *len)
{
    size_t at = 0;
    for (uint32_t i = 0; i < nt->count; i++) {
        struct kept k;
        memcpy(&k, nt->buf + at, sizeof k);
        const char *t = (const char *)nt->buf + at + sizeof k;
        at += (sizeof k + k.len + 7u) & ~(size_t)7u;
        if (k.type != PGN_EV_MOVE || !k.len) continue;
        if (!nota_agree(a | b, nota_scan(t, k.len - 1))) {
            *text = t;
            *len = k.len - 1;
            return i;
        }
    }
    return UINT32_MAX;
}

int game_nota_classes(unsigned sets, uint32_t letters, unsigned cls[NOTA_SET_NB])
{
    int ncls = 0;
    for (int s = 0; s < NOTA_SET_NB; s++) {
        unsigned bit = 1u << s;
        if (!(sets & bit)) continue;
        int c = 0;
        while (c < ncls && !nota_agree(cls[c] | bit, letters))
            c++;
        if (c == ncls) cls[ncls++] = 0;
        cls[c] |= bit;
    }
    return ncls;
}

/* Undecided to the end of what is kept (the game, or the buffer when
 * full: partial): legality decides. */
static void decide(struct game *g, bool partial)
{
    struct game_nota *nt = g->nt;
    unsigned cls[NOTA_SET_NB];
    int ncls = game_nota_classes(g->nota, nt->letters, cls);
    if (ncls <= 1) {
        release(g, g->nota);
        return;
    }
    uint32_t fail[NOTA_SET_NB];
    nt->snap = *g;
    for (int c = 0; c < ncls; c++) {
        *g = nt->snap;
        g->nota_hold = false;
        g->numbering_warned = nt->numbering_warned;
        g->nota = cls[c];
        g->muted = true;
        g->nota_replaying = true;
        g->trial_fail = UINT32_MAX;
        g->trial_first_ok = false;
        game_nota_slow(g);
        replay(g, false);
        /* A reading whose first kept move was never played (the game had
         * ended before it: a stalemate) shows nothing: it replays nothing. */
        fail[c] = g->trial_first_ok ? g->trial_fail : 0;
    }
    *g = nt->snap;
    int chosen = 0, legal[NOTA_SET_NB], nlegal = 0;
    for (int c = 0; c < ncls; c++)
        if (fail[c] == UINT32_MAX) legal[nlegal++] = c;
    if (nlegal >= 1) {
        chosen = legal[0];
    } else {
        for (int c = 1; c < ncls; c++)
            if (fail[c] > fail[chosen]) chosen = c;
    }
    if (nlegal >= 2) {
        unsigned a = cls[legal[0]], b = cls[legal[1]];
        const char *text = NULL;
        size_t len = 0;
        g->nota_part_at = parting_move(nt, a, b, &text, &len);
        /* English before the others, except where they part on a P: a pawn
         * letter is no export-format SAN, the Dutch knight is the letter of
         * its notation. */
        if (text && text[0] == 'P' && (b & NOTA_NL)) {
            unsigned t = a;
            a = b;
            b = t;
            chosen = legal[1];
        }
        if (text) {
            char ra[SAN_TOKEN_MAX + 8] = "", rb[SAN_TOKEN_MAX + 8] = "";
            if (len < sizeof ra) {
                nota_translate(a, text, len, ra, sizeof ra);
                nota_translate(b, text, len, rb, sizeof rb);
            }
            snprintf(g->nota_part_msg, sizeof g->nota_part_msg,
                     partial ? _("this move reads as %s (a %s move) in %s and as %s (a %s "
                                 "move) in %s; both readings replay the next 128 KB of the "
                                 "game legally, and it is judged in %s")
                             : _("this move reads as %s (a %s move) in %s and as %s (a %s "
                                 "move) in %s; both readings replay the whole game legally, and "
                                 "it is judged in %s"),
                     ra, nota_piece_word(ra[0] >= 'A' && ra[0] <= 'Z' ? ra[0] : 'P'),
                     nota_name(a, false), rb,
                     nota_piece_word(rb[0] >= 'A' && rb[0] <= 'Z' ? rb[0] : 'P'),
                     nota_name(b, false), nota_name(a, false));
        }
    }
    release(g, cls[chosen]);
}

void game_nota_narrow(struct game *g, uint32_t letters)
{
    g->nota = nota_narrow(g->nota, letters);
    game_nota_slow(g);
}

/* A main-line move in the game's own letters (Cf3, Txe1 in Italian) that
 * on_move_open() would otherwise send to on_move_general(): read as
 * game_nota_read() below reads it - the notations narrowed by its letter, the
 * letter's one meaning put first - into g->read_text, for play_move() to
 * resolve on the usual path.  NULL (nothing done but the narrowing, which
 * the general path repeats to the same effect) for every other case. */
const char *game_nota_read_usual(struct game *g, const struct pgn_event *ev)
{
    if (!nota_lead_letter_only(ev->text, ev->len)) return NULL;
    /* A settled game's own letter (an Italian C, A, T, D or R) comes here
     * only when san_fast_resolve_read() left its move (on_move_open()):
     * one lookup says the piece, and there is nothing to narrow. */
    char english = nota_reading(g->nota, ev->text[0]);
    if (UNLIKELY(!english)) {
        game_nota_narrow(g, 1u << (ev->text[0] - 'A'));
        english = nota_meaning(g->nota, ev->text[0]);
        if (!english) return NULL; /* no meaning, or two: the general path holds or reports it */
    }
    g->read_text[0] = english;
    game_copy_text(g->read_text + 1, ev->text + 1, ev->len - 1); /* len <= 15 */
    return g->read_text;
}

bool game_nota_read(struct game *g, const struct pgn_event *ev, bool will_resolve, char *buf,
                    size_t size, const char **text, size_t *len)
{
    *text = ev->text;
    *len = ev->len;
    uint32_t letters = nota_scan(ev->text, ev->len);
    if (!letters) return true;
    if (letters & NOTA_GLYPH) g->nota_glyph = true;
    g->nota = nota_narrow(g->nota, letters);
    unsigned sets = g->nota;
    if (!nota_agree(sets, letters)) {
        if (will_resolve && !g->muted && !g->nota_replaying) {
            g->nota_hold = true;
            /* Move numbers take on_move_number_general() while events are
             * kept: the flag it tests anyway, given back at release(). */
            g->nt->numbering_warned = g->numbering_warned;
            g->numbering_warned = true;
            game_nota_slow(g);
            game_nota_keep(g, ev);
            return false;
        }
        sets = nota_first_set(sets); /* not replayed: any reading will do */
    }
    game_nota_slow(g);
    if (ev->len < size) {
        *len = nota_translate(sets, ev->text, ev->len, buf, size);
        *text = buf;
    }
    return true;
}

void game_nota_keep(struct game *g, const struct pgn_event *ev)
{
    struct pgn_event mv;
    if ((ev->type == PGN_EV_MOVE && ev->number) || ev->type == PGN_EV_MOVE_COMMENTED) {
        /* A numbered move comes here from play_move(), which took its number
         * first (kept, while events are), and a move with its comment
         * before feed_other() takes the comment: the move alone is kept. */
        mv = *ev;
        mv.number = mv.dots = 0;
        pgn_event_uncommented(&mv);
        ev = &mv;
    }
    if (UNLIKELY(g->ic_hold)) {
        illegal_keep(g, ev); /* kept for illegal_class.c, which took the hold */
        return;
    }
    struct game_nota *nt = g->nt;
    struct kept k;
    memset(&k, 0, sizeof k);
    k.type = (uint8_t)ev->type;
    k.loc = ev->loc;
    k.number = ev->number;
    k.dots = ev->dots;
    k.depth = ev->depth;
    k.game = ev->game;
    k.has_result = ev->has_result;
    char text[NOTA_KEEP_TEXT + 1];
    size_t n = ev->text ? (ev->len < NOTA_KEEP_TEXT ? ev->len : NOTA_KEEP_TEXT) : 0;
    if (n) memcpy(text, ev->text, n);
    text[n] = '\0';
    k.len = (uint32_t)n + 1;
    if (!append(nt, &k, text)) {
        /* Full: decide on what is kept, then take this event as it comes. */
        decide(g, true);
        game_feed(g, ev);
        return;
    }
    if (ev->type == PGN_EV_MOVE) {
        uint32_t letters = nota_scan(text, n);
        if (letters & NOTA_GLYPH) g->nota_glyph = true;
        g->nota = nota_narrow(g->nota, letters);
        nt->letters |= letters;
        if (nota_agree(g->nota, nt->letters)) release(g, g->nota);
    } else if (ev->type == PGN_EV_GAME_END) {
        decide(g, false);
    }
}

void game_nota_keep_diag(struct game *g, const struct diag *d)
{
    if (UNLIKELY(g->ic_hold)) {
        illegal_keep_diag(g, d);
        return;
    }
    struct kept k;
    memset(&k, 0, sizeof k);
    k.type = KEPT_DIAG;
    k.code = (uint16_t)d->code;
    k.severity = (uint8_t)d->severity;
    k.loc = d->loc;
    size_t n = strlen(d->message);
    if (n > MESSAGE_MAX - 1) n = MESSAGE_MAX - 1;
    char text[MESSAGE_MAX];
    memcpy(text, d->message, n);
    text[n] = '\0';
    k.len = (uint32_t)n + 1;
    if (!append(g->nt, &k, text)) {
        decide(g, true);
        game_emit(g, d->code, d->severity, &d->loc, NULL, d->message);
    }
}

const char *game_nota_name(const struct game *g)
{
    if (g->nota_glyph) return nota_name(g->nota, true);
    if (g->nota & NOTA_EN) return NULL;
    return nota_name(g->nota, false);
}

const char *game_nota_reading(const struct game *g)
{
    return nota_name(g->nota_glyph ? NOTA_EN : g->nota, g->nota_glyph);
}

void game_nota_end(struct game *g)
{
    const char *name = game_nota_name(g);
    if (!name || !game_reports(g, DIAG_NONCANONICAL_SAN, DIAG_NOTE) || !g->judged || !g->replayable) return; /* moves not read */
    game_emitf(g, DIAG_NONCANONICAL_SAN, DIAG_NOTE, &g->start, NULL,
               _("the moves of this game are written in %s (%s), not in the English letters "
                 "of export-format SAN"),
               name, nota_legend(g->nota_glyph ? NOTA_EN : g->nota, g->nota_glyph));
}
