"""Secrets in memory: a canary password, MFA code or answer typed (or pasted) into the
real binary must not stay in the process's memory once it was submitted. After the submission
is answered (the next pane is on the screen) every readable, writable mapping of the process
(heap, stack, anonymous memory, the libraries' data) is read through /proc/PID/mem and searched
for the canary and for every 20-byte fragment of it (UTF-8); then the user signs in correctly
and the memory is searched again.

Reading another process's memory needs ptrace access (root, or a parent with ptrace_scope <= 1);
the tests skip, saying so, where the kernel refuses it."""
from __future__ import annotations

import random
import re
import string

import pytest

from ptyharness import (ENTER, TAB, bracketed_paste, measure, start, to_credentials, to_search)

FRAGMENT = 20


def canary(tag: str, length: int, seed: int) -> str:
    """`tag` then random letters and digits, `length` characters in all: no 20-byte window of it
    occurs anywhere else by chance."""
    rng = random.Random(seed)
    alphabet = string.ascii_letters + string.digits
    return tag + "".join(rng.choice(alphabet) for _ in range(length - len(tag)))


PASSWORD = canary("cnryPW", 108, 1)  # the password field takes 128 characters
PASTED = canary("cnryPASTE", 108, 2)
CODE = canary("cnryCODE", 60, 3)  # MFA fields take 64
ANSWERS = [canary("cnryANS0", 60, 4), canary("cnryANS1", 60, 5)]


def fragments(secret: str) -> list[bytes]:
    data = secret.encode()
    return [data[i:i + FRAGMENT] for i in range(len(data) - FRAGMENT + 1)]


def writable_mappings(pid: int) -> list[tuple[int, int, str]]:
    """(start, end, name) of every mapping that is readable and writable."""
    regions = []
    with open(f"/proc/{pid}/maps") as maps:
        for line in maps:
            fields = line.split(maxsplit=5)
            perms = fields[1]
            if perms[0] != "r" or perms[1] != "w":
                continue
            start_text, end_text = fields[0].split("-")
            name = fields[5].strip() if len(fields) > 5 else "[anonymous]"
            regions.append((int(start_text, 16), int(end_text, 16), name))
    return regions


def scan(pid: int, secrets: list[str]) -> tuple[list[str], int]:
    """Where the secrets (or 20-byte fragments of them) are in `pid`'s writable memory: one
    line per run of adjacent fragments, naming the secret, the run's length, the mapping and the
    address; and the number of bytes read."""
    needles: dict[bytes, str] = {}
    for secret in secrets:
        for piece in fragments(secret):
            needles.setdefault(piece, secret)
    pattern = re.compile(b"|".join(re.escape(piece) for piece in needles))
    hits: list[str] = []
    read = 0
    try:
        mem = open(f"/proc/{pid}/mem", "rb", buffering=0)
    except PermissionError as exc:
        pytest.skip(f"cannot read /proc/{pid}/mem ({exc}): ptrace access to the child is refused here")
    with mem:
        for begin, end, name in writable_mappings(pid):
            try:
                mem.seek(begin)
                data = mem.read(end - begin)
            except OSError:
                continue  # e.g. a guard page; every other mapping is still read
            read += len(data)
            runs: list[list] = []  # [secret, first, end]
            for match in pattern.finditer(data):
                secret = needles[match.group()]
                if runs and runs[-1][0] == secret and match.start() <= runs[-1][2]:
                    runs[-1][2] = match.end()
                else:
                    runs.append([secret, match.start(), match.end()])
            for secret, first, last in runs:
                hits.append(f"{last - first} bytes of the {len(secret)}-byte canary {secret[:12]}… "
                            f"in {name} at {begin + first:#x}")
    if read == 0:
        pytest.skip(f"no memory of {pid} could be read through /proc/{pid}/mem")
    return hits, read


class MemoryCheck:
    """Scans at several moments of one test and fails at its end, so that every moment is
    measured (and reported) even when an early one finds a secret."""

    def __init__(self, p, secrets: list[str]):
        self.p, self.secrets, self.failures = p, secrets, []

    def scan(self, when: str) -> None:
        assert self.p.exit is None, f"linkterm exited before {when}\n{self.p.describe()}"
        hits, read = scan(self.p.pid, self.secrets)
        measure("secrets in memory", f"{when}: read {read / 2**20:.1f} MiB of writable memory, "
                                     f"{len(hits)} hit(s){': ' + '; '.join(hits[:3]) if hits else ''}")
        if hits:
            self.failures.append(f"{when}: a submitted secret is still in the process's memory:\n  "
                                 + "\n  ".join(hits[:20]))

    def verdict(self) -> None:
        assert not self.failures, "\n".join(self.failures)


def wrong_password_message(p) -> None:
    p.wait_for("\u2717 The provided credentials were not correct")


def wrong_mfa_message(p) -> None:
    p.wait_for("\u2717 The provided MFA responses were not correct")


def masked(p, count: int = 1) -> None:
    """Waits for a field to show `count` mask characters (the fields show at most 39: typed keys
    are read in order, so Enter sent after them comes after them all)."""
    count = min(count, 30)
    p.wait_until(lambda: "\u2022" * count in p.screen.text(), f"{count} mask characters")


def sign_in_correctly(p) -> None:
    """On the credentials pane after a wrong password (username kept, password focused)."""
    p.type("pass_good")
    p.send(ENTER)
    p.wait_for("Choose the accounts to share")


def at_credentials(spawn):
    p = spawn(["--log-panel", "off", "--latency", "0"])
    start(p)
    to_search(p)
    to_credentials(p)
    p.type("user_good")
    p.send(TAB)
    return p


def test_typed_password_is_wiped(spawn):
    p = at_credentials(spawn)
    memory = MemoryCheck(p, [PASSWORD])
    p.type(PASSWORD)
    masked(p, len(PASSWORD))
    p.send(ENTER)
    wrong_password_message(p)
    memory.scan("typed password, after its INVALID_CREDENTIALS")
    sign_in_correctly(p)
    memory.scan("typed password, after signing in again")
    memory.verdict()


def test_pasted_password_is_wiped(spawn):
    p = at_credentials(spawn)
    memory = MemoryCheck(p, [PASTED])
    p.send(bracketed_paste(PASTED.encode()))
    masked(p, len(PASTED))
    p.send(ENTER)
    wrong_password_message(p)
    memory.scan("pasted password, after its INVALID_CREDENTIALS")
    sign_in_correctly(p)
    memory.scan("pasted password, after signing in again")
    memory.verdict()


def test_mfa_code_is_wiped(spawn):
    p = at_credentials(spawn)
    memory = MemoryCheck(p, [CODE])
    p.type("mfa_device")
    p.send(ENTER)
    p.wait_for("Verify your identity")
    p.send(ENTER)  # the first device
    p.wait_for("Enter your verification code")
    p.type(CODE)
    masked(p, len(CODE))
    p.send(ENTER)
    wrong_mfa_message(p)
    memory.scan("MFA code, after its INVALID_MFA")
    p.type("1234")
    p.send(ENTER)
    p.wait_for("Choose the accounts to share")
    memory.scan("MFA code, after the right code")
    memory.verdict()


def test_mfa_answers_are_wiped(spawn):
    p = at_credentials(spawn)
    memory = MemoryCheck(p, ANSWERS)
    p.type("mfa_questions_1_2")
    p.send(ENTER)
    p.wait_for("Answer your security questions")
    p.type(ANSWERS[0])
    masked(p, len(ANSWERS[0]))
    p.send(TAB)
    p.type(ANSWERS[1])
    p.wait_until(lambda: p.screen.text().count("\u2022" * 30) == 2, "both answers masked")
    p.send(ENTER)
    wrong_mfa_message(p)
    memory.scan("MFA answers, after their INVALID_MFA")
    p.type("answer_0_0")
    p.send(TAB)
    p.type("answer_0_1")
    p.send(ENTER)
    p.wait_for("Choose the accounts to share")
    memory.scan("MFA answers, after the right answers")
    memory.verdict()
