#!/usr/bin/python3
"""Shows the real rating dialog in every language of po/LINGUAS and checks what a user would see.

Run under a private X server and D-Bus session (scripts/test.sh does):

    xvfb-run -a -s "-screen 0 1024x768x24" dbus-run-session -- \\
        /usr/bin/python3 Tests/EndToEnd/dialogs_in_every_language.py .build/debug/armchair-demo artifacts

For each language the demo runs with LANG=C.UTF-8 LANGUAGE=<ll>; the dialog's title and button
labels are read back from the widgets through AT-SPI and compared with the catalog's translations;
Arabic, Hebrew, Persian and Urdu must lay the buttons out right to left. A screenshot of each dialog
is cut from the screen and all are put on one sheet, <artifacts>/rating-dialog-languages.png, for a
person to look over. Prints "N passed, N failed".
"""
import os
import subprocess
import sys
import tempfile
import time

import pyatspi

from accessibility import ROOT, catalog, find, nodes, shown, wait_for

DEMO = os.path.abspath(sys.argv[1])
ARTIFACTS = os.path.abspath(sys.argv[2])
RIGHT_TO_LEFT = {"ar", "he", "fa", "ur"}


def check(language):
    translations = catalog(language)
    state = tempfile.mkdtemp(prefix="armchair-languages-")
    env = dict(os.environ, XDG_STATE_HOME=state, LANG="C.UTF-8", LANGUAGE=language, GIO_USE_NETWORK_MONITOR="base")
    demo = subprocess.Popen([DEMO], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        window = wait_for("the demo window", lambda: find("frame", "Armchair Demo"), timeout=40)
        button = wait_for("Show the Prompt Now", lambda: next(
            (n for n in nodes(window) if n.getRoleName() == "push button" and n.name == "Show the Prompt Now"), None))
        button.queryAction().doAction(0)
        title = translations["Rate %1$s"].replace("%1$s", "Armchair Demo")
        dialog = wait_for(f"the dialog {title!r}", lambda: find("alert", title))
        buttons = [n for n in nodes(dialog) if n.getRoleName() == "push button"]
        names = sorted(b.name for b in buttons)
        expected = sorted(shown(translations[key]) for key in ["_No, Thanks", "Remind Me _Later", "_Rate"])
        assert names == expected, f"buttons {names}, expected {expected}"
        rate = next(b for b in buttons if b.name == shown(translations["_Rate"]))
        others = [b for b in buttons if b is not rate]
        rate_x = rate.queryComponent().getExtents(pyatspi.DESKTOP_COORDS).x
        other_x = min(b.queryComponent().getExtents(pyatspi.DESKTOP_COORDS).x for b in others)
        if language in RIGHT_TO_LEFT:
            assert rate_x < other_x, "Rate must be on the left in a right-to-left language"
        else:
            assert rate_x > other_x, "Rate must be on the right in a left-to-right language"
        box = dialog.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        time.sleep(0.3)
        os.makedirs(os.path.join(ARTIFACTS, "languages"), exist_ok=True)
        shot = os.path.join(ARTIFACTS, "languages", f"{language}.png")
        subprocess.run(["import", "-window", "root", "-crop", f"{box.width}x{box.height}+{box.x}+{box.y}", shot],
                       check=True, capture_output=True)
        rate.queryAction().doAction(0)
        return shot
    finally:
        demo.terminate()
        demo.wait(timeout=10)


def main():
    languages = [line.strip() for line in open(os.path.join(ROOT, "po", "LINGUAS")) if line.strip() and not line.startswith("#")]
    wait_for("the accessibility registry", lambda: pyatspi.Registry.getDesktop(0).childCount >= 0 or None)
    time.sleep(1)
    passed, failed, shots = 0, 0, []
    for language in languages:
        try:
            shots.append((language, check(language)))
            passed += 1
        except Exception as error:
            failed += 1
            print(f"FAILED {language}: {error}")
    if shots:
        sheet = os.path.join(ARTIFACTS, "rating-dialog-languages.png")
        arguments = ["montage"]
        for language, shot in shots:
            arguments += ["-label", language, shot]
        subprocess.run(arguments + ["-tile", "5x", "-geometry", "+6+6", "-font", "DejaVu-Sans", "-pointsize", "14", sheet], check=True)
        print(f"sheet: {sheet}")
    print(f"languages: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
