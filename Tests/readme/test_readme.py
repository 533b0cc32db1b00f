"""The README as a newcomer follows it: its set-up command run as written in a pseudo-terminal (in
CI, a fresh clone: the release build from nothing) up to the consent pane; each line of its quick
start doing what it says; the embedding snippet and its Package.swift built outside the repository
and run to onSuccess, its callbacks' output shown after Link closes; the theme example; the install
step (a stripped binary, completions and man pages that are found). Reads the README's blocks, so
that the README cannot drift from what works."""
from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
from pathlib import Path

import pytest

from ptyharness import (CONSENT_TITLE, CTRL_C, ENTER, ESC, SEARCH_HINT, PtyProcess, base_env, link_to_the_end,
                        mesh_to_connected, read_records, record_name, sign_in, strip_escapes, to_search)
from readme_blocks import blocks, commands

REPO = Path(__file__).resolve().parents[2]
RELEASE = REPO / ".build" / "release" / "linkterm"
BUILD_TIMEOUT = 3600.0  # bounds a hung build; a release build from nothing takes minutes on 2 cores
F2, F3, F4 = b"\x1bOQ", b"\x1bOR", b"\x1bOS"
CTRL_X = b"\x18"
BASH = shutil.which("bash") or "/bin/bash"


def setup_commands() -> dict[str, str]:
    """The set-up block's commands by role: `run` (the one that runs linkterm), `test`, `install`."""
    lines = commands(blocks("Set up", "sh")[0])
    roles = {}
    for command, comment in lines:
        if command.startswith("apt-get"):
            roles["install"] = command
        elif "linkterm" in command:
            roles["run"] = command
        elif "Tests/run.sh" in command:
            roles["test"] = command
    assert set(roles) == {"install", "run", "test"}, lines
    return roles


def quick_start() -> dict[str, str]:
    """The quick start's shell lines, by the first word that tells them apart."""
    lines = [command for command, _ in commands(blocks("Quick start", "sh")[0])]
    keyed = {}
    for line in lines:
        key = next(k for k in ("--events", "--flavor mesh", "replay --check", "serve --open", "install.sh") if k in line)
        keyed[key] = line
    assert len(keyed) == len(lines) == 5, lines
    return keyed


def newcomer_env(home: Path | None = None) -> dict:
    env = base_env(home=str(home) if home else os.environ.get("HOME", "/root"))
    env["PATH"] = os.environ.get("PATH", "/usr/bin:/bin")
    return env


def in_folder_like_the_clone(tmp_path: Path) -> Path:
    """A fresh folder holding the clone's build and tests (links), so that a quick-start line run as
    written there writes its files there, not into the repository."""
    work = tmp_path / "work"
    work.mkdir()
    for name in (".build", "Tests", "Scripts"):
        (work / name).symlink_to(REPO / name)
    (work / "home").mkdir()
    return work


@pytest.fixture(scope="module")
def release() -> Path:
    """The README's run command, as written, in a pseudo-terminal from the repository's folder (in CI
    a fresh clone): it builds the release binary and opens Link; the consent pane shows; Ctrl-C leaves
    with status 130 and the terminal restored."""
    run = setup_commands()["run"]
    p = PtyProcess.spawn([BASH, "-c", run], env=newcomer_env(), cwd=str(REPO))
    try:
        p.wait_for(CONSENT_TITLE, timeout=BUILD_TIMEOUT)
        p.send(CTRL_C)
        e = p.wait_exit()
        assert e.status == 130, p.describe()
        assert not p.restoration_problems(), p.restoration_problems()
    finally:
        p.close()
    assert RELEASE.is_file()
    return RELEASE


def test_ci_runs_exactly_the_readme_test_command():
    ci = [line.strip() for line in (REPO / ".ci" / "run").read_text().splitlines()
          if line.strip() and not line.lstrip().startswith("#") and not line.startswith(("set ", "cd "))]
    assert ci == [setup_commands()["test"]], ci


def test_the_set_up_installs_what_the_test_command_checks_for():
    # the apt line installs ncurses' headers, which the build needs and Tests/run.sh looks for
    assert "libncurses-dev" in setup_commands()["install"].split()
    assert "libncurses-dev" in (REPO / "Tests" / "run.sh").read_text()


def test_the_run_command_opens_link_on_the_release_binary(release):
    # the fixture ran it; the binary it built is the optimised one
    assert "release" in release.parts


def test_quick_start_serve_line_lets_a_visitor_in_over_ssh(release, tmp_path):
    """`serve --open` as written (127.0.0.1:2222, the host key made under HOME); the visitor's ssh
    line as the comment gives it reaches the consent pane."""
    ssh, keygen = shutil.which("ssh"), shutil.which("ssh-keygen")
    if ssh is None or keygen is None:
        pytest.fail("the test command installs OpenSSH's client; ssh or ssh-keygen is missing")
    work = in_folder_like_the_clone(tmp_path)
    key = work / "visitor"
    subprocess.run([keygen, "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True, stdin=subprocess.DEVNULL)
    # the line builds the server (in the clone's folder, where the package is), then runs it
    build, run = quick_start()["serve --open"].split(" && ", 1)
    assert build == "swift build -c release --static-swift-stdlib --product linkterm-serve", build
    built = subprocess.run([BASH, "-c", build], cwd=REPO, env=newcomer_env(), capture_output=True, text=True,
                           timeout=BUILD_TIMEOUT, stdin=subprocess.DEVNULL)
    assert built.returncode == 0, built.stdout[-4000:] + built.stderr[-4000:]
    server = subprocess.Popen([BASH, "-c", "exec " + run], cwd=work,
                              env=newcomer_env(work / "home"), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              stdin=subprocess.DEVNULL, text=True)
    try:
        banner = ""
        while "2222" not in banner:
            line = server.stdout.readline()
            assert line, f"the server ended before listening: {banner}"
            banner += line
        visitor = PtyProcess.spawn([ssh, "-t", "-p", "2222", "-i", str(key), "-o", "StrictHostKeyChecking=no",
                                    "-o", "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes", "-o", "LogLevel=ERROR",
                                    "localhost"], env=newcomer_env(work / "home"), cwd=str(work))
        try:
            visitor.wait_for(CONSENT_TITLE)
            visitor.send(CTRL_C)
            visitor.wait_exit()
        finally:
            visitor.close()
    finally:
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=30) == 0


def test_quick_start_keys_sign_in_move_log_timeline_and_exit(release, tmp_path):
    """The quick start's key table, each line tried: Enter, ↑/↓, Tab, Esc back; pass_good and
    mfa_device (code 1234); F2, F3 (Enter inspects), F4; Ctrl-X asks, Ctrl-C leaves."""
    p = PtyProcess.spawn([str(release)], env=newcomer_env(tmp_path), cwd=str(tmp_path), rows=30, cols=100)
    try:
        p.wait_for(CONSENT_TITLE)
        to_search(p)                                    # Enter: the pane's main action
        p.send(b"\x1b[B")                               # ↓ moves in the list
        p.wait_until(lambda: "\u203a First Gingham Credit Union" in p.screen.text(), "the second bank highlighted")
        p.send(b"\x1b[A")                               # ↑
        p.wait_until(lambda: "\u203a First Platypus Bank" in p.screen.text(), "the first bank highlighted")
        p.send(ENTER)
        p.wait_for("Enter your First Platypus Bank credentials")
        p.send(ESC)                                     # Esc goes back
        p.wait_for(SEARCH_HINT)
        p.send(ENTER)
        p.wait_for("Enter your First Platypus Bank credentials")
        sign_in(p, "mfa_device")                        # user_good, Tab, the password
        p.wait_for("Verify your identity")
        p.send(ENTER)                                   # the first device
        p.wait_for("Enter your verification code")
        p.type("1234")                                  # code 1234
        p.send(ENTER)
        p.wait_for("Choose the accounts to share")
        assert "Events (" in p.screen.text(), p.describe()  # at 100x30 the log shows under the card
        p.send(F2)                                      # F2 hides it
        p.wait_until(lambda: "Events (" not in p.screen.text(), "F2 hid the log")
        p.send(F2)                                      # and shows it
        p.wait_for("Events (")
        p.send(F3)                                      # F3: browse it; Enter inspects an event
        p.send(ENTER)
        p.wait_for("event_name: ")
        p.send(ESC)                                     # (Esc alone counts after 50 ms: wait for it)
        p.wait_until(lambda: "event_name: " not in p.screen.text(), "the inspector closed")
        p.send(F3)                                      # F3 again: back to the pane
        p.send(F4)                                      # F4: the session as a timeline
        p.wait_for("CREDENTIAL")
        p.send(ESC)
        p.wait_until(lambda: "CREDENTIAL" not in p.screen.text(), "the timeline closed")
        p.wait_for("Choose the accounts to share")
        p.send(CTRL_X)                                  # Ctrl-X asks to exit
        p.wait_for("Are you sure you want to exit?")
        p.send(CTRL_C)                                  # Ctrl-C leaves at once
        e = p.wait_exit()
        assert e.status == 130, p.describe()
        assert not p.restoration_problems(), p.restoration_problems()
    finally:
        p.close()


def test_quick_start_events_line_writes_every_event(release, tmp_path):
    work = in_folder_like_the_clone(tmp_path)
    p = PtyProcess.spawn([BASH, "-c", quick_start()["--events"]], env=newcomer_env(work / "home"), cwd=str(work))
    try:
        link_to_the_end(p)
    finally:
        p.close()
    names = [record_name(r) for r in read_records(work / "events.jsonl")]
    assert names[:2] == ["load", "OPEN"] and names[-2:] == ["success", "HANDOFF"], names


def test_quick_start_mesh_line_connects_with_the_sandbox_credentials(release, tmp_path):
    work = in_folder_like_the_clone(tmp_path)
    p = PtyProcess.spawn([BASH, "-c", quick_start()["--flavor mesh"]], env=newcomer_env(work / "home"), cwd=str(work))
    try:
        mesh_to_connected(p, "Binance")                 # username Mesh, password Pass123, code 123456
        p.send(ENTER)
        assert p.wait_exit().status == 0, p.describe()
        assert "onIntegrationConnected" in strip_escapes(bytes(p.log)), p.describe()
    finally:
        p.close()


def test_quick_start_replay_check_passes_the_scenario_library(release, tmp_path):
    work = in_folder_like_the_clone(tmp_path)
    done = subprocess.run([BASH, "-c", quick_start()["replay --check"]], cwd=work, env=newcomer_env(work / "home"),
                          capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    scenarios = len(list((REPO / "Tests" / "Scenarios").glob("*.txt")))
    assert re.search(rf"\b{scenarios} passed\b", done.stdout), done.stdout[-2000:]


def test_quick_start_install_line_installs_a_stripped_binary_completions_and_man_pages(release, tmp_path):
    prefix = tmp_path / "prefix"
    env = {**newcomer_env(), "PREFIX": str(prefix)}
    done = subprocess.run([BASH, "-c", quick_start()["install.sh"]], cwd=REPO, env=env, capture_output=True,
                          text=True, timeout=BUILD_TIMEOUT, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    binary = prefix / "bin" / "linkterm"
    sections = subprocess.run(["readelf", "-S", "-W", str(binary)], capture_output=True, text=True, check=True).stdout
    assert ".symtab" not in sections and ".debug_info" not in sections, "the installed binary is not stripped"
    assert binary.stat().st_size < release.stat().st_size
    # the SSH server, beside it (where `linkterm serve` looks), stripped too
    server = prefix / "bin" / "linkterm-serve"
    sections = subprocess.run(["readelf", "-S", "-W", str(server)], capture_output=True, text=True, check=True).stdout
    assert ".symtab" not in sections and ".debug_info" not in sections, "the installed server is not stripped"
    by_hand = subprocess.run([str(server)], capture_output=True, text=True, env=newcomer_env(tmp_path), stdin=subprocess.DEVNULL)
    assert by_hand.returncode == 2 and "run linkterm serve" in by_hand.stderr, by_hand
    helped = subprocess.run([str(binary), "--help"], capture_output=True, text=True, env=newcomer_env(tmp_path))
    assert helped.returncode == 0 and "USAGE: linkterm" in helped.stdout
    # found where a shell finds them: PATH, MANPATH, bash-completion's folder
    found = subprocess.run([BASH, "-c", "command -v linkterm"], env={**newcomer_env(tmp_path), "PATH": f"{prefix}/bin:/usr/bin:/bin"},
                           capture_output=True, text=True)
    assert found.stdout.strip() == str(binary)
    man = subprocess.run(["man", "-P", "cat", "linkterm"], env={**newcomer_env(tmp_path), "MANPATH": str(prefix / "share" / "man"),
                                                               "MANWIDTH": "80"}, capture_output=True, text=True)
    assert man.returncode == 0 and "linkterm" in man.stdout and "--events" in man.stdout, man.stderr
    assert (prefix / "share" / "man" / "man1" / "linkterm.replay.1").is_file()
    completion = prefix / "share" / "bash-completion" / "completions" / "linkterm"
    complete = subprocess.run([BASH, "-c", f"source {completion} && complete -p linkterm"], capture_output=True, text=True)
    assert complete.returncode == 0 and "linkterm" in complete.stdout, complete.stderr
    assert "_linkterm" in (prefix / "share" / "zsh" / "site-functions" / "_linkterm").read_text()
    assert "linkterm" in (prefix / "share" / "fish" / "vendor_completions.d" / "linkterm.fish").read_text()
    size = re.search(r"\((\d+) MiB, stripped\)", done.stdout)
    assert size, done.stdout


def test_theme_example_is_a_theme_linkterm_takes(release, tmp_path):
    theme = json.loads(blocks("Themes", "json")[0])
    path = tmp_path / "harbour.json"
    path.write_text(json.dumps(theme))
    p = PtyProcess.spawn([str(release), "--theme", str(path)], env=newcomer_env(tmp_path), cwd=str(tmp_path))
    try:
        p.wait_for(CONSENT_TITLE)
        p.send(CTRL_C)
        assert p.wait_exit().status == 130, p.describe()
    finally:
        p.close()
    flat = tmp_path / "flat.json"
    flat.write_text('{"accent": "#ff0000"}')
    refused = subprocess.run([str(release), "--theme", str(flat)], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert refused.returncode == 2 and 'goes inside "colors"' in refused.stderr, refused.stderr


def test_embedding_snippet_as_printed_shows_its_callbacks_after_link_closes(tmp_path):
    """The Package.swift and main.swift of the README's embedding section, as printed (the path to
    this repository put in place of ../linkterm), built outside the repository in a folder not
    called linkterm; the program signs in, and its callbacks' lines show after the screen closes.
    (With $LINKTERM_OUTSIDE_BUILD, the app is made in that folder, whose MyApp/.build
    Tests/pty/test_outside_package.py's package shares: see its shared_build.)"""
    manifest, program = blocks("Embedding it in a Swift program", "swift")[:2]
    shared = os.environ.get("LINKTERM_OUTSIDE_BUILD")
    app = (Path(shared) if shared else tmp_path) / "MyApp"
    (app / "Sources" / "MyApp").mkdir(parents=True)
    assert '"../linkterm"' in manifest
    (app / "Package.swift").write_text(manifest.replace('"../linkterm"', json.dumps(str(REPO))))
    (app / "Sources" / "MyApp" / "main.swift").write_text(program)
    # (without an index, which nothing reads, as test_outside_package.py's package, which shares the folder)
    built = subprocess.run(["swift", "build", "--disable-index-store"], cwd=app, capture_output=True, text=True, timeout=BUILD_TIMEOUT,
                           stdin=subprocess.DEVNULL)
    assert built.returncode == 0, built.stdout[-4000:] + built.stderr[-4000:]
    p = PtyProcess.spawn([str(app / ".build" / "debug" / "MyApp")], env=newcomer_env(tmp_path), cwd=str(tmp_path))
    try:
        link_to_the_end(p)
        data = bytes(p.log)
        left = data.rfind(b"\x1b[?1049l")
        assert left >= 0, p.describe()
        during, after = strip_escapes(data[:left]), strip_escapes(data[left:]).replace("\r", "")
        assert re.search(r"^onSuccess public-sandbox-[0-9a-f-]{36}$", after, re.M), after
        assert "onSuccess" not in during, "the callback's line reached Link's screen"
    finally:
        p.close()
