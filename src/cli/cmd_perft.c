/*
 * cmd_perft.c - `pgnarbiter perft FEN DEPTH [--divide] [--chess960]`: count
 * the legal move sequences of DEPTH plies from FEN, the standard self-check
 * of a move generator against published counts.  --divide prints one
 * "UCI-move: count" line per legal first move (sorted by the move text), then
 * the total on the last line.  A FEN that cannot be parsed, or describes a
 * position the move generator cannot work on (king count, ...), is a usage
 * error (exit 2) with the reason on the error stream; an impossible but
 * workable position (say, an impossible double check, as perft suites
 * contain) is counted after a warning on the error stream.
 */
#include "cli/cli.h"

#include "i18n.h"
#include "report/escape.h"

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "chess/san.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* Deepest perft accepted (the "prison" position has exactly 1 node at 32). */
#define PERFT_DEPTH_MAX 64

struct divide_line {
    char uci[SAN_MAX];
    uint64_t nodes;
};

static int cmp_divide(const void *a, const void *b)
{
    return strcmp(((const struct divide_line *)a)->uci, ((const struct divide_line *)b)->uci);
}

static int usage(FILE *err, const char *msg)
{
    if (msg) fprintf(err, "pgnarbiter: %s\n", msg);
    fputs(_("Usage: pgnarbiter perft FEN DEPTH [--divide] [--chess960]\n"), err);
    return CLI_EXIT_USAGE;
}

int cmd_perft(int argc, char **argv, FILE *out, FILE *err)
{
    const char *fen = NULL, *depth_arg = NULL;
    bool divide = false;
    unsigned flags = 0;
    bool options = true; /* anywhere, until "--" */
    char v[CLI_ARG_SHOWN]; /* what the user gave, escaped for a message */
    for (int i = 1; i < argc; i++) {
        if (options && strcmp(argv[i], "--") == 0)
            options = false;
        else if (options && strcmp(argv[i], "--divide") == 0)
            divide = true;
        else if (options && strcmp(argv[i], "--chess960") == 0)
            flags |= FEN_CHESS960;
        else if (options && (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)) {
            cli_usage(out, "perft");
            return CLI_EXIT_OK;
        } else if (options && argv[i][0] == '-' && argv[i][1] == '-') {
            char name[64]; /* the option's name, up to any '=' */
            size_t n = strcspn(argv[i], "=");
            snprintf(name, sizeof name, "%.*s", (int)(n < 60 ? n : 60), argv[i]);
            fprintf(err, _("pgnarbiter: unknown option '%s' for perft\n"), cli_arg(v, name));
            return usage(err, NULL);
        }
        else if (!fen)
            fen = argv[i];
        else if (!depth_arg)
            depth_arg = argv[i];
        else
            return usage(err, _("too many arguments for perft (quote the FEN)"));
    }
    if (!fen || !depth_arg) return usage(err, _("perft needs a FEN and a depth"));
    char *end;
    long depth = strtol(depth_arg, &end, 10);
    if (*depth_arg == '\0' || *end != '\0' || depth < 0 || depth > PERFT_DEPTH_MAX) {
        fprintf(err, _("pgnarbiter: perft depth '%s' is not a number from 0 to %d\n"),
                cli_arg(v, depth_arg), PERFT_DEPTH_MAX);
        return CLI_EXIT_USAGE;
    }

    struct position pos;
    char why[160], shown[4 * sizeof why + 4]; /* why quotes the FEN: shown escaped */
    enum fen_status st = fen_parse(&pos, fen, flags, why, sizeof why);
    if (st == FEN_ILLEGAL && pos_ok(&pos)) {
        /* Impossible material or checks: countable, and perft suites
         * contain such positions on purpose. */
        fprintf(err, _("pgnarbiter: warning: illegal position: %s (counted anyway)\n"),
                escape_str(shown, sizeof shown, why, ESCAPE_HEX));
    } else if (st != FEN_OK) {
        fprintf(err, _("pgnarbiter: %s: %s\n"),
                st == FEN_BAD ? _("bad FEN") : _("illegal position"),
                escape_str(shown, sizeof shown, why, ESCAPE_HEX));
        return CLI_EXIT_USAGE;
    }

    if (!divide || depth == 0) {
        fprintf(out, "%" PRIu64 "\n", movegen_perft(&pos, (int)depth));
        return CLI_EXIT_OK;
    }
    move list[MOVES_MAX];
    struct divide_line lines[MOVES_MAX];
    int n = movegen_legal(&pos, list);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        struct position next = pos;
        san_uci(&pos, list[i], lines[i].uci);
        pos_make(&next, list[i]);
        lines[i].nodes = movegen_perft(&next, (int)depth - 1);
        total += lines[i].nodes;
    }
    qsort(lines, (size_t)n, sizeof lines[0], cmp_divide);
    for (int i = 0; i < n; i++)
        fprintf(out, "%s: %" PRIu64 "\n", lines[i].uci, lines[i].nodes);
    fprintf(out, "%" PRIu64 "\n", total);
    return CLI_EXIT_OK;
}
