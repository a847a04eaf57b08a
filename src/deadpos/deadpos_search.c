/*
 * deadpos_search.c - the searches behind deadpos_analyse():
 *
 * Exhaustive search (dp_search_exhaust): proves "cannot win" when every line
 * of a few plies, both sides playing every legal move, ends in a position the
 * static proofs settle (deadpos_static.c), a stalemate or a mate of the side
 * itself.  A line that reaches the depth limit unsettled stops the search at
 * once (so a live position costs a handful of nodes).
 * Positions already proven are remembered in a small per-thread table.
 *
 * Helpmate search (dp_search_helpmate): looks for one line in which the side
 * (the "winner") mates, the other side (the "loser") cooperating.  It proves
 * only CAN_WIN (with the line); failing means nothing.  The main search is
 * targeted at a mating picture (deadpos_targeted.c), after a quick look at
 * the pictures of every corner (the mates behind pawn walls), which also get
 * whatever budget the other searches leave; for a lone knight or bishop (or
 * bishops of one colour against pawns), whose mates need the loser's own
 * units as blockers, every corner's picture is tried in turn
 * (deadpos_targeted.c too).  This file holds the one that follows the
 * targeted search (or, for a lone minor piece, sits between the pictures
 * and the targeted search): a depth-first search that orders moves by chess
 * heuristics (promote, push pawns, bring pieces next to the loser's king;
 * the loser walks its king to the edge and does not capture), and explores
 * lines by "limited discrepancy": first the heuristic line itself, then
 * lines leaving it at one ply, at two...  At each winner node every checking
 * move is tried for mate first (the flight-square test of deadpos_mate1.c
 * picks the checks worth playing), and how the budget is shared between the
 * three (dp_search_helpmate()).
 *
 * No allocation: move lists live on the stack (depth is bounded by
 * DEADPOS_LINE_MAX), the table is thread-local.
 */
#include "deadpos/deadpos_internal.h"

#include "chess/attacks.h"
#include "chess/bitboard.h"
#include "chess/movegen.h"
#include "chess/position.h"

#include <assert.h>
#include <limits.h>
#include <string.h>

/* Slots of the table of positions proven "cannot win" (a power of two). */
#define DP_TABLE_SIZE 4096

struct dp_slot {
    uint64_t key;
    uint32_t stamp;
};

static _Thread_local uint32_t dp_stamp;

static uint64_t slot_key(const struct position *pos, int side)
{
    return pos->key ^ (side ? 0x9E3779B97F4A7C15ULL : 0);
}

/* The thread's table (DP_TABLE_SIZE slots, dp_thread_block()), NULL when
 * out of memory: then nothing is remembered, and the search only repeats
 * itself. */
static bool table_has(const struct dp_slot *table, const struct position *pos, int side)
{
    if (!table) return false;
    uint64_t k = slot_key(pos, side);
    const struct dp_slot *s = &table[k & (DP_TABLE_SIZE - 1)];
    return s->stamp == dp_stamp && s->key == k;
}

static void table_put(struct dp_slot *table, const struct position *pos, int side)
{
    if (!table) return;
    uint64_t k = slot_key(pos, side);
    struct dp_slot *s = &table[k & (DP_TABLE_SIZE - 1)];
    s->key = k;
    s->stamp = dp_stamp;
}

/*** Exhaustive search ***/

static enum deadpos_verdict exhaust(struct dp_search *s, const struct position *pos, int depth)
{
    if (!dp_count_node(s)) return DEADPOS_UNKNOWN;
    if (dp_static_cannot(pos, s->winner) != DEADPOS_WHY_NONE || table_has(s->table, pos, s->winner))
        return DEADPOS_CANNOT_WIN;
    move list[MOVES_MAX];
    /* With no depth left only "is there a move?" is asked. */
    int n = depth == 0 ? movegen_any_legal(pos) : movegen_legal(pos, list);
    if (n == 0) {
        if (pos->checkers && pos->side != s->winner) {
            dp_found_mate(s);
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
    table_put(s->table, pos, s->winner);
    return DEADPOS_CANNOT_WIN;
}

enum deadpos_verdict dp_search_exhaust(const struct position *pos, int side, int depth,
                                       unsigned long budget, struct deadpos_result *res)
{
    struct dp_search s = {.winner = side, .budget = budget, .res = res};
    s.table = dp_thread_block(DP_MEM_SEARCH_TABLE, DP_TABLE_SIZE * sizeof(struct dp_slot));
    dp_stamp++;
    /* No iterative deepening: a proof needs every line settled anyway, and
     * a live position fails on its first line of `depth` plies. */
    return exhaust(&s, pos, depth);
}

/*** Helpmate search by limited discrepancy (the fallback) ***/

/* A move and its score (-mate_distance() after it, 2 more for a check of
 * the winner's); played: a capture, promotion, castling or en passant. */
struct scored {
    int score;
    move m;
    bool played;
};

static int corner_distance(int sq)
{
    int f = SQ_FILE(sq), r = SQ_RANK(sq);
    int df = f < 4 ? f : 7 - f, dr = r < 4 ? r : 7 - r;
    return df + dr;
}

/* Material bonus and best distance to the loser's king of the winner's
 * pieces (a piece two squares away is ready to mate). */
static const int piece_material[PIECE_TYPE_NB] = {20, 35, 35, 50, 60, 0};
static const int piece_distance_extra[PIECE_TYPE_NB] = {0, 2, 2, 1, 0, 0};

/* What one of the winner's pieces (not the king) of `type` on sq adds to
 * mate_distance() wherever the loser's king stands: its material, a pawn's
 * distance to promotion. */
static int piece_fixed_term(int type, int sq, int winner)
{
    int h = -piece_material[type];
    if (type == PAWN) return h + 4 * (winner == COLOR_WHITE ? 7 - SQ_RANK(sq) : SQ_RANK(sq));
    return h + piece_distance_extra[type];
}

/* What it adds with the loser's king on lk: that, and a piece's distance
 * to the king. */
static int winner_piece_term(int type, int sq, int lk, int winner)
{
    int h = piece_fixed_term(type, sq, winner);
    return type == PAWN ? h : h + dp_abs_int(dp_sq_distance(sq, lk) - 2);
}

/* What the winner's king on wk adds, the loser's on lk. */
static int winner_king_term(int wk, int lk)
{
    int dk = dp_sq_distance(wk, lk);
    return 3 * (dk > 2 ? dk - 2 : 0);
}

/*
 * How far the position looks from a mate by the winner, with the loser's
 * king on lk; both sides play to make it small (the loser helps).  Terms:
 * the winner's material (losing it is bad), its pawns' distance to
 * promotion, its pieces' and king's distance to the loser's king, the
 * loser's king's distance to a corner, the loser's pieces' distance to their
 * own king (they take its flight squares next to it).  Split in two:
 * fixed_terms(), the terms that do not depend on lk, and king_terms(), those
 * that do (the loser's king's moves change only these).
 */
static int fixed_terms(const struct position *pos, int winner)
{
    int h = 0;
    bitboard own = pos->by_color[winner] & ~pos->by_type[KING];
    while (own) {
        int sq = bb_pop_lsb(&own);
        h += piece_fixed_term(PIECE_TYPE(pos->board[sq]), sq, winner);
    }
    return h;
}

static int king_terms(const struct position *pos, int winner, int lk)
{
    int h = 4 * corner_distance(lk) + winner_king_term(dp_king_sq(pos, winner), lk);
    bitboard pieces = pos->by_color[winner] & ~pos->by_type[KING] & ~pos->by_type[PAWN];
    while (pieces)
        h += dp_abs_int(dp_sq_distance(bb_pop_lsb(&pieces), lk) - 2);
    bitboard helpers = pos->by_color[winner ^ 1] & ~pos->by_type[KING];
    while (helpers)
        h += dp_sq_distance(bb_pop_lsb(&helpers), lk) - 1;
    return h;
}

static int mate_distance(const struct position *pos, int winner)
{
    return fixed_terms(pos, winner) + king_terms(pos, winner, dp_king_sq(pos, winner ^ 1));
}

/* mate_distance() after the quiet move m (no capture, castling, en passant
 * or promotion) of the side to move, told from `base`, mate_distance() of
 * pos, and `fixed`, fixed_terms() of pos, without playing it: only the moved
 * unit's term changes, unless it is the loser's king, which every term of
 * king_terms() measures from. */
static int mate_distance_after(const struct position *pos, int winner, int base, int fixed, move m)
{
    int from = MOVE_FROM(m), to = MOVE_TO(m), type = PIECE_TYPE(pos->board[from]);
    int lk = dp_king_sq(pos, winner ^ 1);
    if (pos->side != winner) {
        if (type == KING) return fixed + king_terms(pos, winner, to);
        return base - dp_sq_distance(from, lk) + dp_sq_distance(to, lk);
    }
    if (type == KING) return base - winner_king_term(from, lk) + winner_king_term(to, lk);
    return base - winner_piece_term(type, from, lk, winner) +
           winner_piece_term(type, to, lk, winner);
}

/* How many keys of the current line (s->keys) fall in each bucket of
 * their top byte: a key whose bucket is empty is not on the line, without
 * the scan.  Pushed and popped with the line (path_push(), path_pop()), so
 * all zero between probes. */
static _Thread_local uint8_t path_buckets[256];
static_assert(DEADPOS_LINE_MAX <= UINT8_MAX, "path_buckets' counts");

static unsigned path_bucket(uint64_t key)
{
    return (unsigned)(key >> 56);
}

/* m, leading to the position with key `key`, onto the current line, and
 * off it again (told the key: a mate found below leaves its last move on
 * s->path, past s->keys). */
static void path_push(struct dp_search *s, move m, uint64_t key)
{
    path_buckets[path_bucket(key)]++;
    s->path[s->len] = m;
    s->keys[s->len++] = key;
}

static void path_pop(struct dp_search *s, uint64_t key)
{
    path_buckets[path_bucket(key)]--;
    s->len--;
}

/* The position already occurred on the current line (the helpmate search
 * never needs to repeat one). */
static bool on_path(const struct dp_search *s, const struct position *pos)
{
    if (!path_buckets[path_bucket(pos->key)]) return false;
    for (int i = s->len - 1; i >= 0; i--)
        if (s->keys[i] == pos->key) return true;
    return false;
}

/* The best of the n scored moves not yet taken (score INT_MIN): the first
 * of the highest score, so that they come in the order of a stable sort,
 * best first. */
static int best_scored(const struct scored *sc, int n)
{
    int b = 0;
    for (int j = 1; j < n; j++)
        if (sc[j].score > sc[b].score) b = j;
    return b;
}

/* fixed_terms() after the quiet move m of the side to move, told from
 * `fixed`, that of pos: only a pawn of the winner's changes its term. */
static int fixed_after(const struct position *pos, int winner, int fixed, move m)
{
    int from = MOVE_FROM(m);
    if (pos->side != winner || PIECE_TYPE(pos->board[from]) != PAWN) return fixed;
    return fixed - piece_fixed_term(PAWN, from, winner) +
           piece_fixed_term(PAWN, MOVE_TO(m), winner);
}

/* One limited-discrepancy probe: `depth` plies left, `disc` deviations from
 * the heuristic order still allowed (the i-th best move costs i); `base`
 * and `fixed`: mate_distance() and fixed_terms() of pos, which the parent
 * knows from scoring the move. */
static bool helpmate(struct dp_search *s, const struct position *pos, int depth, int disc, int base,
                     int fixed)
{
    if (!dp_count_node(s)) return false;
    if (depth <= 0 || s->len >= DEADPOS_LINE_MAX - 1) return false;
    /* A mate of the winner's move is looked for only where it may exist. */
    bool winner_moves = pos->side == s->winner;
    bitboard to[PIECE_TYPE_NB];
    bool mates = winner_moves && dp_may_mate_in_one(pos, to);
    assert(mates || !winner_moves || dp_no_mate_in_one(pos));
    /* At the last ply only a mate at once counts: no moves needed else. */
    if (depth == 1 && !mates) return false;
    move list[MOVES_MAX];
    int n = movegen_legal(pos, list);
    if (n == 0) return false;
    /* No child is searched at one ply left (only a mate at once counts),
     * nor at two with the winner to move: the loser's move would be the
     * last, and a child with one ply left and the loser to move finds
     * nothing. */
    bool children = depth > 2 || (depth == 2 && !winner_moves);
    /* The winner's checks, for its mate and for the scores. */
    struct dp_checks c;
    if (winner_moves && (mates || children)) dp_checks_init(&c, pos);
    /* The first mating move, in the generator's order: only the checks
     * with no free flight square (and castling, en passant) are played. */
    int lk = dp_king_sq(pos, pos->side ^ 1);
    for (int i = 0; mates && i < n; i++) {
        if (dp_cannot_mate(&c, to, pos, list[i])) {
            assert(!dp_move_mates(pos, list[i]));
            continue;
        }
        int q = dp_quick_check_outcome(pos, list[i], lk);
        assert(dp_qm_agrees(pos, list[i], q));
        if (q == DP_QM_NO_CHECK || q == DP_QM_ESCAPE) continue;
        if (dp_check_settle(pos, list[i], lk, q) == DP_SETTLE_MATE) {
            s->path[s->len++] = list[i];
            dp_found_mate(s);
            return true;
        }
    }
    if (!children) return false;
    /* Score the moves: a quiet move from the bitboards (it is played only
     * when searched: then a repetition of the line drops it), the others
     * played (a capture or promotion may leave a material proof). */
    struct scored sc[MOVES_MAX];
    assert(base == mate_distance(pos, s->winner) && fixed == fixed_terms(pos, s->winner));
    int nsc = 0;
    for (int i = 0; i < n; i++) {
        move m = list[i];
        bool quiet = MOVE_KIND(m) == MOVE_NORMAL && pos->board[MOVE_TO(m)] == PIECE_NONE;
        int v;
        if (quiet) {
            v = -mate_distance_after(pos, s->winner, base, fixed, m);
            if (winner_moves && dp_normal_move_checks(&c, pos, m)) v += 2;
            assert(!winner_moves || dp_normal_move_checks(&c, pos, m) ==
                                        (dp_quick_check_outcome(pos, m, lk) != DP_QM_NO_CHECK));
        } else {
            struct position next = *pos;
            pos_do_move(&next, m);
            if (dp_changes_material(pos, m) &&
                dp_material_cannot(&next, s->winner) != DEADPOS_WHY_NONE)
                continue;
            if (on_path(s, &next)) continue;
            v = -mate_distance(&next, s->winner);
            if (winner_moves && next.checkers) v += 2;
        }
        sc[nsc].score = v;
        sc[nsc].m = m;
        sc[nsc++].played = !quiet;
    }
    /* The children best first, ties in the generator's order, taken one by
     * one (most nodes search only their first): the i-th child searched
     * (repetitions dropped) costs i discrepancies. */
    for (int left = nsc, i = 0; left > 0 && i <= disc; left--) {
        int j = best_scored(sc, nsc);
        move m = sc[j].m;
        bool played = sc[j].played;
        struct position next = *pos;
        pos_do_move(&next, m);
        /* The child's mate_distance() is its score but for the check. */
        int next_base = -sc[j].score + (winner_moves && next.checkers ? 2 : 0);
        assert(next_base == mate_distance(&next, s->winner));
        sc[j].score = INT_MIN;
        if (!played && on_path(s, &next)) continue;
        /* The loser's last move, after which only a mate at once counts:
         * not searched, nor counted, when no mate can follow. */
        if (depth == 2 && !winner_moves && !dp_may_mate_in_one(&next, NULL)) {
            assert(dp_no_mate_in_one(&next));
            i++;
            continue;
        }
        path_push(s, m, next.key);
        int next_fixed =
            played ? fixed_terms(&next, s->winner) : fixed_after(pos, s->winner, fixed, m);
        bool ok = helpmate(s, &next, depth - 1, disc - i, next_base, next_fixed);
        path_pop(s, next.key);
        if (ok || s->out_of_nodes) return ok;
        i++;
    }
    return false;
}

/* (depth, discrepancies) probes, cheapest first. */
static const struct {
    int depth, disc;
} lds_probes[] = {
    {4, 2},  {12, 0}, {24, 0}, {8, 2}, {40, 0}, {16, 1}, {6, 4},  {64, 0},
    {24, 1}, {12, 2}, {40, 1}, {8, 4}, {16, 3}, {90, 0}, {32, 2}, {10, 6},
};

/* The limited-discrepancy probes with what is left of the budget. */
static bool helpmate_lds(struct dp_search *s, const struct position *pos)
{
    int fixed = fixed_terms(pos, s->winner);
    int base = fixed + king_terms(pos, s->winner, dp_king_sq(pos, s->winner ^ 1));
    for (size_t i = 0; i < sizeof lds_probes / sizeof lds_probes[0]; i++) {
        s->len = 0;
        for (unsigned b = 0; b < 256; b++)
            assert(path_buckets[b] == 0);
        if (helpmate(s, pos, lds_probes[i].depth, lds_probes[i].disc, base, fixed)) return true;
        if (s->out_of_nodes) break;
    }
    return false;
}

/* Share of the budget (in 1/8) the targeted search may use before the
 * limited-discrepancy search gets the rest. */
#define DP_HM_SHARE 6
/* Nodes of the quick look at every corner's picture before the targeted
 * search (see dp_search_helpmate()). */
#define DP_CORNERS_QUICK 3000u
/* For a lone minor piece (see dp_search_helpmate()): the shares (in 1/8) of
 * the pictures (DP_PIC_NODES nodes apiece: deadpos_targeted.c) and of the
 * limited-discrepancy search; the targeted search gets the rest. */
#define DP_PIC_SHARE 3
#define DP_LDS_SHARE 2

/* The winner has a king and one knight or bishop, nothing else; or
 * bishops all on squares of one colour and the loser only pawns besides its
 * king.  Either mates only with the loser's units beside its king as
 * blockers (with the bishops, pawns that must first promote), in the
 * pictures of a lone minor piece's mate. */
static bool needs_blockers(const struct position *pos, int winner)
{
    bitboard own = pos->by_color[winner] & ~pos->by_type[KING];
    if (!own) return false;
    if (!bb_more_than_one(own)) return (own & (pos->by_type[KNIGHT] | pos->by_type[BISHOP])) != 0;
    bitboard theirs = pos->by_color[winner ^ 1] & ~pos->by_type[KING];
    if (own != (own & pos->by_type[BISHOP]) || theirs != (theirs & pos->by_type[PAWN])) return false;
    return !(own & BB_DARK_SQUARES) || !(own & BB_LIGHT_SQUARES);
}

/* Run `search` (the limited-discrepancy search or the pictures) with
 * `share` eighths of the budget left at `start`. */
static bool with_share(struct dp_search *s, const struct position *pos, unsigned long start,
                       unsigned long budget, int share,
                       bool (*search)(struct dp_search *, const struct position *))
{
    s->budget = s->res->nodes + (budget - start) / 8 * (unsigned long)share;
    if (s->budget > budget) s->budget = budget;
    bool ok = search(s, pos);
    s->budget = budget;
    s->out_of_nodes = false;
    return ok;
}

/*
 * In turn: for a lone minor piece, its pictures (DP_PIC_SHARE eighths of the
 * budget), the limited-discrepancy search (DP_LDS_SHARE), the targeted
 * search with the rest; otherwise a quick look at every corner's pictures
 * (DP_CORNERS_QUICK nodes), the targeted search (DP_HM_SHARE eighths), then
 * the limited-discrepancy search with the rest, then, with what its probes
 * leave, the pictures of every corner again; behind pawn walls
 * (dp_route_walled()), with a budget of 4 * DP_ROUTE_NODES or more, the
 * last two keep to all but the last DP_ROUTE_NODES (the limited-discrepancy
 * search at least DP_ROUTE_LDS_MIN after the targeted search's share) and
 * the route search (deadpos_route.c), which finds the long plans there that
 * they miss, gets the rest: its first DP_ROUTE_EARLY nodes right after the
 * quick look (most of its lines come within them: on the hard set, 3.5 M
 * nodes fewer for the sides that can win), the rest last, going on where it
 * stopped (the sides proven "cannot win" later pay the same nodes).  (A lone minor piece
 * needs the loser's pieces as blockers: the nearest-corner picture of the
 * default search, which moves only the loser's king and knights toward it,
 * rarely finds those lines, and the limited-discrepancy search finds the
 * others within a few thousand nodes.)
 */
enum deadpos_verdict dp_search_helpmate(const struct position *pos, int side, unsigned long budget,
                                        struct deadpos_result *res, struct dp_helpmate_memo *memo)
{
    struct dp_search s = {.winner = side, .budget = budget, .res = res};
    unsigned long start = res->nodes, span = budget - start;
    dp_distance_tables_init();
    if (needs_blockers(pos, side)) {
        if (with_share(&s, pos, start, budget, DP_PIC_SHARE, dp_helpmate_pictures))
            return DEADPOS_CAN_WIN;
        if (with_share(&s, pos, start, budget, DP_LDS_SHARE, helpmate_lds)) return DEADPOS_CAN_WIN;
        return dp_helpmate_targeted(&s, pos, budget, NULL) ? DEADPOS_CAN_WIN : DEADPOS_UNKNOWN;
    }
    /* The route search behind pawn walls, when the budget is big enough to
     * spare it (small budgets go to the other searches): it keeps the last
     * DP_ROUTE_NODES, except what the limited-discrepancy search needs for
     * its first DP_ROUTE_LDS_MIN nodes. */
    bool route = span >= 4 * DP_ROUTE_NODES && dp_route_walled(pos);
    /* A quick look at every corner's picture first: the default picture
     * (the nearest corner) misses the mates behind pawn walls, which come
     * wherever the walls leave the kings room, and a picture's short lines
     * are found within a few hundred nodes when they are there.  When an
     * earlier call ran it in full and it failed (memo), it would fail again
     * in as many nodes: the rest runs as it would after it, that many nodes
     * earlier (every later limit is counted from res->nodes or span). */
    if (memo && memo->quick_failed) {
        budget = memo->quick_nodes < span ? budget - memo->quick_nodes : start;
    } else {
        bool in_full = span >= DP_CORNERS_QUICK;
        s.budget = in_full ? start + DP_CORNERS_QUICK : budget;
        bool ok = dp_helpmate_corners(&s, pos);
        s.budget = budget;
        s.out_of_nodes = false;
        if (ok) return DEADPOS_CAN_WIN;
        if (memo && in_full) *memo = (struct dp_helpmate_memo){true, res->nodes - start};
    }
    s.budget = budget;
    s.out_of_nodes = false;
    unsigned long full = budget;
    /* Behind pawn walls, the route search's first DP_ROUTE_EARLY nodes
     * (most of its lines come within them), out of its DP_ROUTE_NODES. */
    unsigned long early = res->nodes;
    if (route && dp_helpmate_route(&s, pos, early + DP_ROUTE_EARLY, false)) return DEADPOS_CAN_WIN;
    early = res->nodes - early;
    unsigned long share = res->nodes + span / 8 * DP_HM_SHARE;
    if (share > budget) share = budget;
    if (dp_helpmate_targeted(&s, pos, share, NULL)) return DEADPOS_CAN_WIN;
    if (route) {
        budget = full - DP_ROUTE_NODES + early;
        unsigned long lds = res->nodes + DP_ROUTE_LDS_MIN;
        if (budget < lds) budget = lds < full ? lds : full;
        s.budget = budget;
    }
    if (helpmate_lds(&s, pos)) return DEADPOS_CAN_WIN;
    /* The limited-discrepancy search ends when its probes do, often long
     * before the budget (behind pawn walls its lines go nowhere): the rest
     * goes to every corner's pictures. */
    s.out_of_nodes = false;
    if (res->nodes < budget && dp_helpmate_corners(&s, pos)) return DEADPOS_CAN_WIN;
    s.out_of_nodes = false;
    s.budget = full;
    if (route && res->nodes < full && dp_helpmate_route(&s, pos, full, true))
        return DEADPOS_CAN_WIN;
    return DEADPOS_UNKNOWN;
}
