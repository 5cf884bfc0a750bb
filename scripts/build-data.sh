#!/usr/bin/env bash
# Builds the demo's translated desktop entry and AppStream metadata into the folder given.
#
#     scripts/build-data.sh <folder>
#
# msgfmt merges every catalog listed in po/LINGUAS into the templates in data/.
set -euo pipefail
cd "$(dirname "$0")/.."
output=${1:?usage: scripts/build-data.sh <folder>}
mkdir -p "$output"
id=io.github.armchairlinux.Demo
msgfmt --desktop --template="data/$id.desktop.in" -d po -o "$output/$id.desktop"
msgfmt --xml --template="data/$id.metainfo.xml.in" -d po -o "$output/$id.metainfo.xml"
