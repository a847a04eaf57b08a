/*
 * check_input.c - byte streams: memory, files, stdin naming, directories;
 * gzip (several members, zero padding, truncation, corruption) and zstd
 * (several frames, truncation) detected by magic bytes, built in the test
 * with the zlib and zstd APIs; classic Mac line ends; inputs that are not
 * PGN (a document, a page, an image, UTF-16 without a byte order mark)
 * refused from their first bytes, plain or compressed, read in any sizes,
 * and real PGN that merely starts oddly read; and the sorted directory walk.
 */
#include "testutil.h"

#include "pgn/input.h"
#include "pgn/input_kind.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

static const char text1[] = "[Event \"one\"]\n1. e4 e5 *\n";
static const char text2[] = "[Event \"two\"]\n1. d4 d5 *\n";

/* A gzip member of src (RFC 1952). */
static size_t gzip_member(const void *src, size_t len, unsigned char *out, size_t cap)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    ck_assert_int_eq(deflateInit2(&z, 9, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
    z.next_in = (Bytef *)src;
    z.avail_in = (uInt)len;
    z.next_out = out;
    z.avail_out = (uInt)cap;
    ck_assert_int_eq(deflate(&z, Z_FINISH), Z_STREAM_END);
    size_t n = cap - z.avail_out;
    deflateEnd(&z);
    return n;
}

/* Bytes read from in in steps of `step` until it ends or fails; *failed
 * says which.  Returns the count. */
static size_t bytes_before_end(struct input *in, void *out, size_t cap, size_t step,
                               bool *failed)
{
    size_t n = 0;
    *failed = false;
    for (;;) {
        size_t want = cap - n < step ? cap - n : step;
        ptrdiff_t got = input_read(in, (unsigned char *)out + n, want);
        if (got <= 0) {
            *failed = got < 0;
            return n;
        }
        n += (size_t)got;
    }
}

/* Read everything (in pieces of step bytes); returns length, or -1 on error. */
static ptrdiff_t slurp(struct input *in, char *out, size_t cap, size_t step)
{
    bool failed;
    size_t n = bytes_before_end(in, out, cap, step, &failed);
    return failed ? -1 : (ptrdiff_t)n;
}

START_TEST(memory_plain)
{
    struct input *in = input_open_memory_chunked(text1, sizeof text1 - 1, _i);
    char out[256];
    ck_assert_int_eq(slurp(in, out, sizeof out, 5), sizeof text1 - 1);
    ck_assert(memcmp(out, text1, sizeof text1 - 1) == 0);
    ck_assert_str_eq(input_format(in), "plain");
    ck_assert_str_eq(input_name(in), "<memory>");
    ck_assert_str_eq(input_error(in), "");
    ck_assert_int_eq(input_read(in, out, sizeof out), 0);
    input_close(in);
    input_close(NULL);
}
END_TEST

/* input_lines() counts every line feed handed out, whatever the read
 * sizes: short reads, reads of a few thousand bytes (past the 4,080 bytes a
 * counting lane holds before it is summed), line feeds at the edges of a
 * read and in runs. */
START_TEST(line_count_any_read_size)
{
    enum { LEN = 20000 };
    static unsigned char data[LEN];
    uint64_t want = 0, seed = 12345;
    for (size_t i = 0; i < LEN; i++) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        unsigned r = (unsigned)(seed >> 33) % 100;
        /* a stretch of 8,000 bytes with every byte a line feed: lanes count to 255 and beyond */
        data[i] = (i >= 6000 && i < 14000) || r < 7 ? '\n' : (unsigned char)('a' + r % 26);
        want += data[i] == '\n';
    }
    static const size_t reads[] = {1, 15, 16, 17, 4079, 4080, 4096, 8191, 20000};
    for (size_t k = 0; k < sizeof reads / sizeof reads[0]; k++) {
        struct input *in = input_open_memory(data, LEN);
        static unsigned char out[LEN];
        size_t got = 0;
        ptrdiff_t n;
        while ((n = input_read(in, out, reads[k])) > 0)
            got += (size_t)n;
        ck_assert_uint_eq(got, LEN);
        ck_assert_msg(input_lines(in) == want, "reads of %zu: %llu line feeds counted, %llu in the data",
                      reads[k], (unsigned long long)input_lines(in), (unsigned long long)want);
        input_close(in);
    }
}
END_TEST

START_TEST(gzip_concatenated_members)
{
    unsigned char gz[1024];
    size_t n = gzip_member(text1, sizeof text1 - 1, gz, sizeof gz);
    n += gzip_member(text2, sizeof text2 - 1, gz + n, sizeof gz - n);
    memset(gz + n, 0, 8); /* zero padding after the last member is ignored */
    n += 8;
    char want[256], out[256];
    snprintf(want, sizeof want, "%s%s", text1, text2);
    for (size_t chunk = 0; chunk < 6; chunk++) {
        struct input *in = input_open_memory_chunked(gz, n, chunk);
        ck_assert_int_eq(slurp(in, out, sizeof out, 1 + chunk * 3), strlen(want));
        ck_assert(memcmp(out, want, strlen(want)) == 0);
        ck_assert_str_eq(input_format(in), "gzip");
        input_close(in);
    }
}
END_TEST

START_TEST(gzip_truncated_and_corrupt)
{
    unsigned char gz[1024];
    size_t n = gzip_member(text1, sizeof text1 - 1, gz, sizeof gz);
    char out[256];
    for (size_t cut = 3; cut < n; cut += 4) {
        struct input *in = input_open_memory(gz, cut);
        ck_assert_int_eq(slurp(in, out, sizeof out, 64), -1);
        ck_assert_msg(strstr(input_error(in), "gzip"), "cut %zu: %s", cut, input_error(in));
        ck_assert_int_eq(input_read(in, out, 1), -1); /* stays failed */
        input_close(in);
    }
    struct input *in = input_open_memory(gz, n - 4);
    ck_assert_int_eq(slurp(in, out, sizeof out, 64), -1);
    ck_assert_str_eq(input_error(in), "truncated gzip stream");
    input_close(in);
    /* a flipped byte in the deflate data */
    gz[12] ^= 0xff;
    in = input_open_memory(gz, n);
    ck_assert_int_eq(slurp(in, out, sizeof out, 64), -1);
    input_close(in);
    /* garbage after a member */
    n = gzip_member(text1, sizeof text1 - 1, gz, sizeof gz);
    memcpy(gz + n, "garbage", 7);
    in = input_open_memory(gz, n + 7);
    ck_assert_int_eq(slurp(in, out, sizeof out, 64), -1);
    ck_assert_msg(strstr(input_error(in), "corrupt gzip"), "%s", input_error(in));
    input_close(in);
}
END_TEST

START_TEST(zstd_frames)
{
    unsigned char z[1024];
    size_t n = ZSTD_compress(z, sizeof z, text1, sizeof text1 - 1, 3);
    ck_assert(!ZSTD_isError(n));
    size_t m = ZSTD_compress(z + n, sizeof z - n, text2, sizeof text2 - 1, 19);
    ck_assert(!ZSTD_isError(m));
    char want[256], out[256];
    snprintf(want, sizeof want, "%s%s", text1, text2);
    for (size_t chunk = 0; chunk < 6; chunk++) {
        struct input *in = input_open_memory_chunked(z, n + m, chunk);
        ck_assert_int_eq(slurp(in, out, sizeof out, 1 + chunk * 5), strlen(want));
        ck_assert(memcmp(out, want, strlen(want)) == 0);
        ck_assert_str_eq(input_format(in), "zstd");
        input_close(in);
    }
    /* truncated in the second frame, and inside the first */
    size_t cuts[] = {n + m - 1, n + 3, n - 2, 5};
    for (size_t i = 0; i < 4; i++) {
        struct input *in = input_open_memory(z, cuts[i]);
        ck_assert_int_eq(slurp(in, out, sizeof out, 64), -1);
        ck_assert_msg(strstr(input_error(in), "zstd"), "cut %zu: %s", cuts[i], input_error(in));
        input_close(in);
    }
}
END_TEST

/* Magic bytes decide, not names: short inputs that merely begin like one. */
START_TEST(magic_prefixes)
{
    char out[16];
    struct input *in = input_open_memory("\x1f", 1);
    ck_assert_int_eq(slurp(in, out, sizeof out, 4), 1);
    ck_assert_str_eq(input_format(in), "plain");
    input_close(in);
    in = input_open_memory("\x28\xb5\x2f", 3);
    ck_assert_int_eq(slurp(in, out, sizeof out, 4), 3);
    ck_assert_str_eq(input_format(in), "plain");
    input_close(in);
    in = input_open_memory("", 0);
    ck_assert_int_eq(slurp(in, out, sizeof out, 4), 0);
    input_close(in);
}
END_TEST

/* The first bytes of inputs that are not PGN, and what the refusal names;
 * then inputs that are PGN however they start (want NULL). */
#define B(s) s, sizeof s - 1
static const struct {
    const char *bytes;
    size_t len;
    const char *want;
} kinds[] = {
    {B("{\\rtf1\\ansi\\ansicpg1252\\deff0 [Event \"x\"]\\par"), "an RTF document"},
    {B("\xef\xbb\xbf\r\n{\\rtf1 x}"), "an RTF document"},
    {B("<!DOCTYPE html>\n<html><body><pre>[Event \"x\"]"), "an HTML page"},
    {B("\n\n  <HTML>\n<head>"), "an HTML page"},
    {B("<!-- saved from url -->\n<html>"), "an HTML page"},
    {B("<?xml version=\"1.0\"?>\n<games>"), "an XML document"},
    {B("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"), "a PDF document"},
    {B("\x89PNG\r\n\x1a\n\0\0\0\rIHDR"), "a PNG image"},
    {B("\xff\xd8\xff\xe0\0\x10JFIF"), "a JPEG image"},
    {B("GIF89a\x01\0\x01\0"), "a GIF image"},
    {B("\x7f" "ELF\x02\x01\x01"), "a program"},
    {B("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1\0\0"), "an old Office document"},
    {B("PK\3\4\x14\0\0\0\x08\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\x13\0\0\0[Content_Types].xml"),
     "an Office document"},
    {B("PK\3\4\x14\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\x08\0\0\0mimetype"
     "application/vnd.oasis.opendocument.spreadsheet"), "an OpenDocument file"},
    {B("[\0E\0v\0e\0n\0t\0 \0\"\0x\0\"\0]\0"), "UTF-16LE"},
    {B("\0[\0E\0v\0e\0n\0t\0 \0\"\0x\0\"\0]"), "UTF-16BE"},
    /* PGN */
    {B("{ a comment first }\n[Event \"x\"]"), NULL},
    {B("{\\ backslash}\n1. e4 *"), NULL},
    {B("% an escape line\n[Event \"x\"]"), NULL},
    {B("\xef\xbb\xbf\n\n[Event \"x\"]"), NULL},
    {B("\xff\xfe[\0E\0v\0e\0n\0t\0"), NULL}, /* UTF-16 with its mark: the lexer reads it */
    {B("\xfe\xff\0[\0E\0v\0e\0n\0t"), NULL},
    {B("<x"), NULL},                       /* no page: the reader says what it is */
    {B("1. e4 e5 *"), NULL},
    {B("PK\3\4"), NULL}, /* a plain zip: refused by input.c as compression */
    {B("[\0E\0"), NULL}, /* too short to tell */
};

/* input_kind_refusal() names each; an input over such bytes fails with that
 * reason at its first read, plain and gzipped, in any read sizes; a PGN is
 * read whole. */
START_TEST(not_pgn)
{
    const char *b = kinds[_i].bytes, *want = kinds[_i].want;
    size_t len = kinds[_i].len;
    char why[256];
    const char *r = input_kind_refusal((const unsigned char *)b, len, why, sizeof why);
    if (!want) {
        ck_assert_msg(!r, "case %d refused: %s", _i, r ? r : "");
    } else {
        ck_assert_msg(r && strstr(r, want), "case %d: %s", _i, r ? r : "(not refused)");
    }
    unsigned char gz[512];
    size_t gzlen = gzip_member(b, len, gz, sizeof gz);
    for (int packed = 0; packed < 2; packed++)
        for (size_t step = 1; step <= 64; step *= 4) {
            char out[512];
            struct input *in = packed ? input_open_memory_chunked(gz, gzlen, step)
                                      : input_open_memory_chunked(b, len, step);
            ptrdiff_t got = slurp(in, out, sizeof out, step);
            if (want) {
                ck_assert_msg(got == -1, "case %d packed %d step %zu: read %td", _i, packed, step,
                              got);
                ck_assert_str_eq(input_error(in), r);
            } else if (len != 4 || b[0] != 'P') { /* (a plain zip: refused as compression) */
                ck_assert_int_eq(got, (ptrdiff_t)len);
                ck_assert_mem_eq(out, b, len);
            }
            input_close(in);
        }
}
END_TEST

/* A range from the middle of a file is no file's start: not looked at. */
START_TEST(not_pgn_range_middle)
{
    char path[] = "/tmp/check_input_kind_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    static const char text[] = "[Event \"x\"]\n\n1. e4 *\n{\\rtf1 in a comment}\n";
    ck_assert_int_eq(write(fd, text, sizeof text - 1), (ssize_t)(sizeof text - 1));
    close(fd);
    char why[256], out[128];
    struct input *in = input_open_range(path, 22, UINT64_MAX, why, sizeof why);
    ck_assert_ptr_nonnull(in);
    ck_assert_int_eq(slurp(in, out, sizeof out, 7), (ptrdiff_t)(sizeof text - 1 - 22));
    input_close(in);
    unlink(path);
}
END_TEST

static char tmpdir[256];

static void make_tree(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/pgnarb-input-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(tmpdir));
    static const char *const files[] = {"b.pgn", "a.pgn.gz", "sub/z.pgn", "sub/c.pgn", ".hidden",
                                        "B.pgn"};
    char path[512];
    snprintf(path, sizeof path, "%s/sub", tmpdir);
    ck_assert_int_eq(mkdir(path, 0700), 0);
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", tmpdir, files[i]);
        FILE *f = fopen(path, "w");
        ck_assert_ptr_nonnull(f);
        fputs(text1, f);
        fclose(f);
    }
}

static void remove_tree(void)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    ck_assert_int_eq(system(cmd), 0);
}

static int collect(void *ctx, const char *path)
{
    char *list = ctx;
    strcat(list, path + strlen(tmpdir));
    strcat(list, " ");
    return 0;
}

START_TEST(files_and_walk)
{
    make_tree();
    char path[512], why[256], out[256];
    snprintf(path, sizeof path, "%s/b.pgn", tmpdir);
    struct input *in = input_open(path, why, sizeof why);
    ck_assert_ptr_nonnull(in);
    ck_assert_str_eq(input_name(in), path);
    ck_assert_int_eq(slurp(in, out, sizeof out, 7), sizeof text1 - 1);
    ck_assert_uint_eq(input_raw_bytes(in), sizeof text1 - 1);
    input_close(in);

    ck_assert_ptr_null(input_open(tmpdir, why, sizeof why));
    ck_assert_str_eq(why, "is a directory");
    snprintf(path, sizeof path, "%s/missing.pgn", tmpdir);
    ck_assert_ptr_null(input_open(path, why, sizeof why));
    ck_assert_str_eq(why, "No such file or directory");

    struct stat st;
    if (fstat(STDIN_FILENO, &st) == 0 && !S_ISDIR(st.st_mode)) {
        in = input_open("-", why, sizeof why);
        ck_assert_ptr_nonnull(in);
        ck_assert_str_eq(input_name(in), "<stdin>");
        input_close(in); /* does not close the process's stdin */
        ck_assert_int_eq(fstat(STDIN_FILENO, &st), 0);
    }

    char list[1024] = "";
    ck_assert_int_eq(input_walk(tmpdir, collect, list, why, sizeof why), 0);
    ck_assert_str_eq(list, "/B.pgn /a.pgn.gz /b.pgn /sub/c.pgn /sub/z.pgn ");
    list[0] = '\0';
    snprintf(path, sizeof path, "%s/b.pgn", tmpdir);
    ck_assert_int_eq(input_walk(path, collect, list, why, sizeof why), 0);
    ck_assert_str_eq(list, "/b.pgn ");
    snprintf(path, sizeof path, "%s/none", tmpdir);
    ck_assert_int_eq(input_walk(path, collect, list, why, sizeof why), -1);
    ck_assert_msg(strstr(why, "No such file"), "%s", why);
    remove_tree();
}
END_TEST

/* Line ends: what comes out of each stream, whatever the underlying chunk
 * size and the size of the reads. */
static const struct {
    const char *in, *out;
} line_ends[] = {
    {"a\rb\rc\r", "a\nb\nc\n"},                 /* classic Mac: every CR a line end */
    {"a\rb\r\nc\rd", "a\nb\r\nc\nd"},           /* ... a CRLF among them stays */
    {"\r", "\n"},                                /* a CR at the very end */
    {"\r\r\r\n\r", "\n\n\r\n\n"},
    {"a b\rc", "a b\nc"},
    {"a\r\nb\rc\r\n", "a\r\nb\rc\r\n"},       /* CRLF first: CR left alone */
    {"a\nb\rc\r", "a\nb\rc\r"},                 /* LF first: a stray CR breaks no line */
    {"no line end", "no line end"},
    {"", ""},
};

START_TEST(classic_mac_line_ends)
{
    for (size_t chunk = 0; chunk <= 4; chunk++) {
        for (size_t step = 1; step <= 5; step++) {
            const char *in_text = line_ends[_i].in, *want = line_ends[_i].out;
            struct input *in = input_open_memory_chunked(in_text, strlen(in_text), chunk);
            char out[64];
            ptrdiff_t n = slurp(in, out, sizeof out, step);
            ck_assert_msg(n == (ptrdiff_t)strlen(want) && memcmp(out, want, (size_t)n) == 0,
                          "case %d, chunk %zu, reads of %zu: got %zd bytes", _i, chunk, step, n);
            ck_assert_int_eq(input_read(in, out, sizeof out), 0);
            input_close(in);
        }
    }
}
END_TEST

/* input_set_tap() (`check --good/--bad`): the tap sees every byte handed
 * out, once and in order, as the stream holds it - a classic Mac file's CRs
 * too, which input_read() hands out as LF - whatever the read sizes. */
struct tap_copy {
    char bytes[64];
    size_t len;
};

static void tap_keep(void *ctx, const void *bytes, size_t n)
{
    struct tap_copy *t = ctx;
    ck_assert_uint_le(t->len + n, sizeof t->bytes);
    memcpy(t->bytes + t->len, bytes, n);
    t->len += n;
}

START_TEST(tap_sees_the_stream_as_it_is)
{
    for (size_t chunk = 0; chunk <= 4; chunk++) {
        for (size_t step = 1; step <= 5; step++) {
            const char *in_text = line_ends[_i].in;
            struct input *in = input_open_memory_chunked(in_text, strlen(in_text), chunk);
            struct tap_copy t = {{0}, 0};
            input_set_tap(in, tap_keep, &t);
            char out[64];
            ptrdiff_t n = slurp(in, out, sizeof out, step);
            ck_assert_int_eq(n, (ptrdiff_t)t.len);
            ck_assert_msg(t.len == strlen(in_text) && memcmp(t.bytes, in_text, t.len) == 0,
                          "case %d, chunk %zu, reads of %zu: the tap got %zu bytes", _i, chunk,
                          step, t.len);
            input_close(in);
        }
    }
}
END_TEST

/* A stream that fails part way gives the same bytes before the failure
 * whatever sizes it is read in (`check --jobs` reads in pieces, the lexer in
 * buffers) and whatever sizes its own reads return (a pipe): gzip and zstd,
 * truncated and corrupted. */
START_TEST(failure_point_independent_of_read_sizes)
{
    enum { BIG = 200000 };
    char *text = malloc(BIG);
    ck_assert_ptr_nonnull(text);
    for (size_t i = 0; i < BIG; i++) /* not too compressible */
        text[i] = (char)("1. e4 e5 2. Nf3 Nc6 *\n"[i % 22] + (i / 22 % 7 == 0 && i % 22 == 3));
    size_t cap = BIG * 2;
    unsigned char *z = malloc(cap), *a = malloc(BIG + 1), *b = malloc(BIG + 1);
    ck_assert(z && a && b);
    size_t gz = gzip_member(text, BIG, z, cap);
    size_t zs = ZSTD_compress(z + gz, cap - gz, text, BIG, 3);
    ck_assert(!ZSTD_isError(zs));
    struct {
        size_t start, len, flip;
    } cases[] = {
        {0, gz * 2 / 3, 0},  /* gzip cut short */
        {0, gz, gz / 2},     /* gzip with a byte flipped half way */
        {gz, zs * 2 / 3, 0}, /* zstd cut short */
        {gz, zs, zs - 2},    /* zstd with its last block damaged */
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        unsigned char *src = z + cases[c].start;
        if (cases[c].flip) src[cases[c].flip] ^= 0x55;
        size_t want = 0;
        bool failed;
        size_t steps[] = {BIG + 1, 65536, 4093, 1};
        for (size_t k = 0; k < sizeof steps / sizeof *steps; k++) {
            /* short reads underneath too: the file or pipe */
            struct input *in = input_open_memory_chunked(src, cases[c].len, (size_t[]){0, 7, 1, 333}[k]);
            size_t got = bytes_before_end(in, k ? b : a, BIG + 1, steps[k], &failed);
            ck_assert_msg(failed, "case %zu: the stream did not fail", c);
            if (k == 0) {
                want = got;
                /* cut short: what came out is the text's start (a damaged
                 * stream may give wrong bytes before its check fails) */
                if (!cases[c].flip) {
                    ck_assert(memcmp(a, text, want) == 0);
                    ck_assert_uint_gt(want, BIG / 4);
                }
            } else {
                ck_assert_msg(got == want, "case %zu, reads of %zu: %zu bytes before the failure, %zu with reads of %zu",
                              c, steps[k], got, want, steps[0]);
            }
            input_close(in);
        }
        if (cases[c].flip) src[cases[c].flip] ^= 0x55;
    }
    free(text);
    free(z);
    free(a);
    free(b);
}
END_TEST

/* A source input: the bytes fn gives, as they are (no format sniffing, no
 * line-break rule), then its end or its failure with fn's reason. */
struct source_case {
    const char *text;
    size_t pos;
    const char *why; /* NULL: a clean end */
};

static ptrdiff_t source_read(void *ctx, void *buf, size_t n, const char **why)
{
    struct source_case *c = ctx;
    size_t left = strlen(c->text) - c->pos;
    if (left == 0) {
        if (!c->why) return 0;
        *why = c->why;
        return -1;
    }
    size_t k = left < n ? left : n;
    if (k > 3) k = 3; /* short reads */
    memcpy(buf, c->text + c->pos, k);
    c->pos += k;
    return (ptrdiff_t)k;
}

START_TEST(source_inputs)
{
    /* gzip magic and bare CRs, which input_open_memory would decode */
    static const char text[] = "\x1f\x8b then\rbare CR\r";
    struct source_case c = {text, 0, NULL};
    struct input *in = input_open_source(source_read, &c, "piece.pgn");
    char out[64];
    ck_assert_int_eq(slurp(in, out, sizeof out, 5), sizeof text - 1);
    ck_assert(memcmp(out, text, sizeof text - 1) == 0);
    ck_assert_str_eq(input_name(in), "piece.pgn");
    ck_assert_str_eq(input_format(in), "plain");
    ck_assert_str_eq(input_error(in), "");
    input_close(in);

    struct source_case f = {"abc", 0, "corrupt zstd stream: test"};
    in = input_open_source(source_read, &f, "piece.pgn");
    ck_assert_int_eq(slurp(in, out, sizeof out, 5), -1);
    ck_assert_str_eq(input_error(in), "corrupt zstd stream: test");
    ck_assert_int_eq(input_read(in, out, 1), -1); /* stays failed */
    input_close(in);
}
END_TEST

/*
 * Out of memory is not corruption.  Memory is taken away with an address
 * space limit (setrlimit(RLIMIT_AS)), which the sanitizers' shadow memory
 * does not live with, nor valgrind (it stops when its own allocations
 * fail): under ASan/TSan and valgrind these tests only check that the same
 * streams decode when memory is there (and say so on stderr; testutil.h).
 */

/* A zstd frame of text1 that declares a window of 1 GiB (RFC 8878 3.1.1.1.2:
 * Window_Descriptor exponent 20, mantissa 0) and holds one raw block. */
static size_t zstd_frame_1gib_window(unsigned char *out, size_t cap)
{
    size_t len = sizeof text1 - 1;
    ck_assert_uint_ge(cap, 9 + len);
    static const unsigned char header[] = {0x28, 0xb5, 0x2f, 0xfd, 0x00, 20 << 3};
    memcpy(out, header, sizeof header);
    unsigned block = 1u | (unsigned)len << 3; /* Last_Block, Raw_Block, Block_Size */
    out[6] = (unsigned char)block;
    out[7] = (unsigned char)(block >> 8);
    out[8] = (unsigned char)(block >> 16);
    memcpy(out + 9, text1, len);
    return 9 + len;
}

/* zstd allocates a frame's window when it meets its header: a 1 GiB window
 * (the maximum raised to 2 GiB) with 256 MB of address space to spare. */
START_TEST(zstd_window_out_of_memory)
{
    unsigned char z[128];
    size_t n = zstd_frame_1gib_window(z, sizeof z);
    char out[256];
    /* with the memory there, the frame is sound */
    struct input *in = input_open_memory(z, n);
    input_set_zstd_window_max(in, (uint64_t)2 << 30);
    ck_assert_int_eq(slurp(in, out, sizeof out, 64), sizeof text1 - 1);
    ck_assert(memcmp(out, text1, sizeof text1 - 1) == 0);
    input_close(in);
#ifdef TEST_SANITIZED
    fprintf(stderr, "zstd_window_out_of_memory: no address space limit under a sanitizer\n");
#else
    if (test_under_valgrind()) {
        fprintf(stderr, "zstd_window_out_of_memory: no address space limit under valgrind\n");
        return;
    }
    in = input_open_memory(z, n);
    input_set_zstd_window_max(in, (uint64_t)2 << 30);
    struct rlimit old;
    ck_assert_int_eq(getrlimit(RLIMIT_AS, &old), 0);
    struct rlimit lim = {(rlim_t)test_address_space_in_use() + ((rlim_t)256 << 20), old.rlim_max};
    ck_assert_int_eq(setrlimit(RLIMIT_AS, &lim), 0);
    bool failed;
    size_t got = bytes_before_end(in, out, sizeof out, 64, &failed);
    ck_assert_int_eq(setrlimit(RLIMIT_AS, &old), 0);
    ck_assert_msg(failed && got == 0, "read %zu bytes", got);
    ck_assert_str_eq(input_error(in), "out of memory for the zstd frame at byte 0, which needs "
                                      "a window of 1073741824 bytes");
    input_close(in);
#endif
}
END_TEST

#ifndef TEST_SANITIZED
/* Every block of the heap the allocator will still hand out, chained. */
struct eaten {
    struct eaten *next;
};

static struct eaten *eat_heap(void)
{
    struct eaten *list = NULL;
    for (size_t size = (size_t)1 << 20; size >= sizeof *list; size /= 2)
        for (struct eaten *e; (e = malloc(size));) {
            e->next = list;
            list = e;
        }
    return list;
}
#endif

/* The decoders' own state cannot be allocated (zlib's inflateInit2() gives
 * Z_MEM_ERROR, ZSTD_createDStream() NULL): the address space limited to
 * what is in use and the heap eaten before the first read. */
START_TEST(decoder_out_of_memory)
{
    unsigned char buf[512];
    size_t n;
    const char *want;
    if (_i == 0) {
        n = gzip_member(text1, sizeof text1 - 1, buf, sizeof buf);
        want = "out of memory for the gzip decoder";
    } else {
        n = ZSTD_compress(buf, sizeof buf, text1, sizeof text1 - 1, 3);
        ck_assert(!ZSTD_isError(n));
        want = "out of memory for the zstd decoder";
    }
    char out[256];
    struct input *in = input_open_memory(buf, n); /* with the memory there: sound */
    ck_assert_int_eq(slurp(in, out, sizeof out, 64), sizeof text1 - 1);
    input_close(in);
#ifdef TEST_SANITIZED
    fprintf(stderr, "decoder_out_of_memory: no address space limit under a sanitizer\n");
    (void)want;
#else
    if (test_under_valgrind()) {
        fprintf(stderr, "decoder_out_of_memory: no address space limit under valgrind\n");
        return;
    }
    in = input_open_memory(buf, n);
    struct rlimit old;
    ck_assert_int_eq(getrlimit(RLIMIT_AS, &old), 0);
    struct rlimit lim = {(rlim_t)test_address_space_in_use(), old.rlim_max};
    ck_assert_int_eq(setrlimit(RLIMIT_AS, &lim), 0);
    struct eaten *eaten = eat_heap();
    ptrdiff_t got = input_read(in, out, sizeof out);
    while (eaten) {
        struct eaten *next = eaten->next;
        free(eaten);
        eaten = next;
    }
    ck_assert_int_eq(setrlimit(RLIMIT_AS, &old), 0);
    ck_assert_int_eq(got, -1);
    ck_assert_str_eq(input_error(in), want);
    input_close(in);
#endif
}
END_TEST

Suite *input_suite(void);
Suite *input_suite(void)
{
    Suite *s = suite_create("input");
    TCase *tc = tcase_create("streams");
    tcase_add_loop_test(tc, memory_plain, 0, 4);
    tcase_add_test(tc, line_count_any_read_size);
    tcase_add_test(tc, gzip_concatenated_members);
    tcase_add_test(tc, gzip_truncated_and_corrupt);
    tcase_add_test(tc, zstd_frames);
    tcase_add_test(tc, zstd_window_out_of_memory);
    tcase_add_loop_test(tc, decoder_out_of_memory, 0, 2);
    tcase_add_test(tc, failure_point_independent_of_read_sizes);
    tcase_add_test(tc, source_inputs);
    tcase_add_test(tc, magic_prefixes);
    tcase_add_loop_test(tc, not_pgn, 0, (int)(sizeof kinds / sizeof *kinds));
    tcase_add_test(tc, not_pgn_range_middle);
    tcase_add_loop_test(tc, classic_mac_line_ends, 0, (int)(sizeof line_ends / sizeof *line_ends));
    tcase_add_loop_test(tc, tap_sees_the_stream_as_it_is, 0,
                        (int)(sizeof line_ends / sizeof *line_ends));
    suite_add_tcase(s, tc);
    tc = tcase_create("files");
    tcase_add_test(tc, files_and_walk);
    suite_add_tcase(s, tc);
    return s;
}
