#!/usr/bin/env bash
# Checks that the Swift modules the C library links (libarmchair-1 and its toolkit adapters) ask
# the linker for FoundationEssentials only, never for all of Foundation, its ICU or
# FoundationNetworking, which would add ~45 MB to the library; and that of FoundationEssentials
# they use only `Date` and `UUID`.
#
# It reads the objects of the library's release build (static Swift runtime) in SCRATCH, the
# SwiftPM scratch folder the library build used (Meson's swiftpm_scratch, the build folder's swift/
# unless set; Tests/Library/meson.build runs this on it), as they are; without SCRATCH it builds the
# library's Swift targets first, as the library build does, in .build. It reads the libraries each
# module's objects ask for (`swift-autolink-extract`): an `import Foundation` anywhere in these
# modules, including SwiftPM's generated resource accessor, shows up there.
# Then it lists what the objects take from FoundationEssentials and `_StringProcessing`: `Data`
# (and `URL` or the JSON coders, which use it) pulls ~5.8 MB of FoundationEssentials, its
# collections and the regex engine into the library, and the standard library's text search
# (`contains("…")`, `firstRange(of:)`) pulls the regex engine (~1.2 MB); `Date` and `UUID` cost
# ~10 KB. The core's modules must be there; a toolkit library's are checked where built.
#
#     scripts/check-library-links.sh [SCRATCH]
set -euo pipefail
cd "$(dirname "$0")/.."
core_modules=(ArmchairCore ArmchairDelivery ArmchairGLib ArmchairCAPI)
toolkit_modules=(ArmchairGtk ArmchairAdwaita ArmchairGtk3CAPI ArmchairGtk4CAPI)
forbidden='-l(Foundation|FoundationNetworking|FoundationInternationalization|_FoundationICU|CoreFoundation|_CFURLSessionInterface|FoundationXML)'

if (($#)); then
    bin=$1/release
else
    for target in ArmchairGtk3CAPI ArmchairGtk4CAPI; do
        swift build -c release --target "$target" --static-swift-stdlib
    done
    bin=$(swift build -c release --show-bin-path)
fi

# The objects of a module's current sources, from SwiftPM's output file map (the folder may also
# hold objects of files since removed).
module_objects() {
    /usr/bin/python3 -c 'import json, sys
for source, entry in json.load(open(sys.argv[1])).items():
    if source and "object" in entry: print(entry["object"])' "$bin/$1.build/output-file-map.json"
}

failed=0
modules=()
for module in "${core_modules[@]}" "${toolkit_modules[@]}"; do
    mapfile -t objects < <(module_objects "$module" 2>/dev/null)
    if [[ ${#objects[@]} -eq 0 || ! -e ${objects[0]} ]]; then
        [[ " ${core_modules[*]} " == *" $module "* ]] || continue
        echo "$module: no objects in $bin/$module.build" >&2
        exit 1
    fi
    modules+=("$module")
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

# What the objects use of FoundationEssentials and _StringProcessing, other than Date and UUID:
# symbols they refer to, define nowhere themselves, and that belong to those modules, or to their
# extensions of the standard library's types (`replacing(_:with:)` is `$sSm17_StringProcessing…`).
objects=()
for module in "${modules[@]}"; do mapfile -t -O "${#objects[@]}" objects < <(module_objects "$module"); done
defined=$(nm --defined-only "${objects[@]}" 2>/dev/null | awk 'NF == 3 {print $3}' | sort -u)
used=$(nm --undefined-only "${objects[@]}" 2>/dev/null | awk 'NF == 2 {print $2}' | sort -u)
heavy=$(comm -13 <(echo "$defined") <(echo "$used") \
    | grep -E '^\$s.*(20FoundationEssentials|22_FoundationCollections|17_StringProcessing|12_RegexParser)' \
    | grep -Ev '^\$s20FoundationEssentials(4Date|4UUID)V' || true)
if [[ -n $heavy ]]; then
    echo "The library's modules use these of FoundationEssentials or _StringProcessing (only Date and UUID may be used):" >&2
    swift demangle --simplified <<<"$heavy" | sed 's/^/  /' >&2
    failed=1
else
    echo "Of FoundationEssentials the modules use only Date and UUID, and nothing of _StringProcessing."
fi
exit "$failed"
