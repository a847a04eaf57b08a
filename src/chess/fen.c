/*
 * fen.c - FEN (PGN standard 16.1) parsing with validation, and writing.
 *
 * A FEN that parses is then judged against what can arise in a game (FIDE
 * 3.10.3: a position is illegal when it cannot have been reached by any
 * series of legal moves).  The tests here are necessary conditions, each one
 * cheap and certain, never guesses:
 *   - exactly one king each (2.2, 3.8); no pawn on the first or last rank
 *     (3.7.1, 3.7.5);
 *   - at most 8 pawns and 16 pieces a side, and no more queens, rooks,
 *     bishops and knights beyond the initial ones than missing pawns could
 *     have promoted to (3.7.5);
 *   - castling rights only for a king and rook still on their first rank
 *     (3.8.2; with the Chess960 readings of the letters);
 *   - en passant square only right behind a pawn that just made a double
 *     step (3.7.3), with both squares it crossed empty;
 *   - the side not to move is not in check (3.9, 1.2); at most two checkers;
 *     two only if one move can give both checks (a moved piece plus a line
 *     it uncovered: so at least one checker is a bishop, rook or queen, and
 *     the two do not stand on one line through the king); with an en passant
 *     square, the check must come from the double step itself.
 *
 * Invariant: on FEN_OK the position satisfies pos_ok().
 */
#include "chess/fen.h"

#include "i18n.h"

#include "chess/attacks.h"
#include "chess/bitboard.h"
#include "chess/position.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Largest clock values accepted: beyond any game (FIDE 9.6.2 ends it at 150). */
#define FEN_CLOCK_MAX 1000000u

static const char piece_chars[] = "PNBRQK";
/* "White" / "Black" as the subject of a message. */
static const char *color_word(int color)
{
    return color == COLOR_WHITE ? C_("side", "White") : C_("side", "Black");
}

static enum fen_status fail(enum fen_status st, char *why, size_t whylen, const char *fmt, ...)
{
    if (why && whylen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, whylen, fmt, ap);
        va_end(ap);
    }
    return st;
}

/* Next blank-separated field: sets *start and *len; false when none is left. */
static bool next_field(const char **p, const char **start, size_t *len)
{
    const char *s = *p;
    while (*s == ' ' || *s == '\t')
        s++;
    if (*s == '\0' || *s == '\n' || *s == '\r') return false;
    *start = s;
    while (*s && *s != ' ' && *s != '\t' && *s != '\n' && *s != '\r')
        s++;
    *len = (size_t)(s - *start);
    *p = s;
    return true;
}

static bool parse_number(const char *s, size_t len, uint32_t *out)
{
    if (len == 0 || len > 9) return false;
    uint32_t v = 0;
    for (size_t i = 0; i < len; i++) {
        if (!isdigit((unsigned char)s[i])) return false;
        v = v * 10 + (uint32_t)(s[i] - '0');
    }
    *out = v;
    return true;
}

static enum fen_status parse_placement(struct position *pos, const char *s, size_t len, char *why,
                                       size_t whylen)
{
    int rank = 7, file = 0;
    for (size_t i = 0; i <= len; i++) {
        char c = i < len ? s[i] : '/';
        if (c == '/') {
            if (file != 8)
                return fail(FEN_BAD, why, whylen, ngettext("rank %d has %d square", "rank %d has %d squares", (unsigned long)file),
                            rank + 1, file);
            rank--;
            file = 0;
            if (rank < 0 && i < len)
                return fail(FEN_BAD, why, whylen, _("more than 8 ranks in the piece placement"));
            continue;
        }
        if (c >= '1' && c <= '8') {
            file += c - '0';
        } else {
            const char *pc = strchr(piece_chars, toupper((unsigned char)c));
            if (!pc || c == '\0')
                return fail(FEN_BAD, why, whylen, _("bad character '%c' in the piece placement"),
                            c);
            if (file < 8)
                pos_put(pos, SQ_MAKE(file, rank),
                        PIECE_MAKE(islower((unsigned char)c) ? COLOR_BLACK : COLOR_WHITE,
                                   (int)(pc - piece_chars)));
            file++;
        }
        if (file > 8) {
            /* Count the whole rank for the message. */
            int n = file;
            for (size_t j = i + 1; j < len && s[j] != '/'; j++)
                n += (s[j] >= '1' && s[j] <= '8') ? s[j] - '0' : 1;
            return fail(FEN_BAD, why, whylen, ngettext("rank %d has %d square", "rank %d has %d squares", (unsigned long)n),
                        rank + 1, n);
        }
    }
    if (rank != -1)
        return fail(FEN_BAD, why, whylen, ngettext("the piece placement has %d rank, not 8",
                             "the piece placement has %d ranks, not 8", (unsigned long)(7 - rank)),
                    7 - rank);
    return FEN_OK;
}

/* The outermost rook of `color` on its first rank on one side of its king. */
static int outer_rook(const struct position *pos, int color, int ksq, bool kingside)
{
    bitboard rooks = pos_pieces(pos, color, ROOK) & BB_RANK(SQ_RANK(ksq));
    rooks &= kingside ? ~((SQ_BB(ksq) << 1) - 1) : SQ_BB(ksq) - 1;
    if (!rooks) return SQ_NONE;
    return kingside ? bb_msb(rooks) : bb_lsb(rooks);
}

static enum fen_status parse_castling(struct position *pos, const char *s, size_t len,
                                      unsigned flags, char *why, size_t whylen)
{
    bool chess960 = (flags & FEN_CHESS960) != 0;
    if (len == 1 && s[0] == '-') {
        pos->chess960 = chess960;
        return FEN_OK;
    }
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        char lc = (char)tolower((unsigned char)c);
        if (!(lc == 'k' || lc == 'q' || (lc >= 'a' && lc <= 'h')))
            return fail(FEN_BAD, why, whylen, _("bad character '%c' in the castling rights"), c);
        if (memchr(s, c, i))
            return fail(FEN_BAD, why, whylen, _("castling right %c is given twice"), c);
    }
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        int color = isupper((unsigned char)c) ? COLOR_WHITE : COLOR_BLACK;
        char lc = (char)tolower((unsigned char)c);
        int home = color == COLOR_WHITE ? 0 : 7;
        bitboard king = pos_pieces(pos, color, KING);
        if (bb_popcount(king) != 1) continue; /* reported by the king count check */
        int ksq = bb_lsb(king);
        if (SQ_RANK(ksq) != home)
            return fail(
                FEN_ILLEGAL, why, whylen, _("castling right %c but the %s king is not on rank %d"),
                c, color == COLOR_WHITE ? C_("king colour", "white") : C_("king colour", "black"),
                home + 1);
        int rsq;
        if (lc == 'k' || lc == 'q') {
            bool kingside = lc == 'k';
            rsq = outer_rook(pos, color, ksq, kingside);
            if (rsq == SQ_NONE) {
                if (SQ_FILE(ksq) == 4)
                    return fail(FEN_ILLEGAL, why, whylen,
                                _("castling right %c but no rook on %c%d"), c, kingside ? 'h' : 'a',
                                home + 1);
                return fail(
                    FEN_ILLEGAL, why, whylen,
                    _("castling right %c but no %s rook on the %s of the king on rank %d"), c,
                    color == COLOR_WHITE ? C_("rook colour", "white") : C_("rook colour", "black"),
                    kingside ? C_("castling side", "h-side") : C_("castling side", "a-side"),
                    home + 1);
            }
            if (SQ_FILE(ksq) != 4 || SQ_FILE(rsq) != (kingside ? 7 : 0)) chess960 = true;
        } else {
            rsq = SQ_MAKE(lc - 'a', home);
            if (pos->board[rsq] != PIECE_MAKE(color, ROOK))
                return fail(
                    FEN_ILLEGAL, why, whylen, _("castling right %c but no %s rook on %c%d"), c,
                    color == COLOR_WHITE ? C_("rook colour", "white") : C_("rook colour", "black"),
                    lc, home + 1);
            chess960 = true;
        }
        pos->castle_rooks |= SQ_BB(rsq);
    }
    for (int color = 0; color < COLOR_NB; color++)
        for (int side = 0; side < 2; side++)
            if (bb_more_than_one(pos_castle_rooks_side(pos, color, side)))
                return fail(FEN_ILLEGAL, why, whylen,
                            _("%s has two castling rights on the %s of the king"),
                            color_word(color),
                            side ? C_("castling side", "h-side") : C_("castling side", "a-side"));
    pos->chess960 = chess960;
    return FEN_OK;
}

static enum fen_status check_kings_pawns(const struct position *pos, char *why, size_t whylen)
{
    for (int c = 0; c < COLOR_NB; c++) {
        int kings = bb_popcount(pos_pieces(pos, c, KING));
        if (kings == 0) return fail(FEN_ILLEGAL, why, whylen, _("%s has no king"), color_word(c));
        if (kings > 1)
            return fail(FEN_ILLEGAL, why, whylen, _("%s has %d kings"), color_word(c), kings);
    }
    bitboard bad = pos->by_type[PAWN] & (BB_RANK_1 | BB_RANK_8);
    if (bad) {
        int sq = bb_lsb(bad);
        char name[3];
        bb_square_name(sq, name);
        return fail(FEN_ILLEGAL, why, whylen, _("%s pawn on %s (a pawn is never on rank 1 or 8)"),
                    PIECE_COLOR(pos->board[sq]) == COLOR_WHITE ? C_("pawn colour", "white")
                                                               : C_("pawn colour", "black"),
                    name);
    }
    return FEN_OK;
}

static enum fen_status check_material(const struct position *pos, char *why, size_t whylen)
{
    for (int c = 0; c < COLOR_NB; c++) {
        int pawns = bb_popcount(pos_pieces(pos, c, PAWN));
        int all = bb_popcount(pos->by_color[c]);
        if (pawns > 8)
            return fail(FEN_ILLEGAL, why, whylen, _("%s has %d pawns"), color_word(c), pawns);
        if (all > 16)
            return fail(FEN_ILLEGAL, why, whylen, _("%s has %d pieces"), color_word(c), all);
        static const int initial[PIECE_TYPE_NB] = {8, 2, 2, 2, 1, 1};
        int extra = 0;
        for (int t = KNIGHT; t <= QUEEN; t++) {
            int n = bb_popcount(pos_pieces(pos, c, t));
            if (n > initial[t]) extra += n - initial[t];
        }
        int missing = 8 - pawns;
        if (extra > missing)
            return fail(
                FEN_ILLEGAL, why, whylen,
                missing == 1
                    ? ngettext(
                          "%s has %d extra piece beyond what %d missing pawn could promote to",
                          "%s has %d extra pieces beyond what %d missing pawn could promote to",
                          extra)
                    : ngettext(
                          "%s has %d extra piece beyond what %d missing pawns could promote to",
                          "%s has %d extra pieces beyond what %d missing pawns could promote to",
                          extra),
                color_word(c), extra, missing);
    }
    return FEN_OK;
}

static enum fen_status check_ep(const struct position *pos, char *why, size_t whylen)
{
    int ep = pos->ep_square;
    if (ep == SQ_NONE) return FEN_OK;
    int us = pos->side, them = us ^ 1;
    char name[3], pname[3], fname[3];
    bb_square_name(ep, name);
    int want = us == COLOR_WHITE ? 5 : 2;
    if (SQ_RANK(ep) != want)
        return fail(FEN_ILLEGAL, why, whylen,
                    _("en passant square %s is not on rank %d (%s to move)"), name, want + 1,
                    color_word(us));
    int pawn_sq = ep ^ 8, from = us == COLOR_WHITE ? ep + 8 : ep - 8;
    bb_square_name(pawn_sq, pname);
    bb_square_name(from, fname);
    if (pos->board[pawn_sq] != PIECE_MAKE(them, PAWN))
        return fail(
            FEN_ILLEGAL, why, whylen,
            _("en passant square %s but no %s pawn on %s that just made a double step"), name,
            them == COLOR_WHITE ? C_("pawn colour", "white") : C_("pawn colour", "black"), pname);
    if (pos->board[ep] != PIECE_NONE || pos->board[from] != PIECE_NONE)
        return fail(FEN_ILLEGAL, why, whylen,
                    _("en passant square %s but %s is occupied, so the pawn on %s cannot have just "
                      "made a double step"),
                    name, pos->board[ep] != PIECE_NONE ? name : fname, pname);
    return FEN_OK;
}

static enum fen_status check_checks(const struct position *pos, char *why, size_t whylen)
{
    int us = pos->side, them = us ^ 1;
    bitboard ch = pos->checkers;
    int n = bb_popcount(ch);
    if (n > 2)
        return fail(FEN_ILLEGAL, why, whylen, _("impossible check: %s checkers"),
                    n == 3   ? C_("checkers", "three")
                    : n == 4 ? C_("checkers", "four")
                             : C_("checkers", "five or more"));
    int ksq = pos_king_square(pos, us);
    bitboard sliders = pos->by_type[BISHOP] | pos->by_type[ROOK] | pos->by_type[QUEEN];
    if (n == 2) {
        int a = bb_lsb(ch), b = bb_msb(ch);
        if (!(ch & sliders) || bb_test(attacks_line(a, b), ksq))
            return fail(FEN_ILLEGAL, why, whylen,
                        _("impossible check: two checkers no single move could have given"));
    }
    if (n && pos->ep_square != SQ_NONE) {
        /* The last move was the double step: it gave the check directly or
         * by leaving its start square. */
        int ep = pos->ep_square, pawn_sq = ep ^ 8;
        int from = us == COLOR_WHITE ? ep + 8 : ep - 8;
        int c = bb_lsb(ch);
        if (n > 1 || (c != pawn_sq && !bb_test(attacks_between(ksq, c), from))) {
            char f[3], t[3];
            bb_square_name(from, f);
            bb_square_name(pawn_sq, t);
            return fail(FEN_ILLEGAL, why, whylen,
                        _("impossible check: the en passant square says %s just played %s-%s, "
                          "which cannot have given this check"),
                        color_word(them), f, t);
        }
    }
    return FEN_OK;
}

enum fen_status fen_parse(struct position *pos, const char *fen, unsigned flags, char *why,
                          size_t whylen)
{
    const char *p = fen, *f[7];
    size_t len[7];
    int n = 0;
    if (why && whylen) why[0] = '\0';
    pos_clear(pos);
    while (n < 7 && next_field(&p, &f[n], &len[n]))
        n++;
    if (n == 0) return fail(FEN_BAD, why, whylen, _("empty FEN"));
    if (n > 6) return fail(FEN_BAD, why, whylen, _("more than 6 fields"));
    if (n < 4)
        return fail(FEN_BAD, why, whylen,
                    ngettext("%d field, a FEN has 6 (or 4 without the clocks)",
                             "%d fields, a FEN has 6 (or 4 without the clocks)", n),
                    n);
    enum fen_status st = parse_placement(pos, f[0], len[0], why, whylen);
    if (st != FEN_OK) return st;
    if (len[1] != 1 || (f[1][0] != 'w' && f[1][0] != 'b'))
        return fail(FEN_BAD, why, whylen, _("side to move is '%.*s', not 'w' or 'b'"),
                    (int)(len[1] > 8 ? 8 : len[1]), f[1]);
    pos->side = f[1][0] == 'w' ? COLOR_WHITE : COLOR_BLACK;
    if (len[3] == 1 && f[3][0] == '-') {
        pos->ep_square = SQ_NONE;
    } else {
        int sq = len[3] == 2 ? bb_square_parse(f[3]) : SQ_NONE;
        if (sq == SQ_NONE)
            return fail(FEN_BAD, why, whylen, _("en passant field '%.*s' is not '-' or a square"),
                        (int)(len[3] > 8 ? 8 : len[3]), f[3]);
        pos->ep_square = (uint8_t)sq;
    }
    uint32_t half = 0, full = 1;
    if (n >= 5 && (!parse_number(f[4], len[4], &half) || half > FEN_CLOCK_MAX))
        return fail(FEN_BAD, why, whylen, _("halfmove clock '%.*s' is not a number up to %u"),
                    (int)(len[4] > 12 ? 12 : len[4]), f[4], FEN_CLOCK_MAX);
    if (n >= 6 && (!parse_number(f[5], len[5], &full) || full > FEN_CLOCK_MAX))
        return fail(FEN_BAD, why, whylen, _("fullmove number '%.*s' is not a number up to %u"),
                    (int)(len[5] > 12 ? 12 : len[5]), f[5], FEN_CLOCK_MAX);
    pos->halfmove = half;
    pos->fullmove = full ? full : 1; /* some writers put 0 */

    /* Castling letters must be syntactically right before legality is judged. */
    for (size_t i = 0; i < len[2]; i++) {
        char lc = (char)tolower((unsigned char)f[2][i]);
        if (!(len[2] == 1 && lc == '-') && !(lc == 'k' || lc == 'q' || (lc >= 'a' && lc <= 'h')))
            return fail(FEN_BAD, why, whylen, _("bad character '%c' in the castling rights"),
                        f[2][i]);
    }

    /* Faults that leave no usable position come first ... */
    st = check_kings_pawns(pos, why, whylen);
    if (st == FEN_OK) st = parse_castling(pos, f[2], len[2], flags, why, whylen);
    if (st == FEN_BAD) return st;
    if (st == FEN_OK) st = check_ep(pos, why, whylen);
    if (st != FEN_OK) {
        pos->ep_square = SQ_NONE;
        pos->castle_rooks = 0;
        return st;
    }
    pos_refresh(pos);
    int xk = pos_king_square(pos, pos->side ^ 1);
    if (pos_attackers_to(pos, xk, pos_occupied(pos)) & pos->by_color[pos->side])
        return fail(FEN_ILLEGAL, why, whylen, _("%s is not to move but is in check"),
                    color_word(pos->side ^ 1));
    /* ... then those of a position the move generator still handles
     * (pos_ok() holds): impossible material and impossible checks. */
    st = check_material(pos, why, whylen);
    if (st == FEN_OK) st = check_checks(pos, why, whylen);
    return st;
}

size_t fen_write(const struct position *pos, char *buf, size_t size)
{
    char out[FEN_MAX + 32];
    size_t n = 0;
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            int pc = pos->board[SQ_MAKE(file, rank)];
            if (pc == PIECE_NONE) {
                empty++;
                continue;
            }
            if (empty) out[n++] = (char)('0' + empty);
            empty = 0;
            char c = piece_chars[PIECE_TYPE(pc)];
            out[n++] = PIECE_COLOR(pc) == COLOR_WHITE ? c : (char)tolower((unsigned char)c);
        }
        if (empty) out[n++] = (char)('0' + empty);
        if (rank) out[n++] = '/';
    }
    out[n++] = ' ';
    out[n++] = pos->side == COLOR_WHITE ? 'w' : 'b';
    out[n++] = ' ';
    size_t before = n;
    for (int c = 0; c < COLOR_NB; c++) {
        for (int side = 1; side >= 0; side--) {
            bitboard r = pos_castle_rooks_side(pos, c, side);
            if (!r) continue;
            int rsq = bb_lsb(r);
            int ksq = pos_king_square(pos, c);
            char letter = side ? 'K' : 'Q';
            if (pos->chess960 && outer_rook(pos, c, ksq, side) != rsq)
                letter = (char)('A' + SQ_FILE(rsq));
            out[n++] = c == COLOR_WHITE ? letter : (char)tolower((unsigned char)letter);
        }
    }
    if (n == before) out[n++] = '-';
    out[n++] = ' ';
    if (pos->ep_square == SQ_NONE) {
        out[n++] = '-';
    } else {
        bb_square_name(pos->ep_square, out + n);
        n += 2;
    }
    int k = snprintf(out + n, sizeof out - n, " %u %u", (unsigned)pos->halfmove,
                     (unsigned)pos->fullmove);
    n += (size_t)k;
    out[n] = '\0';
    if (size) {
        size_t c = n < size - 1 ? n : size - 1;
        memcpy(buf, out, c);
        buf[c] = '\0';
    }
    return n;
}
