/*
 * trf_dump.c - prints what src/trf reads from a TRF, as one JSON object in
 * the shape of ../shared/corpus/trf/trf-summary.json (players, rounds,
 * round_data: pairings, uncoloured, byes), for tests/trf-corpus.sh to
 * compare with the reference reader's summary.  Findings go to stderr.
 */
#include "trf/trf.h"

#include <stdio.h>
#include <string.h>

static void on_diag(void *ctx, const struct diag *d)
{
    (void)ctx;
    fprintf(stderr, "%s:%u:%u: [%s] %s\n", d->file, (unsigned)d->loc.line, (unsigned)d->loc.column,
            diag_info(d->code)->name, d->message);
}

static void code(char c)
{
    if (c == '"' || c == '\\') printf("\"\\%c\"", c);
    else if (c) printf("\"%c\"", c);
    else printf("\"\"");
}

int main(int argc, char **argv)
{
    if (argc != 2) return 2;
    char why[256] = "";
    struct trf *t = trf_read_file(argv[1], argv[1], on_diag, NULL, why, sizeof why);
    if (!t) {
        fprintf(stderr, "%s: %s\n", argv[1], why);
        return 2;
    }
    trf_check(t, argv[1], on_diag, NULL);
    printf("{\"players\": %u, \"rounds\": %u, \"round_data\": [", t->nplayers, t->rounds);
    for (unsigned r = 1; r <= t->rounds; r++) {
        printf("%s{\"round\": %u, \"pairings\": [", r > 1 ? ", " : "", r);
        int n = 0;
        for (unsigned w = 1; w <= t->max_rank; w++) {
            const struct trf_player *p = trf_player(t, w);
            if (!p) continue;
            const struct trf_block *b = trf_block(t, p, r);
            const struct trf_player *o = trf_player(t, b->opponent);
            if (!o || b->colour != 'w') continue;
            const struct trf_block *ob = trf_block(t, o, r);
            printf("%s[%u, %u, ", n++ ? ", " : "", w, o->rank);
            code(b->result);
            printf(", ");
            if (ob->opponent == w) code(ob->result); else printf("null");
            printf("]");
        }
        printf("], \"uncoloured\": [");
        n = 0;
        for (unsigned a = 1; a <= t->max_rank; a++) {
            const struct trf_player *p = trf_player(t, a);
            if (!p) continue;
            const struct trf_block *b = trf_block(t, p, r);
            const struct trf_player *o = trf_player(t, b->opponent);
            if (!o || o->rank < a || b->colour == 'w' || b->colour == 'b') continue;
            const struct trf_block *ob = trf_block(t, o, r);
            if (ob->colour == 'w' || ob->colour == 'b') continue;
            printf("%s[%u, %u, ", n++ ? ", " : "", a, o->rank);
            code(b->result);
            printf(", ");
            code(ob->result);
            printf("]");
        }
        printf("], \"byes\": [");
        n = 0;
        for (unsigned a = 1; a <= t->max_rank; a++) {
            const struct trf_player *p = trf_player(t, a);
            if (!p) continue;
            const struct trf_block *b = trf_block(t, p, r);
            if (b->opponent) continue;
            printf("%s[%u, ", n++ ? ", " : "", a);
            code(b->result);
            printf("]");
        }
        printf("]}");
    }
    printf("]}\n");
    trf_free(t);
    return 0;
}
