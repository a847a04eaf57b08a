/*
 * fuzz_deadpos.c - libFuzzer target for the dead-position analysis
 * (deadpos_analyse(), the closure search, the cheap proofs of `check`).
 * The input bytes place pieces on a board: byte 0 the side to move (bit 0),
 * how many pieces (bits 1-3) and how many head-on pawn pairs (bits 4-6)
 * follow; bytes 1 and 2 the kings' squares; then a byte per pair (bits 0-5
 * the white pawn's square, bits 6-7 how many empty squares lie between it
 * and the black pawn in front of it on its file: 0, a head-on pair, a wall,
 * for the proofs of locked structures; more, pawns facing each other, for
 * deadpos_futures.c), then two bytes a piece (its kind and colour, its
 * square).  Positions that fen_parse() rejects are skipped.  On the others every answer is checked
 * by playing moves, not trusted:
 *  - "can win": the line is legal and ends in a mate by that side;
 *  - "cannot win": no helpmate of up to BRUTE_PLIES plies exists (every line
 *    tried); likewise for the closure search alone;
 *  - the closure search's line is a shortest one (none a ply shorter);
 *  - the cheap verdicts of `check` never contradict the full analysis, and
 *    a position called dead has no side that can win;
 *  - a wall proof of deadpos_static.c (locked pawns, frozen units, the
 *    branches on a capture of a frozen unit, pawns facing each other on a
 *    file with no head-on pair: deadpos_futures.c): every
 *    position reachable from there, walked without the static proofs that
 *    cut the closure search short, up to WALK_NODES of them, holds no mate
 *    by that side (the proofs claim an invariant over every series of
 *    moves; the walk tests it beyond BRUTE_PLIES).
 * A wrong answer aborts.
 *
 * Build and run: `make fuzz`, then `make fuzz-deadpos-run` (see README.md).
 */
#include "deadpos/deadpos.h"
#include "deadpos/deadpos_internal.h"
#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/position.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The node budget of each analysis: small, so that a run tries many
 * positions. */
#define FUZZ_BUDGET 4000ul
/* Plies of the brute-force helpmate search that checks "cannot win". */
#define BRUTE_PLIES 3

/* Some helpmate for `side` of at most `plies` plies, every line tried. */
static bool brute_mate(const struct position *pos, int side, int plies)
{
    move list[MOVES_MAX];
    int n = movegen_legal(pos, list);
    if (n == 0) return pos->checkers && pos->side != side;
    if (plies == 0) return false;
    for (int i = 0; i < n; i++) {
        struct position next = *pos;
        pos_make(&next, list[i]);
        if (brute_mate(&next, side, plies - 1)) return true;
    }
    return false;
}

/* Positions the unpruned walk visits at most, and its table's slots (a
 * power of two, over six times as many). */
#define WALK_NODES 20000u
#define WALK_SLOTS (1u << 17)

/* An unpruned walk of the positions reachable from pos (breadth first, each
 * once, an exact table as in deadpos_closure.c, no static proof consulted):
 * true when one is a mate by `side`; false when none is among the first
 * WALK_NODES. */
static bool walk_finds_mate(const struct position *pos, int side)
{
    static struct position nodes[WALK_NODES];
    static uint32_t table[WALK_SLOTS]; /* index + 1, linear probing */
    const uint32_t mask = WALK_SLOTS - 1;
    memset(table, 0, sizeof table);
    uint32_t count = 0;
    nodes[count++] = *pos;
    table[pos->key & mask] = 1;
    for (uint32_t head = 0; head < count; head++) {
        move list[MOVES_MAX];
        int n = movegen_legal(&nodes[head], list);
        for (int i = 0; i < n; i++) {
            struct position next = nodes[head];
            pos_make(&next, list[i]);
            if (next.checkers && next.side != side && !movegen_any_legal(&next)) return true;
            uint32_t j = next.key & mask;
            bool seen = false;
            while (table[j] && !(seen = pos_same_identity(&nodes[table[j] - 1], &next)))
                j = (j + 1) & mask;
            if (seen) continue;
            if (count == WALK_NODES) return false;
            nodes[count] = next;
            table[j] = ++count;
        }
    }
    return false;
}

/* The FEN of the input's board; false when the input is too short. */
static bool input_fen(const uint8_t *data, size_t size, char *fen)
{
    static const char kinds[] = "PNBRQ";
    if (size < 5) return false;
    char board[64];
    memset(board, 0, sizeof board);
    int units = data[0] >> 1 & 7, pairs = data[0] >> 4 & 7;
    board[data[1] & 63] = 'K';
    if (board[data[2] & 63]) return false;
    board[data[2] & 63] = 'k';
    size_t at = 3;
    for (int i = 0; i < pairs && at < size; i++, at++) {
        int sq = data[at] & 63, ahead = sq + 8 * (1 + (data[at] >> 6));
        if (sq < 8 || ahead >= 56 || board[sq] || board[ahead]) continue;
        board[sq] = 'P';
        board[ahead] = 'p';
    }
    for (int i = 0; i < units && at + 1 < size; i++, at += 2) {
        int sq = data[at + 1] & 63;
        if (board[sq]) continue;
        char c = kinds[(data[at] & 0x7f) % 5];
        board[sq] = (char)(data[at] & 0x80 ? c + ('a' - 'A') : c);
    }
    char *w = fen;
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            char c = board[rank * 8 + file];
            if (!c) {
                empty++;
                continue;
            }
            if (empty) *w++ = (char)('0' + empty);
            empty = 0;
            *w++ = c;
        }
        if (empty) *w++ = (char)('0' + empty);
        if (rank) *w++ = '/';
    }
    sprintf(w, " %c - - 0 1", data[0] & 1 ? 'b' : 'w');
    return true;
}

static void check_side(const struct position *pos, int side, bool *can)
{
    struct deadpos_result res;
    deadpos_analyse(pos, side, FUZZ_BUDGET, &res);
    if (res.nodes > FUZZ_BUDGET) abort();
    *can = res.verdict == DEADPOS_CAN_WIN;
    if (res.verdict == DEADPOS_CAN_WIN && !deadpos_line_mates(pos, side, res.line, res.line_len))
        abort();
    if (res.verdict == DEADPOS_CANNOT_WIN && brute_mate(pos, side, BRUTE_PLIES)) abort();
    /* A wall proof holds over every reachable position. */
    enum deadpos_why why = dp_static_cannot_full(pos, side);
    if (why == DEADPOS_WHY_NONE) why = dp_first_capture_cannot(pos, side);
    if (why == DEADPOS_WHY_NONE) why = dp_futures_cannot(pos, side);
    if ((why == DEADPOS_WHY_LOCKED || why == DEADPOS_WHY_LOCKED_BLOCKERS ||
         why == DEADPOS_WHY_LOCKED_PAWN_CHECKS || why == DEADPOS_WHY_LOCKED_NO_NET ||
         why == DEADPOS_WHY_LOCKED_CAPTURE || why == DEADPOS_WHY_PAWN_FUTURES) &&
        walk_finds_mate(pos, side))
        abort();
    /* The cheap verdict (check's) never contradicts the full one. */
    enum deadpos_verdict quick = deadpos_side_can_win(pos, side);
    if (quick != DEADPOS_UNKNOWN && quick != res.verdict) abort();

    /* The closure search alone: a proof either way, and a shortest line. */
    struct deadpos_result cl = {0};
    enum deadpos_verdict v = dp_search_closure(pos, side, FUZZ_BUDGET, &cl);
    if (cl.nodes > FUZZ_BUDGET) abort();
    if (v == DEADPOS_CANNOT_WIN &&
        (res.verdict == DEADPOS_CAN_WIN || brute_mate(pos, side, BRUTE_PLIES)))
        abort();
    if (v == DEADPOS_CAN_WIN) {
        if (res.verdict == DEADPOS_CANNOT_WIN ||
            !deadpos_line_mates(pos, side, cl.line, cl.line_len))
            abort();
        if (cl.line_len > 0 && cl.line_len <= BRUTE_PLIES + 1 &&
            brute_mate(pos, side, cl.line_len - 1))
            abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char fen[128];
    if (!input_fen(data, size, fen)) return 0;
    struct position pos;
    if (fen_parse(&pos, fen, 0, NULL, 0) != FEN_OK) return 0;
    bool can[2];
    for (int side = 0; side < 2; side++)
        check_side(&pos, side, &can[side]);
    if (deadpos_is_dead(&pos) && (can[0] || can[1])) abort();
    return 0;
}
