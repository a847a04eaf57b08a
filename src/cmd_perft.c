/*
 * cmd_perft.c - `pgnarbiter perft`.  Not implemented yet: says so and exits 2.
 */
#include "cli.h"

int cmd_perft(int argc, char **argv, FILE *out, FILE *err)
{
    (void)argc;
    (void)argv;
    (void)out;
    return cli_not_implemented(err, "the 'perft' command");
}
