/*
 * _records.c - one record's JSON line (RFC 8259, as libpgnarbiter writes
 * it) made into Python objects, equal to what json.loads gives for it.
 *
 * The same mapping as the json module's: an object is a dict with its keys
 * in the line's order (a repeated key: the last value, in the place of the
 * first), an array a list, a string a str, an integer an int (int(text)), a
 * number with a fraction or exponent a float (float(text)), true/false/null
 * True/False/None.  What this reader does not take on itself - a string
 * with a \u escape of a surrogate, a byte that is not UTF-8, NaN or
 * Infinity, anything malformed - makes records_parse() answer
 * RECORDS_FALLBACK, and the caller hands the line to json.loads: so every
 * record is either built by the rules above or by json.loads itself.
 *
 * Faster than json.loads on a whole batch (about 2.3 us a game record on
 * the book): no UTF-8 decoding of the batch into one str first, the keys
 * (a few dozen distinct) and short strings ("?", "1-0", "white") taken
 * from caches instead of made anew, no Python-level call per batch.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "_records.h"

/* Strings up to this many bytes are kept in the caches (two 64-bit words). */
#define SHORT_VALUE 16
/* Nesting deeper than this is left to json.loads (the records nest 2 deep). */
#define MAX_DEPTH 16
/* A number longer than this is left to json.loads. */
#define MAX_NUMBER 64

struct cache_entry {
    uint64_t w[2]; /* the bytes, zero-padded to SHORT_VALUE */
    uint32_t len;
    PyObject *str; /* NULL: empty */
};

/* A cache of str objects by their UTF-8 bytes: CACHE_SLOTS entries, open
 * addressing over CACHE_PROBES slots, the oldest entry of those replaced
 * when all are taken (the values seen most keep coming back). */
#define CACHE_SLOTS 1024
#define CACHE_PROBES 4
struct str_cache {
    struct cache_entry e[CACHE_SLOTS];
    unsigned next_victim;
};

struct records_cache {
    struct str_cache keys, values;
};

struct parser {
    const unsigned char *p, *end;
    struct records_cache *cache;
    int fallback; /* something for json.loads */
};

/* The str of the n UTF-8 bytes s (n <= SHORT_VALUE, no escapes), from the
 * cache or made and kept there; a new reference, or NULL with an exception
 * (UnicodeDecodeError becomes the fallback). */
static PyObject *cached_str(struct parser *ps, struct str_cache *c, const unsigned char *s, size_t n,
                            int intern)
{
    uint64_t w[2] = {0, 0};
    memcpy(w, s, n);
    uint64_t h = (w[0] * 0x9E3779B97F4A7C15u) ^ (w[1] * 0xC2B2AE3D27D4EB4Fu) ^ n;
    unsigned slot = (unsigned)(h >> 40) & (CACHE_SLOTS - 1);
    for (unsigned i = 0; i < CACHE_PROBES; i++) {
        struct cache_entry *e = &c->e[(slot + i) & (CACHE_SLOTS - 1)];
        if (e->str && e->len == n && e->w[0] == w[0] && e->w[1] == w[1]) {
            Py_INCREF(e->str);
            return e->str;
        }
    }
    PyObject *str = PyUnicode_DecodeUTF8((const char *)s, (Py_ssize_t)n, NULL);
    if (!str) {
        if (PyErr_ExceptionMatches(PyExc_UnicodeDecodeError)) {
            PyErr_Clear();
            ps->fallback = 1;
        }
        return NULL;
    }
    if (intern)
        PyUnicode_InternInPlace(&str);
    struct cache_entry *e = NULL;
    for (unsigned i = 0; i < CACHE_PROBES && !e; i++)
        if (!c->e[(slot + i) & (CACHE_SLOTS - 1)].str)
            e = &c->e[(slot + i) & (CACHE_SLOTS - 1)];
    if (!e)
        e = &c->e[(slot + (c->next_victim++ % CACHE_PROBES)) & (CACHE_SLOTS - 1)];
    Py_XDECREF(e->str);
    e->w[0] = w[0];
    e->w[1] = w[1];
    e->len = (uint32_t)n;
    Py_INCREF(str);
    e->str = str;
    return str;
}

static int hex_digit(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* A string from after its opening quote; is_key: a dict key (interned,
 * cached whatever its length). */
static PyObject *parse_string(struct parser *ps, int is_key)
{
    const unsigned char *s = ps->p, *q = s;
    while (q < ps->end && *q != '"' && *q != '\\' && *q >= 0x20)
        q++;
    if (q < ps->end && *q == '"') { /* no escape: the bytes as they are */
        size_t n = (size_t)(q - s);
        ps->p = q + 1;
        if (n <= SHORT_VALUE)
            return cached_str(ps, is_key ? &ps->cache->keys : &ps->cache->values, s, n, is_key);
        PyObject *str = PyUnicode_DecodeUTF8((const char *)s, (Py_ssize_t)n, NULL);
        if (!str && PyErr_ExceptionMatches(PyExc_UnicodeDecodeError)) {
            PyErr_Clear();
            ps->fallback = 1;
        }
        return str;
    }
    /* escapes: the string's UTF-8 written out into a buffer first */
    size_t cap = (size_t)(ps->end - s);
    unsigned char *buf = PyMem_Malloc(cap ? cap : 1), *w = buf;
    if (!buf)
        return PyErr_NoMemory();
    q = s;
    for (;;) {
        if (q >= ps->end || *q < 0x20)
            goto fallback;
        if (*q == '"')
            break;
        if (*q != '\\') {
            *w++ = *q++;
            continue;
        }
        if (q + 1 >= ps->end)
            goto fallback;
        unsigned c = q[1];
        q += 2;
        switch (c) {
        case '"': *w++ = '"'; break;
        case '\\': *w++ = '\\'; break;
        case '/': *w++ = '/'; break;
        case 'b': *w++ = '\b'; break;
        case 'f': *w++ = '\f'; break;
        case 'n': *w++ = '\n'; break;
        case 'r': *w++ = '\r'; break;
        case 't': *w++ = '\t'; break;
        case 'u': {
            if (ps->end - q < 4)
                goto fallback;
            int d0 = hex_digit(q[0]), d1 = hex_digit(q[1]), d2 = hex_digit(q[2]), d3 = hex_digit(q[3]);
            if (d0 < 0 || d1 < 0 || d2 < 0 || d3 < 0)
                goto fallback;
            unsigned u = (unsigned)(d0 << 12 | d1 << 8 | d2 << 4 | d3);
            q += 4;
            if (u >= 0xD800 && u <= 0xDFFF) /* surrogates: json.loads's business */
                goto fallback;
            if (u < 0x80) {
                *w++ = (unsigned char)u;
            } else if (u < 0x800) {
                *w++ = (unsigned char)(0xC0 | u >> 6);
                *w++ = (unsigned char)(0x80 | (u & 0x3F));
            } else {
                *w++ = (unsigned char)(0xE0 | u >> 12);
                *w++ = (unsigned char)(0x80 | (u >> 6 & 0x3F));
                *w++ = (unsigned char)(0x80 | (u & 0x3F));
            }
            break;
        }
        default:
            goto fallback;
        }
    }
    ps->p = q + 1;
    PyObject *str = PyUnicode_DecodeUTF8((const char *)buf, (Py_ssize_t)(w - buf), NULL);
    PyMem_Free(buf);
    if (!str && PyErr_ExceptionMatches(PyExc_UnicodeDecodeError)) {
        PyErr_Clear();
        ps->fallback = 1;
    }
    if (str && is_key)
        PyUnicode_InternInPlace(&str);
    return str;
fallback:
    PyMem_Free(buf);
    ps->fallback = 1;
    return NULL;
}

static PyObject *parse_number(struct parser *ps)
{
    const unsigned char *s = ps->p, *q = s;
    int is_float = 0;
    if (q < ps->end && *q == '-')
        q++;
    if (q >= ps->end || *q < '0' || *q > '9')
        goto fallback;
    if (*q == '0' && q + 1 < ps->end && q[1] >= '0' && q[1] <= '9')
        goto fallback; /* a leading zero: json.loads stops there */
    while (q < ps->end && *q >= '0' && *q <= '9')
        q++;
    if (q < ps->end && *q == '.') {
        is_float = 1;
        q++;
        if (q >= ps->end || *q < '0' || *q > '9')
            goto fallback;
        while (q < ps->end && *q >= '0' && *q <= '9')
            q++;
    }
    if (q < ps->end && (*q == 'e' || *q == 'E')) {
        is_float = 1;
        q++;
        if (q < ps->end && (*q == '+' || *q == '-'))
            q++;
        if (q >= ps->end || *q < '0' || *q > '9')
            goto fallback;
        while (q < ps->end && *q >= '0' && *q <= '9')
            q++;
    }
    size_t n = (size_t)(q - s);
    if (n >= MAX_NUMBER)
        goto fallback;
    char text[MAX_NUMBER];
    memcpy(text, s, n);
    text[n] = '\0';
    ps->p = q;
    if (!is_float) {
        if (n <= 18)
            return PyLong_FromLongLong(strtoll(text, NULL, 10));
        return PyLong_FromString(text, NULL, 10);
    }
    double x = PyOS_string_to_double(text, NULL, NULL);
    if (x == -1.0 && PyErr_Occurred())
        return NULL;
    return PyFloat_FromDouble(x);
fallback:
    ps->fallback = 1;
    return NULL;
}

static int skip_space(struct parser *ps)
{
    while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r'))
        ps->p++;
    return ps->p < ps->end;
}

static int expect(struct parser *ps, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, word, n) != 0) {
        ps->fallback = 1;
        return 0;
    }
    ps->p += n;
    return 1;
}

static PyObject *parse_value(struct parser *ps, int depth);

/* After an item of an object or array: 1 at ",", 0 at close (both passed),
 * -1 (the fallback) at anything else. */
static int next_item(struct parser *ps, unsigned char close)
{
    if (skip_space(ps) && (*ps->p == ',' || *ps->p == close))
        return *ps->p++ == ',';
    ps->fallback = 1;
    return -1;
}

static PyObject *parse_object(struct parser *ps, int depth)
{
    PyObject *d = PyDict_New();
    if (!d)
        return NULL;
    if (skip_space(ps) && *ps->p == '}') {
        ps->p++;
        return d;
    }
    for (;;) {
        if (!skip_space(ps) || *ps->p != '"')
            goto fallback;
        ps->p++;
        PyObject *key = parse_string(ps, 1);
        if (!key)
            goto fail;
        if (!skip_space(ps) || *ps->p != ':') {
            Py_DECREF(key);
            goto fallback;
        }
        ps->p++;
        PyObject *value = parse_value(ps, depth + 1);
        if (!value) {
            Py_DECREF(key);
            goto fail;
        }
        int st = PyDict_SetItem(d, key, value);
        Py_DECREF(key);
        Py_DECREF(value);
        if (st < 0)
            goto fail;
        st = next_item(ps, '}');
        if (st == 0)
            return d;
        if (st < 0)
            goto fail;
    }
fallback:
    ps->fallback = 1;
fail:
    Py_DECREF(d);
    return NULL;
}

static PyObject *parse_array(struct parser *ps, int depth)
{
    PyObject *list = PyList_New(0);
    if (!list)
        return NULL;
    if (skip_space(ps) && *ps->p == ']') {
        ps->p++;
        return list;
    }
    for (;;) {
        PyObject *value = parse_value(ps, depth + 1);
        if (!value)
            goto fail;
        int st = PyList_Append(list, value);
        Py_DECREF(value);
        if (st < 0)
            goto fail;
        st = next_item(ps, ']');
        if (st == 0)
            return list;
        if (st < 0)
            goto fail;
    }
fail:
    Py_DECREF(list);
    return NULL;
}

static PyObject *parse_value(struct parser *ps, int depth)
{
    if (depth > MAX_DEPTH || !skip_space(ps)) {
        ps->fallback = 1;
        return NULL;
    }
    switch (*ps->p) {
    case '{':
        ps->p++;
        return parse_object(ps, depth);
    case '[':
        ps->p++;
        return parse_array(ps, depth);
    case '"':
        ps->p++;
        return parse_string(ps, 0);
    case 't':
        if (!expect(ps, "true"))
            return NULL;
        Py_RETURN_TRUE;
    case 'f':
        if (!expect(ps, "false"))
            return NULL;
        Py_RETURN_FALSE;
    case 'n':
        if (!expect(ps, "null"))
            return NULL;
        Py_RETURN_NONE;
    default:
        return parse_number(ps);
    }
}

int records_parse(struct records_cache *cache, const char *s, size_t len, PyObject **out)
{
    struct parser ps = {(const unsigned char *)s, (const unsigned char *)s + len, cache, 0};
    *out = parse_value(&ps, 0);
    if (*out && skip_space(&ps)) { /* something after the value */
        Py_CLEAR(*out);
        ps.fallback = 1;
    }
    if (*out)
        return RECORDS_OK;
    return ps.fallback && !PyErr_Occurred() ? RECORDS_FALLBACK : RECORDS_ERROR;
}

struct records_cache *records_cache_new(void)
{
    struct records_cache *c = PyMem_Calloc(1, sizeof *c);
    if (!c)
        PyErr_NoMemory();
    return c;
}

void records_cache_free(struct records_cache *c)
{
    if (!c)
        return;
    for (unsigned i = 0; i < CACHE_SLOTS; i++) {
        Py_XDECREF(c->keys.e[i].str);
        Py_XDECREF(c->values.e[i].str);
    }
    PyMem_Free(c);
}
