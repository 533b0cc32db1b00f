/*
 * signals_internal.h: what shim.c and restore.c need from signals.c, not for Swift.
 */
#ifndef LINKTERM_CNCURSES_SIGNALS_INTERNAL_H
#define LINKTERM_CNCURSES_SIGNALS_INTERNAL_H

/** Clears the SIGTSTP and SIGCONT flags (lt_suspend handles both itself). */
void lt_signals_clear_job_control(void);

/** Flags `sig` as pending and wakes lt_wait, as the flag-only handler does
 *  (async-signal-safe): for the crash handler, given a crash signal that another
 *  process sent. */
void lt_internal_flag_signal(int sig);

#endif /* LINKTERM_CNCURSES_SIGNALS_INTERNAL_H */
