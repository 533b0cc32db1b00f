"""Fixtures for the pseudo-terminal tests of linkterm (see ptyharness.py).

The binary comes from LINKTERM_BIN, or <repo>/.build/debug/linkterm (build it with `swift build`).
At the end of the run a summary lists what the tests measured: the exit-path matrix (status,
terminal restored or not, time to exit, CPU) and the counts of the randomized tests.
"""
from __future__ import annotations

import json
import os
import sys

import pytest

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from ptyharness import MEASURED, PtyProcess, base_env, jobctl_argv, linkterm_binary  # noqa: E402


@pytest.fixture(scope="session")
def binary() -> str:
    path = linkterm_binary()
    if not os.access(path, os.X_OK):
        pytest.fail(f"no linkterm binary at {path}: run `swift build` first (or set LINKTERM_BIN)")
    return path


@pytest.fixture
def home(tmp_path):
    """A fresh working directory with a fresh HOME inside it."""
    (tmp_path / "home").mkdir()
    return tmp_path


@pytest.fixture
def spawn(binary, home):
    """spawn(args, env=None, extra_env=None, cwd=None, jobctl=False, **PtyProcess options):
    linkterm on its own pty (24x80, TERM=xterm-256color unless told), in a fresh directory and
    HOME; ``env`` replaces the environment (see ptyharness.base_env), ``extra_env`` adds to it;
    with ``jobctl`` (True, or jobctl_argv's options as a dict) linkterm runs as a job of the tiny
    job-control shell. Everything is killed and closed when the test ends."""
    procs: list[PtyProcess] = []

    def _spawn(args=(), env=None, extra_env=None, cwd=None, jobctl=False, **kwargs) -> PtyProcess:
        if env is None:
            env = base_env(home=str(home / "home"))
        env = {**env, **(extra_env or {})}
        argv = [binary, *map(str, args)]
        if jobctl:  # linkterm as a job of a tiny job-control shell (see ptyharness.jobctl_main)
            argv = jobctl_argv(argv, **(jobctl if isinstance(jobctl, dict) else {}))
        p = PtyProcess.spawn(argv, env=env, cwd=str(cwd or home), **kwargs)
        procs.append(p)
        return p

    yield _spawn
    for p in procs:
        p.close()


def pytest_sessionfinish(session):
    """Under pytest-xdist (Tests/run.sh runs these tests on several workers), a worker hands what
    its tests measured to the controller, which prints the summary."""
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["pty_measured"] = json.dumps(MEASURED)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    """pytest-xdist's controller: a worker ended; its measurements join the summary."""
    MEASURED.extend((name, text) for name, text in json.loads(getattr(node, "workeroutput", {}).get("pty_measured", "[]")))


def pytest_terminal_summary(terminalreporter):
    if not MEASURED:
        return
    terminalreporter.write_sep("-", "pty measurements")
    # by section, in the order the sections first came (workers finish in any order)
    sections: dict[str, list[str]] = {}
    for name, text in MEASURED:
        sections.setdefault(name, []).append(text)
    for name, texts in sections.items():
        terminalreporter.write_line(f"{name}:")
        for text in texts:
            terminalreporter.write_line(f"  {text}")
