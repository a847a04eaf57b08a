/*
 * report_json.c - JSON Lines and SARIF reporters (SPEC "Output").
 * Every key the SPEC lists is written in every record of its type; a value
 * that is absent (the ply, move, side and FEN of a game-level finding, a tag
 * the game lacks, a code with no FIDE article, the ending ply of a game with
 * no ending) is null.  doc/pgnarbiter-jsonl.schema.json is the contract, and
 * the tests hold every jsonl output of the CLI cases to it.
 */
#include "report/report_json.h"

#include "config.h"
#include "i18n.h"
#include "diag/diag_control.h"
#include "pgn/time_control.h"
#include "report/json.h"

#include <string.h>

/* The jsonl records are built in a json_buf and written at once. */

/* A string literal, its length known to the compiler. */
#define PUT_LIT(jb, lit) json_buf_put(jb, lit, sizeof lit - 1)

/* ,"name": before a value; name is a string literal, so the key is one
 * constant the compiler copies with a few moves. */
#define KEY(jb, name) PUT_LIT(jb, ",\"" name "\":")
#define key_string(jb, name, value) (KEY(jb, name), json_buf_cstring(jb, value))
#define key_uint(jb, name, value)   (KEY(jb, name), json_buf_uint(jb, value))
#define key_bool(jb, name, value) \
    (KEY(jb, name), (value) ? PUT_LIT(jb, "true") : PUT_LIT(jb, "false"))
/* value, or null when it is 0 (the "none" of struct diag's numbers) */
#define key_uint_or_null(jb, name, value) \
    (KEY(jb, name), (value) ? json_buf_uint(jb, value) : PUT_LIT(jb, "null"))

/* The tags that name a game; null when the game lacks one. */
static void key_tags(struct json_buf *jb, const char *event, const char *white, const char *black,
                     const char *round)
{
    key_string(jb, "event", event);
    key_string(jb, "white", white);
    key_string(jb, "black", black);
    key_string(jb, "round", round);
}

void report_jsonl_diag(struct json_buf *jb, const struct diag *d, const char *shard)
{
    const struct diag_info *info = diag_info(d->code);
    json_buf_puts(jb, "{\"type\":\"diagnostic\"");
    if (shard[0]) key_string(jb, "shard", shard);
    KEY(jb, "file"), json_buf_name(jb, d->file);
    key_uint(jb, "game", d->game);
    if (d->loc.line) {
        key_uint(jb, "line", d->loc.line);
        key_uint(jb, "column", d->loc.column);
        key_uint(jb, "offset", d->loc.offset);
    } else { /* no place in the input (it could not be read) */
        json_buf_puts(jb, ",\"line\":null,\"column\":null,\"offset\":null");
    }
    key_uint_or_null(jb, "ply", d->ply);
    key_uint_or_null(jb, "move_number", d->move_number);
    key_string(jb, "side", d->side == 0 ? "white" : d->side == 1 ? "black" : NULL);
    key_string(jb, "san", d->san);
    key_string(jb, "san_en", d->san_en);
    key_string(jb, "code", info->name);
    key_string(jb, "severity", diag_severity_name(d->severity));
    key_string(jb, "message", d->message);
    key_string(jb, "fide", info->fide[0] ? info->fide : NULL);
    key_bool(jb, "variation", d->variation);
    key_bool(jb, "after_illegal", d->after_illegal);
    key_tags(jb, d->event, d->white, d->black, d->round);
    key_string(jb, "fen", d->fen);
    PUT_LIT(jb, "}\n");
}

static void key_fingerprint(struct json_buf *jb, const struct game_record *g);
static void key_trf(struct json_buf *jb, const struct game_record *g);
static void key_players(struct json_buf *jb, const struct game_record *g);

/* The clocks, only when the game has them (judge/clock_check.c): the time
 * control read and each side's last clock, "h:mm:ss" as in [%clk]. */
static void key_clocks(struct json_buf *jb, const struct game_record *g)
{
    if (g->time_control) key_string(jb, "time_control", g->time_control);
    static const char *const names[2] = {",\"white_clock\":", ",\"black_clock\":"};
    for (int side = 0; side < 2; side++) {
        if (!g->has_clock[side]) continue;
        char buf[32];
        tc_format_clock(g->clock_ms[side], buf, sizeof buf);
        json_buf_puts(jb, names[side]);
        json_buf_cstring(jb, buf);
    }
}

void report_jsonl_game(struct json_buf *jb, const struct game_record *g, const char *shard)
{
    json_buf_puts(jb, "{\"type\":\"game\"");
    if (shard[0]) key_string(jb, "shard", shard);
    KEY(jb, "file"), json_buf_name(jb, g->file);
    key_uint(jb, "game", g->game);
    key_uint(jb, "offset", g->offset);
    key_uint(jb, "line", g->line);
    key_tags(jb, g->event, g->white, g->black, g->round);
    key_string(jb, "result", g->result);
    key_string(jb, "result_kind", game_result_kind_name(g->result_kind));
    key_uint(jb, "plies", g->plies);
    json_buf_puts(jb, ",\"ending\":{\"kind\":\"");
    json_buf_puts(jb, report_ending_name(g->ending));
    PUT_LIT(jb, "\"");
    if (g->ending != ENDING_NONE)
        key_uint(jb, "ply", g->ending_ply);
    else
        json_buf_puts(jb, ",\"ply\":null");
    PUT_LIT(jb, "}");
    key_uint(jb, "errors", g->errors);
    key_uint(jb, "warnings", g->warnings);
    key_uint(jb, "notes", g->notes);
    key_bool(jb, "judged", g->judged);
    /* what the checks across games compare (merge runs them over shards) */
    key_string(jb, "site", g->site);
    key_string(jb, "date", g->date);
    key_fingerprint(jb, g);
    key_clocks(jb, g);
    key_players(jb, g);
    if (shard[0]) key_trf(jb, g);
    PUT_LIT(jb, "}\n");
}

void report_jsonl_game_text(struct json_buf *jb, const struct game_record *g,
                            const struct report_game_text *t)
{
    PUT_LIT(jb, "{\"type\":\"game\"");
    json_buf_put(jb, t->file, t->file_len);
    key_uint(jb, "game", g->game);
    key_uint(jb, "offset", g->offset);
    key_uint(jb, "line", g->line);
    json_buf_put(jb, t->tags, t->tags_len);
    key_uint(jb, "errors", g->errors);
    key_uint(jb, "warnings", g->warnings);
    key_uint(jb, "notes", g->notes);
    json_buf_put(jb, t->tail, t->tail_len);
}

/* A shard's record of the TRF pairing a game matched (check --trf): round,
 * White's and Black's starting ranks; nothing when it matched none. */
static void key_trf(struct json_buf *jb, const struct game_record *g)
{
    if (!g->trf_round) return;
    PUT_LIT(jb, ",\"trf\":[");
    json_buf_uint(jb, g->trf_round);
    PUT_LIT(jb, ",");
    json_buf_uint(jb, g->trf_white);
    PUT_LIT(jb, ",");
    json_buf_uint(jb, g->trf_black);
    PUT_LIT(jb, "]");
}

/* The fingerprint key, 16 hex digits or null; two digits a byte. */
static void key_fingerprint(struct json_buf *jb, const struct game_record *g)
{
    static const char hex2[] = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
                               "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
                               "404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"
                               "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
                               "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
                               "a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf"
                               "c0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedf"
                               "e0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";
    if (g->has_fingerprint) {
        char fp[16];
        for (int i = 0; i < 8; i++)
            memcpy(fp + 2 * i, hex2 + 2 * ((g->fingerprint >> (56 - 8 * i)) & 255), 2);
        PUT_LIT(jb, ",\"fingerprint\":\"");
        json_buf_put(jb, fp, sizeof fp);
        PUT_LIT(jb, "\"");
    } else {
        PUT_LIT(jb, ",\"fingerprint\":null");
    }
}

/* Who the players are (WhiteFideId, BlackFideId, WhiteElo, BlackElo,
 * WhiteTitle, BlackTitle; merge's player checks compare them): all six, only
 * when the game has any of them. */
static void key_players(struct json_buf *jb, const struct game_record *g)
{
    if (!g->white_fide_id && !g->black_fide_id && !g->white_elo && !g->black_elo &&
        !g->white_title && !g->black_title)
        return;
    key_string(jb, "white_fide_id", g->white_fide_id);
    key_string(jb, "black_fide_id", g->black_fide_id);
    key_string(jb, "white_elo", g->white_elo);
    key_string(jb, "black_elo", g->black_elo);
    key_string(jb, "white_title", g->white_title);
    key_string(jb, "black_title", g->black_title);
}

/* The keys in the order merge_records.c's reader expects them (it falls back to
 * the general reader for any other order). */
void report_jsonl_game_key(struct json_buf *jb, const struct game_record *g, const char *shard)
{
    PUT_LIT(jb, "{\"type\":\"game_key\",\"shard\":\"");
    json_buf_puts(jb, shard);
    PUT_LIT(jb, "\"");
    key_uint(jb, "game", g->game);
    key_uint(jb, "offset", g->offset);
    key_uint(jb, "line", g->line);
    key_uint(jb, "plies", g->plies);
    key_fingerprint(jb, g);
    key_string(jb, "event", g->event);
    key_string(jb, "site", g->site);
    key_string(jb, "date", g->date);
    key_string(jb, "round", g->round);
    key_string(jb, "white", g->white);
    key_string(jb, "black", g->black);
    key_string(jb, "result", g->result);
    key_players(jb, g);
    key_trf(jb, g);
    PUT_LIT(jb, "}\n");
}

/* The summary, once a run: stdio as it comes. */
static void skey(FILE *f, const char *name)
{
    fprintf(f, ",\"%s\":", name);
}

static void skey_string(FILE *f, const char *name, const char *value)
{
    skey(f, name);
    json_write_cstring(f, value);
}

static void skey_uint(FILE *f, const char *name, uint64_t value)
{
    skey(f, name);
    fprintf(f, "%llu", (unsigned long long)value);
}

static void skey_bool(FILE *f, const char *name, bool value)
{
    skey(f, name);
    fputs(value ? "true" : "false", f);
}

void report_jsonl_summary(FILE *f, const struct run_totals *t)
{
    fputs("{\"type\":\"summary\"", f);
    if (t->shard) fprintf(f, ",\"shard\":\"%u/%u\"", t->shard->k, t->shard->n);
    skey_uint(f, "status", (uint64_t)t->status);
    skey_uint(f, "files", t->files);
    skey_uint(f, "unreadable", t->files_unreadable);
    skey_uint(f, "games", t->games);
    skey_uint(f, "not_judged", t->games_skipped);
    skey_uint(f, "bytes", t->bytes);
    skey_uint(f, "lines", t->lines);
    skey_uint(f, "errors", t->by_severity[DIAG_ERROR]);
    skey_uint(f, "warnings", t->by_severity[DIAG_WARNING]);
    skey_uint(f, "notes", t->by_severity[DIAG_NOTE]);
    if (t->interrupted) fputs(",\"interrupted\":true", f);
    fputs(",\"by_code\":{", f);
    bool first = true;
    for (int c = 0; c < DIAG_CODE_NB; c++) {
        if (!t->by_code[c])
            continue;
        fprintf(f, "%s\"%s\":%llu", first ? "" : ",", diag_info((enum diag_code)c)->name,
                (unsigned long long)t->by_code[c]);
        first = false;
    }
    fputs("}", f);
    if (t->shard) {
        const struct report_shard *s = t->shard;
        skey(f, "file");
        json_write_name(f, s->file);
        fprintf(f, ",\"start\":[%u,%llu],\"end\":[%u,%llu]", s->start_range,
                (unsigned long long)s->start_cut, s->end_range, (unsigned long long)s->end_cut);
        skey_bool(f, "confirmed", s->confirmed);
        if (s->input_failed) fputs(",\"input_failed\":true", f);
        skey_string(f, "duplicates", s->duplicates);
        skey_string(f, "round_form", s->round_form);
        skey_bool(f, "strict", s->strict);
        skey_bool(f, "werror", s->werror);
        skey_bool(f, "report_games", s->report_games);
        if (s->control && s->control[0]) skey_string(f, "control", s->control);
        if (s->has_identity)
            fprintf(f, ",\"input_size\":%llu,\"input_sample\":\"%016llx\"",
                    (unsigned long long)s->input_size, (unsigned long long)s->input_sample);
        if (s->input_changed) fputs(",\"input_changed\":true", f);
        if (s->trf) {
            skey(f, "trf");
            json_write_name(f, s->trf);
            fprintf(f, ",\"trf_hash\":\"%016llx\"", (unsigned long long)s->trf_hash);
            skey_bool(f, "trf_require_all", s->trf_require_all);
        }
    }
    fputs("}\n", f);
}

void report_sarif_begin(FILE *f, const struct diag_control *ctl)
{
    fputs("{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\"version\":\"2.1.0\","
          "\"runs\":[{\"tool\":{\"driver\":{\"name\":\"" PACKAGE_NAME "\",\"version\":\"" PACKAGE_VERSION
          "\",\"rules\":[",
          f);
    for (int c = 0; c < DIAG_CODE_NB; c++) {
        const struct diag_info *info = diag_info((enum diag_code)c);
        fprintf(f, "%s{\"id\":\"%s\",\"shortDescription\":{\"text\":", c ? "," : "", info->name);
        json_write_cstring(f, _(info->summary));
        fputs("},\"fullDescription\":{\"text\":", f);
        json_write_cstring(f, _(info->explain));
        unsigned level = diag_control_code_level(ctl, (enum diag_code)c);
        if (level == DIAG_LEVEL_OFF)
            fprintf(f, "},\"defaultConfiguration\":{\"enabled\":false,\"level\":\"%s\"}}",
                    diag_severity_name(info->severity));
        else
            fprintf(f, "},\"defaultConfiguration\":{\"level\":\"%s\"}}",
                    diag_severity_name((enum diag_severity)level));
    }
    /* Columns count characters (code points) from the start of the line:
     * the reader's columns (pgn_lex.h) step over UTF-8 continuation bytes. */
    fputs("]}},\"columnKind\":\"unicodeCodePoints\",\"results\":[\n", f);
}

/* A file name as a URI reference (RFC 3986): every byte but the unreserved
 * ones and '/' percent-encoded, so spaces, '%', '#', '?', ':', non-ASCII
 * bytes and "<stdin>" make a reference every SARIF consumer can resolve
 * against the directory the run started in. */
static void write_uri(FILE *f, const char *path)
{
    static const char hex[] = "0123456789ABCDEF";
    putc('"', f);
    for (const unsigned char *p = (const unsigned char *)(path ? path : "<input>"); *p; p++) {
        unsigned c = *p;
        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
            c == '-' || c == '.' || c == '_' || c == '~' || c == '/')
            putc((int)c, f);
        else
            fprintf(f, "%%%c%c", hex[c >> 4], hex[c & 15]);
    }
    putc('"', f);
}

void report_sarif_result(FILE *f, const struct diag *d, const char *text, uint64_t index)
{
    const struct diag_info *info = diag_info(d->code);
    fprintf(f, "%s{\"ruleId\":\"%s\",\"level\":\"%s\",\"message\":{\"text\":", index ? "," : "",
            info->name, diag_severity_name(d->severity));
    json_write_cstring(f, text ? text : d->message);
    fputs("},\"locations\":[{\"physicalLocation\":{\"artifactLocation\":{\"uri\":", f);
    write_uri(f, d->file);
    fputs("}", f);
    if (d->loc.line)
        fprintf(f, ",\"region\":{\"startLine\":%u,\"startColumn\":%u,\"byteOffset\":%llu}",
                (unsigned)d->loc.line, (unsigned)d->loc.column, (unsigned long long)d->loc.offset);
    fputs("}}]", f);
    if (d->game) {
        fprintf(f, ",\"properties\":{\"game\":%llu", (unsigned long long)d->game);
        if (d->ply)
            fprintf(f, ",\"ply\":%u", (unsigned)d->ply);
        if (d->after_illegal) fputs(",\"after_illegal\":true", f);
        fputs("}", f);
    }
    fputs("}\n", f);
}

void report_sarif_end(FILE *f, const struct run_totals *t)
{
    fputs("]", f);
    if (t->interrupted) { /* the results are of part of the input only */
        fprintf(f,
                ",\"invocations\":[{\"executionSuccessful\":false,\"exitCode\":%d,"
                "\"exitSignalName\":\"%s\",\"toolExecutionNotifications\":[{\"level\":\"error\","
                "\"message\":{\"text\":",
                t->status, report_signal_name(t->interrupted));
        char text[512];
        snprintf(text, sizeof text,
                 _("interrupted by %s: the findings above are of the games read before it, not "
                   "of the whole input"),
                 report_signal_name(t->interrupted));
        json_write_cstring(f, text);
        fputs("}}]}]", f);
    }
    fputs("}]}\n", f);
}
