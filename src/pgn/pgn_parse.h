/*
 * pgn_parse.h - streaming PGN reader: splits an input into games and hands
 * each one to its consumer as tag pairs plus a stream of movetext events,
 * pulled one at a time.  PGN standard sections 8 (game structure), 8.1 (tag
 * pairs), 8.2 (movetext), 8.2.5 (RAV), 8.2.6 (termination markers).
 *
 * Ownership: pgn_parser_new() returns a heap parser freed by pgn_parser_free()
 * (NULL is a no-op).  The input is borrowed: the caller closes it after freeing
 * the parser.  Every pointer in an event (text, name) and in a diagnostic is
 * valid only until the next pgn_parser_next() call.  Memory is fixed: the
 * parser holds the current token and the current tag, never a whole game.
 *
 * Event grammar (guaranteed for any input, however damaged):
 *   game     := GAME_BEGIN TAG* MOVETEXT_BEGIN item* RESULT? GAME_END
 *   item     := MOVE_NUMBER | MOVE | NAG | COMMENT | RAV_BEGIN item* RAV_END
 * - MOVETEXT_BEGIN comes exactly once per game, even when the game has no
 *   movetext (tag-only game); its loc is the first movetext token (or where
 *   the game ended).
 * - RAV_BEGIN / RAV_END always balance: variations left open are closed (with
 *   a `syntax` diagnostic) before RESULT or GAME_END.  Variations nested deeper
 *   than PGN_PARSE_RAV_DEPTH_MAX are skipped whole (one `syntax` diagnostic).
 * - RESULT, when present, is the last event before GAME_END; GAME_END.has_result
 *   says whether a marker was seen.  Nothing is lost: every game started is
 *   ended and counted.
 *
 * Game boundaries: a tag section ('[') after movetext or a result starts a new
 * game even on the same line; so does a tag section after a blank line that
 * follows a tag section (a tag-only game); movetext after a result starts a
 * new game without tags.  Blank lines inside movetext do not split a game.
 * Comments between games (after a result, before the next game) are dropped.
 * In a game of tags only, the Seven Tag Roster tag the game began with
 * ([Event] mostly) opens the next game even with no blank line before it.
 * What does not split a game (a careful reader's count): a comment at the
 * end of a tag line (dropped), a line between tag pairs that is none (a
 * syntax warning, skipped), a closed comment holding a line that looks like
 * a tag pair (pgn_lex_closes_ahead()), a byte order mark between tokens
 * (files joined with cat).  A NUL byte in a tag value is a bad-tag and shown
 * as '?', so that every reader of the value sees all of it.
 *
 * Diagnostics (to on_diag, with code, severity, loc, message, file, game):
 *   syntax          stray bytes, unterminated comment/string/variation, bad
 *                   move number, unbalanced ')', limits hit; says how many
 *                   bytes were skipped.  After PGN_PARSE_ERRORS_MAX of them in
 *                   one movetext the rest of it is skipped to the next line
 *                   that starts with '['.
 *   bad-tag         malformed tag pair, duplicate tag name, too many tags; at
 *                   most PGN_PARSE_REPEAT_MAX per game, then one that counts
 *                   the rest
 *   missing-result  a game ends without a termination marker
 *   encoding        a tag value, comment or symbol that is not UTF-8 (warning,
 *                   once per game), or reads as Windows-1252 or Latin-1
 *                   (note, once per input, file-level: game 0)
 *   input           the input failed (corrupt compressed stream, read error);
 *                   the game in progress is ended
 * Read as they are meant, with a `syntax` note: a result marker inside a
 * variation (the variation's outcome, as broadcast viewers write it; the game
 * goes on, and it becomes the game's marker only when the variation is never
 * closed), a draw written "1/2", "½" or "½-½" (delivered as 1/2-1/2).
 * `syntax` warnings: "((" (a variation opened before the variation around it
 * has a move), an input that ends in the middle of a movetext line (cut_short
 * above), an input with no game at all, a UTF-16 input (not read).
 * Tolerated without a diagnostic (the lexer flags them, the replay layer may
 * judge them): dash variants of results (delivered as the canonical marker),
 * "…" for "...", annotation glyphs (+-, ±, ∞, □, ... as their NAGs; "N"
 * and "RR", letters, come as moves: the replay knows them for glyphs),
 * nested braces in comments, [pgn] [/pgn] wrappers, % escape lines, a
 * standalone "e.p.", pgn4web's "(* ...)" (a continuation, told by
 * RAV_BEGIN's number), the results arbiters write ("1/2-0", "1F-0F",
 * "0.5-0": pgn/pgn_result.h, delivered as the form's text), and a main-line
 * "0-0", "+/-" or "-/+" that ends the movetext (PGN_RESULT_AMBIGUOUS).
 */
#ifndef PGNARB_PGN_PARSE_H
#define PGNARB_PGN_PARSE_H

#include "diag/diag.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct input;
struct pgn_parser;

#define PGN_PARSE_RAV_DEPTH_MAX 256   /* deeper variations are skipped */
#define PGN_PARSE_TAGS_MAX      256   /* tag pairs per game; more are dropped */
#define PGN_PARSE_TAG_NAME_MAX  255   /* bytes; longer names are a bad tag */
#define PGN_PARSE_ERRORS_MAX    16    /* syntax errors in one movetext before skipping it */
#define PGN_PARSE_REPEAT_MAX    16    /* bad-tag findings shown per game; the rest are
                                         counted in one "N more" finding at its end */

/* RAV_BEGIN's number for a variation written "(* ...)" (pgn4web, for live
 * broadcasts): it continues from the position after the move before it,
 * instead of replacing that move; the '*' is no marker and is not delivered. */
#define PGN_RAV_CONTINUATION 1u

/* RESULT's number for a movetext that ends, with no marker after it, in a
 * main-line "0-0" (castling written with zeros, or a double forfeit) or
 * "+/-", "-/+" (NAGs 16 and 17 as glyphs, or a forfeit): delivered as the
 * RESULT (text "0-0", "+/-", "-/+") with no missing-result finding; the
 * reader knows no chess, the consumer decides which it is.  Followed by
 * anything else, or by the end of an input that stops inside the line (a
 * "0-0-0" cut short?), it is the MOVE or NAG it reads as. */
#define PGN_RESULT_AMBIGUOUS 1u

enum pgn_event_type {
    PGN_EV_GAME_BEGIN,
    PGN_EV_TAG,
    PGN_EV_MOVETEXT_BEGIN,
    PGN_EV_MOVE_NUMBER,
    PGN_EV_MOVE,
    PGN_EV_NAG,
    PGN_EV_COMMENT,
    PGN_EV_RAV_BEGIN,
    PGN_EV_RAV_END,
    PGN_EV_RESULT,
    PGN_EV_GAME_END,
    PGN_EV_MOVE_COMMENTED, /* a MOVE and the COMMENT right after it, as one event */
    PGN_EV_NB
};

struct pgn_event {
    enum pgn_event_type type;
    struct src_loc loc;         /* where the token starts */
    const char *text;           /* MOVE: the SAN token (with +/#, without !? suffixes);
                                   COMMENT: body; RESULT: canonical marker;
                                   TAG: value (unescaped); MOVE_NUMBER: the digits.
                                   NUL-terminated for TAG, RESULT; use len. */
    size_t len;
    const char *name;           /* TAG: the tag name (NUL-terminated) */
    size_t name_len;
    unsigned number;            /* MOVE_NUMBER: the number; NAG: the NAG value; RAV_BEGIN:
                                   PGN_RAV_CONTINUATION for pgn4web's "(* ...)", else 0;
                                   RESULT: PGN_RESULT_AMBIGUOUS or 0;
                                   MOVE: the
                                   number written right before it when the reader took
                                   the two as one event (a numbered move, see
                                   pgn_event_number()), else 0 */
    unsigned dots;              /* MOVE_NUMBER (and numbered MOVE): 1 for "12.", 3 for
                                   "12...", 0 for "12" */
    uint32_t number_span;       /* numbered MOVE: bytes from the number's first digit to
                                   the move, on the same line */
    uint32_t number_len;        /* numbered MOVE: the number's digits */
    uint32_t comment_span;      /* MOVE_COMMENTED: bytes from the move to the '{' of the
                                   comment right after it on its line (pgn_event_comment()) */
    uint32_t comment_len;       /* MOVE_COMMENTED: that comment's body */
    uint64_t game;              /* 1-based index of the game in this input */
    unsigned depth;             /* RAV nesting of the event (0 = main line; RAV_BEGIN/END:
                                   depth of the variation they open/close, 1..) */
    bool has_result;            /* GAME_END: a termination marker was seen */
    bool clock;                 /* MOVE_COMMENTED: the comment ends with an online game's
                                   clock, " [%clk h:mm:ss] }": "{ [%clk 0:05:00] }" or
                                   "{ [%eval 0.17] [%clk 0:05:00] }"; its 8 bytes "h:mm:ss]"
                                   are the body's last 9 but one (judge/clock_check.h) */
    bool cut_short;             /* the first RAV_END or GAME_END that closes the lines open
                                   when the input ended in the middle of a movetext line
                                   without a marker: the last token of the innermost line
                                   may be cut short (a file still being written) */
};

/* The MOVE_NUMBER event of a numbered move (mv->number not 0): the event
 * the reader would have delivered before mv, had it not taken the two as
 * one. */
static inline void pgn_event_number(const struct pgn_event *mv, struct pgn_event *num)
{
    *num = *mv;
    num->type = PGN_EV_MOVE_NUMBER;
    num->loc.offset -= mv->number_span;
    num->loc.column -= mv->number_span;
    num->text = mv->text - mv->number_span;
    num->len = mv->number_len;
    num->number_span = num->number_len = 0;
    num->comment_span = num->comment_len = 0;
}

/* The COMMENT event of a MOVE_COMMENTED one: the event the reader would
 * have delivered after the move, had it not taken the two as one.  The
 * comment is on the move's line, and the bytes between are ASCII: its
 * column is as far from the move's as its offset. */
static inline void pgn_event_comment(const struct pgn_event *mv, struct pgn_event *c)
{
    *c = *mv;
    c->type = PGN_EV_COMMENT;
    c->loc.offset += mv->comment_span;
    c->loc.column += mv->comment_span;
    c->text = mv->text + mv->comment_span + 1;
    c->len = mv->comment_len;
    c->number = c->dots = 0;
    c->number_span = c->number_len = 0;
    c->comment_span = c->comment_len = 0;
    c->clock = false;
}

/* The MOVE of a MOVE_COMMENTED event, without its comment. */
static inline void pgn_event_uncommented(struct pgn_event *mv)
{
    mv->type = PGN_EV_MOVE;
    mv->comment_span = mv->comment_len = 0;
    mv->clock = false;
}

/* A parser over in (borrowed).  on_diag may be NULL.  NULL when out of memory. */
struct pgn_parser *pgn_parser_new(struct input *in, diag_fn on_diag, void *diag_ctx);

/* Pull the next event; false at the end of input (after the last GAME_END).
 * A MOVE or MOVE_COMMENTED event may stand for up to three events of the
 * grammar: a numbered move (number not 0) for its MOVE_NUMBER first, and a
 * MOVE_COMMENTED for the COMMENT after its move (pgn_event_number(),
 * pgn_event_comment()). */
bool pgn_parser_next(struct pgn_parser *p, struct pgn_event *ev);

/* pgn_parser_next() into ev[0], then, when that was a move or a move
 * number, the events pgn_parser_next() would give after it as long as they
 * are moves and move numbers its movetext fast path takes, up to max in
 * all: a run of them read at once, for a consumer that plays them in one
 * loop.  Returns how many (0 at the end of input).  Every pointer in them
 * is valid until the next call. */
#define PGN_PARSE_RUN_MAX 64
size_t pgn_parser_next_run(struct pgn_parser *p, struct pgn_event *ev, size_t max);

/* pgn_parser_next(), with a numbered move given as its MOVE_NUMBER event and
 * then the MOVE with number 0, and a MOVE_COMMENTED as its MOVE and then its
 * COMMENT: the events of the grammar above and of the token-by-token path,
 * for tests and tools that list events.  Do not mix the two calls on one
 * parser. */
bool pgn_parser_next_unfolded(struct pgn_parser *p, struct pgn_event *ev);

/* Read in (borrowed) from its start, as a new parser would, keeping p's
 * memory (`fix` reads each game again with one parser). */
void pgn_parser_reset(struct pgn_parser *p, struct input *in);

void pgn_parser_free(struct pgn_parser *p);

/* Tests, the fuzzer and bench/pgnparse -s: with on false, every event goes
 * token by token through the general path (the fast paths for moves, move
 * numbers and tag pairs are off).  The events and diagnostics are the same
 * either way; that is what this is for.  On by default. */
void pgn_parser_set_fast_paths(struct pgn_parser *p, bool on);

/* Whether a diagnostic is one the parser gives once per input at most (the
 * Windows-1252 note).  It is file-level (game 0), so that it changes nothing in
 * the game it is met in, and a reader of pieces of an input keeps only the
 * first. */
bool pgn_parse_once_per_input(const struct diag *d);

/* Games started so far (= GAME_BEGIN events delivered). */
uint64_t pgn_parser_games(const struct pgn_parser *p);

/* Bytes of (decoded) input consumed so far. */
uint64_t pgn_parser_bytes(const struct pgn_parser *p);

/* Name of an event type, for messages and tests. */
const char *pgn_event_type_name(enum pgn_event_type t);

#endif /* PGNARB_PGN_PARSE_H */
