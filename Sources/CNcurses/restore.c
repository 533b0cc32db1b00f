/*
 * restore.c: putting the terminal back from anywhere (a crash handler included),
 * and the crash handlers that do it before the process dies of the signal.
 * Everything here that runs in a signal handler is async-signal-safe.
 */
#define _XOPEN_SOURCE 700 /* sigaction, SA_SIGINFO */
#define _DEFAULT_SOURCE 1 /* sigaltstack */

#include "shim.h"
#include "shim_internal.h"
#include "signals_internal.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

/* Read by signal handlers. */
static volatile sig_atomic_t g_tty_active = 0; /* a real tty screen is open */
static volatile sig_atomic_t g_tty_fd = -1;    /* the descriptor it writes to */
static volatile sig_atomic_t g_termios_saved = 0;
static int g_termios_fd = -1;
static struct termios g_saved_termios;

/* Reset bytes for crash and fatal paths: paste off, mouse off (X10, button,
 * SGR), attributes off, keypad (cursor keys) normal, leave the alternate
 * screen, cursor visible. */
static const char k_reset_bytes[] =
    "\033[?2004l"
    "\033[?1000l\033[?1002l\033[?1006l"
    "\033[0m"
    "\033[?1l\033>"
    "\033[?1049l"
    "\033[?25h";

void lt_internal_set_tty_output(int fd) {
    g_tty_fd = fd;
    g_tty_active = fd >= 0 ? 1 : 0;
}

int lt_save_termios(void) {
    int fd = isatty(STDIN_FILENO) ? STDIN_FILENO : (isatty(STDOUT_FILENO) ? STDOUT_FILENO : -1);
    if (fd < 0) return -1;
    if (tcgetattr(fd, &g_saved_termios) != 0) return -1;
    g_termios_fd = fd;
    g_termios_saved = 1;
    return 0;
}

/* Async-signal-safe: tcsetattr and the raw write system call only (not
 * captured: the capture lock may be held by the interrupted thread). */
void lt_restore_terminal_now(void) {
    int saved_errno = errno;
    if (g_termios_saved && g_termios_fd >= 0) {
        tcsetattr(g_termios_fd, TCSANOW, &g_saved_termios);
    }
    if (g_tty_active) {
        lt_internal_write_all_raw(g_tty_fd, k_reset_bytes, sizeof k_reset_bytes - 1);
    }
    lt_output_release_now(); /* the crash's own message, held while the screen was up */
    errno = saved_errno;
}

static const int k_crash_signals[] = {SIGSEGV, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE};
#define LT_CRASH_SIGNAL_COUNT ((int)(sizeof k_crash_signals / sizeof k_crash_signals[0]))
static struct sigaction g_old_crash_actions[LT_CRASH_SIGNAL_COUNT];
static int g_crash_handlers_installed = 0;

/* One line naming the crash (a release build has no backtracer to say it). */
static void say_crashed(int sig) {
    const char *name = sig == SIGSEGV ? "SIGSEGV" : sig == SIGILL ? "SIGILL" : sig == SIGTRAP ? "SIGTRAP"
                     : sig == SIGABRT ? "SIGABRT" : sig == SIGBUS ? "SIGBUS" : sig == SIGFPE ? "SIGFPE" : "a signal";
    static const char head[] = "linkterm: crashed (";
    static const char tail[] = "); the terminal is restored\n";
    lt_internal_write_all_raw(STDERR_FILENO, head, sizeof head - 1);
    lt_internal_write_all_raw(STDERR_FILENO, name, strlen(name));
    lt_internal_write_all_raw(STDERR_FILENO, tail, sizeof tail - 1);
}

/* Ends the process with `sig` (default action, unblocked): never returns. */
static void die_of(int sig) {
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, NULL);
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, sig);
    sigprocmask(SIG_UNBLOCK, &only, NULL);
    raise(sig);
    /* not reached (the default action of every crash signal ends the process) */
    _exit(128 + sig);
}

/* Restores the terminal, says so, lets the previous handler (the Swift runtime's
 * backtracer) print its report, then ends the process with the signal itself. The
 * backtracer resets its signals to SIG_DFL and returns, counting on the faulting
 * instruction to fault again: a signal sent with kill(1) does not come again, and
 * the process went on running. Hence the re-raise here, every time. */
static void crash_handler(int sig, siginfo_t *info, void *context) {
    /* A crash signal another process sent (kill -SEGV): no fault happened and the
     * process is sound, so the session ends as for any ending signal (terminal
     * restored, EXIT and onExit written) and then dies of it (lt_end_with_signal).
     * Only while the UI loop is up to see the flag; a signal the process sends
     * itself (abort) is a crash. */
    if (info != NULL && info->si_code <= 0 && info->si_pid != getpid() && g_tty_active) {
        lt_internal_flag_signal(sig);
        return;
    }
    int restoring = g_termios_saved;
    lt_restore_terminal_now();
    if (restoring) say_crashed(sig);
    struct sigaction previous;
    memset(&previous, 0, sizeof previous);
    previous.sa_handler = SIG_DFL;
    for (int i = 0; i < LT_CRASH_SIGNAL_COUNT; ++i) {
        if (k_crash_signals[i] == sig) {
            previous = g_old_crash_actions[i];
            break;
        }
    }
    if (previous.sa_flags & SA_SIGINFO) {
        if (previous.sa_sigaction != NULL) previous.sa_sigaction(sig, info, context);
    } else if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
        previous.sa_handler(sig);
    }
    die_of(sig);
}

static void ensure_alt_stack(void) {
    stack_t current;
    if (sigaltstack(NULL, &current) == 0 && !(current.ss_flags & SS_DISABLE)) return;
    size_t size = 64 * 1024;
    void *mem = malloc(size);
    if (mem == NULL) return;
    stack_t st;
    memset(&st, 0, sizeof st);
    st.ss_sp = mem;
    st.ss_size = size;
    st.ss_flags = 0;
    if (sigaltstack(&st, NULL) != 0) free(mem);
}

int lt_install_crash_handlers(void) {
    if (g_crash_handlers_installed) return 0;
    ensure_alt_stack();
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = crash_handler;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    for (int i = 0; i < LT_CRASH_SIGNAL_COUNT; ++i) {
        if (sigaction(k_crash_signals[i], &sa, &g_old_crash_actions[i]) != 0) {
            for (int j = 0; j < i; ++j) sigaction(k_crash_signals[j], &g_old_crash_actions[j], NULL);
            return -1;
        }
    }
    g_crash_handlers_installed = 1;
    return 0;
}

void lt_uninstall_crash_handlers(void) {
    if (!g_crash_handlers_installed) return;
    for (int i = 0; i < LT_CRASH_SIGNAL_COUNT; ++i) {
        sigaction(k_crash_signals[i], &g_old_crash_actions[i], NULL);
    }
    g_crash_handlers_installed = 0;
}

int lt_is_crash_signal(int sig) {
    for (int i = 0; i < LT_CRASH_SIGNAL_COUNT; ++i) {
        if (k_crash_signals[i] == sig) return 1;
    }
    return 0;
}

void lt_end_with_signal(int sig) {
    fflush(NULL);
    die_of(sig);
}
