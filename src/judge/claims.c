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
 * The same claims are read in the languages whose notations the replay reads
 * (Italian first: "scacco matto", "stallo", "patta per ripetizione",
 * "triplice ripetizione", "regola delle 50 mosse", "materiale insufficiente",
 * "perde per tempo", "caduta della bandierina", "posizione morta"; then
 * Spanish, French, German, Dutch).  A Termination that is only "tempo" or
 * "time" says the game was lost on time too.  Accented letters
 * are matched as their UTF-8 bytes in lower case.  "patta d'accordo" and
 * "abbandona" (agreement, resignation) claim nothing a replay can check.
 * A game not played is said too (a forfeit: "forfeit", "forfait", "vittoria
 * a tavolino", "partita non giocata", "assenza", "kampflos"; a bye: "bye",
 * "riposo", "spielfrei"): the result's kind (game_result.c), not a claim.
 */
#include "judge/claims.h"

#include "i18n.h"

#include <ctype.h>
#include <stdint.h>
#include <string.h>

/* Longest comment read as a claim: commentary is longer, claims are short. */
#define CLAIMS_COMMENT_MAX 64

struct phrase {
    const char *needle; /* lower-case */
    enum claim_kind kind;
    bool whole; /* only as the whole text ("pat", "matt": also first names) */
};

/* First match wins: the more specific phrases come first. */
static const struct phrase phrases[] = {
    {"dead position", CLAIM_DEAD, false},
    {"posizione morta", CLAIM_DEAD, false},
    {"posici\xc3\xb3n muerta", CLAIM_DEAD, false},
    {"position morte", CLAIM_DEAD, false},
    {"tote stellung", CLAIM_DEAD, false},
    {"dode stelling", CLAIM_DEAD, false},
    {"timeout vs insufficient", CLAIM_TIMEOUT_VS_INSUFFICIENT, false},
    {"time vs insufficient", CLAIM_TIMEOUT_VS_INSUFFICIENT, false},
    {"insufficient material", CLAIM_INSUFFICIENT, false},
    {"stalemate", CLAIM_STALEMATE, false},
    {"checkmate", CLAIM_CHECKMATE, false},
    {"white mates", CLAIM_CHECKMATE, false},
    {"black mates", CLAIM_CHECKMATE, false},
    {"repetition", CLAIM_REPETITION, false},
    {"3-fold", CLAIM_REPETITION, false},
    {"threefold", CLAIM_REPETITION, false},
    {"50-move", CLAIM_FIFTY, false},
    {"50 move", CLAIM_FIFTY, false},
    {"fifty move", CLAIM_FIFTY, false},
    {"fifty-move", CLAIM_FIFTY, false},
    /* Italian */
    {"materiale insufficiente", CLAIM_INSUFFICIENT, false},
    {"stallo", CLAIM_STALEMATE, false},
    {"scacco matto", CLAIM_CHECKMATE, false},
    {"matto", CLAIM_CHECKMATE, true},
    {"ripetizion", CLAIM_REPETITION, false},
    {"50 mosse", CLAIM_FIFTY, false},
    {"cinquanta mosse", CLAIM_FIFTY, false},
    /* Spanish */
    {"material insuficiente", CLAIM_INSUFFICIENT, false},
    {"ahogado", CLAIM_STALEMATE, false},
    {"jaque mate", CLAIM_CHECKMATE, false},
    {"repetici", CLAIM_REPETITION, false},
    {"50 movimientos", CLAIM_FIFTY, false},
    {"cincuenta movimientos", CLAIM_FIFTY, false},
    /* French */
    {"mat\xc3\xa9riel insuffisant", CLAIM_INSUFFICIENT, false},
    {"materiel insuffisant", CLAIM_INSUFFICIENT, false},
    {"pat", CLAIM_STALEMATE, true},
    {"par pat", CLAIM_STALEMATE, false},
    {"chec et mat", CLAIM_CHECKMATE, false},
    {"r\xc3\xa9p\xc3\xa9tition", CLAIM_REPETITION, false},
    {"50 coups", CLAIM_FIFTY, false},
    {"cinquante coups", CLAIM_FIFTY, false},
    /* German */
    {"ungen\xc3\xbcgendes material", CLAIM_INSUFFICIENT, false},
    {"unzureichendes material", CLAIM_INSUFFICIENT, false},
    {"patt", CLAIM_STALEMATE, true},
    {"schachmatt", CLAIM_CHECKMATE, false},
    {"matt", CLAIM_CHECKMATE, true},
    {"wiederholung", CLAIM_REPETITION, false},
    {"50-z\xc3\xbcge", CLAIM_FIFTY, false},
    {"50 z\xc3\xbcge", CLAIM_FIFTY, false},
    /* Dutch */
    {"onvoldoende materiaal", CLAIM_INSUFFICIENT, false},
    {"schaakmat", CLAIM_CHECKMATE, false},
    {"mat", CLAIM_CHECKMATE, true},
    {"door pat", CLAIM_STALEMATE, false},
    {"herhaling", CLAIM_REPETITION, false},
    {"50 zetten", CLAIM_FIFTY, false},
    {"50-zetten", CLAIM_FIFTY, false},
    {"vijftig zetten", CLAIM_FIFTY, false},
};

static const char *const time_loss_phrases[] = {
    "time forfeit", "won on time", "wins on time", "loses on time", "lost on time",
    "perde per tempo", "vince per tempo", "tempo scaduto",       /* it */
    "sconfitta per tempo", "perso per tempo", "persa per tempo", "vinto per tempo",
    "vinta per tempo", "bandierina",                             /* it: "caduta della bandierina" */
    "pierde por tiempo", "gana por tiempo", "tiempo agotado",     /* es */
    "perd au temps", "gagne au temps", "temps d\xc3\xa9pass\xc3\xa9", /* fr */
    "verliert auf zeit", "gewinnt auf zeit", "zeit\xc3\xbc" "berschreitung", /* de */
    "verliest op tijd", "wint op tijd", "tijdsoverschrijding",    /* nl */
};

/* A game that was not played: a forfeit (not a loss on time: "time forfeit"
 * says time_loss), then a bye. */
struct status_phrase {
    const char *needle;
    bool bye;
};
static const struct status_phrase status_phrases[] = {
    {"forfeit", false}, {"by default", false}, {"no show", false}, {"not played", false},
    {"forfait", false}, {"a tavolino", false}, {"non giocata", false}, {"assenza", false},
    {"non presentat", false},                                      /* it */
    {"incomparecencia", false}, {"no presentad", false}, {"no jugada", false}, /* es */
    {"non jou\xc3\xa9", false},                                      /* fr ("forfait": it) */
    {"kampflos", false}, {"nicht angetreten", false}, {"nicht gespielt", false}, /* de */
    {"reglementair", false}, {"niet opgekomen", false}, {"niet gespeeld", false}, /* nl */
    {"bye", true}, {"riposo", true}, {"spielfrei", true}, {"exempt", true}, {"descanso", true},
};

/* Words that make a comment a threat or a forecast, not a claim ("threatens mate",
 * "Unstoppable checkmate" closing a game the loser resigned, "mate in 3"). */
static const char *const threat_words[] = {
    "threat", "unstoppable", "unavoidable", "inevitable", "forced", "mate in ", "mates in ",
    "minaccia", "imparabile", "inevitabile", "forzato", "matto in ",  /* it */
    "amenaza", "imparable", "forzado", "mate en ",                   /* es ("inevitable": en) */
    "menace", "in\xc3\xa9vitable", "forc\xc3\xa9", "mat en ",             /* fr */
    "droht", "unaufhaltsam", "unvermeidlich", "erzwungen", "matt in ", /* de */
    "dreigt", "onvermijdelijk", "onhoudbaar", "geforceerd", "mat in ",  /* nl */
};

/* needle in hay; with whole, hay is the needle alone (spaces and a final
 * '.' or '!' aside). */
static bool contains(const char *hay, const char *needle, bool whole)
{
    if (!whole) return strstr(hay, needle) != NULL;
    while (*hay == ' ')
        hay++;
    size_t n = strlen(needle);
    if (strncmp(hay, needle, n) != 0) return false;
    for (hay += n; *hay; hay++)
        if (*hay != ' ' && *hay != '.' && *hay != '!') return false;
    return true;
}

/* Lower-cased copy, NUL-terminated, truncated to size - 1. */
static void lower_copy(char *dst, size_t size, const char *src, size_t len)
{
    size_t n = len < size - 1 ? len : size - 1;
    for (size_t i = 0; i < n; i++)
        dst[i] = (char)tolower((unsigned char)src[i]);
    dst[n] = '\0';
}

/* The phrases a text may hold, by the pairs of adjacent bytes it has: a
 * phrase whose first two bytes are no pair of the text is not in it, so
 * most of the 86 phrases are ruled out without a search ("Normal", the
 * Termination of most online games, leaves three).  Each pair's hash
 * (1024 values) maps to the phrases that begin with a pair of that hash, a
 * bit per phrase in table order; a text's candidates are the union over its
 * pairs, searched in table order, so the first match still wins.  Every
 * phrase has at least two bytes. */
#define N_PHRASES (sizeof phrases / sizeof *phrases)
#define N_TIME_LOSS (sizeof time_loss_phrases / sizeof *time_loss_phrases)
#define N_STATUS (sizeof status_phrases / sizeof *status_phrases)
#define PHRASE_WORDS ((N_PHRASES + 63) / 64)

struct candidates {
    uint64_t phrase[PHRASE_WORDS];
    uint64_t time_loss;
};
_Static_assert(N_TIME_LOSS <= 64, "one word of time-loss phrases");

static unsigned pair_hash(const char *s)
{
    return ((unsigned)(unsigned char)s[0] * 33u ^ (unsigned char)s[1]) & 1023u;
}

/* By pair hash, the phrases that begin with such a pair; filled once at
 * start-up, before any thread. */
static struct candidates by_pair[1024];

__attribute__((constructor)) static void claims_init(void)
{
    for (size_t i = 0; i < N_PHRASES; i++)
        by_pair[pair_hash(phrases[i].needle)].phrase[i / 64] |= (uint64_t)1 << (i % 64);
    for (size_t i = 0; i < N_TIME_LOSS; i++)
        by_pair[pair_hash(time_loss_phrases[i])].time_loss |= (uint64_t)1 << i;
}

static struct claim classify(const char *lower)
{
    struct claim c = {CLAIM_NONE, false, false, false};
    struct candidates may = {{0}, 0};
    for (const char *s = lower; s[0] && s[1]; s++) {
        const struct candidates *b = &by_pair[pair_hash(s)];
        for (size_t w = 0; w < PHRASE_WORDS; w++)
            may.phrase[w] |= b->phrase[w];
        may.time_loss |= b->time_loss;
    }
    for (size_t w = 0; w < PHRASE_WORDS && c.kind == CLAIM_NONE; w++)
        for (uint64_t m = may.phrase[w]; m; m &= m - 1) {
            size_t i = w * 64 + (size_t)__builtin_ctzll(m);
            if (contains(lower, phrases[i].needle, phrases[i].whole)) {
                c.kind = phrases[i].kind;
                break;
            }
        }
    for (uint64_t m = may.time_loss; m; m &= m - 1)
        if (strstr(lower, time_loss_phrases[__builtin_ctzll(m)])) {
            c.time_loss = true;
            break;
        }
    return c;
}

void claims_read_status(struct claim *c, const char *text, size_t len)
{
    char buf[256];
    lower_copy(buf, sizeof buf, text, len);
    for (size_t i = 0; i < N_STATUS; i++) {
        if (!strstr(buf, status_phrases[i].needle)) continue;
        if (status_phrases[i].bye)
            c->bye = true;
        else if (!c->time_loss)
            c->forfeit = true;
    }
}

/* The Termination values of a file are mostly a few ("Normal", "Time
 * forfeit" in an online server's files): the last value read on this thread
 * and its claim are kept, and the same value again is not read again. */
#define LAST_TERMINATION_MAX 32

static _Thread_local struct {
    size_t len; /* SIZE_MAX: none kept (no value is that long) */
    char text[LAST_TERMINATION_MAX];
    struct claim claim;
} last_termination = {SIZE_MAX, {0}, {CLAIM_NONE, false, false, false}};

struct claim claims_from_termination(const char *value, size_t len)
{
    if (len == last_termination.len && memcmp(value, last_termination.text, len) == 0)
        return last_termination.claim;
    char buf[256];
    lower_copy(buf, sizeof buf, value, len);
    struct claim c = classify(buf);
    /* arbiters' one-word Termination for a loss on time */
    if (!c.time_loss && (contains(buf, "tempo", true) || contains(buf, "time", true)))
        c.time_loss = true;
    if (len <= LAST_TERMINATION_MAX) {
        memcpy(last_termination.text, value, len);
        last_termination.len = len;
        last_termination.claim = c;
    }
    return c;
}

struct claim claims_from_comment(const char *text, size_t len)
{
    struct claim none = {CLAIM_NONE, false, false, false};
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
    if (c.kind == CLAIM_CHECKMATE)
        for (size_t i = 0; i < sizeof threat_words / sizeof *threat_words; i++)
            if (strstr(buf, threat_words[i])) return none;
    return c;
}

const char *claims_phrase(size_t i, struct claim *claim, bool *whole)
{
    if (i < N_PHRASES) {
        claim->kind = phrases[i].kind;
        claim->time_loss = false;
        *whole = phrases[i].whole;
        return phrases[i].needle;
    }
    if (i - N_PHRASES < N_TIME_LOSS) {
        claim->kind = CLAIM_NONE;
        claim->time_loss = true;
        *whole = false;
        return time_loss_phrases[i - N_PHRASES];
    }
    if (i - N_PHRASES - N_TIME_LOSS < N_STATUS) {
        const struct status_phrase *s = &status_phrases[i - N_PHRASES - N_TIME_LOSS];
        claim->kind = CLAIM_NONE;
        claim->time_loss = false;
        claim->forfeit = !s->bye;
        claim->bye = s->bye;
        *whole = false;
        return s->needle;
    }
    return NULL;
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
        N_("a dead position"),
    };
    return kind < CLAIM_KIND_NB ? names[kind] : "?";
}
