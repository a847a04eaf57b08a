/*
 * notation_rewrite.c - test helper (see notation_rewrite.h).  The move
 * tokens are found by the project's own reader, at the byte offsets of its
 * events; everything between them is copied as it is.
 */
#include "notation_rewrite.h"

#include "diag/diag.h"
#include "judge/game.h"
#include "pgn/input.h"
#include "pgn/pgn_parse.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct buf {
    char *p;
    size_t len, cap;
    bool failed;
};

static void put(struct buf *b, const char *s, size_t n)
{
    if (b->failed) return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (b->len + n + 1 > cap)
            cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p) {
            b->failed = true;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

/* The target's spelling of an English piece letter (NULL: dropped). */
static const char *letter_in(enum nota_mode mode, char c)
{
    static const char *const figurine[] = {"\u2654", "\u2655", "\u2656", "\u2657", "\u2658"};
    const char *en = "KQRBN";
    const char *at = strchr(en, c);
    if (c == 'P') return mode == NOTA_MODE_EN ? "P" : NULL;
    if (!at || !c) return NULL;
    int i = (int)(at - en);
    static const char *const sets[NOTA_MODE_NB] = {
        [NOTA_MODE_EN] = "KQRBN", [NOTA_MODE_IT] = "RDTAC", [NOTA_MODE_ES] = "RDTAC",
        [NOTA_MODE_FR] = "RDTFC", [NOTA_MODE_DE] = "KDTLS", [NOTA_MODE_NL] = "KDTLP",
    };
    static char one[NOTA_MODE_NB][5][2];
    if (mode == NOTA_MODE_FIGURINE) return figurine[i];
    if (mode == NOTA_MODE_AUTO || !sets[mode]) return NULL;
    one[mode][i][0] = sets[mode][i];
    one[mode][i][1] = '\0';
    return one[mode][i];
}

static void rewrite_token(struct buf *b, const char *t, size_t n, enum nota_mode mode)
{
    bool zeros = mode == NOTA_MODE_IT || mode == NOTA_MODE_ES || mode == NOTA_MODE_FR;
    for (size_t i = 0; i < n; i++) {
        char c = t[i];
        bool piece = (i == 0 || (i > 0 && t[i - 1] == '=')) && strchr("KQRBNP", c) && c;
        if (piece) {
            const char *s = letter_in(mode, c);
            if (s) put(b, s, strlen(s));
        } else if (c == 'O' && zeros) {
            put(b, "0", 1);
        } else if (c == 'x' && mode == NOTA_MODE_DE) {
            put(b, ":", 1);
        } else {
            put(b, &c, 1);
        }
    }
}

char *notation_rewrite(const char *text, size_t len, enum nota_mode mode, size_t *out_len,
                       size_t *moves)
{
    struct buf b = {0};
    struct input *in = input_open_memory(text, len);
    struct pgn_parser *p = in ? pgn_parser_new(in, NULL, NULL) : NULL;
    size_t at = 0;
    *moves = 0;
    struct pgn_event ev;
    while (p && pgn_parser_next(p, &ev)) {
        if (ev.type != PGN_EV_MOVE && ev.type != PGN_EV_MOVE_COMMENTED) continue;
        size_t off = (size_t)ev.loc.offset;
        /* The event's text is the token without its !? suffixes: it starts
         * at its offset in the bytes as read. */
        if (off < at || off + ev.len > len || memcmp(text + off, ev.text, ev.len) != 0) continue;
        put(&b, text + at, off - at);
        rewrite_token(&b, text + off, ev.len, mode);
        at = off + ev.len;
        ++*moves;
    }
    put(&b, text + at, len - at);
    pgn_parser_free(p);
    input_close(in);
    if (b.failed || !b.p) {
        free(b.p);
        return NULL;
    }
    *out_len = b.len;
    return b.p;
}

static void collect(void *ctx, const struct diag *d)
{
    struct buf *b = ctx;
    char line[128];
    /* The warning that a game reads legally in two notations has a name of
     * its own here: the English original cannot have it. */
    bool two = strncmp(d->message, "this move reads as ", 19) == 0;
    int n = snprintf(line, sizeof line, "%llu %s %u %s\n", (unsigned long long)d->game,
                     two ? "two-readings" : diag_info(d->code)->name, (unsigned)d->ply,
                     diag_severity_name(d->severity));
    put(b, line, (size_t)n);
}

static void no_game(void *ctx, const struct game_record *g)
{
    (void)ctx;
    (void)g;
}

char *notation_findings(const char *text, size_t len)
{
    struct buf b = {0};
    put(&b, "", 0);
    struct game_sink sink = {&b, collect, no_game, false, NULL};
    struct game *g = game_new(&sink, false);
    /* the parser straight into the game (feed_text() of testutil, which the
     * fuzz target linking this file does not have: it has no Check) */
    struct input *in = input_open_memory(text, len);
    struct pgn_parser *p = pgn_parser_new(in, game_parser_diag, g);
    struct pgn_event ev;
    while (pgn_parser_next(p, &ev))
        game_feed(g, &ev);
    pgn_parser_free(p);
    input_close(in);
    game_free(g);
    return b.p;
}

/* notation_read_games() (notation_rewrite.h). */
char *notation_read_games(const char *path, size_t cap, size_t *len)
{
    char why[256];
    struct input *in = input_open(path, why, sizeof why);
    if (!in) return NULL;
    char *buf = malloc(cap + 1);
    size_t n = 0;
    ptrdiff_t r;
    while (buf && n < cap && (r = input_read(in, buf + n, cap - n)) > 0)
        n += (size_t)r;
    input_close(in);
    if (!buf) return NULL;
    if (n == cap) { /* cut at the last "\n[Event " */
        for (size_t i = n; i > 8; i--)
            if (memcmp(buf + i - 8, "\n[Event ", 8) == 0) {
                n = i - 7;
                break;
            }
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}
