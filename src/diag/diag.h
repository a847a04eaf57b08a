/*
 * diag.h - diagnostic codes (generated from diag_codes.def), their metadata, and
 * the diagnostic record that library code hands to a callback.
 *
 * Ownership: the table is static and read-only.  A struct diag handed to a
 * diag_fn is owned by the caller and valid only during the call: a consumer
 * that keeps it must copy what it needs.
 */
#ifndef PGNARB_DIAG_H
#define PGNARB_DIAG_H

#include <stdbool.h>
#include <stdint.h>

#include "i18n.h" /* the translation markers of diag_codes.def */

enum diag_severity { DIAG_ERROR, DIAG_WARNING, DIAG_NOTE, DIAG_SEVERITY_NB };

enum diag_code {
#define DIAG_CODE(id, name, sev, fide, summary, explain) DIAG_##id,
#include "diag/diag_codes.def"
#undef DIAG_CODE
    DIAG_CODE_NB
};

struct diag_info {
    const char *name;    /* stable name, e.g. "illegal-move" */
    enum diag_severity severity; /* default severity */
    const char *fide;    /* FIDE Laws / PGN standard reference, "" when none */
    const char *summary; /* one line */
    const char *explain; /* long text for `pgnarbiter explain` */
};

/* A position in the input: byte offset (0-based), line and column (1-based). */
struct src_loc {
    uint64_t offset;
    uint32_t line;
    uint32_t column;
};

/*
 * One finding.  The reader fills code, severity, loc and message; the game
 * layer adds the game context (ply, san, fen, tags) before it reaches a report.
 * Fields not known are 0 / NULL; ply 0 means a game-level finding.
 */
struct diag {
    enum diag_code code;
    enum diag_severity severity;
    struct src_loc loc;
    const char *message;

    const char *file;      /* as shown to the user; "<stdin>" for standard input */
    uint64_t game;         /* 1-based index of the game in its file; 0 = file-level */
    uint32_t ply;          /* 1-based half-move index along the main line; 0 = none */
    uint32_t move_number;  /* full-move number of the move; 0 = none */
    int side;              /* COLOR_WHITE / COLOR_BLACK, -1 = none */
    const char *san;       /* the move token as written, NULL = none */
    const char *san_en;    /* the move in export-format SAN (legal moves), NULL = none */
    bool variation;        /* inside a RAV */
    bool after_illegal;    /* found after a main-line move that was illegal as written and
                              that the replay went past (it stood, or a move was missing) */
    const char *event, *white, *black, *round; /* tag values, NULL = absent */
    const char *fen;       /* position before the move, NULL = none */
};

typedef void (*diag_fn)(void *ctx, const struct diag *d);

/* Metadata of a code; code must be < DIAG_CODE_NB. */
const struct diag_info *diag_info(enum diag_code code);

/* Code for a stable name, or DIAG_CODE_NB when there is none. */
enum diag_code diag_lookup(const char *name);

/* "error", "warning", "note": the stable names (JSON, SARIF). */
const char *diag_severity_name(enum diag_severity sev);

/* The same for people, in the user's language ("errore" in Italian). */
const char *diag_severity_label(enum diag_severity sev);

/* Fill *d with code, its default severity, loc and message; context zeroed. */
void diag_init(struct diag *d, enum diag_code code, const struct src_loc *loc,
               const char *message);

#endif /* PGNARB_DIAG_H */
