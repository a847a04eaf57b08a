/*
 * report_json.c - JSON Lines and SARIF reporters (SPEC "Output").
 * Every key the SPEC lists is written; absent values are omitted (ply for
 * game-level findings) or null (tags that the game lacks).
 */
#include "report/report_json.h"

#include "config.h"
#include "i18n.h"
#include "report/json.h"

static void key(FILE *f, const char *name)
{
    fprintf(f, ",\"%s\":", name);
}

static void key_string(FILE *f, const char *name, const char *value)
{
    key(f, name);
    json_write_cstring(f, value);
}

static void key_uint(FILE *f, const char *name, uint64_t value)
{
    key(f, name);
    fprintf(f, "%llu", (unsigned long long)value);
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

void report_jsonl_diag(FILE *f, const struct diag *d)
{
    const struct diag_info *info = diag_info(d->code);
    fputs("{\"type\":\"diagnostic\"", f);
    key_string(f, "file", d->file);
    key_uint(f, "game", d->game);
    key_uint(f, "line", d->loc.line);
    key_uint(f, "column", d->loc.column);
    key_uint(f, "offset", d->loc.offset);
    if (d->ply)
        key_uint(f, "ply", d->ply);
    if (d->move_number)
        key_uint(f, "move_number", d->move_number);
    if (d->side == 0 || d->side == 1)
        key_string(f, "side", d->side == 0 ? "white" : "black");
    if (d->san)
        key_string(f, "san", d->san);
    key_string(f, "code", info->name);
    key_string(f, "severity", diag_severity_name(d->severity));
    key_string(f, "message", d->message);
    key_string(f, "fide", info->fide);
    key_bool(f, "variation", d->variation);
    key_tags(f, d->event, d->white, d->black, d->round);
    key_string(f, "fen", d->fen);
    fputs("}\n", f);
}

void report_jsonl_game(FILE *f, const struct game_record *g)
{
    fputs("{\"type\":\"game\"", f);
    key_string(f, "file", g->file);
    key_uint(f, "game", g->game);
    key_uint(f, "offset", g->offset);
    key_uint(f, "line", g->line);
    key_tags(f, g->event, g->white, g->black, g->round);
    key_string(f, "result", g->result);
    key_uint(f, "plies", g->plies);
    fprintf(f, ",\"ending\":{\"kind\":\"%s\"", report_ending_name(g->ending));
    if (g->ending != ENDING_NONE)
        key_uint(f, "ply", g->ending_ply);
    fputs("}", f);
    key_uint(f, "errors", g->errors);
    key_uint(f, "warnings", g->warnings);
    key_uint(f, "notes", g->notes);
    key_bool(f, "judged", g->judged);
    fputs("}\n", f);
}

void report_jsonl_summary(FILE *f, const struct run_totals *t)
{
    fputs("{\"type\":\"summary\"", f);
    key_uint(f, "files", t->files);
    key_uint(f, "unreadable", t->files_unreadable);
    key_uint(f, "games", t->games);
    key_uint(f, "not_judged", t->games_skipped);
    key_uint(f, "bytes", t->bytes);
    key_uint(f, "errors", t->by_severity[DIAG_ERROR]);
    key_uint(f, "warnings", t->by_severity[DIAG_WARNING]);
    key_uint(f, "notes", t->by_severity[DIAG_NOTE]);
    fputs(",\"by_code\":{", f);
    bool first = true;
    for (int c = 0; c < DIAG_CODE_NB; c++) {
        if (!t->by_code[c])
            continue;
        fprintf(f, "%s\"%s\":%llu", first ? "" : ",", diag_info((enum diag_code)c)->name,
                (unsigned long long)t->by_code[c]);
        first = false;
    }
    fputs("}}\n", f);
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
    fputs("]}},\"results\":[\n", f);
}

void report_sarif_result(FILE *f, const struct diag *d, uint64_t index)
{
    const struct diag_info *info = diag_info(d->code);
    fprintf(f, "%s{\"ruleId\":\"%s\",\"level\":\"%s\",\"message\":{\"text\":", index ? "," : "",
            info->name, diag_severity_name(d->severity));
    json_write_cstring(f, d->message);
    fputs("},\"locations\":[{\"physicalLocation\":{\"artifactLocation\":{\"uri\":", f);
    json_write_cstring(f, d->file);
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
