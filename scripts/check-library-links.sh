#!/usr/bin/env bash
# Checks that the Swift modules the C library links (libarmchair-1 and its toolkit adapters) ask
# the linker for FoundationEssentials only, never for all of Foundation, its ICU or
# FoundationNetworking, which would add ~45 MB to the library.
#
# It builds the C API targets as the library build does (release, static Swift runtime), and reads
# the libraries each module's objects ask for (`swift-autolink-extract`): an `import Foundation`
# anywhere in these modules, including SwiftPM's generated resource accessor, shows up there.
#
#     scripts/check-library-links.sh
set -euo pipefail
cd "$(dirname "$0")/.."
modules=(ArmchairCore ArmchairDelivery ArmchairGLib ArmchairGtk ArmchairAdwaita)
forbidden='-l(Foundation|FoundationNetworking|FoundationInternationalization|_FoundationICU|CoreFoundation|_CFURLSessionInterface|FoundationXML)'

for target in ArmchairGtk3CAPI ArmchairGtk4CAPI; do
    swift build -c release --target "$target" -Xswiftc -static-stdlib
done
bin=$(swift build -c release --show-bin-path)

failed=0
for module in "${modules[@]}"; do
    objects=("$bin/$module.build"/*.o)
    if [[ ! -e ${objects[0]} ]]; then
        echo "$module: no objects in $bin/$module.build" >&2
        exit 1
    fi
    libraries=$(swift-autolink-extract "${objects[@]}" -o - | sort -u)
    echo "$module (${#objects[@]} objects): $(echo "$libraries" | tr '\n' ' ')"
    # The Swift runtime itself must be there: proof that the list is read at all.
    if ! grep -qx -- '-lswiftCore' <<<"$libraries"; then
        echo "$module: no -lswiftCore; is this the right build?" >&2
        failed=1
    fi
    if grep -xE -- "$forbidden" <<<"$libraries"; then
        echo "$module asks for full Foundation (above); import FoundationEssentials instead" >&2
        failed=1
    fi
done
exit "$failed"
