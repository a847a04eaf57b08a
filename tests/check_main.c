/*
 * check_main.c - runs every module's Check suite (listed in suites.def) in one
 * runner, so `make check` prints one Check summary line for all of them.
 * A run that executes no test fails.
 */
#include "testutil.h"

#include <stdlib.h>

#define SUITE(name) Suite *name##_suite(void);
#include "suites.def"
#undef SUITE

int main(void)
{
    SRunner *sr = srunner_create(NULL);
#define SUITE(name) srunner_add_suite(sr, name##_suite());
#include "suites.def"
#undef SUITE
    srunner_run_all(sr, CK_NORMAL);
    int run = srunner_ntests_run(sr);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    if (run == 0) {
        fputs("check_pgnarbiter: no test was run\n", stderr);
        return EXIT_FAILURE;
    }
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
