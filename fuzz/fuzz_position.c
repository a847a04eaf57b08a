/*
 * fuzz_position.c - libFuzzer target for `pgnarbiter position`'s line reader
 * (src/cli/position_line.c).  The input is read through fmemopen, as stdin
 * would be, and every answer is checked against a plain reading of the same
 * bytes: the lines are cut at LF, CRLF or a lone CR; every line that is not
 * blank (spaces and tabs only) gets exactly one answer, in order, with its
 * line number; a FEN answer is the line itself, whole; a line holding a NUL
 * is answered as such with the text before the NUL; a line too long is
 * answered as such with its first bytes.  Nothing is dropped, cut or merged.
 *
 * Build and run: `make fuzz`, then `make fuzz-all` (see README.md).
 */
#include "cli/cli.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define CHECK(c)                                                                                   \
    do {                                                                                           \
        if (!(c)) abort();                                                                         \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0) return 0; /* fmemopen wants a size */
    FILE *in = fmemopen((void *)data, size, "r");
    if (!in) return 0;
    char line[CLI_POSITION_LINE_MAX];
    unsigned long lineno = 0;
    size_t at = 0; /* the reference reading: start of the next line */
    unsigned long ref_lineno = 0;
    for (;;) {
        enum cli_line got = cli_position_next_line(in, line, &lineno);
        /* the next line of the reference that is not blank */
        size_t start = 0, len = 0;
        bool found = false;
        while (at < size) {
            start = at;
            while (at < size && data[at] != '\n' && data[at] != '\r')
                at++;
            len = at - start;
            if (at < size && data[at] == '\r' && at + 1 < size && data[at + 1] == '\n') at++;
            if (at < size) at++;
            ref_lineno++;
            bool blank = true;
            for (size_t i = start; i < start + len; i++)
                if (data[i] != ' ' && data[i] != '\t') blank = false;
            if (!blank) {
                found = true;
                break;
            }
        }
        if (!found) {
            CHECK(got == CLI_LINE_END);
            CHECK(lineno == ref_lineno);
            break;
        }
        CHECK(got != CLI_LINE_END);
        CHECK(lineno == ref_lineno);
        const void *nul = memchr(data + start, '\0', len);
        size_t shown = strlen(line);
        CHECK(shown < CLI_POSITION_LINE_MAX);
        if (nul && (size_t)((const uint8_t *)nul - (data + start)) < CLI_POSITION_LINE_MAX - 1) {
            size_t before = (size_t)((const uint8_t *)nul - (data + start));
            CHECK(got == CLI_LINE_NUL);
            CHECK(shown == before && memcmp(line, data + start, before) == 0);
        } else if (len > CLI_POSITION_LINE_MAX - 1) {
            CHECK(got == CLI_LINE_LONG);
            CHECK(shown == CLI_POSITION_LINE_MAX - 1 && memcmp(line, data + start, shown) == 0);
        } else {
            CHECK(got == CLI_LINE_FEN);
            CHECK(shown == len && memcmp(line, data + start, len) == 0);
        }
    }
    fclose(in);
    return 0;
}
