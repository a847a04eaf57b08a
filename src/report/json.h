/*
 * json.h - writing JSON values to a FILE: strings escaped per RFC 8259, with
 * bytes that are not valid UTF-8 read as Latin-1 so the output is always valid
 * JSON whatever the input held.
 */
#ifndef PGNARB_JSON_H
#define PGNARB_JSON_H

#include <stddef.h>
#include <stdio.h>

/* Write s (length len) as a JSON string, quotes included.  NULL writes null. */
void json_write_string(FILE *f, const char *s, size_t len);

/* Same for a NUL-terminated string; NULL writes null. */
void json_write_cstring(FILE *f, const char *s);

/* Length of the valid UTF-8 sequence starting at s (1..4), or 0 if invalid. */
size_t json_utf8_seq_len(const unsigned char *s, size_t avail);

#endif /* PGNARB_JSON_H */
