/*
 * merge_records.c - the records of the shards' jsonl as `pgnarbiter merge`
 * reads them (cmd_merge.c hands it each line): a summary checked in pass 1
 * (its values in range, agreeing with the records counted before it), and
 * the game, game_key and diagnostic records - counted in pass 1, moved by
 * the shards before and reported in pass 2.  Most lines go through the fast
 * scanners, which read the records as report_json.c lays them out; any
 * other layout through the general reader (json_read.h, any key order).
 */
#include "cli/cli.h"
#include "cli/merge_internal.h"

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

#include <stdlib.h>
#include <string.h>

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
bool merge_read_summary(struct merge *m, struct shard_file *s)
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
bool merge_own_shard(struct merge *m, const char *shard, size_t len)
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
bool merge_strings_whole(struct merge *m, const struct json_obj *o)
{
    for (size_t i = 0; i < o->n; i++)
        if (o->v[i].type == JSON_STRING && memchr(o->v[i].s, '\0', o->v[i].len)) {
            m->bad = _("a string in it holds a NUL byte (\\u0000)");
            return false;
        }
    return true;
}

bool merge_diag(struct merge *m, struct json_obj *o)
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
void merge_finding(void *ctx, const struct diag *d)
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
    collection_game(m->collection, g, merge_finding, m);
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
bool merge_game(struct merge *m, struct json_obj *o, bool key_only)
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

bool merge_scan_game(struct merge *m, char *line, size_t len)
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
        if (!json_scan_string(&sc, &shard, &shard_len) || !merge_own_shard(m, shard, shard_len) ||
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
        if (!json_scan_string(&sc, &shard, &shard_len) || !merge_own_shard(m, shard, shard_len))
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
    collection_game(m->collection, &g, merge_finding, m);
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
