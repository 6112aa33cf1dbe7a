#!/usr/bin/env bash
# Builds the game for the browser and serves it on localhost; prints the URL to open.
# Extra arguments go to the server, e.g. `bash scripts/run.sh --port 8080`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build-web.sh
exec node scripts/serve.mjs "$@"
