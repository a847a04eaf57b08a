/*
 * time_control.c - reading the TimeControl tag (PGN standard 9.6.1, with
 * TRF26's increments per period and the free text tournament files write)
 * and clock values ([%clk 1:30:05], WhiteClock "1:30:05").  Pure text: no
 * chess, no allocation, every length bounded (TC_* limits).
 *
 * Free text is read by collecting its durations (a number and a unit of
 * time), its move counts (a number and "moves"/"mosse", or "move 40") and
 * which duration is the increment (named so, or "per move"); it is read
 * only when every number has a place: periods = move counts + 1 (the last
 * for the rest of the game) or as many (the last repeats), one increment
 * at most (named so, "per move", or seconds after a '+': "90' + 30''"),
 * applied to every period as FIDE's rates do ("starting from move 1").  A
 * number without a unit leaves the text unread.
 */
#include "pgn/time_control.h"

#include <stdio.h>
#include <string.h>

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

/* Seconds, with at most three decimals, at s[*i]; *ms in milliseconds. */
static bool read_seconds(const char *s, size_t len, size_t *i, int64_t *ms)
{
    size_t k = *i;
    int64_t v = 0;
    if (k >= len || !is_digit(s[k])) return false;
    while (k < len && is_digit(s[k])) {
        v = v * 10 + (s[k++] - '0');
        if (v > TC_SECONDS_MAX) return false;
    }
    v *= 1000;
    if (k < len && s[k] == '.') {
        k++;
        if (k >= len || !is_digit(s[k])) return false;
        for (int64_t scale = 100; k < len && is_digit(s[k]); scale /= 10, k++)
            v += scale * (s[k] - '0');
    }
    *i = k;
    *ms = v;
    return true;
}

/* The standard's form: fields separated by ':'. */
static bool parse_standard(const char *s, size_t len, struct time_control *tc)
{
    if (len == 1 && s[0] == '?') return tc->kind = TC_UNKNOWN, true;
    if ((len == 1 && s[0] == '-') || (len == 3 && memcmp(s, "inf", 3) == 0))
        return tc->kind = TC_NONE, true;
    size_t i = 0;
    if (s[0] == '*') {
        i = 1;
        if (!read_seconds(s, len, &i, &tc->p[0].base_ms) || i != len) return false;
        tc->kind = TC_SANDCLOCK;
        tc->n = 1;
        return true;
    }
    unsigned n = 0;
    for (;;) {
        if (n == TC_PERIODS_MAX) return false;
        struct tc_period *p = &tc->p[n];
        int64_t first;
        if (!read_seconds(s, len, &i, &first)) return false;
        p->moves = 0;
        p->inc_ms = 0;
        if (i < len && s[i] == '/') {
            if (first % 1000 || first == 0) return false; /* a move count */
            p->moves = (uint32_t)(first / 1000);
            i++;
            if (!read_seconds(s, len, &i, &p->base_ms)) return false;
        } else {
            p->base_ms = first;
        }
        if (i < len && s[i] == '+') {
            i++;
            if (!read_seconds(s, len, &i, &p->inc_ms)) return false;
        }
        n++;
        if (i == len) break;
        if (s[i] != ':') return false;
        i++;
    }
    tc->kind = TC_PERIODS;
    tc->n = n;
    return true;
}

enum unit { U_NONE, U_HOUR, U_MIN, U_SEC, U_MOVES };

/* The unit a word names, by its first letters (lower case). */
static enum unit word_unit(const char *w, size_t n)
{
    static const struct {
        const char *word;
        enum unit unit;
    } units[] = {
        {"h", U_HOUR},        {"hr", U_HOUR},       {"hrs", U_HOUR},      {"hour", U_HOUR},
        {"hours", U_HOUR},    {"ora", U_HOUR},      {"ore", U_HOUR},      {"m", U_MIN},
        {"min", U_MIN},       {"mins", U_MIN},      {"minute", U_MIN},    {"minutes", U_MIN},
        {"minuto", U_MIN},    {"minuti", U_MIN},    {"s", U_SEC},         {"sec", U_SEC},
        {"secs", U_SEC},      {"second", U_SEC},    {"seconds", U_SEC},   {"secondo", U_SEC},
        {"secondi", U_SEC},   {"move", U_MOVES},    {"moves", U_MOVES},   {"mossa", U_MOVES},
        {"mosse", U_MOVES},
    };
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
        if (strlen(units[i].word) == n && memcmp(units[i].word, w, n) == 0) return units[i].unit;
    return U_NONE;
}

static bool word_is(const char *w, size_t n, const char *const *list)
{
    for (; *list; list++)
        if (strlen(*list) == n && memcmp(*list, w, n) == 0) return true;
    return false;
}

static const char *const increment_words[] = {"increment", "incremento", "inc", "incr",
                                               "bonus", "abbuono", NULL};
static const char *const per_words[] = {"per", "a", "each", "every", "ogni", NULL};

#define FREE_TOKENS_MAX 64

struct ftok {
    char type; /* 'n' number, 'w' word, 'p' punctuation */
    const char *s;
    size_t n;
    int64_t ms; /* number: its value in ms (seconds read) */
};

/* Free text: see the comment at the top. */
static bool parse_free(const char *s, size_t len, struct time_control *tc)
{
    char low[TC_FREE_MAX];
    struct ftok t[FREE_TOKENS_MAX];
    size_t nt = 0;
    if (len > TC_FREE_MAX) return false;
    for (size_t i = 0; i < len; i++)
        low[i] = lower(s[i]);
    for (size_t i = 0; i < len;) {
        char c = low[i];
        if (nt == FREE_TOKENS_MAX) return false;
        struct ftok *k = &t[nt];
        if (c == ' ' || c == '\t' || c == '(' || c == ')' || c == '.') {
            i++;
            continue;
        }
        k->s = low + i;
        if (is_digit(c)) {
            size_t j = i;
            if (!read_seconds(low, len, &j, &k->ms)) return false;
            k->type = 'n';
            k->n = j - i;
            i = j;
        } else if ((c >= 'a' && c <= 'z') || (unsigned char)c >= 0x80) {
            size_t j = i;
            while (j < len && ((low[j] >= 'a' && low[j] <= 'z') || (unsigned char)low[j] >= 0x80))
                j++;
            k->type = 'w';
            k->n = j - i;
            i = j;
        } else if (c == '\'' && i + 1 < len && low[i + 1] == '\'') {
            k->type = 'w';
            k->s = "s";
            k->n = 1;
            i += 2;
        } else if (c == '\'') {
            k->type = 'w';
            k->s = "m";
            k->n = 1;
            i++;
        } else if (c == '"') {
            k->type = 'w';
            k->s = "s";
            k->n = 1;
            i++;
        } else {
            k->type = 'p';
            k->n = 1;
            i++;
        }
        nt++;
    }
    int64_t periods[TC_PERIODS_MAX];
    uint32_t moves[TC_PERIODS_MAX];
    unsigned np = 0, nm = 0, ninc = 0;
    int64_t inc = 0;
    for (size_t i = 0; i < nt; i++) {
        if (t[i].type == 'w' && word_unit(t[i].s, t[i].n) == U_MOVES && i + 1 < nt &&
            t[i + 1].type == 'n' && (i == 0 || t[i - 1].type != 'n')) {
            /* "after move 40", "from move 1" */
            int64_t v = t[i + 1].ms;
            if (v % 1000) return false;
            i++;
            if (v == 1000) continue; /* "starting from move 1": the increment's start */
            if (nm == TC_PERIODS_MAX) return false;
            moves[nm++] = (uint32_t)(v / 1000);
            continue;
        }
        if (t[i].type != 'n') continue;
        enum unit u = i + 1 < nt && t[i + 1].type == 'w' ? word_unit(t[i + 1].s, t[i + 1].n)
                                                        : U_NONE;
        if (u == U_NONE) return false; /* a number without a unit: "90+30" says too little */
        int64_t v = t[i].ms;
        if (u == U_MOVES) {
            if (v % 1000 || v == 0 || nm == TC_PERIODS_MAX) return false;
            moves[nm++] = (uint32_t)(v / 1000);
            i++;
            continue;
        }
        v *= u == U_HOUR ? 3600 : u == U_MIN ? 60 : 1;
        if (v / 1000 > TC_SECONDS_MAX) return false;
        /* the increment: named in the two words before it ("increment of
         * 30 seconds") or right after its unit ("10 seconds increment"), or
         * "per move"/"a mossa" after its unit (a comma ends the reach) */
        bool is_inc = false;
        for (size_t k = i >= 2 ? i - 2 : 0; k < i + 3 && k < nt; k++)
            if (k != i && k != i + 1 && t[k].type == 'w' &&
                word_is(t[k].s, t[k].n, increment_words))
                is_inc = true;
        if (i + 3 < nt && t[i + 2].type == 'w' && word_is(t[i + 2].s, t[i + 2].n, per_words) &&
            t[i + 3].type == 'w' && word_unit(t[i + 3].s, t[i + 3].n) == U_MOVES &&
            !(i + 4 < nt && t[i + 4].type == 'n'))
            is_inc = true;
        if (i + 3 < nt && t[i + 2].type == 'p' && t[i + 2].s[0] == '/' && t[i + 3].type == 'w' &&
            word_unit(t[i + 3].s, t[i + 3].n) == U_MOVES)
            is_inc = true;
        /* "90' + 30''", "90 min + 30 s": seconds added to a period's time */
        if (u == U_SEC && np > 0 && i > 0 && t[i - 1].type == 'p' && t[i - 1].s[0] == '+')
            is_inc = true;
        i++;
        if (is_inc) {
            if (ninc++) return false;
            inc = v;
        } else {
            if (np == TC_PERIODS_MAX) return false;
            periods[np++] = v;
        }
    }
    if (np == 0 || !(nm + 1 == np || nm == np)) return false;
    for (unsigned k = 0; k < np; k++) {
        tc->p[k].base_ms = periods[k];
        tc->p[k].moves = k < nm ? moves[k] : 0;
        tc->p[k].inc_ms = inc;
    }
    tc->kind = TC_PERIODS;
    tc->n = np;
    tc->free_text = true;
    return true;
}

void tc_parse(const char *s, size_t len, struct time_control *tc)
{
    /* the online games' "300+3" and "600": at most 10 bytes, digits, at
     * most one '+' between digits */
    size_t i = 0;
    uint32_t v[2] = {0, 0};
    if (len <= 10) {
        while (i < len && (unsigned)(s[i] - '0') <= 9)
            v[0] = v[0] * 10 + (uint32_t)(s[i++] - '0');
        if (i && i + 1 < len && s[i] == '+')
            for (i++; i < len && (unsigned)(s[i] - '0') <= 9; i++)
                v[1] = v[1] * 10 + (uint32_t)(s[i] - '0');
    }
    if (i == len && len && s[len - 1] != '+' && v[0] <= TC_SECONDS_MAX && v[1] <= TC_SECONDS_MAX) {
        tc->kind = TC_PERIODS;
        tc->n = 1;
        tc->free_text = false;
        tc->p[0].moves = 0;
        tc->p[0].base_ms = (int64_t)v[0] * 1000;
        tc->p[0].inc_ms = (int64_t)v[1] * 1000;
        return;
    }
    memset(tc, 0, sizeof *tc);
    while (len && (s[0] == ' ' || s[0] == '\t'))
        s++, len--;
    while (len && (s[len - 1] == ' ' || s[len - 1] == '\t'))
        len--;
    tc->kind = TC_UNREAD;
    if (len == 0) return;
    if (parse_standard(s, len, tc)) return;
    memset(tc, 0, sizeof *tc);
    tc->kind = TC_UNREAD;
    if (parse_free(s, len, tc)) return;
    memset(tc, 0, sizeof *tc);
    tc->kind = TC_UNREAD;
}

/* Text appended to a bounded buffer, without snprintf() (a game record
 * asks for it once a game). */
struct out {
    char *buf;
    size_t size, at;
    bool full;
};

static void put(struct out *o, const char *s, size_t n)
{
    if (o->full || o->at + n >= o->size) {
        o->full = true;
        return;
    }
    memcpy(o->buf + o->at, s, n);
    o->at += n;
    o->buf[o->at] = '\0';
}

static void put_uint(struct out *o, uint64_t v)
{
    char d[24];
    size_t n = sizeof d;
    do {
        d[--n] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    put(o, d + n, sizeof d - n);
}

/* Seconds as the standard writes them: "5400", "10.931". */
static void put_seconds(struct out *o, int64_t ms)
{
    put_uint(o, (uint64_t)(ms / 1000));
    int frac = (int)(ms % 1000);
    if (!frac) return;
    char d[4] = {'.', (char)('0' + frac / 100), (char)('0' + frac / 10 % 10),
                 (char)('0' + frac % 10)};
    size_t n = 4;
    while (d[n - 1] == '0')
        n--;
    put(o, d, n);
}

void tc_format(const struct time_control *tc, char *buf, size_t size)
{
    if (size == 0) return;
    buf[0] = '\0';
    struct out o = {buf, size, 0, false};
    switch (tc->kind) {
    case TC_UNKNOWN:
        put(&o, "?", 1);
        break;
    case TC_NONE:
        put(&o, "-", 1);
        break;
    case TC_SANDCLOCK:
        put(&o, "*", 1);
        put_seconds(&o, tc->p[0].base_ms);
        break;
    case TC_PERIODS:
        for (unsigned k = 0; k < tc->n; k++) {
            const struct tc_period *p = &tc->p[k];
            if (k) put(&o, ":", 1);
            if (p->moves) {
                put_uint(&o, p->moves);
                put(&o, "/", 1);
            }
            put_seconds(&o, p->base_ms);
            if (p->inc_ms) {
                put(&o, "+", 1);
                put_seconds(&o, p->inc_ms);
            }
        }
        break;
    default:
        break;
    }
    if (o.full) buf[0] = '\0';
}

/* The period a side's move `move` is played in (the last one repeats when
 * it has a move count), and the move that ends it in *end (0: none). */
static unsigned period_of(const struct time_control *tc, uint32_t move, uint32_t *end)
{
    uint32_t upto = 0;
    unsigned k = 0;
    for (;;) {
        const struct tc_period *p = &tc->p[k];
        if (p->moves == 0) {
            *end = 0;
            return k;
        }
        if (move <= upto + p->moves) {
            *end = upto + p->moves;
            return k;
        }
        upto += p->moves;
        if (k + 1 < tc->n) k++;
    }
}

int64_t tc_increment_at(const struct time_control *tc, uint32_t move)
{
    if (tc->kind != TC_PERIODS || move == 0) return 0;
    uint32_t end;
    return tc->p[period_of(tc, move, &end)].inc_ms;
}

int64_t tc_bonus_at(const struct time_control *tc, uint32_t move)
{
    if (tc->kind != TC_PERIODS || move == 0) return 0;
    uint32_t end;
    unsigned k = period_of(tc, move, &end);
    if (end != move) return 0;
    return tc->p[k + 1 < tc->n ? k + 1 : k].base_ms;
}

bool tc_read_clock(const char *s, size_t len, int64_t *ms, size_t *used)
{
    size_t i = 0;
    bool neg = false;
    if (i < len && s[i] == '-') neg = true, i++;
    int64_t v = 0;
    int fields = 0;
    for (;;) {
        if (i >= len || !is_digit(s[i])) return false;
        int64_t f = 0;
        int digits = 0;
        while (i < len && is_digit(s[i])) {
            f = f * 10 + (s[i++] - '0');
            if (++digits > 6) return false;
        }
        v = v * 60 + f;
        fields++;
        if (i < len && s[i] == ':' && fields < 3) {
            i++;
            continue;
        }
        break;
    }
    v *= 1000;
    if (i < len && s[i] == '.') {
        i++;
        if (i >= len || !is_digit(s[i])) return false;
        for (int64_t scale = 100; i < len && is_digit(s[i]); scale /= 10, i++)
            v += scale * (s[i] - '0');
    }
    *ms = neg ? -v : v;
    *used = i;
    return true;
}

void tc_format_clock(int64_t ms, char *buf, size_t size)
{
    const char *sign = ms < 0 ? "-" : "";
    int64_t a = ms < 0 ? -ms : ms;
    int64_t s = a / 1000;
    int tenths = (int)(a % 1000 / 100);
    if (tenths)
        snprintf(buf, size, "%s%lld:%02d:%02d.%d", sign, (long long)(s / 3600),
                 (int)(s / 60 % 60), (int)(s % 60), tenths);
    else
        snprintf(buf, size, "%s%lld:%02d:%02d", sign, (long long)(s / 3600), (int)(s / 60 % 60),
                 (int)(s % 60));
}
