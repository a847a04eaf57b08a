/*
 * diag_control.h - per-code control, as linters give it: --ignore, --select
 * and --severity CODE=LEVEL (also from .pgnarbiter.toml).  A spec is what the
 * user said; a control is the table built from it, which the judge applies
 * where every finding leaves and is counted (judge/game_diag.c deliver(),
 * judge/collection.c collection_emit()), so the exit status, the summary, the
 * per-game counts and every format see the same findings at the same levels.
 *
 * Ownership: both are plain values the caller owns (no heap); a control is
 * read-only once built and may be shared by threads.
 */
#ifndef PGNARB_DIAG_CONTROL_H
#define PGNARB_DIAG_CONTROL_H

#include "diag/diag.h"

#include <stdbool.h>
#include <stddef.h>

/* A level: a severity (enum diag_severity), DIAG_LEVEL_OFF (the finding is
 * dropped: not reported, not counted) or DIAG_LEVEL_AS_FOUND. */
#define DIAG_LEVEL_OFF      DIAG_SEVERITY_NB
#define DIAG_LEVEL_AS_FOUND 0xff

/* The code no control can drop or change: an input that was not read never
 * passes unseen, and it makes the exit status 2 whatever its level. */
#define DIAG_CONTROL_FIXED DIAG_INPUT

/* What --ignore, --select and --severity said (each list once given, from
 * the command line or a file). */
struct diag_control_spec {
    bool ignore_given, select_given;
    bool ignore[DIAG_CODE_NB];
    bool select[DIAG_CODE_NB];
    unsigned char severity[DIAG_CODE_NB]; /* a severity, or DIAG_LEVEL_AS_FOUND */
};

struct diag_control {
    unsigned char level[DIAG_CODE_NB]; /* a level, see above */
    bool changed;                      /* some code is not as found */
};

/* Where parsing a list stopped: the code or pair at fault (not
 * NUL-terminated: at, len, pointing into the text parsed) and why. */
enum diag_control_fault {
    DIAG_CONTROL_OK,
    DIAG_CONTROL_UNKNOWN_CODE, /* no such code */
    DIAG_CONTROL_FIXED_CODE,   /* the code DIAG_CONTROL_FIXED */
    DIAG_CONTROL_BAD_PAIR,     /* not CODE=LEVEL */
    DIAG_CONTROL_BAD_LEVEL     /* LEVEL not error, warning or note (or off) */
};
struct diag_control_error {
    enum diag_control_fault fault;
    const char *at;
    size_t len;
};

void diag_control_spec_init(struct diag_control_spec *s);

/* Add one code, named by the len bytes at name, to set (ignore or select);
 * false for a name that is no code or is DIAG_CONTROL_FIXED. */
enum diag_control_fault diag_control_add_code(bool set[DIAG_CODE_NB], const char *name,
                                              size_t len);
/* Set code's severity from the len bytes at level ("error", "warning",
 * "note"). */
enum diag_control_fault diag_control_add_severity(struct diag_control_spec *s, const char *code,
                                                  size_t code_len, const char *level,
                                                  size_t level_len);

/* A comma-separated list of codes ("a,b"; "" is none; empty items are
 * skipped), added to set. */
bool diag_control_parse_codes(bool set[DIAG_CODE_NB], const char *list,
                              struct diag_control_error *e);
/* A comma-separated list of CODE=LEVEL pairs, into s->severity. */
bool diag_control_parse_severities(struct diag_control_spec *s, const char *list,
                                   struct diag_control_error *e);

/* The table a spec asks for: unselected (when a selection is given) and
 * ignored codes off (an empty selection selects every code: --select= clears
 * a settings file's), the others at their --severity, else as found.
 * DIAG_CONTROL_FIXED is always as found. */
void diag_control_build(struct diag_control *c, const struct diag_control_spec *s);

/* The control as one canonical line, "code=level,..." for every code not as
 * found, in the table's order ("" when none): what a shard's summary
 * carries, and what diag_control_parse() reads back (levels may be "off"). */
void diag_control_format(const struct diag_control *c, char *buf, size_t size);
bool diag_control_parse(struct diag_control *c, const char *line, struct diag_control_error *e);

/* Longest diag_control_format() line. */
#define DIAG_CONTROL_LINE_MAX (DIAG_CODE_NB * 40)

/* The level a finding of code found at sev leaves at (a severity), or
 * DIAG_LEVEL_OFF; c NULL changes nothing. */
static inline unsigned diag_control_level(const struct diag_control *c, enum diag_code code,
                                          enum diag_severity sev)
{
    if (!c || c->level[code] == DIAG_LEVEL_AS_FOUND) return (unsigned)sev;
    return c->level[code];
}

/* The level shown for a code as a whole (SARIF's rule, the HTML summary):
 * its level when set, else its default severity; DIAG_LEVEL_OFF when off. */
unsigned diag_control_code_level(const struct diag_control *c, enum diag_code code);

/* "off", or diag_severity_name(). */
const char *diag_level_name(unsigned level);

#endif /* PGNARB_DIAG_CONTROL_H */
