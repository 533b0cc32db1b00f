#!/usr/bin/env bash
# The whole test suite: installs what the tests need, builds, runs every test.
# Usage: bash Tests/run.sh
#
# Output: each stage says what it runs and, when it ends, its result, its time and the processor
# time it took (user + system, of all its processes); a green stage prints only its summary (build
# progress and passing tests are left out), a failing one what failed with its output. A table of
# the stages ends the run. Every stage runs even when one before it failed; the run fails at the end
# if any did. Stages that need different things run side by side (see the order at the end). Full
# logs and the tests' scratch files are in one folder per run ($LINKTERM_TEST_TMP; a green run leaves
# only its logs).
set -uo pipefail
cd "$(dirname "$0")/.."

run_start=$(date +%s.%N)
export LINKTERM_TEST_TMP
LINKTERM_TEST_TMP=$(mktemp -d "${TMPDIR:-/tmp}/linkterm-tests.XXXXXX")
export TMPDIR="$LINKTERM_TEST_TMP"
logs="$LINKTERM_TEST_TMP/logs"
mkdir -p "$logs"

stages=()
failed=()
elapsed() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }'; }

# run_timed NAME COMMAND…: runs COMMAND, then writes the processor time of its processes (user +
# system, seconds) to $logs/NAME.cpu; exits with COMMAND's status.
run_timed() {
  local name=$1; shift
  # (`times` straight into a file: in a pipe it would run in a process of its own, with no children)
  ( "$@"; status=$?; times > "$logs/$name.times"
    awk 'NR == 2 { n = split($0, t, " "); s = 0
      for (i = 1; i <= n; i++) { split(t[i], ms, /[ms]/); s += ms[1] * 60 + ms[2] } printf "%.0f", s }' \
      "$logs/$name.times" > "$logs/$name.cpu"
    rm -f "$logs/$name.times"
    exit $status )
}

# stage NAME COMMAND…: runs COMMAND with its output in $logs/NAME.log, shown through the stage's
# filter (filter_NAME, or all of it); records the result and the time.
stage() {
  local name=$1; shift
  local t0 status
  t0=$(date +%s.%N)
  echo "== $name: $*"
  if declare -F "filter_$name" >/dev/null; then
    run_timed "$name" "$@" > "$logs/$name.log" 2>&1
    status=$?
    "filter_$name" < "$logs/$name.log"
  else
    run_timed "$name" "$@" 2>&1 | tee "$logs/$name.log"
    status=${PIPESTATUS[0]}
  fi
  finish "$name" "$status" "$(elapsed "$t0")"
}

# finish NAME STATUS SECONDS: records a stage's result and says it.
finish() {
  local name=$1 status=$2 took=$3 cpu
  cpu=$(cat "$logs/$name.cpu" 2>/dev/null || echo "?")
  if [ "$status" = 0 ]; then
    stages+=("$(printf '%-10s passed  %5s s  %5s s' "$name" "$took" "$cpu")")
    echo "== $name: passed in $took s ($cpu s of processor time)"
  else
    stages+=("$(printf '%-10s FAILED  %5s s  %5s s  (exit %s; log: %s)' "$name" "$took" "$cpu" "$status" "$logs/$name.log")")
    failed+=("$name")
    echo "== $name: FAILED (exit $status) in $took s; full log: $logs/$name.log"
  fi
}

# stage_aside NAME COMMAND…: starts a stage beside the others (its output goes to its log only);
# stage_join NAME waits for it, then shows its output (through its filter) and result as `stage`
# does, with its own time (start to end). For stages that need different things (their own build folder, or only the built tests),
# so that one compiles while another waits on pseudo-terminals.
declare -A aside_pid aside_start
stage_aside() {
  local name=$1; shift
  echo "== $name: $* (beside the stages below; its output comes when it ends)"
  aside_start[$name]=$(date +%s.%N)
  ( run_timed "$name" "$@" > "$logs/$name.log" 2>&1; echo $? > "$logs/$name.status"; date +%s.%N > "$logs/$name.end" ) &
  aside_pid[$name]=$!
}
stage_join() {
  local name=$1
  wait "${aside_pid[$name]}"
  echo "== $name: (started beside the others)"
  if declare -F "filter_$name" >/dev/null; then
    "filter_$name" < "$logs/$name.log"
  else
    cat "$logs/$name.log"
  fi
  # its own time, from its start to its end (not to this join)
  finish "$name" "$(cat "$logs/$name.status")" \
    "$(awk -v a="${aside_start[$name]}" -v b="$(cat "$logs/$name.end")" 'BEGIN { printf "%.0f", b - a }')"
}

# build output: warnings and errors, not the progress lines
filter_build() { grep -vE '^\[[0-9]+/[0-9]+\] |^Building for |^Build complete|^(Fetching|Fetched|Computing|Computed|Creating working copy|Working copy of|Cloning|Cloned|Updating|Updated) ' || true; }
# pytest: its result, what failed, and the measurements' table left in the log (pty.log)
filter_pty() { awk '/^-+ pty measurements -+$/ { skip = 1; next } /^=+ / || /^[0-9]+ (passed|failed)/ { skip = 0 } !skip'; }
# asan: its summary and any flow that did not pass (not a line per passing flow)
filter_asan() { grep -v '^PASS  ' || true; }
# swift test: the closing line, and each failing test's lines (an event line of Swift Testing starts
# with its symbol; a failure's is ✘, and its output follows until the next event line)
filter_swifttest() {
  LC_ALL=C awk '/^swifttest: / { show = 1 } /Test run with/ { print; show = 0; next } /^[\200-\377]/ { show = ($0 ~ /^\342\234\230/) } show'
}

install_tools() {
  local need_apt=() need_pip=()
  # the OpenSSH client drives `linkterm serve` in Tests/pty/test_serve.py (ssh, ssh-keygen, ssh-keyscan)
  command -v ssh >/dev/null 2>&1 || need_apt+=(openssh-client)
  # valgrind's callgrind counts the instructions of the performance gate (Tests/perf/gate.py)
  command -v valgrind >/dev/null 2>&1 || need_apt+=(valgrind)
  # man reads the page the install step writes (Tests/readme)
  command -v man >/dev/null 2>&1 || need_apt+=(man-db)
  # haproxy sends the PROXY protocol to two `linkterm serve` in Tests/pty/test_serve_haproxy.py
  command -v haproxy >/dev/null 2>&1 || need_apt+=(haproxy)
  [ -e /usr/include/ncursesw/curses.h ] || [ -e /usr/include/curses.h ] || need_apt+=(libncurses-dev)
  if [ ${#need_apt[@]} -gt 0 ]; then
    echo "installing ${need_apt[*]}"
    local sudo=; [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need_apt[@]}" >/dev/null || return 1
  fi
  # asciinema plays recordings back in the tests (as `python3 -m asciinema`, on a pty of its own:
  # Tests/tools/in_pty.py); pytest runs the pty tests (Tests/pty)
  python3 -c 'import asciinema, sys; sys.exit(asciinema.__version__ != "2.4.0")' 2>/dev/null || need_pip+=(asciinema==2.4.0)
  python3 -c 'import pytest' 2>/dev/null || need_pip+=(pytest==9.0.3)
  # pyte emulates the terminal the pty tests read (Tests/pty/xtermscreen.py)
  python3 -c 'import importlib.metadata as m, sys; sys.exit(m.version("pyte") != "0.8.2")' 2>/dev/null || need_pip+=(pyte==0.8.2)
  # pytest-xdist runs the pty tests on several workers (each test waits on its pseudo-terminal far
  # more than it computes)
  python3 -c 'import xdist, sys; sys.exit(xdist.__version__ != "3.8.0")' 2>/dev/null || need_pip+=(pytest-xdist==3.8.0)
  # paramiko makes the SSH requests OpenSSH's client cannot (keyboard-interactive alone, many channels on
  # one connection, a forged user name), and ssh-audit audits `linkterm serve` (Tests/pty/test_serve_hardening.py)
  python3 -c 'import paramiko, sys; sys.exit(paramiko.__version__ != "5.1.0")' 2>/dev/null || need_pip+=(paramiko==5.1.0)
  python3 -c 'from ssh_audit.globals import VERSION; import sys; sys.exit(VERSION != "v3.9.0")' 2>/dev/null || need_pip+=(ssh-audit==3.9.0)
  # junitparser reads the JUnit XML of `linkterm walk` and `replay --check --junit` (Tests/pty/test_walk.py)
  python3 -c 'import junitparser, sys; sys.exit(junitparser.version != "5.0.3")' 2>/dev/null || need_pip+=(junitparser==5.0.3)
  if [ ${#need_pip[@]} -gt 0 ]; then
    echo "installing ${need_pip[*]}"
    python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore "${need_pip[@]}" || return 1
  fi
  # the dependencies, resolved once, before the builds that start side by side (each would write Package.resolved)
  swift package resolve > "$logs/resolve.log" 2>&1 || { tail -20 "$logs/resolve.log"; return 1; }
  echo "$(ssh -V 2>&1 | cut -d, -f1), $(valgrind --version), $(swift --version 2>&1 | head -1)"
}

# a copy of the checkout as a fresh clone has it (its own .build), for the README's tests, which
# build the release binary as the README says (so they start at once, beside the debug build), and
# for the packages outside the repository
clone="$LINKTERM_TEST_TMP/clone"
copy_as_a_clone() {
  mkdir -p "$clone" || return 1
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    # what a clone would hold, with this checkout's uncommitted changes (the files git would add)
    git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
      [ -e "$file" ] && printf '%s\0' "$file"
    done | xargs -0 -r cp -a --parents -t "$clone" || return 1
    # the versions setup resolved (not in git), so that both builds test the same dependencies
    [ ! -f Package.resolved ] || cp Package.resolved "$clone/" || return 1
  else
    tar --exclude='./.build*' -cf - . | tar -xf - -C "$clone" || return 1
  fi
}
set_up() { install_tools && copy_as_a_clone; }

# the embedding test of the README builds a package outside the repository (MyApp, as printed);
# Tests/pty/test_outside_package.py builds another (SeedSamples); they run on their own (outside),
# beside the README's release builds, and share one build folder ($LINKTERM_OUTSIDE_BUILD), so
# that linkterm's libraries compile once for the two (see shared_build there)
embedding=Tests/readme/test_readme.py::test_embedding_snippet_as_printed_shows_its_callbacks_after_link_closes
readme_in_the_clone() {
  cd "$clone" && env PYTHONDONTWRITEBYTECODE=1 python3 -m pytest -q -p no:cacheprovider Tests/readme --deselect "$embedding"
}
outside_in_the_clone() {
  mkdir -p "$LINKTERM_TEST_TMP/outside" || return 1
  cd "$clone" && env PYTHONDONTWRITEBYTECODE=1 LINKTERM_OUTSIDE_BUILD="$LINKTERM_TEST_TMP/outside" \
    python3 -m pytest -q -p no:cacheprovider "$embedding" Tests/pty/test_outside_package.py
}

# The debug builds here index while building (SwiftPM's default in debug, for editors' code
# navigation): the test build needs the index, where it finds the tests (`swift build --build-tests
# --disable-index-store`, even with --disable-xctest, stops with "index store path does not exist"),
# and the products share their modules with it. The AddressSanitizer build and the packages outside
# the repository, in folders of their own, build no index: nothing reads it, and it costs about a
# fifth of a debug build (linkterm's, from nothing: 87 s of processor time with it, 71 s without).

# the Swift tests: their targets build beside the pty tests (which need only the products), then
# Swift Testing runs them
swift_tests() {
  if ! swift build --build-tests > "$logs/testbuild.log" 2>&1; then
    echo "swifttest: the test targets did not build (full log: $logs/testbuild.log):"
    filter_build < "$logs/testbuild.log"
    return 1
  fi
  # one test at a time: suites outside the serialized ncurses one also use the terminal's input
  # layer (a parallel run of the Input and Signal suites with others failed)
  swift test --skip-build --no-parallel
}

# What needs what: the debug build of the products (build) is what perfgate and pty run; the
# Swift tests build their targets on it (swifttest); the README's tests build the release binary in
# the clone (readme); the two packages outside the repository build in a folder of their own
# (outside); the AddressSanitizer build has its folder, .build-asan, and builds linkterm alone
# (asan). So readme, outside and asan start beside the debug build, and swifttest beside pty
# (pseudo-terminals of their own). The README's release builds are the longest chain (linkterm, then
# its SSH server, one after the other in one .build): the debug build and the AddressSanitizer build
# give way to them (nice 5: the tests themselves are not slowed), so that no core waits at the end.
stage setup set_up
stage_aside readme readme_in_the_clone
stage_aside outside outside_in_the_clone
stage_aside asan bash Tests/asan.sh
stage build nice -n 5 swift build
# the performance gate: instructions (callgrind) of a batch search and of a start-up of the debug
# build against Tests/perf/baselines.json, failing on more than 10% over
stage perfgate env PYTHONDONTWRITEBYTECODE=1 python3 Tests/perf/gate.py
stage_aside swifttest swift_tests
# the real binary in pseudo-terminals: exit paths, signals, suspend, resizes, bad input, secrets
# (two workers, a test file each at a time; test_outside_package.py runs in outside; pytest-benchmark,
# where it is installed, would warn on each worker that xdist disables it: these tests do not use it)
stage pty env PYTHONDONTWRITEBYTECODE=1 python3 -m pytest -q -p no:cacheprovider -p no:benchmark -n 2 --dist loadfile \
  Tests/pty --ignore=Tests/pty/test_outside_package.py
stage_join swifttest
# a full flow under AddressSanitizer (replays, search, the real UI in a pty): no leak, no error
stage_join asan
# the README's embedding snippet and the seeds' samples, built outside the repository
stage_join outside
# the README's set-up and quick start, run as written (the release build), and the install step
stage_join readme

echo
echo "stage      result    time   processor"
printf '%s\n' "${stages[@]}"
echo "whole run: $(elapsed "$run_start") s"
echo "stages: $(( ${#stages[@]} - ${#failed[@]} )) passed, ${#failed[@]} failed"
if [ ${#failed[@]} -gt 0 ]; then
  echo "Tests/run.sh: FAILED: ${failed[*]} (logs in $logs)" >&2
  exit 1
fi
# a green run leaves its logs (pty.log has the measurements of the pty tests), not its scratch files
find "$LINKTERM_TEST_TMP" -mindepth 1 -maxdepth 1 ! -name logs -exec rm -rf {} +
echo "logs: $logs"
