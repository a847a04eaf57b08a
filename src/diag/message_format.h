/*
 * message_format.h - a finding's message put together from its (translated)
 * format: vsnprintf()'s result, without its cost for the forms messages use.
 *
 * A file full of findings (a database of duplicates, a tournament's worth of
 * missing tags) formats one or two messages a finding, and glibc's printf
 * takes about a thousand instructions to parse a format of a few
 * conversions.  Here the usual conversions - %s, %c, %d, %u, %ld, %lu, %lld,
 * %llu, %zu and %% with no flag, width or precision - are written
 * directly; a format with anything else (a translation's "%1$s", a "%02x")
 * goes to vsnprintf() whole, from its start, so the text is always exactly
 * vsnprintf()'s.
 */
#ifndef PGNARB_MESSAGE_FORMAT_H
#define PGNARB_MESSAGE_FORMAT_H

#include <stdarg.h>
#include <stddef.h>

/* As vsnprintf(buf, size, fmt, ap) (size > 0): at most size - 1 bytes and a
 * NUL; returns the length the whole text has. */
int message_vformat(char *buf, size_t size, const char *fmt, va_list ap);

/* As snprintf(). */
int message_format(char *buf, size_t size, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#endif /* PGNARB_MESSAGE_FORMAT_H */
