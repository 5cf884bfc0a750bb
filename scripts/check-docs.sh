#!/usr/bin/env bash
# Builds the DocC documentation of the core, the delivery module and both toolkit adapters (GTK 3:
# ArmchairGtk, GTK 4: ArmchairAdwaita) and fails on any warning: a broken symbol link, a missing
# article, an undocumented parameter that DocC notices. Links from one module's catalog to another
# module's symbols are code voice (`ForwardingPresenter`), since DocC builds each catalog alone.
#
#     scripts/check-docs.sh [output-folder]     # default: .build/docs
set -euo pipefail
cd "$(dirname "$0")/.."
output=${1:-.build/docs}
mkdir -p "$output"
for target in ArmchairCore ArmchairDelivery ArmchairGtk ArmchairAdwaita; do
    echo "== DocC: $target"
    log=$(mktemp)
    swift package --allow-writing-to-directory "$output" generate-documentation \
        --target "$target" --output-path "$output/$target" --warnings-as-errors 2>&1 | tee "$log"
    # DocC's own diagnostics start their line; compiler diagnostics (file:line: warning:) and
    # SwiftPM's note about gtk's -pthread flag are about the build, which the test command checks.
    if grep -E "^(warning|error):" "$log" | grep -v "prohibited flag(s): -pthread"; then
        echo "DocC reported problems in $target" >&2
        exit 1
    fi
    rm -f "$log"
done
echo "Documentation: $output/ArmchairCore, $output/ArmchairDelivery, $output/ArmchairGtk, $output/ArmchairAdwaita"
