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
#include "deadpos_internal.h"

#include "movegen.h"
#include "position.h"

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

/* One search: its nodes and table (the thread's blocks, dp_thread_block()),
 * its stamp, nodes used and allocated, the most the budget allows, the
 * table's size in use - 1 (a power of two at least twice `max`, so the table
 * is never more than half full). */
struct closure {
    struct cl_node *nodes;
    struct cl_slot *slots;
    uint32_t stamp;
    uint32_t count, node_cap, max;
    uint32_t slot_mask;
};

/* The slot holding pos, or the free slot where it belongs. */
static struct cl_slot *find_slot(const struct closure *c, const struct position *pos)
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
static bool begin(struct closure *c)
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
static bool make_room(struct closure *c)
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

/* Add the position after node `parent`'s move m (root: parent == UINT32_MAX)
 * unless already seen; false when out of room (make_room()). */
static bool add(struct closure *c, const struct position *pos, uint32_t parent, move m)
{
    struct cl_slot *slot = find_slot(c, pos);
    if (slot->stamp == c->stamp) return true;
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
static void write_line(const struct closure *c, uint32_t i, move m, struct deadpos_result *res)
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

/* Walk the closure: see the top of the file. */
static enum deadpos_verdict walk(struct closure *c, int side, unsigned long budget,
                                 struct deadpos_result *res)
{
    for (uint32_t head = 0; head < c->count; head++) {
        move list[MOVES_MAX];
        int n = movegen_legal(&c->nodes[head].pos, list);
        for (int i = 0; i < n; i++) {
            struct position next = c->nodes[head].pos;
            pos_do_move(&next, list[i]);
            if (next.checkers && next.side != side && !movegen_any_legal(&next)) {
                /* Breadth first: no mate is nearer; too long a line to
                 * give is no proof. */
                if (c->nodes[head].depth >= DEADPOS_LINE_MAX) return DEADPOS_UNKNOWN;
                write_line(c, head, list[i], res);
                return DEADPOS_CAN_WIN;
            }
            if (!keeps_static_answer(&c->nodes[head].pos, &next, list[i]) &&
                dp_static_cannot_full(&next, side) != DEADPOS_WHY_NONE)
                continue;
            uint32_t before = c->count;
            if (!add(c, &next, head, list[i])) return DEADPOS_UNKNOWN;
            if (c->count != before) {
                if (res->nodes >= budget) return DEADPOS_UNKNOWN;
                res->nodes++;
            }
        }
    }
    return DEADPOS_CANNOT_WIN;
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
    unsigned long room = budget - res->nodes + 1;
    struct closure c = {.max = room < UINT32_MAX / 4 ? (uint32_t)room : UINT32_MAX / 4};
    res->nodes++;
    if (!begin(&c) || !add(&c, pos, UINT32_MAX, MOVE_NONE)) return DEADPOS_UNKNOWN;
    return walk(&c, side, budget, res);
}
