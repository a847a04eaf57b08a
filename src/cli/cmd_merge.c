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
 */
#include "cli/cli.h"

#include "diag/diag.h"
#include "diag/diag_control.h"
#include "i18n.h"
#include "judge/collection.h"
#include "judge/game_record.h"
#include "judge/trf_match.h"
#include "pgn/pgn_parse.h"
#include "pgn/time_control.h"
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

struct shard_file {
    const char *path; /* as given; "-" is standard input */
    char shard[32];   /* "K/N" that its records name (its first record's) */
    FILE *spool;      /* pass 1's copy of a file that cannot be read twice */
    dev_t dev;        /* a regular file's, to find it again in pass 2 */
    ino_t ino;
    uint64_t size; /* the bytes pass 1 checked, its summary's line included */
    /* counted from its records in pass 1 */
    uint64_t rec_games, rec_severity[DIAG_SEVERITY_NB], rec_input;
    uint64_t max_game; /* (a finding's line may lie past the shard's bytes: a comment
                          left open runs on into the next shard's) */
    /* its summary */
    unsigned k, n;
    uint64_t status, files, unreadable, games, not_judged, bytes, lines;
    uint64_t errors, warnings, notes;
    uint64_t start_range, start_cut, end_range, end_cut;
    bool confirmed;
    bool input_failed; /* its input failed before its end: the shards after it add nothing */
    bool interrupted, input_changed, has_identity;
    uint64_t input_size;
    char input_sample[17];
    char *input; /* the name of the input it read */
    char duplicates[16]; /* the shard's --duplicates, --round-form, --strict, --werror, --report */
    char round_form[16];
    bool strict, werror, report_games;
    char control[DIAG_CONTROL_LINE_MAX]; /* --ignore, --select, --severity: "" for none */
    char *trf;          /* check --trf: the TRF as the shard named it, NULL for none */
    char trf_hash[17];  /* ... its bytes' hash (trf/trf.h), 16 hex digits */
    bool trf_require_all;
};

struct merge {
    struct report *report;
    struct run_totals totals;
    struct json_obj obj;
    FILE *err;
    bool emit;               /* pass 2: write; pass 1 only checks */
    struct shard_file *cur;  /* the shard being read */
    const char *bad;         /* why the record at hand was refused, when known */
    bool once_noted;
    char *input_error; /* the last file-level input error written */
    uint64_t games_before, lines_before, bytes_before;
    /* The checks across games (judge/collection.h), which a shard cannot
     * run alone: over every shard's game records, in order, as one run
     * does; their findings count toward the exit status. */
    struct collection *collection;
    struct diag_control control; /* the shards' (all the same), for the checks and the report */
    const char *input; /* the input the shards read (their summaries') */
    char *scan_buf;    /* scan_game()'s decoded strings */
    size_t scan_cap;
    /* check --trf: the TRF read again, the pairings the shards matched, and
     * its own findings held until the report is made (one run writes them
     * first) */
    struct trf *trf;
    struct trf_match *trf_match;
    struct diag *trf_held;
    size_t trf_nheld, trf_held_cap;
    bool strict;
    const struct diag_control *ctl;
};

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

static int merge_error(FILE *err, const char *fmt, const char *a, const char *b)
{
    return merge_error3(err, fmt, a, b, "");
}

/* The value of key as a number from 0 to max (null reads as 0: an absent
 * value); false when the key is missing or holds anything else. */
static bool get_num(struct json_obj *o, const char *key, uint64_t max, uint64_t *out)
{
    const struct json_value *v = json_obj_get(o, key);
    *out = 0;
    if (!v) return false;
    if (v->type == JSON_NULL) return true;
    if (v->type != JSON_NUMBER || !v->is_uint || v->u > max) return false;
    *out = v->u;
    return true;
}

static const char *get_string(struct json_obj *o, const char *key)
{
    const struct json_value *v = json_obj_get(o, key);
    return v && v->type == JSON_STRING ? v->s : NULL;
}

/* A side's last clock as the record writes it ("1:30:05"), NULL for none. */
static void read_clock(struct game_record *g, int side, const char *text)
{
    int64_t ms;
    size_t used;
    g->has_clock[side] = text && tc_read_clock(text, strlen(text), &ms, &used) &&
                         text[used] == '\0';
    g->clock_ms[side] = g->has_clock[side] ? ms : 0;
}

static bool get_bool(struct json_obj *o, const char *key)
{
    const struct json_value *v = json_obj_get(o, key);
    return v && v->type == JSON_BOOL && v->b;
}

/* ---- pass 1: the summaries ---------------------------------------------- */

/* A shard's summary (m->obj), its values checked: false with m->bad. */
static bool read_summary(struct merge *m, struct shard_file *s)
{
    struct json_obj *o = &m->obj;
    const char *shard = get_string(o, "shard");
    char *end = NULL;
    m->bad = _("its summary is not a shard's (no \"shard\"): not the jsonl of check --shard");
    if (!shard) return false;
    unsigned long k = strtoul(shard, &end, 10),
                  n = end && *end == '/' ? strtoul(end + 1, &end, 10) : 0;
    m->bad = _("its summary names no shard K/N with 1 <= K <= N");
    if (!n || k < 1 || k > n || *end || n > UINT32_MAX || shard[0] < '1' || shard[0] > '9')
        return false;
    m->bad = _("its summary names another shard than its records");
    if (s->shard[0] && strcmp(s->shard, shard) != 0) return false;
    snprintf(s->shard, sizeof s->shard, "%s", shard);
    s->k = (unsigned)k;
    s->n = (unsigned)n;
    const struct json_value *interrupted = json_obj_get(o, "interrupted");
    s->interrupted = interrupted && !(interrupted->type == JSON_BOOL && !interrupted->b);
    m->bad = _("its run was interrupted, so it holds part of its shard only: run that shard "
               "again");
    if (s->interrupted) return false;
    const struct json_value *changed = json_obj_get(o, "input_changed");
    m->bad = _("its input changed while the shard read it: run every shard again on the file as "
               "it now is");
    if (changed && !(changed->type == JSON_BOOL && !changed->b)) return false;
    const struct json_value *confirmed = json_obj_get(o, "confirmed");
    const struct json_value *failed = json_obj_get(o, "input_failed");
    /* every number a shard writes, and no more than one run can hold */
    m->bad = _("its summary has a value that is missing, malformed or out of range");
    if (!get_num(o, "status", CLI_EXIT_USAGE, &s->status) || !get_num(o, "files", 1, &s->files) ||
        !get_num(o, "unreadable", s->files, &s->unreadable) ||
        !get_num(o, "games", UINT64_MAX, &s->games) ||
        !get_num(o, "not_judged", s->games, &s->not_judged) ||
        !get_num(o, "bytes", UINT64_MAX, &s->bytes) ||
        !get_num(o, "lines", s->bytes, &s->lines) ||
        !get_num(o, "errors", UINT64_MAX, &s->errors) ||
        !get_num(o, "warnings", UINT64_MAX, &s->warnings) ||
        !get_num(o, "notes", UINT64_MAX, &s->notes) ||
        !get_num(o, "start.0", n, &s->start_range) ||
        !get_num(o, "start.1", UINT64_MAX, &s->start_cut) ||
        !get_num(o, "end.0", n, &s->end_range) || !get_num(o, "end.1", UINT64_MAX, &s->end_cut) ||
        !confirmed || confirmed->type != JSON_BOOL ||
        (failed && failed->type != JSON_BOOL) || !get_string(o, "file") ||
        !get_string(o, "duplicates"))
        return false;
    s->confirmed = confirmed->b;
    s->input_failed = failed && failed->b;
    if ((!s->unreadable && (s->start_range > s->end_range || s->start_range + 1 < k)) ||
        (!s->unreadable && s->start_range == s->end_range && s->start_cut > s->end_cut))
        return false;
    const struct json_value *size = json_obj_get(o, "input_size");
    const char *sample = get_string(o, "input_sample");
    s->has_identity = size && sample;
    if (s->has_identity) {
        if (size->type != JSON_NUMBER || !size->is_uint || strlen(sample) != 16 ||
            strspn(sample, "0123456789abcdef") != 16)
            return false;
        s->input_size = size->u;
        memcpy(s->input_sample, sample, 17);
    }
    m->bad = _("its summary does not agree with its records (games or findings counted "
               "otherwise)");
    if (s->games != s->rec_games || s->errors != s->rec_severity[DIAG_ERROR] ||
        s->warnings != s->rec_severity[DIAG_WARNING] || s->notes != s->rec_severity[DIAG_NOTE] ||
        s->max_game > s->games)
        return false;
    s->strict = get_bool(o, "strict");
    s->werror = get_bool(o, "werror");
    s->report_games = get_bool(o, "report_games");
    /* the status its records give (check's run_status()) */
    uint64_t status = s->unreadable || s->rec_input                                ? CLI_EXIT_USAGE
                      : s->errors || (s->werror && s->warnings) ? CLI_EXIT_FINDINGS
                                                                : CLI_EXIT_OK;
    m->bad = _("its summary's status is not the one its records give");
    if (s->status != status) return false;
    m->bad = _("it was not confirmed: its end is not where a game starts when its input is "
               "read from the shard's start; run that input with fewer shards or as one job");
    if (!s->confirmed && !s->input_failed && !s->unreadable) return false;
    m->bad = _("it read its input without taking its identity (an older pgnarbiter?): run "
               "every shard again with this one");
    if (!s->has_identity && !s->unreadable) return false;
    const char *dup = get_string(o, "duplicates");
    snprintf(s->duplicates, sizeof s->duplicates, "%s", dup);
    /* shards of a pgnarbiter before --round-form read rounds as auto does */
    const char *form = get_string(o, "round_form");
    snprintf(s->round_form, sizeof s->round_form, "%s", form ? form : "auto");
    /* the per-code control the shard ran with (diag/diag_control.h) */
    const char *control = get_string(o, "control");
    struct diag_control ctl;
    struct diag_control_error ce;
    m->bad = _("its summary's per-code control (--ignore, --select, --severity) names an "
               "unknown code or level (a newer pgnarbiter?)");
    if (json_obj_get(o, "control") && (!control || strlen(control) >= sizeof s->control ||
                                       !diag_control_parse(&ctl, control, &ce)))
        return false;
    snprintf(s->control, sizeof s->control, "%s", control ? control : "");
    const char *trf = get_string(o, "trf"), *trf_hash = get_string(o, "trf_hash");
    m->bad = _("its summary names a TRF without its hash");
    if (trf && (!trf_hash || strlen(trf_hash) != 16 ||
                strspn(trf_hash, "0123456789abcdef") != 16))
        return false;
    if (trf) {
        snprintf(s->trf_hash, sizeof s->trf_hash, "%s", trf_hash);
        s->trf_require_all = get_bool(o, "trf_require_all");
        if (!(s->trf = strdup(trf))) return false;
    }
    s->input = strdup(get_string(o, "file"));
    m->bad = NULL;
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

/* The shard a record names must be its file's (the first record's, then
 * the summary's): a record of another shard pasted in would be counted
 * twice or moved wrong.  False with m->bad. */
static bool own_shard(struct merge *m, const char *shard, size_t len)
{
    struct shard_file *s = m->cur;
    if (!s->shard[0] && len > 0 && len < sizeof s->shard && !memchr(shard, '\0', len))
        memcpy(s->shard, shard, len), s->shard[len] = '\0';
    if (strlen(s->shard) == len && memcmp(s->shard, shard, len) == 0) return true;
    m->bad = _("it names another shard than the file's other records");
    return false;
}

/* Every string of a record read by json_obj_parse() is a C string for the
 * rest of the program: one that holds a NUL byte would be cut short there
 * (a name that reads as another).  False with m->bad. */
static bool strings_whole(struct merge *m, const struct json_obj *o)
{
    for (size_t i = 0; i < o->n; i++)
        if (o->v[i].type == JSON_STRING && memchr(o->v[i].s, '\0', o->v[i].len)) {
            m->bad = _("a string in it holds a NUL byte (\\u0000)");
            return false;
        }
    return true;
}

static bool merge_diag(struct merge *m, struct json_obj *o)
{
    struct diag d;
    struct shard_file *s = m->cur;
    enum diag_code code = diag_lookup(get_string(o, "code") ? get_string(o, "code") : "");
    const char *message = get_string(o, "message");
    if (code >= DIAG_CODE_NB || !message) return false;
    diag_init(&d, code, NULL, message);
    if (!severity_of(get_string(o, "severity"), &d.severity)) return false;
    uint64_t game, line, column, offset, ply, move_number;
    m->bad = _("a number in it is missing, malformed or out of range");
    if (!get_num(o, "game", UINT64_MAX, &game) || !get_num(o, "line", UINT32_MAX, &line) ||
        !get_num(o, "column", UINT32_MAX, &column) ||
        !get_num(o, "offset", UINT64_MAX, &offset) || !get_num(o, "ply", UINT32_MAX, &ply) ||
        !get_num(o, "move_number", UINT32_MAX, &move_number))
        return false;
    m->bad = NULL;
    if (!m->emit) { /* pass 1: counted, for the summary to agree with */
        s->rec_severity[d.severity]++;
        s->rec_input += code == DIAG_INPUT;
        if (game > s->max_game) s->max_game = game;
        return true;
    }
    d.file = get_string(o, "file");
    d.game = game;
    d.loc.line = (uint32_t)line;
    d.loc.column = (uint32_t)column;
    d.loc.offset = offset;
    d.ply = (uint32_t)ply;
    d.move_number = (uint32_t)move_number;
    d.side = side_of(get_string(o, "side"));
    d.san = get_string(o, "san");
    d.san_en = get_string(o, "san_en");
    d.variation = get_bool(o, "variation");
    d.after_illegal = get_bool(o, "after_illegal");
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

/* Pass 1's count of a game record (its number, moved by nothing). */
static void count_game(struct merge *m, uint64_t game)
{
    struct shard_file *s = m->cur;
    s->rec_games++;
    if (game > s->max_game) s->max_game = game;
}

/* A finding of the checks across games: reported and counted as a shard's. */
static void collection_finding(void *ctx, const struct diag *d)
{
    struct merge *m = ctx;
    m->totals.by_severity[d->severity]++;
    m->totals.by_code[d->code]++;
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
    uint64_t game, offset, line, plies, ending_ply = 0, errors = 0, warnings = 0, notes = 0;
    m->bad = _("a number in it is missing, malformed or out of range");
    if (!get_num(o, "game", UINT64_MAX, &game) || !get_num(o, "offset", UINT64_MAX, &offset) ||
        !get_num(o, "line", UINT32_MAX, &line) || !get_num(o, "plies", UINT32_MAX, &plies) ||
        (!key_only && (!get_num(o, "ending.ply", UINT32_MAX, &ending_ply) ||
                       !get_num(o, "errors", UINT32_MAX, &errors) ||
                       !get_num(o, "warnings", UINT32_MAX, &warnings) ||
                       !get_num(o, "notes", UINT32_MAX, &notes))))
        return false;
    m->bad = NULL;
    g.ending = ENDING_NONE;
    const struct json_value *kind = json_obj_get(o, "ending.kind");
    if (!key_only && !(kind && kind->type == JSON_STRING && ending_of(kind->s, kind->len, &g.ending)))
        return false;
    if (!m->emit) {
        count_game(m, game);
        return true;
    }
    g.file = key_only ? m->input : get_string(o, "file");
    g.game = game + m->games_before;
    g.offset = offset + m->bytes_before;
    g.line = (uint32_t)(line + m->lines_before);
    g.event = get_string(o, "event");
    g.white = get_string(o, "white");
    g.black = get_string(o, "black");
    g.round = get_string(o, "round");
    g.result = get_string(o, "result");
    const struct json_value *rk = json_obj_get(o, "result_kind");
    if (!key_only && !(rk && rk->type == JSON_STRING &&
                       game_result_kind_of(rk->s, rk->len, &g.result_kind)))
        return false;
    g.plies = (uint32_t)plies;
    g.ending_ply = (uint32_t)ending_ply;
    g.errors = (uint32_t)errors;
    g.warnings = (uint32_t)warnings;
    g.notes = (uint32_t)notes;
    g.judged = key_only || get_bool(o, "judged");
    g.site = get_string(o, "site");
    g.date = get_string(o, "date");
    g.white_fide_id = get_string(o, "white_fide_id");
    g.black_fide_id = get_string(o, "black_fide_id");
    g.white_elo = get_string(o, "white_elo");
    g.black_elo = get_string(o, "black_elo");
    g.white_title = get_string(o, "white_title");
    g.black_title = get_string(o, "black_title");
    g.time_control = get_string(o, "time_control");
    read_clock(&g, 0, get_string(o, "white_clock"));
    read_clock(&g, 1, get_string(o, "black_clock"));
    const struct json_value *fp = json_obj_get(o, "fingerprint");
    if (fp && fp->type == JSON_STRING) read_fingerprint(&g, fp->s, fp->len);
    uint64_t tr, tw, tb;
    if (m->trf_match && get_num(o, "trf.0", TRF_ROUNDS_MAX, &tr) &&
        get_num(o, "trf.1", TRF_PLAYERS_MAX, &tw) && get_num(o, "trf.2", TRF_PLAYERS_MAX, &tb))
        trf_match_cover(m->trf_match, (unsigned)tr, (unsigned)tw, (unsigned)tb);
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
    /* null (an absent tag) has no text to look into */
    return json_scan_string(sc, s, &len) && (!*s || !memchr(*s, '\0', len)); /* else the general way */
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

/* The players' keys (report_json.c writes all six or none). */
static bool scan_players(struct json_scan *sc, struct game_record *g)
{
    if (!JSON_SCAN_LIT(sc, ",\"white_fide_id\":")) return true; /* none */
    return scan_string(sc, &g->white_fide_id) && JSON_SCAN_LIT(sc, ",\"black_fide_id\":") &&
           scan_string(sc, &g->black_fide_id) && JSON_SCAN_LIT(sc, ",\"white_elo\":") &&
           scan_string(sc, &g->white_elo) && JSON_SCAN_LIT(sc, ",\"black_elo\":") &&
           scan_string(sc, &g->black_elo) && JSON_SCAN_LIT(sc, ",\"white_title\":") &&
           scan_string(sc, &g->white_title) && JSON_SCAN_LIT(sc, ",\"black_title\":") &&
           scan_string(sc, &g->black_title);
}

/* The clock keys a game record may end with (report_json.c): the time
 * control read, and each side's last clock (read once the line's strings
 * are ended: read_clock()). */
static bool scan_clocks(struct json_scan *sc, struct game_record *g, const char *clocks[2])
{
    size_t len;
    if (JSON_SCAN_LIT(sc, ",\"time_control\":") && !scan_string(sc, &g->time_control))
        return false;
    if (JSON_SCAN_LIT(sc, ",\"white_clock\":") && !json_scan_string(sc, &clocks[0], &len))
        return false;
    if (JSON_SCAN_LIT(sc, ",\"black_clock\":") && !json_scan_string(sc, &clocks[1], &len))
        return false;
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
    size_t kind_len, shard_len;
    struct report_game_text t = {0};
    const char *clocks[2] = {NULL, NULL};
    bool full;
    if (JSON_SCAN_LIT(&sc, "{\"type\":\"game_key\",\"shard\":")) {
        full = false;
        g.file = m->input;
        g.ending = ENDING_NONE;
        g.judged = true;
        if (!json_scan_string(&sc, &shard, &shard_len) || !own_shard(m, shard, shard_len) ||
            !JSON_SCAN_LIT(&sc, ",\"game\":") ||
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
            !JSON_SCAN_LIT(&sc, ",\"result\":") || !scan_string(&sc, &g.result) ||
            !scan_players(&sc, &g))
            return false;
    } else if (JSON_SCAN_LIT(&sc, "{\"type\":\"game\",\"shard\":")) {
        full = true;
        if (!json_scan_string(&sc, &shard, &shard_len) || !own_shard(m, shard, shard_len))
            return false;
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
            !JSON_SCAN_LIT(&sc, ",\"result_kind\":") ||
            !json_scan_string(&sc, &kind, &kind_len) ||
            !game_result_kind_of(kind, kind_len, &g.result_kind) ||
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
            !scan_fingerprint(&sc, &g) ||
            !scan_clocks(&sc, &g, clocks) || !scan_players(&sc, &g))
            return false;
    } else {
        return false;
    }
    /* check --trf: the pairing the game matched */
    char *trf_at = (char *)sc.p;
    uint64_t tr = 0, tw = 0, tb = 0;
    if (JSON_SCAN_LIT(&sc, ",\"trf\":[") &&
        (!json_scan_uint(&sc, &tr) || !JSON_SCAN_LIT(&sc, ",") || !json_scan_uint(&sc, &tw) ||
         !JSON_SCAN_LIT(&sc, ",") || !json_scan_uint(&sc, &tb) || !JSON_SCAN_LIT(&sc, "]")))
        return false;
    if (!JSON_SCAN_LIT(&sc, "}\n") || sc.p != sc.end) return false;
    if (lineno > UINT32_MAX || plies > UINT32_MAX || ply > UINT32_MAX || errors > UINT32_MAX ||
        warnings > UINT32_MAX || notes > UINT32_MAX)
        return false; /* the general way says why */
    if (!m->emit) {
        count_game(m, game);
        return true;
    }
    g.game = game + m->games_before;
    g.offset = offset + m->bytes_before;
    g.line = (uint32_t)(lineno + m->lines_before);
    g.plies = (uint32_t)plies;
    g.ending_ply = (uint32_t)ply;
    g.errors = (uint32_t)errors;
    g.warnings = (uint32_t)warnings;
    g.notes = (uint32_t)notes;
    json_scan_done(&sc); /* the strings end in the line */
    read_clock(&g, 0, clocks[0]);
    read_clock(&g, 1, clocks[1]);
    if (tr && m->trf_match) trf_match_cover(m->trf_match, (unsigned)tr, (unsigned)tw, (unsigned)tb);
    collection_game(m->collection, &g, collection_finding, m);
    if (full) { /* the record is written from the shard's text, strings as they stand */
        json_scan_undo(&sc);
        t.tail_len = (size_t)(sc.end - t.tail);
        if (tr) { /* one run writes no "trf": the record ends where it began */
            memcpy(trf_at, "}\n", 2);
            t.tail_len = (size_t)(trf_at + 2 - t.tail);
        }
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
    if (!m->emit && !S_ISREG(st.st_mode) && !(s->spool = tmpfile())) {
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
        if (scan_game(m, line, (size_t)len)) continue;
        const char *jwhy = NULL;
        if (!json_obj_parse(&m->obj, line, (size_t)len, &jwhy) || !strings_whole(m, &m->obj)) {
            ok = false;
            break;
        }
        const char *type = get_string(&m->obj, "type");
        const char *shard = get_string(&m->obj, "shard");
        bool is_summary = type && strcmp(type, "summary") == 0;
        if (!is_summary && (!shard || !own_shard(m, shard, strlen(shard)))) {
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
            ok = summary = m->emit || read_summary(m, s);
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

/* A finding of the TRF's own, held until the report is made, at its
 * controlled level (notes only when the shards ran --strict). */
static void trf_held(void *ctx, const struct diag *found)
{
    struct merge *m = ctx;
    unsigned level = diag_control_level(m->ctl, found->code, found->severity);
    if (level == DIAG_LEVEL_OFF || (level == DIAG_NOTE && !m->strict)) return;
    if (m->trf_nheld == m->trf_held_cap) {
        size_t cap = m->trf_held_cap ? 2 * m->trf_held_cap : 16;
        struct diag *h = realloc(m->trf_held, cap * sizeof *h);
        if (!h) return;
        m->trf_held = h;
        m->trf_held_cap = cap;
    }
    struct diag *h = &m->trf_held[m->trf_nheld++];
    *h = *found;
    h->severity = (enum diag_severity)level;
    h->message = strdup(found->message);
}

/* The shards ran check --trf: the same TRF (its name, hash and
 * --trf-require-all in every summary) is read again, from path when given
 * (merge --trf), else from where the shards named it.  False with a message. */
static bool merge_open_trf(struct merge *m, struct shard_file *s, size_t count, const char *path,
                           FILE *err)
{
    for (size_t i = 1; i < count; i++)
        if (!s[i].trf != !s[0].trf ||
            (s[0].trf && (strcmp(s[i].trf, s[0].trf) != 0 ||
                          strcmp(s[i].trf_hash, s[0].trf_hash) != 0 ||
                          s[i].trf_require_all != s[0].trf_require_all))) {
            merge_error(err, _("%s was run with another --trf or --trf-require-all than %s: run "
                               "every shard with the same TRF."),
                        s[i].path, s[0].path);
            return false;
        }
    if (!s[0].trf) return true;
    char why[512] = "", hash[17];
    m->trf = trf_read_file(path ? path : s[0].trf, s[0].trf, trf_held, m, why, sizeof why);
    if (!m->trf) {
        merge_error(err, _("cannot read the TRF %s the shards were checked against: %s."),
                    path ? path : s[0].trf, why);
        return false;
    }
    snprintf(hash, sizeof hash, "%016llx", (unsigned long long)m->trf->hash);
    if (strcmp(hash, s[0].trf_hash) != 0) {
        merge_error(err, _("the TRF %s is not the file the shards were checked against (its "
                           "bytes differ): give that one with --trf."),
                    path ? path : s[0].trf, "");
        return false;
    }
    trf_check(m->trf, s[0].trf, trf_held, m);
    m->trf_match = trf_match_new(m->trf, s[0].trf, s[0].trf_require_all, m->strict);
    if (!m->trf_match) {
        fputs(_("pgnarbiter merge: out of memory\n"), err);
        return false;
    }
    trf_match_set_control(m->trf_match, m->ctl);
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
            if (m.trf_held[i].message) collection_finding(&m, &m.trf_held[i]);
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
        if (ok && m.trf_match) trf_match_finish(m.trf_match, collection_finding, &m);
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
