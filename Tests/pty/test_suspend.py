"""Suspend and resume under job control, as from a shell.

linkterm runs as a job of a tiny job-control shell (ptyharness.jobctl_main): its own process group
in the foreground, so that a stop really stops it (a session leader's group is orphaned and the
kernel discards SIGTSTP for it). While stopped the terminal must be usable (termios and modes
back); after `fg` linkterm re-sends its modes, repaints, and keys work again.
"""
from __future__ import annotations

import json
import signal

import pytest

from ptyharness import (CONSENT_TITLE, CTRL_C, CTRL_Z, ENTER, SEARCH_HINT, measure, mode_states, start)


def selected_row(p) -> str:
    rows = [line for line in p.screen.lines() if "\u2502 \u203a " in line and "Search" not in line]
    return rows[0] if rows else ""


@pytest.mark.parametrize("how", ["ctrl-z", "sigtstp"])
def test_suspend_and_resume(spawn, home, how):
    report = home / "job.json"
    p = spawn(["--events", home / "events.jsonl"], jobctl={"report": report})
    start(p)
    job = p.foreground_pgrp()
    assert job != p.pid, "linkterm should be a job in its own process group"

    if how == "ctrl-z":
        p.send(CTRL_Z)
    else:
        p.signal(signal.SIGTSTP, pgrp=job)
    p.wait_for("[jobctl: stopped")
    assert p.proc_state(job) == "T", f"linkterm is not stopped (state {p.proc_state(job)})"
    stopped_problems = p.restoration_problems()
    assert not stopped_problems, f"while suspended the terminal is not restored: {stopped_problems}"

    resumed = p.mark()
    p.send(b"fg\r")
    p.wait_for(CONSENT_TITLE, since=resumed)  # repainted after the resume
    assert p.proc_state(job) != "T"
    modes = mode_states(bytes(p.log[resumed:]))
    for mode in (1049, 2004, 1000):
        assert modes.get(mode, {}).get("set"), f"mode ?{mode} not set again after the resume: {modes}"
    assert modes.get(1, {}).get("set") or modes.get("keypad", {}).get("set"), \
        f"keypad transmit not set again after the resume: {modes}"

    # keys work afterwards: Enter moves on, an arrow key moves the selection (not taken as Esc)
    p.send(ENTER)
    p.wait_for(SEARCH_HINT)
    before = selected_row(p)
    assert before, p.describe()
    p.cursor_key("down")
    p.wait_until(lambda: selected_row(p) not in ("", before), "the selection to move down")
    assert SEARCH_HINT in p.screen, "the arrow key left the search pane"

    p.send(CTRL_C)
    e = p.wait_exit()
    assert e.status == 130, p.describe()
    job_end = json.loads(report.read_text())
    assert job_end["status"] == 130 and not job_end["signaled"], job_end
    problems = p.restoration_problems()
    measure("suspend and resume (job control)",
            f"{how}: stopped (state T), terminal restored while stopped, repainted and modes re-sent "
            f"after fg, Enter and Down work, Ctrl-C {job_end['status']}, restored: "
            f"{'yes' if not problems else 'NO ' + str(problems)}")
    assert not problems, f"terminal not restored at the end: {problems}"
