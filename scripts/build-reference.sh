#!/usr/bin/env bash
# Writes the HTML reference of libarmchair with gi-docgen: one folder per namespace
# (Armchair-1.0/, ArmchairGtk3-1.0/, ArmchairGtk4-1.0/, which link each other), the guide
# docs/reference/using-armchair.md a page of Armchair-1.0. Any gi-docgen warning fails the build:
# `gi-docgen check` first (an undocumented symbol, parameter or return value), then the generation.
#
#     scripts/build-reference.sh OUTPUT GIR...
#
# The GIRs are the installed ones (<prefix>/share/gir-1.0/Armchair*-1.0.gir) or the build's; each
# GIR's folder is searched for the others. meson.build runs it with -Ddocumentation=true.
set -euo pipefail

if [[ $# -lt 2 ]]; then
    echo "usage: $0 OUTPUT GIR..." >&2
    exit 2
fi
here=$(cd "$(dirname "$0")/.." && pwd)
output=$1
shift
version=$(sed -n "s/^  version: '\([^']*\)',$/\1/p" "$here/meson.build")
includes=()
for gir in "$@"; do
    includes+=(--add-include-path "$(cd "$(dirname "$gir")" && pwd)")
done
content_files='"using-armchair.md"'
if [[ -f $here/docs/reference/rust.md ]]; then
    content_files+=', "rust.md"'
fi
configured=$(mktemp -d)
trap 'rm -rf "$configured"' EXIT
mkdir -p "$output"
for gir in "$@"; do
    namespace=$(basename "$gir" -1.0.gir)
    case $namespace in
        Armchair) project=armchair-1 ;;
        ArmchairGtk3) project=armchair-gtk3-1 ;;
        ArmchairGtk4) project=armchair-gtk4-1 ;;
        *) echo "$gir: not a GIR of libarmchair" >&2; exit 2 ;;
    esac
    sed -e "s/@VERSION@/$version/" -e "s/@CONTENT_FILES@/$content_files/" \
        "$here/docs/reference/$project.toml.in" >"$configured/$project.toml"
    gi-docgen check --quiet --fatal-warnings "${includes[@]}" "$gir"
    rm -rf "${output:?}/$namespace-1.0"
    gi-docgen generate --quiet --fatal-warnings --config "$configured/$project.toml" \
        --content-dir "$here/docs/reference" "${includes[@]}" --output-dir "$output/$namespace-1.0" \
        --no-namespace-dir "$gir"
done

# Every page's links inside the reference lead to a file that is there.
python3 - "$output" <<'CHECK'
import os
import re
import sys

broken = []
for folder, _, names in os.walk(sys.argv[1]):
    for name in names:
        if name.endswith(".html"):
            page = os.path.join(folder, name)
            for link in re.findall(r'href="([^"#:]+)(?:#[^"]*)?"', open(page, encoding="utf-8").read()):
                if not os.path.exists(os.path.normpath(os.path.join(folder, link))):
                    broken.append(f"{os.path.relpath(page, sys.argv[1])}: {link}")
if broken:
    sys.exit("Broken links in the reference:\n" + "\n".join(sorted(set(broken))))
CHECK
