/*
 * merge_trf.c - check --trf under `pgnarbiter merge`: every shard must name
 * the same TRF (its name, the hash of its bytes, --trf-require-all); merge
 * reads it again (trf/trf.h), from merge --trf when given, holds its own
 * findings until the report is made (one run writes them first) and makes
 * the matcher (judge/trf_match.h) that the shards' game records cover.
 */
#include "cli/cli.h"
#include "cli/merge_internal.h"

#include "diag/diag.h"
#include "diag/diag_control.h"
#include "i18n.h"
#include "judge/trf_match.h"
#include "trf/trf.h"

#include <stdlib.h>
#include <string.h>

/* A finding of the TRF's own, held until the report is made, at its
 * controlled level (notes only when the shards ran --strict). */
static void trf_held(void *ctx, const struct diag *found)
{
    struct merge *m = ctx;
    unsigned level = diag_control_level(m->ctl, found->code, found->severity);
    if (level == DIAG_LEVEL_OFF || (level == DIAG_NOTE && !m->strict)) return;
    if (m->trf_nheld == m->trf_held_cap) {
        size_t cap = m->trf_held_cap ? 2 * m->trf_held_cap : 16;
        struct diag *h = realloc(m->trf_held, cap * sizeof *h);
        if (!h) return;
        m->trf_held = h;
        m->trf_held_cap = cap;
    }
    struct diag *h = &m->trf_held[m->trf_nheld++];
    *h = *found;
    h->severity = (enum diag_severity)level;
    h->message = strdup(found->message);
}

/* The shards ran check --trf: the same TRF (its name, hash and
 * --trf-require-all in every summary) is read again, from path when given
 * (merge --trf), else from where the shards named it.  False with a message. */
bool merge_open_trf(struct merge *m, struct shard_file *s, size_t count, const char *path,
                    FILE *err)
{
    for (size_t i = 1; i < count; i++)
        if (!s[i].trf != !s[0].trf ||
            (s[0].trf && (strcmp(s[i].trf, s[0].trf) != 0 ||
                          strcmp(s[i].trf_hash, s[0].trf_hash) != 0 ||
                          s[i].trf_require_all != s[0].trf_require_all))) {
            merge_error(err, _("%s was run with another --trf or --trf-require-all than %s: run "
                               "every shard with the same TRF."),
                        s[i].path, s[0].path);
            return false;
        }
    if (!s[0].trf) return true;
    char why[512] = "", hash[17];
    m->trf = trf_read_file(path ? path : s[0].trf, s[0].trf, trf_held, m, why, sizeof why);
    if (!m->trf) {
        merge_error(err, _("cannot read the TRF %s the shards were checked against: %s."),
                    path ? path : s[0].trf, why);
        return false;
    }
    snprintf(hash, sizeof hash, "%016llx", (unsigned long long)m->trf->hash);
    if (strcmp(hash, s[0].trf_hash) != 0) {
        merge_error(err, _("the TRF %s is not the file the shards were checked against (its "
                           "bytes differ): give that one with --trf."),
                    path ? path : s[0].trf, "");
        return false;
    }
    trf_check(m->trf, s[0].trf, trf_held, m);
    m->trf_match = trf_match_new(m->trf, s[0].trf, s[0].trf_require_all, m->strict);
    if (!m->trf_match) {
        fputs(_("pgnarbiter merge: out of memory\n"), err);
        return false;
    }
    trf_match_set_control(m->trf_match, m->ctl);
    return true;
}
