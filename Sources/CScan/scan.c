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
    /* printable ASCII (0x20 to 0x7E) is exactly the bytes b with b + 1 in 0x21...0x7F as a signed
     * byte: one addition and one comparison find the others */
    const __m128i one = _mm_set1_epi8(1), limit = _mm_set1_epi8(0x21);
    while (at + 16 <= length) {
        __m128i v = _mm_loadu_si128((const __m128i *)(bytes + at));
        unsigned feeds = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, line_feed));
        /* not printable: below 0x20, 0x7F, or 0x80 and over */
        unsigned outside = (unsigned)_mm_movemask_epi8(_mm_cmplt_epi8(_mm_add_epi8(v, one), limit));
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

int lt_take_plain_lines(uint8_t *bytes, size_t length, size_t *at, size_t max_length, uint32_t *starts,
                        uint8_t *flags, size_t capacity, size_t *count, size_t *written, size_t *line) {
    /* (a line at a time: measured against sixteen and sixty-four bytes at a time with the masks of
     * every line in a stretch, this did the fewest instructions, 115 a line of 36 bytes) */
    size_t from = *at, taken = *count, out = *written, lines = *line;
    int finished = 1;
    while (from < length) {
        int plain = 0;
        size_t end = lt_scan_line(bytes, length, from, &plain);
        if (!plain) {
            finished = 0;
            break;
        }
        size_t first = from, last = end;
        while (first < last && bytes[first] == ' ') first++;
        while (last > first && bytes[last - 1] == ' ') last--;
        if (first < last) {
            if (last - first > max_length || taken == capacity) {
                finished = 0;
                break;
            }
            if (out != first) memmove(bytes + out, bytes + first, last - first);
            out += last - first;
            flags[taken] = 0;
            taken++;
            starts[taken] = (uint32_t)out;
        }
        lines++;
        from = end + 1;
    }
    *at = from;
    *count = taken;
    *written = out;
    *line = lines;
    return finished;
}

void lt_first_bytes(const uint8_t *names, const uint32_t *starts, size_t count, uint8_t *out) {
    if (count == 0) return;
    uint32_t start = starts[0];
    for (size_t index = 0; index < count; index++) {
        uint32_t end = starts[index + 1];
        uint8_t byte = start < end ? names[start] : 0;
        /* an ASCII capital gets its case bit */
        out[index] = (uint8_t)(byte | ((uint8_t)(byte - 'A') < 26) << 5);
        start = end;
    }
}

size_t lt_flagged(const uint8_t *flags, size_t count, uint8_t mask, size_t *out) {
    size_t found = 0, index = 0;
#if defined(__SSE2__)
    /* sixteen flags at a time: most blocks have none set */
    const __m128i bits = _mm_set1_epi8((char)mask), zero = _mm_setzero_si128();
    for (; index + 16 <= count; index += 16) {
        __m128i block = _mm_and_si128(_mm_loadu_si128((const __m128i *)(flags + index)), bits);
        unsigned set = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(block, zero)) ^ 0xFFFFu;
        while (set != 0) {
            if (out) out[found] = index + (unsigned)__builtin_ctz(set);
            found++;
            set &= set - 1;
        }
    }
#endif
    for (; index < count; index++) {
        if (flags[index] & mask) {
            if (out) out[found] = index;
            found++;
        }
    }
    return found;
}
