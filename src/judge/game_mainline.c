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

/* Room for the longest move number written (" 4294967295... "), kept free
 * with the final " ..." and the NUL. */
#define NUMBER_ROOM 16
#define END_ROOM 5

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
    if (g->mainline_cut) return;
    if (g->mainline_len + NUMBER_ROOM + ev->len + END_ROOM > sizeof g->mainline) {
        g->mainline_cut = true;
        return;
    }
    /* " N. " before White's move, "N... " before a first move by Black, " "
     * between the two moves of a number (written by hand: this runs per move). */
    char *p = g->mainline + g->mainline_len;
    uint32_t index = (uint32_t)g->mainline_first_side + ply - 1; /* half-moves from White's 1st */
    if (ply != 1) *p++ = ' ';
    if (index % 2 == 0 || ply == 1) {
        char digits[10];
        int nd = 0;
        uint32_t v = g->mainline_first_number + index / 2;
        do
            digits[nd++] = (char)('0' + v % 10);
        while ((v /= 10) != 0);
        while (nd)
            *p++ = digits[--nd];
        *p++ = '.';
        if (index % 2) *p++ = '.', *p++ = '.';
        *p++ = ' ';
    }
    memcpy(p, ev->text, ev->len);
    g->mainline_len = (size_t)(p + ev->len - g->mainline);
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
    if (g->replayable) {
        /* After the ending no main-line move is played: lines[0] holds it; without
         * one, the last position the main line reached (before a move it could not
         * play), where the result and the claims are judged. */
        fen_write(&g->lines[0].pos, g->final_fen, sizeof g->final_fen);
        rec->final_fen = g->final_fen;
    }
}
