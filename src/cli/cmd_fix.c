/*
 * cmd_fix.c - `pgnarbiter fix [OPTIONS] [FILE...]`: every game in the PGN
 * export format (PGN standard section 8) on standard output or -o FILE.
 *
 * The data flow: each input is replayed as `check` replays it (on N threads
 * with -j N: the replay pool hands everything over on this thread, in input
 * order), and the replay hands over every move it played in export-format
 * SAN (game_sink.move); the input's bytes are kept (game_split.c) until a
 * game's record gives its verdict; then the game's own bytes are read again,
 * here, and report/pgn_export.c writes it from those events and those moves.  A game
 * with an error is written as it was (or to --bad), unless --force; every
 * change to a game is a `fixed` finding on standard error, with the errors
 * that kept a game as it was; a game already in export format is written as
 * it was with no finding.  Games are separated by one blank line.
 */
#include "cli/cli.h"

#include "i18n.h"

#include "cli/game_split.h"
#include "diag/diag.h"
#include "jobs/replay_pool.h"
#include "judge/game.h"
#include "judge/game_record.h"
#include "pgn/input.h"
#include "pgn/pgn_parse.h"
#include "report/pgn_export.h"
#include "report/report.h"
#include "report/udiff.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct fix_run;
/* The changes pgn_export_text() says, kept until it is known whether the
 * game is written in export format at all (a game already in it says
 * none). */
#define FIX_CHANGES_MAX 16
struct change_ctx {
    struct fix_run *run;
    uint64_t at;
    unsigned said, kept;
    char kept_text[FIX_CHANGES_MAX][512];
};

/* A game's names, as a finding shows them (copied: the record and the
 * finding they come from do not outlive the call). */
struct game_names {
    bool has[4];
    char event[128], white[128], black[128], round[64];
};

static void names_keep(struct game_names *n, const char *event, const char *white,
                       const char *black, const char *round)
{
    const char *from[4] = {event, white, black, round};
    char *to[4] = {n->event, n->white, n->black, n->round};
    const size_t size[4] = {sizeof n->event, sizeof n->white, sizeof n->black, sizeof n->round};
    for (int i = 0; i < 4; i++) { /* a copy a game: no snprintf */
        n->has[i] = from[i] != NULL;
        size_t len = from[i] ? strnlen(from[i], size[i] - 1) : 0;
        memcpy(to[i], from[i] ? from[i] : "", len);
        to[i][len] = '\0';
    }
}

static void names_put(const struct game_names *n, struct diag *d)
{
    d->event = n->has[0] ? n->event : NULL;
    d->white = n->has[1] ? n->white : NULL;
    d->black = n->has[2] ? n->black : NULL;
    d->round = n->has[3] ? n->round : NULL;
}

/* --results=from-rules: an error about the result held until the game's
 * record says whether the rules decided it (then fix sets the result and
 * the error is gone) or not (then it is reported, as check does). */
#define FIX_HELD_MAX 4
struct held_diag {
    struct diag d;
    char message[512];
    struct game_names names;
};

struct fix_run {
    FILE *out, *bad, *err;
    bool force;
    const char *stdin_name;
    const char *file;         /* the input being read, as shown */
    unsigned jobs;            /* -j N */
    struct report *report;    /* findings, on standard error */
    struct replay_pool *pool;
    struct game_split *split;
    struct pgn_export *x;
    struct pgn_parser *parser; /* reads each game written again (write_one()) */
    struct run_totals totals;
    uint64_t game;            /* the game being written, 1-based in its input */
    uint64_t fixed_games, kept_games;
    char last[2];             /* the last two bytes written to out */
    struct change_ctx changes; /* the game being written's */
    bool wrote;
    struct pgn_strip_counts stripped; /* the run's, said once at its end */
    uint64_t stripped_games;
    FILE *diff_out;           /* --dry-run: where the diff goes */
    struct udiff *diff;       /* --dry-run: the input's diff */
    bool diff_failed;
    char *pend_a, *pend_b;    /* --dry-run: the game before, not yet compared */
    size_t pend_alen, pend_blen;
    bool pending;
    bool from_rules;                 /* --results=from-rules */
    struct held_diag held[FIX_HELD_MAX];
    unsigned nheld;
    int ending, next_ending;         /* the game being written's ending, the next one's */
    unsigned ending_ply, next_ending_ply;
    struct game_names names, next_names; /* the game being written's, the next one's */
    uint32_t line, next_line;            /* where each starts */
};

static void sink_diag(void *ctx, const struct diag *d);

/* The errors the rules' result would put right (judge/game_end.c). */
static bool about_result(const struct diag *d)
{
    return d->severity == DIAG_ERROR &&
           (d->code == DIAG_WRONG_RESULT || d->code == DIAG_MISSED_FIVEFOLD ||
            d->code == DIAG_MISSED_75_MOVE || d->code == DIAG_DEAD_POSITION);
}

static void hold(struct fix_run *run, const struct diag *d)
{
    struct held_diag *h = &run->held[run->nheld++];
    h->d = *d;
    snprintf(h->message, sizeof h->message, "%s", d->message ? d->message : "");
    names_keep(&h->names, d->event, d->white, d->black, d->round);
    h->d.message = h->message;
    names_put(&h->names, &h->d);
    h->d.san = h->d.san_en = h->d.fen = NULL;
}

static void sink_diag(void *ctx, const struct diag *d)
{
    struct fix_run *run = ctx;
    if (run->from_rules && about_result(d) && run->nheld < FIX_HELD_MAX) {
        hold(run, d);
        return;
    }
    game_split_diag(run->split, d);
    if (d->severity != DIAG_ERROR) return; /* fix says why a game was kept, and what it changed */
    run->totals.by_severity[d->severity]++;
    run->totals.by_code[d->code]++;
    report_diag(run->report, d);
}

/* What the game waiting to be written (the one before the record just
 * delivered, or the input's last) needs: its ending and its names. */
static void next_game(struct fix_run *run)
{
    run->ending = run->next_ending;
    run->ending_ply = run->next_ending_ply;
    run->names = run->next_names;
    run->line = run->next_line;
}

static void sink_game(void *ctx, const struct game_record *g)
{
    struct fix_run *run = ctx;
    run->totals.games++;
    /* the rules decided the result: the held errors are put right by fix */
    bool ruled = run->from_rules && g->ending != ENDING_NONE && g->plies == g->ending_ply;
    unsigned n = run->nheld;
    run->nheld = 0;
    for (unsigned i = 0; i < n && !ruled; i++) {
        run->from_rules = false; /* said now, as check says it */
        sink_diag(run, &run->held[i].d);
        run->from_rules = true;
    }
    next_game(run); /* the game before this one is written now */
    game_split_game(run->split, g);
    run->next_ending = ruled ? (int)g->ending : ENDING_NONE;
    run->next_ending_ply = g->ending_ply;
    names_keep(&run->next_names, g->event, g->white, g->black, g->round);
    run->next_line = g->line;
}

static void sink_move(void *ctx, const struct game_move *m)
{
    struct fix_run *run = ctx;
    pgn_export_move(run->x, m);
}

/* Write a game to out, after a blank line unless what came before ends in
 * one (so that fix of fix's output adds nothing). */
static void emit(struct fix_run *run, const void *bytes, size_t len)
{
    if (!len) return;
    if (run->wrote && run->last[1] != '\n') fputs("\n\n", run->out);
    else if (run->wrote && run->last[0] != '\n') fputc('\n', run->out);
    fwrite(bytes, 1, len, run->out);
    const unsigned char *b = bytes;
    if (len >= 2) run->last[0] = (char)b[len - 2], run->last[1] = (char)b[len - 1];
    else if (len == 1) run->last[0] = run->last[1], run->last[1] = (char)b[0];
    run->wrote = true;
}

/* A game not written in export format: as it was, to --bad or in its place. */
static void keep(struct fix_run *run, const unsigned char *bytes, size_t len)
{
    run->kept_games++;
    if (run->bad)
        fwrite(bytes, 1, len, run->bad);
    else
        emit(run, bytes, len);
}

static void keep_change(void *ctx, const char *message)
{
    struct change_ctx *c = ctx;
    if (c->kept < FIX_CHANGES_MAX)
        snprintf(c->kept_text[c->kept++], sizeof c->kept_text[0], "%s", message);
}

static void on_change(void *ctx, const char *message)
{
    struct change_ctx *c = ctx;
    struct diag d;
    /* where the game starts, and its players, as other findings name them */
    struct src_loc loc = {c->at, c->run->line, c->run->line ? 1 : 0};
    diag_init(&d, DIAG_FIXED, &loc, message);
    d.file = c->run->file;
    d.game = c->run->game;
    names_put(&c->run->names, &d);
    c->said++;
    c->run->totals.by_severity[DIAG_NOTE]++;
    c->run->totals.by_code[DIAG_FIXED]++;
    report_diag(c->run->report, &d);
}

/* Bytes that are blank space at the end. */
static size_t trim_end(const unsigned char *b, size_t len)
{
    while (len && (b[len - 1] == '\n' || b[len - 1] == '\r' || b[len - 1] == ' ' || b[len - 1] == '\t'))
        len--;
    return len;
}

static void write_one(struct fix_run *run, const unsigned char *bytes, size_t len, uint64_t at,
                      bool bad, bool is_game);

/* --dry-run: a game's bytes and what fix writes for it.  The blank line
 * fix writes before a game belongs, in the input, to the end of the game
 * before: it is moved there, so that the pieces compared line up; a piece is
 * compared when the next one comes (or the input ends: flush NULL). */
static void diff_piece(struct fix_run *run, const unsigned char *a, size_t alen, const char *b, size_t blen)
{
    size_t k = 0;
    while (b && k < blen && b[k] == '\n')
        k++;
    if (run->pending) {
        char *pb = realloc(run->pend_b, run->pend_blen + k + 1);
        if (!pb) {
            run->diff_failed = true;
            return;
        }
        memcpy(pb + run->pend_blen, b ? b : "", k);
        run->pend_b = pb;
        run->pend_blen += k;
        if (run->diff && !udiff_piece(run->diff, run->pend_a, run->pend_alen, run->pend_b, run->pend_blen))
            run->diff_failed = true;
    }
    run->pending = false;
    if (!a) return;
    free(run->pend_a);
    free(run->pend_b);
    run->pend_a = malloc(alen + 1);
    run->pend_b = malloc(blen - k + 1);
    if (!run->pend_a || !run->pend_b) {
        run->diff_failed = true;
        return;
    }
    memcpy(run->pend_a, a, alen);
    memcpy(run->pend_b, b + k, blen - k);
    run->pend_alen = alen;
    run->pend_blen = blen - k;
    run->pending = true;
}

/* One game's bytes and verdict (game_split.h): as it was, or in export format. */
static void write_game(void *ctx, const unsigned char *bytes, size_t len, uint64_t at, bool bad,
                       bool is_game)
{
    struct fix_run *run = ctx;
    if (run->diff_out) {
        /* --dry-run: the game as fix would write it, against its bytes */
        char *after = NULL;
        size_t after_len = 0;
        FILE *mem = open_memstream(&after, &after_len);
        if (mem) {
            run->out = mem;
            write_one(run, bytes, len, at, bad, is_game);
            fclose(mem);
        }
        if (!mem || !after) run->diff_failed = true;
        else diff_piece(run, bytes, len, after, after_len);
        free(after);
        pgn_export_forget(run->x, at + len);
        return;
    }
    write_one(run, bytes, len, at, bad, is_game);
    pgn_export_forget(run->x, at + len); /* the next game's moves stay */
}

static void write_one(struct fix_run *run, const unsigned char *bytes, size_t len, uint64_t at,
                      bool bad, bool is_game)
{
    if (!is_game) return; /* an input without a game: nothing to write */
    run->game++;
    if (bad && !run->force) {
        keep(run, bytes, len);
        return;
    }
    /* one parser for the run, its buffer kept: a new one for each game
     * cost more than the game's replay */
    struct input *in = input_open_memory(bytes, len);
    if (in && run->parser) pgn_parser_reset(run->parser, in);
    else if (in) run->parser = pgn_parser_new(in, NULL, NULL);
    struct pgn_parser *p = in ? run->parser : NULL;
    bool ok = p != NULL;
    pgn_export_begin(run->x, at, bytes, len);
    struct pgn_event ev;
    while (ok && pgn_parser_next(p, &ev)) {
        ok = pgn_export_event(run->x, &ev);
        if (ev.type == PGN_EV_GAME_END) break;
    }
    input_close(in);
    if (run->from_rules) pgn_export_rules_result(run->x, run->ending, run->ending_ply);
    /* the changes are said only when the export text is written */
    struct change_ctx *c = &run->changes;
    c->run = run;
    c->at = at;
    c->said = c->kept = 0;
    size_t tl = 0;
    const char *text = ok ? pgn_export_text(run->x, &tl, keep_change, c) : NULL;
    if (text) {
        size_t ol = trim_end(bytes, len);
        if (trim_end((const unsigned char *)text, tl) == ol && memcmp(text, bytes, ol) == 0) {
            run->fixed_games++;
            emit(run, bytes, len); /* already in export format: as it was */
            return;
        }
    }
    for (unsigned i = 0; i < c->kept; i++)
        on_change(c, c->kept_text[i]);
    bool stripped = text && pgn_export_stripped(run->x, &run->stripped);
    if (stripped) run->stripped_games++;
    if (!text) { /* a move not replayed, too long to hold, out of memory: as it was */
        if (c->said == 0) on_change(c, _("not written in export format: the game is too long to hold"));
        keep(run, bytes, len);
        return;
    }
    /* what --strip removed is said once for the run (strip_said()) */
    if (c->said == 0 && !stripped)
        on_change(c, _("movetext laid out in export format (spacing, line length, move numbers)"));
    run->fixed_games++;
    emit(run, text, tl);
}

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
    next_game(run); /* the last game is written now */
    run->next_ending = ENDING_NONE;
    game_split_input_end(run->split);
    if (run->diff_out) diff_piece(run, NULL, 0, NULL, 0);
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
    struct game_sink sink = {&run, sink_diag, sink_game, false, sink_move};
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
        game_split_set_writer(run.split, write_game, &run);
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
