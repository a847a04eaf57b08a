/*
 * json_read.c - a small recursive-descent JSON reader (RFC 8259 sections
 * 2-7) for one object per call, flattened into dotted keys (json_read.h).
 * Invariants: never reads past len; depth, key count and key length are
 * bounded; every decoded string fits in a buffer as long as the text (an
 * escape never decodes to more bytes than it takes).
 */
#include "report/json_read.h"

#include "diag/cp1252.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rd {
    struct json_obj *o;
    const char *p, *end;
    char *out; /* where the next decoded string goes, in o->buf */
    const char *why;
};

void json_obj_init(struct json_obj *o)
{
    memset(o, 0, sizeof *o);
}

void json_obj_fini(struct json_obj *o)
{
    free(o->buf);
    o->buf = NULL;
    o->cap = 0;
}

static bool fail(struct rd *r, const char *why)
{
    if (!r->why) r->why = why;
    return false;
}

static void blanks_slow(struct rd *r)
{
    while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r'))
        r->p++;
}

/* Blanks at r->p skipped; json.c writes none, so the first byte usually decides. */
static inline void blanks(struct rd *r)
{
    if (r->p < r->end && (unsigned char)*r->p > ' ') return;
    blanks_slow(r);
}

static bool literal(struct rd *r, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(r->end - r->p) < n || memcmp(r->p, word, n) != 0)
        return fail(r, "not a JSON value");
    r->p += n;
    return true;
}

/* n hex digits at p (all there: the caller checked), or -1. */
static int hex_digits(const char *p, int n)
{
    int v = 0;
    for (int i = 0; i < n; i++) {
        char c = p[i];
        v <<= 4;
        if (c >= '0' && c <= '9')
            v |= c - '0';
        else if (c >= 'a' && c <= 'f')
            v |= c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            v |= c - 'A' + 10;
        else
            return -1;
    }
    return v;
}

static int hex4(const char *p) { return hex_digits(p, 4); }

/* Two hex digits at p (both there: the caller checked), or -1. */
static int hex2(const char *p) { return hex_digits(p, 2); }

static void put_utf8(char **o, unsigned cp)
{
    unsigned char *u = (unsigned char *)*o;
    if (cp < 0x80) {
        *u++ = (unsigned char)cp;
    } else if (cp < 0x800) {
        *u++ = (unsigned char)(0xC0 | cp >> 6);
        *u++ = (unsigned char)(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        *u++ = (unsigned char)(0xE0 | cp >> 12);
        *u++ = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        *u++ = (unsigned char)(0x80 | (cp & 0x3F));
    } else {
        *u++ = (unsigned char)(0xF0 | cp >> 18);
        *u++ = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
        *u++ = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        *u++ = (unsigned char)(0x80 | (cp & 0x3F));
    }
    *o = (char *)u;
}

/* Bytes a string holds as they are: not '"', not '\\', not a control
 * character (one row per 16 byte values). */
static const unsigned char plain_bytes[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* The end of the run of plain bytes at p: 16 bytes a step where SSE2 is
 * (x86-64) and 16 remain, then byte by byte. */
static const char *plain_run(const char *p, const char *end)
{
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'),
                  below = _mm_set1_epi8(0x1f);
    while (end - p >= 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
        /* bytes below 0x20: unsigned min(v, 0x1f) == v */
        __m128i ctl = _mm_cmpeq_epi8(_mm_min_epu8(v, below), v);
        __m128i stop = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote),
                                                 _mm_cmpeq_epi8(v, backslash)),
                                    ctl);
        unsigned mask = (unsigned)_mm_movemask_epi8(stop);
        if (mask) return p + __builtin_ctz(mask);
        p += 16;
    }
#endif
    while (p < end && plain_bytes[(unsigned char)*p])
        p++;
    return p;
}

/* A string at r->p (its opening quote), decoded to out (which has room for
 * it: an escape never decodes to more bytes than it takes); *len is its
 * decoded length.  Runs of plain bytes are copied at once. */
static bool decode(struct rd *r, char *out, size_t *len)
{
    const char *p = r->p + 1, *end = r->end;
    char *o = out;
    for (;;) {
        const char *run = p;
        p = plain_run(p, end);
        memcpy(o, run, (size_t)(p - run));
        o += p - run;
        if (p >= end) return fail(r, "unterminated string");
        unsigned char c = (unsigned char)*p++;
        if (c == '"') break;
        if (c < 0x20) return fail(r, "control character in a string");
        if (p >= end) return fail(r, "unterminated string");
        char e = *p++;
        switch (e) {
        case '"':
            *o++ = '"';
            break;
        case '\\':
            *o++ = '\\';
            break;
        case '/':
            *o++ = '/';
            break;
        case 'b':
            *o++ = '\b';
            break;
        case 'f':
            *o++ = '\f';
            break;
        case 'n':
            *o++ = '\n';
            break;
        case 'r':
            *o++ = '\r';
            break;
        case 't':
            *o++ = '\t';
            break;
        case 'u': {
            if (end - p < 4) return fail(r, "bad \\u escape");
            int cp = hex4(p);
            if (cp < 0) return fail(r, "bad \\u escape");
            p += 4;
            if (cp == 0xFFFD && end - p >= 6 && p[0] == '\\' && p[1] == 'u' && hex4(p + 2) == 0xFFFD) {
                put_utf8(&o, 0xFFFD); /* a file name's own U+FFFD (json.h) */
                p += 6;
                break;
            }
            if (cp == 0xFFFD && end - p >= 2 && hex2(p) >= 0) {
                *o++ = (char)hex2(p); /* a file name's byte that is not UTF-8 (json.h) */
                p += 2;
                break;
            }
            if (cp <= 0xFF) { /* the byte itself (see json_read.h) */
                *o++ = (char)cp;
                break;
            }
            if (cp1252_byte((unsigned)cp)) { /* a byte read as Windows-1252 (json.h) */
                *o++ = (char)cp1252_byte((unsigned)cp);
                break;
            }
            unsigned u = (unsigned)cp;
            if (cp >= 0xD800 && cp <= 0xDBFF && end - p >= 6 && p[0] == '\\' && p[1] == 'u') {
                int lo = hex4(p + 2);
                if (lo >= 0xDC00 && lo <= 0xDFFF) {
                    u = 0x10000 + (((unsigned)cp - 0xD800) << 10) + ((unsigned)lo - 0xDC00);
                    p += 6;
                }
            }
            put_utf8(&o, u);
            break;
        }
        default:
            return fail(r, "bad escape in a string");
        }
    }
    r->p = p;
    *len = (size_t)(o - out);
    return true;
}

/* A string value at r->p, decoded to r->out and NUL-terminated there. */
static bool string(struct rd *r, const char **s, size_t *len)
{
    *s = r->out;
    if (!decode(r, r->out, len)) return false;
    r->out += *len;
    *r->out++ = '\0';
    return true;
}

static struct json_value *add(struct rd *r, const char *path, size_t path_len)
{
    if (r->o->n == JSON_OBJ_KEYS_MAX) return fail(r, "too many values in one record"), NULL;
    struct json_value *v = &r->o->v[r->o->n];
    memcpy(v->key, path, path_len + 1); /* path fits: object_or_array() checked */
    memset(&v->type, 0, sizeof *v - offsetof(struct json_value, type));
    r->o->n++;
    return v;
}

static bool value(struct rd *r, const char *key, size_t key_len, int depth);

/* The members of an object or the elements of an array at r->p; key
 * (key_len bytes) is the path to it, "" at the top. */
static bool object_or_array(struct rd *r, const char *key, size_t key_len, int depth, bool array)
{
    if (depth > JSON_OBJ_DEPTH_MAX) return fail(r, "nested too deep");
    r->p++;
    blanks(r);
    char close = array ? ']' : '}';
    if (r->p < r->end && *r->p == close) {
        r->p++;
        return true;
    }
    char path[JSON_KEY_MAX];
    size_t at = key_len + (key_len != 0);
    memcpy(path, key, key_len);
    path[key_len] = '.';
    for (unsigned i = 0;; i++) {
        size_t len;
        if (array) {
            len = (size_t)snprintf(path + at, sizeof path - at, "%u", i);
            if (at + len >= sizeof path) return fail(r, "key too long");
        } else {
            if (r->p >= r->end || *r->p != '"') return fail(r, "expected a key");
            /* A key of plain bytes (every key json.c writes) is copied as it
             * is; else decoded in the free part of the buffer, then copied. */
            const char *k = r->p + 1, *kend = r->end - k < JSON_KEY_MAX ? r->end : k + JSON_KEY_MAX;
            k = plain_run(k, kend);
            if (k < kend && *k == '"') {
                len = (size_t)(k - (r->p + 1));
                if (at + len >= sizeof path) return fail(r, "key too long");
                memcpy(path + at, r->p + 1, len);
                r->p = k + 1;
            } else {
                if (!decode(r, r->out, &len)) return false;
                if (at + len >= sizeof path) return fail(r, "key too long");
                memcpy(path + at, r->out, len);
            }
            path[at + len] = '\0';
            blanks(r);
            if (r->p >= r->end || *r->p != ':') return fail(r, "expected ':'");
            r->p++;
        }
        if (!value(r, path, at + len, depth + 1)) return false;
        blanks(r);
        if (r->p < r->end && *r->p == ',') {
            r->p++;
            blanks(r);
            continue;
        }
        if (r->p < r->end && *r->p == close) {
            r->p++;
            return true;
        }
        return fail(r, array ? "expected ',' or ']'" : "expected ',' or '}'");
    }
}

/* The characters a JSON number is made of. */
static bool number_byte(char c)
{
    return (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.' || c == 'e' || c == 'E';
}

static bool number(struct rd *r, struct json_value *v)
{
    const char *s = r->p;
    bool digits_only = true;
    while (r->p < r->end && number_byte(*r->p)) {
        if (*r->p < '0' || *r->p > '9') digits_only = false;
        r->p++;
    }
    if (r->p == s) return fail(r, "not a JSON value");
    v->type = JSON_NUMBER;
    v->is_uint = digits_only && r->p - s <= 20;
    uint64_t u = 0;
    for (const char *q = s; v->is_uint && q < r->p; q++) {
        unsigned d = (unsigned)(*q - '0');
        if (u > (UINT64_MAX - d) / 10) v->is_uint = false;
        u = u * 10 + d;
    }
    v->u = v->is_uint ? u : 0;
    return true;
}

static bool value(struct rd *r, const char *key, size_t key_len, int depth)
{
    blanks(r);
    if (r->p >= r->end) return fail(r, "expected a value");
    char c = *r->p;
    if (c == '{' || c == '[') return object_or_array(r, key, key_len, depth, c == '[');
    struct json_value *v = add(r, key, key_len);
    if (!v) return false;
    switch (c) {
    case '"':
        v->type = JSON_STRING;
        return string(r, &v->s, &v->len);
    case 't':
        v->type = JSON_BOOL;
        v->b = true;
        return literal(r, "true");
    case 'f':
        v->type = JSON_BOOL;
        return literal(r, "false");
    case 'n':
        v->type = JSON_NULL;
        return literal(r, "null");
    default:
        return number(r, v);
    }
}

bool json_obj_parse(struct json_obj *o, const char *text, size_t len, const char **why)
{
    o->n = o->hint = 0;
    if (o->cap < len + 1) {
        char *b = realloc(o->buf, len + 1);
        if (!b) return *why = "out of memory", false;
        o->buf = b;
        o->cap = len + 1;
    }
    struct rd r = {o, text, text + len, o->buf, NULL};
    blanks(&r);
    if (r.p >= r.end || *r.p != '{') return *why = "not a JSON object", false;
    bool ok = object_or_array(&r, "", 0, 1, false);
    blanks(&r);
    if (ok && r.p != r.end) ok = fail(&r, "text after the object");
    if (!ok) *why = r.why ? r.why : "bad JSON";
    return ok;
}

const struct json_value *json_obj_get(struct json_obj *o, const char *key)
{
    /* Look-ups mostly come in the order the keys were written: start after
     * the last one found. */
    for (size_t k = 0; k < o->n; k++) {
        size_t i = o->hint + k < o->n ? o->hint + k : o->hint + k - o->n;
        if (o->v[i].key[0] == key[0] && strcmp(o->v[i].key, key) == 0) {
            o->hint = i + 1;
            return &o->v[i];
        }
    }
    return NULL;
}

/* ---- the scanner of known layouts (json_read.h) ------------------------- */

void json_scan_init(struct json_scan *sc, char *text, size_t len, char *out)
{
    sc->p = sc->text = text;
    sc->end = text + len;
    sc->out = out;
    sc->nends = 0;
}

void json_scan_done(struct json_scan *sc)
{
    for (unsigned i = 0; i < sc->nends; i++)
        sc->text[sc->ends[i] - sc->text] = '\0';
}

void json_scan_undo(struct json_scan *sc)
{
    for (unsigned i = 0; i < sc->nends; i++)
        sc->text[sc->ends[i] - sc->text] = '"';
}

bool json_scan_string_slow(struct json_scan *sc, const char **s, size_t *len)
{
    if (JSON_SCAN_LIT(sc, "null")) {
        *s = NULL;
        *len = 0;
        return true;
    }
    if (sc->p >= sc->end || *sc->p != '"') return false;
    const char *q = plain_run(sc->p + 1, sc->end);
    if (q < sc->end && *q == '"' && sc->nends < JSON_SCAN_STRINGS_MAX) { /* no escapes */
        *s = sc->p + 1;
        *len = (size_t)(q - *s);
        sc->ends[sc->nends++] = q;
        sc->p = q + 1;
        return true;
    }
    struct rd r = {NULL, sc->p, sc->end, sc->out, NULL};
    if (!decode(&r, sc->out, len)) return false;
    *s = sc->out;
    sc->out[*len] = '\0';
    sc->out += *len + 1;
    sc->p = r.p;
    return true;
}

bool json_scan_bool(struct json_scan *sc, bool *b)
{
    *b = JSON_SCAN_LIT(sc, "true");
    return *b || JSON_SCAN_LIT(sc, "false");
}
