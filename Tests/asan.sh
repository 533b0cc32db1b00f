#!/usr/bin/env bash
# Full flows of linkterm under AddressSanitizer + LeakSanitizer.
#
# Usage: bash Tests/asan.sh [--no-build] [--keep]
#   --no-build  reuse .build-asan/debug/linkterm (default: `swift build --sanitize=address`)
#   --keep      keep the per-flow logs (stdout, stderr, sanitizer logs) even when all pass
#
# Builds linkterm alone with ASan into .build-asan (gitignored; not the SSH server, linkterm-serve,
# so neither SwiftNIO nor BoringSSL is compiled: no flow here runs `serve`), then runs headless replays (the happy
# path, MFA, errors, OAuth, update mode, a custom directory, stdin, an unmet expectation, a
# malformed file), `replay --check` of the whole Tests/Scenarios folder, `search` over a
# generated directory of thousands of names, and the real UI driven by its autopilot in an 80x24
# pseudo-terminal. One line per flow, then a summary; exit 1 when any flow has a sanitizer report,
# the wrong exit status, or did not run its leak check.
#
# How a flow is judged:
#   - ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:abort_on_error=0, plus log_path (each process
#     writes its report to its own file, so a report is never lost in a pseudo-terminal's screen)
#     and exitcode=23 (a sanitizer exit is never mistaken for linkterm's own 1).
#   - Every sanitizer log and the flow's stderr are searched for "ERROR: AddressSanitizer",
#     "ERROR: LeakSanitizer" and "Sanitizer has encountered a fatal error" (LSan cannot run).
#   - Proof that the leak check ran: a tiny preloaded library (built here with clang) leaks one
#     31-byte block from a function named lt_asan_canary_leak, and the only LSan suppression
#     silences exactly that function; print_suppressions=1 then writes "Suppressions used: ...
#     lt_asan_canary_leak" into the log at exit. A flow whose log lacks it exited without a leak
#     check (killed by a signal, _exit, a crash in the runtime...) and fails: "no report" would
#     mean nothing there.
set -euo pipefail
cd "$(dirname "$0")/.."

build=1
keep=0
for arg in "$@"; do
  case "$arg" in
    --no-build) build=0 ;;
    --keep) keep=1 ;;
    -h|--help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "Tests/asan.sh: unknown argument $arg (try --help)" >&2; exit 2 ;;
  esac
done

script_start=$(date +%s.%N)
load_start=$(cut -d' ' -f1-3 /proc/loadavg)
elapsed() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }

BIN=.build-asan/debug/linkterm
build_time="skipped"
if [ "$build" = 1 ]; then
  t0=$(date +%s.%N)
  # (nice: in Tests/run.sh it builds beside the README's release builds, the longest chain; no
  # index: nothing reads it, and indexing costs about a fifth of a debug build)
  if ! nice -n 5 swift build --disable-index-store --sanitize=address --scratch-path .build-asan --product linkterm >"${TMPDIR:-/tmp}/linkterm-asan-build.log" 2>&1; then
    grep -vE "ld.gold: warning: Cannot export local symbol" "${TMPDIR:-/tmp}/linkterm-asan-build.log" | tail -40 >&2
    echo "asan: the build failed (full log: "${TMPDIR:-/tmp}/linkterm-asan-build.log")" >&2
    exit 1
  fi
  build_time="$(elapsed "$t0")s"
  echo "asan: built $BIN in $build_time (load average at start: $load_start)"
fi
[ -x "$BIN" ] || { echo "asan: no $BIN (run without --no-build)" >&2; exit 1; }
BIN="$PWD/$BIN"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/linkterm-asan.XXXXXX")

# --- the leak-check canary and the suppressions -------------------------------------------------
cat >"$WORK/canary.c" <<'EOF'
#include <stdlib.h>
static void *volatile lt_asan_canary_block;
__attribute__((noinline)) void lt_asan_canary_leak(void) {
    lt_asan_canary_block = malloc(31);
    lt_asan_canary_block = 0;
}
__attribute__((constructor)) static void lt_asan_canary_init(void) { lt_asan_canary_leak(); }
EOF
canary=""
if clang -shared -fPIC -O0 -g -o "$WORK/libltcanary.so" "$WORK/canary.c" >/dev/null 2>&1; then
  canary="$WORK/libltcanary.so"
else
  echo "asan: warning: clang could not build the canary: the leak check is not proven to run" >&2
fi

cat >"$WORK/lsan.supp" <<'EOF'
# The only suppression: the canary's deliberate leak (Tests/asan.sh preloads it to prove that
# LeakSanitizer ran at exit). No suppression is needed for the Swift runtime, Foundation or
# ncurses: add one here only for a leak shown not to be ours, with the reason next to it.
leak:lt_asan_canary_leak
EOF

export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:abort_on_error=0:exitcode=23"
export LSAN_OPTIONS="suppressions=$WORK/lsan.supp:print_suppressions=1"
symbolizer="$(dirname "$(readlink -f "$(command -v swift)")")/llvm-symbolizer"
[ -x "$symbolizer" ] && export ASAN_SYMBOLIZER_PATH="$symbolizer"

# --- the pseudo-terminal wrapper ------------------------------------------------------------------
cat >"$WORK/ptyrun.py" <<'EOF'
"""ptyrun.py TRANSCRIPT TIMEOUT CMD...: runs CMD on a new 80x24 pseudo-terminal, saves everything it
writes to TRANSCRIPT, and exits with CMD's status (124 on timeout, 128+N for signal N)."""
import fcntl, os, pty, select, signal, struct, sys, termios, time

transcript, timeout, argv = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
pid, fd = pty.fork()
if pid == 0:
    fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    os.execvp(argv[0], argv)
deadline = time.monotonic() + timeout
out = bytearray()
timed_out = False
while True:
    left = deadline - time.monotonic()
    if left <= 0:
        timed_out = True
        os.kill(pid, signal.SIGKILL)
        break
    ready, _, _ = select.select([fd], [], [], min(left, 1.0))
    if ready:
        try:
            data = os.read(fd, 65536)
        except OSError:
            break
        if not data:
            break
        out += data
_, status = os.waitpid(pid, 0)
with open(transcript, "wb") as f:
    f.write(out)
sys.exit(124 if timed_out else (os.waitstatus_to_exitcode(status) % 256 if os.WIFEXITED(status) else 128 + os.WTERMSIG(status)))
EOF

# --- inputs ---------------------------------------------------------------------------------------
if [ -f Benchmarks/genbanks.py ]; then
  python3 Benchmarks/genbanks.py 5000 --seed 1 --out "$WORK/banks.txt"
else
  for i in $(seq 1 5000); do echo "First Plat Bank $i"; done >"$WORK/banks.txt"
fi
banks=$(wc -l <"$WORK/banks.txt")
# an expectation that is not met (exit 1) and a malformed file (exit 2)
sed 's/accounts=9/accounts=3/' Tests/Scenarios/pass_good.txt >"$WORK/unmet.txt"
printf 'continue\nfly to the moon\n' >"$WORK/malformed.txt"

# --- one flow -------------------------------------------------------------------------------------
passed=0
failed=0
failures=()

# flow NAME EXPECTED_STATUS [--pty] [--stdin FILE] -- ARGS...
flow() {
  local name=$1 want=$2; shift 2
  local use_pty=0 stdin=/dev/null
  while [ "$1" != "--" ]; do
    case "$1" in
      --pty) use_pty=1; shift ;;
      --stdin) stdin=$2; shift 2 ;;
    esac
  done
  shift
  local dir="$WORK/flows/$(printf '%02d' $((passed + failed + 1)))"  # no spaces: ASAN_OPTIONS splits on them
  mkdir -p "$dir"
  echo "$name" >"$dir/name"
  local preload=()
  [ -n "$canary" ] && preload=(LD_PRELOAD="$canary")
  local t0 status=0
  t0=$(date +%s.%N)
  if [ "$use_pty" = 1 ]; then
    env "${preload[@]}" ASAN_OPTIONS="$ASAN_OPTIONS:log_path=$dir/sanitizer" TERM=xterm-256color \
      python3 "$WORK/ptyrun.py" "$dir/stderr" 300 "$BIN" "$@" <"$stdin" >"$dir/stdout" || status=$?
  else
    env "${preload[@]}" ASAN_OPTIONS="$ASAN_OPTIONS:log_path=$dir/sanitizer" \
      "$BIN" "$@" <"$stdin" >"$dir/stdout" 2>"$dir/stderr" || status=$?
  fi
  local took problem=""
  took=$(elapsed "$t0")
  local logs=("$dir"/sanitizer.*)
  [ -e "${logs[0]}" ] || logs=()
  if grep -qE "ERROR: (Address|Leak)Sanitizer|Sanitizer has encountered a fatal error" "$dir/stderr" "${logs[@]}" 2>/dev/null; then
    problem="sanitizer report"
  elif [ "$status" != "$want" ]; then
    problem="exit $status, expected $want"
  elif [ -n "$canary" ] && ! grep -qs "lt_asan_canary_leak" "${logs[@]}" /dev/null; then
    problem="the leak check did not run at exit"
  fi
  if [ -z "$problem" ]; then
    passed=$((passed + 1))
    printf 'PASS  %-40s exit %-3s %6ss\n' "$name" "$status" "$took"
  else
    failed=$((failed + 1))
    failures+=("$name")
    printf 'FAIL  %-40s exit %-3s %6ss  %s\n' "$name" "$status" "$took" "$problem"
    # the report, trimmed: the first 60 lines of each sanitizer log with an error, else stderr
    local shown=0 log
    for log in "${logs[@]}"; do
      if grep -qE "ERROR: |Sanitizer has encountered" "$log"; then
        sed -n '1,60p' "$log" | sed 's/^/      /'
        shown=1
      fi
    done
    # no report: the end of stderr (of the screen's text, for a pseudo-terminal)
    [ "$shown" = 1 ] || { sed -E $'s/\e\\[[0-9;?]*[a-zA-Z]//g; s/\e[()][0-9A-Za-z]//g; s/\e[=>]//g' "$dir/stderr" \
      | tr '\r' '\n' | grep -v '^ *$' | tail -n 8 | sed 's/^/      /'; } 2>/dev/null || true
  fi
}

# --- the flows ------------------------------------------------------------------------------------
flows_start=$(date +%s.%N)
echo "asan: flows (logs in $WORK/flows)"
S=Tests/Scenarios
for scenario in pass_good pass_good_single_account mfa_device mfa_device_wrong_code_then_right \
                mfa_questions_3_2 mfa_selections_2_2_3 error_INVALID_MFA error_ITEM_LOCKED \
                error_INSTITUTION_DOWN lockout_three_wrong_passwords institution_degraded \
                oauth_approve oauth_fail update_mode invalid_token_malformed custom_directory \
                quit_during_loading exit_at_requires_questions; do
  flow "replay $scenario" 0 -- replay "$S/$scenario.txt"
done
flow "replay - (stdin) mfa_selections" 0 --stdin "$S/mfa_selections.txt" -- replay -
flow "replay unmet expectation" 1 -- replay "$WORK/unmet.txt"
flow "replay malformed file" 2 -- replay "$WORK/malformed.txt"
flow "replay --check $S" 0 -- replay --check "$S"
flow "search 'first plat' ($banks names)" 0 -- search "first plat" --institutions "$WORK/banks.txt"
flow "search no match ($banks names)" 1 -- search "zzqxj" --institutions "$WORK/banks.txt"
for scenario in pass_good mfa_device error_ITEM_LOCKED oauth_fail; do
  flow "pty --script $scenario" 0 --pty -- --script "$S/$scenario.txt" --exit-at-end \
    --events "$WORK/events-$scenario.jsonl"
done
flow "pty --script unmet expectation" 1 --pty -- --script "$WORK/unmet.txt" --exit-at-end

# the autopilot's events file must end the happy path with onSuccess
events="$WORK/events-pass_good.jsonl"
if ! grep -q '"type":"success"' "$events" 2>/dev/null; then
  failed=$((failed + 1)); failures+=("pty pass_good events file")
  echo "FAIL  pty --script pass_good: no success record in its --events file"
fi

total=$((passed + failed))
echo "asan: $total flows, $passed passed, $failed failed; build $build_time, flows $(elapsed "$flows_start")s," \
     "script $(elapsed "$script_start")s in all;" \
     "load average $load_start at start, $(cut -d' ' -f1-3 /proc/loadavg) at end"
if [ "$failed" -gt 0 ]; then
  echo "asan: FAILED: ${failures[*]} (logs kept in $WORK)"
  exit 1
fi
[ "$keep" = 1 ] && echo "asan: logs kept in $WORK" || rm -rf "$WORK"
