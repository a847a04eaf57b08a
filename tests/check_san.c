/*
 * check_san.c - SAN in and out.  Table-driven: every reason an illegal move
 * is explained with, every accepted relaxation and its SAN_NC_* flag,
 * ambiguity, Chess960 castling, promotions with capture, en passant (pinned,
 * unavailable); san_write() output, and san_resolve(san_write(m)) == m with
 * no relaxation for every legal move of varied positions.
 */
#include "testutil.h"

#include "chess/attacks.h"
#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/position.h"
#include "chess/san.h"
#include "chess/san_fast.h"

#include <string.h>

#define START    FEN_START
#define W_CASTLE "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1"
#define EP_POS   "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
#define EP_CHECK "4k3/8/8/8/4pP2/8/4K3/8 b - f3 0 1"
#define PROMO    "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1"
#define TWO_N    "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"

struct san_case {
    const char *fen;
    const char *tok;
    enum san_status status;
    const char *uci;     /* SAN_OK: the move */
    unsigned nc;         /* SAN_OK: exact relaxation flags */
    enum san_why why;    /* SAN_ILLEGAL / SAN_BAD */
    const char *explain; /* substring of san_explain(), or NULL */
    char mark;
};

static const struct san_case cases[] = {
    /* Export format. */
    {START, "e4", SAN_OK, "e2e4", 0, 0, "e4", 0},
    {START, "Nf3", SAN_OK, "g1f3", 0, 0, NULL, 0},
    {START, "e4+", SAN_OK, "e2e4", 0, 0, NULL, '+'},
    {START, "e4#", SAN_OK, "e2e4", 0, 0, NULL, '#'},
    {START, "e4!?", SAN_OK, "e2e4", 0, 0, NULL, 0},
    {EP_POS, "exf6", SAN_OK, "e5f6", 0, 0, NULL, 0},
    {PROMO, "axb8=Q+", SAN_OK, "a7b8q", 0, 0, NULL, '+'},
    {PROMO, "axb8=N", SAN_OK, "a7b8n", 0, 0, NULL, 0},
    {PROMO, "a8=R", SAN_OK, "a7a8r", 0, 0, NULL, 0},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O-O", SAN_OK, "e1c1", 0, 0, NULL, 0},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O", SAN_OK, "e1g1", 0, 0, NULL, 0},
    {TWO_N, "Nbd2", SAN_OK, "b1d2", 0, 0, NULL, 0},
    /* A pinned knight does not make Nc3 ambiguous. */
    {"4k3/4r3/8/8/8/8/4N3/1N2K3 w - - 0 1", "Nc3", SAN_OK, "b1c3", 0, 0, NULL, 0},
    /* Relaxations, each flagged. */
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0", SAN_OK, "e1g1", SAN_NC_ZERO_CASTLE, 0, NULL, 0},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0-0", SAN_OK, "e1c1", SAN_NC_ZERO_CASTLE, 0, NULL,
     0},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", SAN_OK, "e1g1", SAN_NC_LONG, 0, NULL, 0},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Ke1c1", SAN_OK, "e1c1", SAN_NC_LONG, 0, NULL, 0},
    {EP_POS, "ef6", SAN_OK, "e5f6", SAN_NC_MISSING_X, 0, NULL, 0},
    {EP_POS, "exf6e.p.", SAN_OK, "e5f6", SAN_NC_EP_SUFFIX, 0, NULL, 0},
    {EP_POS, "exf6ep", SAN_OK, "e5f6", SAN_NC_EP_SUFFIX, 0, NULL, 0},
    /* The suffix after one blank (the reader's one token) and with its
     * check mark: exf3 e.p. gives check to the king on e2. */
    {EP_POS, "exf6 e.p.", SAN_OK, "e5f6", SAN_NC_EP_SUFFIX, 0, NULL, 0},
    {EP_POS, "exf6 ep", SAN_OK, "e5f6", SAN_NC_EP_SUFFIX, 0, NULL, 0},
    {EP_CHECK, "exf3 e.p.+", SAN_OK, "e4f3", SAN_NC_EP_SUFFIX, 0, NULL, '+'},
    {EP_CHECK, "exf3e.p.+", SAN_OK, "e4f3", SAN_NC_EP_SUFFIX, 0, NULL, '+'},
    {EP_CHECK, "exf3 e.p.#", SAN_OK, "e4f3", SAN_NC_EP_SUFFIX, 0, NULL, '#'},
    {EP_CHECK, "exf3 ep+!?", SAN_OK, "e4f3", SAN_NC_EP_SUFFIX, 0, NULL, '+'},
    {EP_CHECK, "exf3 e.p.+!", SAN_OK, "e4f3", SAN_NC_EP_SUFFIX, 0, NULL, '+'},
    {EP_CHECK, " e.p.+", SAN_BAD, NULL, 0, SAN_WHY_NO_SQUARE, NULL, '+'},
    /* Castling with a word processor's dash for the hyphen: en dash,
     * figure dash, em dash, minus sign. */
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0\xe2\x80\x93" "0", SAN_OK, "e1g1",
     SAN_NC_ZERO_CASTLE | SAN_NC_DASH, 0, NULL, 0},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O\xe2\x80\x93O\xe2\x80\x93O+", SAN_OK, "e1c1",
     SAN_NC_DASH, 0, NULL, '+'},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O\xe2\x80\x92O", SAN_OK, "e1g1", SAN_NC_DASH, 0,
     NULL, 0},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0\xe2\x80\x94" "0-0", SAN_OK, "e1c1",
     SAN_NC_ZERO_CASTLE | SAN_NC_DASH, 0, NULL, 0},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O\xe2\x88\x92O", SAN_OK, "e1g1", SAN_NC_DASH, 0,
     NULL, 0},
    /* Not dashes (U+2011 non-breaking hyphen is not taken; a dash alone is no castling). */
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O\xe2\x80\x91O", SAN_BAD, NULL, 0, SAN_WHY_NO_SQUARE, NULL, 0},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O\xe2\x80\x93", SAN_BAD, NULL, 0, SAN_WHY_NO_SQUARE, NULL, 0},
    {"4k3/8/8/3p4/5N2/8/8/4K3 w - - 0 1", "Nd5", SAN_OK, "f4d5", SAN_NC_MISSING_X, 0, NULL, 0},
    {"4k3/8/8/3p4/5N2/8/8/4K3 w - - 0 1", "Nf4d5", SAN_OK, "f4d5", SAN_NC_LONG, 0, NULL, 0},
    {"4k3/8/8/3p4/5N2/8/8/4K3 w - - 0 1", "Nxd5", SAN_OK, "f4d5", 0, 0, NULL, 0},
    {"4k3/8/8/3p4/8/8/4P3/4K3 w - - 0 1", "Kd2", SAN_OK, "e1d2", 0, 0, NULL, 0},
    {START, "Ngf3", SAN_OK, "g1f3", SAN_NC_DISAMBIGUATION, 0, NULL, 0},
    {START, "Ng1xf3", SAN_OK, "g1f3", SAN_NC_DISAMBIGUATION | SAN_NC_SPURIOUS_X, 0, NULL, 0},
    {"4k3/4r3/8/8/8/8/4N3/1N2K3 w - - 0 1", "Nbc3", SAN_OK, "b1c3", SAN_NC_DISAMBIGUATION, 0, NULL,
     0},
    {PROMO, "axb8Q", SAN_OK, "a7b8q", SAN_NC_PROMO_NO_EQ, 0, NULL, 0},
    {PROMO, "axb8(Q)", SAN_OK, "a7b8q", SAN_NC_PROMO_NO_EQ, 0, NULL, 0},
    {PROMO, "axb8/Q", SAN_OK, "a7b8q", SAN_NC_PROMO_NO_EQ, 0, NULL, 0},
    {PROMO, "axb8=q", SAN_OK, "a7b8q", SAN_NC_LOWERCASE, 0, NULL, 0},
    {PROMO, "a7b8q", SAN_OK, "a7b8q", SAN_NC_LONG, 0, NULL, 0},
    {PROMO, "a7a8n", SAN_OK, "a7a8n", SAN_NC_LONG, 0, NULL, 0},
    {START, "Ng1f3", SAN_OK, "g1f3", SAN_NC_LONG, 0, NULL, 0},
    {START, "Ng1-f3", SAN_OK, "g1f3", SAN_NC_LONG, 0, NULL, 0},
    {START, "g1f3", SAN_OK, "g1f3", SAN_NC_LONG, 0, NULL, 0},
    {START, "e2e4", SAN_OK, "e2e4", SAN_NC_LONG, 0, NULL, 0},
    {START, "e2-e4", SAN_OK, "e2e4", SAN_NC_LONG, 0, NULL, 0},
    {START, "nf3", SAN_OK, "g1f3", SAN_NC_LOWERCASE, 0, NULL, 0},
    {START, "Pe4", SAN_OK, "e2e4", SAN_NC_PAWN_LETTER, 0, NULL, 0},
    {START, "Nxf3", SAN_OK, "g1f3", SAN_NC_SPURIOUS_X, 0, NULL, 0},
    {START, "e4++", SAN_OK, "e2e4", SAN_NC_DOUBLE_PLUS, 0, NULL, '+'},
    /* Localized piece letters: German, French, Spanish/Italian. */
    {START, "Sf3", SAN_OK, "g1f3", SAN_NC_LOCALIZED, 0, NULL, 0},
    {START, "Cc3", SAN_OK, "b1c3", SAN_NC_LOCALIZED, 0, NULL, 0},
    {"4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "Lf4", SAN_OK, "c1f4", SAN_NC_LOCALIZED, 0, NULL, 0},
    {"4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "Fb2", SAN_OK, "c1b2", SAN_NC_LOCALIZED, 0, NULL, 0},
    {"4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "Ad2", SAN_OK, "c1d2", SAN_NC_LOCALIZED, 0, NULL, 0},
    {"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Ta5", SAN_OK, "a1a5", SAN_NC_LOCALIZED, 0, NULL, 0},
    {"4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "Dd5", SAN_OK, "d1d5", SAN_NC_LOCALIZED, 0, NULL, 0},
    {"8/P6k/8/8/8/8/8/4K3 w - - 0 1", "a8=D", SAN_OK, "a7a8q", SAN_NC_LOCALIZED, 0, NULL, 0},
    {"8/P6k/8/8/8/8/8/4K3 w - - 0 1", "a8=S", SAN_OK, "a7a8n", SAN_NC_LOCALIZED, 0, NULL, 0},
    /* Lower-case b: a file first, a bishop only when no pawn move fits. */
    {"4k3/8/8/8/8/2n5/1P1B4/4K3 w - - 0 1", "bxc3", SAN_OK, "b2c3", 0, 0, NULL, 0},
    {"4k3/8/8/8/8/2n5/3B4/4K3 w - - 0 1", "bxc3", SAN_OK, "d2c3", SAN_NC_LOWERCASE, 0, NULL, 0},
    {"4k3/8/8/8/8/8/3B4/4K3 w - - 0 1", "bc3", SAN_OK, "d2c3", SAN_NC_LOWERCASE, 0, NULL, 0},
    {"4k3/8/8/8/8/8/3B4/4K3 w - - 0 1", "bb4", SAN_OK, "d2b4", SAN_NC_LOWERCASE, 0, NULL, 0},
    /* Chess960 castling: king and rook anywhere. */
    {"4k3/8/8/8/8/8/8/5KR1 w G - 0 1", "O-O", SAN_OK, "f1g1", 0, 0, NULL, 0},
    {"4k3/8/8/8/8/8/8/RK6 w A - 0 1", "O-O-O", SAN_OK, "b1a1", 0, 0, NULL, 0},
    {"4k3/8/8/8/8/8/8/RK6 w A - 0 1", "b1a1", SAN_OK, "b1a1", SAN_NC_LONG, 0, NULL, 0},
    {"r3k2r/8/8/8/8/8/8/1R2K1R1 w GB - 0 1", "O-O", SAN_OK, "e1g1", 0, 0, NULL, 0},
    {"4k3/8/8/8/8/8/8/qRK5 w B - 0 1", "O-O-O", SAN_ILLEGAL, NULL, 0, SAN_WHY_CASTLE_ATTACKED,
     "castling onto an attacked square (c1)", 0},
    {"4k3/8/8/8/8/4n3/8/1KR5 w C - 0 1", "O-O", SAN_ILLEGAL, NULL, 0, SAN_WHY_CASTLE_ATTACKED,
     "castling through an attacked square (d1)", 0},
    {"4k3/8/8/8/8/8/8/1RKb4 w B - 0 1", "O-O-O", SAN_ILLEGAL, NULL, 0, SAN_WHY_CASTLE_BLOCKED,
     "castling blocked: d1 is occupied", 0},
    /* Ambiguity. */
    {TWO_N, "Nd2", SAN_AMBIGUOUS, NULL, 0, 0, "Nbd2 and Nfd2 both match", 0},
    {TWO_N, "N1d2", SAN_AMBIGUOUS, NULL, 0, 0, "Nbd2 and Nfd2 both match", 0},
    {"8/8/7k/8/Q3Q3/8/Q7/4K3 w - - 0 1", "Qc2", SAN_AMBIGUOUS, NULL, 0, 0,
     "Q2c2, Qa4c2 and Qec2 all match", 0},
    /* Every reason for an illegal move. */
    {START, "e5", SAN_ILLEGAL, NULL, 0, SAN_WHY_NO_PIECE, "no pawn can reach e5", 0},
    {START, "Nf4", SAN_ILLEGAL, NULL, 0, SAN_WHY_NO_PIECE, "no knight can reach f4", 0},
    {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Nf3", SAN_ILLEGAL, NULL, 0, SAN_WHY_NO_PIECE,
     "White has no knight", 0},
    {START, "Nd2", SAN_ILLEGAL, NULL, 0, SAN_WHY_OWN_PIECE, "d2 is occupied by White's own pawn",
     0},
    {START, "Nc1d3", SAN_ILLEGAL, NULL, 0, SAN_WHY_FROM_SQUARE,
     "there is no knight on c1 (it holds a bishop)", 0},
    {START, "e3e4", SAN_ILLEGAL, NULL, 0, SAN_WHY_FROM_SQUARE, "there is no piece on e3", 0},
    {START, "e7e5", SAN_ILLEGAL, NULL, 0, SAN_WHY_FROM_SQUARE, "the pawn on e7 is Black's", 0},
    {START, "exd5", SAN_ILLEGAL, NULL, 0, SAN_WHY_NOTHING_TO_CAPTURE,
     "there is nothing to capture on d5", 0},
    {EP_POS, "exd6", SAN_ILLEGAL, NULL, 0, SAN_WHY_NO_EP, "en passant is not available", 0},
    {"4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nf4", SAN_ILLEGAL, NULL, 0, SAN_WHY_PINNED,
     "the knight on e2 is pinned to the king on e1", 0},
    {"8/8/5k2/8/3pP3/8/1B6/6K1 b - e3 0 1", "dxe3", SAN_ILLEGAL, NULL, 0, SAN_WHY_PINNED,
     "the pawn on d4 is pinned to the king on f6", 0},
    {"8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1", "dxe3", SAN_ILLEGAL, NULL, 0, SAN_WHY_KING_IN_CHECK,
     "the king would be in check", 0},
    {"4k3/8/8/8/8/8/r7/4K3 w - - 0 1", "Kd2", SAN_ILLEGAL, NULL, 0, SAN_WHY_KING_IN_CHECK,
     "the king would be in check", 0},
    {"4k3/8/8/8/8/8/8/r3K2N w - - 0 1", "Ng3", SAN_ILLEGAL, NULL, 0, SAN_WHY_CHECK_NOT_ANSWERED,
     "White is in check", 0},
    {W_CASTLE, "O-O", SAN_ILLEGAL, NULL, 0, SAN_WHY_CASTLE_NO_RIGHT,
     "White has lost the right to castle kingside", 0},
    {"r3k2r/8/8/8/8/8/8/R3K2R b KQk - 0 1", "O-O-O", SAN_ILLEGAL, NULL, 0, SAN_WHY_CASTLE_NO_RIGHT,
     "Black has lost the right to castle queenside", 0},
    {"4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1", "O-O", SAN_ILLEGAL, NULL, 0, SAN_WHY_CASTLE_IN_CHECK,
     "cannot castle out of check", 0},
    {"4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", "O-O", SAN_ILLEGAL, NULL, 0, SAN_WHY_CASTLE_ATTACKED,
     "castling through an attacked square (f1)", 0},
    {"4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1", "O-O", SAN_ILLEGAL, NULL, 0, SAN_WHY_CASTLE_ATTACKED,
     "castling onto an attacked square (g1)", 0},
    {START, "O-O", SAN_ILLEGAL, NULL, 0, SAN_WHY_CASTLE_BLOCKED, "castling blocked: f1 is occupied",
     0},
    {START, "O-O-O", SAN_ILLEGAL, NULL, 0, SAN_WHY_CASTLE_BLOCKED,
     "castling blocked: d1 is occupied", 0},
    {PROMO, "axb8", SAN_ILLEGAL, NULL, 0, SAN_WHY_PROMO_MISSING,
     "a pawn reaching the last rank must promote", 0},
    {PROMO, "a8", SAN_ILLEGAL, NULL, 0, SAN_WHY_PROMO_MISSING, NULL, 0},
    {PROMO, "axb8=K", SAN_ILLEGAL, NULL, 0, SAN_WHY_PROMO_PIECE, "cannot promote to a king", 0},
    {PROMO, "a8=P", SAN_ILLEGAL, NULL, 0, SAN_WHY_PROMO_PIECE, "cannot promote to a pawn", 0},
    {START, "e4=Q", SAN_ILLEGAL, NULL, 0, SAN_WHY_PROMO_NOT_LAST_RANK,
     "only a pawn reaching the last rank promotes", 0},
    /* Not moves at all. */
    {START, "+", SAN_BAD, NULL, 0, SAN_WHY_EMPTY, NULL, '+'},
    {START, "e9", SAN_BAD, NULL, 0, SAN_WHY_NO_SQUARE, "destination square", 0},
    {START, "Zf3", SAN_BAD, NULL, 0, SAN_WHY_SYNTAX, NULL, 0},
    {START, "--", SAN_BAD, NULL, 0, SAN_WHY_NO_SQUARE, NULL, 0},
    {START, "Nf3f3f3", SAN_BAD, NULL, 0, SAN_WHY_SYNTAX, NULL, 0},
    {START, "2e4", SAN_BAD, NULL, 0, SAN_WHY_SYNTAX, NULL, 0},
    {START, "e2-", SAN_BAD, NULL, 0, SAN_WHY_NO_SQUARE, NULL, 0},
    {START, "Nf3xxxxxxxxxxxxxxxxxxxxxxxxxxxxx", SAN_BAD, NULL, 0, SAN_WHY_TOO_LONG, NULL, 0},
};

START_TEST(resolve_table)
{
    const struct san_case *c = &cases[_i];
    struct position pos;
    char why[200], buf[200], uci[SAN_MAX];
    enum fen_status st = fen_parse(&pos, c->fen, 0, why, sizeof why);
    ck_assert_msg(st == FEN_OK, "%s: %s", c->fen, why);
    struct san_result res;
    enum san_status s = san_resolve(&pos, c->tok, strlen(c->tok), &res);
    san_explain(&pos, &res, buf, sizeof buf);
    ck_assert_msg(s == c->status && res.status == s, "'%s' in %s: status %d, expected %d (%s)",
                  c->tok, c->fen, s, c->status, buf);
    if (s == SAN_OK) {
        san_uci(&pos, res.m, uci);
        ck_assert_msg(strcmp(uci, c->uci) == 0, "'%s': move %s, expected %s", c->tok, uci, c->uci);
        ck_assert_msg(res.noncanonical == c->nc, "'%s': flags %#x, expected %#x", c->tok,
                      res.noncanonical, c->nc);
        ck_assert(movegen_is_legal(&pos, res.m));
    } else if (s != SAN_AMBIGUOUS) {
        ck_assert_msg(res.why == c->why, "'%s': why %d, expected %d (%s)", c->tok, res.why, c->why,
                      buf);
    }
    ck_assert_int_eq(res.mark, c->mark);
    if (c->explain)
        ck_assert_msg(strstr(buf, c->explain), "'%s': explanation '%s' lacks '%s'", c->tok, buf,
                      c->explain);
}
END_TEST

/* fuzz_collection found it: "be1a3" (a bishop move written with a lower-case b, read once
 * the b-file reading fails) left res.from SQ_NONE with the reason "wrong from-square", so
 * its explanation read pos->board[64]. */
START_TEST(explain_from_square_none)
{
    struct position pos;
    pos_set_start(&pos);
    struct san_result res;
    ck_assert_int_eq(san_resolve(&pos, "be1a3", 5, &res), SAN_ILLEGAL);
    ck_assert_int_eq(res.why, SAN_WHY_FROM_SQUARE);
    ck_assert_int_eq(res.from, 4); /* e1 */
    char buf[200];
    san_explain(&pos, &res, buf, sizeof buf);
    ck_assert_msg(strstr(buf, "e1"), "%s", buf);
}
END_TEST

START_TEST(token_need_not_be_terminated)
{
    struct position pos;
    struct san_result res;
    pos_set_start(&pos);
    ck_assert_int_eq(san_resolve(&pos, "e4 e5 Nf3", 2, &res), SAN_OK);
    ck_assert_int_eq(res.m, MOVE_MAKE(SQ_E2, SQ_E4, MOVE_NORMAL));
}
END_TEST

START_TEST(ambiguity_lists_candidates)
{
    struct position pos;
    struct san_result res;
    ck_assert(fen_parse(&pos, TWO_N, 0, NULL, 0) == FEN_OK);
    ck_assert_int_eq(san_resolve(&pos, "Nd2", 3, &res), SAN_AMBIGUOUS);
    ck_assert_int_eq(res.ncandidates, 2);
    ck_assert(movegen_is_legal(&pos, res.candidates[0]));
    ck_assert(movegen_is_legal(&pos, res.candidates[1]));
    /* Illegal: the rejected pseudo-legal candidates are listed. */
    ck_assert(fen_parse(&pos, "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", 0, NULL, 0) == FEN_OK);
    ck_assert_int_eq(san_resolve(&pos, "Nf4", 3, &res), SAN_ILLEGAL);
    ck_assert_int_eq(res.ncandidates, 1);
    ck_assert_int_eq(res.candidates[0], MOVE_MAKE(SQ_E2, SQ_F4, MOVE_NORMAL));
}
END_TEST

struct write_case {
    const char *fen, *uci, *san;
};

static const struct write_case writes[] = {
    {START, "g1f3", "Nf3"},
    {START, "e2e4", "e4"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"},
    {"4k3/8/8/8/8/8/8/5KR1 w G - 0 1", "f1g1", "O-O"},
    {TWO_N, "b1d2", "Nbd2"},
    {"4k3/8/8/8/8/R7/8/R3K3 w - - 0 1", "a1a2", "R1a2"},
    {"8/8/7k/8/Q3Q3/8/Q7/4K3 w - - 0 1", "a4c2", "Qa4c2"},
    {"8/8/7k/8/Q3Q3/8/Q7/4K3 w - - 0 1", "e4e6", "Qee6+"},
    {"8/8/7k/8/Q3Q3/8/Q7/4K3 w - - 0 1", "a2c2", "Q2c2"},
    {PROMO, "a7b8q", "axb8=Q+"},
    {EP_POS, "e5f6", "exf6"},
    {"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4", "Qh4#"},
    {"4k3/4r3/8/8/8/8/4N3/1N2K3 w - - 0 1", "b1c3", "Nc3"},
};

START_TEST(write_table)
{
    const struct write_case *c = &writes[_i];
    struct position pos;
    ck_assert(fen_parse(&pos, c->fen, 0, NULL, 0) == FEN_OK);
    move list[MOVES_MAX];
    char uci[SAN_MAX], san[SAN_MAX];
    int n = movegen_legal(&pos, list);
    for (int i = 0; i < n; i++) {
        san_uci(&pos, list[i], uci);
        if (strcmp(uci, c->uci) == 0) {
            san_write(&pos, list[i], san);
            ck_assert_str_eq(san, c->san);
            return;
        }
    }
    ck_abort_msg("%s is not legal in %s", c->uci, c->fen);
}
END_TEST

static const char *const round_trip_fens[] = {
    START,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "8/8/7k/8/Q3Q3/8/Q7/4K3 w - - 0 1",
    "1rkr3b/1ppn3p/3pB1n1/6q1/R2P4/4N1P1/1P5P/2KRQ1B1 b Dbd - 0 14",
    "4rrk1/pbbp2p1/1ppnp3/3n1pqp/3N1PQP/1PPNP3/PBBP2P1/4RRK1 w Ff - 0 1",
    EP_POS,
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    /* a king in check along a rank: the square behind it stays attacked */
    "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1",
};

/* san_resolve(san_write(m)) == m, canonical, with the right mark, for every
 * legal move, and one ply deeper. */
static void round_trip_all(const struct position *pos, int depth)
{
    move list[MOVES_MAX];
    int n = movegen_legal(pos, list);
    for (int i = 0; i < n; i++) {
        char san[SAN_MAX];
        struct san_result res;
        size_t len = san_write(pos, list[i], san);
        ck_assert_uint_lt(len, SAN_MAX);
        enum san_status st = san_resolve(pos, san, len, &res);
        ck_assert_msg(st == SAN_OK && res.m == list[i] && res.noncanonical == 0,
                      "'%s': status %d, flags %#x", san, st, res.noncanonical);
        char last = san[len - 1];
        ck_assert_int_eq(res.mark, last == '+' || last == '#' ? last : 0);
        if (depth > 1) {
            struct position next = *pos;
            pos_make(&next, list[i]);
            round_trip_all(&next, depth - 1);
        }
    }
}

/* The fast path answers exactly as the general path, or not at all: every
 * pseudo-legal move of every piece (legal or not: pins, checks) written as
 * plain SAN ("Nf3", "Nxe5", "exd5", "e8=Q") and with every disambiguation
 * ("Ngf3", "N1f3", "Ng1f3"), with + and #, and castling, at every node of
 * small trees that include positions in check and several like pieces. */
static bool same_result(const struct san_result *a, const struct san_result *b)
{
    return a->m == b->m && a->mark == b->mark && a->noncanonical == b->noncanonical &&
           a->piece == b->piece && a->to == b->to && a->promo == b->promo && a->from == b->from &&
           a->castle == b->castle;
}

/* san_fast_resolve_read() of tok with each letter in front, under the lead
 * tables of settled and open notations: it answers only where the table
 * reads the letter, never for a promotion, and then exactly as san_resolve()
 * answers the token written with the table's English letter (its fast path
 * is held to the general path's answer below). */
static void read_agrees(const struct position *pos, const char *tok, size_t len)
{
    static const unsigned masks[] = {NOTA_EN, NOTA_ITES, NOTA_ITES | NOTA_FR, NOTA_DE, NOTA_ALL};
    static const char letters[] = "ABCDFKLNPQRSTX";
    bool lettered = tok[0] >= 'A' && tok[0] <= 'Z' && tok[0] != 'O';
    bool promotion = strchr(tok, '=') != NULL;
    for (size_t m = 0; m < sizeof masks / sizeof masks[0]; m++) {
        const char *lead = nota_lead_letters(masks[m]);
        for (const char *c = letters; *c && (lettered || c == letters); c++) {
            char written[24], english[24];
            memcpy(written, tok, len + 1);
            memcpy(english, tok, len + 1);
            if (lettered) {
                written[0] = *c;
                english[0] = lead[*c - 'A'];
            }
            struct san_result read, general;
            memset(&read, 0, sizeof read);
            if (!san_fast_resolve_read(pos, written, len, lead, &read)) continue;
            ck_assert_msg(!promotion, "'%s' read under %#x: a promotion", written, masks[m]);
            ck_assert_msg(english[0], "'%s' read under %#x, whose table has no %c", written,
                          masks[m], *c);
            enum san_status st = san_resolve(pos, english, len, &general);
            ck_assert_msg(st == SAN_OK && same_result(&read, &general),
                          "'%s' read under %#x differs from '%s' (status %d)", written, masks[m],
                          english, st);
        }
    }
}

/* The fast path on tok; read: san_fast_resolve_read() too (on the plain
 * form, a disambiguated one, a check: the letter in front is read alike). */
static void fast_agrees(const struct position *pos, const char *tok, bool read)
{
    struct san_result fast, general;
    size_t len = strlen(tok);
    if (read) read_agrees(pos, tok, len);
    memset(&fast, 0, sizeof fast);
    if (!san_fast_resolve(pos, tok, len, &fast))
        return;
    enum san_status st = san_resolve_general(pos, tok, len, &general);
    ck_assert_msg(st == SAN_OK, "fast path accepted '%s', general says %d", tok, st);
    ck_assert_msg(same_result(&fast, &general), "fast path and general path differ on '%s'", tok);
}

static void fast_visit(const struct position *pos, void *ctx)
{
    unsigned *tried_total = ctx;
    static const char letters[] = "PNBRQK";
    unsigned tried = 0;
    for (int t = PAWN; t <= KING; t++) {
        move list[MOVES_MAX];
        int n = movegen_pseudo(pos, t, ~(bitboard)0, ~(bitboard)0, list);
        for (int i = 0; i < n; i++) {
            int from = MOVE_FROM(list[i]), to = MOVE_TO(list[i]);
            if (MOVE_KIND(list[i]) == MOVE_CASTLE) continue;
            bool capture = pos->board[to] != PIECE_NONE;
            char tok[16], sq[3];
            bb_square_name(to, sq);
            int k = 0;
            if (t == PAWN) {
                if (capture) { tok[k++] = (char)('a' + SQ_FILE(from)); tok[k++] = 'x'; }
            } else {
                tok[k++] = letters[t];
                if (capture) tok[k++] = 'x';
            }
            tok[k++] = sq[0];
            tok[k++] = sq[1];
            if (MOVE_IS_PROMO(list[i])) { tok[k++] = '='; tok[k++] = letters[MOVE_PROMO_TYPE(list[i])]; }
            tok[k] = '\0';
            /* the plain form, and for pieces every disambiguation: file, rank, both */
            char forms[4][16];
            int nforms = 0;
            snprintf(forms[nforms++], sizeof forms[0], "%s", tok);
            if (t != PAWN) {
                char f = (char)('a' + SQ_FILE(from)), r = (char)('1' + SQ_RANK(from));
                const char *rest = tok + 1;
                snprintf(forms[nforms++], sizeof forms[0], "%c%c%s", tok[0], f, rest);
                snprintf(forms[nforms++], sizeof forms[0], "%c%c%s", tok[0], r, rest);
                snprintf(forms[nforms++], sizeof forms[0], "%c%c%c%s", tok[0], f, r, rest);
            }
            static const char *const marks[] = {"", "+", "#"};
            for (int fi = 0; fi < nforms; fi++)
                for (int mk = 0; mk < 3; mk++) {
                    char full[24];
                    snprintf(full, sizeof full, "%s%s", forms[fi], marks[mk]);
                    fast_agrees(pos, full, fi < 2 && mk < 2);
                    tried++;
                }
        }
    }
    /* Every step of the king, to squares it may not take too (attacked, or
     * behind it on the line of a check): movegen_pseudo() lists only those
     * it may. */
    bitboard ours = pos_pieces(pos, pos->side, KING);
    for (bitboard steps = ours ? attacks_king(bb_lsb(ours)) : 0; steps;) {
        int to = bb_pop_lsb(&steps);
        char sq[3], tok[8];
        bb_square_name(to, sq);
        snprintf(tok, sizeof tok, "K%s%s", pos->board[to] != PIECE_NONE ? "x" : "", sq);
        fast_agrees(pos, tok, true);
        tried++;
    }
    static const char *const castles[] = {"O-O", "O-O-O", "O-O+", "O-O-O#"};
    for (int c = 0; c < 4; c++, tried++)
        fast_agrees(pos, castles[c], true);
    *tried_total += tried;
}

START_TEST(fast_path_agrees_with_general)
{
    struct position pos;
    char why[200];
    ck_assert_msg(fen_parse(&pos, round_trip_fens[_i], 0, why, sizeof why) == FEN_OK, "%s", why);
    unsigned tried = 0;
    ck_assert_uint_gt(walk_tree(&pos, 2, fast_visit, &tried), 0);
    ck_assert_uint_gt(tried, 0);
}
END_TEST

START_TEST(write_then_resolve)
{
    struct position pos;
    char why[200];
    ck_assert_msg(fen_parse(&pos, round_trip_fens[_i], 0, why, sizeof why) == FEN_OK, "%s", why);
    round_trip_all(&pos, 2);
}
END_TEST

Suite *san_suite(void);
Suite *san_suite(void)
{
    attacks_init();
    Suite *s = suite_create("san");
    TCase *tc = tcase_create("resolve: moves, relaxations, reasons");
    tcase_add_loop_test(tc, resolve_table, 0, (int)(sizeof cases / sizeof cases[0]));
    tcase_add_test(tc, token_need_not_be_terminated);
    tcase_add_test(tc, explain_from_square_none);
    tcase_add_test(tc, ambiguity_lists_candidates);
    suite_add_tcase(s, tc);
    tc = tcase_create("write");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, write_table, 0, (int)(sizeof writes / sizeof writes[0]));
    tcase_add_loop_test(tc, write_then_resolve, 0,
                        (int)(sizeof round_trip_fens / sizeof round_trip_fens[0]));
    tcase_add_loop_test(tc, fast_path_agrees_with_general, 0,
                        (int)(sizeof round_trip_fens / sizeof round_trip_fens[0]));
    suite_add_tcase(s, tc);
    return s;
}
