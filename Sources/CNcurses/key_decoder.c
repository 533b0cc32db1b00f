/*
 * key_decoder.c: linkterm's terminal input decoder. See key_decoder.h.
 *
 * The grammar is ECMA-48's (and the DEC parser's, as xterm replies with it):
 *   CSI  = Esc [ P* I* F   P in 0x30-0x3F, I in 0x20-0x2F, F in 0x40-0x7E
 *   SS3  = Esc O [digits] F
 *   OSC  = Esc ] ... (BEL | Esc \), DCS = Esc P ... , SOS = Esc X ..., PM = Esc ^ ...,
 *   APC  = Esc _ ...   (all ended by ST, Esc \, or BEL)
 * Inside a sequence, Esc starts a new one (dropping what came before), CAN and
 * SUB cancel it, and any other byte that cannot belong breaks it off: the
 * sequence is dropped and the byte decoded afresh. UTF-8 is decoded strictly
 * (RFC 3629): an invalid byte is dropped alone.
 */
#include "key_decoder.h"

#include "shim.h"

#include <string.h>

#define ESC 0x1B
#define CAN 0x18
#define SUB 0x1A
#define BEL 0x07

/* Button bits of a mouse report (both formats). */
#define LT_SGR_MAX_DIGITS 6 /* terminals send at most 5 digits a field */

void lt_dec_reset(lt_decoder *d) { memset(d, 0, sizeof *d); }

static void to_ground(lt_decoder *d) {
    d->state = LT_DS_GROUND;
    d->alt = 0;
    d->csi_len = 0;
    d->csi_overflow = 0;
    d->ss3_digits = 0;
    d->x10_len = 0;
    d->need = 0;
    d->code = 0;
    memset(d->x10, 0, sizeof d->x10);
    memset(d->csi, 0, sizeof d->csi);
}

static int emit_char(lt_decoder *d, unsigned value, lt_token *tok) {
    memset(tok, 0, sizeof *tok);
    tok->kind = LT_TOK_CHAR;
    tok->value = value;
    tok->alt = d->alt;
    to_ground(d);
    return 1;
}

static int emit_key(lt_decoder *d, int key, int alt, lt_token *tok) {
    memset(tok, 0, sizeof *tok);
    tok->kind = LT_TOK_KEY;
    tok->value = (unsigned)key;
    tok->alt = alt;
    to_ground(d);
    return 1;
}

/* Drops the current sequence: nothing comes of it. */
static int drop(lt_decoder *d) {
    to_ground(d);
    return 0;
}

/* ---- UTF-8 ---------------------------------------------------------------- */

/* The range the first continuation byte after `lead` must fall in, and how many
 * follow; 0 for a byte that cannot lead. */
static int utf8_shape(unsigned lead, int *low, int *high, unsigned *bits) {
    *low = 0x80;
    *high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
        *bits = lead & 0x1F;
        return 1;
    }
    if (lead >= 0xE0 && lead <= 0xEF) {
        if (lead == 0xE0) *low = 0xA0;
        if (lead == 0xED) *high = 0x9F;
        *bits = lead & 0x0F;
        return 2;
    }
    if (lead >= 0xF0 && lead <= 0xF4) {
        if (lead == 0xF0) *low = 0x90;
        if (lead == 0xF4) *high = 0x8F;
        *bits = lead & 0x07;
        return 3;
    }
    return 0;
}

/* ---- CSI ------------------------------------------------------------------ */

/* Parses the parameters "n" or "n;m" (digits only) of a CSI. Returns the count
 * (0 for none, -1 if they are anything else). An empty first parameter is 1. */
static int csi_numbers(const lt_decoder *d, int *n, int *m) {
    *n = 1;
    *m = 1;
    if (d->csi_len == 0) return 0;
    int values[2] = {0, 0};
    int count = 0, digits = 0;
    for (int i = 0; i < d->csi_len; i++) {
        char c = d->csi[i];
        if (c >= '0' && c <= '9') {
            if (++digits > 5) return -1;
            values[count] = values[count] * 10 + (c - '0');
        } else if (c == ';' && count == 0) {
            count = 1;
            digits = 0;
        } else {
            return -1;
        }
    }
    if (values[0] != 0) *n = values[0];
    if (count == 1) *m = digits == 0 ? 1 : values[1];
    return count + 1;
}

/* The key of `CSI n ~` (VT220 and xterm editing and function keys). */
static int tilde_key(int n) {
    switch (n) {
    case 1: case 7: return LT_KEY_HOME;
    case 4: case 8: return LT_KEY_END;
    case 2: return LT_KEY_IC;
    case 3: return LT_KEY_DC;
    case 5: return LT_KEY_PPAGE;
    case 6: return LT_KEY_NPAGE;
    case 11: case 12: case 13: case 14: case 15: return LT_KEY_F0 + (n - 10);
    case 17: case 18: case 19: case 20: case 21: return LT_KEY_F0 + (n - 11);
    case 23: case 24: case 25: case 26: return LT_KEY_F0 + (n - 12);
    case 28: case 29: return LT_KEY_F0 + (n - 13);
    case 31: case 32: case 33: case 34: return LT_KEY_F0 + (n - 14);
    case 200: return LT_KEY_PASTE_START;
    case 201: return LT_KEY_PASTE_END;
    default: return 0;
    }
}

/* The key of a final byte alone (CSI or SS3): arrows, Home/End, F1-F4, Shift-Tab. */
static int letter_key(unsigned char final) {
    switch (final) {
    case 'A': return LT_KEY_UP;
    case 'B': return LT_KEY_DOWN;
    case 'C': return LT_KEY_RIGHT;
    case 'D': return LT_KEY_LEFT;
    case 'H': return LT_KEY_HOME;
    case 'F': return LT_KEY_END;
    case 'P': return LT_KEY_F0 + 1;
    case 'Q': return LT_KEY_F0 + 2;
    case 'R': return LT_KEY_F0 + 3;
    case 'S': return LT_KEY_F0 + 4;
    case 'Z': return LT_KEY_BTAB;
    default: return 0;
    }
}

/* An SGR mouse report: "<" then exactly three fields of 1 to 6 digits. */
static int sgr_mouse(lt_decoder *d, unsigned char final, lt_token *tok) {
    int fields[3] = {0, 0, 0};
    int field = 0, digits = 0;
    for (int i = 1; i < d->csi_len; i++) {
        char c = d->csi[i];
        if (c >= '0' && c <= '9') {
            if (++digits > LT_SGR_MAX_DIGITS) return drop(d);
            fields[field] = fields[field] * 10 + (c - '0');
        } else if (c == ';' && digits > 0 && field < 2) {
            field++;
            digits = 0;
        } else {
            return drop(d);
        }
    }
    if (field != 2 || digits == 0) return drop(d);
    memset(tok, 0, sizeof *tok);
    tok->kind = LT_TOK_MOUSE;
    tok->button = fields[0];
    tok->x = fields[1];
    tok->y = fields[2];
    tok->release = final == 'm';
    to_ground(d);
    return 1;
}

/* A complete CSI with final byte `final`. */
static int csi_final(lt_decoder *d, unsigned char final, lt_token *tok) {
    int alt = d->alt;
    if (d->csi_overflow) return drop(d);
    if (d->csi_len > 0 && d->csi[0] == '<') {
        if (final == 'M' || final == 'm') return sgr_mouse(d, final, tok);
        return drop(d);
    }
    if (final == 'M' && d->csi_len == 0) { /* X10 mouse: three bytes follow */
        d->state = LT_DS_X10;
        d->x10_len = 0;
        return 0;
    }
    if (final == '[' && d->csi_len == 0) { /* the Linux console's Esc [ [ A..E */
        d->state = LT_DS_CSI_LINUX;
        return 0;
    }
    int n, m;
    int count = csi_numbers(d, &n, &m);
    if (count < 0) return drop(d); /* private markers, intermediates, more parameters */
    /* modifiers (m = 1 + shift 1, alt 2, ctrl 4, meta 8): Alt alone is Alt+key, others unused */
    if (count == 2 && m == 3) alt = 1;
    else if (count == 2 && m != 1) return drop(d);
    int key = 0;
    if (final == '~') {
        key = count >= 1 ? tilde_key(n) : 0;
        if (key == LT_KEY_PASTE_START || key == LT_KEY_PASTE_END) alt = 0;
    } else if (final == 'R') {
        /* a cursor position report (CSI row ; col R) unless bare: F3 */
        key = count == 0 ? LT_KEY_F0 + 3 : 0;
    } else if (n == 1) {
        key = letter_key(final); /* focus reports (I, O) and the rest: nothing */
    }
    if (key == 0) return drop(d);
    return emit_key(d, key, alt, tok);
}

/* ---- SS3 ------------------------------------------------------------------- */

static int ss3_final(lt_decoder *d, unsigned char final, lt_token *tok) {
    int alt = d->alt;
    if (d->ss3_digits) return drop(d);
    if (final == 'M') return emit_key(d, LT_KEY_ENTER, alt, tok);
    if (final >= 'p' && final <= 'y') return emit_char(d, '0' + (final - 'p'), tok); /* keypad digits */
    switch (final) {
    case 'j': return emit_char(d, '*', tok);
    case 'k': return emit_char(d, '+', tok);
    case 'l': return emit_char(d, ',', tok);
    case 'm': return emit_char(d, '-', tok);
    case 'n': return emit_char(d, '.', tok);
    case 'o': return emit_char(d, '/', tok);
    case 'X': return emit_char(d, '=', tok);
    default: break;
    }
    int key = final == 'Z' ? 0 : letter_key(final);
    if (key == 0) return drop(d);
    return emit_key(d, key, alt, tok);
}

/* ---- the state machine ----------------------------------------------------- */

/* Esc read: begins a sequence, or is Alt for the next key. */
static int after_esc(lt_decoder *d, unsigned char b, lt_token *tok, int *consumed) {
    int was_alt = d->alt; /* Esc Esc before this byte */
    d->alt = 1;           /* what follows at once is an Alt key */
    switch (b) {
    case '[': /* a sequence: Alt only if an Esc came before its own (Esc Esc [ A) */
        d->state = LT_DS_CSI;
        d->alt = was_alt;
        return 0;
    case 'O':
        d->state = LT_DS_SS3;
        d->alt = was_alt;
        return 0;
    case ']': case 'P': case 'X': case '^': case '_':
        d->state = LT_DS_STRING;
        d->alt = 0;
        return 0;
    case ESC: /* Esc Esc: Alt with an Esc sequence or the Escape key after it */
        return 0; /* the Escape deadline runs from this Esc */
    case '\r': case '\n':
        return emit_char(d, '\r', tok);
    default:
        break;
    }
    if (b >= 0x20 && b <= 0x7E) return emit_char(d, b, tok);
    if (b == 0x7F || b == 0x08 || b == '\t') return emit_char(d, b, tok);
    if (b >= 0xC2 && b <= 0xF4) { /* Alt + a UTF-8 character */
        d->need = utf8_shape(b, &d->low, &d->high, &d->code);
        d->state = LT_DS_UTF8;
        return 0;
    }
    if (b == 0x03) { /* Esc then Ctrl-C: Ctrl-C, always */
        to_ground(d);
        return emit_char(d, 0x03, tok);
    }
    if (b < 0x20) return emit_char(d, b, tok); /* Alt + a control (Ctrl-letter) */
    /* a byte no key begins with: the Esc was the Escape key; decode the byte afresh */
    *consumed = 0;
    d->alt = was_alt;
    return emit_char(d, ESC, tok);
}

int lt_dec_byte(lt_decoder *d, unsigned char b, int64_t now_ms, lt_token *tok, int *consumed) {
    *consumed = 1;
    if (d->state != LT_DS_GROUND) {
        /* Esc in the middle of anything but a string, or of a UTF-8 character, starts afresh */
        if (b == ESC && d->state != LT_DS_ESC && d->state != LT_DS_STRING && d->state != LT_DS_STRING_ESC) {
            if (d->state == LT_DS_UTF8) {
                to_ground(d);
                *consumed = 0;
                return 0;
            }
            to_ground(d);
        } else if ((b == CAN || b == SUB) && d->state != LT_DS_ESC && d->state != LT_DS_UTF8) {
            return drop(d);
        }
    }
    if (d->state != LT_DS_GROUND) d->last_ms = now_ms;
    switch (d->state) {
    case LT_DS_GROUND:
        if (b == ESC) {
            d->state = LT_DS_ESC;
            d->alt = 0;
            d->started_ms = now_ms;
            d->last_ms = now_ms;
            return 0;
        }
        if (b < 0x80) return emit_char(d, b, tok);
        d->need = utf8_shape(b, &d->low, &d->high, &d->code);
        if (d->need == 0) return 0; /* a stray continuation byte or 0xC0, 0xC1, 0xF5-0xFF */
        d->state = LT_DS_UTF8;
        d->started_ms = now_ms;
        d->last_ms = now_ms;
        return 0;

    case LT_DS_ESC:
        return after_esc(d, b, tok, consumed);

    case LT_DS_UTF8:
        if ((int)b < d->low || (int)b > d->high) { /* broken off: dropped, the byte read afresh */
            to_ground(d);
            *consumed = 0;
            return 0;
        }
        d->code = (d->code << 6) | (b & 0x3F);
        d->low = 0x80;
        d->high = 0xBF;
        if (--d->need > 0) return 0;
        return emit_char(d, d->code, tok);

    case LT_DS_CSI:
        if (b >= 0x20 && b <= 0x3F) {
            if (d->csi_len < LT_DEC_CSI_MAX) d->csi[d->csi_len++] = (char)b;
            else d->csi_overflow = 1;
            return 0;
        }
        if (b >= 0x40 && b <= 0x7E) return csi_final(d, b, tok);
        to_ground(d); /* a control or a byte above ASCII: the sequence is dropped */
        *consumed = 0;
        return 0;

    case LT_DS_CSI_LINUX:
        if (b >= 'A' && b <= 'E') return emit_key(d, LT_KEY_F0 + 1 + (b - 'A'), d->alt, tok);
        if (b >= 0x40 && b <= 0x7E) return drop(d);
        to_ground(d);
        *consumed = 0;
        return 0;

    case LT_DS_SS3:
        if (b >= '0' && b <= '9') {
            d->ss3_digits = 1;
            return 0;
        }
        if (b >= 0x40 && b <= 0x7E) return ss3_final(d, b, tok);
        to_ground(d);
        *consumed = 0;
        return 0;

    case LT_DS_STRING:
        if (b == BEL) return drop(d);
        if (b == ESC) d->state = LT_DS_STRING_ESC;
        return 0; /* the string's bytes are not kept */

    case LT_DS_STRING_ESC:
        if (b == '\\') return drop(d); /* ST */
        /* Esc ended the string and begins a new sequence */
        to_ground(d);
        d->state = LT_DS_ESC;
        d->started_ms = now_ms;
        d->last_ms = now_ms;
        *consumed = 0;
        return 0;

    case LT_DS_X10:
        if (b < 0x20) {
            to_ground(d);
            *consumed = 0;
            return 0;
        }
        d->x10[d->x10_len++] = b - 32;
        if (d->x10_len < 3) return 0;
        memset(tok, 0, sizeof *tok);
        tok->kind = LT_TOK_MOUSE;
        tok->release = (d->x10[0] & 0x03) == 3 && (d->x10[0] & 0x40) == 0;
        tok->button = tok->release ? 0 : d->x10[0];
        tok->x = d->x10[1];
        tok->y = d->x10[2];
        to_ground(d);
        return 1;
    }
    return drop(d);
}

int lt_dec_pending(const lt_decoder *d) { return d->state != LT_DS_GROUND; }

int64_t lt_dec_deadline(const lt_decoder *d) {
    if (d->state == LT_DS_GROUND) return -1;
    /* a lone Esc, or a character cut short: the next byte comes at once or not at all */
    if (d->state == LT_DS_ESC || d->state == LT_DS_UTF8) return d->last_ms + LT_DEC_ESC_TIMEOUT_MS;
    int64_t stale = d->last_ms + LT_DEC_STALE_MS;
    int64_t old = d->started_ms + LT_DEC_MAX_AGE_MS;
    return stale < old ? stale : old;
}

int lt_dec_expire(lt_decoder *d, int64_t now_ms, int end_of_input, lt_token *tok) {
    if (d->state == LT_DS_GROUND) return 0;
    if (!end_of_input && now_ms < lt_dec_deadline(d)) return 0;
    /* Esc alone is the Escape key (Esc Esc: Alt-Escape); a partial sequence or character is dropped */
    if (d->state == LT_DS_ESC) return emit_char(d, ESC, tok);
    return drop(d);
}
