"""--flavor mesh --save-scenario: a Mesh session clicked through by hand in the real binary is
written as a Mesh scenario that `linkterm replay` and `--flavor mesh --script` play back to the
same records (the events file of the session by hand is the reference); nothing typed that is
secret is in it; its file is opened and written as the Plaid flavor's is (0600, a device written
as it is, a full disk said at exit with status 74, a path that cannot be written said at once).
"""
from __future__ import annotations

import json
import os
import stat
import subprocess

from ptyharness import ENTER, REPO, TAB, PtyProcess, base_env, linkterm_binary, read_records

CTRL_U = b"\x15"
MESH_SCENARIO = REPO / "Tests" / "Scenarios" / "mesh_connect_mfa.txt"


def test_a_mesh_session_by_hand_replays_to_the_same_records(spawn, home):
    events, saved = home / "events.jsonl", home / "saved.txt"
    p = spawn(["--flavor", "mesh", "--latency", "200", "--seed", "5", "--events", events, "--save-scenario", saved])
    p.wait_for("Select an exchange, brokerage or wallet")
    p.type("bin")
    p.wait_until(lambda: "\u203a Binance" in p.screen.text(), "Binance highlighted")
    p.send(ENTER)
    p.wait_for("Sign in to Binance")
    p.type("Mesh")
    p.send(TAB)
    p.type("hunter2-canary")
    p.send(ENTER)
    p.wait_for("Invalid username or password")
    p.send(CTRL_U)
    p.type("Pass123")
    p.send(ENTER)
    p.wait_for("Enter the code Binance sent you")
    p.type("999111")
    p.send(ENTER)
    p.wait_for("Invalid verification code")
    p.send(CTRL_U)
    p.type("123456")
    p.send(ENTER)
    p.wait_for("Your Binance account is connected")
    p.send(ENTER)  # Done
    e = p.wait_exit()
    assert e.status == 0, p.describe()
    assert stat.S_IMODE(os.stat(saved).st_mode) == 0o600
    text = saved.read_text()
    assert text.startswith("# saved by linkterm --save-scenario"), text
    assert "option flavor mesh\n" in text and "option latency 200\n" in text and "option seed 5\n" in text, text
    assert "hunter2" not in text and "canary" not in text and "999111" not in text, text
    assert "credentials Mesh wrong_password\ncredentials Mesh Pass123\nmfa 000000\nmfa 123456\ndone\n" in text, text
    lived = read_records(events)
    assert [r["type"] for r in lived][-3:] == ["integration_connected", "event", "exit"], lived

    replay = subprocess.run([linkterm_binary(), "replay", str(saved)], capture_output=True, timeout=60)
    assert replay.returncode == 0, replay.stderr.decode()
    replayed = read_records_text(replay.stdout)
    assert replayed == lived

    # the same file through the UI, by the autopilot
    again = home / "again.jsonl"
    played = spawn(["--flavor", "mesh", "--script", saved, "--typing-delay", "0", "--pace", "0", "--exit-at-end",
                    "--events", again], stderr_pipe=True)
    assert played.wait_exit().status == 0, played.describe()
    assert read_records(again) == lived


def read_records_text(data: bytes) -> list:
    """The records `replay` printed (one JSON object a line)."""
    return [json.loads(line) for line in data.decode().splitlines()]


def test_a_mesh_session_saved_to_a_full_disk_exits_74_and_leaves_the_device(home):
    """--save-scenario /dev/full: said at exit, status 74; the device is written as it is."""
    before = os.stat("/dev/full")
    p = PtyProcess.spawn([linkterm_binary(), "--flavor", "mesh", "--save-scenario", "/dev/full", "--script", str(MESH_SCENARIO),
                          "--typing-delay", "0", "--pace", "0", "--exit-at-end", "--latency", "0"],
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


def test_a_path_that_cannot_be_written_is_said_before_the_session(spawn, home):
    p = spawn(["--flavor", "mesh", "--save-scenario", home / "missing" / "saved.txt"], stderr_pipe=True)
    e = p.wait_exit()
    assert e.status == 2, p.describe()
    err = p.stderr_data.decode()
    assert "linkterm: --save-scenario:" in err and "missing" in err, err
    assert "Connect an account" not in p.screen.text()
