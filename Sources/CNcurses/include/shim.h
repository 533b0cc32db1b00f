/*
 * shim.h: the only C interface of linkterm.
 *
 * Wraps what Swift 6 cannot import from ncursesw (macros such as A_BOLD and
 * getmaxyx, the globals stdscr/LINES/COLS/COLORS, mouse masks) and adds the
 * async-signal-safe pieces: signal flags, termios restore and crash handlers.
 *
 * docs/ARCHITECTURE.md §5: the wide-character API is only visible when these two macros
 * are defined before <ncursesw/curses.h>, and a target's cSettings never reach
 * the Swift importer, so they are defined here.
 */
#ifndef LINKTERM_CNCURSES_SHIM_H
#define LINKTERM_CNCURSES_SHIM_H

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <ncursesw/curses.h>
#include <stddef.h>
#include <wchar.h>

/* ------------------------------------------------------------------------- */
/* Constants                                                                 */
/* ------------------------------------------------------------------------- */

/** Results of lt_read_input. */
enum {
    LT_READ_EVENT = 1,       /**< *out holds an input */
    LT_READ_TIMEOUT = 0,     /**< nothing complete within the timeout */
    LT_READ_INTERRUPTED = -1,/**< a signal ended the wait */
    LT_READ_END = -2         /**< end of input (or no screen) */
};

/** What an lt_input is. */
enum {
    LT_INPUT_CHAR = 1, /**< value: a Unicode scalar; control characters (0-31, 127) included */
    LT_INPUT_KEY = 2   /**< value: one of the LT_KEY_* codes */
};

/** One input, as lt_read_input decodes it. */
typedef struct {
    int kind;       /**< LT_INPUT_CHAR or LT_INPUT_KEY */
    unsigned value; /**< the character or key code */
    int alt;        /**< 1 if Esc came at once before it (Alt held) */
} lt_input;

/** Key codes of LT_INPUT_KEY (ncurses' values, and the shim's own above KEY_MAX). */
enum {
    LT_KEY_DOWN = KEY_DOWN,
    LT_KEY_UP = KEY_UP,
    LT_KEY_LEFT = KEY_LEFT,
    LT_KEY_RIGHT = KEY_RIGHT,
    LT_KEY_HOME = KEY_HOME,
    LT_KEY_END = KEY_END,
    LT_KEY_BACKSPACE = KEY_BACKSPACE,
    LT_KEY_F0 = KEY_F0,          /**< function key n is LT_KEY_F0 + n */
    LT_KEY_F_LAST = KEY_F(63),
    LT_KEY_DC = KEY_DC,          /**< Delete */
    LT_KEY_IC = KEY_IC,          /**< Insert */
    LT_KEY_NPAGE = KEY_NPAGE,    /**< Page Down */
    LT_KEY_PPAGE = KEY_PPAGE,    /**< Page Up */
    LT_KEY_ENTER = KEY_ENTER,    /**< keypad Enter */
    LT_KEY_BTAB = KEY_BTAB,      /**< Shift-Tab */
    LT_KEY_MOUSE = KEY_MOUSE,    /**< a mouse event: lt_get_mouse */
    LT_KEY_RESIZE = KEY_RESIZE,  /**< lt_resize (tests) */
    LT_KEY_MAX = KEY_MAX,
    /** Bracketed paste start marker (ESC [ 200 ~). */
    LT_KEY_PASTE_START = KEY_MAX + 1,
    /** Bracketed paste end marker (ESC [ 201 ~). */
    LT_KEY_PASTE_END = KEY_MAX + 2
};

/** Pending-signal codes returned by lt_take_signal (0 = none). */
enum {
    LT_SIG_NONE = 0,
    LT_SIG_HANGUP = 1,    /**< SIGHUP */
    LT_SIG_TERMINATE = 2, /**< SIGTERM */
    LT_SIG_INTERRUPT = 3, /**< SIGINT */
    LT_SIG_SUSPEND = 4,   /**< SIGTSTP (call lt_suspend) */
    LT_SIG_RESIZE = 5,    /**< SIGWINCH (call lt_update_size) */
    LT_SIG_CONTINUE = 6,  /**< SIGCONT (call lt_resume) */
    LT_SIG_ENDING = 7     /**< another signal whose default action ends the process
                               (lt_take_signal_number says which) */
};

/** What lt_wait woke for (a bit mask; 0 = the timeout passed). */
enum {
    LT_WAIT_INPUT = 1,  /**< the input descriptor is readable */
    LT_WAIT_SIGNAL = 2, /**< a signal was caught (take it with lt_take_signal_number) */
    LT_WAIT_EXTRA = 4,  /**< the extra descriptor is readable (or hung up) */
    LT_WAIT_HANGUP = 8, /**< the input descriptor hung up (or is in error, or closed) */
    LT_WAIT_ERROR = 16  /**< poll failed for another reason than a signal */
};

/* ------------------------------------------------------------------------- */
/* Screen lifecycle                                                          */
/* ------------------------------------------------------------------------- */

/** Sets the locale from the environment (falls back to C.UTF-8 for LC_CTYPE
 *  when the environment's codeset is not UTF-8). Returns 1 if UTF-8. */
int lt_setup_locale(void);

/** Holds what is written to standard output and standard error (each if it is a
 *  terminal) in a memory file while the screen is up (lt_screen_open calls it): on the
 *  alternate screen in raw mode it would be garbage, then lost. An embedding app's
 *  own output from its callbacks is kept this way, in order. */
void lt_output_hold(void);
/** Points them back and writes what was held (lt_screen_close calls it). */
void lt_output_release(void);
/** The same without flushing stdio: async-signal-safe, for the crash path after the
 *  terminal is restored. */
void lt_output_release_now(void);

/** 1 if SWIFT_BACKTRACE=interactive=no was set before the Swift runtime started (a
 *  build that links the Swift libraries statically; see early_environment.c), so that
 *  crash reports never wait at a prompt without running the program again; else 0. */
int lt_backtraces_set_early(void);

/** Opens the screen on stdout/stdin with newterm (never initscr).
 *  Returns 0 on success, -1 if the terminal type is unknown, -2 if a screen
 *  is already open. Sets raw/noecho/nonl/keypad (keypad transmit: cursor keys
 *  come as SS3), default colours, hidden cursor, mouse and bracketed paste.
 *  Input is read and decoded by the shim (lt_read_input), never by ncurses.
 *  Mouse: ncurses' mouse support stays off (no mousemask). If the terminal has a
 *  kmous capability, the shim sends ESC [ ? 1006 ; 1000 h itself (press/release
 *  and wheel, SGR format). */
int lt_screen_open(const char *term);

/** Opens a screen writing to and reading from /dev/null, of rows x cols, for
 *  tests. Same return values as lt_screen_open. */
int lt_screen_open_headless(const char *term, int rows, int cols);

/** Like lt_screen_open_headless, but input comes from `input_fd` (a pipe, say), so
 *  that tests can feed raw bytes to the key decoder. The screen reads a dup of the
 *  descriptor and closes it on lt_screen_close; the caller keeps `input_fd`. Same
 *  return values as lt_screen_open (-1 also for a bad descriptor). */
int lt_screen_open_headless_input(const char *term, int rows, int cols, int input_fd);

/** Closes the screen: bracketed paste off, mouse off (if the shim turned it
 *  on), cursor on, endwin, delscreen. Idempotent. If capture is on, these
 *  closing bytes are captured and capture then turns off (lt_capture_take
 *  still hands them over). */
void lt_screen_close(void);

/** The descriptor the open terminal screen writes to (its own, on the terminal: fd 1
 *  is held while the screen is up), or -1 for none or a headless screen. */
int lt_screen_output_fd(void);
/** 1 while a screen is open. */
int lt_screen_is_open(void);

/* ------------------------------------------------------------------------- */
/* Getters for what Swift 6 cannot import                                     */
/* ------------------------------------------------------------------------- */

WINDOW *lt_stdscr(void);
int lt_lines(void);
int lt_cols(void);
int lt_colors(void);
int lt_color_pairs(void);
int lt_has_colors(void);
/** 1 if use_default_colors succeeded (colour -1 means the terminal default). */
int lt_has_default_colors(void);

unsigned lt_a_normal(void);
unsigned lt_a_bold(void);
unsigned lt_a_underline(void);
unsigned lt_a_reverse(void);
unsigned lt_a_dim(void);
unsigned lt_a_italic(void);

/* ------------------------------------------------------------------------- */
/* Drawing                                                                    */
/* ------------------------------------------------------------------------- */

/** Writes one grapheme (base character plus combining characters,
 *  NUL-terminated; at most CCHARW_MAX are kept) at (y, x) of stdscr.
 *  `pair` may be an extended pair number. Returns OK or ERR (ERR is normal
 *  for the bottom-right cell, which is still written). */
int lt_put_cell(int y, int x, const wchar_t *wch, unsigned attrs, int pair);

/** The wide characters a cell takes in lt_put_cells' `chars`: CCHARW_MAX and the NUL. */
#define LT_CELL_CHARS 6

/** Writes `count` cells of row `y` of stdscr, each as lt_put_cell writes it: cell i at column
 *  xs[i], its grapheme at chars[i * LT_CELL_CHARS] (NUL-terminated), attrs[i], pairs[i]. One
 *  call a row instead of one a cell. Returns the number of cells written without ERR. */
int lt_put_cells(int y, int count, const int *xs, const wchar_t *chars, const unsigned *attrs, const int *pairs);

/** Moves the (hardware) cursor of stdscr. */
int lt_move_cursor(int y, int x);

/** Shows (1) or hides (0) the cursor; leaveok follows so that hidden-cursor
 *  frames do not spend bytes on cursor motion. */
void lt_cursor_visible(int visible);

/** wnoutrefresh(stdscr) + doupdate(). */
int lt_refresh(void);

/** Makes the next lt_refresh repaint the whole terminal (clearok(curscr)).
 *  Only for resize, Ctrl-L and resume, never per frame. */
void lt_repaint_all_next_refresh(void);

/** Defines colour pair `pair` (extended pairs supported). -1 = default. */
int lt_init_pair(int pair, int fg, int bg);

/** Reads back the colours of a pair. */
int lt_pair_content(int pair, int *fg, int *bg);

/** Reads the cell at (y, x) of stdscr: up to outlen-1 wide characters plus a
 *  NUL into out, its attributes (without colour bits) and colour pair. */
int lt_read_cell(int y, int x, wchar_t *out, int outlen, unsigned *attrs, int *pair);

/** wcwidth(3) under the current locale (-1 for non-printable). */
int lt_wcwidth(wchar_t wc);

/* ------------------------------------------------------------------------- */
/* Input                                                                      */
/* ------------------------------------------------------------------------- */

/** Reads one input, waiting at most timeout_ms (-1: no limit, 0: what is already
 *  there). linkterm decodes the terminal's bytes itself (key_decoder.c; ncurses'
 *  wgetch is never called):
 *  - UTF-8 characters (an invalid byte is dropped alone) and control characters;
 *  - CSI and SS3 keys (arrows, Home/End, PgUp/PgDn, Delete, Insert, F1-F20, Shift-Tab,
 *    keypad Enter and digits), the bracketed-paste markers;
 *  - Alt: Esc followed at once (within 50 ms) by a character or key is that input
 *    with alt set; Esc then Ctrl-C is Ctrl-C; Esc alone is Esc after 50 ms;
 *  - mouse reports (SGR, X10): button 1 and the wheel come back as LT_KEY_MOUSE,
 *    the event ready for lt_get_mouse (a press whose release at the same cell is
 *    already waiting comes back as one click); other reports are dropped;
 *  - every other complete sequence (focus and cursor position reports, modified
 *    keys but Alt, OSC, DCS, SOS, PM, APC strings, an SGR report with a field of 7
 *    digits) is read whole and gives nothing; a sequence broken off by a byte that
 *    cannot belong is dropped and that byte read afresh; one that stops arriving is
 *    dropped after 250 ms without a byte (or 1 s in all).
 *  Never blocks past the timeout; a signal ends the wait (LT_READ_INTERRUPTED).
 *  Returns LT_READ_EVENT with *out, LT_READ_TIMEOUT, LT_READ_INTERRUPTED or
 *  LT_READ_END. */
int lt_read_input(int timeout_ms, lt_input *out);

/** When a partial input must be decided: 0 if an input is already waiting (decoded
 *  bytes, pushed-back keys), N > 0 if a lone Esc or a partial sequence is decided in
 *  N ms (call lt_read_input then, even if no byte comes), -1 if nothing is pending
 *  (wait for the descriptor, a signal or a timer). */
int lt_input_due_ms(void);

/** Takes the event of the LT_KEY_MOUSE lt_read_input returned last: 0-based
 *  cell and one of the masks below (BUTTON1_PRESSED, _RELEASED, _CLICKED,
 *  BUTTON4_PRESSED, BUTTON5_PRESSED). Returns OK, or ERR if there is none (or
 *  it was already taken). */
int lt_get_mouse(int *y, int *x, unsigned long *bstate);

unsigned long lt_button1_pressed(void);
unsigned long lt_button1_released(void);
unsigned long lt_button1_clicked(void);
unsigned long lt_wheel_up(void);   /**< BUTTON4_PRESSED */
unsigned long lt_wheel_down(void); /**< BUTTON5_PRESSED */

/** Pushes a wide character back onto the input queue (LIFO, at most 64 inputs). */
int lt_unget_wch(wchar_t wc);
/** Pushes a key code (KEY_MIN and above) or a character back (LIFO). */
int lt_unget_key(int key);
/** Pushes back an LT_KEY_MOUSE with its event at (y, x), button state bstate, which
 *  lt_read_input then reports (lt_get_mouse gives the event). For tests. Returns OK,
 *  or ERR if the queue is full. */
int lt_unget_mouse(int y, int x, unsigned long bstate);
/** Discards pending input: the terminal's queue, bytes read and not decoded, a
 *  partial sequence, pushed-back inputs, mouse events. */
void lt_flush_input(void);
/** 1 if input is already waiting inside the shim (pushed back, or read and not yet
 *  decoded), so that the loop must not block in poll(); 0 if not (or no screen).
 *  The same as lt_input_due_ms() == 0. */
int lt_typeahead(void);
/** The descriptor the open screen reads its input from, -1 if none. */
int lt_screen_input_fd(void);

/* ------------------------------------------------------------------------- */
/* Size                                                                       */
/* ------------------------------------------------------------------------- */

/** resizeterm(rows, cols), and queues LT_KEY_RESIZE for lt_read_input. For tests. */
int lt_resize(int rows, int cols);

/** Asks the tty for its size (TIOCGWINSZ) and applies it with resize_term.
 *  Returns 1 if the size changed, 0 if not (or headless). */
int lt_update_size(void);

/* ------------------------------------------------------------------------- */
/* Signals and terminal restore                                               */
/* ------------------------------------------------------------------------- */

/** Installs a flag-only handler (SA_RESTART; it sets a flag and writes a byte to the
 *  self-pipe that lt_wait polls) for every catchable signal whose default action
 *  ends the process, apart from the crash signals: SIGHUP, SIGTERM, SIGINT,
 *  SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU, SIGVTALRM, SIGPROF, SIGIO, SIGPWR,
 *  SIGSTKFLT, SIGSYS and SIGRTMIN..SIGRTMAX; and for SIGTSTP, SIGWINCH, SIGCONT.
 *  Sets SIGPIPE and SIGXFSZ to SIG_IGN (failed writes are reported by errno).
 *  Call before lt_screen_open so that ncurses does not install its own
 *  (non-async-signal-safe) handlers. Returns 0 or -1. */
int lt_install_signal_handlers(void);

/** Restores the handlers that lt_install_signal_handlers replaced. */
void lt_uninstall_signal_handlers(void);

/** Returns and clears the pending signal, by priority HUP, TERM, INT, the other
 *  ending signals (lowest number first), TSTP, WINCH, CONT, as an LT_SIG_* code
 *  (LT_SIG_ENDING for an ending signal other than the first three); 0 if none. */
int lt_take_signal(void);

/** The same, as the signal's number (0 if none). */
int lt_take_signal_number(void);

/** 1 if lt_install_signal_handlers makes `sig` end the session (its default action
 *  ends the process and it is not a crash signal), else 0. */
int lt_is_ending_signal(int sig);

/** Gives SIGQUIT its default action back (the process ends, status 131). The Swift
 *  runtime's backtracer takes SIGQUIT at start-up, prints a "Program crashed: Signal
 *  3" report and lets the process go on; call this first thing, before the screen
 *  (whose handlers then end the session cleanly on SIGQUIT). */
void lt_quit_without_crash_report(void);

/** The read end of the self-pipe the signal handlers write to (-1 before the
 *  first lt_install_signal_handlers). */
int lt_signal_wake_fd(void);

/** Wakes lt_wait from any thread (or a signal handler): writes a byte to the
 *  self-pipe; lt_wait returns LT_WAIT_SIGNAL with no signal pending. A no-op
 *  before lt_install_signal_handlers. */
void lt_wake(void);

/** Waits in poll() until `input_fd` is readable or hangs up, `extra_fd` (if >= 0)
 *  is readable, a signal is caught (one already pending returns at once), or
 *  `timeout_ms` passes (-1: no timeout). Returns the LT_WAIT_* bits of what
 *  happened (0: the timeout passed). Input that the shim already holds is not seen
 *  here: check lt_input_due_ms first (0: read now; N: wait at most N ms). */
int lt_wait(int input_fd, int extra_fd, int timeout_ms);

/** Saves the termios of the terminal (fd 0, or fd 1 if 0 is not a tty).
 *  Call before lt_screen_open. Returns 0 or -1. */
int lt_save_termios(void);

/** 1 if `sig` is one of the crash signals (SIGSEGV, SIGILL, SIGTRAP, SIGABRT,
 *  SIGBUS, SIGFPE), else 0. */
int lt_is_crash_signal(int sig);

/** Flushes stdio, resets `sig` to its default action, unblocks and raises it: the
 *  process dies of it (as a shell reports: 128 + N). For a crash signal another
 *  process sent, once the session has ended properly. Never returns. */
void lt_end_with_signal(int sig);

/** Installs SA_SIGINFO handlers for SIGSEGV, SIGILL, SIGTRAP, SIGABRT,
 *  SIGBUS and SIGFPE that restore the terminal and print one line, call the
 *  previous handler (the Swift runtime's backtracer, which prints its report and
 *  returns), then reset the signal to SIG_DFL and raise it again, unblocked: the
 *  process always ends with the crash status (128 + N as a shell reports it).
 *  One sent by another process (kill -SEGV) while the screen is up is no fault:
 *  it is flagged like an ending signal, the session ends properly, and the
 *  process then dies of it (lt_end_with_signal). Returns 0 or -1. */
int lt_install_crash_handlers(void);

/** Restores the previous crash handlers. */
void lt_uninstall_crash_handlers(void);

/** Restores the saved termios and writes the reset bytes (paste off, mouse
 *  off, attributes off, keypad off, leave alternate screen, cursor visible)
 *  if a tty screen is open. Async-signal-safe; these bytes are never
 *  captured (see lt_capture_enable). */
void lt_restore_terminal_now(void);

/** Suspends the process (SIGTSTP with the default action) after endwin, then
 *  calls lt_resume once continued. */
void lt_suspend(void);

/** Re-sends every mode (prog mode, keypad transmit, mouse if on, bracketed paste,
 *  cursor visibility) and repaints the whole screen. */
void lt_resume(void);

/* ------------------------------------------------------------------------- */
/* Output capture (recordings)                                                */
/* ------------------------------------------------------------------------- */

/*
 * While capture is on, every byte written to the open screen's output
 * descriptor (stdout for lt_screen_open, /dev/null for the headless screen) is
 * also appended, in the order written, to an in-memory buffer: what ncurses
 * sends (setup at newterm, frames, endwin) and the shim's own sequences
 * (bracketed paste, keypad transmit, the close/suspend/resume resets).
 * Nothing read from the terminal is ever stored.
 *
 * How: ncurses 6.4 writes with write(2) on fileno() of the FILE given to
 * newterm (a fopencookie stream has no descriptor and loses everything), so
 * on Linux the shim defines write() itself; the dynamic linker binds the
 * calls of libncursesw/libtinfo (and every other caller) to it. It calls the
 * system call and, only when capture is on and the descriptor is the
 * screen's, appends what was written. The crash/signal restore path writes
 * with the raw system call and is never captured.
 *
 * One capture buffer per process; call these from the thread that owns the
 * screen.
 */

/** Turns capture on (1) or off (0). Bytes captured and not yet taken are kept
 *  either way. Turning it on before lt_screen_open / lt_screen_open_headless
 *  also captures what newterm sends. Capture turns itself off when the screen
 *  closes (after the closing bytes). Returns 0, or -1 if this build cannot
 *  capture what ncurses writes (write() is not interposed; capture stays
 *  off). */
int lt_capture_enable(int on);

/** 1 while capture is on. */
int lt_capture_is_enabled(void);

/** Hands over and clears what was captured: *data becomes a malloc'd copy of
 *  *len bytes (NULL and 0 if nothing was captured), which the caller frees
 *  with free(). Returns 0, or -1 if the copy could not be allocated (nothing
 *  is cleared then). */
int lt_capture_take(char **data, size_t *len);

/** Receives one message of `linkterm serve`'s audience socket without waiting: its bytes into
 *  `buffer` (at most `size`) and the descriptor it carries, if any, into `*fd` (close-on-exec;
 *  -1 when none). Returns the length, 0 at the end (the server closed it), or -1 with errno set
 *  (EAGAIN: nothing waiting; EMSGSIZE: a message longer than `size`, dropped). */
int lt_receive_message(int socket, char *buffer, size_t size, int *fd);

/** Whether `fd` is an open socket. */
int lt_is_socket(int fd);

/** send() without waiting and without SIGPIPE (a watcher gone is EPIPE); returns what send does. */
long lt_send_nowait(int fd, const void *bytes, size_t length);

#endif /* LINKTERM_CNCURSES_SHIM_H */
