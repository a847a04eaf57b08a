/*
 * game_mainline.c - the text of a game's main line and its final position,
 * kept for --format=html only (game_sink.want_mainline): the report marks
 * each finding's move in the main line and draws the position an ending
 * (FIDE 5.1.1, 5.2, 9.6) left on the board.
 *
 * Invariants: the text is bounded (GAME_MAINLINE_MAX bytes, then "..."); the
 * moves are the tokens as written (PGN 8.2.3, any spelling), numbered from
 * the start position's fullmove number and side to move (PGN 8.2.2: "N."
 * before White's move, "N..." before a first move by Black); nothing here
 * runs unless the sink asked for it.
 */
#include "judge/game_internal.h"

#include "chess/fen.h"
#include "pgn/pgn_parse.h"

#include <string.h>

/* Append a[0..an) and b[0..bn) to the main line, or mark it cut when they
 * do not fit (room kept for the final " ..." and the NUL). */
static void put(struct game *g, const char *a, size_t an, const char *b, size_t bn)
{
    if (g->mainline_cut || g->mainline_len + an + bn + 5 > sizeof g->mainline) {
        g->mainline_cut = true;
        return;
    }
    memcpy(g->mainline + g->mainline_len, a, an);
    memcpy(g->mainline + g->mainline_len + an, b, bn);
    g->mainline_len += an + bn;
}

void game_mainline_add(struct game *g, const struct pgn_event *ev)
{
    uint32_t ply = g->plies;
    if (ply == 1) {
        g->mainline_len = 0;
        g->mainline_cut = false;
        /* Before its first move the main line's position is the start. */
        g->mainline_first_number = g->replayable ? g->lines[0].pos.fullmove : 1;
        g->mainline_first_side = g->replayable ? g->lines[0].pos.side : 0;
    }
    uint32_t index = (uint32_t)g->mainline_first_side + ply - 1; /* half-moves from White's 1st */
    /* " N. " before White's move, "N... " before a first move by Black, " "
     * between the two moves of a number (written by hand: this runs per move). */
    char num[24];
    size_t n = 0;
    if (index % 2 == 0 || ply == 1) {
        char digits[12];
        size_t nd = 0;
        for (uint32_t v = g->mainline_first_number + index / 2; nd == 0 || v; v /= 10)
            digits[nd++] = (char)('0' + v % 10);
        if (ply != 1) num[n++] = ' ';
        while (nd)
            num[n++] = digits[--nd];
        num[n++] = '.';
        if (index % 2) num[n++] = '.', num[n++] = '.';
    }
    num[n++] = ' ';
    put(g, num, n, ev->text, ev->len);
}

void game_mainline_finish(struct game *g, struct game_record *rec)
{
    if (g->plies == 0) g->mainline_len = 0, g->mainline_cut = false;
    size_t len = g->mainline_len;
    if (g->mainline_cut) {
        memcpy(g->mainline + len, len ? " ..." : "...", len ? 4 : 3);
        len += len ? 4 : 3;
    }
    g->mainline[len] = '\0';
    rec->mainline = g->mainline;
    rec->final_fen = NULL;
    if (rec->ending != ENDING_NONE) {
        /* After the ending no main-line move is played: lines[0] holds it. */
        fen_write(&g->lines[0].pos, g->final_fen, sizeof g->final_fen);
        rec->final_fen = g->final_fen;
    }
}
