"""A Swift package outside this repository (Tests/OutsidePackage, copied to a temporary folder)
depends on linkterm by path and holds only the seeds' own samples (seed 001's Standard Link quick
start; seed 000's handler that presents Link from onLoad; seed 004's LinkKit v1 delegate and
presentation; seed 003's Mesh LinkSDK v2 calls), changed where a terminal needs it (see each
file's head), and DocumentedSymbols, every symbol of issue 29's point 7 as the documents spell
them. It builds, and each program completes a sandbox session through the API in a
pseudo-terminal: onLoad, an onEvent per event, then onSuccess (v1: a didHandleEvent per event,
then didSucceedWithPublicToken with the kPLKMetadata keys; Mesh: onIntegrationConnected)."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from ptyharness import mesh_to_connected, ENTER, PtyProcess, REPO, base_env, link_to_the_end, strip_escapes

NSLOG = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} \w+\[\d+:\w+\] (.*)$")


def shared_build() -> Path | None:
    """With $LINKTERM_OUTSIDE_BUILD (Tests/run.sh sets it), the build folder this package shares
    with the README's MyApp (Tests/readme: MyApp is made in that folder and built as printed, into
    its .build): both depend on this checkout by path, so SwiftPM's commands for linkterm's
    libraries are the same in both, and they compile once for the two packages instead of twice.
    A command whose flags or inputs differ is not shared but run again, so a shared folder builds
    exactly what a fresh one would."""
    folder = os.environ.get("LINKTERM_OUTSIDE_BUILD")
    return Path(folder) / "MyApp" / ".build" if folder else None


@pytest.fixture(scope="module")
def outside(tmp_path_factory) -> Path:
    """The package, copied outside the repository and built (once for the module)."""
    root = tmp_path_factory.mktemp("outside") / "SeedSamples"
    shutil.copytree(REPO / "Tests" / "OutsidePackage", root)
    manifest = (root / "Package.swift.in").read_text().replace("@LINKTERM@", str(REPO))
    (root / "Package.swift").write_text(manifest)
    scratch = shared_build()
    arguments = ["--scratch-path", str(scratch)] if scratch else []
    # no index (nothing reads it; it costs about a fifth of a debug build), as the README's app beside it
    built = subprocess.run(["swift", "build", "--disable-index-store", *arguments], cwd=root, capture_output=True, text=True, timeout=1200,
                           stdin=subprocess.DEVNULL)
    assert built.returncode == 0, built.stdout[-4000:] + built.stderr[-4000:]
    return (scratch or root / ".build") / "debug"


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
    # onLoad once create has returned (seed 000: "to know when Link has finished preloading and is
    # ready to be presented"): the app opens at once, before its run loop turns, so Link calls it
    # as it opens (the sample's closure saw its view controller alive), then every event,
    # onSuccess, HANDOFF
    assert lines[:3] == ["open", "onLoad true", "onEvent OPEN"], lines
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


# seed 000: "Example: Automatically present Link once it has loaded" --
# `self.handler?.open(presentUsing: .viewController(self))` inside onLoad. Issue 29: "Seed 000's
# auto-open-on-load sample opens Link; onLoad is called once, after `create` returns."
def test_the_seed_handler_presents_link_from_onload(outside, home):
    lines, _ = run_to_success(outside / "SeedAutoOpen", home)
    assert lines[:3] == ["created", "onLoad handler=true", "onEvent OPEN"], lines
    assert sum(line.startswith("onLoad") for line in lines) == 1, lines
    assert any(re.fullmatch(r"onSuccess public-sandbox-[0-9a-f-]{36}", line) for line in lines), lines
    assert lines[-1] == "done", lines


# issue 29: "An outside package presents Mesh in a terminal using only the public API, as the
# README shows"; seed 003: "The callback onIntegrationConnected is called with LinkPayload once an
# integration has been connected."
def test_the_seed_mesh_calls_present_link_in_a_terminal(outside, home):
    p = PtyProcess.spawn([str(outside / "SeedMeshQuickStart")], env=base_env(home=str(home / "home")), cwd=str(home))
    try:
        mesh_to_connected(p)
        p.send(ENTER)  # Done
        e = p.wait_exit()
        assert e.signal is None and e.status == 0, p.describe()
        logged = strip_escapes(bytes(p.log)).replace("\r", "")
        lines = [m.group(1) for line in logged.split("\n") if (m := NSLOG.search(line.strip()))]
        assert lines == ["onEvent loaded", "onEvent integrationSelected", "onEvent credentialsEntered",
                         "onEvent integrationMfaRequired", "onEvent integrationMfaEntered",
                         "onIntegrationConnected accessToken Kraken", "onExit"], lines
    finally:
        p.close()


def run_symbols(outside: Path, home: Path, *arguments: str, diagnostics: str | None = None):
    env = base_env(home=str(home / "home"))
    if diagnostics is not None:
        env["PLKPLAIDLINK_DIAGNOSTICS"] = diagnostics
    return subprocess.run([str(outside / "DocumentedSymbols"), *arguments], env=env, cwd=str(home),
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)


def test_every_documented_symbol_compiles_and_means_what_the_documents_say(outside, home):
    done = run_symbols(outside, home)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "institutionID=ins_109508 accountID=vzeNDwK7KQIm4yEog683uElbp9GRLEFXGK98D mask=0000 "
        'metadataJSON={"view_name":"CONSENT"}',
        # seed 002: "identityVerificationReviewStep The user has reached the pending review state."
        "event=IDENTITY_VERIFICATION_PENDING_REVIEW_STEP",
        "version=0.1.0 terminal=TerminalPresentation",
        # seed 004: "You should use `PLKOAuthStateIdFromURL` to get the correct `oauthStateId` to use."
        "oauthStateId=4e8eb3e3-1b5a-4b10-a8e9-e1bb1bb6fa5e",
    ], done.stdout


# seed 004: "LinkKit will use the value of the `PLKPLAIDLINK_DIAGNOSTICS` environment variable and
# enable different logging to the console. Supported values ... 0 None, 1 Error, 2 Warning, 3 Info,
# 4 Debug"
def test_plkplaidlink_diagnostics_sets_what_v1_logs_to_the_console(outside, home):
    quiet = run_symbols(outside, home, "open")
    assert "didExitWithError" in quiet.stdout and "oauthStateId of the controller=4e8eb3e3" in quiet.stdout, quiet.stdout
    assert "LinkKit [" not in quiet.stderr, quiet.stderr
    errors = run_symbols(outside, home, "open", diagnostics="1")
    logged = [line for line in errors.stderr.splitlines() if line.startswith("LinkKit [")]
    assert logged == ["LinkKit [Error] exit with INTERNAL/NO_TERMINAL: Link could not be shown: standard input and "
                      "output must be a terminal for the full-screen interface"], errors.stderr
    debug = run_symbols(outside, home, "open", diagnostics="4")
    levels = [line.split("]")[0] + "]" for line in debug.stderr.splitlines() if line.startswith("LinkKit [")]
    assert levels == ["LinkKit [Info]", "LinkKit [Debug]", "LinkKit [Error]", "LinkKit [Warning]", "LinkKit [Debug]"], debug.stderr
    wrong = run_symbols(outside, home, "open", diagnostics="loud")
    assert ('LinkKit: PLKPLAIDLINK_DIAGNOSTICS="loud" is not a log level (0 None, 1 Error, 2 Warning, 3 Info, 4 Debug): '
            "no diagnostics") in wrong.stderr, wrong.stderr


# issue 29: "v1 code that passes a public key (`env: .sandbox`) should get the migration message
# other public-key paths give"
def test_v1_public_key_code_gets_the_migration_message(outside, tmp_path):
    sample = tmp_path / "main.swift"
    sample.write_text('import LinkKit\nimport LinkUI\n'
                      'let linkConfiguration = PLKConfiguration(key: "<#YOUR_PLAID_PUBLIC_KEY#>", env: .sandbox, product: .auth)\n')
    checked = subprocess.run(["swiftc", "-typecheck", str(sample), *module_flags(outside)],
                             capture_output=True, text=True, timeout=600)
    assert checked.returncode != 0
    assert ("'init(key:env:product:)' is unavailable: public_key integrations no longer open Link: create a link_token "
            "on your server with /link/token/create and use PLKConfiguration(linkToken:)") in checked.stderr, checked.stderr
    assert "has no member 'sandbox'" not in checked.stderr, checked.stderr


VERBATIM = REPO / "Tests" / "OutsidePackage" / "Verbatim"
IMPORTS = {"plaid": "import LinkKit\nimport LinkUI\n", "mesh": "import LinkSDK\nimport LinkUI\n"}


def module_flags(outside: Path) -> list[str]:
    """What swiftc needs to import the built LinkKit, LinkSDK and LinkUI: their modules and the
    module maps of the C modules under them."""
    flags = ["-I", str(outside / "Modules")]
    for name in ("CScan", "CNcurses"):
        flags += ["-Xcc", f"-fmodule-map-file={outside / (name + '.build') / 'module.modulemap'}"]
    return flags


def with_imports_changed(path: Path) -> str:
    """The sample with only its imports changed: `import UIKit` or `import SwiftUI` becomes
    `import LinkUI`; a fragment with no import gets its SDK's (LinkKit or LinkSDK, and LinkUI)."""
    text = path.read_text()
    if re.search(r"^import ", text, re.M):
        return re.sub(r"^import (UIKit|SwiftUI)$", "import LinkUI", text, flags=re.M)
    return IMPORTS[path.name.split("_")[0]] + text


def compiles(outside: Path, path: Path, scratch: Path) -> tuple[bool, str]:
    folder = scratch / path.stem
    folder.mkdir()
    (folder / "main.swift").write_text(with_imports_changed(path))
    checked = subprocess.run(["swiftc", "-typecheck", "main.swift", *module_flags(outside)], cwd=folder,
                             capture_output=True, text=True, timeout=600)
    first = next((line for line in checked.stderr.splitlines() if ": error: " in line), "")
    return checked.returncode == 0, first.split(": error: ", 1)[-1]


# The README's "what compiles unchanged" figures, measured: each seed sample in
# Tests/OutsidePackage/Verbatim, type-checked with only its imports changed. The README states the
# figures; this test measures them and fails when the README and the measure disagree.
def test_the_readme_figures_of_what_compiles_unchanged_are_measured(outside, tmp_path):
    results = {path.stem: compiles(outside, path, tmp_path) for path in sorted(VERBATIM.glob("*.swift"))}
    report = "\n".join(f"{name}: {'compiles' if ok else 'does not: ' + why}" for name, (ok, why) in results.items())
    print(report)
    readme = (REPO / "README.md").read_text()
    for sdk in ("plaid", "mesh"):
        mine = {name: ok for name, (ok, _) in results.items() if name.startswith(sdk)}
        figure = f"{sum(mine.values())} of the {len(mine)} {'Plaid' if sdk == 'plaid' else 'Mesh'} seed samples"
        assert figure in readme, f"the README does not say '{figure}' (measured):\n{report}"
    # each sample that does not compile fails for the app's own scaffolding or the seed's own
    # placeholders (a view controller `self`, UIKit, an empty case), never for a missing symbol of ours
    for name, (ok, why) in results.items():
        assert ok or not re.search(r"cannot find '(PresentationMethod|InstitutionID|AccountID|AccountMask|RawJSONMetadata|"
                                   r"PLKOAuthStateIdFromURL|LinkStore|LinkSettings|TerminalLinkHost)'", why), report
