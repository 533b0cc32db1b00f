#!/usr/bin/env python3
"""report.py - the table of Benchmarks/run.sh, from the raw figures of one run.

    python3 Benchmarks/report.py RESULTS_DIR [--command CMD] [--names N] ...

Reads what run.sh left in RESULTS_DIR (hyperfine or ptymeasure batch JSON for (a),
ptymeasure pty JSON for (b) and (c), engine_bench JSON Lines for (d), /usr/bin/time %M
files) and prints one table of medians, linkterm against each peer (ratio = linkterm / peer),
with issue 17's target and whether it is met. Writes RESULTS_DIR/details.txt: per key
medians for every program. Re-running it on an old folder reprints that run's table.
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import platform
import re
import statistics
from datetime import datetime, timezone

MOVE_KEYS = {"UP", "DOWN"}
DELETE_KEYS = {"BS"}


def median(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def fmt_bytes(b):
    if b is None:
        return "n/a"
    return f"{b:.0f} B" if b < 1000 else f"{b / 1024:.1f} KB"


def fmt_ms(ms):
    if ms is None:
        return "n/a"
    return f"{ms:.2f} ms" if ms < 10 else f"{ms:.1f} ms" if ms < 100 else f"{ms:.0f} ms"


def fmt_mb(kb):
    return "n/a" if kb is None else f"{kb / 1024:.1f} MB"


def fmt_rate(r):
    return "n/a" if r is None else f"{r:,.0f}/s"


def ratio(mine, theirs):
    if mine is None or theirs is None or theirs == 0:
        return ""
    r = mine / theirs
    return f" ({r:.2g}x)" if r < 10 else f" ({r:.0f}x)"


def load_json(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def read_numbers(path):
    try:
        with open(path) as f:
            return [int(x) for x in re.findall(r"^\d+$", f.read(), re.M)]
    except OSError:
        return []


def pty_runs(out, prefix, prog):
    runs = []
    for path in sorted(glob.glob(os.path.join(out, f"{prefix}-{prog}-*.json"))):
        data = load_json(path)
        if data:
            runs.extend(data["runs"])
    return runs


def programs(out, prefix):
    names = set()
    for path in glob.glob(os.path.join(out, f"{prefix}-*-*.json")):
        m = re.fullmatch(rf"{prefix}-(.+)-\d+\.json", os.path.basename(path))
        if m:
            names.add(m.group(1))
    return names


def batch_runs(out, prefix="a"):
    """(a): name -> list of ms, from ptymeasure batch files (interleaved) or hyperfine's JSON."""
    res = {}
    hf = load_json(os.path.join(out, f"{prefix}-hyperfine.json"))
    if hf:
        for r in hf["results"]:
            res[r["command"]] = [t * 1000 for t in r["times"]]
    data = load_json(os.path.join(out, f"{prefix}-batch.json"))
    if data and "programs" in data:
        for name, prog in data["programs"].items():
            res[name] = prog["runs_ms"]
    return res


def worst(xs):
    xs = [x for x in xs if x is not None]
    return max(xs) if xs else None


def p90(xs):
    xs = sorted(x for x in xs if x is not None)
    if not xs:
        return None
    return xs[min(len(xs) - 1, int(round(0.9 * (len(xs) - 1))))]


def key_stats(runs):
    """Pooled per-key samples: (typed, moves, deletes) lists of (bytes, last_ms)."""
    typed, moves, deletes = [], [], []
    for run in runs:
        for st in run["steps"]:
            bucket = moves if st["key"] in MOVE_KEYS else deletes if st["key"] in DELETE_KEYS else typed
            bucket.append((st["bytes"], st["last_ms"]))
    return typed, moves, deletes


# what a key's bytes are made of (details.txt), from the output kept by `ptymeasure.py --keep-output`
SGR = re.compile(r"\x1b\[[0-9;:]*m")
CURSOR = re.compile(r"\x1b\[[0-9;]*[HfABCDEFGd]|\x1b[78]")
ERASE = re.compile(r"\x1b\[[0-9;]*[JKX]")
OTHER_ESC = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[ -/]*[0-~]")
KINDS = ("text", "SGR", "cursor", "erase", "other")


def breakdown(output):
    """Bytes of one key's output by kind: text (incl. controls), SGR, cursor moves, erases, other escapes."""
    counts = dict.fromkeys(KINDS, 0)
    for kind, pattern in (("SGR", SGR), ("cursor", CURSOR), ("erase", ERASE), ("other", OTHER_ESC)):
        counts[kind] += sum(len(m.group(0)) for m in pattern.finditer(output))
        output = pattern.sub("", output)
    counts["text"] = len(output)
    return counts


def machine():
    cpu = "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{os.cpu_count()} cores (nproc {len(os.sched_getaffinity(0))}), {cpu}, Linux {platform.release()}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out")
    ap.add_argument("--command", default="bash Benchmarks/run.sh")
    ap.add_argument("--names", default="100000")
    ap.add_argument("--seed", default="42")
    ap.add_argument("--query", default="first plat")
    ap.add_argument("--load-start", default="")
    ap.add_argument("--load-end", default="")
    ap.add_argument("--seconds", default="")
    ap.add_argument("--key-quiet", default="")
    ap.add_argument("--frame-quiet", default="")
    a = ap.parse_args()
    out = a.out
    rows = []  # (measure, linkterm, peers text, target, met)

    def add(measure, mine, peers, target="", met=None):
        rows.append((measure, mine, peers, target, "" if met is None else ("yes" if met else "NO")))

    def mw(xs, fmt):
        """median / worst of a list of samples"""
        m, w = median(xs), worst(xs)
        return "n/a" if m is None else f"{fmt(m)} / {fmt(w)}"

    def peers_text(values, mine, fmt, names):
        return ", ".join(f"{p} {fmt(values[p])}{ratio(mine, values[p])}" for p in names
                         if values.get(p) is not None) or "n/a"

    # (a) batch, 100k and 1M names, runs interleaved
    checks = {}  # name -> (exit status, lines printed, first line), from run.sh's one check run
    try:
        with open(os.path.join(out, "a-check.tsv")) as f:
            for line in f:
                name, rc, n, first = (line.rstrip("\n").split("\t", 3) + ["", "", ""])[:4]
                checks[name] = (rc, n, first)
    except OSError:
        pass
    for prefix, label in (("a", a.names), ("a1m", "1,000,000")):
        runs = batch_runs(out, prefix)
        if not runs:
            continue
        meds = {p: median(v) for p, v in runs.items()}
        lt = meds.get("linkterm")
        fzy = meds.get("fzy")
        add(f"(a) batch search of {label} names, whole process (median / worst)", mw(runs.get("linkterm", []), fmt_ms),
            ", ".join(f"{p} {mw(runs[p], fmt_ms)}{ratio(lt, meds[p])}" for p in ("fzy", "fzf") if p in runs) or "n/a",
            "faster than fzy", None if lt is None or fzy is None else lt < fzy)
    failed = [p for p, (rc, n, _) in checks.items() if rc != "0" or n in ("", "0")]
    if failed:
        add("(a) ... FAILED (exit status or no output)", ", ".join(failed), "", "", False)

    # (c) exec to the first complete frame, and to a usable search pane
    c_frames = {p: [r["startup"]["frame_ms"] for r in pty_runs(out, "c", p)] for p in programs(out, "c")}
    meds = {p: median(v) for p, v in c_frames.items()}
    mine = c_frames.get("linkterm", [])
    floor = meds.get("floor_swift_foundation")
    add("(c) exec to consent frame (median / p90 / worst)",
        "n/a" if not mine else f"{fmt_ms(median(mine))} / {fmt_ms(p90(mine))} / {fmt_ms(worst(mine))}",
        peers_text(meds, median(mine), fmt_ms, ("floor_c", "floor_swift", "floor_swift_foundation", "dialog", "whiptail", "nano")),
        "≤ 5 ms median, ≤ 6 ms p90",
        None if not mine else median(mine) <= 5 and p90(mine) <= 6)
    if floor and mine:
        add("(c) ... against the Swift + Foundation + ncurses floor", f"{median(mine) / floor:.2f}x", f"floor {fmt_ms(floor)}",
            "≤ 1.3x", median(mine) / floor <= 1.3)
    usable = [r["startup"].get("second_ms") for r in pty_runs(out, "c", "linkterm_search")]
    usable = [x for x in usable if x is not None]
    peers_100k = {p: meds.get(f"{p}_100k") for p in ("fzy", "fzf")}
    add("(c) exec to a usable search pane, 100k names (median / worst; peers: first complete frame)",
        mw(usable, fmt_ms), ", ".join(f"{p} {mw(c_frames.get(f'{p}_100k', []), fmt_ms)}{ratio(median(usable), peers_100k[p])}"
                                     for p in ("fzy", "fzf") if peers_100k[p] is not None) or "n/a",
        "faster than fzy", None if not usable or peers_100k["fzy"] is None else median(usable) < peers_100k["fzy"])

    # (b) per key
    stats = {p: key_stats(pty_runs(out, "b", p)) for p in ("linkterm", "fzy", "fzf")}
    labels = [("type a character", 0, 700, 4), ("move the selection a row", 1, None, None),
              ("delete a character", 2, None, None)]
    for what, i, tb, tt in labels:
        for kind, pick, fmt, limit in (("bytes", 0, fmt_bytes, tb), ("key to last byte", 1, fmt_ms, tt)):
            samples = {p: [x[pick] for x in stats[p][i]] for p in stats}
            mine = samples["linkterm"]
            add(f"(b) {what}: {kind} (median / worst)", mw(mine, fmt),
                ", ".join(f"{p} {mw(samples[p], fmt)}{ratio(worst(mine), worst(samples[p]))}"
                          for p in ("fzy", "fzf") if samples[p]) or "n/a",
                "" if limit is None else f"worst ≤ {fmt(limit)}",
                None if limit is None or worst(mine) is None else worst(mine) <= limit)
        if i == 0:
            totals = {}
            for p in ("linkterm", "fzy", "fzf"):
                sums = [sum(st["bytes"] for st in r["steps"] if st["key"] not in MOVE_KEYS | DELETE_KEYS)
                        for r in pty_runs(out, "b", p) if r["steps"]]
                totals[p] = median(sums)
            add("(b) ... the whole query, bytes", fmt_bytes(totals["linkterm"]),
                peers_text(totals, totals["linkterm"], fmt_bytes, ("fzy", "fzf")))

    # memory: per name (the slope between 100k and 1M names) and the peak with 1M
    mem = {p: median(read_numbers(os.path.join(out, f"mem-batch-{p}.txt"))) for p in ("linkterm", "fzy", "fzf")}
    mem1m = {p: median(read_numbers(os.path.join(out, f"mem-batch1m-{p}.txt"))) for p in ("linkterm", "fzy", "fzf")}
    per_name = {p: (mem1m[p] - mem[p]) * 1024 / 900_000 if mem[p] and mem1m[p] else None for p in mem}
    fmt_b = lambda b: "n/a" if b is None else f"{b:.0f} B"
    mine = per_name["linkterm"]
    add("(m) memory per name (peak RSS, 1M less 100k, / 900k; batch search)", fmt_b(mine),
        peers_text(per_name, mine, fmt_b, ("fzy", "fzf")), "≤ 50 B", None if mine is None else mine <= 50)
    mine = mem1m["linkterm"]
    add("(m) peak memory, batch search of 1M names", fmt_mb(mine), peers_text(mem1m, mine, fmt_mb, ("fzy", "fzf")),
        "under fzy's", None if mine is None or mem1m["fzy"] is None else mine < mem1m["fzy"])
    add("(m) ... of 100k names", fmt_mb(mem["linkterm"]), peers_text(mem, mem["linkterm"], fmt_mb, ("fzy", "fzf")))
    # "bank", a query most names match: batch (linkterm and fzy) and interactive (linkterm)
    def bank_per_name(kind, prog):
        small = median(read_numbers(os.path.join(out, f"mem-bank-{kind}-{prog}.txt")))
        large = median(read_numbers(os.path.join(out, f"mem-bank1m-{kind}-{prog}.txt")))
        return (large - small) * 1024 / 900_000 if small and large else None
    mine = bank_per_name("batch", "linkterm")
    theirs = bank_per_name("batch", "fzy")
    add("(m) memory per name, batch search \"bank\" (most names match)", fmt_b(mine),
        f"fzy {fmt_b(theirs)}{ratio(mine, theirs)}" if theirs is not None else "n/a", "≤ 50 B",
        None if mine is None else mine <= 50)
    mine = bank_per_name("interactive", "linkterm")
    add("(m) memory per name, \"bank\" typed in the search pane", fmt_b(mine), "(no peer)", "≤ 50 B",
        None if mine is None else mine <= 50)
    rss = {p: median(r["peak_rss_kb"] for r in pty_runs(out, "b", p)) for p in ("linkterm", "fzy", "fzf")}
    add("(m) ... interactive, 100k, after the keys of (b)", fmt_mb(rss["linkterm"]),
        peers_text(rss, rss["linkterm"], fmt_mb, ("fzy", "fzf")))

    # (d) engine
    modes = {}
    try:
        with open(os.path.join(out, "d-throughput.jsonl")) as f:
            for line in f:
                d = json.loads(line)
                modes[d["mode"]] = d
    except (OSError, ValueError):
        pass
    rate = (lambda m: modes[m]["median_sessions_per_s"] if m in modes else None)
    cpu = (lambda m: f"(no peer; per CPU second {fmt_rate(modes[m].get('median_sessions_per_cpu_s'))})"
           if m in modes else "(no peer)")
    add("(d) pass_good sessions/s, engine only", fmt_rate(rate("engine")), cpu("engine"), "≥ 150,000/s",
        None if rate("engine") is None else rate("engine") >= 150000)
    add("(d) ... with JSON Lines encoding", fmt_rate(rate("json")), cpu("json"), "≥ 50,000/s",
        None if rate("json") is None else rate("json") >= 50000)
    add("(d) ... JSON Lines written to /dev/null", fmt_rate(rate("sink")), cpu("sink"), "", None)
    mem_engine = median(read_numbers(os.path.join(out, "mem-engine.txt")))
    add("(d) peak memory, 100k loaded: headless engine", fmt_mb(mem_engine), "(no peer)", "", None)

    # header
    versions = ""
    try:
        with open(os.path.join(out, "versions.txt")) as f:
            versions = ", ".join(line.strip() for line in f if line.strip())
    except OSError:
        pass
    now = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    print(f"linkterm benchmarks, {now}")
    print(f"machine:  {machine()}; load average {a.load_start or '?'} at the start, "
          f"{a.load_end or '?'} at the end")
    print(f"command:  {a.command.strip()}" + (f"  (took {a.seconds})" if a.seconds else ""))
    print(f"data:     {a.names} synthetic names (Benchmarks/genbanks.py, seed {a.seed}), query \"{a.query}\", "
          f"pty 80x24 TERM=xterm-256color")
    if versions:
        print(f"versions: {versions}")
    print(f"median / worst over every run (programs' runs interleaved); ratio = linkterm / peer, medians "
          f"(per key: worst / worst); 1 KB = 1024 B; a key's step ends after {a.key_quiet or '?'} s without output; "
          f"a first frame at the end of the burst that shows its text")
    print()
    head = ("measure", "linkterm", "peers (ratio)", "target", "met")
    widths = [max(len(head[i]), *(len(r[i]) for r in rows)) for i in range(5)]
    line = lambda r: "  ".join(str(r[i]).ljust(widths[i]) for i in range(5)).rstrip()
    print(line(head))
    print(line(tuple("-" * w for w in widths)))
    for r in rows:
        print(line(r))
    print()
    if checks:
        print("(a) first line printed (lines): " + "; ".join(
            f"{p} {first.split(chr(9))[-1]!r} ({n})" for p, (rc, n, first) in checks.items()))
    print(f"raw figures: {out} (per key: details.txt)")

    # details: per key medians per program
    with open(os.path.join(out, "details.txt"), "w") as f:
        for p in ("linkterm", "fzy", "fzf"):
            runs = pty_runs(out, "b", p)
            if not runs:
                continue
            f.write(f"{p}: {len(runs)} run(s); first frame {fmt_ms(median(r['startup']['frame_ms'] for r in runs))}, "
                    f"{runs[0]['startup']['bytes']} B; keys after the frame: "
                    f"{', '.join(x['key'] for x in runs[0]['pre']) or 'none'}\n")
            f.write(f"  {'key':>6} {'bytes':>8} {'first':>10} {'last':>10}   (medians over runs)\n")
            for i, st in enumerate(runs[0]["steps"]):
                col = [r["steps"][i] for r in runs if len(r["steps"]) > i]
                f.write(f"  {st['key']:>6} {median(c['bytes'] for c in col):8.0f} "
                        f"{fmt_ms(median(c['first_ms'] for c in col)):>10} {fmt_ms(median(c['last_ms'] for c in col)):>10}\n")
            kept = [st for st in runs[0]["steps"] if "output" in st]
            if kept:
                f.write(f"  what the bytes are (run 1): {', '.join(KINDS)}\n")
                for st in kept:
                    c = breakdown(st["output"])
                    f.write(f"  {st['key']:>6} {st['bytes']:8d}   " + "  ".join(f"{k} {c[k]}" for k in KINDS) + "\n")
                moves = [st for st in kept if st["key"] in MOVE_KEYS]
                if moves:
                    f.write(f"  the bytes of {moves[0]['key']} (run 1): {moves[0]['output']!r}\n")
            f.write("\n")
        for p in sorted(programs(out, "c")):
            runs = pty_runs(out, "c", p)
            vals = sorted(r["startup"]["frame_ms"] for r in runs if r["startup"]["frame_ms"] is not None)
            if vals:
                f.write(f"first frame {p}: median {fmt_ms(median(vals))}, min {fmt_ms(vals[0])}, max {fmt_ms(vals[-1])}, "
                        f"{len(vals)}/{len(runs)} complete, {runs[0]['startup']['bytes']} B\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
