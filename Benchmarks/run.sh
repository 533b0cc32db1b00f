#!/usr/bin/env bash
# The benchmark suite (issues 6 and 17): linkterm against fzf, fzy, dialog, whiptail, nano and the start-up floor, in one
# run, on the same synthetic names, runs interleaved. Prints one table (median and worst) with ratios to each peer.
#
# Usage: bash Benchmarks/run.sh            # the full run (about 3 minutes after the build)
#        bash Benchmarks/run.sh --quick    # a smoke run: the same measures, few repetitions
#
# Installs what it lacks from Debian (fzf fzy dialog whiptail nano time gcc), builds
# linkterm in release in its own scratch folder ($BENCH_SCRATCH, default .build-bench, so it
# never contends with a development build in .build), and keeps every raw figure in
# $BENCH_SCRATCH/benchmarks/<date>/ (see README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BENCH=$ROOT/Benchmarks
# the release build and the results live apart from .build (another build may be running there)
BUILD=${BENCH_SCRATCH:-$ROOT/.build-bench}
case $BUILD in /*) ;; *) BUILD=$ROOT/$BUILD ;; esac

QUICK=0
for arg in "$@"; do
  case $arg in
    --quick) QUICK=1 ;;
    -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "run.sh: unknown option $arg (try --quick)" >&2; exit 2 ;;
  esac
done

N=${BENCH_NAMES:-100000}     # how many names
SEED=${BENCH_SEED:-42}       # genbanks.py seed
QUERY="first plat"
if [ $QUICK = 1 ]; then
  BATCH_RUNS=5; BATCH_1M_RUNS=2; KEY_RUNS=1; START_RUNS=3; MEM_RUNS=1; ENGINE_ROUNDS=2; ENGINE_SECONDS=0.2
else
  BATCH_RUNS=20; BATCH_1M_RUNS=7; KEY_RUNS=5; START_RUNS=15; MEM_RUNS=3; ENGINE_ROUNDS=7; ENGINE_SECONDS=0.5
fi
KEY_QUIET=0.25   # a key's step ends after this long without output (s)
FRAME_QUIET=0.15 # the first frame ends after this long without output once its text is shown (s)

say() { printf '\033[1m== %s\033[0m\n' "$*" >&2; }
LOAD_START=$(cut -d' ' -f1-3 /proc/loadavg)
T_START=$(date +%s)

# --- 1. what it needs -----------------------------------------------------------------------
declare -A PKG_OF=([fzf]=fzf [fzy]=fzy [dialog]=dialog [whiptail]=whiptail [nano]=nano
                   [/usr/bin/time]=time [python3]=python3 [gcc]=gcc)
missing=()
for cmd in fzf fzy dialog whiptail nano /usr/bin/time python3 gcc; do
  command -v "$cmd" >/dev/null 2>&1 || missing+=("${PKG_OF[$cmd]}")
done
[ -e /usr/include/ncursesw/curses.h ] || [ -e /usr/include/curses.h ] || missing+=(libncurses-dev)
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]}"
  if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
  if command -v apt-get >/dev/null 2>&1; then
    # refresh the package lists only when one of the packages has no candidate
    if apt-cache policy "${missing[@]}" 2>/dev/null | grep -q 'Candidate: (none)' \
       || [ "$(apt-cache policy "${missing[@]}" 2>/dev/null | grep -c Candidate)" -lt ${#missing[@]} ]; then
      $SUDO apt-get update -qq || true
    fi
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null \
      || echo "run.sh: could not install every package; the rows of what is missing say so" >&2
  else
    echo "run.sh: no apt-get; the rows of what is missing say so" >&2
  fi
fi
command -v python3 >/dev/null || { echo "run.sh: python3 is required" >&2; exit 1; }
have() { command -v "$1" >/dev/null 2>&1; }

# --- 2. build -------------------------------------------------------------------------------
say "swift build -c release --static-swift-stdlib --scratch-path $BUILD"
for attempt in 1 2 3 4 5 6; do
  if out=$(swift build -c release --static-swift-stdlib --scratch-path "$BUILD" 2>&1); then break; fi
  if grep -qiE 'lock|another instance' <<<"$out" && [ $attempt -lt 6 ]; then
    echo "run.sh: the build folder is locked by another build; retrying in 20 s" >&2; sleep 20; continue
  fi
  echo "$out" | tail -30 >&2; exit 1
done
BIN=$(swift build -c release --static-swift-stdlib --scratch-path "$BUILD" --show-bin-path)
T_BUILT=$(date +%s)
LINKTERM=$BIN/linkterm

OUT=$BUILD/benchmarks/$(date -u +%Y%m%dT%H%M%SZ)$([ $QUICK = 1 ] && echo -quick || true)
mkdir -p "$OUT"

# engine_bench: compiled against the LinkKit module and the objects of LinkCore, LinkKit and CScan of the release build
say "swiftc -O Benchmarks/engine_bench.swift"
ENGINE_BENCH=$BUILD/benchmarks/engine_bench
# the LinkCore, LinkKit and CScan objects the release linkterm was linked with (not a glob: a source removed since an
# earlier build leaves a stale object behind in the folder)
LINKKIT_OBJECTS=()
if [ -f "$BIN/linkterm.product/Objects.LinkFileList" ]; then
  while IFS= read -r o; do
    o=${o#\'}; o=${o%\'}
    case $o in */LinkCore.build/*.o|*/LinkKit.build/*.o|*/CScan.build/*.o) LINKKIT_OBJECTS+=("$o") ;; esac
  done <"$BIN/linkterm.product/Objects.LinkFileList"
fi
[ ${#LINKKIT_OBJECTS[@]} -gt 0 ] || LINKKIT_OBJECTS=("$BIN"/LinkCore.build/*.o "$BIN"/LinkKit.build/*.o "$BIN"/CScan.build/*.o)
rm -f "$ENGINE_BENCH"
swiftc -O -static-stdlib -I "$BIN/Modules" -I "$BIN" "$BENCH/engine_bench.swift" "${LINKKIT_OBJECTS[@]}" \
  -o "$ENGINE_BENCH" 2>"$OUT/engine_bench.build.log" \
  || { echo "run.sh: engine_bench did not compile (see $OUT/engine_bench.build.log); (d) is skipped" >&2; ENGINE_BENCH=; }

# --- 3. the names ---------------------------------------------------------------------------
NAMES=$BUILD/benchmarks/banks-$N-seed$SEED.txt
if [ ! -s "$NAMES" ] || [ "$BENCH/genbanks.py" -nt "$NAMES" ]; then
  say "generating $N names (seed $SEED)"
  python3 "$BENCH/genbanks.py" "$N" --seed "$SEED" --out "$NAMES.tmp" && mv "$NAMES.tmp" "$NAMES"
fi

NAMES_1M=$BUILD/benchmarks/banks-1000000-seed$SEED.txt
if [ ! -s "$NAMES_1M" ] || [ "$BENCH/genbanks.py" -nt "$NAMES_1M" ]; then
  say "generating 1,000,000 names (seed $SEED)"
  python3 "$BENCH/genbanks.py" 1000000 --seed "$SEED" --out "$NAMES_1M.tmp" && mv "$NAMES_1M.tmp" "$NAMES_1M"
fi

# the start-up floor: the least C, static Swift, and static Swift + Foundation do to draw a frame
say "building the floor programs (Benchmarks/floor)"
FLOOR=$BUILD/benchmarks/floor
bash "$BENCH/floor/build.sh" "$FLOOR" >"$OUT/floor.build.log" 2>&1 \
  || { echo "run.sh: the floor programs did not build (see $OUT/floor.build.log)" >&2; FLOOR=; }

# Every program built above is measured as a program read from disk is, as fzy's and dialog's are:
# a file just linked sits in the page cache as the linker wrote it (gold writes its output through
# a mapping), and each start of it then takes longer than the same bytes read from disk, most for
# the largest (measured, 30 interleaved runs of linkterm search at 100k names: 10.65 ms as linked,
# 9.18 ms once its pages were dropped and read back, 8.88 ms for a copy; the Swift+Foundation
# floor, 20 MB, showed no difference). So each is written back, dropped from the page cache and
# read back in (only these files; nothing else of the machine's cache is touched).
settle() {
  python3 - "$@" <<'PY'
import os, sys
for path in sys.argv[1:]:
    if not os.path.isfile(path):
        continue
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        while os.read(fd, 1 << 20):
            pass
    finally:
        os.close(fd)
PY
}
settle "$LINKTERM" ${ENGINE_BENCH:+"$ENGINE_BENCH"} ${FLOOR:+"$FLOOR"/floor_c "$FLOOR"/floor_swift "$FLOOR"/floor_swift_foundation}

PTY=(python3 "$BENCH/ptymeasure.py")

# --- (a) batch search, whole process --------------------------------------------------------
# every program's runs interleaved (run 1 of each, then run 2 ...), no shell in between, output to
# /dev/null; 100k names, then 1M
batch() {  # batch PREFIX FILE RUNS
  local prefix=$1 file=$2 runs=$3 i
  local q f; q=$(printf %q "$QUERY"); f=$(printf %q "$file")
  local names=(linkterm) cmds=("$(printf %q "$LINKTERM") search $q --institutions $f --limit 20")
  have fzf && { names+=(fzf); cmds+=("fzf --filter $q < $f"); }
  have fzy && { names+=(fzy); cmds+=("fzy -e $q < $f"); }
  # a check that every program runs and finds the same names: exit status, lines printed, first line
  for i in "${!names[@]}"; do
    set +e; res=$(sh -c "${cmds[$i]}" 2>/dev/null); rc=$?; set -e
    printf '%s\t%s\t%s\t%s\n' "${names[$i]}" "$rc" "$(printf '%s' "$res" | grep -c '')" \
      "$(printf '%s\n' "$res" | head -1)" >>"$OUT/$prefix-check.tsv"
  done
  local args=()
  for i in "${!names[@]}"; do args+=(--program "${names[$i]}" "${cmds[$i]}"); done
  "${PTY[@]}" batch --runs "$runs" --warmup 2 --json "$OUT/$prefix-batch.json" "${args[@]}" \
    || echo "run.sh: the batch timing failed" >&2
  # peak memory of the same commands
  for i in "${!names[@]}"; do
    for r in $(seq "$MEM_RUNS"); do
      /usr/bin/time -f %M -o "$OUT/mem.tmp" sh -c "exec ${cmds[$i]}" >/dev/null 2>&1 || true
      cat "$OUT/mem.tmp" >>"$OUT/mem-batch$4-${names[$i]}.txt"
    done
  done
  rm -f "$OUT/mem.tmp"
}
say "(a) batch search of $N names, whole process ($BATCH_RUNS runs each, interleaved)"
batch a "$NAMES" "$BATCH_RUNS" ""
say "(a) batch search of 1,000,000 names ($BATCH_1M_RUNS runs each, interleaved)"
batch a1m "$NAMES_1M" "$BATCH_1M_RUNS" 1m

# --- (m) memory per name for a query most names match ("bank"), batch and interactive ----------
# the peak with 100k names and with 1M, batch (/usr/bin/time) and interactive (the query typed in
# the search pane, VmHWM): per name = (1M - 100k) / 900k, as for "first plat" above
say "(m) memory of \"bank\" (a query most names match) with $N and 1,000,000 names, batch and interactive"
for r in $(seq "$MEM_RUNS"); do
  for size in "" 1m; do
    file=$NAMES; [ -n "$size" ] && file=$NAMES_1M
    /usr/bin/time -f %M -o "$OUT/mem.tmp" "$LINKTERM" search bank --institutions "$file" --limit 20 >/dev/null 2>&1 || true
    cat "$OUT/mem.tmp" >>"$OUT/mem-bank$size-batch-linkterm.txt"
    have fzy && { /usr/bin/time -f %M -o "$OUT/mem.tmp" sh -c "exec fzy -e bank < $(printf %q "$file")" >/dev/null 2>&1 || true
                  cat "$OUT/mem.tmp" >>"$OUT/mem-bank$size-batch-fzy.txt"; }
    "${PTY[@]}" pty --silent --json "$OUT/mem.json" --ready Continue --pre ENTER --quiet $KEY_QUIET \
      --frame-quiet $FRAME_QUIET "type:bank" -- "$LINKTERM" --institutions "$file" --log-panel off >/dev/null 2>&1 || true
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["runs"][0]["peak_rss_kb"])' "$OUT/mem.json" \
      >>"$OUT/mem-bank$size-interactive-linkterm.txt" 2>/dev/null || true
  done
done
rm -f "$OUT/mem.tmp" "$OUT/mem.json"

# --- (b) per key in a pty at 80x24 ----------------------------------------------------------
say "(b) per key at 80x24: type \"$QUERY\", move the selection, delete ($KEY_RUNS runs each, interleaved)"
for r in $(seq "$KEY_RUNS"); do
  # the first run also keeps the bytes of every key (details.txt breaks them down)
  KEEP=(); [ "$r" = 1 ] && KEEP=(--keep-output)
  "${PTY[@]}" pty --silent "${KEEP[@]}" --json "$OUT/b-linkterm-$r.json" --ready Continue --pre ENTER \
    --quiet $KEY_QUIET --frame-quiet $FRAME_QUIET "type:$QUERY" DOWN UP BS BS \
    -- "$LINKTERM" --institutions "$NAMES" --log-panel off || true
  # fzf's list grows upward: its selection starts at the bottom row, so Up moves it first
  have fzf && { "${PTY[@]}" pty --silent "${KEEP[@]}" --json "$OUT/b-fzf-$r.json" --ready "$N/$N" --stdin "$NAMES" \
    --quiet $KEY_QUIET --frame-quiet $FRAME_QUIET "type:$QUERY" UP DOWN BS BS -- fzf || true; }
  have fzy && { "${PTY[@]}" pty --silent "${KEEP[@]}" --json "$OUT/b-fzy-$r.json" --stdin "$NAMES" \
    --quiet $KEY_QUIET --frame-quiet $FRAME_QUIET "type:$QUERY" DOWN UP BS BS -- fzy || true; }
done

# --- (c) exec to first complete frame --------------------------------------------------------
# the consent frame against the floor and small programs; a usable search pane holding 100k names
# (Enter written the moment consent shows; the pane counts once it lists the directory's names)
# against fzy's and fzf's first complete frame of the same names
say "(c) exec to the first complete frame, and to a usable search pane ($START_RUNS runs each, interleaved)"
TMPD=$(mktemp -d); trap 'rm -rf "$TMPD"' EXIT
FRAME=(--silent --frame-quiet $FRAME_QUIET)
for r in $(seq "$START_RUNS"); do
  "${PTY[@]}" pty "${FRAME[@]}" --json "$OUT/c-linkterm-$r.json" --ready Continue \
    -- "$LINKTERM" --log-panel off || true
  "${PTY[@]}" pty "${FRAME[@]}" --json "$OUT/c-linkterm_search-$r.json" --ready Continue --then ENTER \
    --ready2 ins_custom_1 -- "$LINKTERM" --log-panel off --institutions "$NAMES" || true
  have fzy && { "${PTY[@]}" pty "${FRAME[@]}" --json "$OUT/c-fzy_100k-$r.json" --stdin "$NAMES" -- fzy || true; }
  have fzf && { "${PTY[@]}" pty "${FRAME[@]}" --json "$OUT/c-fzf_100k-$r.json" --ready "$N/$N" --stdin "$NAMES" -- fzf || true; }
  if [ -n "$FLOOR" ]; then
    for prog in floor_c floor_swift floor_swift_foundation; do
      "${PTY[@]}" pty "${FRAME[@]}" --json "$OUT/c-$prog-$r.json" --ready READY -- "$FLOOR/$prog" || true
    done
  fi
  have dialog && { "${PTY[@]}" pty "${FRAME[@]}" --json "$OUT/c-dialog-$r.json" --ready hello \
    -- dialog --msgbox hello 10 30 || true; }
  have whiptail && { "${PTY[@]}" pty "${FRAME[@]}" --json "$OUT/c-whiptail-$r.json" --ready hello \
    -- whiptail --msgbox hello 10 30 || true; }
  have nano && { "${PTY[@]}" pty "${FRAME[@]}" --json "$OUT/c-nano-$r.json" --ready "New File" \
    -- nano "$TMPD/new-$r.txt" || true; }
done

# --- (d) headless engine ---------------------------------------------------------------------
if [ -n "$ENGINE_BENCH" ]; then
  say "(d) headless engine: pass_good sessions per second ($ENGINE_ROUNDS rounds of ${ENGINE_SECONDS}s per mode), memory with $N institutions"
  "$ENGINE_BENCH" throughput --seconds "$ENGINE_SECONDS" --rounds "$ENGINE_ROUNDS" >"$OUT/d-throughput.jsonl" \
    || echo "run.sh: engine_bench throughput failed" >&2
  for r in $(seq "$MEM_RUNS"); do
    /usr/bin/time -f %M -o "$OUT/mem.tmp" "$ENGINE_BENCH" memory --institutions "$NAMES" >>"$OUT/d-memory.jsonl" \
      && cat "$OUT/mem.tmp" >>"$OUT/mem-engine.txt" || echo "run.sh: engine_bench memory failed" >&2
  done
  rm -f "$OUT/mem.tmp"
fi

# --- the table -------------------------------------------------------------------------------
{
  echo "linkterm $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?')$( [ -n "$(git -C "$ROOT" status --porcelain -- Sources Package.swift 2>/dev/null)" ] && echo ' (uncommitted changes in Sources)')"
  echo "swift $(swift --version 2>&1 | sed -n 's/.*Swift version \([^ ]*\).*/\1/p' | head -1)"
  have fzf && echo "fzf $(fzf --version | cut -d' ' -f1)"
  have fzy && echo "$(fzy --version 2>&1 | head -1 | cut -d' ' -f1-2)"
  have dialog && echo "dialog $(dialog --version 2>&1 | sed 's/^Version: //')"
  have whiptail && echo "whiptail $(dpkg-query -W -f '${Version}' whiptail 2>/dev/null)"
  have nano && echo "nano $(nano --version | head -1 | sed 's/.*version //')"
} >"$OUT/versions.txt" 2>/dev/null || true
python3 "$BENCH/report.py" "$OUT" --command "bash Benchmarks/run.sh $*" --names "$N" --seed "$SEED" \
  --query "$QUERY" --load-start "$LOAD_START" --load-end "$(cut -d' ' -f1-3 /proc/loadavg)" \
  --seconds "$(( $(date +%s) - T_BUILT )) s after a $(( T_BUILT - T_START )) s build" \
  --key-quiet $KEY_QUIET --frame-quiet $FRAME_QUIET | tee "$OUT/table.txt"
