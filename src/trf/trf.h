/*
 * trf.h - reading a FIDE Tournament Report File (TRF16, TRF-2026, the TRF(x)
 * records JaVaFo reads, and the older Krause ".tab" files that share the
 * 001 player line), held whole in memory.  The reader knows no chess: it
 * reads fixed columns into players and their round blocks, and reports what
 * it cannot read as findings (trf-malformed, trf-format) at the TRF's line
 * and column.  trf_check() then holds the file to itself (trf-inconsistent,
 * trf-points).
 *
 * Columns are characters (1-based), not bytes: a UTF-8 name shifts no
 * column.  A file that is not UTF-8 is read as Latin-1 (said once) and its
 * text turned into UTF-8, so every string here is UTF-8.
 *
 * Ownership: trf_read() returns a heap object freed by trf_free() (NULL is
 * a no-op); its strings live as long as it does.
 */
#ifndef PGNARB_TRF_H
#define PGNARB_TRF_H

#include "diag/diag.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TRF_PLAYERS_MAX 9999 /* starting ranks 1..9999 (four columns) */
#define TRF_ROUNDS_MAX  99   /* round blocks read on a player line */
#define TRF_BYTES_MAX   (16u << 20) /* a larger file is refused */
#define TRF_LINE_MAX    4096 /* characters of a line read; the rest is left */
#define TRF_TEXT_MAX    128  /* a header value kept (012, 042, ...) */

/* One round of one player: columns 92 + 10 (r - 1) on. */
struct trf_block {
    uint16_t opponent; /* starting rank, 0 = none (blank or 0000) */
    char colour;       /* 'w', 'b', '-' or ' ' */
    char result;       /* the code as written: 1 = 0 + - W D L H F U Z, ' ' blank,
                          '\0' no block (the line ends before it) */
    uint32_t column;   /* where the block starts */
};

struct trf_player {
    unsigned rank;   /* starting rank, 1-based; 0 = no such player */
    uint32_t line;   /* its 001 line */
    char sex;
    char title[4];
    char name[4 * 33 + 1];  /* columns 15-47, trimmed, UTF-8 */
    unsigned rating;        /* 0 = none */
    char federation[4 * 3 + 1];
    char fide_id[12];       /* digits only, "" = none */
    char birth[4 * 10 + 1];
    int points;             /* tenths of a point; valid when has_points */
    bool has_points;
    uint32_t points_column;
    unsigned final_rank;    /* 0 = none */
    struct trf_block *blocks; /* trf.rounds of them */
};

/* Points of each result code, in tenths (162 / XXS, else 1, 1/2, 0). */
struct trf_scoring {
    int win, draw, loss;                    /* 1 = 0 and W D L */
    int forfeit_win, forfeit_loss;          /* + - */
    int half_bye, full_bye, pairing_bye, zero_bye; /* H F U Z */
};

struct trf_round_date {
    int year, month, day; /* 0 when the 132 record gives none */
};

struct trf {
    char name[TRF_TEXT_MAX];  /* 012 */
    char start[TRF_TEXT_MAX]; /* 042 */
    char end[TRF_TEXT_MAX];   /* 052 */
    unsigned declared_players; /* 062, 0 = absent */
    unsigned declared_rounds;  /* 142 (or XXR), 0 = absent */
    struct trf_round_date dates[TRF_ROUNDS_MAX + 1]; /* 132, by round (1-based) */
    struct trf_scoring scoring;
    bool latin1;              /* the file was read as Latin-1 */
    uint64_t hash;            /* FNV-1a (64 bits) of the file's bytes, as read: what a
                                 shard's summary names the TRF by for merge */
    unsigned rounds;          /* highest round with a block that is not blank */
    unsigned max_rank;        /* highest starting rank */
    unsigned nplayers;        /* 001 lines read */
    struct trf_player *player; /* indexed by starting rank, [0] unused */
    uint32_t lines;
};

/* Read text[0, len) as a TRF named name (shown in findings, which go to
 * emit with d->file = name).  NULL when it is no TRF at all (no 001 player
 * line, binary bytes, too large) or memory runs out: why says which. */
struct trf *trf_read(const char *text, size_t len, const char *name, diag_fn emit, void *ctx,
                     char *why, size_t why_len);

/* Read the file at path (trf_read()); NULL with why when it cannot be read
 * or is no TRF. */
struct trf *trf_read_file(const char *path, const char *name, diag_fn emit, void *ctx, char *why,
                          size_t why_len);

void trf_free(struct trf *t);

/* The player of starting rank r, NULL when there is none. */
const struct trf_player *trf_player(const struct trf *t, unsigned r);

/* The block of player p in round r (1-based), NULL past the rounds. */
const struct trf_block *trf_block(const struct trf *t, const struct trf_player *p, unsigned r);

/* Points of a result code under t's scoring, in tenths. */
int trf_code_points(const struct trf *t, char code);

/* Codes of a game played over the board (1 = 0 W D L), of a forfeit (+ -),
 * of a bye or absence (H F U Z, or no opponent). */
bool trf_code_played(char code);
bool trf_code_forfeit(char code);

/* Do codes a (of one player) and b (of the opponent) agree (1/0, =/=, W/L,
 * D/D, +/-, -/-)? */
bool trf_codes_complement(char a, char b);

/* The file's own consistency (trf-inconsistent, trf-points), each finding
 * at the TRF line and column. */
void trf_check(const struct trf *t, const char *name, diag_fn emit, void *ctx);

#endif /* PGNARB_TRF_H */
