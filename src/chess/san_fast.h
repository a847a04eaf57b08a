/*
 * san_fast.h - the fast path of san_resolve() for export-format SAN (internal
 * to the san module; see san_fast.c for exactly what it takes and leaves).
 */
#ifndef PGNARB_SAN_FAST_H
#define PGNARB_SAN_FAST_H

#include <stdbool.h>
#include <stddef.h>

struct position;
struct san_result;

/* Resolve tok as san_resolve() would and return true, or return false when
 * the token needs the general path.  (Declared in san.h too, for the inline
 * san_resolve().) */
bool san_fast_resolve(const struct position *pos, const char *tok, size_t len,
                      struct san_result *res);

/* san_fast_resolve_read(), for a game read in its own letters, is declared
 * in san.h. */

#endif
