"""The harness checks itself: the emulator, the mode and termios reports, the events reader and the
process wrapper can each say "no" (so the tests built on them can fail)."""
from __future__ import annotations

import signal
import sys
import termios

import pytest

from ptyharness import (PtyProcess, Screen, base_env, mode_states, modes_report, read_records, strip_escapes,
                        termios_report)


def test_screen_draws_what_xterm_would():
    s = Screen(5, 20)
    s.feed(b"\x1b[?1049h\x1b[H\x1b[2Jhello\x1b[2;3Hworld\x1b[3;1Hab\x1b[5bX")
    assert s.lines()[:3] == ["hello", "  world", "abbbbbbX"]
    s.feed(b"\x1b[2;1H\x1b[K\x1b[1;2H\x1b[2P")  # erase line 2, delete 2 characters at column 2
    assert s.lines()[:2] == ["hlo", ""]
    s.feed("\x1b[4;1H\u7f51\u7edcok".encode())  # wide characters take two cells
    assert s.lines()[3] == "\u7f51\u7edcok" and s.grid[3][1] == ""
    s.feed(b"\x1b[?1049l")
    assert s.text().strip() == ""  # back on the (empty) main screen
    s.feed(b"\x1b[6n")
    assert s.replies == [b"\x1b[1;1R"]


def test_screen_handles_split_sequences_and_scrolling():
    s = Screen(3, 10)
    for chunk in (b"\x1b[", b"2;", b"4Hab", "\u2713".encode()[:2], "\u2713".encode()[2:], b"\r\n1\r\n2\r\n3"):
        s.feed(chunk)
    assert s.lines() == ["1", "2", "3"]  # "ab✓" scrolled off the top


def test_mode_report_finds_modes_left_on():
    clean = b"\x1b[?1049h\x1b[?1h\x1b=\x1b[?25l\x1b[?1006;1000h\x1b[?2004h" \
            b"\x1b[?2004l\x1b[?1006;1000l\x1b[?25h\x1b[?1049l\x1b[?1l\x1b>"
    assert modes_report(clean) == []
    assert mode_states(clean)[1006] == {"set": True, "last": "l"}
    for leftover, what in ((b"\x1b[?1049h", "alternate screen"), (b"\x1b[?25l", "cursor hidden"),
                           (b"\x1b=", "keypad"), (b"\x1b[?1002h", "mouse (1002)"), (b"\x1b[?2004h", "paste")):
        problems = modes_report(clean + leftover)
        assert problems and what in problems[0], (leftover, problems)


def test_termios_report_names_what_changed():
    before = [termios.ICRNL | termios.IXON, termios.OPOST | termios.ONLCR, 0,
              termios.ECHO | termios.ICANON | termios.ISIG | termios.IEXTEN, 0, 0, []]
    raw = list(before)
    raw[3] = 0
    assert termios_report(before, before) == []
    assert {p.split()[0] for p in termios_report(before, raw)} == {"ECHO", "ICANON", "ISIG", "IEXTEN"}
    assert termios_report(before, None) == ["termios unreadable (terminal gone)"]


def test_strip_escapes():
    assert strip_escapes(b"\x1b[1;2Ha\x1b(Bb\x1b]0;title\x07c\x1b[38;5;1md\x1b=") == "abcd"


def test_read_records_rejects_partial_and_invalid_lines(tmp_path):
    f = tmp_path / "e.jsonl"
    f.write_bytes(b'{"type":"load"}\n{"type":"event"')
    with pytest.raises(AssertionError, match="incomplete"):
        read_records(f)
    f.write_bytes(b'{"type":"load"}\nnot json\n')
    with pytest.raises(AssertionError, match="not JSON"):
        read_records(f)
    f.write_bytes(b'{"type":"load"}\n')
    assert read_records(f) == [{"type": "load"}]
    assert read_records(tmp_path / "missing.jsonl") == []


def test_read_records_while_writing_takes_only_complete_lines(tmp_path):
    """A file still being appended to: a record without its newline yet is left for the next read."""
    f = tmp_path / "e.jsonl"
    f.write_bytes(b'{"type":"load"}\n{"type":"ev')
    assert read_records(f, while_writing=True) == [{"type": "load"}]
    f.write_bytes(b'{"type":"lo')
    assert read_records(f, while_writing=True) == []
    f.write_bytes(b'{"type":"load"}\nnot json\n{"type":"ev')
    with pytest.raises(AssertionError, match="not JSON"):
        read_records(f, while_writing=True)


def test_process_status_and_termios_as_a_shell_sees_them():
    """A program that leaves the terminal raw is caught, and a signal death reads 128+N."""
    code = "import os,signal,termios,tty; tty.setraw(0); os.write(1, b'\\x1b[?1049hready'); " \
           "os.kill(os.getpid(), signal.SIGTERM)"
    with PtyProcess.spawn([sys.executable, "-c", code], env=base_env()) as p:
        e = p.wait_exit()
        assert (e.status, e.signal) == (143, signal.SIGTERM)
        problems = p.restoration_problems()
        assert any(x.startswith("ECHO off") for x in problems) and any("alternate screen" in x for x in problems)
        assert "ready" in p.screen
