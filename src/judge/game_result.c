/*
 * game_result.c - the result a game records, in PGN's four forms (8.2.6) and
 * in the forms arbiters write (pgn/pgn_result.h: "0-0", "1/2-0", "+/-",
 * "1F-0F" ...), and what kind of game that makes it (played, forfeit,
 * double forfeit, bye, unfinished: game_record.h).
 *
 * - A movetext that ends, with no marker, in "0-0", "+/-" or "-/+"
 *   (PGN_RESULT_AMBIGUOUS) is read as the marker when the Result tag says
 *   the same, when the game has no moves, or ("0-0") when castling is not
 *   legal in the final position; otherwise as the castling or glyph it also
 *   is, and the movetext has no marker.  Never a silent guess: the findings
 *   say which reading was taken.
 * - A form outside PGN's four is a nonstandard-result (once a game: the tag,
 *   else the marker); tag and marker disagree (result-mismatch) when they
 *   give either player other points, or one is "*".
 * - A forfeit is a game not played (FIDE 6.7.1: a player who does not come
 *   loses), told by the result's form, or by a decisive result of a game
 *   with at most one move whose Termination or closing comment says so
 *   (claims.c).  With one move recorded it is a forfeit-with-moves (note);
 *   a forfeit form in a game both players moved in is played-as-forfeit.
 *
 * The other findings about the result (wrong-result, unwinnable-win, the
 * automatic draws) compare points: an ending gives each side at most what it
 * earns there, and an arbiter's penalty (12.9) may only take points away, so
 * "1/2-0" after a draw or after White's checkmate is no contradiction.
 */
#include "judge/game_internal.h"

#include "i18n.h"

#include "chess/san.h"
#include "judge/claims.h"
#include "pgn/pgn_parse.h"
#include "pgn/pgn_result.h"

#include <string.h>

/* The form of a result text (NUL-terminated), or NULL: PGN's four in their
 * own spelling without the table's normalising read. */
const struct pgn_result_form *game_result_form(const char *text)
{
    if (!text) return NULL;
    unsigned code = game_result_code(text);
    return code ? pgn_result_standard(code - 1) : pgn_result_read(text, strlen(text));
}

bool game_result_ambiguous(struct game *g, const struct pgn_event *ev)
{
    const struct pgn_result_form *tag = game_result_form(tag_value(g, TAG_RESULT));
    const struct line *l = &g->lines[0];
    bool zeros = ev->text[0] == '0';
    g->result_read = GAME_RESULT_READ_MARKER;
    g->result_read_zeros = zeros;
    if ((tag && strcmp(tag->text, ev->text) == 0) || g->plies == 0) return true;
    if (zeros && g->replayable && !l->broken) {
        struct san_result res;
        if (san_resolve(&l->pos, "O-O", 3, &res) != SAN_OK) {
            g->result_read = GAME_RESULT_READ_NO_CASTLING;
            return true;
        }
    }
    g->result_read = GAME_RESULT_READ_MOVE;
    g->result_loc = ev->loc;
    if (zeros) { /* castling, written with zeros */
        struct pgn_event mv = *ev;
        mv.type = PGN_EV_MOVE;
        mv.number = 0;
        game_feed(g, &mv);
    }
    return false;
}

/* "0-0" in a game both players moved in: both lost it (an arbiter's
 * decision, as French team events record an ineligible pairing), not a
 * double forfeit.  "0F-0F" and "-/-" say forfeit in so many words. */
static bool both_lost(const struct game *g, const struct pgn_result_form *f)
{
    return f->cls == PGN_RESULT_DOUBLE_FORFEIT && f->ambiguous && g->plies >= 2;
}

/* What a form gives: "a double forfeit" ... as the findings say it. */
static const char *form_meaning(const struct game *g, const struct pgn_result_form *f)
{
    switch (f->cls) {
    case PGN_RESULT_DOUBLE_FORFEIT:
        if (both_lost(g, f)) return _("a loss for both players (an arbiter's decision)");
        return _("a double forfeit: neither player scores");
    case PGN_RESULT_SPLIT:
        return f->white ? _("half a point for White and none for Black (an arbiter's decision)")
                        : _("none for White and half a point for Black (an arbiter's decision)");
    case PGN_RESULT_FORFEIT:
        return f->white ? _("a win for White by forfeit") : _("a win for Black by forfeit");
    default:
        return f->text;
    }
}

static void report_nonstandard(struct game *g, const struct pgn_result_form *f,
                               const char *written, const struct src_loc *loc, bool marker)
{
    if (marker && g->result_read == GAME_RESULT_READ_NO_CASTLING)
        game_emitf(g, DIAG_NONSTANDARD_RESULT, DIAG_WARNING, loc, NULL,
                   _("the movetext ends in 0-0 and castling is not legal there: read as the "
                     "result 0-0, which is not one of PGN's four (1-0, 0-1, 1/2-1/2, *): %s"),
                   form_meaning(g, f));
    else
        game_emitf(g, DIAG_NONSTANDARD_RESULT, DIAG_WARNING, loc, NULL,
                   _("the result %s is not one of PGN's four (1-0, 0-1, 1/2-1/2, *): read as %s"),
                   written, form_meaning(g, f));
}

/* A player's name that stands for no opponent. */
static bool bye_name(const char *name)
{
    static const char *const byes[] = {"bye", "(bye)", "riposo", "spielfrei", "exempt", "descanso"};
    if (!name) return false;
    for (size_t i = 0; i < sizeof byes / sizeof byes[0]; i++)
        if (strcasecmp(name, byes[i]) == 0) return true;
    return false;
}

static enum result_kind kind_of(const struct game *g, const struct pgn_result_form *f,
                                const struct claim *said)
{
    if (!f || f->cls == PGN_RESULT_UNFINISHED) return RESULT_KIND_UNFINISHED;
    if (f->cls == PGN_RESULT_DOUBLE_FORFEIT)
        return both_lost(g, f) ? RESULT_KIND_PLAYED : RESULT_KIND_DOUBLE_FORFEIT;
    if (g->plies == 0 &&
        (said->bye || bye_name(tag_value(g, TAG_WHITE)) || bye_name(tag_value(g, TAG_BLACK))))
        return RESULT_KIND_BYE;
    if (f->cls == PGN_RESULT_FORFEIT) return RESULT_KIND_FORFEIT;
    /* Words say forfeit only for a game not played: after moves by both
     * players "forfeits on time", "by disconnection", "vittoria a tavolino"
     * (a penalty) are a game lost, rightly recorded 1-0 or 0-1. */
    if (said->forfeit && g->plies <= 1 && f->cls == PGN_RESULT_PLAYED && f->white != f->black)
        return RESULT_KIND_FORFEIT;
    return RESULT_KIND_PLAYED;
}

/* Where the result is written: the marker, else the tag, else the game. */
static const struct src_loc *result_at(const struct game *g)
{
    if (g->has_result || g->result_read == GAME_RESULT_READ_MOVE) return &g->result_loc;
    if (g->tags[TAG_RESULT].present) return &g->tags[TAG_RESULT].loc;
    return &g->start;
}

const char *game_result_judge(struct game *g, const struct claim *said,
                              const struct pgn_result_form **form)
{
    const char *tag = tag_value(g, TAG_RESULT);
    const struct pgn_result_form *tf = game_result_form(tag);
    const struct pgn_result_form *mf = g->has_result ? game_result_form(g->result) : NULL;

    if (tf && !tf->standard) report_nonstandard(g, tf, tag, &g->tags[TAG_RESULT].loc, false);
    if (mf && !mf->standard && tf != mf) report_nonstandard(g, mf, g->result, &g->result_loc, true);
    /* PGN 8.2.6: the Result tag and the marker are the same result */
    if (tf && mf &&
        (tf->white != mf->white || tf->black != mf->black ||
         (tf->cls == PGN_RESULT_UNFINISHED) != (mf->cls == PGN_RESULT_UNFINISHED)))
        game_emitf(g, DIAG_RESULT_MISMATCH, DIAG_ERROR, &g->result_loc, NULL,
                   _("the Result tag says %s but the movetext ends with %s"), tag, g->result);
    if (g->result_read == GAME_RESULT_READ_MOVE)
        game_emitf(g, DIAG_MISSING_RESULT, DIAG_WARNING, &g->result_loc, NULL,
                   g->result_read_zeros
                       ? _("the movetext ends without a termination marker: its last token, "
                           "0-0, is read as castling")
                       : _("the movetext ends without a termination marker: its last token is "
                           "read as an annotation glyph"));

    *form = tf ? tf : mf;
    const char *result = *form ? (*form)->text : NULL; /* as the table writes it */
    /* the kind from the more telling of two that agree: "1-0" and "1F-0F" */
    const struct pgn_result_form *kf = *form;
    if (tf && mf && tf->cls == PGN_RESULT_PLAYED && !mf->standard && tf->white == mf->white &&
        tf->black == mf->black)
        kf = mf;
    g->result_kind = kind_of(g, kf, said);
    bool forfeit =
        g->result_kind == RESULT_KIND_FORFEIT || g->result_kind == RESULT_KIND_DOUBLE_FORFEIT;
    if (forfeit && g->plies >= 2)
        game_emitf(g, DIAG_PLAYED_AS_FORFEIT, DIAG_WARNING, result_at(g), NULL,
                   ngettext("the result %s says the game was not played (a forfeit), but both "
                            "players moved: %u half-move is recorded",
                            "the result %s says the game was not played (a forfeit), but both "
                            "players moved: %u half-moves are recorded",
                            g->plies),
                   kf->text, (unsigned)g->plies);
    else if (forfeit && g->plies == 1)
        game_emitf(g, DIAG_FORFEIT_WITH_MOVES, DIAG_NOTE, result_at(g), NULL,
                   _("the result %s is a forfeit and one move is recorded: only one player "
                     "moved, so the game was not played (a player who does not come loses, "
                     "6.7.1)"),
                   kf->text);
    return result;
}
