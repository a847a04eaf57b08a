/*
 * game_tags.c - the tag pairs the replay keeps (PGN 8.1: the Seven Tag
 * Roster, FEN, Variant, Termination, the players' FIDE ids, ratings and
 * titles) and the clock tags it hands to clock_check.c (TimeControl,
 * WhiteClock, BlackClock): each tag name found by its bucket without a
 * string compare loop, its value copied once into the game.
 */
#include "judge/game_internal.h"

#include "judge/clock_check.h"
#include "pgn/pgn_parse.h"

#include <stdint.h>
#include <string.h>

#define TAG_NAME(s)                                                                                \
    {                                                                                              \
        s, sizeof s - 1                                                                            \
    }
const struct tag_name game_tag_names[TAG_SLOT_NB] = {
    TAG_NAME("Event"),
    TAG_NAME("Site"),
    TAG_NAME("Date"),
    TAG_NAME("Round"),
    TAG_NAME("White"),
    TAG_NAME("Black"),
    TAG_NAME("Result"),
    TAG_NAME("FEN"),
    TAG_NAME("Variant"),
    TAG_NAME("Termination"),
    TAG_NAME("TerminationDetails"),
    TAG_NAME("WhiteFideId"),
    TAG_NAME("BlackFideId"),
    TAG_NAME("WhiteElo"),
    TAG_NAME("BlackElo"),
    TAG_NAME("WhiteTitle"),
    TAG_NAME("BlackTitle"),
};
#undef TAG_NAME

/* A tag name's bucket: its first letter and its length (no two of ours share one). */
static unsigned tag_bucket(const char *name, size_t len)
{
    return (2u * (unsigned char)name[0] + 3u * (unsigned)len) & 63u;
}

void game_tags_init(struct game *g)
{
    g->tag_buckets_ok = true;
    for (int t = 0; t < TAG_SLOT_NB; t++) {
        uint8_t *b = &g->tag_buckets[tag_bucket(game_tag_names[t].text, game_tag_names[t].len)];
        if (*b) g->tag_buckets_ok = false;
        *b = (uint8_t)(t + 1);
    }
}

/* a[0, n) == b[0, n) for w <= n <= 2w (w 4 or 8, a constant once inlined):
 * the first and the last w bytes of each, as two loads. */
static inline bool same_ends(const char *a, const char *b, size_t n, size_t w)
{
    uint64_t a0 = 0, a1 = 0, b0 = 0, b1 = 0;
    memcpy(&a0, a, w);
    memcpy(&a1, a + n - w, w);
    memcpy(&b0, b, w);
    memcpy(&b1, b + n - w, w);
    return ((a0 ^ b0) | (a1 ^ b1)) == 0;
}

/* a[0, n) == b[0, n): names of 4 to 16 bytes (every tag name but "FEN"
 * and "TerminationDetails") without a call. */
static inline bool same_name(const char *a, const char *b, size_t n)
{
    if (n - 8 <= 8) return same_ends(a, b, n, 8);
    if (n - 4 <= 3) return same_ends(a, b, n, 4);
    return memcmp(a, b, n) == 0;
}

/* The slot of the tag named [name, name + len), or -1 when it is none of ours. */
static int tag_slot(const struct game *g, const char *name, size_t len)
{
    if (LIKELY(g->tag_buckets_ok)) {
        int t = g->tag_buckets[tag_bucket(name, len)] - 1;
        return t >= 0 && len == game_tag_names[t].len &&
                       same_name(name, game_tag_names[t].text, len)
                   ? t
                   : -1;
    }
    for (int t = 0; t < TAG_SLOT_NB; t++)
        if (len == game_tag_names[t].len && same_name(name, game_tag_names[t].text, len)) return t;
    return -1;
}

/* TimeControl, WhiteClock, BlackClock (clock_check.c): names of 10 and 11
 * bytes that are not ours. */
static __attribute__((noinline)) void on_clock_tag(struct game *g, const struct pgn_event *ev)
{
    const char *n = ev->name;
    int which = ev->name_len == 11 ? (memcmp(n, "TimeControl", 11) == 0 ? 2 : -1)
                : memcmp(n + 1, "hiteClock", 9) == 0 && n[0] == 'W' ? 0
                : memcmp(n + 1, "lackClock", 9) == 0 && n[0] == 'B' ? 1
                                                                     : -1;
    if (which < 0) return;
    if (which == 2) g->clk.tc_loc = ev->loc;
    else g->clk_tag_loc[which] = ev->loc;
    clock_tag(g, which, ev->text, ev->len);
}

void game_on_tag(struct game *g, const struct pgn_event *ev)
{
    if (ev->name_len == 0) return;
    int t = tag_slot(g, ev->name, ev->name_len);
    if (t < 0) {
        if (UNLIKELY(ev->name_len - 10 <= 1)) on_clock_tag(g, ev);
        return;
    }
    struct tag *tag = &g->tags[t];
    if (tag->present) return; /* duplicate: the parser reports it; the first one counts */
    tag->present = true;
    tag->loc = ev->loc;
    size_t n = ev->len < TAG_VALUE_MAX - 1 ? ev->len : TAG_VALUE_MAX - 1;
    game_copy_text(tag->value, ev->text, n);
}

