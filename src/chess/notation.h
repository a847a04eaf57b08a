/*
 * notation.h - the piece letters of the notations a scorer may write moves
 * in (FIDE Laws, Appendix C.2: "each piece is indicated by ... the first
 * letter, a capital letter, of its name" in the scorer's language), and the
 * translation of one move token into the English letters of SAN.
 *
 *   set    king queen rook bishop knight
 *   en     K    Q     R    B      N       (P pawn)
 *   it/es  R    D     T    A      C       (R is the KING)
 *   fr     R    D     T    F      C
 *   de     K    D     T    L      S
 *   nl     K    D     T    L      P       (P is the KNIGHT)
 *   figurines ♔♕♖♗♘♙ ♚♛♜♝♞♟, in every set
 *
 * A game is read under a set of notations still possible (a mask of
 * NOTA_*): each letter the game writes narrows it (nota_sets_of()), and a
 * letter is read with the meaning the sets still possible give it.  Only R
 * (rook in English, king in Italian, Spanish, French) and P (pawn in English,
 * knight in Dutch) can mean two pieces; nota_agree() says whether they do
 * under a mask.  A letter no set of the mask knows is left as written, for
 * san_resolve(), which reads English and the localized letters no English
 * letter clashes with.
 *
 * Ownership: pure functions over caller buffers; nothing is allocated.
 */
#ifndef PGNARB_NOTATION_H
#define PGNARB_NOTATION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The letter sets (Italian and Spanish write the same letters). */
#define NOTA_EN     0x01u
#define NOTA_ITES   0x02u
#define NOTA_FR     0x04u
#define NOTA_DE     0x08u
#define NOTA_NL     0x10u
#define NOTA_ALL    0x1fu
#define NOTA_SET_NB 5

/* nota_scan(): bit (c - 'A') for a piece letter c; this bit for a figurine. */
#define NOTA_GLYPH (1u << 26)

/* What --notation= may force (NOTA_MODE_AUTO: detected per game). */
enum nota_mode {
    NOTA_MODE_AUTO,
    NOTA_MODE_EN,
    NOTA_MODE_IT,
    NOTA_MODE_ES,
    NOTA_MODE_FR,
    NOTA_MODE_DE,
    NOTA_MODE_NL,
    NOTA_MODE_FIGURINE,
    NOTA_MODE_NB
};

/* "auto", "en", "it", ... to a mode; false when the name is none of them. */
bool nota_parse_mode(const char *name, enum nota_mode *mode);

/* The mask a game starts from under a mode. */
unsigned nota_mode_sets(enum nota_mode mode);

/* The piece letters (and figurines) of a move token: the first character and
 * the promotion piece.  0 when it writes none (pawn moves, castling). */
uint32_t nota_scan(const char *tok, size_t len);

/* Whether a move token may write a piece letter or figurine that needs
 * reading: a capital (not O, castling) or a byte above ASCII first, or a
 * capital in its last two characters (a promotion: e8=D, e8D, e8=D+).
 * False for pawn moves and castling, which read the same everywhere. */
static inline bool nota_may_have_letters(const char *tok, size_t len)
{
    if (!len) return false;
    unsigned char c = (unsigned char)tok[0];
    if ((c >= 'A' && c <= 'Z' && c != 'O') || c >= 0x80) return true;
    unsigned char a = (unsigned char)tok[len - 1], b = len > 1 ? (unsigned char)tok[len - 2] : 0;
    return (a >= 'A' && a <= 'Z' && a != 'O') || (b >= 'A' && b <= 'Z' && b != 'O');
}

/* nota_scan() of a token whose only letter is N, B, Q or K in front (Nf3,
 * Bxc4, Kd2+), which mean one piece wherever they are letters; else 0. */
static inline uint32_t nota_plain_letter(const char *tok, size_t len)
{
    char c = tok[0];
    if (len < 3 || !(c == 'N' || c == 'B' || c == 'Q' || c == 'K')) return 0;
    unsigned char a = (unsigned char)tok[len - 1], b = (unsigned char)tok[len - 2];
    if ((a >= 'A' && a <= 'Z') || (b >= 'A' && b <= 'Z') || a >= 0x80) return 0;
    return 1u << (c - 'A');
}

/* Whether a move token's one piece letter is its first character (Cf3,
 * Txe1+, Rg1, Ab5xc6: a capital other than O first, no other capital and no
 * byte above ASCII after it, so no promotion letter nor figurine): then
 * reading it in a notation is putting nota_meaning() of that letter first. */
static inline bool nota_lead_letter_only(const char *tok, size_t len)
{
    if (len < 3 || len > 15 || tok[0] < 'A' || tok[0] > 'Z' || tok[0] == 'O') return false;
    for (size_t i = 1; i < len; i++) {
        unsigned char c = (unsigned char)tok[i];
        if ((c >= 'A' && c <= 'Z') || c >= 0x80) return false;
    }
    return true;
}

/* The sets that know every letter in `letters` (figurines: every set). */
unsigned nota_sets_of(uint32_t letters);

/* Whether the table of the sets each letter belongs to agrees with the
 * letter table (for the tests). */
bool nota_table_ok(void);

/* Narrow the mask `sets` by a token's letters: the sets that know them, or
 * `sets` unchanged when none does (a letter of another notation). */
static inline unsigned nota_narrow(unsigned sets, uint32_t letters)
{
    unsigned s = sets & nota_sets_of(letters);
    return s ? s : sets;
}

/* Whether every letter in `letters` means one piece under `sets`. */
bool nota_agree(unsigned sets, uint32_t letters);

/* The token in English letters under `sets` (its letters must agree): out
 * gets at most `size` - 1 bytes and a NUL; returns the length.  Figurines
 * become letters; a letter no set of the mask knows stays as written. */
size_t nota_translate(unsigned sets, const char *tok, size_t len, char *out, size_t size);

/* The piece a letter means under `sets` (agreeing), as an English letter
 * (K Q R B N P), or 0 when no set of the mask knows it. */
char nota_meaning(unsigned sets, char letter);

/* A capital letter's English letter when every set of `sets` knows it
 * (nota_narrow() by it leaves `sets` as they are) and it means one piece
 * under them; else 0.  One table lookup: a game reads its own piece letters
 * through it once its notation is settled (Italian C, A, T, D, R). */
char nota_reading(unsigned sets, char letter);

/* How a game whose letters allow `sets` reads a move's piece letter in front
 * with nothing to narrow, indexed by letter - 'A': its English letter where
 * nota_reading() gives one (Italian C A T D R), N B Q K as written where
 * they narrow nothing (no set of the mask knows them, or every one does),
 * else 0.  For san_fast_resolve_read(): reading Cf3 so is reading it as
 * game_nota_read() would, with nothing left to note. */
const char *nota_lead_letters(unsigned sets);

/* The lowest set of a mask (NOTA_EN first), or 0. */
static inline unsigned nota_first_set(unsigned sets)
{
    return sets & (0u - sets);
}

/* A name for the notation of a mask, for messages ("Italian or Spanish
 * letters"); figurines names the figurine notation. */
const char *nota_name(unsigned sets, bool figurines);

/* Its letters ("R king, D queen, T rook, A bishop, C knight"). */
const char *nota_legend(unsigned sets, bool figurines);

/* The piece an English token moves, as its letter: K Q R B N, else P. */
char nota_piece_of(const char *english, size_t len);

/* The name of an English piece letter ("king"), for messages. */
const char *nota_piece_word(char english_letter);

#endif /* PGNARB_NOTATION_H */
