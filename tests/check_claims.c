/* check_claims.c - every Termination phrase of the issue and SPEC is read as the claim it makes. */
#include "testutil.h"

#include "judge/claims.h"

#include <stdio.h>
#include <string.h>

static const struct {
    const char *value;
    enum claim_kind kind;
    bool time_loss;
} terminations[] = {
    {"normal", CLAIM_NONE, false},
    {"Normal", CLAIM_NONE, false},
    {"time forfeit", CLAIM_NONE, true},
    {"Time forfeit", CLAIM_NONE, true},
    {"abandoned", CLAIM_NONE, false},
    {"adjudication", CLAIM_NONE, false},
    {"death", CLAIM_NONE, false},
    {"emergency", CLAIM_NONE, false},
    {"rules infraction", CLAIM_NONE, false},
    {"unterminated", CLAIM_NONE, false},
    {"Game drawn by repetition", CLAIM_REPETITION, false},
    {"Game drawn by 50-move rule", CLAIM_FIFTY, false},
    {"Game drawn by stalemate", CLAIM_STALEMATE, false},
    {"Game drawn by insufficient material", CLAIM_INSUFFICIENT, false},
    {"Magnus won by checkmate", CLAIM_CHECKMATE, false},
    {"Hikaru won on time", CLAIM_NONE, true},
    {"Game drawn by timeout vs insufficient material", CLAIM_TIMEOUT_VS_INSUFFICIENT, false},
    {"3-Fold repetition", CLAIM_REPETITION, false},
    {"Fifty moves rule", CLAIM_FIFTY, false},
    {"White mates", CLAIM_CHECKMATE, false},
    {"Black mates", CLAIM_CHECKMATE, false},
    {"Stalemate", CLAIM_STALEMATE, false},
    {"Insufficient material", CLAIM_INSUFFICIENT, false},
    {"White loses on time", CLAIM_NONE, true},
    {"FabianoCaruana won by resignation", CLAIM_NONE, false},
    {"mate in 3", CLAIM_NONE, false},
    /* Italian: the users this tool is made for */
    {"Patta per ripetizione", CLAIM_REPETITION, false},
    {"triplice ripetizione", CLAIM_REPETITION, false},
    {"patta d'accordo", CLAIM_NONE, false},
    {"Stallo", CLAIM_STALEMATE, false},
    {"Scacco matto", CLAIM_CHECKMATE, false},
    {"materiale insufficiente", CLAIM_INSUFFICIENT, false},
    {"regola delle 50 mosse", CLAIM_FIFTY, false},
    {"Il Nero perde per tempo", CLAIM_NONE, true},
    {"Il Bianco abbandona", CLAIM_NONE, false},
    /* as Italian arbiters write a loss on time (6.9) and a dead position (5.2.2) */
    {"tempo", CLAIM_NONE, true},
    {"Tempo", CLAIM_NONE, true},
    {"time", CLAIM_NONE, true},
    {"sconfitta per tempo", CLAIM_NONE, true},
    {"il Bianco perde per tempo", CLAIM_NONE, true},
    {"caduta della bandierina", CLAIM_NONE, true},
    {"Bandierina", CLAIM_NONE, true},
    {"tempo di riflessione", CLAIM_NONE, false},
    {"patta per posizione morta", CLAIM_DEAD, false},
    {"Posizione morta", CLAIM_DEAD, false},
    {"Game drawn: dead position", CLAIM_DEAD, false},
    /* Spanish, French, German, Dutch */
    {"Tablas por triple repetición", CLAIM_REPETITION, false},
    {"Jaque mate", CLAIM_CHECKMATE, false},
    {"Rey ahogado", CLAIM_STALEMATE, false},
    {"Pierde por tiempo", CLAIM_NONE, true},
    {"Partie nulle par pat", CLAIM_STALEMATE, false},
    {"Échec et mat", CLAIM_CHECKMATE, false},
    {"Nulle par répétition", CLAIM_REPETITION, false},
    {"règle des 50 coups", CLAIM_FIFTY, false},
    {"Matériel insuffisant", CLAIM_INSUFFICIENT, false},
    {"Remis durch Stellungswiederholung", CLAIM_REPETITION, false},
    {"Patt", CLAIM_STALEMATE, false},
    {"Schachmatt", CLAIM_CHECKMATE, false},
    {"50-Züge-Regel", CLAIM_FIFTY, false},
    {"Weiß verliert auf Zeit", CLAIM_NONE, true},
    {"Remise door zetherhaling", CLAIM_REPETITION, false},
    {"Schaakmat", CLAIM_CHECKMATE, false},
    {"onvoldoende materiaal", CLAIM_INSUFFICIENT, false},
    {"Zwart verliest op tijd", CLAIM_NONE, true},
    /* short words count only alone: first names are no claims */
    {"Pat Smith won by resignation", CLAIM_NONE, false},
    {"Matt won by resignation", CLAIM_NONE, false},
};

START_TEST(termination_phrases)
{
    struct claim c = claims_from_termination(terminations[_i].value, strlen(terminations[_i].value));
    ck_assert_msg(c.kind == terminations[_i].kind, "\"%s\": kind %d, expected %d",
                  terminations[_i].value, c.kind, terminations[_i].kind);
    ck_assert_int_eq(c.time_loss, terminations[_i].time_loss);
}
END_TEST

/* The same values read one after another, in table order, in reverse and
 * each twice in a row (claims_from_termination() keeps the last one read):
 * each value still gets its own claim, never its neighbour's. */
START_TEST(termination_phrases_in_turn)
{
    const size_t n = sizeof terminations / sizeof *terminations;
    for (size_t k = 0; k < 4 * n; k++) {
        size_t i = k < n ? k : k < 2 * n ? 2 * n - 1 - k : (k - 2 * n) / 2;
        struct claim c =
            claims_from_termination(terminations[i].value, strlen(terminations[i].value));
        ck_assert_msg(c.kind == terminations[i].kind && c.time_loss == terminations[i].time_loss,
                      "\"%s\" (read %zu): kind %d time loss %d, expected %d %d",
                      terminations[i].value, k, c.kind, c.time_loss, terminations[i].kind,
                      terminations[i].time_loss);
    }
    /* a value that is a prefix of the one before, and the empty value */
    struct claim c = claims_from_termination("Normal", 6);
    ck_assert_int_eq(c.kind, CLAIM_NONE);
    c = claims_from_termination("Normal", 4);
    ck_assert_int_eq(c.kind, CLAIM_NONE);
    c = claims_from_termination("Stalemate", 9);
    ck_assert_int_eq(c.kind, CLAIM_STALEMATE);
    c = claims_from_termination("Stalemate", 0);
    ck_assert_int_eq(c.kind, CLAIM_NONE);
    c = claims_from_termination("Stalemate", 9);
    ck_assert_int_eq(c.kind, CLAIM_STALEMATE);
}
END_TEST

static const struct {
    const char *text;
    enum claim_kind kind;
} comments[] = {
    {" Draw by repetition ", CLAIM_REPETITION},
    {"Black mates", CLAIM_CHECKMATE},
    {"Stalemate", CLAIM_STALEMATE},
    {"threatens checkmate", CLAIM_NONE},
    {"White resigns", CLAIM_NONE},
    {"A long annotation that mentions the threefold repetition rule in passing, as commentary does",
     CLAIM_NONE},
    {"", CLAIM_NONE},
    {"patta per ripetizione", CLAIM_REPETITION},
    {"scacco matto", CLAIM_CHECKMATE},
    {"matto!", CLAIM_CHECKMATE},
    {"minaccia scacco matto", CLAIM_NONE},
    {"stallo", CLAIM_STALEMATE},
    {"abbandona", CLAIM_NONE},
    {"pat", CLAIM_STALEMATE},
    /* forecasts closing a resigned game (a real lichess study: "Unstoppable checkmate" 0-1) */
    {"Unstoppable checkmate", CLAIM_NONE},
    {"Checkmate is unavoidable", CLAIM_NONE},
    {"checkmate in 2", CLAIM_NONE},
    {"scacco matto imparabile", CLAIM_NONE},
    {"matto inevitabile", CLAIM_NONE},
    {"Checkmate", CLAIM_CHECKMATE},
};

START_TEST(comment_claims)
{
    struct claim c = claims_from_comment(comments[_i].text, strlen(comments[_i].text));
    ck_assert_msg(c.kind == comments[_i].kind, "{%s}: kind %d, expected %d", comments[_i].text,
                  c.kind, comments[_i].kind);
}
END_TEST

/* Every phrase of the tables is read as the claim it makes, alone and, when
 * it may stand inside a longer text, between other words: each one found
 * through the candidates its bytes select (classify()). */
START_TEST(every_phrase)
{
    struct claim want;
    bool whole;
    size_t n = 0;
    for (const char *phrase; (phrase = claims_phrase(n, &want, &whole)); n++) {
        struct claim c = claims_from_termination(phrase, strlen(phrase));
        ck_assert_msg(c.kind == want.kind && c.time_loss == want.time_loss,
                      "\"%s\": kind %d time loss %d, expected %d %d", phrase, c.kind, c.time_loss,
                      want.kind, want.time_loss);
        if (whole) continue;
        char text[128];
        snprintf(text, sizeof text, "Game over: %s, 1-0", phrase);
        c = claims_from_termination(text, strlen(text));
        ck_assert_msg(c.kind == want.kind && c.time_loss == want.time_loss,
                      "\"%s\": kind %d time loss %d, expected %d %d", text, c.kind, c.time_loss,
                      want.kind, want.time_loss);
    }
    ck_assert_uint_gt(n, 70); /* both tables were walked */
}
END_TEST

Suite *claims_suite(void);
Suite *claims_suite(void)
{
    Suite *s = suite_create("claims");
    TCase *tc = tcase_create("phrases");
    tcase_add_loop_test(tc, termination_phrases, 0, sizeof terminations / sizeof *terminations);
    tcase_add_test(tc, termination_phrases_in_turn);
    tcase_add_loop_test(tc, comment_claims, 0, sizeof comments / sizeof *comments);
    tcase_add_test(tc, every_phrase);
    suite_add_tcase(s, tc);
    return s;
}
