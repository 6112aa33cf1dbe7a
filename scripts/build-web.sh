#!/usr/bin/env bash
# Builds the web page: crates/bluegray-wasm in release mode for wasm32-unknown-unknown, shrunk
# with wasm-opt -Oz when binaryen is installed, its JS bindings with wasm-bindgen (--target web)
# into www/pkg with the Game guard (crates/bluegray-wasm/js/game-guard.js) appended, then dist/
# (what to deploy, and the single-file build) with scripts/build-dist.mjs. www/pkg and dist/
# are git-ignored.
set -euo pipefail
cd "$(dirname "$0")/.."

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

cargo build -p bluegray-wasm --release --target wasm32-unknown-unknown
wasm="$target_dir/wasm32-unknown-unknown/release/bluegray_wasm.wasm"

# wasm-opt runs on rustc's output, before wasm-bindgen: older binaryen releases (Debian's 108)
# mangle the externref table that wasm-bindgen adds, so optimising its output is not safe.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if command -v wasm-opt >/dev/null 2>&1; then
  if wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals "$wasm" -o "$tmp/bluegray_wasm.wasm"; then
    wasm="$tmp/bluegray_wasm.wasm"
  else
    echo "build-web: wasm-opt failed; using the unoptimised module" >&2
  fi
else
  echo "build-web: wasm-opt not found, skipping size optimisation" >&2
fi

rm -rf "$out"
# No default module path: every caller hands the bindings the module it compiled (assets.js, the
# worker), and a stray `new URL('bluegray_wasm_bg.wasm', import.meta.url)` in the glue would send
# bundlers (Vite, webpack) looking for a file next to wherever the glue was bundled.
wasm-bindgen --target web --no-typescript --omit-default-module-path --out-dir "$out" --out-name bluegray_wasm "$wasm"

# The guard runs in the glue's module scope and uses these names of it: a wasm-bindgen whose
# glue lacks one must fail the build, not ship an unguarded Game.
glue="$out/bluegray_wasm.js"
for name in 'export class Game' 'const GameFinalization' 'GameFinalization.register(' \
  'wasm.__wbg_game_free(' '__wbg_ptr'; do
  if ! grep -qF "$name" "$glue"; then
    echo "build-web: $glue has no '$name': crates/bluegray-wasm/js/game-guard.js needs updating" >&2
    exit 1
  fi
done
cat crates/bluegray-wasm/js/game-guard.js >>"$glue"
node scripts/build-dist.mjs
