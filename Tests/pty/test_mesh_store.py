"""LinkStore survives SIGKILL at any point of a save: the store file always reads back whole.

StoreWriter (Tests/StoreWriter, built with the package) saves a LinkStore over and over, each
save a different size; the test kills it with SIGKILL after a seeded random delay, 60 times,
and after each kill reads the file as JSON and checks every entry is whole. A torn write (the
file written in place) fails this within a few kills.
"""
from __future__ import annotations

import json
import os
import random
import select
import signal
import stat
import subprocess
import time
from pathlib import Path

from ptyharness import REPO, linkterm_binary, measure

KILLS = 60


def store_writer() -> str:
    beside = Path(linkterm_binary()).parent / "StoreWriter"
    return str(beside if beside.exists() else REPO / ".build" / "debug" / "StoreWriter")


def read_store(path: Path) -> list:
    entries = json.loads(path.read_bytes())
    assert isinstance(entries, list)
    for entry in entries:
        assert entry["accountTokens"][0]["accessToken"].startswith("tok-"), entry
        assert set(entry["brokerBrandInfo"]["brokerLogo"]) <= {"A"}, "a cut logo"
    return entries


def test_sigkill_at_60_points_leaves_a_whole_store(tmp_path):
    folder = tmp_path / "store"
    path = folder / "access-tokens.json"
    rng = random.Random(20261125)
    saves_seen = 0
    sizes = set()
    for kill in range(KILLS):
        proc = subprocess.Popen([store_writer(), str(folder)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        # let it save at least once, then kill it somewhere inside a later save
        ready, _, _ = select.select([proc.stdout], [], [], 20)
        assert ready, "StoreWriter saved nothing in 20 s"
        proc.stdout.readline()
        deadline = time.monotonic() + rng.uniform(0.0, 0.05)
        while time.monotonic() < deadline:
            pass  # a busy wait: a sleep's granularity would bunch the kill points
        os.kill(proc.pid, signal.SIGKILL)
        out, err = proc.communicate(timeout=20)
        assert proc.returncode == -signal.SIGKILL, err.decode(errors="replace")
        saves_seen += 1 + out.count(b"\n")
        entries = read_store(path)  # raises on a torn file
        sizes.add(path.stat().st_size)
        assert 1 <= len(entries) <= 41
        ids = [e["brokerType"] + e["accountTokens"][0]["account"]["accountId"] for e in entries]
        assert len(ids) == len(set(ids)), "duplicate entries"
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    leftovers = [p.name for p in folder.iterdir() if p.name not in ("access-tokens.json", "access-tokens.json.lock")]
    # a killed save may leave its temporary file; the next save clears the ones of dead processes
    assert len(leftovers) <= 1, leftovers
    measure("LinkStore under SIGKILL",
            f"{KILLS} kills, {saves_seen} saves seen, {len(sizes)} different file sizes at the kills: "
            "the store read back whole every time")
