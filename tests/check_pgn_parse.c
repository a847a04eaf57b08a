#include "testutil.h"
Suite *pgn_parse_suite(void);
Suite *pgn_parse_suite(void) { return suite_create("pgn_parse"); }
