/*
 * deadpos_closure.c - the closure search: every position that can arise from
 * the given one, both sides playing every legal move, each visited once.
 *
 * FIDE 5.2.2 and 6.9 ask whether a side can mate "by any series of legal
 * moves": a question of reachability, not of play.  The search walks the set
 * of reachable positions breadth first, keeping every position it has seen in
 * an exact table (pos_same_identity(): placement, side to move, castling
 * rights, a capturable en passant square), and
 * does not walk on from one the static proofs settle (deadpos_static.c: from
 * there the side never mates).  Then:
 *  - a reachable mate of the loser proves CAN_WIN, and breadth-first order
 *    makes its line (followed back through the parents) a shortest one;
 *  - the whole set walked with no such mate proves CANNOT_WIN
 *    (DEADPOS_WHY_SEARCH): every series of legal moves stays inside it;
 *  - more positions than the budget: DEADPOS_UNKNOWN.
 * Unlike the exhaustive search of deadpos_search.c it has no depth limit:
 * positions where kings and a few pieces walk behind a locked wall and
 * every capture is forced into a proven draw have long lines but few
 * distinct positions.  A live position, though, has far more positions than
 * any budget, so deadpos_analyse() runs it after a first helpmate search.
 *
 * Memory: the positions grow by doubling, up to what the budget needs
 * (about 180 bytes a position), the table is sized for the budget; both
 * are the thread's blocks (dp_thread_block(): kept for its next search,
 * freed when it ends).  When an allocation fails the answer is
 * DEADPOS_UNKNOWN (never a guess).
 */
#include "deadpos/deadpos_internal.h"

#include "chess/movegen.h"
#include "chess/position.h"

#include <stdint.h>
#include <stdlib.h>

/* A position reached, how: the index of the one it came from and the move. */
struct cl_node {
    struct position pos;
    uint32_t parent;
    move m;
    uint8_t depth; /* plies from the root, capped at DEADPOS_LINE_MAX + 1 */
};

/* A slot of the table: the node's index + 1, the top half of its key (so
 * that most probes need not read the node), and the search it belongs to
 * (a slot of an earlier search is free: no table to clear). */
struct cl_slot {
    uint32_t index;
    uint32_t tag;
    uint32_t stamp;
};

/* The stamp of the thread's current search (0 never is one) and the most
 * slots any of its searches used (all cleared when the stamp wraps). */
static _Thread_local uint32_t stamp;
static _Thread_local uint32_t slots_used;

/* The slot holding pos, or the free slot where it belongs. */
static struct cl_slot *find_slot(const struct dp_closure *c, const struct position *pos)
{
    uint32_t i = (uint32_t)pos->key & c->slot_mask, tag = (uint32_t)(pos->key >> 32);
    for (;;) {
        struct cl_slot *slot = &c->slots[i];
        if (slot->stamp != c->stamp) return slot;
        /* The key first; then the position's identity (FIDE 9.2.2: the
         * same rules decide the moves from both positions). */
        const struct position *seen = &c->nodes[slot->index - 1].pos;
        if (slot->tag == tag && seen->key == pos->key && pos_same_identity(seen, pos)) return slot;
        i = (i + 1) & c->slot_mask;
    }
}

/* The table and a stamp for a search of at most c->max nodes; false when
 * out of memory. */
static bool begin(struct dp_closure *c)
{
    uint32_t size = 1024;
    while (size < c->max * 2)
        size *= 2;
    c->slots = dp_thread_block(DP_MEM_CLOSURE_SLOTS, (size_t)size * sizeof *c->slots);
    if (!c->slots) return false;
    if (size > slots_used) slots_used = size;
    if (++stamp == 0) { /* wrapped: every slot free again */
        memset(c->slots, 0, (size_t)slots_used * sizeof *c->slots);
        stamp = 1;
    }
    c->stamp = stamp;
    c->slot_mask = size - 1;
    return true;
}

/* Room for one more node; false when the budget allows no more or memory
 * runs out. */
static bool make_room(struct dp_closure *c)
{
    if (c->count >= c->max) return false;
    if (c->count >= c->node_cap) {
        uint32_t cap = c->node_cap ? c->node_cap * 2 : 1024;
        if (cap > c->max) cap = c->max;
        struct cl_node *nodes = dp_thread_block(DP_MEM_CLOSURE_NODES, (size_t)cap * sizeof *nodes);
        if (!nodes) return false;
        c->nodes = nodes;
        c->node_cap = cap;
    }
    return true;
}

/*
 * The free slot where the position after the plain move m belongs, or NULL
 * when that position is in the table, told without playing m
 * (pos_move_is_plain(), pos_key_after_plain()).  `key` is its key, and a node
 * whose slot carries that key's tag is the same position (find_slot()'s
 * pos_same_identity(): board, side, castling rights, en passant capture)
 * when its side to move is the other one, it has no castling right nor en
 * passant capture (neither has the position after m), m's square of
 * departure is empty and m's piece stands on its target square, and every
 * other square holds what it holds in pos.  The board and the bitboards of
 * a position agree, so the last is seven words compared outside m's two
 * squares: the six of by_type (which unit, if any) and the white units (a
 * unit not white is black).  The whole key need not be compared: it follows
 * from the identity.  So the free slot is the one find_slot() would give
 * once m is played.
 */
static struct cl_slot *slot_after_plain(const struct dp_closure *c, const struct position *pos,
                                        move m, uint64_t key)
{
    int from = MOVE_FROM(m), to = MOVE_TO(m), pc = pos->board[from];
    bitboard keep = ~(SQ_BB(from) | SQ_BB(to));
    uint32_t i = (uint32_t)key & c->slot_mask, tag = (uint32_t)(key >> 32);
    for (;; i = (i + 1) & c->slot_mask) {
        struct cl_slot *slot = &c->slots[i];
        if (slot->stamp != c->stamp) return slot;
        if (slot->tag != tag) continue;
        const struct position *seen = &c->nodes[slot->index - 1].pos;
        if (seen->side == pos->side || seen->castle_rooks || seen->ep_capturable ||
            seen->board[to] != pc || seen->board[from] != PIECE_NONE)
            continue;
        const bitboard *a = seen->by_type, *b = pos->by_type;
        bitboard rest = (seen->by_color[COLOR_WHITE] ^ pos->by_color[COLOR_WHITE]) |
                        (a[PAWN] ^ b[PAWN]) | (a[KNIGHT] ^ b[KNIGHT]) | (a[BISHOP] ^ b[BISHOP]) |
                        (a[ROOK] ^ b[ROOK]) | (a[QUEEN] ^ b[QUEEN]) | (a[KING] ^ b[KING]);
        if (!(rest & keep)) {
#ifndef NDEBUG
            struct position next = *pos;
            pos_do_move(&next, m);
            assert(pos_same_identity(seen, &next));
#endif
            return NULL;
        }
    }
}

/* Put pos, the position after node `parent`'s move m (root: parent ==
 * UINT32_MAX), in the free slot `slot` (find_slot()); false when out of room
 * (make_room()). */
static bool insert(struct dp_closure *c, struct cl_slot *slot, const struct position *pos,
                   uint32_t parent, move m)
{
    if (!make_room(c)) return false;
    struct cl_node *n = &c->nodes[c->count];
    n->pos = *pos;
    n->parent = parent;
    n->m = m;
    n->depth = 0;
    if (parent != UINT32_MAX) {
        int d = c->nodes[parent].depth + 1;
        n->depth = (uint8_t)(d > DEADPOS_LINE_MAX ? DEADPOS_LINE_MAX + 1 : d);
    }
    slot->index = ++c->count;
    slot->tag = (uint32_t)(pos->key >> 32);
    slot->stamp = c->stamp;
    return true;
}

/* The line from the root to node i's parent, then m: into res. */
static void write_line(const struct dp_closure *c, uint32_t i, move m, struct deadpos_result *res)
{
    int len = c->nodes[i].depth + 1;
    res->line_len = len;
    res->line[--len] = m;
    for (; i != 0; i = c->nodes[i].parent)
        res->line[--len] = c->nodes[i].m;
}

/*
 * Whether to skip dp_static_cannot_full() after move m.  Skipping is always
 * sound: the search only walks on where a proof might have let it stop.
 * And after a move that captures nothing, moves no pawn, promotes nothing
 * and keeps the castling rights, the proof nearly always answers as before
 * the move (NONE, or the search would not have walked on from there):
 * material and the colours of the bishops' squares are unchanged, the pawn
 * structure too, and the locked-structure proof looks at the region each
 * piece or king can ever reach, which such a move does not leave (piece
 * moves can be taken back; a king can step out of its region only onto a
 * square a free pawn may later take).  The proof was 40% of the time before.
 */
static bool keeps_static_answer(const struct position *before, const struct position *after, move m)
{
    return !dp_changes_material(before, m) && PIECE_TYPE(before->board[MOVE_FROM(m)]) != PAWN &&
           MOVE_KIND(m) != MOVE_CASTLE && before->castle_rooks == after->castle_rooks;
}

/* The walk is over with verdict v (not to be resumed). */
static enum deadpos_verdict finish(struct dp_closure *c, enum deadpos_verdict v)
{
    c->over = true;
    c->verdict = v;
    return v;
}

/* Walk the closure (see the top of the file) from where c stopped, until it
 * holds `until` positions. */
static enum deadpos_verdict walk(struct dp_closure *c, uint32_t until, struct deadpos_result *res)
{
    for (; c->head < c->count; c->head++, c->next = 0) {
        move list[MOVES_MAX];
        uint32_t head = c->head;
        int n = movegen_legal(&c->nodes[head].pos, list);
        for (int i = (int)c->next; i < n; i++) {
            /* Without castling rights most moves are plain: a position met
             * again (most are) is looked up without being played. */
            const struct position *from = &c->nodes[head].pos;
            struct cl_slot *slot = NULL;
            if (pos_move_is_plain(from, list[i])) {
                slot = slot_after_plain(c, from, list[i], pos_key_after_plain(from, list[i]));
                if (!slot) continue; /* seen */
            }
            struct position next = c->nodes[head].pos;
            pos_do_move(&next, list[i]);
            assert(!slot || slot == find_slot(c, &next));
            if (next.checkers && next.side != c->side && !movegen_any_legal(&next)) {
                /* Breadth first: no mate is nearer; too long a line to
                 * give is no proof. */
                if (c->nodes[head].depth >= DEADPOS_LINE_MAX) return finish(c, DEADPOS_UNKNOWN);
                write_line(c, head, list[i], res);
                return finish(c, DEADPOS_CAN_WIN);
            }
            /* Seen first: a position seen passed the proof (or was let off
             * it) when it came in, and one the proof settles is never
             * put in, so the move is dropped either way, without the
             * proof. */
            if (!slot) {
                slot = find_slot(c, &next);
                if (slot->stamp == c->stamp) continue; /* seen */
            }
            if (!keeps_static_answer(&c->nodes[head].pos, &next, list[i]) &&
                dp_static_cannot_full(&next, c->side) != DEADPOS_WHY_NONE)
                continue;
            if (c->count >= until) {
                c->next = (uint32_t)i; /* this move first when resumed */
                return DEADPOS_UNKNOWN;
            }
            if (!insert(c, slot, &next, head, list[i])) return finish(c, DEADPOS_UNKNOWN);
            res->nodes++;
        }
    }
    return finish(c, DEADPOS_CANNOT_WIN);
}

bool dp_closure_start(struct dp_closure *c, const struct position *pos, int side,
                      unsigned long max_positions, struct deadpos_result *res)
{
    *c = (struct dp_closure){.side = side,
                             .max = max_positions < UINT32_MAX / 4 ? (uint32_t)max_positions
                                                                   : UINT32_MAX / 4};
    res->nodes++;
    if (begin(c) && insert(c, find_slot(c, pos), pos, UINT32_MAX, MOVE_NONE)) return true;
    finish(c, DEADPOS_UNKNOWN);
    return false;
}

enum deadpos_verdict dp_closure_walk(struct dp_closure *c, unsigned long positions,
                                     struct deadpos_result *res)
{
    if (c->over) return c->verdict;
    return walk(c, positions < c->max ? (uint32_t)positions : c->max, res);
}

enum deadpos_verdict dp_search_closure(const struct position *pos, int side, unsigned long budget,
                                       struct deadpos_result *res)
{
    if (res->nodes >= budget) return DEADPOS_UNKNOWN;
    if (pos->checkers && pos->side != side && !movegen_any_legal(pos)) {
        res->line_len = 0; /* mated already */
        return DEADPOS_CAN_WIN;
    }
    /* The root and every position the budget leaves room for. */
    struct dp_closure c;
    unsigned long room = budget - res->nodes;
    if (!dp_closure_start(&c, pos, side, room, res)) return DEADPOS_UNKNOWN;
    return dp_closure_walk(&c, room, res);
}
