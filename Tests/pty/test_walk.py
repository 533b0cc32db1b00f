"""`linkterm walk` (issue 30): a tester walks a scenario by hand in the real binary, at 80x24; the
checklist ticks the steps as they are done, an off-script action and an unmet expectation show in
place, F6 marks a step failed with a note, SIGTERM mid-walk still writes both reports, and the
JUnit files (the walk's and `replay --check --junit`'s) are read by a real JUnit reader
(junitparser): suites, cases, failures and their messages.
"""
from __future__ import annotations

import signal
import subprocess

from junitparser import Error, Failure, JUnitXml, Skipped

from ptyharness import DOWN, ENTER, ESC, REPO, SEARCH_HINT, TAB, linkterm_binary, sign_in, start, to_connected, to_search

SCENARIOS = REPO / "Tests" / "Scenarios"
F5, F6, F7 = b"\x1b[15~", b"\x1b[17~", b"\x1b[18~"
CTRL_U = b"\x15"


def choose_the_second_bank(p):
    """From the start: to institution search, "first platypus" typed, the second bank chosen
    (off mfa_device.txt's script, which chooses the first)."""
    to_search(p)
    p.type("first platypus")
    p.wait_for("\u203a First Platypus Bank")
    p.send(DOWN)
    p.wait_until(lambda: "\u203a First Platypus Bank" not in p.screen.text(), "the second bank highlighted")
    p.send(ENTER)


def cases(path):
    """The suites of a JUnit file, each as (name, [(case name, verdict, message)])."""
    xml = JUnitXml.fromfile(str(path))
    suites = []
    for suite in xml:
        rows = []
        for case in suite:
            results = case.result
            verdict, message = "passed", None
            for result in results:
                if isinstance(result, Failure):
                    verdict, message = "failed", result.message
                elif isinstance(result, Error):
                    verdict, message = "error", result.message
                elif isinstance(result, Skipped):
                    verdict, message = "skipped", result.message
            rows.append((case.name, verdict, message))
        suites.append((suite.name, rows))
    return suites


def walk_pass_good(p):
    """pass_good.txt's steps, by hand: consent, the search, First Platypus Bank, user_good, every account, done."""
    start(p)
    to_search(p)
    p.type("first platypus")
    p.wait_for("\u203a First Platypus Bank")
    p.send(ENTER)
    p.wait_for("Enter your First Platypus Bank credentials")
    sign_in(p, "pass_good")
    to_connected(p)
    p.send(ENTER)


def test_a_walk_of_the_scenario_s_own_steps_reports_what_replay_says(spawn, home):
    """Every step ticked as it is done, on the checklist at 80x24; the JUnit the walk writes has the
    same suite, cases and verdicts as `replay --check --junit` of the same file (both read by
    junitparser), and the report lists each step passed."""
    report, junit = home / "walk.md", home / "walk.xml"
    scenario = SCENARIOS / "pass_good.txt"
    p = spawn(["walk", scenario, "--report", report, "--junit", junit], stderr_pipe=True)
    start(p)
    p.wait_for("Walk 1/7")
    p.wait_for("\u25b6 Continue (the pane's main button)")
    to_search(p)
    p.wait_for("\u2713 Continue (the pane's main button)")
    p.type("first platypus")
    p.wait_for("\u2713 Search for first platypus")
    p.wait_for("\u2713 expect SEARCH_INSTITUTION")
    p.wait_for("\u203a First Platypus Bank")
    p.send(ENTER)
    p.wait_for("\u2713 Choose First Platypus Bank (ins_109508)")
    sign_in(p, "pass_good")
    to_connected(p)
    p.send(ENTER)
    assert p.wait_exit().status == 0, p.describe()
    replayed = home / "replay.xml"
    run = subprocess.run([linkterm_binary(), "replay", "--check", str(scenario), "--junit", str(replayed)],
                         capture_output=True, text=True, cwd=home)
    assert run.returncode == 0, run.stderr
    walked = cases(junit)
    assert walked == cases(replayed)
    assert walked == [(str(scenario), [
        ("01 line 2: Open the session", "passed", None),
        ("02 line 3: Continue (the pane's main button)", "passed", None),
        ("03 line 5: Search for first platypus", "passed", None),
        ("04 line 7: Choose First Platypus Bank (ins_109508)", "passed", None),
        ("05 line 10: Sign in as user_good with pass_good", "passed", None),
        ("06 line 14: Choose every account", "passed", None),
        ("07 line 16: Continue (the pane's main button)", "passed", None),
    ])]
    text = report.read_text()
    assert f"## {scenario}: passed" in text and "- Terminal: 80x24" in text, text
    assert "- \u2713 line 10: Sign in as user_good with pass_good: passed" in text, text
    assert "### Timeline" in text, text
    assert "linkterm: walk " in p.stderr_data.decode() and ": passed: 7 steps" in p.stderr_data.decode()


def test_off_script_unmet_and_a_note_show_in_place_and_sigterm_writes_both_reports(spawn, home):
    """Another bank is off script, named on the checklist with the step expected; back (Esc) and
    the right one tick the step; a wrong password typed is off script and reaches neither the
    checklist nor the reports; an expectation the session does not meet is ✗ with the closest
    record; F6 marks a step failed with a typed note; SIGTERM mid-walk exits 143 with both reports."""
    scenario = home / "walk.txt"
    scenario.write_text("expect OPEN view_name=CONSENT\ncontinue\nsearch first platypus\nselect ins_109508\n"
                        "credentials user_good pass_good\nexpect SUBMIT_CREDENTIALS institution_id=ins_109508\n"
                        "expect TRANSITION_VIEW view_name=MFA\naccounts all\ncontinue\nexpect success accounts=9\n")
    report, junit = home / "walk.md", home / "walk.xml"
    p = spawn(["walk", scenario, "--report", report, "--junit", junit], stderr_pipe=True)
    start(p)
    choose_the_second_bank(p)
    p.wait_for("Off script: you chose First Platypus Balance Bank (ins_130016); the scenario")
    p.wait_for("expects: Choose First Platypus Bank (ins_109508) (line 4)")  # wrapped at 80 columns
    p.send(ESC)
    p.wait_for(SEARCH_HINT)  # back on the search, emptied: First Platypus Bank first among the popular
    p.wait_for("Off script: you went back")
    p.send(ENTER)
    p.wait_for("\u2713 Choose First Platypus Bank (ins_109508)")
    sign_in(p, "hunter2-canary")
    p.wait_for("Off script: you signed in as user_good, with other typed values")
    p.wait_for("\u2717 ")  # the inline error; the password field is empty and focused again
    p.type("pass_good")
    p.send(ENTER)
    p.wait_for("Choose the accounts to share")
    p.wait_for("\u2026 Sign in as user_good with pass_good")  # done; its MFA expectation still waiting
    p.send(F6)
    p.wait_for("Failed, note:")
    p.type("the list shows 9 accounts, 8 expected")
    p.send(ENTER)
    p.wait_for("\u2717 Choose every account")
    # the sign-in's window closed with the next step: its MFA expectation unmet, the closest record
    # under it (replay's choice: the first of those missing fewest keys)
    p.wait_for("closest: TRANSITION_VIEW view_name=LOADING institution_id=ins_109508: view")
    assert "hunter2" not in p.screen.text()
    p.signal(signal.SIGTERM)
    assert p.wait_exit().status == 143, p.describe()
    suites = cases(junit)
    assert [name for name, _ in suites] == [str(scenario)]
    rows = suites[0][1]
    assert [(name, verdict) for name, verdict, _ in rows] == [
        ("01 line 1: Open the session", "passed"),
        ("02 line 2: Continue (the pane's main button)", "passed"),
        ("03 line 3: Search for first platypus", "passed"),
        ("04 line 4: Choose First Platypus Bank (ins_109508)", "passed"),
        ("05 line 5: Sign in as user_good with pass_good", "failed"),
        ("06 line 8: Choose every account", "failed"),
        ("07 line 9: Continue (the pane's main button)", "skipped"),
    ]
    assert rows[4][2] == "expectation not met: expect TRANSITION_VIEW view_name=MFA (line 7)"
    assert rows[5][2] == "marked failed: the list shows 9 accounts, 8 expected"
    assert rows[6][2] == "not reached"
    text = report.read_text()
    assert "off script: you chose First Platypus" in text, text
    assert "closest: TRANSITION_VIEW view_name=LOADING institution_id=ins_109508: view_name is LOADING, not MFA" in text, text
    assert "- \u00b7 line 9: Continue (the pane's main button): not reached" in text, text
    for written in (text, junit.read_text()):
        assert "hunter2" not in written  # the password typed; the scenario's own (pass_good) is its step's words


def test_a_mesh_walk_by_hand(spawn, home):
    """mesh_connect_mfa.txt (its `option flavor mesh` makes the walk Mesh's) walked by hand, with a
    wrong password on the way: every step passes; the wrong password is a note, never its value."""
    report, junit = home / "walk.md", home / "walk.xml"
    p = spawn(["walk", SCENARIOS / "mesh_connect_mfa.txt", "--report", report, "--junit", junit], stderr_pipe=True)
    p.wait_for("Select an exchange, brokerage or wallet")
    p.wait_for("\u25b6 Search for bin")
    p.type("bin")
    p.wait_until(lambda: "\u203a Binance" in p.screen.text(), "Binance highlighted")
    p.wait_for("\u2713 Search for bin")
    p.send(ENTER)
    p.wait_for("Sign in to Binance")
    p.wait_for("\u2713 Choose Binance")
    p.type("Mesh")
    p.send(TAB)
    p.type("hunter2-canary")
    p.send(ENTER)
    p.wait_for("Invalid username or password")
    p.wait_for("Off script: you signed in as Mesh, with other typed values")
    p.send(CTRL_U)
    p.type("Pass123")
    p.send(ENTER)
    p.wait_for("Enter the code Binance sent you")
    p.type("123456")
    p.send(ENTER)
    p.wait_for("Your Binance account is connected")
    p.send(ENTER)  # Done
    assert p.wait_exit().status == 0, p.describe()
    rows = cases(junit)[0][1]
    assert all(verdict == "passed" for _, verdict, _ in rows), rows
    assert [name for name, _, _ in rows] == [
        "01 line 3: Search for bin", "02 line 4: Choose Binance", "03 line 6: Sign in as Mesh with Pass123",
        "04 line 9: Enter the code 123456", "05 line 12: Continue (the pane's main button)"]
    text = report.read_text()
    assert "off script: you signed in as Mesh, with other typed values" in text and "hunter2" not in text, text


def test_replay_check_junit_names_each_failure(home):
    """`replay --check --junit`: one suite per file; an unmet expectation fails its step with the
    message replay prints and the steps after it are skipped; a malformed file is an error."""
    (home / "lib").mkdir()
    good = (SCENARIOS / "mfa_device.txt").read_text()
    (home / "lib" / "a_good.txt").write_text(good)
    (home / "lib" / "b_unmet.txt").write_text(good.replace("view_name=MFA mfa_type=device", "view_name=MFA mfa_type=code"))
    (home / "lib" / "c_bad.txt").write_text("continue\nfrobnicate\n")
    out = home / "check.xml"
    run = subprocess.run([linkterm_binary(), "replay", "--check", "lib", "--junit", str(out)], capture_output=True, text=True,
                         cwd=home)
    assert run.returncode == 1, run.stderr
    assert run.stdout.splitlines()[-1] == "1 passed, 2 failed"
    xml = JUnitXml.fromfile(str(out))
    assert (xml.tests, xml.failures, xml.errors) == (19, 1, 1)
    suites = cases(out)
    assert [name for name, _ in suites] == ["lib/a_good.txt", "lib/b_unmet.txt", "lib/c_bad.txt"]
    assert all(verdict == "passed" for _, verdict, _ in suites[0][1])
    unmet = suites[1][1]
    assert [verdict for _, verdict, _ in unmet] == ["passed"] * 4 + ["failed"] + ["skipped"] * 4
    assert unmet[4][0] == "05 line 10: Sign in as user_good with mfa_device"
    assert unmet[4][2] == "lib/b_unmet.txt:13: expectation not met: expect TRANSITION_VIEW view_name=MFA mfa_type=code"
    [(name, verdict, message)] = suites[2][1]
    assert (name, verdict) == ("the scenario file", "error")
    assert message.startswith('lib/c_bad.txt:2: unknown step "frobnicate"; steps are: continue, search'), message


def test_walk_refuses_what_it_cannot_do(spawn, home):
    """A malformed scenario is said with its line (status 2) before any screen; a report on the
    scenario itself is refused, the file left as it was."""
    bad = home / "bad.txt"
    bad.write_text("continue\nfrobnicate\n")
    run = subprocess.run([linkterm_binary(), "walk", str(bad)], capture_output=True, text=True, cwd=home)
    assert run.returncode == 2 and f'{bad}:2: unknown step "frobnicate"' in run.stderr, run.stderr
    same = home / "same.txt"
    same.write_text((SCENARIOS / "pass_good.txt").read_text())
    p = spawn(["walk", same, "--report", same], stderr_pipe=True)
    assert p.wait_exit().status == 2, p.describe()
    assert same.read_text() == (SCENARIOS / "pass_good.txt").read_text()
    # the session's options are the scenario's option lines; --seed alone is walk's
    latency = subprocess.run([linkterm_binary(), "walk", str(SCENARIOS / "pass_good.txt"), "--latency", "5"],
                             capture_output=True, text=True, cwd=home)
    assert latency.returncode == 2 and "--latency does not go with walk" in latency.stderr, latency.stderr
    # walk's --theme is the walk's (the session's own --theme took it, and the default theme was drawn)
    themed = spawn(["walk", SCENARIOS / "pass_good.txt", "--theme", "nosuch"], stderr_pipe=True)
    assert themed.wait_exit().status == 2, themed.describe()
    assert b"theme nosuch: no such built-in theme" in themed.stderr_data, themed.describe()


def test_the_readme_s_capture_is_what_a_walk_shows(spawn):
    """The README's QA section shows the bottom of an 80x24 walk of mfa_device.txt after choosing
    the wrong bank: the same lines as the screen."""
    readme = (REPO / "README.md").read_text()
    after = readme.split("The bottom of an 80x24 walk of `mfa_device.txt`", 1)[1]
    shown = after.split("```text\n", 1)[1].split("\n```", 1)[0].splitlines()
    p = spawn(["walk", SCENARIOS / "mfa_device.txt"])
    start(p)
    choose_the_second_bank(p)
    p.wait_for("(line 7)")
    p.wait_for("Tab next field")
    assert [line.rstrip() for line in p.screen.lines()[-len(shown):]] == shown


def test_a_folder_walk_lists_each_state_and_resumes_from_its_run_file(spawn, home):
    """A folder: its scenarios listed with their state in the run; Enter walks the next not run and
    comes back to the list; q stops with the reports of what was walked; --run keeps the state, so a
    second process resumes at the next scenario; one JUnit suite per scenario walked."""
    lib = home / "lib"
    lib.mkdir()
    esc = (SCENARIOS / "exit_at_consent_with_esc.txt").read_text()
    (lib / "a_esc.txt").write_text(esc)
    (lib / "b_wrong.txt").write_text(esc.replace("expect exit exit_status=requires_credentials",
                                                 "expect exit exit_status=requires_code"))
    run, report, junit = home / "run.json", home / "run.md", home / "run.xml"
    args = ["walk", "lib", "--run", run, "--report", report, "--junit", junit]
    p = spawn(args)
    p.wait_for("0 of 2 walked")
    p.wait_for("   1  not run     a_esc.txt")
    p.wait_for("   2  not run     b_wrong.txt")
    p.send(ENTER)
    start(p)
    p.send(ESC)  # the scenario's one step: Esc on consent exits at once
    p.wait_for("   1  passed      a_esc.txt")
    p.wait_for("Enter: walk the next not run (2)")
    p.send(b"q\r")
    assert p.wait_exit().status == 1, p.describe()  # not every scenario walked
    assert [name for name, _ in cases(junit)] == ["lib/a_esc.txt"]
    p = spawn(args)
    p.wait_for("1 of 2 walked (1 passed, 0 failed, 0 blocked)")
    p.wait_for("   1  passed      a_esc.txt")
    p.send(ENTER)
    start(p)
    p.send(ESC)
    p.wait_for("   2  failed      b_wrong.txt")
    p.send(b"q\r")
    assert p.wait_exit().status == 1, p.describe()
    suites = cases(junit)
    assert [(name, [verdict for _, verdict, _ in rows]) for name, rows in suites] == [
        ("lib/a_esc.txt", ["passed", "passed"]), ("lib/b_wrong.txt", ["passed", "failed"])]
    assert suites[1][1][1][2].startswith("expectation not met: expect exit exit_status=requires_code (line 5)")
    text = report.read_text()
    assert "## lib/a_esc.txt: passed" in text and "## lib/b_wrong.txt: failed" in text, text


def test_a_note_being_typed_when_sigterm_comes_is_kept(spawn, home):
    """F7 and a note typed, not yet kept with Enter, when SIGTERM comes: the step is blocked with it."""
    junit = home / "walk.xml"
    p = spawn(["walk", SCENARIOS / "pass_good.txt", "--junit", junit])
    start(p)
    p.wait_for("Walk 1/7")
    p.send(F7)
    p.wait_for("Blocked, note:")
    p.type("consent text missing")
    p.wait_for("Blocked, note: consent text missing")
    p.signal(signal.SIGTERM)
    assert p.wait_exit().status == 143, p.describe()
    rows = cases(junit)[0][1]
    assert rows[1] == ("02 line 3: Continue (the pane's main button)", "skipped",
                       "blocked: consent text missing (typed as the walk ended)")


def test_the_scenario_s_text_reaches_the_terminal_sanitized(spawn, home):
    """A scenario whose search and expectation carry a terminal's escape sequence (a window title):
    the checklist shows it escaped or without it; the sequence never reaches the terminal."""
    scenario = home / "hostile.txt"
    scenario.write_text("continue\nsearch first\x1b]0;pwned\x07platypus\n"
                        "expect SEARCH_INSTITUTION institution_search_query=\"x\x1b]0;pwned\x07\"\nquit\n")
    p = spawn(["walk", scenario])
    start(p)
    p.wait_for("Search for first\\u001B]0;pwned\\u0007platypus")
    p.send(ENTER)  # the search step current: its expectation shows
    p.wait_for("expect SEARCH_INSTITUTION institution_search_query=x")
    [line] = [line for line in p.screen.lines() if "expect SEARCH_INSTITUTION" in line]
    assert line.rstrip().endswith("institution_search_query=x"), line  # the sequence left out, not drawn as text
    p.send(b"\x03")
    p.wait_exit()
    assert b"\x1b]0;pwned" not in bytes(p.log)
