/*
 * san_fast.c - the fast path of SAN resolution (PGN standard 8.2.3) for the
 * tokens real games are made of: export-format pawn pushes, pawn captures,
 * promotions, piece moves (with the disambiguation the export format asks
 * for, no more) and castling, with an optional + or #.
 *
 * Contract: san_fast_resolve() either resolves the token exactly as the
 * general path of san.c would (SAN_OK, no relaxation flag) and returns true,
 * or returns false and leaves the decision to the general path.  It never
 * decides a token is illegal, ambiguous or malformed, so every message and
 * every accepted relaxation keeps coming from one place (san.c).  It gives up
 * on: illegal castling, superfluous disambiguation or long forms, a missing or
 * spurious x, en passant, promotions written otherwise than "=Q", annotations,
 * and any token that does not name exactly one legal move.
 *
 * Legality (FIDE 3.9): out of check, a move of a piece other than the king is
 * legal unless the piece is pinned and leaves the line of the pin; a piece not
 * on a line with its king cannot be pinned, so the pin scan runs only then.
 * King moves, and every move out of check, are tested by
 * movegen_pseudo_is_legal(), the general rule.
 */
#include "chess/san_fast.h"

#include "chess/attacks.h"
#include "chess/bitboard.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "chess/san.h"

#include <stdlib.h>
#include <string.h>

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

/* The end of fast_pawn() in check: movegen_pseudo_is_legal(), the general
 * rule.  Out of line and called last, so that the usual path keeps no value
 * across a call. */
static __attribute__((noinline)) bool fast_checked(const struct position *pos, move m, int type,
                                                   int to, int promo, char mark,
                                                   struct san_result *res)
{
    if (!movegen_pseudo_is_legal(pos, m))
        return false;
    return done(res, m, type, to, promo, mark);
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
        if (abs(from_file - SQ_FILE(to)) != 1 ||
            !(pos->by_color[us ^ 1] & ~pos->by_type[KING] & SQ_BB(to)))
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
    if (UNLIKELY(pos->checkers))
        return fast_checked(pos, m, PAWN, to, promo, mark, res);
    if (!movegen_unpinned_or_on_line(pos, pos_king_square(pos, us), from, to))
        return false;
    return done(res, m, PAWN, to, promo, mark);
}

/* legal_origins() for the king, or in check: movegen_pseudo_is_legal(), the
 * general rule, for each unblocked candidate.  Out of line: the call would
 * make the usual path keep its values in saved registers and on the stack. */
static __attribute__((noinline)) bitboard legal_origins_checked(const struct position *pos,
                                                                int to, bitboard cands)
{
    const bitboard occ = pos_occupied(pos);
    bitboard legal = 0;
    while (cands) {
        int from = bb_pop_lsb(&cands);
        if (!(attacks_between(from, to) & occ) &&
            movegen_pseudo_is_legal(pos, MOVE_MAKE(from, to, MOVE_NORMAL)))
            legal |= SQ_BB(from);
    }
    return legal;
}

/* Legal moves of `type` pieces of the side to move to `to`, as origin squares. */
static inline __attribute__((always_inline)) bitboard legal_origins(const struct position *pos,
                                                                    int type, int to)
{
    const int us = pos->side;
    bitboard cands = pos_pieces(pos, us, type) & attacks_reach(us, type, to);
    if (!cands)
        return 0;
    if (UNLIKELY(type == KING || pos->checkers))
        return legal_origins_checked(pos, to, cands);
    const bitboard occ = pos_occupied(pos);
    int ksq = pos_king_square(pos, us);
    bitboard legal = 0;
    while (cands) {
        int from = bb_pop_lsb(&cands);
        if (attacks_between(from, to) & occ)
            continue; /* a slider blocked on its way (attacks_hits(), the pieces attack back) */
        if (movegen_unpinned_or_on_line(pos, ksq, from, to))
            legal |= SQ_BB(from);
    }
    return legal;
}

/* A piece move with an origin file, rank or both ("Nbd7", "R1e2", "Qh4e1"):
 * accepted only when it is the disambiguation the export format writes. */
static __attribute__((noinline)) bool fast_disambiguated(const struct position *pos, int type,
                                                         const char *s, size_t n, char mark,
                                                         struct san_result *res)
{
    int to = SQ_MAKE(s[n - 2] - 'a', s[n - 1] - '1');
    size_t j = n - 2;
    bool capture = s[j - 1] == 'x';
    if (capture)
        j--;
    int from_file = -1, from_rank = -1;
    unsigned written;
    if (j == 2 && is_file(s[1])) {
        from_file = s[1] - 'a';
        written = 1;
    } else if (j == 2 && is_rank(s[1])) {
        from_rank = s[1] - '1';
        written = 2;
    } else if (j == 3 && is_file(s[1]) && is_rank(s[2])) {
        from_file = s[1] - 'a';
        from_rank = s[2] - '1';
        written = 3;
    } else {
        return false;
    }
    const int us = pos->side;
    int victim = pos->board[to]; /* as in fast_piece_move() */
    if (capture ? victim == PIECE_NONE || PIECE_COLOR(victim) == us || PIECE_TYPE(victim) == KING
                : victim != PIECE_NONE)
        return false; /* (a king is never captured: see movegen.c) */
    bitboard legal = legal_origins(pos, type, to);
    bitboard match = legal;
    if (from_file >= 0)
        match &= BB_FILE(from_file);
    if (from_rank >= 0)
        match &= BB_RANK(from_rank);
    if (!match || bb_more_than_one(match))
        return false; /* illegal or ambiguous: san.c says so */
    int from = bb_lsb(match);
    if (san_disambiguation(legal & ~SQ_BB(from), from) != written)
        return false; /* more or other disambiguation than needed: san.c notes it */
    done(res, MOVE_MAKE(from, to, MOVE_NORMAL), type, to, -1, mark);
    if (written == 3)
        res->from = (signed char)from;
    return true;
}

/* The end of fast_piece_move() for the king: one king, one candidate, the
 * step itself is the question (in check or not).  Out of line and called
 * last, like fast_checked(). */
static __attribute__((noinline)) bool fast_king(const struct position *pos, int to, char mark,
                                                struct san_result *res)
{
    bitboard k = pos_pieces(pos, pos->side, KING) & attacks_king(to);
    if (!k || bb_more_than_one(k) || !movegen_king_step_is_legal(pos, bb_lsb(k), to))
        return false; /* illegal: san.c says so */
    return done(res, MOVE_MAKE(bb_lsb(k), to, MOVE_NORMAL), KING, to, -1, mark);
}

/* The end of fast_piece_move() in check (legal_origins() calls
 * legal_origins_checked()) or when several pieces of the type reach the
 * square: out of line and called last, like fast_checked(). */
static __attribute__((noinline)) bool fast_piece_checked(const struct position *pos, int type,
                                                         int to, char mark, struct san_result *res)
{
    bitboard legal = legal_origins(pos, type, to);
    if (!legal || bb_more_than_one(legal)) return false; /* illegal or ambiguous: san.c says so */
    return done(res, MOVE_MAKE(bb_lsb(legal), to, MOVE_NORMAL), type, to, -1, mark);
}

static bool fast_piece_move(const struct position *pos, int type, const char *s, size_t n,
                            char mark, struct san_result *res)
{
    const int us = pos->side;
    if (n < 3 || !is_file(s[n - 2]) || !is_rank(s[n - 1]))
        return false;
    bool capture = n == 4 && s[1] == 'x';
    if (n != 3 && !capture)
        return fast_disambiguated(pos, type, s, n, mark, res);
    int to = SQ_MAKE(s[n - 2] - 'a', s[n - 1] - '1');
    /* The x must match what stands on the target; own pieces go to san.c.
     * One byte of board[] tells both, where the bitboards took two reads. */
    int victim = pos->board[to];
    if (capture ? victim == PIECE_NONE || PIECE_COLOR(victim) == us || PIECE_TYPE(victim) == KING
                : victim != PIECE_NONE)
        return false; /* (a king is never captured: see movegen.c) */
    if (UNLIKELY(type == KING))
        return fast_king(pos, to, mark, res);
    if (UNLIKELY(pos->checkers))
        return fast_piece_checked(pos, type, to, mark, res);
    /* Usually one piece of the type reaches the square: straight on. */
    bitboard cands = pos_pieces(pos, us, type) & attacks_reach(us, type, to);
    if (UNLIKELY(bb_more_than_one(cands)))
        return fast_piece_checked(pos, type, to, mark, res);
    if (!cands)
        return false;
    int from = bb_lsb(cands);
    if ((attacks_between(from, to) & pos_occupied(pos)) ||
        !movegen_unpinned_or_on_line(pos, pos_king_square(pos, us), from, to))
        return false; /* blocked or pinned: san.c says so */
    return done(res, MOVE_MAKE(from, to, MOVE_NORMAL), type, to, -1, mark);
}

/* "O-O" and "O-O-O" when the castling is legal (movegen_castle_check(), the
 * rule); anything else goes to san.c, which says why not. */
static __attribute__((noinline)) bool fast_castle(const struct position *pos, const char *s, size_t n, char mark,
                        struct san_result *res)
{
    int side = n == 3 && memcmp(s, "O-O", 3) == 0     ? 1
               : n == 5 && memcmp(s, "O-O-O", 5) == 0 ? 2
                                                      : 0;
    if (!side)
        return false;
    bitboard r = pos_castle_rooks_side(pos, pos->side, side == 1);
    int rsq = r ? bb_lsb(r) : SQ_NONE, sq;
    if (!r || movegen_castle_check(pos, rsq, &sq) != MOVEGEN_CASTLE_OK)
        return false;
    done(res, MOVE_MAKE(pos_king_square(pos, pos->side), rsq, MOVE_CASTLE), PIECE_TYPE_NONE,
         SQ_NONE, -1, mark);
    res->castle = (signed char)side;
    return true;
}

/* san_fast_resolve() and san_fast_resolve_read(): the piece letter in front
 * is read in English (lead NULL, one switch) or through lead[]; a promotion
 * under lead[] is left to the caller, whose letters it may narrow. */
static inline __attribute__((always_inline)) bool resolve(const struct position *pos,
                                                          const char *tok, size_t len,
                                                          const char *lead, struct san_result *res)
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
    if (is_file(tok[0])) {
        if (lead && tok[n - 2] == '=') return false;
        return fast_pawn(pos, tok, n, mark, res);
    }
    if (tok[0] == 'O') return fast_castle(pos, tok, n, mark, res);
    int type;
    if (lead)
        type = tok[0] >= 'A' && tok[0] <= 'Z' ? fast_piece(lead[tok[0] - 'A']) : -1;
    else
        type = fast_piece(tok[0]);
    if (type < 0) return false;
    return fast_piece_move(pos, type, tok, n, mark, res);
}

bool san_fast_resolve(const struct position *pos, const char *tok, size_t len,
                      struct san_result *res)
{
    return resolve(pos, tok, len, NULL, res);
}

bool san_fast_resolve_read(const struct position *pos, const char *tok, size_t len,
                           const char lead[26], struct san_result *res)
{
    return resolve(pos, tok, len, lead, res);
}
