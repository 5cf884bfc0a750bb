#!/bin/sh
# SPDX-FileCopyrightText: The Armchair for Linux contributors
# SPDX-License-Identifier: MIT
#
# Meson's copies of the libraries and engine modules for valgrind, in FOLDER and FOLDER/armchair-1/
# as installed (so that libarmchair-1 finds its modules beside it), stripped as an installation's
# are: valgrind 3.19 cannot read the Swift toolchain's DWARF 5, and reading the symbols of the Swift
# runtime slows every start under it. Each library is named by its SONAME, as the loader asks.
#
#     stripped-copies.sh FOLDER LIBRARY-OR-MODULE...
set -eu
folder=$1
shift
rm -rf "$folder"
mkdir -p "$folder/armchair-1"
for object in "$@"; do
    name=$(basename "$object")
    case $name in
    libarmchair-engine*) objcopy --strip-all "$object" "$folder/armchair-1/$name" ;;
    *) objcopy --strip-all "$object" "$folder/${name%.0.0}" ;;
    esac
done
