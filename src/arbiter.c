/*
 * arbiter.c - endings along the main line, FIDE Laws 2023:
 *  5.1.1 checkmate ends the game; 5.2.1 stalemate ends it drawn; 5.2.2 a dead
 *  position ends it drawn; 9.6.1 the same position for the fifth time (9.2.2
 *  identity: same player to move, same pieces on the same squares, same
 *  castling rights, en passant only when a capture is legal) ends it drawn;
 *  9.6.2 75 moves by each player without pawn move or capture end it drawn
 *  unless the last move gave checkmate (mate is tested first, so it wins).
 *
 * Stalemate is settled lazily: out of check, "has the side to move a legal
 * move?" is answered by the next main-line move when it is legal (nearly
 * always), and only computed when that move fails, when there is none
 * (arb_settle()), or when another ending at the same ply needs the answer.
 *
 * Repetition: positions since the last pawn move or capture are kept as keys
 * (with rights, en passant and the move that led there); only those with the
 * same player to move are compared, by key, confirmed by a full identity
 * comparison.  The scan is bounded by the halfmove clock.
 */
#include "arbiter.h"

#include "deadpos.h"
#include "movegen.h"

#include <string.h>

/* The scan behind window_count(), out of line: the usual answer needs none.
 * It applies pos_same_identity()'s FIDE 9.2.2 identity (side to move by
 * parity, castling rights, capturable en passant square, board) to the
 * window's compact records. */
static __attribute__((noinline)) unsigned window_scan(const struct arbiter *a,
                                                      const struct position *pos, move m,
                                                      uint64_t key)
{
    int ep = pos->ep_capturable ? pos->ep_square : SQ_NONE;
    unsigned count = 0;
    uint8_t board[SQ_NB];
    int at = -1; /* board[] holds entry `at`; -1: not built yet */
    for (int i = (int)a->nwindow - 2; i >= 0; i -= 2) {
        if (a->keys[i] != key || a->rights[i] != pos->castle_rooks || a->ep[i] != ep)
            continue;
        if (at < 0) {
            memcpy(board, pos->board, sizeof board);
            pos_board_unmake_reversible(board, m);
            at = (int)a->nwindow - 1;
        }
        for (; at > i; at--)
            pos_board_unmake_reversible(board, a->moves[at]);
        count += memcmp(board, pos->board, sizeof board) == 0;
    }
    return count;
}

/* Occurrences of pos, reached from the window's last entry by m, among the
 * window (same side to move: every other entry from the end).  Keys select
 * the candidates; each is confirmed by the full FIDE 9.2.2 identity on the
 * board rebuilt by taking the moves back. */
static inline unsigned window_count(const struct arbiter *a, const struct position *pos, move m)
{
    if (pos->halfmove == 0 || a->nwindow == 0)
        return 0; /* a capture or pawn move: nothing before can recur */
    uint64_t key = pos_key(pos);
    if (!(a->seen[pos->side] & ((uint64_t)1 << (key >> 58))))
        return 0; /* the usual case: no entry has this key */
    return window_scan(a, pos, m, key);
}

static void window_push(struct arbiter *a, const struct position *pos, move m)
{
    if (pos->halfmove == 0 || a->nwindow == 0) {
        a->nwindow = 0;
        a->seen[COLOR_WHITE] = a->seen[COLOR_BLACK] = 0;
    }
    if (a->nwindow == ARB_WINDOW) { /* only past the 75-move rule: drop the oldest pair */
        memmove(&a->keys[0], &a->keys[2], (ARB_WINDOW - 2) * sizeof a->keys[0]);
        memmove(&a->rights[0], &a->rights[2], (ARB_WINDOW - 2) * sizeof a->rights[0]);
        memmove(&a->ep[0], &a->ep[2], (ARB_WINDOW - 2) * sizeof a->ep[0]);
        memmove(&a->moves[0], &a->moves[2], (ARB_WINDOW - 2) * sizeof a->moves[0]);
        a->nwindow -= 2;
    }
    uint32_t n = a->nwindow++;
    a->keys[n] = pos_key(pos);
    a->seen[pos->side] |= (uint64_t)1 << (a->keys[n] >> 58);
    a->rights[n] = pos->castle_rooks;
    a->ep[n] = pos->ep_capturable ? pos->ep_square : SQ_NONE;
    a->moves[n] = m;
}

/* Which ending the observed position is, in FIDE's order of precedence
 * (judge() below asks only when one is possible). */
static __attribute__((noinline)) enum ending_kind decide(struct arbiter *a,
                                                         const struct position *pos, uint32_t ply)
{
    enum ending_kind e = ENDING_NONE;
    if (a->in_check && !a->has_moves)
        e = ENDING_CHECKMATE;
    else if (!a->pawns_alive && deadpos_is_dead(pos))
        e = ENDING_DEAD_POSITION;
    else if (a->reps >= 5)
        e = ENDING_FIVEFOLD;
    else if (pos->halfmove >= 150)
        e = ENDING_75_MOVE;
    if (e != ENDING_NONE && !a->moves_known) {
        /* stalemate comes first (5.2.1) */
        a->moves_known = true;
        a->has_moves = movegen_any_legal(pos);
        if (!a->has_moves)
            e = ENDING_STALEMATE;
    }
    if (e != ENDING_NONE) {
        a->ending = e;
        a->ending_ply = ply;
    }
    return e;
}

static enum ending_kind judge(struct arbiter *a, const struct position *pos, move m, uint32_t ply)
{
    a->ply = ply;
    a->in_check = pos_in_check(pos);
    /* In check, whether a move exists decides mate now.  Out of check it only
     * decides stalemate, which a legal next move rules out for free: the
     * question waits for arb_settle() unless another ending is at stake. */
    a->moves_known = a->in_check;
    if (UNLIKELY(a->in_check)) a->has_moves = movegen_any_legal(pos);
    /* The window holds the positions before this one; count, then record. */
    a->reps = 1 + window_count(a, pos, m);
    window_push(a, pos, m);

    if (UNLIKELY(a->ending != ENDING_NONE)) return ENDING_NONE;
    /* Pawns and units change only with a capture, pawn move or promotion,
     * which resets the clock (ply 0 is the start). */
    if (pos->halfmove == 0 || ply == 0) a->pawns_alive = deadpos_alive_by_pawns(pos);
    if (LIKELY(!a->in_check && a->pawns_alive && a->reps < 5 && pos->halfmove < 150))
        return ENDING_NONE; /* the usual case: no ending is possible here */
    return decide(a, pos, ply);
}

bool arb_pending(const struct arbiter *a)
{
    return a->ending == ENDING_NONE && !a->moves_known;
}

enum ending_kind arb_settle(struct arbiter *a, const struct position *pos, bool move_found)
{
    if (!arb_pending(a))
        return ENDING_NONE;
    a->moves_known = true;
    a->has_moves = move_found || movegen_any_legal(pos);
    if (a->has_moves)
        return ENDING_NONE;
    a->ending = ENDING_STALEMATE;
    a->ending_ply = a->ply;
    return ENDING_STALEMATE;
}

enum ending_kind arb_start(struct arbiter *a, const struct position *pos)
{
    a->ending = ENDING_NONE;
    a->ending_ply = 0;
    a->nwindow = 0;
    return judge(a, pos, MOVE_NONE, 0);
}

enum ending_kind arb_observe(struct arbiter *a, const struct position *pos, move m,
                             uint32_t ply)
{
    return judge(a, pos, m, ply);
}

unsigned arb_reps_after(const struct arbiter *a, const struct position *pos, move m)
{
    struct position next = *pos;
    pos_make(&next, m);
    /* The window ends with pos itself, so entries two back have next's side to move. */
    return 1 + window_count(a, &next, m);
}
