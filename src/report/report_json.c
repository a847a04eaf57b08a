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
#include "report/json.h"

static void key(FILE *f, const char *name)
{
    putc(',', f);
    putc('"', f);
    fputs(name, f);
    putc('"', f);
    putc(':', f);
}

/* value in decimal, without printf (a record has a dozen numbers). */
static void write_uint(FILE *f, uint64_t value)
{
    char digits[20];
    size_t n = sizeof digits;
    do
        digits[--n] = (char)('0' + value % 10);
    while (value /= 10);
    fwrite(digits + n, 1, sizeof digits - n, f);
}

static void key_string(FILE *f, const char *name, const char *value)
{
    key(f, name);
    json_write_cstring(f, value);
}

static void key_uint(FILE *f, const char *name, uint64_t value)
{
    key(f, name);
    write_uint(f, value);
}

/* value, or null when it is 0 (the "none" of struct diag's numbers) */
static void key_uint_or_null(FILE *f, const char *name, uint64_t value)
{
    key(f, name);
    if (value)
        write_uint(f, value);
    else
        fputs("null", f);
}

static void key_bool(FILE *f, const char *name, bool value)
{
    key(f, name);
    fputs(value ? "true" : "false", f);
}

/* The tags that name a game; null when the game lacks one. */
static void key_tags(FILE *f, const char *event, const char *white, const char *black,
                     const char *round)
{
    key_string(f, "event", event);
    key_string(f, "white", white);
    key_string(f, "black", black);
    key_string(f, "round", round);
}

void report_jsonl_diag(FILE *f, const struct diag *d, const char *shard)
{
    const struct diag_info *info = diag_info(d->code);
    fputs("{\"type\":\"diagnostic\"", f);
    if (shard[0]) key_string(f, "shard", shard);
    key_string(f, "file", d->file);
    key_uint(f, "game", d->game);
    if (d->loc.line) {
        key_uint(f, "line", d->loc.line);
        key_uint(f, "column", d->loc.column);
        key_uint(f, "offset", d->loc.offset);
    } else { /* no place in the input (it could not be read) */
        fputs(",\"line\":null,\"column\":null,\"offset\":null", f);
    }
    key_uint_or_null(f, "ply", d->ply);
    key_uint_or_null(f, "move_number", d->move_number);
    key_string(f, "side", d->side == 0 ? "white" : d->side == 1 ? "black" : NULL);
    key_string(f, "san", d->san);
    key_string(f, "san_en", d->san_en);
    key_string(f, "code", info->name);
    key_string(f, "severity", diag_severity_name(d->severity));
    key_string(f, "message", d->message);
    key_string(f, "fide", info->fide[0] ? info->fide : NULL);
    key_bool(f, "variation", d->variation);
    key_tags(f, d->event, d->white, d->black, d->round);
    key_string(f, "fen", d->fen);
    fputs("}\n", f);
}

void report_jsonl_game(FILE *f, const struct game_record *g, const char *shard)
{
    fputs("{\"type\":\"game\"", f);
    if (shard[0]) key_string(f, "shard", shard);
    key_string(f, "file", g->file);
    key_uint(f, "game", g->game);
    key_uint(f, "offset", g->offset);
    key_uint(f, "line", g->line);
    key_tags(f, g->event, g->white, g->black, g->round);
    key_string(f, "result", g->result);
    key_uint(f, "plies", g->plies);
    fputs(",\"ending\":{\"kind\":\"", f);
    fputs(report_ending_name(g->ending), f);
    putc('"', f);
    if (g->ending != ENDING_NONE)
        key_uint(f, "ply", g->ending_ply);
    else
        fputs(",\"ply\":null", f);
    fputs("}", f);
    key_uint(f, "errors", g->errors);
    key_uint(f, "warnings", g->warnings);
    key_uint(f, "notes", g->notes);
    key_bool(f, "judged", g->judged);
    /* what the checks across games compare (merge runs them over shards) */
    key_string(f, "site", g->site);
    key_string(f, "date", g->date);
    if (g->has_fingerprint)
        fprintf(f, ",\"fingerprint\":\"%016llx\"", (unsigned long long)g->fingerprint);
    else
        fputs(",\"fingerprint\":null", f);
    fputs("}\n", f);
}

void report_jsonl_summary(FILE *f, const struct run_totals *t)
{
    fputs("{\"type\":\"summary\"", f);
    if (t->shard) fprintf(f, ",\"shard\":\"%u/%u\"", t->shard->k, t->shard->n);
    key_uint(f, "status", (uint64_t)t->status);
    key_uint(f, "files", t->files);
    key_uint(f, "unreadable", t->files_unreadable);
    key_uint(f, "games", t->games);
    key_uint(f, "not_judged", t->games_skipped);
    key_uint(f, "bytes", t->bytes);
    key_uint(f, "lines", t->lines);
    key_uint(f, "errors", t->by_severity[DIAG_ERROR]);
    key_uint(f, "warnings", t->by_severity[DIAG_WARNING]);
    key_uint(f, "notes", t->by_severity[DIAG_NOTE]);
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
        key_string(f, "file", s->file);
        fprintf(f, ",\"start\":[%u,%llu],\"end\":[%u,%llu]", s->start_range,
                (unsigned long long)s->start_cut, s->end_range, (unsigned long long)s->end_cut);
        key_bool(f, "confirmed", s->confirmed);
        if (s->input_failed) fputs(",\"input_failed\":true", f);
        key_string(f, "duplicates", s->duplicates);
        key_bool(f, "strict", s->strict);
        key_bool(f, "werror", s->werror);
        key_bool(f, "report_games", s->report_games);
    }
    fputs("}\n", f);
}

void report_sarif_begin(FILE *f)
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
        fprintf(f, "},\"defaultConfiguration\":{\"level\":\"%s\"}}",
                diag_severity_name(info->severity));
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
        fputs("}", f);
    }
    fputs("}\n", f);
}

void report_sarif_end(FILE *f)
{
    fputs("]}]}\n", f);
}
