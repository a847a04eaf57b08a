/*
 * san.c - move notation (PGN standard 8.2.3, FIDE Appendix C).
 */
#include "san.h"

#include "bitboard.h"
#include "movegen.h"
#include "position.h"

size_t san_uci(const struct position *pos, move m, char *buf)
{
    static const char promo[] = "nbrq";
    int from = MOVE_FROM(m), to = MOVE_TO(m);
    if (MOVE_KIND(m) == MOVE_CASTLE && !pos->chess960) {
        int rook_to;
        movegen_castle_squares(pos, to, &to, &rook_to);
    }
    size_t n = 0;
    bb_square_name(from, buf);
    bb_square_name(to, buf + 2);
    n = 4;
    if (MOVE_IS_PROMO(m))
        buf[n++] = promo[MOVE_PROMO_TYPE(m) - KNIGHT];
    buf[n] = '\0';
    return n;
}
