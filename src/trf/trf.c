/*
 * trf.c - the reader of a FIDE Tournament Report File (FIDE Handbook C.04
 * Annex 2, TRF16; TRF-2026; JaVaFo's TRF(x) XX records): the text is decoded
 * (UTF-8, else Latin-1, said once), cut into lines at CR, LF or CRLF, and
 * each record read by its code: 012 name, 042/052 dates, 062 players, 132
 * round dates, 142 (or XXR) rounds, 162 (or XXS) scoring, 001 player lines
 * in fixed character columns (start rank 5-8, sex 10, title 11-13, name
 * 15-47, rating 49-52, federation 54-56, FIDE ID 58-68, birth 70-79, points
 * 81-84, rank 86-89, then one block per round from column 92, every 10
 * columns: opponent (4), colour, result).  What cannot be read is a
 * finding at its line and column and the rest is read; a file without a
 * single player line is no TRF.  The record fields are in trf_fields.c.
 */
#include "trf/trf.h"

#include "trf/trf_internal.h"

#include "i18n.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void trf_emit(struct trf_reader *rd, enum diag_code code, uint32_t line, uint32_t column,
              const char *fmt, ...)
{
    char message[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    if (!rd->emit) return;
    struct diag d;
    struct src_loc loc = {0, line, column};
    diag_init(&d, code, &loc, message);
    d.file = rd->name;
    rd->emit(rd->ctx, &d);
}

/* Is text[0, len) valid UTF-8 (no overlong forms, no surrogates)? */
static bool valid_utf8(const unsigned char *s, size_t len)
{
    size_t i = 0;
    while (i < len) {
        unsigned char c = s[i];
        if (c < 0x80) {
            i++;
            continue;
        }
        size_t n = c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2
                 : c >= 0xf0 && c <= 0xf4 ? 3 : 0;
        if (!n || i + n >= len) return false;
        for (size_t k = 1; k <= n; k++)
            if ((s[i + k] & 0xc0) != 0x80) return false;
        if (c == 0xe0 && s[i + 1] < 0xa0) return false;
        if (c == 0xed && s[i + 1] >= 0xa0) return false;
        if (c == 0xf0 && s[i + 1] < 0x90) return false;
        if (c == 0xf4 && s[i + 1] >= 0x90) return false;
        i += n + 1;
    }
    return true;
}

/* Latin-1 bytes as UTF-8, on the heap (twice the length at most). */
static char *latin1_to_utf8(const char *text, size_t len, size_t *out_len)
{
    char *out = malloc(2 * len + 1);
    if (!out) return NULL;
    size_t o = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c < 0x80) {
            out[o++] = (char)c;
        } else {
            out[o++] = (char)(0xc0 | (c >> 6));
            out[o++] = (char)(0x80 | (c & 0x3f));
        }
    }
    out[o] = '\0';
    *out_len = o;
    return out;
}

/* Cut line text[0, len) into characters: rd->pos[c] is where character c
 * (0-based) starts, rd->pos[rd->nchars] its end. */
static void index_line(struct trf_reader *rd, const char *text, size_t len)
{
    size_t c = 0, i = 0;
    while (i < len && c < TRF_LINE_MAX) {
        rd->pos[c++] = (uint32_t)i;
        unsigned char b = (unsigned char)text[i++];
        if (b >= 0xc0)
            while (i < len && ((unsigned char)text[i] & 0xc0) == 0x80)
                i++;
    }
    rd->nchars = c;
    rd->pos[c] = (uint32_t)i;
    rd->line_text = text;
}

/* Does the line start with a record code: three characters, then a blank
 * or the end of the line? */
static bool record_code(const struct trf_reader *rd, char code[4])
{
    if (rd->nchars < 3 || rd->pos[3] != 3) return false;
    if (rd->nchars > 3 && rd->line_text[3] != ' ' && rd->line_text[3] != '\t') return false;
    /* a code is digits or capitals ("001", "XXR"); Swiss-Manager's ruler
     * "DDD SSSS sTTT ..." is none */
    for (int i = 0; i < 3; i++) {
        char c = rd->line_text[i];
        if (!((c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z'))) return false;
    }
    if (rd->nchars >= 8 && memcmp(rd->line_text, "DDD SSSS", 8) == 0) return false;
    memcpy(code, rd->line_text, 3);
    code[3] = '\0';
    return true;
}

/* The lines of text, each handed to fn with its number. */
static void each_line(struct trf_reader *rd, const char *text, size_t len,
                      void (*fn)(struct trf_reader *, uint32_t))
{
    size_t i = 0;
    uint32_t lineno = 0;
    while (i < len) {
        size_t e = i;
        while (e < len && text[e] != '\n' && text[e] != '\r')
            e++;
        lineno++;
        index_line(rd, text + i, e - i);
        if (e - i > 0) fn(rd, lineno);
        if (e < len && text[e] == '\r' && e + 1 < len && text[e + 1] == '\n') e++;
        i = e + 1;
    }
    rd->t->lines = lineno;
}

/* Pass 1: the highest starting rank and round block of the player lines. */
static void size_line(struct trf_reader *rd, uint32_t lineno)
{
    (void)lineno;
    char code[4];
    if (!record_code(rd, code) || strcmp(code, "001") != 0) return;
    unsigned rank;
    if (trf_field_number(rd, 5, 8, &rank) != TRF_NUMBER_OK || rank == 0) return;
    rd->player_lines++;
    if (rank > rd->t->max_rank) rd->t->max_rank = rank;
    if (rd->nchars > 91) {
        unsigned blocks = (unsigned)((rd->nchars - 91 + 9) / 10);
        if (blocks > TRF_ROUNDS_MAX) blocks = TRF_ROUNDS_MAX;
        if (blocks > rd->blocks_max) rd->blocks_max = blocks;
    }
}

/* Pass 2: every record. */
static void read_line(struct trf_reader *rd, uint32_t lineno)
{
    char code[4];
    bool blank = true;
    for (size_t c = 0; c < rd->nchars && blank; c++)
        if (rd->line_text[rd->pos[c]] != ' ' && rd->line_text[rd->pos[c]] != '\t') blank = false;
    if (blank) return;
    if (rd->nchars >= 3 && memcmp(rd->line_text, "###", 3) == 0) {
        if (!rd->comments++) rd->comment_line = lineno;
        return;
    }
    if (!record_code(rd, code)) {
        if (!rd->others++) rd->other_line = lineno;
        return;
    }
    if (!trf_record(rd, code, lineno)) {
        trf_emit(rd, DIAG_TRF_FORMAT, lineno, 1,
                 _("unknown record '%s': the line is kept but not read"), code);
    }
}

static void say_once(struct trf_reader *rd)
{
    if (rd->comments)
        trf_emit(rd, DIAG_TRF_FORMAT, rd->comment_line, 1,
                 ngettext("%u comment line (###) skipped", "%u comment lines (###) skipped",
                          rd->comments),
                 rd->comments);
    if (rd->others)
        trf_emit(rd, DIAG_TRF_FORMAT, rd->other_line, 1,
                 ngettext("%u line that is no TRF record (a column ruler?) skipped",
                          "%u lines that are no TRF record (column rulers?) skipped", rd->others),
                 rd->others);
    struct trf *t = rd->t;
    if (t->declared_players && t->declared_players != t->nplayers)
        trf_emit(rd, DIAG_TRF_FORMAT, rd->players_line, 5,
                 _("062 declares %u players, the file has %u player lines"), t->declared_players,
                 t->nplayers);
}

/* The highest round with a block that is not blank. */
static unsigned rounds_written(const struct trf *t)
{
    unsigned rounds = 0;
    for (unsigned r = 1; r <= t->max_rank; r++) {
        const struct trf_player *p = &t->player[r];
        if (!p->rank) continue;
        for (unsigned k = t->rounds; k > rounds; k--) {
            const struct trf_block *b = &p->blocks[k - 1];
            if (b->opponent || (b->result && b->result != ' ') ||
                (b->colour && b->colour != ' ')) {
                rounds = k;
                break;
            }
        }
    }
    return rounds;
}

struct trf *trf_read(const char *text, size_t len, const char *name, diag_fn emit, void *ctx,
                     char *why, size_t why_len)
{
    if (len > TRF_BYTES_MAX) {
        snprintf(why, why_len, _("larger than %u bytes: no tournament report file is"),
                 TRF_BYTES_MAX);
        return NULL;
    }
    if (memchr(text, '\0', len)) {
        snprintf(why, why_len, "%s", _("binary data: not a tournament report file (TRF)"));
        return NULL;
    }
    uint64_t hash = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < len; i++)
        hash = (hash ^ (unsigned char)text[i]) * 0x100000001b3ull;
    if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0) text += 3, len -= 3;
    struct trf_reader rd;
    memset(&rd, 0, sizeof rd);
    rd.name = name;
    rd.emit = emit;
    rd.ctx = ctx;
    rd.pos = malloc((TRF_LINE_MAX + 1) * sizeof *rd.pos);
    rd.t = calloc(1, sizeof *rd.t);
    char *decoded = NULL;
    if (rd.pos && rd.t && !valid_utf8((const unsigned char *)text, len)) {
        size_t n;
        decoded = latin1_to_utf8(text, len, &n);
        if (decoded) text = decoded, len = n;
        rd.t->latin1 = true;
    }
    if (!rd.pos || !rd.t || (rd.t->latin1 && !decoded)) goto oom;
    trf_scoring_default(&rd.t->scoring);
    rd.t->hash = hash;
    each_line(&rd, text, len, size_line);
    if (!rd.player_lines) {
        snprintf(why, why_len, "%s",
                 _("not a tournament report file (TRF): it has no player line (001)"));
        goto fail;
    }
    rd.t->rounds = rd.blocks_max;
    rd.t->player = calloc(rd.t->max_rank + 1, sizeof *rd.t->player);
    rd.blocks = calloc((size_t)(rd.t->max_rank + 1) * (rd.blocks_max ? rd.blocks_max : 1),
                       sizeof *rd.blocks);
    if (!rd.t->player || !rd.blocks) goto oom;
    rd.t->player[0].blocks = rd.blocks; /* owns the array */
    for (unsigned r = 1; r <= rd.t->max_rank; r++)
        rd.t->player[r].blocks = rd.blocks + (size_t)r * rd.blocks_max;
    if (rd.t->latin1)
        trf_emit(&rd, DIAG_TRF_FORMAT, 1, 1, "%s",
                 _("the file is not UTF-8: read as Latin-1 (ISO 8859-1)"));
    each_line(&rd, text, len, read_line);
    say_once(&rd);
    rd.t->rounds = rounds_written(rd.t);
    free(decoded);
    free(rd.pos);
    return rd.t;
oom:
    snprintf(why, why_len, "%s", _("out of memory"));
fail:
    free(decoded);
    free(rd.pos);
    if (rd.t) free(rd.t->player);
    free(rd.blocks);
    free(rd.t);
    return NULL;
}

struct trf *trf_read_file(const char *path, const char *name, diag_fn emit, void *ctx, char *why,
                          size_t why_len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(why, why_len, "%s", strerror(errno));
        return NULL;
    }
    char *text = malloc(TRF_BYTES_MAX + 1);
    size_t len = text ? fread(text, 1, TRF_BYTES_MAX + 1, f) : 0;
    int e = ferror(f) ? errno : 0;
    fclose(f);
    if (!text || e) {
        free(text);
        snprintf(why, why_len, "%s", strerror(text ? e : ENOMEM));
        return NULL;
    }
    struct trf *t = trf_read(text, len, name, emit, ctx, why, why_len);
    free(text);
    return t;
}

void trf_free(struct trf *t)
{
    if (!t) return;
    if (t->player) free(t->player[0].blocks);
    free(t->player);
    free(t);
}

const struct trf_player *trf_player(const struct trf *t, unsigned r)
{
    return r >= 1 && r <= t->max_rank && t->player[r].rank ? &t->player[r] : NULL;
}

const struct trf_block *trf_block(const struct trf *t, const struct trf_player *p, unsigned r)
{
    return r >= 1 && r <= t->rounds ? &p->blocks[r - 1] : NULL;
}
