/*
 * deadpos_search.c - the two searches behind deadpos_analyse():
 *
 * Exhaustive search (dp_search_exhaust): proves "cannot win" when every line
 * of a few plies, both sides playing every legal move, ends in a position the
 * static proofs settle (deadpos_static.c), a stalemate or a mate of the side
 * itself.  A line that reaches the depth limit unsettled stops the search at
 * once (so a live position costs a handful of nodes).
 * Positions already proven are remembered in a small per-thread table.
 *
 * Helpmate search (dp_search_helpmate): looks for one line in which the side
 * (the "winner") mates, the other side (the "loser") cooperating.  A depth-
 * first search orders moves by chess heuristics (promote, push pawns, bring
 * pieces next to the loser's king; the loser walks its king to the edge and
 * does not capture), and explores lines by "limited discrepancy": first the
 * heuristic line itself, then lines leaving it at one ply, at two...  At each
 * winner node every checking move is tried for mate first.  It proves only
 * CAN_WIN (with the line); failing means nothing.
 *
 * No allocation: move lists live on the stack (depth is bounded by
 * DEADPOS_LINE_MAX), the table is thread-local.
 */
#include "deadpos_internal.h"

#include "bitboard.h"
#include "movegen.h"
#include "position.h"

#include <string.h>

/* Slots of the table of positions proven "cannot win" (a power of two). */
#define DP_TABLE_SIZE 4096

struct dp_slot {
    uint64_t key;
    uint32_t stamp;
};

static _Thread_local struct dp_slot dp_table[DP_TABLE_SIZE];
static _Thread_local uint32_t dp_stamp;

static uint64_t slot_key(const struct position *pos, int side)
{
    return pos->key ^ (side ? 0x9E3779B97F4A7C15ULL : 0);
}

static bool table_has(const struct position *pos, int side)
{
    uint64_t k = slot_key(pos, side);
    const struct dp_slot *s = &dp_table[k & (DP_TABLE_SIZE - 1)];
    return s->stamp == dp_stamp && s->key == k;
}

static void table_put(const struct position *pos, int side)
{
    uint64_t k = slot_key(pos, side);
    struct dp_slot *s = &dp_table[k & (DP_TABLE_SIZE - 1)];
    s->key = k;
    s->stamp = dp_stamp;
}

struct dp_search {
    int winner;
    unsigned long budget;
    struct deadpos_result *res;
    int len;
    move path[DEADPOS_LINE_MAX];
    uint64_t keys[DEADPOS_LINE_MAX]; /* of the positions after path[i] */
    bool out_of_nodes;
};

static bool count_node(struct dp_search *s)
{
    if (s->res->nodes >= s->budget) {
        s->out_of_nodes = true;
        return false;
    }
    s->res->nodes++;
    return true;
}

static void found_mate(struct dp_search *s)
{
    s->res->line_len = s->len;
    memcpy(s->res->line, s->path, (size_t)s->len * sizeof s->path[0]);
}

/*** Exhaustive search ***/

static enum deadpos_verdict exhaust(struct dp_search *s, const struct position *pos, int depth)
{
    if (!count_node(s)) return DEADPOS_UNKNOWN;
    if (dp_static_cannot(pos, s->winner) != DEADPOS_WHY_NONE || table_has(pos, s->winner))
        return DEADPOS_CANNOT_WIN;
    move list[MOVES_MAX];
    int n = movegen_legal(pos, list);
    if (n == 0) {
        if (pos->checkers && pos->side != s->winner) {
            found_mate(s);
            return DEADPOS_CAN_WIN;
        }
        return DEADPOS_CANNOT_WIN;
    }
    if (depth == 0 || s->len >= DEADPOS_LINE_MAX) return DEADPOS_UNKNOWN;
    for (int i = 0; i < n; i++) {
        struct position next = *pos;
        pos_do_move(&next, list[i]);
        s->path[s->len++] = list[i];
        enum deadpos_verdict v = exhaust(s, &next, depth - 1);
        s->len--;
        if (v != DEADPOS_CANNOT_WIN) return v;
    }
    table_put(pos, s->winner);
    return DEADPOS_CANNOT_WIN;
}

enum deadpos_verdict dp_search_exhaust(const struct position *pos, int side, int depth,
                                       unsigned long budget, struct deadpos_result *res)
{
    struct dp_search s = {.winner = side, .budget = budget, .res = res};
    dp_stamp++;
    /* No iterative deepening: a proof needs every line settled anyway, and
     * a live position fails on its first line of `depth` plies. */
    return exhaust(&s, pos, depth);
}

/*** Helpmate search ***/

struct scored {
    int score;
    move m;
};

static int corner_distance(int sq)
{
    int f = SQ_FILE(sq), r = SQ_RANK(sq);
    int df = f < 4 ? f : 7 - f, dr = r < 4 ? r : 7 - r;
    return df + dr;
}

static int abs_int(int x)
{
    return x < 0 ? -x : x;
}

/* Material bonus and best distance to the loser's king of the winner's
 * pieces (a piece two squares away is ready to mate). */
static const int piece_material[PIECE_TYPE_NB] = {20, 35, 35, 50, 60, 0};
static const int piece_distance_extra[PIECE_TYPE_NB] = {0, 2, 2, 1, 0, 0};

/*
 * How far the position looks from a mate by the winner; both sides play to
 * make it small (the loser helps).  Terms: the winner's material (losing it
 * is bad), its pawns' distance to promotion, its pieces' and king's distance
 * to the loser's king, the loser's king's distance to a corner, the loser's
 * pieces' distance to their own king.
 */
static int mate_distance(const struct position *pos, int winner)
{
    int loser = winner ^ 1;
    int lk = pos_king_square(pos, loser), wk = pos_king_square(pos, winner);
    int h = 4 * corner_distance(lk);
    int dk = bb_distance(wk, lk);
    h += 3 * (dk > 2 ? dk - 2 : 0);
    bitboard own = pos->by_color[winner] & ~pos->by_type[KING];
    while (own) {
        int sq = bb_pop_lsb(&own);
        int type = PIECE_TYPE(pos->board[sq]);
        h -= piece_material[type];
        if (type == PAWN)
            h += 4 * (winner == COLOR_WHITE ? 7 - SQ_RANK(sq) : SQ_RANK(sq));
        else
            h += abs_int(bb_distance(sq, lk) - 2) + piece_distance_extra[type];
    }
    /* The loser's own pieces next to its king take its flight squares. */
    bitboard helpers = pos->by_color[loser] & ~pos->by_type[KING];
    while (helpers) {
        int sq = bb_pop_lsb(&helpers);
        h += bb_distance(sq, lk) - 1;
    }
    return h;
}

/* The position already occurred on the current line (the helpmate search
 * never needs to repeat one). */
static bool on_path(const struct dp_search *s, const struct position *pos)
{
    for (int i = s->len - 1; i >= 0; i--)
        if (s->keys[i] == pos->key) return true;
    return false;
}

/* One limited-discrepancy probe: `depth` plies left, `disc` deviations from
 * the heuristic order still allowed (the i-th best move costs i). */
static bool helpmate(struct dp_search *s, const struct position *pos, int depth, int disc)
{
    if (!count_node(s)) return false;
    move list[MOVES_MAX];
    int n = movegen_legal(pos, list);
    bool winner_moves = pos->side == s->winner;
    if (n == 0 || depth <= 0 || s->len >= DEADPOS_LINE_MAX - 1) return false;
    struct scored sc[MOVES_MAX];
    int nsc = 0;
    for (int i = 0; i < n; i++) {
        struct position next = *pos;
        pos_do_move(&next, list[i]);
        if (winner_moves && next.checkers && !movegen_any_legal(&next)) {
            s->path[s->len++] = list[i];
            found_mate(s);
            return true;
        }
        if (dp_material_cannot(&next, s->winner) != DEADPOS_WHY_NONE) continue;
        if (on_path(s, &next)) continue;
        int v = -mate_distance(&next, s->winner);
        if (winner_moves && next.checkers) v += 2;
        int j = nsc++;
        while (j > 0 && sc[j - 1].score < v) {
            sc[j] = sc[j - 1];
            j--;
        }
        sc[j].score = v;
        sc[j].m = list[i];
    }
    if (depth == 1) return false;
    for (int i = 0; i < nsc && i <= disc; i++) {
        struct position next = *pos;
        pos_do_move(&next, sc[i].m);
        s->path[s->len] = sc[i].m;
        s->keys[s->len++] = next.key;
        bool ok = helpmate(s, &next, depth - 1, disc - i);
        s->len--;
        if (ok || s->out_of_nodes) return ok;
    }
    return false;
}

/* (depth, discrepancies) probes, cheapest first. */
static const struct {
    int depth, disc;
} probes[] = {
    {4, 2},  {12, 0}, {24, 0}, {8, 2}, {40, 0}, {16, 1}, {6, 4},  {64, 0},
    {24, 1}, {12, 2}, {40, 1}, {8, 4}, {16, 3}, {90, 0}, {32, 2}, {10, 6},
};

enum deadpos_verdict dp_search_helpmate(const struct position *pos, int side, unsigned long budget,
                                        struct deadpos_result *res)
{
    struct dp_search s = {.winner = side, .budget = budget, .res = res};
    for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++) {
        s.len = 0;
        if (helpmate(&s, pos, probes[i].depth, probes[i].disc)) return DEADPOS_CAN_WIN;
        if (s.out_of_nodes) break;
    }
    return DEADPOS_UNKNOWN;
}
