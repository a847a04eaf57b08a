/*
 * check_player_name.c - players' names compared (judge/player_name.h): the
 * normalised form (case, accents of many languages, Latin-1/cp1252 bytes,
 * UTF-8 read once as cp1252, punctuation), whether two forms name one person
 * (FIDE "Last, First", Swiss-Manager "LAST First", TRF "Last,F", sites
 * "First Last", lichess usernames) and the distance for "nearest names".
 */
#include "testutil.h"

#include "judge/player_name.h"

#include <string.h>

static const struct {
    const char *name, *normal;
} normals[] = {
    {"Rossi, Mario", "rossi mario"},
    {"  ROSSI,   Mario  ", "rossi mario"},
    {"Rossi,Mario", "rossi mario"},
    {"Rossi, M.", "rossi m"},
    {"D'Amico, Luca", "damico luca"},
    {"D\xe2\x80\x99"
     "Amico, Luca",
     "damico luca"}, /* ’ */
    {"D\x92"
     "Amico, Luca",
     "damico luca"}, /* cp1252 ’ */
    {"Vachier-Lagrave, Maxime", "vachier lagrave maxime"},
    {"de la Villa, Jos\xc3\xa9", "de la villa jose"},
    {"Van Wely, Loek", "van wely loek"},
    {"Nicol\xc3\xb2 Tur\xc3\xa0", "nicolo tura"}, /* Italian UTF-8 */
    {"Nicol\xf2 Tur\xe0", "nicolo tura"},         /* the same in Latin-1 */
    {"Nicol\xc3\x83\xc2\xb2", "nicolo"},          /* UTF-8 read as cp1252: NicolÃ² */
    {"Duda, Jan-Krzysztof", "duda jan krzysztof"},
    {"\xc5\x81ukasz \xc5\xbb\xc3\xb3\xc5\x82w", "lukasz zolw"}, /* Polish Ł Ż ó ł */
    {"Navr\xc3\xa1til, \xc5\x98\xc3\xad\xc4\x8d\xc3\xa1n\xc4\x9b", "navratil ricane"}, /* Czech */
    {"M\xc3\xbcller, J\xc3\xbcrgen", "muller jurgen"},
    {"M\xfcller, Stra\xdf"
     "e",
     "muller strasse"},                        /* Latin-1 ü ß */
    {"\xc3\x98stby, \xc3\x85se", "ostby ase"}, /* Nordic */
    {"Carlsen, Magnus \xc3\x86", "carlsen magnus ae"},
    {"\xc4\xb0nan\xc3\xa7, \xc5\x9e\xc3\xbckr\xc3\xbc \xc4\x9f\xc4\xb1",
     "inanc sukru gi"},                            /* Turkish */
    {"Nis\xc4\x83, Drago\xc8\x99", "nisa dragos"}, /* Romanian ș */
    {"Jose\xcc\x81", "jose"},                      /* combining acute */
    {"L\xc3\xaa Quang Li\xc3\xaam", "le quang liem"},
    {"L\xe1\xbb\x87", "le"}, /* Vietnamese ệ */
    {"\xd0\x9a\xd0\xb0\xd1\x80\xd0\xbf\xd0\xbe\xd0\xb2",
     "\xd0\xba\xd0\xb0\xd1\x80\xd0\xbf\xd0\xbe\xd0\xb2"},
    {"\x8a"
     "ari\x9a",
     "saris"}, /* cp1252 Š š */
    {"?", ""},
    {"", ""},
    {"-", ""},
};

START_TEST(normalised_forms)
{
    char out[PLAYER_NAME_MAX];
    size_t n = player_name_normalise(normals[_i].name, strlen(normals[_i].name), out, sizeof out);
    ck_assert_msg(strcmp(out, normals[_i].normal) == 0, "\"%s\": \"%s\", expected \"%s\"",
                  normals[_i].name, out, normals[_i].normal);
    ck_assert_uint_eq(n, strlen(out));
}
END_TEST

START_TEST(normalised_form_is_cut_at_cap)
{
    char out[8];
    memset(out, 'x', sizeof out);
    ck_assert_uint_eq(player_name_normalise("Rossi, Mario", 12, out, 0), 0);
    ck_assert_int_eq(out[0], 'x'); /* cap 0 writes nothing */
    ck_assert_uint_eq(player_name_normalise("Rossi, Mario", 12, out, sizeof out), 7);
    ck_assert_str_eq(out, "rossi m");
    ck_assert_uint_eq(player_name_normalise("Rossi, Mario", 12, out, 6), 5);
    ck_assert_str_eq(out, "rossi");
    /* a letter of two bytes is never cut in half */
    ck_assert_uint_eq(player_name_normalise("\xd0\x9a\xd0\x9a\xd0\x9a\xd0\x9a", 8, out, 6), 4);
    /* the length given is read, not up to the NUL */
    ck_assert_uint_eq(player_name_normalise("Rossi, Mario", 5, out, sizeof out), 5);
    ck_assert_str_eq(out, "rossi");
    /* a truncated UTF-8 sequence at the end is a Latin-1 byte, not a crash */
    ck_assert_uint_eq(player_name_normalise("Jos\xc3", 4, out, sizeof out), 4);
    ck_assert_str_eq(out, "josa");
}
END_TEST

#define S PLAYER_NAME_SAME
#define I PLAYER_NAME_INITIALS
#define D PLAYER_NAME_DIFFERENT

static const struct {
    const char *a, *b;
    enum player_name_fit fit;
} fits[] = {
    {"Rossi, Mario", "Mario Rossi", S},
    {"Rossi, Mario", "ROSSI Mario", S},
    {"Rossi, Mario", "Rossi,Mario", S},
    {"Rossi, Mario", "rossi mario", S},
    {"Mario Rossi", "ROSSI Mario", S},
    {"Rossi, Mario", "Rossi, M.", I},
    {"Rossi, Mario", "Rossi M", I},
    {"Rossi, Mario", "M. Rossi", I},
    {"Rossi, Mario", "M.Rossi", I},
    {"Rossi, Mario", "Rossi", I},
    {"Rossi, Mario", "Rossi, Mario Luigi", I},
    {"Rossi, Mario Luigi", "Rossi, M. L.", I},
    {"Rossi, Mario Luigi", "Rossi, M.L.", I},
    {"Rossi, Mario", "Rossi, Maria", D},
    {"Rossi, Mario", "Rossi, L.", D},
    {"Rossi, Mario", "Rossini, Mario", D},
    {"Rossi, Mario", "Bianchi, Mario", D},
    {"Mario Rossi", "Mario Bianchi", D},
    {"Mario Rossi", "Luigi Rossi", D},
    {"Rossi, M.", "Rossi, L.", D},
    {"Rossi, M.", "Rossi, M", S},
    {"Mamedyarov, Shakhriyar", "Mamedyarov,S", I},
    {"Mamedyarov, Shakhriyar", "Mamedyarov, Sh.", I},
    {"Mamedyarov, Shakhriyar", "Shakhriyar Mamedyarov", S},
    {"Mamedyarov, Shakhriyar", "Mamedyarov, Sa.", D},
    {"de la Villa, Jose", "De La Villa, Jos\xc3\xa9", S},
    {"de la Villa, Jose", "Jose de la Villa", S},
    {"de la Villa, Jose", "Delavilla, J.", I},
    {"de la Villa, Jose", "Villa, Jose", D},
    {"Van Wely, Loek", "Loek van Wely", S},
    {"Van Wely, Loek", "VAN WELY Loek", S},
    {"Van Wely, Loek", "Wely, Loek", D},
    {"Vachier-Lagrave, Maxime", "Vachier Lagrave, Maxime", S},
    {"Vachier-Lagrave, Maxime", "Vachier-Lagrave", I},
    {"Vachier-Lagrave, Maxime", "Maxime Vachier-Lagrave", S},
    {"D'Amico, Luca", "DAmico, Luca", S},
    {"D'Amico, Luca",
     "D\xe2\x80\x99"
     "Amico, L.",
     I},
    {"D'Amico, Luca", "Amico, Luca", D},
    {"Garcia Martinez, Jose", "Garcia, Jose", I},
    {"Garcia Martinez, Jose", "Martinez, Jose", D},
    {"M\xc3\xbcller, J\xc3\xbcrgen", "Mueller, Juergen", S},
    {"M\xc3\xbcller, J\xc3\xbcrgen", "Muller, Jurgen", S},
    {"M\xfcller, J\xfcrgen", "M\xc3\xbcller, J\xc3\xbcrgen", S},      /* Latin-1 against UTF-8 */
    {"M\xc3\x83\xc2\xbcller, J.", "M\xc3\xbcller, J\xc3\xbcrgen", I}, /* UTF-8 read as cp1252 */
    {"Mueller, Juergen", "Muller, Jurgen", D}, /* "ue" is only an umlaut spelled out */
    {"Bauer, Hans", "Baur, Hans", D},
    {"\xc3\x98stby, Kari", "Oestby, Kari", S},
    {"Smith Jr., John", "Smith, John", S},
    {"Smith, John Jr.", "John Smith", S},
    {"Smith, John Jr.", "Smith, John Sr.", D},
    {"Nakamura, Hikaru", "Nakamura Hikaru", S},
    {"DrNykterstein", "drnykterstein", S},
    {"DrNykterstein", "DrNykterstein2", D},
    {"Magnus_Carlsen", "magnus_carlsen", S},
    {"Magnus_Carlsen", "Magnus-Carlsen", D},
    {"Magnus_Carlsen", "Carlsen, Magnus", D},
    {"seha2013", "Seha2013", S},
    {"seha2013", "seha2014", D},
    {"?", "?", D},
    {"", "", D},
    {"Rossi, Mario", "?", D},
    {"Wang, Hao", "Wang, Yue", D},
    {"Wang Hao", "Hao Wang", S},
    {"\xc4\xb0nan\xc3\xa7, Emre", "Inanc, Emre", S},
};

#undef S
#undef I
#undef D

START_TEST(names_fit)
{
    const char *a = fits[_i].a, *b = fits[_i].b;
    enum player_name_fit f = player_name_fit(a, strlen(a), b, strlen(b));
    ck_assert_msg(f == fits[_i].fit, "\"%s\" / \"%s\": %d, expected %d", a, b, f, fits[_i].fit);
    f = player_name_fit(b, strlen(b), a, strlen(a)); /* the order never matters */
    ck_assert_msg(f == fits[_i].fit, "\"%s\" / \"%s\": %d, expected %d", b, a, f, fits[_i].fit);
}
END_TEST

/* Every name of the table fits itself (SAME), but for the unknown ones. */
START_TEST(a_name_is_the_same_as_itself)
{
    const char *a = fits[_i].a;
    enum player_name_fit f = player_name_fit(a, strlen(a), a, strlen(a));
    ck_assert_int_eq(f, *a && strcmp(a, "?") ? PLAYER_NAME_SAME : PLAYER_NAME_DIFFERENT);
}
END_TEST

START_TEST(long_names_are_bounded)
{
    char a[4096], b[4096];
    for (size_t i = 0; i < sizeof a - 1; i++) {
        a[i] = i % 3 == 2 ? ' ' : "ab"[i % 2];
        b[i] = i % 7 == 6 ? ',' : "\xc3\xa8"[i % 2];
    }
    a[sizeof a - 1] = b[sizeof b - 1] = '\0';
    ck_assert_int_eq(player_name_fit(a, strlen(a), a, strlen(a)), PLAYER_NAME_SAME);
    (void)player_name_fit(a, strlen(a), b, strlen(b));
    (void)player_name_fit(b, strlen(b), b, strlen(b));
    ck_assert_uint_le(player_name_distance(a, strlen(a), b, strlen(b)), PLAYER_NAME_DISTANCE_MAX);
    ck_assert_uint_eq(player_name_distance(a, strlen(a), a, strlen(a)), 0);
}
END_TEST

static const struct {
    const char *a, *b;
    unsigned distance;
} distances[] = {
    {"Rossi, Mario", "Mario Rossi", 0},
    {"Rossi, Mario", "ROSSI  Mario", 0},
    {"Rossi, Mario", "Rossi, Maria", 1},
    {"Rossi, Mario", "Rossi, M.", 4},
    {"Rossi, Mario", "Rosi, Mario", 1},
    {"M\xc3\xbcller", "Muller", 0},
    {"Carlsen", "Caruana", 4},
    {"", "abc", 3},
    {"", "", 0},
};

START_TEST(name_distances)
{
    const char *a = distances[_i].a, *b = distances[_i].b;
    ck_assert_uint_eq(player_name_distance(a, strlen(a), b, strlen(b)), distances[_i].distance);
    ck_assert_uint_eq(player_name_distance(b, strlen(b), a, strlen(a)), distances[_i].distance);
}
END_TEST

Suite *player_name_suite(void);
Suite *player_name_suite(void)
{
    Suite *s = suite_create("player_name");
    TCase *tc = tcase_create("normalise");
    tcase_add_loop_test(tc, normalised_forms, 0, (int)(sizeof normals / sizeof *normals));
    tcase_add_test(tc, normalised_form_is_cut_at_cap);
    suite_add_tcase(s, tc);
    tc = tcase_create("fit");
    tcase_add_loop_test(tc, names_fit, 0, (int)(sizeof fits / sizeof *fits));
    tcase_add_loop_test(tc, a_name_is_the_same_as_itself, 0, (int)(sizeof fits / sizeof *fits));
    tcase_add_test(tc, long_names_are_bounded);
    suite_add_tcase(s, tc);
    tc = tcase_create("distance");
    tcase_add_loop_test(tc, name_distances, 0, (int)(sizeof distances / sizeof *distances));
    suite_add_tcase(s, tc);
    return s;
}
