/*
 * player_name.c - players' names written by different programs, compared.
 * Not a rule of chess nor of the PGN standard (8.1.1.5 only says "Last,
 * First"): the forms real files hold.  FIDE's rating list and TRF write
 * "Rossi, Mario" or "Rossi,M"; Swiss-Manager "ROSSI Mario"; sites "Mario
 * Rossi"; lichess a username.  Text is UTF-8, or Latin-1/cp1252 bytes that are
 * not valid UTF-8, or UTF-8 once read as cp1252 and written again as UTF-8
 * ("MÃ¼ller"): each is folded to lower-case ASCII letters where it is a Latin
 * letter.  A name is read as words (letters and digits; an apostrophe joins,
 * "D'Amico" is one word) and the first comma, which ends the surname.  Without
 * a comma every split of the words into surname and given names is tried,
 * surname first or last.  Surnames compare as their words joined ("de la
 * Villa" = "Delavilla"), given names word by word, an abbreviation ("M.",
 * "M", "Sh.") fitting the name it begins.  German umlauts also fit their
 * spelled-out form ("Müller" = "Mueller", "Ø" = "oe", "Å" = "aa").
 * Everything is on the stack; the input is read a bounded number of times.
 */
#include "judge/player_name.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* What one character is to a name. */
enum ch_class {
    CH_LETTER, /* letter or digit: its folded text is appended */
    CH_JOIN,   /* apostrophe, combining accent: dropped, the word goes on */
    CH_COMMA,  /* ends the word and, the first time, the surname */
    CH_PERIOD, /* ends the word and marks it as an abbreviation */
    CH_SEP     /* space, hyphen, underscore, any other punctuation */
};

/* cp1252's 0x80-0x9F as code points (0 where undefined). */
static const uint16_t cp1252_high[32] = {
    0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0,      0x017D, 0,      0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178};

/* U+00C0-U+00FF folded ('*': two letters, ae ss th; '-': not a letter). */
static const char latin1_fold[65] = "aaaaaa*ceeeeiiiidnooooo-ouuuuy**"
                                    "aaaaaa*ceeeeiiiidnooooo-ouuuuy*y";
/* U+0100-U+017F folded ('*': ij or oe). */
static const char ext_a_fold[129] = "aaaaaaccccccccdd"
                                    "ddeeeeeeeeeegggg"
                                    "gggghhhhiiiiiiii"
                                    "ii**jjkkklllllll"
                                    "lllnnnnnnnnnoooo"
                                    "oo**rrrrrrssssss"
                                    "sstttttt"
                                    "uuuuuuuu"
                                    "uuuuwwyyyzzzzzzs";

/* Decode one code point at s[i] (UTF-8, else the byte as cp1252); returns the
 * bytes read (>= 1). */
static size_t decode(const unsigned char *s, size_t len, size_t i, uint32_t *cp)
{
    unsigned c = s[i];
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    size_t n = c >= 0xC2 && c <= 0xDF   ? 2
               : c >= 0xE0 && c <= 0xEF ? 3
               : c >= 0xF0 && c <= 0xF4 ? 4
                                        : 0;
    if (n && i + n <= len) {
        uint32_t v = c & (0x3F >> (n - 1));
        bool ok = true;
        for (size_t k = 1; k < n && ok; k++) {
            ok = (s[i + k] & 0xC0) == 0x80;
            v = v << 6 | (s[i + k] & 0x3F);
        }
        if (ok && (n < 3 || v >= 0x800) && (n < 4 || (v >= 0x10000 && v <= 0x10FFFF)) &&
            !(v >= 0xD800 && v <= 0xDFFF)) {
            *cp = v;
            return n;
        }
    }
    *cp = c >= 0xA0 ? c : cp1252_high[c - 0x80] ? cp1252_high[c - 0x80] : c;
    return 1;
}

/* The byte cp1252 writes cp as, or -1. */
static int cp1252_byte(uint32_t cp)
{
    if (cp >= 0x80 && cp <= 0xFF) return (int)cp;
    for (int k = 0; k < 32; k++)
        if (cp1252_high[k] == cp && cp) return 0x80 + k;
    return -1;
}

/* The next character at s[i]: bytes read, the code point in *cp.  UTF-8 that
 * was read as cp1252 and written again ("Ã¼" for "ü", "â€™" for "’") is
 * read as what it was. */
static size_t next_char(const unsigned char *s, size_t len, size_t i, uint32_t *cp)
{
    size_t n = decode(s, len, i, cp);
    int need = *cp >= 0xC2 && *cp <= 0xDF ? 1 : *cp >= 0xE0 && *cp <= 0xEF ? 2 : 0;
    if (!need || n == 1) return n;
    uint32_t v = *cp & (need == 1 ? 0x1F : 0x0F);
    size_t at = i + n;
    for (int k = 0; k < need; k++) {
        if (at >= len) return n;
        uint32_t c2;
        size_t m = decode(s, len, at, &c2);
        int b = m > 1 ? cp1252_byte(c2) : -1;
        if (b < 0x80 || b > 0xBF) return n;
        v = v << 6 | ((unsigned)b & 0x3F);
        at += m;
    }
    if (need == 2 && (v < 0x800 || (v >= 0xD800 && v <= 0xDFFF))) return n;
    *cp = v;
    return at - i;
}

static size_t put_utf8(uint32_t cp, char *out)
{
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | cp >> 6);
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | cp >> 12);
        out[1] = (char)(0x80 | (cp >> 6 & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | cp >> 18);
    out[1] = (char)(0x80 | (cp >> 12 & 0x3F));
    out[2] = (char)(0x80 | (cp >> 6 & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

static enum ch_class letters(const char *text, char *out, size_t *n)
{
    *n = strlen(text);
    memcpy(out, text, *n);
    return CH_LETTER;
}

/* Fold code point cp: its class, and for a letter its text (1-4 bytes) in
 * out, *n bytes.  expand spells umlauts out (ä ae, ö ø oe, ü ue, å aa). */
static enum ch_class fold(uint32_t cp, bool expand, char out[4], size_t *n)
{
    *n = 0;
    if (cp < 0x80) {
        if (cp >= 'A' && cp <= 'Z') cp += 'a' - 'A';
        if ((cp >= 'a' && cp <= 'z') || (cp >= '0' && cp <= '9')) {
            out[0] = (char)cp;
            *n = 1;
            return CH_LETTER;
        }
        return cp == '\'' || cp == '`' ? CH_JOIN
               : cp == ','             ? CH_COMMA
               : cp == '.'             ? CH_PERIOD
                                       : CH_SEP;
    }
    if (cp < 0xC0) return cp == 0xB4 ? CH_JOIN : CH_SEP;
    if (cp <= 0xFF) {
        uint32_t low = cp | 0x20; /* the lower-case twin */
        if (expand && (low == 0xE4 || low == 0xF6 || low == 0xFC || low == 0xF8 || low == 0xE5)) {
            out[0] = low == 0xE4 ? 'a' : low == 0xFC ? 'u' : low == 0xE5 ? 'a' : 'o';
            out[1] = low == 0xE5 ? 'a' : 'e';
            *n = 2;
            return CH_LETTER;
        }
        char f = latin1_fold[cp - 0xC0];
        if (f == '-') return CH_SEP;
        if (f != '*') {
            out[0] = f;
            *n = 1;
            return CH_LETTER;
        }
        return letters(low == 0xE6 ? "ae" : cp == 0xDF ? "ss" : low == 0xFE ? "th" : "a", out, n);
    }
    if (cp <= 0x17F) {
        char f = ext_a_fold[cp - 0x100];
        if (f == '*') return letters(cp <= 0x133 ? "ij" : "oe", out, n);
        out[0] = f;
        *n = 1;
        return CH_LETTER;
    }
    if ((cp >= 0x300 && cp <= 0x36F) || cp == 0xFEFF || cp == 0x200B)
        return CH_JOIN; /* combining accents, byte-order mark, zero-width space */
    if (cp == 0x2BC || cp == 0x2BB || cp == 0x2B9 || cp == 0x2018 || cp == 0x2019 || cp == 0x201B ||
        cp == 0x2032)
        return CH_JOIN; /* apostrophes */
    if ((cp >= 0x2B0 && cp <= 0x2FF) || (cp >= 0x2000 && cp <= 0x206F) || cp == 0x3000)
        return CH_SEP;
    const char *f = NULL;
    if (cp == 0x18F || cp == 0x259 || (cp >= 0x1CD && cp <= 0x1CE))
        f = "a"; /* Azerbaijani schwa, pinyin a-caron */
    else if (cp == 0x1A0 || cp == 0x1A1 || cp == 0x1D1 || cp == 0x1D2)
        f = "o";
    else if (cp == 0x1AF || cp == 0x1B0 || (cp >= 0x1D3 && cp <= 0x1DC))
        f = "u";
    else if (cp == 0x1CF || cp == 0x1D0)
        f = "i";
    else if (cp == 0x218 || cp == 0x219)
        f = "s"; /* Romanian comma below */
    else if (cp == 0x21A || cp == 0x21B)
        f = "t";
    else if (cp == 0x1E9E)
        f = "ss";
    else if (cp >= 0x1EA0 && cp <= 0x1EF9) /* Vietnamese */
        f = cp <= 0x1EB7   ? "a"
            : cp <= 0x1EC7 ? "e"
            : cp <= 0x1ECB ? "i"
            : cp <= 0x1EE3 ? "o"
            : cp <= 0x1EF1 ? "u"
                           : "y";
    if (f) return letters(f, out, n);
    if ((cp >= 0x391 && cp <= 0x3A9 && cp != 0x3A2) || (cp >= 0x410 && cp <= 0x42F))
        cp += 0x20; /* Greek, Cyrillic capitals */
    else if (cp >= 0x400 && cp <= 0x40F)
        cp += 0x50;
    *n = put_utf8(cp, out);
    return CH_LETTER;
}

size_t player_name_normalise(const char *name, size_t len, char *out, size_t cap)
{
    const unsigned char *s = (const unsigned char *)name;
    size_t w = 0;
    bool gap = false;
    if (cap == 0) return 0;
    for (size_t i = 0; i < len;) {
        uint32_t cp;
        char t[4];
        size_t n;
        i += next_char(s, len, i, &cp);
        enum ch_class c = fold(cp, false, t, &n);
        if (c == CH_JOIN) continue;
        if (c != CH_LETTER) {
            gap = w > 0;
            continue;
        }
        if (w + gap + n > cap - 1) break;
        if (gap) out[w++] = ' ';
        gap = false;
        memcpy(out + w, t, n);
        w += n;
    }
    out[w] = '\0';
    return w;
}

/* A name read as words, in both folds (plain and umlauts spelled out).  The
 * words of each fold are stored end to end without separators, so a run of
 * words joined is one slice. */
struct words {
    char text[2][PLAYER_NAME_MAX];
    uint16_t at[2][PLAYER_NAME_TOKENS + 1]; /* word k is text[f][at[f][k] .. at[f][k+1]) */
    bool abbrev[PLAYER_NAME_TOKENS];        /* one letter, or followed by "." */
    int n;
    int comma;   /* words before the first comma; -1 without one */
    int suffix;  /* "jr", "sr" ... index in name_suffixes + 1, or 0 */
    bool handle; /* no space, no comma, a digit or '_': a username */
};

static const char *const name_suffixes[] = {"jr", "sr", "jnr", "snr"};

static size_t word_len(const struct words *w, int f, int k)
{
    return (size_t)(w->at[f][k + 1] - w->at[f][k]);
}

static const char *word(const struct words *w, int f, int k)
{
    return w->text[f] + w->at[f][k];
}

/* The last word ends: a suffix ("Jr.") is set aside unless it is the only
 * word; returns whether the word stays. */
static bool end_word(struct words *w)
{
    int k = w->n - 1;
    for (size_t s = 0; k > 0 && s < sizeof name_suffixes / sizeof *name_suffixes; s++) {
        size_t l = strlen(name_suffixes[s]);
        if (word_len(w, 0, k) == l && memcmp(word(w, 0, k), name_suffixes[s], l) == 0) {
            w->suffix = (int)s + 1;
            w->n--;
            return false;
        }
    }
    w->abbrev[k] = word_len(w, 0, k) == 1;
    return true;
}

static void read_words(const char *name, size_t len, struct words *w)
{
    const unsigned char *s = (const unsigned char *)name;
    bool in_word = false, full = false, space = false, gap = false, odd = false;
    w->n = 0;
    w->comma = -1;
    w->suffix = 0;
    w->at[0][0] = w->at[1][0] = 0;
    for (size_t i = 0; i < len;) {
        uint32_t cp;
        char t[2][4];
        size_t n[2];
        if (s[i] == ' ' || s[i] == '\t' || s[i] == ',') gap = w->n > 0 || in_word;
        if (s[i] == '_' || (s[i] >= '0' && s[i] <= '9')) odd = true;
        i += next_char(s, len, i, &cp);
        enum ch_class c = fold(cp, false, t[0], &n[0]);
        if (c == CH_JOIN) continue;
        if (c == CH_LETTER) {
            if (!in_word) {
                space |= gap;
                full = w->n == PLAYER_NAME_TOKENS;
                if (!full) {
                    w->n++;
                    w->at[0][w->n] = w->at[0][w->n - 1];
                    w->at[1][w->n] = w->at[1][w->n - 1];
                }
                in_word = true;
            }
            fold(cp, true, t[1], &n[1]);
            for (int f = 0; f < 2 && !full; f++)
                if (w->at[f][w->n] + n[f] <= PLAYER_NAME_MAX) {
                    memcpy(w->text[f] + w->at[f][w->n], t[f], n[f]);
                    w->at[f][w->n] = (uint16_t)(w->at[f][w->n] + n[f]);
                }
            continue;
        }
        if (in_word && !full && end_word(w) && c == CH_PERIOD) w->abbrev[w->n - 1] = true;
        in_word = false;
        if (c == CH_COMMA && w->comma < 0 && w->n > 0) w->comma = w->n;
    }
    if (in_word && !full) end_word(w);
    if (w->comma > w->n) w->comma = w->n;
    w->handle = odd && !space;
}

/* Words [a0,a1) of x joined equal words [b0,b1) of y, in either fold. */
static bool run_equal(const struct words *x, int a0, int a1, const struct words *y, int b0, int b1)
{
    static const int folds[3][2] = {{0, 0}, {1, 0}, {0, 1}};
    for (int k = 0; k < 3; k++) {
        int fx = folds[k][0], fy = folds[k][1];
        size_t lx = (size_t)(x->at[fx][a1] - x->at[fx][a0]);
        size_t ly = (size_t)(y->at[fy][b1] - y->at[fy][b0]);
        if (lx == ly && memcmp(x->text[fx] + x->at[fx][a0], y->text[fy] + y->at[fy][b0], lx) == 0)
            return true;
    }
    return false;
}

/* Word i of x names the same given name as word j of y: equal, or one is an
 * abbreviation that begins the other. */
static bool word_fits(const struct words *x, int i, const struct words *y, int j)
{
    if (run_equal(x, i, i + 1, y, j, j + 1)) return true;
    size_t lx = word_len(x, 0, i), ly = word_len(y, 0, j);
    if (x->abbrev[i] && lx < ly) return memcmp(word(x, 0, i), word(y, 0, j), lx) == 0;
    if (y->abbrev[j] && ly < lx) return memcmp(word(x, 0, i), word(y, 0, j), ly) == 0;
    return false;
}

/* Given names [a0,a1) of x fit [b0,b1) of y: each word of the shorter list
 * fits a word of the longer one, in order (the others are middle names the
 * shorter form left out; none at all is a fit too). */
static bool given_fits(const struct words *x, int a0, int a1, const struct words *y, int b0, int b1)
{
    if (a1 - a0 > b1 - b0) {
        const struct words *t = x;
        x = y;
        y = t;
        int t0 = a0, t1 = a1;
        a0 = b0;
        a1 = b1;
        b0 = t0;
        b1 = t1;
    }
    int j = b0;
    for (int i = a0; i < a1; i++, j++) {
        while (j < b1 && !word_fits(x, i, y, j))
            j++;
        if (j == b1) return false;
    }
    return true;
}

/* Surname [s0,s1) and given names [g0,g1) of x against those of y. */
static enum player_name_fit parts_fit(const struct words *x, const int xs[4], const struct words *y,
                                      const int ys[4])
{
    bool surname_same = run_equal(x, xs[0], xs[1], y, ys[0], ys[1]);
    if (!surname_same) {
        /* a double surname with its second part dropped ("Garcia Martinez, Jose" /
         * "Garcia, Jose"): only where both commas say which words are surnames */
        if (x->comma <= 0 || y->comma <= 0) return PLAYER_NAME_DIFFERENT;
        int m = xs[1] - xs[0] < ys[1] - ys[0] ? xs[1] - xs[0] : ys[1] - ys[0];
        if (m < 1 || !run_equal(x, xs[0], xs[0] + m, y, ys[0], ys[0] + m))
            return PLAYER_NAME_DIFFERENT;
    }
    if (surname_same && run_equal(x, xs[2], xs[3], y, ys[2], ys[3])) return PLAYER_NAME_SAME;
    return given_fits(x, xs[2], xs[3], y, ys[2], ys[3]) ? PLAYER_NAME_INITIALS
                                                        : PLAYER_NAME_DIFFERENT;
}

/* The readings of x as {surname from, to, given from, to}: the one its comma
 * says, or every split of its words (surname first or last, or all surname). */
static int readings(const struct words *x, int r[][4])
{
    int n = 0;
    if (x->comma > 0) {
        r[0][0] = 0, r[0][1] = x->comma, r[0][2] = x->comma, r[0][3] = x->n;
        return 1;
    }
    r[n][0] = 0, r[n][1] = x->n, r[n][2] = x->n, r[n][3] = x->n;
    n++;
    for (int k = 1; k < x->n; k++) {
        r[n][0] = 0, r[n][1] = k, r[n][2] = k, r[n][3] = x->n; /* ROSSI Mario */
        n++;
        r[n][0] = k, r[n][1] = x->n, r[n][2] = 0, r[n][3] = k; /* Mario Rossi */
        n++;
    }
    return n;
}

/* The handle's folded bytes, punctuation kept ("Magnus_C" is not "magnus-c"). */
static size_t handle_fold(const char *name, size_t len, char *out, size_t cap)
{
    const unsigned char *s = (const unsigned char *)name;
    size_t w = 0;
    for (size_t i = 0; i < len;) {
        uint32_t cp;
        char t[4];
        size_t n;
        size_t step = next_char(s, len, i, &cp);
        enum ch_class c = fold(cp, false, t, &n);
        if (c != CH_LETTER) {
            n = c == CH_JOIN ? 0 : 1;
            t[0] = cp < 0x80 ? (char)s[i] : '?';
        }
        i += step;
        if (w + n > cap) break;
        memcpy(out + w, t, n);
        w += n;
    }
    return w;
}

enum player_name_fit player_name_fit(const char *a, size_t alen, const char *b, size_t blen)
{
    struct words x, y;
    read_words(a, alen, &x);
    read_words(b, blen, &y);
    if (x.n == 0 || y.n == 0) return PLAYER_NAME_DIFFERENT;
    if (x.handle || y.handle) {
        char fa[PLAYER_NAME_MAX], fb[PLAYER_NAME_MAX];
        size_t la = handle_fold(a, alen, fa, sizeof fa), lb = handle_fold(b, blen, fb, sizeof fb);
        return x.handle && y.handle && la == lb && memcmp(fa, fb, la) == 0 ? PLAYER_NAME_SAME
                                                                           : PLAYER_NAME_DIFFERENT;
    }
    if (x.suffix && y.suffix && x.suffix != y.suffix)
        return PLAYER_NAME_DIFFERENT; /* father and son */
    int rx[2 * PLAYER_NAME_TOKENS][4], ry[2 * PLAYER_NAME_TOKENS][4];
    int nx = readings(&x, rx), ny = readings(&y, ry);
    enum player_name_fit best = PLAYER_NAME_DIFFERENT;
    for (int i = 0; i < nx && best != PLAYER_NAME_SAME; i++)
        for (int j = 0; j < ny && best != PLAYER_NAME_SAME; j++) {
            enum player_name_fit f = parts_fit(&x, rx[i], &y, ry[j]);
            if (f > best) best = f;
        }
    return best;
}

/* Levenshtein distance of a[0..la) and b[0..lb), lb <= PLAYER_NAME_DISTANCE_MAX. */
static unsigned levenshtein(const char *a, size_t la, const char *b, size_t lb)
{
    unsigned row[PLAYER_NAME_DISTANCE_MAX + 1];
    for (size_t j = 0; j <= lb; j++)
        row[j] = (unsigned)j;
    for (size_t i = 1; i <= la; i++) {
        unsigned diag = row[0];
        row[0] = (unsigned)i;
        for (size_t j = 1; j <= lb; j++) {
            unsigned up = row[j];
            unsigned best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best) best = up + 1;
            if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

/* s (normalised, n bytes) with its words in byte order, into out; returns the length. */
static size_t sort_words(const char *s, size_t n, char *out)
{
    const char *start[PLAYER_NAME_TOKENS];
    size_t len[PLAYER_NAME_TOKENS];
    int k = 0;
    for (size_t i = 0; i < n && k < PLAYER_NAME_TOKENS;) {
        size_t e = i;
        while (e < n && s[e] != ' ')
            e++;
        start[k] = s + i;
        len[k++] = e - i;
        i = e + 1;
    }
    for (int i = 1; i < k; i++) /* insertion sort: a handful of words */
        for (int j = i; j > 0; j--) {
            size_t m = len[j] < len[j - 1] ? len[j] : len[j - 1];
            int c = memcmp(start[j - 1], start[j], m);
            if (c < 0 || (c == 0 && len[j - 1] <= len[j])) break;
            const char *ts = start[j];
            size_t tl = len[j];
            start[j] = start[j - 1], len[j] = len[j - 1];
            start[j - 1] = ts, len[j - 1] = tl;
        }
    size_t w = 0;
    for (int i = 0; i < k; i++) {
        if (i) out[w++] = ' ';
        memcpy(out + w, start[i], len[i]);
        w += len[i];
    }
    return w;
}

unsigned player_name_distance(const char *a, size_t alen, const char *b, size_t blen)
{
    char na[PLAYER_NAME_MAX], nb[PLAYER_NAME_MAX], sa[PLAYER_NAME_MAX], sb[PLAYER_NAME_MAX];
    size_t la = player_name_normalise(a, alen, na, sizeof na);
    size_t lb = player_name_normalise(b, blen, nb, sizeof nb);
    size_t ma = sort_words(na, la, sa), mb = sort_words(nb, lb, sb);
    const size_t cut = PLAYER_NAME_DISTANCE_MAX;
    unsigned d1 = levenshtein(na, la < cut ? la : cut, nb, lb < cut ? lb : cut);
    unsigned d2 = levenshtein(sa, ma < cut ? ma : cut, sb, mb < cut ? mb : cut);
    return d1 < d2 ? d1 : d2;
}
