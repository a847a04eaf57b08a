/*
 * check_deadpos.c - dead positions and unwinnability (FIDE 5.2.2, 6.9): one
 * table-driven test per class of proof, the alive cases that must never be
 * called dead, helpmate lines that really mate, and a sample of the labelled
 * sets of ../shared/corpus/dead (all of them: `make check-dead`).
 */
#include "testutil.h"

#include "dead_corpus.h"
#include "deadcheck_diff.h"
#include "deadpos/deadpos.h"
#include "deadpos/deadpos_internal.h"
#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/position.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

Suite *deadpos_suite(void);

enum { C = DEADPOS_CAN_WIN, N = DEADPOS_CANNOT_WIN };

static const struct dead_case {
    const char *name;
    const char *fen;
    int white, black; /* expected verdicts */
    enum deadpos_why why_white, why_black;
} cases[] = {
    /* insufficient material */
    {"K v K", "8/8/8/4k3/8/8/8/4K3 w - - 0 1", N, N, DEADPOS_WHY_BARE_KING, DEADPOS_WHY_BARE_KING},
    {"KN v K", "8/8/8/4k3/8/8/8/4KN2 b - - 0 1", N, N, DEADPOS_WHY_LONE_MINOR,
     DEADPOS_WHY_BARE_KING},
    {"K v KB", "8/8/8/4k3/8/8/2b5/4K3 w - - 0 1", N, N, DEADPOS_WHY_BARE_KING,
     DEADPOS_WHY_LONE_MINOR},
    /* same-coloured bishops, any number */
    {"KB v KB same colour", "8/8/8/4k3/3b4/8/8/2B1K3 w - - 0 1", N, N, DEADPOS_WHY_BISHOPS,
     DEADPOS_WHY_BISHOPS},
    {"KBB v KB all dark", "8/8/8/4k3/3b4/8/1B6/2B1K3 w - - 0 1", N, N, DEADPOS_WHY_BISHOPS,
     DEADPOS_WHY_BISHOPS},
    /* no blocker: a lone knight, bishops of one colour, no pawns */
    {"KB v KR", "8/8/6k1/3K2r1/3B4/8/8/8 w - - 4 67", N, C, DEADPOS_WHY_NO_BLOCKER, 0},
    {"KB v KQR", "2k5/2r5/2K5/8/7B/8/8/1q6 w - - 0 67", N, C, DEADPOS_WHY_NO_BLOCKER, 0},
    {"KN v KQ", "8/8/8/8/8/4N1K1/8/4q1k1 w - - 2 69", N, C, DEADPOS_WHY_NO_BLOCKER, 0},
    {"KQ v KN", "Q7/8/1K6/3k4/3n4/8/8/8 b - - 4 83", C, N, 0, DEADPOS_WHY_NO_BLOCKER},
    {"KN v KR can win", "8/8/8/5k2/8/3N4/8/4K2r w - - 0 1", C, C, 0, 0},
    {"KB v KN can win", "8/8/8/5k2/8/8/3B4/4K2n w - - 0 1", C, C, 0, 0},
    /* a lone minor piece mates only with the loser's own units as blockers
     * (the corner pictures of deadpos_targeted.c): the rook and the pawns
     * block for the bishop; the pawn promotes to the knight's blocker.
     * Near miss: without the pawns the rook cannot be the only blocker. */
    {"KB v KR+pawns: blockers", "B5k1/6pp/3K4/1r6/8/8/8/8 b - - 1 57", C, C, 0, 0},
    {"KB v KR: no blocker", "B5k1/8/3K4/1r6/8/8/8/8 b - - 1 57", N, C, DEADPOS_WHY_NO_BLOCKER, 0},
    {"KN v KP: the pawn promotes to a blocker", "8/8/4pk2/8/8/6K1/4N3/8 b - - 0 49", C, C, 0, 0},
    /* pawn walls with only kings */
    {"wall, kings only", "8/4k3/8/p1p1p1p1/P1P1P1P1/8/4K3/8 w - - 0 1", N, N, DEADPOS_WHY_LOCKED,
     DEADPOS_WHY_LOCKED},
    /* a wall with a bishop shut in on the colour of its own pawns */
    {"wall, light bishop shut in", "8/4k3/8/p1p1p1p1/P1P1P1P1/3B4/4K3/8 w - - 0 1", N, N,
     DEADPOS_WHY_LOCKED, DEADPOS_WHY_LOCKED},
    /* a wall; only a dark bishop can check the White king, which keeps two
     * light flight squares on every dark square: one White piece cannot
     * block both */
    {"wall, one blocker for two flights", "7k/8/8/p1p1p1p1/P1P1P1P1/8/8/4bB1K b - - 0 1", N, N,
     DEADPOS_WHY_LOCKED, DEADPOS_WHY_LOCKED_BLOCKERS},
    /* the same with two light White bishops: Ka1, Bb1, Ba2, ...Bd4# */
    {"wall, two blockers: mate", "7k/8/8/p1p1p1p1/P1P1P1P1/8/8/1B1Bb2K b - - 0 1", N, C,
     DEADPOS_WHY_LOCKED, 0},
    /* the same, and a second light White bishop shut above the wall (the
     * light squares between the walls are all next to pawns): it never
     * reaches a flight square of its king, so it is no blocker */
    {"wall, a blocker shut on the other side", "2B4k/8/8/p1p1p1p1/P1P1P1P1/8/8/4bB1K b - - 0 1", N,
     N, DEADPOS_WHY_LOCKED_BLOCKERS, DEADPOS_WHY_LOCKED_BLOCKERS},
    /* ... but the two below still block: Ka1, Bb1, Ba2, ...Bd4# */
    {"wall, two blockers below, one shut above: mate",
     "2B4k/8/8/p1p1p1p1/P1P1P1P1/8/8/1B1Bb2K b - - 0 1", N, C, DEADPOS_WHY_LOCKED_BLOCKERS, 0},
    /* chasolver's: Black's bishop on e1 and White's knight on a1 are shut
     * below the wall, so each king has one blocker at most against two
     * flight squares (hard set, line 19) */
    {"wall, blockers shut below", "8/1k5B/7b/8/1p1p1p1p/1PpP1P1P/2P3K1/N3b3 b - - 0 1", N, N,
     DEADPOS_WHY_LOCKED_BLOCKERS, DEADPOS_WHY_LOCKED_BLOCKERS},
    /* frozen units: White's king, rook and bishop in the corner stop one
     * another (a2, a1, b1, c2 and b2 are its own or attacked by fixed
     * pawns), and no Black unit can ever reach them; the light bishop on
     * a8 is White's only checker, one dark Black bishop the only blocker
     * (hard set, line 2126) */
    {"frozen corner behind the wall", "B2b4/8/8/4k2B/1p1p1p1p/1PpP1P1P/K1P5/RB6 b - - 0 1", N, N,
     DEADPOS_WHY_LOCKED_BLOCKERS, DEADPOS_WHY_LOCKED},
    /* White's king on d1 stops Black's d2 pawn, which in turn (protected
     * by c3) keeps the king from c1 and e1; the bishops on e2 and f1 and
     * the knight on g1 are shut in too.  Black's king on f2 stands next to
     * f1 and g1, but f1 is protected by the frozen bishop on e2: only the
     * knight may be taken, and nothing else moves for it (hard set, line
     * 2173).  Without the bishop on e2 White's king walks out: the near
     * miss in frozen_cases[]. */
    {"frozen units protect each other", "8/5B1B/7b/8/3p1p1p/2pP1PpP/2PpBkP1/3K1BN1 w - - 0 1", N, N,
     DEADPOS_WHY_LOCKED, DEADPOS_WHY_LOCKED},
    /* White's king on e4 is frozen by Black's bishop on e5 (the pawns on
     * d6 and f6 protect it; the bishop itself is shut in), and so is the
     * bishop; White's light bishop is the only checker, Black's dark bishop
     * on a3 no blocker (hard set, line 2005) */
    {"a king held by an enemy bishop", "8/8/1k1p1p2/3PbP2/3pKp2/b2P1P2/8/3B4 w - - 0 1", N, N,
     DEADPOS_WHY_LOCKED_BLOCKERS, DEADPOS_WHY_LOCKED},
    /* no mating net: a double wall on the d- and f-files shuts in both
     * bishops on e4 and e5; White's bishop on e2 and its king are the only
     * units that can come near Black's king, and nowhere does a check by the
     * bishop with the king's help cover every flight square (hard set, line
     * 1053).  With a knight besides, White mates: the near miss */
    {"no mating net: king and bishop", "4k3/8/3p1p2/3PbP2/3pBp2/3P1P2/4B3/4K3 w - - 0 1", N, N,
     DEADPOS_WHY_LOCKED_NO_NET, DEADPOS_WHY_LOCKED},
    {"a mating net: king, bishop and knight", "4k3/8/3p1p2/3PbP2/3pBp2/3P1P2/4B3/4K1N1 w - - 0 1",
     C, C, 0, 0},
    /* semi-locked: a free pawn can only run into the wall */
    {"free pawn stops behind the wall", "1b1k4/p1p1p1p1/P1P1P1P1/8/8/6P1/3K4/8 w - - 0 1", N, N,
     DEADPOS_WHY_LOCKED, DEADPOS_WHY_LOCKED},
    {"free pawn on an open file", "3k4/p1p1p1p1/P1P1P1P1/8/8/7P/3K4/8 w - - 0 1", C, C, 0, 0},
    /* only Black's d-pawn can ever check; on every square where it could,
     * White's king keeps a flight square no unit of its own can fill */
    {"only pawn checks", "3k4/1p1p1p1p/1P1P1P1P/3p4/8/8/3P3P/4K3 w - - 0 1", N, N,
     DEADPOS_WHY_LOCKED, DEADPOS_WHY_LOCKED_PAWN_CHECKS},
    /* the e4/e5 pair is no wall: White's king may take e5 (the wall
     * proof's third try), and then the e4 pawn still stops at e6 */
    {"a fixed pawn taken", "1k6/p1p1p1p1/P1P1P1P1/p1p1p1p1/4P3/8/P1P3P1/4K3 w - - 0 1", N, N,
     DEADPOS_WHY_LOCKED, DEADPOS_WHY_LOCKED_PAWN_CHECKS},
    /* a free pawn meets one coming the other way below the wall: White's
     * king may take Black's, and then White's pawns still stop at the wall
     * (the wall proof's second try); Black's c-pawn alone could check */
    {"free pawns meet", "2k5/p1p1p1p1/P1P1P1P1/2p1P2K/4P3/8/2P5/8 w - - 0 1", N, N,
     DEADPOS_WHY_LOCKED, DEADPOS_WHY_LOCKED_PAWN_CHECKS},
    /* every legal move leads to a dead position: Kxa2 is forced */
    {"forced capture", "7K/8/8/8/8/8/R7/kn6 b - - 0 1", N, N, DEADPOS_WHY_SEARCH,
     DEADPOS_WHY_SEARCH},
    /* game over */
    {"stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", N, N, DEADPOS_WHY_STALEMATE,
     DEADPOS_WHY_STALEMATE},
    {"checkmate", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", C, N, DEADPOS_WHY_NONE, DEADPOS_WHY_CHECKMATED},
    /* alive: helpmates exist, they must be found and never called dead */
    {"KB v KN", "8/8/8/4k3/2n5/8/8/2B1K3 w - - 0 1", C, C, 0, 0},
    {"KN v KN", "8/8/8/4k3/2n5/8/8/2N1K3 w - - 0 1", C, C, 0, 0},
    {"KB v KB opposite colours", "8/8/8/4k3/2b5/8/8/2B1K3 w - - 0 1", C, C, 0, 0},
    {"KNN v K", "8/8/8/4k3/8/8/8/1NN1K3 w - - 0 1", C, N, 0, DEADPOS_WHY_BARE_KING},
    {"KQ v K", "8/8/8/8/8/2k5/K7/2Q5 b - - 10 66", C, N, 0, DEADPOS_WHY_BARE_KING},
    {"start position", FEN_START, C, C, 0, 0},
    {"wall with a breakable pawn", "8/4k3/8/p1p1p1p1/P1P1P1P1/8/4K2P/8 w - - 0 1", C, C, 0, 0},
};

/*
 * Frozen units (deadpos_static.c): pawns stopped by pieces or kings that
 * never move, no head-on pair on their file.  deadpos_is_dead()'s filter
 * lets such positions through only with walled files, so is_dead is only
 * checked never to call a live position dead.  The near misses: the frozen
 * bishop on f1 may be taken by Black's king, which then takes e2 and lets
 * its e-pawn promote; the king on a1 may take a2 and is not frozen; the
 * bishop on f1 that the one on e2 no longer protects.
 */
static const struct dead_case frozen_cases[] = {
    /* White's king on a1 never moves (a2 is protected by b3, b1 attacked by
     * a2, b2 its own pawn), so Black's a2 pawn is stopped for good; White
     * checks only with the dark bishop, Black blocks only light squares
     * with one bishop; Black never attacks a1 */
    {"a frozen king stops a pawn", "k7/1b6/8/8/8/1pB5/pP6/K7 w - - 0 1", N, N,
     DEADPOS_WHY_LOCKED_BLOCKERS, DEADPOS_WHY_LOCKED},
    /* White's knights on the eighth rank and the pawns they guard never
     * move (the c7 pawn stopped by Black's bishop, frozen as well); only the
     * dark bishop on e5 can attack Black's king, and with White's king no
     * check leaves it without a flight square: Black has no unit outside
     * the wall (hard set, line 675) */
    {"no mating net: frozen knights", "N1b1N1N1/1pPpPpPp/1P1P1P1P/4B3/8/8/8/K1k5 w - - 0 1", N, N,
     DEADPOS_WHY_LOCKED_NO_NET, DEADPOS_WHY_LOCKED},
    {"a frozen bishop a king may take", "8/7k/6p1/6P1/6PB/4p1P1/4P1P1/5BRK b - - 0 1", C, C, 0, 0},
    {"a king that may take the pawn", "k7/1b6/8/8/8/2B5/pP6/K7 w - - 0 1", C, C, 0, 0},
    {"a frozen bishop nothing protects", "8/5B1B/7b/8/3p1p1p/2pP1PpP/2Pp1kP1/3K1BN1 w - - 0 1", C,
     C, 0, 0},
};

START_TEST(test_frozen)
{
    const struct dead_case *c = &frozen_cases[_i];
    struct position pos;
    ck_assert_msg(fen_parse(&pos, c->fen, 0, NULL, 0) == FEN_OK, "%s", c->name);
    int expect[2] = {c->white, c->black};
    enum deadpos_why expect_why[2] = {c->why_white, c->why_black};
    for (int side = 0; side < 2; side++) {
        struct deadpos_result res;
        deadpos_analyse(&pos, side, 0, &res);
        ck_assert_msg((int)res.verdict == expect[side], "%s: side %d: verdict %d, expected %d",
                      c->name, side, res.verdict, expect[side]);
        if (res.verdict == DEADPOS_CAN_WIN)
            ck_assert(deadpos_line_mates(&pos, side, res.line, res.line_len));
        else
            ck_assert_int_eq(res.why, expect_why[side]);
    }
    if (c->white == C || c->black == C) ck_assert(!deadpos_is_dead(&pos));
}
END_TEST

/*
 * Branching on the first capture that changes the wall
 * (dp_first_capture_cannot()): the wall stands until an enemy unit takes a
 * frozen one, a piece a pawn or a pawn a piece, and the wall of the
 * position after each such capture covers every position it can lead to.
 * Only deadpos_analyse() asks for it: dp_static_cannot_full() proves
 * nothing here.  The near misses: a knight that leaves White's corner
 * where a bishop stood; one more White unit below the wall that can fill a
 * flight square of its king in the corner, after Black's bishop took the
 * rook (Black then mates); a knight in the corner instead of the rook,
 * which may leave it (both mate).
 */
static const struct dead_case capture_cases[] = {
    /* Black's dark bishop may take the rook on a1 (from b2, which c3
     * protects); until then White's corner is frozen; after it White's
     * king has a1, a2 and b1, its bishop on b1 the one blocker for a
     * check on a1 (hard set, line 2124) */
    {"a frozen rook taken in the corner", "B2b4/8/8/4k3/1p1p1p1p/1PpP1P1P/K1P4b/RB6 b - - 0 1", N,
     N, DEADPOS_WHY_LOCKED_CAPTURE, DEADPOS_WHY_LOCKED_CAPTURE},
    /* Black's bishops may take the rook on g1 (hard set, line 2170) */
    {"a frozen rook beside the king", "8/2b5/8/4k2B/1p1p4/1P1Pp1p1/4P1P1/2b2BRK b - - 0 1", N, N,
     DEADPOS_WHY_LOCKED_CAPTURE, DEADPOS_WHY_LOCKED_CAPTURE},
    /* Black's e3 and g3 pawns may take a White bishop on f2 (the one on
     * d3 reaches it), which breaks White's corner open; before, the wall
     * stands, and after either capture too (found by mutating hard-set
     * positions; every position reachable from it walked: no mate) */
    {"a pawn may take a bishop below the wall",
     "3k4/2p1p3/2P1P3/2pBp3/2P1P1p1/3Bp1p1/4P1P1/5BRK w - - 0 1", N, N, DEADPOS_WHY_LOCKED_CAPTURE,
     DEADPOS_WHY_LOCKED_CAPTURE},
    {"a knight instead of the bishop: both mate",
     "3k4/2p1p3/2P1P3/2pBp3/2P1P1p1/3Np1p1/4P1P1/5BRK w - - 0 1", C, C, 0, 0},
    {"a second White blocker: Black mates", "B2b4/8/8/4k3/1p1p1p1p/1PpP1P1P/K1P4b/RB4N1 b - - 0 1",
     C, C, 0, 0},
    {"a knight beside the king: both mate", "8/2b5/8/4k2B/1p1p4/1P1Pp1p1/4P1P1/2b2BNK b - - 0 1", C,
     C, 0, 0},
};

START_TEST(test_capture)
{
    const struct dead_case *c = &capture_cases[_i];
    struct position pos;
    ck_assert_msg(fen_parse(&pos, c->fen, 0, NULL, 0) == FEN_OK, "%s", c->name);
    int expect[2] = {c->white, c->black};
    enum deadpos_why expect_why[2] = {c->why_white, c->why_black};
    for (int side = 0; side < 2; side++) {
        ck_assert_int_eq(dp_static_cannot_full(&pos, side), DEADPOS_WHY_NONE);
        enum deadpos_why why = dp_first_capture_cannot(&pos, side);
        ck_assert_msg(why == (expect[side] == N ? expect_why[side] : DEADPOS_WHY_NONE),
                      "%s: side %d: why %d", c->name, side, why);
        struct deadpos_result res;
        deadpos_analyse(&pos, side, 0, &res);
        ck_assert_msg((int)res.verdict == expect[side], "%s: side %d: verdict %d, expected %d",
                      c->name, side, res.verdict, expect[side]);
        if (res.verdict == DEADPOS_CAN_WIN)
            ck_assert(deadpos_line_mates(&pos, side, res.line, res.line_len));
        else
            ck_assert_int_eq(res.why, expect_why[side]);
        /* check's cheap proofs never use it */
        ck_assert(deadpos_side_can_win(&pos, side) != DEADPOS_CANNOT_WIN || expect[side] == N);
    }
}
END_TEST

/*
 * Pawns facing each other on files with no head-on pair
 * (dp_futures_cannot(), only from deadpos_analyse()): a white pawn below a
 * black one on its file never passes it, so the wall proof holds over every
 * square each pawn may walk to.  dp_static_cannot_full() and
 * dp_first_capture_cannot() prove nothing here (their gate wants a head-on
 * pair on every file).  The near misses, which can win: a pawn that may
 * capture (the proof must not claim: the capture frees a file), a pawn with
 * nothing ahead on its file, a knight that can reach a checking square, a
 * king that may take a pawn (the one that pawn faced is then free).
 */
enum { U = DEADPOS_UNKNOWN };
static const struct dead_case futures_cases[] = {
    /* Both kings shut in their corners (frozen); the a-, c- and e-pawns
     * face each other and can only meet (hard set, line 695) */
    {"facing pawns, frozen kings", "7k/p1p1p1pP/6P1/8/8/6p1/P1P1P1Pp/7K w - - 0 1", N, N,
     DEADPOS_WHY_PAWN_FUTURES, DEADPOS_WHY_PAWN_FUTURES},
    /* The b-file's pawns and Black's king hold White's a1 corner; the d-,
     * f- and h-pawns face each other (hard set, line 324) */
    {"facing pawns, kings in a corner", "8/3p1p1p/8/1p6/kP6/Pp6/pP1P1P1P/K7 w - - 0 1", N, N,
     DEADPOS_WHY_PAWN_FUTURES, DEADPOS_WHY_PAWN_FUTURES},
    /* Bishops shut in beside their kings (hard set, line 1357) */
    {"facing pawns, frozen bishops", "k1b5/1p1p4/1PpP4/8/8/1pPp4/1P1P4/K1B5 w - - 0 1", N, N,
     DEADPOS_WHY_PAWN_FUTURES, DEADPOS_WHY_PAWN_FUTURES},
    /* Kings shut in; a- and c-pawns face each other (hard set, line 3020) */
    {"facing pawns, the kings boxed in", "6k1/p1p2pP1/5p1K/5P1P/8/8/P1P5/8 w - - 0 1", N, N,
     DEADPOS_WHY_PAWN_FUTURES, DEADPOS_WHY_PAWN_FUTURES},
    /* Impossible material, but the rules engine can play it; the search
     * left both sides undetermined (hard set, line 2247) */
    {"facing pawns, bishops shut in", "1k4b1/1P1p4/BP1Pp1p1/1P2P1P1/8/P1B5/1P1B4/K7 b - - 0 1", N,
     N, DEADPOS_WHY_PAWN_FUTURES, DEADPOS_WHY_PAWN_FUTURES},
    /* Near misses.  Line 695 with the a- and b-files' pawns side by side:
     * a2-a4, b7-b5, a4xb5 frees the a-file */
    {"a pawn may capture", "7k/pp2p1pP/6P1/8/8/6p1/PP2P1Pp/7K w - - 0 1", C, C, 0, 0},
    /* Line 324 with Black's b5 pawn on b4: a3xb4 (or b4xa3) */
    {"a pawn may capture a pawn", "8/3p1p1p/8/8/kp6/Pp6/pP1P1P1P/K7 w - - 0 1", C, C, 0, 0},
    /* Line 695 without Black's c7 pawn: c2-c8 promotes, and mates */
    {"a pawn may promote", "7k/p3p1pP/6P1/8/8/6p1/P1P1P1Pp/7K w - - 0 1", C, C, 0, 0},
    /* Line 695 with a White knight: Nf7 mates the king in the corner */
    {"a knight may check", "7k/p1p1p1pP/6P1/8/8/6p1/P1P1P1Pp/1N5K w - - 0 1", C, C, 0, 0},
    /* Black's king may take White's a-pawn; Black's a-pawn, no longer
     * stopped, runs on to a4, and a pawn takes on a4 or b3 and promotes
     * (found by the fuzzer when a pawn a king may take still stopped the
     * one facing it: both sides mate) */
    {"a king may take a facing pawn", "k7/8/p7/8/Pp1p2p1/1P1P2P1/8/3K4 w - - 0 1", C, C, 0, 0},
    /* Black's king may take the a-pawn, and Black's a-pawn then promotes
     * (hard set, line 703).  White cannot win (label -B), but only by
     * counting tempi: White runs out of pawn moves before Black can
     * promote and give a piece away; no static proof here sees that */
    {"a king may take a pawn", "k7/p1p1p3/8/8/P7/6p1/2P1P1Pp/7K w - - 0 1", U, C, 0, 0},
};

START_TEST(test_futures)
{
    const struct dead_case *c = &futures_cases[_i];
    struct position pos;
    enum fen_status st = fen_parse(&pos, c->fen, 0, NULL, 0);
    ck_assert_msg(st == FEN_OK || (st == FEN_ILLEGAL && pos_ok(&pos)), "%s", c->name);
    int expect[2] = {c->white, c->black};
    enum deadpos_why expect_why[2] = {c->why_white, c->why_black};
    for (int side = 0; side < 2; side++) {
        ck_assert_int_eq(dp_static_cannot_full(&pos, side), DEADPOS_WHY_NONE);
        ck_assert_int_eq(dp_first_capture_cannot(&pos, side), DEADPOS_WHY_NONE);
        enum deadpos_why why = dp_futures_cannot(&pos, side);
        ck_assert_msg(why == (expect[side] == N ? expect_why[side] : DEADPOS_WHY_NONE),
                      "%s: side %d: why %d", c->name, side, why);
        /* check's cheap proofs never use it */
        ck_assert(deadpos_side_can_win(&pos, side) != DEADPOS_CANNOT_WIN);
        if (expect[side] == U) continue;
        struct deadpos_result res;
        deadpos_analyse(&pos, side, 0, &res);
        ck_assert_msg((int)res.verdict == expect[side], "%s: side %d: verdict %d, expected %d",
                      c->name, side, res.verdict, expect[side]);
        if (res.verdict == DEADPOS_CAN_WIN)
            ck_assert(deadpos_line_mates(&pos, side, res.line, res.line_len));
        else
            ck_assert_int_eq(res.why, expect_why[side]);
    }
}
END_TEST

START_TEST(test_classes)
{
    const struct dead_case *c = &cases[_i];
    struct position pos;
    char why[160];
    ck_assert_msg(fen_parse(&pos, c->fen, 0, why, sizeof why) == FEN_OK, "%s: %s", c->name, why);
    int expect[2] = {c->white, c->black};
    enum deadpos_why expect_why[2] = {c->why_white, c->why_black};
    bool cheap = true; /* every "cannot" proven by the cheap path too */
    for (int side = 0; side < 2; side++) {
        struct deadpos_result res;
        deadpos_analyse(&pos, side, 0, &res);
        ck_assert_msg((int)res.verdict == expect[side], "%s: side %d: verdict %d, expected %d",
                      c->name, side, res.verdict, expect[side]);
        /* The cheap verdict never contradicts the full one. */
        enum deadpos_verdict quick = deadpos_side_can_win(&pos, side);
        ck_assert(quick == res.verdict || quick == DEADPOS_UNKNOWN);
        if (res.verdict == DEADPOS_CAN_WIN) {
            ck_assert_msg(deadpos_line_mates(&pos, side, res.line, res.line_len),
                          "%s: side %d: the line does not mate", c->name, side);
            move line[DEADPOS_LINE_MAX];
            ck_assert_int_eq(deadpos_mate_line(&pos, side, line, DEADPOS_LINE_MAX), res.line_len);
            ck_assert_ptr_null(deadpos_reason(&pos, side));
        } else {
            ck_assert_int_eq(res.why, expect_why[side]);
            /* The cheap path gives the same reason, but for the closure
             * search's proofs (DEADPOS_WHY_SEARCH), which it may not reach. */
            const char *reason = deadpos_reason(&pos, side);
            if (reason || res.why != DEADPOS_WHY_SEARCH) {
                ck_assert_str_eq(reason, deadpos_why_text(res.why));
                ck_assert(deadpos_side_cannot_win(&pos, side));
            }
            cheap &= reason != NULL;
        }
    }
    bool dead = c->white == N && c->black == N;
    /* is_dead() is for positions with a legal move (the arbiter judges
     * mate and stalemate first); it runs the cheap path only. */
    if (movegen_any_legal(&pos))
        ck_assert_msg(deadpos_is_dead(&pos) == (dead && cheap), "%s: is_dead %d", c->name,
                      !(dead && cheap));
}
END_TEST

/*** dp_may_mate_in_one(): false must prove that no move mates ***/

/* Some legal move of the side to move checkmates (played, not guessed). */
static bool has_mate_in_one(const struct position *pos)
{
    move list[MOVES_MAX];
    int n = movegen_legal(pos, list);
    for (int i = 0; i < n; i++) {
        struct position next = *pos;
        pos_make(&next, list[i]);
        if (next.checkers && !movegen_any_legal(&next)) return true;
    }
    return false;
}

static const struct mate1_case {
    const char *name, *fen;
    bool maybe; /* dp_may_mate_in_one() */
    bool mate;  /* a mate in one exists */
} mate1_cases[] = {
    /* Near misses: each mates, by the mechanism the proof has to model. */
    {"queen, king guards", "k7/8/1K6/8/8/8/7Q/8 w - - 0 1", true, true},
    {"discovered", "k7/8/1K6/N7/8/8/8/R7 w - - 0 1", true, true},
    {"smothered", "6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1", true, true},
    {"knight takes the flight", "8/2ppp3/2pkp3/2pn4/8/4N3/8/7K w - - 0 1", true, true},
    {"pawn", "6bk/7p/6PK/8/8/8/8/8 w - - 0 1", true, true},
    {"promotion", "k7/3P4/1K6/8/8/8/8/8 w - - 0 1", true, true},
    {"castling", "8/8/8/8/2ppp3/2pkp3/8/R3K1N1 w Q - 0 1", true, true},
    {"en passant", "8/2K5/k7/1pP5/8/1N6/4B3/8 w - b6 0 2", true, true},
    {"rook ladder", "k7/8/8/8/8/8/1R6/2R1K3 w - - 0 1", true, true},
    /* "Maybe", no mate: a check that covers the only flight square (the rook
     * leaves the b-file); a king move that uncovers the queen's file. */
    {"rook ladder, one rook", "k7/8/8/8/8/8/1R6/4K3 w - - 0 1", true, false},
    {"queen behind its own king", "k7/8/1K6/8/8/8/8/1Q6 w - - 0 1", true, false},
    /* Proven: every check leaves a flight square no move can cover. */
    {"smothered without the rook", "7k/6pp/8/6N1/8/8/8/6K1 w - - 0 1", false, false},
    {"queen, king too far", "k7/8/8/2K5/8/8/8/5Q2 w - - 0 1", false, false},
    {"king in the open", "8/8/8/3k4/8/8/8/R3K2R w - - 0 1", false, false},
};

START_TEST(test_mate1_cases)
{
    const struct mate1_case *c = &mate1_cases[_i];
    struct position pos;
    char why[160];
    ck_assert_msg(fen_parse(&pos, c->fen, 0, why, sizeof why) == FEN_OK, "%s: %s", c->name, why);
    ck_assert_msg(has_mate_in_one(&pos) == c->mate, "%s: mate in one %d", c->name, !c->mate);
    ck_assert_msg(dp_may_mate_in_one(&pos, NULL) == c->maybe, "%s: maybe %d", c->name, !c->maybe);
}
END_TEST

/* Checks that dp_check_settle() told from the bitboards (no flight square
 * left), and how many of them mate, over mate1_walk(). */
static int settled, settled_mates;

/* Every position within three plies of the table's and the classes' FENs:
 * "no mate" must hold whenever the proof says so, and the proof must speak
 * often enough to be worth its cost; every check that
 * dp_quick_check_outcome() leaves open is settled by dp_check_settle() as
 * playing it does. */
static void mate1_walk(const struct position *pos, int depth, int *proven, int *total)
{
    bitboard to[PIECE_TYPE_NB];
    bool maybe = dp_may_mate_in_one(pos, to);
    char fen[FEN_MAX];
    (*total)++;
    if (!maybe) {
        (*proven)++;
        fen_write(pos, fen, sizeof fen);
        ck_assert_msg(!has_mate_in_one(pos), "no mate proven, but one exists: %s", fen);
    }
    move list[MOVES_MAX];
    int n = movegen_legal(pos, list);
    for (int i = 0; i < n; i++) {
        struct position next = *pos;
        pos_make(&next, list[i]);
        int ksq = pos_king_square(pos, pos->side ^ 1);
        int q = dp_quick_check_outcome(pos, list[i], ksq);
        if (q == DP_QM_MAYBE || q == DP_QM_FULL) {
            int v = dp_check_settle(pos, list[i], ksq, q);
            int want = !next.checkers             ? DP_SETTLE_NO_CHECK
                       : movegen_any_legal(&next) ? DP_SETTLE_NO_MATE
                                                  : DP_SETTLE_MATE;
            fen_write(pos, fen, sizeof fen);
            ck_assert_msg(v == want, "dp_check_settle() %d, played %d: %s", v, want, fen);
            settled += q == DP_QM_MAYBE;
            settled_mates += q == DP_QM_MAYBE && v == DP_SETTLE_MATE;
        }
        /* Every mating move goes to a square of its type's mask. */
        if (maybe && MOVE_KIND(list[i]) == MOVE_NORMAL && next.checkers &&
            !movegen_any_legal(&next)) {
            fen_write(pos, fen, sizeof fen);
            ck_assert_msg(to[PIECE_TYPE(pos->board[MOVE_FROM(list[i])])] & SQ_BB(MOVE_TO(list[i])),
                          "a mate outside the candidate squares: %s", fen);
        }
        if (depth > 0) mate1_walk(&next, depth - 1, proven, total);
    }
}

/* walk(pos, depth, proven, total) from the mate-in-one table's FENs and
 * the classes' (the walks above and below). */
static void walk_case_fens(void (*walk)(const struct position *, int, int *, int *), int depth,
                           int *proven, int *total)
{
    for (size_t i = 0; i < sizeof mate1_cases / sizeof mate1_cases[0]; i++) {
        struct position pos;
        ck_assert(fen_parse(&pos, mate1_cases[i].fen, 0, NULL, 0) == FEN_OK);
        walk(&pos, depth, proven, total);
    }
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct position pos;
        ck_assert(fen_parse(&pos, cases[i].fen, 0, NULL, 0) == FEN_OK);
        walk(&pos, depth, proven, total);
    }
}

START_TEST(test_mate1_sound)
{
    int proven = 0, total = 0;
    walk_case_fens(mate1_walk, 3, &proven, &total);
    ck_assert_int_gt(total, 10000);
    fprintf(stderr, "deadpos: no mate in one proven in %d of %d positions\n", proven, total);
    fprintf(stderr, "deadpos: %d checks settled without playing them, %d mates\n", settled,
            settled_mates);
    ck_assert_int_gt(settled_mates, 100);
    ck_assert_int_gt(settled - settled_mates, 100);
    ck_assert_int_gt(proven, total / 4);
}
END_TEST

/* dp_may_mate_after_from() (the winner's attacks told once per loser's
 * node) against dp_may_mate_after() (from scratch) for every legal move of
 * every position within three plies of the tables' FENs: the same answer
 * and masks; and "no mate" must hold after the move played. */
static void after_walk(const struct position *pos, int depth, int *proven, int *total)
{
    struct dp_after b;
    dp_after_init(&b, pos);
    move list[MOVES_MAX];
    int n = movegen_legal(pos, list);
    for (int i = 0; i < n; i++) {
        bitboard to1[PIECE_TYPE_NB], to2[PIECE_TYPE_NB];
        bool masks1 = false, masks2 = false;
        bool may1 = dp_may_mate_after_from(&b, pos, list[i], to1, &masks1);
        bool may2 = dp_may_mate_after(pos, list[i], to2, &masks2);
        struct position next = *pos;
        pos_make(&next, list[i]);
        char fen[FEN_MAX];
        fen_write(pos, fen, sizeof fen);
        ck_assert_msg(may1 == may2 && masks1 == masks2, "%s move %d: %d/%d masks %d/%d", fen, i,
                      may1, may2, masks1, masks2);
        if (may1 && masks1)
            ck_assert_msg(memcmp(to1, to2, sizeof to1) == 0, "%s move %d: masks differ", fen, i);
        if (!may1) {
            (*proven)++;
            ck_assert_msg(!has_mate_in_one(&next), "no mate after move %d proven, but one: %s", i,
                          fen);
        }
        (*total)++;
        if (depth > 0) after_walk(&next, depth - 1, proven, total);
    }
}

START_TEST(test_mate_after_told_once)
{
    int proven = 0, total = 0;
    walk_case_fens(after_walk, 2, &proven, &total);
    ck_assert_int_gt(total, 10000);
    ck_assert_int_gt(proven, total / 4);
}
END_TEST

/* dp_legal() (the searches' legality shortcut: no call for a move from a
 * square off the king's lines that hold an enemy slider, out of check)
 * against movegen_pseudo_is_legal(), for every pseudo-legal move of the
 * positions below and of every position two plies on. */
static const char *const legal_fens[] = {
    "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1",  /* knight pinned by a bishop */
    "4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1",  /* rook pinned along the file */
    "4k3/8/8/8/q7/8/2P5/4K2R w K - 0 1",  /* pawn off the queen's line, castling */
    "4k3/8/8/r2pP1K1/8/8/8/8 w - d6 0 1", /* en passant along a pinned rank */
    "4k3/8/8/8/8/8/5n2/4K3 w - - 0 1",    /* check by a knight */
    "k7/8/8/1q6/8/3B4/8/5K2 w - - 0 1",   /* bishop pinned on a diagonal */
    "8/2k5/8/8/2Q5/8/2n5/2K5 b - - 0 1",  /* check along a file */
};

static void legal_walk(const struct position *pos, int depth, int *total)
{
    move list[MOVES_MAX];
    int n = 0;
    for (int type = PAWN; type <= KING; type++)
        n += movegen_pseudo(pos, type, BB_ALL, BB_ALL, list + n);
    bitboard risky = dp_legal_risky(pos);
    for (int i = 0; i < n; i++) {
        bool legal = movegen_pseudo_is_legal(pos, list[i]);
        ck_assert_int_eq(dp_legal(pos, risky, list[i]), legal);
        (*total)++;
        if (!legal || depth == 0) continue;
        struct position next = *pos;
        pos_do_move(&next, list[i]);
        legal_walk(&next, depth - 1, total);
    }
}

START_TEST(test_legal_shortcut)
{
    int total = 0;
    for (size_t i = 0; i < sizeof legal_fens / sizeof legal_fens[0]; i++) {
        struct position pos;
        ck_assert_msg(fen_parse(&pos, legal_fens[i], 0, NULL, 0) == FEN_OK, "%s", legal_fens[i]);
        legal_walk(&pos, 2, &total);
    }
    ck_assert_int_gt(total, 5000);
}
END_TEST

/* dp_mate_in_one_quick()'s pawn shortcut (a pawn that uncovers no line
 * checks only from its new square) must see the line its own square opens:
 * a7-a8=Q and a8=R mate along the a-file the pawn leaves. */
START_TEST(test_mate1_promotion_line)
{
    static const char *const fens[] = {
        "8/P7/8/8/8/1K6/3N4/k7 w - - 0 1",
        "K7/3n4/1k6/8/8/8/p7/8 b - - 0 1",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        struct position pos;
        ck_assert(fen_parse(&pos, fens[i], 0, NULL, 0) == FEN_OK);
        struct deadpos_result res = {0};
        struct dp_search s = {.winner = pos.side, .budget = 1000, .res = &res};
        bitboard to[PIECE_TYPE_NB];
        ck_assert(dp_may_mate_in_one(&pos, to));
        move m = dp_mate_in_one_quick(&s, &pos, to);
        ck_assert_msg(m != MOVE_NONE && MOVE_IS_PROMO(m), "%s: no mate found", fens[i]);
        struct position next = pos;
        pos_do_move(&next, m);
        ck_assert(next.checkers && !movegen_any_legal(&next));
    }
}
END_TEST

/*
 * The helpmate search's path, pinned: sides of labelled Lichess positions
 * (all can win) whose searches took a few hundred to 30,000 nodes - the
 * targeted search's stages for both sides, a lone minor piece's corner
 * pictures, the limited-discrepancy search after the targeted one fails
 * (most now mate within the quick look at every corner's pictures).
 * The searches' speed-ups (moves generated a few kinds at a time, quiet
 * moves scored without being played, proofs that skip a move) must leave
 * the positions visited, and so the node count, unchanged: a change here
 * means the search itself changed (then say so, and set the new count).
 */
static const struct {
    const char *fen;
    int side;
} search_path_cases[] = {
    {"8/8/k2B4/3P4/1R1K4/p7/P6P/8 b - - 2 44", 1},
    {"6Q1/5Q2/8/3N1K2/2P4k/p7/P7/8 w - - 3 59", 1},
    {"7k/1R5b/7p/BBP3n1/5K2/7P/1r6/8 b - - 8 41", 1},
    {"8/8/8/1PB2kp1/7p/7P/1P2R1P1/1K6 w - - 1 49", 0},
    {"7r/pk6/8/8/P7/3KB3/1r3P2/8 w - - 0 36", 0},
    {"6k1/p4pp1/2N5/3PKP2/4r1P1/8/8/8 w - - 7 41", 1},
    {"5k2/Q6p/4Kp2/6p1/4B3/6P1/Pr3r1P/2R5 b - - 3 38", 1},
    {"8/5p2/4pk1p/8/2B4P/1P6/5NK1/8 w - - 1 42", 0},
    {"8/p2bp2p/4k1p1/6P1/3R3q/3KB3/P7/8 b - - 1 39", 0},
    {"1Q6/7p/6p1/8/P1k3P1/6KP/8/8 w - - 1 53", 1},
    {"8/8/1p6/1K3p1r/5k1P/1P6/P3R1P1/8 w - - 0 46", 1},
    {"8/1B6/6k1/P5p1/2Pr2Kp/P4RP1/7P/8 w - - 1 40", 1},
    {"7r/8/4R3/6K1/2P3P1/1P2k3/P7/8 b - - 1 50", 1},
    {"8/8/5k2/pB5p/P6q/5K2/8/8 b - - 1 49", 0},
    {"8/2n5/8/KB6/3k4/8/8/8 b - - 10 56", 1},
    {"8/8/8/8/8/pkn5/4p3/2K1N3 w - - 0 75", 0},
    {"8/p7/6N1/8/8/8/1Qk3K1/8 b - - 0 63", 0},
    /* the loser has a knight (its steps closer come before its king's
     * other steps), castling rights, en passant */
    {"8/2p5/1p4n1/pBk1pK2/P3Pb2/8/8/8 b - - 1 41", 0},
    {"8/3QK3/8/1pP5/1N6/8/6k1/8 b - - 6 60", 1},
    {"5b2/pp1k4/b3R3/8/4K3/1P2n3/P1P5/6R1 b - - 14 45", 0},
    {"8/8/1Qb2b2/3k1p2/2P2Bp1/3P4/PP3P1P/RN2K2R b KQ c3 0 23", 1},
    {"6k1/4r2p/2p5/p4n1P/1p1q4/1P6/P2B4/2K5 w - - 0 46", 0},
    {"5rk1/6pp/p3p3/2Q1P3/5n2/2N5/PPP3rP/2KR4 b - - 0 33", 1},
};

#define SEARCH_PATH_NODES 13186ul

START_TEST(test_search_path)
{
    unsigned long nodes = 0;
    for (size_t i = 0; i < sizeof search_path_cases / sizeof search_path_cases[0]; i++) {
        struct position pos;
        ck_assert(fen_parse(&pos, search_path_cases[i].fen, 0, NULL, 0) == FEN_OK);
        struct deadpos_result res;
        deadpos_analyse(&pos, search_path_cases[i].side, 0, &res);
        ck_assert_msg(res.verdict == DEADPOS_CAN_WIN, "%s", search_path_cases[i].fen);
        ck_assert(deadpos_line_mates(&pos, search_path_cases[i].side, res.line, res.line_len));
        nodes += res.nodes;
    }
    ck_assert_msg(nodes == SEARCH_PATH_NODES, "%lu nodes", nodes);
}
END_TEST

/* Every reason a "cannot win" verdict may give has its own text, which
 * `position` prints (deadpos_why_text()). */
START_TEST(test_why_texts)
{
    for (int a = DEADPOS_WHY_CHECKMATED; a <= DEADPOS_WHY_PAWN_FUTURES; a++) {
        ck_assert_msg(deadpos_why_text((enum deadpos_why)a)[0] != '\0', "reason %d has no text", a);
        for (int b = DEADPOS_WHY_CHECKMATED; b < a; b++)
            ck_assert_str_ne(deadpos_why_text((enum deadpos_why)a),
                             deadpos_why_text((enum deadpos_why)b));
    }
    ck_assert_str_eq(deadpos_why_text(DEADPOS_WHY_NONE), "");
}
END_TEST

/*
 * The helpmate search's memo (deadpos_analyse()'s turns): after a search
 * whose quick look at every corner's pictures ran in full and failed, the
 * next search of the same side skips that look and finds the same line in
 * as many nodes fewer.  Lichess sides whose mate the search finds past
 * 4,000 nodes (chasolver-lichess.txt, lines 1251, 1565, 1680).
 */
START_TEST(test_helpmate_memo)
{
    static const struct {
        const char *fen;
        int side;
    } memo_cases[] = {
        {"8/8/5k2/8/4PK1p/7P/8/8 b - - 1 50", COLOR_BLACK},
        {"8/4k3/p3PN2/4P3/2P2P2/2K1P3/P7/8 b - - 0 40", COLOR_BLACK},
        {"8/p7/8/p4kpp/P7/6K1/8/8 w - - 0 47", COLOR_WHITE},
    };
    for (size_t i = 0; i < sizeof memo_cases / sizeof memo_cases[0]; i++) {
        struct position pos;
        ck_assert(fen_parse(&pos, memo_cases[i].fen, 0, NULL, 0) == FEN_OK);
        int side = memo_cases[i].side;
        struct deadpos_result fresh = {0}, first = {0}, again = {0};
        struct dp_helpmate_memo memo = {0};
        ck_assert_int_eq(dp_search_helpmate(&pos, side, 40000, &fresh, NULL), DEADPOS_CAN_WIN);
        ck_assert_int_eq(dp_search_helpmate(&pos, side, 4000, &first, &memo), DEADPOS_UNKNOWN);
        ck_assert(memo.quick_failed);
        ck_assert_uint_gt(memo.quick_nodes, 0);
        ck_assert_int_eq(dp_search_helpmate(&pos, side, 40000, &again, &memo), DEADPOS_CAN_WIN);
        ck_assert_uint_eq(again.nodes, fresh.nodes - memo.quick_nodes);
        ck_assert_int_eq(again.line_len, fresh.line_len);
        for (int k = 0; k < fresh.line_len; k++)
            ck_assert_uint_eq(again.line[k], fresh.line[k]);
        /* a look cut short by a small budget is no memo */
        struct dp_helpmate_memo none = {0};
        struct deadpos_result small = {0};
        dp_search_helpmate(&pos, side, 1000, &small, &none);
        ck_assert(!none.quick_failed);
    }
}
END_TEST

/*
 * Sides the helpmate search used to leave undetermined (chasolver's hard
 * set), each found since the change named with it; the line must mate.
 */
static const struct {
    const char *why;
    const char *fen;
    int side;
} found_cases[] = {
    /* Bishops of one colour against pawns: the lone minor piece's corner
     * pictures, a pawn promoting to the blocker (Ka1, ...a1=N or a blocker
     * on the light corner's edge) */
    {"three light bishops v pawn", "7k/p7/8/8/8/1B6/2B5/3B2K1 b - -", 0},
    {"two dark bishops v pawn", "8/5kp1/3B4/4BK2/8/8/8/8 w - -", 0},
    {"two dark bishops v pawn, far", "8/8/2k2p2/8/6K1/4B3/1B6/8 w - -", 0},
    {"two dark bishops v pawn (Black)", "8/b7/4k3/8/8/1K6/2P5/6b1 w - -", 1},
    /* The budget the limited-discrepancy probes leave goes to every
     * corner's pictures: a pawn wall's mate away from the nearest corner */
    {"pawns only, mate away from the nearest corner", "K1k5/P2p1p1p/1p6/1P6/8/8/3P1P1P/8 w - -", 1},
    {"bishop and pawns behind a wall", "8/1p4p1/1PpB2p1/k1P3P1/p1P5/P7/5K2/8 w - -", 0},
    /* The targeted search's last loser moves after which no mate can
     * follow are no longer counted: more of the search fits the budget
     * (here the pawn runs and promotes to the lone bishop's blocker) */
    {"lone bishop, the pawn promotes to its blocker", "2k5/3p4/8/8/8/8/8/2KB4 w - -", 0},
    {"pawns only, the wall opened on the h-file", "8/5k1p/8/5p1P/p1p2PpP/P1P1p1P1/4P3/K7 b - -", 0},
    /* The same for the limited-discrepancy search's last loser moves: it
     * finds this one in the last thousand nodes of its share */
    {"rooks and bishop against a wall", "1k1rrb2/p7/Pp1p1p2/1PpPpPp1/2P1P1Pp/7P/8/2K5 w - -", 1},
    /* A quick look at every corner's picture before the targeted search:
     * the mates behind a wall come away from the nearest corner */
    {"bishop behind a double wall", "8/4k3/3pBp2/3PbP2/3pBp2/3PbP2/4K3/8 w - -", 1},
    {"bishops, the kings beside each other", "k1K5/1p1p4/1P1P4/8/8/B7/8/1b6 w - -", 1},
    {"bishops and a blocked h-pawn", "7B/7p/8/7p/6pP/5pP1/5P1B/1b1k2BK b - -", 0},
    /* Checks the mate-in-one tests do not play (a free flight square seen
     * from the bitboards) are no longer counted as nodes */
    {"bishop against a wall, the kings apart", "4K3/8/3pBp2/3PbP2/3pBp2/3PbP2/8/4k3 b - -", 1},
    {"lone bishop against rook and pawns", "8/r7/8/3B4/5pK1/4k3/p7/8 w - - 0 52", 0},
    /* The quick look at the corners with 3,000 nodes instead of 2,000 */
    {"queen and rook against a wall", "b1B5/k7/Q6r/1p1pBp1p/1P1P1P1P/KP6/1P6/8 b - -", 1},
    {"knights and bishops in a double wall",
     "6k1/1p4p1/bPp2pPb/n1P2P1n/N1p2pKN/BpP2PpB/1P4P1/8 w - -", 1},
    /* The targeted search's table of 32,768 positions instead of 8,192 */
    {"bishops and pawns, the bishop breaks in", "5brk/4p1p1/3pP1P1/1B1P2p1/3p2p1/3P4/4K1P1/8 w - -",
     0},
    {"pawns only, the king eats the wall", "8/8/7p/1k3p2/3p1P2/1p1P1PpP/1P4P1/K7 b - -", 1},
    {"rook behind a full wall", "8/8/7k/1p1p1p1p/pPpPpPpP/P1P1P1P1/3R3K/8 w - -", 0},
    /* The limited-discrepancy search no longer plays the winner's moves at
     * two plies left */
    {"two dark bishops and a locked pawn pair", "6k1/4B3/5B1K/1p6/1P6/8/8/8 w - -", 0},
    /* The route search (deadpos_route.c) behind pawn walls: long plans the
     * other searches miss within their 40,000 nodes */
    {"pawns only, the king takes the d-pawn, the queen mates on the a-file",
     "4k3/3p1p1p/8/1p6/1P6/KP6/PP1P1P1P/8 w - -", 1},
    {"pawns only, the loser's pawns wait", "8/p1p1p3/8/8/8/6p1/P1P1P1Pp/k6K w - -", 1},
    {"knight and bishop in a wall", "k1b5/1p6/1Pp5/2P5/N1p5/1pP5/1P6/K7 w - -", 1},
    {"bishops in a double wall", "3kBb2/b1pBbBp1/1pPpPpP1/1P1P1P2/8/8/6K1/8 w - -", 1},
    {"rooks behind a wall", "1r3k2/2r1p3/3pPp2/2pP1Pp1/1pP3Pp/pP5P/P7/4K3 w - -", 1},
    {"bishop against a locked centre", "k1bK4/1p1p4/1PpPp3/2P1Pp2/2p1pP2/2p1P3/2P5/8 w - -", 1},
    /* The route search hands the position after a promotion to the
     * targeted search */
    {"pawns only, the queen after the wall", "8/5p2/5p2/5p1p/k4p2/1p1p1PpP/1P1P2P1/K7 b - -", 0},
    {"bishops in a wall, the pawn promotes", "k1K5/p1p5/PbPp4/1BpP4/1pP5/1Pp5/B1P5/1B6 w - -", 1},
    /* The route search counts only the positions it holds (one met again
     * is looked up without being played) */
    {"lone bishop behind bishops and pawns", "BkB5/pBp5/P1P5/4b3/8/8/8/5K2 w - -", 1},
    {"pawns only, the king walks around", "k7/8/p5p1/2p1p1Pp/PpP1Pp2/1P1K1P1P/8/8 w - -", 0},
    {"knight and bishop against bishop and pawns", "k7/8/1p6/bP6/Bp6/1Pp5/2P5/NK6 w - -", 0},
    {"pawns only, a long file", "7k/2p2p1b/2P2Pp1/6P1/2P3P1/6PK/6PP/8 w - -", 0},
    {"bishop and pawns against a double wall", "4k3/8/3pBp2/3PbP2/3pBp2/3PbP2/8/4K3 w - -", 1},
    /* The route search's estimate weighs 4 against the plies played */
    {"bishop and two pawns against pawns", "7k/p7/P7/8/8/6p1/4B1Pp/7K w - -", 0},
    {"lone bishop behind a bishops' wall", "2B1B1B1/pBpBpBp1/P1P1P1P1/4k3/8/8/4K3/8 w - -", 1},
};

START_TEST(test_found_cases)
{
    struct position pos;
    ck_assert(fen_parse(&pos, found_cases[_i].fen, 0, NULL, 0) == FEN_OK);
    struct deadpos_result res;
    deadpos_analyse(&pos, found_cases[_i].side, 0, &res);
    ck_assert_msg(res.verdict == DEADPOS_CAN_WIN, "%s: %s: not found", found_cases[_i].why,
                  found_cases[_i].fen);
    ck_assert_msg(deadpos_line_mates(&pos, found_cases[_i].side, res.line, res.line_len),
                  "%s: the line does not mate", found_cases[_i].why);
}
END_TEST

/* The route search stopped and resumed every few hundred nodes finds the
 * line one call finds, in nearly the same nodes (a node whose mate-in-one
 * test or handoff was cut short is looked at again); a new search (no
 * resume) starts over. */
START_TEST(test_route_resume)
{
    static const char *fen = "4k3/3p1p1p/8/1p6/1P6/KP6/PP1P1P1P/8 w - -"; /* 54 plies */
    struct position pos;
    ck_assert(fen_parse(&pos, fen, 0, NULL, 0) == FEN_OK);
    dp_distance_tables_init();
    struct deadpos_result whole = {0}, parts = {0};
    struct dp_search s = {.winner = COLOR_BLACK, .budget = 40000, .res = &whole};
    ck_assert(dp_helpmate_route(&s, &pos, 40000, false));
    ck_assert(deadpos_line_mates(&pos, COLOR_BLACK, whole.line, whole.line_len));
    struct dp_search t = {.winner = COLOR_BLACK, .budget = 40000, .res = &parts};
    bool found = false;
    for (int i = 0; !found && parts.nodes < 40000; i++)
        found = dp_helpmate_route(&t, &pos, parts.nodes + 250, i > 0);
    ck_assert(found);
    ck_assert(deadpos_line_mates(&pos, COLOR_BLACK, parts.line, parts.line_len));
    ck_assert_int_eq(parts.line_len, whole.line_len);
    ck_assert_msg(parts.nodes >= whole.nodes && parts.nodes <= whole.nodes + whole.nodes / 10,
                  "%lu nodes in parts, %lu in one", parts.nodes, whole.nodes);
    /* Started over, 300 nodes do not find it, nor the search after them. */
    struct deadpos_result again = {0};
    struct dp_search u = {.winner = COLOR_BLACK, .budget = 40000, .res = &again};
    ck_assert(!dp_helpmate_route(&u, &pos, 300, false));
    ck_assert(dp_helpmate_route(&u, &pos, 40000, false));
    ck_assert_int_eq(again.nodes, 300 + whole.nodes);
}
END_TEST

/* Labelled sets: a sample here, every position in `make check-dead`.  The
 * counts the sample must reach: the positions and dead positions in it are
 * fixed by the data; how many of the dead are found and how many answers
 * agree with the labels are floors (as measured on 2026-11-26), so a lost
 * detection fails while a better analysis passes. */
struct sample_floor {
    int positions, dead; /* exact: positions sampled, labelled "--" among them */
    int found;           /* at least this many of the dead found by deadpos_is_dead() */
    int agree[2];        /* at least this many White / Black answers agree */
};

static void run_sample(const char *rel, int every, const struct sample_floor *want)
{
    const char *path = shared_path(rel);
    if (!path) return;
    struct dead_tally t;
    ck_assert_msg(dead_corpus_run(path, every, DEAD_CORPUS_FULL, 0, &t, stderr) == 0,
                  "cannot read %s", path);
    int undetermined = t.unknown[0] + t.unknown[1];
    fprintf(stderr,
            "deadpos: %s (every %d): %d positions; White %d agree / %d undetermined, Black %d "
            "agree / %d undetermined (%.1f%% of answers undetermined); dead %d found, %d "
            "missed; %.0f positions/s (is_dead), %.0f (full)\n",
            rel, every, t.positions, t.agree[0], t.unknown[0], t.agree[1], t.unknown[1],
            100.0 * undetermined / (2.0 * (t.labelled ? t.labelled : 1)), t.dead_found,
            t.dead_missed, t.positions / (t.secs_dead > 0 ? t.secs_dead : 1e-9),
            t.positions / (t.secs_full > 0 ? t.secs_full : 1e-9));
    ck_assert_int_gt(t.labelled, 0);
    ck_assert_int_eq(t.wrong[0], 0);
    ck_assert_int_eq(t.wrong[1], 0);
    ck_assert_int_eq(t.dead_wrong, 0);
    ck_assert_int_eq(t.bad_lines, 0);
    ck_assert_int_eq(t.positions, want->positions);
    ck_assert_int_eq(t.dead_found + t.dead_missed, want->dead);
    ck_assert_msg(t.dead_found >= want->found, "%s: %d dead positions found, at least %d expected",
                  rel, t.dead_found, want->found);
    for (int side = 0; side < 2; side++)
        ck_assert_msg(t.agree[side] >= want->agree[side],
                      "%s: %d %s answers agree with the labels, at least %d expected", rel,
                      t.agree[side], side ? "Black" : "White", want->agree[side]);
}

START_TEST(test_chasolver_positions)
{
    static const struct sample_floor want = {427, 145, 79, {396, 398}};
    run_sample("corpus/dead/chasolver-positions.txt", 8, &want);
}
END_TEST

START_TEST(test_chasolver_lichess)
{
    static const struct sample_floor want = {512, 0, 0, {512, 512}};
    run_sample("corpus/dead/chasolver-lichess.txt", 128, &want);
}
END_TEST

/* deadpos_is_dead() keeps its answers per position (is_dead_past_filter()):
 * a position that shares a key with one answered before gets its own answer,
 * whatever differs - the units, the side to move, castling rights - and the
 * same position asked again gets the same answer. */
START_TEST(test_dead_cache_exact)
{
    static const struct {
        const char *fen;
        bool dead;
    } pairs[][2] = {
        {{"8/8/4k3/8/8/3K4/8/8 w - - 0 1", true}, {"8/8/4k3/8/8/3K4/8/R7 w - - 0 1", false}},
        {{"8/8/4k3/8/8/3KB3/8/8 w - - 0 1", true}, {"8/8/4k3/8/8/3K4/8/Q7 w - - 0 1", false}},
        {{"8/8/4k3/8/8/3KN3/8/8 b - - 0 1", true}, {"8/8/4k3/8/8/3KR3/8/8 b - - 0 1", false}},
        {{"8/8/4k3/8/8/3KB3/8/8 w - - 0 1", true}, {"8/8/4k3/8/8/3KP3/8/8 w - - 0 1", false}},
    };
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        struct position a, b;
        char why[200];
        ck_assert_msg(fen_parse(&a, pairs[i][0].fen, 0, why, sizeof why) == FEN_OK, "%s", why);
        ck_assert_msg(fen_parse(&b, pairs[i][1].fen, 0, why, sizeof why) == FEN_OK, "%s", why);
        b.key = a.key; /* the same slot and the same key: only the comparison tells them apart */
        for (int round = 0; round < 2; round++) {
            ck_assert_msg(deadpos_is_dead(&a) == pairs[i][0].dead, "%s", pairs[i][0].fen);
            ck_assert_msg(deadpos_is_dead(&b) == pairs[i][1].dead, "%s", pairs[i][1].fen);
        }
    }
}
END_TEST

/* Out of memory for a thread's blocks (dp_thread_block()): deadpos_is_dead()
 * answers without its cache as it answers with it.  The thread starts, then
 * the address space is limited to what is mapped and a little more, then it
 * asks.  (A mutant that uses the cache it could not get crashes here; the
 * exhaustive search's table, 64 KB, may still come from the heap's free
 * space, so its own fallback is not forced.) */
#ifndef TEST_SANITIZED
static const char *const starved_fens[] = {
    "8/8/4k3/8/8/3K4/8/8 w - - 0 1",  "8/8/4k3/8/8/3K4/8/R7 w - - 0 1",
    "8/8/4k3/8/8/3KB3/8/8 w - - 0 1", "8/8/4k3/8/8/3K4/8/Q7 w - - 0 1",
    "8/8/4k3/8/8/3KN3/8/8 b - - 0 1", "8/8/4k3/8/8/3KR3/8/8 b - - 0 1",
    "7K/8/8/8/8/8/R7/kn6 b - - 0 1", /* dead by the exhaustive search */
};
#define STARVED_NB (sizeof starved_fens / sizeof starved_fens[0])

struct starved {
    struct position pos[STARVED_NB];
    bool dead[STARVED_NB];
    pthread_barrier_t limited;
};

static void *starved_thread(void *arg)
{
    struct starved *st = arg;
    pthread_barrier_wait(&st->limited);
    for (size_t i = 0; i < STARVED_NB; i++)
        st->dead[i] = deadpos_is_dead(&st->pos[i]);
    return NULL;
}
#endif

START_TEST(test_dead_cache_out_of_memory)
{
#ifdef TEST_SANITIZED
    fprintf(stderr, "test_dead_cache_out_of_memory: no address space limit under a sanitizer\n");
    return;
#else
    if (test_under_valgrind()) {
        fprintf(stderr, "test_dead_cache_out_of_memory: no address space limit under valgrind\n");
        return;
    }
    static struct starved st;
    bool want[STARVED_NB];
    for (size_t i = 0; i < STARVED_NB; i++) {
        char why[200];
        ck_assert_msg(fen_parse(&st.pos[i], starved_fens[i], 0, why, sizeof why) == FEN_OK, "%s",
                      why);
        want[i] = deadpos_is_dead(&st.pos[i]); /* this thread: with its blocks */
    }
    ck_assert(want[0] && !want[1] && want[6]);
    ck_assert_int_eq(pthread_barrier_init(&st.limited, NULL, 2), 0);
    pthread_t t;
    ck_assert_int_eq(pthread_create(&t, NULL, starved_thread, &st), 0);
    struct rlimit old;
    ck_assert_int_eq(getrlimit(RLIMIT_AS, &old), 0);
    struct rlimit lim = {(rlim_t)test_address_space_in_use() + (256 << 10), old.rlim_max};
    ck_assert_int_eq(setrlimit(RLIMIT_AS, &lim), 0);
    /* the cache's 576 KB cannot be had now */
    void *probe = malloc(600 << 10);
    bool starved = probe == NULL;
    free(probe);
    pthread_barrier_wait(&st.limited);
    pthread_join(t, NULL);
    ck_assert_int_eq(setrlimit(RLIMIT_AS, &old), 0);
    pthread_barrier_destroy(&st.limited);
    ck_assert_msg(starved, "the limit left room for the cache: the test tests nothing");
    for (size_t i = 0; i < STARVED_NB; i++)
        ck_assert_msg(st.dead[i] == want[i], "%s: %d without memory, %d with", starved_fens[i],
                      st.dead[i], want[i]);
#endif
}
END_TEST

/* deadpos_judge()'s quick test settles the ordinary final positions of
 * `check` (every game) without the full analysis (res.nodes stays 0), and
 * the answer is deadpos_analyse()'s: a side that can mate.  Each row is a
 * case the quick test once left to the full analysis. */
static const struct quick_case {
    const char *name;
    const char *fen;
} quick_cases[] = {
    /* every pawn file faces, but the pawns may meet diagonally */
    {"facing pawns, open game",
     "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w - - 4 4"},
    {"facing pawns, rooks", "6k1/pp3ppp/8/8/8/8/PP3PPP/3R2K1 w - - 0 30"},
    /* a pawn stopped only by a king that has a step no enemy unit holds for
     * good: no frozen candidate, the pawn runs to promotion */
    {"pawn in front of a free king", "8/8/8/8/7Q/8/4K1p1/6k1 w - - 4 72"},
};

START_TEST(test_judge_quick)
{
    const struct quick_case *c = &quick_cases[_i];
    struct position pos;
    ck_assert_msg(fen_parse(&pos, c->fen, 0, NULL, 0) == FEN_OK, "%s", c->name);
    for (int side = 0; side < 2; side++) {
        struct deadpos_result quick, full;
        ck_assert_msg(deadpos_judge(&pos, side, &quick) == DEADPOS_UNKNOWN, "%s", c->name);
        ck_assert_msg(quick.nodes == 0, "%s: side %d went to the full analysis", c->name, side);
        deadpos_analyse(&pos, side, DEADPOS_NODES_DEFAULT, &full);
        ck_assert_msg(full.verdict != DEADPOS_CANNOT_WIN, "%s", c->name);
    }
    ck_assert(!deadpos_is_dead_full(&pos));
}
END_TEST

/* Where the quick test cannot tell (every pawn file locked head-on), a
 * short helpmate search settles the ordinary endgame: deadpos_judge()
 * answers CAN_WIN with a line that mates, and for one side at least
 * within its short search's nodes (DEADPOS_QUICK_HELPMATE_NODES_LAST,
 * 2,000: the search spends its budget in shares, so a mate found at 700
 * is found later at 2,000), not the full analysis's. */
static const char *const quick_mate_fens[] = {
    "8/8/8/7p/k1K4P/8/8/8 b - - 1 62",
    "8/8/4k3/p7/Pb6/3K4/8/3R4 b - - 88 114",
    "8/8/8/2B2p2/1p2kPp1/1Pb3P1/4K3/8 b - - 3 62",
};

START_TEST(test_judge_quick_mate)
{
    struct position pos;
    ck_assert(fen_parse(&pos, quick_mate_fens[_i], 0, NULL, 0) == FEN_OK);
    unsigned long fewest = (unsigned long)-1;
    for (int side = 0; side < 2; side++) {
        struct deadpos_result r;
        ck_assert_int_eq(deadpos_judge(&pos, side, &r), DEADPOS_CAN_WIN);
        ck_assert(deadpos_line_mates(&pos, side, r.line, r.line_len));
        if (r.nodes < fewest) fewest = r.nodes;
    }
    ck_assert_msg(fewest <= 2000, "%s: %lu nodes", quick_mate_fens[_i], fewest);
    ck_assert(!deadpos_is_dead_full(&pos));
}
END_TEST

/* Issue 35's differential test on the first games of each sample of
 * ../shared/corpus/games (every game: `make check-deadcheck`): `check`'s
 * and `position`'s verdicts agree on every position the filter keeps. */
static const char *const game_samples[] = {
    "corpus/games/lichess-db-2025-05-sample.pgn",
    "corpus/games/twic1599-sample.pgn",
    "corpus/games/pychess-world_matches.pgn",
};

START_TEST(test_deadcheck_games)
{
    const char *path = shared_path(game_samples[_i]);
    if (!path) return;
    struct deadcheck_tally t;
    ck_assert_msg(deadcheck_diff_run(path, 400, &t, stderr) == 0, "cannot read %s", path);
    fprintf(stderr, "deadcheck: %s: %ld games, %ld positions, %ld compared, %ld disagreements\n",
            game_samples[_i], t.games, t.positions, t.compared, t.disagree);
    ck_assert_int_gt(t.compared, 100);
    ck_assert_int_eq(t.disagree, 0);
}
END_TEST

Suite *deadpos_suite(void)
{
    Suite *s = suite_create("deadpos");
    TCase *tc = tcase_create("classes");
    tcase_add_loop_test(tc, test_classes, 0, (int)(sizeof cases / sizeof cases[0]));
    tcase_add_loop_test(tc, test_frozen, 0, (int)(sizeof frozen_cases / sizeof frozen_cases[0]));
    tcase_add_loop_test(tc, test_capture, 0, (int)(sizeof capture_cases / sizeof capture_cases[0]));
    tcase_add_loop_test(tc, test_futures, 0, (int)(sizeof futures_cases / sizeof futures_cases[0]));
    tcase_add_test(tc, test_search_path);
    tcase_add_test(tc, test_helpmate_memo);
    tcase_add_test(tc, test_why_texts);
    tcase_add_test(tc, test_dead_cache_exact);
    tcase_add_test(tc, test_dead_cache_out_of_memory);
    tcase_add_test(tc, test_route_resume);
    suite_add_tcase(s, tc);
    tc = tcase_create("no_mate_in_one");
    tcase_add_loop_test(tc, test_mate1_cases, 0, (int)(sizeof mate1_cases / sizeof mate1_cases[0]));
    tcase_add_test(tc, test_mate1_sound);
    tcase_add_test(tc, test_legal_shortcut);
    tcase_add_test(tc, test_mate_after_told_once);
    tcase_add_test(tc, test_mate1_promotion_line);
    suite_add_tcase(s, tc);
    tc = tcase_create("labelled");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_chasolver_positions);
    tcase_add_test(tc, test_chasolver_lichess);
    suite_add_tcase(s, tc);
    tc = tcase_create("judge_quick");
    tcase_add_loop_test(tc, test_judge_quick, 0, (int)(sizeof quick_cases / sizeof quick_cases[0]));
    tcase_add_loop_test(tc, test_judge_quick_mate, 0,
                        (int)(sizeof quick_mate_fens / sizeof quick_mate_fens[0]));
    suite_add_tcase(s, tc);
    tc = tcase_create("deadcheck_games");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, test_deadcheck_games, 0,
                        (int)(sizeof game_samples / sizeof game_samples[0]));
    suite_add_tcase(s, tc);
    tc = tcase_create("found");
    tcase_add_loop_test(tc, test_found_cases, 0, (int)(sizeof found_cases / sizeof found_cases[0]));
    suite_add_tcase(s, tc);
    return s;
}
