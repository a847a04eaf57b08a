/*
 * san_fast.c - the fast path of SAN resolution (PGN standard 8.2.3) for the
 * tokens real games are made of: export-format pawn pushes, pawn captures,
 * promotions and piece moves without disambiguation, with an optional + or #.
 *
 * Contract: san_fast_resolve() either resolves the token exactly as the
 * general path of san.c would (SAN_OK, no relaxation flag) and returns true,
 * or returns false and leaves the decision to the general path.  It never
 * decides a token is illegal, ambiguous or malformed, so every message and
 * every accepted relaxation keeps coming from one place (san.c).  It gives up
 * on: castling, disambiguated or long forms, a missing or spurious x, en
 * passant, promotions written otherwise than "=Q", annotations, and any token
 * that does not name exactly one legal move.
 *
 * Legality (FIDE 3.9): out of check, a move of a piece other than the king is
 * legal unless the piece is pinned and leaves the line of the pin; a piece not
 * on a line with its king cannot be pinned, so the pin scan runs only then.
 * King moves, and every move out of check, are tested by
 * movegen_pseudo_is_legal(), the general rule.
 */
#include "san_fast.h"

#include "attacks.h"
#include "bitboard.h"
#include "movegen.h"
#include "position.h"
#include "san.h"

#include <stdlib.h>

static int fast_piece(char c)
{
    switch (c) {
    case 'N': return KNIGHT;
    case 'B': return BISHOP;
    case 'R': return ROOK;
    case 'Q': return QUEEN;
    case 'K': return KING;
    default: return -1;
    }
}

static bool is_file(char c)
{
    return c >= 'a' && c <= 'h';
}

static bool is_rank(char c)
{
    return c >= '1' && c <= '8';
}

/* Is the non-king move from -> to legal, the side to move not being in check? */
static bool legal_out_of_check(const struct position *pos, int ksq, int from, int to)
{
    return !pos_is_pinned(pos, pos->side, from) || (attacks_line(ksq, from) & SQ_BB(to));
}

static bool done(struct san_result *res, move m, int type, int to, int promo, char mark)
{
    res->status = SAN_OK;
    res->m = m;
    res->noncanonical = 0;
    res->why = SAN_WHY_NONE;
    res->ncandidates = 0;
    res->mark = mark;
    res->piece = (signed char)type;
    res->to = (signed char)to;
    res->castle = 0;
    res->from = (signed char)SQ_NONE;
    res->promo = (signed char)promo;
    return true;
}

static bool fast_pawn(const struct position *pos, const char *s, size_t n, char mark,
                      struct san_result *res)
{
    const int us = pos->side;
    const bitboard occ = pos_occupied(pos);
    const int up = us == COLOR_WHITE ? 8 : -8;
    int from_file = -1;
    size_t i = 0;
    if (n >= 4 && s[1] == 'x' && is_file(s[0])) {
        from_file = s[0] - 'a';
        i = 2;
    }
    if (n < i + 2 || !is_file(s[i]) || !is_rank(s[i + 1]))
        return false;
    int to = SQ_MAKE(s[i] - 'a', s[i + 1] - '1');
    i += 2;
    int promo = -1;
    bool last_rank = SQ_RANK(to) == (us == COLOR_WHITE ? 7 : 0);
    if (i < n) {
        if (n != i + 2 || s[i] != '=' || (promo = fast_piece(s[i + 1])) < 0 || promo == KING)
            return false;
    }
    if (last_rank != (promo >= 0))
        return false;
    int from;
    if (from_file >= 0) {
        /* A capture: an enemy piece on the target (en passant is left to san.c). */
        if (abs(from_file - SQ_FILE(to)) != 1 || !(pos->by_color[us ^ 1] & SQ_BB(to)))
            return false;
        from = to - up + (from_file - SQ_FILE(to));
        if (pos->board[from] != PIECE_MAKE(us, PAWN))
            return false;
    } else {
        if (occ & SQ_BB(to))
            return false;
        from = to - up;
        if (from < 0 || from >= SQ_NB)
            return false;
        if (pos->board[from] != PIECE_MAKE(us, PAWN)) {
            /* A double step from the pawn's own second rank over an empty square. */
            if (pos->board[from] != PIECE_NONE || SQ_RANK(to) != (us == COLOR_WHITE ? 3 : 4))
                return false;
            from -= up;
            if (pos->board[from] != PIECE_MAKE(us, PAWN))
                return false;
        }
    }
    int kind = promo >= 0 ? MOVE_PROMO_KNIGHT + (promo - KNIGHT) : MOVE_NORMAL;
    move m = MOVE_MAKE(from, to, kind);
    if (pos->checkers ? !movegen_pseudo_is_legal(pos, m)
                      : !legal_out_of_check(pos, pos_king_square(pos, us), from, to))
        return false;
    return done(res, m, PAWN, to, promo, mark);
}

static bool fast_piece_move(const struct position *pos, int type, const char *s, size_t n,
                            char mark, struct san_result *res)
{
    const int us = pos->side;
    bool capture = n == 4 && s[1] == 'x';
    size_t i = capture ? 2 : 1;
    if (n != i + 2 || !is_file(s[i]) || !is_rank(s[i + 1]))
        return false;
    int to = SQ_MAKE(s[i] - 'a', s[i + 1] - '1');
    /* The x must match what stands on the target; own pieces go to san.c. */
    if (pos->by_color[us] & SQ_BB(to))
        return false;
    if (capture != ((pos->by_color[us ^ 1] & SQ_BB(to)) != 0))
        return false;
    const bitboard occ = pos_occupied(pos);
    bitboard cands = pos_pieces(pos, us, type) & attacks_piece(type, to, occ);
    int ksq = pos_king_square(pos, us);
    move found = MOVE_NONE;
    while (cands) {
        int from = bb_pop_lsb(&cands);
        move m = MOVE_MAKE(from, to, MOVE_NORMAL);
        bool legal = type == KING || pos->checkers ? movegen_pseudo_is_legal(pos, m)
                                                   : legal_out_of_check(pos, ksq, from, to);
        if (!legal)
            continue;
        if (found != MOVE_NONE)
            return false; /* ambiguous: san.c says so */
        found = m;
    }
    if (found == MOVE_NONE)
        return false;
    return done(res, found, type, to, -1, mark);
}

bool san_fast_resolve(const struct position *pos, const char *tok, size_t len,
                      struct san_result *res)
{
    if (len < 2 || len > 8)
        return false;
    char mark = 0;
    size_t n = len;
    if (tok[n - 1] == '+' || tok[n - 1] == '#') {
        mark = tok[n - 1];
        n--;
        if (n && (tok[n - 1] == '+' || tok[n - 1] == '#'))
            return false;
    }
    if (n < 2)
        return false;
    if (is_file(tok[0]))
        return fast_pawn(pos, tok, n, mark, res);
    int type = fast_piece(tok[0]);
    if (type < 0)
        return false;
    return fast_piece_move(pos, type, tok, n, mark, res);
}
