/*
 * deadpos.c - dead positions and unwinnability, material cases only (see
 * deadpos.h).  FIDE 5.2.2: the game is drawn when neither player can checkmate
 * by any series of legal moves; 6.9: a player whose flag falls still draws
 * when the opponent cannot checkmate by any series of legal moves.
 *
 * Proven cases:
 *  - a side with a bare king cannot mate;
 *  - a lone knight or a lone bishop cannot mate a bare king (the defending
 *    king has no own piece to block its flight squares);
 *  - when every piece besides the kings is a bishop and all stand on squares
 *    of one colour, nobody can ever attack the other colour: no mate at all.
 * K+B v K+N, K+N v K+N, K+B v K+B on opposite colours are alive (helpmates exist).
 */
#include "deadpos.h"

#include "bitboard.h"
#include "chess.h"
#include "position.h"

#define LIGHT_SQUARES 0x55AA55AA55AA55AAULL

static bool bishops_one_colour_only(const struct position *pos)
{
    bitboard all = pos->by_color[COLOR_WHITE] | pos->by_color[COLOR_BLACK];
    bitboard kings = pos->by_type[KING];
    bitboard bishops = pos->by_type[BISHOP];
    if ((all & ~kings) != bishops)
        return false;
    return (bishops & LIGHT_SQUARES) == 0 || (bishops & ~LIGHT_SQUARES) == 0;
}

enum deadpos_verdict deadpos_side_can_win(const struct position *pos, int side)
{
    return deadpos_reason(pos, side) ? DEADPOS_CANNOT_WIN : DEADPOS_UNKNOWN;
}

const char *deadpos_reason(const struct position *pos, int side)
{
    bitboard kings = pos->by_type[KING];
    bitboard own = pos->by_color[side] & ~kings;
    bitboard theirs = pos->by_color[side ^ 1] & ~kings;
    if (!own)
        return "only a king left";
    if (bishops_one_colour_only(pos))
        return "only bishops on squares of one colour";
    bool lone_minor = (own & (own - 1)) == 0 && (own & (pos->by_type[KNIGHT] | pos->by_type[BISHOP]));
    if (lone_minor && !theirs)
        return "a lone minor piece cannot mate a bare king";
    return NULL;
}

bool deadpos_is_dead(const struct position *pos)
{
    return deadpos_reason(pos, COLOR_WHITE) && deadpos_reason(pos, COLOR_BLACK);
}
