/*
 * json_read.h - reading one JSON object (RFC 8259), as `pgnarbiter merge`
 * reads the records of jsonl.  Nested objects and arrays are flattened into
 * dotted keys ("ending.kind", "start.0").  Strings are decoded into the
 * reader's own buffer; \u0080 to \u00ff give back the single byte the
 * writer (json.c) escaped that way (a byte that was not UTF-8), so a string
 * read here is the very byte string that was written.
 *
 * Ownership: caller-owned struct; json_obj_init() / json_obj_fini().  The
 * values of a parse live until the next json_obj_parse() on the same object.
 */
#ifndef PGNARB_JSON_READ_H
#define PGNARB_JSON_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define JSON_OBJ_KEYS_MAX  128 /* values in one object, nested ones included */
#define JSON_OBJ_DEPTH_MAX 4
#define JSON_KEY_MAX       64

enum json_type { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING };

struct json_value {
    char key[JSON_KEY_MAX];
    enum json_type type;
    bool b;
    uint64_t u;    /* JSON_NUMBER: the value when it is a non-negative integer */
    bool is_uint;  /* ... and whether it is one */
    const char *s; /* JSON_STRING: NUL-terminated (may hold NUL bytes: see len) */
    size_t len;
};

struct json_obj {
    struct json_value v[JSON_OBJ_KEYS_MAX];
    size_t n;
    size_t hint; /* where json_obj_get() looks first */
    char *buf;   /* decoded strings */
    size_t cap;
};

void json_obj_init(struct json_obj *o);
void json_obj_fini(struct json_obj *o);

/* Parse text[0, len) as one object (blanks around it allowed); false with a
 * reason in why when it is not valid JSON, not an object, or too deep or
 * too large for the limits above. */
bool json_obj_parse(struct json_obj *o, const char *text, size_t len, const char **why);

/* The value of key, NULL when absent. */
const struct json_value *json_obj_get(struct json_obj *o, const char *key);

#endif /* PGNARB_JSON_READ_H */
