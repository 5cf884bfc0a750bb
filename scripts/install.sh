#!/usr/bin/env bash
# Installs Armchair as a distribution package or a Flatpak build would: a release build, the
# Swift runtime linked in, nothing needed from the build folder afterwards.
#
#     scripts/install.sh --prefix DIR [--destdir DIR] [--scratch DIR] [--demos] [-Dname=value...]
#
# The C library (libarmchair, built by meson.build), for apps in C, Python, JavaScript, Vala, Rust:
#   <prefix>/lib/libarmchair-1.so.0, libarmchair-gtk3-1.so.0, libarmchair-gtk4-1.so.0 (+ .so links)
#   <prefix>/include/armchair-1/, lib/pkgconfig/armchair{,-gtk3,-gtk4}-1.pc
#   <prefix>/share/gir-1.0/, lib/girepository-1.0/ (typelibs), share/vala/vapi/ (+ .deps)
#   <prefix>/share/locale/<ll>/LC_MESSAGES/armchair.mo            (the translations)
#   <prefix>/share/armchair/                                      (where apps put <app-id>.armchair)
# The command-line tool, which the C library's guide has developers run (`armchair explain`):
#   <prefix>/bin/armchair         (it links GTK 3 for its previews: left out without libarmchair-gtk3-1)
#   <prefix>/bin/armchair-preview-gtk4  (beside it, what `armchair preview --toolkit gtk4` runs; it
#                                       links GTK 4 and libadwaita: left out without libarmchair-gtk4-1)
# The demo apps, with --demos only (building them takes minutes; they need both toolkits):
#   <prefix>/bin/armchair-demo, armchair-demo-gtk4                (GTK 3; GTK 4 + libadwaita)
#   <prefix>/share/armchair/io.github.armchairlinux.Demo.armchair (the demo's settings)
#   <prefix>/share/applications/, metainfo/ and icons/hicolor/    (desktop entry, AppStream, icons)
#
# -Dname=value (repeatable) sets an option of meson_options.txt, as `meson setup` takes it, also
# on a build folder set up before (the folder keeps it until it is changed again). Each of
# backend-gtk3, backend-gtk4, introspection and vapi is auto (the default: built if the system has
# what it needs), enabled (fails without it) or disabled: -Dbackend-gtk3=disabled and
# -Dbackend-gtk4=disabled leave out a toolkit library (both: the core library alone),
# -Dintrospection=disabled -Dvapi=disabled leave out the GIRs, typelibs and VAPIs.
# --destdir stages the installation under DIR (DIR<prefix>/…), as packagers do; the programs and
# libraries still look in <prefix>. The build goes to --scratch (default .build-install): SwiftPM's
# release build, shared by the programs and the libraries, and Meson's build folder in meson/. The
# README's "Shipping your app" section and the Shipping Your App article follow the same steps.
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: scripts/install.sh --prefix DIR [--destdir DIR] [--scratch DIR] [--demos] [-Dname=value...]"
prefix='' destdir='' scratch=.build-install demos=false
meson_options=()
while (($#)); do
    case $1 in
    --prefix) prefix=${2:?$usage}; shift 2 ;;
    --destdir) destdir=${2:?$usage}; shift 2 ;;
    --scratch) scratch=${2:?$usage}; shift 2 ;;
    --demos) demos=true; shift ;;
    -D?*=*) meson_options+=("$1"); shift ;;
    -D) [[ ${2:-} == ?*=* ]] || { echo "$usage" >&2; exit 2; }; meson_options+=("-D$2"); shift 2 ;;
    *) echo "$usage" >&2; exit 2 ;;
    esac
done
[[ $prefix == /* ]] || { echo "install.sh: --prefix must be an absolute path. $usage" >&2; exit 2; }
[[ -z $destdir || $destdir == /* ]] || destdir=$PWD/$destdir
[[ $scratch == /* ]] || scratch=$PWD/$scratch
root="$destdir$prefix"
id=io.github.armchairlinux.Demo
quiet() { grep -Ev "prohibited flag|mktemp' is dangerous" || true; }

# Meson's build folder first: the options it holds decide which programs there are to build.
# Its output is shown only when it fails (Meson prints its errors, such as a bad option, there).
setup() { local log; log=$(meson setup "$@" 2>&1) || { echo "$log" >&2; exit 1; }; }
if [[ ! -f $scratch/meson/build.ninja ]]; then
    rm -rf "$scratch/meson"
    setup "$scratch/meson" --buildtype=release --prefix="$prefix" --libdir=lib -Dswiftpm_scratch="$scratch" \
        "${meson_options[@]}"
else
    # --reconfigure reads meson.build and meson_options.txt again (they may have changed since).
    setup --reconfigure "$scratch/meson" --prefix="$prefix" "${meson_options[@]}"
fi
# Whether the build folder makes the library named $1 (true or false): an option left at auto
# builds a toolkit library only if the toolkit's development files were found.
builds() {
    meson introspect --targets "$scratch/meson" | /usr/bin/python3 -c \
        'import json, sys; print(str(any(t["name"] == sys.argv[1] for t in json.load(sys.stdin))).lower())' "$1"
}
gtk3=$(builds armchair-gtk3-1)
gtk4=$(builds armchair-gtk4-1)
if [[ $demos == true && ($gtk3 != true || $gtk4 != true) ]]; then
    echo "install.sh: --demos needs both toolkit libraries (the GTK 3 demo, the GTK 4 one, and the armchair" \
        "tool that installs their settings), and this build leaves out at least one (disabled, or auto" \
        "without its development files): pass -Dbackend-gtk3=enabled -Dbackend-gtk4=enabled, or drop --demos" >&2
    exit 2
fi

# The programs: Meson then runs SwiftPM in the same scratch folder, so the Swift modules they
# compiled are not compiled again.
products=()
[[ $gtk3 == true ]] && products+=(armchair)
[[ $gtk3 == true && $gtk4 == true ]] && products+=(armchair-preview-gtk4)
[[ $demos == true ]] && products+=(armchair-demo armchair-demo-gtk4)
for product in "${products[@]}"; do
    swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product "$product" 2>&1 | quiet
    test -x "$scratch/release/$product" || { echo "install.sh: building $product failed" >&2; exit 1; }
done

meson compile -C "$scratch/meson" 2>&1 | quiet
DESTDIR=$destdir meson install -C "$scratch/meson" --strip --quiet

installed="libraries"
if [[ $gtk3 == true ]]; then
    install -Dm755 "$scratch/release/armchair" "$root/bin/armchair"
    installed+=", armchair tool"
    # The tool runs its GTK 4 previews from beside itself: it links GTK 3, and a process cannot
    # load both.
    if [[ $gtk4 == true ]]; then
        install -Dm755 "$scratch/release/armchair-preview-gtk4" "$root/bin/armchair-preview-gtk4"
        installed+=" with its GTK 4 preview"
    else
        echo "install.sh: armchair-preview-gtk4 (for armchair preview --toolkit gtk4) links GTK 4: not installed," \
            "since the build leaves out libarmchair-gtk4-1"
    fi
else
    echo "install.sh: the armchair tool links GTK 3 (for its previews): not installed, since the build leaves" \
        "out libarmchair-gtk3-1 (-Dbackend-gtk3=disabled, or auto without GTK 3's development files)"
fi

if [[ $demos == true ]]; then
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
    installed+=", demos"
fi
echo "Installed Armchair ($installed) to $root"
