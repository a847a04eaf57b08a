/*
 * report_html.h - --format=html: one self-contained page (inline CSS and SVG,
 * no network) with a board diagram at every finding, for people (SPEC
 * "Output").  Streaming: the page is written as findings and games arrive;
 * only the current game's marks and names are kept, and the table of games
 * with findings waits in a temporary file until the summary is written at
 * the end (shown at the top by CSS).
 *
 * Ownership: report_html_new() returns a heap object the caller frees with
 * report_html_free() (NULL is a no-op); it writes to the FILE it was given.
 */
#ifndef PGNARB_REPORT_HTML_H
#define PGNARB_REPORT_HTML_H

#include "report/report.h"

#include <stddef.h>
#include <stdio.h>

struct report_html;

struct report_html *report_html_new(FILE *out, unsigned long max_boards);
void report_html_free(struct report_html *h);
/* Findings past the first max_boards diagrams are listed without one. */
void report_html_set_max_boards(struct report_html *h, unsigned long max_boards);
/* The summary colours each code by its controlled level (ctl NULL: none). */
struct diag_control;
void report_html_set_control(struct report_html *h, const struct diag_control *ctl);
void report_html_diag(struct report_html *h, const struct diag *d);
void report_html_game(struct report_html *h, const struct game_record *g);
void report_html_finish(struct report_html *h, const struct run_totals *t);

/* The page's colour pairs (text or graphics on a background) with the WCAG
 * 2.1 contrast ratio each must reach (4.5 text, 3 graphics, SC 1.4.3/1.4.11);
 * a test computes them. */
struct report_html_contrast {
    const char *what, *fg, *bg;
    double min;
};
extern const struct report_html_contrast report_html_contrasts[];
extern const size_t report_html_contrasts_nb;

#endif /* PGNARB_REPORT_HTML_H */
