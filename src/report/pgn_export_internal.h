/*
 * pgn_export_internal.h - what the two halves of the export writer share
 * (pgn_export.c: the movetext, word by word; pgn_export_text.c: the tags,
 * the result, the game's text): the writer's state and its buffers.  Not
 * for use outside src/report/pgn_export*.c.
 */
#ifndef PGNARB_PGN_EXPORT_INTERNAL_H
#define PGNARB_PGN_EXPORT_INTERNAL_H

#include "report/pgn_export.h"

#include "pgn/pgn_parse.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct buf {
    char *p;
    size_t len, cap;
};

struct kept_move {
    uint64_t offset;
    char san[8];      /* SAN_MAX */
    uint8_t len;      /* of san */
    uint8_t side;
    uint32_t fullmove;
};

struct tag_at {
    size_t name, value; /* offsets in the tag arena */
    size_t name_len;
    int roster;         /* its place in the Seven Tag Roster, -1 none */
};

/* The Seven Tag Roster, in its order (8.1.1). */
extern const char *const pgn_export_roster[7];

struct pgn_export {
    struct kept_move *moves;
    size_t nmoves, capmoves, cursor;
    bool unsorted;

    uint64_t at;
    bool failed;
    struct buf arena; /* tag names and values, NUL-ended */
    struct tag_at tags[PGN_PARSE_TAGS_MAX];
    size_t ntags;
    long roster_at[7]; /* the tag of each roster name, -1 none */
    unsigned dup_tags;
    struct buf text;  /* the game's movetext, laid out */
    struct buf word;  /* the word being made ("(" + token + ")") */
    size_t opens;     /* word holds only this many "(" (and is not empty) */
    struct buf out;   /* the whole game */
    size_t line_len;
    bool need_number; /* the next Black move takes "N..." */
    char marker[8];   /* the termination marker read, "" when none */
    char marker_from[24]; /* ... as written, when not in its PGN form */
    const unsigned char *src; /* the game's bytes (pgn_export_begin()) */
    size_t src_len;
    unsigned rewritten;
    char first_from[40], first_to[24];
    unsigned unresolved;  /* moves the replay did not play */
    char unplayed[32];    /* the first of them */
    unsigned marks;       /* N, RR, D written as NAGs */
    char mark_word[4];
    unsigned mark_nag;
    bool in_game;
    unsigned strip;       /* PGN_STRIP_* */
    unsigned rav_skip;    /* depth inside a variation being stripped */
    struct pgn_strip_counts stripped; /* this game's */
    struct buf kept;      /* a comment with its commands stripped */
    unsigned depth;       /* variations open */
    int last_main_side;   /* the side of the last main-line move, -1 none */
    int rules_ending;     /* enum ending_kind, ENDING_NONE: keep the result */
    unsigned rules_ply;
};

/* Room for `more` bytes in b (bounded by PGN_EXPORT_TEXT_MAX); false, and
 * x failed, when there is none. */
bool pgn_export_grow(struct pgn_export *x, struct buf *b, size_t more);
void pgn_export_put_slow(struct pgn_export *x, struct buf *b, const char *s, size_t n);
void pgn_export_puts(struct pgn_export *x, struct buf *b, const char *s);

/* n bytes at the end of b (kept NUL-ended); inline: it runs for every word */
static inline void pgn_export_put(struct pgn_export *x, struct buf *b, const char *s, size_t n)
{
    if (__builtin_expect(b->len + n < b->cap, 1)) {
        char *t = b->p + b->len;
        if (n <= 16) /* the usual word: a move, a number (no call) */
            for (size_t i = 0; i < n; i++)
                t[i] = s[i];
        else
            memcpy(t, s, n);
        b->len += n;
        b->p[b->len] = '\0';
        return;
    }
    pgn_export_put_slow(x, b, s, n);
}

/* pgn_export.c: a word of the movetext, put on its line at once (the
 * termination marker). */
void pgn_export_last_word(struct pgn_export *x, const char *s, size_t n);

/* pgn_export_text.c: a tag pair read. */
void pgn_export_on_tag(struct pgn_export *x, const struct pgn_event *ev);

#endif /* PGNARB_PGN_EXPORT_INTERNAL_H */
