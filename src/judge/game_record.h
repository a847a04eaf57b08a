/*
 * game_record.h - what the judge concludes about one game: how it ended along
 * its main line (SPEC "How an ending is judged") and the per-game record that
 * --report=games prints.  The judge (game, arbiter) fills these; the jobs
 * carry them; report/ only reads them.
 *
 * Ownership: plain values; the strings of a game_record are borrowed from the
 * game that produced it and live until the next game starts (jobs copy them).
 */
#ifndef PGNARB_GAME_RECORD_H
#define PGNARB_GAME_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* How a game ended along its main line (SPEC "How an ending is judged"). */
enum ending_kind {
    ENDING_NONE,
    ENDING_CHECKMATE,
    ENDING_STALEMATE,
    ENDING_DEAD_POSITION,
    ENDING_FIVEFOLD,
    ENDING_75_MOVE,
    ENDING_KIND_NB
};

/* The four results of PGN 8.2.6 as a number: 1 "1-0", 2 "0-1", 3
 * "1/2-1/2", 4 "*", and 0 for any other text or NULL.  Told by the first
 * byte, then compared with the one result it can be; each test stops at the
 * first byte that differs, the NUL included (asked several times a game). */
static inline unsigned game_result_code(const char *r)
{
    if (!r) return 0;
    switch (r[0]) {
    case '1':
        if (r[1] == '-') return r[2] == '0' && r[3] == '\0' ? 1 : 0;
        for (int i = 1; "1/2-1/2"[i]; i++)
            if (r[i] != "1/2-1/2"[i]) return 0;
        return r[7] == '\0' ? 3 : 0;
    case '0':
        return r[1] == '-' && r[2] == '1' && r[3] == '\0' ? 2 : 0;
    case '*':
        return r[1] == '\0' ? 4 : 0;
    default:
        return 0;
    }
}

/* What kind of game the recorded result makes it (judge/game_result.c), for
 * scripts and the TRF cross-check: a game played (any decided result of a
 * game with moves, and 1-0 / 0-1 without moves when nothing says forfeit),
 * a forfeit (+/-, 1F-0F ..., or 1-0 / 0-1 with a Termination or closing
 * comment that says so), a double forfeit (0-0, 0F-0F), a bye (no moves, and
 * a player named "bye" or a Termination or comment saying so), or
 * unfinished ("*" or no result). */
enum result_kind {
    RESULT_KIND_UNFINISHED,
    RESULT_KIND_PLAYED,
    RESULT_KIND_FORFEIT,
    RESULT_KIND_DOUBLE_FORFEIT,
    RESULT_KIND_BYE,
    RESULT_KIND_NB
};

/* The jsonl name of a result kind ("played", ...), or NULL past the last. */
static inline const char *game_result_kind_name(enum result_kind k)
{
    static const char *const names[RESULT_KIND_NB] = {"unfinished", "played", "forfeit",
                                                      "double-forfeit", "bye"};
    return (unsigned)k < RESULT_KIND_NB ? names[k] : NULL;
}

/* The result kind named name[0, len) (game_result_kind_name()); false for
 * any other text. */
static inline bool game_result_kind_of(const char *name, size_t len, enum result_kind *k)
{
    for (int i = 0; i < RESULT_KIND_NB; i++) {
        const char *n = game_result_kind_name((enum result_kind)i);
        size_t j = 0;
        while (j < len && n[j] && n[j] == name[j])
            j++;
        if (j == len && !n[j]) {
            *k = (enum result_kind)i;
            return true;
        }
    }
    return false;
}

/* One game, for --report=games. */
struct game_record {
    const char *file;
    uint64_t game;   /* 1-based index in its file */
    uint64_t offset; /* byte offset where the game starts */
    uint32_t line;
    const char *event, *white, *black, *round; /* NULL when absent */
    const char *site, *date;                   /* NULL when absent */
    /* who each player is (WhiteFideId, WhiteElo, WhiteTitle and Black's),
     * as written; NULL when absent (judge/collection_players.c) */
    const char *white_fide_id, *black_fide_id;
    const char *white_elo, *black_elo;
    const char *white_title, *black_title;
    /* check --trf: the pairing the game matched (round, White's and Black's
     * starting ranks), 0 when none; a shard writes it for merge */
    uint16_t trf_round, trf_white, trf_black;
    const char *result;                        /* as recorded, NULL when none */
    enum result_kind result_kind;
    uint32_t plies;                            /* main line plies replayed or read */
    enum ending_kind ending;
    uint32_t ending_ply; /* valid when ending != ENDING_NONE */
    uint32_t errors, warnings, notes;
    bool judged; /* false: skipped (unsupported variant) */
    /* The game's start position and main line, as a 64-bit hash of the
     * sequence of positions (their FIDE 9.2.2 keys) from the start up to the
     * last main-line move replayed, and the count of main-line moves
     * (fingerprint_plies = plies): what duplicate detection compares
     * (judge/collection.h).  has_fingerprint is false when the game could
     * not be replayed from its start (bad FEN, unsupported variant). */
    uint64_t fingerprint;
    bool has_fingerprint;
    /* Only when the sink asks (game_sink.want_mainline), else NULL: the main
     * line's move tokens as written, numbered ("1. e4 e5 2. Nf3"; a move
     * number is digits and dots, a move anything else; "..." last when the
     * text was cut at GAME_MAINLINE_MAX), and the FEN of the final position
     * when the game has an ending (ending != ENDING_NONE). */
    const char *mainline;
    const char *final_fen;
    /* The clocks (judge/clock_check.c): the TimeControl read, in the
     * standard's form ("40/5400+30:1800+30", "?", "-"; NULL when none was
     * read), and each side's last clock in milliseconds, White's first
     * (has_clock false when none was given). */
    const char *time_control;
    int64_t clock_ms[2];
    bool has_clock[2];
};

/* Fold len bytes of text into h (FNV-1a, 64 bits): the moves a fingerprint
 * covers that were not replayed, and the names and dates the checks across
 * games compare (judge/collection.c). */
static inline uint64_t game_text_hash(uint64_t h, const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)text[i]) * 0x100000001b3ull;
    return (h ^ len) * 0x100000001b3ull;
}

#endif /* PGNARB_GAME_RECORD_H */
