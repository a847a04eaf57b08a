/*
 * cli.c - top-level command line: --help, --version, and dispatch to the
 * commands of SPEC.md ("check" when the first argument is not a command).
 */
#include "cli/cli.h"

#include "config.h"
#include "jobs/replay_pool.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The process's umask, read without changing it for good. */
static mode_t cli_umask(void)
{
    mode_t m = umask(022);
    umask(m);
    return m;
}

_Static_assert(CLI_JOBS_MAX == REPLAY_POOL_JOBS_MAX, "check's pool takes every -j value");

static const char usage_text[] =
    "Usage:\n"
    "  pgnarbiter [check] [OPTIONS] [FILE...]   validate every game (default command);\n"
    "                                           no FILE or '-' reads standard input\n"
    "  pgnarbiter position [OPTIONS] [FEN...]   judge positions: legal?, check, mate,\n"
    "                                           stalemate, dead, who can still win;\n"
    "                                           no FEN reads one a line from stdin\n"
    "  pgnarbiter perft FEN DEPTH [--divide] [--chess960]\n"
    "                                           count legal move sequences\n"
    "  pgnarbiter explain CODE | --list         describe a diagnostic code, or list them\n"
    "  pgnarbiter merge [--format=F] FILE...    join the jsonl of check --shard K/N runs\n"
    "                                           into one run's output and exit status\n"
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
    "  --duplicates=off|moves|strict      duplicate games across the run: same moves\n"
    "                                     (default), also same players and date, or off\n"
    "  --notation=auto|en|it|es|fr|de|nl|figurine\n"
    "                                     the piece letters moves are written in\n"
    "                                     (default auto: found for each game from its\n"
    "                                     own letters; it/es/fr: R is the king)\n"
    "  --stdin-name=NAME                  name standard input NAME in findings\n"
    "  -o, --output=FILE                  write the records to FILE (it appears\n"
    "                                     whole when the run ends)\n"
    "  --shard=K/N                        read the K-th of N ranges of one FILE (jsonl\n"
    "                                     for 'pgnarbiter merge')\n"
    "  --zstd-window-max=BYTES            largest window a zstd frame may ask for\n"
    "                                     (K, M, G suffixes; default 128M)\n"
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
    "Inputs may be plain, gzip (also BGZF) or zstd (also pzstd) compressed.\n"
    "See pgnarbiter(1).\n";

bool cli_parse_jobs(const char *arg, unsigned *jobs)
{
    char *end;
    if (arg[0] < '0' || arg[0] > '9') return false;
    unsigned long n = strtoul(arg, &end, 10);
    if (*end || n > CLI_JOBS_MAX) return false;
    *jobs = n ? (unsigned)n : replay_pool_online_jobs();
    return true;
}

bool cli_parse_size(const char *arg, uint64_t *bytes)
{
    char *end;
    if (arg[0] < '0' || arg[0] > '9') return false;
    errno = 0;
    unsigned long long n = strtoull(arg, &end, 10);
    unsigned shift = 0;
    switch (*end) {
    case 'K': shift = 10; end++; break;
    case 'M': shift = 20; end++; break;
    case 'G': shift = 30; end++; break;
    default: break;
    }
    if (*end || errno || n == 0 || n > (UINT64_MAX >> shift)) return false;
    *bytes = (uint64_t)n << shift;
    return true;
}

bool cli_output_open(struct cli_output *o, const char *path, FILE *err)
{
    o->path = path;
    o->f = NULL;
    o->tmp = malloc(strlen(path) + 8);
    if (!o->tmp) {
        fputs("pgnarbiter: out of memory\n", err);
        return false;
    }
    sprintf(o->tmp, "%s.XXXXXX", path);
    int fd = mkstemp(o->tmp);
    if (fd >= 0) {
        fchmod(fd, 0644 & ~cli_umask());
        o->f = fdopen(fd, "w");
        if (!o->f) close(fd);
    }
    if (!o->f) {
        fprintf(err, "pgnarbiter: cannot write %s: %s\n", path, strerror(errno));
        cli_output_abandon(o);
        return false;
    }
    return true;
}

void cli_output_abandon(struct cli_output *o)
{
    if (o->f) fclose(o->f);
    if (o->tmp) unlink(o->tmp);
    free(o->tmp);
    o->f = NULL;
    o->tmp = NULL;
}

bool cli_output_close(struct cli_output *o, FILE *err)
{
    bool ok = fflush(o->f) == 0 && !ferror(o->f);
    int saved = errno;
    ok = fclose(o->f) == 0 && ok;
    o->f = NULL;
    if (ok && rename(o->tmp, o->path) == 0) {
        free(o->tmp);
        o->tmp = NULL;
        return true;
    }
    fprintf(err, "pgnarbiter: cannot write %s: %s\n", o->path, strerror(errno ? errno : saved));
    cli_output_abandon(o);
    return false;
}

static void print_usage(FILE *f)
{
    fputs(usage_text, f);
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
        if (strcmp(a, "merge") == 0) return cmd_merge(argc - 1, argv + 1, out, err);
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
