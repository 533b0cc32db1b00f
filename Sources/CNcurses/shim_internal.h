/*
 * shim_internal.h: what the files of CNcurses share that Swift never sees.
 */
#ifndef LINKTERM_SHIM_INTERNAL_H
#define LINKTERM_SHIM_INTERNAL_H

/** Forgets every input not yet read: bytes, a partial sequence, pushed-back keys,
 *  mouse events; zeroes the byte buffer. Called when a screen opens and closes.
 *  (input_reader.c) */
void lt_internal_input_reset(void);

/** Queues a resize for lt_read_input (after resizeterm). (input_reader.c) */
int lt_internal_push_resize(void);

#include <stddef.h>

/** The descriptor whose writes are captured while capture is on (-1: none):
 *  the open screen's output. (capture.c) */
void lt_internal_capture_set_fd(int fd);

/** Writes all of `s` (retrying short writes and EINTR), captured like any write
 *  to the screen's descriptor. (capture.c) */
void lt_internal_write_all(int fd, const char *s, size_t n);

/** The same with the raw system call, never captured: async-signal-safe, for
 *  the crash and signal paths. (capture.c) */
void lt_internal_write_all_raw(int fd, const char *s, size_t n);

/** The descriptor a real terminal screen writes to, or -1 when none is open, for the
 *  restore path. (restore.c) */
void lt_internal_set_tty_output(int fd);

#endif /* LINKTERM_SHIM_INTERNAL_H */
