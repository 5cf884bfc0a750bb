#!/usr/bin/python3
"""Checks the translation catalogs in po/ the way a careful translation coordinator would.

For every po/<ll>.po: msgfmt's own checks (-c --check-format) pass; every message is translated and
none is fuzzy; every translation uses exactly the placeholders (%1$s, %2$s) of its English text; a
translation has one keyboard mnemonic (_) where the English has one and none where it has none.
po/LINGUAS lists exactly the catalogs, sorted; po/sr@latin.po is po/sr.po transliterated
(scripts/serbian-latin.py); po/armchair.pot is what scripts/update-pot.sh makes of the sources
today. Prints "N passed, N failed" and exits non-zero on any failure.
"""
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PO = os.path.join(ROOT, "po")
PLACEHOLDER = re.compile(r"%\d+\$s")
MNEMONIC = re.compile(r"_(?=[^_\s])")


def unquote(line):
    text = line[line.index('"') + 1:line.rindex('"')]
    return bytes(text, "utf-8").decode("unicode_escape").encode("latin-1").decode("utf-8")


def entries(path):
    """Yields dicts with msgid, msgid_plural, msgstr (list) and flags, header excluded."""
    entry, field = None, None
    for raw in open(path, encoding="utf-8"):
        line = raw.strip()
        if not line:
            if entry:
                yield entry
            entry, field = None, None
            continue
        if entry is None:
            entry = {"msgid": "", "msgid_plural": None, "msgstr": {}, "flags": set()}
        if line.startswith("#,"):
            entry["flags"].update(flag.strip() for flag in line[2:].split(","))
        elif line.startswith("#"):
            continue
        elif line.startswith("msgid_plural"):
            field = ("msgid_plural", None)
            entry["msgid_plural"] = unquote(line)
        elif line.startswith("msgid"):
            field = ("msgid", None)
            entry["msgid"] = unquote(line)
        elif line.startswith("msgstr["):
            index = int(line[7:line.index("]")])
            field = ("msgstr", index)
            entry["msgstr"][index] = unquote(line)
        elif line.startswith("msgstr"):
            field = ("msgstr", 0)
            entry["msgstr"][0] = unquote(line)
        elif line.startswith('"') and field:
            name, index = field
            if name == "msgstr":
                entry["msgstr"][index] += unquote(line)
            else:
                entry[name] += unquote(line)
    if entry:
        yield entry


def check_catalog(path):
    problems = []
    result = subprocess.run(["msgfmt", "-c", "--check-format", "-o", "/dev/null", path], capture_output=True, text=True)
    if result.returncode != 0:
        problems.append("msgfmt: " + result.stderr.strip().replace("\n", " | "))
    for entry in entries(path):
        if entry["msgid"] == "":
            continue
        english = entry["msgid"]
        if "fuzzy" in entry["flags"]:
            problems.append(f"fuzzy: {english!r}")
        for index, translation in sorted(entry["msgstr"].items()):
            source = english if index == 0 or entry["msgid_plural"] is None else entry["msgid_plural"]
            if not translation:
                problems.append(f"untranslated: {english!r}")
                continue
            if sorted(PLACEHOLDER.findall(translation)) != sorted(PLACEHOLDER.findall(source)):
                problems.append(f"placeholders differ in {english!r}: {translation!r}")
            wanted = len(MNEMONIC.findall(english))
            found = len(MNEMONIC.findall(translation))
            if found != wanted:
                problems.append(f"{found} mnemonics where the English has {wanted}: {translation!r}")
    return problems


def main():
    passed = failed = 0
    catalogs = sorted(glob.glob(os.path.join(PO, "*.po")))
    for path in catalogs:
        problems = check_catalog(path)
        name = os.path.basename(path)
        if problems:
            failed += 1
            print(f"FAILED {name}:\n  " + "\n  ".join(problems))
        else:
            passed += 1
    languages = [os.path.basename(p)[:-3] for p in catalogs]
    linguas = [line.strip() for line in open(os.path.join(PO, "LINGUAS")) if line.strip() and not line.startswith("#")]
    if linguas != sorted(languages):
        failed += 1
        print(f"FAILED LINGUAS: lists {linguas}, the catalogs are {sorted(languages)}")
    else:
        passed += 1
    # Latin Serbian is the Cyrillic catalog transliterated, never translated apart.
    if subprocess.run([os.path.join(ROOT, "scripts", "serbian-latin.py"), "--check"]).returncode != 0:
        failed += 1
        print("FAILED sr@latin.po is not the transliteration of sr.po")
    else:
        passed += 1
    before = open(os.path.join(PO, "armchair.pot"), encoding="utf-8").read()
    subprocess.run([os.path.join(ROOT, "scripts", "update-pot.sh")], check=True)
    after = open(os.path.join(PO, "armchair.pot"), encoding="utf-8").read()
    if before != after:
        failed += 1
        print("FAILED armchair.pot was out of date with the sources (regenerated; commit it)")
    else:
        passed += 1
    print(f"catalogs: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
