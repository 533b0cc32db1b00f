/*
 * shim.c: ncursesw wrappers for linkterm: the screen's lifecycle, drawing, size,
 * suspend and resume (the signal flags, self-pipe and wait are in signals.c; the
 * terminal restore and crash handlers in restore.c; the capture of what is
 * written to the terminal, and the write() that feeds it, in capture.c; input in
 * input_reader.c and key_decoder.c).
 * See include/shim.h for the contract of every function.
 */
#define _XOPEN_SOURCE 700 /* docs/ARCHITECTURE.md §5: wcwidth, sigaction, SA_SIGINFO */
#define _DEFAULT_SOURCE 1 /* TIOCGWINSZ, sigaltstack */

#include "shim.h"
#include "shim_internal.h"
#include "signals_internal.h"

#include <errno.h>
#include <fcntl.h>
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


static const char k_paste_on[] = "\033[?2004h";
static const char k_paste_off[] = "\033[?2004l";
/* Mouse reporting (1000: press and release, wheel) in the SGR format (1006), sent by
 * the shim itself (ncurses' mouse support is never enabled: see input_reader.c). The
 * same bytes as ncurses' own XM string of xterm-256color. */
static const char k_mouse_on[] = "\033[?1006;1000h";
static const char k_mouse_off[] = "\033[?1006;1000l";


/* Writes a mode sequence straight to the screen's output. Not through putp:
 * ncurses 6.4's putp writes to stdout whatever the screen's output is. The
 * sequences sent this way (bracketed paste, keypad transmit) do not depend on
 * their order relative to what ncurses still has buffered. Captured. */
static void send_string(const char *s) {
    if (g_out == NULL || s == NULL) return;
    lt_internal_write_all(fileno(g_out), s, strlen(s));
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
    /* The screen writes to a descriptor of its own on the terminal, so that what the
     * process itself writes to fd 1 while the screen is up can be held (output_hold.c). */
    fflush(stdout);
    FILE *out = stdout;
    int fd = isatty(STDOUT_FILENO) ? fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3) : -1;
    if (fd >= 0) {
        out = fdopen(fd, "w");
        if (out == NULL) {
            close(fd);
            out = stdout;
        }
    }
    lt_internal_capture_set_fd(fileno(out)); /* newterm already writes */
    SCREEN *s = newterm(term, out, stdin);
    if (s == NULL) {
        lt_internal_capture_set_fd(-1);
        if (out != stdout) fclose(out);
        return -1;
    }
    g_screen = s;
    set_term(s);
    g_out = out;
    g_headless = 0;
    apply_modes();
    lt_internal_set_tty_output(isatty(fileno(out)) ? fileno(out) : -1);
    lt_output_hold();
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
    lt_internal_capture_set_fd(fileno(out)); /* newterm already writes */
    SCREEN *s = newterm(term, out, in);
    if (s == NULL) {
        lt_internal_capture_set_fd(-1);
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
    lt_internal_set_tty_output(-1);
    lt_output_release();
    delscreen(g_screen);
    /* The closing bytes are captured; nothing after them. */
    lt_capture_enable(0);
    lt_internal_capture_set_fd(-1);
    g_screen = NULL;
    if (g_out != NULL && g_out != stdout && !g_headless) fclose(g_out);
    g_out = NULL;
    if (g_headless_out) fclose(g_headless_out);
    if (g_headless_in) fclose(g_headless_in);
    g_headless_out = NULL;
    g_headless_in = NULL;
    g_headless = 0;
}

int lt_screen_is_open(void) { return g_screen != NULL; }

int lt_screen_output_fd(void) { return g_out != NULL && !g_headless ? fileno(g_out) : -1; }

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

_Static_assert(LT_CELL_CHARS >= CCHARW_MAX + 1, "a cell's characters and the NUL fit in LT_CELL_CHARS");

int lt_put_cells(int y, int count, const int *xs, const wchar_t *chars, const unsigned *attrs, const int *pairs) {
    if (g_screen == NULL || count <= 0 || xs == NULL || chars == NULL || attrs == NULL || pairs == NULL) return 0;
    int written = 0;
    for (int i = 0; i < count; i++) {
        if (lt_put_cell(y, xs[i], chars + (size_t)i * LT_CELL_CHARS, attrs[i], pairs[i]) == OK) written++;
    }
    return written;
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
/* Suspend and resume (docs/ARCHITECTURE.md §5)                              */
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
