"""The embedding examples, driven in a pseudo-terminal to onSuccess: Examples/QuickStart, a Swift
program that uses linkterm the way Plaid's iOS quick start uses LinkKit (a LinkTokenConfiguration
with callbacks, createPlaidLinkSession, open(using: .terminal)); Examples/EmbeddedSearch, an app
that places Embedded Institution Search in its own screen; Examples/MeshQuickStart, a program that
embeds Mesh Link as Mesh's iOS README embeds LinkSDK (createHandler, present(in:) the terminal
host), driven to onIntegrationConnected. Without a terminal, each hears onExit."""
from __future__ import annotations

import subprocess
from pathlib import Path

from ptyharness import (ENTER, mesh_to_connected, ESC, PtyProcess, REPO, base_env, link_to_the_end, sign_in, strip_escapes, to_connected,
                        linkterm_binary)


def example(name: str) -> str:
    beside = Path(linkterm_binary()).parent / name
    return str(beside if beside.exists() else REPO / ".build" / "debug" / name)


def printed_callbacks(p: PtyProcess) -> list[str]:
    """The lines the program printed after leaving the alternate screen that name a callback."""
    data = bytes(p.log)
    printed = strip_escapes(data[data.rfind(b"\x1b[?1049l"):]).splitlines()
    return [line.strip() for line in printed if line.strip().startswith("on")]


def test_the_quick_start_example_links_an_item_through_the_api(home):
    p = PtyProcess.spawn([example("QuickStart")], env=base_env(home=str(home / "home")), cwd=str(home))
    try:
        link_to_the_end(p)
        lines = printed_callbacks(p)
        # the callbacks in the order they fired: onLoad, then an onEvent per event, onSuccess, HANDOFF last
        assert lines[0] == "onLoad", lines
        assert lines[1] == "onEvent OPEN", lines
        assert any(line.startswith("onSuccess public_token=public-sandbox-") for line in lines), lines
        assert lines[-1] == "onEvent HANDOFF", lines
    finally:
        p.close()


def test_the_embedded_search_opens_link_at_the_institution_chosen_in_the_apps_screen(home):
    p = PtyProcess.spawn([example("EmbeddedSearch")], env=base_env(home=str(home / "home")), cwd=str(home))
    try:
        # the app's own page, the search component inside it
        p.wait_for("Acme Pay \u00b7 Checkout")
        p.wait_for("Connect a bank \u00b7 Plaid")
        p.wait_for("\u203a First Platypus Bank")
        p.type("tartan")
        p.wait_for("\u203a Tartan Bank")
        assert "Acme Pay" in p.screen, p.screen.dump()
        p.send(ENTER)
        # Link full screen on consent, then straight to the chosen institution: no search pane
        p.wait_for("Link your account")
        p.send(ENTER)
        p.wait_for("Enter your Tartan Bank credentials")
        sign_in(p, "pass_good")
        to_connected(p)
        p.send(ENTER)
        # back on the app's page, repainted whole, with the outcome
        p.wait_for("Paid with Tartan Bank. Thank you!")
        assert "Connect a bank \u00b7 Plaid" in p.screen and "Success" not in p.screen, p.screen.dump()
        p.send(ESC)  # clears the search typed
        p.wait_until(lambda: "Search tartan" not in p.screen.text(), "the search cleared")
        p.send(ESC)  # leaves
        e = p.wait_exit()
        assert e.signal is None and e.status == 0, p.describe()
        assert not p.restoration_problems(), p.restoration_problems()
        lines = printed_callbacks(p)
        assert lines[:3] == ["onEvent OPEN", "onEvent SELECT_INSTITUTION", "onEvent TRANSITION_VIEW"], lines
        assert "onEvent SEARCH_INSTITUTION" not in lines, lines
        assert any(line.startswith("onSuccess public_token=public-sandbox-") and line.endswith("institution=ins_109511")
                   for line in lines), lines
        assert lines[-1] == "onEvent HANDOFF", lines
    finally:
        p.close()


def run_without_a_terminal(program: str, home: Path, term: str | None = "xterm-256color") -> subprocess.CompletedProcess:
    """The program with standard input and output not a terminal (no tty, as under CI)."""
    return subprocess.run([program], env=base_env(term=term, home=str(home / "home")), cwd=str(home),
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)


# issue 29: "With no terminal, `open(using: .terminal)` calls onExit with an error saying so (and the
# process continues)"; seed 000: onExit is "called when a user exits Link without successfully
# linking an Item, or when an error occurs during Link initialization".
def test_the_quick_start_without_a_terminal_hears_onexit_with_the_reason(home):
    done = run_without_a_terminal(example("QuickStart"), home)
    lines = done.stdout.splitlines()
    assert lines == [
        "onLoad", "onEvent EXIT",
        "onExit status=null error=INTERNAL/NO_TERMINAL: Link could not be shown: standard input and output must be a "
        "terminal for the full-screen interface",
    ], done.stdout + done.stderr
    # the program went on after open returned: it printed its lines and chose its status
    assert done.returncode == 1, done.stderr


def test_the_quick_start_in_a_dumb_terminal_hears_onexit_with_the_reason(home):
    p = PtyProcess.spawn([example("QuickStart")], env=base_env(term="dumb", home=str(home / "home")), cwd=str(home))
    try:
        e = p.wait_exit()
        assert e.status == 1, p.describe()
        text = strip_escapes(bytes(p.log))
        assert ("onExit status=null error=INTERNAL/NO_TERMINAL: Link could not be shown: TERM=dumb cannot move the "
                "cursor; set TERM to your terminal type (for example TERM=xterm-256color)") in text, text
    finally:
        p.close()


# the same for Mesh's host: reference §7, iOS v2: "`onExit` fires when the page posts `showClose`,
# `close` or `done`, and when the user taps the native close button" -- a host that shows nothing
# still ends the session with onExit (v2's onExit takes no argument: the host keeps the reason).
def test_the_mesh_quick_start_without_a_terminal_hears_onexit(home):
    done = run_without_a_terminal(example("MeshQuickStart"), home)
    assert done.stdout.splitlines() == [
        "onExit", "no terminal: standard input and output must be a terminal for the full-screen interface",
    ], done.stdout + done.stderr
    assert done.returncode == 1, done.stderr


# issue 29: "An outside package presents Mesh in a terminal using only the public API"; Mesh's iOS
# README (seed 003): "The callback onIntegrationConnected is called with LinkPayload once an
# integration has been connected."
def test_the_mesh_quick_start_connects_an_integration_through_the_api(home):
    p = PtyProcess.spawn([example("MeshQuickStart")], env=base_env(home=str(home / "home")), cwd=str(home))
    try:
        mesh_to_connected(p)
        p.send(ENTER)  # Done
        e = p.wait_exit()
        assert e.signal is None and e.status == 0, p.describe()
        assert not p.restoration_problems(), p.restoration_problems()
        lines = printed_callbacks(p)
        assert lines == ["onEvent loaded", "onEvent integrationSelected", "onEvent credentialsEntered",
                         "onEvent integrationMfaRequired", "onEvent integrationMfaEntered",
                         "onIntegrationConnected accessToken Kraken accounts=1", "onExit"], lines
        # reference §5: "`showClose`, `close`, `done` | Calls `onExit`." -- never onEvent
        assert "onEvent done" not in lines
    finally:
        p.close()
