/*
 * shard.c - `check --shard K/N FILE` (see shard.h): one of N runs that
 * together read every game of FILE exactly once, each from its own range.
 *
 * The ranges: input_frames_plan() splits the raw file into N ranges (bytes
 * of a plain file, whole frames of zstd, whole blocks of BGZF).  Range j's
 * *first cut* is the first cut (pgn_split.h) in the bytes decoded from the
 * start of range j alone: the search looks at nothing before the range, and
 * past its end only at PGN_SPLIT_LOOKAHEAD bytes of what follows, and at no
 * more than SHARD_CUT_SEARCH_MAX bytes of it (first_cut() reads what it needs
 * of them, in steps that give the same answer).  So every shard that asks
 * where range j's games start gets the same answer from the same bytes.
 *
 * Shard k (1-based) owns the decoded bytes from its *start* to its *end*:
 *   start: 0 for shard 1; else range k-1's first cut, or - when that range
 *          holds none - its end (the shard owns nothing);
 *   end:   the first cut of the first range after its own that holds one, or
 *          the end of the file.
 * The starts and ends of consecutive shards are the same points, so the
 * shards cover the file once.  The shard reads its own range from its start
 * and then the following ranges only as far as the game that begins at its
 * end; the reader must meet a game starting exactly at that cut's tag pair
 * (the cut is *confirmed*, as -j confirms its pieces); when it does not,
 * the shard says so (merge then refuses: one run would have read that spot
 * differently), unless its input failed before (a damaged frame or block):
 * one run stops at that failure too, and merge drops the shards after it.
 * The input that found a range's first cut, when the range goes on past
 * what it read, is kept and reads on for the shard where the shard reads
 * that range with the same bounds, the bytes it read handed on first: the
 * same bytes a new input would give, without decoding the frame's start
 * twice.
 * The pool's halt flag (an interrupt) is honoured between ranges while the
 * ends are looked for and between games while reading: the shard then says
 * it was halted, and is not confirmed.
 *
 * The input's identity - its size and a hash of SHARD_SAMPLE_BLOCKS blocks
 * spread over it - is taken before the shard reads and again after: merge
 * refuses shards of two different files of one name, and a shard whose
 * file changed while it read.
 *
 * Game numbers, lines and offsets in a shard's records count from its
 * start (game 1, line 1, offset 0 at the line feed of its cut); its summary
 * gives the games, line feeds and bytes it owns, so `pgnarbiter merge` adds
 * those of the shards before it to rebuild one run's numbers.
 * A file's line-break rule (input.h) is decided by its first line break,
 * which every shard reads from the start of the file (at most
 * INPUT_EOL_SEARCH_MAX bytes, input_file_line_breaks()).
 */
#include "jobs/shard.h"

#include "i18n.h"

#include "jobs/replay_pool.h"
#include "pgn/input.h"
#include "pgn/input_frames.h"
#include "pgn/pgn_split.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct shard_ctx {
    const char *path;
    const struct replay_pool *pool; /* its halt flag is read between ranges */
    struct input_frames fr;
    bool cr; /* the file's line-break rule */
    uint64_t window_max;
    unsigned char *buf; /* the cut search's bytes */
    size_t cap;
    char *why;
    size_t whylen;
    /* A range's input that found its first cut, kept open with the bytes it
     * read (all from the range's start), for the shard's own reading of that
     * range: decoding a frame's start again costs more than most of it. */
    struct kept {
        struct input *in;
        unsigned j;
        unsigned char *bytes;
        size_t len;
    } kept[2];
};

#define SHARD_KEPT_BYTES_MAX ((size_t)1 << 20)

/* The input kept for range j with its bytes (ownership passes), or NULL. */
static struct input *take_kept(struct shard_ctx *c, unsigned j, unsigned char **bytes, size_t *len)
{
    for (int i = 0; i < 2; i++)
        if (c->kept[i].in && c->kept[i].j == j) {
            struct input *in = c->kept[i].in;
            *bytes = c->kept[i].bytes;
            *len = c->kept[i].len;
            c->kept[i] = (struct kept){NULL, 0, NULL, 0};
            return in;
        }
    return NULL;
}

static struct input *open_range(struct shard_ctx *c, uint64_t start, uint64_t end)
{
    char why[256] = "";
    struct input *in = input_open_range(c->path, start, end, why, sizeof why);
    if (!in) {
        snprintf(c->why, c->whylen, "%s", why);
        return NULL;
    }
    input_set_zstd_window_max(in, c->window_max);
    input_set_line_breaks(in, c->cr);
    return in;
}

/* Read from in into c->buf[*len, limit); false when out of memory. */
static bool gather(struct shard_ctx *c, struct input *in, size_t *len, size_t limit)
{
    if (c->cap < limit) {
        unsigned char *b = realloc(c->buf, limit);
        if (!b) return false;
        c->buf = b;
        c->cap = limit;
    }
    while (*len < limit) {
        ptrdiff_t got = input_read(in, c->buf + *len, limit - *len);
        if (got <= 0) break;
        *len += (size_t)got;
    }
    return true;
}

/* Range j's first cut and its tag, in bytes from the start of the range.
 * The range is read in growing steps (64 KB, doubled up to
 * SHARD_CUT_SEARCH_MAX); a cut found in a step counts when its tag pair
 * starts PGN_SPLIT_LOOKAHEAD bytes before the step's end (or the range ended
 * in it), so that every earlier '[' was judged on all the bytes it needs and
 * the answer is the one the whole range would give. */
static bool first_cut(struct shard_ctx *c, unsigned j, uint64_t *cut, uint64_t *tag)
{
    uint64_t a = c->fr.start[j], b = c->fr.start[j + 1];
    if (a == b) return false;
    struct input *in = open_range(c, a, b);
    if (!in) return false;
    size_t own = 0, ct = 0, tg = 0;
    bool found = false, ended = false;
    for (size_t want = (size_t)64 << 10;; want *= 2) {
        if (want > SHARD_CUT_SEARCH_MAX) want = SHARD_CUT_SEARCH_MAX;
        if (!gather(c, in, &own, want)) break;
        ended = own < want;
        bool last = ended || want == SHARD_CUT_SEARCH_MAX;
        size_t len = own;
        struct input *next;
        if (ended && b < c->fr.size && (next = open_range(c, b, UINT64_MAX))) {
            bool ok = gather(c, next, &len, own + PGN_SPLIT_LOOKAHEAD);
            input_close(next);
            if (!ok) break;
        }
        if (pgn_split_find_first(c->buf, len, &ct, &tg) && ct < own &&
            (last || tg + PGN_SPLIT_LOOKAHEAD <= own)) {
            found = true;
            break;
        }
        if (last) break;
    }
    /* kept when the range goes on past what was read (and nothing failed) */
    int slot = !c->kept[0].in ? 0 : !c->kept[1].in ? 1 : -1;
    unsigned char *bytes = found && !ended && slot >= 0 && own <= SHARD_KEPT_BYTES_MAX
                               ? malloc(own ? own : 1)
                               : NULL;
    if (bytes) {
        memcpy(bytes, c->buf, own);
        c->kept[slot] = (struct kept){in, j, bytes, own};
    } else {
        input_close(in);
    }
    *cut = ct;
    *tag = tg;
    return found;
}

/* The first cut of range j or of the first range after it that holds one;
 * range n (the end of the file) when none does. */
static void point_from(struct shard_ctx *c, unsigned j, struct shard_point *pt)
{
    for (; j < c->fr.n && !replay_pool_halted(c->pool); j++)
        if (first_cut(c, j, &pt->cut, &pt->tag)) {
            pt->range = j;
            return;
        }
    pt->range = c->fr.n;
    pt->cut = pt->tag = 0;
}


/* ---- reading the shard: its ranges, then the ranges after, as one stream */

struct chain {
    struct shard_ctx *c;
    struct input *a, *b; /* [start range, end range), then from the end range on */
    /* bytes a kept input (take_kept()) read before: handed on first */
    struct replay {
        unsigned char *bytes;
        size_t len, pos;
    } ra, rb;
    uint64_t skip;       /* bytes of a before the shard's start */
    uint64_t a_read;     /* bytes of a handed to the chain so far */
    uint64_t a_bytes;    /* bytes a held, once it ended */
    bool in_b;
    const struct shard_point *end;
    uint64_t delivered, lines; /* bytes handed on; line feeds among them before `stop` */
    uint64_t stop, tag;        /* where the shard ends and the next game must start */
};

static ptrdiff_t chain_read(void *ctx, void *buf, size_t n, const char **why)
{
    struct chain *ch = ctx;
    for (;;) {
        struct input *in = ch->in_b ? ch->b : ch->a;
        if (!in) return 0;
        struct replay *rp = ch->in_b ? &ch->rb : &ch->ra;
        uint64_t lines_in = input_lines(in);
        ptrdiff_t got;
        bool replayed = rp->pos < rp->len;
        if (replayed) {
            size_t m = rp->len - rp->pos < n ? rp->len - rp->pos : n;
            memcpy(buf, rp->bytes + rp->pos, m);
            rp->pos += m;
            got = (ptrdiff_t)m;
        } else {
            got = input_read(in, buf, n);
        }
        if (got < 0) {
            *why = input_error(in);
            return -1;
        }
        if (got == 0) {
            if (ch->in_b || !ch->b) return 0;
            /* the end range starts here: now the shard's end is known */
            ch->a_bytes = input_bytes(ch->a);
            ch->stop = ch->a_bytes - ch->skip + ch->end->cut;
            ch->tag = ch->a_bytes - ch->skip + ch->end->tag;
            ch->in_b = true;
            continue;
        }
        unsigned char *p = buf;
        size_t k = (size_t)got;
        bool whole = !replayed; /* k is all that in just read */
        if (!ch->in_b) ch->a_read += k;
        if (!ch->in_b && ch->skip > ch->a_read - k) { /* before the shard's start */
            uint64_t drop = ch->skip - (ch->a_read - k);
            if (drop >= k) continue;
            memmove(p, p + drop, k - (size_t)drop);
            k -= (size_t)drop;
            whole = false;
        }
        uint64_t below = ch->stop > ch->delivered ? ch->stop - ch->delivered : 0;
        if (below > k) below = k;
        /* in counted the line feeds of what it read: count again only a part */
        if (whole && below == k)
            ch->lines += input_lines(in) - lines_in;
        else
            ch->lines += pgn_split_count_lines(p, (size_t)below);
        ch->delivered += k;
        return (ptrdiff_t)k;
    }
}

/* ---- the input's identity ------------------------------------------------ */

#define SHARD_SAMPLE_BLOCKS 16
#define SHARD_SAMPLE_BYTES  4096

bool shard_identity(const char *path, uint64_t *size, uint64_t *sample)
{
    int fd = open(path, O_RDONLY);
    struct stat st;
    if (fd < 0) return false;
    bool ok = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
    uint64_t h = 0xcbf29ce484222325u; /* FNV-1a, 64 bits */
    uint64_t n = ok ? (uint64_t)st.st_size : 0;
    unsigned char buf[SHARD_SAMPLE_BYTES];
    for (unsigned i = 0; ok && i < SHARD_SAMPLE_BLOCKS; i++) {
        uint64_t at = n > SHARD_SAMPLE_BYTES
                          ? (n - SHARD_SAMPLE_BYTES) / (SHARD_SAMPLE_BLOCKS - 1) * i
                          : 0;
        ssize_t got = pread(fd, buf, sizeof buf, (off_t)at);
        if (got < 0) ok = false;
        for (ssize_t b = 0; b < got; b++)
            h = (h ^ buf[b]) * 0x100000001b3u;
        if (n <= SHARD_SAMPLE_BYTES) break;
    }
    close(fd);
    *size = n;
    *sample = h ^ n;
    return ok;
}

int shard_read(struct replay_pool *pool, const char *path, unsigned k, unsigned n,
               uint64_t zstd_window_max, struct shard_report *r, char *why, size_t whylen)
{
    memset(r, 0, sizeof *r);
    r->k = k;
    r->n = n;
    struct shard_ctx c = {
        .path = path, .pool = pool, .window_max = zstd_window_max, .why = why, .whylen = whylen};
    why[0] = '\0';
    r->has_identity = shard_identity(path, &r->input_size, &r->input_sample);
    if (!input_frames_plan(path, n, &c.fr, why, whylen)) return SHARD_UNREADABLE;
    int status = SHARD_OK;
    if (n > 1 && c.fr.layout == INPUT_LAYOUT_GZIP) {
        snprintf(why, whylen,
                 _("%s is gzip compressed but not as BGZF, so it cannot be cut without decoding "
                   "it whole. Recompress it with bgzip (or pzstd), or run one job per file."),
                 path);
        status = SHARD_CANNOT_SPLIT;
    } else if (n > 1 && c.fr.layout == INPUT_LAYOUT_ZSTD && c.fr.frames < 2) {
        snprintf(why, whylen,
                 _("%s is one zstd frame, which cannot be cut without decoding it whole. "
                   "Recompress it with pzstd (or bgzip), or run one job per file."),
                 path);
        status = SHARD_CANNOT_SPLIT;
    } else if (!input_file_line_breaks(c.path, c.window_max, &c.cr, c.why, c.whylen)) {
        status = SHARD_UNREADABLE;
    }
    if (status != SHARD_OK) {
        input_frames_free(&c.fr);
        return status;
    }

    r->start.range = k - 1;
    if (k > 1 && !first_cut(&c, k - 1, &r->start.cut, &r->start.tag))
        point_from(&c, k, &r->start); /* nothing of its own: start = end */
    point_from(&c, k, &r->end);
    r->confirmed = true;
    if (replay_pool_halted(pool)) { /* stopped while looking for the ends: nothing read */
        r->halted = true;
        r->confirmed = false;
    } else if (r->start.range == r->end.range && r->start.cut == r->end.cut) {
        r->empty = true;
    } else {
        struct chain ch = {
            .c = &c, .skip = r->start.cut, .end = &r->end, .stop = UINT64_MAX, .tag = UINT64_MAX};
        /* a range whose first cut was found is read on by the input that
         * found it when the bounds are the same: the start range when the
         * next one ends the shard, the end range when it is the last */
        if (r->end.range == k) ch.a = take_kept(&c, k - 1, &ch.ra.bytes, &ch.ra.len);
        if (!ch.a) ch.a = open_range(&c, c.fr.start[k - 1], c.fr.start[r->end.range]);
        if (ch.a && r->end.range + 1 == n)
            ch.b = take_kept(&c, r->end.range, &ch.rb.bytes, &ch.rb.len);
        if (ch.a && !ch.b && r->end.range < n)
            ch.b = open_range(&c, c.fr.start[r->end.range], UINT64_MAX);
        struct input *in =
            ch.a && (ch.b || r->end.range == n) ? input_open_source(chain_read, &ch, path) : NULL;
        if (in) input_set_uncounted(in); /* chain_read() counts the shard's lines */
        struct replay_until u;
        if (!in || !replay_pool_read_until(pool, in, &ch.stop, &u)) {
            if (!why[0]) snprintf(why, whylen, "%s", _("out of memory"));
            status = SHARD_UNREADABLE;
        } else {
            r->games = u.games;
            r->bytes = u.hit ? ch.stop : ch.delivered;
            r->lines = ch.lines;
            r->halted = u.halted;
            r->confirmed = !u.halted && (r->end.range == n ? !u.hit : u.hit && u.offset == ch.tag);
            r->input_failed = !u.hit && *input_error(in);
        }
        input_close(in);
        input_close(ch.a);
        input_close(ch.b);
        free(ch.ra.bytes);
        free(ch.rb.bytes);
    }
    uint64_t size, sample;
    if (status == SHARD_OK && r->has_identity &&
        (!shard_identity(path, &size, &sample) || size != r->input_size ||
         sample != r->input_sample))
        r->input_changed = true;
    for (int i = 0; i < 2; i++) {
        input_close(c.kept[i].in);
        free(c.kept[i].bytes);
    }
    free(c.buf);
    input_frames_free(&c.fr);
    return status;
}

bool shard_parse(const char *arg, unsigned *k, unsigned *n)
{
    char *end;
    if (arg[0] < '1' || arg[0] > '9') return false;
    unsigned long a = strtoul(arg, &end, 10);
    if (*end != '/' || end[1] < '1' || end[1] > '9') return false;
    unsigned long b = strtoul(end + 1, &end, 10);
    if (*end || a > b || b > SHARD_N_MAX) return false;
    *k = (unsigned)a;
    *n = (unsigned)b;
    return true;
}
