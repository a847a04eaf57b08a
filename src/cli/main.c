/*
 * main.c - the pgnarbiter program: run the command line (cli_run() also makes
 * sure everything written to standard output got there).
 */
#include "cli/cli.h"

#include <stdio.h>

int main(int argc, char **argv)
{
    return cli_run(argc, argv, stdout, stderr);
}
