#include "testutil.h"
Suite *input_suite(void);
Suite *input_suite(void) { return suite_create("input"); }
