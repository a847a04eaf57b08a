/*
 * san.h - move notation: Standard Algebraic Notation (PGN standard 8.2.3,
 * FIDE Appendix C) in and out, and UCI coordinate notation out.
 *
 * Ownership: nothing is allocated; results go into caller-owned structs and
 * buffers.  Positions come from pos_set_start() or fen_parse().
 */
#ifndef PGNARB_SAN_H
#define PGNARB_SAN_H

#include "chess.h"

#include <stddef.h>

struct position;

/* Longest text san_write() or san_uci() produce, with the NUL. */
#define SAN_MAX 8

/* UCI notation of m: "e2e4", "e7e8q"; castling is "e1g1" (king to its
 * destination) in standard chess and "e1h1" (king takes rook) in Chess960.
 * buf needs SAN_MAX bytes; returns the length. */
size_t san_uci(const struct position *pos, move m, char *buf);

#endif /* PGNARB_SAN_H */
