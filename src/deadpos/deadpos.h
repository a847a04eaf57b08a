/*
 * deadpos.h - can a side still checkmate, with the opponent's help (FIDE 5.2.2
 * dead position, 6.9 "cannot checkmate by any series of legal moves")?
 *
 * Every answer is a proof or an honest "don't know":
 *  - DEADPOS_CAN_WIN comes with a helpmate line (possibly empty when the
 *    position already is checkmate) that deadpos_analyse() returns;
 *  - DEADPOS_CANNOT_WIN comes with a reason: material (bare king, lone minor
 *    piece against a bare king, only bishops on one colour), a locked pawn
 *    structure that no piece of the side can ever get past to give check, the
 *    game being over (stalemate, checkmated), or a search showing that every
 *    line leads to one of those (a few plies deep, or through every
 *    reachable position);
 *  - DEADPOS_UNKNOWN when neither was reached within the node budget.
 * A position is never called dead (or unwinnable) when it is not.
 * A position here is its pieces, side to move, castling rights and en
 * passant: the clocks play no part (as in Ambrona's definition, the 75-move
 * rule and repetitions do not cut a line).
 *
 * Ownership: results go into caller-owned structs.  The searches keep
 * per-thread tables (thread-local storage), so the functions may be called
 * from several threads at once; deadpos_analyse()'s closure search keeps its
 * positions in per-thread memory, freed when the thread ends.  Positions must come
 * from pos_set_start() or fen_parse() with pos_ok() true.
 */
#ifndef PGNARB_DEADPOS_H
#define PGNARB_DEADPOS_H

#include "chess/chess.h"

#include <stdbool.h>

struct position;

enum deadpos_verdict {
    DEADPOS_CAN_WIN,    /* proven: a mating sequence exists (see the line) */
    DEADPOS_CANNOT_WIN, /* proven: no sequence of legal moves mates */
    DEADPOS_UNKNOWN     /* not decided within the node budget (treated as "can win") */
};

/* Why a side cannot win (the proof a DEADPOS_CANNOT_WIN verdict rests on). */
enum deadpos_why {
    DEADPOS_WHY_NONE,               /* not DEADPOS_CANNOT_WIN */
    DEADPOS_WHY_CHECKMATED,         /* the side is checkmated: the game is over */
    DEADPOS_WHY_STALEMATE,          /* stalemate: the game is over */
    DEADPOS_WHY_BARE_KING,          /* only a king left */
    DEADPOS_WHY_LONE_MINOR,         /* a lone knight or bishop against a bare king */
    DEADPOS_WHY_BISHOPS,            /* only bishops left, all on squares of one colour */
    DEADPOS_WHY_LOCKED,             /* locked pawns; no piece of the side can ever give check */
    DEADPOS_WHY_SEARCH,             /* every line was searched and ends in one of the above */
    DEADPOS_WHY_NO_BLOCKER,         /* a lone knight, or bishops of one colour, and no pawns: the
                                       opponent has no piece that could block its king without
                                       capturing or blocking the checking piece */
    DEADPOS_WHY_LOCKED_BLOCKERS,    /* locked pawns; only bishops of one colour can ever check,
                                       and the king always keeps a flight square of the other
                                       colour: its side has too few units to block them all */
    DEADPOS_WHY_LOCKED_PAWN_CHECKS, /* locked pawns; only pawns can ever check, and wherever
                                       they could, the king keeps more flight squares than its
                                       side has units that could ever fill them */
    DEADPOS_WHY_LOCKED_NO_NET,      /* locked pawns; at most two pieces can ever attack a square
                                       the king may reach, and wherever they could check it,
                                       they and their king leave it a flight square its own
                                       units cannot fill */
    DEADPOS_WHY_LOCKED_CAPTURE,     /* locked pawns; while no unit shut in for good is taken
                                       the wall proves it, and after any first such capture
                                       the wall that is left proves it too */
    DEADPOS_WHY_PAWN_FUTURES        /* a file has no locked pair but its pawns face each other:
                                       none can ever capture, be captured or promote, each
                                       walks up its file until it meets the one it faces, and
                                       over all those squares the wall proof holds */
};

/* Longest helpmate line reported, in plies. */
#define DEADPOS_LINE_MAX 96

/* Default node budget of deadpos_analyse() per side (positions visited):
 * 45,000 for the helpmate search, the rest for the closure search, in turns
 * (deadpos.c). */
#define DEADPOS_NODES_DEFAULT 65000u

struct deadpos_result {
    enum deadpos_verdict verdict;
    enum deadpos_why why;        /* DEADPOS_CANNOT_WIN: the proof */
    int line_len;                /* DEADPOS_CAN_WIN: plies in line[] (0: already mate) */
    move line[DEADPOS_LINE_MAX]; /* the helpmate, from the position given */
    unsigned long nodes;         /* positions visited */
};

/* Full analysis for `side` (COLOR_WHITE / COLOR_BLACK) within `budget`
 * positions visited (0: DEADPOS_NODES_DEFAULT). */
void deadpos_analyse(const struct position *pos, int side, unsigned long budget,
                     struct deadpos_result *res);

/* `check`'s verdict for `side`, the one `position` reaches: a quick test
 * (bit tests and a move count) settles the positions where no proof of
 * deadpos_analyse() can start (the side has material that proves nothing;
 * a pawn may run to promotion or pawns may take each other; no side is
 * forced: neither in check nor down to a few moves), answering
 * DEADPOS_UNKNOWN with res holding no proof; then a short helpmate search
 * (a mate found is a proof: DEADPOS_CAN_WIN with its line); everywhere else
 * the answer is deadpos_analyse(pos, side, DEADPOS_NODES_DEFAULT, res), as
 * `position` gives it.  So DEADPOS_CANNOT_WIN here exactly when `position`
 * says the side cannot win, as far as the quick test is right (held to it
 * over the corpus games by tests/deadcheck_diff.c: `make check-deadcheck`). */
enum deadpos_verdict deadpos_judge(const struct position *pos, int side,
                                   struct deadpos_result *res);

/* The cheap part of deadpos_analyse(), for `check` (called at the end of
 * every decisive game): the game-over, static and exhaustive-search proofs,
 * no helpmate search.  So CAN_WIN only when the position is already mate or
 * the short exhaustive search met a mate; otherwise CANNOT_WIN or UNKNOWN.
 * With many pieces its exhaustive search runs only on locked pawns, so it
 * may answer UNKNOWN where deadpos_analyse() proves CANNOT_WIN (a forced
 * line from a check); deadpos_side_cannot_win() and deadpos_reason() too. */
enum deadpos_verdict deadpos_side_can_win(const struct position *pos, int side);

/* deadpos_side_can_win() == DEADPOS_CANNOT_WIN. */
bool deadpos_side_cannot_win(const struct position *pos, int side);

/* The helpmate found for `side`, at most `max` plies into line[]; returns
 * its length, or -1 when none was found (see deadpos_analyse()). */
int deadpos_mate_line(const struct position *pos, int side, move *line, int max);

/* True only when it is proven that neither side can checkmate: past a
 * filter of bit tests (many units and a pawn file that is not walled, or a
 * castling right or en passant: alive), deadpos_judge() for both sides,
 * each position's answer kept in a per-thread cache.  deadpos_is_dead_full()
 * without the filter, for the positions `check` judges in full (the start
 * of a set-up game, the end of every game). */
bool deadpos_is_dead(const struct position *pos);
bool deadpos_is_dead_full(const struct position *pos);

/* deadpos_is_dead_full() where deadpos_judge(pos, winner) will be asked
 * when the position is not dead (winner: COLOR_WHITE, COLOR_BLACK, or -1
 * for none: deadpos_is_dead_full()): `check` at a decisive game's end.  The
 * winner's side is judged first, in full (its verdict is needed either
 * way), and what each side's judgement found is kept for the position
 * (per thread): deadpos_judge() after it costs no search. */
bool deadpos_is_dead_full_winner(const struct position *pos, int winner);

/* The part of deadpos_is_dead()'s filter that looks only at the pawns and
 * the number of units: true proves deadpos_is_dead() false, and stays true
 * while no capture, pawn move or promotion is played (the arbiter asks again
 * only after one). */
bool deadpos_alive_by_pawns(const struct position *pos);

/* The n moves of `line` are legal one after the other from pos and the last
 * one checkmates the side other than `side` (n == 0: pos is that mate
 * already): how a helpmate line is checked by playing it. */
bool deadpos_line_mates(const struct position *pos, int side, const move *line, int n);

/* Short reason for a CANNOT_WIN verdict ("only a king left", ...), NULL when
 * the side is not proven unable to win. */
const char *deadpos_reason(const struct position *pos, int side);

/* Text of a deadpos_why value ("" for DEADPOS_WHY_NONE). */
const char *deadpos_why_text(enum deadpos_why why);

#endif
