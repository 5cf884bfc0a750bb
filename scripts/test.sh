#!/usr/bin/env bash
# Runs the tests of Armchair for Linux, by tier:
#
#     scripts/test.sh                 # every tier, quick first
#     scripts/test.sh quick           # formatting, build, the Swift suites: about 3 minutes after a build
#     scripts/test.sh library desktop # those tiers (each builds or installs what it needs)
#     scripts/test.sh --list          # the tiers and their steps
#
# As root it first installs the Debian packages the tests need (scripts/debian-packages.txt);
# otherwise it prints the apt-get line to run and stops if any is missing. Then
# scripts/testing/tiers.py runs the steps, side by side where they fit, and ends with a table of
# every step's seconds (kept in artifacts/test-times.md) and "N passed, N failed, N skipped".
set -euo pipefail
cd "$(dirname "$0")/.."

mapfile -t packages < <(grep -Ev '^\s*(#|$)' scripts/debian-packages.txt)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
    if [[ $(id -u) -eq 0 ]]; then
        echo "Installing ${missing[*]}"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
    else
        echo "Missing Debian packages. Install them with:" >&2
        echo "  sudo apt-get install -y ${missing[*]}" >&2
        exit 1
    fi
fi

exec /usr/bin/python3 scripts/testing/tiers.py "$@"
