/*
 * report_html_internal.h - what report_html.c (the page, as findings and
 * games arrive) and report_html_summary.c (its end) share: the table of
 * user-visible strings, the colours, the state of the page.  Not for other
 * modules: report_html.h is the interface.
 */
#ifndef PGNARB_REPORT_HTML_INTERNAL_H
#define PGNARB_REPORT_HTML_INTERNAL_H

#include "diag/diag.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* The user-visible strings (English, in report_html.c), by id. */
enum hs {
    HS_LANG, HS_TITLE, HS_SUMMARY, HS_UNREADABLE, HS_NOT_JUDGED,
    HS_ERRORS, HS_WARNINGS, HS_NOTES, HS_BY_CODE, HS_CHART_LABEL, HS_GAMES_WITH_FINDINGS,
    HS_NO_FINDINGS, HS_COL_GAME, HS_COL_FILE, HS_COL_EVENT, HS_COL_ROUND, HS_COL_PLAYERS,
    HS_COL_RESULT, HS_COL_ERRORS, HS_COL_WARNINGS, HS_COL_NOTES, HS_BOARDS_CUT,
    HS_BOARDS_CUT_HERE, HS_SHOW, HS_CODES, HS_GAME_HEADING, HS_ROUND_SUFFIX, HS_FILE_LEVEL,
    HS_TAG_EVENT, HS_TAG_SITE, HS_TAG_DATE, HS_TAG_ROUND, HS_TAG_WHITE, HS_TAG_BLACK,
    HS_TAG_RESULT, HS_MAIN_LINE, HS_MAIN_LINE_NONE, HS_ENDING_NONE, HS_ENDING_AT,
    HS_FINAL_POSITION, HS_LAST_POSITION, HS_PLY, HS_PLY_VARIATION, HS_BEFORE, HS_START_OF_GAME,
    HS_TO_MOVE_WHITE, HS_TO_MOVE_BLACK, HS_ARROW, HS_ARROWS_CANDIDATES, HS_NO_ARROW_ILLEGAL,
    HS_NO_ARROW_BAD, HS_NO_ARROW_UNREAD, HS_NO_DIAGRAM, HS_MOVE, HS_MOVE_CAPTURE, HS_CASTLE_KING,
    HS_CASTLE_QUEEN, HS_PROMOTING, HS_EN_PASSANT, HS_WHITE, HS_BLACK, HS_SEV_ERROR,
    HS_SEV_WARNING, HS_SEV_NOTE, HS_END_CHECKMATE, HS_END_STALEMATE, HS_END_DEAD,
    HS_END_FIVEFOLD, HS_END_75, HS_NO_RECORD, HS_INTERRUPTED, HS_NB
};

extern const char *const report_html_strings[HS_NB];
#include "i18n.h"

#define S(id) _(report_html_strings[id])

/* Colours (WCAG contrast: report_html_contrasts in report_html.c). */
#define C_FG "#1b1b1b"
#define C_BG "#ffffff"
#define C_MUTED "#555555"
#define C_ERROR "#b3261e"
#define C_WARNING "#7a4a00"
#define C_NOTE "#1d4f91"
#define C_LINK "#0b57d0"
#define C_RULE "#767676"
#define C_MARK_ERROR "#fbe3e1"
#define C_MARK_WARNING "#fcefd6"
#define C_MARK_NOTE "#e3ecf8"

#define NAME_MAX_BYTES 256 /* tag values as the judge keeps them */
#define MARKS_MAX 512      /* main-line findings marked per game; more are not marked */

enum section_kind { SECTION_NONE, SECTION_GAME, SECTION_LOOSE };

struct mark {
    uint32_t ply;
    uint64_t finding; /* id of its first finding */
    enum diag_severity severity;
};

struct report_html {
    FILE *out;
    const struct diag_control *control; /* the levels of the summary's codes */
    unsigned long max_boards, boards;
    uint64_t findings, sections;
    FILE *table; /* rows of the games table, until the summary */
    uint64_t table_rows;
    bool table_lost;

    /* the open section: a game's, or findings outside any game */
    enum section_kind kind;
    uint64_t section, game;
    char file[4096];
    char event[NAME_MAX_BYTES], white[NAME_MAX_BYTES], black[NAME_MAX_BYTES],
        round[NAME_MAX_BYTES];
    uint32_t count[DIAG_SEVERITY_NB];
    struct mark marks[MARKS_MAX];
    size_t nmarks;
    bool game_level; /* the open game has a finding on its result or claims (no board) */
};

/* Text as HTML, escaped (invalid UTF-8 read as Windows-1252); printf, then that. */
void report_html_put(FILE *f, const char *s);
void report_html_putf(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A tag value worth showing: not absent, empty, "?" or "-". */
bool report_html_present(const char *v);

/* Close the open section (a game's gets its row in the games table). */
void report_html_close_section(struct report_html *h);

#endif /* PGNARB_REPORT_HTML_INTERNAL_H */
