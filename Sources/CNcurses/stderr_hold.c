/*
 * stderr_hold.c: what is written to standard error while the full screen is up is
 * held back and written once the terminal is restored.
 *
 * Whatever reaches a terminal in raw mode on the alternate screen is garbage there
 * and then lost when the screen is left, and that is where a crash's "Fatal error"
 * line from the Swift runtime would go. While the screen is open, fd 2 points at an
 * anonymous memory file (only when standard error is that terminal); leaving the
 * screen, normally or from the crash handler, points it back and copies what was
 * held. Everything here is async-signal-safe from lt_stderr_release on.
 */
#define _GNU_SOURCE
#include "shim.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

static volatile int g_saved_stderr = -1; /* the real standard error while held */
static volatile int g_hold = -1;         /* the memory file fd 2 points at */

void lt_stderr_hold(void) {
    if (g_hold >= 0 || !isatty(STDERR_FILENO)) return;
    int hold = memfd_create("linkterm-stderr", MFD_CLOEXEC);
    if (hold < 0) return;
    int saved = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3);
    if (saved < 0 || dup2(hold, STDERR_FILENO) < 0) {
        if (saved >= 0) close(saved);
        close(hold);
        return;
    }
    g_saved_stderr = saved;
    g_hold = hold;
}

void lt_stderr_release(void) {
    int hold = g_hold, saved = g_saved_stderr;
    if (hold < 0 || saved < 0) return;
    g_hold = -1;
    g_saved_stderr = -1;
    int saved_errno = errno;
    dup2(saved, STDERR_FILENO);
    close(saved);
    char chunk[4096];
    off_t at = 0;
    for (;;) {
        ssize_t got = pread(hold, chunk, sizeof chunk, at);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        at += got;
        for (ssize_t done = 0; done < got;) {
            ssize_t put = write(STDERR_FILENO, chunk + done, (size_t)(got - done));
            if (put < 0 && errno == EINTR) continue;
            if (put <= 0) {
                done = got;
                break;
            }
            done += put;
        }
    }
    close(hold);
    errno = saved_errno;
}
