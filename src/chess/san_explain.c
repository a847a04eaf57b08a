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
#include "i18n.h"

#include <stdio.h>

/* Each message that names a piece is a whole sentence per piece (po/: the
 * gender of Donna and Torre, the articles); a piece named inside a sentence
 * goes through piece_word(). */
static const char *const has_no[PIECE_TYPE_NB] = {N_("%s has no pawn"),   N_("%s has no knight"),
                                                  N_("%s has no bishop"), N_("%s has no rook"),
                                                  N_("%s has no queen"),  N_("%s has no king")};
static const char *const cannot_reach[PIECE_TYPE_NB] = {
    N_("no pawn can reach %s"), N_("no knight can reach %s"), N_("no bishop can reach %s"),
    N_("no rook can reach %s"), N_("no queen can reach %s"),  N_("no king can reach %s")};
static const char *const not_there[PIECE_TYPE_NB] = {
    N_("there is no pawn on %s (it holds a %s)"),   N_("there is no knight on %s (it holds a %s)"),
    N_("there is no bishop on %s (it holds a %s)"), N_("there is no rook on %s (it holds a %s)"),
    N_("there is no queen on %s (it holds a %s)"),  N_("there is no king on %s (it holds a %s)")};
static const char *const pinned[PIECE_TYPE_NB] = {
    N_("the pawn on %s is pinned to the king on %s"),
    N_("the knight on %s is pinned to the king on %s"),
    N_("the bishop on %s is pinned to the king on %s"),
    N_("the rook on %s is pinned to the king on %s"),
    N_("the queen on %s is pinned to the king on %s"),
    N_("the king on %s is pinned to the king on %s")};

static const char *piece_word(int type)
{
    switch (type) {
    case PAWN:
        return C_("piece", "pawn");
    case KNIGHT:
        return C_("piece", "knight");
    case BISHOP:
        return C_("piece", "bishop");
    case ROOK:
        return C_("piece", "rook");
    case QUEEN:
        return C_("piece", "queen");
    default:
        return C_("piece", "king");
    }
}

static const char *color_word(int color)
{
    return color == COLOR_WHITE ? C_("side", "White") : C_("side", "Black");
}

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
        char list[256];
        size_t len = 0;
        for (int i = 0; i < res->ncandidates; i++) {
            san_write_body(pos, res->candidates[i], text);
            i18n_san_letters(text);
            const char *sep = i == 0                      ? ""
                              : i == res->ncandidates - 1 ? C_("list", " and ")
                                                          : C_("list", ", ");
            n = snprintf(len < sizeof list ? list + len : NULL,
                         len < sizeof list ? sizeof list - len : 0, "%s%s", sep, text);
            len += (size_t)n;
        }
        return (size_t)snprintf(
            buf, size, res->ncandidates == 2 ? _("%s both match") : _("%s all match"), list);
    }
    case SAN_BAD:
        switch (res->why) {
        case SAN_WHY_EMPTY:
            return (size_t)snprintf(buf, size, "%s",
                                    _("no move before the check mark or annotation"));
        case SAN_WHY_TOO_LONG:
            return (size_t)snprintf(buf, size, _("too long for a move (over %d characters)"),
                                    SAN_TOKEN_MAX);
        case SAN_WHY_NO_SQUARE:
            return (size_t)snprintf(buf, size, "%s", _("does not end in a destination square"));
        default:
            return (size_t)snprintf(buf, size, "%s",
                                    _("not a move in SAN, long algebraic or UCI notation"));
        }
    case SAN_ILLEGAL:
        break;
    }
    move c = res->ncandidates ? res->candidates[0] : MOVE_NONE;
    int side_kingside = res->castle == 1;
    switch (res->why) {
    case SAN_WHY_NO_PIECE:
        if (!pos_pieces(pos, us, type))
            return (size_t)snprintf(buf, size, _(has_no[type]), color_word(us));
        return (size_t)snprintf(buf, size, _(cannot_reach[type]), sq);
    case SAN_WHY_FROM_SQUARE: {
        bb_square_name(res->from >= 0 ? res->from : SQ_NONE, sq2);
        int pc = res->from >= 0 ? pos->board[res->from] : PIECE_NONE;
        if (pc == PIECE_NONE) return (size_t)snprintf(buf, size, _("there is no piece on %s"), sq2);
        if (PIECE_COLOR(pc) != us)
            return (size_t)snprintf(buf, size,
                                    us == COLOR_WHITE ? _("the %s on %s is Black's")
                                                      : _("the %s on %s is White's"),
                                    piece_word(PIECE_TYPE(pc)), sq2);
        return (size_t)snprintf(buf, size, _(not_there[type]), sq2, piece_word(PIECE_TYPE(pc)));
    }
    case SAN_WHY_OWN_PIECE:
        return (size_t)snprintf(buf, size,
                                us == COLOR_WHITE ? _("%s is occupied by White's own %s")
                                                  : _("%s is occupied by Black's own %s"),
                                sq, piece_word(PIECE_TYPE(pos->board[res->to])));
    case SAN_WHY_NOTHING_TO_CAPTURE:
        return (size_t)snprintf(buf, size, _("there is nothing to capture on %s"), sq);
    case SAN_WHY_NO_EP:
        return (size_t)snprintf(buf, size, "%s", _("en passant is not available"));
    case SAN_WHY_PINNED: {
        int from = MOVE_FROM(c), ksq = pos_king_square(pos, us);
        bb_square_name(from, sq);
        bb_square_name(ksq, sq2);
        return (size_t)snprintf(buf, size, _(pinned[PIECE_TYPE(pos->board[from])]), sq, sq2);
    }
    case SAN_WHY_KING_IN_CHECK:
        return (size_t)snprintf(buf, size, "%s", _("the king would be in check"));
    case SAN_WHY_CHECK_NOT_ANSWERED:
        return (size_t)snprintf(buf, size, "%s",
                                us == COLOR_WHITE
                                    ? _("White is in check and this move does not answer it")
                                    : _("Black is in check and this move does not answer it"));
    case SAN_WHY_CASTLE_NO_RIGHT:
        return (size_t)snprintf(
            buf, size, "%s",
            us == COLOR_WHITE
                ? (side_kingside ? _("White has lost the right to castle kingside")
                                 : _("White has lost the right to castle queenside"))
                : (side_kingside ? _("Black has lost the right to castle kingside")
                                 : _("Black has lost the right to castle queenside")));
    case SAN_WHY_CASTLE_IN_CHECK:
        return (size_t)snprintf(buf, size, "%s", _("cannot castle out of check"));
    case SAN_WHY_CASTLE_BLOCKED:
    case SAN_WHY_CASTLE_ATTACKED: {
        int s;
        movegen_castle_check(pos, MOVE_TO(c), &s);
        bb_square_name(s, sq);
        if (res->why == SAN_WHY_CASTLE_BLOCKED)
            return (size_t)snprintf(buf, size, _("castling blocked: %s is occupied"), sq);
        int kto, rto;
        movegen_castle_squares(pos, MOVE_TO(c), &kto, &rto);
        return (size_t)snprintf(buf, size,
                                s == kto ? _("castling onto an attacked square (%s)")
                                         : _("castling through an attacked square (%s)"),
                                sq);
    }
    case SAN_WHY_PROMO_MISSING:
        return (size_t)snprintf(buf, size, "%s", _("a pawn reaching the last rank must promote"));
    case SAN_WHY_PROMO_PIECE:
        return (size_t)snprintf(buf, size, "%s",
                                res->promo == PAWN ? _("cannot promote to a pawn")
                                                   : _("cannot promote to a king"));
    case SAN_WHY_PROMO_NOT_LAST_RANK:
        return (size_t)snprintf(buf, size, "%s", _("only a pawn reaching the last rank promotes"));
    default:
        return (size_t)snprintf(buf, size, "%s", _("illegal move"));
    }
}

/* The move an illegal SAN names when a rule of check alone forbids it
 * (FIDE 3.9 and 3.8.2: a pinned piece, the king left or put in check, a check
 * not answered, castling out of, through or into check, or castling after the
 * king or the rook moved with both back on their squares and nothing
 * between): the one pseudo-legal match, which pos_make_stood() can play. */
bool san_stood_move(const struct position *pos, const struct san_result *res, move *m)
{
    if (res->status != SAN_ILLEGAL) return false;
    switch (res->why) {
    case SAN_WHY_PINNED:
    case SAN_WHY_KING_IN_CHECK:
    case SAN_WHY_CHECK_NOT_ANSWERED:
    case SAN_WHY_CASTLE_IN_CHECK:
    case SAN_WHY_CASTLE_ATTACKED:
        if (res->ncandidates != 1) return false;
        *m = res->candidates[0];
        return true;
    case SAN_WHY_CASTLE_NO_RIGHT: {
        /* Standard chess: the king on e1 (e8), the rook in its corner. */
        int us = pos->side, base = us == COLOR_WHITE ? 0 : 56;
        int ksq = base + 4, rsq = base + (res->castle == 1 ? 7 : 0);
        if (pos->chess960 || res->castle == 0 || pos->board[ksq] != PIECE_MAKE(us, KING) ||
            pos->board[rsq] != PIECE_MAKE(us, ROOK) ||
            (attacks_between(ksq, rsq) & pos_occupied(pos)))
            return false;
        *m = MOVE_MAKE(ksq, rsq, MOVE_CASTLE);
        return true;
    }
    default:
        return false;
    }
}
