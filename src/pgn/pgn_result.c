/*
 * pgn_result.c - the result forms of pgn_result.h: PGN 8.2.6's four markers
 * and the forms arbiters write (double forfeit "0-0", an arbiter's split
 * score "1/2-0", forfeits "+/-", "1F-0F", ...), read in the spellings
 * programs use.  Not on any per-move path: the lexer asks only for a
 * digit-led or sign-led symbol that is not a standard marker in the
 * standard spelling, the judge once per game.
 */
#include "pgn/pgn_result.h"

#include <string.h>

static const struct pgn_result_form forms[] = {
    {"1-0", PGN_RESULT_PLAYED, 2, 0, true, false},
    {"0-1", PGN_RESULT_PLAYED, 0, 2, true, false},
    {"1/2-1/2", PGN_RESULT_PLAYED, 1, 1, true, false},
    {"*", PGN_RESULT_UNFINISHED, 0, 0, true, false},
    {"0-0", PGN_RESULT_DOUBLE_FORFEIT, 0, 0, false, true},
    {"1/2-0", PGN_RESULT_SPLIT, 1, 0, false, false},
    {"0-1/2", PGN_RESULT_SPLIT, 0, 1, false, false},
    {"+/-", PGN_RESULT_FORFEIT, 2, 0, false, true},
    {"-/+", PGN_RESULT_FORFEIT, 0, 2, false, true},
    {"1F-0F", PGN_RESULT_FORFEIT, 2, 0, false, false},
    {"0F-1F", PGN_RESULT_FORFEIT, 0, 2, false, false},
    {"0F-0F", PGN_RESULT_DOUBLE_FORFEIT, 0, 0, false, false},
    {"-/-", PGN_RESULT_DOUBLE_FORFEIT, 0, 0, false, false},
};

const struct pgn_result_form *pgn_result_standard(unsigned i) { return i < 4 ? &forms[i] : NULL; }

/* The longest spelling read: "0.5-0.5" in ½ and en dashes fits easily. */
#define RESULT_TEXT_MAX 16

const struct pgn_result_form *pgn_result_read(const char *text, size_t len)
{
    const unsigned char *s = (const unsigned char *)text;
    char norm[RESULT_TEXT_MAX + 4];
    size_t k = 0;
    for (size_t i = 0; i < len; i++) {
        if (k + 3 > RESULT_TEXT_MAX) return NULL;
        if (s[i] == '0' && i + 2 < len && s[i + 1] == '.' && s[i + 2] == '5') {
            memcpy(norm + k, "1/2", 3); /* "0.5" */
            k += 3;
            i += 2;
        } else if (s[i] == 0xc2 && i + 1 < len && s[i + 1] == 0xbd) {
            memcpy(norm + k, "1/2", 3); /* "½" in UTF-8 */
            k += 3;
            i += 1;
        } else if (s[i] == 0xbd) {
            memcpy(norm + k, "1/2", 3); /* "½" in Windows-1252 */
            k += 3;
        } else if (s[i] == 0xe2 && i + 2 < len &&
                   ((s[i + 1] == 0x80 && (s[i + 2] == 0x93 || s[i + 2] == 0x94)) ||
                    (s[i + 1] == 0x88 && s[i + 2] == 0x92))) {
            norm[k++] = '-'; /* en dash, em dash, minus sign */
            i += 2;
        } else if (s[i] == 0x96 || s[i] == 0x97) {
            norm[k++] = '-'; /* Windows-1252 en and em dash */
        } else {
            norm[k++] = s[i] == 'f' ? 'F' : (char)s[i];
        }
    }
    for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++)
        if (strlen(forms[f].text) == k && memcmp(forms[f].text, norm, k) == 0) return &forms[f];
    return NULL;
}
