/*
 * pgnparse.c - parse-only driver for benchmarks and debugging (not installed).
 * Reads each FILE (or stdin) through input + pgn_parse and prints games,
 * bytes, events and diagnostics counts.  -e dumps every event (game,
 * line:column@offset, type, text, number, dots), -d every diagnostic (to
 * stdout); -s turns the parser's fast paths off (the output must not change).
 *
 *   bench/pgnparse [-e] [-d] [-s] [FILE|-]...
 */
#include "pgn/input.h"
#include "pgn/pgn_parse.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static unsigned long long ndiag;
static int show_diag;

static void on_diag(void *ctx, const struct diag *d)
{
    (void)ctx;
    ndiag++;
    if (show_diag)
        printf("%s:%u:%u: %s: %s [%s] (game %llu, offset %llu)\n", d->file, d->loc.line,
               d->loc.column, diag_severity_name(d->severity), d->message,
               diag_info(d->code)->name, (unsigned long long)d->game,
               (unsigned long long)d->loc.offset);
}

int main(int argc, char **argv)
{
    int show_events = 0, status = 0, nfiles = 0, slow = 0;
    unsigned long long games = 0, bytes = 0, events = 0;
    struct timespec t0, t1, c0, c1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
    for (int i = 1; i <= argc; i++) {
        const char *path = i < argc ? argv[i] : NULL;
        if (path && strcmp(path, "-e") == 0) {
            show_events = 1;
            continue;
        }
        if (path && strcmp(path, "-d") == 0) {
            show_diag = 1;
            continue;
        }
        if (path && strcmp(path, "-s") == 0) {
            slow = 1;
            continue;
        }
        if (!path) {
            if (nfiles)
                break;
            path = "-";
        }
        nfiles++;
        char why[256];
        struct input *in = input_open(path, why, sizeof why);
        if (!in) {
            fprintf(stderr, "pgnparse: %s: %s\n", path, why);
            status = 2;
            continue;
        }
        struct pgn_parser *p = pgn_parser_new(in, on_diag, NULL);
        if (slow)
            pgn_parser_set_fast_paths(p, false);
        struct pgn_event ev;
        while (pgn_parser_next(p, &ev)) {
            events++;
            if (show_events)
                printf("%llu %u:%u@%llu %s%*s %.*s%s%.*s n=%u d=%u%s\n",
                       (unsigned long long)ev.game, ev.loc.line, ev.loc.column,
                       (unsigned long long)ev.loc.offset, pgn_event_type_name(ev.type),
                       (int)ev.depth * 2, "", (int)ev.name_len, ev.name ? ev.name : "",
                       ev.name ? "=" : "", (int)ev.len, ev.text ? ev.text : "", ev.number,
                       ev.dots,
                       ev.type == PGN_EV_GAME_END ? (ev.has_result ? " result" : " no-result")
                                                  : "");
        }
        games += pgn_parser_games(p);
        bytes += pgn_parser_bytes(p);
        pgn_parser_free(p);
        input_close(in);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    double cpu = (double)(c1.tv_sec - c0.tv_sec) + (double)(c1.tv_nsec - c0.tv_nsec) / 1e9;
    /* Fields: 2 games, 4 bytes, 10 wall seconds, 12 MB/s (wall), 16 cpu seconds */
    fprintf(stderr,
            "games %llu bytes %llu events %llu diagnostics %llu seconds %.3f MB/s %.1f "
            "games/s %.0f cpu %.3f\n",
            games, bytes, events, ndiag, s, s > 0 ? (double)bytes / 1e6 / s : 0.0,
            s > 0 ? (double)games / s : 0.0, cpu);
    return status;
}
