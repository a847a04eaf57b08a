/*
 * cli.h - the command line: global options, command dispatch, exit statuses.
 * Commands write only to the streams they are given; only main.c exits.
 */
#ifndef PGNARB_CLI_H
#define PGNARB_CLI_H

#include <stdbool.h>
#include <stdio.h>

/* Exit statuses, as documented in the man page and README. */
enum cli_exit {
    CLI_EXIT_OK = 0,       /* no error-severity finding (--werror: no warning either) */
    CLI_EXIT_FINDINGS = 1, /* at least one error (or warning under --werror) */
    CLI_EXIT_USAGE = 2     /* usage error, or an input could not be read */
};

/* Most threads -j/--jobs may ask for, and the same as text for messages. */
#define CLI_JOBS_MAX      256u
#define CLI_JOBS_MAX_TEXT "256"

/* The value of -j/--jobs: a number from 0 (one job per usable processor) to
 * CLI_JOBS_MAX; false when arg is anything else. */
bool cli_parse_jobs(const char *arg, unsigned *jobs);

/* Run the command line; returns an enum cli_exit value. */
int cli_run(int argc, char **argv, FILE *out, FILE *err);

/* The commands, each in src/cmd_<name>.c; argv[0] is the command name. */
int cmd_check(int argc, char **argv, FILE *out, FILE *err);
int cmd_position(int argc, char **argv, FILE *out, FILE *err);
int cmd_perft(int argc, char **argv, FILE *out, FILE *err);
int cmd_explain(int argc, char **argv, FILE *out, FILE *err);

/* position's standard input: one FEN a line.  cli_position_next_line() reads
 * the next line that is not blank into a buffer of CLI_POSITION_LINE_MAX
 * bytes and says what it is: a FEN to judge, a line holding a NUL byte, a
 * line too long for any FEN (both with the text before it in the buffer, the
 * rest of the line skipped), or the end of the input.  *lineno counts the
 * lines read, blank ones included. */
#define CLI_POSITION_LINE_MAX 512
enum cli_line { CLI_LINE_END, CLI_LINE_FEN, CLI_LINE_NUL, CLI_LINE_LONG };
enum cli_line cli_position_next_line(FILE *in, char line[CLI_POSITION_LINE_MAX],
                                     unsigned long *lineno);

#endif /* PGNARB_CLI_H */
