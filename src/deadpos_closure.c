/*
 * deadpos_closure.c - the closure search: every position that can arise from
 * the given one, both sides playing every legal move, each visited once.
 *
 * FIDE 5.2.2 and 6.9 ask whether a side can mate "by any series of legal
 * moves": a question of reachability, not of play.  The search walks the set
 * of reachable positions breadth first, keeping every position it has seen in
 * an exact table (placement, side to move, castling rights, en passant), and
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
 * Memory: the positions and the table grow by doubling, up to what the
 * budget needs (about 180 bytes a position); each thread keeps its memory
 * for its next search and frees it when it ends.  When an allocation fails
 * the answer is DEADPOS_UNKNOWN (never a guess).
 */
#include "deadpos_internal.h"

#include "movegen.h"
#include "position.h"

#include <pthread.h>
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

/* The memory, kept from one search to the next in each thread (allocating,
 * clearing and touching megabytes anew for every search cost more than the
 * search) and freed when the thread ends (memory_free()). */
struct cl_memory {
    struct cl_node *nodes;
    uint32_t node_cap;
    struct cl_slot *slots;
    uint32_t slot_cap; /* a power of two */
    uint32_t stamp;    /* of the current search; 0 never is one */
};

static _Thread_local struct cl_memory memory;
static pthread_key_t memory_key;
static pthread_once_t memory_once = PTHREAD_ONCE_INIT;
static bool memory_key_ok;

static void memory_free(void *arg)
{
    struct cl_memory *m = arg;
    free(m->nodes);
    free(m->slots);
    *m = (struct cl_memory){0};
}

static void memory_key_init(void)
{
    memory_key_ok = pthread_key_create(&memory_key, memory_free) == 0;
}

/* One search: the memory, its stamp, nodes used, the most the budget allows,
 * the table's size in use - 1 (a power of two at least twice `max`, so the
 * table is never more than half full). */
struct closure {
    struct cl_memory *mem;
    uint32_t stamp;
    uint32_t count, max;
    uint32_t slot_mask;
};

/* The same position for every rule that decides the moves from it: pieces,
 * side to move, castling rights, a capturable en passant square. */
static bool same_position(const struct position *a, const struct position *b)
{
    if (a->key != b->key || a->side != b->side || a->castle_rooks != b->castle_rooks ||
        a->ep_capturable != b->ep_capturable || (a->ep_capturable && a->ep_square != b->ep_square))
        return false;
    return memcmp(a->by_color, b->by_color, sizeof a->by_color) == 0 &&
           memcmp(a->by_type, b->by_type, sizeof a->by_type) == 0;
}

/* The slot holding pos, or the free slot where it belongs. */
static struct cl_slot *find_slot(const struct closure *c, const struct position *pos)
{
    uint32_t i = (uint32_t)pos->key & c->slot_mask, tag = (uint32_t)(pos->key >> 32);
    for (;;) {
        struct cl_slot *slot = &c->mem->slots[i];
        if (slot->stamp != c->stamp) return slot;
        if (slot->tag == tag && same_position(&c->mem->nodes[slot->index - 1].pos, pos))
            return slot;
        i = (i + 1) & c->slot_mask;
    }
}

/* The table and a stamp for a search of at most c->max nodes; false when
 * out of memory. */
static bool begin(struct closure *c)
{
    struct cl_memory *m = c->mem;
    uint32_t size = 1024;
    while (size < c->max * 2)
        size *= 2;
    if (size > m->slot_cap) {
        free(m->slots);
        m->slots = calloc(size, sizeof *m->slots);
        m->slot_cap = m->slots ? size : 0;
        m->stamp = 0;
        if (!m->slots) return false;
    }
    if (++m->stamp == 0) { /* wrapped: every slot free again */
        memset(m->slots, 0, (size_t)m->slot_cap * sizeof *m->slots);
        m->stamp = 1;
    }
    c->stamp = m->stamp;
    c->slot_mask = size - 1;
    return true;
}

/* Room for one more node; false when the budget allows no more or memory
 * runs out. */
static bool make_room(struct closure *c)
{
    struct cl_memory *m = c->mem;
    if (c->count >= c->max) return false;
    if (c->count >= m->node_cap) {
        uint32_t cap = m->node_cap ? m->node_cap * 2 : 1024;
        if (cap > c->max) cap = c->max;
        struct cl_node *nodes = realloc(m->nodes, (size_t)cap * sizeof *nodes);
        if (!nodes) return false;
        m->nodes = nodes;
        m->node_cap = cap;
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
    struct cl_node *n = &c->mem->nodes[c->count];
    n->pos = *pos;
    n->parent = parent;
    n->m = m;
    n->depth = 0;
    if (parent != UINT32_MAX) {
        int d = c->mem->nodes[parent].depth + 1;
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
    int len = c->mem->nodes[i].depth + 1;
    res->line_len = len;
    res->line[--len] = m;
    for (; i != 0; i = c->mem->nodes[i].parent)
        res->line[--len] = c->mem->nodes[i].m;
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
        int n = movegen_legal(&c->mem->nodes[head].pos, list);
        for (int i = 0; i < n; i++) {
            struct position next = c->mem->nodes[head].pos;
            pos_do_move(&next, list[i]);
            if (next.checkers && next.side != side && !movegen_any_legal(&next)) {
                /* Breadth first: no mate is nearer; too long a line to
                 * give is no proof. */
                if (c->mem->nodes[head].depth >= DEADPOS_LINE_MAX) return DEADPOS_UNKNOWN;
                write_line(c, head, list[i], res);
                return DEADPOS_CAN_WIN;
            }
            if (!keeps_static_answer(&c->mem->nodes[head].pos, &next, list[i]) &&
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
    pthread_once(&memory_once, memory_key_init);
    /* The thread's memory, freed when it ends (without a key: kept till exit). */
    if (!memory.nodes && memory_key_ok) pthread_setspecific(memory_key, &memory);
    /* The root and every position the budget leaves room for. */
    unsigned long room = budget - res->nodes + 1;
    struct closure c = {.mem = &memory,
                        .max = room < UINT32_MAX / 4 ? (uint32_t)room : UINT32_MAX / 4};
    res->nodes++;
    if (!begin(&c) || !add(&c, pos, UINT32_MAX, MOVE_NONE)) return DEADPOS_UNKNOWN;
    return walk(&c, side, budget, res);
}
