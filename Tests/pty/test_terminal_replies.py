"""Input that is not a typed key: replies the terminal sends on its own, Alt keys,
broken mouse reports, a paste that never ends, keys behind "terminal too small", through the real
binary in a pseudo-terminal.

Every sequence here must come in as one input, or as nothing: never as Esc followed by text."""
from __future__ import annotations

import time

from ptyharness import (CONSENT_TITLE, CTRL_C, ENTER, ESC, PASTE_START, SEARCH_HINT, measure, read_records,
                        record_name, search_field, start, to_credentials, to_search)

CTRL_X = b"\x18"
EXIT_QUESTION = "Are you sure you want to exit"


def events_of(path) -> list[str]:
    return [record_name(r) for r in read_records(path)]


def bytes_read(p) -> int:
    """The bytes linkterm has read with read(2) so far (/proc/PID/io)."""
    with open(f"/proc/{p.pid}/io") as io:
        for line in io:
            if line.startswith("rchar:"):
                return int(line.split()[1])
    raise AssertionError("no rchar in /proc/PID/io")


def send_and_wait_read(p, data: bytes) -> None:
    """Sends `data` and waits until linkterm has read it: a key it read is acted on (or ignored)
    before it looks at the next signal, such as a resize sent after this. Only for a quiet
    moment (no signal on its way: its self-pipe byte would count as read too)."""
    before = bytes_read(p)
    p.send(data)
    p.wait_until(lambda: bytes_read(p) >= before + len(data), "linkterm to read what was typed")


def quit_with_ctrl_c(p) -> None:
    p.send(CTRL_C)
    e = p.wait_exit()
    assert e.status == 130 and e.signal is None, f"status {e.status}\n{p.describe()}"
    assert not p.restoration_problems(), p.restoration_problems()


# -- terminal too small ----------------------------------------------------------------------------


def test_keys_do_nothing_behind_too_small(spawn, home):
    """Behind the "terminal too small" note nothing may act: Enter on consent, `y` on the exit
    question (it exited with status 1); only Ctrl-C quits."""
    events = home / "events.jsonl"
    p = spawn(["--events", events, "--log-panel", "off"])
    start(p)
    p.resize(10, 40, sigwinch=False)  # the kernel's SIGWINCH only: then nothing is on its way
    p.wait_for("Terminal too small")
    send_and_wait_read(p, ENTER)  # read while the note shows (a resize first would be a race)
    p.resize(24, 80)
    # the whole frame again (its first row alone can come before the pane's rows)
    p.wait_until(lambda: CONSENT_TITLE in p.screen or SEARCH_HINT in p.screen, "the full frame again")
    assert CONSENT_TITLE in p.screen and SEARCH_HINT not in p.screen, \
        f"Enter behind the note left consent\n{p.describe()}"
    to_search(p)
    p.send(CTRL_X)
    p.wait_for(EXIT_QUESTION)
    p.resize(10, 40, sigwinch=False)
    p.wait_for("Terminal too small")
    send_and_wait_read(p, b"y\r")
    p.resize(24, 80)
    p.wait_until(lambda: p.exit is not None or EXIT_QUESTION in p.screen or SEARCH_HINT in p.screen,
                 "the full frame again")
    assert p.exit is None, f"a key behind the note exited (status {p.exit.status})"
    p.wait_for(EXIT_QUESTION)
    assert "EXIT" not in events_of(events)
    quit_with_ctrl_c(p)


def test_keys_behind_too_small_while_the_directory_loads(spawn, home):
    """Keys typed behind the note while an --institutions file loads are not kept for the
    session either (they were replayed on consent once it started)."""
    import os

    fifo = home / "banks.fifo"
    os.mkfifo(fifo)
    writer = os.open(fifo, os.O_RDWR | os.O_NONBLOCK)  # the load waits until the writer closes
    events = home / "events.jsonl"
    try:
        os.write(writer, b"First Fifo Bank\n")
        p = spawn(["--institutions", fifo, "--events", events, "--log-panel", "off"])
        start(p)
        p.resize(10, 40, sigwinch=False)
        p.wait_for("Terminal too small")
        send_and_wait_read(p, ENTER + b"y")
        p.resize(24, 80)
        p.wait_until(lambda: CONSENT_TITLE in p.screen, "the first frame again")
    finally:
        os.close(writer)  # end of file: the load finishes, the session starts
    p.wait_until(lambda: "OPEN" in events_of(events), "the session to start")
    p.send(b"?")  # help: a key the session reads after whatever was kept for it
    p.wait_until(lambda: "Sandbox credentials" in p.screen or SEARCH_HINT in p.screen, "help, or the search pane")
    names = events_of(events)
    assert "TRANSITION_VIEW" not in names, f"a key typed behind the note acted: {names}"
    quit_with_ctrl_c(p)


# -- helpers --------------------------------------------------------------------------------------


def mask_count(p) -> int:
    return max((line.count("\u2022") for line in p.screen.lines()), default=0)


def typed_then_shown(p, text: str) -> None:
    """Types `text` into the search field and waits until the field shows exactly it: every byte
    sent before was decoded, and none of it was typed."""
    p.type(text)
    p.wait_until(lambda: search_field(p).endswith(text), f"the search field to end with {text!r}")
    assert search_field(p) == text, f"the search field shows {search_field(p)!r}, typed {text!r}\n{p.describe()}"


def on_search(spawn, home):
    events = home / "events.jsonl"
    p = spawn(["--events", events, "--log-panel", "off", "--latency", "0"])
    start(p)
    to_search(p)
    return p, events


def searches(events) -> list[str]:
    return [r["metadata"].get("institution_search_query") for r in read_records(events)
            if record_name(r) == "SEARCH_INSTITUTION"]


# -- terminal replies -----------------------------------------------------------------------------

FOCUS_IN, FOCUS_OUT = b"\x1b[I", b"\x1b[O"
CURSOR_REPORT = b"\x1b[12;40R"
OSC11_REPLY = b"\x1b]11;rgb:0000/0000/0000\x1b\\"
DECRQSS_REPLY = b"\x1bP1$r0;1m\x1b\\"
OTHER_REPLIES = [
    b"\x1b]10;rgb:ffff/ffff/ffff\x07",  # OSC ended by BEL
    b"\x1b[?62;22c",  # DA1
    b"\x1b[>0;276;0c",  # DA2
    b"\x1b[?1;2$y",  # DECRPM
    b"\x1b_Gi=1;OK\x1b\\",  # APC (kitty graphics)
    b"\x1b^private\x1b\\",  # PM
    b"\x1bXsos\x1b\\",  # SOS
    b"\x1b[1;5A",  # Ctrl-Up: unused, dropped whole
    b"\x1b[9999;9999;9999;9999H",  # an unknown CSI
]


def test_focus_reports_on_the_password_field(spawn, home):
    """Focus in/out reports on the password field: the pane stays, the password stays, nothing is
    typed anywhere (it went back to search, dropped the password and searched for "[I")."""
    events = home / "events.jsonl"
    p = spawn(["--events", events, "--log-panel", "off", "--latency", "0"])
    start(p)
    to_search(p)
    to_credentials(p)
    p.type("user_good")
    p.send(b"\t")
    p.type("pw")
    p.wait_until(lambda: mask_count(p) == 2, "2 mask characters")
    p.send(FOCUS_OUT + FOCUS_IN + FOCUS_OUT + FOCUS_IN)
    p.type("x")
    p.wait_until(lambda: mask_count(p) == 3 or "Enter your" not in p.screen.text(),
                 "the third mask character (or the pane gone)")
    assert "Enter your First Platypus Bank credentials" in p.screen, f"left the pane\n{p.describe()}"
    assert mask_count(p) == 3, f"{mask_count(p)} mask characters, typed 3\n{p.describe()}"
    assert "[I" not in searches(events) and "[O" not in searches(events), searches(events)
    quit_with_ctrl_c(p)


def test_cursor_position_report_on_search(spawn, home):
    """A cursor position report on search is read whole: no exit dialog, nothing typed."""
    p, events = on_search(spawn, home)
    p.send(CURSOR_REPORT)
    typed_then_shown(p, "plat")
    assert EXIT_QUESTION not in p.screen, f"the report opened the exit dialog\n{p.describe()}"
    p.wait_until(lambda: searches(events)[-1:] == ["plat"], "SEARCH_INSTITUTION \"plat\"")
    assert all(query in ("p", "pl", "pla", "plat") for query in searches(events)), searches(events)
    quit_with_ctrl_c(p)


def test_string_replies_on_search(spawn, home):
    """OSC 11 and DECRQSS replies (ended by ST, Esc \\), and the other replies and strings a
    terminal sends, type nothing (a `\\` was typed)."""
    p, events = on_search(spawn, home)
    p.send(OSC11_REPLY + DECRQSS_REPLY + b"".join(OTHER_REPLIES))
    typed_then_shown(p, "ab")
    p.wait_until(lambda: searches(events)[-1:] == ["ab"], "SEARCH_INSTITUTION \"ab\"")
    assert all(query in ("a", "ab") for query in searches(events)), searches(events)
    quit_with_ctrl_c(p)


def test_replies_split_across_writes(spawn, home):
    """A reply that comes in pieces (as over a slow link) is still one input."""
    p, events = on_search(spawn, home)
    for reply in (OSC11_REPLY, CURSOR_REPORT, DECRQSS_REPLY):
        for cut in range(1, len(reply)):
            p.send(reply[:cut])
            if cut > 1:  # a lone Esc with 50 ms after it is Escape: only cut later with a pause
                p.pump(0.01)
            p.send(reply[cut:])
    typed_then_shown(p, "zz")
    assert EXIT_QUESTION not in p.screen and p.exit is None
    quit_with_ctrl_c(p)


def test_lone_escape_still_escapes(spawn, home):
    """Esc alone is still Escape: on consent it exits at once (status 1)."""
    events = home / "events.jsonl"
    p = spawn(["--events", events, "--log-panel", "off"])
    start(p)
    t0 = time.monotonic()
    p.send(ESC)
    e = p.wait_exit()
    measure("lone Esc", f"exit {(e.ended_at - t0) * 1000:.0f} ms after a lone Esc on consent")
    assert e.status == 1, f"status {e.status}"
    assert events_of(events)[-2:] == ["EXIT", "exit"]
    assert not p.restoration_problems(), p.restoration_problems()


def test_sequence_that_stops_arriving_does_not_swallow_keys(spawn, home):
    """An OSC that never ends, then keys typed one by one: the keys are typed again once the
    sequence is dropped (stale, or too old), not swallowed forever."""
    p, events = on_search(spawn, home)
    p.send(b"\x1b]11;rgb:00")
    t0 = time.monotonic()
    deadline = t0 + 5
    while "q" not in search_field(p) and time.monotonic() < deadline:
        p.send(b"q")
        end = time.monotonic() + 0.1
        while time.monotonic() < end and "q" not in search_field(p):
            p.pump(end - time.monotonic())
    assert "q" in search_field(p), f"keys after a broken sequence are swallowed\n{p.describe()}"
    measure("broken sequence", f"keys typed every 100 ms after an unended OSC appear after "
                               f"{(time.monotonic() - t0) * 1000:.0f} ms")
    assert EXIT_QUESTION not in p.screen and "\\" not in search_field(p) and "]" not in search_field(p)
    quit_with_ctrl_c(p)


# -- Alt keys --------------------------------------------------------------------------------------


def test_alt_keys_do_not_exit(spawn, home):
    """Alt-y and Alt-Enter (Esc then the key, in one write) on consent and on search are one key
    each, and do nothing: they exited with status 1 at once."""
    events = home / "events.jsonl"
    p = spawn(["--events", events, "--log-panel", "off", "--latency", "0"])
    start(p)
    p.send(ESC + b"y")
    p.send(ESC + b"\r")
    p.send(b"\x1b\x1b[A")  # Alt-Up (some terminals)
    p.send(b"\x1b[1;3B")  # Alt-Down (xterm)
    p.send(ENTER)  # a plain Enter still continues
    p.wait_until(lambda: p.exit is not None or SEARCH_HINT in p.screen, "the search pane")
    assert p.exit is None, f"an Alt key on consent exited (status {p.exit.status})"
    p.send(ESC + b"y")
    p.send(ESC + b"\r")
    typed_then_shown(p, "plat")
    assert "EXIT" not in events_of(events) and "SELECT_INSTITUTION" not in events_of(events)
    quit_with_ctrl_c(p)


def test_escape_then_ctrl_c_interrupts(spawn):
    p = spawn(["--log-panel", "off"])
    start(p)
    p.send(ESC + CTRL_C)
    e = p.wait_exit()
    assert e.status == 130, f"status {e.status}"


# -- mouse reports ---------------------------------------------------------------------------------


def test_malformed_mouse_report_is_dropped_whole(spawn, home):
    """An SGR mouse report with a 7-digit field (and other broken ones) types nothing (its
    remainder `7;1M` was typed)."""
    p, events = on_search(spawn, home)
    p.send(b"\x1b[<0;1234567;1M" + b"\x1b[<;5;3M" + b"\x1b[<0;5;3;4M" + b"\x1b[<0;5x")
    typed_then_shown(p, "ab")
    quit_with_ctrl_c(p)


# -- a paste that never ends -----------------------------------------------------------------------


def drip(p, byte: bytes, seconds: float = 0.2) -> None:
    """Sends one byte of the never-ending paste, then reads the screen for `seconds` (the pace of
    the fault: a byte every 200 ms)."""
    p.send(byte)
    end = time.monotonic() + seconds
    while time.monotonic() < end and p.exit is None:
        p.pump(min(0.01, max(0.0, end - time.monotonic())))  # short slices: an exit is seen at once


def test_unterminated_paste_does_not_freeze(spawn, home):
    """A bracketed paste that never closes (a byte every 200 ms): the UI stays live (its text
    shows as it comes, a resize re-lays out), and SIGTERM ends linkterm at once. It froze, and a
    SIGTERM 2 s in took effect only when the bytes stopped."""
    import signal as signals

    p, events = on_search(spawn, home)
    p.send(PASTE_START + b"f")
    t0 = time.monotonic()
    payload, sent_count = b"irst platypus " * 8, 0
    while not search_field(p).startswith("fi") and time.monotonic() < t0 + 5:
        drip(p, payload[sent_count:sent_count + 1])
        sent_count += 1
    assert search_field(p).startswith("fi"), f"the dripping paste never showed\n{p.describe()}"
    measure("endless paste", f"its text shows {(time.monotonic() - t0) * 1000:.0f} ms after it began "
                             f"(delivered in pieces while it goes on)")
    p.resize(30, 100)
    t1 = time.monotonic()
    # the card (72 columns) centred in the new width
    while not any(line.startswith(" " * 14 + "\u256d") and line.rstrip().endswith("\u256e") for line in p.screen.lines()):
        assert time.monotonic() < t1 + 5, f"no re-layout while the paste drips\n{p.describe()}"
        drip(p, b"x", 0.05)
    measure("endless paste", f"a resize re-laid out in {(time.monotonic() - t1) * 1000:.0f} ms")
    p.signal(signals.SIGINT)  # a Ctrl-C byte would be text of the paste (dropped)
    e = p.wait_exit()
    assert e.status == 130, f"status {e.status}"
    assert not p.restoration_problems(), p.restoration_problems()


def test_sigterm_during_an_endless_paste(spawn, home):
    """SIGTERM 2 s into a paste that drips in (a byte every 200 ms) takes effect at once (it took
    effect 6 s later in the issue's measurement)."""
    import signal as signals

    p, events = on_search(spawn, home)
    p.send(PASTE_START + b"f")
    for _ in range(10):
        drip(p, b"x")
    sent = time.monotonic()
    p.signal(signals.SIGTERM)
    while p.exit is None and time.monotonic() < sent + 5:
        drip(p, b"x", 0.2)
    assert p.exit is not None, "SIGTERM did not end linkterm within 5 s while the paste dripped"
    measure("endless paste", f"SIGTERM 2 s into it: exit {(p.exit.ended_at - sent) * 1000:.0f} ms after")
    e = p.wait_exit()
    assert e.status == 143, f"status {e.status}"
    assert "EXIT" in events_of(events)
    assert not p.restoration_problems(), p.restoration_problems()


def test_unterminated_paste_ends_after_a_pause(spawn, home):
    """A paste whose end marker never comes is delivered once no byte came for a while; keys
    typed after that are keys again (Ctrl-C too)."""
    p, events = on_search(spawn, home)
    p.send(PASTE_START + b"first plat")
    p.wait_until(lambda: search_field(p) == "first plat", "the unterminated paste in the field")
    p.wait_for("\u203a First Platypus Bank")
    p.send(ENTER)  # a key again: selects the bank
    p.wait_for("Enter your First Platypus Bank credentials")
    quit_with_ctrl_c(p)
