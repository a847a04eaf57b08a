/*
 * diag.c - the diagnostic code table, built from diag_codes.def, and lookups.
 * Invariant: diag_table[c].name is unique for every code c (tested).
 */
#include "diag/diag.h"

#include <stddef.h>
#include <string.h>

#if ENABLE_NLS
bool i18n_lookups = true; /* i18n.h */
#endif

static const struct diag_info diag_table[DIAG_CODE_NB] = {
#define DIAG_CODE(id, name, sev, fide, summary, explain) {name, sev, fide, summary, explain},
#include "diag/diag_codes.def"
#undef DIAG_CODE
};

const struct diag_info *diag_info(enum diag_code code)
{
    return &diag_table[code];
}

enum diag_code diag_lookup(const char *name)
{
    for (int c = 0; c < DIAG_CODE_NB; c++)
        if (strcmp(diag_table[c].name, name) == 0)
            return (enum diag_code)c;
    return DIAG_CODE_NB;
}

const char *diag_severity_name(enum diag_severity sev)
{
    static const char *const names[DIAG_SEVERITY_NB] = {"error", "warning", "note"};
    return sev < DIAG_SEVERITY_NB ? names[sev] : "?";
}

const char *diag_severity_label(enum diag_severity sev)
{
    switch (sev) {
    case DIAG_ERROR:
        return C_("severity", "error");
    case DIAG_WARNING:
        return C_("severity", "warning");
    case DIAG_NOTE:
        return C_("severity", "note");
    default:
        return "?";
    }
}

void diag_init(struct diag *d, enum diag_code code, const struct src_loc *loc,
               const char *message)
{
    memset(d, 0, sizeof *d);
    d->code = code;
    d->severity = diag_table[code].severity;
    if (loc)
        d->loc = *loc;
    d->message = message;
    d->side = -1;
}
