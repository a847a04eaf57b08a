/*
 * api_position.c - pgnarbiter_judge_position() and pgnarbiter_play_move()
 * (include/pgnarbiter.h): a FEN (PGN 16.1) judged as `pgnarbiter position`
 * judges it (judge/position_verdict.h, its jsonl line by
 * report/position_json.h), and one move in any notation the reader knows
 * (FIDE Appendix C.2 letters, figurines, LAN, UCI: chess/notation.h,
 * chess/san.h) played from a FEN.
 */
#include "api/api_internal.h"

#include "i18n.h"

#include "chess/fen.h"
#include "chess/notation.h"
#include "chess/position.h"
#include "chess/san.h"
#include "judge/position_verdict.h"
#include "report/position_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The largest node budget (the command's --nodes limit). */
#define API_NODES_MAX 10000000ul

static int fail(char *why, size_t whylen, int status, const char *message)
{
    if (why && whylen) snprintf(why, whylen, "%s", message);
    return status;
}

static int can_win(const struct position_verdict *v, int c)
{
    const char *j = position_can_win_json(v, c);
    return j[0] == 't' ? 1 : j[0] == 'f' ? 0 : -1;
}

PGNARBITER_API int pgnarbiter_judge_position(const char *fen, int chess960, unsigned long nodes,
                                             struct pgnarbiter_position *out, char *why,
                                             size_t whylen)
{
    api_i18n_init();
    if (!out)
        return fail(why, whylen, PGNARBITER_ERR_USAGE,
                    _("pgnarbiter_judge_position needs a place for the verdict"));
    memset(out, 0, sizeof *out);
    if (!fen)
        return fail(why, whylen, PGNARBITER_ERR_USAGE, _("pgnarbiter_judge_position needs a FEN"));
    if (nodes > API_NODES_MAX) {
        char m[256], given[32];
        snprintf(given, sizeof given, "%lu", nodes);
        snprintf(m, sizeof m, _("--nodes takes a number from 1 to %s, not '%s'"), "10000000",
                 given);
        return fail(why, whylen, PGNARBITER_ERR_USAGE, m);
    }
    struct position_verdict v;
    memset(&v, 0, sizeof v);
    v.fen = fen;
    position_judge(&v, chess960 ? FEN_CHESS960 : 0u, nodes ? nodes : DEADPOS_NODES_DEFAULT);
    char *text = NULL;
    size_t len = 0;
    FILE *ms = open_memstream(&text, &len);
    if (ms) {
        position_write_jsonl(ms, &v);
        if (fclose(ms) != 0) {
            free(text);
            text = NULL;
        }
    }
    if (!text) return fail(why, whylen, PGNARBITER_ERR_MEMORY, _("out of memory"));
    if (len && text[len - 1] == '\n') text[len - 1] = '\0'; /* the line without its line feed */
    out->json = text;
    out->legal = v.legal;
    if (!v.legal) {
        snprintf(out->reason, sizeof out->reason, "%s", v.why);
        out->white_can_win = out->black_can_win = -1;
        return PGNARBITER_OK;
    }
    out->check = v.check;
    out->checkmate = v.mate;
    out->stalemate = v.stalemate;
    const char *dead = position_dead_json(&v);
    out->dead = dead[0] == 't';
    out->white_can_win = can_win(&v, COLOR_WHITE);
    out->black_can_win = can_win(&v, COLOR_BLACK);
    return PGNARBITER_OK;
}

/* The legal moves tok reads as under each notation that mode allows and its
 * letters fit; *n distinct moves in found (up to max), the last result in
 * *last for the message when none is legal. */
static void read_move(const struct position *pos, const char *tok, size_t len, enum nota_mode mode,
                      move *found, int *n, int max, struct san_result *last)
{
    uint32_t letters = nota_scan(tok, len);
    unsigned sets = mode == NOTA_MODE_AUTO ? NOTA_ALL : nota_mode_sets(mode);
    unsigned fits = sets & nota_sets_of(letters);
    if (fits) sets = fits;
    *n = 0;
    bool tried_plain = false;
    for (unsigned s = NOTA_EN; s <= NOTA_NL; s <<= 1) {
        if (!(sets & s)) continue;
        char english[SAN_TOKEN_MAX + 8];
        const char *t = tok;
        size_t tlen = len;
        if (letters && nota_agree(s, letters)) {
            tlen = nota_translate(s, tok, len, english, sizeof english);
            t = english;
        } else if (tried_plain) {
            continue;
        } else {
            tried_plain = true;
        }
        struct san_result res;
        if (san_resolve(pos, t, tlen, &res) != SAN_OK) {
            if (*n == 0) *last = res;
            continue;
        }
        bool seen = false;
        for (int i = 0; i < *n; i++)
            seen |= found[i] == res.m;
        if (!seen && *n < max) found[(*n)++] = res.m;
    }
}

PGNARBITER_API int pgnarbiter_play_move(const char *fen, const char *move_text,
                                        const char *notation, char **san, char **fen_after,
                                        char *why, size_t whylen)
{
    api_i18n_init();
    if (san) *san = NULL;
    if (fen_after) *fen_after = NULL;
    if (!fen || !move_text || !san || !fen_after)
        return fail(why, whylen, PGNARBITER_ERR_USAGE,
                    _("pgnarbiter_play_move needs a FEN, a move and places for the results"));
    enum nota_mode mode = NOTA_MODE_AUTO;
    char m[512];
    if (notation && !nota_parse_mode(notation, &mode)) {
        snprintf(m, sizeof m, _("unknown --notation '%s' (auto, en, it, es, fr, de, nl, figurine)"),
                 notation);
        return fail(why, whylen, PGNARBITER_ERR_USAGE, m);
    }
    struct position pos;
    char reason[160];
    if (fen_parse(&pos, fen, 0, reason, sizeof reason) != FEN_OK) {
        snprintf(m, sizeof m, _("the FEN is not a legal position: %s"), reason);
        return fail(why, whylen, PGNARBITER_ERR_USAGE, m);
    }
    size_t len = strlen(move_text);
    move found[NOTA_SET_NB];
    int n = 0;
    struct san_result last;
    memset(&last, 0, sizeof last);
    last.status = SAN_BAD;
    last.why = SAN_WHY_SYNTAX;
    if (len <= SAN_TOKEN_MAX) read_move(&pos, move_text, len, mode, found, &n, NOTA_SET_NB, &last);
    if (n != 1) {
        char explained[256] = "";
        if (n > 1) {
            char a[SAN_MAX], b[SAN_MAX];
            san_write(&pos, found[0], a);
            san_write(&pos, found[1], b);
            snprintf(m, sizeof m, _("the move '%s' is ambiguous: it reads as %s or %s"), move_text,
                     a, b);
        } else {
            if (len <= SAN_TOKEN_MAX) san_explain(&pos, &last, explained, sizeof explained);
            snprintf(m, sizeof m,
                     last.status == SAN_ILLEGAL     ? _("the move '%s' is illegal here: %s")
                     : last.status == SAN_AMBIGUOUS ? _("the move '%s' is ambiguous: %s")
                                                    : _("'%s' is not a move: %s"),
                     move_text, explained[0] ? explained : _("not a move in any notation read"));
        }
        return fail(why, whylen, PGNARBITER_ERR_USAGE, m);
    }
    char text[SAN_MAX];
    san_write(&pos, found[0], text);
    pos_make(&pos, found[0]);
    char after[FEN_MAX];
    fen_write(&pos, after, sizeof after);
    *san = strdup(text);
    *fen_after = strdup(after);
    if (!*san || !*fen_after) {
        free(*san);
        free(*fen_after);
        *san = *fen_after = NULL;
        return fail(why, whylen, PGNARBITER_ERR_MEMORY, _("out of memory"));
    }
    return PGNARBITER_OK;
}

PGNARBITER_API void pgnarbiter_string_free(char *s)
{
    free(s);
}
