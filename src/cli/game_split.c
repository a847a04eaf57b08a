/*
 * game_split.c - `check --good FILE --bad FILE` (game_split.h): every game's
 * original bytes to one of two files by its verdict, in input order.
 *
 * Where a game's bytes are: the reader gives each game record the offset
 * where the game starts (its first tag pair, or its first movetext token);
 * a game owns the bytes from there up to where the next game of its input
 * starts, or the input's end.  The bytes before an input's first game
 * (a byte order mark, blank lines, a comment, a % line) go with that first
 * game.  So every byte of an input goes to exactly one file, and the two
 * files, merged back game by game in input order, are the input again.
 * An input with no game at all (blank, or only comments) is written whole,
 * to --bad when one of its own findings is bad enough, else to --good.
 * The last game of an input that could not be read to its end (a truncated
 * compressed stream) goes to --bad: it may have been cut short.
 * The bytes are the decoded stream (after gzip or zstd), before the reader's
 * line-break rule (input_set_tap()): a classic Mac file keeps its CRs.
 *
 * Memory: the bytes read and not yet written are held here, that is the
 * pieces `-j N` holds in flight plus the game waiting for the next one to
 * start; at most GAME_SPLIT_HOLD_MAX.
 */
#include "cli/game_split.h"

#include "judge/game_record.h"
#include "pgn/input.h"

#include <stdlib.h>
#include <string.h>

/* The most input held back at once (a game that long is not split: the
 * files are then left as they were). */
#define GAME_SPLIT_HOLD_MAX ((size_t)1 << 30)

struct game_split {
    FILE *good, *bad;
    game_split_fn writer; /* game_split_set_writer(), NULL: the files */
    void *writer_ctx;
    enum diag_severity worst;
    unsigned char *buf; /* [start, len): the input from offset `base` on */
    size_t start, len, cap;
    uint64_t base;
    bool lost; /* out of memory, or held more than GAME_SPLIT_HOLD_MAX */
    bool reading; /* between game_split_input() and game_split_input_end() */

    bool have_game;       /* a game of this input is waiting for its end */
    bool pending_bad;
    bool game_bad;        /* a bad finding of the game being delivered */
    bool input_bad;       /* a bad file-level finding of this input */
    bool input_failed;    /* the input could not be read to its end */
    uint64_t games_good, games_bad;
};

struct game_split *game_split_new(FILE *good, FILE *bad, enum diag_severity worst)
{
    struct game_split *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->good = good;
    s->bad = bad;
    s->worst = worst;
    return s;
}

void game_split_free(struct game_split *s)
{
    if (!s) return;
    free(s->buf);
    free(s);
}

static void tap(void *ctx, const void *bytes, size_t n)
{
    struct game_split *s = ctx;
    if (s->lost) return;
    if (s->len + n > s->cap && s->start) { /* move what is held to the front */
        memmove(s->buf, s->buf + s->start, s->len - s->start);
        s->len -= s->start;
        s->start = 0;
    }
    if (s->len + n > s->cap) {
        size_t cap = s->cap ? s->cap : (size_t)256 << 10;
        while (cap < s->len + n)
            cap *= 2;
        unsigned char *b = cap <= GAME_SPLIT_HOLD_MAX ? realloc(s->buf, cap) : NULL;
        if (!b) {
            s->lost = true;
            return;
        }
        s->buf = b;
        s->cap = cap;
    }
    memcpy(s->buf + s->len, bytes, n);
    s->len += n;
}

void game_split_set_writer(struct game_split *s, game_split_fn fn, void *ctx)
{
    s->writer = fn;
    s->writer_ctx = ctx;
}

/* Hand the bytes held up to input offset `end` (all of them: UINT64_MAX) on
 * as one game (is_game) or an input without one, bad or not, and forget
 * them. */
static void write_upto(struct game_split *s, uint64_t end, bool bad, bool is_game)
{
    FILE *f = bad ? s->bad : s->good;
    if (s->lost) return;
    size_t held = s->len - s->start;
    if (end < s->base) end = s->base;
    if (end - s->base > held) {
        if (end != UINT64_MAX) s->lost = true; /* a game past what was read: never */
        end = s->base + held;
    }
    size_t n = (size_t)(end - s->base);
    if (s->writer)
        s->writer(s->writer_ctx, s->buf + s->start, n, s->base, bad, is_game);
    else if (f && n)
        fwrite(s->buf + s->start, 1, n, f);
    s->start += n;
    s->base += n;
    if (s->start == s->len) s->start = s->len = 0;
}

void game_split_input(struct game_split *s, struct input *in)
{
    s->start = s->len = 0;
    s->base = 0;
    s->reading = true;
    s->have_game = s->game_bad = s->input_bad = s->input_failed = false;
    input_set_tap(in, tap, s);
}

void game_split_diag(struct game_split *s, const struct diag *d)
{
    if (!s->reading) return;
    if (d->code == DIAG_INPUT) s->input_failed = true;
    if (d->severity > s->worst) return;
    if (d->game) s->game_bad = true;
    else s->input_bad = true;
}

/* The waiting game's bytes, up to `end`, to its file. */
static void flush_pending(struct game_split *s, uint64_t end)
{
    write_upto(s, end, s->pending_bad, true);
    if (s->pending_bad) s->games_bad++;
    else s->games_good++;
}

void game_split_game(struct game_split *s, const struct game_record *g)
{
    if (!s->reading) return;
    if (s->have_game) flush_pending(s, g->offset);
    s->have_game = true; /* the first game's bytes start at 0: what came before is its own */
    s->pending_bad = s->game_bad;
    s->game_bad = false;
}

void game_split_input_end(struct game_split *s)
{
    if (!s->reading) return;
    if (s->have_game) {
        s->pending_bad |= s->input_failed;
        flush_pending(s, UINT64_MAX);
    } else {
        write_upto(s, UINT64_MAX, s->input_bad || s->input_failed, false);
    }
    s->reading = false;
    s->start = s->len = 0;
}

bool game_split_whole(const struct game_split *s)
{
    return !s->lost;
}

void game_split_counts(const struct game_split *s, uint64_t *good, uint64_t *bad)
{
    *good = s->games_good;
    *bad = s->games_bad;
}
