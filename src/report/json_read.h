/*
 * json_read.h - reading one JSON object (RFC 8259), as `pgnarbiter merge`
 * reads the records of jsonl.  Nested objects and arrays are flattened into
 * dotted keys ("ending.kind", "start.0").  Strings are decoded into the
 * reader's own buffer; \u0080 to \u00ff give back the single byte the
 * writer (json.c) escaped that way (a byte that was not UTF-8), and so do
 * the escapes of the Windows-1252 characters of 80-9F (\u2019 for 0x92,
 * diag/cp1252.h: json.c writes them for such a byte, and a character of the
 * input that is valid UTF-8 as it is, never escaped), and so do
 * \ufffd and two hex digits (a file name's such byte, json_buf_name());
 * \ufffd\ufffd gives back U+FFFD.  So a string read here is the very byte
 * string that was written.
 *
 * Ownership: caller-owned struct; json_obj_init() / json_obj_fini().  The
 * values of a parse live until the next json_obj_parse() on the same object.
 */
#ifndef PGNARB_JSON_READ_H
#define PGNARB_JSON_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

/* A scanner for records whose layout is known (the writer's, report_json.c):
 * the caller matches each key and punctuation as a literal and reads the
 * values between, and on any surprise falls back to json_obj_parse().  What
 * it accepts is valid JSON and reads as json_obj_parse() reads it.  A string
 * without escapes is read where it stands in the text, and NUL-terminated
 * there only by json_scan_done() (the text is left as it was until the
 * caller knows the whole record matched); a string with escapes is decoded
 * into out, which must have room for the rest of the text. */
#define JSON_SCAN_STRINGS_MAX 24
struct json_scan {
    const char *p, *end;
    char *out;
    char *text; /* the text, writable: json_scan_done() ends strings in it */
    const char *ends[JSON_SCAN_STRINGS_MAX]; /* closing quotes of strings in place */
    unsigned nends;
};
/* Scan text[0, len), decoded strings going to out. */
void json_scan_init(struct json_scan *sc, char *text, size_t len, char *out);
/* The record matched: NUL-terminate its strings in the text. */
void json_scan_done(struct json_scan *sc);
/* The text as it was before json_scan_done(). */
void json_scan_undo(struct json_scan *sc);

/* lit (a string literal) at p: stepped over, true. */
#define JSON_SCAN_LIT(sc, lit) json_scan_lit(sc, lit, sizeof lit - 1)
static inline __attribute__((always_inline)) bool json_scan_lit(struct json_scan *sc, const char *lit,
                                                        size_t len)
{
    if ((size_t)(sc->end - sc->p) < len) return false;
    size_t i = 0;
    for (; i + 8 <= len; i += 8) { /* 8 bytes a compare: lit's are constants */
        uint64_t a, b;
        memcpy(&a, sc->p + i, 8);
        memcpy(&b, lit + i, 8);
        if (a != b) return false;
    }
    for (; i < len; i++)
        if (sc->p[i] != lit[i]) return false;
    sc->p += len;
    return true;
}
/* A non-negative integer of at most 19 digits (a longer one is left to
 * json_obj_parse()), not followed by a number's other bytes. */
static inline __attribute__((always_inline)) bool json_scan_uint(struct json_scan *sc,
                                                                 uint64_t *u)
{
    const char *p = sc->p, *stop = sc->end - p > 19 ? p + 19 : sc->end;
    uint64_t v = 0; /* 19 digits cannot overflow */
    while (p < stop && (unsigned)(*p - '0') < 10)
        v = v * 10 + (unsigned)(*p++ - '0');
    /* a number ends where a number's bytes end (else it is not this one) */
    if (p == sc->p || (p < sc->end && ((unsigned)(*p - '0') < 10 || *p == '.' || *p == 'e' ||
                                       *p == 'E' || *p == '+' || *p == '-')))
        return false;
    sc->p = p;
    *u = v;
    return true;
}
/* A string: *s points at it in the text (json_scan_done() ends it there) or,
 * when it has escapes, at its decoded copy in out; null gives *s = NULL. */
bool json_scan_string_slow(struct json_scan *sc, const char **s, size_t *len);
static inline __attribute__((always_inline)) bool json_scan_string(struct json_scan *sc,
                                                                   const char **s, size_t *len)
{
#if defined(__SSE2__)
    /* The usual string: plain bytes, its closing quote in the first 32. */
    if (sc->end - sc->p >= 33 && *sc->p == '"' && sc->nends < JSON_SCAN_STRINGS_MAX) {
        for (unsigned from = 1; from < 33; from += 16) {
            __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(sc->p + from));
            __m128i stop = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')),
                                                     _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))),
                                        _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1f)), v));
            unsigned mask = (unsigned)_mm_movemask_epi8(stop);
            if (!mask) continue;
            unsigned at = from - 1 + (unsigned)__builtin_ctz(mask);
            if (sc->p[1 + at] != '"') break; /* an escape or a control character */
            *s = sc->p + 1;
            *len = at;
            sc->ends[sc->nends++] = sc->p + 1 + at;
            sc->p += at + 2;
            return true;
        }
    }
#endif
    return json_scan_string_slow(sc, s, len);
}
/* true or false. */
bool json_scan_bool(struct json_scan *sc, bool *b);

#endif /* PGNARB_JSON_READ_H */
