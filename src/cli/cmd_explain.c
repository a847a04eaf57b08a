/*
 * cmd_explain.c - `pgnarbiter explain CODE`: the long description of a
 * diagnostic code, from the single code table (diag_codes.def).
 * `pgnarbiter explain --list` prints every code with its severity and summary.
 */
#include "cli/cli.h"

#include "diag/diag.h"
#include "i18n.h"
#include "report/escape.h"

#include <string.h>

static void explain_one(FILE *out, const struct diag_info *info)
{
    fprintf(out, "%s (%s", info->name, diag_severity_label(info->severity));
    if (info->fide[0])
        fprintf(out, ", %s", info->fide);
    fprintf(out, "): %s\n\n%s\n", _(info->summary), _(info->explain));
}

int cmd_explain(int argc, char **argv, FILE *out, FILE *err)
{
    /* "--" may come before the code; --help and --list stand alone. */
    int i = argc > 1 && strcmp(argv[1], "--") == 0 ? 2 : 1;
    if (i == 1 && argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        cli_usage(out, "explain");
        return CLI_EXIT_OK;
    }
    char v[CLI_ARG_SHOWN]; /* what the user gave, escaped for a message */
    if (i == 1 && argc >= 2 && argv[1][0] == '-' && strcmp(argv[1], "--list") != 0) {
        char name[64]; /* the option's name, up to any '=' */
        size_t n = strcspn(argv[1], "=");
        snprintf(name, sizeof name, "%.*s", (int)(n < 60 ? n : 60), argv[1]);
        return cli_usage_error(err, "explain", _("unknown option '%s' for explain"),
                               cli_arg(v, name));
    }
    if (argc != i + 1) {
        fputs(_("usage: pgnarbiter explain CODE | --list\n"), err);
        return CLI_EXIT_USAGE;
    }
    if (i == 1 && strcmp(argv[1], "--list") == 0) {
        for (int c = 0; c < DIAG_CODE_NB; c++) {
            const struct diag_info *info = diag_info((enum diag_code)c);
            fprintf(out, "%-20s %-8s %s\n", info->name, diag_severity_label(info->severity),
                    _(info->summary));
        }
        return CLI_EXIT_OK;
    }
    enum diag_code code = diag_lookup(argv[i]);
    if (code == DIAG_CODE_NB) {
        fprintf(err, _("pgnarbiter: unknown diagnostic code '%s' (try: pgnarbiter explain --list)\n"),
                cli_arg(v, argv[i]));
        return CLI_EXIT_USAGE;
    }
    explain_one(out, diag_info(code));
    return CLI_EXIT_OK;
}
