"""Random bytes on stdin (seeded): whatever they do to the flow, linkterm neither crashes nor
hangs, Ctrl-C still ends it, and the terminal is restored. And the one thing random bytes showed:
a stray byte that is not UTF-8 must not swallow the Ctrl-C typed right after it."""
from __future__ import annotations

import random
import termios
import time

import pytest

from ptyharness import CTRL_C, ENTER, HANG_TIMEOUT, POLL, SEARCH_HINT, measure, start

RUNS = 20
SIZE = 4096
OUTCOMES: dict[str, int] = {}


#: Left out: Ctrl-C (it would just end the run), Ctrl-Z (it would suspend it), and the other bytes
#: the tty itself acts on once linkterm has given the terminal back (random bytes still in flight
#: then meet a cooked terminal): Ctrl-\ (SIGQUIT) and Ctrl-S (XOFF stops the output).
EXCLUDED = (0x03, 0x1A, 0x1C, 0x13)


def random_bytes(rng: random.Random, n: int) -> bytes:
    allowed = [b for b in range(256) if b not in EXCLUDED]
    return bytes(rng.choice(allowed) for _ in range(n))


def screen_closed(p) -> bool:
    """Whether linkterm has left the alternate screen (the flow ended: its input is over)."""
    return b"\x1b[?1049l" in p.log


def gave_the_terminal_back(p) -> bool:
    """Whether linkterm has put the terminal back in line mode (it is ending): then a Ctrl-C is the
    tty's own (SIGINT), not a key for linkterm."""
    return bool(termios.tcgetattr(p.slave)[3] & termios.ICANON)


def interrupt_until_exit(p) -> int:
    """Types Ctrl-C, again every half second while linkterm runs and holds the terminal (bounded by
    HANG_TIMEOUT); returns how many were typed. More than one means keys were lost (see
    test_ctrl_c_after_a_stray_byte)."""
    typed = 0
    deadline = time.monotonic() + HANG_TIMEOUT
    while p.exit is None and time.monotonic() < deadline:
        if gave_the_terminal_back(p):  # it is leaving on its own: wait for it
            p.pump(POLL)
            continue
        p.send(CTRL_C)
        typed += 1
        again = min(deadline, time.monotonic() + 0.5)
        while p.exit is None and time.monotonic() < again:
            p.pump(POLL)
    return typed


@pytest.mark.parametrize("seed", range(1, RUNS + 1))
def test_random_bytes(spawn, home, seed):
    rng = random.Random(seed)
    data = random_bytes(rng, SIZE)
    # NOFLSH: a Ctrl-C typed just as linkterm gives the terminal back (between the check above and
    # the key) is the tty's own, and without NOFLSH the tty would discard the output not read yet
    # (under load, the restoring sequences linkterm wrote): a race in the test, not in linkterm
    p = spawn(["--events", home / "events.jsonl", "--latency", "50"], noflsh=True)
    start(p)
    offset = 0
    while offset < len(data) and p.exit is None and not screen_closed(p):
        n = rng.randint(1, 256)
        p.send(data[offset:offset + n])
        offset += n
        p.pump(rng.choice([0, 0, 0, 0.005]))
    typed = interrupt_until_exit(p) if p.exit is None and not screen_closed(p) else 0
    e = p.wait_exit()
    key = f"status {e.status}" + (f" after {typed} Ctrl-C" if typed else " before any Ctrl-C")
    OUTCOMES[key] = OUTCOMES.get(key, 0) + 1
    if seed == RUNS:
        measure("random bytes", f"{RUNS} runs x {SIZE} bytes: " +
                ", ".join(f"{k}: {v}" for k, v in sorted(OUTCOMES.items())))
    assert e.signal is None, f"seed {seed}: killed by signal {e.signal}\n{p.describe()}"
    assert e.status in (0, 1, 130), f"seed {seed}: exit status {e.status}\n{p.describe()}"
    problems = p.restoration_problems()
    assert not problems, (f"seed {seed}: terminal not restored: {problems} (status {e.status}, {typed} "
                          f"Ctrl-C typed)\n{p.describe()}\nlast bytes written: {bytes(p.log[-300:])!r}")


@pytest.mark.parametrize("stray", [b"\xff", b"\xc3"], ids=["invalid-0xff", "truncated-0xc3"])
def test_ctrl_c_after_a_stray_byte(spawn, stray):
    """A byte that is not UTF-8 (0xff), or the start of a character that never completes (0xc3),
    then Ctrl-C in the same burst: Ctrl-C must still exit at once. (ncurses' wget_wch keeps
    reading, up to ~144 bytes, to complete the character, and then drops all of it.)"""
    p = spawn([])
    start(p)
    p.send(stray + CTRL_C)
    e = p.wait_exit()
    assert e.status == 130 and e.signal is None, p.describe()


def test_enter_after_a_stray_byte(spawn):
    """The same for another key: the Enter typed right after a stray byte is not lost."""
    p = spawn([])
    start(p)
    p.send(b"\xff" + ENTER)
    p.wait_for(SEARCH_HINT)
