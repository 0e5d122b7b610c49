#!/usr/bin/env bash
# Runs the repository's pnpm (the version package.json pins), fetching it with npx when the
# machine has none: a fresh machine needs only Node.js and npm.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
version=$(node -p "require(process.argv[1]).packageManager.split('@')[1]" "$root/package.json")
if command -v pnpm >/dev/null 2>&1 && [ "$(pnpm --version 2>/dev/null)" = "$version" ]; then
  exec pnpm "$@"
fi
exec npx --yes "pnpm@$version" "$@"
