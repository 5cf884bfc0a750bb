#!/usr/bin/python3
"""Shows that scripts/check-catalogs.py catches what it claims to: each case spoils one real
catalog the way a hurried translator might, and the checker must fail it with the expected message;
the unspoiled catalogs must pass. Prints one line per case and exits non-zero if any case goes wrong.
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHECKER = os.path.join(ROOT, "scripts", "check-catalogs.py")


def translation(msgid, msgstr):
    """A pattern for one entry's msgid/msgstr pair, and what to put in its msgstr's place."""
    return re.compile(r'(msgid "' + re.escape(msgid) + r'"\nmsgstr ")[^"]*(")'), msgstr


# (case, catalog, [(msgid, new msgstr)], expected message)
CASES = [
    ("feedback title uses the review word", "ru",
     [("Feedback on %1$s", "Отзыв о приложении %1$s")], "use the review term"),
    ("review title uses the feedback word", "de",
     [("Review %1$s", "Rückmeldung zu %1$s")], "use the feedback term"),
    ("feedback and review share a word", "fr",
     [("Feedback on %1$s", "Remarques sur l’application %1$s"),
      ("Review %1$s", "Évaluer l’application %1$s")], "share the words"),
    ("two fields of the review form on one key", "de",
     [("_Publish", "_Zeigen")], "mnemonics on 'z'"),
    ("mnemonic on a punctuation mark", "it", [("_Rate", "_«Valuta»")], "not a letter or digit"),
    ("placeholder lost", "es", [("Feedback on %1$s", "Comentarios")], "placeholders differ"),
    ("mnemonic dropped", "ja", [("_No, Thanks", "いいえ、結構です")], "0 mnemonics where the English has 1"),
]


def run(paths):
    result = subprocess.run(["/usr/bin/python3", CHECKER, *paths], capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


def main():
    wrong = 0
    with tempfile.TemporaryDirectory() as scratch:
        for case, language, changes, expected in CASES:
            text = open(os.path.join(ROOT, "po", f"{language}.po"), encoding="utf-8").read()
            for msgid, msgstr in changes:
                pattern, replacement = translation(msgid, msgstr)
                text, count = pattern.subn(lambda m: m.group(1) + replacement + m.group(2), text)
                assert count == 1, f"{case}: no single entry for {msgid!r} in {language}.po"
            spoiled = os.path.join(scratch, f"{language}.po")
            with open(spoiled, "w", encoding="utf-8") as file:
                file.write(text)
            status, output = run([spoiled])
            caught = status != 0 and expected in output
            wrong += not caught
            print(f"{'caught' if caught else 'MISSED'}: {case} ({language}.po)")
            if not caught:
                print("  " + output.strip().replace("\n", "\n  "))
            os.remove(spoiled)
        unknown = os.path.join(scratch, "xx.po")
        with open(unknown, "w", encoding="utf-8") as file:
            file.write(open(os.path.join(ROOT, "po", "de.po"), encoding="utf-8").read())
        status, output = run([unknown])
        caught = status != 0 and "no row for xx" in output
        wrong += not caught
        print(f"{'caught' if caught else 'MISSED'}: a language without a glossary row (xx.po)")
    languages = sorted({language for _, language, _, _ in CASES} | {"tr", "hi", "ta"})
    status, output = run([os.path.join(ROOT, "po", f"{language}.po") for language in languages])
    wrong += status != 0
    print(f"{'passed' if status == 0 else 'FAILED'}: the unspoiled catalogs {', '.join(languages)}")
    if status != 0:
        print("  " + output.strip().replace("\n", "\n  "))
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
