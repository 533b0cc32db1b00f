"""Two `linkterm serve --proxy-protocol` behind the real HAProxy, with the configuration the
README documents (Examples/haproxy/haproxy.cfg, loopback addresses put in): OpenSSH visitors
bound to 127.0.0.2 reach both servers, each server's log names their real address, the metrics
endpoints count what the logs say, and a server stopped sends the next visitors to the other."""
from __future__ import annotations

import re
import shutil
import socket
import subprocess
import urllib.request
from pathlib import Path

import pytest

from ptyharness import CTRL_C, HANG_TIMEOUT, PtyProcess, base_env, measure, start
from test_serve import SSH, Server, wait_until

HAPROXY = shutil.which("haproxy")
pytestmark = pytest.mark.skipif(SSH is None or HAPROXY is None, reason="needs OpenSSH's client and haproxy")
CONFIG = Path(__file__).resolve().parents[2] / "Examples" / "haproxy" / "haproxy.cfg"
VISITORS = 20


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def listening(port: int) -> bool:
    """Whether something listens on 127.0.0.1:port (read from /proc: no connection made)."""
    wanted = f"0100007F:{port:04X}"
    return any(line.split()[1] == wanted and line.split()[3] == "0A"
               for line in Path("/proc/net/tcp").read_text().splitlines()[1:])


def metrics(port: int) -> str:
    return urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=HANG_TIMEOUT).read().decode()


def visitors(port: int, home: Path, count: int) -> None:
    """`count` OpenSSH visitors without a key, at once, from 127.0.0.2: each reaches the consent pane, then leaves."""
    argv = [SSH, "-F", "/dev/null", "-o", "PubkeyAuthentication=no", "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no",
            "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "-b", "127.0.0.2", "-tt", "-p", str(port),
            "visitor@127.0.0.1"]
    clients = [PtyProcess.spawn(argv, env=base_env(home=str(home))) for _ in range(count)]
    try:
        for p in clients:
            start(p)
        for p in clients:
            p.send(CTRL_C)
            assert p.wait_exit().status == 130
    finally:
        for p in clients:
            p.close()


def test_two_servers_behind_haproxy(binary, tmp_path):
    home = tmp_path / "home"
    (home / ".ssh").mkdir(parents=True)
    servers: list[Server] = []
    haproxy = None
    try:
        for name in ["one", "two"]:
            folder = tmp_path / name
            folder.mkdir()
            servers.append(Server(binary, folder, ["--open", "--proxy-protocol", "--metrics", "127.0.0.1:0",
                                                   "--max-per-source", str(VISITORS), "--max-startups", str(2 * VISITORS)]))
        metric_ports = [int(s.wait_log(r"metrics at http://127\.0\.0\.1:(\d+)/metrics").group(1)) for s in servers]
        front = free_port()
        config = CONFIG.read_text()
        config = config.replace("bind 0.0.0.0:2222", f"bind 127.0.0.1:{front}")
        config = config.replace("inter 2s", "inter 200ms")
        for name, server, metric in zip(["one", "two"], servers, metric_ports):
            config, replaced = re.subn(rf"server {name} \S+ check port \d+",
                                       f"server {name} 127.0.0.1:{server.port} check port {metric}", config)
            assert replaced == 1
        (tmp_path / "haproxy.cfg").write_text(config)
        assert subprocess.run([HAPROXY, "-c", "-f", str(tmp_path / "haproxy.cfg")], capture_output=True).returncode == 0
        haproxy = subprocess.Popen([HAPROXY, "-db", "-f", str(tmp_path / "haproxy.cfg")], stdin=subprocess.DEVNULL,
                                   stdout=subprocess.DEVNULL, stderr=open(tmp_path / "haproxy.log", "wb"))
        wait_until(lambda: listening(front), "haproxy listening")

        visitors(front, home, VISITORS)
        served = []
        for server, metric in zip(servers, metric_ports):
            wait_until(lambda: server.read() or server.output.count('outcome="ended: exit 130"') == server.output.count(" opened "),
                       "every session's end logged")
            opened = re.findall(r"^\S+ (\S+) opened key=none auth=none user=visitor session=\w+ role=visitor$",
                                server.output, re.M)
            assert opened and all(re.fullmatch(r"127\.0\.0\.2:\d+", source) for source in opened), server.output
            assert not re.search(r"^\S+ 127\.0\.0\.1:", server.output, re.M), server.output  # never the proxy's address
            ended = server.output.count('outcome="ended: exit 130"')
            text = metrics(metric)
            assert f"linkterm_sessions_started_total {len(opened)}" in text, text
            assert f'linkterm_sessions_ended_total{{outcome="exit"}} {ended}' in text and "linkterm_sessions 0" in text, text
            served.append(len(opened))
        assert sum(served) == VISITORS and min(served) > 0, served  # both servers took visitors
        measure("serve", f"haproxy (send-proxy-v2, round robin): {VISITORS} visitors at once from 127.0.0.2 served "
                         f"{served[0]} + {served[1]}, every log line naming 127.0.0.2")

        # one server stops: the next visitors reach the other
        assert servers[0].stop() == 0
        before = servers[1].output.count(" opened ")
        visitors(front, home, 4)
        wait_until(lambda: servers[1].read() or servers[1].output.count(" opened ") == before + 4, "the other server taking them")
    finally:
        if haproxy:
            haproxy.terminate()
            haproxy.wait(HANG_TIMEOUT)
        for server in servers:
            server.stop()
