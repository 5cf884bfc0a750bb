#!/usr/bin/env bash
# Regenerates po/armchair.pot from the sources listed in po/POTFILES.in.
#
# xgettext has no Swift parser; its Vala parser reads Swift call sites cleanly. The keywords are
# Armchair's translation functions; "// TRANSLATORS:" comments go to the translators.
set -euo pipefail
cd "$(dirname "$0")/.."
sources=$(grep -Ev '^\s*(#|$)' po/POTFILES.in)
common=(--from-code=UTF-8 --add-comments=TRANSLATORS: --sort-by-file --add-location=file
    --package-name=armchair --msgid-bugs-address=https://github.com/armchair-linux/armchair/issues
    --copyright-holder="The Armchair for Linux developers")
# Swift sources through the Vala parser; the desktop entry and the AppStream metadata through
# xgettext's own rules for them (the metainfo rules come with the appstream package).
grep '\.swift$' <<<"$sources" | xgettext --files-from=- --language=Vala \
    --keyword=localized --keyword=localizedPlural:1,2 "${common[@]}" --output=po/armchair.pot.code
grep -v '\.swift$' <<<"$sources" | xgettext --files-from=- "${common[@]}" --output=po/armchair.pot.data
msgcat --use-first po/armchair.pot.code po/armchair.pot.data --output-file=po/armchair.pot.new
rm po/armchair.pot.code po/armchair.pot.data
# Keep the old file when only the creation date would change, so the check below stays quiet.
if [[ -f po/armchair.pot ]] && diff -q \
    <(grep -v '^"POT-Creation-Date' po/armchair.pot) <(grep -v '^"POT-Creation-Date' po/armchair.pot.new) >/dev/null; then
    rm po/armchair.pot.new
else
    mv po/armchair.pot.new po/armchair.pot
fi
