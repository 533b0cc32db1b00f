"""Terminals that cannot show the UI: a clear message on stderr and status 2, at once, and not
one escape sequence anywhere."""
from __future__ import annotations

import pytest

from ptyharness import base_env, measure

CASES = {
    "TERM=dumb": dict(term="dumb", expect="TERM=dumb"),
    "TERM=nonexistent-term-xyz": dict(term="nonexistent-term-xyz", expect="nonexistent-term-xyz"),
    "TERM unset": dict(term=None, expect="TERM"),
    "stdout is a pipe": dict(term="xterm-256color", expect="terminal", stdout_pipe=True),
}


@pytest.mark.parametrize("case", list(CASES))
def test_cannot_show_the_ui(spawn, home, case):
    spec = CASES[case]
    env = base_env(term=spec["term"], home=str(home / "home"))
    p = spawn(["--events", home / "events.jsonl"], env=env, stderr_pipe=True,
              stdout_pipe=spec.get("stdout_pipe", False))
    e = p.wait_exit()  # no hang: fails after 10 s
    stderr = p.stderr_data.decode("utf-8", "replace")
    measure("terminals that cannot show the UI", f"{case:<26} status {e.status}, "
                                                 f"{len(stderr.splitlines())} stderr line(s): {stderr.splitlines()[:1]}")
    assert e.signal is None and e.status == 2, f"status {e.status}\n{stderr}"
    for name, data in (("terminal", bytes(p.log)), ("stdout", bytes(p.stdout_data)), ("stderr", bytes(p.stderr_data))):
        assert b"\x1b" not in data, f"an escape sequence on the {name}: {data[:300]!r}"
    lines = stderr.splitlines()
    assert lines, "nothing on stderr"
    # the message is its first line; a second line may add a hint (both prefixed linkterm:)
    assert spec["expect"] in lines[0], f"the message does not name the problem: {lines[0]!r}"
    assert len(lines) <= 2 and all(line.startswith("linkterm: ") for line in lines), stderr
    assert len(lines[0]) <= 200
    assert not p.restoration_problems(), p.restoration_problems()  # the terminal was left alone
