/*
 * fen.h - Forsyth-Edwards Notation (PGN standard 16.1) in and out, with the
 * Chess960 castling extensions (Shredder-FEN file letters, X-FEN KQkq).
 *
 * Ownership: the caller owns the position and the buffers; nothing is
 * allocated.  fen_parse() builds the attack tables if needed.
 */
#ifndef PGNARB_FEN_H
#define PGNARB_FEN_H

#include <stddef.h>

struct position;

enum fen_status {
    FEN_OK,     /* parsed, and the position can arise in a game */
    FEN_BAD,    /* not FEN: cannot be parsed (diagnostic bad-fen) */
    FEN_ILLEGAL /* parses, but cannot arise in a game (illegal-position) */
};

/* Flags of fen_parse(). */
#define FEN_CHESS960 1u /* the game is Chess960, whatever the castling letters say */

/* The longest FEN fen_write() produces, with its NUL (clocks up to 10 digits). */
#define FEN_MAX 100

/*
 * Parse `fen` (6 fields; 4 are accepted, then the clocks are 0 and 1; leading
 * and trailing blanks are ignored) into *pos.  On FEN_BAD and FEN_ILLEGAL,
 * `why` (when not NULL) receives a one-line reason such as "rank 3 has 9
 * squares" or "White has 2 kings".  On FEN_ILLEGAL, *pos holds what was
 * parsed; when pos_ok(pos) is true the fault is one the rules engine can live
 * with (impossible material or an impossible check, as in some perft test
 * positions) and moves may be generated and played, otherwise (king count,
 * pawn on rank 1/8, castling or en passant inconsistent, the side not to move
 * in check) the position must not be used.  On FEN_BAD its content is
 * unspecified.
 *
 * Castling letters: K/Q/k/q name the outermost rook on the king's h-side /
 * a-side (X-FEN); A-H/a-h name the rook's file (Shredder-FEN).  The position
 * is Chess960 (pos->chess960) when FEN_CHESS960 is given, when file letters
 * are used, or when a right belongs to a king not on the e-file or a rook not
 * in the corner.
 */
enum fen_status fen_parse(struct position *pos, const char *fen, unsigned flags, char *why,
                          size_t whylen);

/*
 * Write the FEN of pos into buf (size bytes, FEN_MAX is always enough) and
 * return its length (as snprintf: the length it would have had).  Castling:
 * standard chess writes KQkq; Chess960 writes K/Q (k/q) when the rook is the
 * outermost rook of its colour on that side of the king, else the rook's file
 * letter (upper case for White), so the text reads back to the same rights.
 * The en passant square is written whenever the last move was a double step.
 */
size_t fen_write(const struct position *pos, char *buf, size_t size);

/* The FEN of the standard start position. */
#define FEN_START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

#endif /* PGNARB_FEN_H */
