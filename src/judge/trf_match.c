/*
 * trf_match.c - a PGN game against the pairing of its round in a tournament
 * report file (FIDE TRF16 round blocks; FIDE Laws 6.9 and the FIDE Rating
 * Regulations for forfeits and games not played out): the round is the
 * Round tag's first number ("3", "03", "3.12"), else the round whose 132
 * date is the game's Date, else the one round the two players meet in; an
 * ambiguous date or pair is reported, never guessed.  Then the TRF must pair
 * the two players that round, with these colours, and its codes must say
 * what the PGN says (trf_match_result_codes()).  trf_match_finish() lists
 * the games of the TRF that no PGN game matched.
 */
#include "judge/trf_match_internal.h"

#include "diag/diag_control.h"
#include "judge/game_record.h"
#include "pgn/pgn_result.h"

#include "i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct trf_match *trf_match_new(const struct trf *t, const char *trf_name, bool require_all,
                                bool strict)
{
    struct trf_match *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m->t = t;
    m->trf_name = trf_name;
    m->require_all = require_all;
    m->strict = strict;
    m->covered = calloc((size_t)(t->rounds + 1) * (t->max_rank + 1), 1);
    m->cache = calloc(TRF_MATCH_CACHE_SIZE, sizeof *m->cache);
    if (!m->covered || !m->cache) {
        free(m->covered);
        free(m->cache);
        free(m);
        return NULL;
    }
    return m;
}

void trf_match_free(struct trf_match *m)
{
    if (!m) return;
    free(m->covered);
    free(m->cache);
    free(m->aliases);
    free(m);
}

void trf_match_set_control(struct trf_match *m, const struct diag_control *ctl) { m->ctl = ctl; }

bool trf_match_result_codes(const char *result, enum result_kind kind, char *white,
                            char *black)
{
    const struct pgn_result_form *f = result ? pgn_result_read(result, strlen(result)) : NULL;
    if (!f || f->cls == PGN_RESULT_UNFINISHED) return false;
    /* A double forfeit is "-/-"; "0-0" after moves is a loss for both (0/0). */
    bool forfeit = f->cls == PGN_RESULT_FORFEIT || f->cls == PGN_RESULT_DOUBLE_FORFEIT ||
                   kind == RESULT_KIND_FORFEIT || kind == RESULT_KIND_DOUBLE_FORFEIT;
    if (f->cls == PGN_RESULT_DOUBLE_FORFEIT && kind == RESULT_KIND_PLAYED) forfeit = false;
    static const char played[3] = {'0', '=', '1'}, unplayed[3] = {'-', '=', '+'};
    const char *code = forfeit ? unplayed : played;
    *white = code[f->white];
    *black = code[f->black];
    return true;
}

/* A code's score: 2 a win, 1 a draw (or half), 0 a loss, -1 none. */
static int score(char c)
{
    if (c && strchr("1W+FU", c)) return 2;
    if (c && strchr("=DH", c)) return 1;
    if (c && strchr("0L-Z", c)) return 0;
    return -1;
}

static void emit_game(const struct trf_match *m, struct game_record *g, enum diag_code code,
                      const char *message, diag_fn emit, void *ctx)
{
    unsigned level = diag_control_level(m->ctl, code, diag_info(code)->severity);
    if (level == DIAG_LEVEL_OFF || (level == DIAG_NOTE && !m->strict)) return;
    struct diag d;
    struct src_loc loc = {g->offset, g->line, 1};
    diag_init(&d, code, &loc, message);
    d.severity = (enum diag_severity)level;
    d.file = g->file;
    d.game = g->game;
    d.event = g->event;
    d.white = g->white;
    d.black = g->black;
    d.round = g->round;
    if (d.severity == DIAG_ERROR)
        g->errors++;
    else if (d.severity == DIAG_WARNING)
        g->warnings++;
    else
        g->notes++;
    emit(ctx, &d);
}

/* The Round tag's first number; 0 when it starts with none ("?", "-", ""). */
static unsigned round_number(const char *round)
{
    if (!round) return 0;
    while (*round == ' ')
        round++;
    unsigned long n = 0;
    if (*round < '0' || *round > '9') return 0;
    while (*round >= '0' && *round <= '9' && n <= TRF_ROUNDS_MAX + 1ul)
        n = n * 10 + (unsigned long)(*round++ - '0');
    return (unsigned)n;
}

/* Date "YYYY.MM.DD" (or with - or /); false when any part is unknown. */
static bool pgn_date(const char *date, int *y, int *mo, int *d)
{
    return date && sscanf(date, "%4d%*[./-]%2d%*[./-]%2d", y, mo, d) == 3 && *mo >= 1 && *d >= 1;
}

static void say_who(const struct trf_match *m, struct game_record *g, bool white,
                    const struct trf_who *w, diag_fn emit, void *ctx)
{
    char msg[1024], near[512] = "";
    const char *name = white ? g->white : g->black;
    if (w->unnamed) {
        snprintf(msg, sizeof msg, "%s",
                 white ? _("White has no name: the game cannot be found in the TRF")
                       : _("Black has no name: the game cannot be found in the TRF"));
    } else if (w->ambiguous) {
        snprintf(msg, sizeof msg,
                 white ? _("White '%s' fits two players of the TRF, '%s' (%u, line %u) and '%s' "
                           "(%u, line %u): give WhiteFideId or a --players line")
                       : _("Black '%s' fits two players of the TRF, '%s' (%u, line %u) and '%s' "
                           "(%u, line %u): give BlackFideId or a --players line"),
                 name, w->fits[0]->name, w->fits[0]->rank, (unsigned)w->fits[0]->line,
                 w->fits[1]->name, w->fits[1]->rank, (unsigned)w->fits[1]->line);
    } else {
        size_t o = 0;
        for (unsigned i = 0; i < w->nnear && o < sizeof near; i++)
            o += (size_t)snprintf(near + o, sizeof near - o, "%s'%s' (%u)", i ? ", " : "",
                                  w->near[i]->name, w->near[i]->rank);
        snprintf(msg, sizeof msg,
                 white ? _("White '%s' is no player of the TRF; the nearest names are %s")
                       : _("Black '%s' is no player of the TRF; the nearest names are %s"),
                 name ? name : "?", near);
    }
    emit_game(m, g, DIAG_TRF_UNKNOWN_PLAYER, msg, emit, ctx);
}

/* The round of game g between players a and b, 0 when it cannot be told
 * (then said). */
static unsigned find_round(struct trf_match *m, struct game_record *g, unsigned a, unsigned b,
                           diag_fn emit, void *ctx)
{
    const struct trf *t = m->t;
    char msg[512];
    unsigned r = round_number(g->round);
    if (r) {
        if (r <= t->rounds) return r;
        snprintf(msg, sizeof msg,
                 ngettext("Round %u: the TRF has %u round", "Round %u: the TRF has %u rounds",
                          t->rounds),
                 r, t->rounds);
        emit_game(m, g, DIAG_TRF_NO_ROUND, msg, emit, ctx);
        return 0;
    }
    /* the pair's rounds, and the rounds of the game's date */
    unsigned met = 0, met_round = 0, dated = 0, dated_round = 0, dated_other = 0;
    int y, mo, d;
    bool has_date = pgn_date(g->date, &y, &mo, &d);
    for (unsigned k = 1; k <= t->rounds; k++) {
        bool meet = trf_block(t, trf_player(t, a), k)->opponent == b;
        bool on_date = has_date && t->dates[k].year == y && t->dates[k].month == mo &&
                       t->dates[k].day == d;
        if (meet) met++, met_round = k;
        if (on_date) {
            if (!dated) dated_round = k;
            else if (!dated_other) dated_other = k;
            dated++;
        }
    }
    if (dated == 1) return dated_round;
    /* the one round the pair meets in, when the date does not say otherwise */
    if (met == 1 && (!dated || (t->dates[met_round].year == y && t->dates[met_round].month == mo &&
                                t->dates[met_round].day == d)))
        return met_round;
    if (dated > 1)
        snprintf(msg, sizeof msg,
                 _("the Round tag gives no number and the date %s is the date of rounds %u and "
                   "%u of the TRF (%u rounds in all); the players meet in %u of them"),
                 g->date, dated_round, dated_other, dated, met);
    else if (met > 1)
        snprintf(msg, sizeof msg,
                 _("the Round tag gives no number and the players meet %u times in the TRF"), met);
    else
        snprintf(msg, sizeof msg, "%s",
                 _("the Round tag gives no number and the TRF never pairs these players"));
    emit_game(m, g, DIAG_TRF_NO_ROUND, msg, emit, ctx);
    return 0;
}

static void cover(struct trf_match *m, unsigned r, unsigned a, unsigned b)
{
    size_t row = (size_t)r * (m->t->max_rank + 1);
    m->covered[row + a] = m->covered[row + b] = 1;
    m->last_round = r;
}

bool trf_match_cover(struct trf_match *m, unsigned r, unsigned a, unsigned b)
{
    const struct trf *t = m->t;
    const struct trf_player *pa = trf_player(t, a), *pb = trf_player(t, b);
    if (!pa || !pb || r < 1 || r > t->rounds || trf_block(t, pa, r)->opponent != b) return false;
    cover(m, r, a, b);
    return true;
}

void trf_match_last(const struct trf_match *m, unsigned *r, unsigned *white, unsigned *black)
{
    *r = m->last_round;
    *white = m->last_white;
    *black = m->last_black;
}

/* The players are not each other's opponents in round r: byes and other opponents. */
static void not_paired(struct trf_match *m, struct game_record *g, unsigned r,
                       const struct trf_player *pw, const struct trf_player *pb, diag_fn emit,
                       void *ctx)
{
    const struct trf *t = m->t;
    char msg[1024];
    const struct trf_block *bw = trf_block(t, pw, r), *bb = trf_block(t, pb, r);
    for (int side = 0; side < 2; side++) {
        const struct trf_player *p = side ? pb : pw;
        const struct trf_block *k = side ? bb : bw;
        if (k->opponent) continue;
        char code[8];
        snprintf(code, sizeof code, "%c", k->result && k->result != ' ' ? k->result : '.');
        snprintf(msg, sizeof msg,
                 side ? _("Black '%s' (%u) has no opponent in round %u of the TRF (code %s, line "
                          "%u, column %u), yet plays this game")
                      : _("White '%s' (%u) has no opponent in round %u of the TRF (code %s, line "
                          "%u, column %u), yet plays this game"),
                 p->name, p->rank, r, code, (unsigned)p->line, (unsigned)k->column);
        emit_game(m, g, DIAG_TRF_BYE_WITH_GAME, msg, emit, ctx);
    }
    if (bw->opponent || bb->opponent) {
        char ow[64], ob[64];
        snprintf(ow, sizeof ow, "%u", (unsigned)bw->opponent);
        snprintf(ob, sizeof ob, "%u", (unsigned)bb->opponent);
        snprintf(msg, sizeof msg,
                 _("the TRF does not pair '%s' (%u) and '%s' (%u) in round %u: their opponents "
                   "there are %s (line %u) and %s (line %u)"),
                 pw->name, pw->rank, pb->name, pb->rank, r, bw->opponent ? ow : "-",
                 (unsigned)pw->line, bb->opponent ? ob : "-", (unsigned)pb->line);
        emit_game(m, g, DIAG_TRF_NOT_PAIRED, msg, emit, ctx);
    }
}

/* The pairing is found: colours and result. */
static void judge_pairing(struct trf_match *m, struct game_record *g, unsigned r,
                          const struct trf_player *pw, const struct trf_player *pb, diag_fn emit,
                          void *ctx)
{
    const struct trf *t = m->t;
    const struct trf_block *bw = trf_block(t, pw, r), *bb = trf_block(t, pb, r);
    char msg[1024];
    unsigned line = pw->line, col = bw->column + 7;
    if (bw->colour == 'b' || bb->colour == 'w') {
        snprintf(msg, sizeof msg,
                 _("the TRF gives White '%s' (%u) black and Black '%s' (%u) white in round %u "
                   "(line %u, column %u)"),
                 pw->name, pw->rank, pb->name, pb->rank, r, line, (unsigned)bw->column + 5);
        emit_game(m, g, DIAG_TRF_COLOURS_REVERSED, msg, emit, ctx);
    }
    char cw = bw->result, cb = bb->result, pgw, pgb;
    if (!trf_match_result_codes(g->result, g->result_kind, &pgw, &pgb)) return; /* "*": nothing to compare */
    bool trf_forfeit = trf_code_forfeit(cw) || trf_code_forfeit(cb);
    bool trf_played = cw && strchr("10=", cw) && cb && strchr("10=", cb);
    bool pgn_forfeit = trf_code_forfeit(pgw) || trf_code_forfeit(pgb);
    if (trf_forfeit && g->plies > 0) {
        snprintf(msg, sizeof msg,
                 ngettext("the TRF writes a forfeit (%c for '%s', %c for '%s'; line %u, column "
                          "%u) for a game of %u ply that ends %s",
                          "the TRF writes a forfeit (%c for '%s', %c for '%s'; line %u, column "
                          "%u) for a game of %u plies that ends %s",
                          g->plies),
                 cw, pw->name, cb, pb->name, line, col, (unsigned)g->plies, g->result);
        emit_game(m, g, DIAG_TRF_FORFEIT_MISMATCH, msg, emit, ctx);
        return;
    }
    if (trf_played && (pgn_forfeit || g->plies == 0)) {
        snprintf(msg, sizeof msg,
                 _("the TRF writes a played game (%c for '%s', %c for '%s'; line %u, column %u) "
                   "but the PGN records %s without moves"),
                 cw, pw->name, cb, pb->name, line, col, g->result);
        emit_game(m, g, DIAG_TRF_FORFEIT_MISMATCH, msg, emit, ctx);
        return;
    }
    if (trf_played && g->plies < 2) {
        snprintf(msg, sizeof msg,
                 _("the TRF writes a played game (%c/%c, line %u, column %u) for a game of a "
                   "single ply; W, D and L are the codes of a game not played out"),
                 cw, cb, line, col);
        emit_game(m, g, DIAG_TRF_UNPLAYED_GAME, msg, emit, ctx);
    }
    if (score(cw) != score(pgw) || score(cb) != score(pgb)) {
        char c1[8], c2[8];
        snprintf(c1, sizeof c1, "%c", cw && cw != ' ' ? cw : '.');
        snprintf(c2, sizeof c2, "%c", cb && cb != ' ' ? cb : '.');
        snprintf(msg, sizeof msg,
                 _("the result is %s but the TRF writes %s for '%s' and %s for '%s' (round %u, "
                   "line %u, column %u)"),
                 g->result, c1, pw->name, c2, pb->name, r, line, col);
        emit_game(m, g, DIAG_TRF_RESULT_MISMATCH, msg, emit, ctx);
    }
}

void trf_match_game(struct trf_match *m, struct game_record *g, diag_fn emit, void *ctx)
{
    const struct trf *t = m->t;
    m->last_round = m->last_white = m->last_black = 0;
    struct trf_who w, b;
    trf_match_identify(m, g->white, g->white_fide_id, &w);
    trf_match_identify(m, g->black, g->black_fide_id, &b);
    if (!w.p) say_who(m, g, true, &w, emit, ctx);
    if (!b.p) say_who(m, g, false, &b, emit, ctx);
    if (!w.p || !b.p || w.p == b.p) return;
    unsigned r = find_round(m, g, w.p->rank, b.p->rank, emit, ctx);
    if (!r) return;
    if (trf_block(t, w.p, r)->opponent != b.p->rank ||
        trf_block(t, b.p, r)->opponent != w.p->rank) {
        not_paired(m, g, r, w.p, b.p, emit, ctx);
        return;
    }
    cover(m, r, w.p->rank, b.p->rank);
    m->last_white = w.p->rank;
    m->last_black = b.p->rank;
    judge_pairing(m, g, r, w.p, b.p, emit, ctx);
}

void trf_match_finish(struct trf_match *m, diag_fn emit, void *ctx)
{
    const struct trf *t = m->t;
    enum diag_severity sev = m->require_all ? DIAG_ERROR : DIAG_NOTE;
    unsigned level = diag_control_level(m->ctl, DIAG_TRF_MISSING_GAME, sev);
    if (level == DIAG_LEVEL_OFF || (level == DIAG_NOTE && !m->strict)) return;
    char msg[1024];
    for (unsigned r = 1; r <= t->rounds; r++) {
        size_t row = (size_t)r * (t->max_rank + 1);
        for (unsigned a = 1; a <= t->max_rank; a++) {
            const struct trf_player *pa = trf_player(t, a);
            if (!pa || m->covered[row + a]) continue;
            const struct trf_block *ba = trf_block(t, pa, r);
            const struct trf_player *pb = trf_player(t, ba->opponent);
            if (!pb || pb->rank < a) continue;
            const struct trf_block *bb = trf_block(t, pb, r);
            if (bb->opponent != a || !strchr("10=", ba->result ? ba->result : 'x')) continue;
            bool a_white = ba->colour != 'b';
            const struct trf_player *pw = a_white ? pa : pb, *pbk = a_white ? pb : pa;
            const struct trf_block *bw = a_white ? ba : bb, *bbk = a_white ? bb : ba;
            snprintf(msg, sizeof msg,
                     _("round %u: '%s' (%u) - '%s' (%u), %c/%c in the TRF, has no PGN game"), r,
                     pw->name, pw->rank, pbk->name, pbk->rank, bw->result, bbk->result);
            struct diag d;
            struct src_loc loc = {0, pw->line, bw->column};
            diag_init(&d, DIAG_TRF_MISSING_GAME, &loc, msg);
            d.severity = (enum diag_severity)level;
            d.file = m->trf_name;
            emit(ctx, &d);
        }
    }
}
