/*
 * escape.h - text from the input (tag values, comments, FENs) and file names
 * made safe for a terminal or a log: the one place that decides what reaches
 * text, github and `position` output.  No byte of the input can move the
 * cursor, ring the bell, start an escape sequence, end the line or reorder
 * the text (bidirectional controls): every such character is written as a
 * visible escape (\n, \r, \t, \xNN, \uNNNN); printable text, UTF-8 included,
 * is written as it is.  Backslashes are not doubled: the aim is safety, not a
 * reversible encoding (jsonl is the format for that).
 */
#ifndef PGNARB_ESCAPE_H
#define PGNARB_ESCAPE_H

#include <stddef.h>
#include <stdio.h>

/* What a byte that is not valid UTF-8 is: in PGN text the Latin-1 character
 * it stands for (SPEC "encoding": M\xfcller prints as Müller, as in the JSON
 * output); in a file name or a FEN just a byte, written \xNN. */
enum escape_bytes { ESCAPE_LATIN1, ESCAPE_HEX };

struct json_buf;

/* Put s (len bytes) in jb, escaped (the one implementation: the two below
 * write through it). */
void escape_buf(struct json_buf *jb, const char *s, size_t len, enum escape_bytes bytes);

/* Write s (len bytes) to f, escaped. */
void escape_write(FILE *f, const char *s, size_t len, enum escape_bytes bytes);

/* Same for a NUL-terminated string. */
void escape_cwrite(FILE *f, const char *s, enum escape_bytes bytes);

#endif /* PGNARB_ESCAPE_H */
