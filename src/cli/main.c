/*
 * main.c - the pgnarbiter program: take the user's language from the
 * environment (LC_ALL / LC_MESSAGES / LANG / LANGUAGE, as every GNU tool),
 * run the command line (cli_run() also makes sure everything written to
 * standard output got there).
 */
#include "cli/cli.h"

#include "i18n.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    setlocale(LC_ALL, "");
    /* Numbers keep their '.' in every language: JSON and scripts read them. */
    setlocale(LC_NUMERIC, "C");
#if ENABLE_NLS
    const char *localedir = getenv("PGNARBITER_LOCALEDIR");
    bindtextdomain(PACKAGE, localedir && localedir[0] ? localedir : LOCALEDIR);
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
