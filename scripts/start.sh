#!/usr/bin/env bash
# Installs, builds and starts Inkstone on http://localhost:8080 (or $PORT).
# Needs only Node.js (package.json "engines": 20.19 or a later 20.x, or 22.13 or later; the
# current LTS, .nvmrc, is recommended) and npm; says so and stops when the Node.js on PATH is
# not one of those.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/require-node.sh
export NEXT_TELEMETRY_DISABLED=1
pnpm() { bash scripts/pnpm.sh "$@"; }
pnpm install --frozen-lockfile
pnpm exec turbo run build --filter=@inkstone/server --filter=@inkstone/web
exec node apps/server/dist/main.js
