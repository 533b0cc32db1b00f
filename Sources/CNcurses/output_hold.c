/*
 * output_hold.c: what the process writes to standard output or standard error while
 * the full screen is up is held back and written, in order, once the terminal is
 * restored.
 *
 * Whatever reaches a terminal in raw mode on the alternate screen is garbage there
 * and then lost when the screen is left: an embedding app's own print() from a
 * callback, a crash's "Fatal error" line from the Swift runtime. While the screen is
 * open, fd 1 and fd 2 (each only when it is a terminal) point at an anonymous memory
 * file, one for both when they are the same terminal, so that their order is kept;
 * the screen itself writes to a descriptor of its own on the terminal (shim.c).
 * Leaving the screen, normally or from the crash handler, points them back and copies
 * what was held. Everything here is async-signal-safe from lt_output_release on,
 * except the stdio flush that only the normal path does.
 */
#define _GNU_SOURCE
#include "shim.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* Per held descriptor: the real one while held, and the memory file it points at. */
static volatile int g_saved[3] = {-1, -1, -1};
static volatile int g_hold[3] = {-1, -1, -1};

static int same_terminal(int a, int b) {
    struct stat sa, sb;
    return fstat(a, &sa) == 0 && fstat(b, &sb) == 0 && sa.st_rdev == sb.st_rdev && sa.st_ino == sb.st_ino;
}

/* Points `fd` at `hold` (a memory file), keeping the real descriptor. */
static int hold_fd(int fd, int hold) {
    int saved = fcntl(fd, F_DUPFD_CLOEXEC, 3);
    if (saved < 0) return -1;
    if (dup2(hold, fd) < 0) {
        close(saved);
        return -1;
    }
    g_saved[fd] = saved;
    g_hold[fd] = hold;
    return 0;
}

void lt_output_hold(void) {
    if (g_hold[1] >= 0 || g_hold[2] >= 0) return;
    int out = isatty(STDOUT_FILENO), err = isatty(STDERR_FILENO);
    if (!out && !err) return;
    if (out) {
        /* stdio decides a stream's buffering on its first write, from isatty: settle it
         * as a terminal's (by line) now, or a first print() while held would leave
         * standard output buffered by blocks for the rest of the program */
        fflush(stdout);
        if (__fbufsize(stdout) == 0 && !__flbf(stdout)) setvbuf(stdout, NULL, _IOLBF, BUFSIZ);
    }
    int shared = out && err && same_terminal(STDOUT_FILENO, STDERR_FILENO);
    int first = memfd_create("linkterm-held-output", MFD_CLOEXEC);
    if (first < 0) return;
    if (out && hold_fd(STDOUT_FILENO, first) < 0) out = 0;
    int second = first;
    if (err && !shared && out) {
        second = memfd_create("linkterm-held-output", MFD_CLOEXEC);
        if (second < 0) err = 0;
    }
    if (err && hold_fd(STDERR_FILENO, second) < 0) {
        if (second != first) close(second);
        err = 0;
    }
    if (!out && !err) close(first);
}

/* Copies what `hold` received to `fd` (async-signal-safe). */
static void copy_out(int hold, int fd) {
    char chunk[4096];
    off_t at = 0;
    for (;;) {
        ssize_t got = pread(hold, chunk, sizeof chunk, at);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        at += got;
        for (ssize_t done = 0; done < got;) {
            ssize_t put = write(fd, chunk + done, (size_t)(got - done));
            if (put < 0 && errno == EINTR) continue;
            if (put <= 0) {
                done = got;
                break;
            }
            done += put;
        }
    }
}

static void release(int flush) {
    int hold_out = g_hold[1], hold_err = g_hold[2];
    if (hold_out < 0 && hold_err < 0) return;
    int saved_errno = errno;
    if (flush && hold_out >= 0) fflush(stdout); /* a print() still in stdio's buffer is held too */
    int saved_out = g_saved[1], saved_err = g_saved[2];
    g_hold[1] = g_hold[2] = -1;
    g_saved[1] = g_saved[2] = -1;
    if (hold_out >= 0) {
        dup2(saved_out, STDOUT_FILENO);
        close(saved_out);
    }
    if (hold_err >= 0) {
        dup2(saved_err, STDERR_FILENO);
        close(saved_err);
    }
    if (hold_out >= 0) copy_out(hold_out, STDOUT_FILENO);
    if (hold_err >= 0 && hold_err != hold_out) copy_out(hold_err, STDERR_FILENO);
    if (hold_out >= 0) close(hold_out);
    if (hold_err >= 0 && hold_err != hold_out) close(hold_err);
    errno = saved_errno;
}

void lt_output_release(void) { release(1); }

void lt_output_release_now(void) { release(0); }
