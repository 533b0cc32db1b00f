/*
 * signals.c: flag-only signal handlers, the self-pipe that wakes the UI loop, and
 * the wait of that loop (poll on the input, the self-pipe and one more descriptor).
 *
 * Every catchable signal whose default action ends the process, other than the
 * crash signals (shim.c), gets a handler that only sets a flag and writes one
 * byte to a non-blocking pipe; the UI loop waits in poll() on that pipe, so a
 * signal is answered at once whatever the loop waits for, and the session ends
 * through its normal path (terminal restored, EXIT written, status 128 + N).
 * SIGPIPE and SIGXFSZ are ignored: a failed write is reported by errno.
 */
#define _GNU_SOURCE 1 /* pipe2, SIGSTKFLT, SIGPWR */

#include "shim.h"
#include "signals_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Signal numbers run from 1 to LT_SIGNAL_LIMIT - 1 (Linux: 64). */
#define LT_SIGNAL_LIMIT 65

/* The pending flags, one per signal number, set by the handler. */
static volatile sig_atomic_t g_pending[LT_SIGNAL_LIMIT];

/* The self-pipe: the handler writes a byte to [1], the loop polls [0]. Made once,
 * never closed (a handler may run at any time). */
static int g_wake_pipe[2] = {-1, -1};

/* What each signal had before lt_install_signal_handlers. */
static struct sigaction g_old_actions[LT_SIGNAL_LIMIT];
static unsigned char g_replaced[LT_SIGNAL_LIMIT];
static int g_installed = 0;

/* The ending signals with fixed numbers; SIGRTMIN..SIGRTMAX are added at run time. */
static const int k_ending_signals[] = {
    SIGHUP, SIGTERM, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU, SIGVTALRM, SIGPROF,
#ifdef SIGIO
    SIGIO,
#endif
#ifdef SIGPWR
    SIGPWR,
#endif
#ifdef SIGSTKFLT
    SIGSTKFLT,
#endif
#ifdef SIGSYS
    SIGSYS,
#endif
};
#define LT_ENDING_FIXED_COUNT ((int)(sizeof k_ending_signals / sizeof k_ending_signals[0]))

/* Job control and size: flagged too, but they do not end the session. */
static const int k_job_signals[] = {SIGTSTP, SIGWINCH, SIGCONT};
#define LT_JOB_SIGNAL_COUNT ((int)(sizeof k_job_signals / sizeof k_job_signals[0]))

/* Ignored while the handlers are installed. */
static const int k_ignored_signals[] = {SIGPIPE, SIGXFSZ};
#define LT_IGNORED_SIGNAL_COUNT ((int)(sizeof k_ignored_signals / sizeof k_ignored_signals[0]))

int lt_is_ending_signal(int sig) {
    for (int i = 0; i < LT_ENDING_FIXED_COUNT; ++i) {
        if (k_ending_signals[i] == sig) return 1;
    }
    return sig >= SIGRTMIN && sig <= SIGRTMAX && sig < LT_SIGNAL_LIMIT;
}

static void flag_handler(int sig) {
    int saved_errno = errno;
    if (sig > 0 && sig < LT_SIGNAL_LIMIT) g_pending[sig] = 1;
    if (g_wake_pipe[1] >= 0) {
        char byte = (char)sig;
        /* the raw system call: the capture's write() is not needed for a pipe; a full
         * pipe (EAGAIN) already wakes the loop */
        (void)syscall(SYS_write, g_wake_pipe[1], &byte, (size_t)1);
    }
    errno = saved_errno;
}

static int make_wake_pipe(void) {
    if (g_wake_pipe[0] >= 0) return 0;
    int fds[2];
    if (pipe2(fds, O_NONBLOCK | O_CLOEXEC) != 0) return -1;
    g_wake_pipe[0] = fds[0];
    g_wake_pipe[1] = fds[1];
    return 0;
}

/* Replaces the action of `sig` (saving the old one once). */
static int replace_action(int sig, const struct sigaction *sa) {
    if (sig <= 0 || sig >= LT_SIGNAL_LIMIT) return 0;
    struct sigaction old;
    if (sigaction(sig, sa, &old) != 0) return -1;
    if (!g_replaced[sig]) {
        g_old_actions[sig] = old;
        g_replaced[sig] = 1;
    }
    return 0;
}

int lt_install_signal_handlers(void) {
    if (g_installed) return 0;
    if (make_wake_pipe() != 0) return -1;
    struct sigaction flag;
    memset(&flag, 0, sizeof flag);
    flag.sa_handler = flag_handler;
    sigemptyset(&flag.sa_mask);
    /* While one handler runs, the others wait (no nesting on one thread). */
    for (int i = 0; i < LT_ENDING_FIXED_COUNT; ++i) sigaddset(&flag.sa_mask, k_ending_signals[i]);
    for (int i = 0; i < LT_JOB_SIGNAL_COUNT; ++i) sigaddset(&flag.sa_mask, k_job_signals[i]);
    /* SA_RESTART: a write to the events file is not cut short by a signal; the loop
     * itself waits in poll(), which the self-pipe wakes (and which is never restarted). */
    flag.sa_flags = SA_RESTART;
    struct sigaction ignore;
    memset(&ignore, 0, sizeof ignore);
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);

    int rc = 0;
    for (int i = 0; i < LT_ENDING_FIXED_COUNT; ++i) rc |= replace_action(k_ending_signals[i], &flag);
    for (int sig = SIGRTMIN; sig <= SIGRTMAX; ++sig) rc |= replace_action(sig, &flag);
    for (int i = 0; i < LT_JOB_SIGNAL_COUNT; ++i) rc |= replace_action(k_job_signals[i], &flag);
    for (int i = 0; i < LT_IGNORED_SIGNAL_COUNT; ++i) rc |= replace_action(k_ignored_signals[i], &ignore);
    g_installed = 1;
    if (rc != 0) {
        lt_uninstall_signal_handlers();
        return -1;
    }
    return 0;
}

void lt_uninstall_signal_handlers(void) {
    if (!g_installed) return;
    for (int sig = 1; sig < LT_SIGNAL_LIMIT; ++sig) {
        if (g_replaced[sig]) {
            sigaction(sig, &g_old_actions[sig], NULL);
            g_replaced[sig] = 0;
        }
    }
    g_installed = 0;
}

static int take(int sig) {
    if (sig > 0 && sig < LT_SIGNAL_LIMIT && g_pending[sig]) {
        g_pending[sig] = 0;
        return 1;
    }
    return 0;
}

int lt_take_signal_number(void) {
    if (take(SIGHUP)) return SIGHUP;
    if (take(SIGTERM)) return SIGTERM;
    if (take(SIGINT)) return SIGINT;
    for (int sig = 1; sig < LT_SIGNAL_LIMIT; ++sig) {
        if (sig != SIGTSTP && sig != SIGWINCH && sig != SIGCONT && take(sig)) return sig;
    }
    if (take(SIGTSTP)) return SIGTSTP;
    if (take(SIGWINCH)) return SIGWINCH;
    if (take(SIGCONT)) return SIGCONT;
    return 0;
}

int lt_take_signal(void) {
    int sig = lt_take_signal_number();
    switch (sig) {
    case 0: return LT_SIG_NONE;
    case SIGHUP: return LT_SIG_HANGUP;
    case SIGTERM: return LT_SIG_TERMINATE;
    case SIGINT: return LT_SIG_INTERRUPT;
    case SIGTSTP: return LT_SIG_SUSPEND;
    case SIGWINCH: return LT_SIG_RESIZE;
    case SIGCONT: return LT_SIG_CONTINUE;
    default: return LT_SIG_ENDING;
    }
}

void lt_signals_clear_job_control(void) {
    g_pending[SIGTSTP] = 0;
    g_pending[SIGCONT] = 0;
}

int lt_signal_wake_fd(void) { return g_wake_pipe[0]; }

/* Empties the self-pipe (its bytes only wake; the flags say what came). */
static void drain_wake_pipe(void) {
    char buf[64];
    while (read(g_wake_pipe[0], buf, sizeof buf) > 0) {
    }
}

static int any_pending(void) {
    for (int sig = 1; sig < LT_SIGNAL_LIMIT; ++sig) {
        if (g_pending[sig]) return 1;
    }
    return 0;
}

int lt_wait(int input_fd, int extra_fd, int timeout_ms) {
    if (any_pending()) return LT_WAIT_SIGNAL;
    struct pollfd fds[3];
    int count = 0, input_at = -1, extra_at = -1, wake_at = -1;
    if (input_fd >= 0) {
        input_at = count;
        fds[count++] = (struct pollfd){.fd = input_fd, .events = POLLIN, .revents = 0};
    }
    if (extra_fd >= 0) {
        extra_at = count;
        fds[count++] = (struct pollfd){.fd = extra_fd, .events = POLLIN, .revents = 0};
    }
    if (g_wake_pipe[0] >= 0) {
        wake_at = count;
        fds[count++] = (struct pollfd){.fd = g_wake_pipe[0], .events = POLLIN, .revents = 0};
    }
    int n = poll(fds, (nfds_t)count, timeout_ms < 0 ? -1 : timeout_ms);
    if (n < 0) return errno == EINTR ? LT_WAIT_SIGNAL : LT_WAIT_ERROR;
    int result = 0;
    if (wake_at >= 0 && fds[wake_at].revents != 0) {
        drain_wake_pipe();
        result |= LT_WAIT_SIGNAL;
    }
    if (input_at >= 0) {
        short r = fds[input_at].revents;
        if (r & POLLIN) result |= LT_WAIT_INPUT;
        if (r & (POLLHUP | POLLERR | POLLNVAL)) result |= LT_WAIT_HANGUP;
    }
    if (extra_at >= 0 && fds[extra_at].revents != 0) result |= LT_WAIT_EXTRA;
    if (any_pending()) result |= LT_WAIT_SIGNAL;
    return result;
}

void lt_wake(void) {
    if (g_wake_pipe[1] >= 0) {
        char byte = 0;
        /* a full pipe (EAGAIN) already wakes the loop */
        (void)syscall(SYS_write, g_wake_pipe[1], &byte, (size_t)1);
    }
}

void lt_quit_without_crash_report(void) {
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(SIGQUIT, &dfl, NULL);
}

void lt_internal_flag_signal(int sig) { flag_handler(sig); }
