/*
 * player_name.h - comparing players' names written by different programs:
 * "Rossi, Mario" (FIDE, Vega, ChessBase), "Mario Rossi", "ROSSI Mario"
 * (Swiss-Manager), "Rossi,M" (TRF, old databases), "Rossi M", lichess
 * usernames.  Pure text, no state, no allocation; used by the event checks of
 * who each player is (collection_players.c) and by the TRF matching.
 */
#ifndef PGNARB_PLAYER_NAME_H
#define PGNARB_PLAYER_NAME_H

#include <stdbool.h>
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

/* The most digits of a FIDE ID (FIDE's are 6 to 9 today; TRF gives 11 columns). */
#define PLAYER_FIDE_ID_DIGITS_MAX 11

enum player_fide_id { PLAYER_FIDE_ID_NONE, PLAYER_FIDE_ID_VALID, PLAYER_FIDE_ID_MALFORMED };

/* Read a WhiteFideId/BlackFideId value (or TRF columns 58-68): spaces around it
 * and leading zeros dropped, the digits into out (NUL-terminated) when VALID;
 * NONE for an empty value, all zeros, "?" or "-"; MALFORMED for anything else
 * or more than PLAYER_FIDE_ID_DIGITS_MAX digits (out is then ""). */
enum player_fide_id player_fide_id(const char *s, size_t len,
                                   char out[PLAYER_FIDE_ID_DIGITS_MAX + 1]);

/* a and b have the same letters and digits in the same order, case, spaces
 * and ASCII punctuation aside ("Rossi, Mario" / "ROSSI Mario"; other bytes
 * compared as they are): the cheap test, for a check run on every game, of a
 * name that one program wrote twice.  Stops at the first letter that differs,
 * and at a NUL (a length of SIZE_MAX reads a NUL-terminated name). */
bool player_name_alike(const char *a, size_t alen, const char *b, size_t blen);

#endif
