/*
 * player_name.h - comparing players' names written by different programs:
 * "Rossi, Mario" (FIDE, Vega, ChessBase), "Mario Rossi", "ROSSI Mario"
 * (Swiss-Manager), "Rossi,M" (TRF, old databases), "Rossi M", lichess
 * usernames.  Pure text, no state, no allocation; used by the event checks of
 * who each player is (collection_players.c) and by the TRF matching.
 */
#ifndef PGNARB_PLAYER_NAME_H
#define PGNARB_PLAYER_NAME_H

#include <stddef.h>

/* Longest name read, in bytes of its normalised form; the rest is ignored. */
#define PLAYER_NAME_MAX 256
/* Most words of one name that are compared; the rest is ignored. */
#define PLAYER_NAME_TOKENS 16
/* Bytes of each normalised form that player_name_distance() compares. */
#define PLAYER_NAME_DISTANCE_MAX 64

/* Normalised form of a player's name for comparison: case folded, accents
 * folded to ASCII (UTF-8 Latin letters incl. Italian/Polish/Czech/German/
 * Nordic/Turkish/Romanian/Vietnamese ones and combining accents; Latin-1/cp1252
 * bytes that are not valid UTF-8 too; UTF-8 read once as cp1252, "MÃ¼ller",
 * too), apostrophes dropped ("D'Amico" is "damico"), other punctuation and runs
 * of spaces collapsed to one space, words kept in order: "ROSSI,  Mario" is
 * "rossi mario".  Letters of other scripts are kept as UTF-8 (Cyrillic and
 * Greek in lower case).  Returns the length written (always NUL-terminated,
 * truncated at cap-1 on a word boundary or not; cap 0 writes nothing). */
size_t player_name_normalise(const char *name, size_t len, char *out, size_t cap);

enum player_name_fit { PLAYER_NAME_DIFFERENT, PLAYER_NAME_INITIALS, PLAYER_NAME_SAME };

/* Whether two names written by different programs name the same person:
 * "Rossi, Mario" = "Mario Rossi" = "ROSSI Mario" = "Rossi,Mario" (SAME);
 * "Rossi, M." or "Rossi M" against "Rossi, Mario" (INITIALS), as are a given
 * name missing ("Rossi, Mario" / "Rossi, Mario Luigi" / "Rossi"), a second
 * surname dropped ("Garcia Martinez, Jose" / "Garcia, Jose"); "Müller" =
 * "Mueller"; "de la Villa" = "Delavilla"; accents and case never matter.
 * Names of one word each (lichess usernames) are SAME only when equal but for
 * case and accents ("Magnus_C" is not "magnus-c").  Never SAME for two
 * different surnames; an empty or unknown ("?") name fits nothing. */
enum player_name_fit player_name_fit(const char *a, size_t alen, const char *b, size_t blen);

/* An edit distance (Levenshtein, on bytes) between the normalised forms, the
 * smaller of it in the written word order and with the words sorted, so
 * "Mario Rossi" and "Rossi, Mario" are 0 apart: for "nearest names" hints.
 * Each form is cut at PLAYER_NAME_DISTANCE_MAX bytes; no allocation. */
unsigned player_name_distance(const char *a, size_t alen, const char *b, size_t blen);

#endif
