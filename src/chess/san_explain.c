/*
 * san_explain.c - the one-line reason a SAN token was not accepted (or the
 * SAN of the move it named), from what san_resolve() recorded: which piece,
 * which square, why (enum san_why).  Split from san.c: reading and writing
 * moves there, wording here.
 */
#include "chess/san.h"

#include "chess/bitboard.h"
#include "chess/movegen.h"
#include "chess/position.h"

#include <stdio.h>

static const char *const piece_name[PIECE_TYPE_NB] = {"pawn", "knight", "bishop",
                                                      "rook", "queen",  "king"};
static const char *const color_name[COLOR_NB] = {"White", "Black"};

size_t san_explain(const struct position *pos, const struct san_result *res, char *buf, size_t size)
{
    char sq[3], sq2[3], text[SAN_MAX];
    int us = pos->side;
    int type = res->piece >= 0 && res->piece < PIECE_TYPE_NB ? res->piece : PAWN;
    bb_square_name(res->to >= 0 ? res->to : SQ_NONE, sq);
    int n;
    switch (res->status) {
    case SAN_OK:
        san_write(pos, res->m, text);
        return (size_t)snprintf(buf, size, "%s", text);
    case SAN_AMBIGUOUS: {
        size_t len = 0;
        for (int i = 0; i < res->ncandidates; i++) {
            san_write_body(pos, res->candidates[i], text);
            const char *sep = i == 0 ? "" : i == res->ncandidates - 1 ? " and " : ", ";
            n = snprintf(len < size ? buf + len : NULL, len < size ? size - len : 0, "%s%s", sep,
                         text);
            len += (size_t)n;
        }
        n = snprintf(len < size ? buf + len : NULL, len < size ? size - len : 0, " %s match",
                     res->ncandidates == 2 ? "both" : "all");
        return len + (size_t)n;
    }
    case SAN_BAD:
        switch (res->why) {
        case SAN_WHY_EMPTY:
            return (size_t)snprintf(buf, size, "no move before the check mark or annotation");
        case SAN_WHY_TOO_LONG:
            return (size_t)snprintf(buf, size, "too long for a move (over %d characters)",
                                    SAN_TOKEN_MAX);
        case SAN_WHY_NO_SQUARE:
            return (size_t)snprintf(buf, size, "does not end in a destination square");
        default:
            return (size_t)snprintf(buf, size, "not a move in SAN, long algebraic or UCI notation");
        }
    case SAN_ILLEGAL:
        break;
    }
    move c = res->ncandidates ? res->candidates[0] : MOVE_NONE;
    int side_kingside = res->castle == 1;
    switch (res->why) {
    case SAN_WHY_NO_PIECE:
        if (!pos_pieces(pos, us, type))
            return (size_t)snprintf(buf, size, "%s has no %s", color_name[us], piece_name[type]);
        return (size_t)snprintf(buf, size, "no %s can reach %s", piece_name[type], sq);
    case SAN_WHY_FROM_SQUARE: {
        bb_square_name(res->from >= 0 ? res->from : SQ_NONE, sq2);
        int pc = res->from >= 0 ? pos->board[res->from] : PIECE_NONE;
        if (pc == PIECE_NONE) return (size_t)snprintf(buf, size, "there is no piece on %s", sq2);
        if (PIECE_COLOR(pc) != us)
            return (size_t)snprintf(buf, size, "the %s on %s is %s's", piece_name[PIECE_TYPE(pc)],
                                    sq2, color_name[us ^ 1]);
        return (size_t)snprintf(buf, size, "there is no %s on %s (it holds a %s)", piece_name[type],
                                sq2, piece_name[PIECE_TYPE(pc)]);
    }
    case SAN_WHY_OWN_PIECE:
        return (size_t)snprintf(buf, size, "%s is occupied by %s's own %s", sq, color_name[us],
                                piece_name[PIECE_TYPE(pos->board[res->to])]);
    case SAN_WHY_NOTHING_TO_CAPTURE:
        return (size_t)snprintf(buf, size, "there is nothing to capture on %s", sq);
    case SAN_WHY_NO_EP:
        return (size_t)snprintf(buf, size, "en passant is not available");
    case SAN_WHY_PINNED: {
        int from = MOVE_FROM(c), ksq = pos_king_square(pos, us);
        bb_square_name(from, sq);
        bb_square_name(ksq, sq2);
        return (size_t)snprintf(buf, size, "the %s on %s is pinned to the king on %s",
                                piece_name[PIECE_TYPE(pos->board[from])], sq, sq2);
    }
    case SAN_WHY_KING_IN_CHECK:
        return (size_t)snprintf(buf, size, "the king would be in check");
    case SAN_WHY_CHECK_NOT_ANSWERED:
        return (size_t)snprintf(buf, size, "%s is in check and this move does not answer it",
                                color_name[us]);
    case SAN_WHY_CASTLE_NO_RIGHT:
        return (size_t)snprintf(buf, size, "%s has lost the right to castle %s", color_name[us],
                                side_kingside ? "kingside" : "queenside");
    case SAN_WHY_CASTLE_IN_CHECK:
        return (size_t)snprintf(buf, size, "cannot castle out of check");
    case SAN_WHY_CASTLE_BLOCKED:
    case SAN_WHY_CASTLE_ATTACKED: {
        int s;
        movegen_castle_check(pos, MOVE_TO(c), &s);
        bb_square_name(s, sq);
        if (res->why == SAN_WHY_CASTLE_BLOCKED)
            return (size_t)snprintf(buf, size, "castling blocked: %s is occupied", sq);
        int kto, rto;
        movegen_castle_squares(pos, MOVE_TO(c), &kto, &rto);
        return (size_t)snprintf(buf, size, "castling %s an attacked square (%s)",
                                s == kto ? "onto" : "through", sq);
    }
    case SAN_WHY_PROMO_MISSING:
        return (size_t)snprintf(buf, size, "a pawn reaching the last rank must promote");
    case SAN_WHY_PROMO_PIECE:
        return (size_t)snprintf(buf, size, "cannot promote to a %s",
                                res->promo == PAWN ? "pawn" : "king");
    case SAN_WHY_PROMO_NOT_LAST_RANK:
        return (size_t)snprintf(buf, size, "only a pawn reaching the last rank promotes");
    default:
        return (size_t)snprintf(buf, size, "illegal move");
    }
}
