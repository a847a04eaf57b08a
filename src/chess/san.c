/*
 * san.c - move notation: SAN (PGN standard 8.2.3, FIDE Appendix C.8-C.13) in
 * and out, UCI out.
 *
 * Reading (san_resolve): the token is taken apart right to left (check mark,
 * annotations, "e.p.", promotion, destination square, capture sign, origin
 * file/rank, piece letter); then only the named piece type's pseudo-legal
 * moves to the destination are generated (movegen_pseudo) and each is tested
 * for legality.  No list of all legal moves is ever built, nothing is
 * allocated, nothing is scanned twice: this runs for every move of every game.
 *
 * The standard's rules applied: disambiguation (8.2.3.4) counts only legal
 * moves, so a pinned piece never makes a move ambiguous; the file is used
 * first, then the rank, then both; pawn captures always name the origin file;
 * promotion is "=Q"; castling is "O-O"/"O-O-O" (Chess960 too: kingside means
 * the rook stands on the h-side of the king).
 *
 * Invariant: SAN_OK implies movegen_is_legal(pos, res->m).
 */
#include "chess/san.h"

#include "chess/san_fast.h"

#include "chess/attacks.h"
#include "chess/bitboard.h"
#include "chess/movegen.h"
#include "chess/position.h"

#include <stdio.h>
#include <string.h>

static const char piece_letter[PIECE_TYPE_NB] = {'P', 'N', 'B', 'R', 'Q', 'K'};

static int letter_type(char c)
{
    switch (c) {
    case 'P':
        return PAWN;
    case 'N':
        return KNIGHT;
    case 'B':
        return BISHOP;
    case 'R':
        return ROOK;
    case 'Q':
        return QUEEN;
    case 'K':
        return KING;
    default:
        return -1;
    }
}

/* Piece letters of other languages that no English letter or file clashes
 * with: German S L T D (Springer, Laeufer, Turm, Dame), French C F T D,
 * Spanish/Italian C A T D.  (R and K are left alone: R is the English rook
 * but the French, Spanish and Italian king; P is the Dutch knight.) */
static int localized_type(char c)
{
    switch (c) {
    case 'S':
    case 'C': return KNIGHT;
    case 'L':
    case 'F':
    case 'A': return BISHOP;
    case 'T': return ROOK;
    case 'D': return QUEEN;
    default: return -1;
    }
}

/* A promotion letter in any accepted spelling, or -1; flags what it took. */
static int promo_type(char c, unsigned *nc)
{
    int t = letter_type(c);
    if (t >= 0)
        return t;
    t = localized_type(c);
    if (t >= 0) {
        *nc |= SAN_NC_LOCALIZED;
        return t;
    }
    t = c >= 'a' && c <= 'z' ? letter_type((char)(c - 'a' + 'A')) : -1;
    if (t >= 0)
        *nc |= SAN_NC_LOWERCASE;
    return t;
}

static int upper(char c)
{
    return c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c;
}

/* ---------------------------------------------------------------- writing */

size_t san_uci(const struct position *pos, move m, char *buf)
{
    static const char promo[] = "nbrq";
    int from = MOVE_FROM(m), to = MOVE_TO(m);
    if (MOVE_KIND(m) == MOVE_CASTLE && !pos->chess960) {
        int rook_to;
        movegen_castle_squares(pos, to, &to, &rook_to);
    }
    size_t n = 4;
    bb_square_name(from, buf);
    bb_square_name(to, buf + 2);
    if (MOVE_IS_PROMO(m)) buf[n++] = promo[MOVE_PROMO_TYPE(m) - KNIGHT];
    buf[n] = '\0';
    return n;
}

static bool is_capture(const struct position *pos, move m)
{
    return MOVE_KIND(m) == MOVE_EN_PASSANT ||
           (MOVE_KIND(m) != MOVE_CASTLE && pos->board[MOVE_TO(m)] != PIECE_NONE);
}

/* Legal moves of the piece type on from_mask to `to`, into list. */
static int legal_to(const struct position *pos, int type, bitboard from_mask, int to, move *list)
{
    move pseudo[MOVES_MAX];
    int n = movegen_pseudo(pos, type, from_mask, SQ_BB(to), pseudo), k = 0;
    for (int i = 0; i < n; i++)
        if (movegen_pseudo_is_legal(pos, pseudo[i])) list[k++] = pseudo[i];
    return k;
}

/* What the standard requires to tell m from the other legal moves of the
 * same piece type to the same square: bit 1 file, bit 2 rank. */
static int needed_disambiguation(const struct position *pos, move m)
{
    int from = MOVE_FROM(m), type = PIECE_TYPE(pos->board[from]);
    if (type == PAWN || type == KING) return 0;
    /* no other piece of the type sees the square (the usual case): none */
    if (!(pos_pieces(pos, pos->side, type) & ~SQ_BB(from) &
          attacks_piece(type, MOVE_TO(m), pos_occupied(pos))))
        return 0;
    move list[MOVES_MAX];
    int n = legal_to(pos, type, ~SQ_BB(from), MOVE_TO(m), list);
    bitboard others = 0;
    for (int i = 0; i < n; i++)
        if (MOVE_KIND(list[i]) == MOVE_KIND(m)) others |= SQ_BB(MOVE_FROM(list[i]));
    return (int)san_disambiguation(others, from);
}

size_t san_write_body(const struct position *pos, move m, char *buf)
{
    size_t n = 0;
    int from = MOVE_FROM(m), to = MOVE_TO(m);
    if (MOVE_KIND(m) == MOVE_CASTLE) {
        const char *s = to > from ? "O-O" : "O-O-O";
        n = strlen(s);
        memcpy(buf, s, n + 1);
        return n;
    }
    int type = PIECE_TYPE(pos->board[from]);
    if (type == PAWN) {
        if (is_capture(pos, m)) {
            buf[n++] = (char)('a' + SQ_FILE(from));
            buf[n++] = 'x';
        }
    } else {
        buf[n++] = piece_letter[type];
        int d = needed_disambiguation(pos, m);
        if (d & 1) buf[n++] = (char)('a' + SQ_FILE(from));
        if (d & 2) buf[n++] = (char)('1' + SQ_RANK(from));
        if (is_capture(pos, m)) buf[n++] = 'x';
    }
    bb_square_name(to, buf + n);
    n += 2;
    if (MOVE_IS_PROMO(m)) {
        buf[n++] = '=';
        buf[n++] = piece_letter[MOVE_PROMO_TYPE(m)];
    }
    buf[n] = '\0';
    return n;
}

size_t san_write(const struct position *pos, move m, char *buf)
{
    size_t n = san_write_body(pos, m, buf);
    struct position next = *pos;
    pos_make(&next, m);
    if (pos_in_check(&next)) {
        buf[n++] = movegen_any_legal(&next) ? '+' : '#';
        buf[n] = '\0';
    }
    return n;
}

/* ---------------------------------------------------------------- reading */

struct parsed {
    int type;      /* piece type, or -1: read from the board (UCI e2e4) */
    int from_file; /* -1 when not written */
    int from_rank;
    int to;
    int promo; /* piece type written after the square, or -1 */
    bool capture, dash;
    unsigned nc;
};

static enum san_status set_bad(struct san_result *res, enum san_why why)
{
    res->status = SAN_BAD;
    res->why = why;
    return SAN_BAD;
}

static enum san_status set_illegal(struct san_result *res, enum san_why why)
{
    res->status = SAN_ILLEGAL;
    res->why = why;
    return SAN_ILLEGAL;
}

/* Parse the core of a non-castling move (suffixes already removed).  With
 * lower_b, a leading 'b' is a bishop letter rather than a file. */
static bool parse_core(const char *s, size_t n, bool lower_b, struct parsed *p, enum san_why *why)
{
    memset(p, 0, sizeof *p);
    p->type = PAWN;
    p->from_file = p->from_rank = p->promo = -1;
    size_t i = 0;
    bool letter = false;
    if (n && letter_type(s[0]) >= 0) {
        p->type = letter_type(s[0]);
        letter = true;
        if (p->type == PAWN) p->nc |= SAN_NC_PAWN_LETTER;
        i = 1;
    } else if (n >= 3 && localized_type(s[0]) >= 0) {
        p->type = localized_type(s[0]);
        letter = true;
        p->nc |= SAN_NC_LOCALIZED;
        i = 1;
    } else if (n >= 3 && (s[0] == 'n' || s[0] == 'r' || s[0] == 'q' || s[0] == 'k' ||
                          (s[0] == 'b' && lower_b))) {
        p->type = letter_type((char)upper(s[0]));
        letter = true;
        p->nc |= SAN_NC_LOWERCASE;
        i = 1;
    }
    /* Promotion: "=Q", "/Q", "(Q)", or a bare letter after the rank. */
    unsigned promo_nc = 0;
    if (n >= i + 3 && s[n - 1] == ')' && s[n - 3] == '(') {
        p->promo = promo_type(s[n - 2], &promo_nc);
        if (p->promo < 0) {
            *why = SAN_WHY_SYNTAX;
            return false;
        }
        p->nc |= promo_nc | SAN_NC_PROMO_NO_EQ;
        n -= 3;
    } else if (n >= i + 3 && promo_type(s[n - 1], &promo_nc) >= 0 &&
               (s[n - 2] == '=' || s[n - 2] == '/' || (s[n - 2] >= '1' && s[n - 2] <= '8'))) {
        p->promo = promo_type(s[n - 1], &promo_nc);
        p->nc |= promo_nc;
        if (s[n - 2] == '=' || s[n - 2] == '/') {
            if (s[n - 2] == '/') p->nc |= SAN_NC_PROMO_NO_EQ;
            n -= 2;
        } else {
            p->nc |= SAN_NC_PROMO_NO_EQ;
            n -= 1;
        }
    }
    if (n < i + 2 || s[n - 2] < 'a' || s[n - 2] > 'h' || s[n - 1] < '1' || s[n - 1] > '8') {
        *why = SAN_WHY_NO_SQUARE;
        return false;
    }
    p->to = SQ_MAKE(s[n - 2] - 'a', s[n - 1] - '1');
    n -= 2;
    if (n > i && (s[n - 1] == 'x' || s[n - 1] == ':' || s[n - 1] == '-')) {
        if (s[n - 1] == '-')
            p->dash = true;
        else
            p->capture = true;
        n--;
    }
    if (n > i && s[i] >= 'a' && s[i] <= 'h') p->from_file = s[i++] - 'a';
    if (n > i && s[i] >= '1' && s[i] <= '8') p->from_rank = s[i++] - '1';
    if (i != n) {
        *why = SAN_WHY_SYNTAX;
        return false;
    }
    bool full_from = p->from_file >= 0 && p->from_rank >= 0;
    if (p->dash && !full_from) {
        *why = SAN_WHY_SYNTAX;
        return false;
    }
    if (!letter && full_from) p->type = -1; /* UCI or long algebraic pawn move: the board says */
    if (!letter && !full_from && p->from_rank >= 0) {
        *why = SAN_WHY_SYNTAX; /* "2e4" */
        return false;
    }
    return true;
}

static void add_candidate(struct san_result *res, move m)
{
    if (res->ncandidates < (int)(sizeof res->candidates / sizeof res->candidates[0]))
        res->candidates[res->ncandidates++] = m;
}

/* Castling by side (1 kingside, 2 queenside). */
static enum san_status resolve_castle(const struct position *pos, int side, struct san_result *res)
{
    res->castle = (signed char)side;
    res->piece = PIECE_TYPE_NONE;
    bitboard r = pos_castle_rooks_side(pos, pos->side, side == 1);
    if (!r) return set_illegal(res, SAN_WHY_CASTLE_NO_RIGHT);
    int rsq = bb_lsb(r), sq;
    move m = MOVE_MAKE(pos_king_square(pos, pos->side), rsq, MOVE_CASTLE);
    switch (movegen_castle_check(pos, rsq, &sq)) {
    case MOVEGEN_CASTLE_OK:
        res->m = m;
        res->status = SAN_OK;
        return SAN_OK;
    case MOVEGEN_CASTLE_NO_RIGHT:
        return set_illegal(res, SAN_WHY_CASTLE_NO_RIGHT);
    case MOVEGEN_CASTLE_IN_CHECK:
        add_candidate(res, m);
        return set_illegal(res, SAN_WHY_CASTLE_IN_CHECK);
    case MOVEGEN_CASTLE_BLOCKED:
        add_candidate(res, m);
        return set_illegal(res, SAN_WHY_CASTLE_BLOCKED);
    case MOVEGEN_CASTLE_ATTACKED:
    default:
        add_candidate(res, m);
        return set_illegal(res, SAN_WHY_CASTLE_ATTACKED);
    }
}

/* Why did no pseudo-legal move match?  (pseudo list empty) */
static enum san_why no_match_reason(const struct position *pos, const struct parsed *p, int type)
{
    int us = pos->side;
    int target = pos->board[p->to];
    if (target != PIECE_NONE && PIECE_COLOR(target) == us) return SAN_WHY_OWN_PIECE;
    if (p->from_file >= 0 && p->from_rank >= 0 && type != PAWN) {
        int from = SQ_MAKE(p->from_file, p->from_rank);
        if (pos->board[from] != PIECE_MAKE(us, type)) return SAN_WHY_FROM_SQUARE;
    }
    if (type == PAWN && p->from_file >= 0 && p->from_file != SQ_FILE(p->to) &&
        target == PIECE_NONE) {
        int behind = p->to ^ 8; /* the square a double-stepped pawn would stand on */
        int ep_rank = us == COLOR_WHITE ? 5 : 2;
        if (SQ_RANK(p->to) == ep_rank && pos->board[behind] == PIECE_MAKE(us ^ 1, PAWN))
            return SAN_WHY_NO_EP;
        return SAN_WHY_NOTHING_TO_CAPTURE;
    }
    return SAN_WHY_NO_PIECE;
}

/* Why is a pseudo-legal move illegal? */
static enum san_why illegal_reason(const struct position *pos, move m)
{
    int us = pos->side, from = MOVE_FROM(m);
    int ksq = pos_king_square(pos, us);
    if (from == ksq) return SAN_WHY_KING_IN_CHECK;
    if (bb_test(pos_pinned(pos, us), from) && !bb_test(attacks_line(ksq, from), MOVE_TO(m)))
        return SAN_WHY_PINNED;
    if (pos->checkers) return SAN_WHY_CHECK_NOT_ANSWERED;
    return SAN_WHY_KING_IN_CHECK;
}

/* Resolve a parsed non-castling move; type is the piece type to try. */
/* The from-square a token names in full ("Ng1f3", "be1a2"), else SQ_NONE. */
static signed char from_square(const struct parsed *p)
{
    return (signed char)(p->from_file >= 0 && p->from_rank >= 0
                             ? SQ_MAKE(p->from_file, p->from_rank)
                             : SQ_NONE);
}

static enum san_status resolve_move(const struct position *pos, const struct parsed *p, int type,
                                    struct san_result *res)
{
    res->piece = (signed char)type;
    res->to = (signed char)p->to;
    bitboard from_mask = BB_ALL;
    if (p->from_file >= 0) from_mask &= BB_FILE(p->from_file);
    if (p->from_rank >= 0) from_mask &= BB_RANK(p->from_rank);
    move pseudo[MOVES_MAX];
    int n = movegen_pseudo(pos, type, from_mask, SQ_BB(p->to), pseudo);
    int k = 0;
    /* "exe4": a capture mark on a pawn move along its own file is a push
     * written with a spurious x (SAN_NC_SPURIOUS_X below). */
    bool push_written = p->from_file < 0 || (p->capture && p->from_file == SQ_FILE(p->to));
    bool promo_missing = false, promo_bad = false, promo_extra = false;
    for (int i = 0; i < n; i++) {
        move m = pseudo[i];
        /* A pawn move written without an origin file is a push; with an
         * origin file (and no rank) it is a capture. */
        if (type == PAWN && p->from_rank < 0 &&
            push_written != (SQ_FILE(MOVE_FROM(m)) == SQ_FILE(p->to)))
            continue;
        if (MOVE_IS_PROMO(m)) {
            if (p->promo < 0) {
                promo_missing = true;
                continue;
            }
            if (p->promo == KING || p->promo == PAWN) {
                promo_bad = true;
                continue;
            }
            if (MOVE_PROMO_TYPE(m) != p->promo) continue;
        } else if (p->promo >= 0) {
            promo_extra = true;
            continue;
        }
        pseudo[k++] = m;
    }
    if (k == 0) {
        if (promo_bad) return set_illegal(res, SAN_WHY_PROMO_PIECE);
        if (promo_missing) return set_illegal(res, SAN_WHY_PROMO_MISSING);
        if (promo_extra) return set_illegal(res, SAN_WHY_PROMO_NOT_LAST_RANK);
        return set_illegal(res, no_match_reason(pos, p, type));
    }
    move legal[8];
    int nl = 0;
    for (int i = 0; i < k; i++)
        if (movegen_pseudo_is_legal(pos, pseudo[i]) && nl < 8) legal[nl++] = pseudo[i];
    if (nl == 0) {
        for (int i = 0; i < k; i++)
            add_candidate(res, pseudo[i]);
        return set_illegal(res, illegal_reason(pos, pseudo[0]));
    }
    if (nl > 1) {
        for (int i = 0; i < nl; i++)
            add_candidate(res, legal[i]);
        res->status = SAN_AMBIGUOUS;
        return SAN_AMBIGUOUS;
    }
    move m = legal[0];
    res->m = m;
    res->status = SAN_OK;
    unsigned nc = p->nc;
    bool cap = is_capture(pos, m);
    bool long_form = p->from_file >= 0 && p->from_rank >= 0 && (p->dash || !p->capture);
    if (cap && !p->capture && !long_form) /* long algebraic and UCI have no x */
        nc |= SAN_NC_MISSING_X;
    if (!cap && p->capture) nc |= SAN_NC_SPURIOUS_X;
    if (type == PAWN && p->from_rank >= 0)
        nc |= SAN_NC_LONG;
    else if (type == PAWN && p->from_file >= 0 && !cap)
        nc |= SAN_NC_DISAMBIGUATION;
    else if (type != PAWN && (p->from_file >= 0 || p->from_rank >= 0)) {
        int d = needed_disambiguation(pos, m);
        int w = (p->from_file >= 0 ? 1 : 0) | (p->from_rank >= 0 ? 2 : 0);
        if (long_form && (w != d || p->dash || (cap && !p->capture)))
            nc |= SAN_NC_LONG;
        else if (!long_form && w != d)
            nc |= SAN_NC_DISAMBIGUATION;
    }
    if (p->dash) nc |= SAN_NC_LONG;
    res->noncanonical |= nc;
    return SAN_OK;
}

/* The dashes that look like a hyphen, in UTF-8: U+2012 figure dash, U+2013
 * en dash, U+2014 em dash, U+2212 minus sign; 0 when s holds none of them. */
size_t san_dash_at(const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    if (u[0] != 0xe2) return 0;
    if (u[1] == 0x80 && u[2] >= 0x92 && u[2] <= 0x94) return 3;
    if (u[1] == 0x88 && u[2] == 0x92) return 3;
    return 0;
}

/* A castling token (s, NUL-terminated, *n bytes) written with such dashes
 * between its O's or 0's: each becomes a hyphen, in place (s and *n
 * shrink); false, s untouched, when it is no such token. */
static bool castle_dashes(char *s, size_t *n)
{
    char out[SAN_TOKEN_MAX + 1];
    size_t k = 0, i = 0, dashes = 0;
    while (i < *n) {
        size_t d = san_dash_at(s + i);
        if (d) {
            out[k++] = '-';
            dashes++;
            i += d;
        } else if (s[i] == 'O' || s[i] == '0' || s[i] == 'o' || s[i] == '-') {
            out[k++] = s[i++];
        } else {
            return false;
        }
    }
    if (!dashes) return false;
    memcpy(s, out, k);
    s[k] = '\0';
    *n = k;
    return true;
}

/* Long algebraic / UCI king moves that mean castling: e1g1, e1c1 (standard
 * chess, king on e1 two files over) or king-takes-own-rook e1h1 (Chess960). */
static int uci_castle_side(const struct position *pos, const struct parsed *p)
{
    int from = SQ_MAKE(p->from_file, p->from_rank);
    int us = pos->side;
    if (pos->board[from] != PIECE_MAKE(us, KING) || SQ_RANK(p->to) != SQ_RANK(from)) return 0;
    if (pos->board[p->to] == PIECE_MAKE(us, ROOK) && bb_test(pos->castle_rooks, p->to))
        return p->to > from ? 1 : 2;
    if (!pos->chess960 && SQ_FILE(from) == 4 && SQ_RANK(from) == (us == COLOR_WHITE ? 0 : 7) &&
        (SQ_FILE(p->to) == 6 || SQ_FILE(p->to) == 2))
        return SQ_FILE(p->to) == 6 ? 1 : 2;
    return 0;
}

__attribute__((noinline)) enum san_status san_resolve_general(const struct position *pos,
                                                               const char *tok, size_t len,
                                                               struct san_result *res)
{
    memset(res, 0, sizeof *res);
    res->m = MOVE_NONE;
    res->piece = PIECE_TYPE_NONE;
    res->to = SQ_NONE;
    res->from = SQ_NONE;
    res->promo = -1;
    if (len > SAN_TOKEN_MAX) return set_bad(res, SAN_WHY_TOO_LONG);
    char s[SAN_TOKEN_MAX + 1];
    memcpy(s, tok, len);
    s[len] = '\0';
    size_t n = len;

    /* Annotations, then the check mark. */
    while (n && (s[n - 1] == '!' || s[n - 1] == '?'))
        n--;
    if (n >= 2 && s[n - 1] == '+' && s[n - 2] == '+') {
        res->mark = '+';
        res->noncanonical |= SAN_NC_DOUBLE_PLUS;
        n -= 2;
    } else if (n && (s[n - 1] == '+' || s[n - 1] == '#')) {
        res->mark = s[n - 1];
        n--;
    }
    while (n && (s[n - 1] == '!' || s[n - 1] == '?'))
        n--;
    if (n == 0) return set_bad(res, SAN_WHY_EMPTY);
    bool ep_suffix = false;
    if (n > 4 && memcmp(s + n - 4, "e.p.", 4) == 0) {
        n -= 4;
        ep_suffix = true;
    } else if (n > 4 && memcmp(s + n - 2, "ep", 2) == 0 &&
               ((s[n - 3] >= '1' && s[n - 3] <= '8') ||
                (n > 5 && s[n - 3] == ' ' && s[n - 4] >= '1' && s[n - 4] <= '8'))) {
        n -= 2;
        ep_suffix = true;
    }
    if (ep_suffix && n > 1 && s[n - 1] == ' ') n--; /* "exd6 e.p.": the reader's one token */
    s[n] = '\0';
    if (ep_suffix) res->noncanonical |= SAN_NC_EP_SUFFIX;

    /* Castling. */
    static const struct {
        const char *text;
        int side;
        unsigned nc;
    } castles[] = {{"O-O", 1, 0},
                   {"O-O-O", 2, 0},
                   {"0-0", 1, SAN_NC_ZERO_CASTLE},
                   {"0-0-0", 2, SAN_NC_ZERO_CASTLE},
                   {"o-o", 1, SAN_NC_ZERO_CASTLE},
                   {"o-o-o", 2, SAN_NC_ZERO_CASTLE}};
    /* Word processors' dashes for the hyphen (0–0, O–O–O): castling as
     * written by hand, read as such (castle_dashes()). */
    if ((s[0] == 'O' || s[0] == '0' || s[0] == 'o') && castle_dashes(s, &n))
        res->noncanonical |= SAN_NC_DASH;
    /* Only tokens starting like castling are compared: this runs for every move. */
    for (size_t i = 0; (s[0] == 'O' || s[0] == '0' || s[0] == 'o') && i < sizeof castles / sizeof castles[0]; i++)
        if (strcmp(s, castles[i].text) == 0) {
            res->noncanonical |= castles[i].nc;
            return resolve_castle(pos, castles[i].side, res);
        }

    struct parsed p;
    enum san_why why = SAN_WHY_SYNTAX;
    if (!parse_core(s, n, false, &p, &why)) {
        /* "bc3"-like failures cannot be bishop moves either, except when the
         * 'b' reading as a file broke the parse ("bb1c3"). */
        if (s[0] == 'b' && parse_core(s, n, true, &p, &why)) {
            res->from = from_square(&p);
            return resolve_move(pos, &p, BISHOP, res);
        }
        return set_bad(res, why);
    }
    res->from = from_square(&p);
    res->promo = (signed char)p.promo;
    if (p.type < 0) {
        /* UCI / long algebraic without a piece letter: e2e4, g1f3, e1g1. */
        int from = SQ_MAKE(p.from_file, p.from_rank);
        int pc = pos->board[from];
        p.nc |= SAN_NC_LONG;
        if (pc == PIECE_NONE || PIECE_COLOR(pc) != pos->side) {
            res->to = (signed char)p.to;
            return set_illegal(res, SAN_WHY_FROM_SQUARE);
        }
        int side = uci_castle_side(pos, &p);
        if (side) {
            res->noncanonical |= SAN_NC_LONG;
            return resolve_castle(pos, side, res);
        }
        /* Lower-case promotion letters without "=" are UCI's own. */
        p.nc &= ~(SAN_NC_LOWERCASE | SAN_NC_PROMO_NO_EQ);
        return resolve_move(pos, &p, PIECE_TYPE(pc), res);
    }
    if (p.type == KING && p.from_file >= 0 && p.from_rank >= 0) {
        int side = uci_castle_side(pos, &p);
        if (side) {
            res->noncanonical |= SAN_NC_LONG;
            return resolve_castle(pos, side, res);
        }
    }

    enum san_status st = resolve_move(pos, &p, p.type, res);
    /* A lower-case b that reads as a pawn move nobody can make may be a
     * bishop: "bc4", "bxe5" when no pawn fits. */
    if (st == SAN_ILLEGAL && s[0] == 'b' && res->ncandidates == 0) {
        struct parsed pb;
        if (parse_core(s, n, true, &pb, &why)) {
            struct san_result rb;
            memset(&rb, 0, sizeof rb);
            rb.mark = res->mark;
            rb.noncanonical = res->noncanonical;
            rb.from = SQ_NONE;
            rb.promo = (signed char)pb.promo;
            enum san_status sb = resolve_move(pos, &pb, BISHOP, &rb);
            if (sb != SAN_ILLEGAL || rb.ncandidates > 0) {
                *res = rb;
                return sb;
            }
        }
    }
    return st;
}
