/*
 * pgn_parse_tags.c - the tag pair section of a game (PGN standard 8.1): tag
 * pairs token by token and, on the fast path, four tokens at once; duplicate
 * tags (by 64-bit hashes of their names, at most PGN_PARSE_TAGS_MAX a game);
 * a tag that opens the next game (a tags-only game followed by another).
 * The state machine and the rest of the game are pgn_parse.c's.
 */
#include "pgn/pgn_parse_internal.h"
#include "pgn/text_hash.h"

#include "i18n.h"

#include <stdio.h>
#include <string.h>

/* Whether the game has a tag named h (text_hash(): names of up to 8 bytes
 * never collide). */
static bool tag_seen(const struct pgn_parser *p, uint64_t h)
{
    if (!((p->tag_filter >> (h & 63)) & 1))
        return false; /* the usual answer, without the loop */
    for (unsigned i = 0; i < p->ntags; i++)
        if (p->tag_hash[i] == h)
            return true;
    return false;
}

/* A tag pair named h (seen: tag_seen(p, h), asked once by the caller) opens
 * the next game, in a game of tags only: after a blank line, any tag the
 * game already has; with no blank line, the tag of the Seven Tag Roster the
 * game began with, once the game has another (tags-only games written one
 * after the other: [Event] [Site] ... [Event] ...).  first_tag is 0 when
 * the game did not begin with one. */
static bool opens_next_game(const struct pgn_parser *p, uint64_t h, bool seen)
{
    return seen && (p->blank_tags || (h == p->first_tag && p->distinct >= 2));
}

static bool roster_tag(const char *name, size_t len)
{
    static const char *const roster[] = {"Event", "Site",  "Date",  "Round",
                                         "White", "Black", "Result"};
    for (size_t i = 0; i < sizeof roster / sizeof *roster; i++)
        if (strlen(roster[i]) == len && memcmp(roster[i], name, len) == 0) return true;
    return false;
}

/* Bookkeeping of a tag named h entering the game (seen: tag_seen(p, h),
 * before it is added): a duplicate reported, or counted first and distinct. */
static inline void tag_count(struct pgn_parser *p, uint64_t h, const char *name, size_t len,
                             bool seen)
{
    if (seen) {
        pgn_parse_report(p, DIAG_BAD_TAG, -1, &p->tag_loc, _("duplicate tag %s"), name);
        return;
    }
    if (p->distinct++ == 0) p->first_tag = roster_tag(name, len) ? h : 0;
}

void pgn_parse_tag_emit(struct pgn_parser *p, struct pgn_event *ev, bool *emitted)
{
    uint64_t h = text_hash(p->name, p->name_len);
    tag_count(p, h, p->name, p->name_len, tag_seen(p, h));
    if (p->ntags == PGN_PARSE_TAGS_MAX) {
        if (!p->tags_full)
            pgn_parse_report(p, DIAG_BAD_TAG, -1, &p->tag_loc,
                   _("more than %d tag pairs: the rest are ignored"), PGN_PARSE_TAGS_MAX);
        p->tags_full = true;
        return;
    }
    p->tag_hash[p->ntags++] = h;
    p->tag_filter |= 1ull << (h & 63);
    ev->type = PGN_EV_TAG;
    ev->loc = p->tag_loc;
    ev->name = p->name;
    ev->name_len = p->name_len;
    ev->text = p->value;
    ev->len = p->value_len;
    *emitted = true;
}

/* Tag pair tokens.  Returns true when ev was filled. */
bool pgn_parse_on_tag_token(struct pgn_parser *p, const struct pgn_token *t, struct pgn_event *ev)
{
    bool emitted = false;
    switch (p->st) {
    case PS_TAG_NAME:
        if (t->type == PGN_TOK_SYMBOL) {
            size_t n = t->len > PGN_PARSE_TAG_NAME_MAX ? PGN_PARSE_TAG_NAME_MAX : t->len;
            memcpy(p->name, t->text, n);
            p->name[n] = '\0';
            p->name_len = n;
            uint64_t h = text_hash(p->name, p->name_len);
            if (opens_next_game(p, h, tag_seen(p, h))) {
                /* The game had only tags, and this pair opens the next one. */
                pgn_parse_end_game(p, &p->tag_loc);
                p->pend_begin = true;
            }
            p->st = PS_TAG_VALUE;
            return false;
        }
        char b[8];
        pgn_parse_report(p, DIAG_BAD_TAG, -1, &p->tag_loc,
                         _("malformed tag pair: %s where the tag name belongs"),
                         pgn_parse_token_word(t, b));
        p->st = t->type == PGN_TOK_STRING ? PS_TAG_SKIP : PS_TAGS;
        if (t->type != PGN_TOK_RBRACKET && t->type != PGN_TOK_STRING)
            keep(p);
        return false;
    case PS_TAG_SKIP:
        if (t->type == PGN_TOK_STRING || t->type == PGN_TOK_SYMBOL)
            return false;
        p->st = PS_TAGS;
        if (t->type != PGN_TOK_RBRACKET)
            keep(p);
        return false;
    case PS_TAG_VALUE:
        if (t->type != PGN_TOK_STRING) {
            pgn_parse_report(p, DIAG_BAD_TAG, -1, &p->tag_loc, _("malformed tag pair %s: no quoted value"),
                   p->name);
            p->st = t->type == PGN_TOK_SYMBOL ? PS_TAG_SKIP : PS_TAGS;
            if (t->type != PGN_TOK_RBRACKET && t->type != PGN_TOK_SYMBOL)
                keep(p);
            return false;
        }
        memcpy(p->value, t->text, t->len);
        p->value_len = t->len;
        p->st = PS_TAG_CLOSE;
        char *nul = memchr(p->value, '\0', p->value_len);
        if (nul) {
            /* Every reader of the value sees all of it: a NUL would end it
             * early (a FEN with junk after a NUL would pass as good). */
            pgn_parse_report(p, DIAG_BAD_TAG, -1, &t->loc,
                   _("tag %s: the value holds a NUL byte (at byte %zu), shown as '?'"), p->name,
                   (size_t)(nul - p->value) + 1);
            for (; nul; nul = memchr(nul, '\0', p->value_len - (size_t)(nul - p->value)))
                *nul = '?';
        }
        pgn_parse_check_encoding(p, t, N_("tag value"));
        if (t->flags & PGN_TOKF_TRUNCATED)
            pgn_parse_report(p, DIAG_SYNTAX, -1, &t->loc,
                   _("tag value of %s longer than %d bytes: truncated"), p->name,
                   PGN_LEX_STRING_MAX);
        if (t->flags & PGN_TOKF_BAD_QUOTE)
            pgn_parse_report(p, DIAG_BAD_TAG, -1, &t->loc, _("tag %s: unescaped '\"' inside the value"),
                   p->name);
        if (t->flags & PGN_TOKF_UNTERMINATED) {
            pgn_parse_report(p, DIAG_BAD_TAG, -1, &t->loc, _("tag %s: value without its closing '\"'"),
                   p->name);
            if (p->value_len && p->value[p->value_len - 1] == ']') {
                p->value_len--; /* [Event "Paris] : the bracket closed the pair */
                p->value[p->value_len] = '\0';
                p->st = PS_TAGS;
                pgn_parse_tag_emit(p, ev, &emitted);
                return emitted;
            }
        }
        p->value[p->value_len] = '\0';
        return false;
    default: /* PS_TAG_CLOSE */
        p->st = PS_TAGS;
        if (t->type != PGN_TOK_RBRACKET) {
            pgn_parse_report(p, DIAG_BAD_TAG, -1, &p->tag_loc, _("tag pair %s without its closing ']'"),
                   p->name);
            keep(p);
        }
        pgn_parse_tag_emit(p, ev, &emitted);
        return emitted;
    }
}


/*
 * Tag pair fast path, in PS_TAGS (bracket_lexed false) or in PS_TAG_NAME
 * right after the '[' (true), with no token kept: a plain pair that the
 * token-by-token path would deliver as it is (see pgn_lex_next_tag()), and
 * that cannot open the next game (not after a blank line that follows tags).
 */
bool pgn_parse_tag_fast(struct pgn_parser *p, struct pgn_event *ev, bool bracket_lexed)
{
    if (p->ntags == PGN_PARSE_TAGS_MAX || (bracket_lexed && p->blank_tags && p->ntags))
        return false;
    if (!pgn_lex_next_tag(p->lx, bracket_lexed, ev))
        return false;
    if (bracket_lexed) {
        ev->loc = p->tag_loc;
    } else {
        p->tag_loc = ev->loc;
        p->blank_tags = false;
    }
    /* as pgn_parse_tag_emit(), with the name and value in the lexer's buffer */
    uint64_t h = text_hash(ev->name, ev->name_len);
    bool seen = tag_seen(p, h); /* (the usual answer, no: one bit test) */
    if (opens_next_game(p, h, seen)) {
        /* the pair opens the next game: kept, and delivered after its
         * GAME_BEGIN (pending()) */
        memcpy(p->name, ev->name, ev->name_len);
        p->name[p->name_len = ev->name_len] = '\0';
        memcpy(p->value, ev->text, ev->len);
        p->value[p->value_len = ev->len] = '\0';
        p->tag_loc = ev->loc;
        pgn_parse_end_game(p, &p->tag_loc);
        p->pend_begin = p->pend_tag = true;
        return false;
    }
    tag_count(p, h, ev->name, ev->name_len, seen);
    p->tag_hash[p->ntags++] = h;
    p->tag_filter |= 1ull << (h & 63);
    p->st = PS_TAGS;
    ev->type = PGN_EV_TAG;
    ev->number = ev->dots = 0;
    ev->game = p->games;
    ev->depth = 0;
    ev->has_result = false;
    return true;
}
