/*
 * diag_control.c - per-code control (--ignore, --select, --severity): the
 * lists as the user writes them, the table built from them, and the
 * canonical line a shard's summary carries to merge.
 *
 * Invariants: a built control never drops or changes DIAG_CONTROL_FIXED;
 * diag_control_parse(diag_control_format(c)) gives c back.
 */
#include "diag/diag_control.h"

#include <stdio.h>
#include <string.h>

static const char *const level_names[DIAG_SEVERITY_NB + 1] = {"error", "warning", "note", "off"};

const char *diag_level_name(unsigned level)
{
    return level <= DIAG_LEVEL_OFF ? level_names[level] : "?";
}

void diag_control_spec_init(struct diag_control_spec *s)
{
    memset(s, 0, sizeof *s);
    memset(s->severity, DIAG_LEVEL_AS_FOUND, sizeof s->severity);
}

static enum diag_code code_named(const char *name, size_t len)
{
    for (int c = 0; c < DIAG_CODE_NB; c++) {
        const char *n = diag_info((enum diag_code)c)->name;
        if (strlen(n) == len && memcmp(n, name, len) == 0) return (enum diag_code)c;
    }
    return DIAG_CODE_NB;
}

/* The level named by the len bytes at s; off only when allowed. */
static unsigned level_named(const char *s, size_t len, bool allow_off)
{
    for (unsigned l = 0; l <= DIAG_LEVEL_OFF; l++)
        if (strlen(level_names[l]) == len && memcmp(level_names[l], s, len) == 0)
            return l == DIAG_LEVEL_OFF && !allow_off ? DIAG_LEVEL_AS_FOUND : l;
    return DIAG_LEVEL_AS_FOUND;
}

enum diag_control_fault diag_control_add_code(bool set[DIAG_CODE_NB], const char *name, size_t len)
{
    enum diag_code c = code_named(name, len);
    if (c == DIAG_CODE_NB) return DIAG_CONTROL_UNKNOWN_CODE;
    if (c == DIAG_CONTROL_FIXED) return DIAG_CONTROL_FIXED_CODE;
    set[c] = true;
    return DIAG_CONTROL_OK;
}

enum diag_control_fault diag_control_add_severity(struct diag_control_spec *s, const char *code,
                                                  size_t code_len, const char *level,
                                                  size_t level_len)
{
    enum diag_code c = code_named(code, code_len);
    if (c == DIAG_CODE_NB) return DIAG_CONTROL_UNKNOWN_CODE;
    if (c == DIAG_CONTROL_FIXED) return DIAG_CONTROL_FIXED_CODE;
    unsigned l = level_named(level, level_len, false);
    if (l == DIAG_LEVEL_AS_FOUND) return DIAG_CONTROL_BAD_LEVEL;
    s->severity[c] = (unsigned char)l;
    return DIAG_CONTROL_OK;
}

static bool fail(struct diag_control_error *e, enum diag_control_fault f, const char *at, size_t len)
{
    e->fault = f;
    e->at = at;
    e->len = len;
    return f == DIAG_CONTROL_OK;
}

bool diag_control_parse_codes(bool set[DIAG_CODE_NB], const char *list,
                              struct diag_control_error *e)
{
    for (const char *p = list; *p;) {
        size_t n = strcspn(p, ",");
        enum diag_control_fault f = n ? diag_control_add_code(set, p, n) : DIAG_CONTROL_OK;
        if (f != DIAG_CONTROL_OK) return fail(e, f, p, n);
        p += n;
        if (*p == ',') p++;
    }
    return fail(e, DIAG_CONTROL_OK, NULL, 0);
}

/* The pairs of a list, each CODE=LEVEL; a level "off" only when allow_off. */
static bool parse_pairs(unsigned char level[DIAG_CODE_NB], const char *list, bool allow_off,
                        struct diag_control_error *e)
{
    for (const char *p = list; *p;) {
        size_t n = strcspn(p, ",");
        const char *eq = memchr(p, '=', n);
        if (!eq) return fail(e, DIAG_CONTROL_BAD_PAIR, p, n);
        size_t cn = (size_t)(eq - p);
        enum diag_code c = code_named(p, cn);
        if (c == DIAG_CODE_NB) return fail(e, DIAG_CONTROL_UNKNOWN_CODE, p, cn);
        if (c == DIAG_CONTROL_FIXED) return fail(e, DIAG_CONTROL_FIXED_CODE, p, cn);
        unsigned l = level_named(eq + 1, n - cn - 1, allow_off);
        if (l == DIAG_LEVEL_AS_FOUND) return fail(e, DIAG_CONTROL_BAD_LEVEL, eq + 1, n - cn - 1);
        level[c] = (unsigned char)l;
        p += n;
        if (*p == ',') p++;
    }
    return fail(e, DIAG_CONTROL_OK, NULL, 0);
}

bool diag_control_parse_severities(struct diag_control_spec *s, const char *list,
                                   struct diag_control_error *e)
{
    return parse_pairs(s->severity, list, false, e);
}

void diag_control_build(struct diag_control *c, const struct diag_control_spec *s)
{
    c->changed = false;
    bool selecting = false; /* an empty selection selects every code */
    for (int i = 0; i < DIAG_CODE_NB; i++)
        selecting |= s->select_given && s->select[i];
    for (int i = 0; i < DIAG_CODE_NB; i++) {
        unsigned l = s->severity[i];
        if ((selecting && !s->select[i]) || (s->ignore_given && s->ignore[i]))
            l = DIAG_LEVEL_OFF;
        if (i == DIAG_CONTROL_FIXED) l = DIAG_LEVEL_AS_FOUND;
        c->level[i] = (unsigned char)l;
        c->changed |= l != DIAG_LEVEL_AS_FOUND;
    }
}

void diag_control_format(const struct diag_control *c, char *buf, size_t size)
{
    size_t at = 0;
    if (size) buf[0] = '\0';
    for (int i = 0; i < DIAG_CODE_NB && at < size; i++) {
        if (c->level[i] == DIAG_LEVEL_AS_FOUND) continue;
        int n = snprintf(buf + at, size - at, "%s%s=%s", at ? "," : "",
                         diag_info((enum diag_code)i)->name, diag_level_name(c->level[i]));
        if (n < 0) break;
        at += (size_t)n;
    }
}

bool diag_control_parse(struct diag_control *c, const char *line, struct diag_control_error *e)
{
    memset(c->level, DIAG_LEVEL_AS_FOUND, sizeof c->level);
    c->changed = false;
    if (!parse_pairs(c->level, line, true, e)) return false;
    for (int i = 0; i < DIAG_CODE_NB; i++)
        c->changed |= c->level[i] != DIAG_LEVEL_AS_FOUND;
    return true;
}

unsigned diag_control_code_level(const struct diag_control *c, enum diag_code code)
{
    return diag_control_level(c, code, diag_info(code)->severity);
}
