"""Resizes: a storm of random sizes (down to 1x1) must neither crash nor wedge linkterm, the
last size wins, and a terminal below the minimum says so."""
from __future__ import annotations

import random

from ptyharness import CONSENT_TITLE, CTRL_C, ENTER, SEARCH_HINT, measure, start

SIZES_ALWAYS = [(1, 1), (2, 200), (200, 2), (24, 80), (100, 300), (1, 300), (300, 1)]  # rows, cols


def test_resize_storm(spawn):
    rng = random.Random(20260101)
    sizes = SIZES_ALWAYS + [(rng.randint(1, 120), rng.randint(1, 320)) for _ in range(300)]
    rng.shuffle(sizes)
    p = spawn([])
    start(p)
    for rows, cols in sizes:
        p.resize(rows, cols)
        p.pump(0)  # keep reading so that linkterm never blocks on a full terminal
        assert p.exit is None, f"linkterm died during the storm at {rows}x{cols}: status {p.exit.status}"
    p.resize(30, 100)  # rows, cols: the emulated screen is blanked, only a repaint fills it
    p.wait_for(CONSENT_TITLE)
    # the whole frame at the final size: the header on top, the card (72 columns) centred, the
    # log panel below it 100 columns wide
    p.wait_until(lambda: p.screen.lines()[0].startswith(" linkterm")
                 and any(line.startswith(" " * 14 + "\u256d") and line.rstrip().endswith("\u256e")
                         for line in p.screen.lines())
                 and any(line.endswith("\u2510") and len(line) == 100 for line in p.screen.lines()),
                 "a full frame at 100x30")
    assert p.exit is None
    measure("resize storm", f"{len(sizes)} sizes (seeded), then 100x30: alive, consent repainted")
    p.send(CTRL_C)
    e = p.wait_exit()
    assert e.status == 130 and e.signal is None, p.describe()
    assert not p.restoration_problems(), p.restoration_problems()


def test_too_small_at_start(spawn):
    p = spawn([], rows=10, cols=40)
    p.wait_for("Terminal too small")
    p.wait_for("40x10; linkterm needs 60x18")
    p.send(CTRL_C)
    assert p.wait_exit().status == 130
    assert not p.restoration_problems(), p.restoration_problems()


def test_too_small_after_resize_and_back(spawn):
    p = spawn([])
    start(p)
    p.send(ENTER)
    p.wait_for(SEARCH_HINT)
    p.resize(10, 40)
    p.wait_for("Terminal too small")
    p.wait_for("40x10; linkterm needs 60x18")
    assert SEARCH_HINT not in p.screen
    p.resize(24, 80)
    p.wait_for(SEARCH_HINT)  # back to the pane it was on
    p.send(CTRL_C)
    assert p.wait_exit().status == 130
    assert not p.restoration_problems(), p.restoration_problems()
