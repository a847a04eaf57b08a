/*
 * pgn_parse.c - games out of a token stream: PGN standard section 8 (a game
 * is a tag pair section and a movetext section), 8.1 (tag pairs: '[' name
 * string ']'), 8.2 (movetext), 8.2.5 (recursive annotation variations) and
 * 8.2.6 (game termination markers).  Recovery and tolerance rules are listed
 * in pgn_parse.h.
 *
 * Invariants:
 * - A pull state machine: each pgn_parser_next() call either emits one pending
 *   synthetic event (MOVETEXT_BEGIN, RAV_END, RESULT, GAME_END) or consumes
 *   one token; a token that belongs to the next state is kept (have_tok) and
 *   handled again, so no token is ever lost or read twice from the lexer.
 * - Fast paths (p->fast, set by parser_general() only): a plain move or move
 *   number in movetext, a plain tag pair (its four tokens at once) in the
 *   tag section, each filled straight from the lexer's buffer
 *   (pgn_lex_next_move(), pgn_lex_next_tag()).  They deliver exactly the
 *   event the token-by-token path would, or take nothing and leave the token
 *   to it; pgn_parser_set_fast_paths() turns them off for the tests and the
 *   fuzzer that compare the two.
 * - Pending events come out in grammar order: MOVETEXT_BEGIN, RAV_END...,
 *   RESULT, GAME_END.  `depth` counts variations delivered (never more than
 *   PGN_PARSE_RAV_DEPTH_MAX); `deep` counts those being skipped.  Counters, no
 *   recursion: any nesting depth of the input is fine.
 * - Only the current tag is copied (name and value, bounded; not at all on the
 *   tag pair fast path); tag names of the game are remembered as 64-bit
 *   hashes, at most PGN_PARSE_TAGS_MAX.
 */
#include "pgn/pgn_parse.h"

#include "diag/message_format.h"
#include "pgn/input.h"

#include "i18n.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>

#include "pgn/pgn_parse_internal.h"

void pgn_parse_report(struct pgn_parser *p, enum diag_code code, int severity,
                   const struct src_loc *loc, const char *fmt, ...)
{
    if (!p->on_diag)
        return;
    /* A tag section of millions of bad or repeated pairs: the first few are
     * shown, the rest counted and told once when the game ends. */
    if (code == DIAG_BAD_TAG && p->game_open && p->bad_tags++ >= PGN_PARSE_REPEAT_MAX)
        return;
    va_list ap;
    va_start(ap, fmt);
    message_vformat(p->msg, sizeof p->msg, fmt, ap);
    va_end(ap);
    struct diag d;
    diag_init(&d, code, loc, p->msg);
    if (severity >= 0)
        d.severity = (enum diag_severity)severity;
    d.file = input_name(p->in);
    /* the once-per-input note is about the input, not the game it is met in */
    d.game = p->game_open && !pgn_parse_once_per_input(&d) ? p->games : 0;
    p->on_diag(p->diag_ctx, &d);
}

/* pgn_parse_check_encoding() for a token with a flag set. */
void pgn_parse_report_encoding(struct pgn_parser *p, const struct pgn_token *t, const char *what)
{
    if ((t->flags & PGN_TOKF_BAD_UTF8) && !p->enc_warned) {
        p->enc_warned = true;
        pgn_parse_report(p, DIAG_ENCODING, -1, &t->loc, _("%s is not valid UTF-8"), _(what));
    } else if ((t->flags & PGN_TOKF_CP1252) && !p->cp1252_noted) {
        /* One wording, whichever bytes the first such token holds: Latin-1
         * text reads the same as Windows-1252, and the note must be the
         * same from every piece of the input (--jobs, --shard) */
        p->cp1252_noted = true;
        pgn_parse_report(p, DIAG_ENCODING, DIAG_NOTE, &t->loc,
               _("%s is not UTF-8; the input is read as Windows-1252 (which includes Latin-1)"),
               _(what));
    }
}

/* "N bytes skipped" for a count of n, in buf: the participle agrees with
 * the count in every language (ngettext: Italian "saltato 1 byte"). */
#define SKIPPED_SHOWN 64
static const char *skipped_text(char buf[SKIPPED_SHOWN], unsigned long long n)
{
    snprintf(buf, SKIPPED_SHOWN, ngettext("%llu byte skipped", "%llu bytes skipped", (unsigned long)n), n);
    return buf;
}

/* A printable rendering of the first byte of a bad token. */
static const char *show_byte(const struct pgn_token *t, char buf[8])
{
    unsigned c = t->len ? (unsigned char)t->text[0] : 0;
    if (c > 0x20 && c < 0x7f && c != '\'')
        snprintf(buf, 8, "'%c'", c);
    else
        snprintf(buf, 8, "0x%02x", c);
    return buf;
}

const char *pgn_parse_token_word(const struct pgn_token *t, char buf[8])
{
    switch (t->type) {
    case PGN_TOK_EOF: return C_("token", "end of file");
    case PGN_TOK_STRING: return C_("token", "string");
    case PGN_TOK_SYMBOL: return C_("token", "symbol");
    case PGN_TOK_MOVE_NUMBER: return C_("token", "move number");
    case PGN_TOK_NAG: return C_("token", "NAG");
    case PGN_TOK_COMMENT: return C_("token", "comment");
    case PGN_TOK_RESULT: return C_("token", "result");
    case PGN_TOK_ERROR: return show_byte(t, buf);
    default: return pgn_lex_type_name(t->type); /* [ ] ( ) */
    }
}

/* A syntax error inside movetext; too many make the rest of it hopeless. */
static void movetext_error(struct pgn_parser *p, const struct src_loc *loc, const char *fmt, ...)
{
    char what[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (++p->errors < PGN_PARSE_ERRORS_MAX) {
        pgn_parse_report(p, DIAG_SYNTAX, -1, loc, "%s", what);
        return;
    }
    uint64_t skipped = pgn_lex_skip_to_tag_line(p->lx);
    pgn_parse_report(p, DIAG_SYNTAX, -1, loc,
           ngettext("%s; %u syntax errors in this movetext: skipped %llu byte to the next tag section",
                    "%s; %u syntax errors in this movetext: skipped %llu bytes to the next tag section",
                    (unsigned long)skipped),
           what, p->errors, (unsigned long long)skipped);
    p->errors = 0;
}

static void start_game(struct pgn_parser *p, struct pgn_event *ev, const struct pgn_token *t)
{
    p->games++;
    p->game_open = true;
    p->movetext_begun = p->has_result = p->enc_warned = p->tags_full = false;
    p->pend_movetext = p->pend_result = p->pend_end = false;
    p->rav_fresh = p->rav_open = p->cut_short = p->last_held = p->result_ambiguous = false;
    p->dparen_warned = false;
    p->rav_result = NULL;
    p->depth = 0;
    p->deep = 0;
    p->errors = 0;
    p->ntags = 0;
    p->distinct = 0;
    p->bad_tags = 0;
    p->tag_filter = 0;
    p->last_number = 0;
    p->st = PS_TAGS;
    ev->type = PGN_EV_GAME_BEGIN;
    ev->loc = t->loc;
}

/* Close the game at loc: open variations, missing marker, pending events. */
void pgn_parse_end_game(struct pgn_parser *p, const struct src_loc *loc)
{
    if (p->bad_tags > PGN_PARSE_REPEAT_MAX) {
        uint64_t more = p->bad_tags - PGN_PARSE_REPEAT_MAX;
        p->bad_tags = 0; /* so that this one is shown */
        pgn_parse_report(p, DIAG_BAD_TAG, -1, &p->tag_loc,
               ngettext("%llu more bad-tag finding like these in this game, not shown one by one",
                        "%llu more bad-tag findings like these in this game, not shown one by one",
                        (unsigned long)more),
               (unsigned long long)more);
    }
    if (p->deep || p->depth) {
        pgn_parse_report(p, DIAG_SYNTAX, -1, loc, _("unterminated variation: %llu '(' without ')'"),
               (unsigned long long)(p->deep + p->depth));
        if (!p->has_result && p->rav_result) {
            /* "(... 1-0" never closed: the marker was the game's after all */
            p->has_result = true;
            p->result = p->rav_result;
            p->result_loc = p->rav_result_loc;
            p->pend_result = true;
            p->cut_short = false;
        }
    }
    if (!p->has_result && p->cut_short)
        pgn_parse_report(p, DIAG_MISSING_RESULT, -1, loc,
               _("the input ends in the middle of a line of movetext, without a termination "
               "marker: the game is truncated"));
    else if (!p->has_result)
        pgn_parse_report(p, DIAG_MISSING_RESULT, -1, loc,
               p->movetext_begun ? _("the movetext ends without a termination marker")
                                 : _("the game has no movetext and no termination marker"));
    if (!p->movetext_begun)
        p->pend_movetext = true;
    p->pend_rav_end = p->depth;
    p->deep = 0;
    p->pend_end = true;
    p->end_loc = *loc;
    p->st = PS_BETWEEN;
}


static void set_text(struct pgn_event *ev, const struct pgn_token *t)
{
    ev->loc = t->loc;
    ev->text = t->text;
    ev->len = t->len;
}

/* "e.p." with at most two check marks, a token of its own: what is left of
 * a move's en passant suffix that the lexer did not take with the move (it
 * takes "exd6 e.p.+" as one symbol when one blank parts them).  The fast
 * paths never take it (a symbol that stops at a '.'). */
static bool ep_mark_alone(const struct pgn_token *t)
{
    if (t->len < 4 || t->len > 6 || memcmp(t->text, "e.p.", 4) != 0) return false;
    for (size_t i = 4; i < t->len; i++)
        if (t->text[i] != '+' && t->text[i] != '#') return false;
    return true;
}

/* Hold t, a main-line "0-0" (castling, or a double forfeit) or "+/-",
 * "-/+" (a glyph, or a forfeit) back until the next token says whether the
 * game ends after it (text: the same, static; nag: its NAG, or 0 for a
 * move). */
static void hold_last(struct pgn_parser *p, const struct pgn_token *t, const char *text,
                      unsigned nag)
{
    p->last_held = true;
    p->held_text = text;
    p->held_loc = t->loc;
    p->held_nag = nag;
}

/* A movetext token.  Returns true when ev was filled. */
static bool on_movetext(struct pgn_parser *p, const struct pgn_token *t, struct pgn_event *ev)
{
    char b[8], sk[SKIPPED_SHOWN];
    if (p->deep) { /* inside a variation nested beyond the limit: skip it whole */
        if (t->type == PGN_TOK_LPAREN) {
            p->deep++;
            return false;
        }
        if (t->type == PGN_TOK_RPAREN) {
            if (--p->deep == 0)
                pgn_parse_report(p, DIAG_SYNTAX, -1, &t->loc,
                       _("variation nested deeper than %d: skipped %llu bytes"),
                       PGN_PARSE_RAV_DEPTH_MAX,
                       (unsigned long long)(pgn_lex_offset(p->lx) - p->deep_start)); /* > 1 */
            return false;
        }
        if (t->type != PGN_TOK_RESULT && t->type != PGN_TOK_LBRACKET && t->type != PGN_TOK_EOF)
            return false;
    }
    if (p->last_held) {
        /* "0-0", "+/-" or "-/+" just before: when the game ends right after
         * it without a marker, it may be the marker (pgn_parse.h) */
        p->last_held = false;
        /* not at an input that ends inside its line: that may be "0-0-0" cut
         * short (a live file being written), and is said so below */
        if (t->type == PGN_TOK_LBRACKET ||
            (t->type == PGN_TOK_EOF && (t->flags & PGN_TOKF_LINE_START))) {
            p->has_result = true;
            p->result = p->held_text;
            p->result_loc = p->held_loc;
            p->result_ambiguous = true;
            p->pend_result = true;
        } else {
            ev->type = p->held_nag ? PGN_EV_NAG : PGN_EV_MOVE;
            ev->loc = p->held_loc;
            ev->text = p->held_text;
            ev->len = strlen(p->held_text);
            ev->number = p->held_nag;
            ev->depth = 0;
            keep(p);
            return true;
        }
    }
    if (p->rav_open) {
        /* The '(' before t: its RAV_BEGIN goes out now.  pgn4web writes
         * "(* 3. e4 ...)" for a line that continues from the position after
         * the move, not one that replaces it: the '*' says so, and is taken. */
        p->rav_open = false;
        p->rav_fresh = true;
        ev->type = PGN_EV_RAV_BEGIN;
        ev->loc = p->rav_loc;
        ev->depth = ++p->depth;
        if (t->type == PGN_TOK_RESULT && t->text[0] == '*') {
            ev->number = PGN_RAV_CONTINUATION;
            return true;
        }
        keep(p);
        return true;
    }
    ev->depth = p->depth;
    bool fresh = p->rav_fresh;
    p->rav_fresh = false;
    switch (t->type) {
    case PGN_TOK_MOVE_NUMBER:
        if (t->number == 0) {
            movetext_error(p, &t->loc, _("bad move number 0 (%s)"),
                           skipped_text(sk, t->span));
            return false;
        }
        if (p->depth == 0) {
            if ((t->flags & PGN_TOKF_BLANK_BEFORE) && t->number < p->last_number) {
                /* A blank line, then the move numbers start over: a new game
                 * (movetext only) after one that lacked its marker. */
                pgn_parse_end_game(p, &t->loc);
                keep(p);
                return false;
            }
            p->last_number = t->number;
        }
        ev->type = PGN_EV_MOVE_NUMBER;
        set_text(ev, t);
        ev->number = t->number;
        ev->dots = t->dots;
        return true;
    case PGN_TOK_SYMBOL:
        if (ep_mark_alone(t))
            return false; /* "exd6\ne.p.+": part of the previous move's notation */
        if (t->flags & (PGN_TOKF_BAD_UTF8 | PGN_TOKF_CP1252)) {
            pgn_parse_check_encoding(p, t, N_("movetext"));
            movetext_error(p, &t->loc, _("stray bytes that are not UTF-8 (%s)"),
                           skipped_text(sk, t->span));
            return false;
        }
        if (p->depth == 0 && t->len == 3 && memcmp(t->text, "0-0", 3) == 0) {
            hold_last(p, t, "0-0", 0);
            return false;
        }
        ev->type = PGN_EV_MOVE;
        set_text(ev, t);
        return true;
    case PGN_TOK_NAG:
        if (p->depth == 0 && t->len == 3 && (memcmp(t->text, "+/-", 3) == 0 ||
                                             memcmp(t->text, "-/+", 3) == 0)) {
            hold_last(p, t, t->text[0] == '+' ? "+/-" : "-/+", t->number);
            return false;
        }
        ev->type = PGN_EV_NAG;
        set_text(ev, t);
        ev->number = t->number;
        return true;
    case PGN_TOK_COMMENT:
        pgn_parse_check_encoding(p, t, N_("comment"));
        if (t->flags & PGN_TOKF_UNTERMINATED) {
            movetext_error(p, &t->loc, _("unterminated comment: '{' without '}' (%s)"),
                           skipped_text(sk, t->span));
            return false;
        }
        if (t->flags & PGN_TOKF_TRUNCATED)
            pgn_parse_report(p, DIAG_SYNTAX, -1, &t->loc, _("comment longer than %d bytes: truncated"),
                   PGN_LEX_COMMENT_MAX);
        ev->type = PGN_EV_COMMENT;
        set_text(ev, t);
        return true;
    case PGN_TOK_LPAREN:
        if (p->depth == PGN_PARSE_RAV_DEPTH_MAX) {
            p->deep = 1;
            p->deep_start = t->loc.offset;
            return false;
        }
        if (fresh && !p->dparen_warned) {
            p->dparen_warned = true;
            pgn_parse_report(p, DIAG_SYNTAX, -1, &t->loc,
                   _("a variation opens before the variation around it has a move: '((' "
                   "(reported once per game)"));
        }
        /* delivered with the next token, which may be pgn4web's '*' */
        p->rav_open = true;
        p->rav_loc = t->loc;
        p->rav_fresh = true;
        return false;
    case PGN_TOK_RPAREN:
        if (p->depth == 0) {
            movetext_error(p, &t->loc, _("')' without '(' (1 byte skipped)"));
            return false;
        }
        if (p->rav_result) {
            pgn_parse_report(p, DIAG_SYNTAX, DIAG_NOTE, &p->rav_result_loc,
                   _("result marker %s inside a variation: read as the variation's outcome; "
                   "the game goes on"),
                   p->rav_result);
            p->rav_result = NULL;
        }
        ev->type = PGN_EV_RAV_END;
        ev->loc = t->loc;
        ev->depth = p->depth--;
        return true;
    case PGN_TOK_RESULT:
        if (p->depth || p->deep) {
            /* "3. e4 (3. Nf3 Nf6 1/2-1/2) e5": the variation's outcome */
            /* (noted when the variation closes; see pgn_parse_end_game() if it never does) */
            p->rav_result = t->text;
            p->rav_result_loc = t->loc;
            return false;
        }
        if (t->flags & PGN_TOKF_NONSTANDARD)
            pgn_parse_report(p, DIAG_SYNTAX, DIAG_NOTE, &t->loc,
                   _("result marker written in a non-standard way: read as %s"), t->text);
        p->has_result = true;
        p->result = t->text;
        p->result_loc = t->loc;
        p->pend_result = true;
        pgn_parse_end_game(p, &t->loc);
        return false;
    case PGN_TOK_EOF:
        /* No line feed between the last token and the end of the input */
        p->cut_short = !(t->flags & PGN_TOKF_LINE_START) && !p->has_result && p->movetext_begun;
        pgn_parse_end_game(p, &t->loc);
        keep(p);
        return false;
    case PGN_TOK_LBRACKET:
        pgn_parse_end_game(p, &t->loc);
        keep(p);
        return false;
    case PGN_TOK_STRING:
        movetext_error(p, &t->loc, _("string outside a tag pair (%s)"),
                       skipped_text(sk, t->span));
        return false;
    case PGN_TOK_RBRACKET:
        movetext_error(p, &t->loc, _("']' without '[' (1 byte skipped)"));
        return false;
    default: /* PGN_TOK_ERROR */
        if (t->flags & PGN_TOKF_TOO_LONG) { /* named by its first characters */
            movetext_error(p, &t->loc, _("token too long: '%.*s...' (%s)"),
                           (int)t->len, t->text, skipped_text(sk, t->span));
            return false;
        }
        movetext_error(p, &t->loc, _("%s %s (%s)"), _(t->message), show_byte(t, b),
                       skipped_text(sk, t->span));
        return false;
    }
}

/* Pending synthetic events, in grammar order.  True when ev was filled. */
static bool pending(struct pgn_parser *p, struct pgn_event *ev)
{
    if (p->pend_movetext) {
        p->pend_movetext = false;
        p->movetext_begun = true;
        ev->type = PGN_EV_MOVETEXT_BEGIN;
        ev->loc = p->end_loc;
        return true;
    }
    if (p->pend_rav_end) {
        p->pend_rav_end--;
        ev->cut_short = p->cut_short;
        p->cut_short = false;
        ev->type = PGN_EV_RAV_END;
        ev->loc = p->end_loc;
        ev->depth = p->depth--;
        return true;
    }
    if (p->pend_result) {
        p->pend_result = false;
        ev->type = PGN_EV_RESULT;
        ev->loc = p->result_loc;
        ev->text = p->result;
        ev->len = strlen(p->result);
        ev->number = p->result_ambiguous ? PGN_RESULT_AMBIGUOUS : 0;
        p->result_ambiguous = false;
        return true;
    }
    if (p->pend_end) {
        p->pend_end = false;
        p->game_open = false;
        ev->type = PGN_EV_GAME_END;
        ev->loc = p->end_loc;
        ev->has_result = p->has_result;
        ev->cut_short = p->cut_short;
        p->cut_short = false;
        return true;
    }
    if (p->pend_begin) { /* the tag pair in progress opens this game */
        p->pend_begin = false;
        struct pgn_token t = {.loc = p->tag_loc};
        start_game(p, ev, &t);
        ev->game = p->games;
        p->st = p->pend_tag ? PS_TAGS : PS_TAG_VALUE;
        return true;
    }
    if (p->pend_tag) { /* ... read whole by the fast path */
        p->pend_tag = false;
        bool emitted = false;
        pgn_parse_tag_emit(p, ev, &emitted);
        ev->game = p->games;
        return emitted;
    }
    return false;
}


/* Everything but the fast path: pending events, tags, the rest of movetext.
 * Out of line so that pgn_parser_next() stays small. */
static bool parser_step(struct pgn_parser *p, struct pgn_event *ev)
{
    for (;;) {
        memset(ev, 0, sizeof *ev);
        ev->game = p->games;
        if (pending(p, ev))
            return true;
        if (!p->have_tok) {
            if (p->eof)
                return false;
            if ((p->st == PS_TAGS || p->st == PS_TAG_NAME) && !p->slow) {
                if (pgn_parse_tag_fast(p, ev, p->st == PS_TAG_NAME))
                    return true;
                if (p->pend_begin)
                    continue; /* the pair it read opens the next game: pending */
            }
            p->tok = pgn_lex_next(p->lx);
        }
        p->have_tok = false;
        const struct pgn_token *t = p->tok;
        char b[8], sk[SKIPPED_SHOWN];
        bool big;
        switch (p->st) {
        case PS_BETWEEN:
            if (t->type == PGN_TOK_EOF) {
                p->eof = true;
                if (pgn_lex_input_error(p->lx))
                    pgn_parse_report(p, DIAG_INPUT, -1, &t->loc, "%s", pgn_lex_input_error(p->lx));
                else if (p->games == 0)
                    pgn_parse_report(p, DIAG_SYNTAX, DIAG_WARNING, &t->loc,
                           _("no games found: the input holds no tag pair and no movetext"));
                return false;
            }
            if (!p->utf16_noted && pgn_lex_is_utf16(p->lx, &big)) {
                p->utf16_noted = true;
                pgn_parse_report(p, DIAG_ENCODING, DIAG_NOTE, &t->loc,
                       _("the input is UTF-16 (%s, with a byte order mark): read as such; "
                       "PGN is ASCII or UTF-8"),
                       big ? "big-endian" : "little-endian");
            }
            if (t->type == PGN_TOK_COMMENT)
                continue; /* between games: belongs to no game */
            if (t->type == PGN_TOK_ERROR || t->type == PGN_TOK_RPAREN ||
                t->type == PGN_TOK_RBRACKET || t->type == PGN_TOK_STRING) {
                if (t->flags & PGN_TOKF_TOO_LONG)
                    pgn_parse_report(p, DIAG_SYNTAX, -1, &t->loc,
                                     _("token too long between games: '%.*s...' (%s)"),
                                     (int)t->len, t->text, skipped_text(sk, t->span));
                else if (t->type == PGN_TOK_ERROR)
                    pgn_parse_report(p, DIAG_SYNTAX, -1, &t->loc, _("%s %s between games (%s)"),
                                     _(t->message), show_byte(t, b), skipped_text(sk, t->span));
                else
                    pgn_parse_report(p, DIAG_SYNTAX, -1, &t->loc, _("stray %s between games (%s)"),
                                     pgn_parse_token_word(t, b), skipped_text(sk, t->span));
                continue;
            }
            start_game(p, ev, t);
            keep(p);
            ev->game = p->games;
            return true;
        case PS_TAGS:
            if (t->type == PGN_TOK_LBRACKET) {
                p->blank_tags = (t->flags & PGN_TOKF_BLANK_BEFORE) != 0;
                p->tag_loc = t->loc;
                p->st = PS_TAG_NAME;
                continue;
            }
            if (t->type == PGN_TOK_EOF) { /* a game of tags only */
                pgn_parse_end_game(p, &t->loc);
                keep(p);
                continue;
            }
            if (t->type == PGN_TOK_COMMENT && !(t->flags & PGN_TOKF_UNTERMINATED) &&
                pgn_lex_tag_pair_follows(p->lx))
                continue; /* at the end of a tag line: the tag section goes on */
            if (p->ntags && (t->flags & PGN_TOKF_LINE_START) &&
                (t->type == PGN_TOK_SYMBOL || t->type == PGN_TOK_ERROR) &&
                pgn_lex_stray_line_before_tag(p->lx)) {
                /* a line between tag pairs that is none: the game goes on */
                uint64_t from = t->loc.offset;
                pgn_lex_skip_line(p->lx);
                uint64_t n = pgn_lex_offset(p->lx) - from;
                pgn_parse_report(p, DIAG_SYNTAX, -1, &t->loc,
                       ngettext("a line between tag pairs that is not a tag pair (%llu byte skipped)",
                                "a line between tag pairs that is not a tag pair (%llu bytes skipped)",
                                (unsigned long)n),
                       (unsigned long long)n);
                continue;
            }
            p->st = PS_MOVETEXT;
            p->pend_movetext = true;
            p->end_loc = t->loc;
            keep(p);
            continue;
        case PS_TAG_NAME:
        case PS_TAG_VALUE:
        case PS_TAG_CLOSE:
        case PS_TAG_SKIP:
            if (pgn_parse_on_tag_token(p, t, ev))
                return true;
            continue;
        case PS_MOVETEXT:
            if (on_movetext(p, t, ev))
                return true;
            continue;
        }
    }
}

/*
 * The general path, which also says which fast path applies to the next
 * call: the movetext one in PS_MOVETEXT with no token kept, outside skipped
 * variations, and no synthetic event pending (pgn_parse_end_game() leaves the state,
 * so MOVETEXT_BEGIN is the only one that can be); the tag pair one in
 * PS_TAGS with no token kept and nothing pending.  Only this path changes
 * those, so p->fast stays right across fast-path calls.
 */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static bool parser_general(struct pgn_parser *p, struct pgn_event *ev)
{
    bool r = parser_step(p, ev);
    bool pend = p->pend_movetext || p->pend_rav_end || p->pend_result || p->pend_end ||
                p->pend_begin || p->pend_tag;
    p->fast = FAST_NONE;
    if (!p->have_tok && !pend && !p->slow && !p->eof) {
        if (p->st == PS_MOVETEXT && !p->deep && !p->rav_fresh && !p->last_held)
            p->fast = FAST_MOVETEXT;
        else if (p->st == PS_TAGS)
            p->fast = FAST_TAGS;
    }
    return r;
}

/* The tag pair fast path in PS_TAGS (see pgn_parser_next()). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static bool parser_tags(struct pgn_parser *p, struct pgn_event *ev)
{
    return pgn_parse_tag_fast(p, ev, false) || parser_general(p, ev);
}

/* The movetext fast path for a token that starts with a digit (see
 * pgn_parser_next()); out of line, so that the path of a move needs few
 * registers. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static bool parser_number(struct pgn_parser *p, struct pgn_event *ev)
{
    if (pgn_lex_next_number(p->lx, ev) == PGN_LEX_FAST_NONE)
        return parser_general(p, ev);
    ev->game = p->games;
    ev->depth = p->depth;
    if (p->depth == 0)
        p->last_number = ev->number;
    return true;
}

/* The movetext fast path for a token that starts with '{' (see
 * pgn_parser_next()): a comment the general path would deliver as it is. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static bool parser_comment(struct pgn_parser *p, struct pgn_event *ev)
{
    if (pgn_lex_next_comment(p->lx, ev) == PGN_LEX_FAST_NONE)
        return parser_general(p, ev);
    ev->game = p->games;
    ev->depth = p->depth;
    return true;
}

/* The parser's part of an event the movetext fast path took (kind, from
 * pgn_lex_next_move()): false when it took none. */
static inline bool took_fast(struct pgn_parser *p, struct pgn_event *ev, int kind)
{
    if (kind == PGN_LEX_FAST_MOVE) {
        ev->game = p->games;
        ev->depth = p->depth;
        return true;
    }
    if (kind == PGN_LEX_FAST_NUMBERED_MOVE || kind == PGN_LEX_FAST_NUMBER) {
        ev->game = p->games;
        ev->depth = p->depth;
        if (p->depth == 0)
            p->last_number = ev->number;
        return true;
    }
    return false;
}

/*
 * Movetext fast path: the next token is a move, a move number or a comment
 * that on_movetext() would deliver as it is (pgn_lex_next_move(),
 * pgn_lex_next_number(), pgn_lex_next_comment()); tag pair fast path: a plain tag pair in PS_TAGS
 * (pgn_parse_tag_fast()).  Anything else goes to parser_general(), which lexes it as
 * if they had not looked.
 */
bool pgn_parser_next(struct pgn_parser *p, struct pgn_event *ev)
{
    if (p->fast == FAST_MOVETEXT) {
        int kind = pgn_lex_next_move(p->lx, ev);
        if (took_fast(p, ev, kind)) return true;
        if (kind == PGN_LEX_FAST_DIGIT)
            return parser_number(p, ev);
        if (*p->lx->p == '{') return parser_comment(p, ev);
    } else if (p->fast == FAST_TAGS) {
        return parser_tags(p, ev);
    }
    return parser_general(p, ev);
}

size_t pgn_parser_next_run(struct pgn_parser *p, struct pgn_event *ev, size_t max)
{
    if (!pgn_parser_next(p, ev)) return 0;
    if (ev->type != PGN_EV_MOVE && ev->type != PGN_EV_MOVE_COMMENTED &&
        ev->type != PGN_EV_MOVE_NUMBER)
        return 1;
    /* what pgn_parser_next() would give next, while it is a move or a move
     * number of the fast path (a token it leaves is not taken) */
    size_t n = 1;
    while (n < max && p->fast == FAST_MOVETEXT && took_fast(p, &ev[n], pgn_lex_next_move(p->lx, &ev[n])))
        n++;
    return n;
}

bool pgn_parser_next_unfolded(struct pgn_parser *p, struct pgn_event *ev)
{
    if (p->held_at < p->nheld) {
        *ev = p->held[p->held_at++];
        return true;
    }
    if (!pgn_parser_next(p, ev)) return false;
    if (!((ev->type == PGN_EV_MOVE && ev->number) || ev->type == PGN_EV_MOVE_COMMENTED))
        return true;
    struct pgn_event mv = *ev;
    p->held_at = p->nheld = 0;
    if (mv.number) {
        pgn_event_number(&mv, ev); /* first */
        mv.number = mv.dots = 0;
        mv.number_span = mv.number_len = 0;
        p->held[p->nheld++] = mv;
    }
    if (mv.type == PGN_EV_MOVE_COMMENTED) {
        struct pgn_event c;
        pgn_event_comment(&mv, &c);
        pgn_event_uncommented(&mv);
        if (p->nheld)
            p->held[0] = mv;
        else
            *ev = mv; /* first */
        p->held[p->nheld++] = c;
    }
    return true;
}

struct pgn_parser *pgn_parser_new(struct input *in, diag_fn on_diag, void *diag_ctx)
{
    struct pgn_parser *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->lx = pgn_lex_new(in);
    if (!p->lx) {
        free(p);
        return NULL;
    }
    p->in = in;
    p->on_diag = on_diag;
    p->diag_ctx = diag_ctx;
    p->st = PS_BETWEEN;
    return p;
}

void pgn_parser_reset(struct pgn_parser *p, struct input *in)
{
    struct pgn_lex *lx = p->lx;
    diag_fn on_diag = p->on_diag;
    void *diag_ctx = p->diag_ctx;
    bool slow = p->slow;
    /* the tag hashes and the name and value buffers are written before read */
    memset(p, 0, offsetof(struct pgn_parser, tag_hash));
    pgn_lex_reset(lx, in);
    p->lx = lx;
    p->in = in;
    p->on_diag = on_diag;
    p->diag_ctx = diag_ctx;
    p->slow = slow;
    p->st = PS_BETWEEN;
}

void pgn_parser_free(struct pgn_parser *p)
{
    if (!p)
        return;
    pgn_lex_free(p->lx);
    free(p);
}

void pgn_parser_set_fast_paths(struct pgn_parser *p, bool on)
{
    p->slow = !on;
    p->fast = FAST_NONE; /* parser_general() says again */
}

bool pgn_parse_once_per_input(const struct diag *d)
{
    return d->code == DIAG_ENCODING && d->severity == DIAG_NOTE;
}

uint64_t pgn_parser_games(const struct pgn_parser *p) { return p->games; }
uint64_t pgn_parser_bytes(const struct pgn_parser *p) { return pgn_lex_offset(p->lx); }

const char *pgn_event_type_name(enum pgn_event_type t)
{
    static const char *const names[PGN_EV_NB] = {
        "game-begin", "tag",       "movetext-begin", "move-number", "move",     "nag",
        "comment",    "rav-begin", "rav-end",        "result",      "game-end", "move+comment"};
    return (unsigned)t < PGN_EV_NB ? names[t] : "?";
}
