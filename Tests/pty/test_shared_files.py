"""Files two sessions share: --mesh-store and --profile are saved under a lock, merged with what
the file holds at the save (not at the start), so two sessions running at once both keep what
they saved; a lock held too long fails the save with status 74 and a message naming the lock
file, the shared file left as it was. Each session here is a real process on its own pty."""
from __future__ import annotations

import fcntl
import json
import os

from ptyharness import ENTER, TAB, sign_in, start, strip_escapes, to_connected, to_credentials

PHONE = "415-555-0123"
CODE = "123456"


def after_screen_closed(p) -> str:
    data = bytes(p.log)
    return strip_escapes(data[data.rfind(b"\x1b[?1049l"):])


def mesh_first_screen(p) -> None:
    p.wait_for("Select an exchange, brokerage or wallet")


def connect_binance(p) -> None:
    """From the first screen: Binance, Mesh / Pass123, its code, Done."""
    p.type("bin")
    p.wait_until(lambda: "\u203a Binance" in p.screen.text(), "Binance highlighted")
    p.send(ENTER)
    p.wait_for("Sign in to Binance")
    p.type("Mesh")
    p.send(TAB)
    p.type("Pass123")
    p.send(ENTER)
    p.wait_for("Enter the code Binance sent you")
    p.type("123456")
    p.send(ENTER)
    p.wait_for("Your Binance account is connected")
    p.send(ENTER)  # Done


def connect_coinbase(p) -> None:
    """From the first screen: Coinbase through its own page (Allow), Done."""
    p.type("coin")
    p.wait_until(lambda: "\u203a Coinbase" in p.screen.text(), "Coinbase highlighted")
    p.send(ENTER)
    p.wait_for("Coinbase asks you to allow Mesh")
    p.send(ENTER)  # Allow
    p.wait_for("Your Coinbase account is connected")
    p.send(ENTER)  # Done


def stored_brokers(folder) -> list[str]:
    return sorted(entry["brokerType"] for entry in json.loads((folder / "access-tokens.json").read_text()))


def test_two_mesh_sessions_at_once_both_keep_their_connection(spawn, home):
    """Two sessions read the same store at start (both on their first screen), then one connects
    Binance and leaves, then the other connects Coinbase and leaves: the store holds both (it held
    only Coinbase when each wrote the copy it read at start)."""
    store = home / "store"
    first = spawn(["--flavor", "mesh", "--mesh-store", store])
    second = spawn(["--flavor", "mesh", "--mesh-store", store])
    mesh_first_screen(first)
    mesh_first_screen(second)
    connect_binance(first)
    assert first.wait_exit().status == 0, first.describe()
    assert stored_brokers(store) == ["binanceInternationalDirect"]
    connect_coinbase(second)
    assert second.wait_exit().status == 0, second.describe()
    assert stored_brokers(store) == ["binanceInternationalDirect", "coinbase"]
    # a third session reads both back
    third = spawn(["--flavor", "mesh", "--mesh-store", store])
    third.wait_for("Binance")
    third.wait_for("Coinbase")


def test_two_plaid_sessions_at_once_both_keep_their_bank_for_one_phone(spawn, home):
    """Two sessions start before either has saved (no profile yet), verify the same phone, link
    First Platypus Bank and Tartan Bank and leave one after the other: the profile holds both."""
    profile = home / "profile.json"
    first = spawn(["--profile", profile])
    second = spawn(["--profile", profile])
    start(first)
    start(second)
    for p in (first, second):
        p.send(ENTER)
        p.wait_for("Use your phone to connect faster")
        p.type(PHONE)
        p.wait_for("Phone  " + PHONE)
        p.send(ENTER)
        p.wait_for("Enter the code sent to")
        p.type(CODE)
        p.send(ENTER)
        p.wait_for("Popular institutions")
    for p, query, bank in ((first, "first platypus", "First Platypus Bank"), (second, "tartan", "Tartan Bank")):
        to_credentials(p, query, bank)
        sign_in(p, "pass_good")
        to_connected(p)
        p.send(ENTER)
        assert p.wait_exit().status == 0, p.describe()
        assert f"saved {bank} for" in after_screen_closed(p)
    saved = json.loads(profile.read_text())
    assert saved["phone"] == "4155550123"
    assert [i["name"] for i in saved["institutions"]] == ["First Platypus Bank", "Tartan Bank"]


def hold_lock(path) -> int:
    """Takes the exclusive flock of `path` (as another process saving would) and returns its descriptor."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(fd, fcntl.LOCK_EX)
    return fd


def test_a_mesh_store_locked_too_long_fails_the_save_with_74_naming_the_lock(spawn, home):
    store = home / "store"
    store.mkdir(mode=0o700)
    (store / "access-tokens.json").write_text("[]")
    os.chmod(store / "access-tokens.json", 0o600)
    lock = hold_lock(store / "access-tokens.json.lock")
    try:
        p = spawn(["--flavor", "mesh", "--mesh-store", store], extra_env={"LINKTERM_LOCK_WAIT": "1"})
        mesh_first_screen(p)
        connect_binance(p)
        assert p.wait_exit().status == 74, p.describe()
    finally:
        os.close(lock)
    said = after_screen_closed(p)
    assert f"--mesh-store: the Mesh store {store}/access-tokens.json could not be saved: " \
           f"{store}/access-tokens.json.lock: held by another process for more than 1 s" in said.replace("\r\n", " ").replace("\n", " "), said
    assert (store / "access-tokens.json").read_text() == "[]"  # left as it was


def test_a_profile_locked_too_long_fails_the_save_with_74_naming_the_lock(spawn, home):
    profile = home / "profile.json"
    lock = hold_lock(str(profile) + ".lock")
    try:
        p = spawn(["--profile", profile], extra_env={"LINKTERM_LOCK_WAIT": "1"})
        start(p)
        p.send(ENTER)
        p.wait_for("Use your phone to connect faster")
        p.type(PHONE)
        p.wait_for("Phone  " + PHONE)
        p.send(ENTER)
        p.wait_for("Enter the code sent to")
        p.type(CODE)
        p.send(ENTER)
        p.wait_for("Popular institutions")
        to_credentials(p)
        sign_in(p, "pass_good")
        to_connected(p)
        p.send(ENTER)
        assert p.wait_exit().status == 74, p.describe()
    finally:
        os.close(lock)
    said = after_screen_closed(p).replace("\r\n", " ").replace("\n", " ")
    assert f"--profile: {profile}.lock: held by another process for more than 1 s" in said, said
    assert "the Item was not saved" in said
    assert not profile.exists()


PROFILE_TEXT = '{"phone":"4155550123","institutions":[]}\n'


def test_the_profile_as_another_output_is_refused(spawn, home):
    """--profile is read at start and written at the end: --events, --record or --save-scenario
    naming it (also through a symbolic link) would overwrite it. Exit 2 naming both, the profile kept."""
    profile = home / "profile.json"
    profile.write_text(PROFILE_TEXT)
    os.symlink(profile, home / "link.json")
    for option, path in (("--events", profile), ("--record", home / "link.json"), ("--save-scenario", profile)):
        p = spawn(["--profile", profile, option, path], stderr_pipe=True)
        e = p.wait_exit()
        err = p.stderr_data.decode()
        assert e.status == 2, p.describe()
        assert "--profile" in err and option in err and "same file" in err, err
        assert profile.read_text() == PROFILE_TEXT


def test_an_output_inside_the_mesh_store_is_refused(spawn, home):
    """--events D/access-tokens.json (or any output in the store's folder, however it is spelled)
    would overwrite the stored tokens: exit 2 naming the folder, the store kept."""
    store = home / "store"
    store.mkdir(mode=0o700)
    tokens = store / "access-tokens.json"
    tokens.write_text("[]")
    os.chmod(tokens, 0o600)
    os.symlink(store, home / "store-link")
    for option, path in (("--events", tokens), ("--record", home / "store-link" / "access-tokens.json"),
                         ("--save-scenario", home / "store" / ".." / "store" / "notes.txt")):
        p = spawn(["--flavor", "mesh", "--mesh-store", store, option, path], stderr_pipe=True)
        e = p.wait_exit()
        err = p.stderr_data.decode()
        assert e.status == 2, p.describe()
        assert f"{option} {path} is inside the --mesh-store folder {store}" in err, err
        assert tokens.read_text() == "[]"
        assert sorted(x.name for x in store.iterdir()) == ["access-tokens.json"]
