/*
 * trf_fields.c - the records of a TRF (FIDE Handbook C.04 Annex 2, TRF16 and
 * TRF-2026; JaVaFo's XXR and XXS): the header records kept (012, 042, 052,
 * 062, 132, 142, 162, XXR, XXS), the ones known and left (022 ... 122, 013
 * team lines, the other TRF-2026 and XX records), and the 001 player line
 * field by field, at fixed character columns.  A field that cannot be read
 * is a trf-malformed finding at its column; the rest of the line is read.
 */
#include "trf/trf_internal.h"

#include "i18n.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Byte range of columns from..to (1-based, inclusive), clipped to the line. */
static void field_range(const struct trf_reader *rd, unsigned from, unsigned to, size_t *b,
                        size_t *e)
{
    size_t f = from - 1 < rd->nchars ? from - 1 : rd->nchars;
    size_t l = to < rd->nchars ? to : rd->nchars;
    if (l < f) l = f;
    *b = rd->pos[f];
    *e = rd->pos[l];
}

/* Columns from..to, blanks trimmed, into out (cap bytes, cut at a character). */
static void field_text(const struct trf_reader *rd, unsigned from, unsigned to, char *out,
                       size_t cap)
{
    size_t b, e;
    field_range(rd, from, to, &b, &e);
    while (b < e && (rd->line_text[b] == ' ' || rd->line_text[b] == '\t'))
        b++;
    while (e > b && (rd->line_text[e - 1] == ' ' || rd->line_text[e - 1] == '\t'))
        e--;
    size_t n = e - b < cap - 1 ? e - b : cap - 1;
    while (n > 0 && n < e - b && ((unsigned char)rd->line_text[b + n] & 0xc0) == 0x80)
        n--;
    memcpy(out, rd->line_text + b, n);
    out[n] = '\0';
}

enum trf_number trf_field_number(const struct trf_reader *rd, unsigned from, unsigned to,
                                 unsigned *value)
{
    char text[64];
    field_text(rd, from, to, text, sizeof text);
    *value = 0;
    if (!text[0]) return TRF_NUMBER_BLANK;
    unsigned long v = 0;
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9') return TRF_NUMBER_BAD;
        v = v * 10 + (unsigned long)(*p - '0');
        if (v > 99999999999ul) return TRF_NUMBER_BAD;
    }
    *value = v > 0xffffffffu ? 0xffffffffu : (unsigned)v;
    return TRF_NUMBER_OK;
}

/* The first number of the text from column from on ("129 (88)" is 129). */
static unsigned first_number(const struct trf_reader *rd, unsigned from)
{
    char text[TRF_TEXT_MAX];
    field_text(rd, from, TRF_LINE_MAX, text, sizeof text);
    const char *p = text;
    while (*p && (*p < '0' || *p > '9'))
        p++;
    unsigned long v = 0;
    while (*p >= '0' && *p <= '9' && v < 100000)
        v = v * 10 + (unsigned long)(*p++ - '0');
    return (unsigned)v;
}

void trf_scoring_default(struct trf_scoring *s)
{
    *s = (struct trf_scoring){10, 5, 0, 10, 0, 5, 10, 10, 0};
}

/* A "KEY=1.0" value in tenths; -1 when it is not a number. */
static int tenths(const char *v)
{
    int whole = 0, tenth = 0;
    bool any = false;
    while (*v >= '0' && *v <= '9' && whole < 1000)
        whole = whole * 10 + (*v++ - '0'), any = true;
    if (*v == '.' || *v == ',') {
        v++;
        if (*v >= '0' && *v <= '9') tenth = *v - '0', any = true;
    }
    return any ? whole * 10 + tenth : -1;
}

/* 162 (TRF-2026) or XXS (JaVaFo): KEY=VALUE pairs.  JaVaFo's keys (WW BW
 * win, WD BD draw, WL BL loss, FW FL forfeits, HPB FPB PAB ZPB byes) and
 * the single letters of the result codes (W D L H F U Z) are read. */
static void read_scoring(struct trf_reader *rd, struct trf_scoring *s)
{
    char text[TRF_LINE_MAX];
    field_text(rd, 5, TRF_LINE_MAX, text, sizeof text);
    char *save = NULL;
    for (char *tok = strtok_r(text, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
        char *eq = strchr(tok, '=');
        if (!eq) continue;
        *eq = '\0';
        int v = tenths(eq + 1);
        if (v < 0) continue;
        static const struct {
            const char *key;
            size_t off;
        } keys[] = {
            {"WW", offsetof(struct trf_scoring, win)},   {"BW", offsetof(struct trf_scoring, win)},
            {"W", offsetof(struct trf_scoring, win)},    {"WD", offsetof(struct trf_scoring, draw)},
            {"BD", offsetof(struct trf_scoring, draw)},  {"D", offsetof(struct trf_scoring, draw)},
            {"WL", offsetof(struct trf_scoring, loss)},  {"BL", offsetof(struct trf_scoring, loss)},
            {"L", offsetof(struct trf_scoring, loss)},   {"FW", offsetof(struct trf_scoring, forfeit_win)},
            {"FL", offsetof(struct trf_scoring, forfeit_loss)},
            {"HPB", offsetof(struct trf_scoring, half_bye)}, {"H", offsetof(struct trf_scoring, half_bye)},
            {"FPB", offsetof(struct trf_scoring, full_bye)}, {"F", offsetof(struct trf_scoring, full_bye)},
            {"PAB", offsetof(struct trf_scoring, pairing_bye)}, {"U", offsetof(struct trf_scoring, pairing_bye)},
            {"ZPB", offsetof(struct trf_scoring, zero_bye)}, {"Z", offsetof(struct trf_scoring, zero_bye)},
        };
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            if (strcmp(tok, keys[k].key) == 0) *(int *)((char *)s + keys[k].off) = v;
    }
}

/* 132: a date per round at column 92 + 10 (r - 1), "YY/MM/DD" (also
 * YYYY/MM/DD, and the "YY.DD.MM" some programs write: a month over 12 is
 * read as the day). */
static void read_round_dates(struct trf_reader *rd, uint32_t lineno)
{
    for (unsigned r = 1; r <= TRF_ROUNDS_MAX; r++) {
        unsigned col = 92 + 10 * (r - 1);
        if (col > rd->nchars) break;
        char text[64];
        field_text(rd, col, col + 9, text, sizeof text);
        if (!text[0]) continue;
        int n[3] = {0, 0, 0}, digits0 = 0, k = 0;
        const char *p = text;
        for (; k < 3; k++) {
            while (*p && (*p < '0' || *p > '9'))
                p++;
            if (!*p) break;
            while (*p >= '0' && *p <= '9') {
                if (n[k] < 10000) n[k] = n[k] * 10 + (*p - '0');
                if (k == 0) digits0++;
                p++;
            }
        }
        struct trf_round_date d = {0, 0, 0};
        if (k == 3) {
            d.year = digits0 >= 4 ? n[0] : 2000 + n[0];
            d.month = n[1], d.day = n[2];
            if (d.month > 12 && d.day <= 12) d.month = n[2], d.day = n[1];
        }
        if (k != 3 || d.month < 1 || d.month > 12 || d.day < 1 || d.day > 31) {
            trf_emit(rd, DIAG_TRF_MALFORMED, lineno, col,
                     _("round %u: '%s' is not a date (YY/MM/DD)"), r, text);
            continue;
        }
        rd->t->dates[r] = d;
    }
}

/* One round block of a player line, at column col. */
static void read_block(struct trf_reader *rd, struct trf_player *p, unsigned r, uint32_t lineno)
{
    unsigned col = 92 + 10 * (r - 1);
    struct trf_block *b = &p->blocks[r - 1];
    b->column = col;
    if (col > rd->nchars) return; /* result '\0': no block */
    unsigned opp;
    switch (trf_field_number(rd, col, col + 3, &opp)) {
    case TRF_NUMBER_BAD: {
        char text[32];
        field_text(rd, col, col + 3, text, sizeof text);
        trf_emit(rd, DIAG_TRF_MALFORMED, lineno, col,
                 _("round %u: the opponent '%s' is not a starting rank"), r, text);
        opp = 0;
        break;
    }
    default:
        break;
    }
    b->opponent = opp <= TRF_PLAYERS_MAX ? (uint16_t)opp : 0;
    char c[4], res[4];
    field_text(rd, col + 5, col + 5, c, sizeof c);
    field_text(rd, col + 7, col + 7, res, sizeof res);
    b->colour = c[0] ? c[0] : ' ';
    b->result = res[0] ? res[0] : ' ';
    if (b->colour == 'W' || b->colour == 'B') b->colour = (char)(b->colour - 'A' + 'a');
    if (!strchr("wb- ", b->colour) || (c[0] && c[1])) {
        trf_emit(rd, DIAG_TRF_MALFORMED, lineno, col + 5,
                 _("round %u: the colour '%s' is not w, b or -"), r, c);
        b->colour = ' ';
    }
    if (!strchr("10=+-WDLHFUZ ", b->result) || (res[0] && res[1])) {
        trf_emit(rd, DIAG_TRF_MALFORMED, lineno, col + 7,
                 _("round %u: the result '%s' is not a TRF result code (1 = 0 + - W D L H F U Z)"),
                 r, res);
        b->result = ' ';
    }
}

/* A number field of a player line; a bad one is a finding at its column. */
static unsigned player_number(struct trf_reader *rd, uint32_t lineno, unsigned from, unsigned to,
                              const char *what)
{
    unsigned v;
    if (trf_field_number(rd, from, to, &v) == TRF_NUMBER_BAD) {
        char text[64];
        field_text(rd, from, to, text, sizeof text);
        /* TRANSLATORS: the second %s names the field: "rating", "rank" ... */
        trf_emit(rd, DIAG_TRF_MALFORMED, lineno, from, _("'%s' is not a number (%s)"), text,
                 what);
        return 0;
    }
    return v;
}

/* Points, columns 81-84: "3.5", "3,5", "3" (tenths). */
static void read_points(struct trf_reader *rd, struct trf_player *p, uint32_t lineno)
{
    char text[32];
    field_text(rd, 81, 84, text, sizeof text);
    p->points_column = 81;
    if (!text[0]) return;
    int v = tenths(text);
    size_t n = strspn(text, "0123456789.,");
    if (v < 0 || text[n]) {
        trf_emit(rd, DIAG_TRF_MALFORMED, lineno, 81, _("'%s' is not a number (%s)"), text,
                 _("points"));
        return;
    }
    p->points = v;
    p->has_points = true;
}

static void read_player(struct trf_reader *rd, uint32_t lineno)
{
    struct trf *t = rd->t;
    unsigned rank;
    enum trf_number st = trf_field_number(rd, 5, 8, &rank);
    if (st != TRF_NUMBER_OK || rank == 0) {
        char text[32];
        field_text(rd, 5, 8, text, sizeof text);
        trf_emit(rd, DIAG_TRF_MALFORMED, lineno, 5,
                 _("'%s' is not a starting rank (columns 5-8): the player line is left out"), text);
        return;
    }
    struct trf_player *p = &t->player[rank];
    if (p->rank) {
        trf_emit(rd, DIAG_TRF_MALFORMED, lineno, 5,
                 _("starting rank %u is given again (first on line %u): this line is left out"),
                 rank, (unsigned)p->line);
        return;
    }
    t->nplayers++;
    p->rank = rank;
    p->line = lineno;
    if (rd->nchars < 84)
        trf_emit(rd, DIAG_TRF_MALFORMED, lineno, (uint32_t)rd->nchars + 1,
                 _("the player line ends at column %u, before its points (81-84)"),
                 (unsigned)rd->nchars);
    char sex[8];
    field_text(rd, 10, 10, sex, sizeof sex);
    p->sex = sex[0];
    field_text(rd, 11, 13, p->title, sizeof p->title);
    field_text(rd, 15, 47, p->name, sizeof p->name);
    p->rating = player_number(rd, lineno, 49, 52, _("rating"));
    field_text(rd, 54, 56, p->federation, sizeof p->federation);
    unsigned id;
    char idtext[32];
    field_text(rd, 58, 68, idtext, sizeof idtext);
    if (trf_field_number(rd, 58, 68, &id) == TRF_NUMBER_BAD)
        trf_emit(rd, DIAG_TRF_FORMAT, lineno, 58,
                 _("'%s' is not a FIDE ID (digits only): not used to find the player"), idtext);
    else if (id)
        snprintf(p->fide_id, sizeof p->fide_id, "%u", id);
    field_text(rd, 70, 79, p->birth, sizeof p->birth);
    read_points(rd, p, lineno);
    p->final_rank = player_number(rd, lineno, 86, 89, _("rank"));
    for (unsigned r = 1; r <= rd->blocks_max; r++)
        read_block(rd, p, r, lineno);
    /* blank blocks at the end of the line are no blocks (trailing blanks) */
    for (unsigned r = rd->blocks_max; r > 0; r--) {
        struct trf_block *b = &p->blocks[r - 1];
        if (b->opponent || (b->result && b->result != ' ') || (b->colour && b->colour != ' '))
            break;
        b->result = '\0';
        b->colour = ' ';
    }
}

bool trf_record(struct trf_reader *rd, const char code[4], uint32_t lineno)
{
    struct trf *t = rd->t;
    if (strcmp(code, "001") == 0) {
        read_player(rd, lineno);
    } else if (strcmp(code, "012") == 0) {
        field_text(rd, 5, TRF_LINE_MAX, t->name, sizeof t->name);
    } else if (strcmp(code, "042") == 0) {
        field_text(rd, 5, TRF_LINE_MAX, t->start, sizeof t->start);
    } else if (strcmp(code, "052") == 0) {
        field_text(rd, 5, TRF_LINE_MAX, t->end, sizeof t->end);
    } else if (strcmp(code, "062") == 0) {
        t->declared_players = first_number(rd, 5);
        rd->players_line = lineno;
    } else if (strcmp(code, "132") == 0) {
        read_round_dates(rd, lineno);
    } else if (strcmp(code, "142") == 0 || strcmp(code, "XXR") == 0) {
        if (!t->declared_rounds || code[0] == '1') t->declared_rounds = first_number(rd, 5);
    } else if (strcmp(code, "162") == 0 || strcmp(code, "XXS") == 0) {
        read_scoring(rd, &t->scoring);
    } else if (code[0] == 'X' && code[1] == 'X') {
        /* JaVaFo's other TRF(x) records (XXC, XXA, XXP ...): nothing to check */
    } else {
        /* TRF16's 013 team lines and 022-122 headers, TRF-2026's 152-222 and
         * 3xx records: known, nothing to check */
        static const char *const known[] = {"013", "022", "032", "072", "082", "092", "102",
                                            "112", "122", "152", "172", "182", "192", "202",
                                            "212", "222"};
        for (size_t k = 0; k < sizeof known / sizeof known[0]; k++)
            if (strcmp(code, known[k]) == 0) return true;
        return false;
    }
    return true;
}
