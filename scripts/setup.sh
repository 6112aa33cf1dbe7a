#!/usr/bin/env bash
# Installs what building the page (and, with --test, running the browser tests) needs, so a fresh
# machine needs nothing done by hand. Safe to run again: each step checks first.
set -euo pipefail
cd "$(dirname "$0")/.."

want_test=false
[ "${1:-}" = "--test" ] && want_test=true

is_root() { [ "$(id -u)" = 0 ]; }

apt_install() {
  if is_root && command -v apt-get >/dev/null; then
    if [ -z "${APT_UPDATED:-}" ]; then
      apt-get update -qq >/dev/null
      APT_UPDATED=1
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
  else
    return 1
  fi
}

# The wasm target for rustc.
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  echo "setup: adding the rustup target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

# wasm-bindgen-cli must be exactly the wasm-bindgen crate's version from Cargo.lock.
want_wb=$(bash scripts/wasm-bindgen-version.sh)
if [ -n "$want_wb" ]; then
  have_wb=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
  if [ "$have_wb" != "$want_wb" ]; then
    echo "setup: installing wasm-bindgen-cli $want_wb (found '${have_wb:-none}')"
    # --locked first; the registry mirror may lack a locked transitive version, then resolve anew.
    cargo install wasm-bindgen-cli --version "$want_wb" --locked --quiet \
      || cargo install wasm-bindgen-cli --version "$want_wb" --quiet
  fi
fi

# npm packages, exactly as locked (binaryen's wasm-opt among them, which shrinks the wasm), the
# relay's too: it is a workspace (relay/), and the one lock file at the root holds both.
if [ -f package-lock.json ]; then
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    echo "setup: npm ci"
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
  fi
fi

# The browser tests use $CHROMIUM_PATH when set, Debian's /usr/bin/chromium otherwise.
if $want_test && [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  if [ -n "${CHROMIUM_PATH:-}" ]; then
    echo "setup: CHROMIUM_PATH=$CHROMIUM_PATH is not an executable Chromium" >&2
    exit 1
  fi
  echo "setup: installing Debian's chromium for the browser tests"
  apt_install chromium || {
    echo "setup: /usr/bin/chromium is missing and this is not a root Debian machine: install Debian's 'chromium' package (or set CHROMIUM_PATH to a Chromium), then run again" >&2
    exit 1
  }
fi

# The relay tests (relay/test/) start their own redis-server to check the shared store.
if $want_test && ! command -v redis-server >/dev/null; then
  echo "setup: installing Debian's redis-server for the relay tests"
  apt_install redis-server || {
    echo "setup: redis-server is missing and this is not a root Debian machine: install Debian's 'redis-server' package, then run again" >&2
    exit 1
  }
fi
