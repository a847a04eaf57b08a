/*
 * deadpos_targeted.c - the targeted helpmate search, the main one behind
 * dp_search_helpmate() (deadpos_search.c): one line in which the "winner"
 * mates, the "loser" cooperating; it proves only CAN_WIN (with the line),
 * failing means nothing (FIDE 5.2.2, 6.9: a side that can mate by some
 * series of legal moves can still win).
 *
 * Iterative deepening over a "cost" instead of plies: a move that makes
 * progress toward a mating picture costs nothing, an ordinary move one, a
 * move that spoils the picture DP_COST_PUNISH.  The picture (after
 * Ambrona's CHA): the loser's king in a corner (of the colour of the
 * winner's bishops when it has any), a loser's piece next to it on the edge
 * as a blocker, the winner's king two squares away along the edge, the
 * winner's other pieces heading for the corner.  Progress is judged from the
 * move alone (king and knight distances to those squares, pawn pushes,
 * promotions, captures by the winner), so a node costs one move generation.
 * A table of positions already searched with at least the remaining cost
 * cuts transpositions and repetitions (for a quiet move, looked up from the
 * key the move gives before it is played: it cuts about half the nodes on
 * the hard set).
 *
 * For a lone knight or bishop, whose mates need the loser's own units as
 * blockers, every corner's picture is tried in turn (dp_helpmate_pictures()),
 * with the loser's pieces (a promoted one too) walking to the blocker's
 * square.  Behind pawn walls the mate comes in whichever corner the walls
 * leave the kings room, seldom the nearest: dp_helpmate_corners() tries the
 * pictures of all four corners alike.
 *
 * The budget counts the positions visited: a loser's move skipped on a
 * no-mate proof is not played, and not counted.
 *
 * Invariants: the staged generation (struct stages) gives the first moves of
 * a node in exactly the order of the full path (movegen_legal(), classify(),
 * the counting sort), so both search the same tree (debug builds assert it);
 * a loser's move is skipped, or a winner's node answered "no mate", only on
 * dp_may_mate_in_one()'s or dp_may_mate_after()'s proof (asserted against
 * playing the moves).  Move lists live on the stack (depth is bounded by
 * DEADPOS_LINE_MAX); the table is per thread, allocated on the thread's
 * first search (dp_thread_block()); the distance tables are filled once,
 * process-wide.
 */
#include "deadpos/deadpos_internal.h"
#include "deadpos/deadpos_order.h"

#include "chess/attacks.h"
#include "chess/bitboard.h"
#include "chess/movegen.h"
#include "chess/position.h"

#include <assert.h>
#include <stdatomic.h>
#include <string.h>

#define DP_COST_NORMAL 1
#define DP_COST_PUNISH 3
/* Largest cost bound tried (plies of free progress come on top). */
#define DP_HM_DEPTH_MAX 40
/* Slots of the helpmate search's table (a power of two). */
#define DP_HM_TABLE_SIZE 32768
/* For a lone minor piece: nodes per picture (see dp_helpmate_pictures()). */
#define DP_PIC_NODES 3000u

/* Knight moves from every square to `target` into dist[], and the squares
 * at most r of them away into within[r] (breadth first, a ring of squares
 * at a time: every square is within 6 moves). */
static void knight_distances(int target, uint8_t dist[SQ_NB], bitboard within[8])
{
    bitboard reached = SQ_BB(target), ring = reached;
    dist[target] = 0;
    for (int r = 0; r < 8; r++) {
        within[r] = reached;
        bitboard next = 0;
        while (ring)
            next |= attacks_knight(bb_pop_lsb(&ring));
        ring = next & ~reached;
        reached |= ring;
        for (bitboard b = ring; b;)
            dist[bb_pop_lsb(&b)] = (uint8_t)(r + 1);
    }
}

/* Moves a bishop, rook or queen on sq needs to reach t on an empty board
 * (a bishop of the other colour never does: 9). */
static int slider_distance(int type, int sq, int t)
{
    if (sq == t) return 0;
    bool diag = (attacks_bishop_rays[t] >> sq) & 1, orth = (attacks_rook_rays[t] >> sq) & 1;
    if (type == ROOK) return orth ? 1 : 2;
    if (type == QUEEN) return diag || orth ? 1 : 2;
    if (((SQ_FILE(sq) + SQ_RANK(sq)) ^ (SQ_FILE(t) + SQ_RANK(t))) & 1) return 9;
    return diag ? 1 : 2;
}

/* King and knight moves between any two squares, and for each target the
 * squares at most r such moves from it ([target][r]; every square is within
 * 7 king or 6 knight moves): filled once, process-wide (the same way
 * attacks_init() fills its tables). */
uint8_t dp_king_table[SQ_NB][SQ_NB], dp_knight_table[SQ_NB][SQ_NB];
bitboard dp_king_within[SQ_NB][8], dp_knight_within[SQ_NB][8];

/* slider_distance() of a bishop, rook and queen from every square to each
 * target ([target][type - BISHOP][sq]), in the layout of struct hm_search's
 * dist[1][BISHOP..QUEEN], which hm_distances() copies it into at every
 * picture's search. */
static uint8_t slider_table[SQ_NB][QUEEN - BISHOP + 1][SQ_NB];
static_assert(ROOK == BISHOP + 1 && QUEEN == ROOK + 1, "slider_table's layout");

static void fill_distance_tables(void)
{
    for (int t = 0; t < SQ_NB; t++) {
        knight_distances(t, dp_knight_table[t], dp_knight_within[t]);
        /* The king: the squares r steps away are a ring round t. */
        bitboard ring[8] = {0};
        for (int sq = 0; sq < SQ_NB; sq++) {
            int df = dp_abs_int(SQ_FILE(t) - SQ_FILE(sq)),
                dr = dp_abs_int(SQ_RANK(t) - SQ_RANK(sq));
            int d = df > dr ? df : dr;
            dp_king_table[t][sq] = (uint8_t)d;
            ring[d] |= SQ_BB(sq);
        }
        for (int r = 0; r < 8; r++)
            dp_king_within[t][r] = (r ? dp_king_within[t][r - 1] : 0) | ring[r];
        for (int type = BISHOP; type <= QUEEN; type++)
            for (int sq = 0; sq < SQ_NB; sq++)
                slider_table[t][type - BISHOP][sq] = (uint8_t)slider_distance(type, sq, t);
    }
}

void dp_distance_tables_init(void)
{
    static atomic_int state;
    if (atomic_load_explicit(&state, memory_order_acquire) == 2) return;
    int expected = 0;
    if (atomic_compare_exchange_strong(&state, &expected, 1)) {
        fill_distance_tables();
        atomic_store_explicit(&state, 2, memory_order_release);
    } else {
        while (atomic_load_explicit(&state, memory_order_acquire) != 2) {
        }
    }
}

struct hm_slot {
    uint64_t key;
    uint32_t stamp;
    int32_t depth;
};

/* The stamp of the thread's last search (its table: h->table). */
static _Thread_local uint32_t hm_stamp;

/* Only same-coloured bishops (or one knight) for the winner, and nothing
 * for the loser to block with: the loser must promote a pawn to a minor
 * piece first. */
static bool needs_loser_promotion(const struct position *pos, int winner)
{
    bitboard own = pos->by_color[winner] & ~pos->by_type[KING];
    bitboard theirs = pos->by_color[winner ^ 1] & ~pos->by_type[KING];
    bitboard minors = pos->by_type[KNIGHT] | pos->by_type[BISHOP];
    if (own == (own & pos->by_type[KNIGHT]) && !bb_more_than_one(own))
        return !(theirs & (minors | pos->by_type[ROOK]));
    if (own == (own & pos->by_type[BISHOP])) {
        bitboard colour = (own & BB_DARK_SQUARES) ? BB_DARK_SQUARES : BB_LIGHT_SQUARES;
        if (own & ~colour) return false;
        return !(theirs & pos->by_type[KNIGHT]) && !(theirs & pos->by_type[BISHOP] & ~colour);
    }
    return false;
}

/* Corners the loser's king may be mated in: of the colour of the winner's
 * bishops when it has any (else opposite to the loser's bishops' colour,
 * which then cannot block there), as a bit set of corner squares. */
static bitboard mating_corners(const struct position *pos, int winner)
{
    int loser = winner ^ 1;
    bitboard wb = pos_pieces(pos, winner, BISHOP), lb = pos_pieces(pos, loser, BISHOP);
    bitboard colour = ~(bitboard)0; /* squares the corner must be on */
    if (wb & BB_DARK_SQUARES)
        colour = BB_DARK_SQUARES;
    else if (wb)
        colour = BB_LIGHT_SQUARES;
    else if (lb & BB_LIGHT_SQUARES)
        colour = BB_DARK_SQUARES;
    else if (lb)
        colour = BB_LIGHT_SQUARES;
    return colour & (SQ_BB(SQ_A1) | SQ_BB(SQ_H1) | SQ_BB(SQ_A8) | SQ_BB(SQ_H8));
}

/* A mating picture: the loser's king in a corner, a loser's unit beside it
 * on the edge as the blocker, the winner's king two squares from the corner
 * along the other edge (a8, b8, a6: the winner's king takes a7 and b7, the
 * minor piece checks).  The winner's other pieces head for the corner. */
struct hm_picture {
    int loser_king, blocker, winner_king;
};

/* The picture around `corner`, the blocker on the corner's rank (on its file
 * when `flip`). */
static void corner_picture(struct hm_picture *pic, int corner, bool flip)
{
    int f = SQ_FILE(corner), r = SQ_RANK(corner);
    int df = f == 0 ? 1 : -1, dr = r == 0 ? 1 : -1;
    pic->loser_king = corner;
    pic->blocker = flip ? SQ_MAKE(f, r + dr) : SQ_MAKE(f + df, r);
    pic->winner_king = flip ? SQ_MAKE(f + 2 * df, r) : SQ_MAKE(f, r + 2 * dr);
}

/* The nearest mating corner to the loser's king (ties: the loser's own back
 * rank, where its pieces are). */
static int nearest_corner(const struct position *pos, int winner)
{
    int loser = winner ^ 1;
    bitboard corners = mating_corners(pos, winner);
    int lk = dp_king_sq(pos, loser), best = -1, best_d = 99;
    while (corners) {
        int c = bb_pop_lsb(&corners);
        int d = 2 * dp_sq_distance(c, lk);
        if ((SQ_RANK(c) == 0) != (loser == COLOR_WHITE)) d++;
        if (d < best_d) {
            best_d = d;
            best = c;
        }
    }
    return best;
}

static void hm_targets(struct hm_search *h, const struct position *pos, int winner)
{
    struct hm_picture pic;
    corner_picture(&pic, nearest_corner(pos, winner), false);
    h->target[T_LOSER_KING] = h->target[T_WINNER_PIECE] = pic.loser_king;
    h->target[T_LOSER_PIECE] = pic.blocker;
    h->target[T_WINNER_KING] = pic.winner_king;
    h->need_loser_promotion = needs_loser_promotion(pos, winner);
}

/* Fill h->dist and h->within from h->target and h->blockers_move. */
static void hm_distances(struct hm_search *h)
{
    memset(h->dist, 0xff, sizeof h->dist);
    static const int king_target[2] = {T_WINNER_KING, T_LOSER_KING};
    static const int piece_target[2] = {T_WINNER_PIECE, T_LOSER_PIECE};
    for (int role = 0; role < 2; role++) {
        int kt = h->target[king_target[role]], pt = h->target[piece_target[role]];
        memcpy(h->dist[role][KING], dp_king_table[kt], SQ_NB);
        memcpy(h->dist[role][KNIGHT], dp_knight_table[pt], SQ_NB);
        h->within[role][WITHIN_KING] = dp_king_within[kt];
        h->within[role][WITHIN_KNIGHT] = dp_knight_within[pt];
    }
    if (h->blockers_move)
        memcpy(h->dist[1][BISHOP], slider_table[h->target[T_LOSER_PIECE]], sizeof slider_table[0]);
}

/* The position with key k was searched with at least `depth` left (else it
 * is noted as searched with `depth`). */
static DP_ALWAYS_INLINE bool hm_table_cut(const struct hm_search *h, uint64_t k, int depth)
{
    if (!h->table) return false;
    struct hm_slot *e = &h->table[k & (DP_HM_TABLE_SIZE - 1)];
    if (e->stamp == h->stamp && e->key == k && e->depth >= depth) return true;
    e->key = k;
    e->stamp = h->stamp;
    e->depth = depth;
    return false;
}

static const int move_cost[3] = {0, DP_COST_NORMAL, DP_COST_PUNISH};

/* The depth left after a move of class v (V_*) at a node with `depth`
 * left, `progress` saying the move that led there was rewarded: an
 * ordinary move right after a rewarded one costs nothing. */
static int depth_after(int depth, int v, bool progress)
{
    return depth - (v == V_NORMAL && progress ? 0 : move_cost[v]);
}

/* A node on a line of `len` plies: counted, and short enough that the
 * mating move still fits (false: cut, s->out_of_nodes telling which). */
static DP_ALWAYS_INLINE bool node_enters(struct dp_search *s, int len)
{
    return dp_count_node(s) && len < DEADPOS_LINE_MAX - 1;
}

static bool targeted(struct hm_search *h, const struct position *pos, int depth, bool progress,
                     bool material, const bitboard *mate_to);
static bool targeted_node(struct hm_search *h, const struct position *pos, int depth, bool progress,
                          const bitboard *mate_to);

/* dp_after_init() at a node, done when its first move with no depth left
 * after it comes (most nodes have none). */
struct after_once {
    struct dp_after b;
    bool ready;
};

/* What searching one move of a node found: go on with the next move, a
 * mate (the line is in s->res), or stop (out of nodes). */
enum { TRY_ON, TRY_FOUND, TRY_STOP };

/* Search the move m of class v (V_*) at a node of the targeted search,
 * `left` the depth after it (depth_after()).  Called from two places of
 * targeted(), once per move searched: inline, it saves a call and its frame
 * per move. */
static DP_ALWAYS_INLINE int try_move(struct hm_search *h, const struct position *pos, move m, int v,
                                     int left, struct after_once *after)
{
    struct dp_search *s = h->s;
    /* The loser's last move, after which the winner can only mate at
     * once: not played when that is proven impossible, and not counted
     * either (the budget counts the positions visited; this one is not). */
    bitboard to[PIECE_TYPE_NB];
    bool masks = false;
    if (left == 0) {
        if (!after->ready) {
            dp_after_init(&after->b, pos);
            after->ready = true;
        }
        bool maybe = dp_may_mate_after_from(&after->b, pos, m, to, &masks);
#ifndef NDEBUG
        bitboard to2[PIECE_TYPE_NB];
        bool masks2;
        assert(maybe == dp_may_mate_after(pos, m, to2, &masks2) && masks == masks2);
        assert(!maybe || !masks || memcmp(to, to2, sizeof to) == 0);
#endif
        if (!maybe) {
            assert(dp_leaf_has_no_mate(pos, m));
            return TRY_ON;
        }
    }
    /* A quiet plain move: targeted()'s first steps (no material change to
     * look at) before it is played, from the key it gives
     * (pos_key_after_plain()): the table cuts about half of the positions,
     * and the move then need not be played. */
    bool quiet = pos_move_is_plain(pos, m) && pos->board[MOVE_TO(m)] == PIECE_NONE;
    if (quiet &&
        (!node_enters(s, s->len + 1) || hm_table_cut(h, pos_key_after_plain(pos, m), left)))
        return s->out_of_nodes ? TRY_STOP : TRY_ON;
    struct position next = *pos;
    pos_do_move(&next, m);
    s->path[s->len++] = m;
    const bitboard *mate_to = masks ? to : NULL;
    bool ok = quiet ? targeted_node(h, &next, left, v == V_REWARD, mate_to)
                    : targeted(h, &next, left, v == V_REWARD, dp_changes_material(pos, m), mate_to);
    s->len--;
    return ok ? TRY_FOUND : s->out_of_nodes ? TRY_STOP : TRY_ON;
}

/* A node of the search: count it, then cut it on the line's length, a
 * material proof or the table, else search it (targeted_node()).
 * material: the move that led here captured or promoted (or this is the
 * root), so dp_material_cannot() may have changed.  mate_to: at a winner's
 * node with no depth left, dp_may_mate_in_one()'s masks when the loser's
 * move was told "maybe" from them (NULL: not known).  try_move() does the
 * same steps itself for a quiet plain move, before playing it. */
static bool targeted(struct hm_search *h, const struct position *pos, int depth, bool progress,
                     bool material, const bitboard *mate_to)
{
    struct dp_search *s = h->s;
    if (!node_enters(s, s->len)) return false;
    if (material && dp_material_cannot(pos, s->winner) != DEADPOS_WHY_NONE) return false;
    if (hm_table_cut(h, pos->key, depth)) return false;
    return targeted_node(h, pos, depth, progress, mate_to);
}

/* The node, counted and not cut (targeted()). */
static bool targeted_node(struct hm_search *h, const struct position *pos, int depth, bool progress,
                          const bitboard *mate_to)
{
    struct dp_search *s = h->s;
    if (depth <= 0 && pos->side == s->winner) {
        bitboard to[PIECE_TYPE_NB];
        if (mate_to) {
            assert(dp_may_mate_in_one(pos, to) && memcmp(to, mate_to, sizeof to) == 0);
            memcpy(to, mate_to, sizeof to);
        } else if (!dp_may_mate_in_one(pos, to)) {
            assert(dp_no_mate_in_one(pos));
            return false;
        }
        move m = dp_mate_in_one_quick(s, pos, to);
        if (m == MOVE_NONE) return false;
        s->path[s->len++] = m;
        dp_found_mate(s);
        return true;
    }
    bool winner_moves = pos->side == s->winner;
    /* The first moves come from the stages (see struct stages) when they
     * can tell them.  The winner then looks for its mate in one first,
     * without the full move list (not with a castling right or an en
     * passant capture, which dp_mate_in_one_quick() leaves out, and which
     * could also change the order). */
    bool staged = !winner_moves, mate_tried = false;
    if (winner_moves && !pos->ep_capturable && !(pos->castle_rooks & pos->by_color[pos->side])) {
        bitboard to[PIECE_TYPE_NB];
        bool maybe = dp_may_mate_in_one(pos, to);
        assert(maybe || dp_no_mate_in_one(pos));
        move m = maybe ? dp_mate_in_one_quick(s, pos, to) : MOVE_NONE;
        if (m != MOVE_NONE) {
            s->path[s->len++] = m;
            dp_found_mate(s);
            return true;
        }
        if (s->out_of_nodes || depth <= 0) return false;
        mate_tried = staged = true;
    }
    /* The classes whose moves leave enough depth: after a loser's move the
     * winner's node with no depth left still looks for its mate in one;
     * after a winner's move it must have depth for a loser's move and the
     * winner's mate.  The costs grow with the class, so these come first. */
    int need = winner_moves ? 1 : 0, nv = 0, left[3];
    while (nv < 3 && (left[nv] = depth_after(depth, nv, progress)) >= need)
        nv++;
    /* first: how many moves the stages tried (see struct stages);
     * all_tried: those were all the moves of the classes searched. */
    int first = 0;
    bool all_tried = false;
    struct after_once after;
    after.ready = false;
#ifndef NDEBUG
    move tried[MOVES_MAX];
#endif
    if (staged && nv > 0) {
        struct stages st = {0};
        move stage[MOVES_MAX];
        for (;;) {
            int v, k = winner_moves ? dp_winner_stage(h, pos, &st, nv, stage, &v)
                                    : dp_loser_stage(h, pos, &st, nv, stage, &v);
            if (k < 0) break;
            for (int i = 0; i < k; i++) {
                int r = try_move(h, pos, stage[i], v, left[v], &after);
                if (r != TRY_ON) return r == TRY_FOUND;
            }
#ifndef NDEBUG
            memcpy(tried + first, stage, (size_t)k * sizeof *stage);
#endif
            first += k;
        }
        /* No full list is needed when the stages gave every move of the
         * classes searched. */
        all_tried = st.classes >= nv;
#ifdef NDEBUG
        if (all_tried) return false;
#endif
    }
    move list[MOVES_MAX];
    int n = movegen_legal(pos, list);
    if (n == 0) {
        if (!pos->checkers || pos->side == s->winner) return false;
        dp_found_mate(s); /* the move that led here mates (not met: see below) */
        return true;
    }
    if (winner_moves && !mate_tried) {
        /* Every winner's node first looks for a mate in one, so a line
         * ending in a loser's node with no depth left is never needed. */
        bitboard to[PIECE_TYPE_NB];
        bool maybe = dp_may_mate_in_one(pos, to);
        assert(maybe || dp_no_mate_in_one(pos));
        move m = maybe ? dp_mate_in_one(s, pos, list, n, to) : MOVE_NONE;
        if (m != MOVE_NONE) {
            s->path[s->len++] = m;
            dp_found_mate(s);
            return true;
        }
        if (depth <= 0) return false;
    }
    if (nv == 0) return false;
    /* Stable counting sort of those by class and order: rewarded, normal,
     * punished. */
    move ordered[MOVES_MAX];
    uint8_t cls[MOVES_MAX], vof[MOVES_MAX];
    int count[3 * O_NB] = {0};
    dp_classify(h, pos, list, n, winner_moves, cls, count);
    int at[3 * O_NB], kept = 0;
    for (int c = 0; c < nv * O_NB; c++) {
        at[c] = kept;
        kept += count[c];
    }
    for (int i = 0; i < n; i++) {
        if (cls[i] >= nv * O_NB) continue;
        int j = at[cls[i]]++;
        ordered[j] = list[i];
        vof[j] = (uint8_t)(cls[i] / O_NB);
    }
    /* The stages tried the first moves of this order. */
    assert(first <= kept && memcmp(ordered, tried, (size_t)first * sizeof *tried) == 0);
    assert(!all_tried || first == kept);
    for (int i = first; i < kept; i++) {
        int r = try_move(h, pos, ordered[i], vof[i], left[vof[i]], &after);
        if (r != TRY_ON) return r == TRY_FOUND;
    }
    return false;
}

/* The targeted search, with the picture hm_targets() chooses, or with
 * `pic` when given (then the loser's other pieces move to the blocker's
 * square as well: see struct hm_search). */
bool dp_helpmate_targeted(struct dp_search *s, const struct position *pos, unsigned long budget,
                          const struct hm_picture *pic)
{
    struct hm_search h = {.s = s};
    hm_targets(&h, pos, s->winner);
    if (pic) {
        h.target[T_LOSER_KING] = h.target[T_WINNER_PIECE] = pic->loser_king;
        h.target[T_LOSER_PIECE] = pic->blocker;
        h.target[T_WINNER_KING] = pic->winner_king;
        h.blockers_move = true;
    }
    hm_distances(&h);
    unsigned long full = s->budget;
    s->budget = budget;
    bool ok = false;
    h.table = dp_thread_block(DP_MEM_HM_TABLE, DP_HM_TABLE_SIZE * sizeof *h.table);
    h.stamp = ++hm_stamp; /* entries of earlier iterations stay valid: less depth failed */
    for (int d = 0; d <= DP_HM_DEPTH_MAX && !ok; d++) {
        s->len = 0;
        ok = targeted(&h, pos, d, false, true, NULL);
        if (s->out_of_nodes) break;
    }
    s->budget = full;
    s->out_of_nodes = false;
    return ok;
}

/* The pictures of the corners of `corners` into pic[] (at most eight), the
 * nearest to the loser's king on lk first, the blocker on the corner's
 * rank, then on its file; their number. */
static int corner_pictures(bitboard corners, int lk, struct hm_picture *pic)
{
    int np = 0;
    while (corners) {
        int best = -1;
        for (bitboard c = corners; c;) {
            int sq = bb_pop_lsb(&c);
            if (best < 0 || dp_sq_distance(sq, lk) < dp_sq_distance(best, lk)) best = sq;
        }
        corners &= ~SQ_BB(best);
        corner_picture(&pic[np++], best, false);
        corner_picture(&pic[np++], best, true);
    }
    return np;
}

/* The pictures of a lone minor piece's mate (its mating corners), tried in
 * turn, DP_PIC_NODES nodes apiece within s->budget. */
bool dp_helpmate_pictures(struct dp_search *s, const struct position *pos)
{
    struct hm_picture pic[8];
    int np = corner_pictures(mating_corners(pos, s->winner), dp_king_sq(pos, s->winner ^ 1), pic);
    for (int i = 0; i < np; i++) {
        unsigned long b = s->res->nodes + DP_PIC_NODES;
        if (dp_helpmate_targeted(s, pos, b < s->budget ? b : s->budget, &pic[i])) return true;
        if (s->res->nodes >= s->budget) return false;
    }
    return false;
}

/* The pictures of all four corners in turn, s->budget shared equally (see
 * dp_search_helpmate(): behind pawn walls the mate comes in whichever corner
 * the walls leave open, seldom the nearest). */
bool dp_helpmate_corners(struct dp_search *s, const struct position *pos)
{
    struct hm_picture pic[8];
    bitboard corners = SQ_BB(SQ_A1) | SQ_BB(SQ_H1) | SQ_BB(SQ_A8) | SQ_BB(SQ_H8);
    int np = corner_pictures(corners, dp_king_sq(pos, s->winner ^ 1), pic);
    unsigned long full = s->budget;
    for (int i = 0; i < np && s->res->nodes < full; i++) {
        unsigned long b = s->res->nodes + (full - s->res->nodes) / (unsigned long)(np - i);
        if (dp_helpmate_targeted(s, pos, b, &pic[i])) return true;
    }
    return false;
}
