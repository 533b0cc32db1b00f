/*
 * capture.c: the capture of every byte written to the terminal (for recordings),
 * and the process-wide write() that feeds it. Kept apart from the code that
 * writes (shim.c), which reaches it through shim_internal.h.
 */
#define _GNU_SOURCE 1 /* mremap, RTLD_DEFAULT, SYS_gettid */

#include "shim.h"
#include "shim_internal.h"

#include <errno.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#if defined(__linux__)
#include <dlfcn.h>
#include <sys/syscall.h>
/* This file defines write() (see below). */
#define LT_CAPTURE_INTERPOSES 1
#else
#define LT_CAPTURE_INTERPOSES 0
#endif

/*
 * Every byte for the terminal goes through out_write: ncurses' own writes
 * arrive there through the write() defined below, the shim's direct
 * sequences call it. While capture is on and the descriptor is the screen's,
 * out_write appends what the system call wrote to the capture buffer.
 *
 * Async-signal-safe by construction (system calls, memcpy, atomics; the
 * buffer grows with mmap/mremap, never malloc), so a foreign signal handler
 * writing to the screen cannot corrupt it: a write made while the same thread
 * already holds the capture lock (a handler that interrupted out_write) is
 * written but not captured. The crash restore path uses raw_write and is
 * never captured.
 */

static atomic_int g_capture_on = 0;
static atomic_int g_capture_fd = -1; /* the open screen's output descriptor */
static atomic_int g_capture_owner = 0; /* thread id holding the lock, 0 = free */
static unsigned char *g_capture_data = NULL; /* mmap'd, g_capture_size bytes */
static size_t g_capture_len = 0;
static size_t g_capture_size = 0;

#define LT_CAPTURE_INITIAL_SIZE ((size_t)64 * 1024)
#define LT_CAPTURE_KEEP_SIZE ((size_t)1024 * 1024) /* unmapped above this once empty */

/* write(2) itself, bypassing the write() defined below. */
static ssize_t raw_write(int fd, const void *buf, size_t n) {
#if LT_CAPTURE_INTERPOSES
    return (ssize_t)syscall(SYS_write, fd, buf, n);
#else
    return write(fd, buf, n);
#endif
}

static int current_thread_id(void) {
#if defined(__linux__)
    return (int)syscall(SYS_gettid);
#else
    return 1; /* no interposition: only the screen's thread writes */
#endif
}

/* Takes the capture lock. Returns 0 without taking it if this thread already
 * holds it (a signal handler interrupted the holder): the caller skips
 * capture. Other threads wait. */
static int capture_lock(void) {
    int self = current_thread_id();
    int expected = 0;
    while (!atomic_compare_exchange_weak(&g_capture_owner, &expected, self)) {
        if (expected == self) return 0;
        expected = 0;
        sched_yield();
    }
    return 1;
}

static void capture_unlock(void) { atomic_store(&g_capture_owner, 0); }

/* Appends n bytes; drops them if memory runs out. Lock held. */
static void capture_append(const void *buf, size_t n) {
    if (n > SIZE_MAX - g_capture_len) return;
    size_t need = g_capture_len + n;
    if (need > g_capture_size) {
        size_t size = g_capture_size ? g_capture_size : LT_CAPTURE_INITIAL_SIZE;
        while (size < need) {
            if (size > SIZE_MAX / 2) return;
            size *= 2;
        }
        void *p;
        if (g_capture_data == NULL) {
            p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        } else {
#if defined(__linux__)
            p = mremap(g_capture_data, g_capture_size, size, MREMAP_MAYMOVE);
#else
            p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            if (p != MAP_FAILED) {
                memcpy(p, g_capture_data, g_capture_len);
                munmap(g_capture_data, g_capture_size);
            }
#endif
        }
        if (p == MAP_FAILED) return;
        g_capture_data = p;
        g_capture_size = size;
    }
    memcpy(g_capture_data + g_capture_len, buf, n);
    g_capture_len = need;
}

/* The one writer of terminal bytes: write(2), plus capture of what was
 * written when capture is on and fd is the screen's output. The lock is held
 * across the system call so that the buffer keeps the order of the writes. */
static ssize_t out_write(int fd, const void *buf, size_t n) {
    if (fd < 0 || !atomic_load_explicit(&g_capture_on, memory_order_relaxed) ||
        fd != atomic_load_explicit(&g_capture_fd, memory_order_relaxed)) {
        return raw_write(fd, buf, n);
    }
    if (!capture_lock()) return raw_write(fd, buf, n);
    ssize_t w = raw_write(fd, buf, n);
    int saved_errno = errno;
    if (w > 0 && atomic_load(&g_capture_on)) capture_append(buf, (size_t)w);
    capture_unlock();
    errno = saved_errno;
    return w;
}

#if LT_CAPTURE_INTERPOSES
/* Interposes write(2) for the whole process (libncursesw and libtinfo write
 * frames with write() on the screen's descriptor; there is no hook to give
 * them another writer). Behaves exactly like the system call; see out_write. */
ssize_t write(int fd, const void *buf, size_t count) { return out_write(fd, buf, count); }

/* Whether calls from the shared libraries really reach the write() above (the
 * executable exports it because libncursesw references it). */
static int capture_interposed(void) {
    ssize_t (*ours)(int, const void *, size_t) = write;
    void *resolved = dlsym(RTLD_DEFAULT, "write");
    return resolved != NULL && resolved == (void *)(uintptr_t)ours;
}
#endif

int lt_capture_enable(int on) {
    if (!on) {
        atomic_store(&g_capture_on, 0);
        return 0;
    }
#if LT_CAPTURE_INTERPOSES
    if (!capture_interposed()) return -1;
    atomic_store(&g_capture_on, 1);
    return 0;
#else
    return -1;
#endif
}

int lt_capture_is_enabled(void) { return atomic_load(&g_capture_on) ? 1 : 0; }

int lt_capture_take(char **data, size_t *len) {
    if (data == NULL || len == NULL) return -1;
    *data = NULL;
    *len = 0;
    if (!capture_lock()) return -1;
    int rc = 0;
    if (g_capture_len > 0) {
        char *copy = malloc(g_capture_len);
        if (copy == NULL) {
            rc = -1;
        } else {
            memcpy(copy, g_capture_data, g_capture_len);
            *data = copy;
            *len = g_capture_len;
            g_capture_len = 0;
        }
    }
    if (g_capture_len == 0 && g_capture_size > LT_CAPTURE_KEEP_SIZE) {
        munmap(g_capture_data, g_capture_size);
        g_capture_data = NULL;
        g_capture_size = 0;
    }
    capture_unlock();
    return rc;
}

void lt_internal_capture_set_fd(int fd) { atomic_store(&g_capture_fd, fd); }

/* Writes all of s (retrying short writes and EINTR) through out_write, so
 * that it is captured. */
void lt_internal_write_all(int fd, const char *s, size_t n) {
    while (n > 0) {
        ssize_t w = out_write(fd, s, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            return;
        }
        s += w;
        n -= (size_t)w;
    }
}

/* The same with the raw system call, never captured: for signal handlers. */
void lt_internal_write_all_raw(int fd, const char *s, size_t n) {
    while (n > 0) {
        ssize_t w = raw_write(fd, s, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            return;
        }
        s += w;
        n -= (size_t)w;
    }
}

