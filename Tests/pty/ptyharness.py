"""ptyharness: run linkterm in a pseudo-terminal and look at what it does to it.

The standard library and pyte (the terminal emulator). The pieces:

* ``Screen`` (xtermscreen.py): what an xterm would show, on pyte, so that tests match the text a
  user sees, not the bytes that happen to draw it.
* ``modes_report`` / ``termios_report``: the last state of every terminal mode the program set in
  its output stream, and the pty's termios compared with what it was before the program ran.
* ``PtyProcess``: spawns a program as a session leader with a new pty of a given size as its
  controlling terminal, reads everything it writes (non-blocking, select), types keys, resizes,
  signals its process group, hangs up, and waits for it to exit (status as a shell reports it:
  128+N after signal N), with its resource usage.

Run as a script (``python3 ptyharness.py --jobctl [--ignore-hup] [--report FILE] -- PROGRAM
ARGS``) it is a tiny job-control shell: it puts PROGRAM in its own foreground process group, and
when PROGRAM stops (Ctrl-Z, SIGTSTP) takes the terminal back, prints ``[jobctl: stopped PID …]``
and waits for ``fg`` typed on the terminal, then gives the terminal back and continues PROGRAM
(``[jobctl: fg]``). It exits with PROGRAM's status (128+N after signal N) and, with --report,
writes that status and PROGRAM's CPU time to FILE as JSON. With --ignore-hup it survives a
hang-up, so that PROGRAM (not a session leader) gets no SIGHUP from the kernel and has to notice
the terminal is gone by itself.
"""
from __future__ import annotations

import errno
import fcntl
import json
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from dataclasses import dataclass, field
from pathlib import Path

from xtermscreen import Screen

REPO = Path(__file__).resolve().parents[2]
HANG_TIMEOUT = 10.0  # bounds a hang; never a performance threshold
POLL = 0.02

# -- keys --------------------------------------------------------------------------------------

ENTER = b"\r"
ESC = b"\x1b"
TAB = b"\t"
BACKTAB = b"\x1b[Z"
CTRL_C = b"\x03"
CTRL_Z = b"\x1a"
CTRL_L = b"\x0c"
UP, DOWN, RIGHT, LEFT = b"\x1b[A", b"\x1b[B", b"\x1b[C", b"\x1b[D"
F1, F2, F3 = b"\x1bOP", b"\x1bOQ", b"\x1bOR"
PASTE_START, PASTE_END = b"\x1b[200~", b"\x1b[201~"


#: What the tests measured, for the end-of-run summary (conftest.py prints it): (section, text).
MEASURED: list[tuple[str, str]] = []


def measure(section: str, text: str) -> None:
    MEASURED.append((section, text))


def bracketed_paste(data: bytes) -> bytes:
    return PASTE_START + data + PASTE_END


def linkterm_binary() -> str:
    return os.environ.get("LINKTERM_BIN") or str(REPO / ".build" / "debug" / "linkterm")


# -- escape sequences ---------------------------------------------------------------------------

ANY_ESC_RE = re.compile(
    rb"\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # OSC
    rb"|\x1bP[^\x1b]*\x1b\\"  # DCS
    rb"|\x1b\[[0-?]*[ -/]*[@-~]"  # CSI
    rb"|\x1b[()*+][0-~]"  # charset designation
    rb"|\x1b[ -/]*[0-~]"  # other ESC sequences
)


def strip_escapes(data: bytes) -> str:
    """The text of a byte stream without escape sequences and control characters (except \\n)."""
    text = ANY_ESC_RE.sub(b"", data).decode("utf-8", "replace")
    return "".join(ch for ch in text if ch == "\n" or ch >= " " and ch != "\x7f")


# -- terminal modes in the output stream ----------------------------------------------------------

DEC_MODE_RE = re.compile(rb"\x1b\[\?([0-9;]+)([hl])")
KEYPAD_RE = re.compile(rb"\x1b([=>])")

#: DEC private modes a full-screen program may set, and the state that counts as "set".
TRACKED_MODES = {
    1: ("keypad cursor keys (DECCKM)", "h"),
    25: ("cursor hidden", "l"),
    47: ("alternate screen (47)", "h"),
    1047: ("alternate screen (1047)", "h"),
    1049: ("alternate screen (1049)", "h"),
    1000: ("mouse (1000)", "h"),
    1002: ("mouse (1002)", "h"),
    1003: ("mouse (1003)", "h"),
    1006: ("mouse SGR (1006)", "h"),
    2004: ("bracketed paste (2004)", "h"),
}


def mode_states(data: bytes) -> dict:
    """For every tracked mode: whether it was ever set, and its last state in ``data``
    ('h'/'l', or for 'keypad' '='/'>')."""
    seen: dict = {}
    for m in DEC_MODE_RE.finditer(data):
        for p in m.group(1).split(b";"):
            if p and int(p) in TRACKED_MODES:
                mode = int(p)
                st = seen.setdefault(mode, {"set": False, "last": None})
                st["last"] = m.group(2).decode()
                if st["last"] == TRACKED_MODES[mode][1]:
                    st["set"] = True
    for m in KEYPAD_RE.finditer(data):
        st = seen.setdefault("keypad", {"set": False, "last": None})
        st["last"] = m.group(1).decode()
        if st["last"] == "=":
            st["set"] = True
    return seen


def modes_report(data: bytes) -> list[str]:
    """The modes left set at the end of ``data`` (empty: every mode set was reset)."""
    problems = []
    for mode, st in mode_states(data).items():
        if not st["set"]:
            continue
        if mode == "keypad":
            if st["last"] != ">":
                problems.append("keypad transmit (ESC =) left on")
        elif st["last"] == TRACKED_MODES[mode][1]:
            problems.append(f"{TRACKED_MODES[mode][0]} left on (last ESC[?{mode}{st['last']})")
    return problems


TERMIOS_FLAGS = {
    "ECHO": (3, termios.ECHO),
    "ICANON": (3, termios.ICANON),
    "ISIG": (3, termios.ISIG),
    "IEXTEN": (3, termios.IEXTEN),
    "ICRNL": (0, termios.ICRNL),
    "IXON": (0, termios.IXON),
    "OPOST": (1, termios.OPOST),
    "ONLCR": (1, termios.ONLCR),
}


def termios_report(before: list, after: list | None) -> list[str]:
    """The termios flags that differ from their original value."""
    if after is None:
        return ["termios unreadable (terminal gone)"]
    out = []
    for name, (idx, bit) in TERMIOS_FLAGS.items():
        b, a = bool(before[idx] & bit), bool(after[idx] & bit)
        if a != b:
            out.append(f"{name} {'on' if a else 'off'} (was {'on' if b else 'off'})")
    return out


# -- the process ----------------------------------------------------------------------------------


def set_winsize(fd: int, rows: int, cols: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


def base_env(term: str | None = "xterm-256color", home: str | None = None) -> dict:
    """A small, predictable environment: no LINES/COLUMNS (they would override the pty's size),
    no SWIFT_BACKTRACE (the binary sets its own), no NO_COLOR."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": home or os.environ.get("HOME", "/tmp"),
        "LANG": "C.UTF-8",
    }
    if term is not None:
        env["TERM"] = term
    return env


@dataclass
class Exit:
    status: int  # as a shell reports it: the exit code, or 128+N after signal N
    signal: int | None  # the signal that ended it, if any
    cpu_seconds: float  # user + system CPU time of the whole process
    wall_seconds: float  # from spawn to exit
    ended_at: float  # time.monotonic() when the exit was seen (within one poll interval)


@dataclass
class PtyProcess:
    """A program on its own pty. Use ``spawn``; always ``close()`` (or use it as a context)."""

    argv: list
    rows: int = 24
    cols: int = 80
    env: dict = field(default_factory=base_env)
    cwd: str | None = None
    stdout_pipe: bool = False  # stdout to a pipe instead of the pty
    stderr_pipe: bool = False  # stderr to a pipe instead of the pty
    # NOFLSH on the terminal: a Ctrl-C the tty itself turns into SIGINT (once the program has
    # given the terminal back) does not discard the output not yet read
    noflsh: bool = False

    def __post_init__(self):
        self.master, self.slave = os.openpty()
        set_winsize(self.slave, self.rows, self.cols)
        if self.noflsh:
            attributes = termios.tcgetattr(self.slave)
            attributes[3] |= termios.NOFLSH
            termios.tcsetattr(self.slave, termios.TCSANOW, attributes)
        self.original_termios = termios.tcgetattr(self.slave)
        os.set_blocking(self.master, False)
        self.log = bytearray()
        self.screen = Screen(self.rows, self.cols)
        self.stdout_data = bytearray()
        self.stderr_data = bytearray()
        self.exit: Exit | None = None
        self.pid = -1
        self._pipes: dict[int, bytearray] = {}
        self._master_open = True

    # lifecycle --------------------------------------------------------------------------------
    @classmethod
    def spawn(cls, argv, **kwargs) -> "PtyProcess":
        p = cls([str(a) for a in argv], **kwargs)
        p._start()
        return p

    def _start(self) -> None:
        out_r = out_w = err_r = err_w = -1
        if self.stdout_pipe:
            out_r, out_w = os.pipe()
        if self.stderr_pipe:
            err_r, err_w = os.pipe()
        exec_r, exec_w = os.pipe()  # reports an exec failure
        self.t0 = time.monotonic()
        pid = os.fork()
        if pid == 0:  # the child
            try:
                os.close(exec_r)
                os.close(self.master)
                os.setsid()
                fcntl.ioctl(self.slave, termios.TIOCSCTTY, 0)
                os.dup2(self.slave, 0)
                os.dup2(out_w if out_w >= 0 else self.slave, 1)
                os.dup2(err_w if err_w >= 0 else self.slave, 2)
                os.closerange(3, exec_w)
                os.closerange(exec_w + 1, 65536)
                os.set_inheritable(exec_w, False)
                for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGPIPE,
                          signal.SIGTSTP, signal.SIGTTIN, signal.SIGTTOU, signal.SIGQUIT):
                    signal.signal(s, signal.SIG_DFL)
                signal.pthread_sigmask(signal.SIG_SETMASK, [])
                if self.cwd:
                    os.chdir(self.cwd)
                os.execve(self.argv[0], self.argv, self.env)
            except BaseException as exc:  # noqa: BLE001
                try:
                    os.write(exec_w, repr(exc).encode())
                finally:
                    os._exit(127)
        self.pid = pid
        os.close(exec_w)
        for fd in (out_w, err_w):
            if fd >= 0:
                os.close(fd)
        if out_r >= 0:
            os.set_blocking(out_r, False)
            self._pipes[out_r] = self.stdout_data
        if err_r >= 0:
            os.set_blocking(err_r, False)
            self._pipes[err_r] = self.stderr_data
        failure = b""
        while True:
            chunk = os.read(exec_r, 4096)
            if not chunk:
                break
            failure += chunk
        os.close(exec_r)
        if failure:
            self.wait_exit()
            raise RuntimeError(f"cannot run {self.argv[0]}: {failure.decode()}")

    def close(self) -> None:
        """Kills the program if it still runs (and the terminal's foreground job, if it is
        another process group: a job of the job-control shell), and closes every descriptor."""
        if self._master_open and self.pid > 0:
            job = self.foreground_pgrp()
            if job > 0 and job not in (self.pid, os.getpgrp()):
                try:
                    os.killpg(job, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass
        if self.exit is None and self.pid > 0:
            try:
                os.killpg(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self._reap(block=True)
        for fd in list(self._pipes):
            os.close(fd)
        self._pipes.clear()
        if self._master_open:
            os.close(self.master)
            self._master_open = False
        if self.slave >= 0:
            os.close(self.slave)
            self.slave = -1

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # reading ----------------------------------------------------------------------------------
    def pump(self, timeout: float = 0.0) -> int:
        """Reads whatever the program wrote (waiting up to ``timeout`` for something);
        returns the number of bytes read. Also reaps the program if it exited."""
        fds = list(self._pipes)
        if self._master_open:
            fds.append(self.master)
        got = 0
        if fds:
            try:
                ready, _, _ = select.select(fds, [], [], timeout)
            except InterruptedError:
                ready = []
            for fd in ready:
                got += self._read_fd(fd)
        elif timeout:
            # a relative wait (time.sleep's absolute clock_nanosleep fails with EINVAL under
            # libfaketime, which the suite runs under to prove it does not depend on the hour)
            select.select([], [], [], timeout)
        self._reap(block=False)
        return got

    def _read_fd(self, fd: int) -> int:
        got = 0
        while True:
            try:
                data = os.read(fd, 65536)
            except BlockingIOError:
                return got
            except OSError as e:
                if e.errno == errno.EIO:  # the slave side is gone (hang-up)
                    return got
                raise
            if not data:
                if fd in self._pipes:
                    os.close(fd)
                    del self._pipes[fd]
                return got
            got += len(data)
            if fd == self.master:
                self.log += data
                self.screen.feed(data)
                if self.screen.replies:
                    for reply in self.screen.replies:
                        self.send(reply)
                    self.screen.replies.clear()
            else:
                self._pipes[fd] += data

    def drain(self) -> None:
        """Reads until nothing more is waiting (after an exit: everything the program wrote)."""
        quiet = 0
        while quiet < 3:
            quiet = quiet + 1 if self.pump(POLL) == 0 else 0

    # typing -----------------------------------------------------------------------------------
    def send(self, data: bytes, chunk: int = 4096) -> None:
        """Writes ``data`` to the terminal, reading the program's output meanwhile (so neither
        side blocks). Fails if the terminal takes nothing for HANG_TIMEOUT seconds, or was closed."""
        if not self._master_open:
            raise AssertionError(f"{self.argv[0]}: cannot type: its terminal was closed")
        view = memoryview(bytes(data))
        last_progress = time.monotonic()
        while view:
            try:
                n = os.write(self.master, view[:chunk])
            except BlockingIOError:
                n = 0
            except OSError as e:
                if e.errno == errno.EIO:
                    return  # the terminal is gone
                raise
            if n:
                view = view[n:]
                last_progress = time.monotonic()
                self.pump(0)
                continue
            if self.exit is not None:
                return
            if time.monotonic() - last_progress > HANG_TIMEOUT:
                raise AssertionError(f"the program read nothing for {HANG_TIMEOUT} s "
                                     f"({len(view)} bytes left to send)")
            try:
                select.select([self.master] + list(self._pipes), [self.master], [], 0.1)
            except InterruptedError:
                pass
            self.pump(0)

    def cursor_key(self, direction: str) -> None:
        """Sends an arrow key (up, down, right, left) as the terminal would: ESC O x in
        application cursor mode (DECCKM, ESC[?1h, which ncurses' keypad mode sets), ESC [ x
        otherwise."""
        final = {"up": b"A", "down": b"B", "right": b"C", "left": b"D"}[direction]
        app_mode = mode_states(bytes(self.log)).get(1, {}).get("last") == "h"
        self.send((b"\x1bO" if app_mode else b"\x1b[") + final)

    def type(self, text: str) -> None:
        """Types ``text`` one key at a time."""
        for ch in text:
            self.send(ch.encode())

    # waiting ----------------------------------------------------------------------------------
    def wait_until(self, predicate, what: str, timeout: float = HANG_TIMEOUT) -> None:
        deadline = time.monotonic() + timeout
        while not predicate():
            if self.exit is not None:
                self.drain()
                if predicate():
                    return
                raise AssertionError(f"the program exited ({self.exit.status}) before {what}\n"
                                     f"{self.describe()}")
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out ({timeout} s) waiting for {what}\n{self.describe()}")
            self.pump(POLL)

    def wait_for(self, text: str, since: int | None = None, timeout: float = HANG_TIMEOUT) -> None:
        """Waits until ``text`` is on the emulated screen (and, with ``since``, also in the text
        written after that offset of the log)."""
        if since is None:
            self.wait_until(lambda: text in self.screen, f"{text!r} on the screen", timeout)
        else:
            self.wait_until(lambda: text in self.screen and text in self.text_since(since),
                            f"{text!r} on the screen, written after offset {since}", timeout)

    def wait_for_raw(self, needle: bytes, since: int = 0, timeout: float = HANG_TIMEOUT) -> None:
        self.wait_until(lambda: needle in self.log[since:], f"{needle!r} in the output", timeout)

    def mark(self) -> int:
        self.pump(0)
        return len(self.log)

    def text_since(self, offset: int) -> str:
        return strip_escapes(bytes(self.log[offset:]))

    # signals, size, hang-up ---------------------------------------------------------------------
    def foreground_pgrp(self) -> int:
        """The terminal's foreground process group (the program's, or its job's)."""
        try:
            return os.tcgetpgrp(self.master)
        except OSError:
            return self.pid

    def signal(self, sig: int, pgrp: int | None = None) -> None:
        """Sends ``sig`` to the program's process group (or to ``pgrp``)."""
        os.killpg(pgrp or self.pid, sig)

    def resize(self, rows: int, cols: int, sigwinch: bool = True) -> None:
        """Sets the pty's size (the kernel sends SIGWINCH to the foreground process group when it
        changes); with ``sigwinch`` also sends one explicitly."""
        set_winsize(self.master, rows, cols)
        self.rows, self.cols = rows, cols
        self.screen.resize(rows, cols)
        if sigwinch and self.exit is None:
            try:
                os.killpg(self.foreground_pgrp(), signal.SIGWINCH)
            except ProcessLookupError:
                pass

    def hang_up(self) -> None:
        """Closes the master side, as an ssh drop or a closed terminal window does."""
        self.pump(0)
        os.close(self.master)
        self._master_open = False

    # exit -------------------------------------------------------------------------------------
    def _reap(self, block: bool) -> None:
        if self.exit is not None or self.pid <= 0:
            return
        try:
            pid, status, usage = os.wait4(self.pid, 0 if block else os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        if os.WIFSTOPPED(status):
            return
        code = os.waitstatus_to_exitcode(status)
        sig = -code if code < 0 else None
        self.exit = Exit(status=128 + sig if sig else code, signal=sig,
                         cpu_seconds=usage.ru_utime + usage.ru_stime,
                         wall_seconds=time.monotonic() - self.t0, ended_at=time.monotonic())

    def wait_exit(self, timeout: float = HANG_TIMEOUT) -> Exit:
        """Waits for the program to exit on its own and reads all it wrote. A program still running
        after ``timeout`` is killed and the test fails."""
        deadline = time.monotonic() + timeout
        while self.exit is None:
            if time.monotonic() > deadline:
                self.drain()
                screen = self.describe()
                self.close()
                raise AssertionError(f"the program did not exit within {timeout} s (killed)\n{screen}")
            self.pump(POLL)
        self.drain()
        return self.exit

    def proc_state(self, pid: int | None = None) -> str:
        """The process state letter from /proc/PID/stat (R, S, T, Z…)."""
        stat = Path(f"/proc/{pid or self.pid}/stat").read_text()
        return stat[stat.rindex(")") + 2]

    def proc_cpu_seconds(self, pid: int | None = None) -> float:
        stat = Path(f"/proc/{pid or self.pid}/stat").read_text()
        fields = stat[stat.rindex(")") + 2:].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    # restoration ------------------------------------------------------------------------------
    def termios_now(self) -> list | None:
        try:
            return termios.tcgetattr(self.slave)
        except termios.error:
            return None

    def restoration_problems(self) -> list[str]:
        """What is not back to normal: termios flags, and modes left set in the output."""
        return termios_report(self.original_termios, self.termios_now()) + modes_report(bytes(self.log))

    def describe(self) -> str:
        tail = strip_escapes(bytes(self.log[-600:]))
        parts = [f"--- screen {self.screen.rows}x{self.screen.cols} ---", self.screen.dump(),
                 f"--- last output (text) ---\n{tail}"]
        if self.stderr_data:
            parts.append(f"--- stderr ---\n{self.stderr_data.decode('utf-8', 'replace')[-2000:]}")
        return "\n".join(parts)


# -- events files ---------------------------------------------------------------------------------


def read_records(path, *, while_writing: bool = False) -> list[dict]:
    """Every record of an events file (JSON Lines). Fails unless every line is complete (ends with
    a newline) and is one JSON object. A missing file has no records.

    ``while_writing``: the file may still be being appended to (the process is running), so a last
    line without its newline is a record not yet finished: it is left for a later read, not failed.
    """
    path = Path(path)
    if not path.exists():
        return []
    data = path.read_bytes()
    if while_writing:
        data = data[:data.rfind(b"\n") + 1]  # only complete lines
    if not data:
        return []
    assert data.endswith(b"\n"), f"{path}: the last line is incomplete: {data[-120:]!r}"
    records = []
    for number, line in enumerate(data.split(b"\n")[:-1], 1):
        try:
            record = json.loads(line)
        except ValueError as exc:
            raise AssertionError(f"{path}:{number}: not JSON ({exc}): {line[:200]!r}") from None
        assert isinstance(record, dict), f"{path}:{number}: not an object: {line[:200]!r}"
        records.append(record)
    return records


def record_name(record: dict) -> str:
    """``load``, ``success``, ``exit``, or the event's name."""
    return record.get("event_name") if record.get("type") == "event" else record.get("type")


def asciinema_cat(path) -> "subprocess.CompletedProcess[str]":
    """Plays a recording back with `asciinema cat` on a pseudo-terminal of its own (asciinema opens
    /dev/tty, and the suite may run with no controlling terminal): what a terminal would be sent,
    with the pty's "\\r\\n" line ends, in ``stdout``."""
    return subprocess.run([sys.executable, str(REPO / "Tests" / "tools" / "in_pty.py"),
                           sys.executable, "-m", "asciinema", "cat", str(path)],
                          capture_output=True, encoding="utf-8", errors="replace", timeout=60,
                          stdin=subprocess.DEVNULL)


# -- the linkterm flow, driven by keys ----------------------------------------------------------------

CONSENT_TITLE = "Link your account"
SEARCH_HINT = "Popular institutions"


def search_field(p: "PtyProcess") -> str:
    """The text in the search field (after its label), without the card's borders."""
    for line in p.screen.lines():
        line = line.strip()
        if "Search  " in line and line.startswith("\u2502"):
            return line.strip("\u2502").split("Search  ", 1)[1].rstrip()
    raise AssertionError(f"no search field on the screen\n{p.describe()}")


def start(p: "PtyProcess") -> None:
    """Waits for the first frame (the consent pane)."""
    p.wait_for(CONSENT_TITLE)


def to_search(p: "PtyProcess") -> None:
    p.send(ENTER)
    p.wait_for(SEARCH_HINT)


def to_credentials(p: "PtyProcess", query: str = "first platypus", bank: str = "First Platypus Bank") -> None:
    p.type(query)
    p.wait_for(f"Search  {query}")
    p.wait_for(f"\u203a {bank}")
    p.send(ENTER)
    p.wait_for(f"Enter your {bank} credentials")


def sign_in(p: "PtyProcess", password: str, username: str = "user_good") -> None:
    """Types the username (if the field is empty) and the password, and submits."""
    p.type(username)
    p.send(TAB)
    p.type(password)
    p.send(ENTER)


def type_credentials_masked(p: "PtyProcess", username: str, password: str) -> str:
    """Types the username and the password (not submitted), waits until the password shows as a
    bullet a character, checks that the password itself is not on the Password line, and returns
    that line."""
    p.type(username)
    p.send(TAB)
    p.type(password)
    p.wait_for("\u2022" * len(password))
    line = next((line for line in p.screen.lines() if "Password" in line), "")
    assert password not in line, f"the password is masked: {line}"
    return line


def link_to_the_end(p: "PtyProcess") -> None:
    """From the first frame: First Platypus Bank, user_good / pass_good, every account, leave the
    success pane; the process must exit 0 with the terminal restored."""
    start(p)
    to_search(p)
    sign_in_to_the_end(p)


def sign_in_to_the_end(p: "PtyProcess") -> None:
    """From a search pane: First Platypus Bank, user_good / pass_good, every account, leave the
    success pane; the process must exit 0 with the terminal restored."""
    to_credentials(p)
    sign_in(p, "pass_good")
    to_connected(p)
    p.send(ENTER)
    e = p.wait_exit()
    assert e.signal is None and e.status == 0, p.describe()
    assert not p.restoration_problems(), p.restoration_problems()


def mesh_to_connected(p: "PtyProcess", integration: str = "Kraken") -> None:
    """From Mesh's catalog: `integration` searched and chosen, signed in as the sandbox's Mesh /
    Pass123, code 123456, up to its Connected pane."""
    p.wait_for("Select an exchange, brokerage or wallet")
    p.type(integration.lower())
    p.wait_until(lambda: f"\u203a {integration}" in p.screen.text(), f"{integration} highlighted")
    p.send(ENTER)
    p.wait_for(f"Sign in to {integration}")
    p.type("Mesh")
    p.send(TAB)
    p.type("Pass123")
    p.send(ENTER)
    p.wait_for(f"Enter the code {integration} sent you")
    p.type("123456")
    p.send(ENTER)
    p.wait_for(f"Your {integration} account is connected")


def to_connected(p: "PtyProcess") -> None:
    """On account select: all accounts (a), continue (Enter), up to the success pane."""
    p.wait_for("Choose the accounts to share")
    p.send(b"a")
    p.wait_until(lambda: re.search(r"([1-9]\d*) of \1 selected", p.screen.text()) is not None,
                 "every account selected")
    p.send(ENTER)
    p.wait_for("\u2713 Success")


# -- a tiny job-control shell ---------------------------------------------------------------------


def jobctl_main(argv: list[str], ignore_hup: bool = False, report: str | None = None) -> int:
    for s in (signal.SIGTTOU, signal.SIGTTIN, signal.SIGTSTP):
        signal.signal(s, signal.SIG_IGN)
    if ignore_hup:
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    tty = 0
    pid = os.fork()
    if pid == 0:
        try:
            os.setpgid(0, 0)
            os.tcsetpgrp(tty, os.getpid())
            for s in (signal.SIGTTOU, signal.SIGTTIN, signal.SIGTSTP, signal.SIGHUP):
                signal.signal(s, signal.SIG_DFL)
            os.execv(argv[0], argv)
        except BaseException as exc:  # noqa: BLE001
            os.write(2, f"jobctl: cannot start {argv[0]}: {exc}\r\n".encode())
        os._exit(127)
    try:
        os.setpgid(pid, pid)
    except OSError:
        pass  # the child did it already
    os.tcsetpgrp(tty, pid)
    while True:
        _, status, usage = os.wait4(pid, os.WUNTRACED)
        if os.WIFSTOPPED(status):
            os.tcsetpgrp(tty, os.getpgrp())
            os.write(1, f"\r\n[jobctl: stopped {pid} by signal {os.WSTOPSIG(status)}]\r\n".encode())
            typed = b""
            while b"fg" not in typed:
                chunk = os.read(tty, 1024)
                if not chunk:
                    return 129
                typed += chunk
            os.write(1, b"[jobctl: fg]\r\n")
            os.tcsetpgrp(tty, pid)
            os.killpg(pid, signal.SIGCONT)
            continue
        code = os.waitstatus_to_exitcode(status)
        code = 128 - code if code < 0 else code
        if report:
            Path(report).write_text(json.dumps({
                "pid": pid, "status": code, "signaled": os.WIFSIGNALED(status),
                "cpu_seconds": usage.ru_utime + usage.ru_stime}))
        return code


def jobctl_argv(program_argv: list, ignore_hup: bool = False, report: str | None = None) -> list[str]:
    """The command line that runs ``program_argv`` as a job of the tiny job-control shell."""
    # -B: its import of xtermscreen leaves no __pycache__ in the source tree
    argv = [sys.executable, "-B", str(Path(__file__).resolve()), "--jobctl"]
    if ignore_hup:
        argv.append("--ignore-hup")
    if report:
        argv += ["--report", str(report)]
    return argv + ["--"] + [str(a) for a in program_argv]


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="a tiny job-control shell (see the module's doc)")
    parser.add_argument("--jobctl", action="store_true", required=True)
    parser.add_argument("--ignore-hup", action="store_true", help="ignore SIGHUP (like nohup)")
    parser.add_argument("--report", help="write the job's status and CPU time here (JSON)")
    parser.add_argument("program", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    program = options.program[1:] if options.program[:1] == ["--"] else options.program
    if not program:
        parser.error("no program given")
    sys.exit(jobctl_main(program, options.ignore_hup, options.report))
