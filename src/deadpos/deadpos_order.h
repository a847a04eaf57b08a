/*
 * deadpos_order.h - the targeted helpmate search's move order, shared by
 * deadpos_targeted.c (the search) and deadpos_order.c (the order): the
 * targets of a search, the classes of moves, and the staged generation of
 * a node's first moves.  Internal to those two files.
 */
#ifndef PGNARB_DEADPOS_ORDER_H
#define PGNARB_DEADPOS_ORDER_H

#include "deadpos/deadpos_internal.h"

enum { T_LOSER_KING, T_LOSER_PIECE, T_WINNER_KING, T_WINNER_PIECE, T_NB };
enum { WITHIN_KING, WITHIN_KNIGHT };

struct hm_slot;

/* One targeted search: the mating picture's squares and the distances to
 * them (deadpos_targeted.c fills it). */
struct hm_search {
    struct dp_search *s;
    /* The table of positions searched (the thread's block, from
     * dp_thread_block(); NULL when out of memory: nothing is cut) and this
     * search's stamp in it; read at nearly every node. */
    struct hm_slot *table;
    uint32_t stamp;
    int target[T_NB];
    bool need_loser_promotion; /* the winner's material mates only with a new loser piece */
    bool blockers_move;        /* the loser's bishops, rooks and queens head for the
                                  blocker's square too, and its pieces move freely
                                  when it must promote (a promoted piece is the blocker) */
    /* [0] winner, [1] loser: for each piece type, the moves from a square to
     * its target (king: its own; knight and, for the loser's blocker when
     * blockers_move, the sliders: the piece target); 255 where a move of
     * that type never counts as coming closer.  See hm_distances(). */
    uint8_t dist[2][PIECE_TYPE_NB][SQ_NB];
    /* within[role][type][r] (type KING or KNIGHT): the squares at most r
     * moves of that piece from its target (dist[role][type] <= r). */
    const bitboard *within[2][2];
};

/* The classes of moves: a move that makes progress costs nothing, an
 * ordinary one DP_COST_NORMAL, one that spoils the picture DP_COST_PUNISH. */
enum { V_REWARD, V_NORMAL, V_PUNISH };

/* Order within a class (smaller first); the class alone sets the cost. */
enum { O_FIRST, O_SECOND, O_THIRD, O_LAST, O_NB };

/*
 * Staged generation: the first moves of a node, in the order in which the
 * full path (movegen_legal(), classify(), the counting sort) would try them,
 * a few kinds at a time, since most lines that mate go on with one of the
 * first moves.  The order is by class, then by the generator's (the king,
 * the knights, the bishops and queens along diagonals, the rooks and queens
 * along lines, the pawns: pushes, captures, promotions, the pinned ones
 * last, en passant, castling).  Each stage writes its moves (all of their
 * kind, legal, in that order) and their class (V_*), and returns their
 * number, or -1 when it cannot tell its part of the order: the full path
 * then goes on after the moves the stages gave.
 */
struct stages {
    int next;    /* the stage to come */
    int classes; /* the stages gave every move of the first `classes` classes */
};

/* The class and order of each of the n moves of list (see deadpos_order.c). */
void dp_classify(const struct hm_search *h, const struct position *pos, const move *list, int n,
                 bool winner_moves, uint8_t *cls, int *count);

/* The next stage of the loser's / winner's first moves (see
 * deadpos_order.c), of the first nv classes only (those the node
 * searches): their number, or -1 when the full path must go on. */
int dp_loser_stage(const struct hm_search *h, const struct position *pos, struct stages *st, int nv,
                   move *list, int *v);
int dp_winner_stage(const struct hm_search *h, const struct position *pos, struct stages *st,
                    int nv, move *list, int *v);

#endif
