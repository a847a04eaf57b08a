/*
 * game_split.h - `check --good FILE --bad FILE`: each game's own bytes, as
 * the input holds them, to one file or the other by its verdict.
 *
 * Ownership: game_split_new() returns a heap object; game_split_free(NULL)
 * is a no-op.  The FILEs are borrowed (either may be NULL: those games are
 * not written anywhere).
 *
 * Call order, all on the thread the sink runs on: for each input read,
 * game_split_input() before its first byte is read, then the findings and
 * game records of that input as the sink gets them (game_split_diag(),
 * game_split_game()), then game_split_input_end() once every one of them
 * has been delivered (replay_pool_drain()).  Findings delivered between
 * inputs (an input that could not be opened) are not counted.
 */
#ifndef PGNARB_GAME_SPLIT_H
#define PGNARB_GAME_SPLIT_H

#include "diag/diag.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct game_record;
struct game_split;
struct input;

/* A game goes to `bad` when one of its findings is at least as severe as
 * `worst` (DIAG_ERROR: --bad-on=error, DIAG_WARNING: --bad-on=warning). */
struct game_split *game_split_new(FILE *good, FILE *bad, enum diag_severity worst);
void game_split_free(struct game_split *s);

/* Instead of the files: hand each game's bytes (len of them, from input
 * offset `at`) to fn with its verdict, in input order (`fix`); is_game false
 * for an input that holds no game.  The bytes are borrowed for the call. */
typedef void (*game_split_fn)(void *ctx, const unsigned char *bytes, size_t len, uint64_t at,
                              bool bad, bool is_game);
void game_split_set_writer(struct game_split *s, game_split_fn fn, void *ctx);

void game_split_input(struct game_split *s, struct input *in);
void game_split_diag(struct game_split *s, const struct diag *d);
void game_split_game(struct game_split *s, const struct game_record *g);
void game_split_input_end(struct game_split *s);

/* False once a game's bytes could not be kept (out of memory): the files
 * are then incomplete and must not replace anything. */
bool game_split_whole(const struct game_split *s);

/* Games written to each file so far. */
void game_split_counts(const struct game_split *s, uint64_t *good, uint64_t *bad);

#endif /* PGNARB_GAME_SPLIT_H */
