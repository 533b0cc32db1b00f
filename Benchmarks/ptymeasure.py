#!/usr/bin/env python3
"""ptymeasure.py - what a terminal program costs per key, in a pseudo-terminal.

Two commands (Python 3.11+ standard library only; Linux):

  ptymeasure.py pty [options] [KEY ...] -- COMMAND [ARG ...]
      Runs COMMAND in a new pseudo-terminal of --rows x --cols (TERM=xterm-256color,
      LANG=C.UTF-8), as the session leader with the pty as its controlling terminal.
      1. First frame: reads until the --ready text has appeared in the output (escape
         sequences stripped; any output if no --ready is given) and the output has then
         been quiet for --frame-quiet seconds. Reports the time from just before fork()
         to the first byte, to the ready text, to the last byte of the burst that showed
         it (`frame_ms`, "exec to first complete frame": the burst ends at a pause of
         --frame-gap seconds, so a later repaint is not counted) and to the last byte
         before the quiet period (`settled_ms`), and the bytes written. With --then KEY
         --ready2 TEXT, KEY is written the moment the ready text shows and `second_ms`
         is exec to the end of the burst that shows TEXT (a usable second pane).
      2. --pre keys (for example ENTER to leave a welcome pane): each sent, then the
         output is let go quiet; not measured.
      3. KEYs, one at a time: writes the key, then reads until nothing has come for
         --quiet seconds (counted from the key if nothing comes at all). Records, per
         key, the bytes the program wrote and the time from the key to the first and to
         the last byte (`last_ms`, "key to last byte").
      4. Reads the program's peak resident memory (VmHWM), then ends it: --end keys if
         given, then SIGTERM to its process group, then SIGKILL.
      With --runs N it does all that N times, each with a fresh process.
      Cursor-position and device-attribute queries are answered, so programs that probe
      the terminal do not hang; arrow keys follow the program's cursor-key mode (DECCKM).

  ptymeasure.py batch [--runs N] [--warmup N] [--stdin FILE] -- COMMAND [ARG ...]
  ptymeasure.py batch [--runs N] [--warmup N] --program NAME 'COMMAND [< FILE]' ...
      Whole-process wall time: fork, exec, run to exit, with standard input from FILE (or
      /dev/null) and standard output and error to /dev/null; no shell in between. With
      several --program, the runs are interleaved: run 1 of each program, then run 2 ...

KEY tokens: a letter or word is typed as is (`q`); `type:first plat` is one key per
character; named keys: ENTER TAB BS (DEL, 0x7f) ESC SPACE UP DOWN LEFT RIGHT HOME END PGUP
PGDN F1..F4; C-x is a control character.

Both commands print a short summary and, with --json FILE, write every figure:
  pty:   {"command", "rows", "cols", "runs": [{"startup": {...}, "steps": [{"key", "bytes",
          "first_ms", "last_ms"[, "output"]}], "peak_rss_kb", "returncode"}]}
  batch: {"interleaved": true, "programs": {NAME: {"command", "stdin", "runs_ms": [...],
          "median_ms", "max_ms", "exit_status"}}}
"""
from __future__ import annotations

import argparse
import errno
import fcntl
import json
import os
import re
import select
import signal
import shlex
import statistics
import struct
import sys
import termios
import time

NAMED = {
    "ENTER": b"\r", "TAB": b"\t", "BS": b"\x7f", "ESC": b"\x1b", "SPACE": b" ",
    "PGUP": b"\x1b[5~", "PGDN": b"\x1b[6~", "DEL": b"\x1b[3~",
    "F1": b"\x1bOP", "F2": b"\x1bOQ", "F3": b"\x1bOR", "F4": b"\x1bOS",
}
CURSOR_KEYS = {"UP": b"A", "DOWN": b"B", "RIGHT": b"C", "LEFT": b"D", "HOME": b"H", "END": b"F"}

# escape sequences, to find text in the output: CSI, OSC, DCS/APC/PM strings, two-byte ESCs
ESCAPES = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"
                     rb"|\x1b[P_^][^\x1b]*\x1b\\|\x1b[ -/]*[0-~]")
CKM = re.compile(rb"\x1b\[\?([0-9;]*)([hl])")
QUERIES = [(re.compile(rb"\x1b\[\??6n"), None),            # cursor position report
           (re.compile(rb"\x1b\[>0?c"), b"\x1b[>0;95;0c"),  # secondary device attributes
           (re.compile(rb"\x1b\[0?c"), b"\x1b[?62;22c")]     # primary device attributes


def key_bytes(token: str, app_cursor: bool) -> bytes:
    if token in CURSOR_KEYS:
        return (b"\x1bO" if app_cursor else b"\x1b[") + CURSOR_KEYS[token]
    if token in NAMED:
        return NAMED[token]
    m = re.fullmatch(r"C-(.)", token)
    if m:
        return bytes([ord(m.group(1).upper()) & 0x1F])
    return token.encode("utf-8")


def expand(tokens: list[str]) -> list[str]:
    keys: list[str] = []
    for tok in tokens:
        if tok.startswith("type:"):
            keys.extend(tok[5:])
        else:
            keys.append(tok)
    return keys


def label(key: str) -> str:
    return "SPACE" if key == " " else key


class Session:
    """One program in one pseudo-terminal."""

    def __init__(self, cmd: list[str], rows: int, cols: int, stdin: str | None, env: dict[str, str]):
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.rows, self.cols = rows, cols
        self.app_cursor = False
        self.tail = b""
        self.t0 = time.perf_counter()
        pid = os.fork()
        if pid == 0:  # child: new session, the pty as controlling terminal and 0/1/2
            try:
                os.close(self.master)
                os.login_tty(slave)
                if stdin is not None:
                    fd = os.open(stdin, os.O_RDONLY)
                    os.dup2(fd, 0)
                    os.close(fd)
                os.execvpe(cmd[0], cmd, env)
            except BaseException as exc:  # noqa: BLE001 - report and leave, never return
                os.write(2, f"ptymeasure: cannot run {cmd[0]}: {exc}\n".encode())
            finally:
                os._exit(127)
        os.close(slave)
        self.pid = pid
        self.status: int | None = None

    # -- reading ---------------------------------------------------------------------
    def read(self, timeout: float) -> bytes:
        """Whatever the program wrote within `timeout` seconds (b"" if nothing or gone)."""
        try:
            ready, _, _ = select.select([self.master], [], [], max(0.0, timeout))
        except InterruptedError:
            return b""
        if not ready:
            return b""
        try:
            data = os.read(self.master, 1 << 16)
        except OSError as exc:
            if exc.errno == errno.EIO:  # the program closed the terminal (it exited)
                time.sleep(min(timeout, 0.01))
                return b""
            raise
        self.observe(data)
        return data

    def observe(self, data: bytes) -> None:
        buf = self.tail + data
        for m in CKM.finditer(buf):
            if m.end() > len(self.tail) and "1" in m.group(1).decode().split(";"):
                self.app_cursor = m.group(2) == b"h"
        for pattern, reply in QUERIES:
            for m in pattern.finditer(buf):
                if m.end() > len(self.tail):
                    os.write(self.master, reply or b"\x1b[1;1R")
        self.tail = buf[-24:]

    def alive(self) -> bool:
        if self.status is not None:
            return False
        pid, status = os.waitpid(self.pid, os.WNOHANG)
        if pid == 0:
            return True
        self.status = status
        return False

    def first_frame(self, ready: str | None, quiet: float, timeout: float, gap: float = 0.03,
                    then: bytes | None = None, ready2: str | None = None) -> dict:
        """Read from exec until the ready text has shown and the output has gone quiet.

        The frame is complete at the last byte of the burst that showed the ready text: the
        output stops for `gap` seconds after it (a program that repaints later, as fzf does
        72 ms after its first complete frame, is timed at its first complete frame; the later
        bytes are reported apart, `settled_ms`). With `then`, that key is written the moment the
        ready text shows, and the second pane is complete at the end of the burst that shows
        `ready2` (`second_ms`: exec to a usable second pane)."""
        raw = bytearray()
        first = seen = last = frame_end = None
        seen2 = second_end = None
        needle = ready.encode("utf-8") if ready else None
        needle2 = ready2.encode("utf-8") if ready2 else None
        mark = 0  # where the output after `then` starts
        deadline = self.t0 + timeout
        while True:
            now = time.perf_counter()
            if now >= deadline:
                break
            done = seen is not None and (then is None or seen2 is not None)
            if not done:
                wait = deadline - now
            else:
                wait = min(deadline, last + quiet) - now
                if wait <= 0:
                    break
            if seen is not None and frame_end is None and now - last >= gap:
                frame_end = last
            if seen2 is not None and second_end is None and now - last >= gap:
                second_end = last
            pending = (seen is not None and frame_end is None) or (seen2 is not None and second_end is None)
            data = self.read(min(wait, gap / 3 if pending else 0.05))
            if not data:
                if not self.alive():
                    break
                continue
            now = time.perf_counter()
            raw += data
            first = first or now
            last = now
            if seen is None and (needle is None or needle in ESCAPES.sub(b"", bytes(raw))):
                seen = now
                if then is not None:
                    os.write(self.master, then)
                    mark = len(raw)
            elif then is not None and seen is not None and seen2 is None \
                    and needle2 in ESCAPES.sub(b"", bytes(raw[mark:])):
                seen2 = now
        if seen is not None and frame_end is None:
            frame_end = last
        if seen2 is not None and second_end is None:
            second_end = last
        ms = (lambda t: None if t is None else round((t - self.t0) * 1000, 3))
        out = {"first_byte_ms": ms(first), "ready_ms": ms(seen), "frame_ms": ms(frame_end),
               "settled_ms": ms(last) if seen else None, "bytes": len(raw),
               "complete": seen is not None and (then is None or seen2 is not None)}
        if then is not None:
            out.update({"ready2_ms": ms(seen2), "second_ms": ms(second_end)})
        return out

    def step(self, data: bytes, quiet: float, max_wait: float, keep: bool = False) -> dict:
        """Send one key; read until quiet; bytes and key-to-first/last-byte times."""
        t = time.perf_counter()
        os.write(self.master, data)
        got = 0
        kept = bytearray()
        first = last = None
        while True:
            now = time.perf_counter()
            wait = (last or t) + quiet - now
            if wait <= 0 or now - t > max_wait:
                break
            chunk = self.read(wait)
            if chunk:
                now = time.perf_counter()
                got += len(chunk)
                if keep:
                    kept += chunk
                first = first or now
                last = now
            elif not self.alive():
                break
        ms = (lambda x: None if x is None else round((x - t) * 1000, 3))
        out = {"bytes": got, "first_ms": ms(first), "last_ms": ms(last)}
        if keep:  # the bytes themselves, one character per byte (latin-1), to see what a key costs
            out["output"] = kept.decode("latin-1")
        return out

    def peak_rss_kb(self) -> int | None:
        try:
            with open(f"/proc/{self.pid}/status") as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1])
        except OSError:
            pass
        return None

    def end(self, keys: list[bytes], grace: float = 2.0) -> int | None:
        """End the program (keys, then SIGTERM, then SIGKILL), draining its output."""
        for k in keys:
            if self.alive():
                try:
                    os.write(self.master, k)
                except OSError:
                    pass
                self.drain(0.05)
        if keys:
            self.drain(0.5)  # give the keys a moment to end it
        for sig in (signal.SIGTERM, signal.SIGKILL):
            if not self.alive():
                break
            try:
                os.killpg(self.pid, sig)
            except ProcessLookupError:
                pass
            self.drain(grace)
        if self.status is None:
            _, self.status = os.waitpid(self.pid, 0)
        os.close(self.master)
        return os.waitstatus_to_exitcode(self.status)

    def drain(self, seconds: float) -> None:
        deadline = time.perf_counter() + seconds
        while self.alive() and time.perf_counter() < deadline:
            self.read(0.02)


def child_env(extra: list[str]) -> dict[str, str]:
    env = dict(os.environ)
    env.update({"TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"})
    for name in ("LINES", "COLUMNS", "NO_COLOR", "TMUX", "STY"):  # size from the pty only
        env.pop(name, None)
    for kv in extra:
        k, _, v = kv.partition("=")
        env[k] = v
    return env


def split_command(rest: list[str], parser: argparse.ArgumentParser) -> tuple[list[str], list[str]]:
    if "--" not in rest:
        parser.error("put the program after `--`")
    i = rest.index("--")
    if not rest[i + 1:]:
        parser.error("no program after `--`")
    return rest[:i], rest[i + 1:]


def cmd_pty(a: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    tokens, cmd = split_command(a.rest, parser)
    keys = expand(tokens)
    pre = expand(a.pre)
    env = child_env(a.env)
    runs = []
    for _ in range(a.runs):
        s = Session(cmd, a.rows, a.cols, a.stdin, env)
        startup = s.first_frame(a.ready, a.frame_quiet, a.timeout, a.frame_gap,
                                key_bytes(a.then, False) if a.then else None, a.ready2)
        run = {"startup": startup, "pre": [], "steps": []}
        if startup["complete"]:
            for k in pre:
                run["pre"].append({"key": label(k), **s.step(key_bytes(k, s.app_cursor), a.quiet, a.max_wait)})
            for k in keys:
                run["steps"].append({"key": label(k), **s.step(key_bytes(k, s.app_cursor), a.quiet, a.max_wait,
                                                               keep=a.keep_output)})
        run["peak_rss_kb"] = s.peak_rss_kb()
        run["returncode"] = s.end([key_bytes(k, s.app_cursor) for k in expand(a.end)])
        runs.append(run)
        if not startup["complete"]:
            print(f"ptymeasure: {cmd[0]}: no complete first frame within {a.timeout} s"
                  + (f" (no {a.ready!r} on screen)" if a.ready else ""), file=sys.stderr)
            break
    out = {"command": cmd, "rows": a.rows, "cols": a.cols, "quiet_s": a.quiet,
           "frame_quiet_s": a.frame_quiet, "ready": a.ready, "runs": runs}
    if a.json:
        with open(a.json, "w") as f:
            json.dump(out, f, indent=1)
    if not a.silent:
        frames = [r["startup"]["frame_ms"] for r in runs if r["startup"]["frame_ms"] is not None]
        print(f"{' '.join(cmd)[:90]}  ({a.rows}x{a.cols}, {len(runs)} run(s))")
        if frames:
            print(f"  first complete frame: median {statistics.median(frames):.2f} ms "
                  f"(min {min(frames):.2f}, max {max(frames):.2f}), {runs[0]['startup']['bytes']} B")
        seconds = [r["startup"].get("second_ms") for r in runs if r["startup"].get("second_ms") is not None]
        if seconds:
            print(f"  second pane ({a.ready2!r} after {a.then}): median {statistics.median(seconds):.2f} ms "
                  f"(min {min(seconds):.2f}, max {max(seconds):.2f})")
        for i, k in enumerate(keys):
            rows = [r["steps"][i] for r in runs if len(r["steps"]) > i]
            if not rows:
                continue
            lasts = [x["last_ms"] for x in rows if x["last_ms"] is not None]
            print(f"  {label(k):>6}: {statistics.median(x['bytes'] for x in rows):8.0f} B  "
                  + (f"{statistics.median(lasts):8.2f} ms to the last byte" if lasts else "    (no output)"))
        rss = [r["peak_rss_kb"] for r in runs if r["peak_rss_kb"]]
        if rss:
            print(f"  peak RSS: {statistics.median(rss) / 1024:.1f} MB")
    return 0 if all(r["startup"]["complete"] for r in runs) else 1


def cmd_batch(a: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Whole-process wall time of one or more programs, their runs interleaved (run 1 of each,
    then run 2 of each, ...), so that a change in the machine's load touches every program alike."""
    programs: list[tuple[str, list[str], str | None]] = []
    for name, line in a.program:
        words = shlex.split(line)
        stdin = None
        if len(words) >= 2 and words[-2] == "<":
            stdin, words = words[-1], words[:-2]
        if not words:
            parser.error(f"--program {name}: no command")
        programs.append((name, words, stdin))
    if "--" in a.rest:
        _, cmd = split_command(a.rest, parser)
        programs.append((os.path.basename(cmd[0]), cmd, a.stdin))
    elif a.rest:
        parser.error("put the program after `--`, or name programs with --program")
    if not programs:
        parser.error("no program: --program NAME 'COMMAND [< FILE]', or -- COMMAND")
    devnull = os.open(os.devnull, os.O_RDWR)
    times: dict[str, list[float]] = {name: [] for name, _, _ in programs}
    codes: dict[str, int] = {}
    for i in range(a.warmup + a.runs):
        for name, cmd, stdin_path in programs:
            stdin = os.open(stdin_path, os.O_RDONLY) if stdin_path else devnull
            t = time.perf_counter()
            pid = os.fork()
            if pid == 0:
                try:
                    os.dup2(stdin, 0)
                    os.dup2(devnull, 1)
                    os.dup2(devnull, 2)
                    os.execvp(cmd[0], cmd)
                finally:
                    os._exit(127)
            _, status = os.waitpid(pid, 0)
            elapsed = (time.perf_counter() - t) * 1000
            if stdin != devnull:
                os.close(stdin)
            code = os.waitstatus_to_exitcode(status)
            codes[name] = code
            if code == 127:
                print(f"ptymeasure: cannot run {cmd[0]}", file=sys.stderr)
                return 1
            if i >= a.warmup:
                times[name].append(round(elapsed, 3))
    out = {"interleaved": True, "programs": {
        name: {"command": cmd, "stdin": stdin, "runs_ms": times[name], "median_ms": statistics.median(times[name]),
               "max_ms": max(times[name]), "exit_status": codes[name]} for name, cmd, stdin in programs}}
    if len(programs) == 1:  # the one-program form of earlier runs
        out.update(out["programs"][programs[0][0]])
    if a.json:
        with open(a.json, "w") as f:
            json.dump(out, f, indent=1)
    if not a.silent:
        for name, cmd, _ in programs:
            xs = times[name]
            print(f"{name:>12}: median {statistics.median(xs):.2f} ms, max {max(xs):.2f} (min {min(xs):.2f}) "
                  f"over {len(xs)} runs  [{' '.join(cmd)[:70]}]")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("pty", help="first frame and per-key bytes and latency in a pseudo-terminal")
    p.add_argument("--rows", type=int, default=24)
    p.add_argument("--cols", type=int, default=80)
    p.add_argument("--ready", help="text whose appearance (then quiet) marks the first complete frame")
    p.add_argument("--frame-quiet", type=float, default=0.15,
                   help="quiet period (s) that ends the first frame (default 0.15)")
    p.add_argument("--frame-gap", type=float, default=0.03,
                   help="a pause (s) that ends the burst of output holding the first frame (default 0.03)")
    p.add_argument("--then", metavar="KEY",
                   help="a key written the moment the --ready text shows (with --ready2: exec to a second pane)")
    p.add_argument("--ready2", help="with --then: the text that marks the second pane")
    p.add_argument("--quiet", type=float, default=0.15,
                   help="quiet period (s) that ends a key's step (default 0.15)")
    p.add_argument("--max-wait", type=float, default=5.0, help="longest a step may take (s)")
    p.add_argument("--timeout", type=float, default=20.0, help="longest wait for the first frame (s)")
    p.add_argument("--pre", action="append", default=[], metavar="KEY",
                   help="a key sent after the first frame, not measured (repeatable)")
    p.add_argument("--end", action="append", default=[], metavar="KEY",
                   help="a key that ends the program (repeatable); SIGTERM follows anyway")
    p.add_argument("--stdin", help="the program's standard input (default: the pty)")
    p.add_argument("--env", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--runs", type=int, default=1)
    p.add_argument("--json", help="write every figure to this file")
    p.add_argument("--keep-output", action="store_true",
                   help="also keep each key's output bytes in the JSON (\"output\", latin-1)")
    p.add_argument("--silent", action="store_true", help="no summary")
    p.add_argument("rest", nargs=argparse.REMAINDER)
    b = sub.add_parser("batch", help="whole-process wall time, median of runs")
    b.add_argument("--runs", type=int, default=10)
    b.add_argument("--warmup", type=int, default=2)
    b.add_argument("--stdin")
    b.add_argument("--program", nargs=2, action="append", default=[], metavar=("NAME", "COMMAND"),
                   help="a program to time, its command line in shell words, ending `< FILE` for its input "
                        "(repeatable: the programs' runs are interleaved)")
    b.add_argument("--json")
    b.add_argument("--silent", action="store_true")
    b.add_argument("rest", nargs=argparse.REMAINDER)
    a = ap.parse_args(argv)
    if a.command == "pty":
        if a.runs < 1:
            p.error("--runs must be 1 or more")
        if (a.then is None) != (a.ready2 is None) or (a.then and not a.ready):
            p.error("--then and --ready2 go together, with --ready")
        return cmd_pty(a, p)
    return cmd_batch(a, b)


if __name__ == "__main__":
    sys.exit(main())
