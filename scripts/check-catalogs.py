#!/usr/bin/python3
"""Checks the translation catalogs in po/ the way a careful translation coordinator would.

    scripts/check-catalogs.py               # every catalog, LINGUAS, sr@latin and the template
    scripts/check-catalogs.py po/ru.po ...  # just these catalogs (while translating)

For every po/<ll>.po: msgfmt's own checks (-c --check-format) pass; every message is translated and
none is fuzzy; every translation uses exactly the placeholders (%1$s, %2$s) of its English text; a
translation has one keyboard mnemonic (_) where the English has one and none where it has none, on
a letter or a digit, and no two buttons or fields of one dialog share a mnemonic key. The private
feedback and the public review never read alike: the catalog's feedback texts (the feedback button
and form title) and its review texts (the review field and form title) share no content word, and
the feedback texts use neither the catalog's word for a review nor GNOME Software's, as
po/GLOSSARY.md records them.
po/LINGUAS lists exactly the catalogs, sorted; po/sr@latin.po is po/sr.po transliterated
(scripts/serbian-latin.py); po/armchair.pot is what scripts/update-pot.sh makes of the sources
today. Prints "N passed, N failed" and exits non-zero on any failure.
"""
import glob
import os
import re
import subprocess
import sys
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PO = os.path.join(ROOT, "po")
PLACEHOLDER = re.compile(r"%\d+\$s")
MNEMONIC = re.compile(r"_(?=[^_\s])")

# The buttons and fields of each dialog: no two may share a mnemonic key. The feedback form shows
# Retry in Send's place after a failed delivery.
DIALOGS = {
    "rating prompt": ["_Rate", "Remind Me _Later", "_No, Thanks"],
    "satisfaction question": ["_Yes!", "Not _Really"],
    "feedback request": ["_Send Feedback…", "_Rate Instead", "_No, Thanks"],
    "feedback form": ["Reply _email (optional)", "_Include the app version and system details", "_Cancel", "_Send"],
    "feedback form after a failure": [
        "Reply _email (optional)", "_Include the app version and system details", "_Cancel", "_Retry"],
    "review form": ["_Summary", "_Review", "Your _name", "_Cancel", "_Publish"],
}
# What names the private feedback, and what names the public review.
FEEDBACK_TEXTS = ["_Send Feedback…", "Feedback on %1$s"]
REVIEW_TEXTS = ["_Review", "Review %1$s"]


def mnemonic_key(text):
    """The key of the text's mnemonic: the character after its underscore, or None."""
    match = MNEMONIC.search(text)
    return text[match.end()] if match else None


def words(text):
    """The words of a translation, without placeholders, mnemonics and CJK mnemonic suffixes."""
    text = PLACEHOLDER.sub(" ", text)
    text = re.sub(r"\(_.\)", " ", text).replace("_", "")
    # A word is a run of letters, marks and digits: Devanagari and Tamil vowel signs and the dot of
    # Turkish İ are marks, which a regular expression's \w would split words at.
    found, current = [], ""
    for character in text + " ":
        if unicodedata.category(character)[0] in "LMN":
            current += character
        elif current:
            found.append(current.lower())
            current = ""
    return found


def stem(word):
    """What two forms of one word share, as far as a check can tell: its first five letters."""
    return word[:5]


def glossary():
    """po/GLOSSARY.md by language code: its terms, and the words feedback and review may share."""
    path = os.path.join(PO, "GLOSSARY.md")
    rows = {}
    for line in open(path, encoding="utf-8"):
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 8 or not cells[0].startswith("`"):
            continue
        code = cells[0].strip("`")
        terms = lambda cell: [t.strip() for t in re.split(r"[,/;]", cell) if t.strip() and t.strip() != "–"]
        rows[code] = {"rating": terms(cells[2]), "review": terms(cells[3]), "feedback": terms(cells[4]),
                      "gnome software": terms(cells[5]), "shared": terms(cells[6])}
    return rows


def meaning_problems(language, translations, terms):
    """Where the catalog's feedback and review texts could be taken for one another."""
    problems = []
    if terms is None:
        return [f"no row for {language} in po/GLOSSARY.md"]
    feedback = [translations.get(msgid, "") for msgid in FEEDBACK_TEXTS]
    review = [translations.get(msgid, "") for msgid in REVIEW_TEXTS]
    allowed = {stem(word) for phrase in terms["shared"] for word in words(phrase)}
    feedback_words = {stem(w) for text in feedback for w in words(text) if len(w) >= 4}
    review_words = {stem(w) for text in review for w in words(text) if len(w) >= 4}
    shared = (feedback_words & review_words) - allowed
    if shared:
        problems.append(f"feedback {feedback} and review {review} share the words {sorted(shared)}")
    for term in terms["review"] + terms["gnome software"]:
        if uses(feedback, term):
            problems.append(f"the feedback texts {feedback} use the review term {term!r}")
    for term in terms["feedback"]:
        if uses(review, term):
            problems.append(f"the review texts {review} use the feedback term {term!r}")
    return problems


def uses(texts, term):
    """Whether any of `texts` has a form of `term`: a word with its stem, or, for scripts written
    without spaces (Chinese, Japanese, Thai), the term itself inside a longer run of letters."""
    term_stems = {stem(word) for word in words(term)}
    if any(stem(word) in term_stems for text in texts for word in words(text)):
        return True
    compact = "".join(words(term))
    return len(compact) >= 2 and any(compact in "".join(words(text)) for text in texts)


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


def check_catalog(path, terms=None):
    problems = []
    translations = {}
    result = subprocess.run(["msgfmt", "-c", "--check-format", "-o", "/dev/null", path], capture_output=True, text=True)
    if result.returncode != 0:
        problems.append("msgfmt: " + result.stderr.strip().replace("\n", " | "))
    for entry in entries(path):
        if entry["msgid"] == "":
            continue
        english = entry["msgid"]
        translations[english] = entry["msgstr"].get(0, "")
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
            key = mnemonic_key(translation)
            if wanted and key is not None and not key.isalnum():
                problems.append(f"the mnemonic of {translation!r} is on {key!r}, not a letter or digit")
    for dialog, labels in DIALOGS.items():
        keys = {}
        for label in labels:
            key = mnemonic_key(translations.get(label, ""))
            if key is not None:
                keys.setdefault(key.casefold(), []).append(translations[label])
        for key, clashing in keys.items():
            if len(clashing) > 1:
                problems.append(f"the {dialog} has {len(clashing)} mnemonics on {key!r}: {clashing}")
    language = os.path.basename(path)[:-3]
    problems += meaning_problems(language, translations, terms)
    return problems


def main():
    passed = failed = 0
    chosen = sys.argv[1:]
    catalogs = sorted(chosen or glob.glob(os.path.join(PO, "*.po")))
    terms = glossary()
    for path in catalogs:
        problems = check_catalog(path, terms.get(os.path.basename(path)[:-3]))
        name = os.path.basename(path)
        if problems:
            failed += 1
            print(f"FAILED {name}:\n  " + "\n  ".join(problems))
        else:
            passed += 1
    if chosen:
        print(f"catalogs: {passed} passed, {failed} failed")
        sys.exit(1 if failed else 0)
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
