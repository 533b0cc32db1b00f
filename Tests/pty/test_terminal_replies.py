"""Input that is not a typed key (issue 10): replies the terminal sends on its own, Alt keys,
broken mouse reports, a paste that never ends, keys behind "terminal too small", through the real
binary in a pseudo-terminal.

Every sequence here must come in as one input, or as nothing: never as Esc followed by text."""
from __future__ import annotations

import time

from ptyharness import (CONSENT_TITLE, CTRL_C, ENTER, ESC, PASTE_START, SEARCH_HINT, measure, read_records,
                        record_name, start, to_credentials, to_search)

CTRL_X = b"\x18"
EXIT_QUESTION = "Are you sure you want to exit"


def events_of(path) -> list[str]:
    return [record_name(r) for r in read_records(path)]


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
    p.resize(10, 40)
    p.wait_for("Terminal too small")
    p.send(ENTER)
    p.resize(24, 80)
    # the whole frame again (its first row alone can come before the pane's rows)
    p.wait_until(lambda: CONSENT_TITLE in p.screen or SEARCH_HINT in p.screen, "the full frame again")
    assert CONSENT_TITLE in p.screen and SEARCH_HINT not in p.screen, \
        f"Enter behind the note left consent\n{p.describe()}"
    to_search(p)
    p.send(CTRL_X)
    p.wait_for(EXIT_QUESTION)
    p.resize(10, 40)
    p.wait_for("Terminal too small")
    p.send(b"y")
    p.send(b"\r")
    p.resize(24, 80)
    p.wait_until(lambda: p.exit is not None or EXIT_QUESTION in p.screen or SEARCH_HINT in p.screen,
                 "the full frame again")
    assert p.exit is None, f"a key behind the note exited (status {p.exit.status})"
    p.wait_for(EXIT_QUESTION)
    assert "EXIT" not in events_of(events)
    quit_with_ctrl_c(p)
