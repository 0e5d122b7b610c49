#!/usr/bin/env bash
# Installs, builds and starts Inkstone on http://localhost:8080 (or $PORT).
# Needs only Node.js 20+ and npm.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
pnpm() { bash scripts/pnpm.sh "$@"; }
pnpm install --frozen-lockfile
pnpm exec turbo run build --filter=@inkstone/server --filter=@inkstone/web
exec node apps/server/dist/main.js
