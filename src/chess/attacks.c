/*
 * attacks.c - builds the attack tables once at start-up.
 *
 * The moves themselves are FIDE 3.2 (bishop: diagonals), 3.3 (rook: ranks and
 * files), 3.4 (queen: both), 3.5 (they may not jump over pieces), 3.6
 * (knight), 3.7 (pawn captures diagonally forward) and 3.8 (king: one step).
 *
 * Sliders: for each square the "relevant" blockers are the squares of its
 * rays minus the board edge (an edge square never hides anything behind it).
 * A magic number maps every subset of those blockers to a table slot by
 * ((occ & mask) * magic) >> (64 - bits); magics are found by trial with a
 * fixed-seed xorshift PRNG, so the tables are the same on every run, and each
 * candidate is accepted only if no two subsets with different attack sets
 * collide.  The slow ray walker below is the source of truth: the eight
 * empty-board rays come from it, the tables are filled from the rays (the
 * nearest blocker found by a bit scan, ray_line()), and the tests compare
 * every lookup against it.
 *
 * Invariants after attacks_init(): for every square and every occupancy,
 * attacks_rook/bishop() == attacks_slow_rook/bishop(); attacks_hits() agrees
 * with those attack sets for every pair of squares; between/line tables are
 * symmetric in their two squares.
 */
#include "chess/attacks.h"

#include <stdatomic.h>
#include <stddef.h>
#include <string.h>

struct attacks_magic attacks_rook_magic[SQ_NB];
struct attacks_magic attacks_bishop_magic[SQ_NB];
bitboard attacks_knight_table[SQ_NB];
bitboard attacks_king_table[SQ_NB];
bitboard attacks_pawn_table[COLOR_NB][SQ_NB];
bitboard attacks_between_table[SQ_NB][SQ_NB];
bitboard attacks_line_table[SQ_NB][SQ_NB];
bitboard attacks_bishop_rays[SQ_NB];
bitboard attacks_rook_rays[SQ_NB];
bitboard attacks_reach_table[COLOR_NB][PIECE_TYPE_NB][SQ_NB];

/* 102400 rook slots and 5248 bishop slots: the sum of 2^bits over squares. */
static bitboard rook_slots[102400];
static bitboard bishop_slots[5248];

/* The eight directions as (file, rank) steps: the rook's four, then the
 * bishop's; the even ones go up the board (to higher square numbers), and
 * each one's opposite is d ^ 1. */
static const int ray_dirs[8][2] = {{1, 0}, {-1, 0},  {0, 1},  {0, -1},
                                   {1, 1}, {-1, -1}, {-1, 1}, {1, -1}};
static const int (*const rook_dirs)[2] = ray_dirs;
static const int (*const bishop_dirs)[2] = ray_dirs + 4;

/* The squares a slider on sq reaches along one direction, up to and
 * including the first occupied one. */
static bitboard slow_ray(int sq, bitboard occupied, const int dir[2])
{
    bitboard att = 0;
    int f = SQ_FILE(sq) + dir[0], r = SQ_RANK(sq) + dir[1];
    while (f >= 0 && f < 8 && r >= 0 && r < 8) {
        int s = SQ_MAKE(f, r);
        att |= SQ_BB(s);
        if (bb_test(occupied, s)) break;
        f += dir[0];
        r += dir[1];
    }
    return att;
}

static bitboard slow_slider(int sq, bitboard occupied, const int dirs[4][2])
{
    bitboard att = 0;
    for (int d = 0; d < 4; d++)
        att |= slow_ray(sq, occupied, dirs[d]);
    return att;
}

bitboard attacks_slow_bishop(int sq, bitboard occupied)
{
    return slow_slider(sq, occupied, bishop_dirs);
}

bitboard attacks_slow_rook(int sq, bitboard occupied)
{
    return slow_slider(sq, occupied, rook_dirs);
}

/* The ray of one direction from each square on an empty board (slow_slider()
 * of that direction alone), for the fast filler below; [0..3] the rook's
 * directions, [4..7] the bishop's, in rook_dirs / bishop_dirs order. */
static bitboard rays[8][SQ_NB];

/* slow_slider() along one line from the rays (those of one piece:
 * dir_rays[d] and its opposite dir_rays[d + 1], d 0 or 2), to fill the
 * tables quickly at start-up: the nearest blocker on a ray going up the
 * board is the lowest square of its blockers, going down the highest, and
 * the ray stops there.  With no blocker, h8 (a1) stands in: no ray going up
 * (down) leaves it.  A slider's attacks are those of its two lines; the
 * tests hold the lookups to slow_slider() itself. */
static bitboard ray_line(int sq, bitboard occupied, const bitboard dir_rays[4][SQ_NB], int d)
{
    bitboard up = dir_rays[d][sq], down = dir_rays[d + 1][sq];
    up &= ~dir_rays[d][bb_lsb((up & occupied) | SQ_BB(SQ_H8))];
    down &= ~dir_rays[d + 1][bb_msb((down & occupied) | SQ_BB(SQ_A1))];
    return up | down;
}

static void init_rays(void)
{
    for (int d = 0; d < 8; d++)
        for (int sq = 0; sq < SQ_NB; sq++)
            rays[d][sq] = slow_ray(sq, 0, ray_dirs[d]);
}

/* Squares reached by the given (file, rank) steps, one step each. */
static bitboard step_set(int sq, const int steps[][2], int n)
{
    bitboard b = 0;
    for (int i = 0; i < n; i++) {
        int f = SQ_FILE(sq) + steps[i][0], r = SQ_RANK(sq) + steps[i][1];
        if (f >= 0 && f < 8 && r >= 0 && r < 8) b |= SQ_BB(SQ_MAKE(f, r));
    }
    return b;
}

/* xorshift64* (Vigna): a small PRNG with a 64-bit state. */
static uint64_t prng_next(uint64_t *state)
{
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 2685821657736338717ULL;
}

/* Few bits set: sparse candidates make good magics. */
static uint64_t prng_sparse(uint64_t *state)
{
    return prng_next(state) & prng_next(state) & prng_next(state);
}

/* PRNG seed per square.  Any seed finds correct magics (every candidate is
 * verified against the ray walker); these were picked by running this same
 * search offline over seeds 1..4000 (rooks) and 1..500 (bishops) and keeping
 * the seed that succeeded after the fewest candidates, so that the search at
 * start-up tries under 500 candidates in all (a millisecond or two) instead
 * of over a million with one fixed seed (a third of a second). */
static const uint16_t rook_seeds[SQ_NB] = {
    2875, 1897, 596,  2705, 1333, 667,  3813, 72,   3649, 1198, 310,  3419, 3538, 969,  2170, 274,
    1401, 484,  1437, 3863, 3538, 620,  12,   1907, 3561, 2122, 2538, 2422, 1091, 2993, 1087, 2443,
    313,  1145, 2712, 2189, 337,  2083, 670,  1697, 3842, 1354, 349,  3617, 1454, 1277, 2555, 188,
    1226, 992,  1172, 991,  3694, 1735, 1185, 2723, 2902, 2902, 1118, 1474, 941,  2381, 3120, 2196,
};
static const uint16_t bishop_seeds[SQ_NB] = {
    15, 53, 27,  19,  16,  47,  1,   336, 105, 43, 13,  58,  32,  1,   3,   27,
    45, 5,  490, 116, 395, 342, 42,  55,  25,  19, 112, 8,   205, 350, 46,  16,
    6,  29, 195, 16,  473, 191, 122, 83,  100, 46, 32,  369, 43,  87,  15,  112,
    1,  49, 4,   2,   57,  31,  61,  53,  336, 27, 57,  20,  32,  27,  105, 15,
};

static bitboard edges_for(int sq)
{
    return ((BB_RANK_1 | BB_RANK_8) & ~BB_RANK(SQ_RANK(sq))) |
           ((BB_FILE_A | BB_FILE_H) & ~BB_FILE(SQ_FILE(sq)));
}

/*
 * Find the magic of one square, writing its attack sets to slots (room for
 * 2^bits entries).  Returns the number of candidates tried, or 0 when `cap`
 * candidates failed (cap 0: no limit).
 */
static unsigned find_magic(struct attacks_magic *m, int sq, bitboard *slots, const int dirs[4][2],
                           const bitboard dir_rays[4][SQ_NB], uint64_t seed, unsigned cap)
{
    bitboard occ[4096], ref[4096];
    /* epoch[idx] == stamp: slot idx filled by the current candidate.  The
     * stamp goes on from square to square, so the array is never cleared
     * (attacks_init() runs this once, under its lock). */
    static unsigned epoch[4096], stamp;
    unsigned attempt = 0;
    uint64_t state = seed;

    m->mask = slow_slider(sq, 0, dirs) & ~edges_for(sq);
    m->shift = (unsigned)(64 - bb_popcount(m->mask));
    m->table = slots;

    /* Enumerate every subset of the mask (Carry-Rippler), as a subset of
     * the blockers on the first line (dir_rays[0..1]) with one of those on
     * the second (dir_rays[2..3]): the attack sets are those of the two
     * lines, each line's worked out once per subset of its own blockers
     * (at most 64), not once per subset of the whole mask (up to 4096). */
    bitboard mask1 = m->mask & (dir_rays[0][sq] | dir_rays[1][sq]);
    bitboard mask2 = m->mask & ~mask1;
    bitboard occ2[64], att2[64];
    int size2 = 0;
    bitboard b = 0;
    do {
        occ2[size2] = b;
        att2[size2] = ray_line(sq, b, dir_rays, 2);
        size2++;
        b = (b - mask2) & mask2;
    } while (b);
    int size = 0;
    b = 0;
    do {
        bitboard att1 = ray_line(sq, b, dir_rays, 0);
        for (int j = 0; j < size2; j++) {
            occ[size] = b | occ2[j];
            ref[size] = att1 | att2[j];
            size++;
        }
        b = (b - mask1) & mask1;
    } while (b);

    for (;;) {
        m->magic = prng_sparse(&state);
        if (bb_popcount((m->mask * m->magic) >> 56) < 6) continue;
        if (cap && attempt == cap) return 0;
        attempt++;
        stamp++;
        int i;
        for (i = 0; i < size; i++) {
            unsigned idx = (unsigned)((occ[i] * m->magic) >> m->shift);
            if (epoch[idx] != stamp) {
                epoch[idx] = stamp;
                slots[idx] = ref[i];
            } else if (slots[idx] != ref[i]) {
                break;
            }
        }
        if (i == size) return attempt;
    }
}

/* Fill the magic entries of one slider kind; slots has room for all. */
static void init_magics(struct attacks_magic *magics, bitboard *slots, const int dirs[4][2],
                        const bitboard dir_rays[4][SQ_NB], const uint16_t seeds[SQ_NB])
{
    bitboard *next = slots;
    for (int sq = 0; sq < SQ_NB; sq++) {
        find_magic(&magics[sq], sq, next, dirs, dir_rays, seeds[sq], 0);
        next += (size_t)1 << (64 - magics[sq].shift);
    }
}

static void init_tables(void)
{
    static const int knight_steps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                           {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static const int king_steps[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                         {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    static const int white_pawn_steps[2][2] = {{-1, 1}, {1, 1}};
    static const int black_pawn_steps[2][2] = {{-1, -1}, {1, -1}};

    init_rays();
    for (int sq = 0; sq < SQ_NB; sq++) {
        attacks_knight_table[sq] = step_set(sq, knight_steps, 8);
        attacks_king_table[sq] = step_set(sq, king_steps, 8);
        attacks_pawn_table[COLOR_WHITE][sq] = step_set(sq, white_pawn_steps, 2);
        attacks_pawn_table[COLOR_BLACK][sq] = step_set(sq, black_pawn_steps, 2);
        attacks_bishop_rays[sq] = rays[4][sq] | rays[5][sq] | rays[6][sq] | rays[7][sq];
        attacks_rook_rays[sq] = rays[0][sq] | rays[1][sq] | rays[2][sq] | rays[3][sq];
        for (int c = 0; c < COLOR_NB; c++) {
            attacks_reach_table[c][PAWN][sq] = attacks_pawn_table[c][sq];
            attacks_reach_table[c][KNIGHT][sq] = attacks_knight_table[sq];
            attacks_reach_table[c][BISHOP][sq] = attacks_bishop_rays[sq];
            attacks_reach_table[c][ROOK][sq] = attacks_rook_rays[sq];
            attacks_reach_table[c][QUEEN][sq] = attacks_bishop_rays[sq] | attacks_rook_rays[sq];
            attacks_reach_table[c][KING][sq] = attacks_king_table[sq];
        }
    }

    init_magics(attacks_rook_magic, rook_slots, rook_dirs, (const bitboard(*)[SQ_NB])rays,
                rook_seeds);
    init_magics(attacks_bishop_magic, bishop_slots, bishop_dirs,
                (const bitboard(*)[SQ_NB])(rays + 4), bishop_seeds);

    /* Between and line, walking each ray from a outwards: the squares passed
     * so far are between a and the next one; the line is the ray and its
     * opposite through a.  Pairs not on a common ray keep their zeros. */
    for (int a = 0; a < SQ_NB; a++) {
        for (int d = 0; d < 8; d++) {
            bitboard line = rays[d][a] | rays[d ^ 1][a] | SQ_BB(a), passed = 0;
            for (bitboard r = rays[d][a]; r;) {
                int b = d % 2 == 0 ? bb_lsb(r) : bb_msb(r);
                r ^= SQ_BB(b);
                attacks_between_table[a][b] = passed;
                attacks_line_table[a][b] = line;
                passed |= SQ_BB(b);
            }
        }
    }
}

void attacks_init(void)
{
    /* 0 = not built, 1 = being built by some thread, 2 = ready. */
    static atomic_int state;
    int expected = 0;
    if (atomic_load_explicit(&state, memory_order_acquire) == 2) return;
    if (atomic_compare_exchange_strong(&state, &expected, 1)) {
        init_tables();
        atomic_store_explicit(&state, 2, memory_order_release);
        return;
    }
    while (atomic_load_explicit(&state, memory_order_acquire) != 2)
        ; /* another thread is building; it takes a few milliseconds */
}
