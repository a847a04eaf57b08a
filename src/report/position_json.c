/*
 * position_json.c - a judged position as the jsonl line of `pgnarbiter
 * position` (position_json.h; doc/pgnarbiter-jsonl.schema.json): FEN
 * (PGN 16.1), the verdicts of FIDE 5.1.1, 5.2.1, 5.2.2, and the mating
 * lines that prove a side can still win, in UCI.
 */
#include "report/position_json.h"

#include "chess/san.h"
#include "report/json.h"

const char *position_side_name(int c)
{
    return c == COLOR_WHITE ? "white" : "black";
}

void position_write_line(FILE *out, const struct position_verdict *v, int c, bool json)
{
    struct position p = v->pos;
    const struct deadpos_result *r = &v->res[c];
    for (int i = 0; i < r->line_len; i++) {
        char uci[SAN_MAX];
        san_uci(&p, r->line[i], uci);
        if (json)
            fprintf(out, "%s\"%s\"", i ? "," : "", uci);
        else
            fprintf(out, " %s", uci);
        pos_make(&p, r->line[i]);
    }
}

void position_write_jsonl(FILE *out, const struct position_verdict *v)
{
    fputs("{\"fen\":", out);
    json_write_cstring(out, v->fen);
    if (!v->legal) {
        fputs(",\"legal\":false,\"reason\":", out);
        json_write_cstring(out, v->why);
        fputs(",\"side_to_move\":null,\"check\":null,\"checkmate\":null,\"stalemate\":null,"
              "\"dead\":null,\"white_can_win\":null,\"black_can_win\":null}\n",
              out);
        return;
    }
    fprintf(out,
            ",\"legal\":true,\"side_to_move\":\"%s\",\"check\":%s,\"checkmate\":%s,"
            "\"stalemate\":%s,\"dead\":%s,\"white_can_win\":%s,\"black_can_win\":%s",
            position_side_name(v->pos.side), v->check ? "true" : "false",
            v->mate ? "true" : "false", v->stalemate ? "true" : "false", position_dead_json(v),
            position_can_win_json(v, COLOR_WHITE), position_can_win_json(v, COLOR_BLACK));
    for (int c = 0; c < COLOR_NB; c++) {
        const struct deadpos_result *r = &v->res[c];
        if (r->verdict == DEADPOS_CAN_WIN) {
            fprintf(out, ",\"%s_mate_line\":[", position_side_name(c));
            position_write_line(out, v, c, true);
            fputc(']', out);
        } else if (r->verdict == DEADPOS_CANNOT_WIN) {
            fprintf(out, ",\"%s_cannot_win\":", position_side_name(c));
            json_write_cstring(out, deadpos_why_text(r->why));
        }
    }
    fputs("}\n", out);
}
