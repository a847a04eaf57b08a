/*
 * position_line.c - `pgnarbiter position`'s standard input, one FEN a line
 * (cli.h: cli_position_next_line()).  Every line gets an answer: none is cut,
 * merged with the next or dropped without a word, whatever bytes it holds.
 * On its own, with nothing but stdio, so that fuzz/fuzz_position.c can take
 * it alone.
 */
#include "cli/cli.h"

#include <stdbool.h>
#include <string.h>

/* Read the next line of `in` that is not blank (spaces and tabs only) into
 * line, without its line break (LF, CRLF or a lone CR); *lineno counts every
 * line read.  A line is never cut or merged silently: one holding a NUL byte
 * or longer than CLI_POSITION_LINE_MAX - 1 bytes is returned as such, with
 * the text before the NUL (or its first bytes) in line and the rest of it
 * skipped up to its line break, the next line left whole. */
enum cli_line cli_position_next_line(FILE *in, char line[CLI_POSITION_LINE_MAX],
                                     unsigned long *lineno)
{
    for (;;) {
        size_t len = 0;
        bool nul = false, long_line = false, any = false;
        int ch;
        while ((ch = getc(in)) != EOF) {
            any = true;
            if (ch == '\n') break;
            if (ch == '\r') {
                int next = getc(in);
                if (next != '\n' && next != EOF) ungetc(next, in);
                break;
            }
            if (nul || long_line) continue;
            if (len + 1 == CLI_POSITION_LINE_MAX)
                long_line = true; /* what comes after the first bytes is not looked at */
            else if (ch == '\0')
                nul = true;
            else
                line[len++] = (char)ch;
        }
        if (!any) return CLI_LINE_END;
        (*lineno)++;
        line[len] = '\0';
        if (nul) return CLI_LINE_NUL;
        if (long_line) return CLI_LINE_LONG;
        if (line[strspn(line, " \t")] != '\0') return CLI_LINE_FEN;
    }
}
