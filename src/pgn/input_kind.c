/*
 * input_kind.c - inputs that are not PGN, told by their first bytes (see
 * input_kind.h).  The signatures are those each format's specification puts
 * at byte 0: RTF 1.9.1 ("{\rtf"), HTML ("<!DOCTYPE html", or the first tag),
 * XML 1.0 ("<?xml"), PDF 1.7 section 7.5.2 ("%PDF-"), the zip local file
 * header (APPNOTE 4.3.7: "PK\3\4", the name at byte 30) with Office Open
 * XML's first part "[Content_Types].xml" (ECMA-376 part 2) or OpenDocument's
 * uncompressed "mimetype" (ODF 1.2 part 3, 3.3), PNG, JPEG, GIF87a/89a, ELF
 * and the OLE2 compound file of the old Office formats.
 *
 * Invariant: the answer depends on the first INPUT_KIND_LOOK bytes only
 * (input.c gathers that many, or the whole input when it is shorter,
 * however the input is read), so every reader of an input - one run, any
 * --jobs, every --shard - refuses it alike.
 */
#include "pgn/input_kind.h"

#include "i18n.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* b (n bytes) starts with the ASCII word w, letters in any case. */
static bool starts_nocase(const unsigned char *b, size_t n, const char *w)
{
    size_t k = strlen(w);
    if (n < k) return false;
    for (size_t i = 0; i < k; i++) {
        unsigned c = b[i];
        if (c >= 'A' && c <= 'Z') c += 'a' - 'A';
        if (c != (unsigned char)w[i]) return false;
    }
    return true;
}

static bool starts(const unsigned char *b, size_t n, const void *magic, size_t k)
{
    return n >= k && memcmp(b, magic, k) == 0;
}

/* HTML or XML: '<' and the start of a page (the first bytes after a BOM and
 * blanks). */
static const char *markup(const unsigned char *b, size_t n)
{
    static const char *const html[] = {"<!doctype html", "<html", "<head", "<body",
                                       "<meta",          "<title", "<!--"};
    if (n == 0 || b[0] != '<') return NULL;
    if (starts(b, n, "<?xml", 5)) return N_("an XML document");
    for (size_t i = 0; i < sizeof html / sizeof *html; i++)
        if (starts_nocase(b, n, html[i])) return N_("an HTML page");
    return NULL;
}

/* A zip archive whose first entry says it is an office document. */
static const char *office_zip(const unsigned char *b, size_t n)
{
    if (!starts(b, n, "PK\3\4", 4) || n < 30) return NULL;
    size_t name_len = (size_t)b[26] | (size_t)b[27] << 8, extra = (size_t)b[28] | (size_t)b[29] << 8;
    const unsigned char *name = b + 30;
    size_t avail = n - 30;
    if (name_len > avail) return NULL;
    static const char *const ooxml[] = {"[Content_Types].xml", "_rels/", "docProps/",
                                        "word/",               "xl/",    "ppt/"};
    for (size_t i = 0; i < sizeof ooxml / sizeof *ooxml; i++) {
        size_t k = strlen(ooxml[i]);
        if (name_len >= k && memcmp(name, ooxml[i], k) == 0)
            return N_("an Office document (.docx, .xlsx or .pptx)");
    }
    size_t data = 30 + name_len + extra; /* the entry's bytes, stored as they are */
    if (name_len == 8 && memcmp(name, "mimetype", 8) == 0 && data <= n &&
        starts(b + data, n - data, "application/vnd.oasis.opendocument", 34))
        return N_("an OpenDocument file (.odt or .ods)");
    return NULL;
}

/* UTF-16 text without a byte order mark: NUL bytes at every other place
 * (ASCII text's high bytes) and none at the others.  "LE", "BE" or NULL. */
static const char *utf16_order(const unsigned char *b, size_t n)
{
    size_t m = (n < 64 ? n : 64) & ~(size_t)1, even = 0, odd = 0;
    if (m < 8) return NULL;
    for (size_t i = 0; i < m; i += 2) {
        even += b[i] == 0;
        odd += b[i + 1] == 0;
    }
    if (even == 0 && odd * 4 >= m) return "LE";
    if (odd == 0 && even * 4 >= m) return "BE";
    return NULL;
}

const char *input_kind_refusal(const unsigned char *b, size_t n, char *why, size_t size)
{
    static const struct {
        unsigned char len;
        unsigned char magic[8];
        const char *what;
    } magic[] = {
        {8, {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}, N_("a PNG image")},
        {3, {0xff, 0xd8, 0xff}, N_("a JPEG image")},
        {6, {'G', 'I', 'F', '8', '7', 'a'}, N_("a GIF image")},
        {6, {'G', 'I', 'F', '8', '9', 'a'}, N_("a GIF image")},
        {4, {0x7f, 'E', 'L', 'F'}, N_("a program (an ELF executable)")},
        {8, {0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1},
         N_("an old Office document (.doc or .xls)")},
        {5, {'%', 'P', 'D', 'F', '-'}, N_("a PDF document")},
    };
    if (n > INPUT_KIND_LOOK) n = INPUT_KIND_LOOK;
    const char *what = NULL;
    for (size_t i = 0; !what && i < sizeof magic / sizeof *magic; i++)
        if (starts(b, n, magic[i].magic, magic[i].len)) what = magic[i].what;
    if (!what) what = office_zip(b, n);
    if (!what && !starts(b, n, "\xff\xfe", 2) && !starts(b, n, "\xfe\xff", 2)) {
        const char *order = utf16_order(b, n);
        if (order) {
            snprintf(why, size,
                     _("the input looks like UTF-16 text without a byte order mark, not PGN: "
                       "convert it to UTF-8 first, for example with "
                       "'iconv -f UTF-16%s -t UTF-8 FILE | pgnarbiter -'"),
                     order);
            return why;
        }
    }
    if (!what) { /* text: after a UTF-8 byte order mark and blank space */
        const unsigned char *p = b, *end = b + n;
        if (starts(p, n, "\xef\xbb\xbf", 3)) p += 3;
        while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
            p++;
        if (starts(p, (size_t)(end - p), "{\\rtf", 5))
            what = N_("an RTF document (a word processor's file)");
        else
            what = markup(p, (size_t)(end - p));
    }
    if (!what) return NULL;
    snprintf(why, size,
             _("the input looks like %s, not PGN: save or export the games as PGN and check "
               "that file"),
             _(what));
    return why;
}
