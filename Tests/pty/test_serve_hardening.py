"""`linkterm serve` against a visitor who means harm (issue 28, points 8 to 20): floods of
connections and channels, oversized and idle watchers, wildcard addresses written oddly, session
options the visitors would share, requests the SSH library could not parse, ssh-audit, forged
log fields, secrets quoted from files, where the host key goes, empty events files, stopped
sessions, and the memory a flood leaves. Everything on loopback, every loop bounded."""
from __future__ import annotations

import json
import os
import re
import resource
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ptyharness import CONSENT_TITLE, CTRL_C, HANG_TIMEOUT, POLL, base_env, measure, start
from test_serve import (SSH, SSH_KEYGEN, Server, keys, run_ssh, serve, ssh_argv, visit,  # noqa: F401 (fixtures)
                        wait_until)

pytestmark = pytest.mark.skipif(SSH is None or SSH_KEYGEN is None, reason="needs OpenSSH's client (ssh, ssh-keygen)")

paramiko = pytest.importorskip("paramiko")


def serve_command(binary: str, home: Path, *args) -> list[str]:
    return [binary, "serve", "--listen", "127.0.0.1:0", "--host-key", str(home / "host_key"), *map(str, args)]


class LimitedServer(Server):
    """A server started with resource limits of its own (descriptors, file size)."""

    def __init__(self, binary: str, home: Path, args: list, limits: dict[int, int]):
        def set_limits():
            for which, value in limits.items():
                resource.setrlimit(which, (value, value))
        self.home = home
        self.proc = subprocess.Popen(serve_command(binary, home, *args), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, env=base_env(home=str(home)), cwd=str(home),
                                     start_new_session=True, preexec_fn=set_limits)
        os.set_blocking(self.proc.stdout.fileno(), False)
        self.output = ""
        self.port = int(self.wait_log(r"listening on 127\.0\.0\.1:(\d+)").group(1))


@pytest.fixture
def limited(binary, tmp_path, keys):
    servers: list[Server] = []

    def _limited(*args, limits: dict[int, int]) -> Server:
        server = LimitedServer(binary, tmp_path, ["--authorized-keys", keys["authorized"], *args], limits)
        servers.append(server)
        return server

    yield _limited
    for server in servers:
        server.stop()


def greeting(sock: socket.socket) -> bytes:
    """What the server says first: its version line, or b"" when it closes the connection at once."""
    sock.settimeout(HANG_TIMEOUT)
    data = b""
    while b"\n" not in data:
        chunk = sock.recv(256)
        if not chunk:
            return b""
        data += chunk
    return data


def transport(server: Server, key: Path, user: str = "visitor") -> "paramiko.Transport":
    """A paramiko connection, logged in with `key` as `user`."""
    t = paramiko.Transport(("127.0.0.1", server.port))
    t.start_client(timeout=HANG_TIMEOUT)
    t.auth_publickey(user, paramiko.Ed25519Key.from_private_key_file(str(key)))
    return t


def log_count(server: Server, text: str) -> int:
    server.read()
    return server.output.count(text)


def resident_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


# -- 8: connections in all ---------------------------------------------------------------------------------


def test_max_startups_drops_unauthenticated_connections(serve, keys):
    """--max-startups 3:50:6: the first 3 connections that say nothing are kept, from then on each
    new one is dropped at random, and with 6 kept every new one is; a visitor who logs in is not
    counted; once the idle ones leave, visitors get in again."""
    server = serve("--max-per-source", 100, "--max-startups", "3:50:6", "--handshake-timeout", 60)
    kept: list[socket.socket] = []
    dropped = 0
    try:
        for _ in range(12):
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=HANG_TIMEOUT)
            if greeting(sock).startswith(b"SSH-2.0-"):
                assert len(kept) < 6, "a connection was kept with 6 unauthenticated ones open"
                kept.append(sock)
            else:
                assert len(kept) >= 3, f"dropped with only {len(kept)} unauthenticated connections open"
                dropped += 1
                sock.close()
        assert 3 <= len(kept) <= 6 and dropped == 12 - len(kept), (len(kept), dropped)
        server.wait_log(r'outcome="refused: \d connections not authenticated yet \(max startups 3:50:6\)"')
    finally:
        for sock in kept:
            sock.close()
    # the idle ones gone, a visitor is served
    wait_until(lambda: log_count(server, "closed before authentication") >= len(kept), "the idle connections' log lines")
    result = run_ssh(server, keys["visitor"], "-T")
    assert result.returncode == 2 and "needs a terminal" in result.stdout, result


def test_a_logged_in_visitor_is_not_counted_by_max_startups(serve, visit, keys):
    server = serve("--max-startups", "1")
    p = visit(server)
    start(p)  # logged in: no longer an unauthenticated connection
    result = run_ssh(server, keys["visitor"], "-T")
    assert result.returncode == 2 and "needs a terminal" in result.stdout, result
    p.send(CTRL_C)
    assert p.wait_exit().status == 130


@pytest.mark.parametrize("value", ["0:30:100", "10:30:5", "10:101:100", "a:b:c", "10:30", ""])
def test_bad_max_startups(binary, tmp_path, value):
    result = subprocess.run(serve_command(binary, tmp_path, "--open", "--max-startups", value), stdin=subprocess.DEVNULL,
                            capture_output=True, text=True, timeout=HANG_TIMEOUT, env=base_env(home=str(tmp_path)))
    assert result.returncode == 2 and "--max-startups takes START:RATE:FULL" in result.stderr, result


def test_out_of_descriptors_pauses_accepting_then_recovers(limited, keys):
    """With 64 descriptors, 80 idle connections: accept fails (EMFILE) while more wait; the server
    says so and pauses a second each time (it does not retry at once, forever), and once they
    leave, a visitor is served."""
    server = limited("--max-per-source", 500, "--max-startups", "500", "--handshake-timeout", 60,
                     limits={resource.RLIMIT_NOFILE: 64})
    socks = []
    try:
        for _ in range(80):
            socks.append(socket.create_connection(("127.0.0.1", server.port), timeout=HANG_TIMEOUT))
        first = time.monotonic()
        server.wait_log(r"cannot accept a connection \(Too many open files\): pausing accepts for 1 s")
        server.wait_log(r"(?s)(pausing accepts for 1 s.*){3}")
        elapsed = time.monotonic() - first
        pauses = server.output.count("pausing accepts for 1 s")
        # one line (and one attempt) a second at most: a spinning loop would write thousands
        assert pauses <= elapsed + 2, (pauses, elapsed)
    finally:
        for sock in socks:
            sock.close()
    result = run_ssh(server, keys["visitor"], "-T")
    server.read()
    assert result.returncode == 2 and "needs a terminal" in result.stdout, \
        (result, server.proc.poll(), server.output[-3000:])


# -- 9: channels per connection -----------------------------------------------------------------------------


def test_channels_per_connection_are_capped(serve, keys):
    """Two session channels at once, eight in all; the rest get an open failure and the connection
    goes on; past sixteen refusals it is closed."""
    server = serve()
    t = transport(server, keys["visitor"])
    refused = 0

    def opens() -> bool:
        nonlocal refused
        try:
            t.open_session(timeout=HANG_TIMEOUT).close()
            return True
        except paramiko.ChannelException:
            refused += 1
            return False

    try:
        first, second = t.open_session(timeout=HANG_TIMEOUT), t.open_session(timeout=HANG_TIMEOUT)
        assert not opens()  # a third at once
        assert t.is_active()
        first.close()
        wait_until(opens, "a channel open again once one has closed")
        for _ in range(40):
            if not t.is_active():
                break
            try:
                opens()
            except (paramiko.SSHException, EOFError, OSError):
                break
        wait_until(lambda: not t.is_active(), "the connection closed after the refusals")
        assert 16 <= refused <= 17, refused
        second.close()
    finally:
        t.close()
    server.wait_log(r'outcome="refused: more than 2 channels at once or 8 in all"')


# -- 10: watchers -------------------------------------------------------------------------------------------


def test_watchers_are_capped_and_drawn_at_most_200_by_500(serve, visit):
    server = serve("--watch", "--max-watchers", 1)
    big = visit(server, user="watch", rows=300, cols=600)
    # no presenter yet: the note is on the last row of the screen the server keeps for them: 200
    big.wait_for_raw(b"\x1b[200;1H\x1b[0m\x1b[2K[linkterm serve: watching; no presenter yet")
    second = visit(server, user="watch")
    second.wait_for("all 1 watcher places are taken right now")
    assert second.wait_exit().status == 1
    server.wait_log(re.escape('outcome="refused: all 1 watcher places in use"'))
    presenter = visit(server, rows=30, cols=100)
    start(presenter)
    big.wait_for(CONSENT_TITLE)  # the presenter's screen, drawn at 200x500 (not 300x600)
    big.resize(400, 700)  # a resize is cut too
    presenter.send(CTRL_C)
    assert presenter.wait_exit().status == 130
    big.wait_for_raw(b"\x1b[200;1H\x1b[0m\x1b[2K[linkterm serve: the presenter's session ended")
    big.send(b"q")
    assert big.wait_exit().status == 0


def test_an_idle_watcher_is_let_go(serve, visit):
    server = serve("--watch", "--idle-timeout", 1)
    watcher = visit(server, user="watch")
    watcher.wait_for("no key for 1 s: stopped watching")
    assert watcher.wait_exit().status == 1
    assert not watcher.restoration_problems(), watcher.restoration_problems()


# -- 11: wildcard addresses ----------------------------------------------------------------------------------


@pytest.mark.parametrize("listen", ["0:0", "0.0.0.00:0", "0x0:0", "000.000.000.000:0", "[::0]:0", "[0::]:0",
                                    "[::ffff:0.0.0.0]:0"])
def test_every_spelling_of_a_wildcard_needs_all_interfaces(binary, tmp_path, listen):
    argv = [binary, "serve", "--open", "--host-key", str(tmp_path / "k"), "--listen", listen]
    try:
        result = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=HANG_TIMEOUT,
                                env=base_env(home=str(tmp_path)))
    except subprocess.TimeoutExpired:
        raise AssertionError(f"--listen {listen} was accepted: the server listened on every interface")
    assert result.returncode == 2 and "listens on every network interface: add --all-interfaces" in result.stderr, result


def test_all_interfaces_still_allows_a_wildcard(binary, tmp_path):
    proc = subprocess.Popen([binary, "serve", "--open", "--host-key", str(tmp_path / "k"), "--listen", "0x0:0",
                             "--all-interfaces"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=base_env(home=str(tmp_path)), text=True)
    try:
        line = proc.stdout.readline()
        assert line.startswith("linkterm serve: listening on 0x0:"), line
        assert "ssh -t -p" in "".join(proc.stdout.readline() for _ in range(3))
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(HANG_TIMEOUT) == 0


# -- 12: session options ------------------------------------------------------------------------------------


def test_session_options_are_checked_once_at_start(binary, tmp_path):
    """A file every visitor would share is refused, and the files the sessions read are parsed at
    start: the operator hears of a bad one, once, not every visitor."""
    bad_institutions = tmp_path / "banks.json"
    bad_institutions.write_text('[{"institution_id": "ins_1"}]\n')
    bad_script = tmp_path / "play.txt"
    bad_script.write_text("continue\nfrobnicate\n")
    for args, message in [
        (["--", "--save-scenario", str(tmp_path / "s.txt")], '"--save-scenario" cannot be given to the sessions'),
        (["--save-scenario=" + str(tmp_path / "s.txt")], '"--save-scenario" cannot be given to the sessions'),
        (["--institutions", str(bad_institutions)], "the sessions' options: --institutions: "),
        (["--script", str(bad_script)], "the sessions' options: "),
    ]:
        result = subprocess.run(serve_command(binary, tmp_path, "--open", *args), stdin=subprocess.DEVNULL,
                                capture_output=True, text=True, timeout=HANG_TIMEOUT, env=base_env(home=str(tmp_path)))
        assert result.returncode == 2 and message in result.stderr, (args, result)
    assert not (tmp_path / "s.txt").exists()
    # the parse error itself is shown: the line of the script, the field of the directory
    result = subprocess.run(serve_command(binary, tmp_path, "--open", "--script", bad_script), stdin=subprocess.DEVNULL,
                            capture_output=True, text=True, timeout=HANG_TIMEOUT, env=base_env(home=str(tmp_path)))
    assert f"{bad_script}:2: unknown step" in result.stderr, result.stderr


def test_an_events_dir_that_cannot_be_written_is_the_operators_to_read(limited, visit, tmp_path):
    """The sessions' events cannot be written (a file size limit of 100 bytes stands for a full
    disk): the visitor is not shown the server's folders; the operator's log names the file."""
    events = tmp_path / "private-events"
    events.mkdir()
    server = limited("--events-dir", events, limits={resource.RLIMIT_FSIZE: 100})
    p = visit(server)
    start(p)
    p.send(CTRL_C)
    e = p.wait_exit()
    assert e.status == 74, p.describe()
    assert str(events) not in p.text_since(0) and "private-events" not in p.text_since(0), p.text_since(0)
    server.wait_log(r'outcome="ended: exit 74" note="its events file ' + re.escape(str(events))
                    + r'/\d{8}T\d{6}Z-[0-9a-f]{12}\.jsonl could not be written in full \(\d+ bytes written\)"')


# -- 13: requests the library does not parse ------------------------------------------------------------------


def test_x11_forwarding_is_refused_and_the_connection_kept(serve, keys, tmp_path):
    """ssh -X asks for X11 forwarding (x11-req): refused, and the session's request is answered."""
    server = serve()
    result = subprocess.run(ssh_argv(server, keys["visitor"], "-X", "-T", "-o", "LogLevel=INFO"),
                            stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=HANG_TIMEOUT,
                            env={**base_env(home=str(tmp_path)), "DISPLAY": ":0", "XAUTHORITY": str(tmp_path / "none")})
    assert result.returncode == 2 and "needs a terminal" in result.stdout, result
    assert "X11 forwarding request failed" in result.stderr, result.stderr
    server.wait_log(r'outcome="refused: shell without a pty"')


def test_keyboard_interactive_and_unknown_channel_requests_are_refused_and_the_connection_kept(serve, keys):
    server = serve()
    t = paramiko.Transport(("127.0.0.1", server.port))
    try:
        t.start_client(timeout=HANG_TIMEOUT)
        with pytest.raises(paramiko.BadAuthenticationType) as refused:
            t.auth_interactive("visitor", lambda title, instructions, prompts: ["secret" for _ in prompts])
        assert refused.value.allowed_types == ["publickey"]  # refused, naming the method taken
        assert t.is_active()
    finally:
        t.close()
    # (paramiko would ask for the userauth service again for another method: the library drops
    # that; OpenSSH's client does not ask twice)
    server.wait_log(r'key=none auth=- user=- session=\w+ outcome="refused: no key \(this server admits the keys of its list only\)"')
    # a channel request the library does not parse (RFC 4335 break, with its length) is refused
    t = transport(server, keys["visitor"])
    try:
        channel = t.open_session(timeout=HANG_TIMEOUT)
        message = paramiko.Message()
        message.add_byte(bytes([98]))
        message.add_int(channel.remote_chanid)
        message.add_string("break")
        message.add_boolean(True)
        message.add_int(500)
        channel._event_pending()
        t._send_user_message(message)
        with pytest.raises(paramiko.SSHException):  # a channel failure (paramiko then closes its channel)
            channel._wait_for_event()
        assert t.is_active()
        channel = t.open_session(timeout=HANG_TIMEOUT)
        channel.get_pty()  # the connection goes on
        channel.close()
    finally:
        t.close()
    assert "invalidPacketFormat" not in server.output and "secret" not in server.output, server.output


# -- 14: ssh-audit ---------------------------------------------------------------------------------------


# What ssh-audit fails or warns about that swift-nio-ssh 0.15.1 does not let a server change: its
# key exchanges are a fixed list (SSHKeyExchangeStateMachine.supportedKeyExchangeImplementations,
# internal, with the NIST curves and no post-quantum hybrid), and its KEXINIT and version line are
# part of the exchange hash, so they cannot be rewritten on the way out either.
LIBRARY_FAILURES = {"ecdh-sha2-nistp256", "ecdh-sha2-nistp384", "ecdh-sha2-nistp521"}
LIBRARY_WARNINGS = {"does not provide protection against post-quantum attacks"}


def test_ssh_audit_finds_nothing_the_server_can_change(serve):
    command = [sys.executable, "-m", "ssh_audit"]  # as Tests/run.sh installs it
    server = serve()
    result = subprocess.run([*command, "-j", "--skip-rate-test", "-p", str(server.port), "127.0.0.1"],
                            stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
    report = json.loads(result.stdout)
    failures = {a["algorithm"] for part in ("kex", "key", "enc", "mac") for a in report[part] if a["notes"].get("fail")}
    warnings = {w for part in ("kex", "key", "enc", "mac") for a in report[part] for w in a["notes"].get("warn", [])}
    assert failures <= LIBRARY_FAILURES, failures
    assert warnings <= LIBRARY_WARNINGS, warnings
    assert [a["algorithm"] for a in report["mac"]] == ["hmac-sha2-256-etm@openssh.com"], report["mac"]
    assert {a["algorithm"] for a in report["key"]} == {"ssh-ed25519"}
    assert not report["cves"], report["cves"]
    measure("serve", f"ssh-audit: fails {sorted(failures)} (swift-nio-ssh's fixed key exchanges), banner "
            f"{report['banner']['raw']}")


# -- 15: the log -------------------------------------------------------------------------------------------


def parse_fields(line: str) -> list[tuple[str, str]]:
    """The `name=value` fields of a log line, a value bare or in double quotes (with \\" and \\\\)."""
    return [(m.group(1), m.group(2) if m.group(2) is not None else m.group(3))
            for m in re.finditer(r'(\w+)=(?:"((?:[^"\\]|\\.)*)"|(\S+))', line)]


def test_the_user_name_cannot_forge_log_fields(serve, keys):
    server = serve()
    name = 'x session=0 outcome="ok"\u202ee\\'
    t = transport(server, keys["visitor"], user=name)
    t.close()
    line = server.wait_log(r".*user=\".*duration=.*").group(0)
    fields = parse_fields(line)
    assert [k for k, _ in fields] == ["key", "auth", "user", "session", "outcome", "duration", "role"], line
    assert "\u202e" not in line and dict(fields)["user"] == r'x session=0 outcome=\"ok\"\u{202E}e\\', line


# -- 16: --authorized-keys errors ----------------------------------------------------------------------------


def test_authorized_keys_errors_name_the_line_not_its_text(binary, tmp_path):
    secret = tmp_path / "shadow"
    secret.write_text("admin:$6$saltsalt$hashhashhashhash:19000:0:99999:7:::\n")
    link = tmp_path / "keys"
    link.symlink_to(secret)
    result = subprocess.run(serve_command(binary, tmp_path, "--authorized-keys", link), stdin=subprocess.DEVNULL,
                            capture_output=True, text=True, timeout=HANG_TIMEOUT, env=base_env(home=str(tmp_path)))
    assert result.returncode == 2, result
    assert "line 1: not a key line" in result.stderr, result.stderr
    assert "admin" not in result.stderr and "$6$" not in result.stderr and "salt" not in result.stderr, result.stderr
    secret.write_text('from="x",command="$6$saltsalt" ssh-ed25519 AAAA\n')
    result = subprocess.run(serve_command(binary, tmp_path, "--authorized-keys", link), stdin=subprocess.DEVNULL,
                            capture_output=True, text=True, timeout=HANG_TIMEOUT, env=base_env(home=str(tmp_path)))
    assert "line 1: key options are not supported" in result.stderr and "salt" not in result.stderr, result.stderr


# -- 17: the host key's place ------------------------------------------------------------------------------


def test_without_home_the_host_key_must_be_named(binary, tmp_path):
    env = base_env()
    del env["HOME"]
    result = subprocess.run([binary, "serve", "--open", "--listen", "127.0.0.1:0"], stdin=subprocess.DEVNULL,
                            capture_output=True, text=True, timeout=HANG_TIMEOUT, env=env, cwd=str(tmp_path))
    assert result.returncode == 2 and "HOME is not set" in result.stderr and "--host-key" in result.stderr, result
    assert list(tmp_path.iterdir()) == []


def test_host_key_makes_only_its_last_folder(binary, tmp_path):
    deep = tmp_path / "a" / "b" / "host_key"
    result = subprocess.run([binary, "serve", "--open", "--listen", "127.0.0.1:0", "--host-key", str(deep)],
                            stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=HANG_TIMEOUT,
                            env=base_env(home=str(tmp_path)))
    assert result.returncode == 2 and f"its folder {tmp_path}/a/b does not exist, nor does {tmp_path}/a" in result.stderr, result
    assert not (tmp_path / "a").exists()
    (tmp_path / "a").mkdir()
    proc = subprocess.Popen([binary, "serve", "--open", "--listen", "127.0.0.1:0", "--host-key", str(deep)],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=base_env(home=str(tmp_path)))
    try:
        assert proc.stdout.readline().startswith("linkterm serve: listening on")
        assert (tmp_path / "a" / "b").stat().st_mode & 0o777 == 0o700 and deep.exists()
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(HANG_TIMEOUT) == 0


# -- 18: a session that never starts ----------------------------------------------------------------------


def test_a_session_that_never_starts_leaves_no_events_file(serve, visit, tmp_path):
    events = tmp_path / "events"
    events.mkdir()
    server = serve("--events-dir", events)
    p = visit(server, env=base_env(term="xterm-nosuchterminal", home=str(tmp_path)))
    assert p.wait_exit().status != 0
    server.wait_log(r'outcome="ended: exit \d+" note="no events written: the empty events file was removed"')
    assert list(events.iterdir()) == []


# -- 19: a stopped session ----------------------------------------------------------------------------------


def test_a_stopped_session_is_continued_to_end_cleanly(serve, visit):
    """SIGSTOP to a session's linkterm, then the idle timeout: SIGTERM with SIGCONT, so it restores
    its visitor's terminal and exits as after SIGTERM (143), not by SIGKILL."""
    server = serve("--idle-timeout", 1)
    p = visit(server)
    start(p)
    [pid] = server.sessions()
    os.kill(pid, signal.SIGSTOP)
    p.wait_for("no key for 1 s: the session has ended")
    assert p.wait_exit().status == 143, p.describe()
    assert not p.restoration_problems(), p.restoration_problems()
    server.wait_log(re.escape('outcome="ended: idle"'))


# -- 20: memory after a flood -------------------------------------------------------------------------------


def test_memory_goes_back_after_a_flood(serve, keys):
    """20 connections each opening channels until closed for it, then gone: the server's resident
    memory comes back near where it was (measured and reported)."""
    server = serve("--max-per-source", 100)
    before = resident_kib(server.proc.pid)
    peak = before
    for _ in range(20):
        t = transport(server, keys["visitor"])
        for _ in range(40):
            try:
                t.open_session(timeout=HANG_TIMEOUT)
            except paramiko.ChannelException:
                pass
            except (paramiko.SSHException, EOFError, OSError):
                break
        peak = max(peak, resident_kib(server.proc.pid))
        t.close()
    wait_until(lambda: log_count(server, 'outcome="refused: more than 2 channels') >= 20, "every flooding connection closed")
    deadline = time.monotonic() + HANG_TIMEOUT
    after = resident_kib(server.proc.pid)
    while after > before + 8 * 1024 and time.monotonic() < deadline:
        time.sleep(POLL * 5)
        after = resident_kib(server.proc.pid)
    measure("serve", f"resident memory: {before / 1024:.1f} MB before, {peak / 1024:.1f} MB at the flood's peak, "
            f"{after / 1024:.1f} MB after (20 connections x 40 channel opens)")
    assert after <= before + 8 * 1024, (before, peak, after)


def test_a_channel_left_unused_does_not_hold_the_connection(serve, keys):
    """Logged in, a channel open, no shell asked for: closed at the handshake timeout, not kept
    for the idle timeout (a way to hold connections, and so places, for ten minutes each)."""
    server = serve("--handshake-timeout", 1)
    t = transport(server, keys["visitor"])
    try:
        t.open_session(timeout=HANG_TIMEOUT)
        wait_until(lambda: not t.is_active(), "the connection closed at the handshake timeout")
    finally:
        t.close()
    server.wait_log(r'user=visitor session=\w+ outcome="refused: handshake timeout"')
