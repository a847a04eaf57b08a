/*
 * udiff.c - a unified diff of an input against what `fix` would write
 * (udiff.h), in the form GNU diff -u writes (POSIX diff -u: "@@ -a,n +b,m
 * @@" ranges, " ", "-", "+" lines, "\ No newline at end of file").
 * The lines of a piece are matched by a longest common subsequence (a
 * table of its changed middle, bounded by UDIFF_LINES_MAX), removals before
 * additions; the hunks are made as the lines stream by: the equal lines
 * since the last change are kept (at most 2 * UDIFF_CONTEXT + 1) to be the
 * next hunk's leading context or the current one's trailing context.
 */
#include "report/udiff.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct line {
    const char *p;
    size_t len; /* with its '\n' when it has one */
};

struct text {
    char *p;
    size_t len, cap;
};

#define GAP_MAX (2 * UDIFF_CONTEXT + 1)

struct udiff {
    FILE *out;
    char *name;
    bool header_done, failed;
    unsigned long a_line, b_line; /* 1-based numbers of the next lines */
    bool in_hunk;
    unsigned long ha, hb, na, nb; /* the hunk's first lines and lengths */
    struct text body;
    struct text gap[GAP_MAX];     /* equal lines since the last change */
    unsigned ngap;
    struct line *la, *lb;
    size_t cap_la, cap_lb;
    uint16_t *table;
    struct text carry_a, carry_b; /* a line a piece ends inside, for the next */
    struct text work_a, work_b;
};

static bool put(struct udiff *u, struct text *t, const char *s, size_t n)
{
    if (t->len + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 256;
        while (cap < t->len + n + 1)
            cap *= 2;
        char *p = realloc(t->p, cap);
        if (!p) return !(u->failed = true);
        t->p = p;
        t->cap = cap;
    }
    memcpy(t->p + t->len, s, n);
    t->len += n;
    return true;
}

struct udiff *udiff_new(FILE *out, const char *name)
{
    struct udiff *u = calloc(1, sizeof *u);
    if (!u) return NULL;
    u->out = out;
    u->name = strdup(name);
    u->a_line = u->b_line = 1;
    if (!u->name) {
        free(u);
        return NULL;
    }
    return u;
}

void udiff_free(struct udiff *u)
{
    if (!u) return;
    free(u->name);
    free(u->body.p);
    for (int i = 0; i < GAP_MAX; i++)
        free(u->gap[i].p);
    free(u->la);
    free(u->lb);
    free(u->table);
    free(u->carry_a.p);
    free(u->carry_b.p);
    free(u->work_a.p);
    free(u->work_b.p);
    free(u);
}

/* A line into the hunk, after its mark; a last line without '\n' says so. */
static void body_line(struct udiff *u, char mark, const char *p, size_t len)
{
    put(u, &u->body, &mark, 1);
    put(u, &u->body, p, len);
    if (!len || p[len - 1] != '\n') put(u, &u->body, "\n\\ No newline at end of file\n", 29);
}

static void range(FILE *f, char sign, unsigned long start, unsigned long n)
{
    if (n == 1) fprintf(f, "%c%lu", sign, start);
    else fprintf(f, "%c%lu,%lu", sign, n ? start : start - 1, n);
}

static void flush_hunk(struct udiff *u)
{
    unsigned trail = u->ngap < UDIFF_CONTEXT ? u->ngap : UDIFF_CONTEXT;
    for (unsigned i = 0; i < trail; i++)
        body_line(u, ' ', u->gap[i].p, u->gap[i].len);
    u->na += trail;
    u->nb += trail;
    if (!u->header_done) {
        fprintf(u->out, "--- %s\n+++ %s (fixed)\n", u->name, u->name);
        u->header_done = true;
    }
    fputs("@@ ", u->out);
    range(u->out, '-', u->ha, u->na);
    fputc(' ', u->out);
    range(u->out, '+', u->hb, u->nb);
    fputs(" @@\n", u->out);
    fwrite(u->body.p, 1, u->body.len, u->out);
    u->body.len = 0;
    u->in_hunk = false;
}

static void equal(struct udiff *u, const struct line *l)
{
    if (!u->in_hunk && u->ngap == UDIFF_CONTEXT) { /* keep the last UDIFF_CONTEXT */
        struct text first = u->gap[0];
        memmove(u->gap, u->gap + 1, (UDIFF_CONTEXT - 1) * sizeof *u->gap);
        u->gap[UDIFF_CONTEXT - 1] = first;
        u->ngap--;
    }
    u->gap[u->ngap].len = 0;
    put(u, &u->gap[u->ngap++], l->p, l->len);
    u->a_line++;
    u->b_line++;
    if (u->in_hunk && u->ngap == GAP_MAX) {
        flush_hunk(u); /* its trailing context: the first UDIFF_CONTEXT */
        struct text keep[GAP_MAX];
        memcpy(keep, u->gap, sizeof keep);
        for (unsigned i = 0; i < GAP_MAX; i++)
            u->gap[i] = keep[(i + GAP_MAX - UDIFF_CONTEXT) % GAP_MAX];
        u->ngap = UDIFF_CONTEXT;
    }
}

static void change(struct udiff *u, char mark, const struct line *l)
{
    if (!u->in_hunk) {
        u->in_hunk = true;
        u->ha = u->a_line - u->ngap;
        u->hb = u->b_line - u->ngap;
        u->na = u->nb = 0;
    }
    for (unsigned i = 0; i < u->ngap; i++)
        body_line(u, ' ', u->gap[i].p, u->gap[i].len);
    u->na += u->ngap;
    u->nb += u->ngap;
    u->ngap = 0;
    body_line(u, mark, l->p, l->len);
    if (mark == '-') u->na++, u->a_line++;
    else u->nb++, u->b_line++;
}

static size_t split(struct udiff *u, const char *s, size_t n, struct line **lines, size_t *cap)
{
    size_t k = 0;
    for (size_t i = 0; i < n;) {
        const char *nl = memchr(s + i, '\n', n - i);
        size_t e = nl ? (size_t)(nl - s) + 1 : n;
        if (k == *cap) {
            size_t c = *cap ? *cap * 2 : 256;
            struct line *p = realloc(*lines, c * sizeof *p);
            if (!p) {
                u->failed = true;
                return k;
            }
            *lines = p;
            *cap = c;
        }
        (*lines)[k++] = (struct line){s + i, e - i};
        i = e;
    }
    return k;
}

static bool same(const struct line *x, const struct line *y)
{
    return x->len == y->len && memcmp(x->p, y->p, x->len) == 0;
}

static bool lines(struct udiff *u, const char *a, size_t alen, const char *b, size_t blen);

/* carry + the piece, up to its last '\n' (the rest carried on; all of it
 * when the input ends). */
static const char *joined(struct udiff *u, struct text *carry, struct text *work, const char *s, size_t n,
                          bool end, size_t *len)
{
    work->len = 0;
    put(u, work, carry->p ? carry->p : "", carry->len);
    put(u, work, s ? s : "", n);
    carry->len = 0;
    size_t keep = work->len;
    if (!end) {
        while (keep && work->p[keep - 1] != '\n')
            keep--;
        put(u, carry, work->p + keep, work->len - keep);
    }
    *len = keep;
    return work->p ? work->p : "";
}

bool udiff_piece(struct udiff *u, const char *a, size_t alen, const char *b, size_t blen)
{
    size_t al, bl;
    const char *ja = joined(u, &u->carry_a, &u->work_a, a, alen, false, &al);
    const char *jb = joined(u, &u->carry_b, &u->work_b, b, blen, false, &bl);
    return !u->failed && lines(u, ja, al, jb, bl);
}

static bool lines(struct udiff *u, const char *a, size_t alen, const char *b, size_t blen)
{
    size_t n = split(u, a, alen, &u->la, &u->cap_la), m = split(u, b, blen, &u->lb, &u->cap_lb);
    if (u->failed) return false;
    const struct line *A = u->la, *B = u->lb;
    size_t pre = 0, suf = 0;
    while (pre < n && pre < m && same(&A[pre], &B[pre]))
        pre++;
    while (suf < n - pre && suf < m - pre && same(&A[n - 1 - suf], &B[m - 1 - suf]))
        suf++;
    for (size_t i = 0; i < pre; i++)
        equal(u, &A[i]);
    size_t an = n - pre - suf, bn = m - pre - suf;
    const struct line *a0 = A + pre, *b0 = B + pre;
    if (an && bn && an <= UDIFF_LINES_MAX && bn <= UDIFF_LINES_MAX) {
        /* t[i][j]: the longest common subsequence of a0[i..] and b0[j..] */
        size_t w = bn + 1;
        uint16_t *t = realloc(u->table, (an + 1) * w * sizeof *t);
        if (!t) return !(u->failed = true);
        u->table = t;
        for (size_t i = an + 1; i-- > 0;)
            for (size_t j = bn + 1; j-- > 0;) {
                uint16_t v = 0;
                if (i < an && j < bn) {
                    if (same(&a0[i], &b0[j])) v = (uint16_t)(t[(i + 1) * w + j + 1] + 1);
                    else v = t[(i + 1) * w + j] > t[i * w + j + 1] ? t[(i + 1) * w + j] : t[i * w + j + 1];
                }
                t[i * w + j] = v;
            }
        size_t i = 0, j = 0;
        while (i < an || j < bn) {
            if (i < an && j < bn && same(&a0[i], &b0[j])) equal(u, &a0[i++]), j++;
            else if (j == bn || (i < an && t[(i + 1) * w + j] >= t[i * w + j + 1])) change(u, '-', &a0[i++]);
            else change(u, '+', &b0[j++]);
        }
    } else { /* one side empty, or too long to compare: replaced whole */
        for (size_t i = 0; i < an; i++)
            change(u, '-', &a0[i]);
        for (size_t j = 0; j < bn; j++)
            change(u, '+', &b0[j]);
    }
    for (size_t i = n - suf; i < n; i++)
        equal(u, &A[i]);
    return !u->failed;
}

void udiff_end(struct udiff *u)
{
    size_t al, bl;
    const char *ja = joined(u, &u->carry_a, &u->work_a, NULL, 0, true, &al);
    const char *jb = joined(u, &u->carry_b, &u->work_b, NULL, 0, true, &bl);
    if (!u->failed) lines(u, ja, al, jb, bl);
    if (u->in_hunk) flush_hunk(u);
    u->ngap = 0;
}
