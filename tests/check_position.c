/*
 * check_position.c - copy-make and the repetition identity (FIDE 9.2.2):
 * the key counts the en passant square only when a legal en passant capture
 * exists; castling rights and side to move count; the incrementally updated
 * key equals the key of the resulting position read from its FEN; pos_ok()
 * holds at every node of small trees; clocks and rights follow the rules.
 */
#include "testutil.h"

#include "chess/attacks.h"
#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "chess/san.h"

#include <string.h>

static void parse_ok(struct position *pos, const char *fen)
{
    char why[200];
    enum fen_status st = fen_parse(pos, fen, 0, why, sizeof why);
    ck_assert_msg(st == FEN_OK, "'%s': %s", fen, why);
}

/* Play one move given in UCI notation; fails the test if it is not legal. */
static void play(struct position *pos, const char *uci)
{
    move list[MOVES_MAX];
    char buf[SAN_MAX];
    int n = movegen_legal(pos, list);
    for (int i = 0; i < n; i++) {
        san_uci(pos, list[i], buf);
        if (strcmp(buf, uci) == 0) {
            pos_make(pos, list[i]);
            return;
        }
    }
    ck_abort_msg("%s is not legal", uci);
}

struct key_case {
    const char *a, *b;
    bool same;
};

static const struct key_case key_cases[] = {
    /* En passant square but no pawn can capture: same as without it. */
    {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", true},
    /* The only capturing pawn is pinned to its king along the diagonal. */
    {"4k3/8/8/8/3pP3/8/1B6/6K1 b - e3 0 1", "4k3/8/8/8/3pP3/8/1B6/6K1 b - - 0 1", false},
    {"8/8/5k2/8/3pP3/8/1B6/6K1 b - e3 0 1", "8/8/5k2/8/3pP3/8/1B6/6K1 b - - 0 1", true},
    /* Horizontal pin: both pawns leave the rank and uncover the rook. */
    {"8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1", "8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1", true},
    /* A legal capture exists: the positions differ. */
    {"8/8/8/8/k2pP3/8/8/4K2R b - e3 0 1", "8/8/8/8/k2pP3/8/8/4K2R b - - 0 1", false},
    /* Castling rights differ. */
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1", false},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", false},
    /* Side to move differs. */
    {"4k3/8/8/8/8/8/8/4K2R w - - 0 1", "4k3/8/8/8/8/8/8/4K2R b - - 0 1", false},
    /* Clocks do not count. */
    {"4k3/8/8/8/8/8/8/4K2R w - - 0 1", "4k3/8/8/8/8/8/8/4K2R w - - 37 90", true},
};

START_TEST(identity_and_key)
{
    const struct key_case *c = &key_cases[_i];
    struct position a, b;
    parse_ok(&a, c->a);
    parse_ok(&b, c->b);
    ck_assert_msg(pos_same_identity(&a, &b) == c->same, "'%s' vs '%s'", c->a, c->b);
    ck_assert_msg((pos_key(&a) == pos_key(&b)) == c->same, "keys of '%s' vs '%s'", c->a, c->b);
}
END_TEST

START_TEST(pinned_ep_pawn_not_capturable)
{
    struct position p;
    parse_ok(&p, "8/8/5k2/8/3pP3/8/1B6/6K1 b - e3 0 1");
    ck_assert_int_eq(p.ep_square, SQ_E3); /* kept for the FEN ... */
    ck_assert(!p.ep_capturable);          /* ... but not for the identity */
    parse_ok(&p, "4k3/8/8/8/3pP3/8/1B6/6K1 b - e3 0 1");
    ck_assert(p.ep_capturable);
}
END_TEST

struct line_case {
    const char *start;
    const char *moves; /* UCI, blank-separated */
    const char *fen;   /* expected result */
};

static const struct line_case lines[] = {
    {FEN_START, "e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"},
    {FEN_START, "e2e4 d7d5 e4e5 f7f5",
     "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"},
    {FEN_START, "e2e4 d7d5 e4e5 f7f5 e5f6 g8f6 g1f3 b8c6 f1b5 c8g4 e1g1 d8d7 d2d4 e8c8",
     "2kr1b1r/pppqp1pp/2n2n2/1B1p4/3P2b1/5N2/PPP2PPP/RNBQ1RK1 w - - 1 8"},
    {FEN_START, "g1f3 g8f6 f3g1 f6g8 g1f3",
     "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 5 3"},
    /* Rook captured on its square: that right is gone. */
    {"r3k2r/8/8/8/8/8/6B1/R3K2R w KQkq - 0 1", "g2a8", "B3k2r/8/8/8/8/8/8/R3K2R b KQk - 0 1"},
    /* Rook moves: only its own right goes. */
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "h1h2 a8a7", "4k2r/r7/8/8/8/8/7R/R3K3 w Qk - 2 2"},
    /* Promotion with capture. */
    {"1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q", "1Q2k3/8/8/8/8/8/8/4K3 b - - 0 1"},
    /* Chess960 castling, king f1 and rook g1 trade places (Shredder right G). */
    {"4k3/8/8/8/8/8/8/5KR1 w G - 0 1", "f1g1", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"},
};

START_TEST(key_after_moves_equals_key_of_fen)
{
    const struct line_case *c = &lines[_i];
    struct position p, q;
    char buf[FEN_MAX], moves[400];
    parse_ok(&p, c->start);
    snprintf(moves, sizeof moves, "%s", c->moves);
    for (char *m = strtok(moves, " "); m; m = strtok(NULL, " "))
        play(&p, m);
    fen_write(&p, buf, sizeof buf);
    ck_assert_str_eq(buf, c->fen);
    parse_ok(&q, c->fen);
    ck_assert(pos_same_identity(&p, &q));
    ck_assert(pos_key(&p) == pos_key(&q));
    ck_assert(pos_ok(&p));
}
END_TEST

START_TEST(repetition_by_knight_dance)
{
    struct position p, start;
    pos_set_start(&start);
    p = start;
    play(&p, "g1f3");
    play(&p, "g8f6");
    play(&p, "f3g1");
    play(&p, "f6g8");
    ck_assert(pos_same_identity(&p, &start));
    ck_assert(pos_key(&p) == pos_key(&start));
    ck_assert_int_eq(p.halfmove, 4);
    ck_assert_int_eq(p.fullmove, 3);
}
END_TEST

/* Walk every line of a small tree with pos_make() (which asserts pos_ok()
 * in debug builds) and check the invariants and the key at every node. */
/* pos_is_pinned() answers for one square what pos_pinned() answers for all. */
static void pins_agree(const struct position *pos)
{
    for (int c = 0; c < COLOR_NB; c++) {
        bitboard pinned = pos_pinned(pos, c);
        for (bitboard own = pos->by_color[c]; own;) {
            int sq = bb_pop_lsb(&own);
            ck_assert_msg(pos_is_pinned(pos, c, sq) == bb_test(pinned, sq),
                          "pin of square %d, colour %d", sq, c);
        }
    }
}

static uint64_t walk(const struct position *pos, int depth)
{
    ck_assert(pos_ok(pos));
    pins_agree(pos);
    if (depth == 0) return 1;
    move list[MOVES_MAX];
    int n = movegen_legal(pos, list);
    uint64_t nodes = 0;
    for (int i = 0; i < n; i++) {
        struct position next = *pos;
        struct pos_undo u;
        pos_undo_record(&next, list[i], &u);
        pos_make(&next, list[i]);
        if (pos_move_is_plain(pos, list[i]))
            ck_assert_msg(pos_key_after_plain(pos, list[i]) == next.key,
                          "pos_key_after_plain of move %u", (unsigned)list[i]);
        struct position back = next;
        pos_undo(&back, &u);
        ck_assert_msg(memcmp(&back, pos, sizeof back) == 0, "pos_undo does not restore move %u",
                      (unsigned)list[i]);
        if (next.halfmove != 0) { /* neither capture nor pawn move: it can be taken back */
            uint8_t board[SQ_NB];
            memcpy(board, next.board, sizeof board);
            pos_board_unmake_reversible(board, list[i]);
            ck_assert(memcmp(board, pos->board, sizeof board) == 0);
        }
        nodes += walk(&next, depth - 1);
    }
    return nodes;
}

static const struct {
    const char *fen;
    int depth;
    uint64_t nodes;
} walks[] = {
    {FEN_START, 3, 8902},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2, 2039},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4, 43238},
    {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3, 9467},
    {"1rkr3b/1ppn3p/3pB1n1/6q1/R2P4/4N1P1/1P5P/2KRQ1B1 b Dbd - 0 14", 2, 0},
};

START_TEST(invariants_hold_along_every_line)
{
    struct position p;
    parse_ok(&p, walks[_i].fen);
    uint64_t n = walk(&p, walks[_i].depth);
    if (walks[_i].nodes) ck_assert_uint_eq(n, walks[_i].nodes);
    ck_assert_uint_eq(n, movegen_perft(&p, walks[_i].depth));
}
END_TEST

START_TEST(start_position_fields)
{
    struct position p;
    pos_set_start(&p);
    ck_assert(pos_ok(&p));
    ck_assert_int_eq(p.side, COLOR_WHITE);
    ck_assert_int_eq(p.ep_square, SQ_NONE);
    ck_assert_int_eq(p.board[SQ_E1], PIECE_MAKE(COLOR_WHITE, KING));
    ck_assert_int_eq(p.board[SQ_D8], PIECE_MAKE(COLOR_BLACK, QUEEN));
    ck_assert_int_eq(p.board[SQ_E4], PIECE_NONE);
    ck_assert(p.by_type[PAWN] == (BB_RANK(1) | BB_RANK(6)));
    ck_assert(p.castle_rooks == (SQ_BB(SQ_A1) | SQ_BB(SQ_H1) | SQ_BB(SQ_A8) | SQ_BB(SQ_H8)));
    ck_assert(!pos_in_check(&p));
    ck_assert(!p.chess960);
    ck_assert(pos_attackers_to(&p, SQ_F3, pos_occupied(&p)) ==
              (SQ_BB(SQ_E2) | SQ_BB(SQ_G2) | SQ_BB(SQ_G1)));
    /* Built once and copied: a second call gives the same bytes. */
    struct position q;
    memset(&q, 0xAA, sizeof q);
    pos_set_start(&q);
    ck_assert(memcmp(&p, &q, sizeof p) == 0);
    /* Copy-make wants a compact struct. */
    ck_assert_uint_le(sizeof(struct position), 192);
}
END_TEST

/* A pass (the PGN null move) is taken back too. */
START_TEST(null_move_undo)
{
    struct position p, q;
    parse_ok(&p, "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 3 20");
    q = p;
    struct pos_undo u;
    pos_undo_record(&q, MOVE_NULL, &u);
    pos_make_null(&q);
    ck_assert_int_eq(q.side, COLOR_BLACK);
    ck_assert_int_eq(q.ep_square, SQ_NONE);
    pos_undo(&q, &u);
    ck_assert(memcmp(&p, &q, sizeof p) == 0);
}
END_TEST

START_TEST(check_and_checkers)
{
    struct position p;
    pos_set_start(&p);
    play(&p, "f2f3");
    play(&p, "e7e5");
    play(&p, "g2g4");
    play(&p, "d8h4");
    ck_assert(pos_in_check(&p));
    ck_assert(p.checkers == SQ_BB(SQ_H4));
    ck_assert(!movegen_any_legal(&p)); /* fool's mate */
}
END_TEST

/* FIDE 3.8.2.1: castling with a rook that was captured on its home square
 * is no longer possible; the king's other right stays (the second test of the
 * rule, the first being the perft counts).  Bxa8 takes Black's queenside
 * right; the same rook taken after it left a8 and came back was out of play
 * already, and h8's right is untouched. */
START_TEST(captured_rook_loses_its_right)
{
    struct position p;
    char why[128];
    ck_assert(fen_parse(&p, "r3k2r/8/8/8/8/8/6B1/R3K2R w KQkq - 0 1", 0, why, sizeof why) ==
              FEN_OK);
    play(&p, "g2a8");
    ck_assert(p.castle_rooks == (SQ_BB(SQ_A1) | SQ_BB(SQ_H1) | SQ_BB(SQ_H8)));
    struct position key_check;
    ck_assert(fen_parse(&key_check, "B3k2r/8/8/8/8/8/8/R3K2R b KQk - 0 1", 0, why, sizeof why) ==
              FEN_OK);
    ck_assert(pos_same_identity(&p, &key_check) && p.key == key_check.key);
    /* Rxh1+: the capture takes White's kingside right, the move Black's own */
    play(&p, "h8h1");
    ck_assert(p.castle_rooks == SQ_BB(SQ_A1));
}
END_TEST

Suite *position_suite(void);
Suite *position_suite(void)
{
    attacks_init();
    Suite *s = suite_create("position");
    TCase *tc = tcase_create("repetition identity and key");
    tcase_add_loop_test(tc, identity_and_key, 0, (int)(sizeof key_cases / sizeof key_cases[0]));
    tcase_add_test(tc, pinned_ep_pawn_not_capturable);
    tcase_add_loop_test(tc, key_after_moves_equals_key_of_fen, 0,
                        (int)(sizeof lines / sizeof lines[0]));
    tcase_add_test(tc, repetition_by_knight_dance);
    suite_add_tcase(s, tc);
    tc = tcase_create("make keeps the invariants");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, invariants_hold_along_every_line, 0,
                        (int)(sizeof walks / sizeof walks[0]));
    tcase_add_test(tc, start_position_fields);
    tcase_add_test(tc, check_and_checkers);
    tcase_add_test(tc, null_move_undo);
    tcase_add_test(tc, captured_rook_loses_its_right);
    suite_add_tcase(s, tc);
    return s;
}
