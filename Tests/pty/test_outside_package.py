"""A Swift package outside this repository (Tests/OutsidePackage, copied to a temporary folder)
depends on linkterm by path and holds only the seeds' own samples (seed 001's Standard Link quick
start; seed 004's LinkKit v1 delegate and presentation), changed where a terminal needs it (see
each file's head). It builds, and each program completes a sandbox session through the API in a
pseudo-terminal: onLoad before open, an onEvent per event, then onSuccess (v1: a didHandleEvent
per event, then didSucceedWithPublicToken with the kPLKMetadata keys)."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from ptyharness import PtyProcess, REPO, base_env, link_to_the_end, strip_escapes

NSLOG = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} \w+\[\d+:\w+\] (.*)$")


@pytest.fixture(scope="module")
def outside(tmp_path_factory) -> Path:
    """The package, copied outside the repository and built (once for the module)."""
    root = tmp_path_factory.mktemp("outside") / "SeedSamples"
    shutil.copytree(REPO / "Tests" / "OutsidePackage", root)
    manifest = (root / "Package.swift.in").read_text().replace("@LINKTERM@", str(REPO))
    (root / "Package.swift").write_text(manifest)
    built = subprocess.run(["swift", "build"], cwd=root, capture_output=True, text=True, timeout=1200)
    assert built.returncode == 0, built.stdout[-4000:] + built.stderr[-4000:]
    return root / ".build" / "debug"


def run_to_success(program: Path, home: Path) -> tuple[list[str], str]:
    """Signs in at First Platypus Bank with pass_good, shares every account, leaves the success
    pane; returns what the program logged with NSLog (standard error: held while Link is on
    screen), one message per entry, and everything written after the terminal was restored."""
    p = PtyProcess.spawn([str(program)], env=base_env(home=str(home / "home")), cwd=str(home))
    try:
        link_to_the_end(p)
        data = bytes(p.log)
        logged = strip_escapes(data).replace("\r", "")
        after = strip_escapes(data[data.rfind(b"\x1b[?1049l"):]).replace("\r", "")
        return [m.group(1) for line in logged.split("\n") if (m := NSLOG.search(line.strip()))], after
    finally:
        p.close()


def test_the_seed_quick_start_opens_a_session_through_the_api(outside, home):
    lines, _ = run_to_success(outside / "SeedQuickStart", home)
    # onLoad while the session is created (the sample's closure saw its view controller alive),
    # then the app opens, then every event, onSuccess, HANDOFF
    assert lines[:3] == ["onLoad true", "open", "onEvent OPEN"], lines
    events = [line.split(" ", 1)[1] for line in lines if line.startswith("onEvent ")]
    assert events == ["OPEN", "TRANSITION_VIEW", "SEARCH_INSTITUTION", "SELECT_INSTITUTION", "TRANSITION_VIEW",
                      "SUBMIT_CREDENTIALS", "TRANSITION_VIEW", "TRANSITION_VIEW", "TRANSITION_VIEW", "HANDOFF"], lines
    successes = [line for line in lines if line.startswith("onSuccess ")]
    assert len(successes) == 1 and re.fullmatch(r"onSuccess public-sandbox-[0-9a-f-]{36}", successes[0]), lines
    assert lines.index(successes[0]) == len(lines) - 2 and not any(line.startswith("onExit") for line in lines)


def test_the_seed_v1_delegate_hears_each_event_then_success(outside, home):
    lines, text = run_to_success(outside / "SeedLegacyV1", home)
    events = [line.split(": ", 1)[1] for line in lines if line.startswith("Link event: ")]
    assert events[0] == "OPEN" and events[-1] == "HANDOFF" and len(events) == 10, lines
    assert sum(line.startswith("Successfully linked account!") for line in lines) == 1, lines
    assert not any(line.startswith(("Failed", "Plaid link exited")) for line in lines), lines
    # the sample's success handler ran after dismiss, reading kPLKMetadataInstitutionKey and
    # kPLKMetadataAccountsKey from the [String: Any] metadata
    assert re.search(r"^success public-sandbox-[0-9a-f-]{36} First Platypus Bank accounts=9$", text, re.M), text
