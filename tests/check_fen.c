/*
 * check_fen.c - FEN parsing and writing: every corpus FEN reads, writes and
 * reads back to the same position; each fault gets its status and message
 * (one test per bad-FEN and illegal-position class); Chess960 detection and
 * the castling letters fen_write() chooses.
 */
#include "testutil.h"

#include "chess/attacks.h"
#include "chess/fen.h"
#include "perft_corpus.h"
#include "chess/position.h"

#include <stdlib.h>
#include <string.h>

struct fault {
    const char *fen;
    enum fen_status status;
    const char *why; /* expected message (substring) */
};

static const struct fault faults[] = {
    /* Not FEN at all (bad-fen). */
    {"", FEN_BAD, "empty FEN"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", FEN_BAD, "2 fields"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x", FEN_BAD, "more than 6"},
    {"rnbqkbnr/pppppppp/8/8/8/PPPPPPPPP/8/RNBQKBNR w KQkq - 0 1", FEN_BAD, "rank 3 has 9 squares"},
    {"rnbqkbnr/pppppppp/8/8/8/7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FEN_BAD, "rank 3 has 7 squares"},
    {"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FEN_BAD, "7 ranks, not 8"},
    {"rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FEN_BAD, "more than 8 ranks"},
    {"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FEN_BAD, "bad character 'x'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", FEN_BAD, "not 'w' or 'b'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1", FEN_BAD,
     "bad character 'x' in the castling"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKq - 0 1", FEN_BAD, "K is given twice"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", FEN_BAD, "en passant field"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", FEN_BAD, "halfmove clock"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3", FEN_BAD, "fullmove number"},
    /* Parses, but cannot arise (illegal-position). */
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w kq - 0 1", FEN_ILLEGAL, "White has no king"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", FEN_ILLEGAL, "White has 2 kings"},
    {"rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1", FEN_ILLEGAL, "white pawn on h8"},
    {"rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FEN_ILLEGAL, "White has 9 pawns"},
    {"rnbqkbnr/pppppppp/8/8/8/QQQ5/PPPPPPP1/1NBQKB2 w kq - 0 1", FEN_ILLEGAL,
     "White has 3 extra pieces beyond what 1 missing pawn could promote to"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", FEN_ILLEGAL,
     "castling right K but no rook on h1"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkD - 0 1", FEN_ILLEGAL,
     "castling right D but no white rook on d1"},
    {"rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQ1BNR w KQkq - 0 1", FEN_ILLEGAL,
     "castling right K but the white king is not on rank 1"},
    {"4k3/8/8/8/8/8/8/R3K1RR w KG - 0 1", FEN_ILLEGAL,
     "White has two castling rights on the h-side"},
    {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1", FEN_ILLEGAL,
     "en passant square e3 is not on rank 6"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1", FEN_ILLEGAL,
     "en passant square e3 but no white pawn on e4 that just made a double step"},
    {"rnbqkbnr/pppppppp/8/8/4P3/4B3/PPPP1PPP/RN1QKBNR b KQkq e3 0 1", FEN_ILLEGAL,
     "e3 is occupied"},
    {"4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", FEN_ILLEGAL, "Black is not to move but is in check"},
    {"4k3/8/8/8/1b6/3n4/8/4K2r w - - 0 1", FEN_ILLEGAL, "impossible check: three checkers"},
    {"4k3/8/8/8/8/3n4/2n5/4K3 w - - 0 1", FEN_ILLEGAL,
     "two checkers no single move could have given"},
    {"4k3/8/8/8/8/8/8/r3K2r w - - 0 1", FEN_ILLEGAL,
     "two checkers no single move could have given"},
    {"4k3/8/8/8/2b5/8/8/4K3 w - d3 0 1", FEN_ILLEGAL, "en passant square d3 is not on rank 6"},
    {"4k3/8/8/3p4/7b/8/8/4K3 w - d6 0 1", FEN_ILLEGAL,
     "the en passant square says Black just played d7-d5, which cannot have given this check"},
};

START_TEST(fault_classes)
{
    const struct fault *f = &faults[_i];
    struct position pos;
    char why[200];
    enum fen_status st = fen_parse(&pos, f->fen, 0, why, sizeof why);
    ck_assert_msg(st == f->status, "'%s': status %d, expected %d (%s)", f->fen, st, f->status, why);
    ck_assert_msg(strstr(why, f->why), "'%s': message '%s' lacks '%s'", f->fen, why, f->why);
}
END_TEST

START_TEST(why_may_be_null_or_short)
{
    struct position pos;
    char why[8];
    ck_assert_int_eq(fen_parse(&pos, "x", 0, NULL, 0), FEN_BAD);
    ck_assert_int_eq(fen_parse(&pos, "8/8/8/8/8/8/8/8 w - -", 0, why, sizeof why), FEN_ILLEGAL);
    ck_assert_int_eq(strlen(why), 7);
}
END_TEST

START_TEST(accepts_four_fields_and_blanks)
{
    struct position pos;
    char buf[FEN_MAX];
    ck_assert_int_eq(
        fen_parse(&pos, "  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w KQkq -\n", 0, NULL, 0),
        FEN_OK);
    fen_write(&pos, buf, sizeof buf);
    ck_assert_str_eq(buf, FEN_START);
    struct position start;
    pos_set_start(&start);
    ck_assert(pos_same_identity(&pos, &start));
    ck_assert(pos_key(&pos) == pos_key(&start));
    ck_assert(!pos.chess960);
}
END_TEST

START_TEST(chess960_detection_and_letters)
{
    struct position pos;
    char buf[FEN_MAX];
    /* Shredder letters: Chess960, written back as KQkq (outermost rooks). */
    ck_assert_int_eq(
        fen_parse(&pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", 0, NULL, 0),
        FEN_OK);
    ck_assert(pos.chess960);
    fen_write(&pos, buf, sizeof buf);
    ck_assert_str_eq(buf, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /* X-FEN KQkq with the king off the e-file. */
    ck_assert_int_eq(
        fen_parse(&pos, "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1", 0, NULL, 0),
        FEN_OK);
    ck_assert(pos.chess960);
    ck_assert(pos.castle_rooks == (SQ_BB(SQ_A1) | SQ_BB(SQ_E1) | SQ_BB(SQ_A8) | SQ_BB(SQ_E8)));
    /* Inner rook with a right while an outer rook has none: file letter. */
    ck_assert_int_eq(fen_parse(&pos, "4k3/8/8/8/8/8/8/1R2K1RR w G - 0 1", 0, NULL, 0), FEN_OK);
    fen_write(&pos, buf, sizeof buf);
    ck_assert_str_eq(buf, "4k3/8/8/8/8/8/8/1R2K1RR w G - 0 1");
    /* Single-file rights (cpw-deep). */
    ck_assert_int_eq(fen_parse(&pos,
                               "1rkr3b/1ppn3p/3pB1n1/6q1/R2P4/4N1P1/1P5P/2KRQ1B1 b Dbd - 0 14", 0,
                               NULL, 0),
                     FEN_OK);
    fen_write(&pos, buf, sizeof buf);
    ck_assert_str_eq(buf, "1rkr3b/1ppn3p/3pB1n1/6q1/R2P4/4N1P1/1P5P/2KRQ1B1 b Kkq - 0 14");
    /* Standard position, flag forces Chess960. */
    ck_assert_int_eq(fen_parse(&pos, FEN_START, FEN_CHESS960, NULL, 0), FEN_OK);
    ck_assert(pos.chess960);
    ck_assert_int_eq(fen_parse(&pos, FEN_START, 0, NULL, 0), FEN_OK);
    ck_assert(!pos.chess960);
}
END_TEST

/* --- round trip over every corpus FEN --- */

struct rt_stats {
    int read, usable, bad;
};

static void round_trip(const char *fen, struct rt_stats *st, const char *where)
{
    struct position a, b;
    char why[200], out[FEN_MAX], out2[FEN_MAX];
    enum fen_status s = fen_parse(&a, fen, 0, why, sizeof why);
    st->read++;
    if (s == FEN_BAD) {
        st->bad++;
        fprintf(stderr, "%s: bad FEN '%s': %s\n", where, fen, why);
        return;
    }
    if (s == FEN_ILLEGAL && !pos_ok(&a)) return;
    st->usable++;
    ck_assert_msg(pos_ok(&a), "%s: '%s' fails pos_ok", where, fen);
    fen_write(&a, out, sizeof out);
    enum fen_status s2 = fen_parse(&b, out, a.chess960 ? FEN_CHESS960 : 0, why, sizeof why);
    ck_assert_msg(s2 == s, "%s: '%s' -> '%s' reads back as %d (%s)", where, fen, out, s2, why);
    ck_assert_msg(pos_same_identity(&a, &b) && a.key == b.key && a.ep_square == b.ep_square &&
                      a.halfmove == b.halfmove && a.fullmove == b.fullmove &&
                      a.chess960 == b.chess960,
                  "%s: '%s' -> '%s' is another position", where, fen, out);
    fen_write(&b, out2, sizeof out2);
    ck_assert_str_eq(out, out2);
    /* Text identity when the input used the letters fen_write() uses. */
    const char *f2 = strchr(fen, ' ');
    bool letters_kq = f2 && !strpbrk(f2, "ABCDEFGHabcdefgh");
    if (letters_kq) {
        size_t n = strlen(fen);
        ck_assert_msg(strncmp(out, fen, n) == 0, "%s: '%s' written as '%s'", where, fen, out);
    }
}

static int rt_case(const struct perft_case *c, void *ctx)
{
    static char last[160];
    if (strcmp(last, c->fen) == 0) return 0;
    snprintf(last, sizeof last, "%s", c->fen);
    char where[300];
    snprintf(where, sizeof where, "%s:%d", c->file, c->line);
    round_trip(c->fen, ctx, where);
    return 0;
}

static const char *const perft_files[] = {
    "perft/ethereal-standard.epd",      "perft/python-chess-tricky.perft",
    "perft/scalachess-tricky.perft",    "perft/sedlak-perftsuite2.epd",
    "perft/pychess-frc-perftsuite.epd", "perft/cpw-deep.epd",
};

START_TEST(round_trip_testdata)
{
    struct rt_stats st = {0, 0, 0};
    ck_assert(perft_corpus_read(testdata_path(perft_files[_i]), rt_case, &st) == 0);
    ck_assert_int_gt(st.usable, 0);
    ck_assert_int_eq(st.bad, 0);
}
END_TEST

static const char *const shared_perft[] = {
    "corpus/perft/ethereal-fischer960.epd",
    "corpus/perft/python-chess-random.perft",
};

START_TEST(round_trip_shared_perft)
{
    const char *p = shared_path(shared_perft[_i]);
    if (!p) return;
    struct rt_stats st = {0, 0, 0};
    ck_assert(perft_corpus_read(p, rt_case, &st) == 0);
    ck_assert_int_gt(st.usable, 0);
    ck_assert_int_eq(st.bad, 0);
}
END_TEST

/* Files with one "LABEL FEN" (dead/) or "FEN; labels" (rules/) a line. */
static const char *const shared_lists[] = {
    "corpus/dead/chasolver-positions.txt",
    "corpus/rules/python-chess-insufficient-material.epd",
    "corpus/rules/python-chess-fifty-moves.epd",
};

START_TEST(round_trip_shared_lists)
{
    const char *p = shared_path(shared_lists[_i]);
    if (!p) return;
    char *text = read_file(p, NULL);
    ck_assert_ptr_nonnull(text);
    struct rt_stats st = {0, 0, 0};
    int lineno = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        lineno++;
        if (line[0] == '#' || line[0] == '\0') continue;
        char *fen = line;
        if (strstr(p, "/dead/")) fen = strchr(line, ' ') ? strchr(line, ' ') + 1 : line;
        char *semi = strchr(fen, ';');
        if (semi) *semi = '\0';
        char where[300];
        snprintf(where, sizeof where, "%s:%d", p, lineno);
        round_trip(fen, &st, where);
    }
    free(text);
    ck_assert_int_gt(st.usable, 0);
    ck_assert_int_eq(st.bad, 0);
}
END_TEST

Suite *fen_suite(void);
Suite *fen_suite(void)
{
    attacks_init();
    Suite *s = suite_create("fen");
    TCase *tc = tcase_create("each fault has its status and message");
    tcase_add_loop_test(tc, fault_classes, 0, (int)(sizeof faults / sizeof faults[0]));
    tcase_add_test(tc, why_may_be_null_or_short);
    suite_add_tcase(s, tc);
    tc = tcase_create("reading and writing");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, accepts_four_fields_and_blanks);
    tcase_add_test(tc, chess960_detection_and_letters);
    tcase_add_loop_test(tc, round_trip_testdata, 0,
                        (int)(sizeof perft_files / sizeof perft_files[0]));
    tcase_add_loop_test(tc, round_trip_shared_perft, 0,
                        (int)(sizeof shared_perft / sizeof shared_perft[0]));
    tcase_add_loop_test(tc, round_trip_shared_lists, 0,
                        (int)(sizeof shared_lists / sizeof shared_lists[0]));
    suite_add_tcase(s, tc);
    return s;
}
