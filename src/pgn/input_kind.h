/*
 * input_kind.h - what an input that is not PGN looks like, from its first
 * bytes: a document, page, archive or image saved with a .pgn name (a mail
 * attachment, a word processor's "Save as"), or UTF-16 text without a byte
 * order mark.  Read as PGN such a file gives pages of syntax findings or "no
 * games found"; input.c refuses it instead with one reason naming what it
 * looks like (an `input` error, as for an xz file).
 *
 * Only what no PGN file starts with is recognised: "{\rtf" (a PGN may start
 * with a comment, but not one that opens with \rtf), '<' and a tag of HTML or
 * XML (PGN reserves '<'), "%PDF-" (a % line is a PGN escape, but not that
 * one), a zip archive whose first entry is an Office or OpenDocument part,
 * the magic of PNG, JPEG, GIF, ELF and OLE2 (old .doc/.xls), NUL bytes at
 * every other place (PGN text holds none).  Anything else is left to the
 * reader.  No state, no allocation.
 */
#ifndef PGNARB_INPUT_KIND_H
#define PGNARB_INPUT_KIND_H

#include <stddef.h>

/* The bytes from the start of a stream input_kind() decides on (fewer only
 * when the stream is shorter). */
#define INPUT_KIND_LOOK 128

/* A reason, translated, naming what the n bytes at b (the start of an input,
 * after decompression) look like and what to do instead, into why (size
 * bytes); NULL (why untouched) when they may be PGN. */
const char *input_kind_refusal(const unsigned char *b, size_t n, char *why, size_t size);

#endif /* PGNARB_INPUT_KIND_H */
