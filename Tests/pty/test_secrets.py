"""Secrets never leave the pane: canary passwords, MFA codes and answers typed through
the real binary appear nowhere: not on the terminal, not in the events file, the recording, the
process's stderr, its /proc cmdline and environ, nor in any file it leaves behind."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ptyharness import (ENTER, TAB, measure, read_records, record_name, start, strip_escapes, to_connected,
                        to_credentials, to_search)

PASSWORD = "canary-PW-7f3a"
PIN = "canary-PIN-91c2"
ANSWERS = ["canary-ANS-0", "canary-ANS-1"]
CANARIES = [PASSWORD, PIN, *ANSWERS]


def errors(path) -> list[str]:
    """The error codes of the ERROR events written so far (the session may still be writing)."""
    return [r["metadata"]["error_code"] for r in read_records(path, while_writing=True)
            if record_name(r) == "ERROR"]


def assert_no_canary_on_screen(p) -> None:
    assert "canary" not in p.screen.text(), f"a typed secret is on the screen\n{p.describe()}"


def type_secret(p, text: str) -> None:
    p.type(text)
    p.wait_until(lambda: "\u2022" * len(text) in p.screen.text(), "the masked secret")
    assert_no_canary_on_screen(p)


def flow_password_and_code(p, events: Path) -> None:
    """A wrong password (the canary), then mfa_device: the canary code (INVALID_MFA), then 1234."""
    to_credentials(p)
    p.type("user_good")
    p.send(TAB)
    type_secret(p, PASSWORD)
    p.send(ENTER)
    p.wait_until(lambda: "INVALID_CREDENTIALS" in errors(events), "INVALID_CREDENTIALS")
    p.wait_for("\u2717 ")  # the inline error; the password field is empty and focused again
    p.type("mfa_device")
    p.send(ENTER)
    p.wait_for("Verify your identity")
    p.send(ENTER)  # the first device
    p.wait_for("Enter your verification code")
    type_secret(p, PIN)
    p.send(ENTER)
    p.wait_until(lambda: "INVALID_MFA" in errors(events), "INVALID_MFA")
    p.wait_for("\u2717 ")


def finish_code(p) -> None:
    p.type("1234")
    p.send(ENTER)


def flow_questions(p, events: Path) -> None:
    """mfa_questions_1_2: the canary answers (INVALID_MFA), then the right ones."""
    to_credentials(p)
    p.type("user_good")
    p.send(TAB)
    p.type("mfa_questions_1_2")
    p.send(ENTER)
    p.wait_for("Answer your security questions")
    type_secret(p, ANSWERS[0])
    p.send(TAB)
    type_secret(p, ANSWERS[1])
    p.send(ENTER)
    p.wait_until(lambda: "INVALID_MFA" in errors(events), "INVALID_MFA")
    p.wait_for("\u2717 ")


def finish_questions(p) -> None:
    p.type("answer_0_0")
    p.send(TAB)
    p.type("answer_0_1")
    p.send(ENTER)


FLOWS = {
    "password+code": (flow_password_and_code, finish_code, [PASSWORD, PIN]),
    "questions": (flow_questions, finish_questions, ANSWERS),
}


def find_canaries(data: bytes) -> list[str]:
    found = [c for c in CANARIES if c.encode() in data]
    if b"canary" in data and not found:
        found.append("canary (a part of one)")
    return found


@pytest.mark.parametrize("flow", list(FLOWS))
def test_secrets_stay_in_the_pane(spawn, home, flow):
    drive, finish, typed = FLOWS[flow]
    events, cast = home / "events.jsonl", home / "session.cast"
    p = spawn(["--events", events, "--record", cast], stderr_pipe=True)
    start(p)
    to_search(p)
    drive(p, events)

    # while it runs, after every secret was typed and submitted
    proc = {name: Path(f"/proc/{p.pid}/{name}").read_bytes() for name in ("cmdline", "environ")}
    assert proc["cmdline"] and proc["environ"]

    finish(p)
    to_connected(p)
    p.send(ENTER)
    e = p.wait_exit()
    assert e.status == 0, p.describe()

    places: dict[str, bytes] = {
        "the terminal (stdout included)": bytes(p.log),
        "the terminal's text": strip_escapes(bytes(p.log)).encode(),
        "stderr": bytes(p.stderr_data),
        "/proc/PID/cmdline": proc["cmdline"],
        "/proc/PID/environ": proc["environ"],
    }
    # the recording, raw and with its JSON strings decoded
    assert cast.exists() and cast.stat().st_size > 0, "no recording"
    lines = cast.read_text().splitlines()
    header, frames = json.loads(lines[0]), [json.loads(line) for line in lines[1:]]
    assert header.get("version") == 2 and frames, "not an asciicast v2 recording"
    played = "".join(f[2] for f in frames if f[1] == "o")
    assert "Enter your First Platypus Bank credentials" in strip_escapes(played.encode()), \
        "the recording does not hold the session's screens"
    places["the recording (decoded)"] = played.encode()
    # every file left behind: the events file and the recording included
    files = [f for f in home.rglob("*") if f.is_file()]
    assert events in files and cast in files
    for f in files:
        places[str(f.relative_to(home))] = f.read_bytes()
    # the secrets really went through the engine: it rejected them
    assert ("INVALID_MFA" in errors(events)), errors(events)

    leaks = {where: found for where, data in places.items() if (found := find_canaries(data))}
    measure("secrets", f"{flow}: typed {typed}; searched the terminal, stderr, cmdline, environ, "
                       f"{len(files)} files ({', '.join(sorted(str(f.relative_to(home)) for f in files))}): "
                       f"{'no canary' if not leaks else leaks}")
    assert not leaks, f"secrets leaked: {leaks}"
    # the recording and the terminal show the masks instead
    assert re.search("\u2022{4,}", played), "no masked field in the recording"
