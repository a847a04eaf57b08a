/*
 * claims.c - reading claimed endings from tag values and comments.
 * Termination values of the PGN standard (9.8.1): "abandoned", "adjudication",
 * "death", "emergency", "normal", "rules infraction", "time forfeit",
 * "unterminated"; of which only "time forfeit" says something we can check
 * (FIDE 6.9).  Site exports add phrases such as "Game drawn by repetition",
 * "Game drawn by 50-move rule", "Game drawn by stalemate", "Game drawn by
 * insufficient material", "<player> won by checkmate", "<player> won on time",
 * "Game drawn by timeout vs insufficient material"; cutechess writes
 * TerminationDetails "3-Fold repetition", "Fifty moves rule", "White mates".
 * Matching is case-insensitive on words, so one table serves all spellings.
 */
#include "judge/claims.h"

#include "i18n.h"

#include <ctype.h>
#include <string.h>

/* Longest comment read as a claim: commentary is longer, claims are short. */
#define CLAIMS_COMMENT_MAX 64

struct phrase {
    const char *needle; /* lower-case */
    enum claim_kind kind;
};

/* First match wins: the more specific phrases come first. */
static const struct phrase phrases[] = {
    {"timeout vs insufficient", CLAIM_TIMEOUT_VS_INSUFFICIENT},
    {"time vs insufficient", CLAIM_TIMEOUT_VS_INSUFFICIENT},
    {"insufficient material", CLAIM_INSUFFICIENT},
    {"stalemate", CLAIM_STALEMATE},
    {"checkmate", CLAIM_CHECKMATE},
    {"white mates", CLAIM_CHECKMATE},
    {"black mates", CLAIM_CHECKMATE},
    {"repetition", CLAIM_REPETITION},
    {"3-fold", CLAIM_REPETITION},
    {"threefold", CLAIM_REPETITION},
    {"50-move", CLAIM_FIFTY},
    {"50 move", CLAIM_FIFTY},
    {"fifty move", CLAIM_FIFTY},
    {"fifty-move", CLAIM_FIFTY},
};

static const char *const time_loss_phrases[] = {
    "time forfeit", "won on time", "wins on time", "loses on time", "lost on time",
};

/* Lower-cased copy, NUL-terminated, truncated to size - 1. */
static void lower_copy(char *dst, size_t size, const char *src, size_t len)
{
    size_t n = len < size - 1 ? len : size - 1;
    for (size_t i = 0; i < n; i++)
        dst[i] = (char)tolower((unsigned char)src[i]);
    dst[n] = '\0';
}

static struct claim classify(const char *lower)
{
    struct claim c = {CLAIM_NONE, false};
    for (size_t i = 0; i < sizeof phrases / sizeof *phrases; i++)
        if (strstr(lower, phrases[i].needle)) {
            c.kind = phrases[i].kind;
            break;
        }
    for (size_t i = 0; i < sizeof time_loss_phrases / sizeof *time_loss_phrases; i++)
        if (strstr(lower, time_loss_phrases[i]))
            c.time_loss = true;
    return c;
}

struct claim claims_from_termination(const char *value, size_t len)
{
    char buf[256];
    lower_copy(buf, sizeof buf, value, len);
    return classify(buf);
}

struct claim claims_from_comment(const char *text, size_t len)
{
    struct claim none = {CLAIM_NONE, false};
    while (len && isspace((unsigned char)*text))
        text++, len--;
    while (len && isspace((unsigned char)text[len - 1]))
        len--;
    if (len == 0 || len > CLAIMS_COMMENT_MAX)
        return none;
    char buf[CLAIMS_COMMENT_MAX + 1];
    lower_copy(buf, sizeof buf, text, len);
    struct claim c = classify(buf);
    /* A comment that merely mentions "checkmate" threatens it; a claim says who mated
     * or that the game ended so ("... mates", "checkmate", "won by checkmate"). */
    if (c.kind == CLAIM_CHECKMATE && strstr(buf, "threat"))
        return none;
    return c;
}

const char *claims_name(enum claim_kind kind)
{
    static const char *const names[CLAIM_KIND_NB] = {
        /* TRANSLATORS: what a Termination tag or comment claims ("... claims %s, but"). */
        N_("no claim"),
        N_("checkmate"),
        N_("stalemate"),
        N_("repetition"),
        N_("the 50-move rule"),
        N_("insufficient material"),
        N_("timeout vs insufficient material"),
    };
    return kind < CLAIM_KIND_NB ? names[kind] : "?";
}
