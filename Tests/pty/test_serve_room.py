"""`linkterm serve`, second round (issue 31): a visitor without a key, who presents, what the
room sees, and the PROXY protocol and metrics endpoint, tried with the real OpenSSH client and
raw sockets."""
from __future__ import annotations

import re
import socket
import struct
import subprocess
import time
import urllib.request

import pytest

from ptyharness import CTRL_C, HANG_TIMEOUT, POLL, PtyProcess, base_env, start, to_search
from test_serve import SSH, SSH_KEYGEN, Server, keys, serve, ssh_argv, laid_out_at, wait_until  # noqa: F401 (fixtures)

pytestmark = pytest.mark.skipif(SSH is None or SSH_KEYGEN is None, reason="needs OpenSSH's client (ssh, ssh-keygen)")


def keyless_argv(server: Server, *extra, user: str = "visitor", port: int | None = None) -> list[str]:
    """OpenSSH as a visitor without a key: no public key authentication, and an empty ~/.ssh."""
    return [SSH, "-F", "/dev/null", "-o", "PubkeyAuthentication=no", "-o", "BatchMode=yes",
            "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
            "-p", str(port or server.port), *map(str, extra), f"{user}@127.0.0.1"]


@pytest.fixture
def empty_home(tmp_path):
    home = tmp_path / "empty-home"
    (home / ".ssh").mkdir(parents=True)
    return home


def fingerprint_of(key) -> str:
    return subprocess.run([SSH_KEYGEN, "-l", "-f", f"{key}.pub"], capture_output=True, text=True, check=True).stdout.split()[1]


# -- 1. anyone can walk up ---------------------------------------------------------------------------


def test_open_lets_a_visitor_without_a_key_in(serve, empty_home):
    """--open: `ssh -p PORT HOST` with no key at all reaches the consent pane; the log says so
    when the connection opens (no key, role visitor) and when it ends."""
    server = serve(open_access=True)
    p = PtyProcess.spawn(keyless_argv(server, "-tt"), env=base_env(home=str(empty_home)))
    try:
        start(p)
        server.wait_log(r'127\.0\.0\.1:\d+ opened key=none auth=none user=visitor session=\w+ role=visitor')
        p.send(CTRL_C)
        assert p.wait_exit().status == 130
    finally:
        p.close()
    server.wait_log(r'key=none auth=none user=visitor session=\w+ outcome="ended: exit 130" duration=\S+ role=visitor')
    # present@ is asked for a key: without one, refused, and the log says why
    result = subprocess.run(keyless_argv(server, "-T", user="present"), stdin=subprocess.DEVNULL, capture_output=True,
                            text=True, timeout=HANG_TIMEOUT, env=base_env(home=str(empty_home)))
    assert result.returncode == 255 and "Permission denied (publickey)" in result.stderr, result
    server.wait_log(r'key=none auth=- user=- session=\w+ outcome="refused: no key \(present@ logs in with a key\)"')


def test_keys_only_refuses_a_visitor_without_a_key(serve, empty_home):
    """Without --open, a visitor without a key is refused: OpenSSH says `Permission denied
    (publickey)` (swift-nio-ssh 0.15.1 sends a banner only with a success, and no custom
    disconnect text); the log names why."""
    server = serve()
    result = subprocess.run(keyless_argv(server, "-T"), stdin=subprocess.DEVNULL, capture_output=True, text=True,
                            timeout=HANG_TIMEOUT, env=base_env(home=str(empty_home)))
    assert result.returncode == 255 and "Permission denied (publickey)" in result.stderr, result
    server.wait_log(r'key=none auth=- user=- session=\w+ outcome="refused: no key \(this server admits the keys of its list only\)"')


def test_open_watch_needs_a_presenter_key(binary, tmp_path):
    result = subprocess.run([binary, "serve", "--open", "--watch", "--host-key", str(tmp_path / "k")], stdin=subprocess.DEVNULL,
                            capture_output=True, text=True, timeout=HANG_TIMEOUT, env=base_env(home=str(tmp_path)))
    assert result.returncode == 2, result
    assert "--open --watch needs --presenter-key" in result.stderr and "must never be shown to the watchers" in result.stderr
    assert not (tmp_path / "k").exists()


# -- 2, 3. who presents, and what the room sees --------------------------------------------------


def test_only_the_presenter_key_is_shown_and_the_room_sees_itself(serve, keys, empty_home, tmp_path):
    """--open --watch --presenter-key: a keyless visitor's session is never shown; the presenter
    (present@, with that key) is; their header counts the watchers (nothing when none); a
    watcher's footer says they watch and that q leaves; the log says each one's role."""
    fingerprint = fingerprint_of(keys["stranger"])
    server = serve("--watch", "--presenter-key", fingerprint, open_access=True)
    server.wait_log(r"watchers connect with: ssh -t -p \d+ watch@localhost")
    server.wait_log(r"the presenter connects with: ssh -t -p \d+ present@localhost \(the key " + re.escape(fingerprint))
    env = base_env(home=str(empty_home))
    clients = []
    try:
        visitor = PtyProcess.spawn(keyless_argv(server, "-tt"), env=env)
        clients.append(visitor)
        start(visitor)
        watcher = PtyProcess.spawn(keyless_argv(server, "-tt", user="watch"), env=env, rows=30, cols=100)
        clients.append(watcher)
        watcher.wait_for("watching; no presenter yet, waiting for one")
        to_search(visitor)
        visitor.type("secret")
        visitor.wait_for("Search  secret")
        assert "watching" not in visitor.screen.lines()[0], visitor.describe()  # nobody watches them
        presenter = PtyProcess.spawn(ssh_argv(server, keys["stranger"], "-tt", user="present"), env=base_env(home=str(tmp_path)))
        clients.append(presenter)
        start(presenter)
        watcher.wait_until(lambda: laid_out_at(watcher, 30, 100, "CONSENT"), "the presenter's consent pane at 100x30")
        presenter.wait_for("● 1 watching")
        assert "● 1 watching" in presenter.screen.lines()[0], presenter.describe()
        assert "Search  secret" not in watcher.screen  # the stranger's session never was shown
        last = watcher.screen.lines()[29]
        assert "watching the presenter's session · q leaves" in last and "F1" not in last, watcher.describe()
        assert "F1" in presenter.screen.lines()[23]  # the presenter keeps their key hints
        server.wait_log(r'opened key=none auth=none user=visitor session=\w+ role=visitor')
        server.wait_log(r'opened key=none auth=none user=watch session=\w+ role=watcher')
        server.wait_log(r'opened key=' + re.escape(fingerprint) + r' auth=open user=present session=\w+ role=presenter')
        watcher.send(b"q")
        assert watcher.wait_exit().status == 0
        presenter.wait_until(lambda: "watching" not in presenter.screen.lines()[0], "the count gone with the last watcher")
        for p in [presenter, visitor]:
            p.send(CTRL_C)
            assert p.wait_exit().status == 130
    finally:
        for p in clients:
            p.close()


# -- 4. behind a load balancer ------------------------------------------------------------------------


def connect(server: Server, payload: bytes = b"", source: str = "127.0.0.1") -> socket.socket:
    s = socket.create_connection(("127.0.0.1", server.port), timeout=HANG_TIMEOUT, source_address=(source, 0))
    if payload:
        s.sendall(payload)
    return s


def read_all(s: socket.socket) -> bytes:
    data = b""
    while True:
        try:
            chunk = s.recv(4096)
        except (ConnectionResetError, socket.timeout):
            return data
        if not chunk:
            return data
        data += chunk


def v2_header(source: str, port: int, tlvs: bytes = b"", length: int | None = None) -> bytes:
    body = socket.inet_aton(source) + socket.inet_aton("127.0.0.1") + struct.pack(">HH", port, 2222) + tlvs
    return (b"\r\n\r\n\x00\r\nQUIT\n" + bytes([0x21, 0x11]) + struct.pack(">H", len(body) if length is None else length)
            + body)


def test_proxy_protocol_names_the_client(serve):
    """--proxy-protocol: a v1 or v2 header names the client in the log; without one, or with a
    malformed one (each refused with why), the connection is closed before SSH says a word."""
    server = serve("--proxy-protocol", "--max-per-source", "1", "--metrics", "127.0.0.1:0", open_access=True)
    metrics_port = int(server.wait_log(r"metrics at http://127\.0\.0\.1:(\d+)/metrics").group(1))
    s = connect(server, b"PROXY TCP4 203.0.113.7 127.0.0.1 40001 2222\r\n")
    assert s.recv(8).startswith(b"SSH-2.0-")  # then SSH
    s.close()
    server.wait_log(r'203\.0\.113\.7:40001 key=none auth=- user=- session=\w+ outcome="closed before authentication"')
    s = connect(server, v2_header("198.51.100.9", 40002, tlvs=b"\x04\x00\x02ab"))
    assert s.recv(8).startswith(b"SSH-2.0-")
    # the per-source limit counts the client the header names, not the proxy
    other = connect(server, v2_header("198.51.100.9", 40003))
    assert read_all(other) == b""
    server.wait_log(r'198\.51\.100\.9:40003 key=none .* outcome="refused: more than 1 connections from 198\.51\.100\.9"')
    s.close()
    for payload, why in [
        (b"SSH-2.0-OpenSSH_9.2\r\n", "no PROXY header"),
        (b"PROXY TCP4 1.2.3 127.0.0.1 1 2\r\n", "malformed PROXY header: a version 1 line with an address that is not IPv4"),
        (v2_header("10.0.0.1", 1, length=0xFFFF), "malformed PROXY header: a version 2 header of 65535 bytes"),
        (b"PROXY " + b"A" * 200, "malformed PROXY header: a version 1 line longer than 107 bytes"),
    ]:
        s = connect(server, payload)
        assert read_all(s) == b"", why  # SSH never spoke
        s.close()
        server.wait_log(re.escape(f'outcome="refused: {why}'))
    body = urllib.request.urlopen(f"http://127.0.0.1:{metrics_port}/metrics", timeout=HANG_TIMEOUT).read().decode()
    assert 'linkterm_refusals_total{reason="proxy_header"} 4' in body, body
    assert 'linkterm_refusals_total{reason="per_source"} 1' in body, body


def test_a_slow_or_silent_header_is_cut(serve):
    """Slowloris on the header: a byte now and then does not hold the connection past the
    header's 5 s; nor does silence."""
    server = serve("--proxy-protocol", open_access=True)
    slow = connect(server, b"P")
    silent = connect(server)
    started = time.monotonic()
    for byte in b"ROXY TCP4 ":
        try:
            slow.send(bytes([byte]))
        except OSError:
            break
        time.sleep(0.7)
    wait_until(lambda: server.output.count('outcome="refused: no PROXY header within 5 s"') == 2 or server.read(),
               "both connections cut")
    assert read_all(slow) == b"" and read_all(silent) == b""
    assert time.monotonic() - started < HANG_TIMEOUT


def test_a_header_is_refused_without_the_option(serve):
    server = serve(open_access=True)
    s = connect(server, b"PROXY TCP4 203.0.113.7 127.0.0.1 40001 2222\r\n")
    data = read_all(s)
    assert not data.strip(b"\r\n").split(b"\r\n")[1:], data  # nothing after SSH's version line
    server.wait_log(re.escape('outcome="refused: a PROXY header, but --proxy-protocol is off"'))


def test_the_metrics_endpoint_counts_what_the_log_says_and_survives_a_flood(serve, empty_home):
    """GET /metrics: sessions now and in all, ended by outcome, refusals by reason, durations;
    its counts match the log's lines. 64 connections at once that send nothing, a request of
    more than 2 KiB, other paths and methods: each gets its answer or is closed, and the
    endpoint still answers."""
    server = serve("--metrics", "127.0.0.1:0", open_access=True)
    port = int(server.wait_log(r"metrics at http://127\.0\.0\.1:(\d+)/metrics").group(1))
    url = f"http://127.0.0.1:{port}/metrics"
    env = base_env(home=str(empty_home))
    for _ in range(3):
        p = PtyProcess.spawn(keyless_argv(server, "-tt"), env=env)
        try:
            start(p)
            p.send(CTRL_C)
            assert p.wait_exit().status == 130
        finally:
            p.close()
    subprocess.run(keyless_argv(server, "-T"), stdin=subprocess.DEVNULL, capture_output=True, timeout=HANG_TIMEOUT, env=env)
    wait_until(lambda: server.read() or server.output.count("outcome=") == 4, "four connection lines")
    body = urllib.request.urlopen(url, timeout=HANG_TIMEOUT).read().decode()
    ended = server.output.count('outcome="ended: exit 130"')
    assert ended == 3
    assert f'linkterm_sessions_ended_total{{outcome="exit"}} {ended}' in body, body
    assert "linkterm_sessions_started_total 3" in body and "linkterm_sessions 0" in body, body
    assert 'linkterm_refusals_total{reason="no_pty"} 1' in body, body
    assert "linkterm_session_duration_seconds_count 3" in body and "linkterm_connections_total 4" in body, body
    # a flood: the endpoint takes 16 at once, the rest are closed; then it answers again
    flood = [socket.create_connection(("127.0.0.1", port), timeout=HANG_TIMEOUT) for _ in range(64)]
    big = socket.create_connection(("127.0.0.1", port), timeout=HANG_TIMEOUT)
    for s in flood:
        s.close()
    for request, status in [(b"GET /metrics HTTP/1.1\r\n" + b"X: " + b"a" * 3000 + b"\r\n\r\n", b""),
                            (b"GET / HTTP/1.1\r\n\r\n", b"HTTP/1.1 404"), (b"POST /metrics HTTP/1.1\r\n\r\n", b"HTTP/1.1 405"),
                            (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n", b"HTTP/1.1 400")]:
        s = socket.create_connection(("127.0.0.1", port), timeout=HANG_TIMEOUT)
        try:
            s.sendall(request)
        except OSError:
            pass
        answer = read_all(s)
        assert answer.startswith(status) and (status or answer.startswith(b"HTTP/1.1 431") or answer == b""), answer[:80]
        s.close()
    big.close()
    wait_until(lambda: _answers(url), "the endpoint answering after the flood")


def _answers(url: str) -> bool:
    try:
        return b"linkterm_sessions " in urllib.request.urlopen(url, timeout=HANG_TIMEOUT).read()
    except OSError:
        return False
