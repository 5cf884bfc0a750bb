#!/usr/bin/env bash
# Builds, offline, the three Flatpak refs the Flatpak tests build and run against, and installs
# them into a --user installation (HOME=LAB/home):
#
#     scripts/flatpak/build-runtimes.sh LAB
#
#   org.armchair.Test.Platform//test   the runtime: the installed files of the Debian packages
#                                      of python3-gi, GTK 3, GTK 4 and libadwaita and what they
#                                      depend on, hard links of /usr (no file data copied), with
#                                      an os-release of its own and the de_DE.UTF-8 locale
#   org.armchair.Test.Sdk//test        the same plus compilers, headers, Meson, git…; it has the
#                                      extension point of the Swift SDK extension
#   org.armchair.Test.Sdk.Extension.swift6//test
#                                      the Swift toolchain (/opt/swift/usr, hard links), which
#                                      a build sees as /usr/lib/sdk/swift6, as Flathub's
#                                      org.freedesktop.Sdk.Extension.swift6
#
# They stand in for org.gnome.Platform, org.gnome.Sdk and Flathub's Swift extension, which cannot
# be downloaded here. They are exported into LAB/repo, an ostree repository made bare-user-only
# so that installing hard-links its objects too (about 4 GB of links, a few MB of new data).
# A LAB that already holds refs built from the same packages, toolchain and scripts is reused.
# Never chown or write into LAB/work: its files are /usr's own. Needs root (hard links of
# root's files) and LAB on the same file system as /usr and the toolchain.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
lab=${1:?usage: scripts/flatpak/build-runtimes.sh LAB}
swift=${SWIFT_TOOLCHAIN:-/opt/swift}
arch=$(flatpak --default-arch)
branch=test
platform=org.armchair.Test.Platform sdk=org.armchair.Test.Sdk extension=org.armchair.Test.Sdk.Extension.swift6

# What the Python, C and Vala GTK apps need at run time.
platform_packages="python3 python3-gi gir1.2-gtk-3.0 gir1.2-gtk-4.0 gir1.2-adw-1 libc-bin bash dash coreutils
  fontconfig fontconfig-config fonts-dejavu-core shared-mime-info hicolor-icon-theme adwaita-icon-theme
  gsettings-desktop-schemas librsvg2-common libstdc++6 libcurl4 ca-certificates"
# What meson.build needs to build libarmchair (it drives SwiftPM, which clones with git), what
# flatpak-builder runs after a build (eu-strip, debugedit), and the shared libraries the Swift
# toolchain's programs link.
sdk_packages="$platform_packages gcc g++ binutils make pkg-config meson ninja-build libglib2.0-dev libgtk-3-dev
  libgtk-4-dev libadwaita-1-dev libcurl4-openssl-dev gobject-introspection libgirepository1.0-dev valac
  gettext libstdc++-12-dev libc6-dev git elfutils debugedit findutils grep sed tar gzip xz-utils diffutils
  file patch util-linux mawk libedit2 libxml2 libsqlite3-0 libncurses6 libtinfo6 libicu72 zlib1g libuuid1"
packaging='debconf|dpkg|init-system-helpers|usr-is-merged|usrmerge|perl-base'

say() { echo "   [flatpak runtimes] $*"; }
# Every flatpak command: a clean environment whose HOME holds the --user installation.
in_lab() { env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 HOME="$lab/home" \
    XDG_RUNTIME_DIR="$lab/runtime-dir" "$@"; }

# The installed packages `packages` depend on (Depends and Pre-Depends, recursively).
closure() {
    # shellcheck disable=SC2086
    apt-cache depends --recurse --installed --no-recommends --no-suggests --no-conflicts --no-breaks \
        --no-replaces --no-enhances $1 2>/dev/null | grep -v '^[ <]' | sort -u | grep -vxE "$packaging" \
        | xargs dpkg-query -W -f='${db:Status-Status} ${Package}\n' 2>/dev/null \
        | awk '$1 == "installed" {print $2}' | sort -u
}

# A runtime tree in work/NAME from the packages `packages`, with the caches and links only the
# tree can have (all new files).
debian_tree() {
    local tree=$lab/work/$1 packages=$2
    rm -rf "$tree"
    # shellcheck disable=SC2046
    python3 "$here/package-files.py" "$tree" $(closure "$packages")
    # Flatpak runs `ldconfig` from /usr/bin.
    ln -s ../sbin/ldconfig "$tree/files/bin/ldconfig"
    # A real /usr/lib64 (holding only the loader) makes Meson install to /app/lib64.
    rm -r "$tree/files/lib64"
    ln -s lib/x86_64-linux-gnu "$tree/files/lib64"
    # Debian's ld.so.conf never names /app/lib: this one is laid out as the Freedesktop runtime's.
    rm "$tree/files/etc/ld.so.conf"
    printf '%s\n' 'include /run/flatpak/ld.so.conf.d/app-*.conf' 'include /app/etc/ld.so.conf' '/app/lib' \
        'include /run/flatpak/ld.so.conf.d/runtime-*.conf' 'include /etc/ld.so.conf.d/*.conf' \
        > "$tree/files/etc/ld.so.conf"
    # An os-release of the runtime's own, as the Freedesktop runtime has, unlike the host's: what
    # names the person's distribution inside the sandbox must read the host's (/run/host/os-release),
    # and a test can tell the two apart. New files, never written through a hard link of /usr's.
    rm -f "$tree/files/lib/os-release" "$tree/files/etc/os-release"
    printf '%s\n' 'NAME="Armchair Test Platform"' 'ID=org.armchair.test' 'VERSION_ID=test' \
        'PRETTY_NAME="Armchair Test Platform (a Flatpak runtime of Debian'"'"'s packages)"' \
        | tee "$tree/files/lib/os-release" > "$tree/files/etc/os-release"
    /usr/lib/x86_64-linux-gnu/glib-2.0/gio-querymodules "$tree/files/lib/x86_64-linux-gnu/gio/modules"
    glib-compile-schemas "$tree/files/share/glib-2.0/schemas"
}

export_tree() {
    flatpak build-export --runtime --files=files --disable-fsync --subject="$2" "$lab/repo" "$lab/work/$1" \
        "$branch" >/dev/null
    rm -rf "$lab/work/$1"   # only hard links: removing them frees nothing, touches no /usr file
}

key=$( { cat "$here/package-files.py" "$0"; "$swift/usr/bin/swift" --version 2>&1
    # shellcheck disable=SC2046
    dpkg-query -W -f='${Package} ${Version}\n' $(closure "$sdk_packages"); } | sha256sum | cut -c1-16)
if [[ -e $lab/repo/.built && $(cat "$lab/repo/.built") == "$key" ]]; then
    say "reusing the refs in $lab/repo (key $key)"
else
    rm -rf "$lab/repo" "$lab/work" "$lab/home/.local/share/flatpak"
    mkdir -p "$lab/work" "$lab/runtime-dir"
    chmod 700 "$lab/runtime-dir"
    ostree init --mode=bare-user-only --repo="$lab/repo"

    say "$platform: hard links of $(closure "$platform_packages" | wc -l) Debian packages' files"
    debian_tree platform "$platform_packages"
    # German, compiled as the Freedesktop runtime's Locale extension provides it, for the sandbox
    # scenario of a person with a German desktop (Debian's packages bring only C.UTF-8).
    mkdir -p "$lab/work/platform/files/lib/locale"
    localedef -i de_DE -f UTF-8 "$lab/work/platform/files/lib/locale/de_DE.UTF-8"
    # The Freedesktop runtime's metadata points GObject Introspection at the app's typelibs.
    printf '[Runtime]\nname=%s\nruntime=%s/%s/%s\nsdk=%s/%s/%s\n\n[Environment]\nGI_TYPELIB_PATH=%s\n' \
        "$platform" "$platform" "$arch" "$branch" "$sdk" "$arch" "$branch" /app/lib/girepository-1.0 \
        > "$lab/work/platform/metadata"
    export_tree platform "$platform from Debian $(cat /etc/debian_version)"

    say "$sdk: hard links of $(closure "$sdk_packages" | wc -l) Debian packages' files"
    debian_tree sdk "$sdk_packages"
    mkdir -p "$lab/work/sdk/files/lib/sdk"   # the extension point: /usr/lib/sdk/<name's last part>
    cat > "$lab/work/sdk/metadata" <<METADATA
[Runtime]
name=$sdk
runtime=$platform/$arch/$branch
sdk=$sdk/$arch/$branch

[Extension $sdk.Extension]
directory=lib/sdk
subdirectories=true
no-autodownload=true
version=$branch
METADATA
    export_tree sdk "$sdk from Debian $(cat /etc/debian_version)"

    say "$extension: hard links of $swift/usr"
    mkdir -p "$lab/work/swift"
    cp -al "$swift/usr" "$lab/work/swift/files"
    printf '[Runtime]\nname=%s\n\n[ExtensionOf]\nref=runtime/%s/%s/%s\n' "$extension" "$sdk" "$arch" "$branch" \
        > "$lab/work/swift/metadata"
    export_tree swift "$extension from $swift"
    echo "$key" > "$lab/repo/.built"
fi

mkdir -p "$lab/runtime-dir"
chmod 700 "$lab/runtime-dir"
in_lab flatpak remote-add --user --no-gpg-verify --if-not-exists armchair-test "file://$lab/repo"
for name in "$platform" "$sdk" "$extension"; do
    if ! in_lab flatpak info --user "runtime/$name/$arch/$branch" >/dev/null 2>&1; then
        in_lab flatpak install --user -y --noninteractive armchair-test "runtime/$name/$arch/$branch" >/dev/null
    fi
done
say "installed in $lab/home: $platform, $sdk, $extension (branch $branch)"
