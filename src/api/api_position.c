/*
 * api_position.c - pgnarbiter_judge_position() and pgnarbiter_play_move()
 * (include/pgnarbiter.h).
 */
#include "pgnarbiter.h"

#include "i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

PGNARBITER_API int pgnarbiter_judge_position(const char *fen, int chess960, unsigned long nodes,
                                             struct pgnarbiter_position *out, char *why,
                                             size_t whylen)
{
    (void)fen, (void)chess960, (void)nodes, (void)out;
    if (why && whylen) snprintf(why, whylen, "%s", "not yet");
    return PGNARBITER_ERR_USAGE;
}

PGNARBITER_API int pgnarbiter_play_move(const char *fen, const char *move, const char *notation,
                                        char **san, char **fen_after, char *why, size_t whylen)
{
    (void)fen, (void)move, (void)notation, (void)san, (void)fen_after;
    if (why && whylen) snprintf(why, whylen, "%s", "not yet");
    return PGNARBITER_ERR_USAGE;
}

PGNARBITER_API void pgnarbiter_string_free(char *s)
{
    free(s);
}
