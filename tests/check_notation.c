/*
 * check_notation.c - reading games in the notation their scorer used (SPEC
 * "Notation and language", issue #17): the letter table and the token
 * translation, the per-game detection with the ambiguous cases (R the king
 * in Italian, Spanish and French; P the knight in Dutch; a game both readings
 * replay), and every real game of ../shared/corpus/games rewritten into each
 * notation giving exactly the English original's findings.
 */
#include "testutil.h"

#include "chess/notation.h"
#include "diag/diag.h"
#include "judge/game.h"
#include "notation_rewrite.h"
#include "pgn/input.h"
#include "pgn/pgn_parse.h"

#include <stdlib.h>
#include <string.h>

/* ---- the letter table -------------------------------------------------- */

static const struct {
    unsigned sets;
    const char *tok, *english;
} translations[] = {
    {NOTA_ITES, "Re7", "Ke7"},
    {NOTA_ITES, "Cxe5", "Nxe5"},
    {NOTA_ITES, "Axd1", "Bxd1"},
    {NOTA_ITES, "Tfe1", "Rfe1"},
    {NOTA_ITES, "Dd8+", "Qd8+"},
    {NOTA_ITES, "e8=D", "e8=Q"},
    {NOTA_ITES, "exd8T#", "exd8R#"},
    {NOTA_ITES, "0-0", "0-0"},
    {NOTA_FR, "Fb5", "Bb5"},
    {NOTA_FR, "Cc3:e4", "Nc3:e4"},
    {NOTA_DE, "Sf3", "Nf3"},
    {NOTA_DE, "Lb5", "Bb5"},
    {NOTA_DE, "Kf1", "Kf1"},
    {NOTA_NL, "Pf3", "Nf3"},
    {NOTA_NL, "e8=P", "e8=N"},
    {NOTA_EN, "Rf1", "Rf1"},
    {NOTA_EN, "\u2658f3", "Nf3"},
    {NOTA_ITES, "\u265ef6", "Nf6"},
    {NOTA_EN, "e8=\u2655", "e8=Q"},
    {NOTA_ITES, "Cg1-f3", "Ng1-f3"},
    {NOTA_EN | NOTA_ITES, "e4", "e4"},
    {NOTA_ITES, "Nf3", "Nf3"}, /* no Italian letter: as written */
};

START_TEST(translate_tokens)
{
    char out[32];
    const char *tok = translations[_i].tok;
    size_t n = nota_translate(translations[_i].sets, tok, strlen(tok), out, sizeof out);
    ck_assert_msg(strcmp(out, translations[_i].english) == 0 && n == strlen(out),
                  "%s under %#x: got %s, expected %s", tok, translations[_i].sets, out,
                  translations[_i].english);
}
END_TEST

START_TEST(letters_narrow)
{
    ck_assert(nota_table_ok());
    /* C A T D F L S are no English letters; N B Q no other. */
    ck_assert_uint_eq(nota_sets_of(nota_scan("Cf3", 3)), NOTA_ITES | NOTA_FR);
    ck_assert_uint_eq(nota_sets_of(nota_scan("Ac4", 3)), NOTA_ITES);
    ck_assert_uint_eq(nota_sets_of(nota_scan("Fc4", 3)), NOTA_FR);
    ck_assert_uint_eq(nota_sets_of(nota_scan("Sf3", 3)), NOTA_DE);
    ck_assert_uint_eq(nota_sets_of(nota_scan("Lb5", 3)), NOTA_DE | NOTA_NL);
    ck_assert_uint_eq(nota_sets_of(nota_scan("Td1", 3)), NOTA_ALL & ~NOTA_EN);
    ck_assert_uint_eq(nota_sets_of(nota_scan("Nf3", 3)), NOTA_EN);
    ck_assert_uint_eq(nota_sets_of(nota_scan("Rf1", 3)), NOTA_EN | NOTA_ITES | NOTA_FR);
    ck_assert_uint_eq(nota_sets_of(nota_scan("Pf3", 3)), NOTA_EN | NOTA_NL);
    ck_assert_uint_eq(nota_sets_of(nota_scan("e4", 2)), NOTA_ALL);
    ck_assert_uint_eq(nota_sets_of(nota_scan("\u2656d1", 5)), NOTA_ALL);
    /* R and P mean two pieces only while both readings are open. */
    ck_assert(!nota_agree(NOTA_ALL, nota_scan("Rf1", 3)));
    ck_assert(nota_agree(NOTA_EN | NOTA_DE | NOTA_NL, nota_scan("Rf1", 3)));
    ck_assert(nota_agree(NOTA_ITES | NOTA_FR, nota_scan("Rf1", 3)));
    ck_assert(!nota_agree(NOTA_EN | NOTA_NL, nota_scan("Pf3", 3)));
    ck_assert(nota_agree(NOTA_ALL, nota_scan("Dd1", 3)));
    ck_assert(!nota_may_have_letters("e4", 2) && !nota_may_have_letters("O-O", 3) &&
              !nota_may_have_letters("exd5+", 5));
    ck_assert(nota_may_have_letters("Rf1", 3) && nota_may_have_letters("e8=D+", 5) &&
              nota_may_have_letters("e8D", 3) && nota_may_have_letters("\u2658f3", 5));
}
END_TEST

/* nota_reading() (one lookup of a table made at start-up) is what narrowing
 * and meaning say, for every mask and letter: the English letter when the
 * letter narrows nothing and means one piece, else 0 (R under English and
 * Italian both: 0; R under Italian alone: the king; C under Italian: N). */
START_TEST(reading_table)
{
    for (unsigned sets = 1; sets <= NOTA_ALL; sets++)
        for (char c = 'A'; c <= 'Z'; c++) {
            uint32_t bit = 1u << (c - 'A');
            char want = nota_narrow(sets, bit) == sets && (nota_sets_of(bit) & sets) &&
                                nota_agree(sets, bit)
                            ? nota_meaning(sets, c)
                            : 0;
            ck_assert_msg(nota_reading(sets, c) == want, "%c under %#x: %d, expected %d", c, sets,
                          nota_reading(sets, c), want);
        }
    ck_assert_int_eq(nota_reading(NOTA_ITES, 'R'), 'K');
    ck_assert_int_eq(nota_reading(NOTA_ITES | NOTA_FR, 'C'), 'N');
    ck_assert_int_eq(nota_reading(NOTA_ITES, 'D'), 'Q');
    ck_assert_int_eq(nota_reading(NOTA_EN | NOTA_ITES, 'R'), 0);
    ck_assert_int_eq(nota_reading(NOTA_ALL, 'C'), 0); /* narrows: not yet */
    ck_assert_int_eq(nota_reading(NOTA_ITES, 'e'), 0);
}
END_TEST

/* nota_lead_letters(): how a game reads a move's letter in front with
 * nothing to narrow, for every mask and letter: nota_reading(), and N, B, Q
 * and K as written where they narrow nothing (on_move_open() reads them so,
 * whatever the game's letters); else 0. */
START_TEST(lead_table)
{
    for (unsigned sets = 1; sets <= NOTA_ALL; sets++) {
        const char *lead = nota_lead_letters(sets);
        for (char c = 'A'; c <= 'Z'; c++) {
            uint32_t bit = 1u << (c - 'A');
            bool plain = c == 'N' || c == 'B' || c == 'Q' || c == 'K';
            char want = !plain ? nota_reading(sets, c) : nota_narrow(sets, bit) == sets ? c : 0;
            ck_assert_msg(lead[c - 'A'] == want, "%c under %#x: %d, expected %d", c, sets,
                          lead[c - 'A'], want);
        }
    }
    const char *it = nota_lead_letters(NOTA_ITES);
    static const char written[] = "RDTACKQBN", english[] = "KQRBNKQBN";
    for (int i = 0; i < 9; i++)
        ck_assert_int_eq(it[written[i] - 'A'], english[i]);
    ck_assert_int_eq(it['P' - 'A'], 0);
    ck_assert_int_eq(it['F' - 'A'], 0);
    const char *en = nota_lead_letters(NOTA_EN);
    ck_assert_int_eq(en['R' - 'A'], 'R');
    ck_assert_int_eq(en['C' - 'A'], 0);
    const char *open = nota_lead_letters(NOTA_ALL); /* nothing settled: every letter narrows */
    for (const char *c = "NBQKRCADT"; *c; c++)
        ck_assert_int_eq(open[*c - 'A'], 0);
    const char *itfr = nota_lead_letters(NOTA_ITES | NOTA_FR);
    ck_assert_int_eq(itfr['R' - 'A'], 'K');
    ck_assert_int_eq(itfr['C' - 'A'], 'N');
    ck_assert_int_eq(itfr['A' - 'A'], 0); /* narrows to Italian or Spanish */
    ck_assert_int_eq(itfr['F' - 'A'], 0); /* narrows to French */
}
END_TEST

START_TEST(modes)
{
    static const char *const names[] = {"auto", "en", "it", "es", "fr", "de", "nl", "figurine"};
    for (int i = 0; i < NOTA_MODE_NB; i++) {
        enum nota_mode m;
        ck_assert(nota_parse_mode(names[i], &m));
        ck_assert_int_eq(m, i);
    }
    enum nota_mode m;
    ck_assert(!nota_parse_mode("italian", &m));
    ck_assert_uint_eq(nota_mode_sets(NOTA_MODE_IT), NOTA_ITES);
    ck_assert_uint_eq(nota_mode_sets(NOTA_MODE_AUTO), NOTA_ALL);
}
END_TEST

/* ---- games --------------------------------------------------------------- */

struct seen {
    char text[4096];
    size_t len;
    enum ending_kind ending;
};

static void seen_diag(void *ctx, const struct diag *d)
{
    struct seen *s = ctx;
    int n = snprintf(s->text + s->len, sizeof s->text - s->len, "%s %s ply %u: %s%s%s\n",
                     diag_severity_name(d->severity), diag_info(d->code)->name, (unsigned)d->ply,
                     d->message, d->san_en ? " | " : "", d->san_en ? d->san_en : "");
    if (n > 0 && (size_t)n < sizeof s->text - s->len) s->len += (size_t)n;
}

static void seen_game(void *ctx, const struct game_record *g)
{
    struct seen *s = ctx;
    s->ending = g->ending;
}

/* The findings of one PGN text (notation auto unless mode says otherwise). */
static const char *replay(struct seen *s, const char *pgn, bool strict, enum nota_mode mode)
{
    memset(s, 0, sizeof *s);
    struct game_sink sink = {s, seen_diag, seen_game, false, NULL};
    struct game *g = game_new(&sink, strict);
    ck_assert_ptr_nonnull(g);
    game_set_notation(g, mode);
    feed_text(g, pgn, strlen(pgn));
    game_free(g);
    return s->text;
}

#define TAGS                                                                                       \
    "[Event \"e\"]\n[Site \"s\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n"                          \
    "[White \"w\"]\n[Black \"b\"]\n"

START_TEST(legall_mate_in_italian)
{
    struct seen s;
    const char *pgn = TAGS "[Result \"1-0\"]\n\n1. e4 e5 2. Cf3 d6 3. Ac4 Ag4 4. Cc3 g6 "
                           "5. Cxe5 Axd1 6. Axf7+ Re7 7. Cd5# 1-0\n";
    ck_assert_str_eq(replay(&s, pgn, false, NOTA_MODE_AUTO), "");
    ck_assert_int_eq(s.ending, ENDING_CHECKMATE);
    /* Forced English, 6...Re7 is a rook that is not there. */
    const char *en = replay(&s, pgn, false, NOTA_MODE_EN);
    ck_assert_msg(strstr(en, "error illegal-move ply 12: illegal move: no rook can reach e7"), "%s",
                  en);
    /* Under --strict: one note naming the notation, no note per move. */
    const char *strict = replay(&s, pgn, true, NOTA_MODE_AUTO);
    ck_assert_str_eq(strict, "note noncanonical-san ply 0: the moves of this game are written in "
                             "Italian or Spanish letters (R king, D queen, T rook, A bishop, C "
                             "knight), not in the English letters of export-format SAN\n");
}
END_TEST

START_TEST(silent_misreading)
{
    struct seen s;
    /* 6. Rf1 is the king g1-f1: 8. Rg1 takes it back, which no rook could. */
    const char *it = TAGS "[Result \"*\"]\n\n1. e4 e5 2. Cf3 Cc6 3. Ac4 Ac5 4. 0-0 Cf6 5. Te1 0-0 "
                          "6. Rf1 d6 7. h3 h6 8. Rg1 a6 *\n";
    ck_assert_str_eq(replay(&s, it, false, NOTA_MODE_AUTO), "");
    const char *en = TAGS "[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. Re1 O-O "
                          "6. Rf1 d6 7. h3 h6 8. Rg1 a6 *\n";
    const char *got = replay(&s, en, false, NOTA_MODE_AUTO);
    ck_assert_msg(strstr(got, "error illegal-move ply 15: illegal move:"), "%s", got);
}
END_TEST

START_TEST(italian_error_names_the_piece)
{
    struct seen s;
    const char *pgn = TAGS "[Result \"*\"]\n\n1. e4 e5 2. Cf3 Cc6 3. Re3 *\n";
    const char *got = replay(&s, pgn, false, NOTA_MODE_AUTO);
    ck_assert_msg(strstr(got, "illegal move: no king can reach e3 (read as Ke3, a king move, in "
                              "Italian, Spanish or French letters)"),
                  "%s", got);
}
END_TEST

START_TEST(both_readings_legal)
{
    struct seen s;
    /* Only R moves and pawn moves: the rook a1-d1-d2 or the king e1-d1-d2. */
    const char *pgn = TAGS "[Result \"*\"]\n[FEN \"4k3/p7/8/8/8/8/8/R3K3 w - - 0 1\"]\n\n"
                           "1. Rd1 a6 2. Rd2 a5 *\n";
    const char *got = replay(&s, pgn, false, NOTA_MODE_AUTO);
    ck_assert_str_eq(got, "warning noncanonical-san ply 1: this move reads as Rd1 (a rook move) "
                          "in English letters and as Kd1 (a king move) in Italian, Spanish or "
                          "French letters; both readings replay the whole game legally, and it "
                          "is judged in English letters\n");
    /* A later letter decides: no warning. */
    const char *decided = TAGS "[Result \"*\"]\n[FEN \"4k3/p7/8/8/8/8/8/R3K3 w - - 0 1\"]\n\n"
                               "1. Rd1 a6 2. Rd2 Kf7 *\n";
    ck_assert_str_eq(replay(&s, decided, false, NOTA_MODE_AUTO), "");
}
END_TEST

/* More kept events than the buffer holds: legality decides on those kept,
 * and the game goes on in the reading chosen. */
START_TEST(keeping_buffer_full)
{
    struct seen s;
    size_t cap = 400000;
    char *pgn = malloc(cap);
    ck_assert_ptr_nonnull(pgn);
    size_t n = (size_t)snprintf(pgn, cap, TAGS "[Result \"*\"]\n\n1. e4 e5 2. Re2 ");
    for (int i = 0; i < 2000; i++)
        n += (size_t)snprintf(pgn + n, cap - n, "{a comment of some length, as annotators "
                                                "write them, kept with the moves} ");
    snprintf(pgn + n, cap - n, "Re7 3. Rd3 d6 4. Re3 *\n");
    ck_assert_str_eq(replay(&s, pgn, false, NOTA_MODE_AUTO), "");
    free(pgn);
}
END_TEST

START_TEST(legality_decides)
{
    struct seen s;
    /* No letter but R: as rooks these moves are impossible, as kings legal. */
    const char *pgn = TAGS "[Result \"*\"]\n\n1. e4 e5 2. Re2 Re7 3. Rd3 d6 *\n";
    ck_assert_str_eq(replay(&s, pgn, false, NOTA_MODE_AUTO), "");
    /* And the other way: rook moves no king can make. */
    const char *rooks = TAGS "[Result \"*\"]\n[FEN \"4k3/p7/8/8/8/8/8/R3K3 w - - 0 1\"]\n\n"
                             "1. Ra3 a6 2. Rb3 a5 *\n";
    ck_assert_str_eq(replay(&s, rooks, false, NOTA_MODE_AUTO), "");
}
END_TEST

START_TEST(dutch_knight)
{
    struct seen s;
    /* P is the knight: 5. Pxe5 takes with the knight from f3. */
    const char *pgn = TAGS "[Result \"*\"]\n\n1. e4 e5 2. Pf3 Pc6 3. Lb5 a6 4. Lxc6 dxc6 "
                           "5. Pxe5 Dd4 6. Pf3 Dxe4+ 7. De2 *\n";
    ck_assert_str_eq(replay(&s, pgn, false, NOTA_MODE_AUTO), "");
    /* With nothing but P moves and pawns, legality decides: Pc3 is the
     * knight b1-c3 or the pawn c2-c3, both legal; Pxe5 only the knight. */
    const char *open = TAGS "[Result \"*\"]\n\n1. e4 e5 2. Pf3 d6 3. Pxe5 *\n";
    ck_assert_str_eq(replay(&s, open, false, NOTA_MODE_AUTO), "");
}
END_TEST

START_TEST(other_notations)
{
    struct seen s;
    static const char *const games[] = {
        /* French */
        "1. e4 e5 2. Cf3 Cc6 3. Fb5 a6 4. Fa4 Cf6 5. 0-0 Fe7 6. Te1 b5 7. Fb3 d6 8. c3 0-0 "
        "9. h3 Rh8 10. d4 *",
        /* Spanish, with a promotion to a queen (D) */
        "1. e4 d5 2. exd5 c6 3. dxc6 Cf6 4. cxb7 Ad7 5. bxa8=D Dc8 6. Dxa7 *",
        /* German, ':' captures */
        "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. L:c6 d:c6 5. S:e5 Dd4 6. Sf3 D:e4+ 7. De2 *",
        /* figurines of both colours */
        "1. e4 e5 2. \u2658f3 \u265ec6 3. \u2657b5 a6 4. \u2657xc6 dxc6 5. O-O \u265bd6 *",
        /* long algebraic, Italian */
        "1. e2-e4 e7-e5 2. Cg1-f3 Cb8-c6 3. Af1-b5 a7-a6 4. Ab5xc6 d7xc6 *",
    };
    for (size_t i = 0; i < sizeof games / sizeof *games; i++) {
        char pgn[512];
        snprintf(pgn, sizeof pgn, TAGS "[Result \"*\"]\n\n%s\n", games[i]);
        const char *got = replay(&s, pgn, false, NOTA_MODE_AUTO);
        ck_assert_msg(strcmp(got, "") == 0, "%s: %s", games[i], got);
    }
}
END_TEST

START_TEST(forced_notation)
{
    struct seen s;
    /* --notation=it: 2. Rf... no: a game with only R moves read as kings. */
    const char *pgn = TAGS "[Result \"*\"]\n[FEN \"4k3/p7/8/8/8/8/8/R3K3 w - - 0 1\"]\n\n"
                           "1. Rd1 a6 2. Rd2 a5 *\n";
    ck_assert_str_eq(replay(&s, pgn, false, NOTA_MODE_IT), "");
    ck_assert_str_eq(replay(&s, pgn, false, NOTA_MODE_EN), "");
    const char *nl = TAGS "[Result \"*\"]\n\n1. Pf3 d5 2. Pc3 *\n";
    ck_assert_str_eq(replay(&s, nl, false, NOTA_MODE_NL), "");
}
END_TEST

START_TEST(spurious_capture_mark)
{
    struct seen s;
    const char *pgn = TAGS "[Result \"*\"]\n\n1. exe4 e5 2. Nxf3 Nc6 3. dxe5 *\n";
    const char *got = replay(&s, pgn, false, NOTA_MODE_AUTO);
    ck_assert_msg(strstr(got, "warning noncanonical-san ply 1: written exe4 with a capture mark, "
                              "but the move captures nothing; it is read as e4, the only legal "
                              "move that fits | e4\n"),
                  "%s", got);
    ck_assert_msg(strstr(got, "warning noncanonical-san ply 3: written Nxf3 with a capture mark"),
                  "%s", got);
    /* 3. dxe5 captures nothing and no pawn can go there: still illegal. */
    ck_assert_msg(strstr(got, "error illegal-move ply 5:"), "%s", got);
}
END_TEST

START_TEST(ambiguous_move_after_stalemate)
{
    struct seen s;
    /* Black is stalemated; the R move after it is void in every reading:
     * moves-after-end, and no warning that two readings replay. */
    const char *pgn = TAGS "[Result \"1/2-1/2\"]\n[FEN \"7k/5Q2/8/8/8/8/8/R5K1 w - - 0 1\"]\n\n"
                           "1. Qg6 Rh7 2. Ra2 1/2-1/2\n";
    const char *got = replay(&s, pgn, false, NOTA_MODE_AUTO);
    ck_assert_msg(strstr(got, "moves-after-end") && !strstr(got, "noncanonical-san"), "%s", got);
}
END_TEST

START_TEST(unjudged_variant_no_notation_note)
{
    struct seen s;
    /* A variant's moves are not read: no note on their letters. */
    const char *pgn = TAGS "[Result \"*\"]\n[Variant \"Sittuyin\"]\n\n1. Cf3 Cc6 2. Rf1 *\n";
    const char *got = replay(&s, pgn, true, NOTA_MODE_AUTO);
    ck_assert_msg(strstr(got, "unsupported-variant") && !strstr(got, "noncanonical-san"), "%s",
                  got);
}
END_TEST

START_TEST(json_san_en)
{
    struct seen s;
    /* The finding keeps the move as written; san_en is export format. */
    const char *pgn = TAGS "[Result \"*\"]\n\n1. e4 e5 2. Cf3 Cc6 3. Ab5+ a6 *\n";
    const char *got = replay(&s, pgn, false, NOTA_MODE_AUTO);
    ck_assert_str_eq(got, "warning false-check ply 5: marked + but does not give check | Bb5\n");
}
END_TEST

/* ---- every real game, rewritten ----------------------------------------- */

/* Read a (possibly compressed) file, at most cap decoded bytes, ending at
 * the last game start before the cap.  NULL when unreadable. */

/* The first line where two findings lists differ. */
static void first_difference(const char *a, const char *b, char *out, size_t size)
{
    const char *a0 = a;
    while (*a && *a == *b)
        a++, b++;
    while (a > a0 && a[-1] != '\n')
        a--, b--;
    snprintf(out, size, "expected ... %.80s ... got ... %.80s", a, b);
}

/* Remove the "two-readings" lines of a findings list; returns how many. */
static size_t drop_two_readings(char *list)
{
    size_t n = 0;
    char *w = list;
    for (char *r = list; *r;) {
        char *end = strchr(r, '\n');
        size_t len = end ? (size_t)(end - r) + 1 : strlen(r);
        if (strstr(r, " two-readings ") && strstr(r, " two-readings ") < r + len) {
            n++;
        } else {
            memmove(w, r, len);
            w += len;
        }
        r += len;
    }
    *w = '\0';
    return n;
}

static const enum nota_mode rewrite_modes[] = {NOTA_MODE_IT, NOTA_MODE_ES, NOTA_MODE_FR,
                                               NOTA_MODE_DE, NOTA_MODE_NL, NOTA_MODE_FIGURINE};
static const char *const mode_names[NOTA_MODE_NB] = {"auto", "en", "it", "es",
                                                     "fr",   "de", "nl", "figurine"};

/* Every notation of one text gives the English findings; returns the moves
 * rewritten. */
static size_t same_findings(const char *name, const char *text, size_t len)
{
    char *want = notation_findings(text, len);
    ck_assert_ptr_nonnull(want);
    size_t total = 0;
    for (size_t m = 0; m < sizeof rewrite_modes / sizeof *rewrite_modes; m++) {
        size_t out_len, moves;
        char *rw = notation_rewrite(text, len, rewrite_modes[m], &out_len, &moves);
        ck_assert_ptr_nonnull(rw);
        char *got = notation_findings(rw, out_len);
        ck_assert_ptr_nonnull(got);
        /* A game whose only letters are K and N, rewritten into Dutch, is
         * as legal with P the pawn as with P the knight (and K and R into
         * Italian alike): the warning says so, and is all that may differ. */
        size_t two = drop_two_readings(got);
        if (two)
            fprintf(stderr,
                    "check_notation: %s in %s: %zu game%s read legally in two notations "
                    "(warned)\n",
                    name, mode_names[rewrite_modes[m]], two, two == 1 ? "" : "s");
        ck_assert_msg(two == 0 || rewrite_modes[m] != NOTA_MODE_FIGURINE,
                      "%s: figurines read two ways", name);
        char diff[256] = "";
        if (strcmp(want, got) != 0) first_difference(want, got, diff, sizeof diff);
        ck_assert_msg(strcmp(want, got) == 0, "%s in %s: findings differ from English: %s", name,
                      mode_names[rewrite_modes[m]], diff);
        ck_assert_msg(moves > 0, "%s: no move rewritten", name);
        total += moves;
        free(got);
        free(rw);
    }
    free(want);
    return total;
}

START_TEST(rewritten_testdata_game)
{
    size_t len;
    char *text = read_file(testdata_path("pgn/notation-real.pgn"), &len);
    ck_assert_ptr_nonnull(text);
    ck_assert_uint_gt(same_findings("testdata/pgn/notation-real.pgn", text, len), 100);
    free(text);
}
END_TEST

/* The corpus files; the 85 MB book only in its first 4 MB (all of it with
 * PGNARB_NOTATION_FULL=1). */
static const char *const corpus_games[] = {
    "corpus/games/twic1599-sample.pgn",
    "corpus/games/lichess-db-2025-05-sample.pgn",
    "corpus/games/pychess-dortmund.pgn",
    "corpus/games/pychess-world_matches.pgn",
    "corpus/games/tcec/TCEC_Season_13_-_Superfinal.pgn.zst",
    "corpus/games/tcec/TCEC_Season_16_-_Frc_Cpu_League_2.pgn.zst",
    "corpus/games/tcec/TCEC_Season_21_-_Koivisto_Testing.pgn.zst",
    "corpus/games/tcec/TCEC_Season_22_-_Dfrc_Scorpionn_Test.pgn.zst",
    "corpus/games/tcec/TCEC_Season_26_-_7_Pieces_Bonus.pgn.zst",
    "corpus/games/tcec/TCEC_Season_28_-_Game_Length_Testing.pgn.zst",
    "corpus/games/gnuchess-book_1.02.pgn.zst",
};

START_TEST(rewritten_corpus)
{
    const char *path = shared_path(corpus_games[_i]);
    if (!path) {
        fprintf(stderr, "check_notation: ../shared is absent: %s not rewritten (skipped)\n",
                corpus_games[_i]);
        return;
    }
    bool book = strstr(corpus_games[_i], "gnuchess-book") != NULL;
    size_t cap = book && !getenv("PGNARB_NOTATION_FULL") ? (size_t)4 << 20 : (size_t)256 << 20;
    size_t len;
    char *text = notation_read_games(path, cap, &len);
    ck_assert_msg(text != NULL, "%s unreadable", path);
    same_findings(corpus_games[_i], text, len);
    free(text);
}
END_TEST

Suite *notation_suite(void);
Suite *notation_suite(void)
{
    Suite *s = suite_create("notation");
    TCase *tc = tcase_create("letters");
    tcase_add_loop_test(tc, translate_tokens, 0, sizeof translations / sizeof *translations);
    tcase_add_test(tc, letters_narrow);
    tcase_add_test(tc, reading_table);
    tcase_add_test(tc, lead_table);
    tcase_add_test(tc, modes);
    suite_add_tcase(s, tc);
    tc = tcase_create("games");
    tcase_add_test(tc, legall_mate_in_italian);
    tcase_add_test(tc, silent_misreading);
    tcase_add_test(tc, italian_error_names_the_piece);
    tcase_add_test(tc, both_readings_legal);
    tcase_add_test(tc, legality_decides);
    tcase_add_test(tc, keeping_buffer_full);
    tcase_add_test(tc, dutch_knight);
    tcase_add_test(tc, other_notations);
    tcase_add_test(tc, forced_notation);
    tcase_add_test(tc, spurious_capture_mark);
    tcase_add_test(tc, json_san_en);
    tcase_add_test(tc, unjudged_variant_no_notation_note);
    tcase_add_test(tc, ambiguous_move_after_stalemate);
    suite_add_tcase(s, tc);
    tc = tcase_create("rewritten");
    tcase_set_timeout(tc, 1200);
    tcase_add_test(tc, rewritten_testdata_game);
    tcase_add_loop_test(tc, rewritten_corpus, 0, sizeof corpus_games / sizeof *corpus_games);
    suite_add_tcase(s, tc);
    return s;
}
