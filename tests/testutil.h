/*
 * testutil.h - helpers shared by the Check suites: locating test data and
 * capturing what a function writes to a FILE.
 */
#ifndef PGNARB_TESTUTIL_H
#define PGNARB_TESTUTIL_H

#include <check.h>
#include <stdbool.h>

/*
 * Check's ck_assert_msg() (and every ck_assert_* built on it) sends a "check
 * point" message to the runner on each PASSING assertion; the runner unpacks
 * them with a memmove each, so a test asserting a million times in a loop
 * (movegen over all 65,536 move values, attack tables over random boards)
 * costs quadratic time, tens of minutes under ASan.  Same macro, without the
 * check point: failures are reported exactly as before (file, line, message).
 */
#undef ck_assert_msg
#define ck_assert_msg(expr, ...)                                                                   \
    ((expr) ? (void)0                                                                              \
            : _ck_assert_failed(__FILE__, __LINE__, "Assertion '" #expr "' failed", ##__VA_ARGS__))
#include <stdio.h>

/* An in-memory output stream; text is NUL-terminated after capture_end(). */
struct capture {
    FILE *f;
    char *text;
    size_t len;
};
void capture_begin(struct capture *c);
const char *capture_end(struct capture *c);
void capture_free(struct capture *c);

/* Path of a file under testdata/ (static buffer, valid until the next call). */
const char *testdata_path(const char *rel);

/* Path under ../shared, or NULL (and a note on stderr) when shared/ is absent. */
const char *shared_path(const char *rel);

/* Read a whole (small) file; caller frees.  NULL when unreadable. */
char *read_file(const char *path, size_t *len);

/* Run cli_run() on a NULL-terminated argument list, capturing both streams. */
int run_cli(const char *const *args, struct capture *out, struct capture *err);

/* Call visit on pos and on every position reachable from it in at most
 * `depth` legal moves (a tree, not a set: transpositions come back); returns
 * the number of positions visited. */
struct position;
unsigned long walk_tree(const struct position *pos, int depth,
                        void (*visit)(const struct position *pos, void *ctx), void *ctx);

/* Read text (len bytes) as a PGN file and feed every event to g: the
 * parser straight into one game, as check does with one job. */
struct game;
void feed_text(struct game *g, const char *text, size_t len);

/*
 * Out of memory, by an address space limit (setrlimit(RLIMIT_AS)): the
 * sanitizers' shadow memory does not live with one, nor valgrind (it stops
 * when its own allocations fail), so the tests that set one say so and do
 * less there.  TEST_SANITIZED: built with ASan or TSan.
 */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define TEST_SANITIZED 1
#endif
#endif

/* Whether this process runs under valgrind (its preload is in LD_PRELOAD). */
bool test_under_valgrind(void);

/* The address space in use now, in bytes (/proc/self/statm's first field). */
unsigned long long test_address_space_in_use(void);

#endif
