"""Every signal, through the real binary on a pseudo-terminal.

* Every catchable signal whose default action ends the process ends the session through its normal
  path: the process exits by itself with 128 + N, the terminal restored (cooked mode, alternate
  screen left, mouse and bracketed paste off), EXIT in the events file.
* SIGPIPE and SIGXFSZ are ignored: the session goes on.
* A crash signal (even one sent with kill) restores the terminal, prints its line, and ends the
  process with that signal (128 + N as a shell reports it), every time.
* Idle, the loop sleeps in poll() until a key, a signal or a due timer (no 50 ms poll).
* An --institutions FIFO that never ends does not keep Ctrl-C or a signal waiting.

Each case prints one row of the matrix (signal, status, restored, EXIT written; with -s), and the
whole matrix is repeated in the end-of-run summary.
"""
from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from ptyharness import (CTRL_C, ENTER, ESC, measure, read_records, record_name, sign_in, start, strip_escapes,
                        to_credentials, to_search)

SECTION = "signal matrix (signal, status, restored, EXIT written, ms from kill to exit)"


def _signals(*names: str) -> list[tuple[str, int]]:
    out = []
    for name in names:
        number = getattr(signal, name, None)
        if number is not None:
            out.append((name, int(number)))
    return out


def _realtime() -> list[tuple[str, int]]:
    low, high = int(signal.SIGRTMIN), int(signal.SIGRTMAX)
    out = []
    for number in range(low, high + 1):
        from_low, from_high = number - low, high - number
        name = ("SIGRTMIN" if from_low == 0 else "SIGRTMAX" if from_high == 0
                else f"SIGRTMIN+{from_low}" if from_low <= from_high else f"SIGRTMAX-{from_high}")
        out.append((name, number))
    return out


#: Signals whose default action ends the process and that a handler can catch (not the crash ones).
ENDING = _signals("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGALRM", "SIGXCPU",
                  "SIGVTALRM", "SIGPROF", "SIGIO", "SIGPWR", "SIGSTKFLT", "SIGSYS") + _realtime()
#: Ignored: a failed write is reported by errno.
IGNORED = _signals("SIGPIPE", "SIGXFSZ")
#: Crash signals: restore, report, end with the signal.
CRASH = _signals("SIGSEGV", "SIGBUS", "SIGFPE", "SIGILL", "SIGABRT", "SIGTRAP")


def row(name: str, number: int, status: str, restored: bool | None, exit_written: bool, ms: float | None) -> None:
    text = (f"{name:<13} {number:>2}  status {status:<8} restored: {'yes' if restored else 'no' if restored is False else 'n/a':<4}"
            f" EXIT written: {'yes' if exit_written else 'no':<4}" + (f" {ms:6.0f} ms" if ms is not None else ""))
    print("\n" + text)
    measure(SECTION, text)


def exit_written(path) -> bool:
    try:
        names = [record_name(r) for r in read_records(path)]
    except AssertionError:
        return False
    return names[-2:] == ["EXIT", "exit"]


@pytest.mark.parametrize("name,number", ENDING, ids=[n for n, _ in ENDING])
def test_an_ending_signal_ends_the_session_cleanly(spawn, home, name, number):
    events = home / "events.jsonl"
    p = spawn(["--events", events])
    start(p)
    trigger = time.monotonic()
    p.signal(number)
    e = p.wait_exit()
    problems = p.restoration_problems()
    written = exit_written(events)
    row(name, number, str(e.status) + (f" (killed)" if e.signal else ""), not problems, written,
        1000 * (e.ended_at - trigger))
    assert e.signal is None, f"killed by {name} instead of exiting {128 + number}\n{p.describe()}"
    assert e.status == 128 + number, f"status {e.status}, expected {128 + number}\n{p.describe()}"
    assert not problems, f"terminal not restored after {name}: {problems}"
    assert written, f"no EXIT then exit at the end of the events file: {[record_name(r) for r in read_records(events)]}"
    text = strip_escapes(bytes(p.log))
    assert "Program crashed" not in text, f"{name} was reported as a crash:\n{text[-1500:]}"


@pytest.mark.parametrize("name,number", IGNORED, ids=[n for n, _ in IGNORED])
def test_an_ignored_signal_leaves_the_session_running(spawn, home, name, number):
    events = home / "events.jsonl"
    p = spawn(["--events", events])
    start(p)
    p.signal(number)
    p.signal(number)
    p.type("?")  # the help overlay: the UI still answers keys after the signal
    p.wait_for("key closes")
    p.send(ESC)  # closes the help
    p.wait_until(lambda: "key closes" not in p.screen, "the help closed")
    p.send(ESC)  # Esc on consent: onExit, status 1
    e = p.wait_exit()
    problems = p.restoration_problems()
    written = exit_written(events)
    row(name, number, f"{e.status} (ignored; Esc)" if not e.signal else f"{e.status} (killed)", not problems, written, None)
    assert e.signal is None and e.status == 1, f"status {e.status} (signal {e.signal})\n{p.describe()}"
    assert not problems and written


@pytest.mark.parametrize("name,number", CRASH, ids=[n for n, _ in CRASH])
def test_a_crash_signal_sent_with_kill_ends_the_process(spawn, home, name, number):
    events = home / "events.jsonl"
    p = spawn(["--events", events])
    start(p)
    trigger = time.monotonic()
    p.signal(number)
    e = p.wait_exit(timeout=30)  # symbolicating the backtrace takes a moment
    problems = p.restoration_problems()
    row(name, number, f"{e.status}" + (" (killed)" if e.signal else " (exited)"), not problems,
        exit_written(events), 1000 * (e.ended_at - trigger))
    assert e.signal == number, f"ended with status {e.status} (signal {e.signal}), expected to die of {name}"
    assert not problems, f"terminal not restored after {name}: {problems}"
    # sent by another process, it is no fault: the session ends properly (EXIT and onExit), then
    # the process dies of the signal
    assert exit_written(events), f"no EXIT in the events file after {name}"
    text = strip_escapes(bytes(p.log))
    assert f"linkterm: {name} sent by another process: the session ended (onExit)" in text, text[-1500:]
    assert "Press space to interact" not in text


# -- idle ----------------------------------------------------------------------------------------

IDLE_SECTION = "idle wake-ups (context switches of every thread per second, over 3 s)"


def context_switches(pid: int) -> int:
    """Voluntary and involuntary context switches of every thread of ``pid`` so far."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            for line in (task / "status").read_text().splitlines():
                if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                    total += int(line.split()[1])
        except FileNotFoundError:
            pass  # a thread that ended meanwhile
    return total


def wakeups_per_second(p, seconds: float = 3.0) -> float:
    p.drain()  # until the last frame is out
    before, t0 = context_switches(p.pid), time.monotonic()
    while time.monotonic() - t0 < seconds:
        p.pump(0.2)
    return (context_switches(p.pid) - before) / (time.monotonic() - t0)


def _loading(p) -> None:
    to_search(p)
    to_credentials(p)
    sign_in(p, "pass_good")
    p.wait_for(" Loading ")


IDLE_STATES = {
    "consent": ([], lambda p: None, True),
    "search": ([], to_search, True),
    "credentials": ([], lambda p: (to_search(p), to_credentials(p)), True),
    # the spinner turns every 80 ms: 12.5 frames a second, measured, not bounded
    "LOADING": (["--latency", "20000"], _loading, False),
}


@pytest.mark.parametrize("state", list(IDLE_STATES))
def test_idle_does_not_poll(spawn, home, state):
    """Idle, the loop sleeps until a key, a signal or a due timer: no 50 ms poll (it woke 20 times a
    second on consent, search and credentials)."""
    args, reach, bounded = IDLE_STATES[state]
    p = spawn(args)
    start(p)
    reach(p)
    rate = wakeups_per_second(p)
    text = f"{state:<12} {rate:5.1f} wake-ups/s"
    print("\n" + text)
    measure(IDLE_SECTION, text)
    if bounded:
        assert rate < 3, f"{rate:.1f} wake-ups a second idle on {state}"
    p.send(CTRL_C)  # and a key still wakes it at once
    assert p.wait_exit().status == 130


# -- a directory that never finishes loading ------------------------------------------------------

FIFO_SECTION = "--institutions FIFO whose writer stays open (trigger, status, restored, ms to exit)"

FIFO_TRIGGERS = [("Ctrl-C", None, 130), ("SIGINT", signal.SIGINT, 130), ("SIGTERM", signal.SIGTERM, 143),
                 ("SIGHUP", signal.SIGHUP, 129), ("SIGUSR1", signal.SIGUSR1, 138)]


@pytest.mark.parametrize("cause,sig,expected", FIFO_TRIGGERS, ids=[c for c, _, _ in FIFO_TRIGGERS])
def test_signals_are_answered_while_the_directory_loads(spawn, home, cause, sig, expected):
    """The loader blocks on a FIFO whose writer never closes: the first frame shows, and Ctrl-C or a
    signal still ends linkterm at once (it waited for the loader for ever), with a message, the
    terminal restored and no session started."""
    fifo = home / "banks.fifo"
    os.mkfifo(fifo)
    writer = os.open(fifo, os.O_RDWR | os.O_NONBLOCK)  # a writer that stays open, never blocking
    try:
        os.write(writer, b"First Fifo Bank\n")
        events = home / "events.jsonl"
        p = spawn(["--institutions", fifo, "--events", events])
        start(p)  # the first frame, drawn while the loader waits for the rest of the file
        trigger = time.monotonic()
        if sig is None:
            p.send(CTRL_C)
        else:
            p.signal(sig)
        e = p.wait_exit(timeout=5)  # generous: it used to be for ever
        ms = 1000 * (e.ended_at - trigger)
        problems = p.restoration_problems()
        text = f"{cause:<8} status {e.status:<4} restored: {'yes' if not problems else 'no':<4} {ms:5.0f} ms"
        print("\n" + text)
        measure(FIFO_SECTION, text)
        assert e.signal is None and e.status == expected, f"status {e.status} (signal {e.signal})\n{p.describe()}"
        assert not problems, f"terminal not restored: {problems}"
        data = bytes(p.log)
        after = strip_escapes(data[data.rfind(b"\x1b[?1049l"):])
        assert f"{cause} while loading --institutions {fifo}; no session was started" in after, after
        assert not events.exists() or events.read_text() == "", "no session starts without its directory"
    finally:
        os.close(writer)


def test_keys_typed_while_the_directory_loads_reach_the_session(spawn, home):
    """Keys typed while the loader waits are kept for the session: Enter on the first frame and a
    search typed ahead find the name once the writer closes."""
    fifo = home / "banks.fifo"
    os.mkfifo(fifo)
    writer = os.open(fifo, os.O_RDWR | os.O_NONBLOCK)
    try:
        os.write(writer, b"First Fifo Bank\n")
        p = spawn(["--institutions", fifo])
        start(p)
        p.send(ENTER)
        p.type("zebraf")
        os.write(writer, b"Zebrafinch Savings\n")
    finally:
        os.close(writer)  # end of file: the load finishes
    p.wait_for("Zebrafinch Savings")
    p.send(CTRL_C)
    e = p.wait_exit()
    assert e.status == 130 and e.signal is None
    assert not p.restoration_problems()


def test_the_autopilot_does_not_spin_while_the_session_loads(spawn, home):
    """An autopilot waiting for LOADING to end sleeps until the session's own deadline (it woke
    every millisecond, about 900 times a second); the spinner's 12.5 frames a second remain."""
    script = home / "slow.txt"
    # the expectation makes the autopilot wait for LOADING to end before it checks it (a step
    # with none goes on at once, as replay does)
    script.write_text("continue\nsearch first platypus\nselect ins_109508\ncredentials user_good pass_good\n"
                      "expect TRANSITION_VIEW view_name=LOADING\nquit\n")
    p = spawn(["--script", script, "--latency", "20000", "--typing-delay", "10", "--pace", "0"])
    p.wait_for(" Loading ")
    rate = wakeups_per_second(p)
    text = f"{'autopilot, LOADING':<12} {rate:5.1f} wake-ups/s"
    print("\n" + text)
    measure(IDLE_SECTION, text)
    assert rate < 100, f"{rate:.0f} wake-ups a second while the autopilot waits"
    p.send(CTRL_C)
    assert p.wait_exit().status == 130


def has_open(pid: int, path) -> bool:
    """Whether process ``pid`` has ``path`` open."""
    try:
        fds = list(Path(f"/proc/{pid}/fd").iterdir())
    except FileNotFoundError:
        return False
    for fd in fds:
        try:
            if os.readlink(fd) == str(path):
                return True
        except OSError:
            pass
    return False


def test_sigquit_before_the_screen_opens_ends_the_process(spawn, home):
    """Update mode loads the directory before the screen opens (a FIFO that never ends blocks
    there). SIGQUIT then reached Swift's crash reporter: "Program crashed: Signal 3", and the
    process went on waiting. It must end (status 131), with no crash report."""
    fifo = home / "banks.fifo"
    os.mkfifo(fifo)
    writer = os.open(fifo, os.O_RDWR | os.O_NONBLOCK)
    try:
        os.write(writer, b"First Fifo Bank\n")
        p = spawn(["--update-mode", "--institution", "ins_custom_1", "--institutions", fifo])
        p.wait_until(lambda: has_open(p.pid, fifo), "the loader reading the FIFO")
        p.signal(signal.SIGQUIT)
        e = p.wait_exit(timeout=5)  # generous: it used to be for ever
        assert e.status == 131, f"status {e.status}\n{p.describe()}"
        assert "Program crashed" not in strip_escapes(bytes(p.log))
        assert not p.restoration_problems()
    finally:
        os.close(writer)
