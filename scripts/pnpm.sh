#!/usr/bin/env bash
# Runs the repository's pnpm (the version package.json pins), fetching it with npx when the
# machine has none: a fresh machine needs only Node.js and npm.
set -euo pipefail
version=$(node -p "require('$(dirname "$0")/../package.json').packageManager.split('@')[1]")
if command -v pnpm >/dev/null 2>&1 && [ "$(pnpm --version 2>/dev/null)" = "$version" ]; then
  exec pnpm "$@"
fi
exec npx --yes "pnpm@$version" "$@"
