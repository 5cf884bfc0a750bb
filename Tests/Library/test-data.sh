#!/bin/sh
# The data folder the C library's tests run the libraries with, uninstalled (Tests/Library/
# meson.build makes it; library.Library.uninstalled puts it in XDG_DATA_DIRS): each catalog
# armchair-<ll>.mo of the build as locale/<ll>/LC_MESSAGES/armchair.mo, where the library looks.
#   test-data.sh OUTPUT CATALOG...
set -eu
output=$1
shift
rm -rf "$output"
for catalog in "$@"; do
    language=$(basename "$catalog" .mo)
    language=${language#armchair-}
    install -Dm644 "$catalog" "$output/locale/$language/LC_MESSAGES/armchair.mo"
done
