/*
 * report.c - reporters for --format=text (compiler style, SPEC "Output") and
 * --format=github (workflow commands), the summary on standard error, and the
 * dispatch to the JSON formats of report_json.c and the page of report_html.c.
 *
 * Text line: FILE:LINE:COL: SEVERITY: [game N (White - Black, round R), MOVE (ply P): ]MESSAGE [CODE]
 */
#include "report/report.h"

#include "diag/message_format.h"
#include "report/escape.h"
#include "report/json.h"

#include "report/report_html.h"
#include "report/report_json.h"
#include "i18n.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct report {
    enum report_format format;
    FILE *out;
    bool games_records;
    uint64_t results; /* SARIF: results written so far */
    char shard[32];   /* jsonl: "K/N" of check --shard, "" when none */
    /* jsonl: records gathered and written some kilobytes at a time (one
     * fwrite() a record cost a few hundred instructions), or each at once
     * to a terminal */
    struct json_buf *jb;
    bool jb_each;
    struct report_html *html; /* --format=html */
};

static const char *const ending_names[ENDING_KIND_NB] = {
    "none", "checkmate", "stalemate", "dead-position", "fivefold", "75-move",
};

const char *report_ending_name(enum ending_kind kind)
{
    return kind < ENDING_KIND_NB ? ending_names[kind] : "none";
}

bool report_parse_format(const char *name, enum report_format *format)
{
    static const struct {
        const char *name;
        enum report_format format;
    } formats[] = {
        {"text", REPORT_TEXT},
        {"jsonl", REPORT_JSONL},
        {"github", REPORT_GITHUB},
        {"sarif", REPORT_SARIF},
        {"html", REPORT_HTML},
    };
    for (size_t i = 0; i < sizeof formats / sizeof *formats; i++)
        if (strcmp(name, formats[i].name) == 0) {
            *format = formats[i].format;
            return true;
        }
    return false;
}

struct report *report_new(enum report_format format, FILE *out, bool games_records)
{
    return report_new_controlled(format, out, games_records, NULL);
}

struct report *report_new_controlled(enum report_format format, FILE *out, bool games_records,
                                     const struct diag_control *ctl)
{
    struct report *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->format = format;
    r->out = out;
    r->games_records = games_records;
    if (format == REPORT_JSONL) {
        if (!(r->jb = malloc(sizeof *r->jb))) {
            free(r);
            return NULL;
        }
        r->jb->f = out;
        r->jb->n = 0;
        r->jb_each = isatty(fileno(out));
    }
    if (format == REPORT_SARIF)
        report_sarif_begin(out, ctl);
    if (format == REPORT_HTML && !(r->html = report_html_new(out, REPORT_HTML_MAX_BOARDS))) {
        free(r);
        return NULL;
    }
    if (r->html) report_html_set_control(r->html, ctl);
    return r;
}

void report_free(struct report *r)
{
    if (!r)
        return;
    if (r->jb) json_buf_flush(r->jb);
    free(r->jb);
    report_html_free(r->html);
    free(r);
}

void report_set_html_max_boards(struct report *r, unsigned long n)
{
    if (r->html)
        report_html_set_max_boards(r->html, n);
}

/* "23...Nf6" / "9. Kg1", or "" when the finding has no move. */
static void format_move(char *buf, size_t size, const struct diag *d)
{
    if (!d->san || !d->move_number) {
        buf[0] = '\0';
        return;
    }
    message_format(buf, size, "%u%s%s", (unsigned)d->move_number, d->side == 1 ? "..." : ". ",
                   d->san);
}

/* Text from the input for a UTF-8 terminal or a log (escape.h): valid UTF-8
 * as it is, any other byte as the Windows-1252 character it is, controls
 * escaped. */
static void text_put(struct json_buf *jb, const char *s)
{
    escape_buf(jb, s, strlen(s), ESCAPE_CP1252);
}

/* fmt (a translated text with one number in it, "%u" when wide is false,
 * "%llu" when true) with v in its place, by message_format(): a file full
 * of findings writes a few a finding. */
static void put_number_text(struct json_buf *jb, const char *fmt, unsigned long long v, bool wide)
{
    char text[512];
    if (wide)
        message_format(text, sizeof text, fmt, v);
    else
        message_format(text, sizeof text, fmt, (unsigned)v);
    json_buf_puts(jb, text);
}

static bool tag_present(const char *v)
{
    return v && v[0] && strcmp(v, "?") != 0 && strcmp(v, "-") != 0;
}

/* The context prefix that names the game and the move. */
static void report_context(struct json_buf *jb, const struct diag *d)
{
    if (d->game) {
        put_number_text(jb, _("game %llu"), d->game, true);
        bool names = tag_present(d->white) || tag_present(d->black);
        bool round = tag_present(d->round);
        if (names || round) {
            json_buf_put(jb, " (", 2);
            if (names) {
                text_put(jb, tag_present(d->white) ? d->white : "?");
                json_buf_put(jb, " - ", 3);
                text_put(jb, tag_present(d->black) ? d->black : "?");
            }
            if (round) {
                json_buf_puts(jb, names ? _(", round ") : _("round "));
                text_put(jb, d->round);
            }
            json_buf_put(jb, ")", 1);
        }
        char mv[64];
        format_move(mv, sizeof mv, d);
        if (mv[0]) {
            json_buf_put(jb, ", ", 2);
            text_put(jb, mv);
            if (d->ply)
                put_number_text(jb, d->variation ? _(" (ply %u, in a variation)") : _(" (ply %u)"),
                                d->ply, false);
        }
        json_buf_put(jb, ": ", 2);
    }
}

/* ":n" for a line or column. */
static void put_colon_number(struct json_buf *jb, unsigned n)
{
    json_buf_put(jb, ":", 1);
    json_buf_uint(jb, n);
}

/* FILE:LINE:COL: at the start of a finding's line.  A relative name that
 * would make the line a workflow command (escape_starts_command()) is written
 * "./NAME": the same file, for a person and for an editor, but a line
 * GitHub Actions does not run (doc/pgnarbiter.1, OUTPUT). */
static void text_location(struct json_buf *jb, const struct diag *d)
{
    const char *file = d->file ? d->file : "<input>";
    if ((file[0] == ':' || file[0] == ' ' || (unsigned char)file[0] >= 0xC2) &&
        escape_starts_command(file))
        json_buf_put(jb, "./", 2);
    escape_buf(jb, file, strlen(file), ESCAPE_HEX);
    if (d->loc.line) {
        put_colon_number(jb, (unsigned)d->loc.line);
        put_colon_number(jb, (unsigned)d->loc.column);
    }
    json_buf_put(jb, ": ", 2);
}

/* The context and message, as a finding's line holds them. */
static void context_and_message(struct json_buf *jb, const struct diag *d)
{
    report_context(jb, d);
    text_put(jb, d->message);
    if (d->after_illegal) json_buf_puts(jb, _(" (after an illegal move)"));
}

/* A finding's line, gathered and written in one call (a stdio call for each
 * of its dozen parts cost more than the rest of a duplicate game's
 * finding). */
static void text_diag(FILE *f, const struct diag *d)
{
    struct json_buf jb; /* (not cleared: a buffer of 8 KB) */
    jb.f = f;
    jb.n = 0;
    text_location(&jb, d);
    json_buf_puts(&jb, diag_severity_label(d->severity));
    json_buf_put(&jb, ": ", 2);
    context_and_message(&jb, d);
    json_buf_put(&jb, " [", 2);
    json_buf_puts(&jb, diag_info(d->code)->name);
    json_buf_put(&jb, "]\n", 2);
    json_buf_flush(&jb);
}

/* GitHub workflow commands: data escapes %, CR, LF; properties also : and ,. */
static void github_escape(FILE *f, const char *s, bool property)
{
    for (; *s; s++) {
        switch (*s) {
        case '%': fputs("%25", f); break;
        case '\r': fputs("%0D", f); break;
        case '\n': fputs("%0A", f); break;
        case ':': property ? fputs("%3A", f) : putc(':', f); break;
        case ',': property ? fputs("%2C", f) : putc(',', f); break;
        default: putc(*s, f);
        }
    }
}

/* The context and message, as text_diag() writes them, in a string to free
 * (NULL when out of memory). */
static char *context_message(const struct diag *d)
{
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m) return NULL;
    struct json_buf jb;
    jb.f = m;
    jb.n = 0;
    context_and_message(&jb, d);
    json_buf_flush(&jb);
    if (fclose(m) != 0) {
        free(text);
        return NULL;
    }
    return text;
}

static void sarif_diag(struct report *r, const struct diag *d)
{
    char *text = context_message(d);
    report_sarif_result(r->out, d, text, r->results++);
    free(text);
}

static void github_diag(FILE *f, const struct diag *d)
{
    static const char *const commands[DIAG_SEVERITY_NB] = {"error", "warning", "notice"};
    fprintf(f, "::%s file=", commands[d->severity]);
    /* The file name and the context go through a memory stream each, escaped
     * for a terminal first (no control character left), then for GitHub. */
    char *name = NULL;
    size_t namelen = 0;
    FILE *m = open_memstream(&name, &namelen);
    if (m) {
        escape_cwrite(m, d->file ? d->file : "<input>", ESCAPE_HEX);
        fclose(m);
        github_escape(f, name, true);
        free(name);
    }
    if (d->loc.line)
        fprintf(f, ",line=%u,col=%u", (unsigned)d->loc.line, (unsigned)d->loc.column);
    fputs(",title=", f);
    github_escape(f, diag_info(d->code)->name, true);
    fputs("::", f);
    char *ctx = NULL;
    size_t ctxlen = 0;
    m = open_memstream(&ctx, &ctxlen);
    if (m) {
        struct json_buf jb;
        jb.f = m;
        jb.n = 0;
        context_and_message(&jb, d);
        json_buf_flush(&jb);
        fclose(m);
        github_escape(f, ctx, false);
        free(ctx);
    }
    putc('\n', f);
}

void report_diag(struct report *r, const struct diag *d)
{
    switch (r->format) {
    case REPORT_TEXT: text_diag(r->out, d); break;
    case REPORT_JSONL:
        report_jsonl_diag(r->jb, d, r->shard);
        if (r->jb_each) json_buf_flush(r->jb);
        break;
    case REPORT_GITHUB: github_diag(r->out, d); break;
    case REPORT_SARIF: sarif_diag(r, d); break;
    case REPORT_HTML: report_html_diag(r->html, d); break;
    }
}

void report_set_shard(struct report *r, unsigned k, unsigned n)
{
    snprintf(r->shard, sizeof r->shard, "%u/%u", k, n);
}

void report_game(struct report *r, const struct game_record *g)
{
    if (r->games_records && r->format == REPORT_JSONL)
        report_jsonl_game(r->jb, g, r->shard);
    else if (r->shard[0] && r->format == REPORT_JSONL) /* for merge's checks across games */
        report_jsonl_game_key(r->jb, g, r->shard);
    else if (r->format == REPORT_HTML)
        report_html_game(r->html, g);
    if (r->jb && r->jb_each) json_buf_flush(r->jb);
}

void report_game_text(struct report *r, const struct game_record *g,
                      const struct report_game_text *t)
{
    if (r->games_records && r->format == REPORT_JSONL && !r->shard[0])
    {
        report_jsonl_game_text(r->jb, g, t);
        if (r->jb_each) json_buf_flush(r->jb);
    } else
        report_game(r, g);
}

const char *report_signal_name(int signo)
{
    return signo == SIGINT    ? "SIGINT"
           : signo == SIGTERM ? "SIGTERM"
           : signo == SIGHUP  ? "SIGHUP"
                              : _("a signal");
}

/* Every format says when its run was interrupted, where a reader of the
 * output alone sees it: text and github in a last line (an annotation), the
 * jsonl summary in "interrupted":true, SARIF in its invocation's
 * executionSuccessful, the page in a banner. */
void report_finish(struct report *r, const struct run_totals *t)
{
    const char *why = _("interrupted by %s: the findings above are of the games read before "
                        "it, not of the whole input");
    switch (r->format) {
    case REPORT_JSONL:
        json_buf_flush(r->jb); /* the records before the summary */
        report_jsonl_summary(r->out, t);
        break;
    case REPORT_SARIF: report_sarif_end(r->out, t); break;
    case REPORT_HTML: report_html_finish(r->html, t); break;
    case REPORT_TEXT:
        if (t->interrupted) {
            fputs("pgnarbiter: ", r->out);
            fprintf(r->out, why, report_signal_name(t->interrupted));
            putc('\n', r->out);
        }
        break;
    case REPORT_GITHUB:
        if (t->interrupted) {
            fputs("::error title=pgnarbiter::", r->out);
            fprintf(r->out, why, report_signal_name(t->interrupted));
            putc('\n', r->out);
        }
        break;
    }
}

void report_interrupted(FILE *err, const struct run_totals *t)
{
    if (t->interrupted)
        fprintf(err, _("pgnarbiter: interrupted by %s: the totals below are of the games read "
                       "before it\n"),
                report_signal_name(t->interrupted));
}

void report_summary(FILE *err, const struct run_totals *t)
{
    report_interrupted(err, t);
    double secs = t->seconds > 0 ? t->seconds : 1e-9;
    /* TRANSLATORS: the summary line is put together from these pieces:
       "pgnarbiter: 1 file, 3 games (1 not judged), 2048 bytes in 0.010 s (...)". */
    fprintf(err, ngettext("pgnarbiter: %llu file", "pgnarbiter: %llu files", t->files),
            (unsigned long long)t->files);
    fprintf(err, ngettext(", %llu game", ", %llu games", t->games), (unsigned long long)t->games);
    if (t->games_skipped)
        fprintf(err, ngettext(" (%llu not judged)", " (%llu not judged)", t->games_skipped),
                (unsigned long long)t->games_skipped);
    if (t->merged_shards) /* the games were read by the shards: merge's time says nothing of it */
        fprintf(err,
                ngettext(", %llu bytes, from %u shard (merged in %.3f s)\n",
                         ", %llu bytes, from %u shards (merged in %.3f s)\n", t->merged_shards),
                (unsigned long long)t->bytes, t->merged_shards, t->seconds);
    else
        fprintf(err, _(", %llu bytes in %.3f s (%.0f games/s, %.1f MB/s)\n"),
                (unsigned long long)t->bytes, t->seconds, (double)t->games / secs,
                (double)t->bytes / secs / 1e6);
    if (t->files_unreadable)
        fprintf(err,
                ngettext("pgnarbiter: %llu input could not be read\n",
                         "pgnarbiter: %llu inputs could not be read\n", t->files_unreadable),
                (unsigned long long)t->files_unreadable);
    fprintf(
        err,
        ngettext("pgnarbiter: %llu error", "pgnarbiter: %llu errors", t->by_severity[DIAG_ERROR]),
        (unsigned long long)t->by_severity[DIAG_ERROR]);
    fprintf(err, ngettext(", %llu warning", ", %llu warnings", t->by_severity[DIAG_WARNING]),
            (unsigned long long)t->by_severity[DIAG_WARNING]);
    fprintf(err, ngettext(", %llu note\n", ", %llu notes\n", t->by_severity[DIAG_NOTE]),
            (unsigned long long)t->by_severity[DIAG_NOTE]);
    for (int c = 0; c < DIAG_CODE_NB; c++)
        if (t->by_code[c])
            fprintf(err, "  %-20s %llu\n", diag_info((enum diag_code)c)->name,
                    (unsigned long long)t->by_code[c]);
    /* The one structure that grows with the input: said when it found something. */
    if (t->by_code[DIAG_DUPLICATE_GAME] || t->by_code[DIAG_CONFLICTING_DUPLICATE])
        fprintf(err,
                ngettext("pgnarbiter: duplicate index: %llu distinct game in %.1f KB\n",
                         "pgnarbiter: duplicate index: %llu distinct games in %.1f KB\n",
                         t->duplicates_indexed),
                (unsigned long long)t->duplicates_indexed,
                (double)t->duplicates_index_bytes / 1024.0);
}
