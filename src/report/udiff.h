/*
 * udiff.h - a unified diff (as `diff -u` writes it: "--- NAME" and
 * "+++ NAME (fixed)" headers, "@@ -a,n +b,m @@" hunks with UDIFF_CONTEXT
 * lines of context, hunks closer than twice that merged) of one input
 * against what `pgnarbiter fix --dry-run` would write, given piece by piece
 * (a game before and after).
 *
 * Each piece is compared line by line on its own (a line a piece ends inside
 * is carried to the next piece, so a game that starts mid-line is whole
 * lines too): its common first and last
 * lines are matched, the rest by a longest common subsequence when each
 * side has at most UDIFF_LINES_MAX lines, else it is replaced whole (its old
 * lines removed, its new lines added).  Memory: the hunk being written and
 * one piece's table.  Hunks are those GNU diff -u writes when no change
 * crosses from one game into the next; otherwise they may differ from its
 * (a valid diff still: patch makes fix's output).  udiff_free(NULL) is a
 * no-op.
 */
#ifndef PGNARB_UDIFF_H
#define PGNARB_UDIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define UDIFF_CONTEXT   3    /* lines of context, as diff -u */
#define UDIFF_LINES_MAX 2048 /* lines of a piece's changed middle compared line by line */

struct udiff;

/* A diff of the input `name` written to out; NULL when out of memory. */
struct udiff *udiff_new(FILE *out, const char *name);
/* One piece: the old bytes and the new. False when out of memory. */
bool udiff_piece(struct udiff *u, const char *a, size_t alen, const char *b, size_t blen);
/* The input ends: the last hunk written. */
void udiff_end(struct udiff *u);
void udiff_free(struct udiff *u);

#endif /* PGNARB_UDIFF_H */
