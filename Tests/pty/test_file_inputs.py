"""Files the command line reads and writes, through the binary (no terminal needed: each case is
refused or finished before a screen would open):

- a --mesh-store folder (or its file) others may open is refused, as ssh refuses a key file;
- a Mesh scenario's amount is checked when the file is read, the error naming its line;
- every command's standard output that cannot be written (/dev/full) exits 74 with a message;
- every option that reads a file says exactly why it could not (a FIFO, a device, a loop of
  symbolic links, permission denied, no such file), and a FIFO never makes it wait.
"""
from __future__ import annotations

import os
import subprocess

import pytest

from ptyharness import HANG_TIMEOUT, REPO, base_env, linkterm_binary

SCENARIOS = REPO / "Tests" / "Scenarios"


def run(args, home, stdout=subprocess.PIPE, stdin=subprocess.DEVNULL):
    return subprocess.run([linkterm_binary(), *map(str, args)], stdin=stdin, stdout=stdout, stderr=subprocess.PIPE,
                          timeout=HANG_TIMEOUT, env=base_env(home=str(home)), cwd=str(home))


# -- point 4: a Mesh store open to others -----------------------------------------------------------


@pytest.mark.parametrize("folder_mode, file_mode, shown, fix", [
    (0o777, 0o600, "folder {store} has mode 0777", "chmod 700 {store}"),
    (0o750, 0o600, "folder {store} has mode 0750", "chmod 700 {store}"),
    (0o700, 0o644, "file {store}/access-tokens.json has mode 0644", "chmod 600 {store}/access-tokens.json"),
])
def test_a_mesh_store_others_may_open_is_refused(tmp_path, folder_mode, file_mode, shown, fix):
    store = tmp_path / "store"
    store.mkdir()
    tokens = store / "access-tokens.json"
    tokens.write_text("[]")
    os.chmod(tokens, file_mode)
    os.chmod(store, folder_mode)
    result = run(["--flavor", "mesh", "--mesh-store", store], tmp_path)
    err = result.stderr.decode()
    assert result.returncode == 2, err
    assert "linkterm: --mesh-store: the Mesh store's " + shown.format(store=store) in err, err
    assert fix.format(store=store) in err, err
    assert tokens.read_text() == "[]"
    assert sorted(p.name for p in store.iterdir()) == ["access-tokens.json"]


# -- point 5: a Mesh scenario's amount --------------------------------------------------------------


@pytest.mark.parametrize("amount, reason", [
    ("1e-22", "amount takes a decimal number"),
    ("1e308", "amount takes a decimal number"),
    ("0.000000001", "at most 8 decimal places"),
    ("1000000001", "from 0.00000001 to 1000000000"),
    ("0", "from 0.00000001 to 1000000000"),
    ("-5", "amount takes a decimal number"),
    ("nan", "amount takes a decimal number"),
])
def test_a_mesh_amount_the_sandbox_cannot_take_is_refused_at_its_line(tmp_path, amount, reason):
    text = (SCENARIOS / "mesh_transfer.txt").read_text()
    assert "\namount 100\n" in text
    scenario = tmp_path / "transfer.txt"
    scenario.write_text(text.replace("\namount 100\n", f"\namount {amount}\n"))
    line = scenario.read_text().split("\n").index(f"amount {amount}") + 1
    result = run(["replay", scenario], tmp_path)
    err = result.stderr.decode()
    assert result.returncode == 2, (result.stdout.decode(), err)
    assert f"{scenario}:{line}:" in err and reason in err, err
    assert result.stdout == b"", "nothing played"


def test_the_smallest_mesh_amount_plays(tmp_path):
    scenario = tmp_path / "transfer.txt"
    scenario.write_text((SCENARIOS / "mesh_transfer.txt").read_text().replace("\namount 100\n", "\namount 0.00000001\n"))
    result = run(["replay", scenario], tmp_path)
    assert result.returncode in (0, 1), result.stderr.decode()  # played (its expectations name 100)
    assert b'"amount":1e-08' in result.stdout or b'"amount":0.00000001' in result.stdout, result.stdout[-2000:]


# -- point 6: standard output that cannot be written -------------------------------------------------


@pytest.mark.parametrize("args, what", [
    (["token"], "token"),
    (["token", "--update-item", "ins_109508"], "token"),
    (["replay", "--timeline", SCENARIOS / "pass_good.txt"], "replay --timeline"),
    (["replay", "--check", SCENARIOS / "pass_good.txt"], "replay --check"),
    (["replay", "--check", SCENARIOS / "mesh_transfer.txt"], "replay --check"),
])
def test_standard_output_that_cannot_be_written_exits_74(tmp_path, args, what):
    with open("/dev/full", "wb") as full:
        result = run(args, tmp_path, stdout=full)
    err = result.stderr.decode()
    assert result.returncode == 74, err
    assert f"linkterm: {what}: cannot write to standard output: No space left on device" in err, err


def test_a_timeline_of_an_events_file_to_a_full_disk_exits_74(tmp_path):
    events = tmp_path / "events.jsonl"
    with open(events, "wb") as out:
        assert run(["replay", SCENARIOS / "pass_good.txt"], tmp_path, stdout=out).returncode == 0
    with open("/dev/full", "wb") as full:
        result = run(["replay", "--timeline", events], tmp_path, stdout=full)
    assert result.returncode == 74, result.stderr.decode()


# -- point 7: the exact reason a file cannot be read --------------------------------------------------


@pytest.fixture
def special(tmp_path):
    """A FIFO (no writer), a loop of symbolic links, an unreadable file, a missing one."""
    fifo = tmp_path / "a.fifo"
    os.mkfifo(fifo)
    loop = tmp_path / "loop.json"
    os.symlink(loop, loop)
    locked = tmp_path / "locked.json"
    locked.write_text("{}")
    os.chmod(locked, 0)
    return {"fifo": fifo, "zero": "/dev/zero", "loop": loop, "locked": locked, "missing": tmp_path / "none.json"}


REASONS = {
    "fifo": "not a regular file: a FIFO (named pipe)",
    "zero": "not a regular file: a character device",
    "loop": "Too many levels of symbolic links",
    "locked": "Permission denied",
}


@pytest.mark.parametrize("kind", ["fifo", "zero", "loop", "locked", "missing"])
def test_a_theme_that_cannot_be_read_says_why(tmp_path, special, kind):
    if kind == "locked" and os.geteuid() == 0:
        pytest.skip("root reads a file of mode 0")
    result = run(["--theme", special[kind]], tmp_path)
    err = result.stderr.decode()
    assert result.returncode == 2, err
    expected = "no such file" if kind == "missing" else "cannot read the file: " + REASONS[kind]
    assert f"theme {special[kind]}: {expected}" in err, err


@pytest.mark.parametrize("kind", ["zero", "loop", "locked"])
def test_institutions_and_scenarios_that_cannot_be_read_say_why(tmp_path, special, kind):
    if kind == "locked" and os.geteuid() == 0:
        pytest.skip("root reads a file of mode 0")
    path = special[kind]
    for args, expected in ((["search", "bank", "--institutions", path], f"{path}: cannot read: {REASONS[kind]}"),
                           (["replay", path], f"cannot read {path}: {REASONS[kind]}"),
                           (["--script", path], f"cannot read {path}: {REASONS[kind]}")):
        result = run(args, tmp_path)
        err = result.stderr.decode()
        assert result.returncode == 2, (args, err)
        assert expected in err, (args, err)


def test_a_profile_that_is_a_fifo_is_refused_without_waiting(tmp_path, special):
    result = run(["replay", SCENARIOS / "pass_good.txt", "--profile", special["fifo"]], tmp_path)
    err = result.stderr.decode()
    assert result.returncode == 2, err
    assert f"{special['fifo']}: cannot be read: not a regular file: a FIFO (named pipe)" in err, err


@pytest.mark.parametrize("kind", ["fifo", "zero", "loop"])
def test_authorized_keys_that_cannot_be_read_say_why(tmp_path, special, kind):
    result = run(["serve", "--listen", "127.0.0.1:0", "--host-key", tmp_path / "host_key",
                  "--authorized-keys", special[kind]], tmp_path)
    err = result.stderr.decode()
    assert result.returncode != 0, err
    assert f"{special[kind]} cannot be read ({REASONS[kind]})" in err or \
        f"{special[kind]}: cannot be read ({REASONS[kind]})" in err, err
