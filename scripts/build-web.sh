#!/usr/bin/env bash
# Builds the web page's rules core: crates/bluegray-wasm with the `wasm` profile (Cargo.toml: release,
# the binding built for size) for wasm32-unknown-unknown,
# as two modules (crates/bluegray-wasm/Cargo.toml's table says which export is in which).
# `play` (the one Game, which reads and writes records with their variations, its catalogue
# and the AI: all a game needs, on the first visit) is built twice: the baseline runs in every
# browser with WebAssembly and is the one the single file embeds, the SIMD build (rustc's
# simd128) searches faster but needs WebAssembly SIMD, which Safari before 16.4 lacks, so the
# page picks one by feature detection (www/core/wasm-simd.js). `teaching` (the lessons and
# the puzzles, with the proof search and the puzzle set, the editor's check and the explorer's
# counts) is built once, without SIMD, and fetched only when one of those first opens. Each is
# shrunk with wasm-opt when binaryen is installed; then the JS bindings with wasm-bindgen
# (--target web) into www/pkg (one glue for both play builds, with the Game guard,
# crates/bluegray-wasm/js/game-guard.js, appended), and dist/ (what to deploy, and the
# single-file build) with scripts/build-dist.mjs.
# www/pkg and dist/ are git-ignored.
#
#   bash scripts/build-web.sh [--relay wss://relay.example.org]
#
# --relay sets the relay of live games for every visitor of the site (build-dist.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."

# The arguments are checked before the long build, not after it.
if [ $# -gt 0 ]; then
  node --input-type=module -e "
    import { relayArgument } from './scripts/lib/site-relay.mjs';
    try { relayArgument(process.argv.slice(1)); } catch (e) { console.error('build-web: ' + e.message); process.exit(2); }
  " -- "$@"
fi

WASM_BINDGEN_VERSION=$(bash scripts/wasm-bindgen-version.sh)
out=www/pkg
target_dir=${CARGO_TARGET_DIR:-target}

if ! command -v wasm-bindgen >/dev/null 2>&1; then
  if [ -x "$HOME/.cargo/bin/wasm-bindgen" ]; then
    PATH="$HOME/.cargo/bin:$PATH"
  else
    echo "build-web: wasm-bindgen not found; install it with" >&2
    echo "  cargo install wasm-bindgen-cli --version $WASM_BINDGEN_VERSION --locked" >&2
    exit 1
  fi
fi
have=$(wasm-bindgen --version | awk '{print $2}')
if [ "$have" != "$WASM_BINDGEN_VERSION" ]; then
  echo "build-web: wasm-bindgen CLI is $have but Cargo.lock has the crate at $WASM_BINDGEN_VERSION (bash scripts/setup.sh installs it)" >&2
  exit 1
fi

# The project's binaryen (the npm package, pinned in package-lock.json), not a system one:
# Debian's (108) mangles the externref table that wasm-bindgen adds, so its output could not be
# optimised again, and it shrinks less.
WASM_OPT=node_modules/.bin/wasm-opt
WASM_FEATURES=(--enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals)

# optimise MODULE OUT FLAG…: wasm-opt with these flags on rustc's MODULE, written to OUT; prints
# the module to bind (OUT, or MODULE when wasm-opt is missing or fails).
optimise() {
  local from=$1 to=$2
  shift 2
  if [ ! -x "$WASM_OPT" ]; then
    echo "build-web: $WASM_OPT not found (npm ci installs it), skipping optimisation" >&2
    echo "$from"
  elif "$WASM_OPT" "$@" "${WASM_FEATURES[@]}" "$from" -o "$to" >&2; then
    echo "$to"
  else
    echo "build-web: wasm-opt failed; using the unoptimised module" >&2
    echo "$from"
  fi
}

# reoptimise MODULE FLAG…: wasm-opt again on wasm-bindgen's MODULE, in place, as wasm-pack does:
# only there are the binding generator's own functions gone, and its externref and multivalue
# adapters in, so more is shrunk or inlined (about 1 KB gzip of each module). Exports and imports
# keep their names: the glue is the same. Left as it is when wasm-opt is missing or fails.
reoptimise() {
  local module=$1
  shift
  if [ -x "$WASM_OPT" ] && ! "$WASM_OPT" "$@" "${WASM_FEATURES[@]}" --enable-reference-types --enable-multivalue \
    "$module" -o "$module.opt" >&2; then
    echo "build-web: wasm-opt failed on $module; it is left as wasm-bindgen wrote it" >&2
  fi
  if [ -f "$module.opt" ]; then mv "$module.opt" "$module"; fi
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# build DIR FEATURE: the crate with only FEATURE's exports, in target dir DIR (each feature set and
# RUSTFLAGS in a dir of its own: sharing one, each build would rebuild the other's crates).
build() {
  CARGO_TARGET_DIR="$1" cargo build -p bluegray-wasm --profile wasm --target wasm32-unknown-unknown \
    --no-default-features --features "$2"
  echo "$1/wasm32-unknown-unknown/wasm/bluegray_wasm.wasm"
}

play=$(build "$target_dir" play | tail -n 1)
baseline=$(optimise "$play" "$tmp/baseline.wasm" -Oz)

# -O3, not -Oz: this module is the one for speed (nearly every browser runs it), while the
# baseline is also the one the single file embeds, where size counts.
play_simd=$(RUSTFLAGS="${RUSTFLAGS:+$RUSTFLAGS }-C target-feature=+simd128" build "$target_dir/wasm-simd" play | tail -n 1)
simd=$(optimise "$play_simd" "$tmp/simd.wasm" -O3 --enable-simd)

teach_raw=$(build "$target_dir/wasm-teach" teaching | tail -n 1)
teach=$(optimise "$teach_raw" "$tmp/teach.wasm" -Oz)

rm -rf "$out"
# Its TypeScript declarations (bluegray_wasm.d.ts) are what the type check (tsconfig.json) knows
# of the bindings. No default module path: every caller hands the bindings the module it compiled
# (core/assets.js, the worker), and a stray `new URL('bluegray_wasm_bg.wasm', import.meta.url)` in the glue would send
# bundlers (Vite, webpack) looking for a file next to wherever the glue was bundled.
bind() {
  wasm-bindgen --target web --omit-default-module-path --remove-name-section --remove-producers-section --out-dir "$1" --out-name "${3:-bluegray_wasm}" "$2"
}
bind "$out" "$baseline"
bind "$out" "$teach" bluegray_teach
# One glue serves both modules, so the SIMD module's must be the same, byte for byte (the same
# exports and imports); only its wasm is kept.
bind "$tmp/simd" "$simd"
if ! cmp -s "$out/bluegray_wasm.js" "$tmp/simd/bluegray_wasm.js"; then
  echo "build-web: wasm-bindgen wrote other glue for the SIMD module than for the baseline, and one glue must serve both:" >&2
  diff -u "$out/bluegray_wasm.js" "$tmp/simd/bluegray_wasm.js" | head -n 40 >&2 || true
  exit 1
fi
mv "$tmp/simd/bluegray_wasm_bg.wasm" "$out/bluegray_wasm_simd_bg.wasm"
# --converge: the passes again until the module stops shrinking (0.2 to 0.3 KB gzip more).
reoptimise "$out/bluegray_wasm_simd_bg.wasm" -O3 --enable-simd --converge
for module in bluegray_wasm bluegray_teach; do
  reoptimise "$out/${module}_bg.wasm" -Oz --converge
done

# The guard runs in the glue's module scope and uses these names of it: a wasm-bindgen whose
# glue lacks one must fail the build, not ship an unguarded Game. Only the play module's glue
# has a Game.
glue="$out/bluegray_wasm.js"
for name in 'export class Game' 'const GameFinalization' 'GameFinalization.register(' \
  'wasm.__wbg_game_free(' '__wbg_ptr'; do
  if ! grep -qF "$name" "$glue"; then
    echo "build-web: $glue has no '$name': crates/bluegray-wasm/js/game-guard.js needs updating" >&2
    exit 1
  fi
done
cat crates/bluegray-wasm/js/game-guard.js >>"$glue"
# Its arguments (--relay wss://…: the site's relay for every visitor) are build-dist's.
node scripts/build-dist.mjs "$@"
