#!/usr/bin/env python3
"""gate.py: a deterministic performance regression gate, run by the test command (Tests/run.sh).

    python3 Tests/perf/gate.py            # measure, compare with Tests/perf/baselines.json
    python3 Tests/perf/gate.py --update   # measure, write the figures as the new baselines
    python3 Tests/perf/gate.py --runs 5   # measure each 5 times, show the spread, compare the median

It counts the instructions (valgrind's callgrind, "Collected : N": user-space instructions of
every thread, the dynamic loader included) of two measures:

* search:  `linkterm search "first plat" --institutions FILE --limit 20`, FILE being
           `python3 Benchmarks/genbanks.py 100000 --seed 42` (the names Benchmarks/run.sh uses);
           the whole process, from exec to exit.
* startup: the real UI on a pseudo-terminal (80x24, TERM=xterm-256color): `linkterm --log-panel
           off`, until the consent pane ("Continue") is on the screen and the output has gone
           quiet, then Ctrl-C (linkterm exits with 130 and restores the terminal); the whole
           process, from exec to exit.

and fails (exit 1) when either is more than 10% above its baseline. A figure more than 10% below
its baseline is noted (not a failure): re-measure with --update and commit baselines.json, so
that the next regression is measured from there. After a change that makes either measure do
more work on purpose, --update too, and say why in the commit.

It measures the DEBUG build (.build/debug/linkterm, or $LINKTERM_BIN), the one the test command
builds: a release build would take the suite over its time budget. So the counts are those of
unoptimised code, not what a user runs; they move when the work done moves, which is what a gate
needs. The release build's times come from `bash Benchmarks/run.sh`.

Instruction counts are deterministic for a given binary and environment (measured: the same to
within a few hundred instructions, under 0.001%, from run to run), so a 10% threshold catches
real changes and never noise. To keep them so, both measures run in a fixed, minimal environment
(SWIFT_DETERMINISTIC_HASHING=1: the same hash seeds each run), in a fresh directory with a fresh
HOME, with the same arguments. The counts depend on the toolchain (and on glibc, ncurses and
valgrind): when the Swift version differs from the one the baselines were measured with, the
gate says so (it still compares).

valgrind 3.19 cannot read the DWARF 5 debug information Swift 6 writes ("Possibly corrupted
debuginfo file ... Giving up"), so the gate runs a copy of the binary without it (objcopy
--strip-debug; the symbols stay). SWIFT_BACKTRACE=interactive=no is set, as linkterm sets it
itself: without it a debug build runs itself a second time through /proc/self/exe (to set it
before the Swift runtime starts), which under valgrind names valgrind's own tool, not linkterm.

A gate that cannot measure fails: no valgrind, a valgrind that cannot run the binary, a measure
whose program did not do what it should (no results, no consent pane, another exit status).
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.dont_write_bytecode = True
REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "Tests" / "pty"))
from ptyharness import CTRL_C, PtyProcess, linkterm_binary  # noqa: E402

BASELINES = Path(__file__).resolve().parent / "baselines.json"
THRESHOLD = 10.0  # percent
NAMES = 100_000  # names in the batch search's directory
SEED = 42
QUERY = "first plat"
LIMIT = 20
ROWS, COLS = 24, 80
TIMEOUT = 300.0  # bounds a hang under valgrind; never a performance threshold
QUIET = 0.3  # seconds without output after "Continue" shows: the whole frame is drawn

MEASURES = {
    "search": f'linkterm search "{QUERY}" --institutions FILE --limit {LIMIT} '
              f"(FILE: Benchmarks/genbanks.py {NAMES} --seed {SEED}), whole process",
    "startup": f"linkterm --log-panel off on a {COLS}x{ROWS} pty, TERM=xterm-256color, until the "
               f"consent pane is drawn, then Ctrl-C (exit 130), whole process",
}


class GateError(Exception):
    """The gate could not measure: it fails, loudly."""


def fixed_env(home: Path, term: str | None = None) -> dict:
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(home),
        "LANG": "C.UTF-8",
        "SWIFT_DETERMINISTIC_HASHING": "1",
        "SWIFT_BACKTRACE": "interactive=no",
    }
    if term:
        env["TERM"] = term
    return env


def first_line(argv: list[str]) -> str | None:
    try:
        out = subprocess.run(argv, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        return None
    text = (out.stdout or out.stderr).strip()
    return text.splitlines()[0] if out.returncode == 0 and text else None


def find_valgrind() -> tuple[str, str]:
    valgrind = shutil.which("valgrind")
    if not valgrind:
        raise GateError("valgrind is not installed: the gate cannot measure without it "
                        "(Tests/run.sh installs it; by hand: apt-get install -y valgrind)")
    version = first_line([valgrind, "--version"])
    if not version:
        raise GateError(f"{valgrind} --version failed: valgrind is unusable here")
    return valgrind, version


def strip_debug(binary: Path, out: Path) -> None:
    """A copy without debug information (valgrind 3.19 cannot read Swift 6's DWARF 5)."""
    tools = [shutil.which("objcopy"), str(Path(shutil.which("swift") or "/nonexistent").resolve().parent / "llvm-objcopy")]
    for tool in tools:
        if tool and os.access(tool, os.X_OK):
            done = subprocess.run([tool, "--strip-debug", str(binary), str(out)], capture_output=True, text=True)
            if done.returncode == 0:
                return
            raise GateError(f"{tool} --strip-debug {binary} failed:\n{done.stderr}")
    raise GateError("neither objcopy (binutils) nor the toolchain's llvm-objcopy was found")


def collected(log: Path, what: str) -> int:
    text = log.read_text(errors="replace") if log.exists() else ""
    counts = re.findall(r"^==\d+== Collected : (\d+)$", text, re.M)
    if len(counts) != 1:
        raise GateError(f"{what}: callgrind reported {len(counts)} counts, not 1; valgrind said:\n"
                        + "\n".join(text.splitlines()[-20:]))
    return int(counts[0])


def callgrind_argv(valgrind: str, log: Path) -> list[str]:
    return [valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", f"--log-file={log}"]


def measure_search(valgrind: str, work: Path, run: int) -> int:
    log = work / f"search-{run}.valgrind"
    home = work / f"home-search-{run}"
    home.mkdir()
    argv = callgrind_argv(valgrind, log) + ["./linkterm", "search", QUERY, "--institutions", "banks.txt",
                                            "--limit", str(LIMIT)]
    try:
        done = subprocess.run(argv, cwd=work, env=fixed_env(home), capture_output=True, text=True,
                              stdin=subprocess.DEVNULL, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        raise GateError(f"search: no exit within {TIMEOUT} s under valgrind")
    lines = done.stdout.splitlines()
    if done.returncode != 0 or len(lines) != LIMIT or "First Plat" not in lines[0]:
        raise GateError(f"search: exit status {done.returncode}, {len(lines)} lines (want 0, {LIMIT}, the first "
                        f"a First Plat... bank):\n{done.stdout[:800]}{done.stderr[-800:]}\n"
                        + (log.read_text(errors="replace")[-1500:] if log.exists() else ""))
    return collected(log, "search")


def measure_startup(valgrind: str, work: Path, run: int) -> int:
    log = work / f"startup-{run}.valgrind"
    home = work / f"home-startup-{run}"
    home.mkdir()
    argv = callgrind_argv(valgrind, log) + ["./linkterm", "--log-panel", "off"]
    p = PtyProcess.spawn(argv, rows=ROWS, cols=COLS, env=fixed_env(home, "xterm-256color"), cwd=str(work))
    try:
        try:
            p.wait_for("Continue", timeout=TIMEOUT)
            # the whole frame, not just its first part: wait until nothing more comes
            quiet_since = time.monotonic()
            while time.monotonic() - quiet_since < QUIET:
                if p.pump(0.05):
                    quiet_since = time.monotonic()
            p.send(CTRL_C)
            status = p.wait_exit(timeout=TIMEOUT).status
        except AssertionError as e:
            raise GateError(f"startup: {e}\n" + (log.read_text(errors="replace")[-1500:] if log.exists() else ""))
        if status != 130:
            raise GateError(f"startup: exit status {status} after Ctrl-C, not 130\n{p.describe()}")
    finally:
        p.close()
    return collected(log, "startup")


def toolchain() -> str:
    return first_line(["swift", "--version"]) or "unknown (swift --version failed)"


def os_name() -> str:
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return platform.platform()


def grouped(n: int) -> str:
    return f"{n:,}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--update", action="store_true", help="write the measured counts as the new baselines")
    parser.add_argument("--runs", type=int, default=1, help="measure each this many times (the median counts)")
    parser.add_argument("--binary", default=linkterm_binary(),
                        help="the linkterm to measure (default: $LINKTERM_BIN or .build/debug/linkterm)")
    parser.add_argument("--baselines", type=Path, default=BASELINES)
    args = parser.parse_args()
    started = time.monotonic()

    try:
        binary = Path(args.binary)
        if not os.access(binary, os.X_OK):
            raise GateError(f"no linkterm binary at {binary}: run `swift build` first (or set LINKTERM_BIN)")
        valgrind, valgrind_version = find_valgrind()
        swift = toolchain()
        now_with = {"swift": swift, "valgrind": valgrind_version, "os": os_name(),
                    "binary": "debug build (swift build), debug info stripped", "names": NAMES, "seed": SEED}

        baselines = None
        if not args.update:
            if not args.baselines.exists():
                raise GateError(f"no baselines at {args.baselines}: measure them with --update and commit them")
            baselines = json.loads(args.baselines.read_text())
            was = baselines.get("measured_with", {})
            for key, label in (("swift", "toolchain"), ("valgrind", "valgrind"), ("os", "system")):
                if was.get(key) != now_with[key]:
                    print(f"perf gate: NOTE: the baselines were measured with {label} {was.get(key)!r}, this is "
                          f"{now_with[key]!r}: counts may differ for that reason alone (compared all the same; "
                          f"if this is the new toolchain, re-measure with --update)")
            if was.get("names") != NAMES or was.get("seed") != SEED:
                raise GateError(f"the baselines' search used {was.get('names')} names (seed {was.get('seed')}), this "
                                f"gate uses {NAMES} (seed {SEED}): re-measure with --update")

        counts: dict[str, list[int]] = {"search": [], "startup": []}
        # always under /tmp, not $TMPDIR: the length of the directory's name (in HOME, and in PWD,
        # which Debian's valgrind wrapper script sets) moves the search's count (measured: +0.2% for
        # a name 40 bytes longer)
        with tempfile.TemporaryDirectory(prefix="linkterm-gate-", dir="/tmp" if os.access("/tmp", os.W_OK) else None) as tmp:
            work = Path(tmp)
            strip_debug(binary, work / "linkterm")
            subprocess.run([sys.executable, str(REPO / "Benchmarks" / "genbanks.py"), str(NAMES), "--seed", str(SEED),
                            "--out", str(work / "banks.txt")], check=True, stdin=subprocess.DEVNULL)
            for run in range(args.runs):
                counts["search"].append(measure_search(valgrind, work, run))
                counts["startup"].append(measure_startup(valgrind, work, run))
    except GateError as e:
        print(f"perf gate: FAILED, could not measure: {e}", file=sys.stderr)
        return 1

    figures = {name: int(statistics.median(values)) for name, values in counts.items()}
    if args.runs > 1:
        for name, values in counts.items():
            low, high = min(values), max(values)
            print(f"perf gate: {name:<8} {args.runs} runs: {', '.join(map(grouped, values))}; "
                  f"spread {grouped(high - low)} ({(high - low) / low * 1e6:.2g} ppm)")

    if args.update:
        data = {
            "about": "Instruction counts (callgrind) of Tests/perf/gate.py's measures on the debug build; "
                     "re-measure with `python3 Tests/perf/gate.py --update` (after `swift build`) and commit.",
            "measured_with": {**now_with, "date": datetime.date.today().isoformat()},
            "measures": {name: {"instructions": figures[name], "what": MEASURES[name]} for name in figures},
        }
        args.baselines.write_text(json.dumps(data, indent=2) + "\n")
        for name, n in figures.items():
            print(f"perf gate: {name:<8} {grouped(n)} instructions (new baseline)")
        print(f"perf gate: wrote {args.baselines.relative_to(REPO) if args.baselines.is_relative_to(REPO) else args.baselines}"
              f" ({time.monotonic() - started:.0f} s): commit it")
        return 0

    failed = improved = False
    for name, now in figures.items():
        base = baselines.get("measures", {}).get(name, {}).get("instructions")
        if not isinstance(base, int) or base <= 0:
            print(f"perf gate: FAILED, no baseline for {name} in {args.baselines}: measure with --update",
                  file=sys.stderr)
            failed = True
            continue
        change = (now - base) / base * 100
        verdict = "ok"
        if change > THRESHOLD:
            verdict, failed = f"FAIL: more than {THRESHOLD:.0f}% more instructions", True
        elif change < -THRESHOLD:
            verdict, improved = f"improved by more than {THRESHOLD:.0f}%", True
        print(f"perf gate: {name:<8} baseline {grouped(base):>15}  now {grouped(now):>15}  {change:+7.2f}%  {verdict}")
    if improved:
        print("perf gate: NOTE: an improvement beyond the threshold: make it the new baseline, so that the next "
              "regression counts from there: python3 Tests/perf/gate.py --update, then commit Tests/perf/baselines.json")
    took = time.monotonic() - started
    if failed:
        print(f"perf gate: FAILED ({took:.0f} s): more than {THRESHOLD:.0f}% over a baseline (debug build, instructions "
              f"counted by callgrind). If the extra work is intended, re-measure with --update and say why in the "
              f"commit.", file=sys.stderr)
        return 1
    print(f"perf gate: passed ({took:.0f} s; debug build, instructions counted by callgrind, threshold "
          f"{THRESHOLD:.0f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
