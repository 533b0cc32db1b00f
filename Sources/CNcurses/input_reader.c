/*
 * input_reader.c: reads the terminal's input and hands out one input at a time
 * (lt_read_input), never through ncurses (wgetch is never called).
 *
 * Bytes are read with poll(2) and read(2) on the screen's input descriptor into one
 * buffer, and decoded by key_decoder.c. The buffer is zeroed as it is decoded, so a
 * password typed or pasted leaves no copy here. A wait never outlasts its timeout,
 * and a signal ends it at once (the handlers are installed without SA_RESTART), so
 * the caller acts on a signal within its own loop. A lone Esc, or a sequence cut
 * short, is decided by the decoder's deadline (lt_input_due_ms tells when).
 *
 * Mouse reports come back as LT_KEY_MOUSE with their event ready for lt_get_mouse:
 * button 1 press and release (a press whose release at the same cell is already
 * waiting is one click) and the wheel; the others are dropped.
 */
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE 1

#include "shim.h"

#include "key_decoder.h"
#include "shim_internal.h"

#include <errno.h>
#include <poll.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define LT_IN_BUFFER 4096
#define LT_PUSHBACK 64

/* Button code bits (both formats): modifiers (shift 4, meta 8, control 16), motion 32. */
#define LT_MOUSE_MODIFIERS 0x1C

/* A decoded mouse event (0-based cell, ncurses button mask). */
typedef struct {
    int y, x;
    mmask_t bstate;
} lt_mouse_event;

/* An input ready to hand out. */
typedef struct {
    lt_input input;
    lt_mouse_event mouse; /* for LT_KEY_MOUSE */
} lt_entry;

static unsigned char g_in[LT_IN_BUFFER];
static int g_in_pos = 0;
static int g_in_len = 0;
static lt_decoder g_decoder;
/* Inputs pushed back (lt_unget_*, a report read while merging a click), last in first out. */
static lt_entry g_pushback[LT_PUSHBACK];
static int g_pushback_count = 0;
/* The event of the LT_KEY_MOUSE handed out last (taken by lt_get_mouse). */
static lt_mouse_event g_mouse_current;
static int g_mouse_current_valid = 0;
/* Whether next_entry's last input was pushed back (never merged into a click again). */
static int g_from_pushback = 0;

static int64_t now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void lt_internal_input_reset(void) {
    memset(g_in, 0, sizeof g_in);
    g_in_pos = 0;
    g_in_len = 0;
    lt_dec_reset(&g_decoder);
    memset(g_pushback, 0, sizeof g_pushback);
    g_pushback_count = 0;
    g_mouse_current_valid = 0;
}

static int push_back(const lt_entry *entry) {
    if (g_pushback_count == LT_PUSHBACK) return ERR;
    g_pushback[g_pushback_count++] = *entry;
    return OK;
}

static lt_entry key_entry(int kind, unsigned value) {
    lt_entry e;
    memset(&e, 0, sizeof e);
    e.input.kind = kind;
    e.input.value = value;
    return e;
}

int lt_internal_push_resize(void) {
    lt_entry e = key_entry(LT_INPUT_KEY, (unsigned)LT_KEY_RESIZE);
    return push_back(&e);
}

/* The event a mouse report means, if linkterm uses it: button 1 press and release,
 * wheel up and down (modifier keys ignored). Motion, other buttons, wheel "releases"
 * and cells outside the 1-based range are not. */
static int mouse_event_of(const lt_token *tok, lt_mouse_event *ev) {
    if (tok->x < 1 || tok->y < 1) return 0;
    int button = tok->button & ~LT_MOUSE_MODIFIERS;
    mmask_t state;
    if (button == 0) {
        state = tok->release ? BUTTON1_RELEASED : BUTTON1_PRESSED;
    } else if (button == 64 && !tok->release) {
        state = BUTTON4_PRESSED;
    } else if (button == 65 && !tok->release) {
        state = BUTTON5_PRESSED;
    } else {
        return 0; /* motion (32 set), buttons 2 and 3, wheel left/right, buttons 8+ */
    }
    ev->y = tok->y - 1;
    ev->x = tok->x - 1;
    ev->bstate = state;
    return 1;
}

/* The entry a token gives, if any. */
static int entry_of(const lt_token *tok, lt_entry *out) {
    memset(out, 0, sizeof *out);
    switch (tok->kind) {
    case LT_TOK_CHAR:
        out->input.kind = LT_INPUT_CHAR;
        out->input.value = tok->value;
        out->input.alt = tok->alt;
        return 1;
    case LT_TOK_KEY:
        out->input.kind = LT_INPUT_KEY;
        out->input.value = tok->value;
        out->input.alt = tok->alt;
        return 1;
    case LT_TOK_MOUSE:
        if (!mouse_event_of(tok, &out->mouse)) return 0;
        out->input.kind = LT_INPUT_KEY;
        out->input.value = (unsigned)LT_KEY_MOUSE;
        return 1;
    default:
        return 0;
    }
}

/* Decodes the buffered bytes up to the first input; each byte is zeroed once used. */
static int decode_buffered(int64_t now, lt_entry *out) {
    while (g_in_pos < g_in_len) {
        lt_token tok;
        int consumed = 1;
        int got = lt_dec_byte(&g_decoder, g_in[g_in_pos], now, &tok, &consumed);
        if (consumed) g_in[g_in_pos++] = 0;
        if (got && entry_of(&tok, out)) {
            memset(&tok, 0, sizeof tok);
            return 1;
        }
    }
    g_in_pos = 0;
    g_in_len = 0;
    return 0;
}

/* The next input within timeout_ms (-1: no limit): LT_READ_EVENT with *out, or
 * LT_READ_TIMEOUT, LT_READ_INTERRUPTED, LT_READ_END. */
static int next_entry(int timeout_ms, lt_entry *out) {
    g_from_pushback = g_pushback_count > 0;
    if (g_pushback_count > 0) {
        *out = g_pushback[--g_pushback_count];
        memset(&g_pushback[g_pushback_count], 0, sizeof g_pushback[0]);
        return LT_READ_EVENT;
    }
    int fd = lt_screen_input_fd();
    if (fd < 0) return LT_READ_END;
    int64_t end = timeout_ms < 0 ? -1 : now_ms() + timeout_ms;
    int polled = 0;
    for (;;) {
        int64_t now = now_ms();
        if (decode_buffered(now, out)) return LT_READ_EVENT;
        lt_token tok;
        if (lt_dec_expire(&g_decoder, now, 0, &tok) && entry_of(&tok, out)) return LT_READ_EVENT;
        if (end >= 0 && now >= end && polled) return LT_READ_TIMEOUT;
        int64_t wait = end < 0 ? -1 : (end > now ? end - now : 0);
        int64_t due = lt_dec_deadline(&g_decoder);
        if (due >= 0) {
            int64_t until = due > now ? due - now : 0;
            if (wait < 0 || until < wait) wait = until;
        }
        struct pollfd pfd = {.fd = fd, .events = POLLIN, .revents = 0};
        int ready = poll(&pfd, 1, wait > 0x7FFFFFFF ? 0x7FFFFFFF : (int)wait);
        polled = 1;
        if (ready < 0) return errno == EINTR ? LT_READ_INTERRUPTED : LT_READ_END;
        if (ready == 0) continue;
        if (pfd.revents & POLLNVAL) return LT_READ_END;
        ssize_t n = read(fd, g_in, sizeof g_in);
        if (n > 0) {
            g_in_pos = 0;
            g_in_len = (int)n;
            continue;
        }
        if (n < 0 && errno == EINTR) return LT_READ_INTERRUPTED;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) continue;
        /* end of input (or a hung-up terminal): nothing more will complete what is pending */
        if (lt_dec_expire(&g_decoder, now_ms(), 1, &tok) && entry_of(&tok, out)) return LT_READ_EVENT;
        return LT_READ_END;
    }
}

/* After a button 1 press: if the next input already waiting is its release at the
 * same cell, the two are one click. Anything else read here is pushed back. */
static void merge_click(lt_mouse_event *press) {
    lt_entry next;
    if (next_entry(0, &next) != LT_READ_EVENT) return;
    if (next.input.kind == LT_INPUT_KEY && next.input.value == (unsigned)LT_KEY_MOUSE &&
        next.mouse.bstate == BUTTON1_RELEASED && next.mouse.y == press->y && next.mouse.x == press->x) {
        press->bstate = BUTTON1_CLICKED;
        return;
    }
    push_back(&next);
}

int lt_read_input(int timeout_ms, lt_input *out) {
    if (out == NULL) return LT_READ_END;
    memset(out, 0, sizeof *out);
    if (!lt_screen_is_open()) return LT_READ_END;
    lt_entry entry;
    int result = next_entry(timeout_ms, &entry);
    if (result != LT_READ_EVENT) return result;
    if (entry.input.kind == LT_INPUT_KEY && entry.input.value == (unsigned)LT_KEY_MOUSE) {
        if (entry.mouse.bstate == BUTTON1_PRESSED && !g_from_pushback) merge_click(&entry.mouse);
        g_mouse_current = entry.mouse;
        g_mouse_current_valid = 1;
    }
    *out = entry.input;
    memset(&entry, 0, sizeof entry);
    return LT_READ_EVENT;
}

int lt_typeahead(void) { return lt_input_due_ms() == 0 ? 1 : 0; }

int lt_input_due_ms(void) {
    if (!lt_screen_is_open()) return -1;
    if (g_pushback_count > 0 || g_in_pos < g_in_len) return 0;
    int64_t due = lt_dec_deadline(&g_decoder);
    if (due < 0) return -1;
    int64_t now = now_ms();
    return due > now ? (int)(due - now) : 0;
}

int lt_get_mouse(int *y, int *x, unsigned long *bstate) {
    if (!lt_screen_is_open() || !g_mouse_current_valid) return ERR;
    g_mouse_current_valid = 0;
    if (y) *y = g_mouse_current.y;
    if (x) *x = g_mouse_current.x;
    if (bstate) *bstate = (unsigned long)g_mouse_current.bstate;
    return OK;
}

unsigned long lt_button1_pressed(void) { return (unsigned long)BUTTON1_PRESSED; }
unsigned long lt_button1_released(void) { return (unsigned long)BUTTON1_RELEASED; }
unsigned long lt_button1_clicked(void) { return (unsigned long)BUTTON1_CLICKED; }
unsigned long lt_wheel_up(void) { return (unsigned long)BUTTON4_PRESSED; }
unsigned long lt_wheel_down(void) { return (unsigned long)BUTTON5_PRESSED; }

int lt_unget_wch(wchar_t wc) {
    if (!lt_screen_is_open()) return ERR;
    lt_entry e = key_entry(LT_INPUT_CHAR, (unsigned)wc);
    return push_back(&e);
}

int lt_unget_key(int key) {
    if (!lt_screen_is_open()) return ERR;
    lt_entry e = key_entry(key >= KEY_MIN ? LT_INPUT_KEY : LT_INPUT_CHAR, (unsigned)key);
    return push_back(&e);
}

int lt_unget_mouse(int y, int x, unsigned long bstate) {
    if (!lt_screen_is_open()) return ERR;
    lt_entry e = key_entry(LT_INPUT_KEY, (unsigned)LT_KEY_MOUSE);
    e.mouse.y = y;
    e.mouse.x = x;
    e.mouse.bstate = (mmask_t)bstate;
    return push_back(&e);
}

void lt_flush_input(void) {
    if (!lt_screen_is_open()) return;
    flushinp(); /* the terminal's own queue (tcflush) */
    lt_internal_input_reset();
}
