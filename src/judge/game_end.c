/*
 * game_end.c - what is judged when a game ends (SPEC "How an ending is
 * judged"): the termination marker against the Result tag (PGN 8.2.6), the
 * automatic draws the game ran past (5.2.2, 9.6), moves recorded after the
 * end, the recorded result against the ending, and draw claims in the
 * Termination tag or the last comment (9.2, 9.3, insufficient material).
 * Also the tag values the replay itself does not need.
 */
#include "judge/game_internal.h"

#include "i18n.h"

#include "judge/claims.h"
#include "judge/player_name.h"
#include "deadpos/deadpos.h"
#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/san.h"
#include "pgn/pgn_result.h"

#include <stdio.h>
#include <string.h>

static const char *ending_phrase(enum ending_kind e)
{
    switch (e) {
    case ENDING_CHECKMATE:
        /* TRANSLATORS: how a game ended, after "ended by" / "not by". */
        return C_("ended by", "checkmate");
    case ENDING_STALEMATE:
        return C_("ended by", "stalemate");
    case ENDING_DEAD_POSITION:
        return C_("ended by", "a dead position");
    case ENDING_FIVEFOLD:
        return C_("ended by", "fivefold repetition");
    case ENDING_75_MOVE:
        return C_("ended by", "the 75-move rule");
    default:
        return C_("ended by", "nothing");
    }
}

/* strcmp(a, b) == 0 for the short texts judged once per game (results,
 * rounds): inline, where the library call costs more than the comparison. */
static inline bool text_is(const char *a, const char *b)
{
    while (*a && *a == *b)
        a++, b++;
    return *a == *b;
}

static const struct src_loc *result_location(const struct game *g);

/* game_internal.h */
const struct src_loc *game_result_loc(const struct game *g)
{
    return result_location(g);
}

static const struct src_loc *result_location(const struct game *g)
{
    if (g->has_result) return &g->result_loc;
    if (g->tags[TAG_RESULT].present) return &g->tags[TAG_RESULT].loc;
    return &g->start;
}

/* PGN 8.1.1.3: "YYYY.MM.DD", each field digits or all '?' for unknown.
 * NULL when d is such a date, else what is wrong with it. */
static const char *date_fault(const char *d)
{
    static const int width[3] = {4, 2, 2};
    static const int max[3] = {9999, 12, 31};
    static const char *const field[3] = {"the year is not 4 digits (or ?\?\?\?)",
                                         "the month is not 2 digits (or ?\?)",
                                         "the day is not 2 digits (or ?\?)"};
    static const char *const range[3] = {"", "the month is not 01 to 12", "the day is not 01 to 31"};
    for (int f = 0; f < 3; f++) {
        int value = 0, digits = 0, marks = 0;
        for (int i = 0; i < width[f]; i++, d++) {
            if (*d >= '0' && *d <= '9')
                value = value * 10 + (*d - '0'), digits++;
            else if (*d == '?')
                marks++;
            else
                return field[f];
        }
        if (digits && marks) return field[f];
        if (digits && f > 0 && (value < 1 || value > max[f])) return range[f];
        if (f < 2 && *d++ != '.') return f == 0 ? "no '.' after the year" : "no '.' after the month";
    }
    return *d == '\0' ? NULL : "something follows the day";
}

/* PGN 8.1.1.4: "?", "-", or positive integers separated by periods ("3.1"). */
static bool round_valid(const char *r)
{
    if (text_is(r, "?") || text_is(r, "-")) return true;
    bool digit = false;
    for (; *r; r++) {
        if (*r >= '0' && *r <= '9')
            digit = true;
        else if (*r == '.' && digit)
            digit = false;
        else
            return false;
    }
    return digit;
}

/* The tag section, once complete: Seven Tag Roster, Date, Round, Result values. */
void game_check_tags(struct game *g)
{
    for (int t = 0; t < TAG_ROSTER_NB; t++)
        if (!g->tags[t].present)
            game_emitf(g, DIAG_MISSING_TAG, DIAG_NOTE, &g->start, NULL,
                       _("the %s tag of the Seven Tag Roster is missing"), game_tag_names[t].text);
    const char *tag = tag_value(g, TAG_RESULT);
    const struct pgn_result_form *form = tag ? game_result_form(tag) : NULL;
    if (tag && !game_result_code(tag) && !(form && !form->standard)) /* else game_result.c */
        game_emitf(g, DIAG_BAD_TAG, DIAG_WARNING, &g->tags[TAG_RESULT].loc, NULL,
                   _("Result \"%s\" is not one of 1-0, 0-1, 1/2-1/2, *"), tag);
    const char *date = tag_value(g, TAG_DATE);
    const char *fault = date ? date_fault(date) : NULL;
    if (fault)
        game_emitf(g, DIAG_BAD_TAG, DIAG_WARNING, &g->tags[TAG_DATE].loc, NULL,
                   _("Date \"%s\" is not YYYY.MM.DD (with ? for unknown parts): %s"), date, fault);
    const char *round = tag_value(g, TAG_ROUND);
    if (round && !round_valid(round))
        game_emitf(g, DIAG_BAD_TAG, DIAG_WARNING, &g->tags[TAG_ROUND].loc, NULL,
                   _("Round \"%s\" is not ?, - or numbers separated by periods"), round);
    for (int t = TAG_WHITE_FIDE_ID; t <= TAG_BLACK_FIDE_ID; t++) {
        const char *id = tag_value(g, (enum tag_slot)t);
        char digits[PLAYER_FIDE_ID_DIGITS_MAX + 1];
        if (UNLIKELY(id != NULL) &&
            player_fide_id(id, strlen(id), digits) == PLAYER_FIDE_ID_MALFORMED)
            game_emitf(g, DIAG_BAD_FIDE_ID, DIAG_WARNING, &g->tags[t].loc, NULL,
                       _("%s \"%s\" is not a FIDE ID, which is a number of 1 to %d digits"),
                       game_tag_names[t].text, id, PLAYER_FIDE_ID_DIGITS_MAX);
    }
}

/* The result gives no side more than a draw (1/2-0 and 0-0 included: an
 * arbiter's penalty, 12.9, only takes points away); "*" decides nothing. */
static bool at_most_drawn(const struct pgn_result_form *f)
{
    return f && f->cls != PGN_RESULT_UNFINISHED && f->white <= 1 && f->black <= 1;
}

static void judge_automatic_draw(struct game *g, const char *result,
                                 const struct pgn_result_form *form)
{
    enum ending_kind e = g->arb.ending;
    enum diag_code code = e == ENDING_FIVEFOLD        ? DIAG_MISSED_FIVEFOLD
                          : e == ENDING_75_MOVE       ? DIAG_MISSED_75_MOVE
                          : e == ENDING_DEAD_POSITION ? DIAG_DEAD_POSITION
                                                      : DIAG_CODE_NB;
    if (code == DIAG_CODE_NB) return;
    if (!g->void_moves && at_most_drawn(form)) return;
    static const char *const what[] = {
        [ENDING_FIVEFOLD] = N_("the same position occurred for the fifth time (9.6.1)"),
        [ENDING_75_MOVE] = N_("75 moves by each side without a pawn move or capture (9.6.2)"),
        [ENDING_DEAD_POSITION] = N_("dead position: neither side can checkmate (5.2.2)"),
    };
    char tail[320];
    if (g->void_moves)
        snprintf(tail, sizeof tail,
                 ngettext("but %u more half-move is recorded", "but %u more half-moves are recorded",
                          g->void_moves),
                 (unsigned)g->void_moves);
    else
        snprintf(tail, sizeof tail, _("but the result is %s"), result ? result : _("missing"));
    const struct move_ctx *at = g->arb.ending_ply ? &g->ending_at : NULL;
    game_emitf(g, code, DIAG_ERROR, at ? NULL : &g->start, at, _("%s: the game was drawn here, %s"),
               _(what[e]), tail);
}

/* The recorded result against the ending: wrong when it gives a side more
 * than the ending does (a checkmate: all to the winner; a draw: half each);
 * less is an arbiter's penalty (12.9), not a contradiction. */
static void judge_wrong_result(struct game *g, const char *result,
                               const struct pgn_result_form *form)
{
    enum ending_kind e = g->arb.ending;
    if (e == ENDING_NONE || !form || form->cls == PGN_RESULT_UNFINISHED) return;
    if (e == ENDING_CHECKMATE) {
        /* Moves after the ending are not played: the main line's current
         * position is the ending position, and its side to move was mated. */
        int mated = g->lines[0].pos.side;
        const char *expect = mated == COLOR_WHITE ? "0-1" : "1-0";
        if ((mated == COLOR_WHITE ? form->white : form->black) > 0)
            game_emitf(
                g, DIAG_WRONG_RESULT, DIAG_ERROR, result_location(g), NULL,
                mated == COLOR_WHITE
                    ? _("recorded %s, but Black checkmated White at ply %u: the result is %s")
                    : _("recorded %s, but White checkmated Black at ply %u: the result is %s"),
                result, (unsigned)g->arb.ending_ply, expect);
    } else if (!at_most_drawn(form)) {
        game_emitf(g, DIAG_WRONG_RESULT, DIAG_ERROR, result_location(g), NULL,
                   _("recorded %s, but the game ended by %s at ply %u: the result is 1/2-1/2"),
                   result, ending_phrase(e), (unsigned)g->arb.ending_ply);
    }
}

/* The side a result gives the whole point (1-0, and forfeits: +/-, 1F-0F),
 * -1 for any other. */
static int result_winner(const struct pgn_result_form *f)
{
    if (!f || f->cls == PGN_RESULT_UNFINISHED || f->white + f->black != 2 || f->white == 1)
        return -1;
    return f->white == 2 ? COLOR_WHITE : COLOR_BLACK;
}

/* Would some legal move of the side to move complete the claim? */
static bool some_move_completes(const struct game *g, const struct position *pos,
                                enum claim_kind kind)
{
    move list[MOVES_MAX];
    int n = movegen_legal(pos, list);
    for (int i = 0; i < n; i++) {
        if (kind == CLAIM_REPETITION && arb_reps_after(&g->arb, pos, list[i]) >= 3) return true;
        if (kind == CLAIM_FIFTY) {
            struct position next = *pos;
            pos_make(&next, list[i]);
            if (next.halfmove >= 100) return true;
        }
    }
    return false;
}

/* Why a claim does not hold, or NULL when it does (or cannot be refuted). */
static const char *claim_refuted(const struct game *g, const struct position *final,
                                 enum claim_kind kind, char *buf, size_t size)
{
    enum ending_kind e = g->arb.ending;
    switch (kind) {
    case CLAIM_CHECKMATE:
        if (e == ENDING_CHECKMATE) return NULL;
        if (e != ENDING_NONE)
            snprintf(buf, size, _("the game did not end by checkmate but by %s"), ending_phrase(e));
        else
            snprintf(buf, size, "%s", _("the game did not end by checkmate"));
        return buf;
    case CLAIM_STALEMATE:
        if (e == ENDING_STALEMATE) return NULL;
        snprintf(buf, size, "%s", _("the final position is not stalemate"));
        return buf;
    case CLAIM_REPETITION:
        if (e == ENDING_FIVEFOLD || g->arb.reps >= 3 ||
            some_move_completes(g, final, CLAIM_REPETITION))
            return NULL;
        snprintf(
            buf, size,
            ngettext("the final position occurred %u time and no move repeats it a third time "
                     "(9.2)",
                     "the final position occurred %u times and no move repeats it a third time "
                     "(9.2)",
                     g->arb.reps),
            g->arb.reps);
        return buf;
    case CLAIM_FIFTY:
        if (e == ENDING_75_MOVE || final->halfmove >= 100 ||
            some_move_completes(g, final, CLAIM_FIFTY))
            return NULL;
        snprintf(buf, size,
                 _("only %u half-moves without pawn move or capture; 9.3 needs 100 (50 by each "
                   "side)"),
                 (unsigned) final->halfmove);
        return buf;
    case CLAIM_DEAD:
        if (e == ENDING_DEAD_POSITION) return NULL;
        if (e != ENDING_NONE) {
            snprintf(buf, size, _("the game ended by %s, not by a dead position"),
                     ending_phrase(e));
            return buf;
        }
        /* refuted, as insufficient material, only by a helpmate found */
        __attribute__((fallthrough));
    case CLAIM_INSUFFICIENT:
    case CLAIM_TIMEOUT_VS_INSUFFICIENT: {
        /* Refuted only by proof: a helpmate found by the full analysis (rare
         * path: only games that make this claim).  "Insufficient material"
         * says neither side can mate, so one side that can refutes it; after a
         * timeout we do not know who flagged, so it takes both. */
        int can = 0, first = -1;
        for (int side = COLOR_WHITE; side <= COLOR_BLACK; side++) {
            struct deadpos_result r;
            deadpos_analyse(final, side, DEADPOS_NODES_DEFAULT, &r);
            if (r.verdict == DEADPOS_CAN_WIN) {
                can++;
                if (first < 0) first = side;
            }
        }
        if (kind != CLAIM_TIMEOUT_VS_INSUFFICIENT ? can == 0 : can < 2) return NULL;
        if (kind != CLAIM_TIMEOUT_VS_INSUFFICIENT)
            snprintf(buf, size, "%s",
                     first == COLOR_WHITE ? _("White can still checkmate (a helpmate exists)")
                                          : _("Black can still checkmate (a helpmate exists)"));
        else
            snprintf(buf, size, "%s", _("both sides can still checkmate"));
        return buf;
    }
    default:
        return NULL;
    }
}

/* The claim's source is named only when it is refuted: tag = the Termination
 * tag it came from, or -1 for the closing comment (gettext and the
 * formatting cost more than the whole replay of a short game's moves). */
static void check_claim(struct game *g, struct claim c, const struct src_loc *loc, int tag,
                        const struct position *final)
{
    if (c.kind == CLAIM_NONE) return;
    char why[256];
    if (!claim_refuted(g, final, c.kind, why, sizeof why)) return;
    char source[TAG_VALUE_MAX + 32];
    if (tag >= 0)
        snprintf(source, sizeof source, "%s \"%s\"", game_tag_names[tag].text, g->tags[tag].value);
    else
        snprintf(source, sizeof source, _("the closing comment {%s}"), g->final_comment);
    game_emitf(g, DIAG_UNREACHED_CLAIM, DIAG_ERROR, loc, NULL, _("%s claims %s, but %s"), source,
               _(claims_name(c.kind)), why);
}

/* said: what the Termination tags [0, 1] and the closing comment [2] say. */
static void judge_claims(struct game *g, const char *result, const struct pgn_result_form *form,
                         const struct claim said[3], const struct position *final)
{
    bool time_loss = false;
    for (int t = TAG_TERMINATION; t <= TAG_TERMINATION_DETAILS; t++) {
        if (!g->tags[t].present) continue;
        time_loss |= said[t - TAG_TERMINATION].time_loss;
        check_claim(g, said[t - TAG_TERMINATION], &g->tags[t].loc, t, final);
    }
    if (g->final_comment_set) {
        time_loss |= said[2].time_loss;
        check_claim(g, said[2], result_location(g), -1, final);
    }
    int winner = result_winner(form);
    clock_end(g, time_loss, winner < 0 ? -1 : 1 - winner);

    /* 6.9: a win for a player who cannot checkmate by any series of legal moves. */
    if (g->arb.ending != ENDING_NONE || !result) return;
    struct deadpos_result r;
    if (winner < 0 || deadpos_judge(final, winner, &r) != DEADPOS_CANNOT_WIN) return;
    game_emitf(
        g, DIAG_UNWINNABLE_WIN, time_loss ? DIAG_ERROR : DIAG_WARNING, result_location(g), NULL,
        winner == COLOR_WHITE
            ? (time_loss ? _("recorded %s, but White could not checkmate by any series of legal "
                             "moves (%s): a loss on time is a draw (6.9)")
                         : _("recorded %s, but White could not checkmate by any series of legal "
                             "moves (%s)"))
            : (time_loss ? _("recorded %s, but Black could not checkmate by any series of legal "
                             "moves (%s): a loss on time is a draw (6.9)")
                         : _("recorded %s, but Black could not checkmate by any series of legal "
                             "moves (%s)")),
        result, deadpos_why_text(r.why));
}

/* The final position of the main line, judged in full (SPEC: `check`
 * reaches the verdict `position` reaches): when no ending came before it and
 * it is dead, the game ended there, at its last move (told by the move the
 * line's undo holds; the location is the result's, the move's own token
 * being gone), or at its start.  With a decisive result the winner's side
 * is judged first: judge_claims() asks for it next when the position is not
 * dead (deadpos_is_dead_full_winner()). */
static void judge_final_position(struct game *g, struct line *main_line,
                                 const struct pgn_result_form *form)
{
    if (g->arb.ending != ENDING_NONE || (main_line->ply && !main_line->last_made) ||
        !deadpos_is_dead_full_winner(&main_line->pos, result_winner(form)))
        return;
    g->arb.ending = ENDING_DEAD_POSITION;
    g->arb.ending_ply = main_line->ply;
    if (main_line->ply == 0) {
        fen_write(&main_line->pos, g->ending_at.fen, sizeof g->ending_at.fen);
        return;
    }
    struct position before;
    game_line_before(main_line, &before);
    struct move_ctx *at = &g->ending_at;
    at->loc = *result_location(g);
    at->ply = main_line->ply;
    at->variation = false;
    at->side = before.side;
    int64_t number = (int64_t)before.fullmove + main_line->number_shift;
    at->move_number = number >= 1 && number <= UINT32_MAX ? (uint32_t)number : before.fullmove;
    san_write(&before, main_line->undo.m, at->san_en);
    snprintf(at->san, sizeof at->san, "%s", at->san_en);
    fen_write(&before, at->fen, sizeof at->fen);
}

const char *game_judge_end(struct game *g)
{
    /* What the game says about its ending, read once: the Termination
     * tags', then the closing comment's. */
    struct claim said[3] = {{0}}, all = {0};
    for (int t = TAG_TERMINATION; t <= TAG_TERMINATION_DETAILS; t++)
        if (g->tags[t].present)
            said[t - TAG_TERMINATION] =
                claims_from_termination(g->tags[t].value, strlen(g->tags[t].value));
    if (g->final_comment_set)
        said[2] = claims_from_comment(g->final_comment, strlen(g->final_comment));
    if (g->plies <= 1) { /* a game not played? (game_result.c) */
        for (int t = TAG_TERMINATION; t <= TAG_TERMINATION_DETAILS; t++)
            if (g->tags[t].present)
                claims_read_status(&said[t - TAG_TERMINATION], g->tags[t].value,
                                   strlen(g->tags[t].value));
        if (g->final_comment_set)
            claims_read_status(&said[2], g->final_comment, strlen(g->final_comment));
        for (int i = 0; i < 3; i++)
            all.forfeit |= said[i].forfeit, all.bye |= said[i].bye;
    }
    const struct pgn_result_form *form;
    const char *result = game_result_judge(g, &all, &form);
    struct line *main_line = &g->lines[0];
    if (g->replayable && !main_line->broken) {
        judge_final_position(g, main_line, form);
        judge_automatic_draw(g, result, form);
        if (g->void_moves)
            game_emitf(g, DIAG_MOVES_AFTER_END, DIAG_ERROR, NULL, &g->first_void,
                       ngettext("the game had already ended by %s at ply %u; %u half-move is "
                                "recorded after it",
                                "the game had already ended by %s at ply %u; %u half-moves are "
                                "recorded after it",
                                g->void_moves),
                       ending_phrase(g->arb.ending), (unsigned)g->arb.ending_ply,
                       (unsigned)g->void_moves);
        judge_wrong_result(g, result, form);
        judge_claims(g, result, form, said, &main_line->pos);
    }
    return result;
}

/* The game's record for the sink (judge/game_record.h): where it starts,
 * its tags, its result as judged, its ending, counts, fingerprint, clocks. */
void game_record_fill(struct game *g, const char *result, struct game_record *rec)
{
    struct line *main_line = &g->lines[0];
    *rec = (struct game_record){
        .file = g->file,
        .game = g->index,
        .offset = g->start.offset,
        .line = g->start.line,
        .event = tag_value(g, TAG_EVENT),
        .white = tag_value(g, TAG_WHITE),
        .black = tag_value(g, TAG_BLACK),
        .round = tag_value(g, TAG_ROUND),
        .site = tag_value(g, TAG_SITE),
        .date = tag_value(g, TAG_DATE),
        .white_fide_id = tag_value(g, TAG_WHITE_FIDE_ID),
        .black_fide_id = tag_value(g, TAG_BLACK_FIDE_ID),
        .white_elo = tag_value(g, TAG_WHITE_ELO),
        .black_elo = tag_value(g, TAG_BLACK_ELO),
        .white_title = tag_value(g, TAG_WHITE_TITLE),
        .black_title = tag_value(g, TAG_BLACK_TITLE),
        .result = result,
        .result_kind = g->result_kind,
        .plies = g->plies,
        .ending = g->replayable && !main_line->broken ? g->arb.ending : ENDING_NONE,
        .ending_ply = g->arb.ending_ply,
        .errors = g->errors,
        .warnings = g->warnings,
        .notes = g->notes,
        .judged = g->judged,
        /* The positions replayed, how many main-line moves were written, and
         * the text of those not replayed (after an illegal move or the end). */
        .fingerprint = arb_line_hash_step(arb_line_hash_step(g->arb.line_hash, g->plies),
                                          g->unplayed_hash),
        .has_fingerprint = g->replayable && g->judged,
    };
    clock_record(g, g->clk_tc, sizeof g->clk_tc, &rec->clock_ms[0], &rec->clock_ms[1]);
    rec->time_control = g->clk_tc[0] ? g->clk_tc : NULL;
    for (int side = 0; side < 2; side++)
        rec->has_clock[side] = rec->clock_ms[side] != CLOCK_NONE;
}
