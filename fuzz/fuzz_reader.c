/*
 * fuzz_reader.c - libFuzzer target for the whole reader: arbitrary bytes go
 * through input_open_memory (so gzip and zstd decoding is fuzzed too), the
 * lexer and the parser.  Besides the sanitizers it checks the invariants the
 * parser promises (pgn_parse.h): the event grammar (every GAME_BEGIN has its
 * GAME_END, RAV_BEGIN/RAV_END balance, depth within the limit, RESULT last),
 * that the event stream does not depend on how the input is chunked, and
 * that the parser's fast paths change nothing (every field of every event
 * and diagnostic is the same with pgn_parser_set_fast_paths() off).
 *
 * Build and run: `make fuzz`, then `make fuzz-run` (see README.md).
 */
#include "pgn/input.h"
#include "pgn/pgn_parse.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void on_diag(void *ctx, const struct diag *d)
{
    uint64_t *h = ctx;
    *h = (*h ^ (uint64_t)d->code ^ (d->loc.offset << 8)) * 1099511628211ull;
    *h = (*h ^ d->loc.line ^ ((uint64_t)d->loc.column << 32) ^ d->game) * 1099511628211ull;
    for (const char *m = d->message; m && *m; m++)
        *h = (*h ^ (unsigned char)*m) * 1099511628211ull;
    if (!d->message || !d->file)
        abort();
}

/* Hash of the events and diagnostics; *failed when the stream was corrupt
 * (then how much decodes before the error depends on the chunking). */
static uint64_t run(const uint8_t *data, size_t size, size_t chunk, bool fast, bool *failed)
{
    struct input *in = input_open_memory_chunked(data, size, chunk);
    uint64_t h = 1469598103934665603ull, dh = h;
    struct pgn_parser *p = pgn_parser_new(in, on_diag, &dh);
    pgn_parser_set_fast_paths(p, fast);
    struct pgn_event ev;
    bool open = false, movetext = false, result = false;
    unsigned depth = 0;
    uint64_t games = 0;
    while (pgn_parser_next_unfolded(p, &ev)) {
        h = (h ^ (uint64_t)ev.type ^ (ev.loc.offset << 8) ^ ((uint64_t)ev.len << 40)) *
            1099511628211ull;
        h = (h ^ ev.loc.line ^ ((uint64_t)ev.loc.column << 32)) * 1099511628211ull;
        h = (h ^ ev.number ^ ((uint64_t)ev.dots << 32) ^ ((uint64_t)ev.depth << 48) ^
             ((uint64_t)ev.has_result << 63)) * 1099511628211ull;
        for (size_t i = 0; i < ev.len; i++)
            h = (h ^ (unsigned char)ev.text[i]) * 1099511628211ull;
        for (size_t i = 0; i < ev.name_len; i++)
            h = (h ^ (unsigned char)ev.name[i]) * 1099511628211ull;
        if ((ev.name != NULL) != (ev.type == PGN_EV_TAG) || (!ev.text && ev.len))
            abort();
        if (ev.type == PGN_EV_GAME_BEGIN) {
            if (open || ev.game != ++games)
                abort();
            open = true;
            movetext = result = false;
            continue;
        }
        if (!open || ev.game != games || (result && ev.type != PGN_EV_GAME_END))
            abort();
        switch (ev.type) {
        case PGN_EV_TAG:
            if (movetext || !ev.name || strlen(ev.name) != ev.name_len)
                abort();
            break;
        case PGN_EV_MOVETEXT_BEGIN:
            if (movetext)
                abort();
            movetext = true;
            break;
        case PGN_EV_RAV_BEGIN:
            if (!movetext || ++depth > PGN_PARSE_RAV_DEPTH_MAX || ev.depth != depth)
                abort();
            break;
        case PGN_EV_RAV_END:
            if (depth == 0 || ev.depth != depth--)
                abort();
            break;
        case PGN_EV_RESULT:
            if (!movetext || depth)
                abort();
            result = true;
            break;
        case PGN_EV_GAME_END:
            if (!movetext || depth || ev.has_result != result)
                abort();
            open = false;
            break;
        default:
            if (!movetext || ev.depth != depth)
                abort();
        }
    }
    if (open || games != pgn_parser_games(p))
        abort();
    pgn_parser_free(p);
    *failed = input_error(in)[0] != '\0';
    input_close(in);
    return h ^ dh;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    bool fa, fb, fc;
    size_t chunk = size ? 1 + data[size / 2] % 61 : 1;
    uint64_t a = run(data, size, 0, true, &fa);
    uint64_t b = run(data, size, chunk, true, &fb);
    uint64_t c = run(data, size, chunk, false, &fc);
    if ((!fa && !fb && a != b) || b != c)
        abort();
    return 0;
}
