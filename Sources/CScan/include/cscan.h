/*
 * cscan.h: the byte-scanning loops of the institution directory and its search, in C so that
 * they run sixteen bytes at a time (SSE2) in every build, debug included.
 */
#ifndef CSCAN_H
#define CSCAN_H

#include <stddef.h>
#include <stdint.h>

/*
 * Finds where `word` (length `word_length`, ASCII letters lowercase) occurs in `bytes` with
 * ASCII case folded, from `*resume` on. Writes the positions (ascending) to `out`, at most
 * `capacity` of them, sets `*resume` to where the next call goes on (`length` once done), and
 * returns how many it wrote.
 */
size_t lt_scan_occurrences(const uint8_t *bytes, size_t length, const uint8_t *word, size_t word_length,
                           size_t *resume, uint32_t *out, size_t capacity);

/*
 * The end of the line that starts at `from` in `bytes`: the index of its line feed, or `length`.
 * `*plain` is set to 1 when every byte before it is printable ASCII (0x20 to 0x7E), else 0.
 */
size_t lt_scan_line(const uint8_t *bytes, size_t length, size_t from, int *plain);

#endif
