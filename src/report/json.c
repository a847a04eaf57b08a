/*
 * json.c - JSON string output (RFC 8259 section 7).  Invariant: every byte
 * sequence in gives valid JSON out; invalid UTF-8 bytes become the code
 * point of their Windows-1252 character (diag/cp1252.h: \u00e9 for 0xE9,
 * \u2019 for 0x92; \u0081 for the five it leaves undefined), control
 * characters are escaped, and so
 * are the bidirectional controls (\u202e: json_is_bidi_control()), which a
 * reader decodes to the same string.  File names have a writer of their own
 * (json_buf_name()), one to one: two names never give the same string.
 */
#include "report/json.h"

#include "diag/cp1252.h"

#include <stdint.h>
#include <string.h>

size_t json_utf8_seq_len(const unsigned char *s, size_t avail)
{
    unsigned char c = s[0];
    size_t n;
    unsigned min;
    unsigned cp;
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF) {
        n = 2, cp = c & 0x1F, min = 0x80;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3, cp = c & 0x0F, min = 0x800;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4, cp = c & 0x07, min = 0x10000;
    } else {
        return 0;
    }
    if (avail < n)
        return 0;
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return n;
}

/* Bytes written as they are: printable ASCII but '"' and '\\' (one row
 * per 16 byte values); the others take the slow path below. */
static const unsigned char ascii_plain[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
};

void json_buf_flush(struct json_buf *jb)
{
    if (jb->n) fwrite(jb->b, 1, jb->n, jb->f);
    jb->n = 0;
}

void json_buf_put_slow(struct json_buf *jb, const char *s, size_t len)
{
    json_buf_flush(jb);
    if (len > sizeof jb->b) {
        fwrite(s, 1, len, jb->f);
        return;
    }
    memcpy(jb->b, s, len);
    jb->n = len;
}

void json_buf_puts(struct json_buf *jb, const char *s)
{
    json_buf_put(jb, s, strlen(s));
}

void json_buf_uint(struct json_buf *jb, unsigned long long value)
{
    static const char pairs[] = "00010203040506070809101112131415161718192021222324"
                                "25262728293031323334353637383940414243444546474849"
                                "50515253545556575859606162636465666768697071727374"
                                "75767778798081828384858687888990919293949596979899";
    if (sizeof jb->b - jb->n < 20) json_buf_flush(jb);
    size_t digits = 1; /* written in place, last digits first, two at a time */
    for (unsigned long long p10 = 10; digits < 20 && value >= p10; p10 *= 10)
        digits++;
    char *o = jb->b + jb->n + digits;
    while (value > 0xffffffffull) {
        const char *p = pairs + 2 * (value % 100);
        value /= 100;
        *--o = p[1];
        *--o = p[0];
    }
    uint32_t v32 = (uint32_t)value; /* the usual number: cheaper divisions */
    while (v32 >= 100) {
        const char *p = pairs + 2 * (v32 % 100);
        v32 /= 100;
        *--o = p[1];
        *--o = p[0];
    }
    value = v32;
    if (value >= 10) {
        *--o = pairs[2 * value + 1];
        *--o = pairs[2 * value];
    } else {
        *--o = (char)('0' + value);
    }
    jb->n += digits;
}

/* \u00XX for a byte below 0x20 or one that is not UTF-8 (A0-FF: its Latin-1
 * reading; 81 8D 8F 90 9D, which Windows-1252 leaves undefined: the C1
 * control of that number) */
static void put_u00(struct json_buf *jb, unsigned char c)
{
    static const char hex[] = "0123456789abcdef";
    char e[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
    json_buf_put(jb, e, sizeof e);
}

/* \uNNNN for a code point below 0x10000 */
static void put_u(struct json_buf *jb, unsigned cp)
{
    static const char hex[] = "0123456789abcdef";
    char e[6] = {'\\', 'u', hex[cp >> 12], hex[(cp >> 8) & 15], hex[(cp >> 4) & 15], hex[cp & 15]};
    json_buf_put(jb, e, sizeof e);
}

/* The code point of the n-byte UTF-8 sequence at s (valid, 2 or 3 bytes:
 * every bidirectional control's) when json_is_bidi_control(), else 0. */
static unsigned bidi_control(const unsigned char *s, size_t n)
{
    unsigned cp;
    if (n == 2)
        cp = (s[0] & 0x1Fu) << 6 | (s[1] & 0x3Fu);
    else if (n == 3)
        cp = (s[0] & 0x0Fu) << 12 | (s[1] & 0x3Fu) << 6 | (s[2] & 0x3Fu);
    else
        return 0;
    return json_is_bidi_control(cp) ? cp : 0;
}

/* The inside of a JSON string for str[0, len), quotes not included. */
static void put_inside(struct json_buf *jb, const char *str, size_t len)
{
    const unsigned char *s = (const unsigned char *)str;
    size_t i = 0;
    while (i < len) {
        size_t run = i;
        while (run < len && ascii_plain[s[run]])
            run++;
        if (run > i) { /* a run of plain bytes at once */
            json_buf_put(jb, str + i, run - i);
            i = run;
            continue;
        }
        unsigned char c = s[i];
        if (c == '"' || c == '\\') {
            char e[2] = {'\\', (char)c};
            json_buf_put(jb, e, 2);
            i++;
        } else if (c < 0x20) {
            switch (c) {
            case '\n': json_buf_put(jb, "\\n", 2); break;
            case '\r': json_buf_put(jb, "\\r", 2); break;
            case '\t': json_buf_put(jb, "\\t", 2); break;
            default: put_u00(jb, c); break;
            }
            i++;
        } else if (c < 0x80) {
            json_buf_put(jb, str + i, 1);
            i++;
        } else {
            size_t n = json_utf8_seq_len(s + i, len - i);
            unsigned bidi = n && (c == 0xD8 || c == 0xE2) ? bidi_control(s + i, n) : 0;
            if (bidi) {
                put_u(jb, bidi);
                i += n;
            } else if (n) {
                json_buf_put(jb, str + i, n);
                i += n;
            } else if (c < 0xA0 && cp1252_char(c)) {
                put_u(jb, cp1252_char(c)); /* Windows-1252 reading of a stray byte */
                i++;
            } else {
                put_u00(jb, c); /* Latin-1 reading of a stray byte */
                i++;
            }
        }
    }
}

void json_buf_string(struct json_buf *jb, const char *str, size_t len)
{
    if (!str) {
        json_buf_put(jb, "null", 4);
        return;
    }
    json_buf_put(jb, "\"", 1);
    put_inside(jb, str, len);
    json_buf_put(jb, "\"", 1);
}

void json_buf_name(struct json_buf *jb, const char *str)
{
    static const char hex[] = "0123456789abcdef";
    if (!str) {
        json_buf_put(jb, "null", 4);
        return;
    }
    const unsigned char *s = (const unsigned char *)str;
    size_t len = 0, high = 0; /* the usual name is plain ASCII: written as any string */
    while (ascii_plain[s[len]])
        len++;
    if (s[len] == '\0') { /* one pass, as json_buf_cstring() */
        json_buf_put(jb, "\"", 1);
        json_buf_put(jb, str, len);
        json_buf_put(jb, "\"", 1);
        return;
    }
    for (; s[len]; len++)
        high |= s[len];
    if (!(high & 0x80)) {
        json_buf_string(jb, str, len);
        return;
    }
    json_buf_put(jb, "\"", 1);
    size_t i = 0, run = 0; /* [run, i): valid UTF-8 without U+FFFD, not yet written */
    while (i < len) {
        if (s[i] < 0x80) {
            i++;
            continue;
        }
        size_t n = json_utf8_seq_len(s + i, len - i);
        bool fffd = n == 3 && s[i] == 0xEF && s[i + 1] == 0xBF && s[i + 2] == 0xBD;
        if (n && !fffd) {
            i += n;
            continue;
        }
        put_inside(jb, str + run, i - run);
        if (fffd) {
            json_buf_put(jb, "\\ufffd\\ufffd", 12);
            i += 3;
        } else {
            char e[8] = {'\\', 'u', 'f', 'f', 'f', 'd', hex[s[i] >> 4], hex[s[i] & 15]};
            json_buf_put(jb, e, sizeof e);
            i++;
        }
        run = i;
    }
    put_inside(jb, str + run, len - run);
    json_buf_put(jb, "\"", 1);
}

void json_write_name(FILE *f, const char *s)
{
    struct json_buf jb;
    jb.f = f;
    jb.n = 0;
    json_buf_name(&jb, s);
    json_buf_flush(&jb);
}

void json_buf_cstring(struct json_buf *jb, const char *s)
{
    if (!s) {
        json_buf_put(jb, "null", 4);
        return;
    }
    /* Most strings are plain ASCII: one pass finds the end (NUL is not
     * plain) and whether anything needs escaping, then one copy. */
    const unsigned char *u = (const unsigned char *)s;
    size_t len = 0;
    while (ascii_plain[u[len]])
        len++;
    if (u[len] == '\0' && len + 2 <= sizeof jb->b - jb->n) {
        char *o = jb->b + jb->n;
        o[0] = '"';
        memcpy(o + 1, s, len);
        o[len + 1] = '"';
        jb->n += len + 2;
        return;
    }
    json_buf_string(jb, s, len + strlen(s + len));
}

void json_write_string(FILE *f, const char *str, size_t len)
{
    struct json_buf jb;
    jb.f = f;
    jb.n = 0;
    json_buf_string(&jb, str, len);
    json_buf_flush(&jb);
}

void json_write_cstring(FILE *f, const char *s)
{
    json_write_string(f, s, s ? strlen(s) : 0);
}
