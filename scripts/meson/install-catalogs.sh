#!/bin/sh
# Meson's install script for the translation catalogs: each armchair-<ll>.mo of the build goes to
# $DESTDIR<prefix>/<localedir>/<ll>/LC_MESSAGES/armchair.mo, the name gettext asks for.
#   install-catalogs.sh LOCALEDIR CATALOG...
set -eu
localedir=$1
shift
case $localedir in /*) ;; *) localedir=$MESON_INSTALL_PREFIX/$localedir ;; esac
for catalog in "$@"; do
    language=$(basename "$catalog" .mo)
    language=${language#armchair-}
    case $catalog in /*) ;; *) catalog=$MESON_BUILD_ROOT/$catalog ;; esac
    install -Dm644 "$catalog" "${DESTDIR:-}$localedir/$language/LC_MESSAGES/armchair.mo"
done
