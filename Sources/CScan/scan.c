/* scan.c: see cscan.h. Sixteen bytes at a time with SSE2 where the machine has it (every x86-64),
 * a byte at a time elsewhere. */
#include "cscan.h"

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static inline uint8_t fold(uint8_t byte) { return (uint8_t)(byte - 'A') < 26 ? byte | 0x20 : byte; }

/* The case bit a byte of the (folded) word matches with: 0x20 for a letter, so both cases match;
 * 0 for any other byte, which matches only itself. Names hold no control characters, so no
 * other byte folds onto a letter this way. */
static inline uint8_t case_bit(uint8_t byte) { return (uint8_t)(byte - 'a') < 26 ? 0x20 : 0; }

static inline int rest_matches(const uint8_t *at, const uint8_t *word, size_t word_length) {
    for (size_t offset = 1; offset + 1 < word_length; offset++) {
        if (fold(at[offset]) != word[offset]) return 0;
    }
    return 1;
}

size_t lt_scan_occurrences(const uint8_t *bytes, size_t length, const uint8_t *word, size_t word_length,
                           size_t *resume, uint32_t *out, size_t capacity) {
    size_t found = 0;
    size_t at = *resume;
    if (word_length == 0 || word_length > length) {
        *resume = length;
        return 0;
    }
    const uint8_t first = word[0], last = word[word_length - 1];
#if defined(__SSE2__)
    const __m128i first_v = _mm_set1_epi8((char)first), first_bit = _mm_set1_epi8((char)case_bit(first));
    const __m128i last_v = _mm_set1_epi8((char)last), last_bit = _mm_set1_epi8((char)case_bit(last));
    while (at + 16 + word_length - 1 <= length) {
        /* stop before a block whose hits might not fit */
        if (capacity - found < 16) {
            *resume = at;
            return found;
        }
        __m128i head = _mm_or_si128(_mm_loadu_si128((const __m128i *)(bytes + at)), first_bit);
        __m128i tail = _mm_or_si128(_mm_loadu_si128((const __m128i *)(bytes + at + word_length - 1)), last_bit);
        unsigned mask = (unsigned)_mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(head, first_v), _mm_cmpeq_epi8(tail, last_v)));
        while (mask != 0) {
            unsigned lane = (unsigned)__builtin_ctz(mask);
            if (rest_matches(bytes + at + lane, word, word_length)) out[found++] = (uint32_t)(at + lane);
            mask &= mask - 1;
        }
        at += 16;
    }
#endif
    while (at + word_length <= length) {
        if (found == capacity) {
            *resume = at;
            return found;
        }
        if (fold(bytes[at]) == first && fold(bytes[at + word_length - 1]) == last &&
            rest_matches(bytes + at, word, word_length)) {
            out[found++] = (uint32_t)at;
        }
        at++;
    }
    *resume = length;
    return found;
}

size_t lt_scan_line(const uint8_t *bytes, size_t length, size_t from, int *plain) {
    size_t at = from;
    int clean = 1;
#if defined(__SSE2__)
    const __m128i line_feed = _mm_set1_epi8('\n');
    const __m128i below = _mm_set1_epi8(0x20 - 0x80), delete = _mm_set1_epi8(0x7F);
    while (at + 16 <= length) {
        __m128i v = _mm_loadu_si128((const __m128i *)(bytes + at));
        unsigned feeds = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, line_feed));
        /* not printable: below 0x20 or 0x80 and over (signed, after flipping the top bit: below
         * 0x20 - 0x80), or 0x7F */
        __m128i flipped = _mm_xor_si128(v, _mm_set1_epi8((char)0x80));
        unsigned outside = (unsigned)_mm_movemask_epi8(
            _mm_or_si128(_mm_or_si128(_mm_cmplt_epi8(flipped, below), _mm_cmpeq_epi8(v, delete)),
                         _mm_cmplt_epi8(v, _mm_setzero_si128())));
        if (feeds != 0) {
            unsigned lane = (unsigned)__builtin_ctz(feeds);
            if (outside & ((1u << lane) - 1)) clean = 0;
            *plain = clean;
            return at + lane;
        }
        if (outside) clean = 0;
        at += 16;
    }
#endif
    while (at < length) {
        uint8_t byte = bytes[at];
        if (byte == '\n') break;
        if ((uint8_t)(byte - 0x20) >= 0x5F) clean = 0;
        at++;
    }
    *plain = clean;
    return at;
}
