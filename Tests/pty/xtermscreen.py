"""xtermscreen: what a program drew on an xterm, as text, on the maintained ``pyte`` emulator.

``Screen`` is the pty tests' view of the terminal (``lines``, ``text``, ``in``, ``dump``, ``cell``,
``feed``, ``resize``, ``reset``, ``replies``); the emulation is pyte's (pinned: pyte 0.8.2, installed
by Tests/run.sh). What linkterm's output needs and pyte 0.8.2 does not do, or does unlike xterm, is
added here in two subclasses, each gap with a test in test_harness.py:

``XtermStream`` (the parser):
* sequences pyte cannot parse are dropped whole instead of being drawn as text: DCS, APC, PM and
  SOS strings (``ESC P … ESC \\``), CSI with ``<``, ``=`` or ``>`` after the ``[``, with ``:`` in
  its parameters or with intermediate bytes (``CSI ! p``), private CSI other than ``?…h``/``?…l``,
  and ESC with intermediates other than pyte's charset designations (``ESC * 0``, ``ESC SP F``);
* a CSI with more parameters than its function takes has the extra ones ignored (pyte failed:
  ``CSI 1;2 A`` raised TypeError and lost the parser's state);
* C1 controls (U+009B CSI, U+009D OSC, U+0090 DCS …) go through the same filter as their ESC forms;
* an OSC, DCS … string that another ESC interrupts ends there (pyte read all that followed, up to
  a BEL, into the window title); a CSI interrupted by a character that cannot be in it is dropped;
* REP (``CSI n b``: ncurses' ``rep`` for xterm-256color), SU and SD (``CSI n S``/``CSI n T``:
  ``indn``/``rin``), and SCOSC/SCORC (``CSI s``/``CSI u``).

``XtermScreen`` (the screen):
* the alternate screen (``?47``, ``?1047``, ``?1049``; 1049 saves and restores the cursor);
* character widths are the C library's wcwidth, which linkterm lays out with (as tmux does);
  pyte's wcwidth package gives some characters other widths (a regional indicator: 2, glibc: 1);
* wide characters: one at the last column wraps to the next line, and writing over half of one
  blanks its other half (pyte left a stub that shifted or hid the rest of the row);
* zero-width characters that are not combining marks (joiners, variation selectors, tags) join the
  previous cell (pyte stopped drawing the rest of the text at them); other controls are dropped;
* insert/delete line (IL/DL) when the lines moved are blank (pyte kept the old text there);
* the cursor outside the scrolling region: CUU/CUD, LF and RI stop at the screen's edge, not at the
  region's (pyte jumped into the region); DECSTBM always homes the cursor;
* cursor moves (CUU, CUD, VPA, LF) end a pending wrap, as in xterm;
* one saved cursor (DECSC/DECRC, as xterm), not a stack;
* tab stops: a wider screen has stops every 8 columns in the columns it gains, and a tab never
  goes past the last column (pyte kept the old width's stops and went past it after a narrowing);
* ED/EL with an unknown parameter do nothing (pyte raised UnboundLocalError);
* DECCOLM (``?3``) leaves the width alone (xterm's default), and so does ``CSI 96 h`` (pyte took ANSI
  mode 96 for DECCOLM); DSR 6 answers a column on the screen; DECOM with no region: the screen's
  (pyte asserted one);
"""
from __future__ import annotations

import copy
import ctypes
import functools
import locale
import re
import unicodedata
from collections import defaultdict

import pyte
from pyte import modes as pyte_modes
from pyte.screens import Margins, StaticDefaultDict
from wcwidth import wcwidth as _package_wcwidth

#: The alternate screen's DEC private modes.
ALTERNATE_SCREEN_MODES = (47, 1047, 1049)
#: DECCOLM: 80/132 columns, which xterm ignores unless allowed (allowColumns is off by default).
DECCOLM = 3


def _c_library_wcwidth():
    """The C library's wcwidth in a UTF-8 locale of its own (this thread's, only while it answers),
    or None where the C library has no C.UTF-8."""
    libc = ctypes.CDLL(None)
    libc.newlocale.restype = ctypes.c_void_p
    libc.newlocale.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_void_p]
    libc.uselocale.restype = ctypes.c_void_p
    libc.uselocale.argtypes = [ctypes.c_void_p]
    libc.wcwidth.argtypes = [ctypes.c_wchar]
    utf8 = libc.newlocale(1 << locale.LC_CTYPE, b"C.UTF-8", None)
    if not utf8:
        return None

    def width(character: str) -> int:
        previous = libc.uselocale(utf8)
        try:
            return libc.wcwidth(character)
        finally:
            libc.uselocale(previous)
    return width


_wcwidth = _c_library_wcwidth() or _package_wcwidth


@functools.lru_cache(maxsize=None)
def char_width(character: str) -> int:
    """How many columns ``character`` takes: the C library's wcwidth, which linkterm lays its
    screens out with, as tmux does (pyte's wcwidth package differs: a regional indicator, half of
    a flag, is 2 there and 1 in glibc). -1 for a control character."""
    return _wcwidth(character)


class XtermStream(pyte.ByteStream):
    """pyte's byte stream, with REP, SU, SD, SCOSC and SCORC, and the sequences pyte would draw as
    text dropped (see the module's doc). Sequences split across ``feed`` calls are held until whole."""

    csi = {**pyte.ByteStream.csi, "b": "repeat_last_character", "S": "scroll_up", "T": "scroll_down",
           "s": "save_cursor_sco", "u": "restore_cursor_sco"}
    events = pyte.ByteStream.events | frozenset(
        ["repeat_last_character", "scroll_up", "scroll_down", "save_cursor_sco", "restore_cursor_sco"])

    # a CSI: parameter and intermediate bytes (and C0 controls, which a terminal carries out on the
    # way), then a final byte; without one, it is incomplete (at the end) or aborted
    _CSI = re.compile(r"\x1b\[(?P<body>[\x07-\x0d -?]*)(?P<final>[@-~])?")
    # strings: OSC (ended by BEL or ST), DCS, SOS, PM and APC (ended by ST); another ESC aborts them
    _OSC = re.compile(r"\x1b\][^\x1b\x07]*(?P<end>\x07|\x1b\\)?")
    _STRING = re.compile(r"\x1b[PX^_][^\x1b]*(?P<end>\x1b\\)?")
    # ESC, intermediate bytes, a final byte
    _ESC_INTERMEDIATE = re.compile(r"\x1b(?P<inter>[ -/]+)(?P<final>[0-~])?")
    # the C0 controls a terminal carries out in the middle of a CSI (pyte too)
    _CONTROLS = re.compile(r"[\x07-\x0d]")
    _PLAIN_CSI_PARAMS = re.compile(r"\??[0-9;]*\Z")
    # C1 controls as UTF-8 (U+0080-U+009F), which pyte (as xterm) takes for the ESC sequences they
    # stand for: spelt as those, so that the same filter sees them
    _C1_AS_ESC = {"\x90": "\x1bP", "\x98": "\x1bX", "\x9b": "\x1b[", "\x9c": "\x1b\\", "\x9d": "\x1b]",
                  "\x9e": "\x1b^", "\x9f": "\x1b_"}
    _C1_RE = re.compile("[\x90\x98\x9b-\x9f]")
    # how many parameters pyte's handler of each CSI final takes (it fails on more; xterm ignores
    # them): the others take any number (SGR, SM, RM) or none
    _CSI_PARAMETERS = {**dict.fromkeys("@ABCDEFGJKLMPSTXabcdegn`", 1), "H": 2, "f": 2, "r": 2, "s": 0, "u": 0}

    def __init__(self, screen: "XtermScreen") -> None:
        super().__init__(screen)
        self._held = ""

    def feed(self, data: bytes) -> None:  # type: ignore[override]
        text = self.utf8_decoder.decode(data) if self.use_utf8 else data.decode("latin-1")
        text = self._held + self._C1_RE.sub(lambda c1: self._C1_AS_ESC[c1.group(0)], text)
        self._held = ""
        out = []
        start, end = 0, len(text)
        while True:
            at = text.find("\x1b", start)
            if at < 0:
                out.append(text[start:])
                break
            out.append(text[start:at])
            if at + 1 == end:  # a lone ESC at the end: what it starts comes in the next feed
                self._held = text[at:]
                break
            kind = text[at + 1]
            if kind == "[":
                match = self._CSI.match(text, at)
                if match.group("final") is None and match.end() == end:
                    self._held = text[at:]
                    break
                out.append(self._filtered_csi(match.group("body"), match.group("final")))
            elif kind in "]PX^_":
                match = (self._OSC if kind == "]" else self._STRING).match(text, at)
                if match.group("end") is None and match.end() >= end - 1:  # not ended yet
                    self._held = text[at:]
                    break
                if kind == "]" and match.group("end") is not None:
                    out.append(match.group(0))  # pyte reads OSC (the title); the others are dropped
            elif " " <= kind <= "/":
                match = self._ESC_INTERMEDIATE.match(text, at)
                if match.group("final") is None and match.end() == end:
                    self._held = text[at:]
                    break
                if match.group("final") is not None and match.group("inter") in ("(", ")", "#", "%"):
                    out.append(match.group(0))  # charsets (ignored in UTF-8), DECALN, UTF-8 on and off
            else:  # ESC and one character (DECSC, DECRC, RI, IND, NEL, RIS, keypad modes …): pyte's
                match = None
                out.append(text[at:at + 2])
                start = at + 2
            if match is not None:
                start = match.end()
        pyte.Stream.feed(self, "".join(out))

    def _filtered_csi(self, body: str, final: str | None) -> str:
        """What pyte gets of a CSI: the C0 controls that came inside it, then the sequence if pyte
        parses it as xterm does (with no more parameters than its handler takes); an aborted or
        unknown one is dropped."""
        controls = "".join(self._CONTROLS.findall(body))
        params = self._CONTROLS.sub("", body)
        if final is None or not self._PLAIN_CSI_PARAMS.match(params) or params.startswith("?") and final not in "hl":
            return controls
        if final in self._CSI_PARAMETERS:
            params = ";".join(params.split(";")[:self._CSI_PARAMETERS[final]])
        return controls + "\x1b[" + params + final


def _public_modes(modes: tuple) -> tuple:
    """ANSI (not DEC private) modes without those pyte would take for a DEC private one (it keeps
    private mode N as N << 5: ``CSI 96 h`` was DECCOLM to it)."""
    return tuple(m for m in modes if m < 32 or m % 32)


class XtermScreen(pyte.Screen):
    """pyte's screen with what xterm does and pyte 0.8.2 does not (see the module's doc). Replies
    the program asked for (DSR, DA) collect in ``replies``."""

    def __init__(self, columns: int, lines: int) -> None:
        self.replies: list[bytes] = []
        self.alternate = False
        self._main_buffer = None
        self.last_character = " "
        super().__init__(columns, lines)

    def _blank_buffer(self):
        return defaultdict(lambda: StaticDefaultDict(self.default_char))

    def reset(self) -> None:
        super().reset()
        self.alternate = False
        self._main_buffer = None
        self.last_character = " "
        self.savepoints = []

    # replies ------------------------------------------------------------------------------------
    def write_process_input(self, data: str) -> None:
        self.replies.append(data.encode())

    def report_device_status(self, mode: int = 0, *args, **kwargs) -> None:
        if mode != 6:
            super().report_device_status(mode)
            return
        # a pending wrap is on the last column; under DECOM, from the region's top (pyte asserted a region)
        top = self.margins.top if self.margins is not None and pyte_modes.DECOM in self.mode else 0
        self.write_process_input(f"\x1b[{self.cursor.y - top + 1};{min(self.cursor.x, self.columns - 1) + 1}R")

    # modes --------------------------------------------------------------------------------------
    def set_mode(self, *modes: int, **kwargs) -> None:
        if kwargs.get("private"):
            for mode in modes:
                if mode in ALTERNATE_SCREEN_MODES:
                    self._enter_alternate(save_cursor=mode == 1049)
            modes = tuple(m for m in modes if m not in ALTERNATE_SCREEN_MODES and m != DECCOLM)
        else:
            modes = _public_modes(modes)
        if modes:
            super().set_mode(*modes, **kwargs)

    def reset_mode(self, *modes: int, **kwargs) -> None:
        if kwargs.get("private"):
            for mode in modes:
                if mode in ALTERNATE_SCREEN_MODES:
                    self._leave_alternate(restore_cursor=mode == 1049)
            modes = tuple(m for m in modes if m not in ALTERNATE_SCREEN_MODES and m != DECCOLM)
        else:
            modes = _public_modes(modes)
        if modes:
            super().reset_mode(*modes, **kwargs)

    def _enter_alternate(self, save_cursor: bool) -> None:
        if self.alternate:
            return
        if save_cursor:
            self.save_cursor()
        self._main_buffer = self.buffer
        self.buffer = self._blank_buffer()
        self.alternate = True
        self.dirty.update(range(self.lines))

    def _leave_alternate(self, restore_cursor: bool) -> None:
        if not self.alternate:
            return
        self.buffer = self._main_buffer if self._main_buffer is not None else self._blank_buffer()
        self._main_buffer = None
        self.alternate = False
        self.dirty.update(range(self.lines))
        if restore_cursor:
            self.restore_cursor()

    # text -----------------------------------------------------------------------------------------
    def draw(self, data: str) -> None:
        """Text at the cursor, as pyte's ``draw`` with the gaps above filled, each character as wide
        as the C library's wcwidth says (see ``char_width``)."""
        for character in data.translate(self.g1_charset if self.charset else self.g0_charset):
            self._draw_one(character)

    def _draw_one(self, character: str) -> None:
        width = char_width(character)
        if width < 0:
            return  # a control character: nothing to show
        if width == 0:
            self._join_previous_cell(character)
            return
        autowrap = pyte_modes.DECAWM in self.mode
        if self.cursor.x == self.columns:  # after the last column
            if autowrap:
                self.carriage_return()
                self.linefeed()
            else:
                self.cursor.x = self.columns - width
        if width == 2 and self.cursor.x == self.columns - 1:
            if not autowrap or self.columns == 1:
                return
            self._blank_cell(self.cursor.y, self.cursor.x)  # no room for both halves: next line
            self.carriage_return()
            self.linefeed()
        if pyte_modes.IRM in self.mode:
            self.insert_characters(width)
        y, x = self.cursor.y, self.cursor.x
        line = self.buffer[y]
        if line[x].data == "" and x > 0:  # over the right half of a wide character
            self._blank_cell(y, x - 1)
        after = x + width
        if after < self.columns and line[after].data == "":  # the right half of one written over
            self._blank_cell(y, after)
        line[x] = self.cursor.attrs._replace(data=character)
        if width == 2:
            line[x + 1] = self.cursor.attrs._replace(data="")
        self.cursor.x = x + width
        self.last_character = character
        self.dirty.add(y)

    def _blank_cell(self, y: int, x: int) -> None:
        line = self.buffer[y]
        line[x] = line[x]._replace(data=" ")

    def _join_previous_cell(self, character: str) -> None:
        """A zero-width character joins the cell before the cursor (the one before that if it is
        the right half of a wide character)."""
        y, x = self.cursor.y, min(self.cursor.x, self.columns) - 1
        if x < 0:
            if y == 0:
                return
            y, x = y - 1, self.columns - 1
        line = self.buffer[y]
        if line[x].data == "" and x > 0:
            x -= 1
        line[x] = line[x]._replace(data=unicodedata.normalize("NFC", line[x].data + character))

    def repeat_last_character(self, count: int = 0, *args, **kwargs) -> None:
        """REP: the last character drawn, ``count`` more times (at most a screenful)."""
        self.draw(self.last_character * min(count or 1, self.lines * self.columns))

    def erase_in_display(self, how: int = 0, *args, **kwargs) -> None:
        if how in (0, 1, 2, 3):  # pyte failed on others (UnboundLocalError); xterm ignores them
            super().erase_in_display(how)

    def erase_in_line(self, how: int = 0, *args, **kwargs) -> None:
        if how in (0, 1, 2):
            super().erase_in_line(how)

    # lines and scrolling ------------------------------------------------------------------------------
    def _region(self) -> Margins:
        return self.margins or Margins(0, self.lines - 1)

    def _move_lines(self, top: int, bottom: int, count: int, up: bool) -> None:
        """Moves lines top..bottom up (or down) by ``count``; those that come in are blank."""
        count = min(count, bottom - top + 1)
        old = {y: self.buffer.pop(y, None) for y in range(top, bottom + 1)}
        for y in range(top, bottom + 1):
            source = y + count if up else y - count
            line = old.get(source) if top <= source <= bottom else None
            if line is not None:
                self.buffer[y] = line
        self.dirty.update(range(top, bottom + 1))

    def insert_lines(self, count: int | None = None, *args, **kwargs) -> None:
        top, bottom = self._region()
        if top <= self.cursor.y <= bottom:
            self._move_lines(self.cursor.y, bottom, count or 1, up=False)
            self.carriage_return()

    def delete_lines(self, count: int | None = None, *args, **kwargs) -> None:
        top, bottom = self._region()
        if top <= self.cursor.y <= bottom:
            self._move_lines(self.cursor.y, bottom, count or 1, up=True)
            self.carriage_return()

    def scroll_up(self, count: int = 0, *args, **kwargs) -> None:
        """SU: the scrolling region up ``count`` lines; the cursor stays."""
        top, bottom = self._region()
        self._move_lines(top, bottom, count or 1, up=True)

    def scroll_down(self, count: int = 0, *args, **kwargs) -> None:
        """SD: the scrolling region down ``count`` lines; the cursor stays."""
        top, bottom = self._region()
        self._move_lines(top, bottom, count or 1, up=False)

    def index(self) -> None:
        top, bottom = self._region()
        self.ensure_hbounds()
        if self.cursor.y == bottom:
            self._move_lines(top, bottom, 1, up=True)
        elif self.cursor.y < self.lines - 1:
            self.cursor.y += 1

    def reverse_index(self) -> None:
        top, bottom = self._region()
        self.ensure_hbounds()
        if self.cursor.y == top:
            self._move_lines(top, bottom, 1, up=False)
        elif self.cursor.y > 0:
            self.cursor.y -= 1

    def resize(self, lines: int | None = None, columns: int | None = None) -> None:
        old = self.columns
        super().resize(lines, columns)
        # xterm's tab stops are set every 8 columns as wide as it can be: columns that come in have theirs
        self.tabstops |= {x for x in range(8, self.columns, 8) if x >= old}

    def tab(self) -> None:
        super().tab()
        self.ensure_hbounds()  # pyte went past the last column to a stop left by a wider screen

    # the cursor ---------------------------------------------------------------------------------------
    def cursor_up(self, count: int | None = None, *args, **kwargs) -> None:
        top, _ = self._region()
        limit = top if self.cursor.y >= top else 0
        self.cursor.y = max(self.cursor.y - (count or 1), limit)
        self.ensure_hbounds()

    def cursor_down(self, count: int | None = None, *args, **kwargs) -> None:
        _, bottom = self._region()
        limit = bottom if self.cursor.y <= bottom else self.lines - 1
        self.cursor.y = min(self.cursor.y + (count or 1), limit)
        self.ensure_hbounds()

    def cursor_to_line(self, line: int | None = None, *args, **kwargs) -> None:
        top = self.margins.top if self.margins is not None and pyte_modes.DECOM in self.mode else 0
        self.cursor.y = (line or 1) - 1 + top  # pyte asserted a region under DECOM
        self.ensure_vbounds()
        self.ensure_hbounds()

    def set_margins(self, top: int | None = None, bottom: int | None = None, *args, **kwargs) -> None:
        super().set_margins(top, bottom)
        if not top and bottom is None:
            self.cursor_position()  # DECSTBM with no region homes the cursor too (pyte did not)

    def save_cursor(self) -> None:
        self.savepoints = []
        super().save_cursor()

    def restore_cursor(self) -> None:
        saved = self.savepoints[0] if self.savepoints else None
        super().restore_cursor()
        if saved is not None:  # pyte pops it; xterm keeps it for the next DECRC
            self.savepoints = [saved._replace(cursor=copy.copy(self.cursor))]

    def save_cursor_sco(self, *args, **kwargs) -> None:
        self.save_cursor()

    def restore_cursor_sco(self, *args, **kwargs) -> None:
        self.restore_cursor()


class Screen:
    """What a terminal of ``rows`` x ``cols`` shows after the bytes fed to it (``XtermScreen`` and
    ``XtermStream`` on pyte). ``replies`` holds what the terminal answers (DSR 6n, DA), to be sent
    back to the program."""

    def __init__(self, rows: int, cols: int):
        self.terminal = XtermScreen(max(1, cols), max(1, rows))
        self.stream = XtermStream(self.terminal)

    @property
    def rows(self) -> int:
        return self.terminal.lines

    @property
    def cols(self) -> int:
        return self.terminal.columns

    @property
    def replies(self) -> list[bytes]:
        return self.terminal.replies

    @property
    def alternate(self) -> bool:
        """Whether the alternate screen is shown."""
        return self.terminal.alternate

    def feed(self, data: bytes) -> None:
        self.stream.feed(data)

    def reset(self) -> None:
        """As RIS (ESC c): the main screen, empty, the cursor home."""
        self.terminal.reset()

    # text ---------------------------------------------------------------------------------------------
    def cell(self, y: int, x: int):
        """The pyte character at row ``y``, column ``x`` (``data``, ``fg``, ``bg``, ``bold``,
        ``reverse`` …); the right half of a wide character has data ""."""
        return self.terminal.buffer[y][x]

    def _row(self, y: int) -> str:
        line = self.terminal.buffer[y]
        return "".join(line[x].data for x in range(self.cols))  # a wide character's right half is ""

    def lines(self) -> list[str]:
        return [self._row(y).rstrip() for y in range(self.rows)]

    def text(self) -> str:
        return "\n".join(self.lines())

    def __contains__(self, needle: str) -> bool:
        return any(needle in line for line in self.lines())

    def dump(self) -> str:
        border = "+" + "-" * self.cols + "+"
        return "\n".join([border] + ["|" + self._row(y) + "|" for y in range(self.rows)] + [border])

    # geometry -------------------------------------------------------------------------------------------
    def resize(self, rows: int, cols: int, blank: bool = True) -> None:
        """Change the size. With ``blank`` the screen is emptied (a terminal may reflow or keep
        anything; a program must repaint after a resize), so only what is drawn afterwards shows."""
        terminal = self.terminal
        cursor, saved = (terminal.cursor.x, terminal.cursor.y), list(terminal.savepoints)
        terminal.resize(max(1, rows), max(1, cols))
        (terminal.cursor.x, terminal.cursor.y), terminal.savepoints = cursor, saved
        if blank:
            terminal.buffer = terminal._blank_buffer()
        if terminal.alternate:
            terminal._main_buffer = terminal._blank_buffer()
        terminal.ensure_hbounds()
        terminal.ensure_vbounds()
