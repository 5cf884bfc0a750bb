#!/usr/bin/python3
"""Writes po/sr@latin.po, Serbian in the Latin script, from po/sr.po, Serbian in Cyrillic.

    scripts/serbian-latin.py            # rewrites po/sr@latin.po
    scripts/serbian-latin.py --check    # exits 1 if po/sr@latin.po is not what it would write

Serbian is written in both scripts, letter for letter (Љ is Lj, Џ is Dž), so the Latin catalog is
a transliteration of the Cyrillic one, never translated on its own: translators edit sr.po, and
this script (which scripts/check-catalogs.py runs with --check) keeps the two the same. Only the
translations are transliterated; msgids, comments, placeholders and the header's keys stay.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = os.path.join(ROOT, "po", "sr.po")
TARGET = os.path.join(ROOT, "po", "sr@latin.po")

LETTERS = dict(zip(
    "абвгдђежзијклмнопрстћуфхцчш",
    ["a", "b", "v", "g", "d", "đ", "e", "ž", "z", "i", "j", "k", "l", "m", "n", "o", "p", "r", "s", "t", "ć",
     "u", "f", "h", "c", "č", "š"]))
LETTERS.update({"љ": "lj", "њ": "nj", "џ": "dž"})


def latin(text):
    """`text` in the Latin script; a digraph capital is Lj, or LJ within a word in capitals."""
    result = []
    for index, character in enumerate(text):
        lower = character.lower()
        if lower not in LETTERS:
            result.append(character)
            continue
        letters = LETTERS[lower]
        if character != lower:
            following = text[index + 1:index + 2]
            shouting = following.isalpha() and following.isupper()
            letters = letters.upper() if shouting else letters[0].upper() + letters[1:]
        result.append(letters)
    return "".join(result)


def converted(lines):
    """The catalog's lines with every msgstr transliterated and the header's language changed."""
    output, in_msgstr = [], False
    for line in lines:
        if line.startswith("msgstr"):
            in_msgstr = True
        elif line.startswith(("msgid", "#")) or not line.strip():
            in_msgstr = False
        if line.startswith('"Language: sr\\n"'):
            line = '"Language: sr@latin\\n"\n'
        elif line.startswith('"Language-Team: Serbian\\n"'):
            line = '"Language-Team: Serbian (Latin)\\n"\n'
        elif line.startswith("# Serbian translation"):
            line = "# Serbian (Latin) translation for armchair, transliterated from sr.po by scripts/serbian-latin.py.\n"
        elif in_msgstr:
            line = latin(line)
        output.append(line)
    return "".join(output)


def main():
    text = converted(open(SOURCE, encoding="utf-8").readlines())
    if "--check" in sys.argv[1:]:
        current = open(TARGET, encoding="utf-8").read() if os.path.exists(TARGET) else ""
        if current != text:
            print("po/sr@latin.po differs from the transliteration of po/sr.po; run scripts/serbian-latin.py")
            sys.exit(1)
        return
    with open(TARGET, "w", encoding="utf-8") as target:
        target.write(text)


if __name__ == "__main__":
    main()
