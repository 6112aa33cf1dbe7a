#!/usr/bin/env bash
# Prints the version of the wasm-bindgen crate locked in Cargo.lock: the wasm-bindgen CLI must
# be exactly this version, or the generated bindings do not match the compiled module.
set -euo pipefail
cd "$(dirname "$0")/.."
awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' Cargo.lock
