/*
 * api_records.c - tests/api-corpus.sh's program: every record libpgnarbiter
 * (include/pgnarbiter.h) gives for the files named, one json line each, as
 * `pgnarbiter check --format=jsonl` writes them.
 *
 *   api_records [--games] [--strict] [--jobs N] [--feed N|--bytes|--file]
 *               [--notation X] FILE...
 *
 * --feed N feeds each file in chunks of N bytes (0: random sizes from 1 to
 * 4096, seeded), --bytes adds it as bytes in memory, --file as a FILE*;
 * by default by path.  Messages in the user's language (setlocale()), from
 * $PGNARBITER_LOCALEDIR's catalogue when set.  Exit status: 0, or 3 when the API failed.
 */
#include "pgnarbiter.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *b = malloc(cap);
    size_t got;
    while (b && (got = fread(b + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *nb = realloc(b, cap *= 2);
            if (!nb) free(b);
            b = nb;
        }
    }
    fclose(f);
    *len = n;
    return b;
}

/* Every record ready, printed; the status that stopped the loop. */
static int drain(pgnarbiter_checker *c)
{
    const struct pgnarbiter_record *r;
    int st;
    while ((st = pgnarbiter_next(c, &r)) == PGNARBITER_OK) {
        fwrite(r->json, 1, r->json_len, stdout);
        putchar('\n');
    }
    return st;
}

int main(int argc, char **argv)
{
    setlocale(LC_ALL, ""); /* the messages in the user's language, as the command's */
    setlocale(LC_NUMERIC, "C");
    struct pgnarbiter_options o;
    pgnarbiter_options_init(&o);
    enum { BY_PATH, BY_FEED, BY_BYTES, BY_FILE } how = BY_PATH;
    long chunk = 0;
    int i = 1;
    for (; i < argc && argv[i][0] == '-' && argv[i][1] == '-'; i++) {
        if (strcmp(argv[i], "--games") == 0)
            o.report_games = 1;
        else if (strcmp(argv[i], "--strict") == 0)
            o.strict = 1;
        else if (strcmp(argv[i], "--jobs") == 0 && i + 1 < argc)
            o.jobs = (unsigned)atoi(argv[++i]);
        else if (strcmp(argv[i], "--notation") == 0 && i + 1 < argc)
            o.notation = argv[++i];
        else if (strcmp(argv[i], "--feed") == 0 && i + 1 < argc)
            how = BY_FEED, chunk = atol(argv[++i]);
        else if (strcmp(argv[i], "--bytes") == 0)
            how = BY_BYTES;
        else if (strcmp(argv[i], "--file") == 0)
            how = BY_FILE;
        else {
            fprintf(stderr, "api_records: unknown option %s\n", argv[i]);
            return 2;
        }
    }
    char why[256];
    pgnarbiter_checker *c = pgnarbiter_new(&o, why, sizeof why);
    if (!c) {
        fprintf(stderr, "api_records: %s\n", why);
        return 3;
    }
    char **held = calloc((size_t)argc, sizeof *held);
    FILE **files = calloc((size_t)argc, sizeof *files);
    srand(39);
    int st = PGNARBITER_OK;
    for (int k = i; k < argc && st >= 0; k++) {
        size_t len = 0;
        if (how == BY_PATH) {
            st = pgnarbiter_add_path(c, argv[k]);
        } else if (how == BY_FILE) {
            files[k] = fopen(argv[k], "rb");
            st = files[k] ? pgnarbiter_add_file(c, files[k], argv[k])
                          : pgnarbiter_add_path(c, argv[k]);
        } else if (!(held[k] = slurp(argv[k], &len))) {
            st = pgnarbiter_add_path(c, argv[k]); /* unreadable: the finding */
        } else if (how == BY_BYTES) {
            st = pgnarbiter_add_bytes(c, held[k], len, argv[k]);
        } else {
            st = pgnarbiter_feed_begin(c, argv[k]);
            for (size_t at = 0; at < len && st >= 0;) {
                size_t n = chunk > 0 ? (size_t)chunk : 1 + (size_t)rand() % 4096;
                if (n > len - at) n = len - at;
                st = pgnarbiter_feed(c, held[k] + at, n);
                at += n;
                if (st >= 0 && (st = drain(c)) == PGNARBITER_NEED_INPUT) st = PGNARBITER_OK;
            }
            if (st >= 0) st = pgnarbiter_feed_end(c);
        }
    }
    if (st >= 0) st = pgnarbiter_end_inputs(c);
    if (st >= 0) st = drain(c);
    if (st != PGNARBITER_END)
        fprintf(stderr, "api_records: status %d: %s\n", st, pgnarbiter_error(c));
    pgnarbiter_free(c);
    for (int k = 0; k < argc; k++) {
        free(held[k]);
        if (files[k]) fclose(files[k]);
    }
    free(held);
    free(files);
    return st == PGNARBITER_END ? 0 : 3;
}
