/*
 * pgnarbiter.h - libpgnarbiter, the pgnarbiter checker as a C library.
 *
 * API version 1.  The library judges PGN exactly as `pgnarbiter check` does
 * (the command is built on this library: one code path) and hands out every
 * finding and game record with the fields `--format=jsonl` writes, both as
 * that very JSON line and, for the common fields, typed.
 *
 *     struct pgnarbiter_options o;
 *     pgnarbiter_options_init(&o);
 *     o.strict = 1;
 *     char why[256];
 *     pgnarbiter_checker *c = pgnarbiter_new(&o, why, sizeof why);
 *     if (!c) { fprintf(stderr, "%s\n", why); return 2; }
 *     pgnarbiter_add_path(c, "event.pgn");
 *     pgnarbiter_end_inputs(c);
 *     const struct pgnarbiter_record *r;
 *     int st;
 *     while ((st = pgnarbiter_next(c, &r)) == PGNARBITER_OK)
 *         if (r->kind == PGNARBITER_FINDING) printf("%s %s\n", r->code, r->message);
 *     if (st != PGNARBITER_END) fprintf(stderr, "%s\n", pgnarbiter_error(c));
 *     pgnarbiter_free(c);
 *
 * Inputs are read in the order they are added; records come in input order,
 * the same for any number of jobs, as the command's output.  Bytes may also
 * be fed in chunks (pgnarbiter_feed_begin/feed/feed_end): pgnarbiter_next
 * then returns PGNARBITER_NEED_INPUT when it has judged everything fed so far
 * and cannot go on without more bytes.
 *
 * Memory is bounded whatever the size of the input, as long as the caller
 * takes the records as they come.  There is no global state: each checker is
 * independent, and different checkers may be used on different threads at
 * once; one checker must not be used by two threads at the same time.  The
 * library never prints, never exits and never aborts on bad input: a call that
 * cannot be carried out returns an error status and pgnarbiter_error() says
 * why, in a sentence.  Bad PGN is never an error of the API: it is findings.
 * Messages are in the language of the process's locale (LANGUAGE, LC_MESSAGES),
 * as the command's are; the library does not call setlocale().
 *
 * Link with `pkg-config --cflags --libs pgnarbiter`.  MIT licence.
 */
#ifndef PGNARBITER_H
#define PGNARBITER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PGNARBITER_API_VERSION 1

/* What the shared library exports: these functions only (it is built with
 * PGNARBITER_BUILDING and -fvisibility=hidden). */
#if defined(PGNARBITER_BUILDING) && defined(__GNUC__)
#define PGNARBITER_API __attribute__((visibility("default")))
#else
#define PGNARBITER_API
#endif

/* The library's version, "0.1.0". */
PGNARBITER_API const char *pgnarbiter_version(void);

/* What a call returns. */
enum pgnarbiter_status {
    PGNARBITER_OK = 0,         /* done; pgnarbiter_next: a record is given */
    PGNARBITER_END = 1,        /* pgnarbiter_next: the run is over, every record was given */
    PGNARBITER_NEED_INPUT = 2, /* pgnarbiter_next: everything added so far is judged; add or
                                  feed more input, or call pgnarbiter_end_inputs() */
    PGNARBITER_TIMEOUT = 3,    /* pgnarbiter_next_wait: no record came in the time given;
                                  the run goes on: call again */
    PGNARBITER_ERR_USAGE = -1, /* a bad argument or option value, or a call out of order */
    PGNARBITER_ERR_INPUT = -2, /* reserved: a --trf or --players file that cannot be used
                                  makes pgnarbiter_new() return NULL with why; a PGN
                                  input that cannot be read is a finding, as in the command */
    PGNARBITER_ERR_MEMORY = -3,/* out of memory; the checker can only be freed */
    PGNARBITER_ERR_SYSTEM = -4 /* a thread could not be started, and the like */
};

/* The options, the command's (pgnarbiter(1) says what each means).  Always
 * start from pgnarbiter_options_init(); NULL strings mean the default. */
struct pgnarbiter_options {
    size_t size;              /* sizeof (struct pgnarbiter_options), set by _init */
    int strict;               /* --strict */
    int werror;               /* --werror */
    int report_games;         /* --report=games: a game record for every game */
    unsigned jobs;            /* --jobs: 1 (default) judges on one thread, 0 one per processor */
    const char *notation;     /* --notation: "auto" (default), "en", "it", ... */
    const char *select;       /* --select: codes, comma separated */
    const char *ignore;       /* --ignore */
    const char *severity;     /* --severity: "code=level,..." */
    const char *config;       /* --config FILE; no settings file is read when NULL */
    const char *duplicates;   /* --duplicates */
    const char *round_form;   /* --round-form */
    const char *after_illegal;/* --after-illegal: "continue" (default) or "stop" */
    double clock_delay;       /* --clock-delay, seconds; < 0: the default */
    double clock_slack;       /* --clock-slack, seconds; < 0: the default */
    const char *trf;          /* --trf FILE */
    const char *players;      /* --players FILE */
    int trf_require_all;      /* --trf-require-all */
    const char *stdin_name;   /* how standard input ("-") is named; default "<stdin>" */
};

/* Fill *o with the defaults. */
PGNARBITER_API void pgnarbiter_options_init(struct pgnarbiter_options *o);

typedef struct pgnarbiter_checker pgnarbiter_checker;

/* A checker with these options (NULL: the defaults), or NULL with why
 * (a sentence, cut to whylen) when the options are wrong, a --trf or
 * --players file cannot be read, or memory runs out. */
PGNARBITER_API pgnarbiter_checker *pgnarbiter_new(const struct pgnarbiter_options *o, char *why,
                                                  size_t whylen);

/* Free the checker and everything it gave out; NULL is a no-op.  Allowed at
 * any time: a run not yet over is abandoned. */
PGNARBITER_API void pgnarbiter_free(pgnarbiter_checker *c);

/* Why the last call on c failed, a sentence; "" when none did. */
PGNARBITER_API const char *pgnarbiter_error(const pgnarbiter_checker *c);

/* Add an input, read after those added before it:
 *  - a path: a file, plain, gzip or zstd compressed, or "-" for standard
 *    input; the path is copied;
 *  - a FILE* open for reading, named name in the records (NULL: "<stream>");
 *    it is read to its end when its turn comes, and not closed; it must stay
 *    open until pgnarbiter_next has given a record of a later input or END;
 *  - bytes in memory, named name; they are not copied and must stay
 *    unchanged until the same moment;
 *  - bytes fed in chunks: pgnarbiter_feed_begin(name), any number of
 *    pgnarbiter_feed() (each chunk is copied), pgnarbiter_feed_end().  Until
 *    feed_end, pgnarbiter_next returns NEED_INPUT once it has judged all it
 *    can of the bytes fed: the reader looks a few hundred bytes past a game
 *    (and a file's first 128 bytes tell its format), so the last game fed
 *    may wait for more bytes or feed_end; with jobs > 1 a fed input's games
 *    may wait longer (for a piece to fill), never past feed_end.  Games split
 *    across chunks are judged as if fed at once.  Fed bytes and FILE*
 *    inputs are read as a file is: gzip and zstd detected, CR line breaks.
 * Adding an input after pgnarbiter_end_inputs(), or any other input between
 * feed_begin and feed_end, is ERR_USAGE. */
PGNARBITER_API int pgnarbiter_add_path(pgnarbiter_checker *c, const char *path);
PGNARBITER_API int pgnarbiter_add_file(pgnarbiter_checker *c, FILE *f, const char *name);
PGNARBITER_API int pgnarbiter_add_bytes(pgnarbiter_checker *c, const void *bytes, size_t len,
                                        const char *name);
PGNARBITER_API int pgnarbiter_feed_begin(pgnarbiter_checker *c, const char *name);
PGNARBITER_API int pgnarbiter_feed(pgnarbiter_checker *c, const void *bytes, size_t len);
PGNARBITER_API int pgnarbiter_feed_end(pgnarbiter_checker *c);

/* No more inputs: once they are judged, the checks across games (duplicates,
 * rounds, players, the TRF) give their findings, then the summary record,
 * then pgnarbiter_next returns END. */
PGNARBITER_API int pgnarbiter_end_inputs(pgnarbiter_checker *c);

/* What a record is: a line of `--format=jsonl` ("type" in its JSON). */
enum pgnarbiter_record_kind {
    PGNARBITER_FINDING = 0, /* a finding ("type":"diagnostic") */
    PGNARBITER_GAME = 1,    /* a game record ("type":"game"), with report_games */
    PGNARBITER_SUMMARY = 2  /* the run's totals ("type":"summary"), last */
};

/* One record.  json is the line the command writes with --format=jsonl for
 * it, without the line feed: everything is there.  The typed fields repeat
 * the common ones; strings are UTF-8, NULL when the record has none. */
struct pgnarbiter_record {
    enum pgnarbiter_record_kind kind;
    const char *json;
    size_t json_len;
    const char *file;      /* the input's name */
    uint64_t game;         /* 1-based game in its file; 0 = none (a file-level finding) */
    uint64_t line;         /* finding: its line; game: the line where the game starts */
    /* findings */
    const char *code;      /* "illegal-move" */
    const char *severity;  /* "error", "warning", "note" */
    const char *message;   /* in the locale's language */
    uint32_t ply;          /* 1-based half-move of the main line, 0 = none */
    /* findings and game records: the game's tags */
    const char *event, *white, *black, *round;
    /* game records */
    const char *result;    /* as recorded */
    uint32_t plies;
    /* the summary and game records: finding counts */
    uint64_t errors, warnings, notes;
    /* the summary: the command's exit status for this run (0, 1, 2) and games read */
    int status;
    uint64_t games;
};

/* The next record in *r, valid until the next call on c: OK; END once the
 * run is over; NEED_INPUT (see above); or an error, with *r NULL. */
PGNARBITER_API int pgnarbiter_next(pgnarbiter_checker *c, const struct pgnarbiter_record **r);

/* The same, waiting at most timeout_ms milliseconds for the checker's
 * thread: TIMEOUT when no record came by then (nothing is lost; call
 * again).  For a caller that must stay responsive while a long clean input
 * is judged: a Python binding checking for Ctrl-C, an event loop. */
PGNARBITER_API int pgnarbiter_next_wait(pgnarbiter_checker *c, const struct pgnarbiter_record **r,
                                        unsigned timeout_ms);

/* One position judged, as `pgnarbiter position --format=jsonl` does:
 * is it legal, check, mate, stalemate, can each side still checkmate, dead.
 * nodes: the search budget per side (0: the default). */
struct pgnarbiter_position {
    int legal;             /* a legal position; else reason says what is wrong */
    int check, checkmate, stalemate, dead;
    int white_can_win, black_can_win; /* 1 can, 0 cannot, -1 not decided */
    char reason[256];      /* legal == 0: why not, as the command says it; else "" */
    char *json;            /* the command's line, malloc'ed: free it with pgnarbiter_string_free */
};
/* OK (a FEN that is not a legal position is OK too, with legal 0), or
 * ERR_USAGE / ERR_MEMORY with why. */
PGNARBITER_API int pgnarbiter_judge_position(const char *fen, int chess960, unsigned long nodes,
                                             struct pgnarbiter_position *out, char *why,
                                             size_t whylen);

/* A move written in any notation pgnarbiter reads (SAN in English, Italian,
 * ..., figurines, LAN, UCI), played from fen: the move in English SAN (with
 * + or #) and the FEN after it, both malloc'ed (free with
 * pgnarbiter_string_free).  ERR_USAGE with why when the FEN is not a legal
 * position or the move not legal or ambiguous there; notation as in the
 * options (NULL: "auto"). */
PGNARBITER_API int pgnarbiter_play_move(const char *fen, const char *move, const char *notation,
                                        char **san, char **fen_after, char *why, size_t whylen);

/* The starting position's FEN. */
#define PGNARBITER_START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

PGNARBITER_API void pgnarbiter_string_free(char *s);

#ifdef __cplusplus
}
#endif

#endif /* PGNARBITER_H */
