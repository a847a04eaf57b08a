/*
 * trf_match_players.c - who a PGN player is in a tournament report file
 * (FIDE TRF16 columns 15-47 name, 58-68 FIDE ID): by the game's
 * WhiteFideId/BlackFideId tag, then by the --players alias file ("name =
 * FIDE id"), then by the name as judge/player_name.h compares names (the
 * same name, then initials only when one player fits).  A name that fits
 * two players is never guessed; a name that fits none gets the nearest names.
 */
#include "judge/trf_match_internal.h"

#include "judge/game_record.h"
#include "judge/player_name.h"

#include "i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct trf_player *by_fide_id(const struct trf *t, const char *id)
{
    if (!id || !id[0]) return NULL;
    for (unsigned r = 1; r <= t->max_rank; r++) {
        const struct trf_player *p = trf_player(t, r);
        if (p && p->fide_id[0] && strcmp(p->fide_id, id) == 0) return p;
    }
    return NULL;
}

/* Who name is, by the alias file and then by name. */
static void by_name(const struct trf_match *m, const char *name, size_t len, struct trf_who *who)
{
    const struct trf *t = m->t;
    const struct trf_player *p;
    for (size_t i = 0; i < m->naliases; i++) {
        const struct trf_alias *a = &m->aliases[i];
        if (player_name_fit(a->name, strlen(a->name), name, len) == PLAYER_NAME_SAME &&
            (p = by_fide_id(t, a->fide_id))) {
            who->p = p;
            return;
        }
    }
    /* the same name; else the initials, when one player only fits them */
    for (int want = PLAYER_NAME_SAME; want >= PLAYER_NAME_INITIALS && !who->p; want--) {
        unsigned n = 0;
        for (unsigned r = 1; r <= t->max_rank; r++) {
            const struct trf_player *q = trf_player(t, r);
            if (!q || !q->name[0]) continue;
            if ((int)player_name_fit(q->name, strlen(q->name), name, len) != want) continue;
            if (n < 2) who->fits[n] = q;
            n++;
        }
        if (n == 1) who->p = who->fits[0];
        if (n > 1) {
            who->ambiguous = true;
            return;
        }
        who->fits[0] = NULL;
    }
    if (who->p) return;
    /* the nearest names */
    unsigned best[TRF_MATCH_NEAREST];
    for (unsigned r = 1; r <= t->max_rank; r++) {
        const struct trf_player *q = trf_player(t, r);
        if (!q || !q->name[0]) continue;
        unsigned d = player_name_distance(q->name, strlen(q->name), name, len);
        unsigned k = who->nnear;
        if (k == TRF_MATCH_NEAREST && best[k - 1] <= d) continue;
        if (k < TRF_MATCH_NEAREST)
            who->nnear++;
        else
            k = TRF_MATCH_NEAREST - 1; /* the farthest gives way */
        while (k > 0 && best[k - 1] > d) {
            best[k] = best[k - 1];
            who->near[k] = who->near[k - 1];
            k--;
        }
        best[k] = d;
        who->near[k] = q;
    }
}

void trf_match_identify(struct trf_match *m, const char *name, const char *fide_id,
                        struct trf_who *who)
{
    memset(who, 0, sizeof *who);
    char id[PLAYER_FIDE_ID_DIGITS_MAX + 1];
    const struct trf_player *p =
        fide_id && player_fide_id(fide_id, strlen(fide_id), id) == PLAYER_FIDE_ID_VALID
            ? by_fide_id(m->t, id)
            : NULL;
    if (p) {
        who->p = p;
        return;
    }
    if (!name || !name[0] || strcmp(name, "?") == 0) {
        who->unnamed = true;
        return;
    }
    /* a player's name comes back every round: the answer is kept, by the
     * name's 64-bit hash and length, in a table of TRF_MATCH_CACHE_SIZE */
    size_t len = strlen(name);
    uint64_t h = game_text_hash(0xcbf29ce484222325ull, name, len) | 1; /* 0: a free slot */
    for (size_t i = 0; i < TRF_MATCH_CACHE_SIZE; i++) {
        struct trf_cached *c = &m->cache[(h + i) & (TRF_MATCH_CACHE_SIZE - 1)];
        if (c->hash == h && c->len == len) {
            *who = c->who;
            return;
        }
        if (c->hash == 0) {
            by_name(m, name, len, who);
            if (m->ncached < TRF_MATCH_CACHE_SIZE / 2) {
                c->hash = h;
                c->len = len;
                c->who = *who;
                m->ncached++;
            }
            return;
        }
    }
    by_name(m, name, len, who);
}

bool trf_match_aliases(struct trf_match *m, const char *text, size_t len, char *why,
                       size_t why_len)
{
    memset(m->cache, 0, TRF_MATCH_CACHE_SIZE * sizeof *m->cache); /* answers may change */
    m->ncached = 0;
    size_t i = 0;
    unsigned lineno = 0;
    while (i < len) {
        size_t e = i;
        while (e < len && text[e] != '\n' && text[e] != '\r')
            e++;
        lineno++;
        size_t b = i, n = e - i;
        i = e + 1;
        if (e < len && text[e] == '\r' && e + 1 < len && text[e + 1] == '\n') i++;
        while (n && (text[b] == ' ' || text[b] == '\t'))
            b++, n--;
        if (n == 0 || text[b] == '#') continue;
        if (n >= TRF_MATCH_ALIAS_LINE_MAX) {
            snprintf(why, why_len, _("%u: the line is longer than %u bytes"), lineno,
                     TRF_MATCH_ALIAS_LINE_MAX);
            return false;
        }
        char line[TRF_MATCH_ALIAS_LINE_MAX];
        memcpy(line, text + b, n);
        line[n] = '\0';
        char *eq = strrchr(line, '=');
        char id[PLAYER_FIDE_ID_DIGITS_MAX + 1];
        if (!eq) {
            snprintf(why, why_len, "%u: %s", lineno, _("expected 'name = FIDE id'"));
            return false;
        }
        *eq = '\0';
        size_t nl = strlen(line);
        while (nl && (line[nl - 1] == ' ' || line[nl - 1] == '\t'))
            line[--nl] = '\0';
        char *v = eq + 1;
        size_t vl = strlen(v);
        while (vl && (v[vl - 1] == ' ' || v[vl - 1] == '\t'))
            v[--vl] = '\0';
        if (!nl || player_fide_id(v, vl, id) != PLAYER_FIDE_ID_VALID) {
            snprintf(why, why_len, "%u: %s", lineno,
                     !nl ? _("expected 'name = FIDE id'")
                         : _("the FIDE id after '=' must be digits (at most 11)"));
            return false;
        }
        if (m->naliases == TRF_MATCH_ALIASES_MAX) {
            snprintf(why, why_len, _("%u: more than %u names"), lineno, TRF_MATCH_ALIASES_MAX);
            return false;
        }
        if (m->naliases == m->aliases_cap) {
            size_t cap = m->aliases_cap ? 2 * m->aliases_cap : 16;
            struct trf_alias *a = realloc(m->aliases, cap * sizeof *a);
            if (!a) {
                snprintf(why, why_len, "%s", _("out of memory"));
                return false;
            }
            m->aliases = a;
            m->aliases_cap = cap;
        }
        struct trf_alias *a = &m->aliases[m->naliases++];
        snprintf(a->name, sizeof a->name, "%s", line);
        snprintf(a->fide_id, sizeof a->fide_id, "%s", id);
    }
    return true;
}
