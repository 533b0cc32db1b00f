#!/usr/bin/env bash
# Installs linkterm: the release binaries (stripped), its shell completions and its man page.
#
# Usage: bash Scripts/install.sh [PREFIX]
#   PREFIX  where to install (default: /usr/local as root, ~/.local otherwise; or $PREFIX)
#
# Puts, under PREFIX:
#   bin/linkterm                                    the static release build, stripped
#   bin/linkterm-serve                              the SSH server `linkterm serve` runs (likewise)
#   share/man/man1/linkterm.1 (and one per subcommand, linkterm.replay.1 …)
#   share/bash-completion/completions/linkterm      bash (bash-completion loads it)
#   share/zsh/site-functions/_linkterm              zsh (on zsh's fpath)
#   share/fish/vendor_completions.d/linkterm.fish   fish
# Builds first (swift build -c release --static-swift-stdlib, --product linkterm, then
# linkterm-serve); a build already done is reused. The man pages come from swift-argument-parser's generate-manual
# tool, from the same definitions as --help.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -gt 1 ] || [ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ]; then
  sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'
  [ $# -gt 1 ] && exit 2
  exit 0
fi
if [ $# = 1 ]; then
  prefix=$1
elif [ -n "${PREFIX:-}" ]; then
  prefix=$PREFIX
elif [ "$(id -u)" = 0 ]; then
  prefix=/usr/local
else
  prefix=$HOME/.local
fi
case "$prefix" in
  /*) ;;
  *) prefix="$PWD/$prefix" ;;
esac

# swift build ARGS…, quiet: its last lines only when it fails
quiet_build() {
  local log status=0
  log=$(mktemp)
  swift build "$@" > "$log" 2>&1 || status=$?
  [ "$status" = 0 ] || tail -40 "$log" >&2
  rm -f "$log"
  return "$status"
}

echo "install.sh: building the release binary (the first time takes several minutes)"
quiet_build -c release --static-swift-stdlib --product linkterm || { echo "install.sh: the build failed" >&2; exit 1; }
quiet_build -c release --static-swift-stdlib --product linkterm-serve || { echo "install.sh: the SSH server (linkterm-serve) did not build" >&2; exit 1; }
bin=.build/release/linkterm

mkdir -p "$prefix/bin" "$prefix/share/man/man1" "$prefix/share/bash-completion/completions" \
  "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d"

# the binary, stripped of its symbols and debug information (install -s strips with strip(1))
install -m 0755 -s "$bin" "$prefix/bin/linkterm"
# beside it, where `linkterm serve` looks for it
install -m 0755 -s "$bin-serve" "$prefix/bin/linkterm-serve"

"$prefix/bin/linkterm" --generate-completion-script bash > "$prefix/share/bash-completion/completions/linkterm"
"$prefix/bin/linkterm" --generate-completion-script zsh > "$prefix/share/zsh/site-functions/_linkterm"
"$prefix/bin/linkterm" --generate-completion-script fish > "$prefix/share/fish/vendor_completions.d/linkterm.fish"

# man pages: swift-argument-parser's generate-manual tool reads the command's --experimental-dump-help
quiet_build -c release --static-swift-stdlib --product generate-manual || { echo "install.sh: the man page tool (generate-manual) did not build" >&2; exit 1; }
pages=$(mktemp -d)
trap 'rm -rf "$pages"' EXIT
.build/release/generate-manual "$prefix/bin/linkterm" --output-directory "$pages" --multi-page --authors "the linkterm team"
find "$pages" -name '*.1' -exec install -m 0644 {} "$prefix/share/man/man1/" \;

size=$(stat -c %s "$prefix/bin/linkterm")
server_size=$(stat -c %s "$prefix/bin/linkterm-serve")
echo "install.sh: installed linkterm $("$prefix/bin/linkterm" --version) in $prefix/bin ($((size / 1024 / 1024)) MiB, stripped),"
echo "  and its SSH server, linkterm-serve ($((server_size / 1024 / 1024)) MiB), which linkterm serve runs,"
echo "  man pages in $prefix/share/man/man1, completions for bash, zsh and fish under $prefix/share"
case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "  $prefix/bin is not on your PATH: add it (e.g. export PATH=\"$prefix/bin:\$PATH\")" ;;
esac
