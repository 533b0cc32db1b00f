"""The events file loses nothing: linkterm killed with SIGKILL at random moments of a flow always
leaves a file of complete JSON lines that is a prefix of what the full run writes, and that holds
at least as many records as the log panel had shown ("Events (N)") before the kill.

The flow is deterministic (--seed 1, --latency 0, the same keys, each pane awaited before the keys
meant for it), so the records of every run match the reference run's one for one, ids included;
only timestamps differ.
"""
from __future__ import annotations

import fcntl
import json
import os
import random
import stat
import subprocess
import re
import signal
import time

import pytest

from ptyharness import (ENTER, ESC, POLL, REPO, SEARCH_HINT, TAB, PtyProcess, base_env,
                        linkterm_binary, measure, read_records, record_name, start, strip_escapes,
                        to_search)

RUNS = 60
ARGS = ["--seed", "1", "--latency", "0"]


def keys() -> list[tuple[bytes, object]]:
    """The flow, one key at a time, each with what to wait for before the next key (a screen text,
    a predicate on the screen's text, or None)."""
    steps: list[tuple[bytes, object]] = [(ENTER, SEARCH_HINT)]
    query = "first platypus"
    for i, ch in enumerate(query):
        last = i == len(query) - 1
        steps.append((ch.encode(), (lambda t: f"Search  {query}" in t and "\u203a First Platypus Bank" in t)
                      if last else None))
    steps.append((ENTER, "Enter your First Platypus Bank credentials"))
    steps += [(ch.encode(), None) for ch in "user_good"] + [(TAB, None)]
    steps += [(ch.encode(), None) for ch in "pass_good"]
    steps.append((ENTER, "Choose the accounts to share"))
    steps.append((b"a", lambda t: re.search(r"([1-9]\d*) of \1 selected", t) is not None))
    steps.append((ENTER, "\u2713 Success"))
    steps.append((ENTER, None))  # finish: the process exits 0
    return steps


def wait(p, until) -> None:
    if until is None:
        return
    if callable(until):
        p.wait_until(lambda: until(p.screen.text()), "the next pane")
    else:
        p.wait_for(until)


def normalized(record):
    """The record without its timestamps."""
    if isinstance(record, dict):
        return {k: normalized(v) for k, v in record.items() if k != "timestamp"}
    if isinstance(record, list):
        return [normalized(v) for v in record]
    return record


def test_reference_run_is_complete(spawn, home):
    """The full flow by keys ends in onSuccess and HANDOFF (what the kill runs are compared with)."""
    events = home / "events.jsonl"
    p = spawn(["--events", events, *ARGS])
    start(p)
    for key, until in keys():
        p.send(key)
        wait(p, until)
    assert p.wait_exit().status == 0
    names = [record_name(r) for r in read_records(events)]
    assert names[0] == "load" and names[-2:] == ["success", "HANDOFF"], names


def test_sdk_v1_writes_the_callbacks_a_v1_app_receives(spawn, home):
    """--sdk v1: the same session through LinkKit v1's PLKPlaidLinkViewController; the events file
    holds its delegate's calls (no onLoad: v1 had none), with the kPLKMetadata keys."""
    events = home / "events.jsonl"
    p = spawn(["--events", events, "--sdk", "v1", "--log-panel", "bottom", *ARGS])
    start(p)
    for key, until in keys()[:-1]:
        p.send(key)
        wait(p, until)
    screen = p.screen.text()
    assert "Events (" in p.screen.text(), p.describe()
    p.send(ENTER)
    assert p.wait_exit().status == 0, p.describe()
    records = [json.loads(line) for line in events.read_text().splitlines()]
    types = [r["type"] for r in records]
    assert types[0] == "didHandleEvent" and records[0]["event"] == "OPEN", records[0]
    assert types[-2:] == ["didSucceedWithPublicToken", "didHandleEvent"] and records[-1]["event"] == "HANDOFF", types
    assert set(types) == {"didHandleEvent", "didSucceedWithPublicToken"}
    assert sorted(records[0]["metadata"]) == sorted([
        "institution_search_query", "institution_id", "institution_name", "request_id", "link_session_id", "error_type",
        "error_code", "error_message", "mfa_type", "view_name", "timestamp", "exit_status"])
    success = records[-2]
    assert success["public_token"].startswith("public-sandbox-")
    assert success["metadata"]["institution"] == {"name": "First Platypus Bank", "type": "ins_109508"}
    assert len(success["metadata"]["accounts"]) == 9 and "pass_good" not in events.read_text()


def test_sigkill_at_random_moments_leaves_a_prefix(spawn, home):
    flow = keys()
    # the reference run
    ref_path = home / "reference.jsonl"
    p = spawn(["--events", ref_path, *ARGS])
    start(p)
    for key, until in flow:
        p.send(key)
        wait(p, until)
    assert p.wait_exit().status == 0
    reference = [normalized(r) for r in read_records(ref_path)]
    assert [record_name(r) for r in reference][-1] == "HANDOFF"
    p.close()

    rng = random.Random(8)
    failures, lengths, started = [], [], time.monotonic()
    for run in range(RUNS):
        n_keys = rng.randint(0, len(flow))
        delay = rng.choice([0.0, rng.uniform(0, 0.01), rng.uniform(0, 0.05), rng.uniform(0, 0.2)])
        path = home / f"killed-{run}.jsonl"
        p = spawn(["--events", path, *ARGS])
        if n_keys:
            start(p)
        for i, (key, until) in enumerate(flow[:n_keys]):
            p.send(key)
            if i < n_keys - 1:
                wait(p, until)
        deadline = time.monotonic() + delay
        while time.monotonic() < deadline:
            p.pump(min(POLL, max(0.0, deadline - time.monotonic())))
        shown = re.findall(r"Events \((\d+)\)", p.screen.text())  # the log panel's count on screen
        if p.exit is None:
            p.signal(signal.SIGKILL)
        e = p.wait_exit()
        where = f"run {run}: killed after {n_keys} keys + {delay * 1000:.0f} ms (status {e.status})"
        try:
            # SIGKILL can stop the kernel inside one write() where a record crosses a page of the
            # file (Linux checks for a fatal signal between pages): the file may then end in one
            # unfinished line, which a reader leaves; every complete line must still be the prefix
            data = path.read_bytes() if path.exists() else b""
            tail = data[data.rfind(b"\n") + 1:]
            assert not tail or e.signal == signal.SIGKILL or e.status == 137, f"an unfinished last line without a SIGKILL: {tail[:80]!r}"
            assert not tail or tail.startswith(b'{"type":'), f"the unfinished line is not the start of a record: {tail[:80]!r}"
            records = [normalized(r) for r in read_records(path, while_writing=True)]
        except AssertionError as exc:
            failures.append(f"{where}: {exc}")
            p.close()
            continue
        lengths.append(len(records))
        if shown and len(records) < int(shown[0]):
            failures.append(f"{where}: the screen had shown {shown[0]} records, the file holds {len(records)}")
        if records != reference[:len(records)]:
            got = [record_name(r) for r in records]
            want = [record_name(r) for r in reference[:len(records)]]
            failures.append(f"{where}: not a prefix of the reference run\n  got  {got}\n  want {want}"
                            if got != want else f"{where}: same names, different records than the reference")
        if records and record_name(records[0]) != "load":
            failures.append(f"{where}: the first record is not load")
        assert e.status in (137, 0), where
        p.close()
    elapsed = time.monotonic() - started
    measure("events file under SIGKILL",
            f"{RUNS} kill points (seeded) in {elapsed:.0f} s; records kept per run: "
            f"min {min(lengths, default=0)}, max {max(lengths, default=0)} of {len(reference)}; "
            f"distinct lengths {sorted(set(lengths))}; failures {len(failures)}")
    assert not failures, "\n".join(failures)


# -- the events file's own faults ---------------------------------------------------------------

SCENARIO = REPO / "Tests" / "Scenarios" / "pass_good.txt"
SCRIPT_ARGS = ["--script", SCENARIO, "--typing-delay", "0", "--pace", "0", "--exit-at-end", "--latency", "0", "--seed", "1"]


def spawn_shell(home, command: str, *args) -> PtyProcess:
    """linkterm run by `sh -c COMMAND sh BINARY ARGS…` on its own pty (COMMAND execs "$@" with
    some redirection), in the test's directory."""
    argv = ["/bin/sh", "-c", command, "sh", linkterm_binary(), *map(str, args)]
    return PtyProcess.spawn(argv, env=base_env(home=str(home / "home")), cwd=str(home))


def test_closed_stderr_keeps_the_events_file_pure(home):
    """With standard error closed (`2>&-`), the events file must not take descriptor 2: the
    autopilot's closing message goes nowhere, and every line of the file is a record."""
    events = home / "events.jsonl"
    p = spawn_shell(home, 'exec "$@" 2>&-', "--events", events, *SCRIPT_ARGS)
    try:
        e = p.wait_exit()
        assert e.status == 0, p.describe()
        records = read_records(events)  # fails on a line that is not a JSON object
        assert [record_name(r) for r in records][-2:] == ["success", "HANDOFF"], records
        assert b"autopilot" not in events.read_bytes()
    finally:
        p.close()


def test_existing_events_file_becomes_private(home):
    """An existing events file (mode 0644) is set to 0600, as the recording is: it records a
    private session."""
    events = home / "events.jsonl"
    events.write_text("old\n")
    os.chmod(events, 0o644)
    p = PtyProcess.spawn([linkterm_binary(), "--events", events, *SCRIPT_ARGS],
                         env=base_env(home=str(home / "home")), cwd=str(home))
    try:
        assert p.wait_exit().status == 0, p.describe()
    finally:
        p.close()
    assert stat.S_IMODE(os.stat(events).st_mode) == 0o600, oct(os.stat(events).st_mode)
    assert record_name(read_records(events)[0]) == "load"


@pytest.mark.parametrize("option", ["--events", "--record"])
@pytest.mark.parametrize("path", ["/dev/tty", "/dev/stdout"])
def test_an_output_that_is_the_terminal_is_refused(spawn, home, option, path):
    """--events /dev/tty (or /dev/stdout, which is the terminal): the records would be drawn over
    the screen (they were: borders cut, stray characters). Refused, status 2, before the UI."""
    p = spawn([option, path], stderr_pipe=True)
    e = p.wait_exit()
    assert e.status == 2, f"status {e.status}\n{p.describe()}"
    err = p.stderr_data.decode()
    assert f"{option}: {path} is a terminal" in err, err
    assert "Link your account" not in p.screen, "the UI started"
    assert not p.restoration_problems(), p.restoration_problems()


def test_second_session_is_refused_the_same_events_file(spawn, home):
    """Two sessions, one --events file: the second is refused (exit 2, "in use by another
    linkterm session") and the first one's file is left as it was."""
    events = home / "events.jsonl"
    first = spawn(["--events", events, *ARGS])
    start(first)
    first.wait_until(lambda: events.exists() and events.read_bytes().count(b"\n") >= 2, "the first records")
    before = events.read_bytes()
    second = spawn(["--events", events, *ARGS], stderr_pipe=True)
    e = second.wait_exit()
    err = second.stderr_data.decode()
    assert e.status == 2, second.describe()
    assert "is in use by another linkterm session" in err, err
    assert events.read_bytes() == before
    first.send(ENTER)
    first.wait_for(SEARCH_HINT)
    assert record_name(read_records(events)[-1]) == "TRANSITION_VIEW"


@pytest.mark.parametrize("option", ["--events", "--record"])
def test_fifo_without_reader_is_refused_at_once(spawn, home, option):
    """A FIFO nobody reads: a clear error and exit 2 before the UI starts (it was a blank screen
    forever)."""
    fifo = home / "out.fifo"
    os.mkfifo(fifo)
    p = spawn([option, fifo, *ARGS], stderr_pipe=True)
    e = p.wait_exit(timeout=5)
    err = p.stderr_data.decode()
    assert e.status == 2, p.describe()
    assert "nobody is reading the FIFO" in err and str(fifo) in err, err
    assert "Link your account" not in p.screen.text()
    assert not p.restoration_problems(), p.restoration_problems()


DIRECTORY = '[{"institution_id":"ins_1","name":"A Bank"}]\n'


@pytest.mark.parametrize("case", ["events=record", "events=institutions", "events=script",
                                  "record=institutions via links", "events=theme via symlink"])
def test_output_that_is_also_an_input_is_refused(spawn, home, case):
    """An output path that is also an input or another output (the same file, also through a hard
    or symbolic link, or the same path not yet created): exit 2 naming both options, before
    anything is emptied."""
    directory, scenario, theme = home / "banks.json", home / "s.txt", home / "mine.json"
    directory.write_text(DIRECTORY)
    scenario.write_text(SCENARIO.read_text())
    theme.write_text("{}\n")
    os.link(directory, home / "hard.json")
    os.symlink(directory, home / "sym.json")
    os.symlink(theme, home / "theme-link.json")
    args, options = {
        "events=record": (["--events", "new.out", "--record", "./new.out"], ("--events", "--record")),
        "events=institutions": (["--events", directory, "--institutions", directory], ("--events", "--institutions")),
        "events=script": (["--events", scenario, "--script", scenario], ("--events", "--script")),
        "record=institutions via links": (["--record", home / "hard.json", "--institutions", home / "sym.json"],
                                          ("--record", "--institutions")),
        "events=theme via symlink": (["--events", home / "theme-link.json", "--theme", theme], ("--events", "--theme")),
    }[case]
    before = {path: path.read_bytes() for path in (directory, scenario, theme)}
    p = spawn(args, stderr_pipe=True)
    e = p.wait_exit()
    err = p.stderr_data.decode()
    assert e.status == 2, p.describe()
    assert all(option in err for option in options) and "same file" in err, err
    assert {path: path.read_bytes() for path in before} == before
    assert not (home / "new.out").exists()


def test_full_disk_with_script_exits_74(home):
    """--events /dev/full with --script: the failure shows in the UI, is printed at exit, and the
    status is 74 (EX_IOERR), not the script's 0."""
    p = PtyProcess.spawn([linkterm_binary(), "--events", "/dev/full", *SCRIPT_ARGS],
                         env=base_env(home=str(home / "home")), cwd=str(home), stderr_pipe=True)
    try:
        e = p.wait_exit()
        err = p.stderr_data.decode()
        shown = strip_escapes(bytes(p.log))
        assert e.status == 74, p.describe()
        assert "--events /dev/full: writing failed: No space left on device" in err, err
        assert "--events: writing failed: No space left on device" in shown, shown[-2000:]
        assert not p.restoration_problems(), p.restoration_problems()
    finally:
        p.close()


def test_save_scenario_to_a_full_disk_exits_74_and_leaves_the_device(home):
    """--save-scenario /dev/full: said at exit, status 74; the device is written as it is, never
    replaced by a file (a saved scenario was once written by renaming a file over its path)."""
    before = os.stat("/dev/full")
    p = PtyProcess.spawn([linkterm_binary(), "--save-scenario", "/dev/full", *SCRIPT_ARGS],
                         env=base_env(home=str(home / "home")), cwd=str(home), stderr_pipe=True)
    try:
        e = p.wait_exit()
        err = p.stderr_data.decode()
        assert e.status == 74, p.describe()
        assert "--save-scenario /dev/full: writing failed: No space left on device" in err, err
        after = os.stat("/dev/full")
        assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev
    finally:
        p.close()
    saved = home / "saved.txt"
    played = PtyProcess.spawn([linkterm_binary(), "--save-scenario", str(saved), *SCRIPT_ARGS],
                              env=base_env(home=str(home / "home")), cwd=str(home))
    try:
        assert played.wait_exit().status == 0, played.describe()
        assert stat.S_IMODE(os.stat(saved).st_mode) == 0o600
        assert saved.read_text().startswith("# saved by linkterm --save-scenario")
    finally:
        played.close()


def test_full_disk_shows_at_once_in_the_ui(spawn, home):
    """Interactive: the banner is on screen while the session goes on, before it ends."""
    p = spawn(["--events", "/dev/full", *ARGS], stderr_pipe=True)
    p.wait_for("--events: writing failed: No space left on device")
    to_search(p)  # the session goes on
    p.send(b"\x03")
    e = p.wait_exit()
    assert e.status == 74, p.describe()
    assert "No space left on device" in p.stderr_data.decode()
    assert not p.restoration_problems(), p.restoration_problems()


def test_file_size_limit_keeps_complete_lines(home):
    """`ulimit -f` cuts a write short: the file is cut back to its last complete line, the failure
    is reported and the status is 74 (the process is not killed by SIGXFSZ)."""
    events = home / "events.jsonl"
    p = spawn_shell(home, 'ulimit -f 2; exec "$@"', "--events", events, *SCRIPT_ARGS)
    try:
        e = p.wait_exit()
        shown = strip_escapes(bytes(p.log))
        assert e.status == 74, p.describe()
        assert "File too large" in shown, shown[-2000:]
        data = events.read_bytes()
        assert 0 < len(data) <= 1024 and data.endswith(b"\n"), data[-200:]
        assert record_name(read_records(events)[0]) == "load"
        assert not p.restoration_problems(), p.restoration_problems()
    finally:
        p.close()


F_SETPIPE_SZ = 1031  # fcntl.F_SETPIPE_SZ (Linux), not in every Python's fcntl module


def open_fifo_reader(path, pipe_size: int | None = None) -> int:
    """Makes a FIFO at `path` and opens its reading end (without waiting for a writer)."""
    os.mkfifo(path)
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    if pipe_size:
        fcntl.fcntl(fd, F_SETPIPE_SZ, pipe_size)
    return fd


def complete_lines(fd: int) -> list[bytes]:
    """What the reader can read now, as complete lines."""
    data = b""
    while True:
        try:
            chunk = os.read(fd, 65536)
        except BlockingIOError:
            break
        if not chunk:
            break
        data += chunk
    return data.split(b"\n")[:-1]


def test_reader_that_goes_away(spawn, home):
    """The events file's reader closes its end: EPIPE is a write failure (banner, status 74,
    terminal restored), not a death by SIGPIPE with the terminal left raw."""
    fifo = home / "events.fifo"
    reader = open_fifo_reader(fifo)
    p = spawn(["--events", fifo, *ARGS], stderr_pipe=True)
    start(p)
    p.wait_until(lambda: complete_lines(reader) or False, "the first records")
    os.close(reader)
    p.send(ENTER)  # TRANSITION_VIEW: written to a pipe nobody reads any more
    p.wait_for("--events: writing failed: the reader went away")
    p.send(b"\x03")
    e = p.wait_exit()
    assert e.status == 74, p.describe()
    assert "the reader went away" in p.stderr_data.decode()
    assert not p.restoration_problems(), p.restoration_problems()


def cycle_exit_dialog(p, times: int) -> None:
    """Esc on the search pane opens the exit dialog, Esc again closes it: one TRANSITION_VIEW
    record each (about 490 bytes). Stops early if the process ends."""
    for i in range(times):
        if p.exit is not None:
            return
        p.send(ESC)
        want = "SELECT_INSTITUTION" if i % 2 else "EXIT"
        p.wait_until(lambda: p.exit is not None or p.screen.lines()[0].rstrip().endswith(want), f"the {want} pane")


@pytest.mark.parametrize("option", ["--events", "--record"])
def test_stalled_reader_does_not_freeze_the_ui(spawn, home, option):
    """A reader that opened the FIFO and stopped reading (a full 4 KiB pipe): keys are still
    answered, and SIGTERM ends the session promptly (what was left is reported)."""
    fifo = home / "out.fifo"
    reader = open_fifo_reader(fifo, pipe_size=4096)
    try:
        p = spawn([option, fifo, *ARGS], stderr_pipe=True)
        start(p)
        to_search(p)
        cycle_exit_dialog(p, 30)  # ~15 KiB of records, more of frames: the pipe is full, the UI goes on
        assert p.exit is None, p.describe()
        started = time.monotonic()
        p.signal(signal.SIGTERM)
        e = p.wait_exit(timeout=5)
        measure("outputs, stalled reader", f"{option}: SIGTERM answered in {time.monotonic() - started:.2f} s "
                "(includes the bounded drain: 0.5 s without progress)")
        err = p.stderr_data.decode()
        assert e.status == 74, p.describe()
        assert "were not written" in err or "did not take the last" in err, err
        assert not p.restoration_problems(), p.restoration_problems()
    finally:
        os.close(reader)


def test_stalled_reader_hits_the_bound_and_ends_cleanly(spawn, home):
    """Records keep coming, the reader never reads: at the queue's bound the session says so and
    ends (status 74, terminal restored, EXIT attempted, what was lost reported)."""
    fifo = home / "events.fifo"
    reader = open_fifo_reader(fifo, pipe_size=4096)
    try:
        p = spawn(["--events", fifo, *ARGS], stderr_pipe=True)
        start(p)
        to_search(p)
        cycle_exit_dialog(p, 400)  # ~190 KiB, far past the 64 KiB bound
        e = p.wait_exit(timeout=5)
        err = p.stderr_data.decode()
        shown = strip_escapes(bytes(p.log))
        assert e.status == 74, p.describe()
        assert "--events: the reader stopped reading (64 KiB waiting) · session ended" in shown, shown[-1500:]
        assert "the reader stopped reading" in err and "were not written" in err, err
        assert not p.restoration_problems(), p.restoration_problems()
        lines = complete_lines(reader)
        measure("events file, stalled reader", f"bound hit: {len(lines)} complete records reached the reader")
    finally:
        os.close(reader)


def test_full_tmpfs_keeps_complete_lines(home):
    """A tmpfs that fills up mid-session (one 4 KiB page left, a session writes ~6 KiB): a short
    write is cut back to the last complete line, the status is 74 and the failure is printed.
    Needs to mount a tmpfs (root); skipped otherwise."""
    mount = home / "small"
    mount.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=8k", "tmpfs", str(mount)],
                                           capture_output=True).returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    try:
        (mount / "filler").write_bytes(b"x" * 4096)
        events = mount / "events.jsonl"
        p = PtyProcess.spawn([linkterm_binary(), "--events", events, *SCRIPT_ARGS],
                             env=base_env(home=str(home / "home")), cwd=str(home), stderr_pipe=True)
        try:
            e = p.wait_exit()
            assert e.status == 74, p.describe()
            assert "No space left on device" in p.stderr_data.decode()
            data = events.read_bytes()
            assert data.endswith(b"\n") and len(data) <= 4096, data[-200:]
            assert record_name(read_records(events)[0]) == "load"
            kept = data.count(b"\n")
            measure("events file, full tmpfs", f"{len(data)} bytes kept, {kept} complete records")
            assert not p.restoration_problems(), p.restoration_problems()
        finally:
            p.close()
    finally:
        subprocess.run(["umount", str(mount)], check=False)


def test_devices_may_take_several_outputs(home):
    """/dev/null for both --events and --record is no conflict (nor locked, nor chmod-ed)."""
    mode = os.stat("/dev/null").st_mode
    p = PtyProcess.spawn([linkterm_binary(), "--events", "/dev/null", "--record", "/dev/null", *SCRIPT_ARGS],
                         env=base_env(home=str(home / "home")), cwd=str(home), stderr_pipe=True)
    try:
        assert p.wait_exit().status == 0, p.describe()
    finally:
        p.close()
    assert os.stat("/dev/null").st_mode == mode


def test_stalled_recording_hits_the_bound_and_ends_cleanly(spawn, home):
    """The recording's reader never reads while full repaints (resizes of a large terminal) pile
    up: at the 1 MiB bound the session says so and ends (status 74, terminal restored)."""
    fifo = home / "cast.fifo"
    reader = open_fifo_reader(fifo, pipe_size=4096)
    try:
        p = spawn(["--record", fifo, *ARGS], stderr_pipe=True, rows=60, cols=200)
        start(p)
        resizes = 0
        while p.exit is None and resizes < 400:
            rows = 59 + resizes % 2  # a new size each time: a full repaint
            p.resize(rows, 200)
            resizes += 1
            p.wait_until(lambda: p.exit is not None or "Link your account" in p.screen.text(), "a repaint")
        e = p.wait_exit(timeout=5)
        err = p.stderr_data.decode()
        measure("recording, stalled reader", f"bound hit after {resizes} resizes of a 200x60 terminal")
        assert e.status == 74, p.describe()
        assert "--record" in err and "the reader stopped reading (1024 KiB waiting)" in err, err
        assert not p.restoration_problems(), p.restoration_problems()
    finally:
        os.close(reader)
