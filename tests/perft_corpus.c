/* perft_corpus.c - see perft_corpus.h. */
#include "perft_corpus.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void trim(char *s)
{
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
}

int perft_corpus_read(const char *path, int (*fn)(const struct perft_case *, void *), void *ctx)
{
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    char line[4096];
    struct perft_case c;
    memset(&c, 0, sizeof c);
    c.file = path;
    int lineno = 0, rc = 0;
    while (rc == 0 && fgets(line, sizeof line, f)) {
        lineno++;
        trim(line);
        char *s = line;
        while (isspace((unsigned char)*s))
            s++;
        if (*s == '\0' || *s == '#') continue;
        c.line = lineno;
        if (strncmp(s, "id ", 3) == 0) {
            snprintf(c.id, sizeof c.id, "%s", s + 3);
        } else if (strncmp(s, "epd ", 4) == 0) {
            snprintf(c.fen, sizeof c.fen, "%s", s + 4);
        } else if (strncmp(s, "perft ", 6) == 0) {
            if (sscanf(s + 6, "%d %" SCNu64, &c.depth, &c.nodes) == 2) rc = fn(&c, ctx);
        } else {
            /* EPD line: FEN ;D1 n ;D2 n ... */
            char *semi = strchr(s, ';');
            if (!semi) continue;
            size_t flen = (size_t)(semi - s);
            if (flen >= sizeof c.fen) flen = sizeof c.fen - 1;
            memcpy(c.fen, s, flen);
            c.fen[flen] = '\0';
            trim(c.fen);
            snprintf(c.id, sizeof c.id, "line %d", lineno);
            for (char *p = semi; p && rc == 0; p = strchr(p + 1, ';')) {
                char *q = p + 1;
                while (isspace((unsigned char)*q))
                    q++;
                if (*q == 'D' && sscanf(q + 1, "%d %" SCNu64, &c.depth, &c.nodes) == 2)
                    rc = fn(&c, ctx);
            }
        }
    }
    fclose(f);
    return rc;
}
