/*
 * config_file.h - .pgnarbiter.toml, the settings file `check` finds upward from
 * the current directory (or is named with --config): a small subset of TOML
 * v1.0 read here, its [check] table holding what --ignore, --select,
 * --severity, --strict and --werror say.  The command line overrides it.
 *
 * Ownership: a struct cli_config is a plain value the caller owns.  The
 * parser never prints: a malformed file gives line, column and what was
 * expected in a struct cli_config_error.
 */
#ifndef PGNARB_CONFIG_FILE_H
#define PGNARB_CONFIG_FILE_H

#include "diag/diag_control.h"

#include <stdbool.h>
#include <stddef.h>

/* The file name looked for in each directory. */
#define CLI_CONFIG_FILE ".pgnarbiter.toml"
/* A settings file larger than this is refused (it holds a few lines). */
#define CLI_CONFIG_BYTES_MAX (256u * 1024u)
/* Longest string value (a code or a level) read. */
#define CLI_CONFIG_STRING_MAX 128

struct cli_config {
    struct diag_control_spec spec; /* ignore, select, severity */
    bool strict_given, strict;
    bool werror_given, werror;
};

struct cli_config_error {
    unsigned line, column; /* 1-based; column in characters */
    char message[512];     /* translated */
};

void cli_config_init(struct cli_config *cfg);

/* Parse the len bytes at text into cfg (cli_config_init() first); false
 * with *e filled when they are not a settings file. */
bool cli_config_parse(const char *text, size_t len, struct cli_config *cfg,
                      struct cli_config_error *e);

/* The settings file for a run started in the current directory: the first
 * CLI_CONFIG_FILE found there or in a directory above it, stopping after
 * the root of a repository (a directory holding .git, .hg or .svn) or the
 * file system's root.  Its path relative to the current directory
 * ("../../.pgnarbiter.toml", malloc()ed) or NULL when there is none. */
char *cli_config_find(void);

#endif /* PGNARB_CONFIG_FILE_H */
