/*
 * arbiter.h - how a game ends along its main line (SPEC "How an ending is
 * judged"): checkmate, stalemate, dead position, fivefold repetition (9.6.1)
 * and the 75-move rule (9.6.2), in that order of precedence at one ply, the
 * first ending of the game winning.  Also the repetition counts and clocks
 * that draw claims (9.2, 9.3) are checked against.
 *
 * Ownership: struct arbiter is caller-owned (embedded in the game state);
 * arb_start() resets it.  No allocation.
 */
#ifndef PGNARB_ARBITER_H
#define PGNARB_ARBITER_H

#include "deadpos/deadpos.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "judge/game_record.h"

#include <stdbool.h>
#include <stdint.h>

/* Positions since the last irreversible move kept for repetition counting.
 * The 75-move rule ends the game after 150 reversible plies, so 152 suffice. */
#define ARB_WINDOW 152

struct arbiter {
    enum ending_kind ending; /* first ending reached, ENDING_NONE so far */
    uint32_t ending_ply;
    unsigned reps;     /* occurrences of the current position, itself included */
    bool in_check;     /* the side to move of the current position is in check */
    bool has_moves;    /* ... and has a legal move (valid when moves_known) */
    bool moves_known;  /* false: not settled yet (in check, by arb_decide();
                          out of check, stalemate by arb_settle()) */
    bool pawns_alive;  /* deadpos_alive_by_pawns() of the structure since the last
                          capture or pawn move: no dead-position test needed */
    /* The window: positions since the last capture or pawn move, oldest
     * first, each kept as its key, its castling rights and the move that led
     * to it; the board of an earlier entry is rebuilt by taking moves back
     * from the current one (all of them are piece moves or castling), only
     * when keys match.  Those moves leave no en passant square, so only the
     * first entry can have one (ep0). */
    uint32_t nwindow;
    uint64_t seen[COLOR_NB];    /* per side to move, bit key >> 58 of each entry: a
                                   key whose bit is clear occurs nowhere */
    uint8_t ep0;                /* the first entry's capturable en passant square or SQ_NONE */
    uint64_t keys[ARB_WINDOW];
    bitboard rights[ARB_WINDOW];
    move moves[ARB_WINDOW];     /* moves[i] led from entry i - 1 to entry i */
    /* Every position observed since the start, folded into one hash (the
     * game's fingerprint, game_record.h): two multiplications a ply. */
    uint64_t line_hash;
};

/* One step of the line hash: a bijection of h for each key, so two lines
 * whose hashes agree almost surely saw the same keys in the same order. */
static inline uint64_t arb_line_hash_step(uint64_t h, uint64_t key)
{
    h = (h ^ key) * 0x9e3779b97f4a7c15ull;
    return h ^ (h >> 29);
}

/* Reset for a game starting at pos (ply 0); returns an ending already there. */
enum ending_kind arb_start(struct arbiter *a, const struct position *pos);

/* Observe the position after main-line ply `ply`, reached from the previous
 * one by m (MOVE_NULL for a pass); returns the ending this ply produced, or
 * ENDING_NONE (also once an ending was already reached).  Inline (below):
 * it runs after every main-line move, and a call would cost the replay loop
 * a frame and its registers (about 2% of check's instructions). */
static inline __attribute__((always_inline)) enum ending_kind
arb_observe(struct arbiter *a, const struct position *pos, move m, uint32_t ply);

/* arb_observe() in two steps, for a caller that keeps the rare one out of
 * its usual path: arb_record() observes the position and returns true when
 * an ending may be there (not knowing whether one was reached before),
 * always in check; then arb_decide() (ply as for arb_observe()) must say
 * which, if any (in check, it settles mate). */
static inline __attribute__((always_inline)) bool arb_record(struct arbiter *a,
                                                            const struct position *pos, move m);
enum ending_kind arb_decide(struct arbiter *a, const struct position *pos, uint32_t ply);

/* Out of check, arb_observe() leaves open whether the position is a
 * stalemate (arb_pending()); the caller settles it before it relies on the
 * ending, with move_found true when it knows a legal move from pos, the
 * position last observed (its next main-line move resolved), false to have it
 * computed; ply is that position's, as given to arb_observe() (the arbiter
 * does not store it: one store less per ply).  Returns ENDING_STALEMATE when
 * that is what the position was. */
bool arb_pending(const struct arbiter *a);
enum ending_kind arb_settle(struct arbiter *a, const struct position *pos, uint32_t ply,
                            bool move_found);

/* How often the position reached by playing m from pos (the current one)
 * would have occurred, that occurrence included. */
unsigned arb_reps_after(const struct arbiter *a, const struct position *pos, move m);

/* ---- arb_observe(), inline; the rest of it is in arbiter.c ---- */

/* The window's scan for earlier occurrences of pos (key `key`, reached by m
 * from the window's last entry), the window's oldest pair dropped when it is
 * full, the ending of a ply where one is possible (arbiter.c). */
unsigned arb_window_scan(const struct arbiter *a, const struct position *pos, move m,
                         uint64_t key);
void arb_window_drop(struct arbiter *a);

/* Occurrences of pos (key `key`, reached by m from the window's last entry,
 * neither a capture nor a pawn move) among the window's entries, pos itself
 * included: usually no entry has its key bit, and there is no scan. */
static inline __attribute__((always_inline)) unsigned
arb_reps_in_window(const struct arbiter *a, const struct position *pos, move m, uint64_t key)
{
    return a->seen[pos->side] & ((uint64_t)1 << (key >> 58)) ? 1 + arb_window_scan(a, pos, m, key)
                                                            : 1;
}

static inline __attribute__((always_inline)) bool arb_record(struct arbiter *a,
                                                            const struct position *pos, move m)
{
    a->in_check = pos_in_check(pos);
    /* In check, whether a move exists decides mate now: arb_decide(), which
     * a position in check always gets, asks it.  Out of check it only
     * decides stalemate, which a legal next move rules out for free: the
     * question waits for arb_settle() unless another ending is at stake. */
    a->moves_known = false;

    /* The window holds the positions before this one: count its
     * occurrences among them (same side to move: every other entry from the
     * end; keys select the candidates, each confirmed by the full FIDE 9.2.2
     * identity on the board rebuilt by taking the moves back), then record
     * it. */
    uint64_t key = pos_key(pos);
    uint64_t bit = (uint64_t)1 << (key >> 58);
    a->line_hash = arb_line_hash_step(a->line_hash, key);
    if (pos->halfmove == 0 || a->nwindow == 0) {
        /* A capture or pawn move (or the start): nothing before can recur,
         * the window starts again.  Pawns and units change only here. */
        a->reps = 1;
        a->seen[pos->side] = bit;
        a->seen[pos->side ^ 1] = 0;
        a->nwindow = 1;
        a->ep0 = pos->ep_capturable ? pos->ep_square : SQ_NONE;
        a->pawns_alive = deadpos_alive_by_pawns(pos);
        /* the entry, stored in each branch: an index 0 common to both
         * would be kept on the stack */
        a->keys[0] = key;
        a->rights[0] = pos->castle_rooks;
        a->moves[0] = m;
    } else {
        a->reps = arb_reps_in_window(a, pos, m, key);
        if (UNLIKELY(a->nwindow == ARB_WINDOW)) arb_window_drop(a); /* only past the 75-move rule */
        a->seen[pos->side] |= bit;
        uint32_t n = a->nwindow++;
        a->keys[n] = key;
        a->rights[n] = pos->castle_rooks;
        a->moves[n] = m;
    }

    /* The usual case: no ending is possible here.  (Once an ending was
     * reached, arb_decide() says there is none.) */
    return UNLIKELY(a->in_check || !a->pawns_alive || a->reps >= 5 || pos->halfmove >= 150);
}

static inline __attribute__((always_inline)) enum ending_kind
arb_observe(struct arbiter *a, const struct position *pos, move m, uint32_t ply)
{
    return arb_record(a, pos, m) ? arb_decide(a, pos, ply) : ENDING_NONE;
}

#endif
