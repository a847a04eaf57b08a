/*
 * message_format.c - see message_format.h.
 *
 * Invariant: the text written is vsnprintf()'s for the same arguments: a
 * conversion written here is written as glibc writes it (a NULL %s as
 * "(null)", as glibc does), and the first conversion not handled sends the
 * whole format to vsnprintf() with a copy of the arguments from the start.
 */
#include "diag/message_format.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

struct out {
    char *buf;
    size_t size; /* > 0 */
    size_t n;    /* the text's length so far (it may pass size - 1) */
};

static void put(struct out *o, const char *s, size_t len)
{
    if (o->n < o->size - 1) {
        size_t room = o->size - 1 - o->n;
        memcpy(o->buf + o->n, s, len < room ? len : room);
    }
    o->n += len;
}

static void put_unsigned(struct out *o, unsigned long long v, bool minus)
{
    char digits[24];
    char *p = digits + sizeof digits;
    do
        *--p = (char)('0' + v % 10);
    while (v /= 10);
    if (minus) *--p = '-';
    put(o, p, (size_t)(digits + sizeof digits - p));
}

static void put_signed(struct out *o, long long v)
{
    put_unsigned(o, v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v, v < 0);
}

/* One conversion at *f (past its '%'), taken from ap; false when it is not
 * one of the forms handled (nothing taken then). */
static bool convert(struct out *o, const char **f, va_list *ap)
{
    const char *c = *f;
    switch (c[0]) {
    case '%': put(o, "%", 1); break;
    case 's': {
        const char *s = va_arg(*ap, const char *);
        if (!s) s = "(null)";
        put(o, s, strlen(s));
        break;
    }
    case 'c': {
        char ch = (char)va_arg(*ap, int);
        put(o, &ch, 1);
        break;
    }
    case 'd': put_signed(o, va_arg(*ap, int)); break;
    case 'u': put_unsigned(o, va_arg(*ap, unsigned), false); break;
    case 'z':
        if (c[1] != 'u') return false;
        put_unsigned(o, va_arg(*ap, size_t), false);
        c++;
        break;
    case 'l':
        if (c[1] == 'l') {
            if (c[2] == 'u') put_unsigned(o, va_arg(*ap, unsigned long long), false);
            else if (c[2] == 'd') put_signed(o, va_arg(*ap, long long));
            else return false;
            c += 2;
        } else if (c[1] == 'u') {
            put_unsigned(o, va_arg(*ap, unsigned long), false);
            c++;
        } else if (c[1] == 'd') {
            put_signed(o, va_arg(*ap, long));
            c++;
        } else {
            return false;
        }
        break;
    default: return false;
    }
    *f = c + 1;
    return true;
}

int message_vformat(char *buf, size_t size, const char *fmt, va_list ap)
{
    struct out o = {buf, size, 0};
    va_list from_start;
    va_copy(from_start, ap);
    va_list args;
    va_copy(args, ap);
    const char *f = fmt;
    bool whole = true;
    while (*f) {
        const char *pc = strchr(f, '%');
        size_t plain = pc ? (size_t)(pc - f) : strlen(f);
        put(&o, f, plain);
        if (!pc) break;
        f = pc + 1;
        /* (a va_list passed by address: taken from in convert() and read on
         * here, as C11 7.16 allows) */
        if (!convert(&o, &f, &args)) {
            whole = false;
            break;
        }
    }
    va_end(args);
    int len;
    if (whole) {
        buf[o.n < size - 1 ? o.n : size - 1] = '\0';
        len = (int)o.n;
    } else {
        len = vsnprintf(buf, size, fmt, from_start);
    }
    va_end(from_start);
    return len;
}

int message_format(char *buf, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int len = message_vformat(buf, size, fmt, ap);
    va_end(ap);
    return len;
}
