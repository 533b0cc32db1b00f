"""`linkterm --script`: scenarios played by the autopilot through the real UI on a pseudo-terminal
(the events are the replay's), a wrong expectation, the last screen waiting for a key, and
`--record` (an asciicast asciinema plays, with no secret in it, and resizes as "r" events). (These
were the Swift tmux tests of AutopilotTests.swift.)
"""
from __future__ import annotations

import json
import subprocess

import pytest

from ptyharness import CTRL_C, REPO, asciinema_cat, linkterm_binary, read_records, record_name

SCENARIOS = REPO / "Tests" / "Scenarios"
FIXTURES = REPO / "Tests" / "Fixtures"
AUTOPILOT = ["--typing-delay", "5", "--pace", "0", "--latency", "30"]


def replay(scenario) -> subprocess.CompletedProcess:
    result = subprocess.run([linkterm_binary(), "replay", str(scenario)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return result


@pytest.mark.parametrize("name", ["mfa_device", "mfa_questions_2_2", "mfa_selections_2_2_3", "oauth_fail",
                                  "lockout_three_wrong_passwords", "exit_at_requires_code", "pass_good_single_account",
                                  "institution_degraded", "exit_dialog_continue", "institution_down"])
def test_library_scenarios_play_through_the_ui_with_the_replays_event_names(spawn, home, name):
    scenario = SCENARIOS / f"{name}.txt"
    events = home / "events.jsonl"
    events.write_text("")
    p = spawn(["--script", scenario, *AUTOPILOT, "--events", events, "--exit-at-end", "--seed", "0"], rows=30, cols=100)
    assert p.wait_exit(timeout=30).status == 0, p.describe()
    expected = [record_name(json.loads(line)) for line in replay(scenario).stdout.splitlines()]
    assert [record_name(record) for record in read_records(events)] == expected


def test_a_wrong_expectation_is_shown_on_screen_and_exits_1_at_the_end(spawn):
    fixture = FIXTURES / "autopilot_wrong_expectation.txt"
    p = spawn(["--script", fixture, *AUTOPILOT], rows=30, cols=100)
    p.wait_for("\u2717 autopilot: line 6: expectation not met: expect ERROR error_code=NO_ACCOUNTS", timeout=20)
    p.wait_for("\u00b7 the session is")
    p.send(CTRL_C)
    assert p.wait_exit().status == 130, p.describe()
    exit_at_end = spawn(["--script", fixture, *AUTOPILOT, "--exit-at-end"], rows=30, cols=100)
    assert exit_at_end.wait_exit(timeout=20).status == 1, exit_at_end.describe()


def test_without_exit_at_end_the_last_screen_waits_for_a_key(spawn):
    p = spawn(["--script", SCENARIOS / "pass_good.txt", *AUTOPILOT], rows=30, cols=100)
    p.wait_for("\u2713 autopilot: every step played, every expectation met \u00b7 press any key to leave", timeout=20)
    p.wait_for("\u2713 onSuccess")
    p.pump(0)
    assert p.exit is None, "it left without a key"
    p.send(b"q")
    assert p.wait_exit().status == 0, p.describe()


def test_autopilot_with_record_at_100x30_a_cast_asciinema_plays_with_no_secret_in_it(spawn, home):
    cast = home / "demo.cast"
    events = home / "events.jsonl"
    events.write_text("")
    p = spawn(["--script", FIXTURES / "canary_secrets.txt", *AUTOPILOT, "--record", cast, "--events", events,
               "--exit-at-end"], rows=30, cols=100)
    assert p.wait_exit(timeout=30).status == 0, p.describe()
    text = cast.read_text()
    lines = text.splitlines()
    header = json.loads(lines[0])
    assert header["version"] == 2
    assert header["width"] == 100 and header["height"] == 30
    assert header.get("env", {}).get("TERM") is not None
    last = -1.0
    for line in lines[1:]:
        time, kind, _ = json.loads(line)
        assert time >= last
        last = time
        assert kind in ("o", "r"), "no input events"
    events_text = events.read_text()
    for secret in ("canary", "answer_0_0", "answer_0_1", "mfa_questions_1_2"):
        assert secret not in text, f"{secret} in the recording"
        assert secret not in events_text, f"{secret} in the events file"
        assert secret not in p.screen.text(), f"{secret} on the screen"
    played = asciinema_cat(cast)
    assert played.returncode == 0, played.stderr
    assert "Enter your First Platypus Bank credentials" in played.stdout
    # only changed cells are sent, so later frames are fragments; the first frames hold whole lines
    assert "Select your institution" in played.stdout


def test_a_recording_keeps_resizes_as_r_events(spawn, home):
    cast = home / "resize.cast"
    p = spawn(["--record", cast], rows=30, cols=100)
    p.wait_for("Link your account")
    p.resize(40, 120)
    p.wait_until(lambda: len(p.screen.text().rstrip("\n").split("\n")) >= 39, "the frame redrawn on 40 rows")
    p.send(CTRL_C)
    assert p.wait_exit().status == 130, p.describe()
    text = cast.read_text()
    assert '"r", "120x40"]' in text or '"r","120x40"]' in text, "resize event"
