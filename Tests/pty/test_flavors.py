"""The behaviours both flavors share because one app draws them (issue 27), through the real binary,
each run for Plaid Link and for Mesh Connect: the last screen held with --exit-at-end, Ctrl-Z with
the help open, a click on the log panel, the help (from the key maps, scrolling), "terminal too
small", and `replay --timeline`.
"""
from __future__ import annotations

import json
import subprocess

import pytest

from ptyharness import CONSENT_TITLE, CTRL_C, CTRL_Z, DOWN, F1, REPO, linkterm_binary

SCENARIOS = {"plaid": REPO / "Tests" / "Scenarios" / "pass_good.txt",
             "mesh": REPO / "Tests" / "Scenarios" / "mesh_accounts.txt"}
#: What the first screen of each flavor shows once drawn.
FIRST_SCREEN = {"plaid": CONSENT_TITLE, "mesh": "Connect an account"}
FLAVORS = ["plaid", "mesh"]


def session(spawn, flavor, *args, **kwargs):
    """A session of `flavor` on its first screen."""
    p = spawn(["--flavor", flavor, *args], **kwargs)
    p.wait_for(FIRST_SCREEN[flavor])
    p.wait_for("Ctrl-C quit")  # the footer: the whole frame is in
    return p


@pytest.mark.parametrize("flavor", FLAVORS)
def test_exit_at_end_holds_the_last_screen(spawn, home, flavor):
    """With --exit-at-end the last screen stays 1.5 s before linkterm leaves: in the recording (the
    app's own clock) the terminal is given back 1.5 s after the session ended, which the frame with
    the autopilot's last banner follows by the few milliseconds of drawing it (without the hold:
    the same frame's milliseconds)."""
    cast = home / "play.cast"
    p = spawn(["--flavor", flavor, "--script", SCENARIOS[flavor], "--typing-delay", "0", "--pace", "0", "--latency", "0",
               "--exit-at-end", "--record", cast])
    assert p.wait_exit().status == 0, p.describe()
    events = [json.loads(line) for line in cast.read_text().splitlines()[1:]]
    banner = next(time for time, _, text in events if "every step played" in text)
    left = next(time for time, _, text in events if "\x1b[?1049l" in text)
    assert left - banner > 1.0, f"{flavor}: the last screen stayed {left - banner:.3f} s"


@pytest.mark.parametrize("flavor", FLAVORS)
def test_ctrl_z_with_the_help_open_suspends(spawn, home, flavor):
    p = session(spawn, flavor, jobctl={"report": home / "job.json"})
    p.send(F1)
    p.wait_for("Help ·")
    p.send(CTRL_Z)
    p.wait_for("[jobctl: stopped")
    resumed = p.mark()
    p.send(b"fg\r")
    p.wait_for("Help \u00b7", since=resumed)  # repainted, the help still open
    p.send(CTRL_C)
    assert p.wait_exit().status == 130, p.describe()


@pytest.mark.parametrize("flavor", FLAVORS)
def test_a_click_on_the_log_panel_focuses_it(spawn, flavor):
    p = session(spawn, flavor)
    assert "Enter inspect" not in p.screen
    row = next(y for y, line in enumerate(p.screen.lines()) if line.startswith("\u2502") and "Events" not in line
               and line.rstrip().endswith("\u2502") and y > 16)
    p.send(f"\x1b[<0;10;{row + 1}M\x1b[<0;10;{row + 1}m".encode())
    p.wait_for("Enter inspect")  # the footer shows the focused list's keys
    p.send(CTRL_C)
    assert p.wait_exit().status == 130


@pytest.mark.parametrize("flavor", FLAVORS)
def test_help_lists_the_panes_keys_and_scrolls(spawn, flavor):
    p = session(spawn, flavor)
    p.send(F1)
    p.wait_for("Help \u00b7 \u2191/\u2193 scroll")
    p.wait_for("This pane: ")
    first = [line for line in p.screen.lines() if "This pane" not in line]
    p.send(DOWN)
    p.wait_until(lambda: [line for line in p.screen.lines() if "This pane" not in line] != first, "the help to scroll")
    p.send(b"\x1b[F")  # End: the last rows, the keys every pane shares
    p.wait_for("clear a field")
    p.send(b"x")  # any other key closes it
    p.wait_until(lambda: "Help \u00b7" not in p.screen, "the help to close")
    p.send(CTRL_C)
    assert p.wait_exit().status == 130


def test_terminal_too_small_is_the_same_in_both(spawn):
    screens = {}
    for flavor in FLAVORS:
        p = spawn(["--flavor", flavor], rows=10, cols=40)
        p.wait_for("Ctrl-C to quit")
        screens[flavor] = p.screen.text()
        p.send(CTRL_C)
        assert p.wait_exit().status == 130
    assert "Terminal too small" in screens["plaid"]
    assert "40x10; linkterm needs" in screens["plaid"]
    assert screens["mesh"] == screens["plaid"]


@pytest.mark.parametrize("flavor", FLAVORS)
def test_replay_timeline(flavor):
    out = subprocess.run([linkterm_binary(), "replay", "--timeline", SCENARIOS[flavor]], capture_output=True, timeout=60)
    assert out.returncode == 0, out.stderr.decode()
    lines = out.stdout.decode().splitlines()
    assert lines[0].startswith("Timeline \u00b7 "), lines
    assert lines[-1].startswith("end ") and "\u25c6 on" in lines[-1], lines
    assert len(lines) > 3, lines
