"""`linkterm serve`: the real OpenSSH client (`ssh -tt`, on a pty of the harness) against the
server on loopback, with keys made for the test: whole sessions, resizes, what is refused
(exec, port forwarding, unlisted keys, a shell without a pty), a dropped connection (its
session's process gone, nothing left behind), the limits, SIGTERM, and the audience (--watch)."""
from __future__ import annotations

import fcntl
import os
import re
import shutil
import signal
import struct
import subprocess
import termios
import time
from pathlib import Path

import pytest

from ptyharness import (CONSENT_TITLE, REPO, bracketed_paste, CTRL_C, ENTER, HANG_TIMEOUT, POLL, SEARCH_HINT, TAB, PtyProcess,
                        base_env, link_to_the_end, measure, read_records, record_name, start, to_search)

SSH = shutil.which("ssh")
SSH_KEYGEN = shutil.which("ssh-keygen")
pytestmark = pytest.mark.skipif(SSH is None or SSH_KEYGEN is None, reason="needs OpenSSH's client (ssh, ssh-keygen)")


def make_key(path: Path) -> Path:
    subprocess.run([SSH_KEYGEN, "-q", "-t", "ed25519", "-N", "", "-C", path.name, "-f", str(path)], check=True,
                   stdin=subprocess.DEVNULL)
    return path


class Server:
    """`linkterm serve` on 127.0.0.1 and a free port (it listens on port 0 and says which)."""

    def __init__(self, binary: str, home: Path, args: list[str]):
        self.home = home
        self.proc = subprocess.Popen([binary, "serve", "--listen", "127.0.0.1:0", "--host-key", str(home / "host_key"),
                                      *args], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, env=base_env(home=str(home)), cwd=str(home),
                                     start_new_session=True)
        os.set_blocking(self.proc.stdout.fileno(), False)
        self.output = ""
        match = self.wait_log(r"listening on 127\.0\.0\.1:(\d+)")
        self.port = int(match.group(1))

    def read(self) -> None:
        try:
            data = self.proc.stdout.read()
        except BlockingIOError:
            data = None
        if data:
            self.output += data.decode("utf-8", "replace")

    def wait_log(self, pattern: str, timeout: float = HANG_TIMEOUT) -> re.Match:
        deadline = time.monotonic() + timeout
        while True:
            self.read()
            match = re.search(pattern, self.output)
            if match:
                return match
            if self.proc.poll() is not None:
                self.read()
                raise AssertionError(f"the server exited ({self.proc.returncode}) before {pattern!r}:\n"
                                     f"{self.output}\n{self.proc.stderr.read().decode()}")
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {pattern!r} in the server's log:\n{self.output}")
            time.sleep(POLL)

    def sessions(self) -> list[int]:
        """The server's child processes (its visitors' linkterms)."""
        children = []
        for task in Path(f"/proc/{self.proc.pid}/task").iterdir():
            children += [int(pid) for pid in (task / "children").read_text().split()]
        return children

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(HANG_TIMEOUT)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.read()
        return self.proc.returncode


@pytest.fixture
def keys(tmp_path):
    """A visitor's key (listed in authorized_keys) and a stranger's (not listed)."""
    visitor = make_key(tmp_path / "visitor")
    stranger = make_key(tmp_path / "stranger")
    (tmp_path / "authorized_keys").write_text("# the test's visitor\n" + (tmp_path / "visitor.pub").read_text())
    return {"visitor": visitor, "stranger": stranger, "authorized": tmp_path / "authorized_keys"}


@pytest.fixture
def serve(binary, tmp_path, keys):
    """serve(*args): a server admitting the visitor's key (unless args say otherwise)."""
    servers: list[Server] = []

    def _serve(*args, open_access=False) -> Server:
        access = ["--open"] if open_access else ["--authorized-keys", str(keys["authorized"])]
        server = Server(binary, tmp_path, [*access, *map(str, args)])
        servers.append(server)
        return server

    yield _serve
    for server in servers:
        if server.proc.poll() is None:  # (a test may have stopped or killed it)
            # the visitors have gone (their ssh clients are closed first): so have their sessions
            wait_until(lambda: not server.sessions(), "no session process left")
            assert server.stop() == 0, server.output


def ssh_argv(server: Server, key: Path, *extra, user: str = "visitor") -> list[str]:
    return [SSH, "-F", "/dev/null", "-i", str(key), "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes",
            "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
            "-p", str(server.port), *map(str, extra), f"{user}@127.0.0.1"]


@pytest.fixture
def visit(keys, tmp_path):
    """visit(server, user=…, rows=…, cols=…): `ssh -tt` on a pty of its own: the visitor's terminal."""
    clients: list[PtyProcess] = []

    def _visit(server: Server, user: str = "visitor", key: str = "visitor", **kwargs) -> PtyProcess:
        kwargs.setdefault("env", base_env(home=str(tmp_path)))
        p = PtyProcess.spawn(ssh_argv(server, keys[key], "-tt", user=user), **kwargs)
        clients.append(p)
        return p

    yield _visit
    for p in clients:
        p.close()


def run_ssh(server: Server, key: Path, *args, command: list[str] = ()) -> subprocess.CompletedProcess:
    return subprocess.run([*ssh_argv(server, key, *args), *command], stdin=subprocess.DEVNULL, capture_output=True,
                          timeout=HANG_TIMEOUT, text=True)


def gone(pid: int) -> bool:
    """Whether process `pid` no longer exists (a zombie still does: it has not been reaped)."""
    return not Path(f"/proc/{pid}").exists()


def wait_until(predicate, what: str, timeout: float = HANG_TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out ({timeout} s) waiting for {what}")
        time.sleep(POLL / 4)


# -- sessions ---------------------------------------------------------------------------------------


def test_whole_session_over_ssh(serve, visit, tmp_path):
    """consent → First Platypus → user_good / pass_good → accounts → success, through ssh; the
    visitor's terminal is restored, ssh exits with the session's status, the session's events are
    in a file of its own, and the log has one line for the connection."""
    events = tmp_path / "events"
    events.mkdir()
    server = serve("--events-dir", events, "--latency", 50)
    host_key = server.wait_log(r"host key (SHA256:[A-Za-z0-9+/]{43}) \(ED25519\), new").group(1)
    p = visit(server)
    link_to_the_end(p)  # ssh exits 0 (the session's status) and its terminal is restored
    line = server.wait_log(r".* session=([0-9a-f]{12}) outcome=\"ended: exit 0\".*").group(0)
    fingerprint = subprocess.run([SSH_KEYGEN, "-l", "-f", str(tmp_path / "visitor.pub")], capture_output=True,
                                 text=True, check=True).stdout.split()[1]
    assert f"127.0.0.1:" in line and f"key={fingerprint}" in line and "user=visitor" in line, line
    files = list(events.iterdir())
    assert len(files) == 1 and files[0].name.endswith(".jsonl"), files
    assert files[0].stat().st_mode & 0o777 == 0o600
    names = [record_name(r) for r in read_records(files[0])]
    assert "success" in names and names[0] == "load", names
    # the fingerprint the server printed is the one ssh sees
    scanned = subprocess.run(["ssh-keyscan", "-t", "ed25519", "-p", str(server.port), "127.0.0.1"],
                             capture_output=True, text=True, timeout=HANG_TIMEOUT).stdout
    listed = tmp_path / "scanned.pub"
    listed.write_text(scanned)
    assert host_key in subprocess.run([SSH_KEYGEN, "-l", "-f", str(listed)], capture_output=True, text=True).stdout
    measure("serve", f"a whole pass_good session over ssh: {p.exit.wall_seconds:.2f} s")


def test_walk_over_ssh_writes_each_visitors_reports(serve, visit, tmp_path):
    """serve --walk: a tester on a shared host walks the scenario by hand through ssh, the
    checklist beside the card, ticked as they go (a watcher sees it too); Ctrl-C ends it, and the
    walk's reports (Markdown and JUnit, 0600) are in --reports-dir, named by the session's id,
    saying what was done."""
    reports = tmp_path / "reports"
    reports.mkdir()
    server = serve("--walk", REPO / "Tests/Scenarios/pass_good.txt", "--reports-dir", reports, "--watch")
    p = visit(server)
    p.wait_for("Walk 1/")
    p.wait_for(CONSENT_TITLE)
    watcher = visit(server, user="watch", rows=24, cols=80)
    watcher.wait_for("Walk 1/")  # a watcher sees the tester's checklist too
    p.send(ENTER)
    p.wait_for("✓ Continue (the pane's main button)")
    watcher.wait_for("✓ Continue (the pane's main button)")
    p.send(CTRL_C)
    assert p.wait_exit().status == 130
    session = server.wait_log(r"session=([0-9a-f]{12}) outcome=").group(1)
    files = sorted(path.name for path in reports.iterdir())
    assert len(files) == 2 and files[0].endswith(f"-{session}.md") and files[1].endswith(f"-{session}.xml"), files
    assert all((reports / name).stat().st_mode & 0o777 == 0o600 for name in files)
    markdown = (reports / files[0]).read_text()
    assert "pass_good.txt: not reached" in markdown and "✓ line 3: Continue (the pane's main button): passed" in markdown, markdown
    assert "not reached" in markdown
    junit = (reports / files[1]).read_text()
    assert junit.startswith("<?xml") and "pass_good" in junit, junit


def test_kiosk_autopilot_takes_the_servers_options(serve, visit, tmp_path):
    """Every linkterm option given to serve (before or after --) goes to the sessions, never the
    visitor's: here a scenario played by the autopilot to its end, in the light theme."""
    events = tmp_path / "events"
    events.mkdir()
    scenario = Path(__file__).resolve().parents[1] / "Scenarios" / "pass_good.txt"
    server = serve("--script", scenario, "--events-dir", events, "--typing-delay", 0, "--pace", 0, "--exit-at-end",
                   "--", "--seed", 42, "--latency", 0)
    p = visit(server)
    e = p.wait_exit()
    assert e.status == 0, p.describe()  # every step played, every expectation held
    assert "onSuccess public_token=" in p.text_since(0)
    [file] = events.iterdir()
    records = read_records(file)
    assert any(r.get("type") == "success" for r in records)
    server.wait_log(re.escape('outcome="ended: exit 0"'))


def drawn_at(p: PtyProcess, rows: int, cols: int) -> bool:
    """Whether linkterm's frame fills a terminal of rows x cols: the header's view name at its
    right edge, the key hints on its last row."""
    lines = p.screen.lines()
    return (CONSENT_TITLE in p.screen and lines[0].startswith(" linkterm") and lines[0].rstrip().endswith("CONSENT")
            and len(lines[0].rstrip()) == cols - 1 and "Ctrl-C quit" in lines[rows - 1])


def test_resize_reaches_the_session(serve, visit):
    """The visitor's terminal changes size (SIGWINCH to ssh): the window-change becomes the pty's
    size, and linkterm redraws at it."""
    server = serve()
    p = visit(server)
    start(p)
    p.resize(30, 100)  # the emulated screen is blanked: only a repaint at the new size fills it
    p.wait_until(lambda: drawn_at(p, 30, 100), "a whole frame at 100x30")
    p.resize(24, 80)
    p.wait_until(lambda: drawn_at(p, 24, 80), "a whole frame at 80x24")
    p.send(CTRL_C)
    assert p.wait_exit().status == 130
    assert not p.restoration_problems(), p.restoration_problems()


def test_keys_typed_before_the_first_frame_count(serve, visit):
    """Enter typed before ssh has even connected reaches the session (the relay keeps what comes
    before the pty is set up): the visitor lands on the search."""
    server = serve()
    p = visit(server)
    p.send(ENTER)
    p.wait_for(SEARCH_HINT)
    p.send(CTRL_C)
    assert p.wait_exit().status == 130


def test_a_large_paste_goes_through(serve, visit):
    """1 MiB pasted into the search field through ssh: the relay neither loses the session nor
    piles the bytes up (the pty's writability stops and starts the channel's reads)."""
    server = serve()
    p = visit(server)
    start(p)
    to_search(p)
    p.send(bracketed_paste(b"x" * (1 << 20)))
    p.send(CTRL_C)
    assert p.wait_exit().status == 130
    assert not p.restoration_problems(), p.restoration_problems()


# -- what is refused ----------------------------------------------------------------------------------


def test_exec_subsystem_and_forwarding_are_refused(serve, keys):
    """exec and subsystem requests run nothing: the visitor reads one line on standard error saying
    so and how to connect (not only OpenSSH's "exec request failed"), and ssh exits 2; port
    forwarding is refused."""
    server = serve()
    hint = f"ssh -t -p {server.port} HOST"
    result = run_ssh(server, keys["visitor"], command=["cat", "/etc/passwd"])
    assert result.returncode == 2 and "root:" not in result.stdout and not result.stdout, result
    assert result.stderr == ("linkterm serve: commands are not run here; for a Link session connect without one: "
                             f"{hint}\n"), result.stderr
    result = run_ssh(server, keys["visitor"], "-s", command=["sftp"])
    assert result.returncode == 2 and not result.stdout, result
    assert result.stderr == f"linkterm serve: no subsystem (sftp) here; for a Link session connect with: {hint}\n", result
    result = run_ssh(server, keys["visitor"], "-W", "127.0.0.1:22")
    assert result.returncode == 255 and "forwarding failed" in result.stderr, result.stderr
    result = run_ssh(server, keys["visitor"], "-N", "-o", "ExitOnForwardFailure=yes", "-R", "0:127.0.0.1:22")
    assert result.returncode == 255 and "remote port forwarding failed" in result.stderr, result.stderr
    for outcome in ["refused: exec request", "refused: subsystem sftp", "refused: port forwarding (direct-tcpip)",
                    "refused: remote port forwarding (tcpip-forward)"]:
        server.wait_log(re.escape(f'outcome="{outcome}"'))
    assert not server.sessions()


def test_unlisted_key_and_passwords_are_refused(serve, keys):
    server = serve()
    result = run_ssh(server, keys["stranger"], "-T")
    assert result.returncode == 255 and "Permission denied (publickey)" in result.stderr, result.stderr
    server.wait_log(r'key=SHA256:\S+ auth=- user=- session=\w+ outcome="refused: key SHA256:\S+ not authorized"')
    # no key at all: password and keyboard-interactive are not offered
    result = subprocess.run([SSH, "-F", "/dev/null", "-o", "PubkeyAuthentication=no", "-o", "BatchMode=yes",
                             "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                             "-p", str(server.port), "visitor@127.0.0.1", "-T"], stdin=subprocess.DEVNULL,
                            capture_output=True, text=True, timeout=HANG_TIMEOUT)
    assert result.returncode == 255 and "Permission denied (publickey)" in result.stderr, result.stderr


def test_shell_without_a_pty_gets_one_line(serve, keys):
    server = serve()
    result = run_ssh(server, keys["visitor"], "-T")
    assert result.returncode == 2, result
    assert "a Link session needs a terminal: connect with ssh -t" in result.stdout, result
    server.wait_log(re.escape('outcome="refused: shell without a pty"'))


# -- a dropped connection ---------------------------------------------------------------------------------


def two_sessions(serve, visit):
    """A server with two visitors on their first frame: (server, the other visitor, its linkterm's
    pid, the visitor the test acts on, its pid)."""
    server = serve()
    other = visit(server)
    start(other)
    [other_pid] = server.sessions()
    p = visit(server)
    start(p)
    [pid] = [s for s in server.sessions() if s != other_pid]
    return server, other, other_pid, p, pid


def test_dropped_connection_ends_its_session(serve, visit):
    """kill -9 of the ssh client: its session's linkterm gets SIGHUP (SIGKILL after a short grace)
    and is reaped: gone, with nothing left behind, and the other session goes on."""
    server, other, other_pid, p, pid = two_sessions(serve, visit)
    os.kill(p.pid, signal.SIGKILL)
    dropped = time.monotonic()
    wait_until(lambda: gone(pid), f"the dropped session's process {pid} to be gone")
    measure("serve", f"kill -9 of ssh to its session's process reaped: {(time.monotonic() - dropped) * 1000:.0f} ms "
                     "(the issue asks for 100 ms)")
    server.wait_log(re.escape('outcome="dropped: session hung up"'))
    assert server.sessions() == [other_pid]
    other.send(ENTER)
    other.wait_for(SEARCH_HINT)  # the other session did not notice
    other.send(CTRL_C)
    assert other.wait_exit().status == 130


def test_a_killed_session_touches_nothing_else(serve, visit):
    """One session's process dies (SIGKILL): its visitor gets the status (128 + 9), the other
    session and the server go on."""
    server, other, other_pid, p, pid = two_sessions(serve, visit)
    os.kill(pid, signal.SIGKILL)
    assert p.wait_exit().status == 137
    server.wait_log(re.escape('outcome="ended: signal 9"'))
    other.send(ENTER)
    other.wait_for(SEARCH_HINT)
    other.send(CTRL_C)
    assert other.wait_exit().status == 130


def test_the_visitor_sets_nothing_but_terminal_and_size(serve, visit, tmp_path, keys):
    """A session's environment is the server's few variables and the visitor's TERM: `env`
    requests (SetEnv, SendEnv), agent and X11 forwarding reach nothing."""
    server = serve()
    argv = ssh_argv(server, keys["visitor"], "-tt", "-A", "-X", "-o", "SetEnv=LINKTERM_EXTRA=1 LINES=5",
                    "-o", "SendEnv=LC_ALL")
    p = PtyProcess.spawn(argv, env={**base_env(term="screen-256color", home=str(tmp_path)), "LC_ALL": "C",
                                    "SSH_AUTH_SOCK": str(tmp_path / "agent")}, rows=30, cols=90)
    try:
        start(p)
        [pid] = server.sessions()
        environ = dict(item.split("=", 1) for item in Path(f"/proc/{pid}/environ").read_text().split("\0") if item)
        assert set(environ) == {"TERM", "PATH", "HOME", "LANG", "SWIFT_BACKTRACE"}, environ
        assert environ["TERM"] == "screen-256color"
        fd = os.open(f"/proc/{pid}/fd/0", os.O_RDONLY | os.O_NOCTTY)  # the session's pty
        try:
            rows, cols, _, _ = struct.unpack("HHHH", fcntl.ioctl(fd, termios.TIOCGWINSZ, b"\0" * 8))
        finally:
            os.close(fd)
        assert (rows, cols) == (30, 90)
        p.send(CTRL_C)
        assert p.wait_exit().status == 130
    finally:
        p.close()


def test_sessions_end_when_the_server_dies(serve, visit):
    """kill -9 of the server: its pty masters close, so each session's linkterm gets the terminal's
    hang-up and ends; none is left running."""
    server = serve()
    visitors = [visit(server), visit(server)]
    for p in visitors:
        start(p)
    pids = server.sessions()
    assert len(pids) == 2
    os.kill(server.proc.pid, signal.SIGKILL)
    server.proc.wait()

    def ended(pid: int) -> bool:  # gone, or a zombie waiting for its new parent to reap it
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except FileNotFoundError:
            return True
        return stat[stat.rindex(")") + 2] in "ZX"

    wait_until(lambda: all(ended(pid) for pid in pids), f"the sessions {pids} to end")
    for p in visitors:
        assert p.wait_exit().status == 255  # ssh: the connection was lost


# -- limits, signals ------------------------------------------------------------------------------------------


def test_max_sessions_turns_the_next_visitor_away_politely(serve, visit):
    server = serve("--max-sessions", 1)
    first = visit(server)
    start(first)
    second = visit(server)
    second.wait_for("all 1 sessions are in use right now")
    assert second.wait_exit().status == 1
    server.wait_log(re.escape('outcome="refused: all 1 sessions in use"'))
    first.send(CTRL_C)
    assert first.wait_exit().status == 130
    third = visit(server)  # the place is free again
    start(third)
    third.send(CTRL_C)
    assert third.wait_exit().status == 130


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_sigterm_ends_every_session_cleanly(serve, visit, tmp_path, sig):
    events = tmp_path / "events"
    events.mkdir()
    server = serve("--events-dir", events)
    p = visit(server)
    start(p)
    [pid] = server.sessions()
    server.proc.send_signal(sig)
    p.wait_for("linkterm serve is stopping")
    assert p.wait_exit().status == 143  # linkterm's status after SIGTERM, relayed
    assert not p.restoration_problems(), p.restoration_problems()
    assert server.proc.wait(HANG_TIMEOUT) == 0
    assert gone(pid)
    [file] = events.iterdir()
    names = [record_name(r) for r in read_records(file)]
    assert names[-1] == "exit" and "EXIT" in names, names  # the session ended properly
    assert re.search(r'outcome="ended: server stopping"', server.output + server.proc.stdout.read().decode())


# -- bad arguments --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("args, message", [
    (["--listen", "0.0.0.0:2222", "--open"], "add --all-interfaces to mean it"),
    (["--listen", "[::]:2222", "--open"], "add --all-interfaces to mean it"),
    (["--listen", "localhost", "--open"], "--listen takes HOST:PORT"),
    ([], "needs --authorized-keys FILE"),
    (["--open", "--authorized-keys", "x"], "cannot be used together"),
    (["--open", "--max-sessions", "0"], "--max-sessions must be 1 or more"),
    (["--open", "--", "--events", "e.jsonl"], "(use --events-dir DIR)"),
    (["--open", "--latency", "99999999"], "--latency must be 0 to"),
    (["--open", "--", "--product", "nonsense"], "the sessions' options: --product"),
    (["--open", "--theme", "nosuch"], "theme nosuch: no such built-in theme"),
    (["--open", "--script", "/nonexistent"], "--script \"/nonexistent\": no readable file there"),
    (["--open", "--bogus"], "Unknown option '--bogus'"),
    (["--open", "--presenter-key", "SHA256:" + "A" * 43], "it needs --watch"),
    (["--open", "--watch", "--presenter-key", "alice"], "--presenter-key takes a key's SHA256 fingerprint"),
    (["--open", "--metrics", "0.0.0.0:9222"], "--metrics 0.0.0.0:9222 listens on every network interface"),
    (["--open", "--metrics", "9222"], "--metrics takes HOST:PORT"),
    (["--open", "--walk", "/nonexistent"], "--walk \"/nonexistent\": no readable scenario file or folder there"),
    (["--open", "--walk", "Tests/Scenarios/pass_good.txt", "--", "--theme", "light"],
     "with --walk each session runs linkterm walk FILE, whose scenario's option lines apply: \"--theme\" cannot"),
    (["--open", "--walk", "Tests/Scenarios/pass_good.txt", "--events-dir", "."], "--events-dir goes with Link sessions, not --walk"),
    (["--open", "--reports-dir", "."], "--reports-dir goes with --walk"),
    (["--open", "--walk", "Tests/Scenarios/pass_good.txt", "--reports-dir", "/nonexistent"],
     "--reports-dir \"/nonexistent\": not a directory this user can write to"),
    (["--open", "--walk", "README.md"], "README.md:3: unknown step \"The\""),
])
def test_bad_arguments(binary, tmp_path, args, message):
    result = subprocess.run([binary, "serve", "--host-key", str(tmp_path / "k"), *args], stdin=subprocess.DEVNULL,
                            capture_output=True, text=True, timeout=HANG_TIMEOUT, env=base_env(home=str(tmp_path)),
                            cwd=str(REPO))
    assert result.returncode == 2 and message in result.stderr, result
    assert not (tmp_path / "k").exists()


def test_host_key_file_checked(binary, tmp_path):
    key = tmp_path / "host_key"
    serve = [binary, "serve", "--open", "--listen", "127.0.0.1:0", "--host-key", str(key)]
    key.write_text("not a key\n")
    key.chmod(0o600)
    result = subprocess.run(serve, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=HANG_TIMEOUT)
    assert result.returncode == 2 and "is not a linkterm host key" in result.stderr, result
    key.chmod(0o644)
    result = subprocess.run(serve, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=HANG_TIMEOUT)
    assert result.returncode == 2 and "readable by group or others (mode 0644)" in result.stderr, result


def test_per_source_limit_idle_and_handshake_timeouts(serve, visit, keys):
    server = serve("--max-per-source", 1, "--idle-timeout", 1, "--handshake-timeout", 1)
    p = visit(server)
    start(p)
    result = run_ssh(server, keys["visitor"], "-T")  # a second connection from 127.0.0.1
    assert result.returncode == 255, result
    server.wait_log(re.escape('outcome="refused: more than 1 connections from 127.0.0.1"'))
    # no key for a second: linkterm gets SIGTERM (its terminal restored), then the visitor is told
    p.wait_for("no key for 1 s: the session has ended")
    assert p.wait_exit().status == 143
    assert not p.restoration_problems(), p.restoration_problems()
    server.wait_log(re.escape('outcome="ended: idle"'))
    # a connection that never says anything is closed after the handshake timeout
    import socket
    with socket.create_connection(("127.0.0.1", server.port), timeout=HANG_TIMEOUT) as sock:
        sock.settimeout(HANG_TIMEOUT)
        data = b""
        while chunk := sock.recv(4096):
            data += chunk
        assert data.startswith(b"SSH-2.0-"), data
    server.wait_log(re.escape('outcome="refused: handshake timeout"'))


def test_a_connection_without_a_session_is_not_kept(serve, keys):
    """ssh -N logs in and opens no channel: the connection is closed at the handshake timeout."""
    server = serve("--handshake-timeout", 1)
    result = run_ssh(server, keys["visitor"], "-N")
    assert result.returncode == 255, result
    server.wait_log(r'auth=authorized-keys user=visitor session=\w+ outcome="refused: handshake timeout"')


def test_sighup_rereads_the_authorized_keys(serve, keys):
    server = serve()
    assert run_ssh(server, keys["stranger"], "-T").returncode == 255
    keys["authorized"].write_text(keys["authorized"].read_text() + Path(f"{keys['stranger']}.pub").read_text())
    server.proc.send_signal(signal.SIGHUP)
    server.wait_log(r"SIGHUP: admitting the 2 keys of ")
    result = run_ssh(server, keys["stranger"], "-T")
    assert result.returncode == 2 and "needs a terminal" in result.stdout, result  # admitted now
    keys["authorized"].write_text("ssh-ed25519 not-base64!\n")
    server.proc.send_signal(signal.SIGHUP)
    server.wait_log(r"SIGHUP: --authorized-keys \S+: line 1: the ssh-ed25519 key is not valid base64 key data; "
                    r"the keys read before stay")
    assert run_ssh(server, keys["stranger"], "-T").returncode == 2


def test_open_admits_anyone_with_a_warning(serve, keys):
    """--open: OpenSSH asks `none` first, and is let in without its key; as present@ it is asked
    for its key, which is admitted and logged by fingerprint."""
    server = serve(open_access=True)
    server.wait_log(r"WARNING: --open: anyone can connect and start a session, with an SSH key or without")
    result = run_ssh(server, keys["stranger"], "-T")
    assert result.returncode == 2 and "needs a terminal" in result.stdout, result
    server.wait_log(r'key=none auth=none user=visitor session=\w+ outcome="refused: shell without a pty"')
    result = subprocess.run(ssh_argv(server, keys["stranger"], "-T", user="present"), stdin=subprocess.DEVNULL,
                            capture_output=True, timeout=HANG_TIMEOUT, text=True)
    assert result.returncode == 2 and "needs a terminal" in result.stdout, result
    server.wait_log(r'key=SHA256:\S+ auth=open user=present session=\w+ outcome="refused: shell without a pty"')


def test_client_text_is_checked_before_use(serve, visit, tmp_path):
    """A TERM outside terminfo's names is refused with one line; the user name is logged without
    its control characters."""
    server = serve()
    p = visit(server, env=base_env(term="xterm;\x1b[31mred", home=str(tmp_path)))
    p.wait_for('the terminal type "xterm;?[31mred" cannot be used')
    assert p.wait_exit().status == 2
    server.wait_log(re.escape('outcome="refused: unusable TERM xterm;?[31mred"'))
    # a well-formed name terminfo does not know: linkterm itself says so, and its status is relayed
    p = visit(server, env=base_env(term="nonexistent-term-xyz", home=str(tmp_path)))
    p.wait_for("nonexistent-term-xyz")
    assert p.wait_exit().status == 2
    q = visit(server, user="visitor\x07bell")
    start(q)
    q.send(CTRL_C)
    assert q.wait_exit().status == 130
    server.wait_log(r'user="visitor\?bell" ')  # (quoted: not a plain name)
    assert "\x1b" not in server.output and "\x07" not in server.output


# -- the audience -------------------------------------------------------------------------------------------


# Where the Link card's top-left corner is at a size: the card is 72 columns, centred in the space
# the log panel leaves (Layout): below the card under 120 columns, beside it (44 columns) from 120.
CARD_COLUMN = {80: 4, 100: 14, 120: 2}


def laid_out_at(p: PtyProcess, rows: int, cols: int, view: str) -> bool:
    """Whether the client's screen shows linkterm's frame laid out for rows x cols: the header's
    view name at its right edge, the card's corner where Layout puts it at that width, the log
    panel beside the card from 120 columns, the key hints (F1 among them) on the last row."""
    lines = p.screen.lines()
    if len(lines) < rows or not lines[0].rstrip().endswith(view) or len(lines[0].rstrip()) != cols - 1:
        return False
    corners = [line.find("\u256d") for line in lines if "\u256d" in line]  # the card's ╭
    side_log = any(line.find("\u250c Events") == cols - 44 for line in lines)
    hints = lines[rows - 1]
    # the presenter's key hints, or a watcher's footer in their place
    return corners[:1] == [CARD_COLUMN[cols]] and side_log == (cols >= 120) and ("F1 " in hints or "q leaves" in hints)


def typed_search(p: PtyProcess) -> str | None:
    """What the search field on the client's screen holds (None when there is none)."""
    for line in p.screen.lines():
        match = re.search(r"\u2502 \u203a Search  (\S*)", line)
        if match:
            return match.group(1)
    return None


def seen_after(clients: list[PtyProcess], text: str, timeout: float = HANG_TIMEOUT) -> list[float]:
    """Pumps every client until each shows `text`; returns when each first did (monotonic)."""
    seen: list[float | None] = [None] * len(clients)
    deadline = time.monotonic() + timeout
    while None in seen:
        for i, p in enumerate(clients):
            if seen[i] is None:
                p.pump(0)
                if text in p.screen:
                    seen[i] = time.monotonic()
        if time.monotonic() > deadline:
            missing = [clients[i].describe() for i, t in enumerate(seen) if t is None]
            raise AssertionError(f"timed out waiting for {text!r} on every screen:\n" + "\n".join(missing))
        time.sleep(0.002)
    return seen  # type: ignore[return-value]


def test_watchers_see_the_presenter_at_their_own_size_and_type_nothing(serve, visit):
    """--watch: the first visitor (100x30) presents; two watchers at 80x24 and 120x40 each see the
    presenter's session laid out at their own size (the card centred at their width, the log panel
    beside it at 120), follow every change within 200 ms, and type nothing into it; a watcher's
    resize re-lays their view; a watcher who leaves gets their terminal back."""
    server = serve("--watch")
    presenter = visit(server, rows=30, cols=100)
    start(presenter)
    small = visit(server, user="watch", rows=24, cols=80)
    large = visit(server, user="watch", rows=40, cols=120)
    for watcher, (rows, cols) in [(small, (24, 80)), (large, (40, 120))]:
        watcher.wait_until(lambda: laid_out_at(watcher, rows, cols, "CONSENT"), f"the consent pane laid out at {cols}x{rows}")
    presenter.wait_until(lambda: laid_out_at(presenter, 30, 100, "CONSENT"), "the presenter's own frame at 100x30")
    # the watchers' keys go nowhere: not into the session (which would leave the consent pane)
    for key in [b"abc", ENTER, b"\x1b[B", b"d", TAB]:
        small.send(key)
        large.send(key)
    presenter.send(ENTER)
    presenter_seen, *watchers_seen = seen_after([presenter, small, large], SEARCH_HINT)
    presenter.type("fir")
    presenter_typed, *watchers_typed = seen_after([presenter, small, large], "Search  fir")
    lags = [max(0.0, t - presenter_seen) for t in watchers_seen] + [max(0.0, t - presenter_typed) for t in watchers_typed]
    measure("serve", "watchers' screens after the presenter's: " + ", ".join(f"{lag * 1000:.0f} ms" for lag in lags)
            + " (the issue asks for 200 ms)")
    assert max(lags) <= 0.2, lags
    for p in [presenter, small, large]:
        assert typed_search(p) == "fir", p.describe()  # nothing a watcher typed reached the session
    small.wait_until(lambda: laid_out_at(small, 24, 80, "SELECT_INSTITUTION"), "the search at 80x24")
    large.wait_until(lambda: laid_out_at(large, 40, 120, "SELECT_INSTITUTION"), "the search at 120x40")
    # a watcher's window changes: their view is laid out again at the new size
    small.resize(30, 100)
    small.wait_until(lambda: laid_out_at(small, 30, 100, "SELECT_INSTITUTION"), "the search re-laid at 100x30")
    assert len(server.sessions()) == 1  # watchers have no session of their own
    # a watcher leaves (q): their own screen back, and the session goes on
    small.send(b"q")
    small.wait_for("stopped watching")
    assert small.wait_exit().status == 0
    assert not small.restoration_problems(), small.restoration_problems()
    presenter.send(b"z")
    large.wait_for("Search  firz")
    presenter.send(CTRL_C)
    assert presenter.wait_exit().status == 130
    large.wait_for("the presenter's session ended")
    server.wait_log(re.escape('user=watch') + r'.*outcome="watched"')
    large.send(b"q")
    assert large.wait_exit().status == 0
    assert not large.restoration_problems(), large.restoration_problems()


def test_the_next_visitor_presents_when_the_presenter_leaves(serve, visit):
    """The presenter's session ends: the next oldest visitor still connected presents, and the
    watcher gets a whole screen of their session at once, then follows it."""
    server = serve("--watch")
    first = visit(server)
    start(first)
    watcher = visit(server, user="watch", rows=30, cols=100)
    watcher.wait_until(lambda: laid_out_at(watcher, 30, 100, "CONSENT"), "the first presenter's consent pane")
    second = visit(server)
    start(second)
    to_search(second)
    second.type("plat")
    second.wait_for("Search  plat")
    assert CONSENT_TITLE in watcher.screen and "Search  plat" not in watcher.screen  # the first still presents
    first.send(CTRL_C)
    assert first.wait_exit().status == 130
    watcher.wait_until(lambda: laid_out_at(watcher, 30, 100, "SELECT_INSTITUTION") and typed_search(watcher) == "plat",
                       "the second visitor's search, whole, at 100x30")
    second.type("y")
    watcher.wait_for("Search  platy")
    second.send(CTRL_C)
    assert second.wait_exit().status == 130
    watcher.wait_for("the presenter's session ended; waiting for the next one")
    third = visit(server)  # a new visitor presents at once
    start(third)
    watcher.wait_until(lambda: laid_out_at(watcher, 30, 100, "CONSENT"), "the third visitor's consent pane")
    third.send(CTRL_C)
    assert third.wait_exit().status == 130
    watcher.send(CTRL_C)
    assert watcher.wait_exit().status == 0


def test_presenter_key_names_who_presents(serve, visit, keys, tmp_path):
    """--presenter-key FINGERPRINT: only that key's sessions present; others are not shown."""
    fingerprint = subprocess.run([SSH_KEYGEN, "-l", "-f", f"{keys['stranger']}.pub"], capture_output=True, text=True,
                                 check=True).stdout.split()[1]
    server = serve("--watch", "--presenter-key", fingerprint, open_access=True)
    visitor = visit(server)
    start(visitor)
    watcher = visit(server, user="watch")
    watcher.wait_for("watching; no presenter yet, waiting for one")
    presenter = visit(server, user="present", key="stranger")  # (--open: present@ is asked for its key)
    start(presenter)
    to_search(presenter)
    watcher.wait_until(lambda: laid_out_at(watcher, 24, 80, "SELECT_INSTITUTION"), "the named key's session")
    for p in [presenter, visitor, watcher]:
        p.send(CTRL_C)
        p.wait_exit()
