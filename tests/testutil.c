/* testutil.c - see testutil.h. */
#include "testutil.h"

#include "cli/cli.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "judge/game.h"
#include "pgn/input.h"
#include "pgn/pgn_parse.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void capture_begin(struct capture *c)
{
    c->text = NULL;
    c->len = 0;
    c->f = open_memstream(&c->text, &c->len);
    ck_assert_ptr_nonnull(c->f);
}

const char *capture_end(struct capture *c)
{
    fclose(c->f);
    c->f = NULL;
    return c->text;
}

void capture_free(struct capture *c)
{
    free(c->text);
    c->text = NULL;
}

const char *testdata_path(const char *rel)
{
    static char buf[4096];
    snprintf(buf, sizeof buf, "%s/%s", TESTDATA_DIR, rel);
    return buf;
}

const char *shared_path(const char *rel)
{
    static char buf[4096];
    if (access(SHARED_DIR, R_OK) != 0) {
        fprintf(stderr, "note: %s is absent; skipping tests that need it\n", SHARED_DIR);
        return NULL;
    }
    snprintf(buf, sizeof buf, "%s/%s", SHARED_DIR, rel);
    return buf;
}

char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap + 1);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *bigger = realloc(buf, 2 * cap + 1);
            if (!bigger) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
    }
    fclose(f);
    if (buf) {
        buf[n] = '\0';
        if (len)
            *len = n;
    }
    return buf;
}

int run_cli(const char *const *args, struct capture *out, struct capture *err)
{
    char *argv[64];
    int argc = 0;
    argv[argc++] = (char *)"pgnarbiter";
    while (args[argc - 1] && argc < 63) {
        argv[argc] = (char *)args[argc - 1];
        argc++;
    }
    argv[argc] = NULL;
    capture_begin(out);
    capture_begin(err);
    int status = cli_run(argc, argv, out->f, err->f);
    capture_end(out);
    capture_end(err);
    return status;
}

unsigned long walk_tree(const struct position *pos, int depth,
                        void (*visit)(const struct position *pos, void *ctx), void *ctx)
{
    visit(pos, ctx);
    if (depth <= 0)
        return 1;
    move list[MOVES_MAX];
    int n = movegen_legal(pos, list);
    unsigned long nodes = 1;
    for (int i = 0; i < n; i++) {
        struct position next = *pos;
        pos_make(&next, list[i]);
        nodes += walk_tree(&next, depth - 1, visit, ctx);
    }
    return nodes;
}

void feed_text(struct game *g, const char *text, size_t len)
{
    struct input *in = input_open_memory(text, len);
    ck_assert_ptr_nonnull(in);
    struct pgn_parser *p = pgn_parser_new(in, game_parser_diag, g);
    ck_assert_ptr_nonnull(p);
    struct pgn_event ev;
    while (pgn_parser_next(p, &ev))
        game_feed(g, &ev);
    pgn_parser_free(p);
    input_close(in);
}

bool test_under_valgrind(void)
{
    const char *preload = getenv("LD_PRELOAD");
    return preload && strstr(preload, "vgpreload");
}

unsigned long long test_address_space_in_use(void)
{
    unsigned long pages = 0;
    FILE *statm = fopen("/proc/self/statm", "r");
    ck_assert_ptr_nonnull(statm);
    ck_assert_int_eq(fscanf(statm, "%lu", &pages), 1);
    fclose(statm);
    return (unsigned long long)pages * (unsigned long long)sysconf(_SC_PAGESIZE);
}
