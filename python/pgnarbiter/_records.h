/*
 * _records.h - JSON records made into Python objects equal to json.loads's
 * (_records.c).  A records_cache is owned by one user at a time, with the
 * GIL held: records_cache_new() / records_cache_free().
 */
#ifndef PGNARB_PY_RECORDS_H
#define PGNARB_PY_RECORDS_H

#include <stddef.h>

struct records_cache;

enum records_status {
    RECORDS_OK = 0,       /* *out is the value */
    RECORDS_FALLBACK = 1, /* not for this reader: give the line to json.loads */
    RECORDS_ERROR = -1    /* a Python exception is set (out of memory) */
};

struct records_cache *records_cache_new(void);
void records_cache_free(struct records_cache *c);

/* The JSON value of the len bytes s in *out (a new reference). */
int records_parse(struct records_cache *cache, const char *s, size_t len, PyObject **out);

#endif
