#!/usr/bin/env bash
# Regenerates po/armchair.pot from the sources listed in po/POTFILES.in.
#
# xgettext has no Swift parser; its Vala parser reads Swift call sites cleanly. The keywords are
# Armchair's translation functions; "// TRANSLATORS:" comments go to the translators.
set -euo pipefail
cd "$(dirname "$0")/.."
grep -Ev '^\s*(#|$)' po/POTFILES.in | xgettext \
    --files-from=- --language=Vala --from-code=UTF-8 \
    --keyword=localized --keyword=localizedPlural:1,2 \
    --add-comments=TRANSLATORS: --sort-by-file --add-location=file \
    --package-name=armchair --msgid-bugs-address=https://github.com/armchair-linux/armchair/issues \
    --copyright-holder="The Armchair for Linux developers" \
    --output=po/armchair.pot.new
# Keep the old file when only the creation date would change, so the check below stays quiet.
if [[ -f po/armchair.pot ]] && diff -q \
    <(grep -v '^"POT-Creation-Date' po/armchair.pot) <(grep -v '^"POT-Creation-Date' po/armchair.pot.new) >/dev/null; then
    rm po/armchair.pot.new
else
    mv po/armchair.pot.new po/armchair.pot
fi
