/*
 * deadcheck_diff.c - see deadcheck_diff.h.  Only the main line is replayed
 * (a move that does not resolve ends the game's replay); a game with a FEN
 * tag starts there.  Positions are told apart by key: each is compared once
 * per run.
 */
#include "deadcheck_diff.h"

#include "chess/bitboard.h"
#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "chess/san.h"
#include "deadpos/deadpos.h"
#include "pgn/input.h"
#include "pgn/pgn_parse.h"

#include <stdlib.h>
#include <string.h>

/* Keys seen, open addressing (a full table compares every position again:
 * slower, never wrong). */
#define SEEN_BITS 22
struct seen {
    uint64_t *keys;
};

static bool seen_add(struct seen *s, uint64_t key)
{
    if (!s->keys) return true;
    key |= 1; /* 0 marks a free slot */
    size_t mask = ((size_t)1 << SEEN_BITS) - 1;
    for (size_t i = (size_t)(key >> 20) & mask, n = 0; n < 64; i = (i + 1) & mask, n++) {
        if (s->keys[i] == key) return false;
        if (!s->keys[i]) {
            s->keys[i] = key;
            return true;
        }
    }
    return true;
}

/* The squares strictly above (White) or below (Black) b's units on their
 * files. */
static bitboard ahead(bitboard b, int color)
{
    for (int i = 0; i < 3; i++)
        b |= color == COLOR_WHITE ? b << (8 << i) : b >> (8 << i);
    return color == COLOR_WHITE ? b << 8 : b >> 8;
}

/* Where either answer may not be a plain "can mate": at most 6 units
 * besides the kings, a side in check or with at most 3 moves, or pawns and
 * none of them with no enemy pawn ahead on its file.  Independent of
 * deadpos_judge()'s quick test, which it is there to check. */
static bool worth_comparing(const struct position *pos)
{
    bitboard units = pos_occupied(pos) & ~pos->by_type[KING];
    if (bb_popcount(units) <= 6 || pos->checkers || !movegen_legal_more_than(pos, 3)) return true;
    bitboard wp = pos_pieces(pos, COLOR_WHITE, PAWN), bp = pos_pieces(pos, COLOR_BLACK, PAWN);
    if (!(wp | bp)) return false;
    bitboard below_b = 0, above_w = 0;
    for (bitboard b = bp; b;)
        below_b |= ahead(SQ_BB(bb_pop_lsb(&b)), COLOR_BLACK);
    for (bitboard w = wp; w;)
        above_w |= ahead(SQ_BB(bb_pop_lsb(&w)), COLOR_WHITE);
    return !(wp & ~below_b) && !(bp & ~above_w);
}

static void compare(const struct position *pos, struct deadcheck_tally *t, FILE *log)
{
    t->compared++;
    bool cannot[2], full_cannot[2];
    for (int side = 0; side < 2; side++) {
        struct deadpos_result a, b;
        deadpos_analyse(pos, side, DEADPOS_NODES_DEFAULT, &a);
        full_cannot[side] = a.verdict == DEADPOS_CANNOT_WIN;
        cannot[side] = deadpos_judge(pos, side, &b) == DEADPOS_CANNOT_WIN;
        t->cannot[side] += full_cannot[side];
        if (cannot[side] != full_cannot[side]) {
            t->disagree++;
            if (log) {
                char fen[128];
                fen_write(pos, fen, sizeof fen);
                fprintf(log, "deadcheck: %s: %s cannot mate: check %s, position %s\n", fen,
                        side ? "Black" : "White", cannot[side] ? "yes" : "no",
                        full_cannot[side] ? "yes" : "no");
            }
        }
    }
    bool dead = full_cannot[0] && full_cannot[1];
    t->dead += dead;
    if (deadpos_is_dead_full(pos) != dead) {
        t->disagree++;
        if (log) {
            char fen[128];
            fen_write(pos, fen, sizeof fen);
            fprintf(log, "deadcheck: %s: dead: check %s, position %s\n", fen, dead ? "no" : "yes",
                    dead ? "yes" : "no");
        }
    }
}

static void visit(const struct position *pos, struct seen *s, struct deadcheck_tally *t, FILE *log)
{
    if (!seen_add(s, pos->key)) return;
    t->positions++;
    if (worth_comparing(pos)) compare(pos, t, log);
}

int deadcheck_diff_run(const char *path, long max_games, struct deadcheck_tally *t, FILE *log)
{
    memset(t, 0, sizeof *t);
    char why[256];
    struct input *in = input_open(path, why, sizeof why);
    if (!in) return -1;
    struct pgn_parser *p = pgn_parser_new(in, NULL, NULL);
    struct seen s = {calloc((size_t)1 << SEEN_BITS, sizeof(uint64_t))};
    struct position pos;
    bool live = false, started = false;
    struct pgn_event ev;
    while (p && pgn_parser_next(p, &ev)) {
        switch (ev.type) {
        case PGN_EV_GAME_BEGIN:
            if (max_games && t->games == max_games) goto out;
            t->games++;
            pos_set_start(&pos);
            live = true;
            started = false;
            break;
        case PGN_EV_TAG:
            if (ev.name && strcmp(ev.name, "FEN") == 0 &&
                fen_parse(&pos, ev.text, 0, why, sizeof why) != FEN_OK)
                live = false;
            break;
        case PGN_EV_MOVE:
        case PGN_EV_MOVE_COMMENTED: {
            if (!live || ev.depth) break;
            if (!started) visit(&pos, &s, t, log);
            started = true;
            struct san_result r;
            if (san_resolve(&pos, ev.text, ev.len, &r) != SAN_OK) {
                live = false;
                break;
            }
            pos_make(&pos, r.m);
            visit(&pos, &s, t, log);
            break;
        }
        case PGN_EV_GAME_END:
            if (live && !started) visit(&pos, &s, t, log);
            live = false;
            break;
        default:
            break;
        }
    }
out:
    free(s.keys);
    pgn_parser_free(p);
    input_close(in);
    return 0;
}
