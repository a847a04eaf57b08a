/*
 * trf_match_internal.h - the matcher's state shared by trf_match.c (rounds,
 * pairings, results) and trf_match_players.c (who a player is).
 */
#ifndef PGNARB_TRF_MATCH_INTERNAL_H
#define PGNARB_TRF_MATCH_INTERNAL_H

#include "judge/trf_match.h"

#include <stdint.h>

struct trf_alias {
    char name[256];
    char fide_id[12];
};

/* Names looked up, kept (judge/trf_match_players.c); a power of two. */
#define TRF_MATCH_CACHE_SIZE 2048

/* Who a PGN player is: p, or no one (ambiguous: the first two that fit are
 * in fits; else the nearest names, nnear of them). */
struct trf_who {
    const struct trf_player *p;
    bool ambiguous, unnamed;
    const struct trf_player *fits[2];
    const struct trf_player *near[TRF_MATCH_NEAREST];
    unsigned nnear;
};

struct trf_cached {
    uint64_t hash; /* 0: free */
    size_t len;
    struct trf_who who;
};

struct trf_match {
    const struct trf *t;
    const char *trf_name;
    bool require_all, strict;
    const struct diag_control *ctl;
    uint8_t *covered; /* [round * (max_rank + 1) + rank]: its game was matched */
    struct trf_alias *aliases;
    size_t naliases, aliases_cap;
    unsigned last_round, last_white, last_black;
    struct trf_cached *cache; /* TRF_MATCH_CACHE_SIZE */
    size_t ncached;
};

void trf_match_identify(struct trf_match *m, const char *name, const char *fide_id,
                        struct trf_who *who);

#endif /* PGNARB_TRF_MATCH_INTERNAL_H */
