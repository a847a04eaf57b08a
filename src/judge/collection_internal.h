/*
 * collection_internal.h - what collection.c (the duplicate index) and
 * collection_event.c (an event's rounds) share; not for other modules.
 */
#ifndef PGNARB_COLLECTION_INTERNAL_H
#define PGNARB_COLLECTION_INTERNAL_H

#include "diag/diag.h"
#include "judge/collection.h"

#include <stdbool.h>
#include <stdint.h>

struct collection;
struct collection_event;
struct game_record;

/* Hand a finding about game g to emit at its controlled level (notes only
 * under --strict; nothing when the control drops it), counting
 * it in g's record. */
void collection_emit(struct collection *c, struct game_record *g, enum diag_code code,
                     enum diag_severity severity, const char *message, diag_fn emit, void *ctx);

/* Strings kept end to end, found by offset; grown by doubling. */
struct collection_text {
    char *p;
    size_t len, cap;
};
/* Keep s (NUL-terminated) in t: its offset, SIZE_MAX when out of memory. */
size_t collection_text_keep(struct collection_text *t, const char *s);

/* A 32-bit hash of a string (text_hash(); NULL hashes as 0). */
uint32_t collection_hash_text(const char *s);

/* collection_event.c: the current event's games and their round checks. */
struct collection_event *collection_event_new(bool duplicates);
/* Read "N.M" rounds as form says, from the next event on. */
void collection_event_set_form(struct collection_event *e, enum collection_round_form form);
void collection_event_free(struct collection_event *e);
void collection_event_game(struct collection *c, struct collection_event *e,
                           struct game_record *g, diag_fn emit, void *ctx);
/* The number of the event the last game is of (a new number for each event
 * started), 0 when it is of none. */
uint64_t collection_event_serial(const struct collection_event *e);

/* collection_players.c: who each player is, in the current event. */
struct collection_players;
struct collection_players *collection_players_new(void);
void collection_players_free(struct collection_players *p);
/* Game g, of event number `event` (collection_event_serial()). */
void collection_players_game(struct collection *c, struct collection_players *p,
                             struct game_record *g, uint64_t event, diag_fn emit, void *ctx);

#endif /* PGNARB_COLLECTION_INTERNAL_H */
