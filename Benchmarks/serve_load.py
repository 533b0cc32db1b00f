#!/usr/bin/env python3
"""Load test of `linkterm serve` (not part of the test command): N visitors at once (default 50),
each `ssh -tt` into the server, whose sessions play a pass_good scenario with the autopilot
(--script … --exit-at-end) to onSuccess. Reports how many completed (ssh exited 0: the scenario
played and every expectation held), the time per session (p50, p99, max), the server's peak RSS
(and the peak of the server and its sessions together), and the processes left after.

The autopilot holds each view --pace ms (linkterm's default is 1000, a demo's reading time); the
load test passes --pace 0 unless told otherwise, so a session's time is its keys and the sandbox's
latency, and the report says the pace used.

Usage: python3 Benchmarks/serve_load.py [--sessions 50] [--binary .build/debug/linkterm]
                                        [--script Tests/Scenarios/pass_good.txt] [--typing-delay 80] [--pace 0]
Needs OpenSSH's client (ssh, ssh-keygen) and a built linkterm (swift build, or -c release).
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def rss_kib(pid: int, field: str = "VmRSS") -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except (FileNotFoundError, ProcessLookupError):
        pass
    return 0


def children(pid: int) -> list[int]:
    found = []
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            found += [int(p) for p in (task / "children").read_text().split()]
    except FileNotFoundError:
        pass
    return found


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=50)
    parser.add_argument("--binary", default=os.environ.get("LINKTERM_BIN", str(REPO / ".build/debug/linkterm")))
    parser.add_argument("--script", default=str(REPO / "Tests/Scenarios/pass_good.txt"))
    parser.add_argument("--typing-delay", type=int, default=80, help="the autopilot's milliseconds between keys")
    parser.add_argument("--pace", type=int, default=0, help="the autopilot's milliseconds on each view before acting")
    parser.add_argument("--timeout", type=float, default=120, help="seconds a session may take before it counts as hung")
    args = parser.parse_args()
    ssh, keygen = shutil.which("ssh"), shutil.which("ssh-keygen")
    if not ssh or not keygen:
        sys.exit("serve_load.py: needs OpenSSH's client (apt-get install openssh-client)")
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"serve_load.py: no linkterm binary at {args.binary} (swift build)")

    work = Path(tempfile.mkdtemp(prefix="serve-load-"))
    subprocess.run([keygen, "-q", "-t", "ed25519", "-N", "", "-f", str(work / "visitor")], check=True)
    shutil.copy(work / "visitor.pub", work / "authorized_keys")
    (work / "events").mkdir()
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(work), "LANG": "C.UTF-8"}
    server = subprocess.Popen(
        [args.binary, "serve", "--listen", "127.0.0.1:0", "--host-key", str(work / "host_key"),
         "--authorized-keys", str(work / "authorized_keys"), "--max-sessions", str(args.sessions),
         "--max-per-source", str(args.sessions), "--events-dir", str(work / "events"),
         # every visitor connects at once: none of them is to be dropped as not logged in yet
         "--max-startups", str(args.sessions),
         "--script", args.script, "--exit-at-end", "--typing-delay", str(args.typing_delay), "--pace", str(args.pace)],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=str(REPO),
        start_new_session=True, text=True)
    first = server.stdout.readline()
    match = re.search(r"listening on 127\.0\.0\.1:(\d+)", first)
    if not match:
        server.kill()
        sys.exit(f"serve_load.py: the server did not start: {first}{server.stderr.read()}")
    port = match.group(1)
    log_lines: list[str] = []
    threading.Thread(target=lambda: log_lines.extend(server.stdout), daemon=True).start()

    peak_total = [0]
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            total = rss_kib(server.pid) + sum(rss_kib(c) for c in children(server.pid))
            peak_total[0] = max(peak_total[0], total)
            time.sleep(0.1)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()

    def visit(_: int) -> tuple[int, float]:
        started = time.monotonic()
        try:
            result = subprocess.run(
                [ssh, "-tt", "-F", "/dev/null", "-i", str(work / "visitor"), "-o", "IdentitiesOnly=yes",
                 "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                 "-o", "LogLevel=ERROR", "-p", port, "visitor@127.0.0.1"],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                env={**env, "TERM": "xterm-256color"}, timeout=args.timeout)
            status = result.returncode
        except subprocess.TimeoutExpired:
            status = -1
        return status, time.monotonic() - started

    wall = time.monotonic()
    with ThreadPoolExecutor(max_workers=args.sessions) as pool:
        results = list(pool.map(visit, range(args.sessions)))
    wall = time.monotonic() - wall
    done.set()
    sampler.join()

    left_during = children(server.pid)
    server_peak = rss_kib(server.pid, "VmHWM")
    cpu = sum(int(x) for x in Path(f"/proc/{server.pid}/stat").read_text().rsplit(")", 1)[1].split()[11:13])
    server.send_signal(signal.SIGTERM)
    try:
        server_status = server.wait(30)
    except subprocess.TimeoutExpired:
        server.kill()
        server_status = "killed after 30 s"
    leftover = subprocess.run(["pgrep", "-f", str(work)], capture_output=True, text=True).stdout.split()

    completed = [t for s, t in results if s == 0]
    statuses: dict[int, int] = {}
    for s, _ in results:
        statuses[s] = statuses.get(s, 0) + 1
    success_files = sum(1 for f in (work / "events").iterdir() if '"type":"success"' in f.read_text())
    times = [t for _, t in results]
    print(f"linkterm serve load test, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    print(f"machine:   {os.cpu_count()} cores, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} at the end")
    print(f"binary:    {args.binary}")
    print(f"sessions:  {args.sessions} at once, each ssh -tt to the autopilot playing {Path(args.script).name} "
          f"(--typing-delay {args.typing_delay} --pace {args.pace} --exit-at-end)")
    print(f"completed: {len(completed)}/{args.sessions} (ssh exit status 0; statuses {statuses}); "
          f"{success_files} events files with onSuccess")
    print(f"time per session: p50 {percentile(times, 50):.2f} s, p99 {percentile(times, 99):.2f} s, "
          f"max {max(times):.2f} s; all {args.sessions} in {wall:.2f} s")
    print(f"server:    peak RSS {server_peak / 1024:.1f} MiB (VmHWM); server and sessions together, peak "
          f"{peak_total[0] / 1024:.1f} MiB (sampled every 0.1 s); {cpu / os.sysconf('SC_CLK_TCK'):.2f} s CPU")
    print(f"left after: {len(left_during)} session processes once every visitor had gone; "
          f"{len(leftover)} processes of the run after SIGTERM; server exit status {server_status}")
    ended = sum(1 for line in log_lines if 'outcome="ended: exit 0"' in line)
    print(f"log:       {sum(1 for line in log_lines if 'outcome=' in line)} connection lines, {ended} 'ended: exit 0'")
    shutil.rmtree(work, ignore_errors=True)
    return 0 if len(completed) == args.sessions and not left_during and not leftover else 1


if __name__ == "__main__":
    sys.exit(main())
