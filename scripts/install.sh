#!/usr/bin/env bash
# Installs the demo app as a distribution package or a Flatpak build would: a release build with
# the Swift runtime linked in, the program in <prefix>/bin, its data in <prefix>/share.
#
#     scripts/install.sh <prefix> [<scratch-folder>]     # DESTDIR=… stages the installation
#
#   <prefix>/bin/armchair-demo, armchair-demo-gtk4                (GTK 3; GTK 4 + libadwaita)
#   <prefix>/share/locale/<ll>/LC_MESSAGES/armchair.mo            (armchair install-data)
#   <prefix>/share/armchair/io.github.armchairlinux.Demo.armchair (the demo's settings)
#   <prefix>/share/applications/, metainfo/ and icons/hicolor/    (desktop entry, AppStream, icons)
#
# The build goes to <scratch-folder> (default .build-install); the installed program needs nothing
# from it. The README's "Shipping your app" section and the Shipping Your App article follow the
# same steps.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=${1:?usage: scripts/install.sh <prefix> [<scratch-folder>]}
scratch=${2:-.build-install}
root="${DESTDIR:-}$prefix"
id=io.github.armchairlinux.Demo

for product in armchair-demo armchair-demo-gtk4 armchair; do
    swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product "$product" 2>&1 |
        grep -Ev "prohibited flag|mktemp' is dangerous" || true
    test -x "$scratch/release/$product" || { echo "install.sh: building $product failed" >&2; exit 1; }
done

install -Dm755 "$scratch/release/armchair-demo" "$root/bin/armchair-demo"
install -Dm755 "$scratch/release/armchair-demo-gtk4" "$root/bin/armchair-demo-gtk4"
"$scratch/release/armchair" install-data --prefix "$prefix" --settings "data/$id.armchair"

data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
scripts/build-data.sh "$data" >/dev/null
install -Dm644 "$data/$id.desktop" "$root/share/applications/$id.desktop"
install -Dm644 "$data/$id.metainfo.xml" "$root/share/metainfo/$id.metainfo.xml"
install -Dm644 "data/icons/hicolor/scalable/apps/$id.svg" "$root/share/icons/hicolor/scalable/apps/$id.svg"
install -Dm644 "data/icons/hicolor/symbolic/apps/$id-symbolic.svg" \
    "$root/share/icons/hicolor/symbolic/apps/$id-symbolic.svg"
echo "Installed the demo to $root"
