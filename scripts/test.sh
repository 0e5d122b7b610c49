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

# Debian packages the tests need, each only where it is missing: Chromium for the end-to-end
# tests; PostgreSQL for the server's sponsor-store tests (a throwaway cluster of their own:
# initdb, pg_ctl and postgres on PATH, in /usr/local/bin or Debian's /usr/lib/postgresql/*/bin);
# pandoc, pdftotext (poppler-utils) and unzip for the server's export tests. Chromium's headless
# shell is wanted, not needed: the end-to-end tests drive it where it is installed
# (e2e/playwright.config.ts: the same Chromium for about two thirds of the CPU per page opened),
# the browser itself otherwise, slower but the same tests.
has_postgres() {
  local dir
  for dir in ${PATH//:/ } /usr/local/bin /usr/lib/postgresql/*/bin; do
    [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && [ -x "$dir/postgres" ] && return 0
  done
  return 1
}
needed=()
wanted=()
if [ -z "${CHROMIUM_PATH:-}" ]; then
  [ -x /usr/bin/chromium ] || needed+=(chromium)
  [ -x /usr/bin/chromium-headless-shell ] || wanted+=(chromium-headless-shell)
fi
has_postgres || needed+=(postgresql)
command -v pandoc >/dev/null || needed+=(pandoc)
command -v pdftotext >/dev/null || needed+=(poppler-utils)
command -v unzip >/dev/null || needed+=(unzip)

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
updated=0
apt_install() {
  if [ "$updated" -eq 0 ]; then
    $sudo apt-get update -qq || return 1
    updated=1
  fi
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}
if [ "${#needed[@]}" -gt 0 ]; then
  echo "Installing Debian's ${needed[*]} for the tests…"
  apt_install "${needed[@]}" \
    || { echo "Could not install ${needed[*]}."; echo "0 passed, 1 failed"; exit 1; }
fi
if [ "${#wanted[@]}" -gt 0 ]; then
  echo "Installing Debian's ${wanted[*]} for the end-to-end tests…"
  apt_install "${wanted[@]}" \
    || echo "Could not install ${wanted[*]}: the end-to-end tests drive /usr/bin/chromium."
fi

if ! bash scripts/pnpm.sh install --frozen-lockfile; then
  echo "Installing the packages failed."
  echo "0 passed, 1 failed"
  exit 1
fi

exec node scripts/test-all.mjs
