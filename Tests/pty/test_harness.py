"""The harness checks itself: the emulator (pyte, with what it lacks added in xtermscreen.py), the mode
and termios reports, the events reader and the process wrapper can each say "no" (so the tests built
on them can fail)."""
from __future__ import annotations

import fcntl
import os
import re
import signal
import struct
import sys
import termios

import pytest

from ptyharness import (ENTER, PtyProcess, Screen, base_env, mode_states, modes_report, read_records, strip_escapes,
                        termios_report)


def test_screen_draws_what_xterm_would():
    s = Screen(5, 20)
    s.feed(b"\x1b[?1049h\x1b[H\x1b[2Jhello\x1b[2;3Hworld\x1b[3;1Hab\x1b[5bX")
    assert s.lines()[:3] == ["hello", "  world", "abbbbbbX"]
    s.feed(b"\x1b[2;1H\x1b[K\x1b[1;2H\x1b[2P")  # erase line 2, delete 2 characters at column 2
    assert s.lines()[:2] == ["hlo", ""]
    s.feed("\x1b[4;1H\u7f51\u7edcok".encode())  # wide characters take two cells
    assert s.lines()[3] == "\u7f51\u7edcok" and s.cell(3, 1).data == ""
    s.feed(b"\x1b[?1049l")
    assert s.text().strip() == ""  # back on the (empty) main screen
    s.feed(b"\x1b[6n")
    assert s.replies == [b"\x1b[1;1R"]


def test_screen_handles_split_sequences_and_scrolling():
    s = Screen(3, 10)
    for chunk in (b"\x1b[", b"2;", b"4Hab", "\u2713".encode()[:2], "\u2713".encode()[2:], b"\r\n1\r\n2\r\n3"):
        s.feed(chunk)
    assert s.lines() == ["1", "2", "3"]  # "ab✓" scrolled off the top


# -- what pyte 0.8.2 lacks, added in xtermscreen.py (each of these fails on pyte alone) -------------


def test_alternate_screen_1049_keeps_the_main_screen_and_the_cursor():
    """smcup/rmcup as xterm-256color's terminfo has them (with the window-title stack, CSI t)."""
    s = Screen(4, 20)
    s.feed(b"shell$ ")
    s.feed(b"\x1b[?1049h\x1b[22;0;0t\x1b[H\x1b[2Jthe ui\x1b[3;5Hhere")
    assert s.alternate and s.lines() == ["the ui", "", "    here", ""]
    s.feed(b"\x1b[?1049l\x1b[23;0;0tls")  # back where the shell's cursor was
    assert not s.alternate and s.lines() == ["shell$ ls", "", "", ""]
    for mode in (b"47", b"1047"):  # the older ones switch screens, the cursor stays
        s.feed(b"\x1b[?" + mode + b"h\x1b[2;1Halt\x1b[?" + mode + b"l!")
        assert s.lines()[:2] == ["shell$ ls", "   !"], mode
        s.feed(b"\x1b[2;1H\x1b[K\x1b[1;10H")


def test_rep_repeats_the_last_character():
    """REP (CSI n b): ncurses' rep for xterm-256color draws a run of one character with it."""
    s = Screen(2, 10)
    s.feed(b"ab\x1b[3bc\x1b[b")
    assert s.lines()[0] == "abbbbcc"
    s.feed("\r\n\u2500\x1b[8b".encode())  # a box's edge, up to the last column
    assert s.lines()[1] == "\u2500" * 9


def test_su_and_sd_scroll_the_region_and_leave_the_cursor():
    """SU/SD (CSI n S / CSI n T): ncurses' indn/rin."""
    s = Screen(5, 10)
    s.feed(b"1\r\n2\r\n3\r\n4\r\n5\x1b[2;2H")
    s.feed(b"\x1b[2S")
    assert s.lines() == ["3", "4", "5", "", ""]
    s.feed(b"\x1b[TX")  # down one; the cursor (row 2, column 2) did not move
    assert s.lines() == ["", "3X", "4", "5", ""]
    s.feed(b"\x1b[2;4r\x1b[S")  # only inside the scrolling region
    assert s.lines() == ["", "4", "5", "", ""]


def test_csi_s_and_u_save_and_restore_the_cursor():
    s = Screen(3, 10)
    s.feed(b"\x1b[2;3H\x1b[s\x1b[3;8Hz\x1b[ua\x1b[ub")
    assert s.lines() == ["", "  b", "       z"]  # restored twice to the same place


def test_one_saved_cursor_as_in_xterm():
    """DECSC/DECRC: one saved position (pyte keeps a stack and forgets it on restore)."""
    s = Screen(3, 10)
    s.feed(b"\x1b[1;2H\x1b7\x1b[2;4H\x1b7\x1b8a\x1b8b\x1b[3;1H\x1b8c")
    assert s.lines() == ["", "   c", ""]


def test_wide_characters_wrap_and_overwrite_as_in_xterm():
    s = Screen(3, 5)
    s.feed("abcd\u7f51".encode())  # no room at the last column: the whole character goes to the next line
    assert s.lines()[:2] == ["abcd", "\u7f51"]
    s.feed("\x1b[3;1H\u7f51\u7edc\x1b[3;2Hx".encode())  # over the right half of the first
    assert s.lines()[2] == " x\u7edc"
    s.feed("\x1b[3;4Hy".encode())  # over the left half of the second: its right half is blank
    assert s.lines()[2] == " x y"
    s.feed("\x1b[1;1H\u7f51\u7f51Z".encode())
    assert s.lines()[0] == "\u7f51\u7f51Z"
    s.feed("\x1b[1;2H\u7edc".encode())  # a wide one over the halves of two
    assert s.lines()[0] == " \u7edc Z"


def test_widths_are_the_c_librarys():
    """linkterm measures text with the C library's wcwidth; the screen must agree (pyte's wcwidth
    package makes a regional indicator, half of a flag, 2 columns wide; glibc 1)."""
    s = Screen(1, 10)
    s.feed("\U0001F1FA\U0001F1F8|\u7f51|".encode())
    assert [s.cell(0, x).data for x in range(6)] == ["\U0001F1FA", "\U0001F1F8", "|", "\u7f51", "", "|"]


def test_zero_width_characters_join_the_previous_cell():
    """A joiner, a variation selector or a tag joins the character before it; what follows is
    drawn (pyte stopped drawing the rest of the text at the first one)."""
    s = Screen(2, 20)
    s.feed("\u2764\ufe0f ok a\u200db \U0001F3F4\U000E0067\U000E007F end".encode())
    assert s.lines()[0] == "\u2764\ufe0f ok a\u200db \U0001F3F4\U000E0067\U000E007F end"
    s.feed("\x1b[2;1He\u0301!".encode())  # a combining mark: pyte's own way
    assert s.lines()[1] == "\u00e9!"


def test_delete_line_brings_blank_lines_up():
    """IL/DL: a line that moves in blank leaves no old text behind (pyte 0.8.2 kept it when the
    line moved had never been written)."""
    s = Screen(4, 10)
    s.feed(b"a\r\nb\r\n\r\nd\x1b[2;1H\x1b[M")
    assert s.lines() == ["a", "", "d", ""]
    s.feed(b"\x1b[1;1H\x1b[2L")
    assert s.lines() == ["", "", "a", ""]


def test_the_cursor_outside_the_scrolling_region():
    """CUU above the region and CUD or LF below it stop at the screen's edge, not at the region's;
    DECSTBM with no region homes the cursor."""
    s = Screen(6, 10)
    s.feed(b"\x1b[2;4r\x1b[1;1H\x1b[Aa")
    assert s.lines()[0] == "a"
    s.feed(b"\x1b[6;1H\x1b[Bb\n\rc")
    assert s.lines() == ["a", "", "", "", "", "c"]  # b overwritten by c: neither moved up
    s.feed(b"\x1b[5;5H\x1b[rh")
    assert s.lines()[0] == "h"


def test_cursor_moves_end_a_pending_wrap():
    s = Screen(3, 5)
    s.feed(b"\x1b[2;1Habcde\x1b[AX")  # up from the last column: no wrap, X in the last column
    assert s.lines() == ["    X", "abcde", ""]
    s.feed(b"\x1b[3;1Hvwxyz\x1b[6n")
    assert s.replies == [b"\x1b[3;5R"]  # a pending wrap reports the last column


def test_sequences_pyte_cannot_parse_draw_nothing():
    """DCS/APC/PM/SOS strings, CSI with < = > or : or intermediates, other private CSI, ESC with
    intermediates: dropped whole (pyte drew their tails as text, or answered them)."""
    s = Screen(2, 40)
    s.feed(b"a\x1bP$qm\x1b\\b\x1b_apc\x1b\\c\x1b^pm\x1b\\d\x1bXsos\x1b\\e"
           b"\x1b[>4;1mf\x1b[=5ug\x1b[<1uh\x1b[!pi\x1b[38:2::1:2:3mj\x1b[?6nk\x1b[>ck\x1b[?1049sl"
           b"\x1b*0m\x1b 7n\x1b[2 qo\x1b]0;title\x07p\x1b]8;;http://x\x1b\\q")
    assert s.lines()[0] == "abcdefghijkklmnopq"
    assert s.replies == [] and not s.cell(0, 5).underscore and not s.cell(0, 5).bold
    s.feed(b"\x1b[?3h")  # DECCOLM: xterm keeps its width
    assert (s.rows, s.cols) == (2, 40)


def test_malformed_sequences_neither_fail_nor_leave_the_parser_astray():
    """pyte raised on these (TypeError, UnboundLocalError, AssertionError) and lost its state, or
    read the rest of the output into the window title."""
    s = Screen(3, 12)
    s.feed(b"\x1b[2;3;4Ha\x1b[1;2Ab\x1b[9Jc\x1b[7Kd")  # extra parameters; unknown ED and EL
    assert s.lines() == ["   bcd", "  a", ""]
    s.feed(b"\x1b[3;1H\x1b[1 ?fe\x1b[1\r?2Hf")  # a parameter after an intermediate; a CR inside a CSI
    assert s.lines()[2] == "f"
    s.feed(b"\x1b]0;title\x1b[1;1Hg\x1bPdcs\x1b[1;2Hh\x1b[\x18i")  # strings cut short by a CSI; a CSI by CAN
    assert s.lines()[0] == "ghibcd" and s.terminal.title == ""
    s.feed(b"\x1b[?6h\x1b[2dj\x1b[6n\x1b[?6l")  # DECOM with no region
    assert s.lines()[1] == "j a" and s.replies == [b"\x1b[2;2R"]
    s.feed(b"\x1b[96h\x1b[?3h")  # CSI 96 h was DECCOLM to pyte
    assert (s.rows, s.cols) == (3, 12)


def test_c1_controls_are_read_as_their_escape_sequences():
    s = Screen(2, 10)
    s.feed("a\u009b2;3Hb\u009d0;t\u009cc\u0090dcs\u009cd\u009b>1ue".encode())
    assert s.lines() == ["a", "  bcde"] and s.terminal.title == "t"


def test_tab_stops_follow_the_width():
    s = Screen(2, 20)
    s.resize(2, 6, blank=False)
    s.feed(b"\tX")  # no stop left inside: the last column
    s.resize(2, 30)
    s.feed(b"\r\n\t\t\tY")  # stops every 8 columns in the columns gained
    assert s.lines() == ["", " " * 24 + "Y"]
    s2 = Screen(1, 6)
    s2.feed(b"\tX")
    assert s2.lines() == ["     X"]


def test_every_byte_fed_alone_draws_the_same_screen():
    data = ("\x1b[?1049h\x1b[H\x1b[2J\x1b[1;31mred\x1b[m \u7f51 \u2764\ufe0f\x1bP$q\"q\x1b\\x\x1b[3b"
            "\x1b]0;t\x1b\\\x1b[3;3H\x1b[>0q\u2713\x1b[T\x1b[S").encode()
    whole, byte_by_byte = Screen(4, 20), Screen(4, 20)
    whole.feed(data)
    for i in range(len(data)):
        byte_by_byte.feed(data[i:i + 1])
    assert whole.lines() == byte_by_byte.lines() and whole.lines()[:3] == ["red \u7f51 \u2764\ufe0fxxxx", "", "  \u2713"]
    assert whole.cell(0, 0).fg == "red" and whole.cell(0, 0).bold


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


# -- the process wrapper against ordinary programs (what the tmux harness's own tests checked) -----


def shown(p: PtyProcess) -> str:
    """The screen as text, without its trailing blank lines."""
    return p.screen.text().rstrip("\n")


def test_cat_window_size_typing_and_ctrl_d_ends_it_with_status_0():
    with PtyProcess.spawn(["/bin/cat"], rows=30, cols=100, env=base_env()) as p:
        rows, cols = struct.unpack("HHHH", fcntl.ioctl(p.master, termios.TIOCGWINSZ, b"\0" * 8))[:2]
        assert (rows, cols, p.screen.rows, p.screen.cols) == (30, 100, 30, 100)
        p.pump(0)
        assert p.exit is None and p.pid > 0
        p.type("hello pty")
        p.wait_for("hello pty")
        p.send(ENTER)
        # the terminal echoes the line, then cat writes it back
        p.wait_until(lambda: p.screen.text().count("hello pty") == 2, "the line twice")
        p.send(b"\x04")
        e = p.wait_exit()
        assert (e.status, e.signal) == (0, None), f"cat ended with status {e.status}\n{p.describe()}"
        assert shown(p).startswith("hello pty\nhello pty")


def test_colours_are_on_the_screen_not_in_its_text():
    with PtyProcess.spawn(["/bin/sh", "-c", r"printf '\033[31mred\033[0m\n'; read x"], env=base_env()) as p:
        p.wait_for("red")
        assert "\x1b" not in p.screen.text()
        assert [(p.screen.cell(0, x).data, p.screen.cell(0, x).fg) for x in range(4)] == \
            [("r", "red"), ("e", "red"), ("d", "red"), (" ", "default")]


def test_resize_changes_the_programs_terminal():
    with PtyProcess.spawn(["/bin/sh", "-c", "read x; stty size; read y"], rows=24, cols=80, env=base_env()) as p:
        assert (p.screen.rows, p.screen.cols) == (24, 80)
        p.resize(20, 60)
        assert (p.screen.rows, p.screen.cols) == (20, 60)
        p.send(ENTER)
        p.wait_for("20 60")


def test_waiting_for_text_that_never_comes_fails_with_the_screen():
    with PtyProcess.spawn(["/bin/sh", "-c", "echo visible-marker; read x"], env=base_env()) as p:
        p.wait_for("visible-marker")
        with pytest.raises(AssertionError) as error:
            p.wait_for("never-appears", timeout=0.2)
        assert "never-appears" in str(error.value) and "visible-marker" in str(error.value)


def test_argv_and_text_reach_the_program_as_given_with_term_and_environment():
    script = 'printf \'%s|\' "$TERM" "$LT_VALUE" "$@"; echo; cat'
    env = {**base_env(term="screen-256color"), "LT_VALUE": "x y;"}
    with PtyProcess.spawn(["/bin/sh", "-c", script, "sh", "a b", "c;", ";", "-x", "$HOME", "{"], env=env) as p:
        p.wait_for("screen-256color|x y;|a b|c;|;|-x|$HOME|{|")
        p.type("-dash;")
        p.wait_for("-dash;")


@pytest.mark.parametrize("round", range(1, 9))
def test_exit_status_and_the_screen_the_program_left(round):
    """What a program writes just before it exits is read (no linger needed, unlike tmux)."""
    with PtyProcess.spawn(["/bin/sh", "-c", f"echo top line; echo bye {round}; exit 7"], rows=5, cols=40, env=base_env()) as p:
        assert p.wait_exit().status == 7
        assert shown(p) == f"top line\nbye {round}"


def test_a_program_ended_by_a_signal_gives_128_plus_the_signal():
    with PtyProcess.spawn(["/bin/sh", "-c", "echo ready; read x"], env=base_env()) as p:
        p.wait_for("ready")
        p.send(b"\x03")
        e = p.wait_exit()
        assert (e.status, e.signal) == (128 + signal.SIGINT, signal.SIGINT)


def test_close_ends_the_program_and_can_be_repeated():
    p = PtyProcess.spawn(["/bin/cat"], env=base_env())
    pid = p.pid
    p.close()
    p.close()
    assert p.exit is not None and p.exit.signal == signal.SIGKILL
    with pytest.raises(ProcessLookupError):  # reaped: no zombie left
        os.kill(pid, 0)
    with pytest.raises(AssertionError, match="its terminal was closed"):
        p.send(b"x")


def test_a_program_that_cannot_start_is_reported():
    with pytest.raises(RuntimeError, match=r"cannot run /nonexistent/program: .*No such file"):
        PtyProcess.spawn(["/nonexistent/program"], env=base_env())


def test_the_program_starts_with_no_blocked_signal():
    with PtyProcess.spawn(["/bin/sh", "-c", "grep -E 'SigBlk|SigIgn' /proc/self/status; read x"], env=base_env()) as p:
        p.wait_for("SigIgn")
        assert re.search(r"SigBlk:\s+0{16}", p.screen.text()), p.screen.text()
