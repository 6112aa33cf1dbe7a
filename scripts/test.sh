#!/usr/bin/env bash
# Runs every test: formatting and lints, the Rust tests in release (the deep perft counts of
# docs/RULES.md §8 run there), the wasm build, and the end-to-end tests in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --test

echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== cargo clippy"
cargo clippy --workspace --all-targets --release --quiet -- -D warnings
echo "== cargo test --release"
cargo test --workspace --release
echo "== wasm build"
bash scripts/build-web.sh
echo "== browser tests"
npm test
