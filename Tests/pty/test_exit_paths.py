"""Every way a session can end leaves the terminal as it found it, with the documented status.

For each exit path: the exit status (as a shell reports it), whether the process exited by itself
(a handled signal must not kill it), the terminal restored (termios back, every mode the output
set reset), and the events file ending with the right records.
"""
from __future__ import annotations

import json
import signal
import time

import pytest

from ptyharness import (CTRL_C, ENTER, ESC, F1, F3, measure, read_records, record_name, sign_in, start,
                        strip_escapes, to_connected, to_credentials, to_search)

SECTION = "exit paths (status, restored, time from trigger to exit, CPU of the whole process)"


def after_screen_closed(p) -> str:
    """The text written after the alternate screen was left for the last time."""
    data = bytes(p.log)
    end = data.rfind(b"\x1b[?1049l")
    assert end >= 0, "the alternate screen was never left"
    return strip_escapes(data[end:])


def assert_ends_with_exit(records: list[dict]) -> None:
    names = [record_name(r) for r in records]
    assert names[:1] == ["load"], f"the events file does not start with load: {names}"
    assert names[-2:] == ["EXIT", "exit"], f"the events file does not end with EXIT then exit: {names}"
    event, exit_record = records[-2], records[-1]
    assert event["metadata"]["exit_status"] == exit_record["metadata"]["status"], (event, exit_record)


def report(case: str, p, trigger_at: float, restored: str) -> None:
    e = p.exit
    measure(SECTION, f"{case:<38} status {e.status:<3} restored: {restored:<4} "
                     f"exit {1000 * (e.ended_at - trigger_at):6.0f} ms after the trigger, "
                     f"CPU {e.cpu_seconds * 1000:5.0f} ms")


def finish_and_check(p, case: str, trigger_at: float, expected: int) -> None:
    e = p.wait_exit()
    problems = p.restoration_problems()
    report(case, p, trigger_at, "yes" if not problems else "NO")
    assert e.signal is None, f"killed by signal {e.signal} instead of exiting {expected}\n{p.describe()}"
    assert e.status == expected, f"exit status {e.status}, expected {expected}\n{p.describe()}"
    assert not problems, f"terminal not restored: {problems}"


def test_normal_end_pass_good(spawn, home):
    p = spawn(["--events", home / "events.jsonl"])
    start(p)
    to_search(p)
    to_credentials(p)
    sign_in(p, "pass_good")
    to_connected(p)  # a, Enter
    trigger = time.monotonic()
    p.send(ENTER)
    finish_and_check(p, "normal end (pass_good)", trigger, 0)
    records = read_records(home / "events.jsonl")
    names = [record_name(r) for r in records]
    assert names[0] == "load" and "success" in names and names[-1] == "HANDOFF", names
    assert "onSuccess public_token=public-sandbox-" in after_screen_closed(p)


@pytest.mark.parametrize("how", ["Ctrl-X", "SIGTERM"])
def test_leaving_connected_delivers_success(spawn, home, how):
    """The Item is linked on CONNECTED: every way out gives onSuccess then HANDOFF, never onExit."""
    p = spawn(["--events", home / "events.jsonl"])
    start(p)
    to_search(p)
    to_credentials(p)
    sign_in(p, "pass_good")
    to_connected(p)
    trigger = time.monotonic()
    if how == "Ctrl-X":
        p.send(b"\x18")
        finish_and_check(p, "Ctrl-X on CONNECTED", trigger, 0)
    else:
        p.signal(signal.SIGTERM)
        finish_and_check(p, "SIGTERM on CONNECTED", trigger, 143)
    names = [record_name(r) for r in read_records(home / "events.jsonl")]
    assert names[-2:] == ["success", "HANDOFF"] and "exit" not in names and "EXIT" not in names, names
    assert "onSuccess public_token=public-sandbox-" in after_screen_closed(p)


def test_esc_on_consent(spawn, home):
    p = spawn(["--events", home / "events.jsonl"])
    start(p)
    trigger = time.monotonic()
    p.send(ESC)
    finish_and_check(p, "Esc on consent", trigger, 1)
    records = read_records(home / "events.jsonl")
    assert_ends_with_exit(records)
    assert records[-1]["metadata"]["status"] == "requires_credentials"
    assert "onExit status=requires_credentials" in after_screen_closed(p)


def test_typed_ctrl_c(spawn, home):
    p = spawn(["--events", home / "events.jsonl"])
    start(p)
    to_search(p)
    p.type("plat")
    p.wait_for("Search  plat")
    trigger = time.monotonic()
    p.send(CTRL_C)
    finish_and_check(p, "typed Ctrl-C", trigger, 130)
    assert_ends_with_exit(read_records(home / "events.jsonl"))


@pytest.mark.parametrize("sig,expected", [(signal.SIGINT, 130), (signal.SIGTERM, 143), (signal.SIGHUP, 129)],
                         ids=["SIGINT", "SIGTERM", "SIGHUP"])
def test_signal(spawn, home, sig, expected):
    p = spawn(["--events", home / "events.jsonl"])
    start(p)
    to_search(p)
    p.type("plat")
    p.wait_for("Search  plat")
    trigger = time.monotonic()
    p.signal(sig)
    finish_and_check(p, signal.Signals(sig).name, trigger, expected)
    records = read_records(home / "events.jsonl")
    assert_ends_with_exit(records)
    assert records[-1]["metadata"]["status"] == "institution_not_found"
    assert "onExit status=institution_not_found" in after_screen_closed(p)


def test_hang_up_master_closed(spawn, home):
    """The terminal goes away (an ssh drop closes the pty master): linkterm must leave by itself,
    as for SIGHUP, without spinning. Its output after the hang-up is lost with the terminal, so
    only the status, the events file and the CPU are checked; the CPU is reported, not bounded."""
    p = spawn(["--events", home / "events.jsonl"])
    start(p)
    to_search(p)
    cpu_before = p.proc_cpu_seconds()
    trigger = time.monotonic()
    p.hang_up()
    e = p.wait_exit()  # fails (and kills it) if it does not exit by itself
    after = e.ended_at - trigger
    measure(SECTION, f"{'hang-up (master closed)':<38} status {e.status:<3} restored: n/a  "
                     f"exit {after * 1000:6.0f} ms after the hang-up, CPU {e.cpu_seconds * 1000:5.0f} ms "
                     f"in all, {(e.cpu_seconds - cpu_before) * 1000:.0f} ms after the hang-up")
    assert e.signal is None, f"killed by signal {e.signal}"
    assert e.status == 129
    assert_ends_with_exit(read_records(home / "events.jsonl"))


@pytest.mark.parametrize("kind,signals", [("fatal", (signal.SIGILL, signal.SIGTRAP)), ("segv", (signal.SIGSEGV,))])
def test_crash(spawn, home, kind, signals):
    p = spawn(["--events", home / "events.jsonl"], extra_env={"LINKTERM_CRASH_TEST": kind})
    trigger = time.monotonic()
    e = p.wait_exit(timeout=30)  # symbolicating the backtrace takes a moment
    problems = p.restoration_problems()
    report(f"crash ({kind})", p, trigger, "yes" if not problems else "NO")
    assert e.signal in signals, f"ended with status {e.status} (signal {e.signal}), expected one of {signals}"
    assert not problems, f"terminal not restored after the crash: {problems}"
    everything = strip_escapes(bytes(p.log))
    assert "Press space to interact" not in everything, "the crash reporter offered an interactive prompt"
    report_text = after_screen_closed(p)
    # standard error is held while the screen is up: the crash's own message comes after it
    assert "linkterm: crashed (" in report_text, f"no crash line after the screen closed:\n{report_text[:2000]}"
    if kind == "fatal":
        assert "Fatal error: LINKTERM_CRASH_TEST" in report_text, f"the fatal error message was lost:\n{report_text[:2000]}"
    assert "Program crashed:" in report_text, f"no readable crash report after the screen closed:\n{report_text[:2000]}"
    assert "crashed:" in report_text.split("Program crashed:", 1)[1], "no backtrace in the crash report"


def test_hang_up_as_a_job_without_sighup(spawn, home):
    """The same drop when linkterm is a job of a shell that survives the hang-up (nohup-like): the
    kernel sends SIGHUP only to the session leader, so linkterm gets no signal at all and must
    notice by itself that its terminal is gone, then leave without spinning."""
    report = home / "job.json"
    p = spawn(["--events", home / "events.jsonl"], jobctl={"ignore_hup": True, "report": report})
    start(p)
    to_search(p)
    job = p.foreground_pgrp()
    assert job != p.pid
    cpu_before = p.proc_cpu_seconds(job)
    trigger = time.monotonic()
    p.hang_up()
    p.wait_exit()  # the job-control shell exits when linkterm does; fails (kills) on a hang
    job_end = json.loads(report.read_text())
    after = p.exit.ended_at - trigger
    measure(SECTION, f"{'hang-up, job, no SIGHUP':<38} status {job_end['status']:<3} restored: n/a  "
                     f"exit {after * 1000:6.0f} ms after the hang-up, CPU {job_end['cpu_seconds'] * 1000:5.0f} ms "
                     f"in all, {(job_end['cpu_seconds'] - cpu_before) * 1000:.0f} ms after the hang-up")
    assert not job_end["signaled"], f"linkterm was killed by a signal: {job_end}"
    assert job_end["status"] == 129, job_end
    assert_ends_with_exit(read_records(home / "events.jsonl"))


CTRL_X = b"\x18"

#: state -> (extra args, keys to get there (each followed by the text that shows it))
CTRL_C_STATES = {
    "help (F1)": ([], [(F1, "key closes")]),
    "help (?)": ([], [(b"?", "key closes")]),
    "log browser (F3)": ([], [(F3, "Enter inspect")]),
    "event metadata (F3, Enter)": ([], [(F3, "Enter inspect"), (ENTER, "event_name: OPEN")]),
    "exit confirmation (Ctrl-X)": ([], [(CTRL_X, "Are you sure you want to exit?")]),
    "loading": (["--latency", "5000"], [(ENTER, "Popular institutions"), (b"first platypus", "Search  first platypus"),
                                        (ENTER, "Enter your First Platypus Bank credentials"),
                                        (b"user_good\tpass_good\r", " Loading ")]),
}


@pytest.mark.parametrize("state", list(CTRL_C_STATES))
def test_ctrl_c_exits_at_once_from(spawn, home, state):
    """Ctrl-C exits at once, whatever is shown over the pane."""
    args, steps = CTRL_C_STATES[state]
    p = spawn(["--events", home / "events.jsonl", *args])
    start(p)
    for keys, shown in steps:
        p.send(keys)
        p.wait_for(shown)
    trigger = time.monotonic()
    p.send(CTRL_C)
    finish_and_check(p, f"Ctrl-C in {state}", trigger, 130)
    assert_ends_with_exit(read_records(home / "events.jsonl"))
