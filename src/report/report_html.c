/*
 * report_html.c - --format=html (SPEC "Output"): one self-contained page, for
 * an arbiter to read.  Per game with findings: its tags, the main line with
 * each finding's move marked, the final position of an ending (FIDE 5.1.1,
 * 5.2, 9.6), and per finding its message, code (linking to its explain text,
 * embedded once), FIDE article and a diagram of the position before the move
 * with an arrow for it (one per candidate of an ambiguous move; none for a
 * move that is not legal).  At the end the summary - what was checked, counts
 * by severity and by code with a bar chart, the games with findings - which
 * the CSS shows first (a flex column, order:-1), so the page reads top-down
 * without script.
 *
 * It reads the rules engine (chess/fen, chess/san) to draw: the finding's FEN
 * is set up and its SAN resolved for the arrow.
 *
 * Invariants: memory does not grow with the input (the current game's names,
 * a bounded list of its marked plies; the games table goes to a temporary
 * file); past max_boards findings are listed without boards, said once; the
 * bytes depend only on the findings and games in input order (no clock), so
 * -j N gives the same page.  Every user-visible English string of the page
 * is in `report_html_strings` below (the summary's too: report_html_summary.c
 * writes the end of the page).
 */
#include "report/report_html.h"
#include "report/report_html_internal.h"

#include "chess/fen.h"
#include "chess/position.h"
#include "chess/san.h"
#include "diag/cp1252.h"
#include "report/board_svg.h"
#include "report/json.h"

#include "i18n.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- every user-visible string of the page ------------------------------ */

const char *const report_html_strings[HS_NB] = {
    [HS_LANG] = N_("en"),
    [HS_TITLE] = N_("pgnarbiter report"),
    [HS_SUMMARY] = N_("Summary"),
    [HS_UNREADABLE] = N_("Inputs that could not be read: %llu."),
    [HS_NOT_JUDGED] = N_("Games counted but not judged (unsupported variant): %llu."),
    [HS_ERRORS] = N_("Errors: %llu"),
    [HS_WARNINGS] = N_("Warnings: %llu"),
    [HS_NOTES] = N_("Notes: %llu"),
    [HS_BY_CODE] = N_("Findings by code"),
    [HS_CHART_LABEL] = N_("Findings by code: %s"),
    [HS_GAMES_WITH_FINDINGS] = N_("Games with findings"),
    [HS_NO_FINDINGS] = N_("No game has a finding."),
    [HS_COL_GAME] = N_("Game"),
    [HS_COL_FILE] = N_("File"),
    [HS_COL_EVENT] = N_("Event"),
    [HS_COL_ROUND] = N_("Round"),
    [HS_COL_PLAYERS] = N_("White - Black"),
    [HS_COL_RESULT] = N_("Result"),
    [HS_COL_ERRORS] = N_("Errors"),
    [HS_COL_WARNINGS] = N_("Warnings"),
    [HS_COL_NOTES] = N_("Notes"),
    [HS_BOARDS_CUT] = N_("Only the first %lu findings have a board (--html-max-boards); the "
                      "others are listed without one."),
    [HS_BOARDS_CUT_HERE] = N_("The board limit (%lu) is reached: from here on, findings are "
                           "listed without a board."),
    [HS_SHOW] = N_("Show:"),
    [HS_CODES] = N_("What the codes mean"),
    [HS_GAME_HEADING] = N_("%s, game %llu: %s - %s"),
    [HS_ROUND_SUFFIX] = N_(" (round %s)"),
    [HS_FILE_LEVEL] = N_("%s: findings outside any game"),
    [HS_TAG_EVENT] = N_("Event"),
    [HS_TAG_SITE] = N_("Site"),
    [HS_TAG_DATE] = N_("Date"),
    [HS_TAG_ROUND] = N_("Round"),
    [HS_TAG_WHITE] = N_("White"),
    [HS_TAG_BLACK] = N_("Black"),
    [HS_TAG_RESULT] = N_("Result"),
    [HS_MAIN_LINE] = N_("Main line"),
    [HS_MAIN_LINE_NONE] = N_("(no moves)"),
    [HS_ENDING_NONE] = N_("No ending on the board: the result rests on resignation, agreement, "
                       "time or a claim."),
    [HS_ENDING_AT] = N_("The game ended on the board by %s at ply %u."),
    [HS_FINAL_POSITION] = N_("Final position (%s)."),
    [HS_LAST_POSITION] = N_("The last position on the board, where the result and the claims "
                            "are judged."),
    [HS_PLY] = N_("ply %u"),
    [HS_PLY_VARIATION] = N_("ply %u, in a variation"),
    [HS_BEFORE] = N_("Position before %s."),
    [HS_START_OF_GAME] = N_("Position."),
    [HS_TO_MOVE_WHITE] = N_("White to move."),
    [HS_TO_MOVE_BLACK] = N_("Black to move."),
    [HS_ARROW] = N_("Arrow: %s."),
    [HS_ARROWS_CANDIDATES] = N_("Arrows for the moves it could mean: %s."),
    [HS_NO_ARROW_ILLEGAL] = N_("No arrow: the move is not legal in this position."),
    [HS_NO_ARROW_BAD] = N_("No arrow: the text is not a move."),
    [HS_NO_ARROW_UNREAD] = N_("No arrow: the move is not read in this position."),
    [HS_NO_DIAGRAM] = N_("(No diagram: the position cannot be set up.)"),
    [HS_MOVE] = N_("%s from %s to %s"),
    [HS_MOVE_CAPTURE] = N_("%s from %s captures on %s"),
    [HS_CASTLE_KING] = N_("%s castles kingside"),
    [HS_CASTLE_QUEEN] = N_("%s castles queenside"),
    [HS_PROMOTING] = N_(", promoting to %s"),
    [HS_EN_PASSANT] = N_(", en passant"),
    [HS_WHITE] = N_("White"),
    [HS_BLACK] = N_("Black"),
    [HS_SEV_ERROR] = N_("error"),
    [HS_SEV_WARNING] = N_("warning"),
    [HS_SEV_NOTE] = N_("note"),
    [HS_END_CHECKMATE] = N_("checkmate"),
    [HS_END_STALEMATE] = N_("stalemate"),
    [HS_END_DEAD] = N_("dead position"),
    [HS_END_FIVEFOLD] = N_("fivefold repetition"),
    [HS_END_75] = N_("the 75-move rule"),
    [HS_NO_RECORD] = N_("?"),
    [HS_INTERRUPTED] = N_("This run was interrupted by %s: the page shows only the games read "
                          "before it, not the whole input."),
};

/* "White's knight", by colour and type (PAWN..KING). */
static const char *const piece_owner[COLOR_NB][PIECE_TYPE_NB] = {
    {N_("White's pawn"), N_("White's knight"), N_("White's bishop"), N_("White's rook"), N_("White's queen"),
     N_("White's king")},
    {N_("Black's pawn"), N_("Black's knight"), N_("Black's bishop"), N_("Black's rook"), N_("Black's queen"),
     N_("Black's king")},
};
/* A promotion's piece, by type. */
static const char *const piece_promoted[PIECE_TYPE_NB] = {N_("a pawn"), N_("a knight"), N_("a bishop"),
                                                          N_("a rook"), N_("a queen"), N_("a king")};


/* Contrast ratios (WCAG 2.1, computed by tests/check_report.c): text 17.22,
 * secondary 7.46, error 6.54, warning 7.48, note 8.14, link 6.39, rules 4.54
 * (graphics: 3 needed), marked moves 14.09 / 15.14 / 14.45, coordinates
 * 12.63, black piece on light 15.30 and on dark 6.67, arrow on light 7.66 and
 * on dark 3.34, white piece fill in its outline 21. */
const struct report_html_contrast report_html_contrasts[] = {
    {"text", C_FG, C_BG, 4.5},
    {"secondary text", C_MUTED, C_BG, 4.5},
    {"error label", C_ERROR, C_BG, 4.5},
    {"warning label", C_WARNING, C_BG, 4.5},
    {"note label", C_NOTE, C_BG, 4.5},
    {"link", C_LINK, C_BG, 4.5},
    {"rules and borders", C_RULE, C_BG, 3.0},
    {"marked error move", C_FG, C_MARK_ERROR, 4.5},
    {"marked warning move", C_FG, C_MARK_WARNING, 4.5},
    {"marked note move", C_FG, C_MARK_NOTE, 4.5},
    {"board coordinates", BOARD_SVG_COORD, C_BG, 4.5},
    {"black piece on a light square", BOARD_SVG_INK, BOARD_SVG_LIGHT, 3.0},
    {"black piece on a dark square", BOARD_SVG_INK, BOARD_SVG_DARK, 3.0},
    {"white piece's outline on a dark square", BOARD_SVG_INK, BOARD_SVG_DARK, 3.0},
    {"white piece's fill against its outline", BOARD_SVG_PAPER, BOARD_SVG_INK, 3.0},
    {"arrow on a light square", BOARD_SVG_ARROW, BOARD_SVG_LIGHT, 3.0},
    {"arrow on a dark square", BOARD_SVG_ARROW, BOARD_SVG_DARK, 3.0},
    {"side-to-move disc (Black)", BOARD_SVG_INK, C_BG, 3.0},
};
const size_t report_html_contrasts_nb = sizeof report_html_contrasts / sizeof *report_html_contrasts;

/* ---- writing ------------------------------------------------------------ */

/* Text as HTML: & < > " ' escaped; valid UTF-8 as it is, any other byte as
 * the Windows-1252 character it is (diag/cp1252.h, as the other formats read
 * it; the five bytes it leaves undefined as the C1 controls of that number,
 * shown as \u0081 and the like).  A C0 control
 * (not allowed in HTML text) is a space; DEL, the C1 controls and the
 * bidirectional controls of json_is_bidi_control(), which would reorder
 * what the page shows, are written as a visible \uNNNN, as in text output. */
void report_html_put(FILE *f, const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t len = strlen(s);
    for (size_t i = 0; i < len;) {
        switch (u[i]) {
        case '&': fputs("&amp;", f); i++; continue;
        case '<': fputs("&lt;", f); i++; continue;
        case '>': fputs("&gt;", f); i++; continue;
        case '"': fputs("&quot;", f); i++; continue;
        case '\'': fputs("&#39;", f); i++; continue;
        default: break;
        }
        size_t n = json_utf8_seq_len(u + i, len - i);
        unsigned cp = u[i]; /* the character (a stray byte's is its Windows-1252 one) */
        if (!n && cp1252_char(u[i])) cp = cp1252_char(u[i]);
        if (n == 2)
            cp = (u[i] & 0x1Fu) << 6 | (u[i + 1] & 0x3Fu);
        else if (n == 3)
            cp = (u[i] & 0x0Fu) << 12 | (u[i + 1] & 0x3Fu) << 6 | (u[i + 2] & 0x3Fu);
        else if (n == 4)
            cp = 0x10000; /* none to neutralise up there */
        if ((cp >= 0x7F && cp <= 0x9F) || json_is_bidi_control(cp)) {
            fprintf(f, "\\u%04x", cp); /* shown, not obeyed */
            i += n ? n : 1;
        } else if (n && !(n == 1 && u[i] < 0x20 && u[i] != '\n' && u[i] != '\t')) {
            fwrite(u + i, 1, n, f);
            i += n;
        } else if (n) {
            putc(' ', f); /* a control character: not allowed in HTML text */
            i++;
        } else {
            char utf8[3];
            fwrite(utf8, 1, cp1252_put_utf8(cp, utf8), f);
            i++;
        }
    }
}

/* printf into a bounded buffer, then written escaped. */
void report_html_putf(FILE *f, const char *fmt, ...)
{
    char buf[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    report_html_put(f, buf);
}

bool report_html_present(const char *v)
{
    return v && v[0] && strcmp(v, "?") != 0 && strcmp(v, "-") != 0;
}

static void copy(char *dst, size_t size, const char *src)
{
    snprintf(dst, size, "%s", src ? src : "");
}

static const char *severity_word(enum diag_severity s)
{
    return S(s == DIAG_ERROR ? HS_SEV_ERROR : s == DIAG_WARNING ? HS_SEV_WARNING : HS_SEV_NOTE);
}

static const char *ending_words(enum ending_kind k)
{
    switch (k) {
    case ENDING_CHECKMATE: return S(HS_END_CHECKMATE);
    case ENDING_STALEMATE: return S(HS_END_STALEMATE);
    case ENDING_DEAD_POSITION: return S(HS_END_DEAD);
    case ENDING_FIVEFOLD: return S(HS_END_FIVEFOLD);
    case ENDING_75_MOVE: return S(HS_END_75);
    default: return "";
    }
}

static void write_head(FILE *f)
{
    fprintf(f, "<!DOCTYPE html>\n<html lang=\"%s\">\n<head>\n<meta charset=\"utf-8\">\n"
               "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
            S(HS_LANG));
    report_html_put(f, S(HS_TITLE));
    fputs("</title>\n<style>\n", f);
    fputs(":root{--fg:" C_FG ";--bg:" C_BG ";--muted:" C_MUTED ";--error:" C_ERROR
          ";--warning:" C_WARNING ";--note:" C_NOTE ";--link:" C_LINK ";--rule:" C_RULE "}\n"
          "body{margin:0;color:var(--fg);background:var(--bg);font:15px/1.45 system-ui,"
          "\"Segoe UI\",Roboto,\"DejaVu Sans\",sans-serif}\n"
          "a{color:var(--link)}\n"
          ".page{display:flex;flex-direction:column;max-width:1100px;margin:0 auto;padding:0 16px}\n"
          ".top{order:-2}.summary{order:-1}\n"
          ".game{display:flex;flex-direction:column;border-top:2px solid var(--rule);"
          "padding:8px 0 16px}\n"
          ".game>h2{order:-3;margin:8px 0}.game>.rec{order:-2}\n"
          ".tags{border-collapse:collapse;margin:4px 0}"
          ".tags th{text-align:left;padding:0 12px 0 0;color:var(--muted);font-weight:normal}\n"
          ".ml{font-family:\"DejaVu Sans Mono\",monospace;font-size:14px;line-height:1.7}"
          ".ml a{color:var(--fg);text-decoration:none}\n"
          "mark{color:var(--fg);padding:0 2px;border-bottom:2px solid var(--rule)}"
          ".m-error{background:" C_MARK_ERROR ";border-color:var(--error)}"
          ".m-warning{background:" C_MARK_WARNING ";border-color:var(--warning)}"
          ".m-note{background:" C_MARK_NOTE ";border-color:var(--note)}\n"
          ".finding{border-left:6px solid var(--rule);padding:2px 12px;margin:10px 0}"
          ".f-error{border-left-color:var(--error)}.f-warning{border-left-color:var(--warning)}"
          ".f-note{border-left-color:var(--note)}\n"
          ".fh{margin:4px 0}.sev{font-weight:bold;text-transform:uppercase}"
          ".f-error .sev{color:var(--error)}.f-warning .sev{color:var(--warning)}"
          ".f-note .sev{color:var(--note)}.fide,.loc{color:var(--muted)}\n"
          ".msg{margin:4px 0}figure{margin:8px 0}figcaption{color:var(--muted);font-size:13px;"
          "max-width:360px;overflow-wrap:anywhere}\n"
          ".counts{list-style:none;padding:0;display:flex;gap:24px;font-weight:bold}"
          ".c-error{color:var(--error)}.c-warning{color:var(--warning)}.c-note{color:var(--note)}\n"
          ".chart{max-width:640px;width:100%;height:auto}\n"
          ".gtable{border-collapse:collapse}.gtable th,.gtable td{border:1px solid var(--rule);"
          "padding:2px 8px;text-align:left}\n"
          ".notice{border:1px solid var(--rule);padding:4px 8px}"
          ".interrupted{border:3px solid var(--error);font-weight:bold}\n"
          ".explain{white-space:pre-wrap;font-family:inherit}\n"
          ".filters{display:none}.js .filters{display:block}\n"
          ".hide-error .f-error,.hide-warning .f-warning,.hide-note .f-note{display:none}\n"
          "@media print{.game{break-before:page}.finding,figure{break-inside:avoid}"
          ".filters{display:none!important}}\n",
          f);
    board_svg_css(f);
    fputs("</style>\n</head>\n<body>\n<div class=\"page\">\n<header class=\"top\"><h1>", f);
    report_html_put(f, S(HS_TITLE));
    fputs("</h1></header>\n<main class=\"sections\">\n", f);
}

struct report_html *report_html_new(FILE *out, unsigned long max_boards)
{
    struct report_html *h = calloc(1, sizeof *h);
    if (!h) return NULL;
    h->out = out;
    h->max_boards = max_boards;
    h->table = tmpfile();
    h->table_lost = !h->table;
    write_head(out);
    return h;
}

void report_html_set_max_boards(struct report_html *h, unsigned long max_boards)
{
    h->max_boards = max_boards;
}

void report_html_set_control(struct report_html *h, const struct diag_control *ctl)
{
    h->control = ctl;
}

void report_html_free(struct report_html *h)
{
    if (!h) return;
    if (h->table) fclose(h->table);
    free(h);
}

/* ---- boards ------------------------------------------------------------- */

static void square_name(char *buf, int sq)
{
    buf[0] = (char)('a' + SQ_FILE(sq));
    buf[1] = (char)('1' + SQ_RANK(sq));
    buf[2] = '\0';
}

/* The move m (legal in pos) in words: "White's knight from g1 to f3". */
static void move_words(char *buf, size_t size, const struct position *pos, move m)
{
    int from = MOVE_FROM(m), to = MOVE_TO(m), side = pos->side;
    char a[3], b[3];
    if (MOVE_KIND(m) == MOVE_CASTLE) {
        snprintf(buf, size, S(to > from ? HS_CASTLE_KING : HS_CASTLE_QUEEN),
                 S(side == COLOR_WHITE ? HS_WHITE : HS_BLACK));
        return;
    }
    square_name(a, from);
    square_name(b, to);
    int piece = pos->board[from];
    bool capture = pos->board[to] != PIECE_NONE || MOVE_KIND(m) == MOVE_EN_PASSANT;
    int n = snprintf(buf, size, S(capture ? HS_MOVE_CAPTURE : HS_MOVE),
                     _(piece_owner[side][PIECE_TYPE(piece) % PIECE_TYPE_NB]), a, b);
    if (n < 0 || (size_t)n >= size) return;
    if (MOVE_IS_PROMO(m))
        snprintf(buf + n, size - (size_t)n, S(HS_PROMOTING), _(piece_promoted[MOVE_PROMO_TYPE(m)]));
    else if (MOVE_KIND(m) == MOVE_EN_PASSANT)
        snprintf(buf + n, size - (size_t)n, "%s", S(HS_EN_PASSANT));
}

/* An arrow for m: castling as the king's move (the move names the rook). */
static struct board_arrow arrow_for(const struct position *pos, move m, int dashed)
{
    struct board_arrow a = {MOVE_FROM(m), MOVE_TO(m), dashed};
    if (MOVE_KIND(m) == MOVE_CASTLE && !pos->chess960)
        a.to = SQ_MAKE(MOVE_TO(m) > MOVE_FROM(m) ? 6 : 2, SQ_RANK(MOVE_FROM(m)));
    return a;
}

/* A board of fen with, when san is set, its move resolved for arrows; intro
 * opens the text alternative.  False when the position cannot be set up. */
static bool write_board(struct report_html *h, const char *fen, const char *san,
                        enum diag_code code, const char *intro)
{
    FILE *f = h->out;
    struct position pos;
    if (!fen || fen_parse(&pos, fen, 0, NULL, 0) == FEN_BAD) {
        fputs("<p class=\"msg\">", f);
        report_html_put(f, S(HS_NO_DIAGRAM));
        fputs("</p>", f);
        return false;
    }
    struct board_arrow arrows[8];
    int n = 0;
    char words[1024] = "", text[2048];
    if (san && pos_ok(&pos)) {
        struct san_result res;
        enum san_status st = san_resolve(&pos, san, strlen(san), &res);
        if (st == SAN_OK) {
            arrows[n++] = arrow_for(&pos, res.m, 0);
            char w[256];
            move_words(w, sizeof w, &pos, res.m);
            snprintf(words, sizeof words, S(HS_ARROW), w);
        } else if (st == SAN_AMBIGUOUS) {
            char list[768] = "";
            for (int i = 0; i < res.ncandidates && i < 8; i++) {
                arrows[n++] = arrow_for(&pos, res.candidates[i], 1);
                char w[256];
                move_words(w, sizeof w, &pos, res.candidates[i]);
                size_t len = strlen(list);
                snprintf(list + len, sizeof list - len, "%s%s", i ? "; " : "", w);
            }
            snprintf(words, sizeof words, S(HS_ARROWS_CANDIDATES), list);
        } else {
            /* Why there is no arrow is the judge's word (its code), not ours. */
            snprintf(words, sizeof words, "%s",
                     S(code == DIAG_ILLEGAL_MOVE ? HS_NO_ARROW_ILLEGAL
                       : code == DIAG_BAD_SAN    ? HS_NO_ARROW_BAD
                                                 : HS_NO_ARROW_UNREAD));
        }
    }
    snprintf(text, sizeof text, "%s FEN %s. %s%s%s", intro, fen,
             S(pos.side == COLOR_WHITE ? HS_TO_MOVE_WHITE : HS_TO_MOVE_BLACK), words[0] ? " " : "",
             words);
    /* The label goes into an attribute and a <title>: escaped once here. */
    char *label = NULL;
    size_t label_len = 0;
    FILE *m = open_memstream(&label, &label_len);
    if (!m) return false;
    report_html_put(m, text);
    fclose(m);
    fputs("<figure>", f);
    board_svg_write(f, &pos, fen, arrows, n, label);
    fputs("<figcaption>", f);
    fputs(label, f);
    fputs("</figcaption></figure>\n", f);
    free(label);
    h->boards++;
    return true;
}

/* Whether the next finding may have a board; says once when the limit is hit. */
static bool board_allowed(struct report_html *h)
{
    if (h->boards < h->max_boards) return true;
    if (h->boards == h->max_boards) {
        fputs("<p class=\"notice\">", h->out);
        report_html_putf(h->out, S(HS_BOARDS_CUT_HERE), h->max_boards);
        fputs("</p>\n", h->out);
        h->boards++; /* said: boards now counts one past the limit */
    }
    return false;
}

/* ---- sections ----------------------------------------------------------- */

/* "4...Nf6", or "" when the finding has no move. */
static void move_label(char *buf, size_t size, const struct diag *d)
{
    if (!d->san || !d->move_number)
        buf[0] = '\0';
    else
        snprintf(buf, size, "%u%s%s", (unsigned)d->move_number, d->side == 1 ? "..." : ". ",
                 d->san);
}

static void table_row(struct report_html *h, const char *result)
{
    FILE *t = h->table;
    if (!t) return;
    fprintf(t, "<tr><td><a href=\"#g%llu\">%llu</a></td><td>", (unsigned long long)h->section,
            (unsigned long long)h->game);
    report_html_put(t, h->file);
    fputs("</td><td>", t);
    report_html_put(t, h->event);
    fputs("</td><td>", t);
    report_html_put(t, h->round);
    fputs("</td><td>", t);
    report_html_putf(t, "%s - %s", h->white, h->black);
    fputs("</td><td>", t);
    report_html_put(t, result ? result : S(HS_NO_RECORD));
    fprintf(t, "</td><td>%u</td><td>%u</td><td>%u</td></tr>\n", (unsigned)h->count[DIAG_ERROR],
            (unsigned)h->count[DIAG_WARNING], (unsigned)h->count[DIAG_NOTE]);
    h->table_rows++;
    if (ferror(t)) h->table_lost = true;
}

/* Close the open section; a game's without its record (not expected: every
 * game's record follows its findings) still gets its table row. */
void report_html_close_section(struct report_html *h)
{
    if (h->kind == SECTION_GAME) table_row(h, NULL);
    if (h->kind != SECTION_NONE) fputs("</section>\n", h->out);
    h->kind = SECTION_NONE;
}

static void open_section(struct report_html *h, const struct diag *d)
{
    FILE *f = h->out;
    h->section++;
    h->kind = d->game ? SECTION_GAME : SECTION_LOOSE;
    h->game = d->game;
    copy(h->file, sizeof h->file, d->file ? d->file : "<input>");
    copy(h->event, sizeof h->event, report_html_present(d->event) ? d->event : "");
    copy(h->white, sizeof h->white, report_html_present(d->white) ? d->white : "?");
    copy(h->black, sizeof h->black, report_html_present(d->black) ? d->black : "?");
    copy(h->round, sizeof h->round, report_html_present(d->round) ? d->round : "");
    memset(h->count, 0, sizeof h->count);
    h->nmarks = 0;
    h->game_level = false;
    fprintf(f, "<section class=\"game\" id=\"g%llu\" data-game=\"%llu\" data-file=\"",
            (unsigned long long)h->section, (unsigned long long)d->game);
    report_html_put(f, h->file);
    fprintf(f, "\" aria-labelledby=\"g%llu-h\">\n<h2 id=\"g%llu-h\">",
            (unsigned long long)h->section, (unsigned long long)h->section);
    if (d->game) {
        report_html_putf(f, S(HS_GAME_HEADING), h->file, (unsigned long long)d->game, h->white, h->black);
        if (h->round[0]) report_html_putf(f, S(HS_ROUND_SUFFIX), h->round);
    } else {
        report_html_putf(f, S(HS_FILE_LEVEL), h->file);
    }
    fputs("</h2>\n", f);
}

static bool same_section(const struct report_html *h, const char *file, uint64_t game)
{
    return h->kind != SECTION_NONE && h->game == game &&
           strcmp(h->file, file ? file : "<input>") == 0;
}

void report_html_diag(struct report_html *h, const struct diag *d)
{
    FILE *f = h->out;
    if (!same_section(h, d->file, d->game)) {
        report_html_close_section(h);
        open_section(h, d);
    }
    uint64_t id = ++h->findings;
    const struct diag_info *info = diag_info(d->code);
    h->count[d->severity]++;
    if (d->ply && !d->variation && d->san) {
        /* Mark the move in the main line: its first finding, its worst severity. */
        size_t i = 0;
        while (i < h->nmarks && h->marks[i].ply != d->ply)
            i++;
        if (i < h->nmarks) {
            if (d->severity < h->marks[i].severity) h->marks[i].severity = d->severity;
        } else if (h->nmarks < MARKS_MAX) {
            h->marks[h->nmarks++] = (struct mark){d->ply, id, d->severity};
        }
    }
    const char *sev = diag_severity_name(d->severity);
    fprintf(f, "<article class=\"finding f-%s\" id=\"f%llu\" data-code=\"%s\" data-line=\"%u\" "
               "data-game=\"%llu\"",
            sev, (unsigned long long)id, info->name, (unsigned)d->loc.line,
            (unsigned long long)d->game);
    if (d->ply) fprintf(f, " data-ply=\"%u\"", (unsigned)d->ply);
    fputs(" data-file=\"", f);
    report_html_put(f, d->file ? d->file : "<input>");
    fputs("\">\n<p class=\"fh\"><span class=\"sev\">", f);
    report_html_put(f, severity_word(d->severity));
    fprintf(f, "</span> <a class=\"code\" href=\"#x-%s\">%s</a>", info->name, info->name);
    if (info->fide[0]) {
        fputs(" <span class=\"fide\">", f);
        report_html_put(f, info->fide);
        fputs("</span>", f);
    }
    fputs(" <span class=\"loc\">", f);
    report_html_put(f, d->file ? d->file : "<input>");
    if (d->loc.line) fprintf(f, ":%u:%u", (unsigned)d->loc.line, (unsigned)d->loc.column);
    fputs("</span>", f);
    char mv[128];
    move_label(mv, sizeof mv, d);
    if (mv[0]) {
        fputs(" <span class=\"mv\">", f);
        report_html_put(f, mv);
        if (d->ply) {
            fputs(" (", f);
            report_html_putf(f, S(d->variation ? HS_PLY_VARIATION : HS_PLY), (unsigned)d->ply);
            fputs(")", f);
        }
        fputs("</span>", f);
    }
    fputs("</p>\n<p class=\"msg\">", f);
    report_html_put(f, d->message ? d->message : "");
    if (d->after_illegal) report_html_put(f, _(" (after an illegal move)"));
    fputs("</p>\n", f);
    /* A finding on the game's result, claims or ending has no position of its own: the
     * game's record below shows the final one. */
    if (!d->fen && !d->ply) h->game_level = true;
    if (d->fen && board_allowed(h)) {
        char intro[256];
        if (mv[0])
            snprintf(intro, sizeof intro, S(HS_BEFORE), mv);
        else
            snprintf(intro, sizeof intro, "%s", S(HS_START_OF_GAME));
        /* san_en: the move in English letters when the game is in another
         * notation (Italian Re2 is a king move); as written otherwise */
        write_board(h, d->fen, d->san_en ? d->san_en : d->san, d->code, intro);
    }
    fputs("</article>\n", f);
}

/* The main line, each finding's move marked and linked to it. */
static void write_mainline(struct report_html *h, const char *text)
{
    FILE *f = h->out;
    fputs("<p class=\"ml\"><strong>", f);
    report_html_put(f, S(HS_MAIN_LINE));
    fputs(":</strong> ", f);
    if (!text[0]) report_html_put(f, S(HS_MAIN_LINE_NONE));
    uint32_t ply = 0;
    char tok[256];
    for (const char *p = text; *p;) {
        size_t n = strcspn(p, " ");
        size_t k = n < sizeof tok - 1 ? n : sizeof tok - 1;
        memcpy(tok, p, k);
        tok[k] = '\0';
        bool number = k && strspn(tok, "0123456789.") == k && tok[0] != '.';
        bool ellipsis = strcmp(tok, "...") == 0;
        const struct mark *m = NULL;
        if (!number && !ellipsis) {
            ply++;
            for (size_t i = 0; i < h->nmarks; i++)
                if (h->marks[i].ply == ply) m = &h->marks[i];
        }
        if (m) {
            fprintf(f, "<a href=\"#f%llu\"><mark class=\"m-%s\" data-ply=\"%u\">",
                    (unsigned long long)m->finding, diag_severity_name(m->severity),
                    (unsigned)ply);
            report_html_put(f, tok);
            fputs("</mark></a>", f);
        } else {
            report_html_put(f, tok);
        }
        p += n;
        if (*p == ' ') {
            putc(' ', f);
            p++;
        }
    }
    fputs("</p>\n", f);
}

static void tag_row(FILE *f, enum hs name, const char *value)
{
    if (!report_html_present(value)) return;
    fputs("<tr><th>", f);
    report_html_put(f, S(name));
    fputs("</th><td>", f);
    report_html_put(f, value);
    fputs("</td></tr>", f);
}

void report_html_game(struct report_html *h, const struct game_record *g)
{
    if (!same_section(h, g->file, g->game)) {
        /* A game without findings has no section (it is counted only). */
        if (h->kind == SECTION_GAME) report_html_close_section(h);
        return;
    }
    FILE *f = h->out;
    fputs("<div class=\"rec\">\n<table class=\"tags\">", f);
    tag_row(f, HS_TAG_EVENT, g->event);
    tag_row(f, HS_TAG_SITE, g->site);
    tag_row(f, HS_TAG_DATE, g->date);
    tag_row(f, HS_TAG_ROUND, g->round);
    tag_row(f, HS_TAG_WHITE, g->white);
    tag_row(f, HS_TAG_BLACK, g->black);
    tag_row(f, HS_TAG_RESULT, g->result);
    fputs("</table>\n<p class=\"ending\">", f);
    if (g->ending == ENDING_NONE)
        report_html_put(f, S(HS_ENDING_NONE));
    else
        report_html_putf(f, S(HS_ENDING_AT), ending_words(g->ending), (unsigned)g->ending_ply);
    fputs("</p>\n", f);
    if (g->mainline) write_mainline(h, g->mainline);
    if ((g->ending != ENDING_NONE || h->game_level) && g->final_fen && board_allowed(h)) {
        char intro[256];
        if (g->ending != ENDING_NONE)
            snprintf(intro, sizeof intro, S(HS_FINAL_POSITION), ending_words(g->ending));
        else
            snprintf(intro, sizeof intro, "%s", S(HS_LAST_POSITION));
        write_board(h, g->final_fen, NULL, DIAG_CODE_NB, intro);
    }
    fputs("</div>\n", f);
    table_row(h, g->result);
    h->kind = SECTION_NONE;
    fputs("</section>\n", f);
}
