/*
 * replay_pool.c - replay on the calling thread or on worker threads, output in
 * input order (see replay_pool.h).
 *
 * With more than one job the calling thread only reads: it cuts each input
 * into pieces at places where a game must start (pgn_split.h) and hands them
 * on; every worker reads a piece with its own parser and replays it with its
 * own game, keeping what it finds in the piece's batch (replay_batch.h); the
 * calling thread delivers the batches strictly in sequence, moving the game
 * numbers, lines and byte offsets of each piece by what came before it (the
 * worker counts a piece's games and lines: its parser knows them where it
 * stops).
 *
 * Pieces live in a ring of slots named by a sequence number (slot = seq %
 * nslots): [deliver, fill) were handed on, each QUEUED until a worker takes
 * it (in order: [take, fill) are waiting), BUSY while it is read, DONE when
 * its output is ready.  A piece holds its own bytes plus PGN_SPLIT_LOOKAHEAD
 * bytes of the next piece: the worker reads on into those and stops at the
 * first game that starts at or after the cut; the piece is *confirmed* when
 * that game starts at the tag pair the cut was made before, that is, when the
 * parser of the whole stream would have started a game exactly where the
 * next piece's parser does.  A piece that is not confirmed (or whose output
 * did not fit in memory, or that could not be cut at all) is read again here,
 * by one parser over the pieces still held and then the input itself, until
 * it meets a game that starts at a later piece's cut (from that piece on the
 * workers' output stands) or the end of the input.
 *
 * Locking: one mutex guards the sequence numbers and slot states; `work`
 * wakes workers when a piece is queued or the pool stops, `done` wakes the
 * calling thread when a piece is finished.  A slot's contents are touched
 * only by whoever owns its state (caller: FREE, filling, DONE; worker: BUSY).
 */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include "jobs/replay_pool.h"

#include "i18n.h"

#include "judge/game.h"
#include "pgn/input.h"
#include "pgn/pgn_parse.h"
#include "pgn/pgn_split.h"
#include "jobs/replay_batch.h"
#include "judge/game_record.h"

#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <sys/mman.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Memory held back for reading a piece again when memory runs out (a parser
 * and its input need about 200 KB). */
#define REPLAY_POOL_RESERVE ((size_t)1 << 20)

/* No more worker threads are started once this much cannot be had: the
 * calling thread needs it to read inputs and to read pieces again. */
#define REPLAY_POOL_HEADROOM ((size_t)16 << 20)

enum slot_state { SLOT_FREE, SLOT_QUEUED, SLOT_BUSY, SLOT_DONE };
enum slot_kind {
    KIND_PIECE,   /* a piece of an input, to be read by a worker */
    KIND_UNCUT,   /* the rest of an input that could not be cut: read here */
    KIND_FINDING, /* no input: a file-level finding kept in `out` */
};

struct slot {
    enum slot_state state;
    enum slot_kind kind;
    struct replay_batch *out; /* what reading the piece found */

    unsigned char *data; /* [0, own) the piece, [own, len) the next piece's start */
    size_t own, len, cap;
    size_t tag;              /* !last: where the next piece's first game starts */
    bool first, last;        /* first / last piece of its input */
    char *error;             /* last: the input failed after it with this reason */
    uint64_t input;          /* which input (a count) */
    uint64_t offset;         /* bytes of the input before the piece */

    bool confirmed; /* the worker's answer, see above */
    uint64_t games; /* games that start in the piece */
    uint64_t lines; /* line feeds in the piece (when confirmed and not last) */
    char file[REPLAY_POOL_NAME_MAX]; /* the input's name */
};

struct worker {
    struct replay_pool *pool;
    pthread_t thread;
    struct game *game; /* reports into `current` */
    struct replay_batch *current;
};

struct replay_pool {
    struct game_sink sink; /* the final sink, called on the calling thread only */
    struct game *game;     /* the calling thread's own game (one job: to sink) */
    char file[REPLAY_POOL_NAME_MAX]; /* the name of the input being read */
    unsigned jobs;
    bool strict;

    /* jobs > 1 */
    unsigned nworkers;
    struct worker *workers;
    unsigned nslots;
    unsigned inflight; /* pieces handed on at most: nslots, fewer after shed_memory() */
    void *reserve;     /* REPLAY_POOL_RESERVE bytes given back when memory runs out */
    struct slot *slots;
    pthread_mutex_t lock;
    pthread_cond_t work, done;
    uint64_t fill, take, deliver;
    bool stop;
    bool sync_ready; /* lock and conditions initialised */
    size_t piece_bytes, piece_max;
    unsigned worker_delay_us; /* tests only */
    bool lazy;                /* tests only: deliver only when the slots are full */
    struct replay_pool_stats stats;

    /* the input being read (calling thread) */
    struct input *in; /* NULL once it has been read to its end */
    uint64_t inputs;  /* inputs started */
    uint64_t in_bytes; /* of the input before the next piece */
    unsigned char *carry; /* the start of the next piece: bytes after the last cut */
    size_t carry_len, carry_cap;

    /* delivering (calling thread): what the findings of the piece being
     * delivered are moved by - the games and line feeds of its input before
     * it, and its offset - and whether the input's once-per-input note was
     * given */
    uint64_t delivered_games, delivered_lines, delivered_offset;
    bool once_noted;
    const volatile sig_atomic_t *halt; /* replay_pool_set_halt() */
    bool dropping; /* halted: the rest is not delivered */
    struct game *again;   /* reads pieces again (sink: rebase_diag, rebase_game) */
    struct span *spans;   /* nslots + 1, for it */
};

unsigned replay_pool_online_jobs(void)
{
    long n = 0;
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) n = CPU_COUNT(&set);
    if (n <= 0) n = sysconf(_SC_NPROCESSORS_ONLN);
    if (n <= 0) n = 1;
    return n > REPLAY_POOL_JOBS_MAX ? REPLAY_POOL_JOBS_MAX : (unsigned)n;
}

/* ---- the replay loop ------------------------------------------------------ */

/* Where a piece's reader stops: at the first game that starts at or after
 * `from` (an offset). */
struct stop {
    uint64_t from;
    const uint64_t *live; /* when set, `from` is read here (it may move while reading) */
    bool hit;
    const volatile sig_atomic_t *halt; /* the calling thread's runs: stop asked */
    bool halted;                        /* run() returned because of it */
    struct pgn_event ev; /* that game's GAME_BEGIN, not fed to the game */
};

/*
 * The one loop that hands events to game_feed(), whoever runs it: the calling
 * thread with one job, a worker over a piece, the calling thread reading a
 * piece again.  It holds the program's only call of pgn_parser_next_run(), so
 * the compiler folds the reader into it; game_feed() is a small dispatcher that
 * inlines here and at read_again()'s one other call (game.c), and a run of
 * moves goes to game_feed_run() in one call.
 */
static void run(struct game *game, struct pgn_parser *parser, struct stop *stop)
{
    struct pgn_event ev[PGN_PARSE_RUN_MAX];
    size_t n;
    while ((n = pgn_parser_next_run(parser, ev, PGN_PARSE_RUN_MAX))) {
        if (n > 1) { /* moves and move numbers: no game begins among them */
            game_feed_run(game, ev, n);
            continue;
        }
        if (ev->type == PGN_EV_GAME_BEGIN && stop->halt && *stop->halt) {
            stop->halted = true; /* between two games: every game before is whole */
            stop->ev = *ev;
            return;
        }
        if (ev->type == PGN_EV_GAME_BEGIN &&
            ev->loc.offset >= (stop->live ? *stop->live : stop->from)) {
            stop->hit = true;
            stop->ev = *ev;
            return;
        }
        game_feed(game, ev);
    }
}

/* ---- reading bytes held in memory -------------------------------------- */

/* A run of bytes; read_again() also keeps where the run starts and where
 * its first game should start, counted from the start of the first run. */
struct span {
    const unsigned char *p;
    size_t len;
    uint64_t cut, tag;
};

/* Byte runs read in turn, then an input (or a failure, or the end); an
 * input_source_fn. */
struct spans {
    struct span *run;
    size_t n, at, pos;
    const char *error; /* after the runs when there is no input: fail with it */
    struct input *then;
    bool used_then; /* something was read from it */
};

static ptrdiff_t spans_read(void *ctx, void *buf, size_t n, const char **why)
{
    struct spans *s = ctx;
    while (s->at < s->n) {
        size_t left = s->run[s->at].len - s->pos;
        if (left == 0) {
            s->at++;
            s->pos = 0;
            continue;
        }
        size_t k = left < n ? left : n;
        memcpy(buf, s->run[s->at].p + s->pos, k);
        s->pos += k;
        return (ptrdiff_t)k;
    }
    if (s->then) {
        s->used_then = true;
        ptrdiff_t got = input_read(s->then, buf, n);
        if (got < 0) *why = input_error(s->then);
        return got;
    }
    if (s->error) {
        *why = s->error;
        return -1;
    }
    return 0;
}

/* ---- workers ------------------------------------------------------------ */

static void worker_keep_diag(void *ctx, const struct diag *d)
{
    struct worker *w = ctx;
    replay_batch_keep_diag(w->current, d);
}

static void worker_keep_game(void *ctx, const struct game_record *g)
{
    struct worker *w = ctx;
    replay_batch_keep_game(w->current, g);
}

static void worker_keep_move(void *ctx, const struct game_move *m)
{
    struct worker *w = ctx;
    replay_batch_keep_move(w->current, m);
}

/* Line feeds before the cut at the end of piece s, for a parser that met the
 * game after it at ev: those before that game's tag pair less the blank
 * run's. */
static uint64_t lines_before_cut(const struct slot *s, const struct pgn_event *ev)
{
    return ev->loc.line - 1 - pgn_split_count_lines(s->data + s->own, s->tag - s->own);
}

/* Read a piece and its look-ahead; say whether the cut after it held. */
static void read_piece(struct worker *w, struct slot *s)
{
    struct span whole = {s->data, s->last ? s->own : s->len, 0, 0};
    struct spans sp = {&whole, 1, 0, 0, s->last ? s->error : NULL, NULL, false};
    struct input *in = input_open_source(spans_read, &sp, s->file);
    struct pgn_parser *parser = in ? pgn_parser_new(in, game_parser_diag, w->game) : NULL;
    s->confirmed = false;
    if (parser) {
        w->current = s->out;
        game_set_file(w->game, s->file);
        struct stop stop = {.from = s->last ? UINT64_MAX : s->own};
        run(w->game, parser, &stop);
        s->confirmed = s->last ? !stop.hit : stop.hit && stop.ev.loc.offset == s->tag;
        s->games = stop.hit ? stop.ev.game - 1 : pgn_parser_games(parser);
        if (s->confirmed && !s->last) s->lines = lines_before_cut(s, &stop.ev);
    }
    pgn_parser_free(parser);
    input_close(in);
}

void replay_pool_block_interrupts(void)
{
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
}

static void *worker_run(void *arg)
{
    struct worker *w = arg;
    struct replay_pool *p = w->pool;
    replay_pool_block_interrupts();
    for (;;) {
        pthread_mutex_lock(&p->lock);
        while (!p->stop && p->take == p->fill)
            pthread_cond_wait(&p->work, &p->lock);
        if (p->take == p->fill) { /* stopping, nothing left */
            pthread_mutex_unlock(&p->lock);
            return NULL;
        }
        struct slot *s = &p->slots[p->take++ % p->nslots];
        s->state = SLOT_BUSY;
        pthread_mutex_unlock(&p->lock);

        if (s->kind == KIND_PIECE) read_piece(w, s);
        if (p->worker_delay_us) {
            struct timespec ts = {0, (long)p->worker_delay_us * 1000};
            nanosleep(&ts, NULL);
        }

        pthread_mutex_lock(&p->lock);
        s->state = SLOT_DONE;
        pthread_cond_broadcast(&p->done);
        pthread_mutex_unlock(&p->lock);
    }
}

/* ---- delivering, in input order (calling thread) -------------------------- */

static void rebase_diag(void *ctx, const struct diag *d)
{
    struct replay_pool *p = ctx;
    struct diag c = *d;
    if (c.game) c.game += p->delivered_games;
    if (c.loc.line) {
        c.loc.line += (uint32_t)p->delivered_lines;
        c.loc.offset += p->delivered_offset;
    }
    if (pgn_parse_once_per_input(&c)) {
        if (p->once_noted) return; /* given already, by an earlier piece's parser */
        p->once_noted = true;
    }
    p->sink.diag(p->sink.ctx, &c);
}

static void rebase_game(void *ctx, const struct game_record *g)
{
    struct replay_pool *p = ctx;
    struct game_record c = *g;
    c.game += p->delivered_games;
    c.offset += p->delivered_offset;
    c.line += (uint32_t)p->delivered_lines;
    p->sink.game(p->sink.ctx, &c);
}

static void rebase_move(void *ctx, const struct game_move *m)
{
    struct replay_pool *p = ctx;
    struct game_move c = *m;
    c.offset += p->delivered_offset;
    p->sink.move(p->sink.ctx, &c);
}

/* The sink that moves a piece's output by what came before it (the move
 * hook only when the final sink has one: check's replay then has none). */
static struct game_sink rebased_sink(struct replay_pool *p)
{
    return (struct game_sink){p, rebase_diag, rebase_game, p->sink.want_mainline,
                              p->sink.move ? rebase_move : NULL};
}

/* Before delivering s: its input's counts start over with its first piece. */
static void rebase_for(struct replay_pool *p, const struct slot *s)
{
    if (s->first) {
        p->delivered_games = p->delivered_lines = 0;
        p->once_noted = false;
    }
    p->delivered_offset = s->offset;
}

static bool halted(const struct replay_pool *p)
{
    return p->halt && *p->halt;
}

static void release(struct slot *s)
{
    free(s->error);
    s->error = NULL;
    replay_batch_clear(s->out);
    s->state = SLOT_FREE;
}

/*
 * Out of memory: give back the buffers of the free slots (but the one being
 * filled) and keep fewer
 * pieces in flight from now on (at most half as many, down to two), as if
 * there were fewer jobs - the output stays the same.  False when there was
 * nothing left to give back.
 */
static bool shed_memory(struct replay_pool *p, const struct slot *filling)
{
    bool freed = false;
    pthread_mutex_lock(&p->lock);
    for (unsigned i = 0; i < p->nslots; i++) {
        struct slot *s = &p->slots[i];
        if (s->state == SLOT_FREE && s->data && s != filling) {
            free(s->data);
            s->data = NULL;
            s->cap = 0;
            freed = true;
        }
    }
    pthread_mutex_unlock(&p->lock);
    if (p->reserve) { /* enough for one more parser, whatever else is held */
        free(p->reserve);
        p->reserve = NULL;
        freed = true;
    }
    if (p->inflight > 2) {
        p->inflight = p->inflight / 2 > 2 ? p->inflight / 2 : 2;
        freed = true;
    }
    return freed;
}

static void wait_done(struct replay_pool *p, const struct slot *s)
{
    pthread_mutex_lock(&p->lock);
    while (s->state != SLOT_DONE)
        pthread_cond_wait(&p->done, &p->lock);
    pthread_mutex_unlock(&p->lock);
}

/*
 * Piece `seq` cannot be trusted: read its input again, here, from the start
 * of that piece - through the pieces of it still held, then what was not cut
 * yet and the input itself when it is the one being read - until a game
 * starts exactly at one of the later pieces' cuts: the pieces from there on
 * are good as they are (their start is now confirmed by this parser).  When
 * none is met, read to the end of the input.  The pieces read again are
 * dropped.  Returns the sequence number of the first piece not read again.
 */
static uint64_t read_again(struct replay_pool *p, uint64_t seq)
{
    p->stats.read_again++;
    for (uint64_t i = seq; i < p->fill; i++) /* nothing may read a piece we drop */
        wait_done(p, &p->slots[i % p->nslots]);
    struct slot *s0 = &p->slots[seq % p->nslots];
    rebase_for(p, s0);
    struct spans sp = {p->spans, 0, 0, 0, NULL, NULL, false};
    struct span *span = p->spans; /* span i is piece seq + i */
    uint64_t at = 0, end = seq;
    bool ended = false;
    while (end < p->fill) {
        struct slot *s = &p->slots[end % p->nslots];
        if (s->input != s0->input || s->kind == KIND_FINDING) break;
        const struct slot *prev = &p->slots[(end - 1) % p->nslots]; /* when sp.n */
        span[sp.n] = (struct span){s->data, s->kind == KIND_UNCUT ? s->len : s->own, at,
                                  sp.n ? at + (prev->tag - prev->own) : 0};
        at += span[sp.n++].len;
        end++;
        if (s->last) {
            ended = true;
            sp.error = s->error;
            break;
        }
        if (s->kind == KIND_UNCUT) break;
    }
    size_t pieces = sp.n, next = 1; /* the next piece whose cut may hold */
    bool live = !ended && p->in && p->inputs == s0->input;
    if (live) {
        span[sp.n++] = (struct span){p->carry, p->carry_len, at, 0};
        sp.then = p->in;
    }
    struct input *in = input_open_source(spans_read, &sp, s0->file);
    struct pgn_parser *parser = in ? pgn_parser_new(in, game_parser_diag, p->again) : NULL;
    if (!parser && shed_memory(p, NULL)) { /* out of memory: fewer pieces in flight, once more */
        input_close(in);
        in = input_open_source(spans_read, &sp, s0->file);
        parser = in ? pgn_parser_new(in, game_parser_diag, p->again) : NULL;
    }
    uint64_t resume = end;
    if (parser) {
        game_set_file(p->again, s0->file);
        struct stop st = {.from = next < pieces ? span[next].cut : UINT64_MAX, .halt = p->halt};
        for (;;) {
            run(p->again, parser, &st);
            if (st.halted) { /* stop asked: nothing after this is delivered */
                p->dropping = true;
                live = false;
                break;
            }
            if (!st.hit) { /* the end of the input */
                p->delivered_games += pgn_parser_games(parser);
                if (live) p->in_bytes = s0->offset + pgn_parser_bytes(parser);
                break;
            }
            uint64_t begin = st.ev.loc.offset;
            while (next < pieces && span[next].cut <= begin && span[next].tag != begin)
                next++;
            if (next < pieces && span[next].tag == begin && !sp.used_then) {
                /* the cut before piece seq + next holds: go on from there */
                const struct slot *prev = &p->slots[(seq + next - 1) % p->nslots];
                p->delivered_games += st.ev.game - 1;
                p->delivered_lines += lines_before_cut(prev, &st.ev);
                resume = seq + next;
                live = false; /* the input was not touched */
                p->stats.resumed++;
                break;
            }
            game_feed(p->again, &st.ev); /* a game that starts elsewhere */
            st.hit = false;
            st.from = next < pieces && !sp.used_then ? span[next].cut : UINT64_MAX;
        }
    } else {
        struct diag d;
        diag_init(&d, DIAG_INPUT, NULL, _("cannot read input: out of memory"));
        d.file = s0->file;
        p->sink.diag(p->sink.ctx, &d);
    }
    pgn_parser_free(parser);
    input_close(in);
    if (!p->reserve) p->reserve = malloc(REPLAY_POOL_RESERVE); /* again, when there is some */
    if (live) {
        p->in = NULL; /* read to its end */
        p->carry_len = 0;
    }
    return resume;
}

/* Deliver the oldest piece handed on, waiting for it when `wait`; false when
 * there is none (or it is not done and we may not wait). */
static bool deliver_oldest(struct replay_pool *p, bool wait)
{
    pthread_mutex_lock(&p->lock);
    if (p->deliver == p->fill) {
        pthread_mutex_unlock(&p->lock);
        return false;
    }
    uint64_t seq = p->deliver;
    struct slot *s = &p->slots[seq % p->nslots];
    while (s->state != SLOT_DONE) {
        if (!wait) {
            pthread_mutex_unlock(&p->lock);
            return false;
        }
        pthread_cond_wait(&p->done, &p->lock);
    }
    pthread_mutex_unlock(&p->lock);

    uint64_t end = seq + 1;
    if (p->dropping || halted(p)) {
        /* stop asked: nothing more is delivered (what was delivered is whole) */
        p->dropping = true;
    } else if (s->kind == KIND_FINDING) {
        replay_batch_deliver(s->out, &p->sink);
    } else if (s->kind == KIND_PIECE && s->confirmed && !replay_batch_output_lost(s->out)) {
        rebase_for(p, s);
        const struct game_sink to = rebased_sink(p);
        replay_batch_deliver(s->out, &to);
        p->delivered_games += s->games;
        p->delivered_lines += s->lines;
    } else {
        end = read_again(p, seq);
    }

    pthread_mutex_lock(&p->lock);
    for (uint64_t i = seq; i < end; i++)
        release(&p->slots[i % p->nslots]);
    p->deliver = end;
    pthread_mutex_unlock(&p->lock);
    return true;
}

/* ---- reading and cutting (calling thread) ------------------------------ */

/* A free slot for the next piece, delivering (and so waiting) while there is
 * none. */
static struct slot *next_slot(struct replay_pool *p, enum slot_kind kind)
{
    while (!p->lazy && deliver_oldest(p, false))
        ;
    while (p->fill - p->deliver >= p->inflight)
        deliver_oldest(p, true);
    struct slot *s = &p->slots[p->fill % p->nslots];
    s->kind = kind;
    s->first = s->last = s->confirmed = false;
    s->own = s->len = s->tag = 0;
    s->games = s->lines = 0;
    s->offset = p->in_bytes;
    s->input = p->inputs;
    snprintf(s->file, sizeof s->file, "%s", p->file);
    /* a slot grown for one long game goes back to the usual size */
    if (s->cap > 2 * (p->piece_bytes + PGN_SPLIT_LOOKAHEAD)) {
        free(s->data);
        s->data = NULL;
        s->cap = 0;
    }
    return s;
}

static void queue(struct replay_pool *p, struct slot *s)
{
    if (s->kind != KIND_FINDING) p->stats.pieces++;
    pthread_mutex_lock(&p->lock);
    s->state = SLOT_QUEUED;
    p->fill++;
    pthread_cond_signal(&p->work);
    pthread_mutex_unlock(&p->lock);
}

static bool grow(struct slot *s, size_t cap)
{
    if (s->cap >= cap) return true;
    unsigned char *d = realloc(s->data, cap);
    if (!d) return false;
    s->data = d;
    s->cap = cap;
    return true;
}

/* Read into s until it holds `want` bytes; false when the input ends (or
 * fails) first. */
static bool fill_slot(struct replay_pool *p, struct slot *s, size_t want)
{
    while (s->len < want) {
        ptrdiff_t got = input_read(p->in, s->data + s->len, want - s->len);
        if (got <= 0) return false;
        s->len += (size_t)got;
    }
    return true;
}

/* Make s (holding the carry) the next piece of the input and queue it.
 * True when the input goes on in another piece; false when s is its last
 * piece, or the rest of it could not be cut (s is then read here). */
static bool cut_piece(struct replay_pool *p, struct slot *s)
{
    size_t want = p->piece_bytes + PGN_SPLIT_LOOKAHEAD;
    for (;;) {
        if (!grow(s, want) && !(shed_memory(p, s) && grow(s, want))) {
            /* no memory to look further: the rest in one go */
            s->kind = KIND_UNCUT;
            break;
        }
        bool more = fill_slot(p, s, want);
        size_t cut, tag;
        if (more && pgn_split_find(s->data, s->len, s->len - PGN_SPLIT_LOOKAHEAD, &cut, &tag)) {
            s->own = cut;
            s->tag = tag;
            break;
        }
        if (!more) {
            s->last = true;
            const char *why = input_error(p->in);
            if (*why) s->error = strdup(why); /* NULL (no memory): read here */
            if (*why && !s->error) s->kind = KIND_UNCUT, s->last = false;
            break;
        }
        if (want >= p->piece_max) { /* no place to cut: the rest in one go */
            s->kind = KIND_UNCUT;
            break;
        }
        want *= 2;
    }
    if (s->kind == KIND_UNCUT || s->last) s->own = s->len;
    /* the bytes after the cut start the next piece */
    size_t rest = s->len - s->own;
    if (rest > p->carry_cap) {
        unsigned char *c = realloc(p->carry, rest);
        if (!c) { /* cannot carry them: the rest in one go */
            s->kind = KIND_UNCUT;
            s->own = s->len;
            rest = 0;
        } else {
            p->carry = c;
            p->carry_cap = rest;
        }
    }
    if (rest) memcpy(p->carry, s->data + s->own, rest);
    p->carry_len = rest;
    p->in_bytes += s->own;
    queue(p, s);
    return s->kind == KIND_PIECE && !s->last;
}

/* Cut `in` into pieces and queue them; returns the bytes read.  Every byte of
 * it has been read when this returns: the last piece is queued, or the rest
 * was read here. */
static uint64_t read_pieces(struct replay_pool *p, struct input *in)
{
    p->inputs++;
    p->in = in;
    p->in_bytes = 0;
    p->carry_len = 0;
    bool first = true, uncut = false;
    for (;;) {
        if (halted(p)) break; /* stop asked: cut nothing more */
        struct slot *s = next_slot(p, KIND_PIECE);
        if (!p->in) break; /* an unconfirmed piece: read again to the end */
        s->first = first;
        first = false;
        if (!grow(s, p->carry_len + 1) && !(shed_memory(p, s) && grow(s, p->carry_len + 1))) {
            /* out of memory: the carry and the rest of the input, here */
            s->kind = KIND_UNCUT;
            queue(p, s);
            uncut = true;
            break;
        }
        if (p->carry_len) memcpy(s->data, p->carry, p->carry_len);
        s->len = p->carry_len;
        if (!cut_piece(p, s)) {
            uncut = s->kind == KIND_UNCUT;
            break;
        }
    }
    while (uncut && p->in && deliver_oldest(p, true))
        ;
    p->in = NULL;
    return p->in_bytes;
}

/* ---- the calling thread's interface ------------------------------------ */

bool replay_pool_read(struct replay_pool *p, struct input *in, uint64_t *bytes)
{
    if (p->jobs > 1) {
        *bytes = read_pieces(p, in);
        return true;
    }
    struct pgn_parser *parser = pgn_parser_new(in, game_parser_diag, p->game);
    if (!parser) return false;
    struct stop none = {.from = UINT64_MAX, .halt = p->halt};
    run(p->game, parser, &none);
    *bytes = pgn_parser_bytes(parser);
    pgn_parser_free(parser);
    return true;
}

bool replay_pool_read_until(struct replay_pool *p, struct input *in, const uint64_t *from,
                            struct replay_until *r)
{
    struct pgn_parser *parser = p->jobs == 1 ? pgn_parser_new(in, game_parser_diag, p->game) : NULL;
    if (!parser) return false;
    struct stop st = {.from = UINT64_MAX, .live = from, .halt = p->halt};
    run(p->game, parser, &st);
    r->hit = st.hit;
    r->halted = st.halted;
    r->offset = st.hit ? st.ev.loc.offset : 0;
    r->games = st.hit || st.halted ? st.ev.game - 1 : pgn_parser_games(parser);
    pgn_parser_free(parser);
    return true;
}

void replay_pool_set_file(struct replay_pool *p, const char *name)
{
    snprintf(p->file, sizeof p->file, "%s", name);
    game_set_file(p->game, p->file);
}

void replay_pool_finding(struct replay_pool *p, const struct diag *d)
{
    if (p->jobs == 1) {
        p->sink.diag(p->sink.ctx, d);
        return;
    }
    struct slot *s = next_slot(p, KIND_FINDING);
    replay_batch_keep_diag(s->out, d);
    if (replay_batch_output_lost(s->out)) { /* no memory to keep it: deliver it now */
        while (deliver_oldest(p, true))
            ;
        replay_batch_clear(s->out);
        p->sink.diag(p->sink.ctx, d);
        return;
    }
    queue(p, s);
}

void replay_pool_drain(struct replay_pool *p)
{
    if (p->jobs > 1)
        while (deliver_oldest(p, true))
            ;
}

void replay_pool_finish(struct replay_pool *p)
{
    replay_pool_drain(p);
}

void replay_pool_set_halt(struct replay_pool *p, const volatile sig_atomic_t *flag)
{
    p->halt = flag;
}

bool replay_pool_halted(const struct replay_pool *p)
{
    return halted(p);
}

void replay_pool_set_pieces(struct replay_pool *p, size_t bytes, size_t max)
{
    if (bytes) p->piece_bytes = bytes;
    if (max) p->piece_max = max;
}

void replay_pool_set_lazy(struct replay_pool *p, bool lazy)
{
    p->lazy = lazy;
}

void replay_pool_get_stats(const struct replay_pool *p, struct replay_pool_stats *st)
{
    *st = p->stats;
}

void replay_pool_set_worker_delay(struct replay_pool *p, unsigned microseconds)
{
    p->worker_delay_us = microseconds < 1000000 ? microseconds : 999999;
}

/* ---- life cycle ---------------------------------------------------------- */

/*
 * Whether `bytes` of memory can be had now, asked of the system directly:
 * a malloc() and free() of a block this big would do too, but glibc then
 * raises its threshold for serving blocks by mmap() to that size, and every
 * block below it (pieces, the duplicate index) would come from the heap,
 * where freed memory is seldom given back: 6 MB more at the peak of -j 2 on
 * the gnuchess book (bench/README.md).
 */
static bool memory_available(size_t bytes)
{
    void *m = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) return false;
    munmap(m, bytes);
    return true;
}

/* Workers' games, the slots' batches, the game that reads again and the
 * threads; false when any is missing (what was made is freed by
 * replay_pool_free()).  Fewer threads than asked for are fine as long as one
 * started. */
static bool start_workers(struct replay_pool *p, unsigned n)
{
    p->workers = calloc(n, sizeof *p->workers);
    p->nslots = p->inflight = REPLAY_POOL_SLOTS_PER_JOB * n + 2;
    p->slots = calloc(p->nslots, sizeof *p->slots);
    p->spans = calloc(p->nslots + 1, sizeof *p->spans);
    if (!p->workers || !p->slots || !p->spans) return false;
    for (unsigned i = 0; i < p->nslots; i++)
        if (!(p->slots[i].out = replay_batch_new())) return false;
    const struct game_sink rebased = rebased_sink(p);
    if (!(p->again = game_new(&rebased, p->strict))) return false;
    for (unsigned i = 0; i < n; i++) {
        struct worker *w = &p->workers[i];
        const struct game_sink keep = {w, worker_keep_diag, worker_keep_game,
                                       p->sink.want_mainline,
                                       p->sink.move ? worker_keep_move : NULL};
        w->pool = p;
        if (!(w->game = game_new(&keep, p->strict))) return false;
    }
    if (pthread_mutex_init(&p->lock, NULL) != 0) return false;
    if (pthread_cond_init(&p->work, NULL) != 0) {
        pthread_mutex_destroy(&p->lock);
        return false;
    }
    if (pthread_cond_init(&p->done, NULL) != 0) {
        pthread_cond_destroy(&p->work);
        pthread_mutex_destroy(&p->lock);
        return false;
    }
    p->sync_ready = true;
    for (unsigned i = 0; i < n; i++) {
        /* each thread's stack takes address space: leave some for reading */
        if (!memory_available(REPLAY_POOL_HEADROOM) && p->nworkers > 0) break;
        if (pthread_create(&p->workers[i].thread, NULL, worker_run, &p->workers[i]) != 0) break;
        p->nworkers++;
    }
    /* pieces in flight for the threads that run (fewer when memory or
     * threads ran short), so that memory goes with the work done */
    p->inflight = REPLAY_POOL_SLOTS_PER_JOB * p->nworkers + 2;
    p->reserve = malloc(REPLAY_POOL_RESERVE); /* none is fine too */
    return p->nworkers > 0;
}

struct replay_pool *replay_pool_new(unsigned jobs, const struct game_sink *sink, bool strict)
{
    if (jobs < 1 || jobs > REPLAY_POOL_JOBS_MAX) return NULL;
    struct replay_pool *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->sink = *sink;
    p->strict = strict;
    p->jobs = jobs;
    snprintf(p->file, sizeof p->file, "<input>");
    p->piece_bytes = REPLAY_POOL_PIECE_BYTES;
    p->piece_max = REPLAY_POOL_PIECE_MAX;
    if (!(p->game = game_new(sink, strict)) || (jobs > 1 && !start_workers(p, jobs))) {
        replay_pool_free(p);
        return NULL;
    }
    if (jobs > 1) {
        /* Workers that leave no room for the pieces they read are no use:
         * with N jobs, room for two pieces and their findings must be left,
         * or the caller is told to try fewer jobs (cmd_check halves N). */
        size_t room = 2 * (2 * (p->piece_bytes + PGN_SPLIT_LOOKAHEAD));
        if (!memory_available(room)) {
            replay_pool_free(p);
            return NULL;
        }
    }
    return p;
}

void replay_pool_set_notation(struct replay_pool *p, enum nota_mode mode)
{
    game_set_notation(p->game, mode);
    if (p->again) game_set_notation(p->again, mode);
    if (p->workers)
        for (unsigned i = 0; i < p->jobs; i++)
            if (p->workers[i].game) game_set_notation(p->workers[i].game, mode);
}

void replay_pool_set_clocks(struct replay_pool *p, int64_t delay_ms, int64_t slack_ms)
{
    game_set_clocks(p->game, delay_ms, slack_ms);
    if (p->again) game_set_clocks(p->again, delay_ms, slack_ms);
    if (p->workers)
        for (unsigned i = 0; i < p->jobs; i++)
            if (p->workers[i].game) game_set_clocks(p->workers[i].game, delay_ms, slack_ms);
}

void replay_pool_set_after_illegal(struct replay_pool *p, bool stop)
{
    game_set_after_illegal(p->game, stop);
    if (p->again) game_set_after_illegal(p->again, stop);
    if (p->workers)
        for (unsigned i = 0; i < p->jobs; i++)
            if (p->workers[i].game) game_set_after_illegal(p->workers[i].game, stop);
}

void replay_pool_set_control(struct replay_pool *p, const struct diag_control *ctl)
{
    game_set_control(p->game, ctl);
    if (p->again) game_set_control(p->again, ctl);
    if (p->workers)
        for (unsigned i = 0; i < p->jobs; i++)
            if (p->workers[i].game) game_set_control(p->workers[i].game, ctl);
}

void replay_pool_free(struct replay_pool *p)
{
    if (!p) return;
    if (p->sync_ready) {
        pthread_mutex_lock(&p->lock);
        p->stop = true;
        pthread_cond_broadcast(&p->work);
        pthread_mutex_unlock(&p->lock);
        for (unsigned i = 0; i < p->nworkers; i++)
            pthread_join(p->workers[i].thread, NULL);
        pthread_cond_destroy(&p->done);
        pthread_cond_destroy(&p->work);
        pthread_mutex_destroy(&p->lock);
    }
    if (p->workers)
        for (unsigned i = 0; i < p->jobs; i++)
            game_free(p->workers[i].game);
    if (p->slots)
        for (unsigned i = 0; i < p->nslots; i++) {
            replay_batch_free(p->slots[i].out);
            free(p->slots[i].data);
            free(p->slots[i].error);
        }
    free(p->workers);
    free(p->slots);
    free(p->spans);
    free(p->carry);
    free(p->reserve);
    game_free(p->again);
    game_free(p->game);
    free(p);
}
