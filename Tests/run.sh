#!/usr/bin/env bash
# The whole test suite: installs what the tests need, builds, runs every test.
# Usage: bash Tests/run.sh
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
command -v tmux >/dev/null 2>&1 || need_apt+=(tmux)
# the OpenSSH client drives `linkterm serve` in Tests/pty/test_serve.py (ssh, ssh-keygen, ssh-keyscan)
command -v ssh >/dev/null 2>&1 || need_apt+=(openssh-client)
# valgrind's callgrind counts the instructions of the performance gate (Tests/perf/gate.py)
command -v valgrind >/dev/null 2>&1 || need_apt+=(valgrind)
[ -e /usr/include/ncursesw/curses.h ] || [ -e /usr/include/curses.h ] || need_apt+=(libncurses-dev)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "Tests/run.sh: installing ${need_apt[*]}"
  if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

# asciinema plays recordings back in the tests (as `python3 -m asciinema`, on a pty of its own:
# Tests/tools/in_pty.py); pytest runs the pty tests (Tests/pty)
need_pip=()
python3 -c 'import asciinema, sys; sys.exit(asciinema.__version__ != "2.4.0")' 2>/dev/null || need_pip+=(asciinema==2.4.0)
python3 -c 'import pytest' 2>/dev/null || need_pip+=(pytest==9.0.3)
# paramiko makes the SSH requests OpenSSH's client cannot (keyboard-interactive alone, many channels on
# one connection, a forged user name), and ssh-audit audits `linkterm serve` (Tests/pty/test_serve_hardening.py)
python3 -c 'import paramiko, sys; sys.exit(paramiko.__version__ != "5.1.0")' 2>/dev/null || need_pip+=(paramiko==5.1.0)
python3 -c 'from ssh_audit.globals import VERSION; import sys; sys.exit(VERSION != "v3.9.0")' 2>/dev/null || need_pip+=(ssh-audit==3.9.0)
if [ ${#need_pip[@]} -gt 0 ]; then
  echo "Tests/run.sh: installing ${need_pip[*]}"
  python3 -m pip install --quiet --disable-pip-version-check "${need_pip[@]}"
fi

swift build
# the performance gate: instructions (callgrind) of a batch search and of a start-up of the debug
# build against Tests/perf/baselines.json, failing on more than 10% over; a failure fails the run
# at the end, so that the tests below still report
perf_gate=0
PYTHONDONTWRITEBYTECODE=1 python3 Tests/perf/gate.py || perf_gate=$?
# the real binary in pseudo-terminals: exit paths, signals, suspend, resizes, bad input, secrets
PYTHONDONTWRITEBYTECODE=1 python3 -m pytest -q -p no:cacheprovider Tests/pty
# a full flow under AddressSanitizer (replays, search, the real UI in a pty): no leak, no error
bash Tests/asan.sh
swift test --no-parallel 2>&1 | tee /tmp/linkterm-test.log | grep -vE '^\[[0-9]+/[0-9]+\]|^(Test Suite|Test Case) .*(started|passed)'
if [ "$perf_gate" != 0 ]; then
  echo "Tests/run.sh: the performance gate (Tests/perf/gate.py, run after the build) FAILED: see its output above" >&2
  exit 1
fi
