/*
 * cmd_merge.c - `pgnarbiter merge [OPTIONS] FILE...` (SPEC "Beyond one
 * machine"): joins the jsonl that `check --shard K/N` runs wrote
 * (jobs/shard.h) into exactly what one run over the whole input prints, in
 * any of the five formats, and returns that run's exit status.
 *
 * Two passes, so memory does not grow with the input, and nothing is
 * printed from a set of shards that is not whole:
 * 1. every FILE is read to its end and every record checked - a known type,
 *    the numbers in range, no NUL in a string, the shard it names its
 *    file's, no line longer than MERGE_LINE_MAX - up to its summary, which
 *    must be its last line (a retried job that appended a second run, a file
 *    cut short, are refused).  The summary must agree with the records (games,
 *    findings by severity, the exit status those give); the shards must be
 *    1..N of one N, each once, of one input (the same name, size and hash of
 *    sampled blocks: jobs/shard.h), every one confirmed, none interrupted,
 *    each starting where the one before ends.  Any other set is refused
 *    (exit status 2) before anything is written.  A FILE that is not a
 *    regular file (a pipe, standard input as '-') is kept in a temporary file
 *    for the second pass;
 * 2. the shards' records in shard order (only the bytes pass 1 checked),
 *    each moved by what the shards before it own: game numbers by their
 *    games, lines by their line feeds, byte offsets by their bytes.  The note
 *    given once per input (Latin-1) is kept from the first shard that gives
 *    it, and a file-level input error that several shards give is written
 *    once, as one run does.
 * A shard whose input failed before its end (a damaged zstd frame or BGZF
 * block) is the last one merged: one run stops at that failure, so the
 * records of the shards after it are not read (they must still be there).
 * The summary and the exit status are counted again from the records
 * written, never taken from a shard's word.
 * The records are read in merge_records.c, the TRF of check --trf in
 * merge_trf.c (merge_internal.h).
 */
#include "cli/cli.h"
#include "cli/merge_internal.h"

#include "diag/diag.h"
#include "diag/diag_control.h"
#include "i18n.h"
#include "judge/collection.h"
#include "judge/trf_match.h"
#include "report/json_read.h"
#include "report/report.h"
#include "trf/trf.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* The longest record line merge reads: a record's strings are tag values
 * (PGN_LEX_STRING_MAX bytes each, at most six \u escapes a byte), a message
 * and a FEN; a longer line is no record of check --shard. */
#define MERGE_LINE_MAX ((size_t)1 << 20) /* and 1048576 in its message */

/* "pgnarbiter merge: " and fmt (translated) with a, b and c - file names,
 * shard numbers - escaped as every name on standard error is. */
static int merge_error3(FILE *err, const char *fmt, const char *a, const char *b, const char *c)
{
    char *ea = cli_escape_name(a), *eb = cli_escape_name(b), *ec = cli_escape_name(c);
    fputs("pgnarbiter merge: ", err);
    fprintf(err, fmt, ea ? ea : "?", eb ? eb : "?", ec ? ec : "?");
    fputc('\n', err);
    free(ea);
    free(eb);
    free(ec);
    return CLI_EXIT_USAGE;
}

int merge_error(FILE *err, const char *fmt, const char *a, const char *b)
{
    return merge_error3(err, fmt, a, b, "");
}

/* ---- pass 1: the set of shards ----------------------------------------- */

static int by_k(const void *a, const void *b)
{
    const struct shard_file *x = a, *y = b;
    return (x->k > y->k) - (x->k < y->k);
}

/* The set of shards is one whole run's; else a message and false. */
static bool check_set(struct merge *m, struct shard_file *s, size_t count)
{
    char a[64], b[64];
    qsort(s, count, sizeof *s, by_k);
    for (size_t i = 0; i < count; i++) {
        if (s[i].n != s[0].n) {
            snprintf(a, sizeof a, "%u/%u", s[0].k, s[0].n);
            snprintf(b, sizeof b, "%u/%u", s[i].k, s[i].n);
            merge_error(m->err, _("shards of different runs: %s and %s."), a, b);
            return false;
        }
        if (strcmp(s[i].input, s[0].input) != 0) {
            merge_error(m->err, _("shards of different inputs: %s and %s."), s[0].input, s[i].input);
            return false;
        }
        /* one name, two files (two machines, a file replaced between jobs) */
        const struct shard_file *id = s[i].has_identity ? &s[i] : NULL;
        for (size_t j = 0; id && j < i; j++)
            if (s[j].has_identity && (s[j].input_size != id->input_size ||
                                      strcmp(s[j].input_sample, id->input_sample) != 0)) {
                merge_error3(m->err,
                             _("%s and %s read two different files named %s (their sizes or "
                               "sampled bytes differ): run every shard on the same file."),
                             s[j].path, s[i].path, s[i].input);
                return false;
            }
        if (i && s[i].k == s[i - 1].k) {
            snprintf(a, sizeof a, "%u/%u", s[i].k, s[i].n);
            merge_error3(m->err, _("shard %s is given twice: %s and %s."), a, s[i - 1].path,
                         s[i].path);
            return false;
        }
        if (s[i].k != i + 1) {
            snprintf(a, sizeof a, "%zu/%u", i + 1, s[0].n);
            merge_error(m->err, _("shard %s is missing.%s"), a, "");
            return false;
        }
        if (i && s[i].unreadable == 0 && s[i - 1].unreadable == 0 &&
            (s[i].start_range != s[i - 1].end_range || s[i].start_cut != s[i - 1].end_cut)) {
            snprintf(a, sizeof a, "%u/%u", s[i - 1].k, s[i].n);
            snprintf(b, sizeof b, "%u/%u", s[i].k, s[i].n);
            merge_error(m->err,
                        _("shards %s and %s do not meet (one ends where the other does not start): "
                        "they overlap or leave a gap, so they were not cut from the same file."),
                        a, b);
            return false;
        }
    }
    if (count == 0 || s[count - 1].k != s[0].n) {
        snprintf(a, sizeof a, "%zu/%u", count + 1, count ? s[0].n : 0);
        merge_error(m->err, _("shard %s is missing.%s"), a, "");
        return false;
    }
    return true;
}

/* The lines of a file, read in blocks of 64 KB or more (getline() costs
 * some hundred instructions a line in stdio). */
struct lines {
    FILE *f;
    char *buf;
    size_t cap, start, end; /* buf[start, end) read and not yet handed out */
    uint64_t left;          /* bytes still to be read from f */
    bool eof;
};

/* The next line (its line feed included; the last one may lack it) at *line,
 * writable until the next call; its length, 0 at the end, -1 out of memory,
 * -2 when it is longer than MERGE_LINE_MAX. */
static ssize_t next_line(struct lines *l, char **line)
{
    for (;;) {
        char *nl = l->end > l->start ? memchr(l->buf + l->start, '\n', l->end - l->start) : NULL;
        if (nl || l->eof) {
            size_t n = nl ? (size_t)(nl + 1 - (l->buf + l->start)) : l->end - l->start;
            if (n > MERGE_LINE_MAX) return -2;
            *line = l->buf + l->start;
            l->start += n;
            return (ssize_t)n;
        }
        if (l->end - l->start > MERGE_LINE_MAX) return -2;
        if (l->start) { /* the part of a line that is here to the front */
            memmove(l->buf, l->buf + l->start, l->end - l->start);
            l->end -= l->start;
            l->start = 0;
        }
        if (l->end == l->cap) {
            size_t cap = l->cap ? 2 * l->cap : (size_t)1 << 16;
            char *b = realloc(l->buf, cap);
            if (!b) return -1;
            l->buf = b;
            l->cap = cap;
        }
        size_t want = l->cap - l->end < l->left ? l->cap - l->end : (size_t)l->left;
        size_t got = want ? fread(l->buf + l->end, 1, want, l->f) : 0;
        l->end += got;
        l->left -= got;
        l->eof = got == 0;
    }
}

/* A shard file opened for a pass: pass 1 opens it (standard input for '-')
 * and, when it is not a regular file, copies it to a temporary file as it
 * reads; pass 2 reads the copy, or the same file again (the same inode,
 * no shorter).  NULL with a message. */
static FILE *open_shard(struct merge *m, struct shard_file *s)
{
    bool std = strcmp(s->path, "-") == 0;
    if (m->emit && s->spool) {
        rewind(s->spool);
        return s->spool;
    }
    FILE *f = std ? stdin : fopen(s->path, "rb");
    struct stat st;
    if (!f || fstat(fileno(f), &st) != 0) {
        merge_error(m->err, _("%s cannot be opened: %s."), s->path, strerror(errno));
        if (f && !std) fclose(f);
        return NULL;
    }
    if (m->emit && (st.st_dev != s->dev || st.st_ino != s->ino || (uint64_t)st.st_size < s->size)) {
        merge_error(m->err, _("%s changed while merge read it; nothing after this was written."),
                    s->path, "");
        fclose(f);
        return NULL;
    }
    s->dev = st.st_dev;
    s->ino = st.st_ino;
    /* Pass 2 reads the shard again: a pipe, or standard input even when it
     * is a regular file (pass 1 leaves it at its end), is kept in a copy. */
    if (!m->emit && (std || !S_ISREG(st.st_mode)) && !(s->spool = tmpfile())) {
        merge_error(m->err, _("%s cannot be kept for the second pass: %s."), s->path,
                    strerror(errno));
        if (!std) fclose(f);
        return NULL;
    }
    return f;
}

/* The records of one shard file, its summary last: pass 1 checks them and
 * reads the summary, pass 2 writes them.  False with a message. */
static bool merge_file(struct merge *m, struct shard_file *s)
{
    m->cur = s;
    FILE *f = open_shard(m, s);
    if (!f) return false;
    struct lines lines = {f, NULL, 0, 0, 0, m->emit ? s->size : UINT64_MAX, false};
    char *line;
    ssize_t len;
    uint64_t at = 0, bytes = 0;
    bool ok = true, summary = false, spooled = true;
    const char *why = NULL;
    while (ok && (len = next_line(&lines, &line)) > 0) {
        at++;
        bytes += (size_t)len;
        m->bad = NULL;
        if (!m->emit && s->spool) spooled = fwrite(line, 1, (size_t)len, s->spool) == (size_t)len;
        if (summary) {
            why = _("it goes on after its summary: more than one run was written to it (a "
                    "retried job appending?); keep only the last run's lines");
            ok = false;
            break;
        }
        if (line[len - 1] != '\n') {
            why = _("its last line has no line feed: it was cut short");
            ok = false;
            break;
        }
        if ((size_t)len >= m->scan_cap) {
            char *b = realloc(m->scan_buf, (size_t)len + 1);
            if (!b) {
                ok = false;
                break;
            }
            m->scan_buf = b;
            m->scan_cap = (size_t)len + 1;
        }
        if (merge_scan_game(m, line, (size_t)len)) continue;
        const char *jwhy = NULL;
        if (!json_obj_parse(&m->obj, line, (size_t)len, &jwhy) ||
            !merge_strings_whole(m, &m->obj)) {
            ok = false;
            break;
        }
        const char *type = get_string(&m->obj, "type");
        const char *shard = get_string(&m->obj, "shard");
        bool is_summary = type && strcmp(type, "summary") == 0;
        if (!is_summary && (!shard || !merge_own_shard(m, shard, strlen(shard)))) {
            ok = false;
            break;
        }
        if (type && strcmp(type, "diagnostic") == 0)
            ok = merge_diag(m, &m->obj);
        else if (type && strcmp(type, "game") == 0)
            ok = merge_game(m, &m->obj, false);
        else if (type && strcmp(type, "game_key") == 0)
            ok = merge_game(m, &m->obj, true);
        else if (is_summary)
            ok = summary = m->emit || merge_read_summary(m, s);
        else
            ok = false;
    }
    if (ok && len == -2) {
        why = _("a line is longer than 1048576 bytes (MERGE_LINE_MAX)");
        ok = false;
        at++;
    }
    if (ok && len == -1) {
        why = _("out of memory");
        ok = false;
    }
    free(lines.buf);
    if (f != stdin && f != s->spool) fclose(f);
    if (ok && !spooled) {
        merge_error(m->err, _("%s cannot be kept for the second pass: %s."), s->path,
                    strerror(errno));
        return false;
    }
    if (ok && !summary) {
        merge_error(m->err, _("%s %s."), s->path,
                    at ? _("does not end with a shard's summary record (cut short, or not the "
                           "jsonl of check --shard)")
                       : _("is empty: not the jsonl of check --shard"));
        return false;
    }
    if (!ok) {
        char where[32];
        snprintf(where, sizeof where, "%llu", (unsigned long long)at);
        if (why || m->bad)
            merge_error3(m->err, _("%s: line %s: %s."), s->path, where, why ? why : m->bad);
        else
            merge_error(m->err, _("%s: line %s is not a record of check --shard."), s->path, where);
        return false;
    }
    if (!m->emit) s->size = bytes;
    return true;
}

int cmd_merge(int argc, char **argv, FILE *out, FILE *err)
{
    enum { OPT_FORMAT = 256, OPT_TRF };
    static const struct option longopts[] = {
        {"format", required_argument, NULL, OPT_FORMAT},
        {"trf", required_argument, NULL, OPT_TRF},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    enum report_format format = REPORT_TEXT;
    bool quiet = false;
    const char *trf_path = NULL; /* --trf: where the shards' TRF is now */
    /* as check: options anywhere among the files, '--' ends them */
    optind = 0;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, ":hq", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_FORMAT:
            if (!report_parse_format(optarg, &format))
                return cli_usage_error(
                    err, "merge", _("unknown --format '%s' (text, jsonl, github, sarif, html)"),
                    optarg);
            break;
        case 'q': quiet = true; break;
        case OPT_TRF: trf_path = optarg; break;
        case 'h': cli_usage(out, "merge"); return CLI_EXIT_OK;
        default: return cli_getopt_error(err, "merge", c, argc, argv);
        }
    }
    if (optind >= argc)
        return cli_usage_error(err, "merge", "%s",
                               _("give the jsonl files of every shard (check --shard K/N)."));
    size_t count = (size_t)(argc - optind);
    for (int i = optind, std = 0; i < argc; i++)
        if (strcmp(argv[i], "-") == 0 && std++)
            return cli_usage_error(err, "merge", "%s", _("standard input ('-') is given twice"));
    struct shard_file *s = calloc(count, sizeof *s);
    struct merge m;
    memset(&m, 0, sizeof m);
    m.err = err;
    json_obj_init(&m.obj);
    int status = CLI_EXIT_USAGE;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    bool ok = s != NULL;
    if (!ok) fputs(_("pgnarbiter merge: out of memory\n"), err);
    /* pass 1: every file, every record, before anything is written */
    for (size_t i = 0; ok && i < count; i++) {
        s[i].path = argv[optind + (int)i];
        ok = merge_file(&m, &s[i]);
    }
    enum collection_duplicates dup_mode = COLLECTION_DUPLICATES_MOVES;
    enum collection_round_form round_form = COLLECTION_ROUND_AUTO;
    for (size_t i = 0; ok && i < count; i++) {
        if (!collection_parse_duplicates(s[i].duplicates, &dup_mode) ||
            !collection_parse_round_form(s[i].round_form, &round_form) ||
            strcmp(s[i].duplicates, s[0].duplicates) != 0 ||
            strcmp(s[i].round_form, s[0].round_form) != 0 || s[i].strict != s[0].strict ||
            s[i].werror != s[0].werror || s[i].report_games != s[0].report_games) {
            merge_error(err, _("%s was run with other --duplicates, --round-form, --strict, "
                             "--werror or --report options than %s: run every shard with the "
                             "same options."),
                        s[i].path, s[0].path);
            ok = false;
        } else if (strcmp(s[i].control, s[0].control) != 0) {
            merge_error(err, _("%s was run with other --ignore, --select or --severity settings "
                             "(options or .pgnarbiter.toml) than %s: run every shard with the "
                             "same settings."),
                        s[i].path, s[0].path);
            ok = false;
        }
    }
    struct diag_control_error ce;
    if (ok) diag_control_parse(&m.control, s[0].control, &ce); /* checked in pass 1 */
    const struct diag_control *ctl = ok && m.control.changed ? &m.control : NULL;
    if (ok && !(m.collection = collection_new(dup_mode, s[0].strict))) {
        fputs(_("pgnarbiter merge: out of memory\n"), err);
        ok = false;
    }
    if (ok) collection_set_round_form(m.collection, round_form);
    if (ok) collection_set_control(m.collection, ctl);
    if (ok) m.input = s[0].input;
    if (ok) ok = check_set(&m, s, count);
    m.strict = ok && s[0].strict;
    m.ctl = ctl;
    if (ok) ok = merge_open_trf(&m, s, count, trf_path, err);
    if (ok && !(m.report = report_new_controlled(format, out, s[0].report_games, ctl))) {
        fputs(_("pgnarbiter merge: out of memory\n"), err);
        ok = false;
    }
    if (ok) {
        /* the TRF's own findings first, as one run writes them */
        for (size_t i = 0; i < m.trf_nheld; i++)
            if (m.trf_held[i].message) merge_finding(&m, &m.trf_held[i]);
        /* pass 2: the records, in shard order */
        m.emit = true;
        ok = true;
        for (size_t i = 0; ok && i < count; i++) {
            ok = merge_file(&m, &s[i]);
            m.games_before += s[i].games;
            m.lines_before += s[i].lines;
            m.bytes_before += s[i].bytes;
            m.totals.games += s[i].games;
            m.totals.games_skipped += s[i].not_judged;
            m.totals.bytes += s[i].bytes;
            m.totals.lines += s[i].lines;
            if (s[i].files > m.totals.files) m.totals.files = s[i].files;
            if (s[i].unreadable > m.totals.files_unreadable)
                m.totals.files_unreadable = s[i].unreadable;
            /* One run stops reading the file where its input fails (a damaged
             * frame or block): what the shards after that one read, one run
             * never sees. */
            if (s[i].input_failed) break;
        }
        /* the TRF games no shard matched */
        if (ok && m.trf_match) trf_match_finish(m.trf_match, merge_finding, &m);
        /* the exit status one run would have, from what was written (the
         * checks across games ran here): check's run_status() */
        const struct run_totals *t = &m.totals;
        status = !ok || t->files_unreadable || t->by_code[DIAG_INPUT] ? CLI_EXIT_USAGE
                 : t->by_severity[DIAG_ERROR] || (s[0].werror && t->by_severity[DIAG_WARNING])
                     ? CLI_EXIT_FINDINGS
                     : CLI_EXIT_OK;
        struct collection_stats cs;
        collection_get_stats(m.collection, &cs);
        m.totals.duplicates_indexed = cs.indexed;
        m.totals.duplicates_index_bytes = cs.index_bytes;
        clock_gettime(CLOCK_MONOTONIC, &t1);
        m.totals.seconds =
            (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
        m.totals.merged_shards = (unsigned)count;
        m.totals.status = status;
        if (ok) report_finish(m.report, &m.totals);
        if (ok && !quiet) report_summary(err, &m.totals);
    }
    report_free(m.report);
    collection_free(m.collection);
    trf_match_free(m.trf_match);
    trf_free(m.trf);
    for (size_t i = 0; i < m.trf_nheld; i++)
        free((char *)m.trf_held[i].message);
    free(m.trf_held);
    json_obj_fini(&m.obj);
    free(m.input_error);
    free(m.scan_buf);
    for (size_t i = 0; s && i < count; i++) {
        free(s[i].input);
        free(s[i].trf);
        if (s[i].spool) fclose(s[i].spool);
    }
    free(s);
    return status;
}
