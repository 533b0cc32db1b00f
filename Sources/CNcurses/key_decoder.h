/*
 * key_decoder.h: the byte-level terminal input decoder (private to CNcurses).
 *
 * Turns the bytes a terminal sends into tokens, one byte at a time, with no I/O
 * and no ncurses: UTF-8 characters, control characters, keys (CSI and SS3
 * sequences), mouse reports (SGR and X10), the bracketed-paste markers, and Alt
 * (Esc followed at once by a key). Every other complete sequence (focus reports,
 * cursor position reports, OSC, DCS, APC, PM and SOS strings, unknown CSI) is
 * consumed whole and gives nothing; a sequence broken off by a byte that cannot
 * belong to it is dropped and that byte decoded afresh; one that stops arriving is
 * dropped once it is stale (lt_dec_expire). Nothing of a sequence is ever turned
 * into Esc plus text.
 */
#ifndef LINKTERM_KEY_DECODER_H
#define LINKTERM_KEY_DECODER_H

#include <stdint.h>

/** How long a lone Esc waits for a following byte before it is the Escape key. */
#define LT_DEC_ESC_TIMEOUT_MS 50
/** A sequence with no new byte for this long is dropped. */
#define LT_DEC_STALE_MS 250
/** A sequence still unfinished this long after its Esc is dropped, bytes or not. */
#define LT_DEC_MAX_AGE_MS 1000
/** The most parameter and intermediate bytes of a CSI kept (a longer one is dropped). */
#define LT_DEC_CSI_MAX 64

/** What a token is. */
typedef enum {
    LT_TOK_NONE = 0,
    LT_TOK_CHAR,  /**< value: a Unicode scalar, a control character (0-31, 127) included */
    LT_TOK_KEY,   /**< value: an LT_KEY_* code (shim.h): arrows, F-keys, paste markers */
    LT_TOK_MOUSE  /**< a mouse report: button code, 1-based cell, press or release */
} lt_token_kind;

/** One decoded input. */
typedef struct {
    lt_token_kind kind;
    unsigned value;
    int alt; /**< Esc came just before (Alt held), for CHAR and KEY */
    /* LT_TOK_MOUSE: button code (modifier bits kept), 1-based cell, release (SGR `m`, X10 button 3) */
    int button, x, y, release;
} lt_token;

/** Decoder states (see key_decoder.c). */
typedef enum {
    LT_DS_GROUND = 0,
    LT_DS_ESC,        /* Esc read: a sequence, Alt+key, or the Escape key */
    LT_DS_CSI,        /* Esc [ parameters / intermediates */
    LT_DS_CSI_LINUX,  /* Esc [ [: the Linux console's F1-F5 */
    LT_DS_SS3,        /* Esc O */
    LT_DS_STRING,     /* OSC, DCS, SOS, PM, APC body */
    LT_DS_STRING_ESC, /* Esc inside a string (ST is Esc \) */
    LT_DS_X10,        /* Esc [ M: three bytes of an X10 mouse report */
    LT_DS_UTF8        /* the rest of a UTF-8 character */
} lt_dec_state;

/** The decoder. Zero it with lt_dec_reset. */
typedef struct {
    lt_dec_state state;
    int alt;              /* Esc before the sequence or character being read */
    int64_t started_ms;   /* when the current sequence began (its Esc) */
    int64_t last_ms;      /* when its last byte came */
    /* CSI */
    char csi[LT_DEC_CSI_MAX];
    int csi_len;
    int csi_overflow;
    int ss3_digits; /* SS3 with a parameter (old xterm's modified F1-F4) */
    /* X10 */
    int x10[3];
    int x10_len;
    /* UTF-8 */
    unsigned code;
    int need, low, high;
} lt_decoder;

/** Back to the ground state; any partial sequence is forgotten. */
void lt_dec_reset(lt_decoder *d);

/** Decodes one byte that arrived at `now_ms`. Returns 1 and fills *tok when a
 *  token is complete, else 0. *consumed is 0 when the byte was not used (it broke
 *  off a pending Esc or sequence, which may have given the token): feed the same
 *  byte again. */
int lt_dec_byte(lt_decoder *d, unsigned char byte, int64_t now_ms, lt_token *tok, int *consumed);

/** 1 while a partial sequence (or a lone Esc) waits for more bytes. */
int lt_dec_pending(const lt_decoder *d);

/** When the pending state must be decided (lt_dec_expire), in ms; -1 if none. */
int64_t lt_dec_deadline(const lt_decoder *d);

/** Decides a pending state whose deadline has passed at `now_ms` (or every
 *  pending state, with `end_of_input`): a lone Esc becomes the Escape key (1,
 *  *tok filled), a partial sequence is dropped (0). */
int lt_dec_expire(lt_decoder *d, int64_t now_ms, int end_of_input, lt_token *tok);

#endif /* LINKTERM_KEY_DECODER_H */
