/*
 * board_svg.c - a chess diagram as inline SVG (see board_svg.h): the board of
 * FIDE 2.1 (a light square at each player's right-hand corner, h1 light),
 * White at the bottom, coordinates on the edge (FIDE Appendix C.2), the side
 * to move marked, arrows for moves (castling drawn as the king's move).
 *
 * Invariants: the output depends only on the arguments (no clock, no
 * counter), so a page built from it is the same bytes on every run.
 */
#include "report/board_svg.h"

#include "chess/chess.h"
#include "chess/position.h"


#define SQ 40            /* side of a square */
#define BX 20            /* board's left edge: rank numbers to its left */
#define BY 4             /* board's top edge */
#define BW (8 * SQ)      /* board's width */
#define VW (BX + BW + 20) /* view box: room for the side-to-move disc */
#define VH (BY + BW + 20) /* and the file letters */

/* Glyphs by type (PAWN..KING): the white set (outlines) and the black set
 * (solid), U+2654..U+265F. */
static const char *const glyph_white[PIECE_TYPE_NB] = {"\u2659", "\u2658", "\u2657",
                                                       "\u2656", "\u2655", "\u2654"};
static const char *const glyph_black[PIECE_TYPE_NB] = {"\u265F", "\u265E", "\u265D",
                                                       "\u265C", "\u265B", "\u265A"};
static const char piece_letters[PIECE_TYPE_NB + 1] = "PNBRQK";

void board_svg_css(FILE *f)
{
    fputs(".bd{width:100%;max-width:" "360px;height:auto;display:block}"
          ".bd .co{font:12px sans-serif;text-anchor:middle;dominant-baseline:central}"
          ".bd .pc text{font-size:34px;font-family:\"DejaVu Sans\",\"Noto Sans Symbols2\","
          "\"Noto Sans Symbols\",\"Segoe UI Symbol\",\"Apple Symbols\",\"Arial Unicode MS\","
          "FreeSerif,serif;text-anchor:middle;dominant-baseline:central}\n",
          f);
}

/* Centre of square sq in the view box (White at the bottom). */
static int centre_x(int sq)
{
    return BX + SQ_FILE(sq) * SQ + SQ / 2;
}

static int centre_y(int sq)
{
    return BY + (7 - SQ_RANK(sq)) * SQ + SQ / 2;
}

/* Square root by Newton's method (v > 0): no libm for one arrow's length. */
static double root(double v)
{
    double r = v > 1 ? v : 1;
    for (int i = 0; i < 40; i++)
        r = (r + v / r) / 2;
    return r;
}

static void write_arrow(FILE *f, const struct board_arrow *a)
{
    double x0 = centre_x(a->from), y0 = centre_y(a->from);
    double x1 = centre_x(a->to), y1 = centre_y(a->to);
    double dx = x1 - x0, dy = y1 - y0, len = root(dx * dx + dy * dy);
    if (len < 1) return;
    double ux = dx / len, uy = dy / len, head = 16, half = 10;
    double bx = x1 - ux * head, by = y1 - uy * head; /* the head's base */
    fprintf(f,
            "<g class=\"ar\" data-from=\"%c%d\" data-to=\"%c%d\">"
            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"" BOARD_SVG_ARROW
            "\" stroke-width=\"6\" stroke-linecap=\"round\"%s/>"
            "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"" BOARD_SVG_ARROW
            "\"/></g>",
            'a' + SQ_FILE(a->from), 1 + SQ_RANK(a->from), 'a' + SQ_FILE(a->to),
            1 + SQ_RANK(a->to), x0, y0, bx, by, a->dashed ? " stroke-dasharray=\"8 6\"" : "",
            x1, y1, bx - uy * half, by + ux * half, bx + uy * half, by - ux * half);
}

void board_svg_write(FILE *f, const struct position *pos, const char *fen,
                     const struct board_arrow *arrows, int n, const char *label_html)
{
    fprintf(f,
            "<svg class=\"bd\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" "
            "width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"%s\" data-fen=\"",
            VW, VH, VW, VH, label_html);
    for (const char *c = fen; *c; c++) /* a parsed FEN holds none of these: kept safe anyway */
        if (*c == '"' || *c == '&' || *c == '<')
            fprintf(f, "&#%d;", *c);
        else
            putc(*c, f);
    fprintf(f, "\"><title>%s</title>", label_html);
    /* The squares: the board light, the dark squares on it (a1 is dark). */
    fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"" BOARD_SVG_LIGHT
               "\" stroke=\"" BOARD_SVG_INK "\"/>",
            BX, BY, BW, BW);
    fputs("<g fill=\"" BOARD_SVG_DARK "\">", f);
    for (int sq = 0; sq < SQ_NB; sq++)
        if ((SQ_FILE(sq) + SQ_RANK(sq)) % 2 == 0)
            fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>",
                    centre_x(sq) - SQ / 2, centre_y(sq) - SQ / 2, SQ, SQ);
    fputs("</g>", f);
    /* Coordinates: rank numbers on the left, file letters below. */
    fputs("<g class=\"co\" fill=\"" BOARD_SVG_COORD "\" aria-hidden=\"true\">", f);
    for (int i = 0; i < 8; i++) {
        fprintf(f, "<text x=\"%d\" y=\"%d\">%d</text>", BX / 2, centre_y(SQ_MAKE(0, i)), i + 1);
        fprintf(f, "<text x=\"%d\" y=\"%d\">%c</text>", centre_x(SQ_MAKE(i, 0)), BY + BW + 10,
                'a' + i);
    }
    fputs("</g>", f);
    /* The side to move: a disc of its colour beside its own back rank. */
    fprintf(f,
            "<circle class=\"stm\" data-side=\"%s\" cx=\"%d\" cy=\"%d\" r=\"7\" fill=\"%s\" "
            "stroke=\"" BOARD_SVG_INK "\" stroke-width=\"1.5\"/>",
            pos->side == COLOR_WHITE ? "w" : "b", BX + BW + 10,
            pos->side == COLOR_WHITE ? BY + BW - 10 : BY + 10,
            pos->side == COLOR_WHITE ? BOARD_SVG_PAPER : BOARD_SVG_INK);
    /* The pieces: a white piece is the solid glyph filled white under the
     * outline glyph in black, so it reads on either square colour. */
    for (int sq = 0; sq < SQ_NB; sq++) {
        int p = pos->board[sq];
        if (p == PIECE_NONE) continue;
        int t = PIECE_TYPE(p), white = PIECE_COLOR(p) == COLOR_WHITE;
        int x = centre_x(sq), y = centre_y(sq);
        fprintf(f, "<g class=\"pc\" data-square=\"%c%d\" data-piece=\"%c\">", 'a' + SQ_FILE(sq),
                1 + SQ_RANK(sq), white ? piece_letters[t] : piece_letters[t] + 32);
        if (white)
            fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"" BOARD_SVG_PAPER "\">%s</text>", x, y,
                    glyph_black[t]);
        fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"" BOARD_SVG_INK "\">%s</text></g>", x, y,
                white ? glyph_white[t] : glyph_black[t]);
    }
    for (int i = 0; i < n; i++)
        write_arrow(f, &arrows[i]);
    fputs("</svg>", f);
}
