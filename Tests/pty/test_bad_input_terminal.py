"""Bad input whose answer needs a terminal (issue 5: bad input gets a clear error, nothing is
lost): a --events or --record path that cannot be written, and a refused link token, end cleanly
with the documented status, the message on the screen left, and the terminal restored. (These were
the tmux cases of BadInputTests.swift, whose other inputs run there without a terminal.)
"""
from __future__ import annotations

import time

import pytest

from ptyharness import measure

UUID = "af1a0311-da53-4636-b754-dd15cc058176"
#: What a crash leaves on the terminal (BadInputTests.swift's crashMarkers).
CRASH_MARKERS = ["Fatal error", "Swift runtime failure", "*** Signal", "Backtrace", "crashed:", "Stack dump",
                 "Segmentation fault", "Illegal instruction"]

#: label: (arguments, the file's name ({file} in the arguments), what is at that path ("missing" —
#: nor its folder — or "folder"), the exit status, what the screen left shows).
CASES = {
    "--events in a missing folder": (["--events", "{file}"], "nonexistent/events.jsonl", "missing", 2,
                                     ["--events: cannot write", "nonexistent/events.jsonl: No such file"]),
    "--events is a directory": (["--events", "{file}"], "events", "folder", 2, ["--events: cannot write", "Is a directory"]),
    "--events path with an escape sequence": (["--events", "{file}"], "\x1b[31m/events.jsonl", "missing", 2,
                                              ["--events: cannot write", "No such file"]),
    "--record in a missing folder": (["--record", "{file}"], "nonexistent/demo.cast", "missing", 2,
                                     ["--record", "nonexistent/demo.cast", "No such file"]),
    "--record is a directory": (["--record", "{file}"], "casts", "folder", 2, ["--record", "casts", "directory"]),
    "--token production: onExit INVALID_LINK_TOKEN at once": (
        ["--token", f"link-production-{UUID}"], None, "missing", 1,
        ["onExit status=null error=INVALID_INPUT/INVALID_LINK_TOKEN"]),
    "--token with escape sequences: onExit INVALID_LINK_TOKEN at once": (
        ["--token", "link-sandbox-\x1b[2J\x1b]0;pwned\x07"], None, "missing", 1,
        ["onExit status=null error=INVALID_INPUT/INVALID_LINK_TOKEN"]),
    "--token a public_key: onExit INVALID_LINK_TOKEN and the way to a link_token": (
        ["--token", "0123456789abcdef0123456789abcd"], None, "missing", 1,
        ["onExit status=null error=INVALID_INPUT/INVALID_LINK_TOKEN",
         "linkterm: --token: this is a public_key, which no longer opens Link"]),
}


@pytest.mark.parametrize("label", list(CASES))
def test_in_a_terminal_a_bad_path_or_a_refused_token_ends_cleanly_with_the_documented_status(spawn, tmp_path, label):
    arguments, file_name, fixture, status, expected = CASES[label]
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    file = scratch / (file_name or "unused")
    if fixture == "folder":
        file.mkdir(parents=True)
    arguments = [argument.replace("{file}", str(file)) for argument in arguments]
    started = time.monotonic()
    p = spawn(arguments)
    e = p.wait_exit(timeout=30)
    screen = p.screen.text().rstrip("\n")
    failed = []
    if not (e.status < 128 and e.signal is None and not any(marker in screen for marker in CRASH_MARKERS)):
        failed.append(f"no crash: status {e.status}:\n{screen}")
    if e.status != status:
        failed.append(f"exit status {status}, got {e.status}:\n{screen}")
    # a message longer than the terminal is wrapped: "No such fil" / "e or directory", or a space in
    # the last column ("…events.jsonl: " / "No such file"): the rows read as one line, each at its
    # full width (a row's last space is a character of the message), white space runs as one space
    unwrapped = " ".join("".join(line.ljust(p.screen.cols) for line in screen.split("\n")).split())
    missing = [text for text in expected if text not in screen and " ".join(text.split()) not in unwrapped]
    if missing:
        failed.append(f"the screen left shows {missing}:\n{screen}")
    problems = p.restoration_problems()
    if p.screen.alternate or problems:
        failed.append(f"the terminal is restored: {problems}")
    measure("bad input in a terminal", f"{label}: status {e.status}, {time.monotonic() - started:.2f} s"
                                       + (f", {len(failed)} check(s) failed" if failed else ""))
    assert not failed, "\n".join(failed)
