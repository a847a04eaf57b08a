/*
 * board_svg.h - a chess diagram as inline SVG, drawn from a position (for
 * --format=html): 8x8 squares with White at the bottom, file letters and rank
 * numbers on the edge, the pieces as Unicode chess glyphs (system fonts only,
 * with a fallback list: no font is fetched), a disc beside the rank of the
 * side to move, and arrows for moves.
 *
 * Every piece is one element <g class="pc" data-square="e1" data-piece="K">
 * whose last <text> holds the piece's glyph at its square's centre, and the
 * <svg> carries data-fen (the FEN drawn) and data-placement (its first
 * field), so a test can parse the drawing back and compare.
 *
 * Ownership: nothing is allocated; writes to the FILE it is given.
 */
#ifndef PGNARB_BOARD_SVG_H
#define PGNARB_BOARD_SVG_H

#include <stdio.h>

struct position;

/* The colours of the diagram (also in the page's contrast table). */
#define BOARD_SVG_LIGHT "#f0d9b5" /* light squares */
#define BOARD_SVG_DARK "#b58863"  /* dark squares */
#define BOARD_SVG_INK "#000000"   /* black pieces, white pieces' outlines */
#define BOARD_SVG_PAPER "#ffffff" /* white pieces' fill */
#define BOARD_SVG_ARROW "#0a3a8c" /* move arrows */
#define BOARD_SVG_COORD "#333333" /* coordinates, on the page's background */

/* An arrow from one square to another (a1 = 0); dashed for a candidate of an
 * ambiguous move. */
struct board_arrow {
    int from, to;
    int dashed;
};

/* The CSS the diagrams need, once per page. */
void board_svg_css(FILE *f);

/* Write the diagram of pos (fen: its FEN, written as data-fen) with n
 * arrows; label_html (already escaped for HTML) is the text alternative
 * (aria-label and <title>). */
void board_svg_write(FILE *f, const struct position *pos, const char *fen,
                     const struct board_arrow *arrows, int n, const char *label_html);

#endif /* PGNARB_BOARD_SVG_H */
