"""The returning user experience through the real binary: a first visit with --profile FILE saves
the Item under the verified phone; the second visit finds it after the phone and its code and
links the saved accounts without signing in. The code never reaches the screen, the events or
the profile."""
from __future__ import annotations

import json
import os
import stat

from ptyharness import ENTER, read_records, record_name, sign_in_to_the_end, start, strip_escapes

PHONE = "415-555-0123"
CODE = "123456"


def after_screen_closed(p) -> str:
    data = bytes(p.log)
    return strip_escapes(data[data.rfind(b"\x1b[?1049l"):])


def verify_phone(p, known: bool = False) -> None:
    """The phone (unless Link knows it from the profile: then the code goes out at once) and the code."""
    p.send(ENTER)
    if not known:
        p.wait_for("Use your phone to connect faster")
        p.type(PHONE)
        p.wait_for("Phone  " + PHONE)
        p.send(ENTER)
    p.wait_for("Enter the code sent to (\u2022\u2022\u2022) \u2022\u2022\u2022-0123")
    p.type(CODE)
    p.send(ENTER)


def test_a_first_visit_saves_the_item_and_the_second_visit_offers_it(spawn, home):
    profile = home / "profile.json"
    first = spawn(["--profile", profile, "--events", home / "first.jsonl"])
    start(first)
    verify_phone(first)
    first.wait_for("Popular institutions")  # nothing saved for this phone yet: the new-user flow
    sign_in_to_the_end(first)
    assert f"saved First Platypus Bank for (\u2022\u2022\u2022) \u2022\u2022\u2022-0123 in {profile}" in after_screen_closed(first)
    assert stat.S_IMODE(os.stat(profile).st_mode) == 0o600
    saved = json.loads(profile.read_text())
    assert saved["phone"] == "4155550123"
    assert [i["institution_id"] for i in saved["institutions"]] == ["ins_109508"]
    assert len(saved["institutions"][0]["accounts"]) == 9

    second = spawn(["--profile", profile, "--events", home / "second.jsonl"])
    start(second)
    verify_phone(second, known=True)  # the profile holds the phone: AUTO_SUBMIT_PHONE
    # one saved institution: chosen for you; the whole frame, not its first rows (a frame can
    # arrive in several writes)
    second.wait_until(lambda: all(part in second.screen.text() for part in
                                  ("Your saved accounts at First Platypus Bank", "0 of 9 selected", "Plaid Checking",
                                   "Enter continue")),
                      "the saved accounts, whole")
    assert CODE not in second.screen.text()
    second.send(b" ")
    second.wait_for("1 of 9 selected")
    second.send(ENTER)
    second.wait_for("\u2713 Success")
    second.send(ENTER)
    e = second.wait_exit()
    assert e.signal is None and e.status == 0, second.describe()
    records = read_records(home / "second.jsonl")
    names = [record_name(r) for r in records]
    assert "SUBMIT_CREDENTIALS" not in names and "SUBMIT_PHONE" not in names, names
    assert names[names.index("AUTO_SUBMIT_PHONE") + 1:names.index("AUTO_SUBMIT_PHONE") + 3] == ["TRANSITION_VIEW", "SUBMIT_OTP"], names
    assert names[names.index("VERIFY_PHONE"):] == [
        "VERIFY_PHONE", "AUTO_SELECT_SAVED_INSTITUTION", "SELECT_INSTITUTION", "TRANSITION_VIEW", "SELECT_SAVED_ACCOUNT",
        "TRANSITION_VIEW", "success", "HANDOFF"], names
    select = records[names.index("SELECT_INSTITUTION")]["metadata"]
    assert select["match_reason"] == "AUTO_SELECT_SAVED_INSTITUTION" and select["institution_id"] == "ins_109508"
    for path in (home / "first.jsonl", home / "second.jsonl", profile):
        assert CODE not in path.read_text(), f"the one-time code reached {path.name}"
    # the second visit saved what it shared: one account now
    assert len(json.loads(profile.read_text())["institutions"][0]["accounts"]) == 1


def test_a_bad_profile_file_is_refused_before_the_screen_opens(spawn, home):
    profile = home / "profile.json"
    profile.write_text('{"phone": "12", "institutions": []}')
    p = spawn(["--profile", profile])
    e = p.wait_exit()
    assert e.status == 2, p.describe()
    text = strip_escapes(bytes(p.log))
    assert '"phone" must be a 10-digit US phone number, got "12"' in text, text
    assert "\x1b[?1049h" not in bytes(p.log).decode("utf-8", "replace")
