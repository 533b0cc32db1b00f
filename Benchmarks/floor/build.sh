#!/usr/bin/env bash
# Builds the start-up floor programs: the least a C, a static Swift, and a static Swift program
# with Foundation do to draw one ncurses frame. Usage: build.sh OUTDIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: build.sh OUTDIR}
mkdir -p "$out"
gcc -O2 -o "$out/floor_c" "$here/floor.c" -lncursesw
swiftc -O -static-stdlib -import-objc-header "$here/bridge.h" "$here/floor.swift" -lncursesw -o "$out/floor_swift"
swiftc -O -static-stdlib -D FOUNDATION -import-objc-header "$here/bridge.h" "$here/floor.swift" -lncursesw \
  -o "$out/floor_swift_foundation"
