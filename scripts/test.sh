#!/usr/bin/env bash
# Runs every test of Armchair for Linux.
#
# As root it first installs the Debian packages the tests need (scripts/debian-packages.txt);
# otherwise it prints the apt-get line to run and stops if any is missing.
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

echo "== Format"
swift format lint --strict -r Sources Tests Plugins Package.swift

echo "== The settings' code, properties and reference are what settings/settings.toml declares"
/usr/bin/python3 scripts/generate-settings.py --check
/usr/bin/python3 scripts/test-generate-settings.py

echo "== Build"
swift build --build-tests

echo "== The C library's Swift modules link FoundationEssentials, not all of Foundation (release build)"
scripts/check-library-links.sh | grep -Ev "prohibited flag|^\[[0-9]+/[0-9]+\]"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

echo "== Documentation (DocC, no warnings)"
scripts/check-docs.sh "$scratch/docs"

echo "== Translation catalogs (and that their checker catches spoiled ones)"
/usr/bin/python3 scripts/test-check-catalogs.py
/usr/bin/python3 scripts/check-catalogs.py

echo "== The README's and the Policies article's population tables, against a fresh run"
scripts/population-tables.sh --check

echo "== The demo's desktop entry and AppStream metadata, translated and validated"
scripts/build-data.sh "$scratch/data"
desktop-file-validate "$scratch/data/io.github.armchairlinux.Demo.desktop"
appstreamcli validate --no-net "$scratch/data/io.github.armchairlinux.Demo.metainfo.xml"
grep -q '^Name\[de\]=' "$scratch/data/io.github.armchairlinux.Demo.desktop"
grep -q '<summary xml:lang="ja">' "$scratch/data/io.github.armchairlinux.Demo.metainfo.xml"

echo "== The demo, used as a person would (AT-SPI)"
timeout 600 xvfb-run -a dbus-run-session -- /usr/bin/python3 Tests/EndToEnd/demo_as_a_user.py .build/debug/armchair-demo

echo "== The GTK 4 demo, used as a person would: libadwaita's dialogs and forms, answers on disk (AT-SPI)"
timeout 300 xvfb-run -a dbus-run-session -- \
    /usr/bin/python3 Tests/EndToEnd/demo_gtk4_as_a_user.py .build/debug/armchair-demo-gtk4

echo "== The GTK 4 feedback and review forms, used as a person would: checks, refusals, closing (AT-SPI)"
ARMCHAIR_SCREENSHOTS="$PWD/artifacts/gtk4-forms" timeout 180 xvfb-run -a dbus-run-session -- \
    /usr/bin/python3 Tests/EndToEnd/gtk4_forms_as_a_user.py .build/debug/armchair

echo "== The GTK 4 demo light, dark, 360 px wide and in Arabic, measured (screenshots: artifacts/gtk4/)"
timeout 120 xvfb-run -a -s "-screen 0 1280x1024x24" dbus-run-session -- \
    /usr/bin/python3 Tests/EndToEnd/gtk4_screenshots.py .build/debug/armchair-demo-gtk4 "$PWD/artifacts/gtk4"

echo "== scripts/install.sh into a temporary prefix: release build, libarmchair, the armchair tool and the demos; its build folder deleted"
scripts/install.sh --prefix "$scratch/installed" --scratch "$scratch/install-build" --demos >"$scratch/install.log" 2>&1 \
    || { cat "$scratch/install.log"; exit 1; }
# A signal and a method of one name are one name too many for Vala (vapigen keeps one of them).
if grep -E "warning: .* conflicts with " "$scratch/install.log"; then
    echo "the GIR has names that conflict (above)" >&2
    exit 1
fi

echo "== The public version node of each library equals the functions of its headers (and the checker catches a difference)"
/usr/bin/python3 scripts/check-abi.py "$scratch/installed"
/usr/bin/python3 scripts/test-check-abi.py "$scratch/installed"
echo "== Every function, method, property and signal of the installed GIRs is documented"
/usr/bin/python3 scripts/check-gir-docs.py "$scratch/installed"
# The core library alone, as a packager without GTK builds it: the same SwiftPM build, relinked (~10 s).
scripts/install.sh --prefix "$scratch/core-only" --scratch "$scratch/install-build" \
    -Dbackend-gtk3=false -Dbackend-gtk4=false >/dev/null
/usr/bin/python3 scripts/check-abi.py "$scratch/core-only"
rm -rf "$scratch/install-build" "$scratch/core-only"

echo "== The demos installed as a package installs them: release build, bin/ and share/, no build folder (AT-SPI)"
timeout 900 xvfb-run -a dbus-run-session -- /usr/bin/python3 Tests/EndToEnd/installed_app.py --prefix "$scratch/installed"

echo "== The installed demos ask only at a natural break: never while someone types (real keys: xdotool, XTest), GTK 3 and 4"
timeout 300 xvfb-run -a dbus-run-session -- \
    /usr/bin/python3 Tests/EndToEnd/natural_break_as_a_user.py --prefix "$scratch/installed"

echo "== On Wayland under GNOME's compositor: the installed demos prompt a regular user by themselves; the preview in both toolkits (AT-SPI)"
timeout 300 scripts/wayland/run.sh /usr/bin/python3 Tests/EndToEnd/wayland_as_a_user.py --prefix "$scratch/installed"
echo "== On Wayland: never while someone types, never over a fullscreen window (mutter's virtual keyboard), GTK 3 and 4"
timeout 300 scripts/wayland/run.sh /usr/bin/python3 Tests/EndToEnd/natural_break_as_a_user.py --prefix "$scratch/installed"
timeout 300 scripts/wayland/run.sh /usr/bin/python3 Tests/EndToEnd/preview_dialogs.py .build/debug/armchair
timeout 300 scripts/wayland/run.sh /usr/bin/python3 Tests/EndToEnd/preview_dialogs.py .build/debug/armchair --toolkit gtk4

echo "== libarmchair installed, in C, Python (GTK 3 and 4), GJS and Vala apps used as a person would (AT-SPI)"
timeout 600 xvfb-run -a dbus-run-session -- \
    /usr/bin/python3 Tests/Library/clients_as_a_user.py .build/debug/armchair --prefix "$scratch/installed"

echo "== libarmchair never crashes its host: each way an app may hold its objects, from C (GTK 3 and 4) and Python, under valgrind"
timeout 1500 xvfb-run -a dbus-run-session -- \
    /usr/bin/python3 Tests/Library/lifetimes_as_a_host.py .build/debug/armchair --prefix "$scratch/installed"

echo "== The example apps of examples/, built and run as the guide says, their prompt answered by a regular user (AT-SPI)"
timeout 600 xvfb-run -a dbus-run-session -- \
    /usr/bin/python3 Tests/Library/examples_as_a_user.py .build/debug/armchair --prefix "$scratch/installed"

echo "== libarmchair from Rust: the gtk-rs example built offline with Debian's cargo and crates, used as a person would (AT-SPI)"
timeout 1200 xvfb-run -a dbus-run-session -- \
    /usr/bin/python3 Tests/Library/rust_as_a_user.py .build/debug/armchair --prefix "$scratch/installed"

echo "== Flatpak: the guide's manifest built offline by flatpak-builder; its app in flatpak run sandboxes, used by a regular user (AT-SPI, portals)"
# Skipped, with the reason, where a sandbox cannot be made (not root, no user namespaces).
timeout 1500 xvfb-run -a dbus-run-session -- /usr/bin/python3 Tests/Flatpak/flatpak_as_a_user.py .build/debug/armchair

echo "== The reference and the guide, from the installed GIRs (gi-docgen, warnings fatal; links checked)"
scripts/build-reference.sh "$scratch/reference" "$scratch/installed"/share/gir-1.0/Armchair*-1.0.gir

echo "== armchair preview: the requested dialog in the requested language (AT-SPI)"
timeout 300 xvfb-run -a dbus-run-session -- /usr/bin/python3 Tests/EndToEnd/preview_dialogs.py .build/debug/armchair
timeout 300 xvfb-run -a dbus-run-session -- \
    /usr/bin/python3 Tests/EndToEnd/preview_dialogs.py .build/debug/armchair --toolkit gtk4

echo "== Every dialog in every language, GTK 3 then GTK 4, none wider than 600 px (sheets: artifacts/*-languages.png)"
timeout 900 xvfb-run -a -s "-screen 0 1280x1024x24" dbus-run-session -- \
    /usr/bin/python3 Tests/EndToEnd/dialogs_in_every_language.py .build/debug/armchair "$PWD/artifacts"
timeout 900 xvfb-run -a -s "-screen 0 1280x1024x24" dbus-run-session -- \
    /usr/bin/python3 Tests/EndToEnd/dialogs_in_every_language.py .build/debug/armchair "$PWD/artifacts" --toolkit gtk4

echo "== Fuzzing the state-file, outbox and settings readers (libFuzzer, 30 s)"
scripts/fuzz.sh 30 2>&1 | grep -v "Cannot export local symbol" | tail -4

echo "== Tests (GTK ones in a private X server; screenshots of the dialogs go to artifacts/screenshots)"
# MALLOC_PERTURB_ fills freed memory, so a widget used after it was destroyed fails loudly. The
# build comes first, without it: SwiftPM's own build step once crashed under it (in libdispatch,
# inside swift-test, before any test ran), which says nothing about Armchair.
swift build --build-tests
# With a session bus, as on a desktop: the suites must pass with one and without one.
ARMCHAIR_SCREENSHOTS="$PWD/artifacts/screenshots" MALLOC_PERTURB_=165 timeout 1500 \
    xvfb-run -a dbus-run-session -- swift test --skip-build
