/*
 * pgnarbiter.c - libpgnarbiter's checker (include/pgnarbiter.h): the options
 * made the run's (api/check_run.h, the command's own code path), the inputs
 * queued, and the producer thread that runs the check over them while the
 * caller takes the records (api_records.c).  Bytes fed in chunks and FILE*
 * inputs are read through pgn/input.h as a file is (format detected, line
 * breaks), so a record's json is the line `check --format=jsonl` writes.
 */
#include "api/api_internal.h"

#include "i18n.h"

#include "jobs/replay_pool.h"
#include "judge/clock_check.h"
#include "pgn/input.h"

#include "localedir.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* The most jobs the options may ask for (the command's --jobs limit). */
#define API_JOBS_MAX 256u

#if ENABLE_NLS
static pthread_once_t i18n_once = PTHREAD_ONCE_INIT;

/* The library's catalogue: $PGNARBITER_LOCALEDIR when set, else the
 * install prefix's (localedir.h); UTF-8 whatever LC_CTYPE says, as the
 * program's messages. */
static void bind_catalogue(void)
{
    const char *dir = getenv("PGNARBITER_LOCALEDIR");
    bindtextdomain(PACKAGE, dir && dir[0] ? dir : LOCALEDIR);
    bind_textdomain_codeset(PACKAGE, "UTF-8");
}
#endif

void api_i18n_init(void)
{
#if ENABLE_NLS
    pthread_once(&i18n_once, bind_catalogue);
#endif
}

PGNARBITER_API const char *pgnarbiter_version(void)
{
    return PACKAGE_VERSION;
}

int api_fail(pgnarbiter_checker *c, int status, const char *fmt, ...)
{
    if (status == PGNARBITER_ERR_MEMORY) c->state = status; /* it can only be freed */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->error, sizeof c->error, fmt, ap);
    va_end(ap);
    return status;
}

PGNARBITER_API const char *pgnarbiter_error(const pgnarbiter_checker *c)
{
    return c ? c->error : "";
}

PGNARBITER_API void pgnarbiter_options_init(struct pgnarbiter_options *o)
{
    if (!o) return;
    memset(o, 0, sizeof *o);
    o->size = sizeof *o;
    o->jobs = 1;
    o->clock_delay = -1;
    o->clock_slack = -1;
}

/* A --clock-delay or --clock-slack value in seconds: < 0 keeps def. */
static bool clock_ms(double s, int64_t def, int64_t *ms)
{
    if (s < 0) {
        *ms = def;
        return true;
    }
    if (!(s <= CLOCK_OPTION_MAX_S)) return false; /* NaN too */
    *ms = (int64_t)(s * 1000.0 + 0.5);
    return true;
}

/* A bad --ignore, --select or --severity value, in why. */
static void control_error(char *why, size_t whylen, const char *option,
                          const struct diag_control_error *e)
{
    char what[256];
    snprintf(what, sizeof what, "%.*s", (int)(e->len < 200 ? e->len : 200), e->at);
    switch (e->fault) {
    case DIAG_CONTROL_FIXED_CODE:
        snprintf(why, whylen,
                 _("the code '%s' cannot be ignored, unselected or changed: an input "
                   "that was not read never passes unseen"),
                 what);
        break;
    case DIAG_CONTROL_BAD_PAIR:
        snprintf(why, whylen, _("--severity takes CODE=LEVEL (error, warning, note), not '%s'"),
                 what);
        break;
    case DIAG_CONTROL_BAD_LEVEL:
        snprintf(why, whylen, _("unknown level '%s' in --severity (error, warning, note)"), what);
        break;
    default:
        snprintf(why, whylen,
                 _("unknown code '%s' in %s; 'pgnarbiter explain --list' lists the codes"), what,
                 option);
    }
}

/* o made the run's options in c->opt (strings copied); false with why. */
static bool settle_options(pgnarbiter_checker *c, const struct pgnarbiter_options *o, char *why,
                           size_t whylen)
{
    struct check_run_options *r = &c->opt;
    check_run_options_init(r);
    struct diag_control_error ce;
    if (o->size != sizeof *o) {
        snprintf(why, whylen, "%s",
                 _("the options were not made by pgnarbiter_options_init() of this version"));
        return false;
    }
    r->strict = o->strict != 0;
    r->werror = o->werror != 0;
    r->games_records = c->report_games = o->report_games != 0;
    if (o->jobs > API_JOBS_MAX) {
        snprintf(why, whylen, _("jobs takes a number from 0 (one per processor) to %u, not %u"),
                 API_JOBS_MAX, o->jobs);
        return false;
    }
    r->jobs = o->jobs ? o->jobs : replay_pool_online_jobs();
    if (o->notation && !nota_parse_mode(o->notation, &r->notation)) {
        snprintf(why, whylen, _("unknown --notation '%s' (auto, en, it, es, fr, de, nl, figurine)"),
                 o->notation);
        return false;
    }
    if (o->select) {
        if (!diag_control_parse_codes(r->spec.select, o->select, &ce))
            return control_error(why, whylen, "--select", &ce), false;
        r->spec.select_given = true;
    }
    if (o->ignore) {
        if (!diag_control_parse_codes(r->spec.ignore, o->ignore, &ce))
            return control_error(why, whylen, "--ignore", &ce), false;
        r->spec.ignore_given = true;
    }
    if (o->severity && !diag_control_parse_severities(&r->spec, o->severity, &ce))
        return control_error(why, whylen, "--severity", &ce), false;
    if (o->duplicates && !collection_parse_duplicates(o->duplicates, &r->duplicates)) {
        snprintf(why, whylen, _("unknown --duplicates '%s' (off, moves, strict)"), o->duplicates);
        return false;
    }
    if (o->round_form && !collection_parse_round_form(o->round_form, &r->round_form)) {
        snprintf(why, whylen, _("unknown --round-form '%s' (auto, board, game)"), o->round_form);
        return false;
    }
    if (o->after_illegal) {
        if (strcmp(o->after_illegal, "stop") != 0 && strcmp(o->after_illegal, "continue") != 0) {
            snprintf(why, whylen, _("unknown --after-illegal '%s' (stop, continue)"),
                     o->after_illegal);
            return false;
        }
        r->after_illegal_stop = strcmp(o->after_illegal, "stop") == 0;
    }
    bool delay_ok = clock_ms(o->clock_delay, 0, &r->clock_delay_ms);
    if (!delay_ok || !clock_ms(o->clock_slack, CLOCK_SLACK_DEFAULT_MS, &r->clock_slack_ms)) {
        char value[64];
        snprintf(value, sizeof value, "%g", delay_ok ? o->clock_slack : o->clock_delay);
        snprintf(why, whylen, _("%s takes seconds from 0 to %d, such as 5 or 1.5, not '%s'"),
                 delay_ok ? "--clock-slack" : "--clock-delay", CLOCK_OPTION_MAX_S, value);
        return false;
    }
    if ((o->players || o->trf_require_all) && !o->trf) {
        snprintf(why, whylen, "%s", _("--players and --trf-require-all need --trf FILE"));
        return false;
    }
    if (o->stdin_name && !o->stdin_name[0]) {
        snprintf(why, whylen, "%s", _("--stdin-name needs a name that is not empty"));
        return false;
    }
    r->trf_require_all = o->trf_require_all != 0;
    c->trf_given = o->trf != NULL;
    /* no settings file unless one is named */
    r->no_config = !o->config;
    if ((o->trf && !(c->trf = strdup(o->trf))) ||
        (o->players && !(c->players = strdup(o->players))) ||
        (o->config && !(c->config = strdup(o->config))) ||
        !(c->stdin_name = strdup(o->stdin_name ? o->stdin_name : "<stdin>"))) {
        snprintf(why, whylen, "%s", _("out of memory"));
        return false;
    }
    r->trf = c->trf;
    r->players = c->players;
    r->config = c->config;
    r->stdin_name = c->stdin_name;
    return true;
}

/* The bytes of a FILE* input. */
static ptrdiff_t read_file(void *ctx, void *buf, size_t n, const char **why)
{
    FILE *f = ctx;
    size_t got = fread(buf, 1, n, f);
    if (got == 0 && ferror(f)) {
        *why = strerror(errno ? errno : EIO);
        return -1;
    }
    return (ptrdiff_t)got;
}

/* The bytes fed: waits for a chunk (the caller is told NEED_INPUT once the
 * records so far are handed over); 0 once feed_end() came and all are read. */
static ptrdiff_t read_fed(void *ctx, void *buf, size_t n, const char **why)
{
    (void)why;
    struct api_input *in = ctx;
    pgnarbiter_checker *c = in->owner;
    pthread_mutex_lock(&c->mu);
    while (!in->chunks && !in->ended && !c->quit) {
        api_hand_over_locked(c);
        c->idle = true;
        pthread_cond_signal(&c->wake_consumer);
        pthread_cond_wait(&c->wake_producer, &c->mu);
    }
    size_t got = 0;
    while (got < n && in->chunks && !c->quit) {
        struct api_chunk *k = in->chunks;
        size_t take = k->len - k->pos < n - got ? k->len - k->pos : n - got;
        memcpy((unsigned char *)buf + got, k->bytes + k->pos, take);
        got += take;
        k->pos += take;
        if (k->pos == k->len) {
            in->chunks = k->next;
            if (!in->chunks) in->chunks_tail = &in->chunks;
            free(k);
        }
    }
    pthread_mutex_unlock(&c->mu);
    return (ptrdiff_t)got;
}

/* One input of the queue, read and judged on the producer thread. */
static void run_input(pgnarbiter_checker *c, struct api_input *in)
{
    struct input *stream = NULL;
    const char *name = in->name;
    switch (in->kind) {
    case API_IN_PATH:
        check_run_path(c->run, in->name);
        return;
    case API_IN_FILE:
        stream = input_open_reader(read_file, in->f, name);
        break;
    case API_IN_BYTES:
        stream = input_open_memory(in->bytes, in->len);
        break;
    case API_IN_FEED:
        stream = input_open_reader(read_fed, in, name);
        break;
    }
    if (!stream) {
        api_lost(c);
        return;
    }
    check_run_input(c->run, stream, name);
    input_close(stream);
}

static void free_input(struct api_input *in)
{
    for (struct api_chunk *k = in->chunks, *next; k; k = next) {
        next = k->next;
        free(k);
    }
    free(in->name);
    free(in);
}

static void *producer(void *arg)
{
    pgnarbiter_checker *c = arg;
    replay_pool_block_interrupts();
    for (;;) {
        pthread_mutex_lock(&c->mu);
        if (!c->inputs && !c->inputs_ended && !c->quit && c->opt.jobs > 1) {
            /* about to wait: what the pool holds is delivered first */
            pthread_mutex_unlock(&c->mu);
            check_run_drain(c->run);
            pthread_mutex_lock(&c->mu);
        }
        while (!c->inputs && !c->inputs_ended && !c->quit) {
            api_hand_over_locked(c);
            c->idle = true;
            pthread_cond_signal(&c->wake_consumer);
            pthread_cond_wait(&c->wake_producer, &c->mu);
        }
        struct api_input *in = c->quit ? NULL : c->inputs;
        if (in) {
            c->inputs = in->next;
            if (!c->inputs) c->inputs_tail = &c->inputs;
        }
        bool quit = c->quit || c->producer_failed;
        pthread_mutex_unlock(&c->mu);
        if (!in || quit) {
            if (in) free_input(in);
            break;
        }
        run_input(c, in);
        free_input(in);
    }
    pthread_mutex_lock(&c->mu);
    bool quit = c->quit;
    pthread_mutex_unlock(&c->mu);
    if (!quit) {
        check_run_finish(c->run, c->trf_given && !c->any_input, 0);
        api_summary(c, check_run_totals(c->run));
    }
    pthread_mutex_lock(&c->mu);
    api_hand_over_locked(c);
    c->done = true;
    pthread_cond_signal(&c->wake_consumer);
    pthread_mutex_unlock(&c->mu);
    return NULL;
}

PGNARBITER_API pgnarbiter_checker *pgnarbiter_new(const struct pgnarbiter_options *o, char *why,
                                                  size_t whylen)
{
    char reason[CHECK_RUN_WHY_MAX] = "";
    struct pgnarbiter_options defaults;
    api_i18n_init();
    if (!o) {
        pgnarbiter_options_init(&defaults);
        o = &defaults;
    }
    pgnarbiter_checker *c = calloc(1, sizeof *c);
    if (!c) {
        if (why && whylen) snprintf(why, whylen, "%s", _("out of memory"));
        return NULL;
    }
    c->inputs_tail = &c->inputs;
    c->ready_tail = &c->ready;
    pthread_mutex_init(&c->mu, NULL);
    pthread_cond_init(&c->wake_producer, NULL);
    pthread_cond_init(&c->wake_consumer, NULL);
    bool ok = settle_options(c, o, reason, sizeof reason);
    if (ok) {
        struct check_run_sink sink = {c, api_sink_diag, api_sink_game, NULL, NULL, NULL, false};
        enum check_run_error err;
        c->run = check_run_new(&c->opt, &sink, &err, reason, sizeof reason);
        ok = c->run &&
             (!c->trf || check_run_open_event(c->run, reason, sizeof reason) == CHECK_RUN_OK);
    }
    unsigned jobs;
    if (ok) {
        check_run_set_halt(c->run, &c->halt);
        ok = check_run_start(c->run, &jobs);
        if (!ok) snprintf(reason, sizeof reason, "%s", _("out of memory"));
    }
    if (ok) {
        ok = pthread_create(&c->thread, NULL, producer, c) == 0;
        if (!ok) snprintf(reason, sizeof reason, "%s", _("cannot start a thread"));
        c->thread_started = ok;
    }
    if (!ok) {
        if (why && whylen) snprintf(why, whylen, "%s", reason);
        pgnarbiter_free(c);
        return NULL;
    }
    return c;
}

PGNARBITER_API void pgnarbiter_free(pgnarbiter_checker *c)
{
    if (!c) return;
    if (c->thread_started) {
        atomic_store_explicit(&c->abandon, true, memory_order_relaxed);
        pthread_mutex_lock(&c->mu);
        c->quit = true;
        pthread_cond_broadcast(&c->wake_producer);
        pthread_mutex_unlock(&c->mu);
        pthread_join(c->thread, NULL);
    }
    check_run_free(c->run);
    api_batch_free(c->filling);
    api_batch_free(c->current);
    for (struct api_batch *b = c->ready, *next; b; b = next) {
        next = b->next;
        api_batch_free(b);
    }
    for (struct api_input *in = c->inputs, *next; in; in = next) {
        next = in->next;
        free_input(in);
    }
    pthread_cond_destroy(&c->wake_producer);
    pthread_cond_destroy(&c->wake_consumer);
    pthread_mutex_destroy(&c->mu);
    free(c->trf);
    free(c->players);
    free(c->config);
    free(c->stdin_name);
    free(c);
}

/* The start of a call on c: the status a failed checker keeps giving, or OK
 * with the last error cleared. */
static int call_begin(pgnarbiter_checker *c)
{
    if (c->state < 0) return c->state;
    c->error[0] = '\0';
    return PGNARBITER_OK;
}

/* There is new work for the producer (mu held). */
static void wake_locked(pgnarbiter_checker *c)
{
    c->idle = false;
    pthread_cond_signal(&c->wake_producer);
}

/* Queue an input; ERR_USAGE after end_inputs or within a feed. */
static int add_input(pgnarbiter_checker *c, enum api_input_kind kind, const char *name, FILE *f,
                     const void *bytes, size_t len)
{
    int st = call_begin(c);
    if (st != PGNARBITER_OK) return st;
    if (c->inputs_ended)
        return api_fail(c, PGNARBITER_ERR_USAGE, "%s",
                        _("an input was added after pgnarbiter_end_inputs()"));
    if (c->feeding)
        return api_fail(c, PGNARBITER_ERR_USAGE, "%s",
                        _("an input was added between pgnarbiter_feed_begin() and "
                          "pgnarbiter_feed_end()"));
    struct api_input *in = calloc(1, sizeof *in);
    if (!in || !(in->name = strdup(name))) {
        free(in);
        return api_fail(c, PGNARBITER_ERR_MEMORY, "%s", _("out of memory"));
    }
    in->owner = c;
    in->kind = kind;
    in->chunks_tail = &in->chunks;
    in->f = f;
    in->bytes = bytes;
    in->len = len;
    pthread_mutex_lock(&c->mu);
    if (kind == API_IN_FEED) c->feeding = in;
    c->any_input = true;
    *c->inputs_tail = in;
    c->inputs_tail = &in->next;
    wake_locked(c);
    pthread_mutex_unlock(&c->mu);
    return PGNARBITER_OK;
}

PGNARBITER_API int pgnarbiter_add_path(pgnarbiter_checker *c, const char *path)
{
    if (!c) return PGNARBITER_ERR_USAGE;
    if (!path || !path[0])
        return api_fail(c, PGNARBITER_ERR_USAGE, "%s", _("pgnarbiter_add_path needs a path"));
    return add_input(c, API_IN_PATH, path, NULL, NULL, 0);
}

PGNARBITER_API int pgnarbiter_add_file(pgnarbiter_checker *c, FILE *f, const char *name)
{
    if (!c) return PGNARBITER_ERR_USAGE;
    if (!f) return api_fail(c, PGNARBITER_ERR_USAGE, "%s", _("pgnarbiter_add_file needs a FILE"));
    return add_input(c, API_IN_FILE, name ? name : "<stream>", f, NULL, 0);
}

PGNARBITER_API int pgnarbiter_add_bytes(pgnarbiter_checker *c, const void *bytes, size_t len,
                                        const char *name)
{
    if (!c) return PGNARBITER_ERR_USAGE;
    if (!bytes && len)
        return api_fail(c, PGNARBITER_ERR_USAGE, "%s", _("pgnarbiter_add_bytes needs the bytes"));
    return add_input(c, API_IN_BYTES, name ? name : "<memory>", NULL, bytes ? bytes : "", len);
}

PGNARBITER_API int pgnarbiter_feed_begin(pgnarbiter_checker *c, const char *name)
{
    if (!c) return PGNARBITER_ERR_USAGE;
    return add_input(c, API_IN_FEED, name ? name : "<stream>", NULL, NULL, 0);
}

PGNARBITER_API int pgnarbiter_feed(pgnarbiter_checker *c, const void *bytes, size_t len)
{
    if (!c) return PGNARBITER_ERR_USAGE;
    int st = call_begin(c);
    if (st != PGNARBITER_OK) return st;
    struct api_input *in = c->feeding;
    if (!in)
        return api_fail(c, PGNARBITER_ERR_USAGE, "%s",
                        _("pgnarbiter_feed() without pgnarbiter_feed_begin()"));
    if (!bytes && len)
        return api_fail(c, PGNARBITER_ERR_USAGE, "%s", _("pgnarbiter_feed needs the bytes"));
    if (!len) return PGNARBITER_OK;
    struct api_chunk *k = malloc(sizeof *k + len);
    if (!k) return api_fail(c, PGNARBITER_ERR_MEMORY, "%s", _("out of memory"));
    k->len = len;
    k->pos = 0;
    k->next = NULL;
    memcpy(k->bytes, bytes, len);
    pthread_mutex_lock(&c->mu);
    *in->chunks_tail = k;
    in->chunks_tail = &k->next;
    wake_locked(c);
    pthread_mutex_unlock(&c->mu);
    return PGNARBITER_OK;
}

PGNARBITER_API int pgnarbiter_feed_end(pgnarbiter_checker *c)
{
    if (!c) return PGNARBITER_ERR_USAGE;
    int st = call_begin(c);
    if (st != PGNARBITER_OK) return st;
    if (!c->feeding)
        return api_fail(c, PGNARBITER_ERR_USAGE, "%s",
                        _("pgnarbiter_feed_end() without pgnarbiter_feed_begin()"));
    pthread_mutex_lock(&c->mu);
    c->feeding->ended = true;
    c->feeding = NULL;
    wake_locked(c);
    pthread_mutex_unlock(&c->mu);
    return PGNARBITER_OK;
}

PGNARBITER_API int pgnarbiter_end_inputs(pgnarbiter_checker *c)
{
    if (!c) return PGNARBITER_ERR_USAGE;
    int st = call_begin(c);
    if (st != PGNARBITER_OK) return st;
    if (c->inputs_ended)
        return api_fail(c, PGNARBITER_ERR_USAGE, "%s",
                        _("pgnarbiter_end_inputs() was called already"));
    if (c->feeding)
        return api_fail(c, PGNARBITER_ERR_USAGE, "%s",
                        _("pgnarbiter_end_inputs() between pgnarbiter_feed_begin() and "
                          "pgnarbiter_feed_end()"));
    pthread_mutex_lock(&c->mu);
    c->inputs_ended = true;
    wake_locked(c);
    pthread_mutex_unlock(&c->mu);
    return PGNARBITER_OK;
}
