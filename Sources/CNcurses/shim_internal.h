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

#endif /* LINKTERM_SHIM_INTERNAL_H */
