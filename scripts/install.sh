#!/usr/bin/env bash
# Installs Armchair as a distribution package or a Flatpak build would: a release build, the
# Swift runtime linked in, nothing needed from the build folder afterwards.
#
#     scripts/install.sh --prefix DIR [--destdir DIR] [--scratch DIR]
#
# The C library (libarmchair, built by meson.build), for apps in C, Python, JavaScript, Vala, Rust:
#   <prefix>/lib/libarmchair-1.so.0, libarmchair-gtk3-1.so.0, libarmchair-gtk4-1.so.0 (+ .so links)
#   <prefix>/include/armchair-1/, lib/pkgconfig/armchair{,-gtk3,-gtk4}-1.pc
#   <prefix>/share/gir-1.0/, lib/girepository-1.0/ (typelibs), share/vala/vapi/ (+ .deps)
#   <prefix>/share/locale/<ll>/LC_MESSAGES/armchair.mo            (the translations)
#   <prefix>/share/armchair/                                      (where apps put <app-id>.armchair)
# The demo apps:
#   <prefix>/bin/armchair-demo, armchair-demo-gtk4                (GTK 3; GTK 4 + libadwaita)
#   <prefix>/share/armchair/io.github.armchairlinux.Demo.armchair (the demo's settings)
#   <prefix>/share/applications/, metainfo/ and icons/hicolor/    (desktop entry, AppStream, icons)
#
# --destdir stages the installation under DIR (DIR<prefix>/…), as packagers do; the programs and
# libraries still look in <prefix>. The build goes to --scratch (default .build-install): SwiftPM's
# release build, shared by the demos and the libraries, and Meson's build folder in meson/. The
# README's "Shipping your app" section and the Shipping Your App article follow the same steps.
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: scripts/install.sh --prefix DIR [--destdir DIR] [--scratch DIR]"
prefix='' destdir='' scratch=.build-install
while (($#)); do
    case $1 in
    --prefix) prefix=${2:?$usage}; shift 2 ;;
    --destdir) destdir=${2:?$usage}; shift 2 ;;
    --scratch) scratch=${2:?$usage}; shift 2 ;;
    *) echo "$usage" >&2; exit 2 ;;
    esac
done
[[ $prefix == /* ]] || { echo "install.sh: --prefix must be an absolute path. $usage" >&2; exit 2; }
[[ -z $destdir || $destdir == /* ]] || destdir=$PWD/$destdir
[[ $scratch == /* ]] || scratch=$PWD/$scratch
root="$destdir$prefix"
id=io.github.armchairlinux.Demo
quiet() { grep -Ev "prohibited flag|mktemp' is dangerous" || true; }

for product in armchair-demo armchair-demo-gtk4 armchair; do
    swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product "$product" 2>&1 | quiet
    test -x "$scratch/release/$product" || { echo "install.sh: building $product failed" >&2; exit 1; }
done

# The libraries: Meson runs SwiftPM in the same scratch folder, so the Swift modules the demos
# compiled are not compiled again.
if [[ ! -f $scratch/meson/build.ninja ]]; then
    rm -rf "$scratch/meson"
    meson setup "$scratch/meson" --buildtype=release --prefix="$prefix" --libdir=lib \
        -Dswiftpm_scratch="$scratch" >/dev/null
else
    meson configure "$scratch/meson" --prefix="$prefix" >/dev/null
fi
meson compile -C "$scratch/meson" 2>&1 | quiet
DESTDIR=$destdir meson install -C "$scratch/meson" --strip --quiet

install -Dm755 "$scratch/release/armchair-demo" "$root/bin/armchair-demo"
install -Dm755 "$scratch/release/armchair-demo-gtk4" "$root/bin/armchair-demo-gtk4"
# The demo's settings, checked first (and the catalogs again, the same files Meson installed).
"$scratch/release/armchair" install-data --prefix "$prefix" --destdir "$destdir" \
    --settings "data/$id.armchair" >/dev/null

data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
scripts/build-data.sh "$data" >/dev/null
install -Dm644 "$data/$id.desktop" "$root/share/applications/$id.desktop"
install -Dm644 "$data/$id.metainfo.xml" "$root/share/metainfo/$id.metainfo.xml"
install -Dm644 "data/icons/hicolor/scalable/apps/$id.svg" "$root/share/icons/hicolor/scalable/apps/$id.svg"
install -Dm644 "data/icons/hicolor/symbolic/apps/$id-symbolic.svg" \
    "$root/share/icons/hicolor/symbolic/apps/$id-symbolic.svg"
echo "Installed Armchair (libraries and demo) to $root"
