/*
 * trf_internal.h - the reader's state shared by trf.c (lines, decoding) and
 * trf_fields.c (records and fields).  Not for use outside src/trf/.
 */
#ifndef PGNARB_TRF_INTERNAL_H
#define PGNARB_TRF_INTERNAL_H

#include "trf/trf.h"

#include <stdarg.h>

struct trf_reader {
    struct trf *t;
    const char *name;
    diag_fn emit;
    void *ctx;
    /* the line being read: its text and where each character starts */
    const char *line_text;
    uint32_t *pos; /* TRF_LINE_MAX + 1 */
    size_t nchars;
    struct trf_block *blocks; /* every player's, (max_rank + 1) x blocks_max */
    unsigned blocks_max, player_lines;
    unsigned comments, others;
    uint32_t comment_line, other_line, players_line;
};

enum trf_number { TRF_NUMBER_BLANK, TRF_NUMBER_OK, TRF_NUMBER_BAD };

/* The digits of columns from..to (1-based, inclusive) of the line, blanks
 * around them allowed; BAD when anything else is there. */
enum trf_number trf_field_number(const struct trf_reader *rd, unsigned from, unsigned to,
                                 unsigned *value);

/* Read a record of the header or a player line; false when code is unknown. */
bool trf_record(struct trf_reader *rd, const char code[4], uint32_t lineno);

void trf_scoring_default(struct trf_scoring *s);

void trf_emit(struct trf_reader *rd, enum diag_code code, uint32_t line, uint32_t column,
              const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

#endif /* PGNARB_TRF_INTERNAL_H */
