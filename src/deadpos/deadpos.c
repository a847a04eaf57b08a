/*
 * deadpos.c - dead positions and unwinnability (FIDE 5.2.2: the game is drawn
 * when neither player can checkmate by any series of legal moves; 6.9: a
 * player whose flag falls still draws when the opponent cannot).
 *
 * deadpos_analyse() for one side, in order:
 *   1. the game is over: checkmate (won by the side that mated) or stalemate;
 *   2. static proofs (deadpos_static.c): material, locked pawn structure
 *      (and, in the full analysis only, the branches on a first capture,
 *      deadpos_capture.c, and pawns facing each other, deadpos_futures.c);
 *   3. when the position could be one step away from those (see
 *      exhaust_worthwhile()), an exhaustive search of a few plies
 *      (deadpos_search.c): every line ends in 1. or 2.;
 *   4. a heuristic helpmate search, which proves CAN_WIN with a line, and
 *      the closure search (deadpos_closure.c): every reachable position,
 *      each once; proves CANNOT_WIN when none is a mate (CAN_WIN when one
 *      is); the two take turns (turns[] below);
 *   5. otherwise DEADPOS_UNKNOWN.
 *
 * deadpos_is_dead() runs after every move of every game, so it first asks
 * whether a proof of "cannot win" could exist for both sides at all (a few
 * bit tests), and only then does steps 2-3.  The filter tests the
 * preconditions of the static proofs (and lets the exhaustive search run
 * only with few units), so it never turns a provable position away except
 * the rare forced line (check, <= 3 moves) with many units.
 */
#include "deadpos/deadpos.h"

#include "i18n.h"

#include "chess/attacks.h"
#include "chess/bitboard.h"
#include "deadpos/deadpos_internal.h"
#include "chess/movegen.h"
#include "chess/position.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* Plies of the exhaustive search, and its share of the node budget. */
#define DEADPOS_EXHAUST_DEPTH 6
#define DEADPOS_EXHAUST_NODES 4000u

/* deadpos_analyse()'s turns of the helpmate and closure searches, in
 * DEADPOS_PARTS of its node budget (1,000 nodes of the default 65,000): the
 * helpmate search's nodes (it starts again each turn), then how many
 * positions the closure search may hold (it goes on from where it stopped;
 * in the last turn it has what is left of the budget).  Most sides that can
 * win are proven within the first turn's helpmate nodes, most closure proofs
 * within the first few thousand positions; the last turn gives each search
 * what it had when the closure search ran only after a 40,000-node helpmate
 * search, with a fixed 20,000 positions (when it once had what the helpmate
 * search left, and that search learnt to spend it, 7 sides the closure
 * search had proven went undetermined at 10,000). */
#define DEADPOS_PARTS 65u
static const struct {
    unsigned helpmate, closure;
} turns[] = {{1, 1}, {4, 5}, {40, 0}};

/* The closure search holds more than this many positions for each one it
 * has walked from (in its first turn: 1,000 for fewer than 200): it is
 * opening up, as in an open position, and is not given its middle turns
 * (only its last).  On the labelled sets, 402 of the 403 closure proofs that
 * need more than the first turn had walked from 200 or more, 409 of the 522
 * Lichess sides that got as far from fewer. */
#define DEADPOS_OPENING_UP 5u

static bool opening_up(const struct dp_closure *c)
{
    return !c->over && c->count > DEADPOS_OPENING_UP * c->head;
}

/* deadpos_is_dead() goes past its bit-test filter only with at most this
 * many pieces and pawns besides the kings (or locked pawns, or bishops). */
#define DEADPOS_EXHAUST_UNITS 4
/* The exhaustive search runs when the side to move is in check or has at
 * most this many moves (forced lines: a capture that must be made). */
#define DEADPOS_EXHAUST_MOVES 3

/* PGNARBITER_NO_DEADPOS set in the environment turns the analysis off
 * (is_dead false, every verdict UNKNOWN): for bench/dead to measure what the
 * analysis costs `check`.  Not a user option. */
static bool analysis_off(void)
{
    static atomic_int state = -1;
    int s = atomic_load_explicit(&state, memory_order_relaxed);
    if (s < 0) {
        s = getenv("PGNARBITER_NO_DEADPOS") != NULL;
        atomic_store_explicit(&state, s, memory_order_relaxed);
    }
    return s;
}

const char *deadpos_why_text(enum deadpos_why why)
{
    switch (why) {
    case DEADPOS_WHY_CHECKMATED:
        return _("checkmated");
    case DEADPOS_WHY_STALEMATE:
        return _("stalemate");
    case DEADPOS_WHY_BARE_KING:
        return _("only a king left");
    case DEADPOS_WHY_LONE_MINOR:
        return _("a lone minor piece cannot mate a bare king");
    case DEADPOS_WHY_BISHOPS:
        return _("only bishops on squares of one colour");
    case DEADPOS_WHY_LOCKED:
        return _("the pawns are locked and no piece can ever give check");
    case DEADPOS_WHY_SEARCH:
        return _("every line leads to a position where it cannot mate");
    case DEADPOS_WHY_NO_BLOCKER:
        return _("a lone knight or bishops of one colour cannot mate against these pieces");
    case DEADPOS_WHY_LOCKED_PAWN_CHECKS:
        return _("the pawns are locked; only pawns can ever give check, and the king always "
                 "keeps a flight square its side cannot fill");
    case DEADPOS_WHY_LOCKED_BLOCKERS:
        return _("the pawns are locked; only bishops of one colour can check, and the king "
                 "always keeps a flight square of the other colour");
    case DEADPOS_WHY_LOCKED_NO_NET:
        return _("the pawns are locked; at most two pieces can ever attack the king's squares, "
                 "and wherever they check it, it keeps a flight square");
    case DEADPOS_WHY_LOCKED_CAPTURE:
        return _("the pawns are locked; before and after any capture of a piece shut in "
                 "for good, the wall leaves it no mate");
    case DEADPOS_WHY_PAWN_FUTURES:
        return _("the pawns can only walk up their files until they meet; wherever they "
                 "stand, no pawn can capture or promote and the side cannot mate");
    case DEADPOS_WHY_NONE:
        break;
    }
    return "";
}

/* More than DEADPOS_EXHAUST_UNITS units in `units` (bits cleared from the
 * bottom: no popcount instruction needed). */
static inline bool many_units(bitboard units)
{
    for (int i = 0; i < DEADPOS_EXHAUST_UNITS; i++)
        units &= units - 1;
    return units != 0;
}

/* The pieces and pawns besides the kings. */
static inline bitboard units_of(const struct position *pos)
{
    return pos_occupied(pos) & ~pos->by_type[KING];
}

/* Could the exhaustive search prove anything here?  It needs every line to
 * end in a static proof within a few plies.  When both sides always have a
 * quiet move, material and pawns never change, so a proof must already hold
 * at the root; a forced line needs a side to move with few choices: in
 * check, or with at most DEADPOS_EXHAUST_MOVES moves.  (A live position
 * costs the search one line of DEADPOS_EXHAUST_DEPTH plies.) */
static bool exhaust_worthwhile(const struct position *pos, bool thorough)
{
    if (dp_pawns_locked(pos)) return true;
    /* The cheap entry points (check's hot path) keep to little material. */
    if (!thorough && many_units(units_of(pos))) return false;
    if (pos->checkers) return true;
    return !movegen_legal_more_than(pos, DEADPOS_EXHAUST_MOVES);
}

/* Budget of endless_line(): king steps tried. */
#define DEADPOS_ENDLESS_STEPS 24

/* On a line of pos where only the kings move (the other units as in pos,
 * `rest` their squares): may the king of `color` step to the empty square
 * `to`, the other king on `other`?  No unit of the other side attacks `to`
 * once the king has left its square (FIDE 3.8, 3.9).  Counts against
 * *budget. */
static bool king_may_step(const struct position *pos, int color, int to, bitboard rest, int other,
                          int *budget)
{
    if (--*budget < 0) return false;
    bitboard attackers = pos_attackers_to(pos, to, rest | SQ_BB(other)) & ~pos->by_type[KING] &
                         pos->by_color[color ^ 1];
    return !attackers && !(attacks_king(to) & SQ_BB(other));
}

/* With walled pawn files the wall proof may settle a position of the line:
 * play the king step from `from` to `to`, into next, and ask
 * dp_static_cannot(); otherwise nothing can (endless_line()). */
static bool step_unsettled(bool walled, const struct position *from, int to, int side,
                           struct position *next)
{
    if (!walled) return true;
    *next = *from;
    pos_do_move(next, MOVE_MAKE(dp_king_sq(from, from->side), to, MOVE_NORMAL));
    return dp_static_cannot(next, side) == DEADPOS_WHY_NONE;
}

/*
 * A line from pos (unsettled for `side`: dp_static_cannot() proves nothing
 * and a move exists) that never reaches a settled position: a step of the
 * side to move's king, then each king steps away and back, a cycle of four
 * plies, every step legal and to an empty square.  The exhaustive search
 * proves a position only when every line from it settles within its depth
 * (its table holds only positions it proved), so on such a line it proves
 * nothing, pos included: it cannot answer CANNOT_WIN, which is all
 * deadpos_side_cannot_win() asks.  Finding the line costs a few bitboard
 * tests where the search's first line costs a full move list at each of its
 * plies.
 *
 * Which positions of the line are settled: only the kings move, so material
 * (dp_material_cannot() leaves the kings out) and pawns stay as in pos,
 * whose material proves nothing, and no castling right (none in pos) or en
 * passant appears; so only the wall proof can, and only with the pawn files
 * walled (step_unsettled()).  A few steps at most, else false.
 */
static bool endless_line(const struct position *pos, int side)
{
    if (pos->castle_rooks) return false;
    bitboard pawns = pos->by_type[PAWN];
    bool walled = pawns && dp_walled_files(pawns & pos->by_color[COLOR_WHITE],
                                           pawns & pos->by_color[COLOR_BLACK]);
    int budget = DEADPOS_ENDLESS_STEPS, us = pos->side;
    bitboard rest = pos_occupied(pos) & ~pos->by_type[KING];
    int a = dp_king_sq(pos, us), c = dp_king_sq(pos, us ^ 1);
    struct position p1, p2, p3, p4; /* the line's positions, when walled */
    bitboard steps1 = attacks_king(a) & ~pos_occupied(pos);
    while (steps1) {
        int b = bb_pop_lsb(&steps1); /* our king's square on the cycle, theirs c */
        if (!king_may_step(pos, us, b, rest, c, &budget) ||
            !step_unsettled(walled, pos, b, side, &p1)) {
            if (budget <= 0) return false;
            continue;
        }
        bitboard steps2 = attacks_king(c) & ~(rest | SQ_BB(b));
        while (steps2) {
            int d = bb_pop_lsb(&steps2);
            if (!king_may_step(pos, us ^ 1, d, rest, b, &budget) ||
                !step_unsettled(walled, &p1, d, side, &p2)) {
                if (budget <= 0) return false;
                continue;
            }
            bitboard steps3 = attacks_king(b) & ~(rest | SQ_BB(d));
            while (steps3) {
                int e = bb_pop_lsb(&steps3);
                /* away, then both back: p1 again (c and b are free: the
                 * kings were never adjacent), known unsettled */
                if (king_may_step(pos, us, e, rest, d, &budget) &&
                    step_unsettled(walled, &p2, e, side, &p3) &&
                    king_may_step(pos, us ^ 1, c, rest, e, &budget) &&
                    step_unsettled(walled, &p3, c, side, &p4) &&
                    king_may_step(pos, us, b, rest, c, &budget))
                    return true;
                if (budget <= 0) return false;
            }
        }
    }
    return false;
}

/* Steps 1-3 of the analysis; true when settled (res filled).  cannot_only:
 * the caller asks only whether CANNOT_WIN is proven (not for a CAN_WIN the
 * exhaustive search may meet), so a line that never settles ends it. */
static bool prove_cannot(const struct position *pos, int side, unsigned long budget, bool thorough,
                         bool cannot_only, struct deadpos_result *res)
{
    if (analysis_off()) return false;
    if (!movegen_any_legal(pos)) {
        if (pos->checkers && pos->side != side) {
            res->verdict = DEADPOS_CAN_WIN; /* already mated: an empty line */
            return true;
        }
        res->verdict = DEADPOS_CANNOT_WIN;
        res->why = pos->checkers ? DEADPOS_WHY_CHECKMATED : DEADPOS_WHY_STALEMATE;
        return true;
    }
    res->why = dp_static_cannot_full(pos, side);
    if (thorough && res->why == DEADPOS_WHY_NONE) res->why = dp_first_capture_cannot(pos, side);
    if (thorough && res->why == DEADPOS_WHY_NONE) res->why = dp_futures_cannot(pos, side);
    if (res->why != DEADPOS_WHY_NONE) {
        res->verdict = DEADPOS_CANNOT_WIN;
        return true;
    }
    if (!exhaust_worthwhile(pos, thorough)) return false;
    if (cannot_only && endless_line(pos, side)) return false;
    unsigned long cap = budget < DEADPOS_EXHAUST_NODES ? budget : DEADPOS_EXHAUST_NODES;
    enum deadpos_verdict v = dp_search_exhaust(pos, side, DEADPOS_EXHAUST_DEPTH, cap, res);
    if (v == DEADPOS_UNKNOWN) return false;
    res->verdict = v;
    res->why = v == DEADPOS_CANNOT_WIN ? DEADPOS_WHY_SEARCH : DEADPOS_WHY_NONE;
    return true;
}

static void result_init(struct deadpos_result *res)
{
    res->verdict = DEADPOS_UNKNOWN;
    res->why = DEADPOS_WHY_NONE;
    res->line_len = 0;
    res->nodes = 0;
}

void deadpos_analyse(const struct position *pos, int side, unsigned long budget,
                     struct deadpos_result *res)
{
    if (budget == 0) budget = DEADPOS_NODES_DEFAULT;
    result_init(res);
    if (prove_cannot(pos, side, budget, true, false, res)) return;
    res->line_len = 0;
    if (res->nodes >= budget || analysis_off()) return;
    /* The helpmate search proves most sides that can win within a few
     * thousand nodes, the closure search (deadpos_closure.c) most closed
     * positions where a side cannot win within a few thousand positions.
     * Run first with all its share, either makes the other's proofs pay for
     * it: the closure search would walk every live position, the helpmate
     * search would fail on every closed one.  So they take turns (turns[]). */
    unsigned long left = budget - res->nodes, part = left / DEADPOS_PARTS;
    /* (Out of memory, the closure search is over at once, UNKNOWN: the
     * helpmate search still has its turns.) */
    struct dp_closure closure;
    dp_closure_start(&closure, pos, side, left, res);
    struct dp_helpmate_memo memo = {0};
    size_t n = sizeof turns / sizeof turns[0];
    for (size_t i = 0; i < n && res->verdict == DEADPOS_UNKNOWN; i++) {
        res->line_len = 0;
        res->verdict =
            dp_search_helpmate(pos, side, res->nodes + turns[i].helpmate * part, res, &memo);
        if (res->verdict == DEADPOS_CAN_WIN || res->nodes >= budget) break;
        /* The last turn: the closure search has what is left of the budget. */
        bool last = i + 1 == n;
        if (!last && i > 0 && opening_up(&closure)) continue;
        unsigned long positions =
            last ? closure.count + (budget - res->nodes) : turns[i].closure * part;
        res->verdict = dp_closure_walk(&closure, positions, res);
    }
    if (res->verdict == DEADPOS_CANNOT_WIN) res->why = DEADPOS_WHY_SEARCH;
    if (res->verdict != DEADPOS_CAN_WIN) res->line_len = 0;
}

/* The squares strictly below (south) or above (north) a unit of b on its
 * file. */
static inline bitboard south_span(bitboard b)
{
    b = bb_south(b);
    b |= b >> 8;
    b |= b >> 16;
    return b | b >> 32;
}

static inline bitboard north_span(bitboard b)
{
    b = bb_north(b);
    b |= b << 8;
    b |= b << 16;
    return b | b << 32;
}

/* Some pawn has neither a pawn nor a unit that may be frozen
 * (dp_frozen_candidates(): every frozen unit of a wall is one) anywhere
 * ahead on its file.  Every pawn proof of the analysis (the wall and its
 * frozen stoppers, the first capture, the pawns' futures) stands on a wall
 * (dp_wall_settle()), in which such a pawn is free (a fixed pawn has a
 * pawn or a frozen unit directly ahead) and its segment runs up to a
 * fixed pawn, a frozen unit or an enemy pawn: here to the last rank, so the
 * wall fails (it could promote) and no pawn proof can start. */
static bool open_pawn_file(const struct position *pos)
{
    bitboard pawns = pos->by_type[PAWN];
    bitboard wp = pawns & pos->by_color[COLOR_WHITE], bp = pawns & pos->by_color[COLOR_BLACK];
    bitboard stops = pawns | dp_frozen_candidates(pos);
    return (wp & ~south_span(stops)) || (bp & ~north_span(stops));
}

/* The squares of the pawns in `pawns` (of `color`) and the empty squares
 * each could walk up to on its file (up to the first unit in its way). */
static inline bitboard pawn_runs(bitboard pawns, int color, bitboard empty)
{
    bitboard run = pawns;
    for (int i = 0; i < 6; i++)
        run |= (color == COLOR_WHITE ? bb_north(run) : bb_south(run)) & empty;
    return run;
}

/* A pawn attacks an enemy unit now, or a pawn walking up its run
 * (pawn_runs()) attacks a square of an enemy pawn's run.  Every pawn proof
 * of the analysis stands on a wall (dp_wall_settle()), which fails when a
 * square one pawn may ever attack is a square an enemy pawn may ever stand
 * on: a fixed pawn's square, a free pawn's segment.  A pawn with an empty
 * square ahead is never fixed (fixed means blocked head-on), and a free
 * pawn's segment runs from its square up to a unit in its way, so it holds
 * the pawn's run; so here no wall stands, and no pawn proof can start. */
static inline bool pawn_may_take(const struct position *pos)
{
    bitboard w = pos->by_color[COLOR_WHITE], b = pos->by_color[COLOR_BLACK];
    bitboard wp = w & pos->by_type[PAWN], bp = b & pos->by_type[PAWN];
    if ((bb_pawn_attacks(wp, COLOR_WHITE) & b) || (bb_pawn_attacks(bp, COLOR_BLACK) & w))
        return true;
    bitboard empty = ~(w | b);
    return (bb_pawn_attacks(pawn_runs(wp, COLOR_WHITE, empty), COLOR_WHITE) &
            pawn_runs(bp, COLOR_BLACK, empty)) != 0;
}

/* No proof of deadpos_analyse() can start from pos by its pawns: there are
 * no pawns, or a castling right, a pawn that may take (pawn_may_take()) or
 * a pawn with nothing ahead that could stop it (open_pawn_file()): the pawn
 * proofs (the wall and its frozen stoppers, the first capture, the pawns'
 * futures) all stand on a wall, which needs no castling right, no pawn that
 * can ever take, and a stop ahead of every pawn.  The same for both sides. */
static inline bool pawns_open(const struct position *pos)
{
    return !pos->by_type[PAWN] || pos->castle_rooks || pawn_may_take(pos) || open_pawn_file(pos);
}

/* No proof of deadpos_analyse() can start from pos for `side` by what pos
 * holds alone: material proves nothing (dp_material_cannot()), and the
 * pawns prove nothing either (pawns_open()). */
static inline bool open_for(const struct position *pos, int side)
{
    return dp_material_cannot(pos, side) == DEADPOS_WHY_NONE && pawns_open(pos);
}

/* Out of check, with more than DEADPOS_EXHAUST_MOVES moves: no forced line.
 * The same for both sides. */
static inline bool unforced(const struct position *pos)
{
    return !pos->checkers && movegen_legal_more_than(pos, DEADPOS_EXHAUST_MOVES);
}

/* open_for() and unforced(). */
static bool free_for(const struct position *pos, int side)
{
    return open_for(pos, side) && unforced(pos);
}

/*
 * The quick test of deadpos_judge() (judged_alive()): true when
 * deadpos_analyse() does not answer CANNOT_WIN for `side`.  Its proofs are the game over, material, the
 * pawn proofs, the exhaustive search of a forced line and the closure search,
 * which proves only when it has walked every position reachable from pos.
 * In a position free_for() the side has material that can mate, a pawn that
 * can run up its file to promote or pawns that may capture each other (or
 * no pawns, its pieces and the other side's free to roam), and nothing
 * forces a line: none of these can start, and the closure never ends (an
 * argument; tests/deadcheck_diff.c holds it to deadpos_analyse() over every
 * position of the corpus games that a filter of its own keeps).  A side that can win from a
 * position reached by one legal move can win from pos, so a forced position (in check, or few
 * moves) is alive when one of its moves leads to such a position.
 * So the test is open_for(pos, side), then unforced(pos) or
 * forced_alive(pos, side); unforced() and pawns_open() are the same for
 * both sides, and judged_alive() asks each once a position.
 */
static bool forced_alive(const struct position *pos, int side)
{
    move list[MOVES_MAX];
    int n = movegen_legal(pos, list);
    for (int i = 0; i < n; i++) {
        struct position next = *pos;
        pos_make(&next, list[i]);
        if (free_for(&next, side)) return true;
    }
    return false;
}

/* Nodes of the short helpmate search deadpos_is_dead_full() runs for each
 * side before the full analysis (deadpos_judge() runs a longer one, below).  On the first 5 MB
 * of the book, each of the final positions the quick test leaves (locked
 * pawn pairs, kings and pieces that can walk round to take them: 43 of
 * 8,588) has a helpmate for both sides within 700 nodes; with 300 some went
 * on to the full analysis and cost more. */
#define DEADPOS_QUICK_HELPMATE_NODES 700u

/* The same search when the full analysis follows it whatever it finds
 * (deadpos_judge(), and deadpos_is_dead_full_winner() for the winner):
 * on the first 5 MB of the book, three of the winners' sides that 700
 * nodes missed (each then costing the full analysis, about 0.5 M
 * instructions) have a mate within 2,000. */
#define DEADPOS_QUICK_HELPMATE_NODES_LAST 2000u

/* A helpmate for `side` found by a short search (into res): a line that
 * mates is a proof, so deadpos_analyse() never answers CANNOT_WIN there. */
static bool quick_mate(const struct position *pos, int side, unsigned long nodes,
                       struct deadpos_result *res)
{
    struct dp_helpmate_memo memo = {0};
    result_init(res);
    if (!movegen_any_legal(pos)) return false; /* over: prove_cannot()'s to tell */
    if (dp_search_helpmate(pos, side, nodes, res, &memo) == DEADPOS_CAN_WIN)
        return true;
    result_init(res);
    return false;
}

enum deadpos_verdict deadpos_side_can_win(const struct position *pos, int side)
{
    struct deadpos_result res;
    result_init(&res);
    if (!prove_cannot(pos, side, DEADPOS_EXHAUST_NODES, false, false, &res)) return DEADPOS_UNKNOWN;
    return res.verdict;
}

bool deadpos_side_cannot_win(const struct position *pos, int side)
{
    struct deadpos_result res;
    result_init(&res);
    return prove_cannot(pos, side, DEADPOS_EXHAUST_NODES, false, true, &res) &&
           res.verdict == DEADPOS_CANNOT_WIN;
}

int deadpos_mate_line(const struct position *pos, int side, move *line, int max)
{
    struct deadpos_result res;
    deadpos_analyse(pos, side, 0, &res);
    if (res.verdict != DEADPOS_CAN_WIN) return -1;
    int n = res.line_len < max ? res.line_len : max;
    memcpy(line, res.line, (size_t)n * sizeof line[0]);
    return n;
}

bool deadpos_line_mates(const struct position *pos, int side, const move *line, int n)
{
    struct position p = *pos;
    for (int i = 0; i < n; i++) {
        if (!movegen_is_legal(&p, line[i])) return false;
        pos_make(&p, line[i]);
    }
    return p.side != side && p.checkers && !movegen_any_legal(&p);
}

const char *deadpos_reason(const struct position *pos, int side)
{
    struct deadpos_result res;
    result_init(&res);
    if (!prove_cannot(pos, side, DEADPOS_EXHAUST_NODES, false, true, &res) ||
        res.verdict != DEADPOS_CANNOT_WIN)
        return NULL;
    return deadpos_why_text(res.why);
}

#if defined(__GNUC__)
#define DP_NOINLINE __attribute__((noinline))
#else
#define DP_NOINLINE
#endif

/* deadpos_is_dead() past its filter, with few units: the same answer as
 * deadpos_side_cannot_win() for both sides, without its cost where the
 * answer is known to be false.  With an open pawn file (open_pawn_file()) or
 * no pawns, a side's static proof is material alone, and the exhaustive
 * search runs only in check or with at most DEADPOS_EXHAUST_MOVES moves
 * (exhaust_worthwhile()): out of check with more moves than that (so no
 * stalemate either), a side whose material proves nothing is never proven
 * unable to win.  (Without an open file the wall proof may hold where no
 * file is walled: a pawn stopped head-on by a king that can never move.) */
static bool few_units_dead(const struct position *pos)
{
    if (!pos->checkers && (!pos->by_type[PAWN] || open_pawn_file(pos)) &&
        (dp_material_cannot(pos, COLOR_WHITE) == DEADPOS_WHY_NONE ||
         dp_material_cannot(pos, COLOR_BLACK) == DEADPOS_WHY_NONE)) {
        if (movegen_legal_more_than(pos, DEADPOS_EXHAUST_MOVES)) return false;
    }
    return deadpos_side_cannot_win(pos, COLOR_WHITE) && deadpos_side_cannot_win(pos, COLOR_BLACK);
}

static bool dead_past_filter(const struct position *pos)
{
    if (!many_units(units_of(pos))) return few_units_dead(pos);
    if (!pos->by_type[PAWN] && (dp_material_cannot(pos, COLOR_WHITE) == DEADPOS_WHY_NONE ||
                                dp_material_cannot(pos, COLOR_BLACK) == DEADPOS_WHY_NONE))
        return false;
    return deadpos_side_cannot_win(pos, COLOR_WHITE) && deadpos_side_cannot_win(pos, COLOR_BLACK);
}

/* The answers of dead_past_filter(), per thread.  Long endgames pass the
 * same positions again and again (kings and rooks shuffling; on the TCEC
 * files, 97% of 180,000 tests were of a position tested before), and the
 * answer is a function of the position alone (each search starts afresh).
 * Direct-mapped by key, one cache line a slot; a slot answers only for the
 * same units on the same squares, side to move, castling rights, en passant
 * square and rules, compared in full: the units as the occupied squares,
 * White's, and the piece type's three bits as three sets of squares. */
#define DEAD_CACHE_SLOTS 8192u

struct dead_slot {
    bitboard occupied, white, type_bit[3], castle_rooks;
    uint64_t key;
    uint8_t side, ep_square, ep_capturable, chess960;
    bool used, dead;
};
_Static_assert(sizeof(struct dead_slot) == 64, "a slot is a cache line");

/* DEAD_CACHE_SLOTS slots aligned to 64 bytes, in the thread's block
 * (dp_thread_block()) from its first question past the filter */
static _Thread_local struct dead_slot *dead_cache;

/* What a slot holds of a position, each field and its value in pos: one
 * list for the test and for the store. */
#define DEAD_SLOT_FIELDS(X, pos)                                                                   \
    X(key, (pos)->key)                                                                             \
    X(occupied, pos_occupied(pos))                                                                 \
    X(white, (pos)->by_color[COLOR_WHITE])                                                         \
    X(type_bit[0], (pos)->by_type[KNIGHT] | (pos)->by_type[ROOK] | (pos)->by_type[KING])           \
    X(type_bit[1], (pos)->by_type[BISHOP] | (pos)->by_type[ROOK])                                  \
    X(type_bit[2], (pos)->by_type[QUEEN] | (pos)->by_type[KING])                                   \
    X(castle_rooks, (pos)->castle_rooks)                                                           \
    X(side, (pos)->side)                                                                           \
    X(ep_square, (pos)->ep_square)                                                                 \
    X(ep_capturable, (pos)->ep_capturable)                                                         \
    X(chess960, (pos)->chess960)
_Static_assert(PAWN == 0 && KNIGHT == 1 && BISHOP == 2 && ROOK == 3 && QUEEN == 4 && KING == 5,
               "type_bit[] spells the piece types in binary");

/* The slot holds pos's answer: the same position, field by field. */
static inline bool dead_slot_is(const struct dead_slot *s, const struct position *pos)
{
#define DEAD_SLOT_SAME(field, value) &&s->field == (value)
    return s->used DEAD_SLOT_FIELDS(DEAD_SLOT_SAME, pos);
#undef DEAD_SLOT_SAME
}

/* The slot holds pos's answer `dead` from now on. */
static void dead_slot_set(struct dead_slot *s, const struct position *pos, bool dead)
{
#define DEAD_SLOT_SET(field, value) s->field = (value);
    DEAD_SLOT_FIELDS(DEAD_SLOT_SET, pos)
#undef DEAD_SLOT_SET
    s->used = true;
    s->dead = dead;
}

/* The calling thread's cache, NULL when out of memory. */
static struct dead_slot *dead_cache_get(void)
{
    if (LIKELY(dead_cache)) return dead_cache;
    unsigned char *block = dp_thread_block(DP_MEM_DEAD_CACHE, (DEAD_CACHE_SLOTS + 1) * 64);
    if (!block) return NULL;
    dead_cache = (struct dead_slot *)(block + (64 - (uintptr_t)block % 64) % 64);
    return dead_cache;
}

/* What deadpos_judge() and deadpos_is_dead_full() found out about the last
 * position they judged, per thread.  `check` judges a game's final position
 * dead or not (both sides), then, after a decisive result, the winner's side
 * alone: the second asks again what the first found out (the quick test's
 * parts that are the same for both sides, the short helpmate search, the
 * full analysis).  Each answer is a function of the position alone (as for
 * the dead cache below), so it is kept whole and given back.  -1: not yet
 * asked. */
struct judged {
    struct dead_slot id;    /* the position (dead_slot_is()) */
    int8_t pawns_open;      /* pawns_open() */
    int8_t unforced;        /* unforced() */
    int8_t alive[COLOR_NB]; /* the quick test (judged_alive()) */
    int8_t mate[COLOR_NB];  /* quick_mate() (found: res[]) */
    int8_t full[COLOR_NB];  /* deadpos_analyse() has run (res[]) */
    struct deadpos_result res[COLOR_NB];
};

static _Thread_local struct judged judged;

/* The thread's record, for pos: emptied when it held another position. */
static struct judged *judged_for(const struct position *pos)
{
    struct judged *j = &judged;
    if (dead_slot_is(&j->id, pos)) return j;
    dead_slot_set(&j->id, pos, false);
    j->pawns_open = j->unforced = -1;
    for (int c = 0; c < COLOR_NB; c++)
        j->alive[c] = j->mate[c] = j->full[c] = -1;
    return j;
}

/* The quick test for `side` (see forced_alive()), each part asked once a
 * position. */
static bool judged_alive(struct judged *j, const struct position *pos, int side)
{
    if (j->alive[side] >= 0) return j->alive[side];
    bool alive = dp_material_cannot(pos, side) == DEADPOS_WHY_NONE;
    if (alive) {
        if (j->pawns_open < 0) j->pawns_open = pawns_open(pos);
        alive = j->pawns_open;
    }
    if (alive) {
        if (j->unforced < 0) j->unforced = unforced(pos);
        alive = j->unforced || forced_alive(pos, side);
    }
    j->alive[side] = alive;
    return alive;
}

/* deadpos_judge()'s verdict for `side` (its result in j->res[side], but for
 * the quick test's UNKNOWN); stop_at_search: only the quick test and the
 * short helpmate search, UNKNOWN when neither settled it. */
static enum deadpos_verdict judged_verdict(struct judged *j, const struct position *pos, int side,
                                           bool stop_at_search)
{
    if (judged_alive(j, pos, side)) return DEADPOS_UNKNOWN;
    if (j->mate[side] < 0)
        j->mate[side] = quick_mate(pos, side,
                                   stop_at_search ? DEADPOS_QUICK_HELPMATE_NODES
                                                  : DEADPOS_QUICK_HELPMATE_NODES_LAST,
                                   &j->res[side]);
    if (j->mate[side]) return DEADPOS_CAN_WIN;
    if (stop_at_search) return DEADPOS_UNKNOWN;
    if (j->full[side] < 0) {
        deadpos_analyse(pos, side, DEADPOS_NODES_DEFAULT, &j->res[side]);
        j->full[side] = 1;
    }
    return j->res[side].verdict;
}

enum deadpos_verdict deadpos_judge(const struct position *pos, int side, struct deadpos_result *res)
{
    result_init(res);
    if (analysis_off()) return DEADPOS_UNKNOWN;
    struct judged *j = judged_for(pos);
    enum deadpos_verdict v = judged_verdict(j, pos, side, false);
    if (v != DEADPOS_UNKNOWN || j->full[side] > 0) *res = j->res[side];
    return v;
}

/* Dead by deadpos_judge() for both sides: the quick tests first (either
 * side alive settles it), then a short helpmate search for each side (a
 * mate found settles it), then the full analysis; the side with more units
 * first (the likelier to have a helpmate).  With a winner (deadpos.h), its
 * side is judged in full first: its verdict is asked for whatever the answer
 * (after this when the position is not dead, here when it is). */
static bool dead_in_full(const struct position *pos, int winner)
{
    if (analysis_off()) return false;
    struct judged *j = judged_for(pos);
    if (judged_alive(j, pos, COLOR_WHITE) || judged_alive(j, pos, COLOR_BLACK)) return false;
    if (winner >= 0)
        return judged_verdict(j, pos, winner, false) == DEADPOS_CANNOT_WIN &&
               judged_verdict(j, pos, winner ^ 1, false) == DEADPOS_CANNOT_WIN;
    int first = bb_popcount(pos->by_color[COLOR_BLACK]) > bb_popcount(pos->by_color[COLOR_WHITE]);
    for (int i = 0; i < COLOR_NB; i++)
        if (judged_verdict(j, pos, first ^ i, true) == DEADPOS_CAN_WIN) return false;
    for (int i = 0; i < COLOR_NB; i++)
        if (judged_verdict(j, pos, first ^ i, false) != DEADPOS_CANNOT_WIN) return false;
    return true;
}


/* deadpos_is_dead() past its filter (out of line: the filter saves no
 * registers and sets up no frame). */
static DP_NOINLINE bool is_dead_past_filter(const struct position *pos)
{
    if (analysis_off()) return false;
    struct dead_slot *cache = dead_cache_get();
    if (UNLIKELY(!cache)) return dead_past_filter(pos); /* out of memory: the same answer, slower */
    struct dead_slot *s = &cache[pos->key & (DEAD_CACHE_SLOTS - 1)];
    if (dead_slot_is(s, pos)) return s->dead;
    bool dead = dead_past_filter(pos); /* first: the slot is written whole after it */
    dead_slot_set(s, pos, dead);
    return dead;
}

/* The parts of deadpos_is_dead()'s filter that depend on the pawns and the
 * number of units only (deadpos_alive_by_pawns() relies on that). */
static inline bool pawns_and_many_units(const struct position *pos)
{
    return pos->by_type[PAWN] && many_units(units_of(pos));
}

static inline bool pawn_files_walled(const struct position *pos)
{
    bitboard pawns = pos->by_type[PAWN];
    return dp_walled_files(pawns & pos->by_color[COLOR_WHITE], pawns & pos->by_color[COLOR_BLACK]);
}

bool deadpos_is_dead(const struct position *pos)
{
    /* The filter, bit tests only.  With more than DEADPOS_EXHAUST_UNITS
     * units no exhaustive search runs (unless the pawns are locked), so the
     * proofs left are the wall, which needs no castling right, no en passant
     * and a head-on pair on every file with a pawn, and, without pawns,
     * material for both sides (is_dead_past_filter()).  The common case -
     * many units, a castling right or a file with mobile pawns - returns
     * after a few instructions. */
    if (pawns_and_many_units(pos) &&
        (pos->castle_rooks || pos->ep_capturable || !pawn_files_walled(pos)))
        return false;
    return is_dead_past_filter(pos);
}

bool deadpos_is_dead_full(const struct position *pos)
{
    return dead_in_full(pos, -1);
}

bool deadpos_is_dead_full_winner(const struct position *pos, int winner)
{
    return dead_in_full(pos, winner);
}

/* Inline into the arbiter (with link-time optimisation), which asks after
 * every capture and pawn move. */
inline __attribute__((always_inline)) bool deadpos_alive_by_pawns(const struct position *pos)
{
    /* The filter above without its castling and en passant test, which a
     * quiet move can change. */
    return pawns_and_many_units(pos) && !pawn_files_walled(pos);
}
