/*
 * json_read.c - a small recursive-descent JSON reader (RFC 8259 sections
 * 2-7) for one object per call, flattened into dotted keys (json_read.h).
 * Invariants: never reads past len; depth, key count and key length are
 * bounded; every decoded string fits in a buffer as long as the text (an
 * escape never decodes to more bytes than it takes).
 */
#include "report/json_read.h"

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

static void blanks(struct rd *r)
{
    while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r'))
        r->p++;
}

static bool literal(struct rd *r, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(r->end - r->p) < n || memcmp(r->p, word, n) != 0)
        return fail(r, "not a JSON value");
    r->p += n;
    return true;
}

static int hex4(const char *p)
{
    int v = 0;
    for (int i = 0; i < 4; i++) {
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

/* A string at r->p (its opening quote), decoded to r->out. */
static bool string(struct rd *r, const char **s, size_t *len)
{
    r->p++;
    char *o = r->out;
    *s = o;
    for (;;) {
        if (r->p >= r->end) return fail(r, "unterminated string");
        unsigned char c = (unsigned char)*r->p++;
        if (c == '"') break;
        if (c < 0x20) return fail(r, "control character in a string");
        if (c != '\\') {
            *o++ = (char)c;
            continue;
        }
        if (r->p >= r->end) return fail(r, "unterminated string");
        char e = *r->p++;
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
            if (r->end - r->p < 4) return fail(r, "bad \\u escape");
            int cp = hex4(r->p);
            if (cp < 0) return fail(r, "bad \\u escape");
            r->p += 4;
            if (cp <= 0xFF) { /* the byte itself (see json_read.h) */
                *o++ = (char)cp;
                break;
            }
            unsigned u = (unsigned)cp;
            if (cp >= 0xD800 && cp <= 0xDBFF && r->end - r->p >= 6 && r->p[0] == '\\' &&
                r->p[1] == 'u') {
                int lo = hex4(r->p + 2);
                if (lo >= 0xDC00 && lo <= 0xDFFF) {
                    u = 0x10000 + (((unsigned)cp - 0xD800) << 10) + ((unsigned)lo - 0xDC00);
                    r->p += 6;
                }
            }
            put_utf8(&o, u);
            break;
        }
        default:
            return fail(r, "bad escape in a string");
        }
    }
    *len = (size_t)(o - *s);
    *o++ = '\0';
    r->out = o;
    return true;
}

static struct json_value *add(struct rd *r, const char *path)
{
    if (r->o->n == JSON_OBJ_KEYS_MAX) return fail(r, "too many values in one record"), NULL;
    struct json_value *v = &r->o->v[r->o->n];
    memcpy(v->key, path, strlen(path) + 1); /* path fits: object_or_array() checked */
    memset(&v->type, 0, sizeof *v - offsetof(struct json_value, type));
    r->o->n++;
    return v;
}

static bool value(struct rd *r, const char *key, int depth);

static bool object_or_array(struct rd *r, const char *key, int depth, bool array)
{
    if (depth > JSON_OBJ_DEPTH_MAX) return fail(r, "nested too deep");
    r->p++;
    blanks(r);
    char close = array ? ']' : '}';
    if (r->p < r->end && *r->p == close) {
        r->p++;
        return true;
    }
    for (unsigned i = 0;; i++) {
        char name[JSON_KEY_MAX];
        const char *s;
        size_t len;
        if (array) {
            snprintf(name, sizeof name, "%u", i);
            s = name;
            len = strlen(name);
        } else {
            if (r->p >= r->end || *r->p != '"') return fail(r, "expected a key");
            if (!string(r, &s, &len)) return false;
            blanks(r);
            if (r->p >= r->end || *r->p != ':') return fail(r, "expected ':'");
            r->p++;
        }
        char path[JSON_KEY_MAX];
        size_t klen = strlen(key), at = klen + (klen != 0);
        if (at + len >= sizeof path) return fail(r, "key too long");
        memcpy(path, key, klen);
        path[klen] = '.';
        memcpy(path + at, s, len);
        path[at + len] = '\0';
        if (!value(r, path, depth + 1)) return false;
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

static bool number(struct rd *r, struct json_value *v)
{
    const char *s = r->p;
    bool digits_only = true;
    while (r->p < r->end && strchr("+-0123456789.eE", *r->p)) {
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

static bool value(struct rd *r, const char *key, int depth)
{
    blanks(r);
    if (r->p >= r->end) return fail(r, "expected a value");
    char c = *r->p;
    if (c == '{' || c == '[') return object_or_array(r, key, depth, c == '[');
    struct json_value *v = add(r, key);
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
    bool ok = object_or_array(&r, "", 1, false);
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
        size_t i = (o->hint + k) % o->n;
        if (strcmp(o->v[i].key, key) == 0) {
            o->hint = i + 1;
            return &o->v[i];
        }
    }
    return NULL;
}
