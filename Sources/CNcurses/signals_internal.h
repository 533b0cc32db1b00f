/*
 * signals_internal.h: what shim.c needs from signals.c, not for Swift.
 */
#ifndef LINKTERM_CNCURSES_SIGNALS_INTERNAL_H
#define LINKTERM_CNCURSES_SIGNALS_INTERNAL_H

/** Clears the SIGTSTP and SIGCONT flags (lt_suspend handles both itself). */
void lt_signals_clear_job_control(void);

#endif /* LINKTERM_CNCURSES_SIGNALS_INTERNAL_H */
