#!/usr/bin/python3
"""Shows every dialog in every language of po/LINGUAS and checks what a user would see.

Run under a private X server and D-Bus session (scripts/test.sh does):

    xvfb-run -a -s "-screen 0 1280x1024x24" dbus-run-session -- \\
        /usr/bin/python3 Tests/EndToEnd/dialogs_in_every_language.py .build/debug/armchair artifacts \
        [--toolkit gtk4]

For each language, `armchair preview --lang <ll> --step all --app-name "Armchair Demo"` walks the
dialogs in turn: the rating prompt, the prompt after an update, the satisfaction question, the
feedback request, the feedback form, its thanks, the review form and its thanks. Each dialog's title
and buttons are read back through AT-SPI and compared with the catalog; the buttons must read in
the language's direction (right to left in Arabic, Hebrew, Persian and Urdu), or, stacked because
their row was too wide, with the suggested one on top; and no dialog may be wider than 600 pixels.
The rating prompt, the feedback request and the review form are cut from the screen and put on one
sheet each, <artifacts>/<dialog>-languages.png, for a person to look over. Prints each language's
widest dialog, "N passed, N failed", and the widest dialog of all.

With `--toolkit gtk4` the libadwaita dialogs (armchair-preview-gtk4, what `armchair preview --toolkit
gtk4` runs) go through the same checks, all but the review form, and the rating prompts go on
<artifacts>/gtk4-rating-dialog-languages.png. GTK 4 tells only
where a widget is inside its window, so the dialog is cut from the screen where X says its window is.
"""
import argparse
import os
import subprocess
import sys
import time

import pyatspi

from accessibility import (PREVIEW_STEPS, ROOT, catalog, check_button_order, dialog_buttons, press, shown,
                           wait_for, window_titled)
from adwaita import screenshot, x_windows

OPTIONS = argparse.ArgumentParser(description="every dialog in every language, checked through AT-SPI")
OPTIONS.add_argument("tool", help="the armchair program")
OPTIONS.add_argument("artifacts", help="the folder for the screenshots and sheets")
OPTIONS.add_argument("--toolkit", choices=["gtk3", "gtk4"], default="gtk3")
ARGUMENTS = OPTIONS.parse_args()
TOOL = os.path.abspath(ARGUMENTS.tool)
ARTIFACTS = os.path.abspath(ARGUMENTS.artifacts)
TOOLKIT = ARGUMENTS.toolkit
APP_NAME = "Armchair Demo"
MAXIMUM_WIDTH = 600
# The button pressed to go on from each step: one that closes the dialog without a second step.
PRESS = {"rating": "_Rate", "update": "_No, Thanks", "satisfaction": "_Yes!", "feedback-request": "_No, Thanks",
         "feedback": "_Cancel", "thanks": "_Close", "review": "_Cancel", "review-thanks": "_Close"}
SHEETS = {"rating": "rating-dialog", "feedback-request": "feedback-request", "review": "review-form"}
STEPS = list(PREVIEW_STEPS)
if TOOLKIT == "gtk4":
    # Kept short (about 3 s a language): every message dialog and the feedback form, but not the
    # review form (preview_dialogs.py and gtk4_forms_as_a_user.py check it in a few languages),
    # and one sheet, as each screenshot waits for the dialog to paint.
    STEPS = [step for step in PREVIEW_STEPS if step != "review"]
    SHEETS = {"rating": "gtk4-rating-dialog"}


def cut_from_screen(window, path):
    """Saves the dialog `window` as it is on screen to `path`."""
    if TOOLKIT == "gtk4":
        screenshot(path, x_windows(window.get_process_id()))
        return
    box = window.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    subprocess.run(["import", "-window", "root", "-crop", f"{box.width}x{box.height}+{box.x}+{box.y}", path],
                   check=True, capture_output=True)


def check_dialog(language, step, translations):
    """Checks the dialog of `step`, screenshots it if it goes on a sheet, and goes on; returns its
    width and the screenshot (or None)."""
    title_id, button_ids, _, _ = PREVIEW_STEPS[step]
    text = lambda msgid: translations.get(msgid, msgid)
    title = text(title_id).replace("%1$s", APP_NAME)
    window = wait_for(f"the {step} dialog {title!r}", lambda: window_titled(title), timeout=40)
    buttons = dialog_buttons(window)
    expected = [shown(text(b)) for b in button_ids]
    names = [b.name for b in buttons]
    assert sorted(names) == sorted(expected), f"{step}: buttons {names}, expected {expected}"
    check_button_order(language, step, buttons, expected)
    box = window.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    assert box.width <= MAXIMUM_WIDTH, f"the {step} dialog is {box.width} px wide, more than {MAXIMUM_WIDTH}"
    shot = None
    if step in SHEETS:
        time.sleep(0.3)
        folder = os.path.join(ARTIFACTS, "languages", SHEETS[step])
        os.makedirs(folder, exist_ok=True)
        shot = os.path.join(folder, f"{language}.png")
        cut_from_screen(window, shot)
    press(next(b for b in buttons if b.name == shown(text(PRESS[step]))))
    wait_for(f"the {step} dialog to close", lambda: None if window_titled(title) is window else True)
    return box.width, shot


def preview(language):
    """Starts the preview of STEPS in `language`. GTK 4 runs armchair-preview-gtk4 itself, which can
    take a list of steps, as `armchair preview --toolkit gtk4 --lang LL` would run it: the language
    in LANGUAGE ("C" for English) and a UTF-8 locale."""
    env = dict(os.environ, LANG="C.UTF-8", GIO_USE_NETWORK_MONITOR="base")
    if TOOLKIT == "gtk4":
        helper = os.path.join(os.path.dirname(TOOL), "armchair-preview-gtk4")
        command = [helper, "--app-name", APP_NAME, *STEPS]
        env["LANGUAGE"] = "C" if language == "en" else language
    else:
        command = [TOOL, "preview", "--lang", language, "--step", "all", "--app-name", APP_NAME]
    return subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def check(language):
    """Walks every dialog of STEPS in `language`; returns {step: (width, screenshot)}."""
    translations = catalog(language)
    tool = preview(language)
    try:
        seen = {step: check_dialog(language, step, translations) for step in STEPS}
        _, err = tool.communicate(timeout=20)
        assert tool.returncode == 0, f"exit status {tool.returncode}: {err}"
        return seen
    finally:
        if tool.poll() is None:
            tool.kill()
            tool.wait()


def sheet(name, shots):
    path = os.path.join(ARTIFACTS, f"{name}-languages.png")
    arguments = ["montage"]
    for language, shot in shots:
        arguments += ["-label", language, shot]
    subprocess.run(arguments + ["-tile", "6x", "-geometry", "+6+6", "-font", "DejaVu-Sans", "-pointsize", "14", path],
                   check=True)
    print(f"sheet: {path}")


def main():
    languages = [line.strip() for line in open(os.path.join(ROOT, "po", "LINGUAS"))
                 if line.strip() and not line.startswith("#")]
    wait_for("the accessibility registry", lambda: pyatspi.Registry.getDesktop(0).childCount >= 0 or None)
    time.sleep(1)
    passed, failed, widest = 0, 0, (0, "", "")
    shots = {step: [] for step in SHEETS}
    for language in ["en"] + languages:
        try:
            seen = check(language)
        except Exception as error:
            failed += 1
            print(f"FAILED {language}: {error}", flush=True)
            continue
        passed += 1
        step, (width, _) = max(seen.items(), key=lambda item: item[1][0])
        print(f"{language}: widest dialog {width} px ({step})", flush=True)
        widest = max(widest, (width, language, step))
        for step in SHEETS:
            shots[step].append((language, seen[step][1]))
    for step, name in SHEETS.items():
        if shots[step]:
            sheet(name, shots[step])
    print(f"languages ({TOOLKIT}): {passed} passed, {failed} failed;"
          f" widest dialog {widest[0]} px ({widest[1]}, {widest[2]})"
          f", at most {MAXIMUM_WIDTH} allowed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
