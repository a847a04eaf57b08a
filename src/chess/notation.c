/*
 * notation.c - the one table of piece letters per notation (FIDE Laws,
 * Appendix C.2: the first letter of the piece's name in the scorer's
 * language; the Italian Laws, art. 2.2: R Re, D Donna, T Torre, A Alfiere,
 * C Cavallo) and the translation of a move token into English SAN letters.
 *
 * Only the piece letter in front of a move and the promotion piece are
 * letters; files (a-h), "x", ":", "-", "=", "0-0" and check marks are the
 * same in every notation and are copied as written (san_resolve() reads
 * them).  Figurines (U+2654..U+265F, both colours) mean the same piece in
 * every notation.
 */
#include "chess/notation.h"

#include "i18n.h"

#include <string.h>

/* meaning[set][letter - 'A']: the English letter, or 0 (not a letter there). */
static const char meaning[NOTA_SET_NB][26] = {
    /* en */ {['K' - 'A'] = 'K',
              ['Q' - 'A'] = 'Q',
              ['R' - 'A'] = 'R',
              ['B' - 'A'] = 'B',
              ['N' - 'A'] = 'N',
              ['P' - 'A'] = 'P'},
    /* it, es */
    {['R' - 'A'] = 'K', ['D' - 'A'] = 'Q', ['T' - 'A'] = 'R', ['A' - 'A'] = 'B', ['C' - 'A'] = 'N'},
    /* fr */
    {['R' - 'A'] = 'K', ['D' - 'A'] = 'Q', ['T' - 'A'] = 'R', ['F' - 'A'] = 'B', ['C' - 'A'] = 'N'},
    /* de */
    {['K' - 'A'] = 'K', ['D' - 'A'] = 'Q', ['T' - 'A'] = 'R', ['L' - 'A'] = 'B', ['S' - 'A'] = 'N'},
    /* nl */
    {['K' - 'A'] = 'K', ['D' - 'A'] = 'Q', ['T' - 'A'] = 'R', ['L' - 'A'] = 'B', ['P' - 'A'] = 'N'},
};

/* Figurines U+2654..U+265F are E2 99 94..9F in UTF-8: white K Q R B N P,
 * then black K Q R B N P. */
static const char glyph_letter[12] = {'K', 'Q', 'R', 'B', 'N', 'P', 'K', 'Q', 'R', 'B', 'N', 'P'};

static bool is_glyph(const char *s, size_t n)
{
    return n >= 3 && (unsigned char)s[0] == 0xE2 && (unsigned char)s[1] == 0x99 &&
           (unsigned char)s[2] >= 0x94 && (unsigned char)s[2] <= 0x9F;
}

static bool is_upper(char c)
{
    return c >= 'A' && c <= 'Z' && c != 'O'; /* O: castling */
}

bool nota_parse_mode(const char *name, enum nota_mode *mode)
{
    static const char *const names[NOTA_MODE_NB] = {"auto", "en", "it", "es",
                                                    "fr",   "de", "nl", "figurine"};
    for (int i = 0; i < NOTA_MODE_NB; i++)
        if (strcmp(name, names[i]) == 0) {
            *mode = (enum nota_mode)i;
            return true;
        }
    return false;
}

unsigned nota_mode_sets(enum nota_mode mode)
{
    switch (mode) {
    case NOTA_MODE_EN:
    case NOTA_MODE_FIGURINE:
        return NOTA_EN;
    case NOTA_MODE_IT:
    case NOTA_MODE_ES:
        return NOTA_ITES;
    case NOTA_MODE_FR:
        return NOTA_FR;
    case NOTA_MODE_DE:
        return NOTA_DE;
    case NOTA_MODE_NL:
        return NOTA_NL;
    case NOTA_MODE_AUTO:
    case NOTA_MODE_NB:
        break;
    }
    return NOTA_ALL;
}

/* Where a token's promotion piece starts (after the last square and an
 * optional "=", "/" or "("), or len when it has none. */
static size_t promo_at(const char *tok, size_t len)
{
    size_t sq = 0;
    for (size_t i = 1; i < len; i++)
        if (tok[i - 1] >= 'a' && tok[i - 1] <= 'h' && tok[i] >= '1' && tok[i] <= '8') sq = i + 1;
    if (!sq) return len;
    size_t j = sq;
    if (j < len && (tok[j] == '=' || tok[j] == '/' || tok[j] == '(')) j++;
    if (j < len && (is_upper(tok[j]) || is_glyph(tok + j, len - j))) return j;
    return len;
}

static uint32_t letter_bit(const char *s, size_t n)
{
    if (is_glyph(s, n)) return NOTA_GLYPH;
    if (n && is_upper(s[0])) return 1u << (s[0] - 'A');
    return 0;
}

uint32_t nota_scan(const char *tok, size_t len)
{
    if (!len) return 0;
    uint32_t bits = letter_bit(tok, len);
    size_t p = promo_at(tok, len);
    if (p < len) bits |= letter_bit(tok + p, len - p);
    return bits;
}

/* knows[letter - 'A']: the sets in which the letter names a piece (the
 * meaning table read by columns; a test holds the two to each other). */
#define EN NOTA_EN
#define IT NOTA_ITES
#define FR NOTA_FR
#define DE NOTA_DE
#define NL NOTA_NL
static const unsigned char knows[26] = {
    ['A' - 'A'] = IT,
    ['B' - 'A'] = EN,
    ['C' - 'A'] = IT | FR,
    ['D' - 'A'] = IT | FR | DE | NL,
    ['F' - 'A'] = FR,
    ['K' - 'A'] = EN | DE | NL,
    ['L' - 'A'] = DE | NL,
    ['N' - 'A'] = EN,
    ['P' - 'A'] = EN | NL,
    ['Q' - 'A'] = EN,
    ['R' - 'A'] = EN | IT | FR,
    ['S' - 'A'] = DE,
    ['T' - 'A'] = IT | FR | DE | NL,
};
#undef EN
#undef IT
#undef FR
#undef DE
#undef NL

unsigned nota_sets_of(uint32_t letters)
{
    unsigned sets = NOTA_ALL;
    for (uint32_t l = letters & ((1u << 26) - 1); l; l &= l - 1)
        sets &= knows[__builtin_ctz(l)];
    return sets;
}

bool nota_table_ok(void)
{
    for (int c = 0; c < 26; c++) {
        unsigned k = 0;
        for (int s = 0; s < NOTA_SET_NB; s++)
            if (meaning[s][c]) k |= 1u << s;
        if (k != knows[c]) return false;
    }
    return true;
}

/* The meaning of letter index c under sets: the English letter, 0 when no set
 * knows it, -1 when two sets disagree. */
static int meaning_of(unsigned sets, int c)
{
    int m = 0;
    for (int s = 0; s < NOTA_SET_NB; s++) {
        if (!(sets & (1u << s)) || !meaning[s][c]) continue;
        if (m && m != meaning[s][c]) return -1;
        m = meaning[s][c];
    }
    return m;
}

bool nota_agree(unsigned sets, uint32_t letters)
{
    for (uint32_t l = letters & ((1u << 26) - 1); l; l &= l - 1)
        if (meaning_of(sets, __builtin_ctz(l)) < 0) return false;
    return true;
}

/* nota_reading() and nota_lead_letters() for every mask and letter, made
 * before main() (so before any thread) from knows[] and meaning_of(). */
static char readings[NOTA_ALL + 1][26];
static char leads[NOTA_ALL + 1][26];

__attribute__((constructor)) static void readings_init(void)
{
    for (unsigned sets = 0; sets <= NOTA_ALL; sets++)
        for (int c = 0; c < 26; c++) {
            int m = sets && (knows[c] & sets) == sets ? meaning_of(sets, c) : 0;
            readings[sets][c] = m > 0 ? (char)m : 0;
            /* N, B, Q and K read as written, once they narrow nothing. */
            bool plain = c == 'N' - 'A' || c == 'B' - 'A' || c == 'Q' - 'A' || c == 'K' - 'A';
            unsigned k = knows[c] & sets;
            leads[sets][c] =
                plain ? (k == sets || k == 0 ? (char)('A' + c) : 0) : readings[sets][c];
        }
}

const char *nota_lead_letters(unsigned sets)
{
    return leads[sets & NOTA_ALL];
}

char nota_reading(unsigned sets, char letter)
{
    return letter >= 'A' && letter <= 'Z' ? readings[sets & NOTA_ALL][letter - 'A'] : 0;
}

char nota_meaning(unsigned sets, char letter)
{
    if (letter < 'A' || letter > 'Z') return 0;
    int m = meaning_of(sets, letter - 'A');
    return m > 0 ? (char)m : 0;
}

/* Append the English letter for the piece letter at s (n bytes left) to out;
 * returns the bytes of s it took. */
static size_t put_letter(unsigned sets, const char *s, size_t n, char *out, size_t *k)
{
    if (is_glyph(s, n)) {
        out[(*k)++] = glyph_letter[(unsigned char)s[2] - 0x94];
        return 3;
    }
    int m = meaning_of(sets, s[0] - 'A');
    out[(*k)++] = m > 0 ? (char)m : s[0];
    return 1;
}

size_t nota_translate(unsigned sets, const char *tok, size_t len, char *out, size_t size)
{
    size_t k = 0, i = 0;
    if (!size) return 0;
    size_t p = promo_at(tok, len);
    while (i < len && k + 1 < size) {
        if ((i == 0 || i == p) && (is_glyph(tok + i, len - i) || is_upper(tok[i])))
            i += put_letter(sets, tok + i, len - i, out, &k);
        else
            out[k++] = tok[i++];
    }
    out[k] = '\0';
    return k;
}

const char *nota_name(unsigned sets, bool figurines)
{
    if (figurines) return _("figurines");
    switch (sets) {
    case NOTA_EN:
        return _("English letters");
    case NOTA_ITES:
        return _("Italian or Spanish letters");
    case NOTA_FR:
        return _("French letters");
    case NOTA_ITES | NOTA_FR:
        return _("Italian, Spanish or French letters");
    case NOTA_DE:
        return _("German letters");
    case NOTA_NL:
        return _("Dutch letters");
    case NOTA_DE | NOTA_NL:
        return _("German or Dutch letters");
    default:
        return _("localized letters");
    }
}

const char *nota_legend(unsigned sets, bool figurines)
{
    if (figurines) return _("\u2654 king, \u2655 queen, \u2656 rook, \u2657 bishop, \u2658 knight");
    switch (sets) {
    case NOTA_EN:
        return _("K king, Q queen, R rook, B bishop, N knight");
    case NOTA_ITES:
        return _("R king, D queen, T rook, A bishop, C knight");
    case NOTA_FR:
        return _("R king, D queen, T rook, F bishop, C knight");
    case NOTA_ITES | NOTA_FR:
        return _("R king, D queen, T rook, C knight");
    case NOTA_DE:
        return _("K king, D queen, T rook, L bishop, S knight");
    case NOTA_NL:
        return _("K king, D queen, T rook, L bishop, P knight");
    case NOTA_DE | NOTA_NL:
        return _("K king, D queen, T rook, L bishop");
    default:
        return _("D queen, T rook");
    }
}

char nota_piece_of(const char *english, size_t len)
{
    if (len && strchr("KQRBN", english[0]) && english[0]) return english[0];
    return 'P';
}

const char *nota_piece_word(char english_letter)
{
    switch (english_letter) {
    case 'K':
        return C_("piece", "king");
    case 'Q':
        return C_("piece", "queen");
    case 'R':
        return C_("piece", "rook");
    case 'B':
        return C_("piece", "bishop");
    case 'N':
        return C_("piece", "knight");
    case 'P':
        return C_("piece", "pawn");
    default:
        return C_("piece", "piece");
    }
}
