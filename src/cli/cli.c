/*
 * cli.c - top-level command line: --help, --version, and dispatch to the
 * commands of SPEC.md ("check" when the first argument is not a command).
 */
#include "cli/cli.h"

#include "config.h"
#include "i18n.h"
#include "jobs/replay_pool.h"

#include <stdlib.h>
#include <string.h>

_Static_assert(CLI_JOBS_MAX == REPLAY_POOL_JOBS_MAX, "check's pool takes every -j value");

static const char usage_text[] = N_(
    "Usage:\n"
    "  pgnarbiter [check] [OPTIONS] [FILE...]   validate every game (default command);\n"
    "                                           no FILE or '-' reads standard input\n"
    "  pgnarbiter position [OPTIONS] [FEN...]   judge positions: legal?, check, mate,\n"
    "                                           stalemate, dead, who can still win;\n"
    "                                           no FEN reads one a line from stdin\n"
    "  pgnarbiter perft FEN DEPTH [--divide] [--chess960]\n"
    "                                           count legal move sequences\n"
    "  pgnarbiter explain CODE | --list         describe a diagnostic code, or list them\n"
    "  pgnarbiter --help | --version\n"
    "\n"
    "check options:\n"
    "  --format=text|jsonl|github|sarif   output format (default text)\n"
    "  --report=games                     jsonl: add one record per game\n"
    "  --strict                           also report notes (notation, missing tags)\n"
    "  --werror                           warnings make the exit status 1\n"
    "  --quiet                            no summary on standard error\n"
    "  -r, --recursive                    walk directories given as FILE\n"
    "  -j, --jobs=N                       read and replay on N threads (0: one per\n"
    "                                     processor; default 1); the output is the same\n"
    "\n"
    "position options:\n"
    "  --format=text|jsonl                output format (default text)\n"
    "  --chess960                         read the FENs as Chess960\n"
    "  --nodes=N                          search budget per side (default 65000,\n"
    "                                     at most 10000000): more decides more\n"
    "  -j, --jobs=N                       analyse on N threads (0: one per processor;\n"
    "                                     default 1); the output is the same\n"
    "\n"
    "Exit status: 0 no error found, 1 errors found (warnings too with --werror),\n"
    "2 usage error or an input that could not be read.  position: 1 when a FEN is\n"
    "not a legal position.\n"
    "Inputs may be plain, gzip or zstd compressed. See pgnarbiter(1).\n");

bool cli_parse_jobs(const char *arg, unsigned *jobs)
{
    char *end;
    if (arg[0] < '0' || arg[0] > '9') return false;
    unsigned long n = strtoul(arg, &end, 10);
    if (*end || n > CLI_JOBS_MAX) return false;
    *jobs = n ? (unsigned)n : replay_pool_online_jobs();
    return true;
}

static void print_usage(FILE *f)
{
    fputs(_(usage_text), f);
}

int cli_run(int argc, char **argv, FILE *out, FILE *err)
{
    if (argc >= 2) {
        const char *a = argv[1];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            print_usage(out);
            return CLI_EXIT_OK;
        }
        if (strcmp(a, "--version") == 0 || strcmp(a, "-V") == 0) {
            fprintf(out, "%s %s\n", PACKAGE_NAME, PACKAGE_VERSION);
            return CLI_EXIT_OK;
        }
        if (strcmp(a, "check") == 0) return cmd_check(argc - 1, argv + 1, out, err);
        if (strcmp(a, "position") == 0) return cmd_position(argc - 1, argv + 1, out, err);
        if (strcmp(a, "perft") == 0) return cmd_perft(argc - 1, argv + 1, out, err);
        if (strcmp(a, "explain") == 0) return cmd_explain(argc - 1, argv + 1, out, err);
    }
    /* Default command: check, with all arguments as its own. */
    char *check_argv0 = (char *)"check";
    char **args = argv;
    char *saved = argv[0];
    args[0] = check_argv0;
    int status = cmd_check(argc, args, out, err);
    args[0] = saved;
    return status;
}
