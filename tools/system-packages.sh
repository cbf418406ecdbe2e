#!/usr/bin/env bash
# The system packages of system-packages.txt (the one list), installed or printed.
#
#   tools/system-packages.sh           install the missing ones with apt-get (sudo when not root)
#   tools/system-packages.sh --apt     print the apt package names, one line
#   tools/system-packages.sh --brew    print the macOS command: brew install ...
#
# Used by .ci/run, .github/workflows/*.yml and `make system-packages`. The browser row is
# skipped when a Chromium is already there (CHROMIUM set, or chromium / chromium-browser /
# google-chrome on PATH): GitHub's runners ship Google Chrome, and Ubuntu's chromium is a snap.
set -euo pipefail
LIST="$(cd "$(dirname "$0")/.." && pwd)/system-packages.txt"

field() {  # field N: the Nth "|"-separated field of each package line, trimmed
    grep -v '^[[:space:]]*\(#\|$\)' "$LIST" | cut -d'|' -f"$1" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//'
}

browser_found() {
    [ -n "${CHROMIUM:-}" ] && return 0
    command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 \
        || command -v google-chrome >/dev/null 2>&1
}

case "${1:-}" in
    --apt) field 1 | tr '\n' ' ' | sed 's/ $/\n/'; exit 0 ;;
    --brew)
        formulae=$(field 2 | grep -v -- '--cask' | tr '\n' ' ')
        casks=$(field 2 | grep -- '--cask' | sed 's/--cask[[:space:]]*//' | tr '\n' ' ')
        echo "brew install ${formulae% } && brew install --cask ${casks% }"; exit 0 ;;
    "") ;;
    *) echo "usage: $0 [--apt|--brew]" >&2; exit 2 ;;
esac

if ! command -v apt-get >/dev/null 2>&1; then
    echo "tools/system-packages.sh: no apt-get here. On macOS: $("$0" --brew)" >&2
    exit 1
fi
missing=()
for package in $(field 1); do
    if [ "$package" = chromium ] && browser_found; then
        continue
    fi
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done
if [ ${#missing[@]} -eq 0 ]; then
    echo "tools/system-packages.sh: every package of system-packages.txt is installed"
    exit 0
fi
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "tools/system-packages.sh: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
