/*
 * trf_check.c - a TRF held to itself (FIDE Handbook C.04 Annex 2, TRF16):
 * every round block that names an opponent is answered by the opponent's
 * block of that round (the pairing is mutual), the two colours are opposite
 * (w/b, or both '-' for a game written without colours), the two result
 * codes complement each other (1/0, =/=, W/L, D/D, +/-, -/-), and the
 * opponent has a player line; and each player's points column adds up under
 * the file's scoring (162 / XXS, else 1, 1/2, 0).  Each finding is at the
 * TRF line and column of the block or field.
 */
#include "trf/trf.h"

#include "i18n.h"

#include <stdio.h>
#include <string.h>

bool trf_code_played(char code) { return code && strchr("10=WDL", code); }

bool trf_code_forfeit(char code) { return code == '+' || code == '-'; }

bool trf_codes_complement(char a, char b)
{
    static const char *const pairs[] = {"10", "01", "==", "+-", "-+", "WL", "LW", "DD", "--"};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
        if (pairs[i][0] == a && pairs[i][1] == b) return true;
    return false;
}

int trf_code_points(const struct trf *t, char code)
{
    const struct trf_scoring *s = &t->scoring;
    switch (code) {
    case '1': case 'W': return s->win;
    case '=': case 'D': return s->draw;
    case '0': case 'L': return s->loss;
    case '+': return s->forfeit_win;
    case '-': return s->forfeit_loss;
    case 'H': return s->half_bye;
    case 'F': return s->full_bye;
    case 'U': return s->pairing_bye;
    case 'Z': return s->zero_bye;
    default: return 0;
    }
}

static void emit(const char *name, diag_fn fn, void *ctx, enum diag_code code, uint32_t line,
                 uint32_t column, const char *message)
{
    struct diag d;
    struct src_loc loc = {0, line, column};
    diag_init(&d, code, &loc, message);
    d.file = name;
    fn(ctx, &d);
}

/* A result code for a message: "blank" for a blank one. */
static const char *code_shown(char c, char buf[2])
{
    if (c == ' ' || !c) return _("blank");
    buf[0] = c, buf[1] = '\0';
    return buf;
}

/* Player p's block b of round r names an opponent: is it answered? */
static void check_block(const struct trf *t, const struct trf_player *p, unsigned r,
                        const struct trf_block *b, const char *name, diag_fn fn, void *ctx)
{
    char m[512], c1[2], c2[2];
    const struct trf_player *o = trf_player(t, b->opponent);
    if (!o || b->opponent == p->rank) {
        snprintf(m, sizeof m,
                 b->opponent == p->rank
                     ? _("round %u: player %u is paired with themself")
                     : _("round %u: player %u names opponent %u, who has no player line"),
                 r, p->rank, (unsigned)b->opponent);
        emit(name, fn, ctx, DIAG_TRF_INCONSISTENT, p->line, b->column, m);
        return;
    }
    const struct trf_block *ob = trf_block(t, o, r);
    if (!ob || ob->opponent != p->rank) {
        if (ob && ob->opponent)
            snprintf(m, sizeof m,
                     _("round %u: player %u names opponent %u, who names player %u (line %u)"), r,
                     p->rank, o->rank, (unsigned)ob->opponent, (unsigned)o->line);
        else
            snprintf(m, sizeof m,
                     _("round %u: player %u names opponent %u, who names no opponent (line %u)"),
                     r, p->rank, o->rank, (unsigned)o->line);
        emit(name, fn, ctx, DIAG_TRF_INCONSISTENT, p->line, b->column, m);
        return;
    }
    if (o->rank < p->rank) return; /* the pair is judged once, from its lower rank */
    bool coloured = b->colour == 'w' || b->colour == 'b';
    bool ocoloured = ob->colour == 'w' || ob->colour == 'b';
    if ((coloured || ocoloured) && (b->colour == ob->colour || !coloured || !ocoloured)) {
        snprintf(m, sizeof m,
                 _("round %u: players %u and %u do not have opposite colours ('%c' and '%c', "
                   "line %u)"),
                 r, p->rank, o->rank, b->colour, ob->colour, (unsigned)o->line);
        emit(name, fn, ctx, DIAG_TRF_INCONSISTENT, p->line, b->column + 5, m);
    }
    if (!trf_codes_complement(b->result, ob->result)) {
        snprintf(m, sizeof m,
                 _("round %u: the results of players %u and %u do not match (%s and %s, line %u)"),
                 r, p->rank, o->rank, code_shown(b->result, c1), code_shown(ob->result, c2),
                 (unsigned)o->line);
        emit(name, fn, ctx, DIAG_TRF_INCONSISTENT, p->line, b->column + 7, m);
    }
}

void trf_check(const struct trf *t, const char *name, diag_fn fn, void *ctx)
{
    char m[512];
    for (unsigned rank = 1; rank <= t->max_rank; rank++) {
        const struct trf_player *p = trf_player(t, rank);
        if (!p) continue;
        int sum = 0;
        for (unsigned r = 1; r <= t->rounds; r++) {
            const struct trf_block *b = trf_block(t, p, r);
            sum += trf_code_points(t, b->result);
            if (b->opponent) check_block(t, p, r, b, name, fn, ctx);
        }
        if (p->has_points && sum != p->points) {
            snprintf(m, sizeof m,
                     _("player %u (%s): the points column says %d.%d, the round results add up "
                       "to %d.%d"),
                     rank, p->name, p->points / 10, p->points % 10, sum / 10, sum % 10);
            emit(name, fn, ctx, DIAG_TRF_POINTS, p->line, p->points_column, m);
        }
    }
}
