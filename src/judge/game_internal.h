/*
 * game_internal.h - the state of the game being replayed, shared by game.c
 * (the replay: tags, lines, moves, variations) and game_end.c (what is judged
 * when a game ends: result, automatic draws, claims, tag values).  Not for
 * other modules: game.h is the interface.
 */
#ifndef PGNARB_GAME_INTERNAL_H
#define PGNARB_GAME_INTERNAL_H

#include "judge/arbiter.h"
#include "judge/clock_check.h"
#include "diag/diag.h"
#include "judge/game.h"
#include "chess/position.h"
#include "chess/notation.h"
#include "chess/san.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct pgn_event;
struct game_nota;
struct illegal_class;

#define TAG_VALUE_MAX 256
#define MESSAGE_MAX   512
#define SAN_TEXT_MAX  48
#define FEN_TEXT_MAX  128
#define DEFERRED_MAX  8
#define FINDINGS_MAX  64 /* a game's findings held to go out in file order */
#define GAME_MAINLINE_MAX 4096 /* bytes of main-line text kept (--format=html) */

enum tag_slot {
    TAG_EVENT,
    TAG_SITE,
    TAG_DATE,
    TAG_ROUND,
    TAG_WHITE,
    TAG_BLACK,
    TAG_RESULT, /* roster */
    TAG_FEN,
    TAG_VARIANT,
    TAG_TERMINATION,
    TAG_TERMINATION_DETAILS,
    TAG_WHITE_FIDE_ID, /* who each player is: judge/collection_players.c */
    TAG_BLACK_FIDE_ID,
    TAG_WHITE_ELO,
    TAG_BLACK_ELO,
    TAG_WHITE_TITLE,
    TAG_BLACK_TITLE,
    TAG_SLOT_NB
};
#define TAG_ROSTER_NB (TAG_RESULT + 1)

struct tag_name {
    const char *text;
    size_t len;
};
extern const struct tag_name game_tag_names[TAG_SLOT_NB];

struct tag {
    bool present;
    struct src_loc loc;
    char value[TAG_VALUE_MAX];
};

/* Where a move stands: enough to name it in a finding. */
struct move_ctx {
    struct src_loc loc;
    uint32_t ply;
    uint32_t move_number;
    int side;
    bool variation;
    char san[SAN_TEXT_MAX];
    char san_en[16];        /* export-format SAN when the move is legal, else "" */
    char fen[FEN_TEXT_MAX]; /* position before the move */
};

/* A finding held back until its line ends. */
struct held {
    bool active;
    enum diag_code code;
    struct move_ctx at;
    char message[MESSAGE_MAX];
};

struct line {
    struct position pos;  /* the current position */
    struct pos_undo undo; /* takes back the last move token, when last_made */
    bool last_made;       /* the last move token was played (else it failed) */
    bool before_valid;    /* a variation may start from the position before it */
    bool broken;          /* a move failed: later moves are not checked */
    bool silent;          /* broken from the start (its parent could not be replayed) */
    uint32_t ply;         /* plies from the game's start to pos */
    uint32_t unchecked;
    int64_t number_shift; /* the file's move numbers minus the position's */
    struct held held;
};

struct deferred {
    enum diag_code code;
    enum diag_severity severity;
    struct src_loc loc;
    char message[MESSAGE_MAX];
};

/* A finding of the current game, held until the game ends (game_diag.c):
 * the diag with its own copies of the texts that do not outlive the call. */
struct finding {
    struct diag d;
    char message[MESSAGE_MAX + 64];
    char san[SAN_TEXT_MAX];
    char san_en[SAN_TEXT_MAX];
    char fen[FEN_TEXT_MAX];
};

struct game {
    struct game_sink sink;
    bool strict;
    const struct diag_control *control; /* --ignore, --select, --severity; NULL: none */
    const char *file;

    /* tag names by bucket (tag_bucket() in game.c): slot + 1, 0 for none;
     * tag_buckets_ok when no two names share a bucket (else the names are
     * searched one by one) */
    uint8_t tag_buckets[64];
    bool tag_buckets_ok;

    /* the game being read */
    uint64_t index;
    struct src_loc start;
    struct tag tags[TAG_SLOT_NB];
    bool active;     /* between GAME_BEGIN and GAME_END */
    bool set_up;     /* start position decided (tags complete) */
    bool judged;     /* a variant we judge */
    bool replayable; /* the start position is valid */
    int depth;       /* current variation depth, 0 = main line */
    bool deep_warned;
    bool numbering_warned;
    uint32_t plies; /* main-line move tokens */
    uint32_t errors, warnings, notes;

    struct arbiter arb;
    struct move_ctx ending_at; /* the move that produced arb.ending */
    uint32_t void_moves;       /* main-line moves after the ending */
    uint64_t unplayed_hash;    /* text of the main-line moves not replayed (fingerprint) */
    struct move_ctx first_void;

    bool has_result;
    struct src_loc result_loc;
    char result[16];
    /* A movetext that ended in "0-0", "+/-" or "-/+" with no marker
     * (PGN_RESULT_AMBIGUOUS): how it was read (game_result.c), and whether
     * it was "0-0"; GAME_RESULT_READ_NONE for any other game. */
    uint8_t result_read;
    bool result_read_zeros;
    enum result_kind result_kind; /* game_result_judge() */
    char final_comment[72]; /* main-line comment after the last move */
    char read_text[16];     /* a move in the game's letters, read in English (game.c) */
    bool final_comment_set;
    /* A MOVE_COMMENTED's comment not yet copied to final_comment: the text
     * in the run of events being fed, copied only if it is still the last
     * comment when the run ends (game.c, take_due_comment()). */
    const char *comment_due;
    size_t comment_due_len;

    int ndeferred;
    struct deferred deferred[DEFERRED_MAX];

    /* notation (game_nota.c) */
    unsigned nota_start;  /* the sets a game starts from (--notation) */
    unsigned nota;        /* the sets (NOTA_*) the game's letters still allow */
    uint8_t nota_slow;    /* 1: moves with letters are read through game_nota_read();
                             bit 2: every move takes on_move_general() (kept
                             events: 3) */
    bool nota_hold;       /* events are kept until the letters are known */
    bool nota_glyph;      /* a figurine was written */
    bool nota_replaying;  /* kept events are being replayed */
    bool muted;           /* a trial replay of kept events: findings are dropped */
    uint32_t trial_at;    /* index of the kept event being replayed */
    uint32_t trial_fail;  /* trial: index of the first move that failed, or UINT32_MAX */
    bool trial_first_ok;  /* trial: the first kept move (the one read two ways) was played */
    uint32_t nota_part_at; /* the kept move where two legal readings part, or UINT32_MAX */
    char nota_part_msg[MESSAGE_MAX];
    struct game_nota *nt;
    /* illegal main-line moves (illegal_class.c) */
    bool after_illegal_stop; /* --after-illegal=stop: the replay stops at them */
    bool ic_hold;            /* events are kept until an illegal move's class is known */
    bool after_illegal;      /* the replay went past one: later findings say so */
    uint64_t after_illegal_at; /* its offset (0 once the game's end is judged) */
    uint8_t ic_count;        /* illegal moves classified in this game */
    uint8_t stood[2];        /* illegal moves that stood, per side */
    struct illegal_class *ic;
    unsigned nfindings; /* held, in file order (by offset; ties as emitted) */
    struct finding findings[FINDINGS_MAX];
    /* the main line as written, only when sink.want_mainline (game_mainline.c) */
    char mainline[GAME_MAINLINE_MAX];
    size_t mainline_len;
    bool mainline_cut;
    uint32_t mainline_first_number; /* fullmove and side of ply 1 */
    int mainline_first_side;
    char final_fen[FEN_TEXT_MAX];

    struct game_clock clk; /* the clocks (clock_check.c) */
    struct clock_line clk_lines[CLOCK_LINE_DEPTH_MAX]; /* a variation's, by depth */
    struct src_loc clk_tag_loc[2]; /* WhiteClock, BlackClock: read when clk.tag_clock is */
    char clk_tc[TC_TEXT_MAX]; /* the time control read, for the record */

    struct line lines[GAME_LINE_DEPTH_MAX];
};

/* Copy n bytes of an event's text and end them with a NUL (dst has room for
 * n + 1).  The usual texts - a clock comment, most tag values - are 4 to 16
 * bytes: two loads and two stores that overlap as they must, with no call.
 * Longer ones go to the library's memcpy: the compiler, knowing n bounded,
 * would copy with a string instruction (rep movs) whose start-up costs more
 * than such texts take, so the bound is hidden from it. */
static inline void game_copy_text(char *dst, const char *src, size_t n)
{
    if (n - 8 <= 8) { /* 8 to 16 */
        uint64_t a, b;
        memcpy(&a, src, 8);
        memcpy(&b, src + n - 8, 8);
        memcpy(dst, &a, 8);
        memcpy(dst + n - 8, &b, 8);
    } else if (n - 4 <= 3) { /* 4 to 7 */
        uint32_t a, b;
        memcpy(&a, src, 4);
        memcpy(&b, src + n - 4, 4);
        memcpy(dst, &a, 4);
        memcpy(dst + n - 4, &b, 4);
    } else if (n - 1 <= 2) { /* 1 to 3 ("f3" of an Italian "Cf3") */
        char a = src[0], b = src[n / 2], c = src[n - 1];
        dst[0] = a;
        dst[n / 2] = b;
        dst[n - 1] = c;
    } else {
#if defined(__GNUC__)
        __asm__("" : "+r"(n));
#endif
        memcpy(dst, src, n);
    }
    dst[n] = '\0';
}

/* The position before l's last move token (the current one if it failed). */
static inline void game_line_before(const struct line *l, struct position *out)
{
    *out = l->pos;
    if (l->last_made) pos_undo(out, &l->undo);
}

struct san_result;

/* game_diag.c: name the move of ev, played as ply `ply` from `before` on
 * line l (for a finding at it). */
void game_move_ctx_set(struct move_ctx *at, const struct pgn_event *ev, uint32_t ply,
                       const struct position *before, bool variation, const struct line *l);

/* game_diag.c: what there is to say about a legal move just played on l: the
 * ending it reached (ended), its check marks, its spelling. */
void game_move_notes(struct game *g, const struct pgn_event *ev, struct line *l,
                     const struct san_result *res, bool check, bool mate, bool ended,
                     bool main_line);

/* game_result.c: the result forms (pgn/pgn_result.h).  The form of a
 * result text, or NULL; a RESULT event with PGN_RESULT_AMBIGUOUS: true when
 * it is the marker (else it was fed as the move it also is); once the game
 * ends, the result it records (NULL: none) and its form, with the findings
 * about them (said: what the Termination tags and the closing comment say). */
enum { GAME_RESULT_READ_NONE, GAME_RESULT_READ_MARKER, GAME_RESULT_READ_NO_CASTLING,
       GAME_RESULT_READ_MOVE };
struct claim;
struct pgn_result_form;
const struct pgn_result_form *game_result_form(const char *text);
bool game_result_ambiguous(struct game *g, const struct pgn_event *ev);
const char *game_result_judge(struct game *g, const struct claim *said,
                              const struct pgn_result_form **form);

/* game_nota.c: per-game notation detection. */
struct game_nota *game_nota_new(void);
void game_nota_free(struct game_nota *nt);
/* A new game: the sets from --notation. */
void game_nota_begin(struct game *g);
/* A move on l (will_resolve: it is replayed, not skipped): narrow the sets
 * by its letters and give its English text in buf; false when it was kept
 * instead (its reading waits for the game's other letters). */
bool game_nota_read(struct game *g, const struct pgn_event *ev, bool will_resolve, char *buf,
                    size_t size, const char **text, size_t *len);
/* Narrow the notations by letters that read the same in all of them. */
void game_nota_narrow(struct game *g, uint32_t letters);
/* A main-line move whose one letter is its first (Cf3, Txe1), read in the
 * game's letters as game_nota_read() reads it into g->read_text, for the
 * usual path; NULL for every other move (the notations narrowed at most). */
const char *game_nota_read_usual(struct game *g, const struct pgn_event *ev);
/* While g->nota_hold: keep an event (or a parser finding) for later. */
void game_nota_keep(struct game *g, const struct pgn_event *ev);
void game_nota_keep_diag(struct game *g, const struct diag *d);
/* Whether a finding of code found at sev would be reported (the control's
 * level, notes only under --strict): for findings costly to make. */
bool game_reports(const struct game *g, enum diag_code code, enum diag_severity sev);
/* At the end of a game: under --strict (or when the control raises it), the
 * note naming its notation. */
void game_nota_end(struct game *g);
/* The notation name of the game, when it is not English, else NULL. */
const char *game_nota_name(const struct game *g);
/* The notation a move is read in, for messages. */
const char *game_nota_reading(const struct game *g);

/* game_nota.c: recompute the path moves take (nota_slow) after nota_hold
 * or nota_replaying changed. */
void game_nota_slow(struct game *g);
/* game_nota.c: the sets split into classes that read `letters` alike,
 * English first; returns their number. */
int game_nota_classes(unsigned sets, uint32_t letters, unsigned cls[NOTA_SET_NB]);

/* illegal_class.c: what most likely happened at an illegal main-line move. */
struct illegal_class *illegal_new(void);
void illegal_free(struct illegal_class *ic);
void illegal_begin(struct game *g);
/* A main-line move of ev that failed (st, res; text: as the game's letters
 * read it): true when it is kept to be classified with what follows. */
bool illegal_start(struct game *g, const struct pgn_event *ev, const char *text, size_t len,
                   enum san_status st, const struct san_result *res);
/* While g->ic_hold: keep an event (game_nota_keep() hands it over) or a
 * parser finding. */
void illegal_keep(struct game *g, const struct pgn_event *ev);
void illegal_keep_diag(struct game *g, const struct diag *d);
/* A main-line move after a classified one: true when the class decided
 * what it is (played, or skipped). */
bool illegal_planned(struct game *g, const struct pgn_event *ev, const char *text, size_t len);

/* game.c: the main-line move of ev failed (not classified): say so when
 * the line ends, and check no further move of it. */
void game_move_failed(struct game *g, const struct pgn_event *ev, struct line *l, const char *text,
                      size_t text_len, enum san_status st, const struct san_result *res);
/* game.c: play m on the main line as the move of ev, legal or (stood) an
 * illegal move that stood or the reply to it (pos_make_stood()). */
void game_play_planned(struct game *g, const struct pgn_event *ev, move m, bool stood);

static inline const char *tag_value(const struct game *g, enum tag_slot slot)
{
    return g->tags[slot].present ? g->tags[slot].value : NULL;
}

/* Report a finding of the current game (game_diag.c): at a move when `at` is set,
 * else at loc. */
void game_emit(struct game *g, enum diag_code code, enum diag_severity severity,
               const struct src_loc *loc, const struct move_ctx *at, const char *message);
void game_emitf(struct game *g, enum diag_code code, enum diag_severity severity,
                const struct src_loc *loc, const struct move_ctx *at, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
/* game_emitf() at loc for the move of `side` (COLOR_WHITE, COLOR_BLACK)
 * numbered move_number, at ply `ply` of its line, without the move itself (a
 * clock read after it, clock_check.c); marked as inside a variation when
 * `variation`. */
void game_emitf_in(struct game *g, enum diag_code code, enum diag_severity severity,
                   const struct src_loc *loc, bool variation, int side, uint32_t move_number,
                   uint32_t ply, const char *fmt, ...) __attribute__((format(printf, 9, 10)));

/* Deliver the game's held findings in file order (game_diag.c): when the
 * game ends, before its record, or when FINDINGS_MAX are held. */
void game_flush_findings(struct game *g);
/* game_mainline.c (only when sink.want_mainline): add the main-line move of
 * ev, the g->plies-th, to g->mainline; at the end, point rec at the main
 * line and the final position. */
void game_mainline_add(struct game *g, const struct pgn_event *ev);
void game_mainline_finish(struct game *g, struct game_record *rec);

/* Emit the parser findings held while the tag section was read (game_diag.c). */
void game_flush_deferred(struct game *g);

/* game_end.c: where a finding about the game's end goes: its result
 * marker, else its Result tag, else its start. */
const struct src_loc *game_result_loc(const struct game *g);

/* game_end.c: the tag values the replay does not need (Result, Date, Round),
 * checked once the tag section is complete. */
void game_check_tags(struct game *g);

/* game_end.c: at the end of a game, judge the termination marker, the
 * automatic draws, moves after the end, the result and the claims; returns the
 * recorded result (NULL when none is valid). */
const char *game_judge_end(struct game *g);

#endif
