/*
 * pgn_export.c - one game in the PGN export format (pgn_export.h), PGN
 * standard section 8: the movetext, word by word (the tags, the result and
 * the game's text are pgn_export_text.c's):
 * - 8.2.2.2: a move number before every White move, "N..." before a Black
 *   move that opens a line or follows a comment or a variation (a NAG is
 *   part of the move before it).
 * - 8.2.3: every move in SAN as the replay resolved it (san_write(): English
 *   letters, the least disambiguation, "=Q", the true "+" or "#").
 * - 8.2.1: tokens one space apart, lines of at most PGN_EXPORT_LINE_MAX
 *   characters (a longer word alone on its line).
 * Comments keep their words (line breaks and runs of blanks between them
 * become one space; a command such as [%clk 1:30:12] is one word, as
 * written); NAGs are written "$N"; variations are kept, their moves
 * rewritten too.  Nothing here reads a position: the moves come resolved.
 * --strip (pgn_export_set_strip()) drops comments, NAGs, variations, or the
 * commands [%clk], [%emt], [%clkc] and [%eval] inside comments (the rest of
 * the comment kept; a comment left without words goes); each is counted,
 * and the caller says the counts.
 */
#include "report/pgn_export_internal.h"

#include "judge/game.h"
#include "judge/game_record.h"

#include <stdlib.h>
#include <string.h>

const char *const pgn_export_roster[7] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};

bool pgn_export_grow(struct pgn_export *x, struct buf *b, size_t more)
{
    if (b->len + more <= b->cap) return true;
    size_t cap = b->cap ? b->cap : 1024;
    while (cap < b->len + more)
        cap *= 2;
    char *p = cap <= PGN_EXPORT_TEXT_MAX ? realloc(b->p, cap) : NULL;
    if (!p) {
        x->failed = true;
        return false;
    }
    b->p = p;
    b->cap = cap;
    return true;
}

void pgn_export_put_slow(struct pgn_export *x, struct buf *b, const char *s, size_t n)
{
    if (x->failed || !pgn_export_grow(x, b, n + 1)) return;
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

void pgn_export_puts(struct pgn_export *x, struct buf *b, const char *s)
{
    pgn_export_put(x, b, s, strlen(s));
}

struct pgn_export *pgn_export_new(void)
{
    return calloc(1, sizeof(struct pgn_export));
}

void pgn_export_free(struct pgn_export *x)
{
    if (!x) return;
    free(x->moves);
    free(x->arena.p);
    free(x->text.p);
    free(x->word.p);
    free(x->out.p);
    free(x->kept.p);
    free(x);
}

void pgn_export_move(struct pgn_export *x, const struct game_move *m)
{
    if (x->nmoves == x->capmoves) {
        size_t cap = x->capmoves ? x->capmoves * 2 : 1024;
        struct kept_move *p = cap <= PGN_EXPORT_MOVES_MAX ? realloc(x->moves, cap * sizeof *p) : NULL;
        if (!p) {
            x->failed = true; /* the game in hand is written as read */
            return;
        }
        x->moves = p;
        x->capmoves = cap;
    }
    struct kept_move *k = &x->moves[x->nmoves++];
    k->offset = m->offset;
    size_t n = m->len < sizeof k->san ? m->len : sizeof k->san - 1;
    memcpy(k->san, m->san, sizeof k->san); /* SAN_MAX bytes readable */
    k->san[n] = '\0';
    k->len = (uint8_t)n;
    k->fullmove = m->fullmove;
    k->side = (uint8_t)(m->side != 0);
    if (x->nmoves > 1 && k[-1].offset > k->offset) x->unsorted = true;
}

static int by_offset(const void *a, const void *b)
{
    uint64_t x = ((const struct kept_move *)a)->offset, y = ((const struct kept_move *)b)->offset;
    return x < y ? -1 : x > y;
}

static const struct kept_move *find_move(struct pgn_export *x, uint64_t offset)
{
    if (x->unsorted) {
        qsort(x->moves, x->nmoves, sizeof *x->moves, by_offset);
        x->unsorted = false;
        x->cursor = 0;
    }
    if (x->cursor < x->nmoves && x->moves[x->cursor].offset > offset) x->cursor = 0;
    while (x->cursor < x->nmoves && x->moves[x->cursor].offset < offset)
        x->cursor++;
    return x->cursor < x->nmoves && x->moves[x->cursor].offset == offset ? &x->moves[x->cursor]
                                                                         : NULL;
}

void pgn_export_begin(struct pgn_export *x, uint64_t at, const unsigned char *bytes, size_t len)
{
    x->at = at;
    x->src = bytes;
    x->src_len = len;
    x->marker_from[0] = '\0';
    x->failed = false;
    x->arena.len = x->text.len = x->word.len = x->out.len = 0;
    x->opens = 0;
    x->ntags = 0;
    for (int r = 0; r < 7; r++)
        x->roster_at[r] = -1;
    x->dup_tags = 0;
    x->line_len = 0;
    x->need_number = true;
    x->marker[0] = '\0';
    x->rewritten = x->unresolved = x->marks = 0;
    x->mark_word[0] = '\0';
    x->in_game = false;
    x->cursor = 0;
    x->rav_skip = 0;
    memset(&x->stripped, 0, sizeof x->stripped);
    x->depth = 0;
    x->last_main_side = -1;
    x->rules_ending = ENDING_NONE;
}

void pgn_export_rules_result(struct pgn_export *x, int ending_kind, unsigned ply)
{
    x->rules_ending = ending_kind;
    x->rules_ply = ply;
}

void pgn_export_set_strip(struct pgn_export *x, unsigned strip)
{
    x->strip = strip;
}

bool pgn_export_stripped(const struct pgn_export *x, struct pgn_strip_counts *sum)
{
    bool any = false;
    for (int i = 0; i < PGN_STRIP_KINDS; i++) {
        sum->of[i] += x->stripped.of[i];
        any = any || x->stripped.of[i];
    }
    return any;
}

static unsigned bit_of(unsigned strip)
{
    unsigned b = 0;
    while (strip > 1u) strip >>= 1, b++;
    return b;
}

static void count_strip(struct pgn_export *x, unsigned what)
{
    x->stripped.of[bit_of(what)]++;
}

/* ---- the movetext, word by word ---------------------------------------- */

/* Put the word made so far on the current line, or on a new one. */
/* Put the word w (n bytes; 16 of them readable) on the current line, or
 * on a new one. */
static inline void text_word_at(struct pgn_export *x, const char *w, size_t n, bool readable16)
{
    if (x->failed || !pgn_export_grow(x, &x->text, n + 18)) return;
    char *t = x->text.p + x->text.len;
    if (x->line_len) { /* a space, or a new line when the word does not fit */
        bool fits = x->line_len + 1 + n <= PGN_EXPORT_LINE_MAX;
        *t++ = fits ? ' ' : '\n';
        x->line_len = fits ? x->line_len + 1 : 0;
    }
    if (readable16 && n <= 16) memcpy(t, w, 16); /* the usual word, a move: one copy, no call */
    else memcpy(t, w, n);
    t[n] = '\0';
    x->text.len = (size_t)(t + n - x->text.p);
    x->line_len += n;
}

static void text_word(struct pgn_export *x, const char *w, size_t n)
{
    text_word_at(x, w, n, true);
}

/* Put the word made so far on the current line, or on a new one. */
static void flush_word(struct pgn_export *x)
{
    if (!x->word.len) return;
    text_word(x, x->word.p, x->word.len); /* word.p: at least 1024 bytes */
    x->word.len = 0;
    x->opens = 0;
}

/* A new word (the "(" waiting, when the word so far is only those, is
 * glued before it). */
static void word(struct pgn_export *x, const char *s, size_t n)
{
    if (!x->word.len || x->word.len != x->opens) flush_word(x);
    x->opens = 0;
    pgn_export_put(x, &x->word, s, n);
}

/* The move number "N." or "N...", written at the end of buf[24]; returns
 * where it starts. */
static char *move_number(char *buf, uint32_t n, bool black)
{
    char *p = buf + 24;
    if (black) {
        *--p = '.';
        *--p = '.';
    }
    *--p = '.';
    do
        *--p = (char)('0' + n % 10);
    while (n /= 10);
    return p;
}

static void on_move(struct pgn_export *x, const struct pgn_event *ev)
{
    const struct kept_move *k = find_move(x, x->at + ev->loc.offset);
    if (!k) {
        /* not played: a mark that is a word between the moves (judge/game.c
         * reads N, RR and D so), as its NAG; anything else, a move the
         * replay did not play (--force), as it was written */
        static const struct {
            const char *word;
            unsigned nag;
        } marks[] = {{"N", 146}, {"RR", 145}, {"D", 220}};
        for (size_t i = 0; i < sizeof marks / sizeof *marks; i++) {
            if (ev->len == strlen(marks[i].word) && memcmp(ev->text, marks[i].word, ev->len) == 0) {
                if (x->strip & PGN_STRIP_NAGS) {
                    count_strip(x, PGN_STRIP_NAGS);
                    return;
                }
                char nag[16];
                int n = snprintf(nag, sizeof nag, "$%u", marks[i].nag);
                word(x, nag, (size_t)n);
                if (!x->mark_word[0]) {
                    snprintf(x->mark_word, sizeof x->mark_word, "%s", marks[i].word);
                    x->mark_nag = marks[i].nag;
                }
                x->marks++;
                return;
            }
        }
        if (x->unresolved++ == 0)
            snprintf(x->unplayed, sizeof x->unplayed, "%.*s", (int)(ev->len < 24 ? ev->len : 24),
                     ev->text);
        word(x, ev->text, ev->len);
        x->need_number = true;
        return;
    }
    if (k->side == 0 || x->need_number) {
        char num[24 + 16];
        const char *p = move_number(num, k->fullmove, k->side != 0);
        if (x->word.len && x->word.len == x->opens) { /* "(" waiting: glued before it */
            word(x, p, (size_t)(num + 24 - p));
            flush_word(x);
        } else {
            flush_word(x);
            text_word(x, p, (size_t)(num + 24 - p));
        }
    }
    if (!x->depth) x->last_main_side = k->side;
    size_t sl = k->len;
    word(x, k->san, sl);
    bool same = sl == ev->len;
    for (size_t i = 0; same && i < sl; i++)
        same = k->san[i] == ev->text[i];
    if (!same) {
        if (x->rewritten++ == 0) {
            snprintf(x->first_from, sizeof x->first_from, "%u%s %.*s", (unsigned)k->fullmove,
                     k->side ? "..." : ".", (int)(ev->len < 24 ? ev->len : 24), ev->text);
            snprintf(x->first_to, sizeof x->first_to, "%s", k->san);
        }
    }
    x->need_number = false;
}

/* The comment's text without the commands --strip names ("[%clk ...]" up
 * to its "]"); s itself when none goes. */
static const char *strip_commands(struct pgn_export *x, const char *s, size_t *n)
{
    unsigned want = x->strip & (PGN_STRIP_CLOCKS | PGN_STRIP_EVALS);
    if (!want || !memchr(s, '%', *n)) return s;
    static const struct {
        const char *name;
        unsigned what;
    } commands[] = {{"clk", PGN_STRIP_CLOCKS}, {"emt", PGN_STRIP_CLOCKS},
                    {"clkc", PGN_STRIP_CLOCKS}, {"eval", PGN_STRIP_EVALS}};
    x->kept.len = 0;
    const char *end = s + *n, *from = s;
    bool cut = false;
    for (const char *p = s; p + 1 < end; p++) {
        if (p[0] != '[' || p[1] != '%') continue;
        const char *k = p + 2, *v = k;
        while (v < end && *v >= 'a' && *v <= 'z')
            v++;
        const char *close = v < end ? memchr(v, ']', (size_t)(end - v)) : NULL;
        if (!close || (v < end && !strchr(" \t\r\n]", *v))) continue;
        unsigned what = 0;
        for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
            if ((size_t)(v - k) == strlen(commands[i].name) && memcmp(k, commands[i].name, (size_t)(v - k)) == 0)
                what = commands[i].what;
        if (!(what & want)) continue;
        count_strip(x, what);
        pgn_export_put(x, &x->kept, from, (size_t)(p - from));
        pgn_export_put(x, &x->kept, " ", 1); /* the words either side stay apart */
        from = close + 1;
        p = close;
        cut = true;
    }
    if (!cut) return s;
    pgn_export_put(x, &x->kept, from, (size_t)(end - from));
    if (x->failed) return s;
    *n = x->kept.len;
    return x->kept.p;
}

/* The bytes a comment's words stop at: 1 a blank, 2 '[' (a command may
 * start there). */
static const unsigned char comment_stop[256] = {
    [' '] = 1, ['\t'] = 1, ['\n'] = 1, ['\r'] = 1, ['['] = 2,
};

static inline bool blank(char c)
{
    return comment_stop[(unsigned char)c] == 1;
}

/* Past the "]" that closes the command whose name starts at s[k]; 0 when a
 * line break (lines: the comment has one) or the comment's end comes
 * first. */
static size_t command_end(const char *s, size_t n, size_t k, bool lines)
{
    const char *close = memchr(s + k, ']', n - k);
    if (!close) return 0;
    size_t end = (size_t)(close - s);
    if (lines && (memchr(s + k, '\n', end - k) || memchr(s + k, '\r', end - k))) return 0;
    return end + 1;
}

/* The end of the word of the comment s[0, n) that starts at i: the next
 * blank, a command ("[%clk 1:30:12]", "[%eval 0.17]") taken whole with the
 * blanks inside it, as written, unless a line break is among them (then
 * its parts are words, and come out one space apart). */
static size_t word_end(const char *s, size_t n, size_t i, bool lines)
{
    size_t j = i;
    const unsigned char *u = (const unsigned char *)s;
    for (;;) {
        const unsigned char *p = u + j, *end = u + n;
        while (p < end && !comment_stop[*p])
            p++;
        j = (size_t)(p - u);
        if (j == n || blank(s[j])) break;
        if (s[j] == '[' && j + 1 < n && s[j + 1] == '%') {
            size_t k = command_end(s, n, j + 2, lines);
            if (k) {
                j = k;
                continue;
            }
        }
        j++;
    }
    return j;
}

static void on_comment(struct pgn_export *x, const char *s, size_t n)
{
    if (x->strip & PGN_STRIP_COMMENTS) {
        count_strip(x, PGN_STRIP_COMMENTS);
        return;
    }
    s = strip_commands(x, s, &n);
    if (s == x->kept.p && strspn(s, " \t\r\n") == n) return; /* nothing left of it */
    /* "{" + the words + "}", each word on its own for the line length: the
     * first one with its "{" made in the word buffer, the ones between put
     * on their line from the comment itself, the last kept as the word
     * (a ")" may follow it) */
    size_t i = 0, words = 0, last = 0, last_len = 0;
    bool lines = memchr(s, '\n', n) || memchr(s, '\r', n);
    while (i < n) {
        while (i < n && blank(s[i]))
            i++;
        if (i == n) break;
        size_t j = word_end(s, n, i, lines);
        if (words == 0) {
            word(x, "{", 1);
            pgn_export_put(x, &x->word, s + i, j - i);
        } else {
            if (words == 1) flush_word(x);
            else text_word_at(x, s + last, last_len, last + 16 <= n);
            last = i;
            last_len = j - i;
        }
        words++;
        i = j;
    }
    if (words == 0) word(x, "{", 1);
    if (words > 1) pgn_export_put(x, &x->word, s + last, last_len);
    pgn_export_put(x, &x->word, "}", 1);
    x->need_number = true;
}

/* The termination marker ev as the game's bytes write it, in marker_from
 * when that is not its PGN form ("\302\275-\302\275", "0.5-0.5" read as
 * "1/2-1/2"). */
static void marker_as_written(struct pgn_export *x, const struct pgn_event *ev)
{
    uint64_t at = ev->loc.offset;
    if (!x->src || at >= x->src_len) return;
    const unsigned char *b = x->src + at;
    size_t n = 0, max = x->src_len - at;
    while (n < max && n < sizeof x->marker_from - 1 && !strchr(" \t\r\n{}()[];", b[n]) && b[n])
        n++;
    if (n == strlen(x->marker) && memcmp(b, x->marker, n) == 0) return;
    memcpy(x->marker_from, b, n);
    x->marker_from[n] = '\0';
}

void pgn_export_last_word(struct pgn_export *x, const char *s, size_t n)
{
    word(x, s, n);
    flush_word(x);
}

bool pgn_export_event(struct pgn_export *x, const struct pgn_event *ev)
{
    struct pgn_event e;
    if (x->rav_skip) { /* inside a variation stripped: only its nesting counts */
        if (ev->type == PGN_EV_RAV_BEGIN) x->rav_skip++;
        else if (ev->type == PGN_EV_RAV_END) x->rav_skip--;
        if (ev->type != PGN_EV_GAME_END && ev->type != PGN_EV_RESULT) return !x->failed;
    }
    switch (ev->type) {
    case PGN_EV_GAME_BEGIN:
        x->in_game = true;
        break;
    case PGN_EV_TAG:
        pgn_export_on_tag(x, ev);
        break;
    case PGN_EV_MOVE_COMMENTED:
        e = *ev;
        pgn_event_uncommented(&e);
        on_move(x, &e);
        pgn_event_comment(ev, &e);
        on_comment(x, e.text, e.len);
        break;
    case PGN_EV_MOVE:
        on_move(x, ev);
        break;
    case PGN_EV_MOVE_NUMBER:
    case PGN_EV_MOVETEXT_BEGIN:
        break;
    case PGN_EV_NAG: {
        if (x->strip & PGN_STRIP_NAGS) {
            count_strip(x, PGN_STRIP_NAGS);
            break;
        }
        char nag[16];
        int n = snprintf(nag, sizeof nag, "$%u", ev->number);
        word(x, nag, (size_t)n); /* part of the move element: no "N..." after it */
        break;
    }
    case PGN_EV_COMMENT:
        on_comment(x, ev->text, ev->len);
        break;
    case PGN_EV_RAV_BEGIN:
        if (x->strip & PGN_STRIP_VARIATIONS) {
            count_strip(x, PGN_STRIP_VARIATIONS);
            x->rav_skip = 1;
            break;
        }
        if (x->word.len && x->word.len == x->opens) { /* "((": glued */
            pgn_export_put(x, &x->word, "(", 1);
            x->opens++;
        } else {
            word(x, "(", 1);
            x->opens = 1;
        }
        x->need_number = true;
        x->depth++;
        break;
    case PGN_EV_RAV_END:
        pgn_export_put(x, &x->word, ")", 1);
        x->need_number = true;
        if (x->depth) x->depth--;
        break;
    case PGN_EV_RESULT:
        snprintf(x->marker, sizeof x->marker, "%s", ev->text);
        marker_as_written(x, ev);
        break;
    case PGN_EV_GAME_END:
    case PGN_EV_NB:
        break;
    }
    return !x->failed;
}

void pgn_export_forget(struct pgn_export *x, uint64_t done)
{
    size_t keep = 0;
    for (size_t i = 0; i < x->nmoves; i++)
        if (x->moves[i].offset >= done) x->moves[keep++] = x->moves[i];
    x->nmoves = keep;
    x->cursor = 0;
}
