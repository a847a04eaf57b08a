/*
 * pgn_result.h - what a game result written in a Result tag or as the
 * movetext's termination marker says: PGN's four (8.2.6: "1-0", "0-1",
 * "1/2-1/2", "*") and the forms arbiters and pairing programs write besides
 * them: "0-0" (a double forfeit), "1/2-0" and "0-1/2" (half a point for one
 * side, none for the other: an arbiter's decision, FIDE 12.9), "+/-", "-/+",
 * "1F-0F", "0F-1F" (a win by forfeit), "0F-0F" and "-/-" (a double forfeit).
 * Read with the spellings programs use: "0.5" and "½" for 1/2, a lower-case
 * f, an en dash, em dash or minus sign for the hyphen.  The one table of
 * result forms: the lexer, the judge and the reports read it.
 *
 * Ownership: static, read-only data.
 */
#ifndef PGNARB_PGN_RESULT_H
#define PGNARB_PGN_RESULT_H

#include <stdbool.h>
#include <stddef.h>

enum pgn_result_class {
    PGN_RESULT_PLAYED,         /* 1-0, 0-1, 1/2-1/2 */
    PGN_RESULT_SPLIT,          /* 1/2-0, 0-1/2: an arbiter's score */
    PGN_RESULT_FORFEIT,        /* +/-, -/+, 1F-0F, 0F-1F */
    PGN_RESULT_DOUBLE_FORFEIT, /* 0-0, 0F-0F, -/- */
    PGN_RESULT_UNFINISHED      /* * */
};

struct pgn_result_form {
    const char *text; /* the form as this table writes it ("1/2-0") */
    enum pgn_result_class cls;
    unsigned char white, black; /* points in halves: 2 a win, 1 a draw, 0 none */
    bool standard;              /* one of PGN's four */
    bool ambiguous;             /* in movetext also a move or a glyph: "0-0" is castling
                                   written with zeros, "+/-" and "-/+" are the glyphs of
                                   NAGs 16 and 17; a marker only where the judge says */
};

/* PGN's four forms by index: 0 "1-0", 1 "0-1", 2 "1/2-1/2", 3 "*". */
const struct pgn_result_form *pgn_result_standard(unsigned i);

/* The form text[0, len) is written in, or NULL for any other text. */
const struct pgn_result_form *pgn_result_read(const char *text, size_t len);

#endif /* PGNARB_PGN_RESULT_H */
