/*
 * cli.c - top-level command line: --help, --version, and dispatch to the
 * commands of SPEC.md ("check" when the first argument is not a command).
 */
#include "cli/cli.h"

#include "config.h"
#include "i18n.h"
#include "jobs/replay_pool.h"
#include "report/escape.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

_Static_assert(CLI_JOBS_MAX == REPLAY_POOL_JOBS_MAX, "check's pool takes every -j value");

/* The usage text, a part per command: `pgnarbiter --help` prints them all,
 * `pgnarbiter COMMAND --help` the lines and options of that command. */
static const char usage_check[] = N_(
    "  pgnarbiter [check] [OPTIONS] [FILE...]   validate every game (default command);\n"
    "                                           no FILE or '-' reads standard input\n");
static const char usage_position[] = N_(
    "  pgnarbiter position [OPTIONS] [FEN...]   judge positions: legal?, check, mate,\n"
    "                                           stalemate, dead, who can still win;\n"
    "                                           no FEN reads one a line from stdin\n");
static const char usage_perft[] = N_(
    "  pgnarbiter perft FEN DEPTH [--divide] [--chess960]\n"
    "                                           count legal move sequences\n");
static const char usage_explain[] = N_(
    "  pgnarbiter explain CODE | --list         describe a diagnostic code, or list them\n");
static const char usage_merge[] = N_(
    "  pgnarbiter merge [OPTIONS] FILE...       join the jsonl of check --shard K/N runs\n"
    "                                           into one run's output and exit status;\n"
    "                                           '-' reads standard input\n");
static const char usage_fix[] = N_(
    "  pgnarbiter fix [OPTIONS] [FILE...]       write every game in PGN export format,\n"
    "                                           English SAN, every change a finding\n");
static const char options_check[] = N_(
    "check options:\n"
    "  --format=text|jsonl|github|sarif|html\n"
    "                                     output format (default text); html: one\n"
    "                                     page with a board at every finding\n"
    "  --html-max-boards=N                html: boards for the first N findings only\n"
    "                                     (default 1000)\n"
    "  --report=games                     jsonl: add one record per game\n"
    "  --strict                           also report notes (notation, missing tags)\n"
    "  --werror                           warnings make the exit status 1\n"
    "  --ignore=CODE[,CODE...]            report no finding of these codes\n"
    "  --select=CODE[,CODE...]            report findings of these codes only\n"
    "  --severity=CODE=LEVEL[,...]        report CODE as error, warning or note (the\n"
    "                                     counts and the exit status follow)\n"
    "  --config=FILE                      the settings file to read (default: the\n"
    "                                     first .pgnarbiter.toml found from the\n"
    "                                     current directory up to a repository root)\n"
    "  --no-config                        read no settings file\n"
    "  -q, --quiet                        no summary on standard error\n"
    "  -r, --recursive                    walk directories given as FILE\n"
    "  -j, --jobs=N                       read and replay on N threads (0: one per\n"
    "                                     processor; default 1); the output is the same\n"
    "  --duplicates=off|moves|strict      duplicate games across the run: same moves\n"
    "                                     (default), also same players and date, or off\n"
    "  --round-form=auto|board|game       Round \"N.M\": board M or game M of round N\n"
    "                                     (default auto: told from each event's games)\n"
    "  --notation=auto|en|it|es|fr|de|nl|figurine\n"
    "                                     the piece letters moves are written in\n"
    "                                     (default auto: found for each game from its\n"
    "                                     own letters; it/es/fr: R is the king)\n"
    "  --after-illegal=stop|continue      at an illegal main-line move: stop checking\n"
    "                                     the game, or (default) say what most likely\n"
    "                                     happened and check on where that is clear\n"
    "  --clock-delay=S                    a delay (US) of S seconds a move: a clock that\n"
    "                                     stands still within it is no fault\n"
    "  --clock-slack=S                    seconds the clocks may be off by (default 2)\n"
    "  --stdin-name=NAME                  name standard input NAME in findings\n"
    "  -o, --output=FILE                  write the records to FILE (it appears\n"
    "                                     whole when the run ends)\n"
    "  --good=FILE, --bad=FILE            write each game, byte for byte as read, to\n"
    "                                     the one its verdict names, in input order\n"
    "  --bad-on=error|warning             what sends a game to --bad (default error)\n"
    "  --shard=K/N                        read the K-th of N ranges of one FILE (jsonl\n"
    "                                     for 'pgnarbiter merge')\n"
    "  --trf=FILE                         the event's tournament report file (TRF):\n"
    "                                     its own consistency, then each game against\n"
    "                                     its pairing (no FILE: the TRF alone)\n"
    "  --players=FILE                     with --trf: 'name = FIDE id' lines for names\n"
    "                                     the TRF writes otherwise\n"
    "  --trf-require-all                  with --trf: a TRF game with no PGN game is an\n"
    "                                     error, not a note\n"
    "  --zstd-window-max=BYTES            largest window a zstd frame may ask for\n"
    "                                     (K, M, G suffixes; default 128M)\n");
static const char options_position[] = N_(
    "position options:\n"
    "  --format=text|jsonl                output format (default text)\n"
    "  --chess960                         read the FENs as Chess960\n"
    "  --nodes=N                          search budget per side (default 65000,\n"
    "                                     at most 10000000): more decides more\n"
    "  -j, --jobs=N                       analyse on N threads (0: one per processor;\n"
    "                                     default 1); the output is the same\n");
static const char options_merge[] = N_(
    "merge options:\n"
    "  --format=text|jsonl|github|sarif|html\n"
    "                                     output format (default text)\n"
    "  -q, --quiet                        no summary on standard error\n"
    "  --trf=FILE                         where the TRF the shards were checked against\n"
    "                                     (check --trf) is now (default: as they name it)\n"
    "Every shard file is checked whole before anything is written: a missing,\n"
    "repeated, interrupted, unconfirmed or altered shard, or shards of two\n"
    "different inputs, are refused (exit status 2).\n");
static const char options_fix[] = N_(
    "fix options:\n"
    "  -o, --output=FILE                  write the games to FILE (it appears whole\n"
    "                                     when the run ends)\n"
    "  --bad=FILE                         write the games not fixed there (an error,\n"
    "                                     a move not played), as they were\n"
    "  --force                            write games with an error fixed as far as\n"
    "                                     they go\n"
    "  -j, --jobs=N                       read and replay on N threads (0: one per\n"
    "                                     processor; default 1); the output is the same\n"
    "  --notation=auto|en|it|es|fr|de|nl|figurine\n"
    "                                     the piece letters moves are written in\n"
    "  --strip=WORD[,WORD...]             remove comments, nags, variations, clocks\n"
    "                                     ([%clk] [%emt] [%clkc]) or evals ([%eval]);\n"
    "                                     the counts are said once for the run\n"
    "  --results=keep|from-rules          keep the recorded result (default), or set\n"
    "                                     the one a checkmate, stalemate or automatic\n"
    "                                     draw of the game decided\n"
    "  --dry-run                          write a unified diff (diff -u) of each\n"
    "                                     input against what fix writes, not games\n"
    "  --stdin-name=NAME                  name standard input NAME in findings\n"
    "  -q, --quiet                        no summary on standard error\n");
static const char options_perft[] = N_(
    "perft options:\n"
    "  --divide                           one line per legal first move, then the total\n"
    "  --chess960                         read the FEN as Chess960\n");
static const char usage_footer[] = N_(
    "Options may come before or after the arguments; '--' ends them.\n"
    "Exit status: 0 no error found, 1 errors found (warnings too with --werror),\n"
    "2 usage error, an input that could not be read or output that could not be\n"
    "written; 130/143 interrupted (SIGINT/SIGTERM).  position: 1 when a FEN is\n"
    "not a legal position.\n"
    "Inputs may be plain, gzip or zstd compressed. See pgnarbiter(1).\n");

void cli_usage(FILE *f, const char *command)
{
    bool all = command == NULL;
    bool check = all || strcmp(command, "check") == 0;
    bool position = all || strcmp(command, "position") == 0;
    bool perft = all || strcmp(command, "perft") == 0;
    bool explain = all || strcmp(command, "explain") == 0;
    bool merge = all || strcmp(command, "merge") == 0;
    bool fix = all || strcmp(command, "fix") == 0;
    fputs(_("Usage:\n"), f);
    if (check) fputs(_(usage_check), f);
    if (position) fputs(_(usage_position), f);
    if (perft) fputs(_(usage_perft), f);
    if (explain) fputs(_(usage_explain), f);
    if (merge) fputs(_(usage_merge), f);
    if (fix) fputs(_(usage_fix), f);
    if (all) fputs("  pgnarbiter --help | --version\n", f);
    if (check) fprintf(f, "\n%s", _(options_check));
    if (position) fprintf(f, "\n%s", _(options_position));
    if (perft && !all) fprintf(f, "\n%s", _(options_perft));
    if (merge && !all) fprintf(f, "\n%s", _(options_merge));
    if (fix) fprintf(f, "\n%s", _(options_fix));
    fprintf(f, "\n%s", _(usage_footer));
}

const char *cli_arg(char shown[CLI_ARG_SHOWN], const char *arg)
{
    return escape_str(shown, CLI_ARG_SHOWN, arg, ESCAPE_HEX);
}

void cli_try_help(FILE *err, const char *command)
{
    char cmd[64];
    snprintf(cmd, sizeof cmd, "pgnarbiter%s%s", command ? " " : "", command ? command : "");
    /* TRANSLATORS: %s is "pgnarbiter" or "pgnarbiter COMMAND", never translated. */
    fprintf(err, _("Try '%s --help'.\n"), cmd);
}

int cli_usage_error(FILE *err, const char *command, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("pgnarbiter: ", err);
    vfprintf(err, fmt, ap);
    va_end(ap);
    fputc('\n', err);
    cli_try_help(err, command);
    return CLI_EXIT_USAGE;
}

int cli_getopt_error(FILE *err, const char *command, int c, int argc, char **argv)
{
    /* getopt_long() has stepped past the option it rejects: a long one is
     * that whole argument (its name up to any '='), a short one optopt. */
    const char *arg = optind > 0 && optind <= argc ? argv[optind - 1] : "";
    char name[CLI_ARG_SHOWN];
    if (strncmp(arg, "--", 2) == 0) {
        char raw[64]; /* the name as given, up to any '=', escaped */
        size_t n = strcspn(arg, "=");
        snprintf(raw, sizeof raw, "%.*s", (int)(n < 60 ? n : 60), arg);
        cli_arg(name, raw);
    } else {
        snprintf(name, sizeof name, "-%c", optopt > 32 && optopt < 127 ? optopt : '?');
    }
    if (c == ':') return cli_usage_error(err, command, _("option '%s' needs a value"), name);
    if (strncmp(arg, "--", 2) == 0 && strchr(arg, '=') && optopt)
        return cli_usage_error(err, command, _("option '%s' takes no value"), name);
    return cli_usage_error(err, command, _("unknown option '%s'"), name);
}

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

static int run_command(int argc, char **argv, FILE *out, FILE *err)
{
    if (argc >= 2) {
        const char *a = argv[1];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            cli_usage(out, NULL);
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
        if (strcmp(a, "fix") == 0) return cmd_fix(argc - 1, argv + 1, out, err);
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

/* Everything written to `out` must have got there: a write that failed (a
 * full disk, standard output closed, a pipe closed with SIGPIPE ignored) makes
 * the status 2 whatever the command found - output that did not arrive is no
 * answer - with one message.  (With SIGPIPE at its default a closed pipe ends
 * the program quietly, as for any Unix filter.) */
int cli_run(int argc, char **argv, FILE *out, FILE *err)
{
    int status = run_command(argc, argv, out, err);
    errno = 0;
    if (fflush(out) != 0 || ferror(out)) {
        int e = errno;
        if (e)
            fprintf(err, _("pgnarbiter: cannot write the output: %s\n"), strerror(e));
        else
            fputs(_("pgnarbiter: cannot write the output\n"), err);
        clearerr(out);
        status = CLI_EXIT_USAGE;
    }
    return status;
}
