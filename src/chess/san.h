/*
 * san.h - move notation: Standard Algebraic Notation (PGN standard 8.2.3,
 * FIDE Appendix C) in and out, and UCI coordinate notation out.
 *
 * Ownership: nothing is allocated; results go into caller-owned structs and
 * buffers.  Positions come from pos_set_start() or fen_parse().
 *
 * san_resolve() reads the export format and the usual relaxations, each
 * reported as a SAN_NC_* bit so a checker can note it (noncanonical-san):
 * zeros in castling, a missing or superfluous "x", superfluous or unusual
 * disambiguation, promotion without "=" (e8Q, e8(Q), e8/Q), an "e.p." or "ep"
 * suffix (glued, or after one blank: "exd6 e.p.+" is one token of the reader),
 * castling written with a dash look-alike for the hyphen (0–0, O–O–O: figure
 * dash, en dash, em dash, minus sign),
 * long algebraic and UCI forms (Ng1f3, Ng1-f3, e2e4, e2-e4, e7e8q, e1g1 or
 * e1h1 for castling), lower-case piece letters when unambiguous (nf3; a
 * lower-case b is a file first: bxc3 is a pawn capture, and a bishop only
 * when no pawn move fits), a "P" for pawns.  Check marks "+", "#", "++" and
 * trailing "!"/"?" annotations are accepted.  Null moves ("--") are not moves
 * here: SAN_BAD.
 */
#ifndef PGNARB_SAN_H
#define PGNARB_SAN_H

#include "chess/bitboard.h"
#include "chess/chess.h"

#include <stddef.h>

struct position;

/* Longest text san_write() or san_uci() produce, with the NUL. */
#define SAN_MAX 8

/* Longest token san_resolve() looks at; longer ones are SAN_BAD. */
#define SAN_TOKEN_MAX 24

enum san_status {
    SAN_OK,       /* exactly one legal move matches: res->m */
    SAN_BAD,      /* not a move in any notation accepted (bad-san) */
    SAN_ILLEGAL,  /* reads as a move, but no legal move matches (illegal-move) */
    SAN_AMBIGUOUS /* several legal moves match (ambiguous-move) */
};

/* Accepted relaxations of the export format (san_result.noncanonical). */
#define SAN_NC_ZERO_CASTLE    0x001u /* 0-0 / 0-0-0 (or o-o) instead of O-O */
#define SAN_NC_MISSING_X      0x002u /* capture written without x */
#define SAN_NC_SPURIOUS_X     0x004u /* x on a move that captures nothing */
#define SAN_NC_DISAMBIGUATION 0x008u /* more (or other) disambiguation than needed */
#define SAN_NC_PROMO_NO_EQ    0x010u /* e8Q, e8(Q), e8/Q instead of e8=Q */
#define SAN_NC_EP_SUFFIX      0x020u /* "e.p." or "ep" after an en passant capture */
#define SAN_NC_LONG           0x040u /* long algebraic or UCI: Ng1f3, e2-e4, e7e8q, e1g1 */
#define SAN_NC_LOWERCASE      0x080u /* lower-case piece letter: nf3, e8=q */
#define SAN_NC_PAWN_LETTER    0x100u /* Pe4 */
#define SAN_NC_DOUBLE_PLUS    0x200u /* "++" as check mark */
#define SAN_NC_LOCALIZED      0x400u /* localized piece letter: Sf3, Lb5, Td1, Dd8, e8=D */
#define SAN_NC_DASH           0x800u /* castling with a dash for the hyphen: 0–0, O–O–O */

/* Why a move is illegal (SAN_ILLEGAL) or not a move (SAN_BAD). */
enum san_why {
    SAN_WHY_NONE,
    /* SAN_ILLEGAL */
    SAN_WHY_NO_PIECE,            /* no such piece can reach the square */
    SAN_WHY_FROM_SQUARE,         /* long algebraic: no such piece on the from-square */
    SAN_WHY_OWN_PIECE,           /* the target square holds one of the mover's pieces */
    SAN_WHY_NOTHING_TO_CAPTURE,  /* pawn capture onto an empty square */
    SAN_WHY_PINNED,              /* the only candidates are pinned to their king */
    SAN_WHY_KING_IN_CHECK,       /* the move would leave or put the king in check */
    SAN_WHY_CHECK_NOT_ANSWERED,  /* in check, and the move neither captures nor blocks */
    SAN_WHY_CASTLE_NO_RIGHT,     /* castling right lost (or never there) */
    SAN_WHY_CASTLE_IN_CHECK,     /* cannot castle out of check */
    SAN_WHY_CASTLE_BLOCKED,      /* a piece between king and rook or on their squares */
    SAN_WHY_CASTLE_ATTACKED,     /* the king would cross or land on an attacked square */
    SAN_WHY_NO_EP,               /* en passant is not available */
    SAN_WHY_PROMO_MISSING,       /* a pawn reaching the last rank must promote */
    SAN_WHY_PROMO_PIECE,         /* promotion to a king or pawn */
    SAN_WHY_PROMO_NOT_LAST_RANK, /* promotion written for a move not reaching the last rank */
    /* SAN_BAD */
    SAN_WHY_EMPTY,     /* nothing left after the check marks and annotations */
    SAN_WHY_TOO_LONG,  /* longer than SAN_TOKEN_MAX */
    SAN_WHY_NO_SQUARE, /* does not end in a destination square */
    SAN_WHY_SYNTAX     /* any other malformation */
};

struct san_result {
    enum san_status status;
    move m;                /* when SAN_OK */
    unsigned noncanonical; /* SAN_NC_* bits: accepted relaxations */
    enum san_why why;      /* when SAN_ILLEGAL or SAN_BAD: the reason */
    move candidates[8];    /* SAN_AMBIGUOUS: the legal matches; SAN_ILLEGAL: */
    int ncandidates;       /* the pseudo-legal matches rejected */
    char mark;             /* '+', '#' or 0: the check/mate suffix as written
                              ("++" reads as '+') */
    signed char piece;     /* piece type the token names (PIECE_TYPE_NONE for castling
                              or when unreadable) */
    signed char to;        /* destination square, or SQ_NONE */
    signed char castle;    /* 1 kingside, 2 queenside, 0 not castling */
    signed char from;      /* origin square when written in full (Ng1f3), or SQ_NONE */
    signed char promo;     /* promotion piece type written, or -1 */
};

/* The bytes of a dash that looks like a hyphen at s (U+2012 figure dash,
 * U+2013 en dash, U+2014 em dash, U+2212 minus sign, in UTF-8: 3), or 0;
 * s must be NUL-terminated or have 3 bytes. */
size_t san_dash_at(const char *s);

/* san_resolve() without its fast path (san_fast.c): the fast path must give
 * exactly this answer whenever it answers; the tests hold it to that. */
enum san_status san_resolve_general(const struct position *pos, const char *tok, size_t len,
                                    struct san_result *res);

/* The fast path (san_fast.h): true with the answer in res, or false. */
bool san_fast_resolve(const struct position *pos, const char *tok, size_t len,
                      struct san_result *res);

/* The fast path of a token whose piece letter in front is read through
 * lead[letter - 'A'] (an English letter, or 0: not read here), as a game
 * settled in its own letters reads it (Cf3, Txe1 in Italian; the table is
 * nota_lead_letters()).  Promotions are not taken: their letter is the
 * caller's to read.  True with the answer san_resolve() gives the token
 * written in English letters, or false (then the caller reads the token and
 * resolves it). */
bool san_fast_resolve_read(const struct position *pos, const char *tok, size_t len,
                           const char lead[26], struct san_result *res);

/* Resolve tok[0..len) against pos (len need not end at a NUL).  Inline: the
 * caller keeps the arguments for the general path, which the fast path then
 * need not keep in saved registers. */
static inline enum san_status san_resolve(const struct position *pos, const char *tok,
                                          size_t len, struct san_result *res)
{
    if (san_fast_resolve(pos, tok, len, res))
        return SAN_OK;
    return san_resolve_general(pos, tok, len, res);
}

/* The disambiguation the export format writes for a move from `from` when
 * the other legal moves of the same piece type to the same square start on
 * `others` (PGN 8.2.3.4): 0 none, 1 the origin file, 2 the rank, 3 both. */
static inline unsigned san_disambiguation(bitboard others, int from)
{
    if (!others)
        return 0;
    if (!(others & BB_FILE(SQ_FILE(from))))
        return 1;
    if (!(others & BB_RANK(SQ_RANK(from))))
        return 2;
    return 3;
}

/* Export-format SAN of the legal move m without its check mark (buf >= SAN_MAX). */
size_t san_write_body(const struct position *pos, move m, char *buf);

/* Export-format SAN of the legal move m, with "+" or "#" (buf >= SAN_MAX). */
size_t san_write(const struct position *pos, move m, char *buf);

/* A one-line human message for a result: the reason for SAN_ILLEGAL (e.g.
 * "the knight on d2 is pinned to the king on e1"), "Nbd2 and Nfd2 both
 * match" for SAN_AMBIGUOUS, what is wrong for SAN_BAD; the SAN for SAN_OK.
 * Returns the length as snprintf does. */
size_t san_explain(const struct position *pos, const struct san_result *res, char *buf,
                   size_t size);

/* The move an illegal result (SAN_ILLEGAL) names when only a rule of check
 * forbids it - the piece can make that move, but it leaves or puts its own
 * king in check, or castles out of, through or into check, or after the king
 * or rook moved (with both back home and the way free): true with it in *m,
 * to be played by pos_make_stood() when such a move stood.  False for every
 * other illegal move (no such piece reaches the square, a blocked path, ...). */
bool san_stood_move(const struct position *pos, const struct san_result *res, move *m);

/* UCI notation of m: "e2e4", "e7e8q"; castling is "e1g1" (king to its
 * destination) in standard chess and "e1h1" (king takes rook) in Chess960.
 * buf needs SAN_MAX bytes; returns the length. */
size_t san_uci(const struct position *pos, move m, char *buf);

#endif /* PGNARB_SAN_H */
