/*
 * config_file.c - reads .pgnarbiter.toml (config_file.h): the subset of TOML v1.0
 * the settings need, parsed by hand, and finds the file upward from the
 * current directory.
 *
 * The subset: comments (#), blank lines, table headers [check] and
 * [check.severity], key = value with bare or quoted keys, and as values
 * basic ("...", with TOML's escapes) and literal ('...') strings, true and
 * false, arrays of strings (across lines, a trailing comma allowed) and
 * inline tables { key = "value", ... } on one line.  Anything else - a
 * number, a date, a multi-line string, a dotted key, an unknown table or
 * key, a key given twice - is an error at its line and column, never a
 * guess.  Every code named must exist (diag_codes.def).
 *
 * Invariant: the cursor's line and column always name the byte at p
 * (columns count characters: UTF-8 continuation bytes do not advance it).
 */
#include "diag/config_file.h"

#include "i18n.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct cursor {
    const char *p, *end;
    unsigned line, column;
    struct cli_config_error *e;
    struct cli_config *cfg;
    /* what the file has said, to refuse anything said twice */
    bool seen_check, seen_severity_table;
    bool seen_ignore, seen_select, seen_severity[DIAG_CODE_NB];
};

/* The table the keys belong to. */
enum table { TABLE_NONE, TABLE_CHECK, TABLE_SEVERITY };

static int peek(const struct cursor *c)
{
    return c->p < c->end ? (unsigned char)*c->p : -1;
}

static void advance(struct cursor *c)
{
    if (c->p >= c->end) return;
    unsigned char b = (unsigned char)*c->p++;
    if (b == '\n') {
        c->line++;
        c->column = 1;
    } else if ((b & 0xC0) != 0x80) {
        c->column++;
    }
}

/* An error at (line, column); always false. */
static bool fail_at(struct cursor *c, unsigned line, unsigned column, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static bool fail_at(struct cursor *c, unsigned line, unsigned column, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    c->e->line = line;
    c->e->column = column;
    vsnprintf(c->e->message, sizeof c->e->message, fmt, ap);
    va_end(ap);
    return false;
}

#define FAIL(c, ...) fail_at((c), (c)->line, (c)->column, __VA_ARGS__)

static void skip_blanks(struct cursor *c)
{
    while (peek(c) == ' ' || peek(c) == '\t')
        advance(c);
}

/* Blanks and a comment, up to (not past) the end of the line. */
static void skip_to_eol(struct cursor *c)
{
    skip_blanks(c);
    if (peek(c) == '#')
        while (peek(c) != -1 && peek(c) != '\n')
            advance(c);
}

/* The end of a line (LF or CRLF) or of the file. */
static bool end_line(struct cursor *c)
{
    skip_to_eol(c);
    if (peek(c) == '\r' && c->p + 1 < c->end && c->p[1] == '\n') advance(c);
    if (peek(c) == '\n') {
        advance(c);
        return true;
    }
    if (peek(c) == -1) return true;
    return FAIL(c, "%s", _("expected the end of the line or a # comment"));
}

/* Blanks, comments and line breaks (inside an array). */
static void skip_space_lines(struct cursor *c)
{
    for (;;) {
        skip_to_eol(c);
        if (peek(c) == '\r' && c->p + 1 < c->end && c->p[1] == '\n') advance(c);
        if (peek(c) != '\n') return;
        advance(c);
    }
}

static bool is_bare(int ch)
{
    return (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') ||
           ch == '-' || ch == '_';
}

/* Append UTF-8 for code point cp; false when out of room. */
static bool put_utf8(char *buf, size_t *n, unsigned long cp)
{
    unsigned char b[4];
    size_t k;
    if (cp < 0x80) {
        b[0] = (unsigned char)cp;
        k = 1;
    } else if (cp < 0x800) {
        b[0] = (unsigned char)(0xC0 | (cp >> 6));
        b[1] = (unsigned char)(0x80 | (cp & 0x3F));
        k = 2;
    } else if (cp < 0x10000) {
        b[0] = (unsigned char)(0xE0 | (cp >> 12));
        b[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        b[2] = (unsigned char)(0x80 | (cp & 0x3F));
        k = 3;
    } else {
        b[0] = (unsigned char)(0xF0 | (cp >> 18));
        b[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
        b[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        b[3] = (unsigned char)(0x80 | (cp & 0x3F));
        k = 4;
    }
    if (*n + k >= CLI_CONFIG_STRING_MAX) return false;
    memcpy(buf + *n, b, k);
    *n += k;
    return true;
}

/* A basic or literal string on one line, into buf (NUL-terminated). */
static bool parse_string(struct cursor *c, char buf[CLI_CONFIG_STRING_MAX])
{
    int quote = peek(c);
    unsigned line = c->line, column = c->column;
    size_t n = 0;
    advance(c);
    if (peek(c) == quote && c->p + 1 < c->end && c->p[1] == quote)
        return fail_at(c, line, column, "%s", _("multi-line strings are not supported here"));
    for (;;) {
        int ch = peek(c);
        if (ch == -1 || ch == '\n' || ch == '\r')
            return fail_at(c, line, column, "%s", _("the string is not closed on its line"));
        if (ch == quote) {
            advance(c);
            break;
        }
        if ((ch < 0x20 && ch != '\t') || ch == 0x7F)
            return FAIL(c, "%s", _("a control character in a string"));
        if (ch == '\\' && quote == '"') {
            unsigned eline = c->line, ecol = c->column;
            advance(c);
            int x = peek(c);
            unsigned long cp = 0;
            int digits = x == 'u' ? 4 : x == 'U' ? 8 : 0;
            static const char from[] = "\"\\btnfr", to[] = "\"\\\b\t\n\f\r";
            const char *hit = x > 0 ? strchr(from, x) : NULL;
            if (hit) {
                cp = (unsigned char)to[hit - from];
                advance(c);
            } else if (digits) {
                advance(c);
                for (int i = 0; i < digits; i++) {
                    int h = peek(c);
                    int v = h >= '0' && h <= '9'   ? h - '0'
                            : h >= 'a' && h <= 'f' ? h - 'a' + 10
                            : h >= 'A' && h <= 'F' ? h - 'A' + 10
                                                   : -1;
                    if (v < 0)
                        return fail_at(c, eline, ecol, "%s",
                                       _("a \\u or \\U escape needs 4 or 8 hexadecimal digits"));
                    cp = cp * 16 + (unsigned long)v;
                    advance(c);
                }
                if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF) || cp == 0)
                    return fail_at(c, eline, ecol, "%s", _("the escape names no character"));
            } else {
                return fail_at(c, eline, ecol, "%s",
                               _("unknown escape (\\\" \\\\ \\b \\t \\n \\f \\r \\uXXXX \\UXXXXXXXX)"));
            }
            if (!put_utf8(buf, &n, cp))
                return fail_at(c, line, column, _("the string is longer than %d bytes"),
                               CLI_CONFIG_STRING_MAX - 1);
            continue;
        }
        if (n + 1 >= CLI_CONFIG_STRING_MAX)
            return fail_at(c, line, column, _("the string is longer than %d bytes"),
                           CLI_CONFIG_STRING_MAX - 1);
        buf[n++] = (char)ch;
        advance(c);
    }
    buf[n] = '\0';
    return true;
}

/* A key: bare, or a quoted string.  A dotted key is refused. */
static bool parse_key(struct cursor *c, char key[CLI_CONFIG_STRING_MAX])
{
    int ch = peek(c);
    if (ch == '"' || ch == '\'') {
        if (!parse_string(c, key)) return false;
    } else if (is_bare(ch)) {
        size_t n = 0;
        while (is_bare(peek(c))) {
            if (n + 1 >= CLI_CONFIG_STRING_MAX)
                return FAIL(c, _("the key is longer than %d bytes"), CLI_CONFIG_STRING_MAX - 1);
            key[n++] = (char)peek(c);
            advance(c);
        }
        key[n] = '\0';
    } else {
        return FAIL(c, "%s", _("expected a key, a [table] or a # comment"));
    }
    skip_blanks(c);
    if (peek(c) == '.') return FAIL(c, "%s", _("dotted keys are not supported here"));
    return true;
}

static bool parse_bool(struct cursor *c, bool *value)
{
    size_t left = (size_t)(c->end - c->p);
    for (int v = 0; v < 2; v++) {
        const char *word = v ? "true" : "false";
        size_t n = strlen(word);
        if (left >= n && memcmp(c->p, word, n) == 0 && (left == n || !is_bare(c->p[n]))) {
            for (size_t i = 0; i < n; i++)
                advance(c);
            *value = v;
            return true;
        }
    }
    return FAIL(c, "%s", _("expected true or false"));
}

/* Why a code cannot be named, at (line, column). */
static bool fail_code(struct cursor *c, unsigned line, unsigned column,
                      enum diag_control_fault f, const char *name)
{
    char shown[CLI_CONFIG_STRING_MAX + 8];
    snprintf(shown, sizeof shown, "%s", name);
    if (f == DIAG_CONTROL_FIXED_CODE)
        return fail_at(c, line, column,
                       _("the code '%s' cannot be ignored, unselected or changed: an input "
                         "that was not read never passes unseen"),
                       shown);
    return fail_at(c, line, column,
                   _("unknown code '%s'; 'pgnarbiter explain --list' lists the codes"), shown);
}

/* ["code", ...] into set. */
static bool parse_code_array(struct cursor *c, bool set[DIAG_CODE_NB])
{
    if (peek(c) != '[') return FAIL(c, "%s", _("expected a list of codes: [\"code\", ...]"));
    advance(c);
    for (;;) {
        skip_space_lines(c);
        if (peek(c) == ']') break;
        if (peek(c) != '"' && peek(c) != '\'')
            return FAIL(c, "%s", _("expected a code in quotes, or ']' to end the list"));
        unsigned line = c->line, column = c->column;
        char name[CLI_CONFIG_STRING_MAX];
        if (!parse_string(c, name)) return false;
        enum diag_control_fault f = diag_control_add_code(set, name, strlen(name));
        if (f != DIAG_CONTROL_OK) return fail_code(c, line, column, f, name);
        skip_space_lines(c);
        if (peek(c) == ',') {
            advance(c);
            continue;
        }
        if (peek(c) != ']') return FAIL(c, "%s", _("expected ',' or ']' in the list"));
    }
    advance(c);
    return true;
}

/* One code = "level" pair of [check.severity] or of severity = {...}. */
static bool parse_severity_pair(struct cursor *c)
{
    unsigned line = c->line, column = c->column;
    char code[CLI_CONFIG_STRING_MAX], level[CLI_CONFIG_STRING_MAX];
    if (!parse_key(c, code)) return false;
    if (peek(c) != '=') return FAIL(c, "%s", _("expected '=' after the key"));
    advance(c);
    skip_blanks(c);
    unsigned vline = c->line, vcolumn = c->column;
    if (peek(c) != '"' && peek(c) != '\'')
        return FAIL(c, "%s", _("expected a level in quotes: \"error\", \"warning\" or \"note\""));
    if (!parse_string(c, level)) return false;
    enum diag_control_fault f =
        diag_control_add_severity(&c->cfg->spec, code, strlen(code), level, strlen(level));
    if (f == DIAG_CONTROL_BAD_LEVEL)
        return fail_at(c, vline, vcolumn, _("unknown level '%s' (error, warning, note)"), level);
    if (f != DIAG_CONTROL_OK) return fail_code(c, line, column, f, code);
    enum diag_code id = diag_lookup(code);
    if (c->seen_severity[id])
        return fail_at(c, line, column, _("the key '%s' is given twice"), code);
    c->seen_severity[id] = true;
    return true;
}

/* severity = { code = "level", ... } on one line. */
static bool parse_severity_inline(struct cursor *c)
{
    if (peek(c) != '{')
        return FAIL(c, "%s", _("expected a table of levels: { code = \"warning\", ... }"));
    advance(c);
    skip_blanks(c);
    if (peek(c) == '}') {
        advance(c);
        return true;
    }
    for (;;) {
        skip_blanks(c);
        if (!parse_severity_pair(c)) return false;
        skip_blanks(c);
        if (peek(c) == ',') {
            advance(c);
            skip_blanks(c);
            int ch = peek(c);
            if (ch == '\n' || ch == '\r' || ch == '#' || ch == -1) break; /* refused below */
            continue;
        }
        break;
    }
    if (peek(c) != '}')
        return FAIL(c, "%s", _("expected ',' or '}' in the table (an inline table stays on one line)"));
    advance(c);
    return true;
}

/* key = value in [check]. */
static bool parse_check_key(struct cursor *c)
{
    unsigned line = c->line, column = c->column;
    char key[CLI_CONFIG_STRING_MAX];
    if (!parse_key(c, key)) return false;
    if (peek(c) != '=') return FAIL(c, "%s", _("expected '=' after the key"));
    advance(c);
    skip_blanks(c);
    struct cli_config *cfg = c->cfg;
    bool *seen = NULL;
    if (strcmp(key, "ignore") == 0 || strcmp(key, "select") == 0) {
        bool ignore = key[0] == 'i';
        seen = ignore ? &c->seen_ignore : &c->seen_select;
        if (*seen) return fail_at(c, line, column, _("the key '%s' is given twice"), key);
        *seen = true;
        if (ignore) cfg->spec.ignore_given = true;
        else cfg->spec.select_given = true;
        return parse_code_array(c, ignore ? cfg->spec.ignore : cfg->spec.select);
    }
    if (strcmp(key, "severity") == 0) {
        if (c->seen_severity_table)
            return fail_at(c, line, column, _("the key '%s' is given twice"), key);
        c->seen_severity_table = true;
        return parse_severity_inline(c);
    }
    if (strcmp(key, "strict") == 0 || strcmp(key, "werror") == 0) {
        bool strict = key[0] == 's';
        bool *given = strict ? &cfg->strict_given : &cfg->werror_given;
        if (*given) return fail_at(c, line, column, _("the key '%s' is given twice"), key);
        *given = true;
        return parse_bool(c, strict ? &cfg->strict : &cfg->werror);
    }
    char shown[CLI_CONFIG_STRING_MAX + 8];
    snprintf(shown, sizeof shown, "%s", key);
    return fail_at(c, line, column,
                   _("unknown key '%s' in [check] (ignore, select, severity, strict, werror)"),
                   shown);
}

/* [check] or [check.severity]. */
static bool parse_header(struct cursor *c, enum table *table)
{
    unsigned line = c->line, column = c->column;
    advance(c); /* [ */
    if (peek(c) == '[') return FAIL(c, "%s", _("arrays of tables ([[...]]) are not supported here"));
    skip_blanks(c);
    char name[2 * CLI_CONFIG_STRING_MAX + 2], part[CLI_CONFIG_STRING_MAX];
    name[0] = '\0';
    for (;;) {
        int ch = peek(c);
        if (ch == '"' || ch == '\'') {
            if (!parse_string(c, part)) return false;
        } else if (is_bare(ch)) {
            size_t n = 0;
            while (is_bare(peek(c)) && n + 1 < CLI_CONFIG_STRING_MAX) {
                part[n++] = (char)peek(c);
                advance(c);
            }
            part[n] = '\0';
        } else {
            return FAIL(c, "%s", _("expected a table name"));
        }
        if (strlen(name) + strlen(part) + 2 > sizeof name)
            return fail_at(c, line, column, "%s", _("the table name is too long"));
        if (name[0]) strcat(name, ".");
        strcat(name, part);
        skip_blanks(c);
        if (peek(c) != '.') break;
        advance(c);
        skip_blanks(c);
    }
    if (peek(c) != ']') return FAIL(c, "%s", _("expected ']' to end the table name"));
    advance(c);
    bool *seen;
    if (strcmp(name, "check") == 0) {
        *table = TABLE_CHECK;
        seen = &c->seen_check;
    } else if (strcmp(name, "check.severity") == 0) {
        if (c->seen_severity_table)
            return fail_at(c, line, column, _("the table [%s] is given twice"), name);
        *table = TABLE_SEVERITY;
        seen = &c->seen_severity_table;
    } else {
        return fail_at(c, line, column,
                       _("unknown table [%s] (the file has [check] and [check.severity])"), name);
    }
    if (*seen) return fail_at(c, line, column, _("the table [%s] is given twice"), name);
    *seen = true;
    return true;
}

void cli_config_init(struct cli_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    diag_control_spec_init(&cfg->spec);
}

bool cli_config_parse(const char *text, size_t len, struct cli_config *cfg,
                      struct cli_config_error *e)
{
    struct cursor c;
    memset(&c, 0, sizeof c);
    c.p = text;
    c.end = text + len;
    c.line = c.column = 1;
    c.e = e;
    c.cfg = cfg;
    const char *nul = memchr(text, '\0', len);
    if (nul) { /* the place of the NUL, for the message */
        while (c.p < nul)
            advance(&c);
        return FAIL(&c, "%s", _("a NUL byte: this is not a text file"));
    }
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) c.p += 3; /* a UTF-8 BOM */
    enum table table = TABLE_NONE;
    while (peek(&c) != -1) {
        skip_blanks(&c);
        int ch = peek(&c);
        if (ch == '#' || ch == '\n' || ch == '\r' || ch == -1) {
            if (!end_line(&c)) return false;
            continue;
        }
        if (ch == '[') {
            if (!parse_header(&c, &table)) return false;
        } else if (table == TABLE_CHECK) {
            if (!parse_check_key(&c)) return false;
        } else if (table == TABLE_SEVERITY) {
            if (!parse_severity_pair(&c)) return false;
        } else if (is_bare(ch) || ch == '"' || ch == '\'') {
            return FAIL(&c, "%s", _("a key outside any table: put the settings under [check]"));
        } else {
            return FAIL(&c, "%s", _("expected a key, a [table] or a # comment"));
        }
        if (!end_line(&c)) return false;
    }
    return true;
}

static bool exists(const char *dir, const char *name)
{
    struct stat st;
    size_t n = strlen(dir) + strlen(name) + 2;
    char *path = malloc(n);
    if (!path) return false;
    snprintf(path, n, "%s/%s", strcmp(dir, "/") == 0 ? "" : dir, name);
    bool found = stat(path, &st) == 0;
    free(path);
    return found;
}

char *cli_config_find(void)
{
    char *dir = getcwd(NULL, 0);
    if (!dir) return NULL;
    char *path = NULL;
    for (unsigned up = 0;; up++) {
        if (exists(dir, CLI_CONFIG_FILE)) { /* named from the current directory */
            size_t n = 3 * up + sizeof CLI_CONFIG_FILE;
            if ((path = malloc(n))) {
                path[0] = '\0';
                for (unsigned i = 0; i < up; i++)
                    strcat(path, "../");
                strcat(path, CLI_CONFIG_FILE);
            }
            break;
        }
        /* a repository's root ends the search: a file above it is not the
         * project's */
        if (exists(dir, ".git") || exists(dir, ".hg") || exists(dir, ".svn")) break;
        char *slash = strrchr(dir, '/');
        if (!slash || strcmp(dir, "/") == 0) break;
        if (slash == dir)
            slash[1] = '\0';
        else
            *slash = '\0';
    }
    free(dir);
    return path;
}
