/*
 * cmd_position.c - `pgnarbiter position [--format=text|jsonl] [--chess960]
 * [--nodes=N] [-j N] [FEN...]`: judge positions.  One FEN per argument, or one per line from
 * standard input when there is none (blank lines skipped).  For each: is it
 * legal (fen_parse(): FEN_BAD and FEN_ILLEGAL both are not, with the
 * parser's reason), the side to move, check, checkmate, stalemate, and for
 * each side whether it can still checkmate (FIDE 5.2.2, 6.9: deadpos_analyse(),
 * with the helpmate found as proof, or the reason it cannot), and so whether
 * the position is dead.  --nodes N is the analysis' node budget per side
 * (default DEADPOS_NODES_DEFAULT): more decides more of the sides left
 * undetermined, at more time and memory.  -j/--jobs N judges on N threads
 * (see judge_window()); the output is the same.
 *
 * Exit status (cli.h): 0 every FEN was legal and judged; 1 at least one FEN
 * was not a legal position (a finding, reported in the output like the
 * others); 2 usage error or standard input unreadable.
 */
#include "cli/cli.h"

#include "i18n.h"

#include "deadpos/deadpos.h"
#include "judge/position_verdict.h"
#include "report/position_json.h"
#include "chess/fen.h"
#include "report/escape.h"
#include "report/json.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "chess/san.h"

#include <getopt.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The bytes of a line too long for a FEN shown before "...". */
#define POSITION_LONG_SHOWN 72

/* Largest --nodes: the closure search holds up to that many positions of
 * about 230 bytes each (its table included), per thread. */
#define POSITION_NODES_MAX      10000000ul
#define POSITION_NODES_MAX_TEXT "10000000"

static void print_text(FILE *out, const struct position_verdict *j)
{
    /* The FEN starts a line: not a workflow command in a GitHub log. */
    if (escape_starts_command(j->fen)) {
        fprintf(out, "\\x%02x", (unsigned char)j->fen[0]);
        escape_cwrite(out, j->fen + 1, ESCAPE_HEX);
    } else {
        escape_cwrite(out, j->fen, ESCAPE_HEX);
    }
    fputc('\n', out);
    if (!j->legal) {
        fputs(_("  illegal: "), out);
        escape_cwrite(out, j->why, ESCAPE_HEX);
        fputc('\n', out);
        return;
    }
    fprintf(out, "  %s\n",
            j->pos.side == COLOR_WHITE ? (j->mate        ? _("White to move, checkmated")
                                          : j->stalemate ? _("White to move, stalemate")
                                          : j->check     ? _("White to move, in check")
                                                         : _("White to move"))
                                       : (j->mate        ? _("Black to move, checkmated")
                                          : j->stalemate ? _("Black to move, stalemate")
                                          : j->check     ? _("Black to move, in check")
                                                         : _("Black to move")));
    const char *dead = position_dead_json(j);
    fprintf(out, _("  dead position: %s\n"),
            dead[0] == 't'   ? _("yes")
            : dead[0] == 'f' ? _("no")
                             : _("undetermined"));
    for (int c = 0; c < COLOR_NB; c++) {
        const struct deadpos_result *r = &j->res[c];
        fputs(c == COLOR_WHITE ? _("  White can checkmate: ") : _("  Black can checkmate: "), out);
        if (r->verdict == DEADPOS_CAN_WIN) {
            fputs(r->line_len ? _("yes, helpmate:") : _("yes, it is mate"), out);
            position_write_line(out, j, c, false);
            fputc('\n', out);
        } else if (r->verdict == DEADPOS_CANNOT_WIN)
            fprintf(out, _("no (%s)\n"), deadpos_why_text(r->why));
        else
            fprintf(out, _("undetermined within %lu nodes\n"), r->nodes);
    }
}

/*
 * Positions are judged a window at a time: up to POSITION_WINDOW_PER_JOB
 * per job (at most POSITION_WINDOW_MAX), shared out one by one among the
 * jobs, then printed in input order, so the output is the same for any
 * number of jobs.  The analysis keeps no state between positions but its
 * per-thread tables, so the threads share nothing else.
 */
#define POSITION_WINDOW_PER_JOB 256
#define POSITION_WINDOW_MAX     4096

struct window {
    struct position_verdict *items;
    char (*lines)[CLI_POSITION_LINE_MAX]; /* copies of the stdin lines */
    int count, cap;
    unsigned flags;
    unsigned long budget; /* nodes per side */
    atomic_int next;
};

static void *judge_some(void *arg)
{
    struct window *w = arg;
    for (int i; (i = atomic_fetch_add(&w->next, 1)) < w->count;)
        position_judge(&w->items[i], w->flags, w->budget);
    return NULL;
}

/* Judge the window on up to `jobs` threads, this one included (fewer when
 * a thread cannot be started: the others do its share). */
static void judge_window(struct window *w, unsigned jobs)
{
    atomic_store(&w->next, 0);
    pthread_t threads[CLI_JOBS_MAX];
    unsigned started = 0;
    while (started + 1 < jobs && started + 1 < (unsigned)w->count &&
           pthread_create(&threads[started], NULL, judge_some, w) == 0)
        started++;
    judge_some(w);
    for (unsigned i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
}

/* Judge and print the window; false when some FEN is not legal. */
static bool flush_window(FILE *out, struct window *w, unsigned jobs, bool jsonl, bool *first)
{
    judge_window(w, jobs);
    bool all_legal = true;
    for (int i = 0; i < w->count; i++) {
        if (jsonl)
            position_write_jsonl(out, &w->items[i]);
        else {
            if (!*first) fputc('\n', out);
            print_text(out, &w->items[i]);
        }
        *first = false;
        all_legal &= w->items[i].legal;
    }
    w->count = 0;
    return all_legal;
}

struct options {
    bool jsonl;
    unsigned flags, jobs;
    unsigned long nodes; /* per side, deadpos_analyse()'s budget */
};

/* --nodes's value: a number from 1 to POSITION_NODES_MAX. */
static bool parse_nodes(const char *arg, unsigned long *nodes)
{
    char *end;
    if (arg[0] < '0' || arg[0] > '9') return false;
    unsigned long n = strtoul(arg, &end, 10);
    if (*end || n == 0 || n > POSITION_NODES_MAX) return false;
    *nodes = n;
    return true;
}

/* The options into *o, GNU style (options anywhere, '--' ends them, -j4);
 * *first is the index of the first FEN in argv, which getopt_long() has
 * reordered to put them last.  A usage error's (or --help's) exit status,
 * or -1. */
static int parse_options(int argc, char **argv, FILE *out, FILE *err, struct options *o,
                         int *first)
{
    enum { OPT_FORMAT = 256, OPT_CHESS960, OPT_NODES };
    static const struct option longopts[] = {
        {"format", required_argument, NULL, OPT_FORMAT},
        {"chess960", no_argument, NULL, OPT_CHESS960},
        {"nodes", required_argument, NULL, OPT_NODES},
        {"jobs", required_argument, NULL, 'j'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    optind = 0; /* reset getopt: cli_run may be called more than once (tests) */
    opterr = 0;
    int c;
    char v[CLI_ARG_SHOWN]; /* a bad option value, escaped for the message */
    while ((c = getopt_long(argc, argv, ":hj:", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_FORMAT:
            if (strcmp(optarg, "jsonl") == 0)
                o->jsonl = true;
            else if (strcmp(optarg, "text") == 0)
                o->jsonl = false;
            else
                return cli_usage_error(err, "position",
                                       _("unknown --format '%s' for position (text, jsonl)"),
                                       cli_arg(v, optarg));
            break;
        case OPT_CHESS960:
            o->flags |= FEN_CHESS960;
            break;
        case OPT_NODES:
            if (!parse_nodes(optarg, &o->nodes))
                return cli_usage_error(err, "position", _("--nodes takes a number from 1 to %s, not '%s'"),
                                       POSITION_NODES_MAX_TEXT, cli_arg(v, optarg));
            break;
        case 'j':
            if (!cli_parse_jobs(optarg, &o->jobs))
                return cli_usage_error(
                    err, "position",
                    _("--jobs takes a number from 0 (one per processor) to %s, not '%s'"),
                    CLI_JOBS_MAX_TEXT, cli_arg(v, optarg));
            break;
        case 'h':
            cli_usage(out, "position");
            return CLI_EXIT_OK;
        default: /* '?' or ':' */
            return cli_getopt_error(err, "position", c, argc, argv);
        }
    }
    *first = optind;
    return -1;
}

int cmd_position(int argc, char **argv, FILE *out, FILE *err)
{
    struct options o = {.jobs = 1, .nodes = DEADPOS_NODES_DEFAULT};
    int first_fen = argc;
    int status = parse_options(argc, argv, out, err, &o, &first_fen);
    if (status >= 0) return status;
    int nfen = argc - first_fen;
    if (nfen == 0 && err == stderr && isatty(STDIN_FILENO)) {
        /* No FEN and standard input is a terminal: say what is wanted
         * instead of waiting silently for lines to be typed. */
        fputs(_("pgnarbiter: no position: give FENs as arguments (quoted), or pipe one FEN a line "
                "into standard input.\n"),
              err);
        cli_try_help(err, "position");
        return CLI_EXIT_USAGE;
    }
    bool jsonl = o.jsonl;
    unsigned jobs = o.jobs;
    /* One position at a time with one job: no window to allocate. */
    struct position_verdict one;
    char one_line[1][CLI_POSITION_LINE_MAX];
    struct window w = {
        .items = &one, .lines = one_line, .cap = 1, .flags = o.flags, .budget = o.nodes};
    int cap = jobs > 1 ? (int)jobs * POSITION_WINDOW_PER_JOB : 1;
    if (cap > POSITION_WINDOW_MAX) cap = POSITION_WINDOW_MAX;
    if (cap > 1) {
        w.items = malloc((size_t)cap * sizeof *w.items);
        w.lines = nfen ? NULL : malloc((size_t)cap * sizeof *w.lines);
        if (!w.items || (!nfen && !w.lines)) {
            free(w.items);
            free(w.lines);
            fputs(_("pgnarbiter: out of memory for the jobs' positions\n"), err);
            return CLI_EXIT_USAGE;
        }
        w.cap = cap;
    }
    bool all_legal = true, first = true;
    if (nfen > 0) {
        for (int i = first_fen; i < argc; i++) {
            if (!argv[i]) continue;
            w.items[w.count].unread = false;
            w.items[w.count++].fen = argv[i];
            if (w.count == w.cap) all_legal &= flush_window(out, &w, jobs, jsonl, &first);
        }
    } else {
        enum cli_line got;
        unsigned long lineno = 0;
        /* Output that cannot be written: stop reading (cli_run() says so). */
        while (!ferror(out) &&
               (got = cli_position_next_line(stdin, w.lines[w.count], &lineno)) != CLI_LINE_END) {
            struct position_verdict *j = &w.items[w.count];
            j->fen = w.lines[w.count];
            j->unread = got != CLI_LINE_FEN;
            if (got == CLI_LINE_NUL)
                snprintf(j->why, sizeof j->why,
                         _("line %lu holds a NUL byte, which no FEN holds; it is not read further"),
                         lineno);
            else if (got == CLI_LINE_LONG) {
                strcpy(w.lines[w.count] + POSITION_LONG_SHOWN, "...");
                snprintf(j->why, sizeof j->why,
                         _("line %lu is longer than %d bytes, which no FEN is; it is not read further"),
                         lineno, CLI_POSITION_LINE_MAX - 1);
            }
            if (++w.count == w.cap) all_legal &= flush_window(out, &w, jobs, jsonl, &first);
        }
        if (ferror(stdin)) {
            fputs(_("pgnarbiter: cannot read standard input\n"), err);
            status = CLI_EXIT_USAGE;
        }
    }
    all_legal &= flush_window(out, &w, jobs, jsonl, &first);
    if (status < 0) status = all_legal ? CLI_EXIT_OK : CLI_EXIT_FINDINGS;
    if (w.items != &one) {
        free(w.items);
        free(w.lines);
    }
    return status;
}
