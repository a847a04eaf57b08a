/*
 * notation_rewrite.h - test helper: rewrite a PGN text written in English SAN
 * into another notation (Italian, Spanish, French, German, Dutch letters or
 * figurines), the way a scorer or a localized GUI writes it, so that the
 * replay can be held to giving exactly the findings of the English original.
 */
#ifndef PGNARB_TEST_NOTATION_REWRITE_H
#define PGNARB_TEST_NOTATION_REWRITE_H

#include "chess/notation.h"

#include <stddef.h>

/* The text [text, text + len) with every move token of every game (main
 * line and variations, as the reader finds them) rewritten into `mode`:
 * piece and promotion letters, castling with zeros (it, es, fr), ':' for
 * captures (de).  Returns a malloc'd, NUL-terminated text and its length in
 * *out_len, or NULL when out of memory.  *moves gets the number of tokens
 * rewritten. */
char *notation_rewrite(const char *text, size_t len, enum nota_mode mode, size_t *out_len,
                       size_t *moves);

/* The findings of a replay of text (auto notation, not strict), one line
 * each: "game code ply severity"; the warning that two notations read the
 * game legally has the code "two-readings".  malloc'd. */
char *notation_findings(const char *text, size_t len);

/* The games of the file at path (plain or compressed), at most cap bytes,
 * cut at the last "\n[Event " when longer; malloc'd, NUL-terminated, its
 * length in *len; NULL when unreadable. */
char *notation_read_games(const char *path, size_t cap, size_t *len);

#endif
