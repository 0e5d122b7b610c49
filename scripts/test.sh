#!/usr/bin/env bash
# Checks the Node.js on PATH first (scripts/require-node.sh), installs what the tests need
# (Debian's Chromium when /usr/bin/chromium is missing, its headless shell for the end-to-end
# tests when missing, Debian's PostgreSQL when no postgres
# binary is found, pandoc, poppler-utils and unzip for the server's export tests when missing,
# the packages) and runs every test (scripts/test-all.mjs): the check that no file reads outside
# the repository, the build, format, lint, typecheck, the unit tests of each package and of
# scripts/, and end-to-end. Ends with one line "N passed, N failed" totalling every suite.
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
export CI=1

# First of all, a Node.js the project runs on (package.json "engines"), or a clear message.
if ! bash scripts/require-node.sh; then
  echo "0 passed, 1 failed"
  exit 1
fi

if [ ! -x /usr/bin/chromium ] && [ -z "${CHROMIUM_PATH:-}" ]; then
  echo "Installing Debian's Chromium for the end-to-end tests…"
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null \
    || { echo "Could not install chromium."; echo "0 passed, 1 failed"; exit 1; }
fi

# The end-to-end tests drive Chromium's headless shell where it is installed (e2e/playwright.config.ts:
# the same Chromium for about two thirds of the CPU per page opened); without it they drive the
# browser itself, slower but the same tests.
if [ ! -x /usr/bin/chromium-headless-shell ] && [ -z "${CHROMIUM_PATH:-}" ]; then
  echo "Installing Debian's chromium-headless-shell for the end-to-end tests…"
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium-headless-shell >/dev/null; } \
    || echo "Could not install chromium-headless-shell: the end-to-end tests drive /usr/bin/chromium."
fi

# The server's sponsor-store tests start a throwaway PostgreSQL cluster of their own: they need
# initdb, pg_ctl and postgres (on PATH, in /usr/local/bin or Debian's /usr/lib/postgresql/*/bin).
has_postgres() {
  local dir
  for dir in ${PATH//:/ } /usr/local/bin /usr/lib/postgresql/*/bin; do
    [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && [ -x "$dir/postgres" ] && return 0
  done
  return 1
}
if ! has_postgres; then
  echo "Installing Debian's PostgreSQL for the server's sponsor-store tests…"
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql >/dev/null \
    || { echo "Could not install postgresql."; echo "0 passed, 1 failed"; exit 1; }
fi

# The server's export tests run pandoc, read PDFs back with pdftotext and list zips with unzip.
missing=()
command -v pandoc >/dev/null || missing+=(pandoc)
command -v pdftotext >/dev/null || missing+=(poppler-utils)
command -v unzip >/dev/null || missing+=(unzip)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "Installing Debian's ${missing[*]} for the server's export tests…"
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null \
    || { echo "Could not install ${missing[*]}."; echo "0 passed, 1 failed"; exit 1; }
fi

if ! bash scripts/pnpm.sh install --frozen-lockfile; then
  echo "Installing the packages failed."
  echo "0 passed, 1 failed"
  exit 1
fi

exec node scripts/test-all.mjs
