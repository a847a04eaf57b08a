/*
 * pgn_export_text.c - the tags and the result of a game in the PGN export
 * format (pgn_export.h), and the game's text, PGN standard section 8:
 * - 8.1.1: the Seven Tag Roster first, in its order (Event, Site, Date,
 *   Round, White, Black, Result), a missing one as "?" ("????.??.??" for
 *   Date); the other tags after it in ASCII order of their names; 8.1.1.x
 *   "SetUp" "1" beside a FEN; values escaped (8.1: \\ and \").
 * - 8.2.6: the termination marker and the Result tag agree, each in its
 *   PGN form; with pgn_export_rules_result(), both say what the game's
 *   ending decided (FIDE 5.1.1 checkmate, 5.2.1 stalemate, 5.2.2 dead
 *   position, 9.6.1 fivefold repetition, 9.6.2 the 75-move rule).
 * - 8.2.1: one blank line between the tags and the movetext.
 * Every change from what the game's text said is one sentence to the
 * caller's change callback.
 */
#include "report/pgn_export_internal.h"

#include "i18n.h"

#include "judge/game_record.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- the tags --------------------------------------------------------- */

static const char *tag_name(const struct pgn_export *x, size_t i)
{
    return x->arena.p + x->tags[i].name;
}

static const char *tag_value_of(const struct pgn_export *x, size_t i)
{
    return x->arena.p + x->tags[i].value;
}

static long find_tag_n(const struct pgn_export *x, const char *name, size_t n)
{
    for (size_t i = 0; i < x->ntags; i++)
        if (x->tags[i].name_len == n && memcmp(tag_name(x, i), name, n) == 0) return (long)i;
    return -1;
}

static long find_tag(const struct pgn_export *x, const char *name)
{
    return find_tag_n(x, name, strlen(name));
}

/* The place of a tag name in the Seven Tag Roster, -1 when not in it. */
static int roster_place(const char *name, size_t n)
{
    for (int r = 0; r < 7; r++)
        if (name[0] == pgn_export_roster[r][0] && strlen(pgn_export_roster[r]) == n && memcmp(name, pgn_export_roster[r], n) == 0)
            return r;
    return -1;
}

void pgn_export_on_tag(struct pgn_export *x, const struct pgn_event *ev)
{
    if (find_tag_n(x, ev->name, ev->name_len) >= 0 || x->ntags == PGN_PARSE_TAGS_MAX) {
        x->dup_tags++;
        return;
    }
    size_t name = x->arena.len;
    pgn_export_put(x, &x->arena, ev->name, ev->name_len);
    pgn_export_put(x, &x->arena, "", 1);
    size_t value = x->arena.len;
    pgn_export_put(x, &x->arena, ev->text, ev->len);
    pgn_export_put(x, &x->arena, "", 1);
    if (x->failed) return;
    int r = roster_place(ev->name, ev->name_len);
    if (r >= 0) x->roster_at[r] = (long)x->ntags;
    x->tags[x->ntags++] = (struct tag_at){name, value, ev->name_len, r};
}

/* A result in any of its usual spellings, as its PGN form (8.2.6); NULL
 * when it is not one whose meaning is certain. */
static const char *result_form(const char *v)
{
    static const struct {
        const char *text, *form;
    } forms[] = {
        {"1-0", "1-0"},         {"0-1", "0-1"},         {"1/2-1/2", "1/2-1/2"},
        {"*", "*"},             {"1/2", "1/2-1/2"},     {"\302\275-\302\275", "1/2-1/2"},
        {"\302\275", "1/2-1/2"}, {"0.5-0.5", "1/2-1/2"}, {"1 - 0", "1-0"},
        {"0 - 1", "0-1"},       {"1/2 - 1/2", "1/2-1/2"}, {"1:0", "1-0"},
        {"0:1", "0-1"},
    };
    for (size_t i = 0; i < sizeof forms / sizeof *forms; i++)
        if (strcmp(v, forms[i].text) == 0) return forms[i].form;
    return NULL;
}

/* A Date value in the form 8.1.1.3 asks for (YYYY.MM.DD, ? for unknown
 * digits) when its meaning is certain: a year alone, a year and a month,
 * one-digit months and days, '-' or '/' between the parts of a date that
 * starts with its 4-digit year.  False (out untouched) otherwise. */
static bool date_form(const char *v, char out[11])
{
    unsigned part[3] = {0, 0, 0};
    int nparts = 0, digits[3] = {0, 0, 0};
    char sep = 0;
    for (const char *p = v; *p; p++) {
        if (*p >= '0' && *p <= '9') {
            if (nparts == 0) nparts = 1;
            if (++digits[nparts - 1] > 4) return false;
            part[nparts - 1] = part[nparts - 1] * 10 + (unsigned)(*p - '0');
        } else if ((*p == '.' || *p == '-' || *p == '/') && nparts && nparts < 3 &&
                   digits[nparts - 1] && (!sep || *p == sep)) {
            sep = *p;
            nparts++;
        } else {
            return false;
        }
    }
    if (nparts == 0 || digits[0] != 4 || digits[nparts - 1] == 0) return false;
    if (nparts >= 2 && (digits[1] > 2 || part[1] < 1 || part[1] > 12)) return false;
    if (nparts == 3 && (digits[2] > 2 || part[2] < 1 || part[2] > 31)) return false;
    snprintf(out, 11, "%04u.", part[0]);
    if (nparts >= 2) snprintf(out + 5, 6, "%02u.", part[1]);
    else memcpy(out + 5, "??.", 4);
    if (nparts == 3) snprintf(out + 8, 3, "%02u", part[2]);
    else memcpy(out + 8, "??", 3);
    return true;
}

static void say(pgn_export_change_fn fn, void *ctx, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void say(pgn_export_change_fn fn, void *ctx, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (fn) fn(ctx, msg);
}

static void put_tag(struct pgn_export *x, const char *name, const char *value)
{
    pgn_export_put(x, &x->out, "[", 1);
    pgn_export_puts(x, &x->out, name);
    pgn_export_put(x, &x->out, " \"", 2);
    for (const char *p = value;;) {
        size_t n = strcspn(p, "\\\"");
        pgn_export_put(x, &x->out, p, n);
        if (!p[n]) break;
        pgn_export_put(x, &x->out, "\\", 1);
        pgn_export_put(x, &x->out, p + n, 1);
        p += n + 1;
    }
    pgn_export_put(x, &x->out, "\"]\n", 3);
}

static int by_name(const void *a, const void *b, void *arena)
{
    const struct tag_at *x = a, *y = b;
    return strcmp((const char *)arena + x->name, (const char *)arena + y->name);
}

/* qsort_r is not C11: a small insertion sort (at most PGN_PARSE_TAGS_MAX). */
static void sort_tags(struct tag_at *t, size_t n, char *arena)
{
    for (size_t i = 1; i < n; i++) {
        struct tag_at v = t[i];
        size_t j = i;
        while (j > 0 && by_name(&t[j - 1], &v, arena) > 0) {
            t[j] = t[j - 1];
            j--;
        }
        t[j] = v;
    }
}

const char *pgn_export_text(struct pgn_export *x, size_t *len, pgn_export_change_fn fn, void *ctx)
{
    *len = 0;
    if (!x->in_game || x->failed) return NULL;
    if (x->unresolved) {
        /* a move not played cannot be written in SAN: the game as it was */
        say(fn, ctx, ngettext("not written in export format: %u move was not replayed (the first: %s)",
                              "not written in export format: %u moves were not replayed (the first: %s)",
                              x->unresolved),
            x->unresolved, x->unplayed);
        return NULL;
    }

    /* the result: the marker and the Result tag agree (8.2.6) */
    long rt = x->roster_at[6];
    const char *tag_result = rt >= 0 ? tag_value_of(x, (size_t)rt) : NULL;
    const char *tag_form = tag_result ? result_form(tag_result) : NULL;
    const char *result = x->marker[0] ? x->marker : tag_form ? tag_form : "*";
    const char *ruled = NULL;
    bool ruled_set = false; /* the rules' result replaced the marker: said so */
    if (x->rules_ending == ENDING_CHECKMATE && x->last_main_side >= 0)
        ruled = x->last_main_side == 0 ? "1-0" : "0-1";
    else if (x->rules_ending != ENDING_NONE && x->rules_ending != ENDING_CHECKMATE)
        ruled = "1/2-1/2";
    if (ruled && strcmp(ruled, result) != 0) {
        static const char *const why[ENDING_KIND_NB] = {
            [ENDING_CHECKMATE] = N_("checkmate (5.1.1)"),
            [ENDING_STALEMATE] = N_("stalemate (5.2.1)"),
            [ENDING_DEAD_POSITION] = N_("a dead position (5.2.2)"),
            [ENDING_FIVEFOLD] = N_("fivefold repetition (9.6.1)"),
            [ENDING_75_MOVE] = N_("the 75-move rule (9.6.2)"),
        };
        say(fn, ctx, _("result %s set to %s: the game ended by %s at ply %u (--results=from-rules)"),
            tag_result && !x->marker[0] ? tag_result : result, ruled, _(why[x->rules_ending]), x->rules_ply);
        result = ruled;
        ruled_set = true;
        snprintf(x->marker, sizeof x->marker, "%s", ruled);
        tag_result = NULL; /* said: no other word about the Result tag */
    } else if (tag_result && strcmp(tag_result, result) != 0) {
        if (tag_form && strcmp(tag_form, result) == 0)
            say(fn, ctx, _("Result tag \"%s\" written in its PGN form \"%s\""), tag_result, result);
        else
            say(fn, ctx, _("Result tag \"%s\" written as \"%s\", the termination marker"), tag_result,
                result);
    } else if (!tag_result && !(ruled && result == ruled)) {
        say(fn, ctx, _("Result tag added with the termination marker \"%s\""), result);
    }
    if (!x->marker[0])
        say(fn, ctx, _("termination marker \"%s\" added at the end of the movetext"), result);
    else if (x->marker_from[0] && strcmp(x->marker, result) == 0 && !ruled_set)
        say(fn, ctx, _("termination marker \"%s\" written in its PGN form \"%s\""), x->marker_from,
            result);
    pgn_export_last_word(x, result, strlen(result));

    if (x->marks)
        say(fn, ctx,
            ngettext("%u annotation mark written as its NAG (the first: %s as $%u)",
                     "%u annotation marks written as their NAGs (the first: %s as $%u)", x->marks),
            x->marks, x->mark_word, x->mark_nag);

    /* the tags: the roster, then the others in ASCII order */
    char missing[128] = "", date[11];
    for (int r = 0; r < 7; r++) {
        long i = x->roster_at[r];
        const char *v = r == 6 ? result : i >= 0 ? tag_value_of(x, (size_t)i) : r == 2 ? "????.??.??" : "?";
        if (r == 2 && i >= 0 && date_form(v, date) && strcmp(date, v) != 0) {
            say(fn, ctx, _("Date \"%s\" written as \"%s\""), v, date);
            v = date;
        }
        if (i < 0 && r != 6) {
            size_t m = strlen(missing);
            snprintf(missing + m, sizeof missing - m, "%s%s", m ? ", " : "", pgn_export_roster[r]);
        }
        put_tag(x, pgn_export_roster[r], v);
    }
    if (missing[0]) say(fn, ctx, _("missing tags of the Seven Tag Roster added as \"?\": %s"), missing);
    struct tag_at others[PGN_PARSE_TAGS_MAX];
    size_t nothers = 0;
    bool in_order = true; /* the roster came first, in its order, the others sorted */
    size_t seen_roster = 0;
    for (size_t i = 0; i < x->ntags; i++) {
        int r = x->tags[i].roster;
        if (r >= 0) {
            if (nothers || (size_t)r < seen_roster) in_order = false;
            seen_roster = (size_t)r;
            continue;
        }
        if (nothers && strcmp(tag_name(x, i), x->arena.p + others[nothers - 1].name) < 0)
            in_order = false;
        others[nothers++] = x->tags[i];
    }
    sort_tags(others, nothers, x->arena.p);
    bool has_fen = find_tag(x, "FEN") >= 0, has_setup = find_tag(x, "SetUp") >= 0;
    bool setup_done = false;
    for (size_t i = 0; i < nothers; i++) {
        const char *name = x->arena.p + others[i].name;
        if (has_fen && !has_setup && !setup_done && strcmp(name, "SetUp") > 0) {
            put_tag(x, "SetUp", "1");
            setup_done = true;
        }
        put_tag(x, name, x->arena.p + others[i].value);
    }
    if (has_fen && !has_setup && !setup_done) put_tag(x, "SetUp", "1");
    if (has_fen && !has_setup) say(fn, ctx, "%s", _("tag SetUp \"1\" added beside the FEN tag"));
    if (!in_order)
        say(fn, ctx, "%s", _("tags put in export order: the Seven Tag Roster first, the others in ASCII order"));
    if (x->dup_tags)
        say(fn, ctx, ngettext("%u repeated tag dropped (the first value is kept)",
                              "%u repeated tags dropped (the first values are kept)", x->dup_tags),
            x->dup_tags);
    if (x->rewritten)
        say(fn, ctx,
            ngettext("%u move rewritten in export-format SAN (the first: %s as %s)",
                     "%u moves rewritten in export-format SAN (the first: %s as %s)", x->rewritten),
            x->rewritten, x->first_from, x->first_to);
    pgn_export_put(x, &x->out, "\n", 1);
    pgn_export_put(x, &x->out, x->text.p ? x->text.p : "", x->text.len);
    pgn_export_put(x, &x->out, "\n", 1);
    if (x->failed) return NULL;
    *len = x->out.len;
    return x->out.p;
}
