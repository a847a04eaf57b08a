/*
 * main.c - the pgnarbiter program: take the user's language from the
 * environment (LC_ALL / LC_MESSAGES / LANG / LANGUAGE, as every GNU tool),
 * run the command line (cli_run() also makes sure everything written to
 * standard output got there).
 *
 * The catalogues are looked for in $PGNARBITER_LOCALEDIR when it is set;
 * else, for the binary of a build tree, in the locale/ folder beside it
 * (the build puts the catalogues and the marker file
 * locale/pgnarbiter.build-tree there and never installs them); else in the
 * install prefix's localedir (localedir.h, made by make).
 */
#include "cli/cli.h"

#include "i18n.h"
#include "localedir.h"

#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if ENABLE_NLS
#define BUILD_TREE_MARKER "locale/pgnarbiter.build-tree"

/* dir (PATH_MAX bytes) := the build tree's catalogue folder when this binary
 * runs from a build tree, as the marker beside it says; false otherwise
 * (an installed binary, or no /proc to ask). */
static bool build_tree_localedir(char *dir)
{
    ssize_t n = readlink("/proc/self/exe", dir, PATH_MAX - 1);
    if (n <= 0) return false;
    dir[n] = '\0';
    char *slash = strrchr(dir, '/');
    if (!slash || (size_t)(slash + 1 - dir) + sizeof BUILD_TREE_MARKER > PATH_MAX) return false;
    strcpy(slash + 1, BUILD_TREE_MARKER);
    if (access(dir, F_OK) != 0) return false;
    slash[1 + strlen("locale")] = '\0';
    return true;
}
#endif

int main(int argc, char **argv)
{
    setlocale(LC_ALL, "");
    /* Numbers keep their '.' in every language: JSON and scripts read them. */
    setlocale(LC_NUMERIC, "C");
#if ENABLE_NLS
    const char *localedir = getenv("PGNARBITER_LOCALEDIR");
    static char tree[PATH_MAX];
    if (!localedir || !localedir[0]) localedir = build_tree_localedir(tree) ? tree : LOCALEDIR;
    bindtextdomain(PACKAGE, localedir);
    /* Messages in UTF-8 whatever LC_CTYPE says, like the tag values and
     * comments the reports print (a Latin-1 input is shown in UTF-8 too). */
    bind_textdomain_codeset(PACKAGE, "UTF-8");
    textdomain(PACKAGE);
    /* A catalogue for the user's language has a header entry, which is the
     * translation of "": none, and every message stays as it is. */
    i18n_lookups = gettext("")[0] != '\0';
#endif
    return cli_run(argc, argv, stdout, stderr);
}
