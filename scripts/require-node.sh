#!/usr/bin/env bash
# Stops with a clear message when the Node.js on PATH is missing or older than the project needs
# (package.json "engines", e.g. ">=20.9": Next.js 16 needs 20.9). Run first by start.sh and
# test.sh, before anything is installed. Exits 0 when the version is fine, 1 otherwise.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

# The floor, read without Node.js (an old one may not run our code): "node": ">=20.9".
floor=$(sed -n 's/^ *"node": *">= *\([0-9][0-9.]*\)".*/\1/p' "$root/package.json" | head -n 1)
# The version we recommend: the current LTS, as .nvmrc names it for version managers.
lts=$(tr -d ' \tv\r\n' <"$root/.nvmrc" 2>/dev/null)

# Which Node.js to get and where, after the line that says what is wrong.
advise() {
  echo "Install the current LTS, Node.js ${lts:-LTS} (recommended; any ${floor} or later runs it):" >&2
  echo "https://nodejs.org/en/download, or a version manager: nvm install ${lts:---lts}" >&2
}

if ! command -v node >/dev/null 2>&1; then
  echo "Inkstone needs Node.js ${floor} or later, and no node command was found on PATH." >&2
  advise
  exit 1
fi

ran=$(node --version 2>/dev/null | tr -d ' \tv\r\n')
# True when version $1 is at least version $2 (numeric, part by part; missing parts are 0).
at_least() {
  local -a have want
  IFS=. read -r -a have <<<"$1"
  IFS=. read -r -a want <<<"$2"
  local i a b
  for i in 0 1 2; do
    a=${have[i]:-0} b=${want[i]:-0}
    [[ $a =~ ^[0-9]+$ && $b =~ ^[0-9]+$ ]] || return 1
    ((10#$a > 10#$b)) && return 0
    ((10#$a < 10#$b)) && return 1
  done
  return 0
}

if [ -z "$floor" ] || at_least "$ran" "$floor"; then
  exit 0
fi
echo "Inkstone needs Node.js ${floor} or later, but this is Node.js ${ran:-of unknown version} ($(command -v node))." >&2
advise
exit 1
