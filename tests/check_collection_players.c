/*
 * check_collection_players.c - who each player is (judge/collection_players.c,
 * through collection_game()): one FIDE ID under two names, one name under two
 * IDs, a name written two ways, a player against themself, Elo and title
 * changing within an event, a new event starting again, the players' cap.
 * Each case is a short run of games; the findings of its last game are held
 * to the codes listed, the earlier games to their counts.
 */
#include "testutil.h"

#include "diag/diag.h"
#include "judge/collection.h"
#include "judge/game_record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CASE_GAMES 4
#define CASE_FOUND 4

struct pgame {
    const char *event, *round, *date;
    const char *white, *wid, *welo, *wtitle;
    const char *black, *bid, *belo, *btitle;
};

static const struct {
    const char *what;
    struct pgame games[CASE_GAMES];
    int earlier;                     /* findings on the games before the last, all told */
    enum diag_code last[CASE_FOUND]; /* the last game's codes, DIAG_CODE_NB ends them */
    const char *needle;              /* in the last game's first message, or NULL */
} cases[] = {
    {"an ID under two names",
     {{"E", "1", "2026.05.01", "Rossi, Mario", "851234", NULL, NULL, "Bianchi, Luca", "852345",
       NULL, NULL},
      {"E", "2", "2026.05.02", "Bianchi, Luca", "851234", NULL, NULL, "Verdi, Anna", NULL, NULL,
       NULL}},
     0,
     {DIAG_PLAYER_ID_CONFLICT, DIAG_CODE_NB},
     "FIDE ID 851234 is Bianchi, Luca here but Rossi, Mario in game 1 (line 1)"},
    {"said once a pair",
     {{"E", "1", NULL, "Rossi, Mario", "851234", NULL, NULL, "B", NULL, NULL, NULL},
      {"E", "2", NULL, "Bianchi, Luca", "851234", NULL, NULL, "C", NULL, NULL, NULL},
      {"E", "3", NULL, "Bianchi, Luca", "851234", NULL, NULL, "D", NULL, NULL, NULL}},
     1,
     {DIAG_CODE_NB},
     NULL},
    {"an ID under one name written two ways: a note",
     {{"E", "1", NULL, "Rossi, Mario", "851234", NULL, NULL, "B", NULL, NULL, NULL},
      {"E", "2", NULL, "C", NULL, NULL, NULL, "ROSSI M", " 0851234", NULL, NULL}},
     0,
     {DIAG_PLAYER_NAME_VARIANT, DIAG_CODE_NB},
     "ROSSI M here and Rossi, Mario in game 1 (line 1) have the same FIDE ID 851234"},
    {"one name under two IDs",
     {{"E", "1", NULL, "Verdi, Anna", "853456", NULL, NULL, "B", NULL, NULL, NULL},
      {"E", "2", NULL, "C", NULL, NULL, NULL, "Verdi, Anna", "853465", NULL, NULL}},
     0,
     {DIAG_PLAYER_ID_CONFLICT, DIAG_CODE_NB},
     "Verdi, Anna has FIDE ID 853465 here but 853456 in game 1 (line 1)"},
    {"a name without an ID, then with one: nothing",
     {{"E", "1", NULL, "Verdi, Anna", NULL, NULL, NULL, "B", NULL, NULL, NULL},
      {"E", "2", NULL, "C", NULL, NULL, NULL, "Verdi, Anna", "853465", NULL, NULL}},
     0,
     {DIAG_CODE_NB},
     NULL},
    {"a malformed ID is no ID",
     {{"E", "1", NULL, "Verdi, Anna", "853456", NULL, NULL, "B", NULL, NULL, NULL},
      {"E", "2", NULL, "Bianchi, Luca", "ITA853456", NULL, NULL, "C", NULL, NULL, NULL}},
     0,
     {DIAG_CODE_NB},
     NULL},
    {"another event starts again",
     {{"E", "1", NULL, "Rossi, Mario", "851234", "2150", NULL, "B", NULL, NULL, NULL},
      {"F", "1", NULL, "Bianchi, Luca", "851234", NULL, NULL, "Rossi, Mario", NULL, "2200", NULL}},
     0,
     {DIAG_CODE_NB},
     NULL},
    {"the same ID on both sides",
     {{"E", "1", NULL, "M\xc3\xbcller, J.", "4612345", NULL, NULL, "Mueller, J.", "4612345", NULL,
       NULL}},
     0,
     {DIAG_PLAYER_SELF_PAIRING, DIAG_CODE_NB},
     "White and Black have the same FIDE ID 4612345"},
    {"the same name on both sides",
     {{NULL, NULL, NULL, "Rossi, Mario", NULL, NULL, NULL, "ROSSI Mario", NULL, NULL, NULL}},
     0,
     {DIAG_PLAYER_SELF_PAIRING, DIAG_CODE_NB},
     "White and Black are the same player, Rossi, Mario and ROSSI Mario"},
    {"the same name in another order: not one program's",
     {{NULL, NULL, NULL, "Rossi, Mario", NULL, NULL, NULL, "Mario Rossi", NULL, NULL, NULL}},
     0,
     {DIAG_CODE_NB},
     NULL},
    {"the same username on both sides",
     {{NULL, NULL, NULL, "seha2013", NULL, NULL, NULL, "Seha2013", NULL, NULL, NULL}},
     0,
     {DIAG_PLAYER_SELF_PAIRING, DIAG_CODE_NB},
     NULL},
    {"two namesakes with two IDs",
     {{"E", "1", NULL, "Kumar, Rahul", "25012345", NULL, NULL, "Kumar, Rahul", "25054321", NULL,
       NULL}},
     0,
     {DIAG_CODE_NB},
     NULL},
    {"initials against a name: two players",
     {{NULL, NULL, NULL, "Rossi, M.", NULL, NULL, NULL, "Rossi, Mario", NULL, NULL, NULL}},
     0,
     {DIAG_CODE_NB},
     NULL},
    {"placeholders",
     {{NULL, NULL, NULL, "NN", NULL, NULL, NULL, "N.N.", NULL, NULL, NULL},
      {NULL, NULL, NULL, "?", NULL, NULL, NULL, "?", NULL, NULL, NULL}},
     0,
     {DIAG_CODE_NB},
     NULL},
    {"an Elo that changes, once a player",
     {{"E", "1", "2026.05.01", "Rossi, Mario", NULL, "2150", "FM", "B", NULL, "1800", NULL},
      {"E", "2", "2026.05.02", "C", NULL, NULL, NULL, "Rossi, Mario", NULL, "2165", "fm"},
      {"E", "3", "2026.05.03", "Rossi, Mario", NULL, "2170", "IM", "D", NULL, NULL, NULL}},
     1,
     {DIAG_PLAYER_TITLE_CHANGE, DIAG_CODE_NB},
     "Rossi, Mario has the title IM here but FM in game 1 (line 1) of the same event"},
    {"an Elo in games without a Round: online games, nothing",
     {{"E", NULL, NULL, "gbtami", NULL, "1471", NULL, "B", NULL, NULL, NULL},
      {"E", "?", NULL, "gbtami", NULL, "1468", NULL, "C", NULL, NULL, NULL}},
     0,
     {DIAG_CODE_NB},
     NULL},
    {"an Elo of another year: another edition, nothing",
     {{"E", "1", "1994.??.??", "Leko, Peter", NULL, "2545", NULL, "B", NULL, NULL, NULL},
      {"E", "2", "1995.??.??", "Leko, Peter", NULL, "2630", NULL, "C", NULL, NULL, NULL}},
     0,
     {DIAG_CODE_NB},
     NULL},
    {"unknown Elo values are no change",
     {{"E", "1", NULL, "Rossi, Mario", NULL, "2150", NULL, "B", NULL, NULL, NULL},
      {"E", "2", NULL, "Rossi, Mario", NULL, "0", NULL, "C", NULL, "-", NULL},
      {"E", "3", NULL, "Rossi, Mario", NULL, " 2150 ", NULL, "D", NULL, "?", NULL}},
     0,
     {DIAG_CODE_NB},
     NULL},
};

struct found {
    int n;
    enum diag_code code[CASE_FOUND];
    char message[CASE_FOUND][1024];
};

static void collect(void *ctx, const struct diag *d)
{
    struct found *f = ctx;
    if (f->n < CASE_FOUND) {
        f->code[f->n] = d->code;
        snprintf(f->message[f->n], sizeof f->message[f->n], "%s", d->message);
    }
    f->n++;
}

static struct found feed(struct collection *c, const struct pgame *p, uint64_t game)
{
    struct game_record g = {0};
    g.file = "a.pgn";
    g.game = game;
    g.line = (uint32_t)(10 * game - 9);
    g.event = p->event;
    g.site = "S";
    g.round = p->round;
    g.date = p->date;
    g.white = p->white;
    g.black = p->black;
    g.white_fide_id = p->wid;
    g.black_fide_id = p->bid;
    g.white_elo = p->welo;
    g.black_elo = p->belo;
    g.white_title = p->wtitle;
    g.black_title = p->btitle;
    g.result = "1-0";
    g.judged = true;
    struct found f;
    memset(&f, 0, sizeof f);
    collection_game(c, &g, collect, &f);
    return f;
}

START_TEST(player_cases)
{
    struct collection *c = collection_new(COLLECTION_DUPLICATES_OFF, true);
    int n = 0;
    while (n < CASE_GAMES && cases[_i].games[n].white)
        n++;
    struct found f;
    int earlier = 0;
    for (int k = 0; k < n; k++) {
        f = feed(c, &cases[_i].games[k], (uint64_t)k + 1);
        if (k < n - 1) earlier += f.n;
    }
    ck_assert_msg(earlier == cases[_i].earlier, "%s: %d findings before the last game",
                  cases[_i].what, earlier);
    int want = 0;
    while (cases[_i].last[want] != DIAG_CODE_NB)
        want++;
    ck_assert_msg(f.n == want, "%s: %d findings, expected %d (%s)", cases[_i].what, f.n, want,
                  f.n ? f.message[0] : "");
    for (int k = 0; k < want; k++)
        ck_assert_msg(f.code[k] == cases[_i].last[k], "%s: finding %d is %s", cases[_i].what, k,
                      diag_info(f.code[k])->name);
    if (cases[_i].needle)
        ck_assert_msg(strstr(f.message[0], cases[_i].needle), "%s: \"%s\"", cases[_i].what,
                      f.message[0]);
    collection_free(c);
}
END_TEST

/* Past COLLECTION_EVENT_PLAYERS_MAX players one note, and the rest unchecked. */
START_TEST(players_of_an_event_are_capped)
{
    struct collection *c = collection_new(COLLECTION_DUPLICATES_OFF, true);
    char white[32], black[32], wid[16], bid[16];
    struct pgame p = {"E", "1", NULL, white, wid, NULL, NULL, black, bid, NULL, NULL};
    int notes = 0;
    uint64_t game = 0;
    for (int i = 0; i < COLLECTION_EVENT_PLAYERS_MAX / 2 + 2; i++) {
        snprintf(white, sizeof white, "W%d, Player", i);
        snprintf(black, sizeof black, "B%d, Player", i);
        snprintf(wid, sizeof wid, "%d", 1000000 + 2 * i);
        snprintf(bid, sizeof bid, "%d", 1000001 + 2 * i);
        struct found f = feed(c, &p, ++game);
        for (int k = 0; k < f.n && k < CASE_FOUND; k++) {
            ck_assert_int_eq(f.code[k], DIAG_PLAYER_ID_CONFLICT);
            ck_assert_ptr_nonnull(strstr(f.message[k], "more than 4096 players"));
            notes++;
        }
    }
    ck_assert_int_eq(notes, 1);
    /* the players kept are still checked */
    p.round = "2";
    snprintf(white, sizeof white, "Somebody, Else");
    snprintf(wid, sizeof wid, "%d", 1000000);
    snprintf(black, sizeof black, "B0, Player");
    snprintf(bid, sizeof bid, "%d", 1000001);
    struct found f = feed(c, &p, ++game);
    ck_assert_int_eq(f.n, 1);
    ck_assert_ptr_nonnull(strstr(f.message[0], "FIDE ID 1000000 is Somebody, Else here"));
    collection_free(c);
}
END_TEST

Suite *collection_players_suite(void);
Suite *collection_players_suite(void)
{
    Suite *s = suite_create("collection_players");
    TCase *tc = tcase_create("who each player is");
    tcase_add_loop_test(tc, player_cases, 0, (int)(sizeof cases / sizeof *cases));
    tcase_add_test(tc, players_of_an_event_are_capped);
    suite_add_tcase(s, tc);
    return s;
}
