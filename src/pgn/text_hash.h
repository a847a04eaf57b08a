/*
 * text_hash.h - a 64-bit hash of a short text (a tag name, a player's name,
 * a date), eight bytes a step: for the parser's duplicate tags and the
 * duplicate index's players and dates.  Texts of up to 8 bytes are read
 * whole (two overlapping loads, or three bytes), so two of them never
 * collide: with the length, the words determine the text, and
 * text_hash_mix() is a bijection.  Longer texts go by 8-byte words, the
 * last one overlapping the one before.
 */
#ifndef PGNARB_TEXT_HASH_H
#define PGNARB_TEXT_HASH_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

static inline uint64_t text_hash_mix(uint64_t x)
{
    x ^= x >> 32;
    x *= 0xd6e8feb86659fd93ull;
    x ^= x >> 32;
    x *= 0xd6e8feb86659fd93ull;
    return x ^ (x >> 32);
}

static inline uint64_t text_hash(const char *s, size_t len)
{
    uint64_t a, b, h = len * 0x9e3779b97f4a7c15ull;
    if (len > 8) {
        for (size_t i = 0; i + 8 < len; i += 8) {
            memcpy(&a, s + i, 8);
            h = text_hash_mix(h ^ a);
        }
        memcpy(&b, s + len - 8, 8);
        return text_hash_mix(h ^ b);
    }
    if (len >= 4) {
        uint32_t x, y;
        memcpy(&x, s, 4);
        memcpy(&y, s + len - 4, 4);
        a = (uint64_t)x << 32 | y;
    } else if (len > 0) {
        a = (uint64_t)(unsigned char)s[0] << 16 | (uint64_t)(unsigned char)s[len / 2] << 8 |
            (unsigned char)s[len - 1];
    } else {
        a = 0;
    }
    return text_hash_mix(h ^ a);
}

#endif /* PGNARB_TEXT_HASH_H */
