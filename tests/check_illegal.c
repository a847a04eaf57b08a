/*
 * check_illegal.c - the classes of an illegal main-line move
 * (src/judge/illegal_class.c): a move that stood (FIDE 7.5), a move missing
 * from the record or two moves swapped (FIDE 8.1), an electronic board's
 * result signal, none; the replay going on past them, findings after them
 * marked, the same classes in Italian letters; and the rules engine after a
 * move that stood (pos_make_stood(): no move captures a king).
 */
#include "testutil.h"

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "chess/san.h"
#include "diag/diag.h"
#include "judge/game.h"

#include <stdio.h>
#include <string.h>

struct seen {
    char text[8192];
    size_t len;
    enum ending_kind ending;
    uint32_t ending_ply, plies;
};

/* One line per finding: "severity code ply P[ after]: message". */
static void seen_diag(void *ctx, const struct diag *d)
{
    struct seen *s = ctx;
    int n = snprintf(s->text + s->len, sizeof s->text - s->len, "%s %s ply %u%s: %s\n",
                     diag_severity_name(d->severity), diag_info(d->code)->name, (unsigned)d->ply,
                     d->after_illegal ? " after" : "", d->message);
    if (n > 0 && (size_t)n < sizeof s->text - s->len) s->len += (size_t)n;
}

static void seen_game(void *ctx, const struct game_record *g)
{
    struct seen *s = ctx;
    s->ending = g->ending;
    s->ending_ply = g->ending_ply;
    s->plies = g->plies;
}

static const char *replay(struct seen *s, const char *pgn, enum nota_mode mode, bool stop)
{
    memset(s, 0, sizeof *s);
    struct game_sink sink = {s, seen_diag, seen_game, false, NULL};
    struct game *g = game_new(&sink, false);
    ck_assert_ptr_nonnull(g);
    game_set_notation(g, mode);
    game_set_after_illegal(g, stop);
    feed_text(g, pgn, strlen(pgn));
    game_free(g);
    return s->text;
}

#define TAGS(result)                                                                               \
    "[Event \"e\"]\n[Site \"s\"]\n[Date \"2026.11.29\"]\n[Round \"1\"]\n"                          \
    "[White \"w\"]\n[Black \"b\"]\n[Result \"" result "\"]\n"
#define FEN(f) "[SetUp \"1\"]\n[FEN \"" f "\"]\n"

/* Castling through check (d1 attacked by the bishop on b3). */
#define CASTLING_FEN FEN("6k1/p4ppp/8/8/8/1b6/8/R3K2R w KQ - 0 1")
/* 4...Nf6 was not recorded: 5. d4 is written as Black's 4th move. */
#define MISSING_BLACK "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 d4 5. exd4 cxd4 6. Bb4+ Nc3 7. Nxe4 O-O "

struct row {
    const char *name;
    const char *pgn;
    enum nota_mode mode;
    const char *want[4]; /* substrings of the findings, in order */
    const char *absent;  /* a substring that must not be there, or NULL */
    enum ending_kind ending;
    uint32_t ending_ply;
};

static const struct row rows[] = {
    {"castling through check stood, then a mate that is found",
     TAGS("0-1") CASTLING_FEN "\n1. O-O-O a6 2. Rd8# 0-1\n", NOTA_MODE_AUTO,
     {"error illegal-move ply 1: illegal move: castling through an attacked square (d1); it stood: "
      "the game went on after it",
      "error wrong-result ply 0 after: recorded 0-1, but White checkmated Black at ply 3"},
     "not checked", ENDING_CHECKMATE, 3},
    {"castling out of check stood",
     TAGS("*") FEN("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1") "\n1. O-O Kd7 2. Rfe1 *\n", NOTA_MODE_AUTO,
     {"error illegal-move ply 1: illegal move: cannot castle out of check; it stood"},
     "not checked", ENDING_NONE, 0},
    {"castling after the king moved stood",
     TAGS("*") "\n1. e4 e5 2. Ke2 Ke7 3. Ke1 Ke8 4. Nf3 Nc6 5. Be2 Nf6 6. O-O Be7 7. d3 O-O 8. h3 *\n",
     NOTA_MODE_AUTO,
     {"error illegal-move ply 11: illegal move: White has lost the right to castle kingside; it "
      "stood",
      "error illegal-move ply 14 after: illegal move: Black has lost the right to castle kingside; "
      "it stood"},
     "second", ENDING_NONE, 0},
    {"a Black move missing in the middle of the game",
     TAGS("*") "\n" MISSING_BLACK "*\n", NOTA_MODE_AUTO,
     {"error missing-move ply 8: illegal as written (no pawn can reach d4), but the rest of the "
      "game is legal once the Black move Nf6 is put before it"},
     "not checked", ENDING_NONE, 0},
    {"findings after a missing move are marked",
     TAGS("*") "\n" MISSING_BLACK "8. Nxc3+ *\n", NOTA_MODE_AUTO,
     {"error missing-move ply 8: ", "warning false-check ply 16 after: marked + but does not give "
                                    "check"},
     NULL, ENDING_NONE, 0},
    {"a Black move missing before a mate: the candidates that keep the # first",
     TAGS("1-0") "\n1. e4 e5 2. Bc4 Qh5 3. Nf6 Qxf7# 1-0\n", NOTA_MODE_AUTO,
     {"error missing-move ply 4: illegal as written (no queen can reach h5), but the rest of the "
      "game is legal once one Black move is put before it (Na6, Nc6, Ba3, or 19 other moves)"},
     "unreached-claim", ENDING_CHECKMATE, 7},
    {"two moves swapped",
     TAGS("*") "\n1. e5 e4 2. Nf3 Nc6 3. Bc4 Bc5 *\n", NOTA_MODE_AUTO,
     {"error missing-move ply 1: illegal as written (no pawn can reach e5), but the rest of the "
      "game is legal when it and the next move, e4, are swapped"},
     "not checked", ENDING_NONE, 0},
    {"the same player's two moves swapped",
     TAGS("*") "\n1. d4 d5 2. Bf4 Nf6 3. Bd3 e6 4. e3 Bd6 5. Bxd6 Qxd6 *\n", NOTA_MODE_AUTO,
     {"error missing-move ply 5: illegal as written (no bishop can reach d3), but the rest of the "
      "game is legal when it and the same player's next move, e3, are swapped"},
     "not checked", ENDING_NONE, 0},
    {"the DGT result signal after a drawn game",
     TAGS("1/2-1/2") "\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Kd4 Ke5 1/2-1/2\n", NOTA_MODE_AUTO,
     {"warning dgt-result-signal ply 7: Kd4 and Ke5, the last two moves, put both kings in the "
      "centre, and Kd4 is no legal move (no king can reach d4)"},
     "error", ENDING_NONE, 0},
    {"the DGT result signal after a decisive game",
     TAGS("1-0") "\n1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Ke4 Kd5 1-0\n", NOTA_MODE_AUTO,
     {"warning dgt-result-signal ply 7: Ke4 and Kd5, the last two moves"}, "error", ENDING_NONE,
     0},
    {"the DGT signal after a mate: the game had ended",
     TAGS("1-0") "\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# Kd4 1-0\n", NOTA_MODE_AUTO,
     {"error moves-after-end ply 8: "}, "dgt-result-signal", ENDING_CHECKMATE, 7},
    {"one king move to the centre next to the other king",
     TAGS("1/2-1/2") FEN("8/8/8/4k3/8/8/8/1Q1K4 w - - 0 50") "\n50. Kd4 1/2-1/2\n", NOTA_MODE_AUTO,
     {"warning dgt-result-signal ply 1: Kd4, the last move, is no legal move"}, "error",
     ENDING_NONE, 0},
    {"no class fits: the replay stops",
     TAGS("*") "\n1. e4 e5 2. Nf3 Nc6 3. Bxf7+ Kxf7 4. d4 d6 *\n", NOTA_MODE_AUTO,
     {"error illegal-move ply 5: illegal move: no bishop can reach f7; 3 further half-moves not "
      "checked"},
     "after", ENDING_NONE, 0},
    {"the last move illegal, nothing after it: the replay stops",
     TAGS("*") "\n1. e4 e5 2. d3 Bb4+ 3. Nd2 Nf6 4. Nb3 *\n", NOTA_MODE_AUTO,
     {"error illegal-move ply 7: illegal move: the knight on d2 is pinned to the king on e1\n"},
     "stood", ENDING_NONE, 0},
    {"an illegal reply (kings side by side): the record is wrong, no move stood",
     TAGS("*") FEN("8/p7/8/1k6/3K4/8/P7/8 w - - 0 1") "\n1. Kc4 a5 2. Kd4 *\n", NOTA_MODE_AUTO,
     {"error illegal-move ply 1: illegal move: the king would be in check; 2 further half-moves "
      "not checked"},
     "stood", ENDING_NONE, 0},
    {"the second illegal move by the same player",
     TAGS("1/2-1/2") FEN("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1")
         "\n1. Nc3 Kg7 2. Nd5 Kg8 3. Kd2 Kg7 1/2-1/2\n",
     NOTA_MODE_AUTO,
     {"error illegal-move ply 1: illegal move: the knight on e2 is pinned to the king on e1; it "
      "stood",
      "error illegal-move ply 3 after: illegal move: White is in check and this move does not "
      "answer it; it stood, and it is White's second illegal move that stood: under FIDE 7.5.5 "
      "the arbiter declares the game lost by White, unless Black cannot checkmate"},
     "not checked", ENDING_NONE, 0},
    {"Italian: castling through check stood, then a mate",
     TAGS("1-0") CASTLING_FEN "\n1. O-O-O a6 2. Td8# 1-0\n", NOTA_MODE_AUTO,
     {"error illegal-move ply 1: illegal move: castling through an attacked square (d1); it "
      "stood"},
     "not checked", ENDING_CHECKMATE, 3},
    {"Italian: a Black move missing",
     TAGS("*") "\n1. e4 e5 2. Cf3 Cc6 3. Ac4 Ac5 4. c3 d4 5. exd4 cxd4 6. Ab4+ Cc3 7. Cxe4 O-O "
               "8. Cxc3 bxc3 *\n",
     NOTA_MODE_AUTO,
     {"error missing-move ply 8: illegal as written (no pawn can reach d4), but the rest of the "
      "game is legal once the Black move Nf6 is put before it"},
     "not checked", ENDING_NONE, 0},
    {"the second illegal move in Italian letters",
     TAGS("1/2-1/2") FEN("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1")
         "\n1. Cc3 Rg7 2. Cd5 Rg8 3. Rd2 Rg7 1/2-1/2\n",
     NOTA_MODE_AUTO,
     {"error illegal-move ply 1: ", "error illegal-move ply 3 after: illegal move: White is in "
                                    "check and this move does not answer it; it stood, and it is "
                                    "White's second"},
     "not checked", ENDING_NONE, 0},
};

START_TEST(classes)
{
    const struct row *r = &rows[_i];
    struct seen s;
    const char *out = replay(&s, r->pgn, r->mode, false);
    const char *at = out;
    for (int i = 0; i < 4 && r->want[i]; i++) {
        const char *hit = strstr(at, r->want[i]);
        ck_assert_msg(hit, "%s: wants\n  %s\nafter what came before, got:\n%s", r->name, r->want[i],
                      out);
        at = hit + strlen(r->want[i]);
    }
    if (r->absent) ck_assert_msg(!strstr(out, r->absent), "%s: has '%s':\n%s", r->name, r->absent, out);
    ck_assert_msg(s.ending == r->ending, "%s: ending %d, want %d", r->name, (int)s.ending,
                  (int)r->ending);
    if (r->ending != ENDING_NONE) ck_assert_uint_eq(s.ending_ply, r->ending_ply);
    ck_assert_msg(s.ending == ENDING_NONE || s.ending_ply <= s.plies, "%s: ending at %u of %u",
                  r->name, (unsigned)s.ending_ply, (unsigned)s.plies);
}
END_TEST

/* --after-illegal=stop: the replay stops at the first illegal move, as it
 * always did. */
START_TEST(stop_keeps_the_old_replay)
{
    struct seen s;
    const char *out = replay(&s, TAGS("*") "\n" MISSING_BLACK "*\n", NOTA_MODE_AUTO, true);
    ck_assert_str_eq(out, "error illegal-move ply 8: illegal move: no pawn can reach d4; 6 further "
                          "half-moves not checked\n");
    out = replay(&s, TAGS("1-0") CASTLING_FEN "\n1. O-O-O a6 2. Rd8# 1-0\n", NOTA_MODE_AUTO, true);
    ck_assert_msg(strstr(out, "2 further half-moves not checked") && !strstr(out, "stood"), "%s",
                  out);
    ck_assert_int_eq(s.ending, ENDING_NONE);
}
END_TEST

/* A game whose every move after the first is garbage of one kind costs a
 * bounded search, and the classes stop at ILLEGAL_PER_GAME (16). */
START_TEST(many_illegal_moves_are_bounded)
{
    char pgn[16384];
    size_t n = (size_t)snprintf(pgn, sizeof pgn, "%s%s\n", TAGS("*"),
                                FEN("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1"));
    /* The pinned knight moves on and back, each a move that stands. */
    for (int i = 0; i < 30; i++)
        n += (size_t)snprintf(pgn + n, sizeof pgn - n, "%d. %s %s ", i + 1,
                              i % 2 ? "Ne2" : "Nc3", i % 2 ? "Kg8" : "Kg7");
    snprintf(pgn + n, sizeof pgn - n, "*\n");
    struct seen s;
    const char *out = replay(&s, pgn, NOTA_MODE_AUTO, false);
    unsigned stood = 0;
    for (const char *p = out; (p = strstr(p, "stood")); p++)
        stood++;
    ck_assert_msg(stood >= 1 && stood <= 16, "%u stood:\n%s", stood, out);
}
END_TEST

/* After a move that stood the side to move may be able to capture the
 * king: no move does, and the rest follows the usual rules. */
START_TEST(no_move_captures_a_king)
{
    struct position pos;
    char why[128];
    ck_assert_int_eq(fen_parse(&pos, "4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1", 0, why, sizeof why),
                     FEN_OK);
    struct san_result r;
    ck_assert_int_eq(san_resolve(&pos, "Nc3", 3, &r), SAN_ILLEGAL);
    move m;
    ck_assert(san_stood_move(&pos, &r, &m));
    pos_make_stood(&pos, m);
    ck_assert(pos_ok_stood(&pos));
    ck_assert(!pos_ok(&pos)); /* White's king is left attacked */
    move list[MOVES_MAX];
    int n = movegen_legal(&pos, list);
    ck_assert_int_gt(n, 0);
    for (int i = 0; i < n; i++)
        ck_assert_int_ne(MOVE_TO(list[i]), SQ_E1);
    ck_assert_int_ne(san_resolve(&pos, "Rxe1", 4, &r), SAN_OK);
    ck_assert_int_ne(san_resolve(&pos, "Re1", 3, &r), SAN_OK);
    ck_assert_int_eq(san_resolve(&pos, "Kg7", 3, &r), SAN_OK);
    /* The reply, played as pos_make_stood() plays it: White is in check. */
    pos_make_stood(&pos, r.m);
    ck_assert(pos_ok(&pos));
    ck_assert(pos_in_check(&pos));
    /* A knight move that leaves the check: illegal, and it can stand. */
    ck_assert_int_eq(san_resolve(&pos, "Nd5", 3, &r), SAN_ILLEGAL);
    ck_assert_int_eq(r.why, SAN_WHY_CHECK_NOT_ANSWERED);
    ck_assert(san_stood_move(&pos, &r, &m));
    /* A pawn capture of a king is no move either. */
    ck_assert_int_eq(fen_parse(&pos, "8/8/8/8/3k4/4P3/8/4K3 w - - 0 1", 0, why, sizeof why),
                     FEN_ILLEGAL);
}
END_TEST

/* Only a rule of check makes a move one that can stand. */
START_TEST(what_can_stand)
{
    static const struct {
        const char *fen, *san;
        bool stands;
    } cases[] = {
        {"4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3", true},         /* pinned */
        {"4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "O-O", true},           /* no right, both home */
        {"4k3/8/8/8/8/8/8/R3KB1R w - - 0 1", "O-O", false},         /* blocked */
        {"4k3/8/8/8/8/8/8/R2K3R w - - 0 1", "O-O", false},          /* king not home */
        {"4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1", "O-O-O", true},      /* out of check */
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Nf3", false},            /* no knight */
        {"4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "Kd1", true},           /* into check */
        {"4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", "Ne3", false},          /* ambiguous, not illegal */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct position pos;
        char why[128];
        ck_assert_int_eq(fen_parse(&pos, cases[i].fen, 0, why, sizeof why), FEN_OK);
        struct san_result r;
        san_resolve(&pos, cases[i].san, strlen(cases[i].san), &r);
        move m;
        ck_assert_msg(san_stood_move(&pos, &r, &m) == cases[i].stands, "%s %s", cases[i].fen,
                      cases[i].san);
        if (cases[i].stands) {
            pos_make_stood(&pos, m);
            ck_assert(pos_ok_stood(&pos));
        }
    }
}
END_TEST

Suite *illegal_suite(void);
Suite *illegal_suite(void)
{
    Suite *s = suite_create("illegal");
    TCase *tc = tcase_create("classes");
    tcase_add_loop_test(tc, classes, 0, (int)(sizeof rows / sizeof rows[0]));
    tcase_add_test(tc, stop_keeps_the_old_replay);
    tcase_add_test(tc, many_illegal_moves_are_bounded);
    suite_add_tcase(s, tc);
    tc = tcase_create("engine");
    tcase_add_test(tc, no_move_captures_a_king);
    tcase_add_test(tc, what_can_stand);
    suite_add_tcase(s, tc);
    return s;
}
