#!/usr/bin/env bash
# Runs every test: formatting and lints, the Rust tests in release (the deep perft counts of
# docs/RULES.md §8 run there), the wasm build, the JavaScript's type check (tsc --checkJs, strict,
# from the JSDoc) and lint (ESLint), and the node tests: unit, integration (the node programs),
# the relay's (relay/test/) and end-to-end in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --test

echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== cargo clippy"
cargo clippy --workspace --all-targets --release --quiet -- -D warnings
echo "== cargo test --release"
cargo test --workspace --release
# The rules core as the web page's teaching module has it: without variations (crates/bluegray-wasm/Cargo.toml).
echo "== cargo test -p bluegray-core --no-default-features"
cargo test -p bluegray-core --release --no-default-features --quiet
echo "== wasm build"
bash scripts/build-web.sh
# After the build: the type check reads the bindings' declarations it writes (www/pkg).
echo "== JavaScript type check and lint"
npm run --silent check
echo "== node tests (unit, integration, the relay's, end to end)"
npm test
