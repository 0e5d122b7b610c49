#!/usr/bin/env bash
# Stops with a clear message when the Node.js on PATH is missing or not one the project runs on
# (package.json "engines": "^20.19.0 || >=22.13.0"). Those are the versions that load an ES
# module with require() without a flag, as the server's @fastify/static does (20.19 and 22.12),
# and that the test toolchain declares (vite: 20.19 or 22.12, jsdom: 20.19 or 22.13); Next.js
# alone would take 20.9. Run first by start.sh and test.sh, before anything is installed.
# Exits 0 when the version is fine, 1 otherwise.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

# The range, read without Node.js (an old one may not run our code): alternatives joined by
# `||`, each `>=X` (X or later) or `^X` (X or a later one of the same major version).
range=$(sed -n 's/^ *"node": *"\([^"]*\)".*/\1/p' "$root/package.json" | head -n 1)
# The version we recommend: the current LTS, as .nvmrc names it for version managers.
lts=$(tr -d ' \tv\r\n' <"$root/.nvmrc" 2>/dev/null)

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

# X.Y of a version X.Y.0, as people say it.
short() { [[ $1 =~ ^([0-9]+\.[0-9]+)\.0$ ]] && echo "${BASH_REMATCH[1]}" || echo "$1"; }

# Each alternative of the range as "kind version" (kind `>=` or `^`), and in words.
alternatives=()
words=""
form='^(>=|\^)v?([0-9]+(\.[0-9]+){0,2})$'
IFS='|' read -r -a parts <<<"${range//||/|}"
for part in "${parts[@]}"; do
  part=${part// /}
  if [[ $part =~ $form ]]; then
    alternatives+=("${BASH_REMATCH[1]} ${BASH_REMATCH[2]}")
    if [ "${BASH_REMATCH[1]}" = "^" ]; then
      said="$(short "${BASH_REMATCH[2]}") or a later ${BASH_REMATCH[2]%%.*}.x"
    else
      said="$(short "${BASH_REMATCH[2]}") or later"
    fi
    words=${words:+$words, or }$said
  fi
done

# True when version $1 is in one of the alternatives (or the range says nothing we can read).
allowed() {
  [ "${#alternatives[@]}" -eq 0 ] && return 0
  local alternative kind version
  for alternative in "${alternatives[@]}"; do
    kind=${alternative%% *} version=${alternative#* }
    at_least "$1" "$version" || continue
    [ "$kind" = ">=" ] && return 0
    [ "${1%%.*}" = "${version%%.*}" ] && return 0
  done
  return 1
}

# Which Node.js to get and where, after the line that says what is wrong.
advise() {
  echo "Install the current LTS, Node.js ${lts:-LTS} (recommended; any Node.js ${words} runs it):" >&2
  echo "https://nodejs.org/en/download, or a version manager: nvm install ${lts:---lts}" >&2
}

if ! command -v node >/dev/null 2>&1; then
  echo "Inkstone needs Node.js ${words}, and no node command was found on PATH." >&2
  advise
  exit 1
fi

ran=$(node --version 2>/dev/null | tr -d ' \tv\r\n')
if allowed "$ran"; then
  exit 0
fi
echo "Inkstone needs Node.js ${words}, but this is Node.js ${ran:-of unknown version} ($(command -v node))." >&2
advise
exit 1
