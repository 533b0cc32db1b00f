"""`linkterm serve` as two programs: linkterm checks the command line, then execs the SSH server,
linkterm-serve, found beside it; linkterm itself carries none of the server's code (SwiftNIO,
swift-nio-ssh, BoringSSL), so that every other command starts without loading it. The server at
work is tested in test_serve*.py through `linkterm serve`, as a user runs it."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from ptyharness import base_env


def server_beside(binary: str) -> Path:
    return Path(binary).parent / "linkterm-serve"


def test_linkterm_carries_none_of_the_servers_code(binary):
    linkterm = Path(binary).read_bytes()
    server = server_beside(binary).read_bytes()
    for module in (b"NIOSSH", b"NIOPosix", b"CCryptoBoringSSL"):
        assert module not in linkterm, module
        assert module in server, module  # (the names are there to be found in the binary that has them)


def test_the_server_run_by_hand_says_to_run_linkterm_serve(binary, home):
    done = subprocess.run([str(server_beside(binary)), "--open"], env=base_env(home=str(home / "home")),
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 2, done
    assert done.stdout == ""
    assert done.stderr == ("linkterm-serve: this is the SSH server of `linkterm serve`, which starts it: "
                           "run linkterm serve (linkterm serve --help)\n")


def test_linkterm_without_its_server_says_where_it_looked(binary, tmp_path):
    alone = tmp_path / "bin"
    alone.mkdir()
    shutil.copy2(binary, alone / "linkterm")
    env = base_env(home=str(tmp_path))
    done = subprocess.run([str(alone / "linkterm"), "serve", "--open", "--listen", "127.0.0.1:0"], env=env,
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 2, done
    assert done.stderr == (f"linkterm serve: the SSH server \"{alone / 'linkterm-serve'}\" is not there: it is built with "
                           "linkterm (swift build) and installed beside it (bash Scripts/install.sh)\n"), done.stderr
    assert not (tmp_path / ".linkterm").exists()  # nothing made: the host key is the server's to make
    # the options are still checked by linkterm before it looks for the server
    bad = subprocess.run([str(alone / "linkterm"), "serve", "--open", "--", "--theme", "nosuch"], env=env,
                         capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert bad.returncode == 2 and "linkterm-serve" not in bad.stderr and "nosuch" in bad.stderr, bad


def test_the_server_gets_the_settings_and_no_session_sees_them(binary, tmp_path):
    """`serve` execs the server (the same process) with its settings in the environment, which the
    server removes: a bad host key file is the server's error, said as `linkterm serve: …`."""
    key = tmp_path / "key"
    key.write_text("not a key\n")
    key.chmod(0o600)
    done = subprocess.run([binary, "serve", "--open", "--listen", "127.0.0.1:0", "--host-key", str(key)],
                          env=base_env(home=str(tmp_path)), capture_output=True, text=True, timeout=60,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 2, done
    assert done.stderr.startswith("linkterm serve: "), done.stderr
    assert "LINKTERM_SERVE_SETTINGS" not in done.stderr + done.stdout
