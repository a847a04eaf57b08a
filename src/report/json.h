/*
 * json.h - writing JSON values to a FILE: strings escaped per RFC 8259, with
 * bytes that are not valid UTF-8 read as Windows-1252 (diag/cp1252.h) so the
 * output is always valid JSON whatever the input held.
 */
#ifndef PGNARB_JSON_H
#define PGNARB_JSON_H

#include <stdbool.h>
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

/* A file name (NUL-terminated; NULL writes null) as a JSON string that no
 * other name gives: valid UTF-8 as json_buf_string() writes it; a byte that
 * is not part of valid UTF-8 as U+FFFD and its two hex digits, "\ufffde9"
 * for 0xE9 (not its Latin-1 character: M\xfcller.pgn and Müller.pgn are two
 * files); a U+FFFD of the name itself doubled, "\ufffd\ufffd".  Valid JSON
 * for any reader; read back by the rule "U+FFFD U+FFFD is U+FFFD, U+FFFD and
 * two hex digits the byte they spell" (json_read.c does so).  Names that are
 * UTF-8 without U+FFFD, nearly all, are written as they are. */
void json_buf_name(struct json_buf *jb, const char *s);
void json_write_name(FILE *f, const char *s);

/* Write s (length len) as a JSON string, quotes included.  NULL writes null. */
void json_write_string(FILE *f, const char *s, size_t len);

/* Same for a NUL-terminated string; NULL writes null. */
void json_write_cstring(FILE *f, const char *s);

/* The bidirectional controls U+061C, U+200E, U+200F, U+202A..U+202E and
 * U+2066..U+2069, and the line and paragraph separators U+2028 and U+2029:
 * valid text that makes a line show other than what it holds (a name read
 * backwards, a line that seems to end).  Every writer neutralises them: JSON
 * strings as \uNNNN (the same string to any reader), text, github, sarif
 * messages and HTML as a visible escape (escape.h). */
static inline bool json_is_bidi_control(unsigned cp)
{
    return cp == 0x061C || cp == 0x200E || cp == 0x200F || cp == 0x2028 || cp == 0x2029 ||
           (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

/* Length of the valid UTF-8 sequence starting at s (1..4), or 0 if invalid. */
size_t json_utf8_seq_len(const unsigned char *s, size_t avail);

#endif /* PGNARB_JSON_H */
