/*
 * pgn_export.h - writes one game in the PGN export format (PGN standard
 * section 8: 8.1.1 the Seven Tag Roster, 8.2 movetext) from the reader's
 * events of that game and the moves the replay resolved (`pgnarbiter fix`).
 *
 * The replay hands over every move it played (game_sink.move: where its
 * token starts, its export-format SAN); pgn_export_move() keeps them by
 * offset.  The game's own bytes are then read again (the caller's parser)
 * and each event goes to pgn_export_event(); at PGN_EV_GAME_END the game is
 * written.  Every change from what the game's text said is handed to the
 * change callback as one sentence (the caller makes it a `fixed` finding).
 *
 * Ownership: pgn_export_new() returns a heap object reused game after game;
 * pgn_export_free(NULL) is a no-op.  Memory grows to the largest game (its
 * tags, its movetext, the moves of two games), bounded by
 * PGN_EXPORT_MOVES_MAX and PGN_EXPORT_TEXT_MAX: a longer game is not
 * written (pgn_export_event() returns false; the caller writes it as read).
 */
#ifndef PGNARB_PGN_EXPORT_H
#define PGNARB_PGN_EXPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct game_move;
struct pgn_event;
struct pgn_export;

#define PGN_EXPORT_LINE_MAX  79                 /* PGN 8.2.1: below 80 columns */
#define PGN_EXPORT_MOVES_MAX ((size_t)1 << 20)  /* moves held (two games' worth) */
#define PGN_EXPORT_TEXT_MAX  ((size_t)64 << 20) /* bytes of one game's export text */

/* What --strip removes (any subset). */
enum {
    PGN_STRIP_COMMENTS = 1u << 0,   /* every comment */
    PGN_STRIP_NAGS = 1u << 1,       /* NAGs, and the marks N, RR, D written as NAGs */
    PGN_STRIP_VARIATIONS = 1u << 2, /* every variation (RAV), with what it holds */
    PGN_STRIP_CLOCKS = 1u << 3,     /* [%clk ...], [%emt ...], [%clkc ...] in comments */
    PGN_STRIP_EVALS = 1u << 4,      /* [%eval ...] in comments */
    PGN_STRIP_KINDS = 5
};

/* What was stripped, counted (a run adds up its games'). */
struct pgn_strip_counts {
    uint64_t of[PGN_STRIP_KINDS]; /* by bit number of PGN_STRIP_* */
};

/* --results=from-rules: the result the rules of play gave the game last
 * read (its ending, judge/game_record.h), set after its events and before
 * pgn_export_text(); kind 0 (ENDING_NONE): keep the recorded result.  A
 * checkmate gives the point to the side of the last main-line move. */
void pgn_export_rules_result(struct pgn_export *x, int ending_kind, unsigned ply);

/* A change, as a translated sentence. */
typedef void (*pgn_export_change_fn)(void *ctx, const char *message);

struct pgn_export *pgn_export_new(void);
void pgn_export_free(struct pgn_export *x);

/* What to strip from every game from now on (PGN_STRIP_* bits; 0: nothing). */
void pgn_export_set_strip(struct pgn_export *x, unsigned strip);

/* What was stripped from the game last written (valid after
 * pgn_export_text()); adds it to *sum. */
bool pgn_export_stripped(const struct pgn_export *x, struct pgn_strip_counts *sum);

/* A move the replay played (offsets count from the input's start). */
void pgn_export_move(struct pgn_export *x, const struct game_move *m);

/* Start a game whose bytes (len of them, borrowed until pgn_export_text())
 * start at input offset `at`. */
void pgn_export_begin(struct pgn_export *x, uint64_t at, const unsigned char *bytes, size_t len);

/* One event of the game read again (offsets from `at`).  False when the
 * game cannot be written (too long, out of memory): the caller writes its
 * bytes as they are. */
bool pgn_export_event(struct pgn_export *x, const struct pgn_event *ev);

/* After GAME_END: the game's export text (valid until the next
 * pgn_export_begin()) and its changes, each said to fn (NULL: not said);
 * NULL when it cannot be written. */
const char *pgn_export_text(struct pgn_export *x, size_t *len, pgn_export_change_fn fn, void *ctx);

/* Forget the moves before input offset `done` (a game written: the next
 * game's moves, already played, are kept). */
void pgn_export_forget(struct pgn_export *x, uint64_t done);

#endif /* PGNARB_PGN_EXPORT_H */
