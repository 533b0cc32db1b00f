/*
 * shim.c: ncursesw wrappers, terminal restore and crash handlers for linkterm
 * (the signal flags, self-pipe and wait are in signals.c).
 * See include/shim.h for the contract of every function.
 */
#define _XOPEN_SOURCE 700 /* DESIGN §4.4: wcwidth, sigaction, SA_SIGINFO */
#define _DEFAULT_SOURCE 1 /* TIOCGWINSZ, sigaltstack */
#define _GNU_SOURCE 1     /* capture: mremap, RTLD_DEFAULT, SYS_gettid */

#include "shim.h"
#include "shim_internal.h"
#include "signals_internal.h"

#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <termios.h>
#include <unistd.h>

#if defined(__linux__)
#include <dlfcn.h>
#include <sys/syscall.h>
/* The shim defines write() (see "Output capture" below). */
#define LT_CAPTURE_INTERPOSES 1
#else
#define LT_CAPTURE_INTERPOSES 0
#endif

/* ------------------------------------------------------------------------- */
/* State (one screen at a time; owned by the UI thread)                      */
/* ------------------------------------------------------------------------- */

static SCREEN *g_screen = NULL;
static FILE *g_out = NULL;        /* the output stream given to newterm */
static FILE *g_headless_out = NULL;
static FILE *g_headless_in = NULL;
static int g_headless = 0;
static int g_cursor_visible = 0;
static int g_default_colors = 0;
static int g_mouse_on = 0; /* SGR mouse reporting enabled (the terminal has kmous) */

/* Read by signal handlers. */
static volatile sig_atomic_t g_tty_active = 0; /* a real tty screen is open */
static volatile sig_atomic_t g_termios_saved = 0;
static int g_termios_fd = -1;
static struct termios g_saved_termios;

static const char k_paste_on[] = "\033[?2004h";
static const char k_paste_off[] = "\033[?2004l";
/* Mouse reporting (1000: press and release, wheel) in the SGR format (1006), sent by
 * the shim itself (ncurses' mouse support is never enabled: see input_reader.c). The
 * same bytes as ncurses' own XM string of xterm-256color. */
static const char k_mouse_on[] = "\033[?1006;1000h";
static const char k_mouse_off[] = "\033[?1006;1000l";

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

/* ------------------------------------------------------------------------- */
/* Output capture (recordings)                                               */
/* ------------------------------------------------------------------------- */

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

/* Writes all of s (retrying short writes and EINTR) through out_write, so
 * that it is captured. */
static void write_all(int fd, const char *s, size_t n) {
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
static void write_all_raw(int fd, const char *s, size_t n) {
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

/* Writes a mode sequence straight to the screen's output. Not through putp:
 * ncurses 6.4's putp writes to stdout whatever the screen's output is. The
 * sequences sent this way (bracketed paste, keypad transmit) do not depend on
 * their order relative to what ncurses still has buffered. Captured. */
static void send_string(const char *s) {
    if (g_out == NULL || s == NULL) return;
    write_all(fileno(g_out), s, strlen(s));
}

/* ------------------------------------------------------------------------- */
/* Locale and lifecycle                                                      */
/* ------------------------------------------------------------------------- */

static int codeset_is_utf8(void) {
    const char *cs = nl_langinfo(CODESET);
    return cs != NULL && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
}

int lt_setup_locale(void) {
    setlocale(LC_ALL, "");
    if (codeset_is_utf8()) return 1;
    /* LANG unset (common over ssh and in containers) would make ncursesw
     * print every non-ASCII character as an escape; terminals are UTF-8. */
    if (setlocale(LC_CTYPE, "C.UTF-8") == NULL) setlocale(LC_CTYPE, "en_US.UTF-8");
    return codeset_is_utf8();
}

/* Mouse reports are decoded by the shim's own reader (input_reader.c), never by
 * ncurses: mousemask is never called, and wgetch never reads. Where the terminal
 * has a kmous capability, the shim turns reporting on itself, in the SGR format. */
static void setup_mouse(void) {
    g_mouse_on = 0;
    char *kmous = tigetstr("kmous");
    if (kmous == NULL || kmous == (char *)-1 || kmous[0] == '\0') return;
    g_mouse_on = 1;
    send_string(k_mouse_on);
}

static void apply_modes(void) {
    raw();
    noecho();
    nonl();
    intrflush(stdscr, FALSE);
    keypad(stdscr, TRUE);
    meta(stdscr, TRUE);
    g_default_colors = 0;
    if (has_colors()) {
        start_color();
        g_default_colors = (use_default_colors() == OK);
    }
    curs_set(0);
    leaveok(stdscr, TRUE);
    g_cursor_visible = 0;
    lt_internal_input_reset();
    setup_mouse();
    send_string(k_paste_on);
}

int lt_screen_open(const char *term) {
    if (g_screen != NULL) return -2;
    lt_setup_locale();
    atomic_store(&g_capture_fd, fileno(stdout)); /* newterm already writes */
    SCREEN *s = newterm(term, stdout, stdin);
    if (s == NULL) {
        atomic_store(&g_capture_fd, -1);
        return -1;
    }
    g_screen = s;
    set_term(s);
    g_out = stdout;
    g_headless = 0;
    apply_modes();
    g_tty_active = isatty(fileno(stdout)) ? 1 : 0;
    lt_stderr_hold();
    return 0;
}

static int open_headless(const char *term, int rows, int cols, FILE *in);

int lt_screen_open_headless(const char *term, int rows, int cols) {
    if (g_screen != NULL) return -2;
    return open_headless(term, rows, cols, fopen("/dev/null", "r"));
}

int lt_screen_open_headless_input(const char *term, int rows, int cols, int input_fd) {
    if (g_screen != NULL) return -2;
    if (input_fd < 0) return -1;
    int fd = dup(input_fd); /* the screen closes its copy; the caller keeps input_fd */
    if (fd < 0) return -1;
    FILE *in = fdopen(fd, "r");
    if (in == NULL) {
        close(fd);
        return -1;
    }
    return open_headless(term, rows, cols, in);
}

/* Opens the headless screen on /dev/null and `in` (taken over: closed on failure or by
 * lt_screen_close). */
static int open_headless(const char *term, int rows, int cols, FILE *in) {
    lt_setup_locale();
    FILE *out = fopen("/dev/null", "w");
    if (out == NULL || in == NULL) {
        if (out) fclose(out);
        if (in) fclose(in);
        return -1;
    }
    atomic_store(&g_capture_fd, fileno(out)); /* newterm already writes */
    SCREEN *s = newterm(term, out, in);
    if (s == NULL) {
        atomic_store(&g_capture_fd, -1);
        fclose(out);
        fclose(in);
        return -1;
    }
    g_screen = s;
    set_term(s);
    g_out = out;
    g_headless_out = out;
    g_headless_in = in;
    g_headless = 1;
    apply_modes();
    if (rows > 0 && cols > 0) resizeterm(rows, cols);
    flushinp(); /* drop the KEY_RESIZE that resizeterm queued */
    return 0;
}

void lt_screen_close(void) {
    if (g_screen == NULL) return;
    send_string(k_paste_off);
    if (g_mouse_on) send_string(k_mouse_off);
    g_mouse_on = 0;
    lt_internal_input_reset();
    curs_set(1);
    endwin();
    g_tty_active = 0;
    lt_stderr_release();
    delscreen(g_screen);
    /* The closing bytes are captured; nothing after them. */
    atomic_store(&g_capture_on, 0);
    atomic_store(&g_capture_fd, -1);
    g_screen = NULL;
    g_out = NULL;
    if (g_headless_out) fclose(g_headless_out);
    if (g_headless_in) fclose(g_headless_in);
    g_headless_out = NULL;
    g_headless_in = NULL;
    g_headless = 0;
}

int lt_screen_is_open(void) { return g_screen != NULL; }

/* ------------------------------------------------------------------------- */
/* Getters                                                                   */
/* ------------------------------------------------------------------------- */

WINDOW *lt_stdscr(void) { return stdscr; }
int lt_lines(void) { return LINES; }
int lt_cols(void) { return COLS; }
int lt_colors(void) { return g_screen && has_colors() ? COLORS : 0; }
int lt_color_pairs(void) { return g_screen && has_colors() ? COLOR_PAIRS : 0; }
int lt_has_colors(void) { return g_screen && has_colors() ? 1 : 0; }
int lt_has_default_colors(void) { return g_default_colors; }

unsigned lt_a_normal(void) { return (unsigned)A_NORMAL; }
unsigned lt_a_bold(void) { return (unsigned)A_BOLD; }
unsigned lt_a_underline(void) { return (unsigned)A_UNDERLINE; }
unsigned lt_a_reverse(void) { return (unsigned)A_REVERSE; }
unsigned lt_a_dim(void) { return (unsigned)A_DIM; }
unsigned lt_a_italic(void) { return (unsigned)A_ITALIC; }

/* ------------------------------------------------------------------------- */
/* Drawing                                                                   */
/* ------------------------------------------------------------------------- */

int lt_put_cell(int y, int x, const wchar_t *wch, unsigned attrs, int pair) {
    if (g_screen == NULL || wch == NULL) return ERR;
    cchar_t cc;
    int ext = pair;
    NCURSES_PAIRS_T small = (NCURSES_PAIRS_T)(pair <= 0x7fff ? pair : 0);
    if (setcchar(&cc, wch, (attr_t)attrs & ~A_COLOR, small, &ext) != OK) return ERR;
    return mvwadd_wch(stdscr, y, x, &cc);
}

int lt_move_cursor(int y, int x) {
    if (g_screen == NULL) return ERR;
    return wmove(stdscr, y, x);
}

void lt_cursor_visible(int visible) {
    if (g_screen == NULL) return;
    g_cursor_visible = visible ? 1 : 0;
    curs_set(g_cursor_visible);
    leaveok(stdscr, g_cursor_visible ? FALSE : TRUE);
}

int lt_refresh(void) {
    if (g_screen == NULL) return ERR;
    wnoutrefresh(stdscr);
    return doupdate();
}

void lt_repaint_all_next_refresh(void) {
    if (g_screen == NULL) return;
    clearok(curscr, TRUE);
}

int lt_init_pair(int pair, int fg, int bg) {
    if (g_screen == NULL) return ERR;
    return init_extended_pair(pair, fg, bg);
}

int lt_pair_content(int pair, int *fg, int *bg) {
    if (g_screen == NULL) return ERR;
    return extended_pair_content(pair, fg, bg);
}

int lt_read_cell(int y, int x, wchar_t *out, int outlen, unsigned *attrs, int *pair) {
    if (g_screen == NULL || out == NULL || outlen < 1) return ERR;
    cchar_t cc;
    if (mvwin_wch(stdscr, y, x, &cc) == ERR) return ERR;
    wchar_t buf[CCHARW_MAX + 1];
    attr_t a = 0;
    NCURSES_PAIRS_T small = 0;
    int ext = 0;
    memset(buf, 0, sizeof buf);
    if (getcchar(&cc, buf, &a, &small, &ext) == ERR) return ERR;
    int i = 0;
    for (; i < outlen - 1 && i < CCHARW_MAX && buf[i] != 0; ++i) out[i] = buf[i];
    out[i] = 0;
    if (attrs) *attrs = (unsigned)(a & ~A_COLOR);
    if (pair) *pair = ext != 0 ? ext : small;
    return OK;
}

int lt_wcwidth(wchar_t wc) { return wcwidth(wc); }

/* ------------------------------------------------------------------------- */
/* Input (read and decoded in input_reader.c and key_decoder.c)              */
/* ------------------------------------------------------------------------- */

int lt_screen_input_fd(void) {
    if (g_screen == NULL) return -1;
    return g_headless ? (g_headless_in ? fileno(g_headless_in) : -1) : fileno(stdin);
}

/* ------------------------------------------------------------------------- */
/* Size                                                                      */
/* ------------------------------------------------------------------------- */

int lt_resize(int rows, int cols) {
    if (g_screen == NULL || rows < 1 || cols < 1) return ERR;
    if (resizeterm(rows, cols) != OK) return ERR;
    flushinp(); /* the KEY_RESIZE resizeterm queued for wgetch, which is never called */
    return lt_internal_push_resize();
}

int lt_update_size(void) {
    if (g_screen == NULL || g_headless || g_out == NULL) return 0;
    struct winsize ws;
    if (ioctl(fileno(g_out), TIOCGWINSZ, &ws) != 0 || ws.ws_row == 0 || ws.ws_col == 0) return 0;
    if (!is_term_resized(ws.ws_row, ws.ws_col)) return 0;
    resize_term(ws.ws_row, ws.ws_col);
    clearok(curscr, TRUE); /* the emulator may have reflowed what it shows */
    return 1;
}

/* ------------------------------------------------------------------------- */
/* Terminal restore and crash handlers                                       */
/* ------------------------------------------------------------------------- */

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
        write_all_raw(STDOUT_FILENO, k_reset_bytes, sizeof k_reset_bytes - 1);
    }
    lt_stderr_release(); /* the crash's own message, held while the screen was up */
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
    write_all_raw(STDERR_FILENO, head, sizeof head - 1);
    write_all_raw(STDERR_FILENO, name, strlen(name));
    write_all_raw(STDERR_FILENO, tail, sizeof tail - 1);
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

/* ------------------------------------------------------------------------- */
/* Suspend and resume (DESIGN §4.11)                                         */
/* ------------------------------------------------------------------------- */

void lt_suspend(void) {
    if (g_screen == NULL) return;
    send_string(k_paste_off);
    if (g_mouse_on) send_string(k_mouse_off);
    endwin(); /* shell mode, cursor visible, alternate screen left */

    struct sigaction dfl, old;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(SIGTSTP, &dfl, &old);
    sigset_t unblock, previous;
    sigemptyset(&unblock);
    sigaddset(&unblock, SIGTSTP);
    sigprocmask(SIG_UNBLOCK, &unblock, &previous);

    raise(SIGTSTP); /* stops here until SIGCONT */

    sigprocmask(SIG_SETMASK, &previous, NULL);
    sigaction(SIGTSTP, &old, NULL);
    lt_signals_clear_job_control();
    lt_resume();
}

void lt_resume(void) {
    if (g_screen == NULL) return;
    reset_prog_mode(); /* raw, noecho, nonl again, whatever the shell left */
    char *smkx = tigetstr("smkx");
    if (smkx != NULL && smkx != (char *)-1) send_string(smkx);
    if (g_mouse_on) send_string(k_mouse_on);
    send_string(k_paste_on);
    curs_set(g_cursor_visible ? 0 : 1);
    curs_set(g_cursor_visible);
    lt_update_size();
    clearok(curscr, TRUE);
    wnoutrefresh(stdscr);
    doupdate();
}
