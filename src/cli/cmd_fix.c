/*
 * cmd_fix.c - `pgnarbiter fix [OPTIONS] [FILE...]`: every game in the PGN
 * export format (PGN standard section 8) on standard output or -o FILE.
 *
 * The data flow: each input is replayed as `check` replays it (on N threads
 * with -j N: the replay pool hands everything over on this thread, in input
 * order), and the replay hands over every move it played in export-format
 * SAN (game_sink.move); the input's bytes are kept (game_split.c) until a
 * game's record gives its verdict; then fix_write.c reads the game's own
 * bytes again and report/pgn_export.c writes it from those events and those
 * moves.  A game with an error is written as it was (or to --bad), unless
 * --force; every change to a game is a `fixed` finding on standard error,
 * with the errors that kept a game as it was; a game already in export
 * format is written as it was with no finding.  This file holds the
 * options, the inputs and the summary.
 */
#include "cli/fix_run.h"

#include "i18n.h"

#include "cli/game_split.h"
#include "jobs/replay_pool.h"
#include "judge/game.h"
#include "judge/game_record.h"
#include "pgn/input.h"
#include "pgn/pgn_parse.h"
#include "report/udiff.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* --strip=WORD[,WORD...]: false (and *bad the word) on a word not known. */
static bool parse_strip(const char *arg, unsigned *strip, char bad[CLI_ARG_SHOWN])
{
    static const char *const words[PGN_STRIP_KINDS] = {"comments", "nags", "variations", "clocks",
                                                       "evals"};
    *strip = 0;
    const char *p = arg;
    for (;;) {
        size_t n = strcspn(p, ",");
        unsigned i = 0;
        while (i < PGN_STRIP_KINDS && !(strlen(words[i]) == n && memcmp(words[i], p, n) == 0))
            i++;
        if (i == PGN_STRIP_KINDS) {
            char w[CLI_ARG_SHOWN];
            snprintf(w, sizeof w, "%.*s", (int)(n < sizeof w - 1 ? n : sizeof w - 1), p);
            cli_arg(bad, w);
            return false;
        }
        *strip |= 1u << i;
        if (!p[n]) return true;
        p += n + 1;
    }
}

/* Once for the run: what --strip removed, and from how many games. */
static void strip_said(const struct fix_run *run)
{
    if (!run->stripped_games) return;
    char what[512] = "";
    for (int i = 0; i < PGN_STRIP_KINDS; i++) {
        unsigned long long n = run->stripped.of[i];
        if (!n) continue;
        char one[128];
        switch (i) {
        case 0: snprintf(one, sizeof one, ngettext("%llu comment", "%llu comments", (unsigned long)n), n); break;
        case 1: snprintf(one, sizeof one, ngettext("%llu NAG", "%llu NAGs", (unsigned long)n), n); break;
        case 2: snprintf(one, sizeof one, ngettext("%llu variation", "%llu variations", (unsigned long)n), n); break;
        case 3: snprintf(one, sizeof one, ngettext("%llu clock command", "%llu clock commands", (unsigned long)n), n); break;
        default: snprintf(one, sizeof one, ngettext("%llu eval command", "%llu eval commands", (unsigned long)n), n); break;
        }
        size_t m = strlen(what);
        snprintf(what + m, sizeof what - m, "%s%s", m ? ", " : "", one);
    }
    fprintf(run->err,
            ngettext("pgnarbiter: --strip removed %s from %llu game\n",
                     "pgnarbiter: --strip removed %s from %llu games\n", (unsigned long)run->stripped_games),
            what, (unsigned long long)run->stripped_games);
}

static void fix_one_input(struct fix_run *run, const char *path)
{
    char why[512] = "";
    const char *name = strcmp(path, "-") == 0 ? run->stdin_name : path;
    struct input *in = input_open(path, why, sizeof why);
    run->totals.files++;
    if (!in) {
        run->totals.files_unreadable++;
        char *e = cli_escape_name(name);
        fprintf(run->err, _("pgnarbiter: %s: cannot read input: %s\n"), e ? e : "?",
                why[0] ? why : _("unknown error"));
        free(e);
        return;
    }
    replay_pool_drain(run->pool); /* the input before: every game delivered */
    run->file = name;
    run->game = 0;
    replay_pool_set_file(run->pool, name);
    if (run->diff_out) {
        run->wrote = false; /* each input its own diff */
        run->diff = udiff_new(run->diff_out, name);
        if (!run->diff) run->diff_failed = true;
    }
    game_split_input(run->split, in);
    uint64_t bytes = 0;
    if (!replay_pool_read(run->pool, in, &bytes)) run->totals.files_unreadable++;
    replay_pool_drain(run->pool); /* every game of this input has its verdict */
    fix_next_game(run); /* the last game is written now */
    run->next_ending = ENDING_NONE;
    game_split_input_end(run->split);
    if (run->diff_out) fix_diff_end(run);
    if (run->diff) udiff_end(run->diff);
    udiff_free(run->diff);
    run->diff = NULL;
    run->totals.bytes += bytes;
    if (*input_error(in)) run->totals.files_unreadable++;
    input_close(in);
}

int cmd_fix(int argc, char **argv, FILE *out, FILE *err)
{
    enum { OPT_BAD = 256, OPT_FORCE, OPT_NOTATION, OPT_STDIN_NAME, OPT_STRIP, OPT_DRY_RUN, OPT_RESULTS };
    static const struct option longopts[] = {
        {"output", required_argument, NULL, 'o'},
        {"bad", required_argument, NULL, OPT_BAD},
        {"force", no_argument, NULL, OPT_FORCE},
        {"notation", required_argument, NULL, OPT_NOTATION},
        {"stdin-name", required_argument, NULL, OPT_STDIN_NAME},
        {"strip", required_argument, NULL, OPT_STRIP},
        {"dry-run", no_argument, NULL, OPT_DRY_RUN},
        {"results", required_argument, NULL, OPT_RESULTS},
        {"jobs", required_argument, NULL, 'j'},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    struct fix_run run;
    memset(&run, 0, sizeof run);
    run.err = err;
    run.stdin_name = "<stdin>";
    run.jobs = 1;
    const char *output = NULL, *bad = NULL;
    enum nota_mode notation = NOTA_MODE_AUTO;
    bool quiet = false, dry_run = false;
    unsigned strip = 0;
    char v[CLI_ARG_SHOWN];
    optind = 0;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, ":hqo:j:", longopts, NULL)) != -1) {
        switch (c) {
        case 'j':
            if (!cli_parse_jobs(optarg, &run.jobs))
                return cli_usage_error(
                    err, "fix", _("--jobs takes a number from 0 (one per processor) to %s, not '%s'"),
                    CLI_JOBS_MAX_TEXT, cli_arg(v, optarg));
            break;
        case 'o':
            output = optarg;
            break;
        case OPT_BAD:
            bad = optarg;
            break;
        case OPT_FORCE:
            run.force = true;
            break;
        case OPT_NOTATION:
            if (!nota_parse_mode(optarg, &notation))
                return cli_usage_error(
                    err, "fix", _("unknown --notation '%s' (auto, en, it, es, fr, de, nl, figurine)"),
                    cli_arg(v, optarg));
            break;
        case OPT_STDIN_NAME:
            if (!optarg[0])
                return cli_usage_error(err, "fix", "%s", _("--stdin-name needs a name that is not empty"));
            run.stdin_name = optarg;
            break;
        case OPT_STRIP:
            if (!parse_strip(optarg, &strip, v))
                return cli_usage_error(
                    err, "fix", _("unknown --strip word '%s' (comments, nags, variations, clocks, evals)"), v);
            break;
        case OPT_RESULTS:
            if (strcmp(optarg, "keep") == 0) run.from_rules = false;
            else if (strcmp(optarg, "from-rules") == 0) run.from_rules = true;
            else
                return cli_usage_error(err, "fix", _("unknown --results '%s' (keep, from-rules)"),
                                       cli_arg(v, optarg));
            break;
        case OPT_DRY_RUN:
            dry_run = true;
            break;
        case 'q':
            quiet = true;
            break;
        case 'h':
            cli_usage(out, "fix");
            return CLI_EXIT_OK;
        default:
            return cli_getopt_error(err, "fix", c, argc, argv);
        }
    }
    if (dry_run && bad)
        return cli_usage_error(err, "fix", "%s", _("--dry-run writes no game: --bad has no use with it"));
    struct cli_output outputs[2];
    const char *names[2] = {output, bad};
    for (int i = 0; i < 2; i++) {
        memset(&outputs[i], 0, sizeof outputs[i]);
        outputs[i].fd = -1;
    }
    bool ok = true;
    for (int i = 0; i < 2 && ok; i++) {
        if (!names[i]) continue;
        ok = cli_output_find(&outputs[i], names[i], err);
        struct stat st;
        for (int k = optind; ok && k < argc; k++) {
            if (strcmp(argv[k], "-") != 0 && stat(argv[k], &st) == 0 && cli_output_same(&outputs[i], &st)) {
                char *eo = cli_escape_name(names[i]);
                fprintf(err, _("pgnarbiter: %s is one of the inputs: writing there would replace its games; give another file\n"),
                        eo ? eo : "?");
                free(eo);
                ok = false;
            }
        }
        if (ok && i == 1 && names[0] && outputs[0].exists && outputs[1].exists &&
            cli_output_same(&outputs[0], &outputs[1].st)) {
            fprintf(err, "%s", _("pgnarbiter: -o and --bad name the same file; give each its own\n"));
            ok = false;
        }
    }
    for (int i = 0; i < 2 && ok; i++)
        if (names[i]) ok = cli_output_open(&outputs[i], err);
    if (!ok) {
        cli_output_abandon(&outputs[0]);
        cli_output_abandon(&outputs[1]);
        return CLI_EXIT_USAGE;
    }
    run.out = output ? outputs[0].f : out;
    run.bad = bad ? outputs[1].f : NULL;
    if (dry_run) run.diff_out = run.out;
    run.report = report_new(REPORT_TEXT, err, false);
    run.split = game_split_new(NULL, NULL, DIAG_ERROR);
    run.x = pgn_export_new();
    struct game_sink sink = {&run, fix_sink_diag, fix_sink_game, false, fix_sink_move};
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    /* not enough memory or threads for N jobs: fewer, halving down to one
     * (as check does) */
    unsigned jobs = run.jobs;
    run.pool = replay_pool_new(jobs, &sink, false);
    while (!run.pool && jobs > 1)
        run.pool = replay_pool_new(jobs /= 2, &sink, false);
    if (run.pool && jobs != run.jobs)
        fprintf(err, _("pgnarbiter: cannot start %u jobs (out of memory or threads); using %u\n"),
                run.jobs, jobs);
    int status = CLI_EXIT_OK;
    if (!run.report || !run.split || !run.x || !run.pool) {
        fputs(_("pgnarbiter: out of memory\n"), err);
        status = CLI_EXIT_USAGE;
    } else {
        game_split_set_writer(run.split, fix_write_game, &run);
        replay_pool_set_notation(run.pool, notation);
        pgn_export_set_strip(run.x, strip);
        if (optind >= argc) fix_one_input(&run, "-");
        for (int i = optind; i < argc; i++)
            fix_one_input(&run, argv[i]);
        replay_pool_finish(run.pool);
        if (run.diff_failed) {
            fputs(_("pgnarbiter: out of memory: the diff is not whole\n"), err);
            status = CLI_EXIT_USAGE;
        }
        if (!game_split_whole(run.split)) {
            fputs(_("pgnarbiter: a game too long to hold in memory: the output is left as it was\n"), err);
            status = CLI_EXIT_USAGE;
        }
        clock_gettime(CLOCK_MONOTONIC, &t1);
        run.totals.seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
        run.totals.status = status != CLI_EXIT_OK  ? status
                            : run.totals.files_unreadable ? CLI_EXIT_USAGE
                            : run.kept_games              ? CLI_EXIT_FINDINGS
                                                          : CLI_EXIT_OK;
        status = run.totals.status;
        strip_said(&run); /* a change asked for: said even with --quiet */
        if (!quiet) {
            report_summary(err, &run.totals);
            fputs("pgnarbiter: ", err);
            fprintf(err, ngettext("%llu game written in export format, ", "%llu games written in export format, ",
                                  (unsigned long)run.fixed_games),
                    (unsigned long long)run.fixed_games);
            fprintf(err, ngettext("%llu kept as it was\n", "%llu kept as they were\n", (unsigned long)run.kept_games),
                    (unsigned long long)run.kept_games);
        }
    }
    replay_pool_free(run.pool);
    game_split_free(run.split);
    pgn_export_free(run.x);
    pgn_parser_free(run.parser);
    report_free(run.report);
    free(run.pend_a);
    free(run.pend_b);
    bool whole = status != CLI_EXIT_USAGE || run.totals.files_unreadable;
    for (int i = 0; i < 2; i++)
        if (outputs[i].f && !cli_output_close(&outputs[i], whole, err)) status = CLI_EXIT_USAGE;
    return status;
}
