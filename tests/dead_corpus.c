/*
 * dead_corpus.c - see dead_corpus.h.  A CAN_WIN answer is checked by playing
 * its line: every move must be legal and the last one must mate the other
 * side, so a wrong line counts as a wrong answer.
 */
#include "dead_corpus.h"

#include "deadpos/deadpos.h"
#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/position.h"

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

struct item {
    struct position pos;
    char label[3]; /* "" when unlabelled */
    int line;
};

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double user_time(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6;
}

/* Parse one line into it; false to skip (comment, blank). */
static bool parse_line(char *text, struct item *it, struct dead_tally *t, const char *path,
                       int lineno, FILE *log)
{
    text[strcspn(text, "\r\n")] = '\0';
    if (text[0] == '#' || text[0] == '\0') return false;
    const char *fen = text;
    it->label[0] = '\0';
    if (strlen(text) > 3 && text[2] == ' ' && strchr("W-", text[0]) && strchr("B-", text[1])) {
        memcpy(it->label, text, 2);
        it->label[2] = '\0';
        fen = text + 3;
    } else {
        /* "FEN gameid": drop the trailing id when there are 7 fields. */
        int fields = 0;
        char *last = NULL;
        for (char *p = text; *p; p++)
            if (*p != ' ' && (p == text || p[-1] == ' ')) {
                fields++;
                last = p;
            }
        if (fields == 7 && last) last[-1] = '\0';
    }
    char why[160];
    enum fen_status st = fen_parse(&it->pos, fen, 0, why, sizeof why);
    if (st != FEN_OK && !(st == FEN_ILLEGAL && pos_ok(&it->pos))) {
        t->unusable++;
        if (log) fprintf(log, "%s:%d: FEN rejected: %s\n", path, lineno, why);
        return false;
    }
    it->line = lineno;
    return true;
}

int dead_corpus_run(const char *path, int every, unsigned flags, unsigned long budget,
                    struct dead_tally *t, FILE *log)
{
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    memset(t, 0, sizeof *t);
    size_t cap = 1024, n = 0;
    struct item *items = malloc(cap * sizeof *items);
    char buf[512];
    int lineno = 0, seen = 0;
    while (items && fgets(buf, sizeof buf, f)) {
        lineno++;
        if (n == cap) {
            struct item *bigger = realloc(items, 2 * cap * sizeof *items);
            if (!bigger) break;
            items = bigger;
            cap *= 2;
        }
        if (!parse_line(buf, &items[n], t, path, lineno, log)) continue;
        if (seen++ % every != 0) continue;
        n++;
    }
    fclose(f);
    if (!items) return -1;
    t->positions = (int)n;

    /* Pass 1: deadpos_is_dead(), timed alone. */
    bool *dead = calloc(n + 1, sizeof *dead);
    double w0 = now(), u0 = user_time();
    for (size_t i = 0; i < n; i++)
        dead[i] = deadpos_is_dead(&items[i].pos);
    t->secs_dead = now() - w0;
    t->user_dead = user_time() - u0;
    for (size_t i = 0; i < n; i++) {
        const struct item *it = &items[i];
        if (!it->label[0]) continue;
        t->labelled++;
        bool is_dead_label = strcmp(it->label, "--") == 0;
        if (dead[i] && !is_dead_label) {
            t->dead_wrong++;
            if (log) fprintf(log, "%s:%d: called dead, label %s\n", path, it->line, it->label);
        } else if (dead[i])
            t->dead_found++;
        else if (is_dead_label)
            t->dead_missed++;
    }

    /* Pass 2: the full analysis of both sides. */
    if (flags & DEAD_CORPUS_FULL) {
        /* DEAD_DUMP=FILE appends every answer ("path:line: W c/why B c/why",
         * c one of + - ?) to compare two builds; written after the timing. */
        const char *dump_path = getenv("DEAD_DUMP");
        unsigned char *answers = dump_path ? calloc(2 * n + 1, 1) : NULL;
        w0 = now();
        u0 = user_time();
        for (size_t i = 0; i < n; i++) {
            const struct item *it = &items[i];
            for (int side = 0; side < 2; side++) {
                struct deadpos_result res;
                deadpos_analyse(&it->pos, side, budget, &res);
                t->nodes += res.nodes;
                if (answers) answers[2 * i + side] = (unsigned char)(res.verdict * 16 + res.why);
                if (res.verdict == DEADPOS_CAN_WIN &&
                    !deadpos_line_mates(&it->pos, side, res.line, res.line_len)) {
                    t->bad_lines++;
                    if (log)
                        fprintf(log, "%s:%d: %s: the line does not mate\n", path, it->line,
                                side ? "Black" : "White");
                }
                if (!it->label[0]) continue;
                bool can = it->label[side] != '-';
                if (res.verdict == DEADPOS_UNKNOWN) {
                    t->unknown[side]++;
                    if (log && getenv("DEAD_SHOW_UNKNOWN")) {
                        char fen[FEN_MAX];
                        fen_write(&it->pos, fen, sizeof fen);
                        fprintf(log, "%s:%d: %s: undetermined (label %s) %s\n", path, it->line,
                                side ? "Black" : "White", it->label, fen);
                    }
                } else if ((res.verdict == DEADPOS_CAN_WIN) == can)
                    t->agree[side]++;
                else {
                    t->wrong[side]++;
                    if (log)
                        fprintf(log, "%s:%d: %s: label %s, answered %s\n", path, it->line,
                                side ? "Black" : "White", it->label,
                                res.verdict == DEADPOS_CAN_WIN ? "can win" : "cannot win");
                }
            }
        }
        t->secs_full = now() - w0;
        t->user_full = user_time() - u0;
        FILE *dump = answers ? fopen(dump_path, "a") : NULL;
        for (size_t i = 0; dump && i < n; i++) {
            fprintf(dump, "%s:%d:", path, items[i].line);
            for (int side = 0; side < 2; side++) {
                int v = answers[2 * i + side] / 16, why = answers[2 * i + side] % 16;
                fprintf(dump, " %c %c/%d", side ? 'B' : 'W',
                        v == DEADPOS_CAN_WIN      ? '+'
                        : v == DEADPOS_CANNOT_WIN ? '-'
                                                  : '?',
                        why);
            }
            fputc('\n', dump);
        }
        if (dump) fclose(dump);
        free(answers);
    }
    free(dead);
    free(items);
    return 0;
}
