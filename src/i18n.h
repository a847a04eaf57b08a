/*
 * i18n.h - message translation (GNU gettext, po/).  Wrap every user-visible
 * string: _("...") translates now; N_("...") only marks a string for
 * xgettext (static tables: translate with _() where it is used);
 * C_("context", "...") translates a word whose translation depends on its
 * use (pgettext); ngettext(singular, plural, n) picks the plural form.
 * Without NLS (configure --disable-nls) all of them compile to the English
 * string itself.
 *
 * The library only looks messages up (gettext is thread-safe for lookups);
 * main.c alone calls setlocale() and binds the catalogue.  Codes, JSON keys
 * and enum values are never wrapped: they do not change with the locale.
 *
 * A lookup costs about 1,600 instructions even in the C locale (replaying a
 * whole move costs about 600): translate only when a message is written,
 * never on a path every move, comment or tag takes.  Pass N_("word") down
 * and translate it where the finding is made (pgn_parse_check_encoding()):
 * one _("comment") per comment once took half of the time on Lichess files.
 * Where no catalogue answers for the user's language (English, C.UTF-8),
 * main.c says so once (i18n_lookups) and _() and C_() give the message back
 * without looking: a file full of duplicate games writes a finding each,
 * with three lookups that took a third of its time.
 */
#ifndef PGNARB_I18N_H
#define PGNARB_I18N_H

#include "config.h"

#if ENABLE_NLS
#include <libintl.h>
#include <stdbool.h>

/* false once main.c found that no catalogue answers for the user's language
 * (gettext("") gives no header entry: every lookup would give its msgid
 * back); set before any thread starts.  True for the library's other users
 * (the tests), which look every message up. */
extern bool i18n_lookups;

#ifdef PGNARBITER_BUILDING
/* libpgnarbiter (include/pgnarbiter.h) looks its messages up in its own
 * catalogue, whatever textdomain() the program that loads it chose
 * (api/pgnarbiter.c binds it); the program uses the default domain, which
 * main.c sets. */
#define I18N_LOOKUP(msgid) dgettext(PACKAGE, msgid)
#undef ngettext
#define ngettext(s, p, n) dngettext(PACKAGE, s, p, n)
#else
#define I18N_LOOKUP(msgid) gettext(msgid)
#endif

__attribute__((format_arg(1))) static inline const char *i18n_gettext(const char *msgid)
{
    return i18n_lookups ? I18N_LOOKUP(msgid) : msgid;
}
#define _(s) i18n_gettext(s)
/* pgettext: the catalogue keys a string with context as "context\004msgid". */
__attribute__((format_arg(2))) static inline const char *i18n_pgettext(const char *ctx_msgid,
                                                                       const char *msgid)
{
    const char *t = i18n_gettext(ctx_msgid);
    return t == ctx_msgid ? msgid : t;
}
#define C_(ctx, s) i18n_pgettext(ctx "\004" s, s)
#else
#define _(s)       (s)
#define C_(ctx, s) (s)
#undef ngettext
#define ngettext(s, p, n) ((n) == 1 ? (s) : (p))
#endif

#define N_(s) s

#include <string.h>

/* A move the program writes (SAN) in the piece letters of the user's
 * language: the catalogue translates "KQRBN" (Italian "RDTAC"); in English,
 * or with a translation that is not five ASCII capitals, san is unchanged.
 * Moves as the game wrote them are never converted. */
static inline void i18n_san_letters(char *san)
{
    static const char en[] = "KQRBN";
    const char *to = C_("piece letters K Q R B N in moves", "KQRBN");
    if (to == en || strlen(to) != 5 || strcmp(to, en) == 0) return;
    for (int i = 0; i < 5; i++)
        if (to[i] < 'A' || to[i] > 'Z') return;
    for (; *san; san++) {
        const char *p = strchr(en, *san);
        if (p) *san = to[p - en];
    }
}

#endif /* PGNARB_I18N_H */
