#!/usr/bin/env bash
# Measures this checkout's engine against the engine as it was at COMMIT (is a change to the
# evaluation or the search a gain?): builds `bluegray` from COMMIT once (its sources exported to
# target/baseline/COMMIT, built there in release; kept for later runs), then plays this
# checkout's `bluegray match` between this checkout's strongest level (player A) and the
# baseline's engine at its strongest level (player B, `cmd:`). Pass --nodes for a match at equal
# nodes; every other option goes to `bluegray match` as it is.
# Usage: bash scripts/baseline-match.sh COMMIT [MATCH OPTIONS…]
#   e.g. bash scripts/baseline-match.sh HEAD~1 --variant sackson --games 200 --seed 1 --nodes 100000 --jobs 2
# BASELINE_BIN=path skips the build and plays against that binary instead (the smoke test).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -lt 1 ]; then
  echo "usage: bash scripts/baseline-match.sh COMMIT [MATCH OPTIONS…]" >&2
  exit 2
fi
commit=$1
shift
sha=$(git rev-parse --verify --quiet "$commit^{commit}") || {
  echo "baseline-match: '$commit' is no commit of this repository" >&2
  exit 2
}

cargo build --release -q -p bluegray-cli
bin=${CARGO_TARGET_DIR:-target}/release/bluegray
base_bin=${BASELINE_BIN:-}
if [ -z "$base_bin" ]; then
  dir=target/baseline/$sha
  if [ ! -x "$dir/target/release/bluegray" ]; then
    rm -rf "$dir/src" && mkdir -p "$dir/src"
    git archive "$sha" | tar -x -C "$dir/src"
    echo "baseline-match: building $sha" >&2
    (cd "$dir/src" && CARGO_TARGET_DIR="$PWD/../target" cargo build --release -q -p bluegray-cli)
  fi
  base_bin=$dir/target/release/bluegray
fi
top=$("$bin" match --help | sed -n 's/.*a level number (1 to \([0-9]*\)).*/\1/p' | head -1)
echo "baseline-match: A = this checkout's level $top, B = $sha's engine" >&2
exec "$bin" match "$@" "$top" "cmd:$(realpath "$base_bin") engine"
