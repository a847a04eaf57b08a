/*
 * pgn_parse_internal.h - what pgn_parse.c (games out of tokens) and
 * pgn_parse_tags.c (the tag pair section) share; not for other modules:
 * pgn_parse.h is the interface.
 */
#ifndef PGNARB_PGN_PARSE_INTERNAL_H
#define PGNARB_PGN_PARSE_INTERNAL_H

#include "pgn/pgn_parse.h"

#define PGN_LEX_INTERNAL
#include "pgn/pgn_lex.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { FAST_NONE, FAST_MOVETEXT, FAST_TAGS };

enum pstate {
    PS_BETWEEN,   /* no game open */
    PS_TAGS,      /* in the tag section, between tag pairs */
    PS_TAG_NAME,  /* after '[' */
    PS_TAG_VALUE, /* after the name */
    PS_TAG_CLOSE, /* after the value */
    PS_TAG_SKIP,  /* inside a malformed tag pair: up to its ']' */
    PS_MOVETEXT
};

struct pgn_parser {
    struct pgn_lex *lx;
    struct pgn_event held[2];     /* pgn_parser_next_unfolded(): the move after its number,
                                     the comment after its move */
    unsigned char held_at, nheld; /* ... held[held_at, nheld) are still to give */
    struct input *in;
    diag_fn on_diag;
    void *diag_ctx;
    const struct pgn_token *tok;
    bool have_tok; /* tok is to be handled (again) before lexing on */
    bool eof;
    unsigned char fast; /* FAST_*: the fast path that applies, see parser_general() */
    bool slow;     /* the fast paths are off (pgn_parser_set_fast_paths()) */
    enum pstate st;

    uint64_t games;
    bool game_open, movetext_begun, has_result, cp1252_noted, enc_warned, tags_full;
    bool pend_movetext, pend_result, pend_end, pend_begin;
    bool pend_tag;        /* pend_begin's game opens with the tag in name/value, read whole */
    uint64_t first_tag;   /* hash of the game's first tag name */
    unsigned distinct;    /* distinct tag names of the game */
    uint64_t bad_tags;    /* bad-tag findings of the game, shown or not */
    bool blank_tags;      /* the tag pair being read follows a blank line */
    bool utf16_noted;     /* the UTF-16 note is given (once per input) */
    bool dparen_warned;   /* "((" reported in this game (once) */
    bool rav_fresh;       /* a '(' was the last movetext token (the next one goes the
                             general path, see parser_general()) */
    bool rav_open;        /* a '(' read whose RAV_BEGIN waits for the next token */
    struct src_loc rav_loc; /* ... that '(' */
    bool last_held;       /* a main-line "0-0", "+/-" or "-/+" waits for the next token */
    unsigned held_nag;    /* ... its NAG ("+/-", "-/+"), 0 for "0-0" */
    const char *held_text; /* ... static text */
    struct src_loc held_loc;
    bool result_ambiguous; /* the pending RESULT is such a token (PGN_RESULT_AMBIGUOUS) */
    bool cut_short;       /* the input ended inside a movetext line, no marker */
    const char *rav_result; /* the last marker met inside a variation, or NULL */
    struct src_loc rav_result_loc;
    unsigned last_number; /* last move number of the main line */
    unsigned pend_rav_end;
    const char *result; /* static canonical marker */
    struct src_loc result_loc, end_loc;
    uint32_t result_span; /* the marker's bytes as written ("1 - 0": 5), 0 = not known */
    unsigned depth;     /* variations delivered and open */
    uint64_t deep;      /* variations open beyond the depth limit */
    uint64_t deep_start;
    unsigned errors;

    struct src_loc tag_loc;
    size_t name_len, value_len;
    unsigned ntags;
    uint64_t tag_filter; /* bit h % 64 for every hash h in tag_hash */
    uint64_t tag_hash[PGN_PARSE_TAGS_MAX];
    char name[PGN_PARSE_TAG_NAME_MAX + 1];
    char value[PGN_LEX_STRING_MAX + 1];
    char msg[320];
};

/* pgn_parse.c: a finding at loc (severity -1: the code's own); the encoding
 * findings of a token's text; close the game at loc. */
void pgn_parse_report(struct pgn_parser *p, enum diag_code code, int severity,
                      const struct src_loc *loc, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
void pgn_parse_report_encoding(struct pgn_parser *p, const struct pgn_token *t, const char *what);

/* Encoding findings of a token's text (what: "tag value", "comment", ...,
 * marked for translation where it is written and translated only when
 * there is something to say).
 * Inline: most tokens have no flag set, and every comment asks. */
static inline void pgn_parse_check_encoding(struct pgn_parser *p, const struct pgn_token *t,
                                            const char *what)
{
    if (t->flags & (PGN_TOKF_BAD_UTF8 | PGN_TOKF_CP1252)) pgn_parse_report_encoding(p, t, what);
}
/* What a token is, as a message names it in the user's language: "string",
 * "comment" ...; punctuation as itself ("]"), a bad byte as show_byte() does
 * ("'%'", "0x01"), in buf. */
const char *pgn_parse_token_word(const struct pgn_token *t, char buf[8]);

void pgn_parse_end_game(struct pgn_parser *p, const struct src_loc *loc);

/* The token is to be handled again before lexing on. */
static inline void keep(struct pgn_parser *p) { p->have_tok = true; }

/* pgn_parse_tags.c: deliver the tag pair read into name/value (sets
 * *emitted); a tag pair token (true when ev was filled); the tag pair fast
 * path (see there). */
void pgn_parse_tag_emit(struct pgn_parser *p, struct pgn_event *ev, bool *emitted);
bool pgn_parse_on_tag_token(struct pgn_parser *p, const struct pgn_token *t, struct pgn_event *ev);
bool pgn_parse_tag_fast(struct pgn_parser *p, struct pgn_event *ev, bool bracket_lexed);

#endif /* PGNARB_PGN_PARSE_INTERNAL_H */
