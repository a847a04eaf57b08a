/*
 * json.c - JSON string output (RFC 8259 section 7).  Invariant: every byte
 * sequence in gives valid JSON out; invalid UTF-8 bytes become the Latin-1
 * code point of the byte (\u00XX), control characters are escaped.
 */
#include "report/json.h"

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

void json_buf_put(struct json_buf *jb, const char *s, size_t len)
{
    if (len > sizeof jb->b - jb->n) {
        json_buf_flush(jb);
        if (len > sizeof jb->b) {
            fwrite(s, 1, len, jb->f);
            return;
        }
    }
    memcpy(jb->b + jb->n, s, len);
    jb->n += len;
}

void json_buf_puts(struct json_buf *jb, const char *s)
{
    json_buf_put(jb, s, strlen(s));
}

void json_buf_uint(struct json_buf *jb, unsigned long long value)
{
    char digits[20];
    size_t n = sizeof digits;
    do
        digits[--n] = (char)('0' + value % 10);
    while (value /= 10);
    json_buf_put(jb, digits + n, sizeof digits - n);
}

/* \u00XX for a byte below 0x20 or one that is not UTF-8 (its Latin-1 reading) */
static void put_u00(struct json_buf *jb, unsigned char c)
{
    static const char hex[] = "0123456789abcdef";
    char e[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
    json_buf_put(jb, e, sizeof e);
}

void json_buf_string(struct json_buf *jb, const char *str, size_t len)
{
    if (!str) {
        json_buf_put(jb, "null", 4);
        return;
    }
    const unsigned char *s = (const unsigned char *)str;
    json_buf_put(jb, "\"", 1);
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
            if (n) {
                json_buf_put(jb, str + i, n);
                i += n;
            } else {
                put_u00(jb, c); /* Latin-1 reading of a stray byte */
                i++;
            }
        }
    }
    json_buf_put(jb, "\"", 1);
}

void json_buf_cstring(struct json_buf *jb, const char *s)
{
    json_buf_string(jb, s, s ? strlen(s) : 0);
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
