/*
 * pgn_split.h - where a PGN byte stream may be cut into pieces that are read
 * on their own, each by its own parser (`check --jobs`).
 *
 * A cut is a line feed that ends the last line with anything on it before a
 * tag pair line, with a blank line between ("1-0\n\n[Event \"...\"") or,
 * when that last line is no tag pair line itself, without ("1-0\n[Event"):
 * there a new game nearly always starts, whatever came before (an unclosed
 * comment stops before a tag pair line, strings stop at line ends, and a tag
 * pair after movetext or a result starts a game).  A parser started on the
 * piece after the cut, with its counters offset, sees what the parser of the
 * whole stream sees from that game on: both reach the tag line's '[' after
 * the same line feeds and nothing else.  Whether the cut really was a game boundary is for the
 * reader of the piece before it to confirm: its first game start at or after
 * the cut must be that '[' (replay_pool.c does this and falls back to one
 * parser when it is not).  A reader confirming a cut looks at most
 * PGN_SPLIT_LOOKAHEAD bytes past it.
 */
#ifndef PGNARB_PGN_SPLIT_H
#define PGNARB_PGN_SPLIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PGN_SPLIT_BLANK_MAX 256          /* blank bytes from the cut to the '[' */
#define PGN_SPLIT_LOOKAHEAD 1024u     /* see above: the blanks, a token and its look-ahead */

/* The last cut at an offset in [1, max] of buf[0, len): true with *cut (the
 * line feed) and *tag (the '[' of the tag pair line), both < len, the tag
 * pair's opening (up to its '"') inside buf. */
bool pgn_split_find(const unsigned char *buf, size_t len, size_t max, size_t *cut, size_t *tag);

/* The first cut of buf[0, len) (`check --shard`: the first game start of a
 * range, looking at nothing before it), by a stricter rule: the line before
 * the cut's blank run starts inside buf and is no tag pair line, with or
 * without a blank line between.  True with *cut and *tag as above. */
bool pgn_split_find_first(const unsigned char *buf, size_t len, size_t *cut, size_t *tag);

/* Line feeds in buf[0, len) (a blank run, say). */
uint64_t pgn_split_count_lines(const unsigned char *buf, size_t len);

#endif /* PGNARB_PGN_SPLIT_H */
