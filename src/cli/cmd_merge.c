/*
 * cmd_merge.c - `pgnarbiter merge [--format=F] [--quiet] FILE...` (SPEC
 * "Beyond one machine"): joins the jsonl that `check --shard K/N` runs
 * wrote (jobs/shard.h) into exactly what one run over the whole input
 * prints, in any of the four formats, and returns that run's exit status.
 *
 * Two passes, so memory does not grow with the input:
 * 1. each FILE's last line must be its shard's summary (a file cut short
 *    has none): the shards must be 1..N of one N, each once, of one input,
 *    every one confirmed, each starting where the one before ends; any
 *    other set is refused (exit status 2) before anything is written;
 * 2. the shards' records in shard order, each moved by what the shards
 *    before it own: game numbers by their games, lines by their line feeds,
 *    byte offsets by their bytes.  The note given once per input (Latin-1)
 *    is kept from the first shard that gives it, and a file-level input
 *    error that several shards give is written once, as one run does.
 * A shard whose input failed before its end (a damaged zstd frame or BGZF
 * block) is the last one merged: one run stops at that failure, so the
 * records of the shards after it are not read (they must still be there).
 * The summary is rebuilt: counts by severity and code from the records
 * written, games, bytes and lines added up, the status the worst of the
 * shards' merged (each shard computed its own with the same options).
 */
#include "cli/cli.h"

#include "diag/diag.h"
#include "i18n.h"
#include "judge/collection.h"
#include "judge/game_record.h"
#include "pgn/pgn_parse.h"
#include "report/json_read.h"
#include "report/report.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct shard_file {
    const char *path;
    unsigned k, n;
    int status;
    uint64_t files, unreadable, games, not_judged, bytes, lines;
    uint64_t start_range, start_cut, end_range, end_cut;
    bool confirmed;
    bool input_failed; /* its input failed before its end: the shards after it add nothing */
    char *input; /* the name of the input it read */
    char duplicates[16]; /* the shard's --duplicates, --strict, --werror, --report */
    bool strict, werror, report_games;
};

struct merge {
    struct report *report;
    struct run_totals totals;
    struct json_obj obj;
    FILE *err;
    bool once_noted;
    char *input_error; /* the last file-level input error written */
    uint64_t games_before, lines_before, bytes_before;
    /* The checks across games (judge/collection.h), which a shard cannot
     * run alone: over every shard's game records, in order, as one run
     * does; their errors and warnings count toward the exit status. */
    struct collection *collection;
    uint64_t collection_errors, collection_warnings;
    const char *input; /* the input the shards read (their summaries') */
    char *scan_buf;    /* scan_game()'s decoded strings */
    size_t scan_cap;
};

static int merge_error(FILE *err, const char *fmt, const char *a, const char *b)
{
    fputs("pgnarbiter merge: ", err);
    fprintf(err, fmt, a, b);
    fputc('\n', err);
    return CLI_EXIT_USAGE;
}

static uint64_t get_uint(struct json_obj *o, const char *key)
{
    const struct json_value *v = json_obj_get(o, key);
    return v && v->type == JSON_NUMBER && v->is_uint ? v->u : 0;
}

static const char *get_string(struct json_obj *o, const char *key)
{
    const struct json_value *v = json_obj_get(o, key);
    return v && v->type == JSON_STRING ? v->s : NULL;
}

static bool get_bool(struct json_obj *o, const char *key)
{
    const struct json_value *v = json_obj_get(o, key);
    return v && v->type == JSON_BOOL && v->b;
}

/* ---- pass 1: the summaries ---------------------------------------------- */

/* The last line of path, which must end with a line feed, into *line. */
static bool last_line(const char *path, char **line, size_t *len, const char **why)
{
    FILE *f = fopen(path, "rb");
    if (!f) return *why = _("cannot be opened"), false;
    enum { TAIL = 1 << 16 };
    char *buf = malloc(TAIL);
    bool ok = false;
    *why = _("does not end with a shard's summary record (cut short, or not the jsonl of "
           "check --shard)");
    if (buf && fseeko(f, 0, SEEK_END) == 0) {
        off_t size = ftello(f);
        off_t from = size > TAIL ? size - TAIL : 0;
        size_t n = 0;
        if (size > 0 && fseeko(f, from, SEEK_SET) == 0) n = fread(buf, 1, (size_t)(size - from), f);
        if (n > 0 && buf[n - 1] == '\n') {
            size_t s = n - 1;
            while (s > 0 && buf[s - 1] != '\n')
                s--;
            if (s > 0 || from == 0) {
                *line = buf;
                memmove(buf, buf + s, n - 1 - s);
                *len = n - 1 - s;
                ok = true;
            }
        }
    }
    fclose(f);
    if (!ok) free(buf);
    return ok;
}

static bool read_summary(struct merge *m, struct shard_file *s)
{
    char *line = NULL;
    size_t len = 0;
    const char *why = NULL;
    if (!last_line(s->path, &line, &len, &why)) {
        merge_error(m->err, "%s %s.", s->path, why);
        return false;
    }
    const char *jwhy = NULL;
    bool ok = json_obj_parse(&m->obj, line, len, &jwhy);
    free(line);
    const char *type = ok ? get_string(&m->obj, "type") : NULL;
    const char *shard = ok ? get_string(&m->obj, "shard") : NULL;
    char *end = NULL;
    if (!type || strcmp(type, "summary") != 0 || !shard) {
        merge_error(m->err, "%s %s.", s->path,
                    "does not end with a shard's summary record (cut short, or not the jsonl "
                    "of check --shard)");
        return false;
    }
    unsigned long k = strtoul(shard, &end, 10),
                  n = end && *end == '/' ? strtoul(end + 1, &end, 10) : 0;
    if (!n || k < 1 || k > n || *end) {
        merge_error(m->err, _("%s has a summary with a bad shard '%s'."), s->path, shard);
        return false;
    }
    struct json_obj *o = &m->obj;
    s->k = (unsigned)k;
    s->n = (unsigned)n;
    s->status = (int)get_uint(o, "status");
    s->files = get_uint(o, "files");
    s->unreadable = get_uint(o, "unreadable");
    s->games = get_uint(o, "games");
    s->not_judged = get_uint(o, "not_judged");
    s->bytes = get_uint(o, "bytes");
    s->lines = get_uint(o, "lines");
    s->start_range = get_uint(o, "start.0");
    s->start_cut = get_uint(o, "start.1");
    s->end_range = get_uint(o, "end.0");
    s->end_cut = get_uint(o, "end.1");
    s->confirmed = get_bool(o, "confirmed");
    s->input_failed = get_bool(o, "input_failed");
    const char *dup = get_string(o, "duplicates");
    snprintf(s->duplicates, sizeof s->duplicates, "%s", dup ? dup : "");
    s->strict = get_bool(o, "strict");
    s->werror = get_bool(o, "werror");
    s->report_games = get_bool(o, "report_games");
    const char *input = get_string(o, "file");
    s->input = strdup(input ? input : "");
    return s->input != NULL;
}

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
        if (i && s[i].k == s[i - 1].k) {
            snprintf(a, sizeof a, "%u/%u", s[i].k, s[i].n);
            fprintf(m->err, _("pgnarbiter merge: shard %s is given twice: %s and %s.\n"), a,
                    s[i - 1].path, s[i].path);
            return false;
        }
        if (s[i].k != i + 1) {
            snprintf(a, sizeof a, "%zu/%u", i + 1, s[0].n);
            merge_error(m->err, _("shard %s is missing.%s"), a, "");
            return false;
        }
        if (!s[i].confirmed && !s[i].input_failed && s[i].status == CLI_EXIT_USAGE &&
            s[i].unreadable == 0) {
            snprintf(a, sizeof a, "%u/%u", s[i].k, s[i].n);
            merge_error(m->err,
                        _("shard %s ends where no game starts when its input is read from the "
                        "shard's start (%s); run that input with fewer shards or as one job."),
                        a, s[i].path);
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

/* ---- pass 2: the records ------------------------------------------------ */

static int side_of(const char *s)
{
    return !s ? -1 : strcmp(s, "white") == 0 ? 0 : strcmp(s, "black") == 0 ? 1 : -1;
}

static bool severity_of(const char *s, enum diag_severity *sev)
{
    for (int i = 0; i < DIAG_SEVERITY_NB; i++)
        if (s && strcmp(s, diag_severity_name((enum diag_severity)i)) == 0) {
            *sev = (enum diag_severity)i;
            return true;
        }
    return false;
}

static bool merge_diag(struct merge *m, struct json_obj *o)
{
    struct diag d;
    enum diag_code code = diag_lookup(get_string(o, "code") ? get_string(o, "code") : "");
    const char *message = get_string(o, "message");
    if (code >= DIAG_CODE_NB || !message) return false;
    diag_init(&d, code, NULL, message);
    if (!severity_of(get_string(o, "severity"), &d.severity)) return false;
    d.file = get_string(o, "file");
    d.game = get_uint(o, "game");
    d.loc.line = (uint32_t)get_uint(o, "line");
    d.loc.column = (uint32_t)get_uint(o, "column");
    d.loc.offset = get_uint(o, "offset");
    d.ply = (uint32_t)get_uint(o, "ply");
    d.move_number = (uint32_t)get_uint(o, "move_number");
    d.side = side_of(get_string(o, "side"));
    d.san = get_string(o, "san");
    d.san_en = get_string(o, "san_en");
    d.variation = get_bool(o, "variation");
    d.event = get_string(o, "event");
    d.white = get_string(o, "white");
    d.black = get_string(o, "black");
    d.round = get_string(o, "round");
    d.fen = get_string(o, "fen");
    if (d.game) d.game += m->games_before;
    if (d.loc.line) {
        d.loc.line += (uint32_t)m->lines_before;
        d.loc.offset += m->bytes_before;
    }
    if (pgn_parse_once_per_input(&d)) {
        if (m->once_noted) return true;
        m->once_noted = true;
    }
    if (code == DIAG_INPUT && !d.game && !d.loc.line) { /* one per input, as one run gives */
        if (m->input_error && strcmp(m->input_error, message) == 0) return true;
        free(m->input_error);
        m->input_error = strdup(message);
    }
    m->totals.by_severity[d.severity]++;
    m->totals.by_code[d.code]++;
    report_diag(m->report, &d);
    return true;
}

/* A finding of the checks across games: reported and counted as a shard's. */
static void collection_finding(void *ctx, const struct diag *d)
{
    struct merge *m = ctx;
    m->totals.by_severity[d->severity]++;
    m->totals.by_code[d->code]++;
    m->collection_errors += d->severity == DIAG_ERROR;
    m->collection_warnings += d->severity == DIAG_WARNING;
    report_diag(m->report, d);
}

/* A game of a shard, its numbers already moved: through the checks across
 * games, then reported. */
static void merge_game_record(struct merge *m, struct game_record *g)
{
    collection_game(m->collection, g, collection_finding, m);
    report_game(m->report, g);
}

/* The value of a hex digit; 16 for any other byte (one row per 16 bytes). */
static const unsigned char hex_value[256] = {
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  16, 16, 16, 16, 16, 16,
    16, 10, 11, 12, 13, 14, 15, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 10, 11, 12, 13, 14, 15, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
};

/* 16 hex digits into g's fingerprint; false (and none) otherwise. */
static bool read_fingerprint(struct game_record *g, const char *s, size_t len)
{
    g->fingerprint = 0;
    g->has_fingerprint = false;
    if (!s || len != 16) return false;
    uint64_t v = 0;
    unsigned bad = 0;
    for (int i = 0; i < 16; i++) {
        unsigned d = hex_value[(unsigned char)s[i]];
        bad |= d;
        v = v << 4 | (d & 15);
    }
    if (bad & 16) return false;
    g->fingerprint = v;
    g->has_fingerprint = true;
    return true;
}

/* kind[0, len) (not NUL-terminated: json_read.h) as an ending's name */
static bool ending_of(const char *kind, size_t len, enum ending_kind *e)
{
    for (int i = 0; i < ENDING_KIND_NB; i++) {
        const char *name = report_ending_name((enum ending_kind)i);
        if (kind && strlen(name) == len && memcmp(kind, name, len) == 0) {
            *e = (enum ending_kind)i;
            return true;
        }
    }
    return false;
}

/* A "game" or "game_key" record read by json_obj_parse() (any key order). */
static bool merge_game(struct merge *m, struct json_obj *o, bool key_only)
{
    struct game_record g;
    memset(&g, 0, sizeof g);
    g.file = key_only ? m->input : get_string(o, "file");
    g.game = get_uint(o, "game") + m->games_before;
    g.offset = get_uint(o, "offset") + m->bytes_before;
    g.line = (uint32_t)(get_uint(o, "line") + m->lines_before);
    g.event = get_string(o, "event");
    g.white = get_string(o, "white");
    g.black = get_string(o, "black");
    g.round = get_string(o, "round");
    g.result = get_string(o, "result");
    g.plies = (uint32_t)get_uint(o, "plies");
    g.ending = ENDING_NONE;
    const struct json_value *kind = json_obj_get(o, "ending.kind");
    if (!key_only && !(kind && kind->type == JSON_STRING && ending_of(kind->s, kind->len, &g.ending)))
        return false;
    g.ending_ply = (uint32_t)get_uint(o, "ending.ply");
    g.errors = (uint32_t)get_uint(o, "errors");
    g.warnings = (uint32_t)get_uint(o, "warnings");
    g.notes = (uint32_t)get_uint(o, "notes");
    g.judged = key_only || get_bool(o, "judged");
    g.site = get_string(o, "site");
    g.date = get_string(o, "date");
    const struct json_value *fp = json_obj_get(o, "fingerprint");
    if (fp && fp->type == JSON_STRING) read_fingerprint(&g, fp->s, fp->len);
    merge_game_record(m, &g);
    return true;
}

/* The same records as their writer lays them out (report_json.c), read
 * without building a key table: most of merge's reading.  False, having
 * done nothing, when the line is laid out otherwise (merge_file() then
 * reads it with json_obj_parse()).  An absent tag reads as null, as there. */
static bool scan_string(struct json_scan *sc, const char **s)
{
    size_t len;
    return json_scan_string(sc, s, &len);
}

static bool scan_fingerprint(struct json_scan *sc, struct game_record *g)
{
    const char *fp;
    size_t len;
    if (!JSON_SCAN_LIT(sc, ",\"fingerprint\":")) return false;
    /* as the writer writes it: 16 digits, no escapes */
    if (sc->end - sc->p >= 18 && sc->p[0] == '"' && sc->p[17] == '"' &&
        read_fingerprint(g, sc->p + 1, 16)) {
        sc->p += 18;
        return true;
    }
    if (!json_scan_string(sc, &fp, &len)) return false;
    read_fingerprint(g, fp, len);
    return true;
}

static bool scan_game(struct merge *m, char *line, size_t len)
{
    struct json_scan sc;
    json_scan_init(&sc, line, len, m->scan_buf);
    struct game_record g;
    memset(&g, 0, sizeof g);
    uint64_t game, offset, lineno, plies, ply = 0, errors = 0, warnings = 0, notes = 0;
    const char *kind, *shard;
    size_t kind_len;
    struct report_game_text t = {0};
    bool full;
    if (JSON_SCAN_LIT(&sc, "{\"type\":\"game_key\",\"shard\":")) {
        full = false;
        g.file = m->input;
        g.ending = ENDING_NONE;
        g.judged = true;
        if (!scan_string(&sc, &shard) || !JSON_SCAN_LIT(&sc, ",\"game\":") ||
            !json_scan_uint(&sc, &game) || !JSON_SCAN_LIT(&sc, ",\"offset\":") ||
            !json_scan_uint(&sc, &offset) || !JSON_SCAN_LIT(&sc, ",\"line\":") ||
            !json_scan_uint(&sc, &lineno) || !JSON_SCAN_LIT(&sc, ",\"plies\":") ||
            !json_scan_uint(&sc, &plies) || !scan_fingerprint(&sc, &g) ||
            !JSON_SCAN_LIT(&sc, ",\"event\":") || !scan_string(&sc, &g.event) ||
            !JSON_SCAN_LIT(&sc, ",\"site\":") || !scan_string(&sc, &g.site) ||
            !JSON_SCAN_LIT(&sc, ",\"date\":") || !scan_string(&sc, &g.date) ||
            !JSON_SCAN_LIT(&sc, ",\"round\":") || !scan_string(&sc, &g.round) ||
            !JSON_SCAN_LIT(&sc, ",\"white\":") || !scan_string(&sc, &g.white) ||
            !JSON_SCAN_LIT(&sc, ",\"black\":") || !scan_string(&sc, &g.black) ||
            !JSON_SCAN_LIT(&sc, ",\"result\":") || !scan_string(&sc, &g.result))
            return false;
    } else if (JSON_SCAN_LIT(&sc, "{\"type\":\"game\",\"shard\":")) {
        full = true;
        if (!scan_string(&sc, &shard)) return false;
        t.file = sc.p;
        if (!JSON_SCAN_LIT(&sc, ",\"file\":") || !scan_string(&sc, &g.file)) return false;
        t.file_len = (size_t)(sc.p - t.file);
        if (!JSON_SCAN_LIT(&sc, ",\"game\":") || !json_scan_uint(&sc, &game) ||
            !JSON_SCAN_LIT(&sc, ",\"offset\":") || !json_scan_uint(&sc, &offset) ||
            !JSON_SCAN_LIT(&sc, ",\"line\":") || !json_scan_uint(&sc, &lineno))
            return false;
        t.tags = sc.p;
        if (!JSON_SCAN_LIT(&sc, ",\"event\":") || !scan_string(&sc, &g.event) ||
            !JSON_SCAN_LIT(&sc, ",\"white\":") || !scan_string(&sc, &g.white) ||
            !JSON_SCAN_LIT(&sc, ",\"black\":") || !scan_string(&sc, &g.black) ||
            !JSON_SCAN_LIT(&sc, ",\"round\":") || !scan_string(&sc, &g.round) ||
            !JSON_SCAN_LIT(&sc, ",\"result\":") || !scan_string(&sc, &g.result) ||
            !JSON_SCAN_LIT(&sc, ",\"plies\":") || !json_scan_uint(&sc, &plies) ||
            !JSON_SCAN_LIT(&sc, ",\"ending\":{\"kind\":") ||
            !json_scan_string(&sc, &kind, &kind_len) || !ending_of(kind, kind_len, &g.ending) ||
            !JSON_SCAN_LIT(&sc, ",\"ply\":") ||
            !(JSON_SCAN_LIT(&sc, "null") || json_scan_uint(&sc, &ply)) || !JSON_SCAN_LIT(&sc, "}"))
            return false;
        t.tags_len = (size_t)(sc.p - t.tags);
        if (!JSON_SCAN_LIT(&sc, ",\"errors\":") || !json_scan_uint(&sc, &errors) ||
            !JSON_SCAN_LIT(&sc, ",\"warnings\":") || !json_scan_uint(&sc, &warnings) ||
            !JSON_SCAN_LIT(&sc, ",\"notes\":") || !json_scan_uint(&sc, &notes))
            return false;
        t.tail = sc.p;
        if (!JSON_SCAN_LIT(&sc, ",\"judged\":") || !json_scan_bool(&sc, &g.judged) ||
            !JSON_SCAN_LIT(&sc, ",\"site\":") || !scan_string(&sc, &g.site) ||
            !JSON_SCAN_LIT(&sc, ",\"date\":") || !scan_string(&sc, &g.date) ||
            !scan_fingerprint(&sc, &g))
            return false;
    } else {
        return false;
    }
    if (!JSON_SCAN_LIT(&sc, "}\n") || sc.p != sc.end) return false;
    g.game = game + m->games_before;
    g.offset = offset + m->bytes_before;
    g.line = (uint32_t)(lineno + m->lines_before);
    g.plies = (uint32_t)plies;
    g.ending_ply = (uint32_t)ply;
    g.errors = (uint32_t)errors;
    g.warnings = (uint32_t)warnings;
    g.notes = (uint32_t)notes;
    json_scan_done(&sc); /* the strings end in the line */
    collection_game(m->collection, &g, collection_finding, m);
    if (full) { /* the record is written from the shard's text, strings as they stand */
        json_scan_undo(&sc);
        t.tail_len = (size_t)(sc.end - t.tail);
        report_game_text(m->report, &g, &t);
    } else {
        report_game(m->report, &g);
    }
    return true;
}

/* The lines of a file, read in blocks of 64 KB or more (getline() costs
 * some hundred instructions a line in stdio). */
struct lines {
    FILE *f;
    char *buf;
    size_t cap, start, end; /* buf[start, end) read and not yet handed out */
    bool eof;
};

/* The next line (its line feed included; the last one may lack it) at *line,
 * writable until the next call; its length, 0 at the end, -1 out of memory. */
static ssize_t next_line(struct lines *l, char **line)
{
    for (;;) {
        char *nl = l->end > l->start ? memchr(l->buf + l->start, '\n', l->end - l->start) : NULL;
        if (nl || l->eof) {
            size_t n = nl ? (size_t)(nl + 1 - (l->buf + l->start)) : l->end - l->start;
            *line = l->buf + l->start;
            l->start += n;
            return (ssize_t)n;
        }
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
        size_t got = fread(l->buf + l->end, 1, l->cap - l->end, l->f);
        l->end += got;
        l->eof = got == 0;
    }
}

/* The records of one shard file, its summary last. */
static bool merge_file(struct merge *m, const struct shard_file *s)
{
    FILE *f = fopen(s->path, "rb");
    if (!f) return merge_error(m->err, _("%s cannot be opened%s."), s->path, ""), false;
    struct lines lines = {f, NULL, 0, 0, 0, false};
    char *line;
    ssize_t len;
    uint64_t at = 0;
    bool ok = true, summary = false;
    while (ok && (len = next_line(&lines, &line)) > 0) {
        at++;
        const char *why = NULL;
        if (!summary && (size_t)len >= m->scan_cap) {
            char *b = realloc(m->scan_buf, (size_t)len + 1);
            if (!b) {
                ok = false;
                break;
            }
            m->scan_buf = b;
            m->scan_cap = (size_t)len + 1;
        }
        if (!summary && scan_game(m, line, (size_t)len)) continue;
        if (summary || !json_obj_parse(&m->obj, line, (size_t)len, &why)) {
            ok = false;
            break;
        }
        const char *type = get_string(&m->obj, "type");
        if (type && strcmp(type, "diagnostic") == 0)
            ok = merge_diag(m, &m->obj);
        else if (type && strcmp(type, "game") == 0)
            ok = merge_game(m, &m->obj, false);
        else if (type && strcmp(type, "game_key") == 0)
            ok = merge_game(m, &m->obj, true);
        else
            summary = type && strcmp(type, "summary") == 0;
        ok = ok && (summary || type);
    }
    free(lines.buf);
    fclose(f);
    if (!ok || !summary) {
        char where[32];
        snprintf(where, sizeof where, "%llu", (unsigned long long)at);
        merge_error(m->err, _("%s: line %s is not a record of check --shard."), s->path, where);
        return false;
    }
    return true;
}

int cmd_merge(int argc, char **argv, FILE *out, FILE *err)
{
    enum { OPT_FORMAT = 256, OPT_QUIET };
    static const struct option longopts[] = {
        {"format", required_argument, NULL, OPT_FORMAT},
        {"quiet", no_argument, NULL, OPT_QUIET},
        {NULL, 0, NULL, 0},
    };
    enum report_format format = REPORT_TEXT;
    bool quiet = false;
    optind = 0;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, "+:", longopts, NULL)) != -1) {
        if (c == OPT_FORMAT && report_parse_format(optarg, &format)) continue;
        if (c == OPT_QUIET) {
            quiet = true;
            continue;
        }
        fprintf(err, "pgnarbiter merge: %s '%s'\nTry 'pgnarbiter --help'.\n",
                c == OPT_FORMAT ? "unknown --format (text, jsonl, github, sarif):"
                                : "unknown option or missing value:",
                c == OPT_FORMAT ? optarg : argv[optind - 1]);
        return CLI_EXIT_USAGE;
    }
    if (optind >= argc)
        return merge_error(err, "%s%s", _("give the jsonl files of every shard (check --shard K/N)."),
                           "");
    size_t count = (size_t)(argc - optind);
    struct shard_file *s = calloc(count, sizeof *s);
    struct merge m;
    memset(&m, 0, sizeof m);
    m.err = err;
    json_obj_init(&m.obj);
    int status = CLI_EXIT_USAGE;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    bool ok = s != NULL;
    for (size_t i = 0; ok && i < count; i++) {
        s[i].path = argv[optind + (int)i];
        ok = read_summary(&m, &s[i]);
    }
    enum collection_duplicates dup_mode = COLLECTION_DUPLICATES_MOVES;
    for (size_t i = 0; ok && i < count; i++) {
        if (!collection_parse_duplicates(s[i].duplicates, &dup_mode) ||
            strcmp(s[i].duplicates, s[0].duplicates) != 0 || s[i].strict != s[0].strict ||
            s[i].werror != s[0].werror || s[i].report_games != s[0].report_games) {
            merge_error(err, _("%s was run with other --duplicates, --strict, --werror or --report "
                             "options than %s: run every shard with the same options."),
                        s[i].path, s[0].path);
            ok = false;
        }
    }
    if (ok) ok = (m.collection = collection_new(dup_mode, s[0].strict)) != NULL;
    if (ok) m.input = s[0].input;
    if (ok && check_set(&m, s, count) && (m.report = report_new(format, out, s[0].report_games))) {
        status = CLI_EXIT_OK;
        for (size_t i = 0; i < count; i++) {
            if (!merge_file(&m, &s[i])) {
                status = CLI_EXIT_USAGE;
                break;
            }
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
            if (s[i].status > status) status = s[i].status;
            /* One run stops reading the file where its input fails (a damaged
             * frame or block): what the shards after that one read, one run
             * never sees. */
            if (s[i].input_failed) break;
        }
        /* the exit status one run would have: the checks across games ran here */
        if (status == CLI_EXIT_OK &&
            (m.collection_errors || (s[0].werror && m.collection_warnings)))
            status = CLI_EXIT_FINDINGS;
        struct collection_stats cs;
        collection_get_stats(m.collection, &cs);
        m.totals.duplicates_indexed = cs.indexed;
        m.totals.duplicates_index_bytes = cs.index_bytes;
        clock_gettime(CLOCK_MONOTONIC, &t1);
        m.totals.seconds =
            (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
        m.totals.status = status;
        report_finish(m.report, &m.totals);
        if (!quiet) report_summary(err, &m.totals);
    }
    report_free(m.report);
    collection_free(m.collection);
    json_obj_fini(&m.obj);
    free(m.input_error);
    free(m.scan_buf);
    for (size_t i = 0; s && i < count; i++)
        free(s[i].input);
    free(s);
    return status;
}
