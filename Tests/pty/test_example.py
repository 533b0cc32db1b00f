"""The embedding example (Examples/QuickStart): a Swift program that uses linkterm the way Plaid's
iOS quick start uses LinkKit (a LinkTokenConfiguration with callbacks, createPlaidLinkSession,
open(using: .terminal)), driven in a pseudo-terminal to onSuccess."""
from __future__ import annotations

from pathlib import Path

from ptyharness import PtyProcess, REPO, base_env, link_to_the_end, strip_escapes, linkterm_binary


def quickstart() -> str:
    beside = Path(linkterm_binary()).parent / "QuickStart"
    return str(beside if beside.exists() else REPO / ".build" / "debug" / "QuickStart")


def test_the_quick_start_example_links_an_item_through_the_api(home):
    p = PtyProcess.spawn([quickstart()], env=base_env(home=str(home / "home")), cwd=str(home))
    try:
        link_to_the_end(p)
        data = bytes(p.log)
        printed = strip_escapes(data[data.rfind(b"\x1b[?1049l"):]).splitlines()
        lines = [line.strip() for line in printed if line.strip().startswith("on")]
        # the callbacks in the order they fired: onLoad, then an onEvent per event, onSuccess, HANDOFF last
        assert lines[0] == "onLoad", lines
        assert lines[1] == "onEvent OPEN", lines
        assert any(line.startswith("onSuccess public_token=public-sandbox-") for line in lines), lines
        assert lines[-1] == "onEvent HANDOFF", lines
    finally:
        p.close()
