/*
 * claims.h - what a game says about its own ending: the Termination tag (PGN
 * standard values and the phrases of the big sites' exports), TCEC/cutechess
 * TerminationDetails, and a short closing comment that states a claim.
 * Pure text classification; whether a claim holds is judged by the game layer.
 */
#ifndef PGNARB_CLAIMS_H
#define PGNARB_CLAIMS_H

#include <stdbool.h>
#include <stddef.h>

enum claim_kind {
    CLAIM_NONE,
    CLAIM_CHECKMATE,    /* "won by checkmate", "White mates" */
    CLAIM_STALEMATE,    /* "Game drawn by stalemate" */
    CLAIM_REPETITION,   /* "Game drawn by repetition", "3-Fold repetition" (9.2) */
    CLAIM_FIFTY,        /* "Game drawn by 50-move rule", "Fifty moves rule" (9.3) */
    CLAIM_INSUFFICIENT, /* "Game drawn by insufficient material" */
    CLAIM_TIMEOUT_VS_INSUFFICIENT, /* "drawn by timeout vs insufficient material" (6.9) */
    CLAIM_DEAD,         /* "patta per posizione morta", "dead position" (5.2.2) */
    CLAIM_KIND_NB
};

struct claim {
    enum claim_kind kind;
    bool time_loss; /* the game was lost on time ("time forfeit", "won on time") */
    bool forfeit;   /* the game was not played: won by forfeit ("forfeit", "forfait",
                       "vittoria a tavolino", "partita non giocata"); never with time_loss;
                       only from claims_read_status() */
    bool bye;       /* a bye ("bye", "riposo", "spielfrei"); likewise */
};

/* Classify a Termination or TerminationDetails value. */
struct claim claims_from_termination(const char *value, size_t len);

/* Classify a closing comment; only short comments that state a claim count. */
struct claim claims_from_comment(const char *text, size_t len);

/* Whether the same text (a Termination value or closing comment, its claim
 * in c already read) says the game was not played: sets c->forfeit (unless
 * c->time_loss) and c->bye.  Apart from the claims, and asked only of a game
 * with at most one move, where it can tell (judge/game_result.c). */
void claims_read_status(struct claim *c, const char *text, size_t len);

/* The phrase tables, for tests: the i-th phrase (lower case) and the claim
 * it makes (time-loss phrases after the others: kind CLAIM_NONE, time_loss
 * set; then the forfeit and bye phrases), with whole set when it counts only
 * as the whole text; NULL past the last. */
const char *claims_phrase(size_t i, struct claim *claim, bool *whole);

/* "checkmate", "stalemate", "threefold repetition", ... for messages. */
const char *claims_name(enum claim_kind kind);

#endif
