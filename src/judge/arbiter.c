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
 *
 * What runs at every ply, arb_observe(), is inline in arbiter.h; this file
 * holds what it calls only now and then.
 */
#include "judge/arbiter.h"

#include "deadpos/deadpos.h"
#include "chess/movegen.h"

#include <string.h>

/* The scan behind the window's count (arb_observe()), out of line: the
 * usual answer needs none.  It applies pos_same_identity()'s FIDE 9.2.2
 * identity (side to move by parity, castling rights, capturable en passant
 * square, board) to the window's compact records. */
__attribute__((noinline)) unsigned arb_window_scan(const struct arbiter *a,
                                                   const struct position *pos, move m,
                                                   uint64_t key)
{
    int ep = pos->ep_capturable ? pos->ep_square : SQ_NONE;
    unsigned count = 0;
    uint8_t board[SQ_NB];
    int at = -1; /* board[] holds entry `at`; -1: not built yet */
    for (int i = (int)a->nwindow - 2; i >= 0; i -= 2) {
        if (a->keys[i] != key || a->rights[i] != pos->castle_rooks ||
            (i == 0 ? a->ep0 : SQ_NONE) != ep)
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

/* The window is full only past the 75-move rule: drop the oldest pair. */
__attribute__((noinline)) void arb_window_drop(struct arbiter *a)
{
    memmove(&a->keys[0], &a->keys[2], (ARB_WINDOW - 2) * sizeof a->keys[0]);
    memmove(&a->rights[0], &a->rights[2], (ARB_WINDOW - 2) * sizeof a->rights[0]);
    a->ep0 = SQ_NONE; /* the new first entry was reached by a piece move */
    memmove(&a->moves[0], &a->moves[2], (ARB_WINDOW - 2) * sizeof a->moves[0]);
    a->nwindow -= 2;
}

/* Which ending the observed position is, in FIDE's order of precedence
 * (arb_observe() asks only when one is possible). */
__attribute__((noinline)) enum ending_kind arb_decide(struct arbiter *a,
                                                      const struct position *pos, uint32_t ply)
{
    enum ending_kind e = ENDING_NONE;
    if (a->in_check && !a->moves_known) {
        /* mate or not (arb_record() leaves it to us) */
        a->moves_known = true;
        a->has_moves = movegen_any_legal(pos);
    }
    if (a->ending != ENDING_NONE)
        return ENDING_NONE; /* the first ending counts (arb_record() leaves it to us) */
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

bool arb_pending(const struct arbiter *a)
{
    return a->ending == ENDING_NONE && !a->moves_known;
}

enum ending_kind arb_settle(struct arbiter *a, const struct position *pos, uint32_t ply,
                            bool move_found)
{
    if (!arb_pending(a))
        return ENDING_NONE;
    a->moves_known = true;
    a->has_moves = move_found || movegen_any_legal(pos);
    if (a->has_moves)
        return ENDING_NONE;
    a->ending = ENDING_STALEMATE;
    a->ending_ply = ply;
    return ENDING_STALEMATE;
}

enum ending_kind arb_start(struct arbiter *a, const struct position *pos)
{
    a->ending = ENDING_NONE;
    a->ending_ply = 0;
    a->nwindow = 0;
    a->line_hash = 0;
    return arb_observe(a, pos, MOVE_NONE, 0);
}

unsigned arb_reps_after(const struct arbiter *a, const struct position *pos, move m)
{
    struct position next = *pos;
    pos_make(&next, m);
    /* The window ends with pos itself, so entries two back have next's side to move. */
    if (next.halfmove == 0 || a->nwindow == 0)
        return 1; /* a capture or pawn move: nothing before can recur */
    return arb_reps_in_window(a, &next, m, pos_key(&next));
}
