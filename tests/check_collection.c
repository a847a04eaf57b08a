/*
 * check_collection.c - the checks across games (judge/collection.h): duplicate
 * games by fingerprint, conflicting results, --duplicates modes, which file and
 * game the first copy is, and an event's rounds that do not add up.  The
 * records are made here; tests/cli/cases/check-duplicates-* and the fixtures
 * cover the fingerprints the replay computes.
 */
#include "testutil.h"

#include "diag/diag.h"
#include "judge/collection.h"
#include "judge/game_record.h"

#include <stdlib.h>
#include <string.h>

#define FOUND_MAX 16

struct found {
    int n;
    enum diag_code code[FOUND_MAX];
    enum diag_severity severity[FOUND_MAX];
    uint64_t game[FOUND_MAX];
    char message[FOUND_MAX][1024];
};

static void collect(void *ctx, const struct diag *d)
{
    struct found *f = ctx;
    ck_assert_int_lt(f->n, FOUND_MAX);
    f->code[f->n] = d->code;
    f->severity[f->n] = d->severity;
    f->game[f->n] = d->game;
    snprintf(f->message[f->n], sizeof f->message[f->n], "%s", d->message);
    f->n++;
}

static struct game_record record(const char *file, uint64_t game, uint64_t fp, const char *white,
                                 const char *black, const char *result)
{
    struct game_record g = {0};
    g.file = file;
    g.game = game;
    g.line = (uint32_t)(10 * game - 9);
    g.offset = 100 * (game - 1);
    g.white = white;
    g.black = black;
    g.result = result;
    g.fingerprint = fp;
    g.has_fingerprint = true;
    g.plies = 20;
    g.judged = true;
    return g;
}

/* Feed g; returns the findings it got. */
static struct found feed(struct collection *c, struct game_record g)
{
    struct found f;
    memset(&f, 0, sizeof f);
    collection_game(c, &g, collect, &f);
    ck_assert_uint_eq(g.errors + g.warnings + g.notes, (unsigned)f.n); /* counted in the record */
    return f;
}

START_TEST(same_moves_is_a_duplicate_naming_the_first_copy)
{
    struct collection *c = collection_new(COLLECTION_DUPLICATES_MOVES, false);
    ck_assert_int_eq(feed(c, record("a.pgn", 1, 111, "A", "B", "1-0")).n, 0);
    ck_assert_int_eq(feed(c, record("a.pgn", 2, 222, "A", "B", "1-0")).n, 0);
    struct found f = feed(c, record("a.pgn", 3, 222, "A", "B", "1-0"));
    ck_assert_int_eq(f.n, 1);
    ck_assert_int_eq(f.code[0], DIAG_DUPLICATE_GAME);
    ck_assert_int_eq(f.severity[0], DIAG_WARNING);
    ck_assert_ptr_nonnull(strstr(f.message[0], "game 2 (line 11)"));
    /* a third copy names the first one again */
    f = feed(c, record("a.pgn", 4, 222, "A", "B", "1-0"));
    ck_assert_int_eq(f.n, 1);
    ck_assert_ptr_nonnull(strstr(f.message[0], "game 2 (line 11)"));
    collection_free(c);
}
END_TEST

START_TEST(first_copy_is_found_in_its_own_file)
{
    struct collection *c = collection_new(COLLECTION_DUPLICATES_MOVES, false);
    for (uint64_t i = 1; i <= 3; i++)
        ck_assert_int_eq(feed(c, record("a.pgn", i, 10 + i, "A", "B", "*")).n, 0);
    ck_assert_int_eq(feed(c, record("b.pgn", 1, 20, "A", "B", "*")).n, 0);
    /* the same file named again: its games are numbered from 1 again */
    ck_assert_int_eq(feed(c, record("a.pgn", 1, 30, "A", "B", "*")).n, 0);
    struct found f = feed(c, record("b.pgn", 1, 13, "A", "B", "*"));
    ck_assert_int_eq(f.n, 1);
    ck_assert_ptr_nonnull(strstr(f.message[0], "game 3 of a.pgn (line 21)"));
    f = feed(c, record("c.pgn", 1, 20, "A", "B", "*"));
    ck_assert_ptr_nonnull(strstr(f.message[0], "game 1 of b.pgn (line 1)"));
    f = feed(c, record("c.pgn", 2, 30, "A", "B", "*"));
    ck_assert_ptr_nonnull(strstr(f.message[0], "game 1 of a.pgn (line 1)"));
    collection_free(c);
}
END_TEST

START_TEST(different_results_conflict_unless_one_is_unfinished)
{
    struct collection *c = collection_new(COLLECTION_DUPLICATES_MOVES, false);
    feed(c, record("a.pgn", 1, 7, "A", "B", "1/2-1/2"));
    struct found f = feed(c, record("a.pgn", 2, 7, "A", "B", "1-0"));
    ck_assert_int_eq(f.n, 1);
    ck_assert_int_eq(f.code[0], DIAG_CONFLICTING_DUPLICATE);
    ck_assert_int_eq(f.severity[0], DIAG_ERROR);
    ck_assert_ptr_nonnull(strstr(f.message[0], "records 1/2-1/2 and this one 1-0"));
    f = feed(c, record("a.pgn", 3, 7, "A", "B", "*"));
    ck_assert_int_eq(f.code[0], DIAG_DUPLICATE_GAME);
    ck_assert_ptr_nonnull(strstr(f.message[0], "(recorded 1/2-1/2 there, * here)"));
    f = feed(c, record("a.pgn", 4, 7, "A", "B", NULL));
    ck_assert_int_eq(f.code[0], DIAG_DUPLICATE_GAME);
    collection_free(c);
}
END_TEST

/* a record of a game of `plies` plies */
static struct game_record record_plies(uint64_t game, uint64_t fp, const char *white,
                                       const char *black, const char *result, uint32_t plies)
{
    struct game_record g = record("a.pgn", game, fp, white, black, result);
    g.plies = plies;
    return g;
}

START_TEST(moves_mode_says_when_the_players_differ)
{
    struct collection *c = collection_new(COLLECTION_DUPLICATES_MOVES, false);
    uint32_t plies = COLLECTION_COPY_PLIES_MIN;
    feed(c, record_plies(1, 7, "A", "B", "1-0", plies));
    struct found f = feed(c, record_plies(2, 7, "C", "D", "1-0", plies));
    ck_assert_int_eq(f.n, 1);
    ck_assert_ptr_nonnull(strstr(f.message[0], "between other players"));
    /* colours swapped are other players too: White and Black are compared as such */
    f = feed(c, record_plies(3, 7, "B", "A", "1-0", plies));
    ck_assert_ptr_nonnull(strstr(f.message[0], "between other players"));
    collection_free(c);
}
END_TEST

/* issue 40: two one-move forfeits ("1. e4 1-0", "1. e4 0-1") between other players are no
 * copies, nor is any line shorter than COLLECTION_COPY_PLIES_MIN; between the same players a
 * short line is still a copy, also after a short one between others. */
START_TEST(short_lines_between_other_players_are_no_copies)
{
    struct collection *c = collection_new(COLLECTION_DUPLICATES_MOVES, false);
    uint32_t short_line = COLLECTION_COPY_PLIES_MIN - 1;
    ck_assert_int_eq(feed(c, record_plies(1, 9, "A", "B", "1-0", 1)).n, 0);
    ck_assert_int_eq(feed(c, record_plies(2, 9, "C", "D", "0-1", 1)).n, 0);
    struct found f = feed(c, record_plies(3, 9, "C", "D", "0-1", 1));
    ck_assert_int_eq(f.n, 1);
    ck_assert_int_eq(f.code[0], DIAG_DUPLICATE_GAME);
    ck_assert_ptr_nonnull(strstr(f.message[0], "duplicate of game 2 (line 11)"));
    f = feed(c, record_plies(4, 9, "A", "B", "0-1", 1));
    ck_assert_int_eq(f.n, 1);
    ck_assert_int_eq(f.code[0], DIAG_CONFLICTING_DUPLICATE);
    ck_assert_ptr_nonnull(strstr(f.message[0], "game 1 (line 1)"));
    ck_assert_int_eq(feed(c, record_plies(5, 11, "E", "F", "1-0", short_line)).n, 0);
    ck_assert_int_eq(feed(c, record_plies(6, 11, "G", "H", "0-1", short_line)).n, 0);
    collection_free(c);
}
END_TEST

START_TEST(strict_mode_asks_the_same_players_and_date)
{
    struct collection *c = collection_new(COLLECTION_DUPLICATES_STRICT, false);
    struct game_record g = record("a.pgn", 1, 7, "A", "B", "1-0");
    g.date = "2026.01.01";
    feed(c, g);
    struct game_record other_players = record("a.pgn", 2, 7, "C", "D", "0-1");
    other_players.date = "2026.01.01";
    ck_assert_int_eq(feed(c, other_players).n, 0);
    struct game_record other_date = record("a.pgn", 3, 7, "A", "B", "1-0");
    other_date.date = "2026.01.02";
    ck_assert_int_eq(feed(c, other_date).n, 0);
    struct game_record copy = record("a.pgn", 4, 7, "A", "B", "0-1");
    copy.date = "2026.01.01";
    struct found f = feed(c, copy);
    ck_assert_int_eq(f.n, 1);
    ck_assert_int_eq(f.code[0], DIAG_CONFLICTING_DUPLICATE);
    ck_assert_ptr_nonnull(strstr(f.message[0], "game 1 (line 1)"));
    /* C - D's game is in the index too: its copy is found */
    f = feed(c, other_players);
    ck_assert_int_eq(f.n, 1);
    ck_assert_ptr_nonnull(strstr(f.message[0], "game 2 (line 11)"));
    collection_free(c);
}
END_TEST

START_TEST(off_and_unfingerprinted_games_are_never_compared)
{
    struct collection *c = collection_new(COLLECTION_DUPLICATES_OFF, false);
    feed(c, record("a.pgn", 1, 7, "A", "B", "1-0"));
    ck_assert_int_eq(feed(c, record("a.pgn", 2, 7, "A", "B", "0-1")).n, 0);
    struct collection_stats st;
    collection_get_stats(c, &st);
    ck_assert_uint_eq(st.index_bytes, 0);
    collection_free(c);

    c = collection_new(COLLECTION_DUPLICATES_MOVES, false);
    struct game_record g = record("a.pgn", 1, 7, "A", "B", "1-0");
    g.has_fingerprint = false; /* say, a bad FEN */
    feed(c, g);
    g.game = 2;
    ck_assert_int_eq(feed(c, g).n, 0);
    /* forfeits: no moves, nothing to compare, whatever the results */
    struct game_record forfeit = record("a.pgn", 3, 9, "A", "B", "1-0");
    forfeit.plies = 0;
    feed(c, forfeit);
    forfeit = record("a.pgn", 4, 9, "C", "D", "0-1");
    forfeit.plies = 0;
    ck_assert_int_eq(feed(c, forfeit).n, 0);
    collection_free(c);
}
END_TEST

START_TEST(index_grows_and_keeps_every_game)
{
    struct collection *c = collection_new(COLLECTION_DUPLICATES_MOVES, false);
    const uint64_t n = 5000; /* past several doublings of the 1,024-slot start */
    for (uint64_t i = 1; i <= n; i++)
        ck_assert_int_eq(feed(c, record("a.pgn", i, i * 0x9e3779b97f4a7c15ull, "A", "B", "*")).n,
                         0);
    for (uint64_t i = 1; i <= n; i++) {
        struct found f = feed(c, record("b.pgn", i, i * 0x9e3779b97f4a7c15ull, "A", "B", "*"));
        ck_assert_int_eq(f.n, 1);
        char want[64];
        snprintf(want, sizeof want, "game %llu of a.pgn (", (unsigned long long)i);
        ck_assert_msg(strstr(f.message[0], want), "%s: %s", want, f.message[0]);
    }
    struct collection_stats st;
    collection_get_stats(c, &st);
    ck_assert_uint_eq(st.indexed, n);
    /* 20 bytes an entry and 4 a slot of a table at most 3/4 full */
    ck_assert_uint_ge(st.index_bytes, n * 20 + n * 4 * 4 / 3);
    ck_assert_uint_le(st.index_bytes, 2 * n * 20 + 2 * n * 4 * 4 / 3 + 4096);
    collection_free(c);
}
END_TEST

/* The table finds a game's first slot from the upper half of its
 * fingerprint; a game is a copy only when the whole 64-bit fingerprint
 * agrees.  These differ in one bit each: two in the upper half (the top one),
 * two in the lower half (the same first slot) - at three table sizes. */
START_TEST(fingerprints_alike_in_part_are_no_copies)
{
    struct collection *c = collection_new(COLLECTION_DUPLICATES_MOVES, false);
    const uint64_t x = 0x0123456789abcdefull;
    const uint64_t flips[] = {1ull << 63, 1ull << 10, 1ull << 0, 1ull << 40};
    const int nflips = (int)(sizeof flips / sizeof *flips);
    uint64_t game = 1;
    for (int grown = 0; grown < 3; grown++) {
        uint64_t base = x + (uint64_t)grown * 0x9e3779b97f4a7c15ull;
        ck_assert_int_eq(feed(c, record("a.pgn", game++, base, "A", "B", "1-0")).n, 0);
        for (int i = 0; i < nflips; i++)
            ck_assert_msg(feed(c, record("a.pgn", game++, base ^ flips[i], "A", "B", "1-0")).n == 0,
                          "fingerprints %016llx and %016llx taken for copies",
                          (unsigned long long)base, (unsigned long long)(base ^ flips[i]));
        /* the same fingerprint is a copy, of that first game */
        struct found f = feed(c, record("a.pgn", game++, base, "A", "B", "1-0"));
        ck_assert_int_eq(f.n, 1);
        char want[64];
        snprintf(want, sizeof want, "duplicate of game %llu (",
                 (unsigned long long)(game - 2 - (uint64_t)nflips));
        ck_assert_msg(strstr(f.message[0], want), "%s: %s", want, f.message[0]);
        /* other games, enough for the table to grow before the next round */
        for (int i = 0; i < 1000 << grown; i++, game++)
            feed(c, record("a.pgn", game, (game + 77) * 0xd6e8feb86659fd93ull, "C", "D", "*"));
    }
    collection_free(c);
}
END_TEST

/* ---- events ---- */

static struct game_record event_game(uint64_t game, const char *event, const char *round,
                                     const char *white, const char *black, const char *result)
{
    struct game_record g = record("e.pgn", game, 1000 + game, white, black, result);
    g.event = event;
    g.site = "Torino";
    g.round = round;
    return g;
}

START_TEST(player_twice_in_a_round)
{
    struct collection *c = collection_new(COLLECTION_DUPLICATES_OFF, false);
    ck_assert_int_eq(feed(c, event_game(1, "E", "1", "Rossi", "Bianchi", "1-0")).n, 0);
    ck_assert_int_eq(feed(c, event_game(2, "E", "1", "Verdi", "Neri", "0-1")).n, 0);
    struct found f = feed(c, event_game(3, "E", "1", "Neri", "Gialli", "1-0"));
    ck_assert_int_eq(f.n, 1);
    ck_assert_int_eq(f.code[0], DIAG_EVENT_INCONSISTENT);
    ck_assert_str_eq(f.message[0],
                     "Neri plays twice in round 1: also in game 2 (line 11), Verdi - Neri");
    /* the next round: no finding */
    ck_assert_int_eq(feed(c, event_game(4, "E", "2", "Rossi", "Neri", "1-0")).n, 0);
    collection_free(c);
}
END_TEST

START_TEST(pairing_entered_twice_with_its_results)
{
    struct collection *c = collection_new(COLLECTION_DUPLICATES_OFF, false);
    feed(c, event_game(1, "E", "5", "Rossi", "Bianchi", "1-0"));
    struct found f = feed(c, event_game(2, "E", "5", "Bianchi", "Rossi", "0-1"));
    ck_assert_int_eq(f.n, 1);
    ck_assert_str_eq(f.message[0], "the pairing Bianchi - Rossi is entered twice in round 5: "
                                   "also game 1 (line 1), with the result 1-0 there and 0-1 here");
    f = feed(c, event_game(3, "E", "5", "Rossi", "Bianchi", "1-0"));
    ck_assert_int_eq(f.n, 1);
    ck_assert_str_eq(f.message[0],
                     "the pairing Rossi - Bianchi is entered twice in round 5: also game 1 (line 1)");
    /* unknown names pair nothing */
    feed(c, event_game(4, "E", "6", "?", "?", "*"));
    ck_assert_int_eq(feed(c, event_game(5, "E", "6", "?", "?", "*")).n, 0);
    collection_free(c);
}
END_TEST

/* A game without moves (a forfeit) entered twice: a duplicate-game, unless
 * the colours, the result or the moves tell the two apart, or
 * --duplicates=off (then the pairing entered twice, as for any game). */
START_TEST(moveless_game_entered_twice_is_a_duplicate)
{
    struct collection *c = collection_new(COLLECTION_DUPLICATES_MOVES, false);
    struct game_record g = event_game(1, "E", "4", "Rossi", "Bianchi", "1-0");
    g.plies = 0, g.has_fingerprint = false;
    feed(c, g);
    g = event_game(2, "E", "4", "Rossi", "Bianchi", "1-0");
    g.plies = 0, g.has_fingerprint = false;
    struct found f = feed(c, g);
    ck_assert_int_eq(f.n, 1);
    ck_assert_int_eq(f.code[0], DIAG_DUPLICATE_GAME);
    ck_assert_int_eq(f.severity[0], DIAG_WARNING);
    ck_assert_str_eq(f.message[0], "duplicate of game 1 (line 1): a game without moves entered "
                                   "twice, with the same players, round 4 and result 1-0");
    /* another result: two entries that disagree */
    g = event_game(3, "E", "4", "Rossi", "Bianchi", "0-1");
    g.plies = 0, g.has_fingerprint = false;
    f = feed(c, g);
    ck_assert_int_eq(f.n, 1);
    ck_assert_int_eq(f.code[0], DIAG_EVENT_INCONSISTENT);
    /* colours swapped */
    g = event_game(4, "E", "4", "Bianchi", "Rossi", "1-0");
    g.plies = 0, g.has_fingerprint = false;
    ck_assert_int_eq(feed(c, g).code[0], DIAG_EVENT_INCONSISTENT);
    /* one of the two has moves */
    g = event_game(5, "E", "5", "Verdi", "Neri", "1-0");
    feed(c, g);
    g = event_game(6, "E", "5", "Verdi", "Neri", "1-0");
    g.plies = 0, g.has_fingerprint = false;
    ck_assert_int_eq(feed(c, g).code[0], DIAG_EVENT_INCONSISTENT);
    collection_free(c);

    c = collection_new(COLLECTION_DUPLICATES_OFF, false);
    g = event_game(1, "E", "4", "Rossi", "Bianchi", "1-0");
    g.plies = 0, g.has_fingerprint = false;
    feed(c, g);
    g.game = 2;
    ck_assert_int_eq(feed(c, g).code[0], DIAG_EVENT_INCONSISTENT);
    collection_free(c);
}
END_TEST

START_TEST(board_used_twice_and_mixed_round_forms)
{
    struct collection *c = collection_new(COLLECTION_DUPLICATES_OFF, false);
    feed(c, event_game(1, "E", "3.1", "A", "B", "1-0"));
    ck_assert_int_eq(feed(c, event_game(2, "E", "3.2", "C", "D", "1-0")).n, 0);
    struct found f = feed(c, event_game(3, "E", "3.2", "F", "G", "1-0"));
    ck_assert_int_eq(f.n, 1);
    ck_assert_str_eq(f.message[0],
                     "board 2 of round 3 is used twice: also by game 2 (line 11), C - D");
    f = feed(c, event_game(4, "E", "R4", "H", "I", "1-0"));
    ck_assert_int_eq(f.n, 1);
    ck_assert_str_eq(f.message[0], "the Round values of this event mix forms: 'R4' here, '3.1' in "
                                   "game 1 (line 1)");
    /* said once per event */
    ck_assert_int_eq(feed(c, event_game(5, "E", "5", "J", "K", "1-0")).n, 0);
    collection_free(c);
}
END_TEST

/* Round values as real event files write them (issue 35: two games of one event with a Round
 * in words crashed every run).  Two games of one round with a player in common: the second
 * gets one finding naming the round, as the findings write it; unknown rounds pair nothing. */
static const struct {
    const char *round; /* both games' Round */
    const char *named; /* the round in the finding, NULL: no finding */
} round_forms[] = {
    {"1", "1"},
    {"01", "1"},
    {"1.12", "1"},
    {"9.1.1", "9"},
    {"R1", "R1"},
    {"1a", "1a"},
    {"Final", "Final"},
    {"Round of the champions, 40 characters!!", "Round of the champions, 40 characters!!"},
    {"?", NULL},
    {"-", NULL},
    {"", NULL},
    {NULL, NULL},
};

START_TEST(every_round_form_of_real_files)
{
    const char *round = round_forms[_i].round, *named = round_forms[_i].named;
    struct collection *c = collection_new(COLLECTION_DUPLICATES_OFF, false);
    ck_assert_int_eq(feed(c, event_game(1, "E", round, "Rossi", "Bianchi", "1-0")).n, 0);
    /* other players: on the next board of a dotted round (1.13 beside 1.12, 9.1.2 beside
     * 9.1.1, which makes the numbers boards), in the same round otherwise: no finding */
    char next[64];
    snprintf(next, sizeof next, "%s", round);
    if (named && strchr(round, '.')) next[strlen(next) - 1]++;
    ck_assert_int_eq(feed(c, event_game(2, "E", next, "Verdi", "Neri", "0-1")).n, 0);
    struct found f = feed(c, event_game(3, "E", round, "Neri", "Gialli", "1-0"));
    if (!named) {
        ck_assert_int_eq(f.n, 0);
    } else {
        ck_assert_int_ge(f.n, 1);
        char want[200];
        snprintf(want, sizeof want, "Neri plays twice in round %s: also in game 2 (line 11)",
                 named);
        ck_assert_msg(strncmp(f.message[0], want, strlen(want)) == 0, "%s", f.message[0]);
    }
    collection_free(c);
}
END_TEST

START_TEST(round_forms_mixed_in_one_event)
{
    struct collection *c = collection_new(COLLECTION_DUPLICATES_OFF, false);
    /* words: the same round only when written alike */
    ck_assert_int_eq(feed(c, event_game(1, "E", "Final", "A", "B", "1-0")).n, 0);
    ck_assert_int_eq(feed(c, event_game(2, "E", "Semifinal", "A", "C", "1-0")).n, 0);
    struct found f = feed(c, event_game(3, "E", "Final", "A", "D", "1-0"));
    ck_assert_int_eq(f.n, 1);
    ck_assert_str_eq(f.message[0], "A plays twice in round Final: also in game 1 (line 1), A - B");
    /* a number after words: one mixed-forms warning, and "1" is no word round */
    f = feed(c, event_game(4, "E", "1", "A", "E", "1-0"));
    ck_assert_int_eq(f.n, 1);
    ck_assert_str_eq(f.message[0], "the Round values of this event mix forms: '1' here, 'Final' "
                                   "in game 1 (line 1)");
    /* "01" is round 1 */
    f = feed(c, event_game(5, "E", "01", "E", "F", "1-0"));
    ck_assert_int_eq(f.n, 1);
    ck_assert_str_eq(f.message[0], "E plays twice in round 1: also in game 4 (line 31), A - E");
    /* unknown rounds in between change nothing */
    ck_assert_int_eq(feed(c, event_game(6, "E", "?", "A", "B", "1-0")).n, 0);
    ck_assert_int_eq(feed(c, event_game(7, "E", "", "A", "B", "1-0")).n, 0);
    collection_free(c);

    /* round.match.board, as team events write it */
    c = collection_new(COLLECTION_DUPLICATES_OFF, false);
    ck_assert_int_eq(feed(c, event_game(1, "E", "9.1.1", "A", "B", "1-0")).n, 0);
    ck_assert_int_eq(feed(c, event_game(2, "E", "9.1.2", "C", "D", "1-0")).n, 0);
    ck_assert_int_eq(feed(c, event_game(3, "E", "9.2.1", "E", "F", "1-0")).n, 0);
    f = feed(c, event_game(4, "E", "9.2.1", "G", "H", "1-0"));
    ck_assert_int_eq(f.n, 1);
    ck_assert_str_eq(f.message[0], "board 1 of match 2 of round 9 is used twice: also by game 3 "
                                   "(line 21), E - F");
    f = feed(c, event_game(5, "E", "9.3.1", "C", "I", "1-0"));
    ck_assert_int_eq(f.n, 1);
    ck_assert_str_eq(f.message[0], "C plays twice in round 9: also in game 2 (line 11), C - D");
    ck_assert_int_eq(feed(c, event_game(6, "E", "10.1.1", "A", "C", "1-0")).n, 0);
    /* round.board among round.match.board: mixed forms, said once */
    f = feed(c, event_game(7, "E", "10.2", "J", "K", "1-0"));
    ck_assert_int_eq(f.n, 1);
    ck_assert_str_eq(f.message[0], "the Round values of this event mix forms: '10.2' here, "
                                   "'9.1.1' in game 1 (line 1)");
    /* four numbers are words */
    f = feed(c, event_game(8, "E", "1.2.3.4", "L", "M", "1-0"));
    ck_assert_int_eq(f.n, 0);
    collection_free(c);
}
END_TEST

/* "N.M": boards of round N, or games of round N (issue 40: a TCEC file got 163 warnings, a
 * knockout 428), told from the event's first two games of a round with known players. */
START_TEST(round_numbers_read_as_games)
{
    /* an engine gauntlet: round 1's games are numbered, the same engines meet again */
    struct collection *c = collection_new(COLLECTION_DUPLICATES_OFF, true);
    ck_assert_int_eq(feed(c, event_game(1, "TCEC", "1.1", "SF", "LC0", "1-0")).n, 0);
    struct found f = feed(c, event_game(2, "TCEC", "1.2", "LC0", "SF", "0-1"));
    ck_assert_int_eq(f.n, 1);
    ck_assert_int_eq(f.severity[0], DIAG_NOTE);
    ck_assert_str_eq(f.message[0], "Round '1.2' is read as round 1, game 2, as match and knockout "
                                   "files number games (game 1, line 1, has round '1.1' with SF - "
                                   "LC0): the boards and the players of a round are not checked");
    ck_assert_int_eq(feed(c, event_game(3, "TCEC", "1.3", "SF", "Ethereal", "1-0")).n, 0);
    ck_assert_int_eq(feed(c, event_game(4, "TCEC", "1.4", "Ethereal", "SF", "1-0")).n, 0);
    /* a game entered twice is still found, named by its round as written */
    f = feed(c, event_game(5, "TCEC", "1.4", "SF", "Ethereal", "1-0"));
    ck_assert_int_eq(f.n, 1);
    ck_assert_str_eq(f.message[0], "the pairing SF - Ethereal is entered twice in round 1.4: also "
                                   "game 4 (line 31)");
    collection_free(c);

    /* a knockout: game 1 of every match is "1.1"; said once, then nothing */
    c = collection_new(COLLECTION_DUPLICATES_OFF, true);
    feed(c, event_game(1, "KO", "1.1", "A", "B", "1-0"));
    ck_assert_int_eq(feed(c, event_game(2, "KO", "1.1", "C", "D", "0-1")).n, 1);
    ck_assert_int_eq(feed(c, event_game(3, "KO", "1.1", "E", "F", "0-1")).n, 0);
    ck_assert_int_eq(feed(c, event_game(4, "KO", "1.2", "B", "A", "0-1")).n, 0);
    ck_assert_int_eq(feed(c, event_game(5, "KO", "1.2", "D", "C", "0-1")).n, 0);
    /* a new event decides afresh: boards */
    ck_assert_int_eq(feed(c, event_game(6, "Swiss", "1.1", "A", "B", "1-0")).n, 0);
    ck_assert_int_eq(feed(c, event_game(7, "Swiss", "1.2", "C", "D", "1-0")).n, 0);
    f = feed(c, event_game(8, "Swiss", "1.2", "E", "A", "1-0"));
    ck_assert_int_eq(f.n, 2);
    ck_assert_str_eq(f.message[0], "A plays twice in round 1: also in game 6 (line 51), A - B");
    ck_assert_str_eq(f.message[1], "board 2 of round 1 is used twice: also by game 7 (line 61), C - D");
    collection_free(c);

    /* --round-form says it: board reads the knockout's numbers as boards, game the Swiss's as
     * games, with no note */
    c = collection_new(COLLECTION_DUPLICATES_OFF, true);
    collection_set_round_form(c, COLLECTION_ROUND_BOARD);
    feed(c, event_game(1, "KO", "1.1", "A", "B", "1-0"));
    f = feed(c, event_game(2, "KO", "1.1", "C", "D", "0-1"));
    ck_assert_int_eq(f.n, 1);
    ck_assert_str_eq(f.message[0], "board 1 of round 1 is used twice: also by game 1 (line 1), A - B");
    collection_set_round_form(c, COLLECTION_ROUND_GAME);
    feed(c, event_game(3, "Swiss", "1.1", "A", "B", "1-0"));
    ck_assert_int_eq(feed(c, event_game(4, "Swiss", "1.2", "C", "D", "1-0")).n, 0);
    ck_assert_int_eq(feed(c, event_game(5, "Swiss", "1.2", "E", "A", "1-0")).n, 0);
    collection_free(c);

    enum collection_round_form form;
    ck_assert(collection_parse_round_form("auto", &form) && form == COLLECTION_ROUND_AUTO);
    ck_assert(collection_parse_round_form("board", &form) && form == COLLECTION_ROUND_BOARD);
    ck_assert(collection_parse_round_form("game", &form) && form == COLLECTION_ROUND_GAME);
    ck_assert(!collection_parse_round_form("boards", &form));
}
END_TEST

START_TEST(another_event_site_or_file_starts_again)
{
    struct collection *c = collection_new(COLLECTION_DUPLICATES_OFF, false);
    feed(c, event_game(1, "E", "1", "A", "B", "1-0"));
    ck_assert_int_eq(feed(c, event_game(2, "F", "1", "A", "C", "1-0")).n, 0);
    struct game_record g = event_game(3, "F", "1", "A", "D", "1-0");
    g.site = "Milano";
    ck_assert_int_eq(feed(c, g).n, 0);
    g = event_game(1, "F", "1", "A", "E", "1-0");
    g.file = "other.pgn";
    ck_assert_int_eq(feed(c, g).n, 0);
    /* no Event: no event check */
    feed(c, event_game(2, NULL, "1", "A", "B", "1-0"));
    ck_assert_int_eq(feed(c, event_game(3, NULL, "1", "A", "C", "1-0")).n, 0);
    collection_free(c);
}
END_TEST

/* A game with moves left "*" in an event that goes on to a later round. */
START_TEST(unfinished_game_in_an_event_that_went_on)
{
    struct collection *c = collection_new(COLLECTION_DUPLICATES_MOVES, false);
    feed(c, event_game(1, "E", "3", "Rossi", "Bianchi", "1-0"));
    ck_assert_int_eq(feed(c, event_game(2, "E", "3", "Verdi", "Neri", "*")).n, 0);
    struct game_record g = event_game(3, "E", "3", "Gialli", "Blu", "*");
    g.plies = 0, g.has_fingerprint = false; /* no moves: never begun, not judged so */
    ck_assert_int_eq(feed(c, g).n, 0);
    ck_assert_int_eq(feed(c, event_game(4, "E", "2", "Blu", "Rosa", "1-0")).n, 0); /* earlier */
    ck_assert_int_eq(feed(c, event_game(5, "E", "3", "Viola", "Rosa", "0-1")).n, 0);
    /* the next round's pairings listed before it begins: no moves, "*" */
    g = event_game(6, "E", "4", "Rossi", "Verdi", "*");
    g.plies = 0, g.has_fingerprint = false;
    ck_assert_int_eq(feed(c, g).n, 0);
    struct found f = feed(c, event_game(7, "E", "4", "Bianchi", "Neri", "1/2-1/2"));
    ck_assert_int_eq(f.n, 1);
    ck_assert_int_eq(f.code[0], DIAG_UNFINISHED_GAME);
    ck_assert_int_eq(f.severity[0], DIAG_WARNING);
    ck_assert_str_eq(f.message[0], "this game is of round 4, but game 2 (line 11) of the earlier "
                                   "round 3, Verdi - Neri, with 20 half-moves, still records * "
                                   "(unfinished): the event went on, and that result was never "
                                   "entered");
    /* once */
    ck_assert_int_eq(feed(c, event_game(8, "E", "5", "Gialli", "Blu", "1-0")).n, 0);
    /* another event starts afresh: its "*" games are its own */
    feed(c, event_game(9, "F", "1", "A", "B", "*"));
    ck_assert_int_eq(feed(c, event_game(10, "G", "2", "C", "D", "1-0")).n, 0);
    collection_free(c);
}
END_TEST

START_TEST(a_long_event_is_capped_with_a_note)
{
    for (int strict = 0; strict <= 1; strict++) {
        struct collection *c = collection_new(COLLECTION_DUPLICATES_OFF, strict);
        char white[32], black[32], round[16];
        int notes = 0;
        for (int i = 0; i <= COLLECTION_EVENT_GAMES_MAX; i++) {
            snprintf(white, sizeof white, "W%d", i);
            snprintf(black, sizeof black, "B%d", i);
            snprintf(round, sizeof round, "%d", i);
            struct found f = feed(c, event_game((uint64_t)i + 1, "E", round, white, black, "1-0"));
            for (int k = 0; k < f.n; k++) {
                ck_assert_int_eq(f.severity[k], DIAG_NOTE);
                notes++;
            }
        }
        ck_assert_int_eq(notes, strict);
        collection_free(c);
    }
}
END_TEST

/* The four results have their codes; every text one byte off one of them
 * (longer, shorter, a byte changed) has none, and so has NULL. */
START_TEST(result_codes)
{
    static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "*"};
    ck_assert_uint_eq(game_result_code(NULL), 0);
    ck_assert_uint_eq(game_result_code(""), 0);
    for (unsigned r = 0; r < 4; r++) {
        ck_assert_uint_eq(game_result_code(results[r]), r + 1);
        char text[16];
        size_t n = strlen(results[r]);
        for (size_t cut = 0; cut < n; cut++) { /* shorter */
            memcpy(text, results[r], cut);
            text[cut] = '\0';
            ck_assert_msg(game_result_code(text) == 0, "\"%s\"", text);
        }
        for (size_t at = 0; at <= n; at++) { /* a byte changed, or one more */
            memcpy(text, results[r], n + 1);
            text[at] = at == n ? '0' : '2';
            text[n + 1] = '\0';
            if (at < n && results[r][at] == '2') text[at] = '0';
            ck_assert_msg(game_result_code(text) == 0, "\"%s\"", text);
        }
    }
}
END_TEST

START_TEST(parse_duplicates_values)
{
    enum collection_duplicates m;
    ck_assert(collection_parse_duplicates("off", &m) && m == COLLECTION_DUPLICATES_OFF);
    ck_assert(collection_parse_duplicates("moves", &m) && m == COLLECTION_DUPLICATES_MOVES);
    ck_assert(collection_parse_duplicates("strict", &m) && m == COLLECTION_DUPLICATES_STRICT);
    ck_assert(!collection_parse_duplicates("on", &m));
}
END_TEST

Suite *collection_suite(void);
Suite *collection_suite(void)
{
    Suite *s = suite_create("collection");
    TCase *tc = tcase_create("duplicates");
    tcase_add_test(tc, same_moves_is_a_duplicate_naming_the_first_copy);
    tcase_add_test(tc, first_copy_is_found_in_its_own_file);
    tcase_add_test(tc, different_results_conflict_unless_one_is_unfinished);
    tcase_add_test(tc, moves_mode_says_when_the_players_differ);
    tcase_add_test(tc, short_lines_between_other_players_are_no_copies);
    tcase_add_test(tc, strict_mode_asks_the_same_players_and_date);
    tcase_add_test(tc, off_and_unfingerprinted_games_are_never_compared);
    tcase_add_test(tc, index_grows_and_keeps_every_game);
    tcase_add_test(tc, fingerprints_alike_in_part_are_no_copies);
    tcase_add_test(tc, parse_duplicates_values);
    tcase_add_test(tc, result_codes);
    suite_add_tcase(s, tc);
    tc = tcase_create("event rounds");
    tcase_add_test(tc, player_twice_in_a_round);
    tcase_add_test(tc, pairing_entered_twice_with_its_results);
    tcase_add_test(tc, moveless_game_entered_twice_is_a_duplicate);
    tcase_add_test(tc, unfinished_game_in_an_event_that_went_on);
    tcase_add_test(tc, board_used_twice_and_mixed_round_forms);
    tcase_add_test(tc, another_event_site_or_file_starts_again);
    tcase_add_loop_test(tc, every_round_form_of_real_files, 0,
                        (int)(sizeof round_forms / sizeof round_forms[0]));
    tcase_add_test(tc, round_forms_mixed_in_one_event);
    tcase_add_test(tc, round_numbers_read_as_games);
    tcase_add_test(tc, a_long_event_is_capped_with_a_note);
    suite_add_tcase(s, tc);
    return s;
}
