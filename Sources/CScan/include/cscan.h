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

/*
 * The plain lines of a list of names, one pass of NameListReader in place. From `*at` on, each
 * line (to its line feed or the end of `bytes`) that is printable ASCII and, trimmed of spaces at
 * both ends, at most `max_length` bytes is taken: moved to `bytes + *written` when not empty,
 * `*written` advanced past it, `flags[*count]` set to 0, `*count` incremented and
 * `starts[*count]` set to `*written`; `*line` counts every line passed. It stops at the end of
 * `bytes` (returns 1) or at the start of a line it does not take (returns 0, `*at` at that line):
 * one holding another byte, one longer than `max_length`, a name once `*count` is `capacity`.
 */
int lt_take_plain_lines(uint8_t *bytes, size_t length, size_t *at, size_t max_length, uint32_t *starts,
                        uint8_t *flags, size_t capacity, size_t *count, size_t *written, size_t *line);

/*
 * The first byte of each of `count` names, ASCII letters lowercased, 0 for an empty name:
 * `out[i]` for the name `names[starts[i] ..< starts[i + 1]]` (`starts` holds `count + 1` offsets).
 */
void lt_first_bytes(const uint8_t *names, const uint32_t *starts, size_t count, uint8_t *out);

/*
 * How many of `flags[0 ..< count]` have a bit of `mask` set; with `out` (room for that many), their
 * indices too, ascending.
 */
size_t lt_flagged(const uint8_t *flags, size_t count, uint8_t mask, size_t *out);

#endif
