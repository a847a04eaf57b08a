/*
 * json.h - writing JSON values to a FILE: strings escaped per RFC 8259, with
 * bytes that are not valid UTF-8 read as Latin-1 so the output is always valid
 * JSON whatever the input held.
 */
#ifndef PGNARB_JSON_H
#define PGNARB_JSON_H

#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* Text being written, gathered in memory and written in one fwrite() when
 * full or flushed: a record of some thirty keys and values would cost a
 * stdio call each.  Caller-owned (on the stack); json_buf_flush() before it
 * goes. */
#define JSON_BUF_SIZE 8192
struct json_buf {
    FILE *f;
    size_t n;
    char b[JSON_BUF_SIZE];
};

void json_buf_flush(struct json_buf *jb);
void json_buf_put_slow(struct json_buf *jb, const char *s, size_t len);
/* s[0, len) as it is; inline, so that the keys and punctuation of a record,
 * whose lengths the compiler knows, cost a few moves each. */
static inline void json_buf_put(struct json_buf *jb, const char *s, size_t len)
{
    if (len <= sizeof jb->b - jb->n) {
        memcpy(jb->b + jb->n, s, len);
        jb->n += len;
    } else {
        json_buf_put_slow(jb, s, len);
    }
}
void json_buf_puts(struct json_buf *jb, const char *s);
void json_buf_uint(struct json_buf *jb, unsigned long long value);
/* s (length len) as a JSON string, as json_write_string() writes it. */
void json_buf_string(struct json_buf *jb, const char *s, size_t len);
void json_buf_cstring(struct json_buf *jb, const char *s);

/* Write s (length len) as a JSON string, quotes included.  NULL writes null. */
void json_write_string(FILE *f, const char *s, size_t len);

/* Same for a NUL-terminated string; NULL writes null. */
void json_write_cstring(FILE *f, const char *s);

/* Length of the valid UTF-8 sequence starting at s (1..4), or 0 if invalid. */
size_t json_utf8_seq_len(const unsigned char *s, size_t avail);

#endif /* PGNARB_JSON_H */
