"""The interactive binary on a pseudo-terminal, typed into as a person would (Plaid Link): the flows
to the end and their events, MFA, the exit dialog, going back, Ctrl-C, help and the log panel,
resizes, names with emoji sequences or escape sequences, NO_COLOR and an 8-colour terminal, and an
events file that cannot be written. (These were the Swift tmux tests of InteractiveTests.swift.)
"""
from __future__ import annotations

import json
import re
import subprocess

import pytest

from ptyharness import (CTRL_C, ENTER, ESC, F1, F2, TAB, PtyProcess, base_env, linkterm_binary, read_records, record_name,
                        type_credentials_masked)

CTRL_X = b"\x18"
BACKSPACE = b"\x7f"
#: The 8 colours of SGR 30-37 / 40-47, as pyte names them.
BASIC_COLOURS = {"black", "red", "green", "brown", "blue", "magenta", "cyan", "white"}


def event_names(path) -> list[str]:
    return [record_name(record) for record in read_records(path)]


def replay_names(steps: str, *arguments: str) -> list[str]:
    result = subprocess.run([linkterm_binary(), "replay", "-", *arguments], input=steps.encode(),
                            capture_output=True, timeout=60)
    assert result.returncode == 0, result.stderr.decode()
    return [record_name(json.loads(line)) for line in result.stdout.decode().splitlines()]


def start(spawn, home, *arguments, rows=24, cols=80, term="xterm-256color", extra_env=None):
    """linkterm with an (empty) events file and 50 ms of latency; the session and the file."""
    events = home / "events.jsonl"
    events.write_text("")
    p = spawn(["--events", events, "--latency", "50", *arguments], rows=rows, cols=cols,
              env=base_env(term=term, home=str(home / "home")), extra_env=extra_env)
    return p, events


def expect_restored(p: PtyProcess) -> None:
    """After the program ended: the main screen, and every mode it set (alternate screen, keypad,
    cursor keys, mouse, paste, the cursor) and the termios flags back as they were."""
    assert not p.screen.alternate
    assert not p.restoration_problems(), p.restoration_problems()


def to_credentials_of(p: PtyProcess, query: str, shown: str) -> None:
    """From the consent pane: Enter, `query` typed; once `shown` is on the screen, Enter on the
    selected row; waits for its credentials pane."""
    p.wait_for("Link your account")
    p.send(ENTER)
    p.type(query)
    p.wait_for(shown)
    p.send(ENTER)
    p.wait_for("credentials")


@pytest.mark.parametrize("cols, rows", [(80, 24), (160, 48)])
def test_pass_good_typed_ends_with_on_success_and_the_events_match_replay(spawn, home, cols, rows):
    p, events = start(spawn, home, rows=rows, cols=cols)
    p.wait_for("Link your account")
    p.wait_for("\u25c6 onLoad")
    p.send(ENTER)
    p.wait_for("Popular institutions")
    p.type("first platypus")
    p.wait_for('SEARCH_INSTITUTION "first platypus"')
    p.wait_for("\u203a First Platypus Bank")  # (the frame may be read while it is written)
    p.send(ENTER)
    p.wait_for("Enter your First Platypus Bank credentials")
    type_credentials_masked(p, "user_good", "pass_good")
    p.send(ENTER)
    p.wait_for("Choose the accounts to share")
    p.send(b"a")
    p.wait_for("9 of 9 selected")
    p.send(ENTER)
    p.wait_for("\u2713 Success")
    p.wait_for("TRANSITION_VIEW \u2192 CONNECTED")
    p.send(ENTER)
    assert p.wait_exit().status == 0, p.describe()
    expect_restored(p)
    names = event_names(events)
    assert names == ["load", "OPEN", "TRANSITION_VIEW", "SEARCH_INSTITUTION", "SELECT_INSTITUTION", "TRANSITION_VIEW",
                     "SUBMIT_CREDENTIALS", "TRANSITION_VIEW", "TRANSITION_VIEW", "TRANSITION_VIEW", "success", "HANDOFF"]
    assert names == replay_names("continue\nsearch first platypus\nselect ins_109508\ncredentials user_good pass_good\n"
                                 "accounts all\ncontinue\n")
    assert "pass_good" not in events.read_text()
    assert "onSuccess public_token=public-sandbox-" in p.screen.text()


def test_mfa_device_then_the_code_1234_then_success_the_code_never_shows(spawn, home):
    p, events = start(spawn, home)
    to_credentials_of(p, "platypus bank", "First Platypus Bank")
    p.type("user_good")
    p.send(TAB)
    p.type("mfa_device")
    p.send(ENTER)
    p.wait_for("Where should we send your one-time code?")
    p.cursor_key("down")
    p.send(ENTER)
    p.wait_for("Enter your verification code")
    p.type("1234")
    p.wait_for("\u2022" * 4)
    # the pane's sandbox hint names the code; the code typed shows nowhere (the field shows dots)
    p.wait_for("Sandbox: the code is 1234")
    screen = p.screen.text()
    assert "1234" not in screen.replace("Sandbox: the code is 1234", "")
    p.send(ENTER)
    p.wait_for("Choose the accounts to share")
    p.send(b" ")
    p.send(ENTER)
    p.wait_for("\u2713 Success")
    p.send(ENTER)
    assert p.wait_exit().status == 0, p.describe()
    names = event_names(events)
    assert names.count("SUBMIT_MFA") == 2
    assert names[-2:] == ["success", "HANDOFF"]
    text = events.read_text()
    assert '"mfa_type":"device"' in text and '"mfa_type":"code"' in text
    assert "1234" not in text


def test_exit_from_the_credentials_pane_ctrl_x_enter_on_exit_requires_credentials(spawn, home):
    p, events = start(spawn, home, "--log-panel", "off")
    p.wait_for("Link your account")
    p.send(ENTER)
    p.type("tartan bank")
    p.wait_for("\u203a Tartan Bank")
    p.send(ENTER)
    p.wait_for("Enter your Tartan Bank credentials")
    assert "Events (" not in p.screen.text()
    p.type("user_good")
    p.send(TAB)
    p.type("wrong")
    p.send(ENTER)
    p.wait_for("\u2717 The provided credentials were not correct")
    p.send(CTRL_X)
    p.wait_for("Are you sure you want to exit?")
    # Enter's default is to stay (Esc-then-Enter out of habit must not end the session)
    p.send(ENTER)
    p.wait_until(lambda: "Are you sure you want to exit?" not in p.screen.text() and "Password" in p.screen.text(),
                 "the dialog closed on the credentials pane")
    p.send(CTRL_X)
    p.wait_for("Are you sure you want to exit?")
    p.cursor_key("right")
    p.send(ENTER)
    assert p.wait_exit().status == 1, p.describe()
    assert "onExit status=requires_credentials error=ITEM_ERROR/INVALID_CREDENTIALS" in p.screen.text()
    assert event_names(events)[-4:] == ["TRANSITION_VIEW", "TRANSITION_VIEW", "EXIT", "exit"]
    assert '"exit_status":"requires_credentials"' in events.read_text()


def test_esc_on_credentials_goes_back_and_ctrl_c_exits_at_once_with_130(spawn, home):
    p, events = start(spawn, home)
    to_credentials_of(p, "gingham", "\u203a First Gingham Credit Union")
    p.send(ESC)
    p.wait_for("Popular institutions")
    p.send(CTRL_C)
    assert p.wait_exit().status == 130, p.describe()
    expect_restored(p)
    assert event_names(events)[-2:] == ["EXIT", "exit"]


def test_f1_shows_help_with_the_sandbox_credentials_and_f2_hides_the_log(spawn, home):
    p, _ = start(spawn, home)
    p.wait_for("Events (")
    p.send(F1)
    p.wait_for("Sandbox credentials (username user_good)")
    p.send(ESC)
    p.wait_until(lambda: "Sandbox credentials (username" not in p.screen.text(), "the help closed")
    p.send(F2)
    p.wait_until(lambda: "Events (" not in p.screen.text(), "the log panel hidden")
    p.send(F2)
    p.wait_for("Events (")
    p.send(CTRL_C)
    assert p.wait_exit().status == 130, p.describe()


def test_resizes_re_layout_at_once_and_too_small_shows_a_note(spawn, home):
    p, _ = start(spawn, home)
    p.wait_for("Link your account")
    p.resize(15, 50)
    p.wait_for("Terminal too small")
    p.resize(30, 130)

    # the card and the log panel side by side (the card's top row beside the panel's side): the
    # layout for 130 columns, whatever the log panel's times say (they are UTC times of day)
    def laid_out() -> bool:
        text = p.screen.text()
        return ("Link your account" in text and "Terminal too small" not in text and "\u250c Events (" in text
                and any("Link your account" in line and re.search("\u256e +\u2502", line) for line in p.screen.lines()))
    p.wait_until(laid_out, "the 130-column layout")
    p.send(CTRL_C)
    assert p.wait_exit().status == 130, p.describe()


def test_emoji_sequences_joiners_and_selectors_in_names_keep_every_row_80_columns_wide(spawn, home):
    # family (ZWJ), heart + VS16, keycap, skin tone, flag, subdivision flag (tags), text + VS15
    names = ["Family \U0001F468\u200D\U0001F469\u200D\U0001F467 Bank", "Heart \u2764\uFE0F Credit Union",
             "Keycap 1\uFE0F\u20E3 Savings", "Thumbs \U0001F44D\U0001F3FD Trust", "Flag \U0001F1FA\U0001F1F8 National",
             "Tag \U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F Bank", "Text \u263A\uFE0E Bank"]
    directory = home / "emoji.txt"
    directory.write_text("\n".join(names) + "\n")
    p, _ = start(spawn, home, "--institutions", directory)
    p.wait_for("Link your account")
    p.send(ENTER)
    p.type("b")  # four rows, then six: what the first list drew must not stay behind
    p.wait_for("4 results")
    p.send(BACKSPACE)
    p.type("a")
    # "│ › Name      ins_custom_N  │" on the selected (first) row (the id, then the column of the
    # scroll marks, empty here), "│   Name                │" on the others (in the card's margins):
    # the name, then only spaces up to the id or the border;
    # waited for until the frame is whole (the "6 results" line comes before the rows are
    # redrawn), so a row that keeps a stale character (an id left behind), or is shifted, never matches
    selected_row = re.compile(r" *\u2502 \u203a (\S+) (\S+)( \S+)*? +(ins_custom_[1-7])  \u2502 *")
    other_row = re.compile(r" *\u2502   (\S+) (\S+)( \S+)*? +\u2502 *")

    def rows() -> list[str]:
        return [line for line in p.screen.lines() if any(word in line for word in ("Bank", "Credit Union", "Savings", "Trust", "National"))]

    def whole() -> bool:
        listed = rows()
        return ("6 results" in p.screen.text() and len(listed) == 6 and bool(selected_row.fullmatch(listed[0]))
                and all(other_row.fullmatch(row) for row in listed[1:]))
    p.wait_until(whole, "six whole rows")
    for row in rows():
        assert not any(ch in row for ch in "\u200D\uFE0E\uFE0F"), f"a joiner or selector reached the terminal: {row!r}"
    p.send(CTRL_C)
    assert p.wait_exit().status == 130, p.describe()


def test_institutions_the_search_pane_lists_the_custom_directory_names_sanitised(spawn, home):
    directory = home / "banks.txt"
    directory.write_text("Maple Leaf Credit Union\nHarbour \x1b[31mSavings\u202e Cooperative\n")
    p, events = start(spawn, home, "--institutions", directory)
    p.wait_for("Link your account")
    p.send(ENTER)
    p.type("harbour")
    p.wait_until(lambda: any("\u203a Harbour Savings Cooperative" in line and "ins_custom_2" in line for line in p.screen.lines()),
                 "the row of Harbour Savings Cooperative, ins_custom_2")
    p.send(ENTER)
    p.wait_for("Enter your Harbour Savings Cooperative credentials")
    p.send(CTRL_C)
    assert p.wait_exit().status == 130, p.describe()
    assert '"institution_id":"ins_custom_2"' in events.read_text()


def test_only_the_selected_row_shows_its_id_and_the_id_moves_with_the_selection(spawn, home):
    p, _ = start(spawn, home)
    p.wait_for("Link your account")
    p.send(ENTER)
    p.wait_for("Popular institutions")
    typed = p.mark()
    p.type("first plat")

    def row(name: str) -> str:
        return next((line for line in p.screen.lines() if name in line), "")

    def with_ids() -> list[str]:
        return [line for line in p.screen.lines() if "ins_" in line]
    p.wait_until(lambda: "3 results" in p.screen.text() and "ins_109508" in row("\u203a First Platypus Bank ")
                 and "OAuth" in row("First Platypus OAuth App2App Bank"), "the results, the first row selected")
    assert with_ids() == [row("\u203a First Platypus Bank ")], p.describe()
    # the matched letters go out in a colour of the 16-colour palette: ESC [93m, not ESC [38;5;221m
    assert b"\x1b[93m" in p.log[typed:] and b"38;5;221" not in p.log[typed:], bytes(p.log[typed:])
    p.cursor_key("down")
    # the id leaves the row left (erased on the terminal, not only not redrawn) for the row reached
    p.wait_until(lambda: "ins_130016" in row("\u203a First Platypus Balance Bank"), "the id on the row reached")
    assert with_ids() == [row("\u203a First Platypus Balance Bank")], p.describe()
    assert re.fullmatch(r" *\u2502   First Platypus Bank +\u2502 *", row("  First Platypus Bank ")), p.describe()
    p.cursor_key("up")
    p.wait_until(lambda: with_ids() == [row("\u203a First Platypus Bank ")], "the id back on the first row alone")
    p.send(CTRL_C)
    assert p.wait_exit().status == 130, p.describe()


def search_field(p: PtyProcess) -> list:
    """The 40 cells of the search pane's field, after its label ("› Search  ")."""
    label = "\u203a Search  "
    y = next(i for i, line in enumerate(p.screen.lines()) if label in line)
    x = p.screen.lines()[y].index(label) + len(label)
    return [p.screen.cell(y, x + i) for i in range(40)]


def test_a_field_is_a_grey_box_and_the_first_letter_erases_the_hint_at_once(spawn, home):
    p, _ = start(spawn, home)
    p.wait_for("Link your account")
    p.send(ENTER)
    p.wait_for("Popular institutions")
    # grey 236 (#303030), not an underline: a box's blanks are erased in one sequence
    p.wait_until(lambda: all(c.bg == "303030" and not c.underscore for c in search_field(p)),
                 "the hint in a grey box")
    assert "".join(c.data for c in search_field(p)).rstrip() == "a bank's name, or its initials (fpb)", p.describe()
    typed = p.mark()
    p.type("f")
    p.wait_until(lambda: "10 results" in p.screen.text(), "the results of f")
    field = search_field(p)
    assert "".join(c.data for c in field).rstrip() == "f", p.describe()
    assert all(c.bg == "303030" and not c.underscore for c in field), p.describe()
    sent = bytes(p.log[typed:])
    # the 35 cells of the hint after the f go in one erase (ECH), not as 35 spaces: the f, the
    # erase, and then the next row
    assert re.search(rb"\x1b\[48;5;236mf\x1b\[35X\x1b\[6;", sent), sent
    p.send(CTRL_C)
    assert p.wait_exit().status == 130, p.describe()


def test_on_an_eight_colour_terminal_a_field_is_underlined(spawn, home):
    p, _ = start(spawn, home, term="xterm")
    p.wait_for("Link your account")
    p.send(ENTER)
    p.wait_for("Popular institutions")
    # the greys would be black there: the field shows its width by an underline
    p.wait_until(lambda: all(c.underscore and c.bg == "default" for c in search_field(p)), "an underlined field")
    p.send(CTRL_C)
    assert p.wait_exit().status == 130, p.describe()


def cells(p: PtyProcess):
    return [p.screen.cell(y, x) for y in range(p.screen.rows) for x in range(p.screen.cols)]


def test_no_color_no_colour_at_all_and_the_highlighted_row_is_reverse_video(spawn, home):
    p, _ = start(spawn, home, extra_env={"NO_COLOR": "1"})
    p.wait_for("Link your account")
    p.send(ENTER)
    p.wait_for("Popular institutions")

    def highlighted() -> bool:
        return any(p.screen.cell(y, x).reverse for y, line in enumerate(p.screen.lines())
                   if "First Platypus Bank" in line for x in range(p.screen.cols))
    p.wait_until(highlighted, "reverse video on the highlighted row")
    coloured = {(c.fg, c.bg) for c in cells(p)} - {("default", "default")}
    assert not coloured, f"colours on the screen: {coloured}"
    p.send(CTRL_C)
    p.wait_exit()


def test_an_8_colour_terminal_gets_only_the_8_basic_colours(spawn, home):
    p, _ = start(spawn, home, term="xterm")
    p.wait_for("Link your account")
    p.wait_for("Ctrl-C quit")  # the footer: the whole frame is in
    colours = {c.fg for c in cells(p)} | {c.bg for c in cells(p)}
    assert colours - BASIC_COLOURS - {"default"} == set(), f"256-colour or bright colours: {colours}"
    assert colours & BASIC_COLOURS, f"basic colours are used: {colours}"
    p.send(CTRL_C)
    p.wait_exit()


def test_the_events_file_cannot_be_created_exit_2_the_path_and_reason_named(spawn):
    p = spawn(["--events", "/nonexistent/dir/e.jsonl"], rows=10, cols=100)
    assert p.wait_exit().status == 2, p.describe()
    assert "linkterm: --events: cannot write /nonexistent/dir/e.jsonl: No such file or directory" in p.screen.text()
