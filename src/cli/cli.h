/*
 * cli.h - the command line: global options, command dispatch, exit statuses.
 * Commands write only to the streams they are given; only main.c exits.
 */
#ifndef PGNARB_CLI_H
#define PGNARB_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>

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

/* A size in bytes, with an optional K, M or G suffix (powers of 1024);
 * false when arg is not one or is 0. */
bool cli_parse_size(const char *arg, uint64_t *bytes);

/* -o FILE (output.c says how each kind of FILE is written).
 * cli_output_find() follows FILE's symbolic links to what it names and
 * looks at it: o->target, o->exists and o->st; cli_output_same() says
 * whether an input's stat is that file (a character device never is).
 * cli_output_open() then opens it: a temporary file next to a regular
 * FILE (or a new one), renamed over it by cli_output_close() when `whole`,
 * removed otherwise; a device or FIFO written through.  Messages go to err;
 * false on failure (nothing is left behind).  cli_output_unlink_pending()
 * removes the temporary file and is safe in a signal handler. */
struct cli_output {
    FILE *f;
    int fd;           /* before f takes it */
    char *tmp;        /* the temporary file, NULL when written through */
    char *target;     /* FILE, its links followed */
    const char *path; /* FILE as given */
    bool exists;
    struct stat st; /* the target's, when it exists */
};
bool cli_output_find(struct cli_output *o, const char *path, FILE *err);
bool cli_output_same(const struct cli_output *o, const struct stat *st);
bool cli_output_open(struct cli_output *o, FILE *err);
bool cli_output_through(const struct cli_output *o);
bool cli_output_close(struct cli_output *o, bool whole, FILE *err);
void cli_output_abandon(struct cli_output *o);
void cli_output_unlink_pending(void);

/* name (a file name) escaped for standard error (report/escape.h), on the
 * heap; NULL when out of memory. */
char *cli_escape_name(const char *name);

/* Room for an argument quoted in a message, escaped (report/escape.h:
 * controls, bidirectional controls and bytes that are not UTF-8 shown as
 * \xNN / \uNNNN); a longer one is cut with "...".  cli_arg() fills it. */
#define CLI_ARG_SHOWN 256
const char *cli_arg(char shown[CLI_ARG_SHOWN], const char *arg);

/* The usage text: every command (command NULL) or one. */
void cli_usage(FILE *f, const char *command);

/* "Try 'pgnarbiter [COMMAND] --help'." on err, in the user's language. */
void cli_try_help(FILE *err, const char *command);

/* "pgnarbiter: MESSAGE" and a pointer to --help (the command's when given)
 * on err; returns CLI_EXIT_USAGE. */
int cli_usage_error(FILE *err, const char *command, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* The usage error for what getopt_long() (opterr 0) returned as c, '?' or
 * ':': the option it rejects named as the user wrote it. */
int cli_getopt_error(FILE *err, const char *command, int c, int argc, char **argv);

/* Run the command line; returns an enum cli_exit value. */
int cli_run(int argc, char **argv, FILE *out, FILE *err);

/* The commands, each in src/cmd_<name>.c; argv[0] is the command name. */
int cmd_check(int argc, char **argv, FILE *out, FILE *err);
int cmd_position(int argc, char **argv, FILE *out, FILE *err);
int cmd_perft(int argc, char **argv, FILE *out, FILE *err);
int cmd_explain(int argc, char **argv, FILE *out, FILE *err);
int cmd_merge(int argc, char **argv, FILE *out, FILE *err);
int cmd_fix(int argc, char **argv, FILE *out, FILE *err);

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
