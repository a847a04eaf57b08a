/*
 * deadpos_internal.h - what the deadpos_*.c files share; not for other modules.
 *
 *   deadpos_static.c    proofs without search: material, locked pawn structures
 *   deadpos_capture.c   branching on the first capture that breaks a wall
 *   deadpos_flights.c   the wall proof's counts: could the defender's units
 *                       fill the flight squares a mate needs filled?
 *   deadpos_futures.c   the wall proof where pawns face each other on a file
 *                       with no head-on pair
 *   deadpos_search.c    exhaustive search for "no line mates", the helpmate
 *                       search's driver and its limited-discrepancy search
 *   deadpos_targeted.c  the targeted helpmate search (mating pictures)
 *   deadpos_order.c     its move order: classes, staged first moves
 *                       (deadpos_order.h, shared by those two only)
 *   deadpos_route.c     the route search: best-first helpmate search by
 *                       positions, for the long plans behind pawn walls
 *   deadpos_closure.c   the closure search: every reachable position, once
 *   deadpos_memory.c    the searches' per-thread memory
 *   deadpos_mate1.c     a cheap proof that the side to move has no mate in
 *                       one; the helpmate searches' mate-in-one tests
 *   deadpos.c           the public functions, the cheap filters of the hot path
 *
 * The tiny helpers the searches call at every node are static inline here,
 * so that they stay inline without link-time optimisation too.
 */
#ifndef PGNARB_DEADPOS_INTERNAL_H
#define PGNARB_DEADPOS_INTERNAL_H

#include "chess/bitboard.h"
#include "deadpos/deadpos.h"
#include "chess/position.h" /* the inline helpers below read the position */
#include "chess/attacks.h"
#include "chess/movegen.h"

#include <assert.h>

#include <string.h>

/* For a function the compiler would keep out of line although a call and
 * its frame cost more than its body at the searches' every node (say why
 * at each use). */
#if defined(__GNUC__)
#define DP_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define DP_ALWAYS_INLINE inline
#endif

/* Bit f set when `b` has a square on file f. */
static inline unsigned dp_file_byte(bitboard b)
{
    b |= b >> 32;
    b |= b >> 16;
    b |= b >> 8;
    return (unsigned)(b & 0xFF);
}

/* Every file holding a pawn of wp | bp also holds a white pawn with a black
 * pawn directly in front of it (the file test of dp_pawns_semilocked()). */
static inline bool dp_walled_files(bitboard wp, bitboard bp)
{
    /* The files of the head-on pairs, as a byte, times BB_FILE_A: those
     * whole files (no carries: each byte of the product is that byte). */
    bitboard walled = (bitboard)dp_file_byte(wp & bb_south(bp)) * BB_FILE_A;
    return ((wp | bp) & ~walled) == 0;
}

/* Material alone proves that `side` cannot mate (DEADPOS_WHY_BARE_KING,
 * _LONE_MINOR, _BISHOPS, _NO_BLOCKER), or DEADPOS_WHY_NONE. */
enum deadpos_why dp_material_cannot(const struct position *pos, int side);

/* Every pawn stands directly behind another pawn (of either colour), no pawn
 * can capture a pawn now, no en passant, no castling right: the structure the
 * locked-structure proof needs.  Cheap bit tests. */
bool dp_pawns_locked(const struct position *pos);

/* No castling right, no en passant, and every file with a pawn holds two
 * pawns blocked head-on: what dp_locked_cannot() needs before it looks
 * closer.  Cheap bit tests. */
bool dp_pawns_semilocked(const struct position *pos);

/* Locked or semi-locked structure proof (dp_pawns_semilocked(), free pawns
 * stopped by the wall; pieces and kings that can never move - frozen - count
 * as part of the wall, and may stop pawns where no head-on pair does): no
 * pawn, piece or king can ever capture or be captured by a pawn, no frozen
 * unit can ever be taken, and no piece or pawn of `side` can ever attack a
 * square the other king can reach (or only bishops of one colour can, and the
 * other side has too few units to block its king's flight squares of the other
 * colour; or only pawns can, and too few units of the other side can fill the
 * king's flight squares; or at most two pieces can attack the king, and no
 * placement of them and their king covers every flight square the other side
 * cannot fill).  DEADPOS_WHY_LOCKED, _LOCKED_BLOCKERS, _LOCKED_PAWN_CHECKS,
 * _LOCKED_NO_NET or _NONE. */
enum deadpos_why dp_locked_cannot(const struct position *pos, int side);

/* The wall proof (first try) as if no capture broke the wall - a frozen
 * unit taken, a piece taking a pawn or taken by one - and for each such
 * first capture, the wall of the position after it, checked to cover every
 * position that capture can lead to (at most DP_CAPTURE_BRANCHES
 * captures).  DEADPOS_WHY_LOCKED_CAPTURE or _NONE.  Costlier than
 * dp_static_cannot_full(): only from deadpos_analyse(). */
#define DP_CAPTURE_BRANCHES 16
enum deadpos_why dp_first_capture_cannot(const struct position *pos, int side);

/* The wall proof where some pawn file holds no head-on pair (no unit stops
 * its pawns head-on) but its pawns of both colours face each other, so that
 * none of them can pass the others (deadpos_futures.c): every pawn's
 * future squares run up its file to the pawn or frozen unit it meets.
 * DEADPOS_WHY_PAWN_FUTURES or _NONE.  Only from deadpos_analyse(), after
 * dp_first_capture_cannot(); NONE where dp_pawns_stoppable() holds (the
 * wall proof has answered). */
enum deadpos_why dp_futures_cannot(const struct position *pos, int side);

/* The wall proof's parts that deadpos_capture.c and deadpos_flights.c build
 * on (deadpos_static.c; each is described at its definition). */
/*
 * The pawn structure as the wall proof sees it.  fixed: pawns that never
 * move while no pawn captures (blocked head-on by a pawn of the other
 * colour, or directly behind a fixed pawn).  Every other pawn ("free") must
 * have a fixed pawn ahead on its file with only free pawns of its own colour
 * between: it can only push up to there, so it never promotes.  span[c]:
 * the squares free pawns of c may ever stand on (or pass over); att[c]: the
 * squares pawns of c may ever attack; fixed_att[c]: those attacked all the
 * time (by fixed pawns).  False when some free pawn has no such stop.
 * Pawns in `vanish` (dp_locked_cannot()'s later tries: a king may take
 * them) fix no pawn, and a free pawn's segment runs through them up to the
 * next fixed pawn.
 */
struct dp_wall {
    bitboard fixed, span[COLOR_NB], att[COLOR_NB], fixed_att[COLOR_NB];
    bitboard frozen; /* pieces and kings that never move (frozen_units()) */
    /* Squares attacked all the time: by fixed pawns, by frozen units (a
     * king's or knight's step, a slider's first square on each line). */
    bitboard perm_att[COLOR_NB];
};

/* The captures that may come first in a wall's positions and change it
 * (dp_first_capture_cannot()): the unit on from[i] takes the one on
 * victim[i], landing on to[i] (a pawn's capture: to[i] is where its victim
 * may stand, not where it stands in the position). */
struct dp_captures {
    int n;
    signed char from[DP_CAPTURE_BRANCHES], to[DP_CAPTURE_BRANCHES], victim[DP_CAPTURE_BRANCHES];
};

/* One king step in every direction, the set itself included. */
static inline bitboard dp_king_spread(bitboard b)
{
    b |= bb_east(b) | bb_west(b);
    return b | bb_north(b) | bb_south(b);
}

bitboard dp_piece_reach(int type, int sq, bitboard pawns, bitboard *attacked);
bitboard dp_vanishing_pawns(const struct position *pos, bool fixed_too);
bitboard dp_frozen_candidates(const struct position *pos);
bool dp_pawns_stoppable(const struct position *pos, bitboard *cand);
bool dp_wall_settle(const struct position *pos, bitboard vanish, bool kings_take, bitboard cand,
                    bool drop_hits, struct dp_wall *w, bitboard region[COLOR_NB], bitboard *hit,
                    bool *king_takes);
enum deadpos_why dp_wall_verdict(const struct position *pos, int side, const struct dp_wall *w,
                                 const bitboard region[COLOR_NB], bitboard vanish,
                                 struct dp_captures *ev);
bool dp_capture_add(struct dp_captures *ev, int from, int to, int victim);
bool dp_pawn_segment(const struct position *pos, int sq, bitboard stops, bitboard vanish,
                     bitboard *seg);
/* The wall proof's tries (the first `tries` of three: no king takes a
 * pawn, kings take free pawns, kings take unprotected fixed pawns too),
 * frozen units looked for among `cand`, with no test of the pawn files:
 * its callers' gates make sure every pawn may be stopped.  DEADPOS_WHY_LOCKED,
 * _LOCKED_BLOCKERS, _LOCKED_PAWN_CHECKS, _LOCKED_NO_NET or _NONE. */
enum deadpos_why dp_wall_tries(const struct position *pos, int side, int tries, bitboard cand);

/* The counting proofs on a wall (deadpos_flights.c; each is described at
 * its definition): true proves that `side` cannot mate. */
bool dp_too_few_blockers(const struct position *pos, const struct dp_wall *w, int side,
                         bitboard checkers_sq, const bitboard region[COLOR_NB], bitboard vanish);
bool dp_pawn_checks_fail(const struct position *pos, const struct dp_wall *w, int side,
                         bitboard targets, const bitboard region[COLOR_NB], bitboard vanish);
bool dp_no_mating_net(const struct position *pos, const struct dp_wall *w, int side,
                      bitboard checkers, const bitboard region[COLOR_NB], bitboard vanish);

/* Both of the above, material first: dp_static_cannot_full() with every
 * try of the wall proof and pawns stopped by frozen units too,
 * dp_static_cannot() with the first try on semi-locked pawns only (cheaper:
 * what the exhaustive search asks at each of its nodes). */
enum deadpos_why dp_static_cannot_full(const struct position *pos, int side);
enum deadpos_why dp_static_cannot(const struct position *pos, int side);

/* False only when no legal move of the side to move checkmates (a proof
 * from the flight squares of the other king; see deadpos_mate1.c); true
 * means "maybe", and then, when `to` is not NULL, to[type] holds every
 * square a mating move of a piece of that type (not castling, en passant
 * or a promotion, which leave every mask full) may go to. */
bool dp_may_mate_in_one(const struct position *pos, bitboard to[PIECE_TYPE_NB]);

/* dp_may_mate_in_one() of the position after `m` (legal in pos), told
 * without playing it.  *masks says whether to[] then holds the masks
 * dp_may_mate_in_one() would give there (a move that captures nothing and
 * is no double step: the castling rights and en passant are known). */
bool dp_may_mate_after(const struct position *pos, move m, bitboard to[PIECE_TYPE_NB], bool *masks);

/* dp_may_mate_after() for the moves of one loser's node: what the winner's
 * units attack, told once (dp_after_init(), the loser to move), serves
 * every move that captures nothing and changes none of those attacks; the
 * others take dp_may_mate_after().  The same answers, masks included. */
struct dp_after {
    /* The winner's attacks (its units after the move; the loser's king
     * lifted): every square attacked, the squares behind its own units on
     * its sliders' lines (xray), where each kind of piece can go (a
     * superset), and the squares whose occupation changes the sliders' part
     * of these (sens: their lines up to the second unit, their own units
     * not counted as the first). */
    struct mm_attacks {
        bitboard attacked, xray, reach_n, reach_b, reach_r, reach_q, sens;
    } at;
    bitboard mine, occk;
    int ksq;
    bool all;
};
void dp_after_init(struct dp_after *b, const struct position *pos);
bool dp_may_mate_after_from(const struct dp_after *b, const struct position *pos, move m,
                            bitboard to[PIECE_TYPE_NB], bool *masks);

/* Search: every line of at most `depth` plies ends in a position that
 * dp_static_cannot() settles, a stalemate or a mate of `side` (CANNOT_WIN),
 * or a helpmate for `side` was met on the way (CAN_WIN, line in res), or
 * neither (UNKNOWN).  res->nodes counts; stops at `budget` nodes. */
enum deadpos_verdict dp_search_exhaust(const struct position *pos, int side, int depth,
                                       unsigned long budget, struct deadpos_result *res);

/* Closure search (deadpos_closure.c): every position reachable from pos,
 * each once, not going on from those dp_static_cannot_full() settles.  CAN_WIN
 * with a shortest line to a mate of the other side, CANNOT_WIN when none is
 * reachable, UNKNOWN past `budget` (res->nodes counts) or out of memory. */
enum deadpos_verdict dp_search_closure(const struct position *pos, int side, unsigned long budget,
                                       struct deadpos_result *res);

/* The same search in steps, so that other searches may run between them
 * (deadpos_analyse()): dp_closure_start() makes room for max_positions
 * positions and holds the root (false when out of memory); each
 * dp_closure_walk() goes on from where the last one stopped until the
 * search holds `positions` positions (at most max_positions), and answers
 * as dp_search_closure() (UNKNOWN: stopped there, or over when out of
 * memory or with too long a line).  Each position held counts a node.  The positions live in
 * the thread's blocks: no other closure search may run on the thread until
 * this one is done with. */
struct cl_node;
struct cl_slot;
struct dp_closure {
    struct cl_node *nodes;
    struct cl_slot *slots;
    uint32_t stamp;
    uint32_t count, node_cap, max; /* nodes used, allocated, most allowed */
    uint32_t slot_mask;  /* the table's size in use - 1: a power of two at least twice max */
    uint32_t head, next; /* the walk goes on with node head's move list from move next */
    int side;
    bool over; /* done: verdict is the answer */
    enum deadpos_verdict verdict;
};
bool dp_closure_start(struct dp_closure *c, const struct position *pos, int side,
                      unsigned long max_positions, struct deadpos_result *res);
enum deadpos_verdict dp_closure_walk(struct dp_closure *c, unsigned long positions,
                                     struct deadpos_result *res);

/* The searches' per-thread memory (deadpos_memory.c): the calling thread's
 * block `id`, grown to at least `size` bytes (contents kept, new bytes
 * zero), kept for its next searches and freed when the thread ends; NULL
 * when out of memory (the block is then as it was). */
enum dp_mem {
    DP_MEM_CLOSURE_NODES,
    DP_MEM_CLOSURE_SLOTS,
    DP_MEM_HM_TABLE,
    DP_MEM_ROUTE,
    DP_MEM_DEAD_CACHE,   /* deadpos_is_dead()'s answers (deadpos.c) */
    DP_MEM_SEARCH_TABLE, /* the exhaustive search's proven positions (deadpos_search.c) */
    DP_MEM_NB
};
void *dp_thread_block(enum dp_mem id, size_t size);

/* What a helpmate search of a position and side leaves for the next one of
 * the same (deadpos_analyse()'s turns): its quick look at every corner's
 * pictures ran in full and failed, in quick_nodes nodes. */
struct dp_helpmate_memo {
    bool quick_failed;
    unsigned long quick_nodes;
};

/* Heuristic helpmate search: CAN_WIN with the line in res, or UNKNOWN.
 * memo (may be NULL): zeroed before the first search of a position and
 * side, then handed to every later one of the same. */
enum deadpos_verdict dp_search_helpmate(const struct position *pos, int side, unsigned long budget,
                                        struct deadpos_result *res, struct dp_helpmate_memo *memo);

/*** The searches (deadpos_search.c, deadpos_targeted.c, deadpos_mate1.c) ***/

/* One search: the side that should mate, the node budget, the result (its
 * node count and, on success, the line), the current line. */
struct dp_slot;
struct dp_search {
    int winner;
    unsigned long budget;
    struct deadpos_result *res;
    struct dp_slot *table; /* dp_search_exhaust()'s positions proven, or NULL */
    int len;
    move path[DEADPOS_LINE_MAX];
    uint64_t keys[DEADPOS_LINE_MAX]; /* of the positions after path[i] */
    bool out_of_nodes;
};

/* Count a node; false (and out_of_nodes set) once the budget is spent. */
static inline bool dp_count_node(struct dp_search *s)
{
    if (s->res->nodes >= s->budget) {
        s->out_of_nodes = true;
        return false;
    }
    s->res->nodes++;
    return true;
}

/* The current line mates: copy it to the result. */
static inline void dp_found_mate(struct dp_search *s)
{
    s->res->line_len = s->len;
    memcpy(s->res->line, s->path, (size_t)s->len * sizeof s->path[0]);
}

/* A capture or a promotion: what dp_material_cannot() looks at (the piece
 * types of each side, the colours of the bishops' squares) may change. */
static inline bool dp_changes_material(const struct position *pos, move m)
{
    if (MOVE_IS_PROMO(m) || MOVE_KIND(m) == MOVE_EN_PASSANT) return true;
    return MOVE_KIND(m) != MOVE_CASTLE && pos->board[MOVE_TO(m)] != PIECE_NONE;
}

/* King and knight moves between any two squares ([target][sq]), and for
 * each target the squares at most r such moves from it ([target][r]; every
 * square is within 7 king or 6 knight moves): deadpos_targeted.c fills them
 * once, process-wide, in dp_distance_tables_init(), which the helpmate
 * search calls first. */
extern uint8_t dp_king_table[SQ_NB][SQ_NB], dp_knight_table[SQ_NB][SQ_NB];
extern bitboard dp_king_within[SQ_NB][8], dp_knight_within[SQ_NB][8];
void dp_distance_tables_init(void);

static inline int dp_abs_int(int x)
{
    return x < 0 ? -x : x;
}

/* King moves between two squares (dp_distance_tables_init() first). */
static inline int dp_sq_distance(int a, int b)
{
    return dp_king_table[a][b];
}

/* The king of `color` (pos_king_square() without its test for a missing
 * king: the searches see legal positions only). */
static inline int dp_king_sq(const struct position *pos, int color)
{
    return bb_lsb(pos_pieces(pos, color, KING));
}

/* The squares from which a move of the side to move may be illegal: all
 * when in check; else its king's, and the lines through the king that hold
 * a slider of the other side able to pin along them.  A normal move or a
 * promotion from any other square is legal (FIDE 3.9: only a pinned piece's
 * move can expose the king), as movegen_pseudo_is_legal() would say. */
static inline bitboard dp_legal_risky(const struct position *pos)
{
    if (pos->checkers) return ~(bitboard)0;
    int us = pos->side, ksq = dp_king_sq(pos, us);
    bitboard theirs = pos->by_color[us ^ 1], risky = SQ_BB(ksq);
    bitboard queens = pos->by_type[QUEEN];
    if ((pos->by_type[BISHOP] | queens) & theirs & attacks_bishop_rays[ksq])
        risky |= attacks_bishop_rays[ksq];
    if ((pos->by_type[ROOK] | queens) & theirs & attacks_rook_rays[ksq])
        risky |= attacks_rook_rays[ksq];
    return risky;
}

/* movegen_pseudo_is_legal() of the pseudo-legal move m, `risky` from
 * dp_legal_risky(pos): the call only for castling, en passant and moves
 * from a risky square. */
static inline bool dp_legal(const struct position *pos, bitboard risky, move m)
{
    int kind = MOVE_KIND(m);
    if (!(risky & SQ_BB(MOVE_FROM(m))) && kind != MOVE_CASTLE && kind != MOVE_EN_PASSANT) {
        assert(movegen_pseudo_is_legal(pos, m));
        return true;
    }
    return movegen_pseudo_is_legal(pos, m);
}

/* What a move of the side to move (the winner) does to the other king on
 * ksq, told from bitboards without playing it (dp_quick_check_outcome()). */
enum {
    DP_QM_FULL,     /* castling or en passant: play it to know */
    DP_QM_NO_CHECK, /* no check */
    DP_QM_ESCAPE,   /* check, and the king has a square no piece attacks: no mate */
    DP_QM_MAYBE     /* check, every square around the king is attacked or its own */
};

/* DP_QM_* of the legal move m of the side to move, the other king on ksq;
 * exact (see deadpos_mate1.c). */
int dp_quick_check_outcome(const struct position *pos, move m, int ksq);

/* Whether the legal move m of the side to move, for which
 * dp_quick_check_outcome() (the other king on ksq) said q = DP_QM_MAYBE
 * or DP_QM_FULL, gives check and mates: DP_SETTLE_*.  A check with no free
 * flight square is told from the bitboards (can another unit take the
 * checker or step between?); castling, en passant and a pawn's double step
 * (which may allow an en passant answer) are played.  Exact; debug builds
 * assert it against playing the move. */
enum { DP_SETTLE_NO_CHECK, DP_SETTLE_NO_MATE, DP_SETTLE_MATE };
int dp_check_settle(const struct position *pos, move m, int ksq, int q);

/* The checks the side to move may give the other king, on ksq: from[type],
 * the squares from which a unit of that type checks it (none for the king),
 * with the board as it is; disc, the units of the side to move that stand
 * alone between one of its sliders and that king (moving them may uncover a
 * check).  A normal move (not castling, en passant or a promotion) of a
 * unit of `type` checks from its new square b exactly when b is in
 * from[type]: the square it leaves cannot lie between b and the king (the
 * unit would then check the king already, along the same line).  Any other
 * check it gives is uncovered, from a square of disc.  Filled by
 * dp_checks_init() (deadpos_mate1.c). */
struct dp_checks {
    int ksq;
    bitboard from[PIECE_TYPE_NB];
    bitboard disc;
};
void dp_checks_init(struct dp_checks *c, const struct position *pos);

/* The normal move m of the side to move gives check: from its new square
 * (see struct dp_checks), or, from a square of disc, as
 * dp_quick_check_outcome() tells.  Exact. */
static inline bool dp_normal_move_checks(const struct dp_checks *c, const struct position *pos,
                                         move m)
{
    if ((c->from[PIECE_TYPE(pos->board[MOVE_FROM(m)])] >> MOVE_TO(m)) & 1) return true;
    return ((c->disc >> MOVE_FROM(m)) & 1) &&
           dp_quick_check_outcome(pos, m, c->ksq) != DP_QM_NO_CHECK;
}

/* The legal move m of the side to move does not mate: a normal move that
 * goes to no square of to[] (dp_may_mate_in_one()'s masks) or gives no
 * check.  False means "maybe" (castling, en passant, a promotion, a check). */
static inline bool dp_cannot_mate(const struct dp_checks *c, const bitboard to[PIECE_TYPE_NB],
                                  const struct position *pos, move m)
{
    if (MOVE_KIND(m) != MOVE_NORMAL) return false;
    int type = PIECE_TYPE(pos->board[MOVE_FROM(m)]);
    return !((to[type] >> MOVE_TO(m)) & 1) ||
           (!((c->disc >> MOVE_FROM(m)) & 1) && !((c->from[type] >> MOVE_TO(m)) & 1));
}

/* A move of list[0..n) (the winner's legal moves, the winner to move) that
 * mates at once, or MOVE_NONE; `to`: dp_may_mate_in_one()'s masks.  Only
 * moves that may give check are looked at, and only the checks played
 * (those that leave the king no visibly free square) count as nodes of s
 * (MOVE_NONE when out of nodes). */
move dp_mate_in_one(struct dp_search *s, const struct position *pos, const move *list, int n,
                    const bitboard to[PIECE_TYPE_NB]);

/* dp_mate_in_one() without the full move list: only the moves that may give
 * check are generated (castling and en passant left out: a heuristic). */
move dp_mate_in_one_quick(struct dp_search *s, const struct position *pos,
                          const bitboard to[PIECE_TYPE_NB]);

#ifndef NDEBUG
/* What the debug builds assert against playing the moves: no legal move of
 * the side to move mates (dp_may_mate_in_one() false); the same after m;
 * the legal move m mates; dp_quick_check_outcome()'s answer q for m is
 * right. */
bool dp_no_mate_in_one(const struct position *pos);
bool dp_leaf_has_no_mate(const struct position *pos, move m);
bool dp_move_mates(const struct position *pos, move m);
bool dp_qm_agrees(const struct position *pos, move m, int q);

#endif

/* A mating picture (see deadpos_targeted.c). */
struct hm_picture;

/* The targeted search (deadpos_targeted.c) until s->res->nodes reaches
 * `budget`, with the picture it chooses, or with `pic` when given (then the
 * loser's other pieces move to the blocker's square as well); s->budget is
 * as it was afterwards. */
bool dp_helpmate_targeted(struct dp_search *s, const struct position *pos, unsigned long budget,
                          const struct hm_picture *pic);

/* The targeted search with each picture of a lone minor piece's mate in
 * turn, within s->budget. */
bool dp_helpmate_pictures(struct dp_search *s, const struct position *pos);

/* The targeted search with each picture of every corner in turn (two per
 * corner), s->budget shared equally (deadpos_targeted.c). */
bool dp_helpmate_corners(struct dp_search *s, const struct position *pos);

/* The route search (deadpos_route.c): best first over positions, each
 * once, toward a promotion and a boxed-in king, until s->res->nodes reaches
 * `budget`; the line in s->path (and the result) when it mates.  s->budget
 * is as it was afterwards.  resume: go on with the search the thread's last
 * call left off, when it was from pos for the same winner (else a new
 * one): the positions it holds stay in the thread's block, so only the
 * other searches may run on the thread in between. */
bool dp_helpmate_route(struct dp_search *s, const struct position *pos, unsigned long budget,
                       bool resume);

/* The pawns stand in a wall (a white pawn blocked head-on by a black one):
 * where dp_search_helpmate() gives the route search its DP_ROUTE_NODES. */
bool dp_route_walled(const struct position *pos);
#define DP_ROUTE_NODES 8000u
/* What the limited-discrepancy search keeps of the route search's nodes
 * after the targeted search (its first probes find many of its lines). */
#define DP_ROUTE_LDS_MIN 2000u
/* The route search's first nodes, before the targeted search: most of its
 * lines come within them. */
#define DP_ROUTE_EARLY 5000u

#endif
