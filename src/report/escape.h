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

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* What a byte that is not valid UTF-8 is: in PGN text the Windows-1252
 * character it stands for (diag/cp1252.h; SPEC "encoding": M\xfcller prints
 * as Müller, D\x92Amico as D’Amico, as in the JSON output; the five bytes
 * Windows-1252 leaves undefined as \u0081 and the like); in a file name or a
 * FEN just a byte, written \xNN. */
enum escape_bytes { ESCAPE_CP1252, ESCAPE_HEX };

struct json_buf;

/* Put s (len bytes) in jb, escaped (the one implementation: the two below
 * write through it). */
void escape_buf(struct json_buf *jb, const char *s, size_t len, enum escape_bytes bytes);

/* Write s (len bytes) to f, escaped. */
void escape_write(FILE *f, const char *s, size_t len, enum escape_bytes bytes);

/* Same for a NUL-terminated string. */
void escape_cwrite(FILE *f, const char *s, enum escape_bytes bytes);

/* The NUL-terminated s escaped into out (size bytes, NUL-terminated), for a
 * message that quotes what a user or a file gave (an option's value, a code,
 * a token): cut, with "...", where the escaped text would not fit (out needs
 * 4 bytes a byte of s, and 4, to hold all of it; below 8 bytes it gets "").
 * Returns out. */
const char *escape_str(char *out, size_t size, const char *s, enum escape_bytes bytes);

/* Whether a log line that starts with s would be a GitHub Actions workflow
 * command ("::error::...", "::add-mask::..."): the runner takes any line
 * whose first characters, after blanks, are "::" for one.  Whoever starts a
 * line with text from outside says so differently (report.c: "./NAME";
 * position: the first byte as \xNN). */
bool escape_starts_command(const char *s);

/* The code points escaped: C0, DEL, C1 and those of json_is_bidi_control()
 * (json.h, the lowest writer, holds that list; JSON and HTML escape them
 * too). */
bool escape_is_unsafe(unsigned cp);

#endif /* PGNARB_ESCAPE_H */
