/*
 * main.c - the pgnarbiter program: run the command line, then make sure
 * everything written to standard output actually got there.
 */
#include "cli/cli.h"

#include <stdio.h>

int main(int argc, char **argv)
{
    int status = cli_run(argc, argv, stdout, stderr);

    if (fflush(stdout) != 0 || ferror(stdout)) {
        fputs("pgnarbiter: error writing standard output\n", stderr);
        if (status == CLI_EXIT_OK)
            status = CLI_EXIT_USAGE;
    }
    return status;
}
