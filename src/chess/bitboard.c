/*
 * bitboard.c - small helpers on square sets that are not worth inlining:
 * square names (the algebraic notation of FIDE Appendix C.2 / PGN 8.2.3:
 * files a-h from White's left, ranks 1-8 from White's side), distance, and a
 * printable rendering for test messages.
 *
 * Invariant: a square is 0..63 or SQ_NONE; names are always lower-case.
 */
#include "chess/bitboard.h"

void bb_square_name(int sq, char out[3])
{
    if (sq < 0 || sq >= SQ_NB) {
        out[0] = '-';
        out[1] = '\0';
        out[2] = '\0';
        return;
    }
    out[0] = (char)('a' + SQ_FILE(sq));
    out[1] = (char)('1' + SQ_RANK(sq));
    out[2] = '\0';
}

int bb_square_parse(const char *s)
{
    if (s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8') return SQ_NONE;
    return SQ_MAKE(s[0] - 'a', s[1] - '1');
}

int bb_distance(int a, int b)
{
    int df = SQ_FILE(a) - SQ_FILE(b);
    int dr = SQ_RANK(a) - SQ_RANK(b);
    if (df < 0) df = -df;
    if (dr < 0) dr = -dr;
    return df > dr ? df : dr;
}

char *bb_format(bitboard b, char out[73])
{
    size_t n = 0;
    for (int rank = 7; rank >= 0; rank--) {
        for (int file = 0; file < 8; file++)
            out[n++] = bb_test(b, SQ_MAKE(file, rank)) ? '1' : '.';
        out[n++] = '\n';
    }
    out[n] = '\0';
    return out;
}
