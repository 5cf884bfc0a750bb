#!/usr/bin/env bash
# Writes the "Respect, measured" table of the README and of the Policies article from a run of
# armchair-population, so the published figures are always the program's.
#
#     scripts/population-tables.sh [--check] [--scratch DIR]
#
# Without --check it rewrites both tables (about two minutes, most of it the release build); with
# it, it fails if either differs from a fresh run. --scratch names the SwiftPM scratch folder of
# the release build (default .build): scripts/test.sh passes scripts/install.sh's, which has the
# engine compiled already, with the same flags.
#
# The run is the one the README names: 2000 users, 730 days, seed 1, every policy variant. Each
# table sits between the lines <!-- population table --> and <!-- end of population table -->.
set -euo pipefail
cd "$(dirname "$0")/.."
check=false scratch=.build
while (($#)); do
    case $1 in
    --check) check=true; shift ;;
    --scratch) scratch=${2:?--scratch needs a folder}; shift 2 ;;
    *) echo "usage: scripts/population-tables.sh [--check] [--scratch DIR]" >&2; exit 2 ;;
    esac
done
if ! log=$(swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product armchair-population 2>&1); then
    echo "$log" >&2
    exit 1
fi
table=$("$scratch/release/armchair-population" --users 2000 --days 730 --seed 1 --markdown)
status=0
for file in README.md Sources/ArmchairCore/ArmchairCore.docc/Policies.md; do
    updated=$(TABLE="$table" python3 - "$file" <<'PYTHON'
import os, re, sys
text = open(sys.argv[1], encoding="utf-8").read()
pattern = re.compile(r"(<!-- population table -->\n)(?:.*?\n)?(<!-- end of population table -->)", re.S)
if not pattern.search(text):
    sys.exit(f"{sys.argv[1]}: no <!-- population table --> markers")
sys.stdout.write(pattern.sub(lambda m: m.group(1) + os.environ["TABLE"] + "\n" + m.group(2), text))
PYTHON
)
    if [[ $check == true ]]; then
        if [[ "$updated" != "$(cat "$file")" ]]; then
            echo "$file: the population table differs from a fresh run; run scripts/population-tables.sh" >&2
            status=1
        fi
    else
        printf '%s\n' "$updated" > "$file"
    fi
done
exit $status
