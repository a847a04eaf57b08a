/*
 * deadpos_route.c - the route search, the helpmate search for positions
 * behind pawn walls (dp_helpmate_route(), called by dp_search_helpmate() in
 * deadpos_search.c once its other searches failed): one line in which the
 * "winner" mates, the "loser" cooperating; it proves only CAN_WIN (with the
 * line), failing means nothing (FIDE 5.2.2, 6.9).
 *
 * Behind a pawn wall the mate needs a long plan: a king walks around or
 * through the wall to take the pawn that blocks a file, a pawn promotes
 * (often after capturing to change files), the new piece walks to the king
 * the wall has boxed in.  The depth-first searches lose their way in such
 * lines (40 to 90 plies, most of them the loser's waiting moves); this one
 * searches positions, not lines: best first, each position once (a table of
 * the positions met), ordered by plies played plus a weighted estimate of
 * the plies still needed (route_estimate()), which knows the wall:
 *  - the winner's king's route, square by square, around its own pawns and
 *    the squares the loser's pawns guard (breadth first over the board:
 *    route_distances());
 *  - the winner's cheapest promotion while it has no queen or rook: pushes,
 *    a file blocked by a loser's pawn costing the king's route to that pawn
 *    (it must be taken), a capture to the next file costing little when a
 *    loser's unit stands there to be taken;
 *  - the loser's waiting moves (loser_tempo()) against the moves the plan
 *    still needs: a loser with only blocked pawns and a boxed-in king is
 *    stalemated before the mate comes;
 *  - the loser's king's free squares (fewer is nearer a mate) and the
 *    winner's pieces' and king's distances to it.
 * At every node where the winner moves, its mates in one are looked for
 * first (dp_may_mate_in_one(), dp_mate_in_one()).  The first few positions
 * where the winner has more queens and rooks than at the start (a pawn has
 * promoted: the wall is behind it) go to the targeted search
 * (deadpos_targeted.c), which knows the mating pictures, for a few hundred
 * nodes each.  The line is read back from the nodes' parents (and the
 * targeted search's line appended).
 *
 * The budget counts the positions visited (every child played).  Memory:
 * the nodes (positions), the open list, the table and the search's state
 * are one per-thread block (dp_thread_block(DP_MEM_ROUTE)); a call may go
 * on with the search the thread's last call stopped (resume:
 * dp_search_helpmate() gives it its first nodes before the other searches,
 * the rest after), and searches on as one call would (a node whose
 * mate-in-one test or handoff the budget cut short is looked at again).
 * Invariant: a node's line from the root is at most DEADPOS_LINE_MAX - 1
 * plies, so the mating move still fits.
 */
#include "deadpos/deadpos_internal.h"

#include "chess/attacks.h"
#include "chess/bitboard.h"
#include "chess/movegen.h"
#include "chess/position.h"

#include <assert.h>
#include <string.h>

/* Nodes kept (positions on the open list or expanded), at most. */
#define RT_NODES_MAX 16384
/* Slots of the table of positions met (a power of two, at least twice
 * RT_NODES_MAX: never more than half full, so a probe always ends). */
#define RT_TABLE_SIZE 32768
_Static_assert(RT_TABLE_SIZE >= 2 * RT_NODES_MAX, "the route table must stay half empty");
/* Slots of the memo of promotion_cost(): 1 << RT_PC_MEMO_BITS, found by
 * the key's top bits (its low bits, from the last multiply, depend on the
 * low bits of what was mixed in only, and crowd into a few slots). */
#define RT_PC_MEMO_BITS 12
#define RT_PC_MEMO      (1 << RT_PC_MEMO_BITS)
/* Weight of the estimate against the plies played (best first, greedy). */
#define RT_WEIGHT 4
/* Weight of the loser's missing waiting moves (see loser_tempo()). */
#define RT_TEMPO_WEIGHT 10
/* What a winner's pawn pays for the loser's king in front of it (it seldom
 * leaves), and for a loser's pawn in front of it that the loser's king
 * guards (the winner's king cannot take it until the king steps away). */
#define RT_KING_BLOCK 12
#define RT_KING_GUARD 4
/* Positions handed to the targeted search (the first ones where the winner
 * has more queens and rooks than at the start), and its nodes for each. */
#define RT_HANDOFFS      4
#define RT_HANDOFF_NODES 500u
/* A square no route reaches. */
#define RT_FAR 24
/* The largest f (RT_WEIGHT * route_estimate() plus the plies played): the
 * open list has a list for each.  An estimate is at most RT_ESTIMATE_MAX:
 * 4 * RT_FAR * 4 for the promotion, RT_TEMPO_WEIGHT * (2 + RT_FAR * 4) for
 * the missing waiting moves, 3 for each of the loser's king's eight squares,
 * RT_FAR for the king's route, at most 5 for each other unit; a line is
 * shorter than DEADPOS_LINE_MAX. */
#define RT_F_MAX 8191
#define RT_ESTIMATE_MAX                                                                            \
    (4 * RT_FAR * 4 + RT_TEMPO_WEIGHT * (2 + RT_FAR * 4) + 3 * 8 + RT_FAR + 5 * SQ_NB)
_Static_assert(DEADPOS_LINE_MAX + RT_WEIGHT * RT_ESTIMATE_MAX <= RT_F_MAX, "every f has its list");

struct rt_node {
    struct position pos;
    int32_t parent;
    move m;
    uint8_t ply;
};

struct rt_slot {
    uint64_t key;
    uint32_t stamp;
};

/* The search's state, kept between a call and the next that goes on with
 * it (resume): the root and winner it searches from, the nodes used, the
 * nodes on the open list and the least f among them may have (`lo`), the
 * handoffs made, the winner's queens and rooks at the root; `cur`, the node
 * being expanded (-1: none), and `child`, the move of its list to go on with
 * (-1: its mate in one and handoff still to come); open: the search can go
 * on (not over: the open list or the node store ran out). */
struct rt_state {
    uint64_t root_key;
    int winner, nnodes, nopen, lo, handoffs, heavy0, cur, child;
    bool open;
};

/* A remembered promotion_cost(), by the key of what it read. */
struct rt_memo {
    uint64_t key;
    uint32_t stamp;
    int32_t value;
};

struct rt_memory {
    struct rt_node nodes[RT_NODES_MAX];
    /* The open list: for each f, the last node put there (-1: none), and
     * for each node the one put there before it. */
    int32_t open_head[RT_F_MAX + 1];
    int32_t open_next[RT_NODES_MAX];
    struct rt_slot table[RT_TABLE_SIZE];
    struct rt_memo pc_memo[RT_PC_MEMO];
    /* route_distances() from each square of the winner's king, with the
     * squares to pass and stamp each was made with (the king walks among a
     * few squares and the pawns that change `pass` seldom move). */
    uint8_t wd[SQ_NB][SQ_NB];
    bitboard wd_pass[SQ_NB];
    uint32_t wd_stamp[SQ_NB];
    /* The last pawn_cone() of the winner's pawns and the last squares the
     * loser's pawns may reach (see promotion_cost()), by the pawns they were
     * made from (pawns seldom move); route_start() sets them for no pawns. */
    bitboard cone_wp, cone, reach_lp, reach;
    uint32_t stamp;
    struct rt_state st;
};

/* King steps from `from` to every square, over the squares of `pass` only
 * (`from` itself need not be one); RT_FAR where none leads. */
static void route_distances(int from, bitboard pass, uint8_t dist[SQ_NB])
{
    memset(dist, RT_FAR, SQ_NB);
    bitboard seen = SQ_BB(from), front = seen;
    dist[from] = 0;
    for (int d = 1; front && d < RT_FAR; d++) {
        front = dp_king_spread(front) & pass & ~seen;
        seen |= front;
        for (bitboard b = front; b;)
            dist[bb_pop_lsb(&b)] = (uint8_t)d;
    }
}

static int rt_min(int a, int b)
{
    return a < b ? a : b;
}

/* The squares pawns wp of colour w may ever stand on, pushing and
 * capturing toward their promotion rank (their own squares too). */
static bitboard pawn_cone(bitboard wp, int w)
{
    bitboard cone = wp, f = wp;
    while ((f = bb_forward(f, w))) {
        f |= bb_east(f) | bb_west(f);
        cone |= f;
    }
    return cone;
}

static uint64_t rt_mix(uint64_t h, uint64_t x)
{
    h ^= x + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
    return h * 0xBF58476D1CE4E5B9ULL;
}

/* Eight byte lanes, one a file, of a row of cost[]: the row's costs side by
 * side in one word, so promotion_rows() works a rank at a time.  Every lane
 * stays below 128 (costs are capped at RT_FAR * 4; a cost plus what a step
 * adds is at most 115), so lanes never carry into each other. */
#define RT_LANES_1  0x0101010101010101ULL
#define RT_LANES_HI 0x8080808080808080ULL
_Static_assert(1 + 2 + 12 + RT_KING_GUARD + RT_FAR * 4 < 128, "a lane holds 7 bits");
_Static_assert(RT_FAR * 4 + 6 < 128, "a lane holds 7 bits");

/* The eight bits of a row (bit f: file f) as lanes of 0 or 1, a table
 * filled by the compiler. */
#define RT_L1(x)                                                                                   \
    ((uint64_t)((x) >> 0 & 1) | (uint64_t)((x) >> 1 & 1) << 8 | (uint64_t)((x) >> 2 & 1) << 16 |   \
     (uint64_t)((x) >> 3 & 1) << 24 | (uint64_t)((x) >> 4 & 1) << 32 |                             \
     (uint64_t)((x) >> 5 & 1) << 40 | (uint64_t)((x) >> 6 & 1) << 48 |                             \
     (uint64_t)((x) >> 7 & 1) << 56)
#define RT_L4(x)  RT_L1(x), RT_L1((x) + 1), RT_L1((x) + 2), RT_L1((x) + 3)
#define RT_L16(x) RT_L4(x), RT_L4((x) + 4), RT_L4((x) + 8), RT_L4((x) + 12)
#define RT_L64(x) RT_L16(x), RT_L16((x) + 16), RT_L16((x) + 32), RT_L16((x) + 48)
static const uint64_t rt_lanes_table[256] = {RT_L64(0), RT_L64(64), RT_L64(128), RT_L64(192)};

static uint64_t rt_lanes(unsigned row)
{
    assert(row < 256);
    return rt_lanes_table[row];
}

/* Lane by lane the smaller of a and b (lanes below 128). */
static uint64_t rt_lanes_min(uint64_t a, uint64_t b)
{
    uint64_t ge = ((a | RT_LANES_HI) - b) & RT_LANES_HI; /* a >= b */
    uint64_t take_b = (ge >> 7) * 0xFF;
    return (b & take_b) | (a & ~take_b);
}

/* Rank r of bitboard b as eight bits. */
static unsigned rt_row(bitboard b, int r)
{
    return (unsigned)(b >> (8 * r)) & 0xFF;
}

/* promotion_cost()'s count for the winner's pawns wp (cone: pawn_cone()),
 * a rank at a time from the promotion rank back to the rearmost pawn: a
 * square's cost is the least of a push (1, what stands ahead, the cost
 * ahead) and a capture to either side (1 on a unit to take, else 6, plus
 * the cost there) where a loser's unit may come (`reach`).  Lanes off the
 * cone are worked out too and never read: a cone square's squares ahead are
 * in the cone. */
static int promotion_rows(bitboard wp, bitboard cone, bitboard lp, bitboard theirs, bitboard ours,
                          bitboard lking, bitboard lguard, bitboard reach, int w, const uint8_t *wd)
{
    uint64_t rows[8];
    const uint64_t cap = (uint64_t)(RT_FAR * 4) * RT_LANES_1;
    int back = w == COLOR_WHITE ? -1 : 1, top = w == COLOR_WHITE ? 7 : 0;
    int last = w == COLOR_WHITE ? SQ_RANK(bb_lsb(wp)) : SQ_RANK(bb_msb(wp));
    bitboard prey = theirs & ~lking, other = theirs & ~lp & ~lking;
    rows[top] = 0;
    for (int a = top, r = top + back; a != last; a = r, r += back) {
        uint64_t ahead = rows[a];
        uint64_t block = RT_KING_BLOCK * rt_lanes(rt_row(lking, a)) +
                         2 * rt_lanes(rt_row(ours, a)) + rt_lanes(rt_row(other, a));
        for (bitboard b = lp & cone & BB_RANK(a); b;) {
            int sq = bb_pop_lsb(&b);
            uint64_t c =
                2 + (uint64_t)rt_min(wd[sq], 12) + (lguard & SQ_BB(sq) ? RT_KING_GUARD : 0);
            block += c << (8 * SQ_FILE(sq));
        }
        uint64_t c = RT_LANES_1 + block + ahead;
        unsigned can = rt_row(reach, a), hit = rt_row(prey, a);
        /* Lane f takes on file f + 1 (east), then on file f - 1 (west);
         * 127 where it cannot. */
        unsigned ok = can >> 1;
        uint64_t take = (ahead >> 8) + 6 * RT_LANES_1 - 5 * rt_lanes((hit >> 1) & ok);
        c = rt_lanes_min(c, take | 0x7F * rt_lanes(~ok & 0xFF));
        ok = (can << 1) & 0xFF;
        take = (ahead << 8) + 6 * RT_LANES_1 - 5 * rt_lanes((hit << 1) & ok);
        c = rt_lanes_min(c, take | 0x7F * rt_lanes(~ok & 0xFF));
        rows[r] = rt_lanes_min(c, cap);
    }
    int best = RT_FAR * 4;
    while (wp) {
        int sq = bb_pop_lsb(&wp);
        best = rt_min(best, (int)(rows[SQ_RANK(sq)] >> (8 * SQ_FILE(sq)) & 0xFF));
    }
    return best;
}

#ifndef NDEBUG
/* promotion_rows() square by square, as it was first written: the
 * reference it is checked against. */
static int promotion_cost_ref(bitboard wp, bitboard cone, bitboard lp, bitboard theirs,
                              bitboard ours, bitboard lking, bitboard lguard, bitboard reach, int w,
                              const uint8_t *wd)
{
    int cost[SQ_NB], step = w == COLOR_WHITE ? 8 : -8;
    /* From the promotion rank back to the winner's rearmost pawn. */
    int last = w == COLOR_WHITE ? 7 - SQ_RANK(bb_lsb(wp)) : SQ_RANK(bb_msb(wp));
    for (int i = 0; i <= last; i++) {
        int r = w == COLOR_WHITE ? 7 - i : i;
        for (bitboard row = cone & BB_RANK(r); row;) {
            int sq = bb_pop_lsb(&row), f = SQ_FILE(sq);
            if (i == 0) {
                cost[sq] = 0;
                continue;
            }
            int ahead = sq + step, block = 0;
            bitboard a = SQ_BB(ahead);
            if (lp & a)
                block = 2 + rt_min(wd[ahead], 12) + (lguard & a ? RT_KING_GUARD : 0);
            else if (lking & a)
                block = RT_KING_BLOCK;
            else if (ours & a)
                block = 2;
            else if (theirs & a)
                block = 1;
            int c = 1 + block + cost[ahead];
            for (int df = -1; df <= 1; df += 2) {
                if (f + df < 0 || f + df > 7) continue;
                int d = ahead + df;
                if (!(reach & SQ_BB(d))) continue;
                bool prey = (theirs & ~lking & SQ_BB(d)) != 0;
                c = rt_min(c, (prey ? 1 : 6) + cost[d]);
            }
            cost[sq] = rt_min(c, RT_FAR * 4);
        }
    }
    int best = RT_FAR * 4;
    while (wp)
        best = rt_min(best, cost[bb_pop_lsb(&wp)]);
    return best;
}
#endif

/* Moves the winner's cheapest pawn needs to promote (see the top), `wd` its
 * king's routes; RT_FAR * 4 when it has no pawn.  Only the squares of the
 * pawns' cone (pawn_cone()) are looked at: no pawn's way leaves it.  The
 * answer is remembered in mem->pc_memo by what it reads there (most
 * children of a node change nothing in the cone). */
static int promotion_cost(struct rt_memory *mem, const struct position *pos, int w,
                          const uint8_t *wd)
{
    bitboard wp = pos_pieces(pos, w, PAWN);
    if (!wp) return RT_FAR * 4;
    int l = w ^ 1;
    if (wp != mem->cone_wp) {
        mem->cone_wp = wp;
        mem->cone = pawn_cone(wp, w);
    }
    bitboard cone = mem->cone;
    assert(cone == pawn_cone(wp, w));
    bitboard lp = pos_pieces(pos, l, PAWN), theirs = pos->by_color[l];
    bitboard ours = pos->by_color[w], lking = pos_pieces(pos, l, KING);
    bitboard lguard = attacks_king(bb_lsb(lking));
    /* Where a loser's unit may come to be taken: anywhere when it has a
     * piece, else the squares its pawns may still reach. */
    bitboard reach = ~(bitboard)0;
    if (!(theirs & ~lp & ~lking)) {
        if (lp != mem->reach_lp) {
            mem->reach_lp = lp;
            mem->reach = pawn_cone(lp, l);
        }
        reach = mem->reach;
        assert(reach == pawn_cone(lp, l));
    }
    uint64_t key = rt_mix(rt_mix(rt_mix((uint64_t)w + 1, wp), lp & cone), theirs & cone);
    key = rt_mix(rt_mix(rt_mix(key, ours & cone), lking & cone), reach & cone);
    key = rt_mix(key, lguard & lp & cone);
    for (bitboard b = lp & cone; b;) {
        int sq = bb_pop_lsb(&b);
        key = rt_mix(key, (uint64_t)sq << 8 | (uint64_t)rt_min(wd[sq], 12));
    }
    struct rt_memo *memo = &mem->pc_memo[key >> (64 - RT_PC_MEMO_BITS)];
    if (memo->stamp == mem->stamp && memo->key == key) return memo->value;
    int best = promotion_rows(wp, cone, lp, theirs, ours, lking, lguard, reach, w, wd);
    assert(best == promotion_cost_ref(wp, cone, lp, theirs, ours, lking, lguard, reach, w, wd));
    memo->key = key;
    memo->stamp = mem->stamp;
    memo->value = best;
    return best;
}

/* Waiting moves the loser has while the winner carries out its plan: many
 * when a piece of it, or its king, can step to and fro; else its pawns'
 * pushes until something stands in their way. */
static int loser_tempo(const struct position *pos, int w)
{
    int l = w ^ 1;
    bitboard theirs = pos->by_color[l];
    if (theirs & ~pos->by_type[PAWN] & ~pos->by_type[KING]) return RT_FAR;
    int lk = dp_king_sq(pos, l), wk = dp_king_sq(pos, w);
    bitboard guarded = bb_pawn_attacks(pos_pieces(pos, w, PAWN), w) | attacks_king(wk);
    if (attacks_king(lk) & ~theirs & ~guarded) return RT_FAR;
    bitboard empty = ~pos_occupied(pos);
    int tempo = 0;
    for (bitboard p = pos_pieces(pos, l, PAWN); p;) {
        bitboard b = SQ_BB(bb_pop_lsb(&p));
        while ((b = bb_forward(b, l) & empty))
            tempo++;
    }
    return tempo;
}

/* The estimate of the plies to a mate by `w` (see the top); smaller is
 * nearer. */
static int route_estimate(struct rt_memory *mem, const struct position *pos, int w)
{
    int l = w ^ 1, wk = dp_king_sq(pos, w), lk = dp_king_sq(pos, l);
    bitboard wp = pos_pieces(pos, w, PAWN), lp = pos_pieces(pos, l, PAWN);
    bitboard pass = ~(wp | bb_pawn_attacks(lp, l));
    if (mem->wd_stamp[wk] != mem->stamp || mem->wd_pass[wk] != pass) {
        route_distances(wk, pass, mem->wd[wk]);
        mem->wd_pass[wk] = pass;
        mem->wd_stamp[wk] = mem->stamp;
    }
    const uint8_t *wd = mem->wd[wk];
#ifndef NDEBUG
    uint8_t wd_ref[SQ_NB];
    route_distances(wk, pass, wd_ref);
    assert(!memcmp(wd, wd_ref, sizeof wd_ref));
#endif
    int h = 0, need = 2;
    bitboard ours = pos->by_color[w];
    bitboard heavy = ours & (pos->by_type[QUEEN] | pos->by_type[ROOK]);
    if (!heavy) {
        int pc = promotion_cost(mem, pos, w, wd);
        h += 4 * pc;
        need += pc;
    }
    int tempo = loser_tempo(pos, w);
    if (tempo < need) h += RT_TEMPO_WEIGHT * (need - tempo);
    /* The loser's king: its free squares (those no unit of the winner
     * attacks, the king itself not blocking a line: one attack set for all
     * of them), the winner's units' distances. */
    bitboard occ = pos_occupied(pos), around = attacks_king(lk), through = occ ^ SQ_BB(lk);
    bitboard hit = bb_pawn_attacks(wp, w) | attacks_king(wk);
    int kd = RT_FAR;
    for (bitboard b = around; b;)
        kd = rt_min(kd, wd[bb_pop_lsb(&b)]);
    h += kd;
    for (bitboard b = ours & ~pos->by_type[KING] & ~pos->by_type[PAWN]; b;) {
        int sq = bb_pop_lsb(&b), type = PIECE_TYPE(pos->board[sq]);
        int d = dp_sq_distance(sq, lk);
        hit |= attacks_piece(type, sq, through);
        if (type == QUEEN || type == ROOK)
            h += attacks_piece(type, sq, occ) & around ? 0 : 1;
        else
            h += d > 2 ? d - 2 : 0;
    }
    /* At most eight squares, counted one by one (bb_popcount() is a library
     * call in the default build, which has no popcount instruction). */
    int free_sq = 0;
    for (bitboard b = around & ~pos->by_color[l] & ~hit; b; b &= b - 1)
        free_sq++;
#ifndef NDEBUG
    int free_ref = 0;
    for (bitboard b = around & ~pos->by_color[l]; b;)
        free_ref += !(pos_attackers_to(pos, bb_pop_lsb(&b), through) & ours);
    assert(free_sq == free_ref);
#endif
    return h + 3 * free_sq;
}

/* The position was met before in this search; if not, it is now. */
static bool table_seen(struct rt_memory *mem, uint64_t key)
{
    uint32_t i = (uint32_t)key & (RT_TABLE_SIZE - 1);
    for (;; i = (i + 1) & (RT_TABLE_SIZE - 1)) {
        struct rt_slot *slot = &mem->table[i];
        if (slot->stamp != mem->stamp) {
            slot->stamp = mem->stamp;
            slot->key = key;
            return false;
        }
        if (slot->key == key) return true;
    }
}

/* The position with this key was met before in this search (nothing
 * written). */
static bool table_has(const struct rt_memory *mem, uint64_t key)
{
    uint32_t i = (uint32_t)key & (RT_TABLE_SIZE - 1);
    for (;; i = (i + 1) & (RT_TABLE_SIZE - 1)) {
        const struct rt_slot *slot = &mem->table[i];
        if (slot->stamp != mem->stamp) return false;
        if (slot->key == key) return true;
    }
}

/* Node idx on the open list with priority f (see RT_F_MAX). */
static void open_push(struct rt_memory *mem, int f, int idx)
{
    assert(f >= 0 && f <= RT_F_MAX);
    mem->open_next[idx] = mem->open_head[f];
    mem->open_head[f] = idx;
    mem->st.lo = rt_min(mem->st.lo, f);
    mem->st.nopen++;
}

/* Off the open list: smaller f first; of equal ones the deeper, the later
 * node (the last put there: nodes are numbered as they are put). */
static int open_pop(struct rt_memory *mem)
{
    struct rt_state *st = &mem->st;
    assert(st->nopen > 0);
    while (mem->open_head[st->lo] < 0)
        st->lo++;
    int idx = mem->open_head[st->lo];
    mem->open_head[st->lo] = mem->open_next[idx];
    st->nopen--;
    return idx;
}

/* The line to node idx, then `last`, into s->path. */
static void line_to(struct dp_search *s, const struct rt_memory *mem, int idx, move last)
{
    int len = mem->nodes[idx].ply;
    s->len = len + 1;
    s->path[len] = last;
    for (int i = idx; i > 0; i = mem->nodes[i].parent)
        s->path[--len] = mem->nodes[i].m;
    assert(len == 0);
}

/* The targeted search (deadpos_targeted.c) from node idx with `nodes` of
 * the budget; its line after the node's when it mates within
 * DEADPOS_LINE_MAX plies. */
static bool handoff(struct dp_search *s, const struct rt_memory *mem, int idx, unsigned long nodes)
{
    struct deadpos_result sub_res;
    sub_res.nodes = s->res->nodes;
    struct dp_search sub = {.winner = s->winner, .budget = s->budget, .res = &sub_res};
    unsigned long stop = s->res->nodes + nodes < s->budget ? s->res->nodes + nodes : s->budget;
    bool ok = dp_helpmate_targeted(&sub, &mem->nodes[idx].pos, stop, NULL);
    s->res->nodes = sub_res.nodes;
    int ply = mem->nodes[idx].ply;
    if (!ok || ply + sub_res.line_len > DEADPOS_LINE_MAX || sub_res.line_len == 0) return false;
    line_to(s, mem, idx, sub_res.line[0]);
    memcpy(s->path + ply, sub_res.line, (size_t)sub_res.line_len * sizeof sub_res.line[0]);
    s->len = ply + sub_res.line_len;
    dp_found_mate(s);
    return true;
}

/* A new search from pos into mem's state. */
static void route_start(struct rt_memory *mem, const struct position *pos, int w)
{
    if (++mem->stamp == 0) {
        memset(mem->table, 0, sizeof mem->table);
        memset(mem->pc_memo, 0, sizeof mem->pc_memo);
        memset(mem->wd_stamp, 0, sizeof mem->wd_stamp);
        mem->stamp = 1;
    }
    mem->cone_wp = mem->cone = mem->reach_lp = mem->reach = 0; /* the winner changes */
    struct rt_state *st = &mem->st;
    *st =
        (struct rt_state){.root_key = pos->key, .winner = w, .nnodes = 1, .cur = -1, .open = true};
    st->heavy0 = bb_popcount(pos->by_color[w] & (pos->by_type[QUEEN] | pos->by_type[ROOK]));
    st->lo = RT_F_MAX;
    memset(mem->open_head, -1, sizeof mem->open_head);
    mem->nodes[0] = (struct rt_node){.pos = *pos, .parent = -1, .m = MOVE_NONE, .ply = 0};
    table_seen(mem, pos->key);
    open_push(mem, RT_WEIGHT * route_estimate(mem, pos, w), 0);
}

bool dp_helpmate_route(struct dp_search *s, const struct position *pos, unsigned long budget,
                       bool resume)
{
    struct rt_memory *mem = dp_thread_block(DP_MEM_ROUTE, sizeof(struct rt_memory));
    if (!mem) return false;
    int w = s->winner;
    struct rt_state *st = &mem->st;
    if (!resume || st->root_key != pos->key || st->winner != w || mem->stamp == 0)
        route_start(mem, pos, w);
    if (!st->open) return false;
    unsigned long full = s->budget;
    s->budget = budget;
    bool ok = false;
    for (;;) {
        if (st->cur < 0) {
            if (st->nopen == 0) {
                st->open = false;
                break;
            }
            st->cur = open_pop(mem);
            st->child = -1;
        }
        int idx = st->cur;
        const struct position *cur = &mem->nodes[idx].pos;
        int ply = mem->nodes[idx].ply;
        move list[MOVES_MAX];
        int n = movegen_legal(cur, list);
        if (n == 0) {
            st->cur = -1;
            continue;
        }
        if (st->child < 0) {
            if (cur->side == w) {
                bitboard to[PIECE_TYPE_NB];
                if (dp_may_mate_in_one(cur, to)) {
                    move m = dp_mate_in_one(s, cur, list, n, to);
                    if (m != MOVE_NONE) {
                        line_to(s, mem, idx, m);
                        dp_found_mate(s);
                        ok = true;
                        break;
                    }
                    if (s->out_of_nodes) break; /* looked for again on resuming */
                }
            }
            /* A new heavy piece of the winner: the targeted search from
             * here (made again on resuming when the budget cut it short). */
            if (st->handoffs < RT_HANDOFFS && cur->side == w &&
                bb_popcount(cur->by_color[w] & (cur->by_type[QUEEN] | cur->by_type[ROOK])) >
                    st->heavy0 &&
                ply + 8 < DEADPOS_LINE_MAX) {
                if (handoff(s, mem, idx, RT_HANDOFF_NODES)) {
                    ok = true;
                    break;
                }
                if (s->res->nodes >= s->budget) break;
                st->handoffs++;
            }
            st->child = 0;
        }
        /* Children: a mate still needs the winner's move after them. */
        if (ply + 2 >= DEADPOS_LINE_MAX) {
            st->cur = -1;
            continue;
        }
        for (; st->child < n; st->child++) {
            move m = list[st->child];
            /* Without castling rights most moves are plain: a position met
             * again is looked up without being played, and not counted. */
            if (pos_move_is_plain(cur, m) && table_has(mem, pos_key_after_plain(cur, m))) continue;
            if (st->nnodes >= RT_NODES_MAX) {
                st->open = false;
                goto out;
            }
            if (!dp_count_node(s)) goto out;
            struct rt_node *c = &mem->nodes[st->nnodes];
            c->pos = *cur;
            pos_do_move(&c->pos, m);
            if (dp_changes_material(cur, m) && dp_material_cannot(&c->pos, w) != DEADPOS_WHY_NONE)
                continue;
            if (table_seen(mem, c->pos.key)) continue;
            c->parent = idx;
            c->m = m;
            c->ply = (uint8_t)(ply + 1);
            int f = RT_WEIGHT * route_estimate(mem, &c->pos, w) + ply + 1;
            open_push(mem, f, st->nnodes);
            st->nnodes++;
        }
        st->cur = -1;
    }
out:
    if (ok) st->open = false;
    s->budget = full;
    s->out_of_nodes = false;
    return ok;
}

bool dp_route_walled(const struct position *pos)
{
    bitboard wp = pos_pieces(pos, COLOR_WHITE, PAWN), bp = pos_pieces(pos, COLOR_BLACK, PAWN);
    return (wp & bb_south(bp)) != 0;
}
