#!/usr/bin/python3
"""Shows every dialog in every language of po/LINGUAS and checks what a user would see.

Run under a private X server and D-Bus session (scripts/test.sh does):

    scripts/x11/run.sh /usr/bin/python3 Tests/EndToEnd/dialogs_in_every_language.py .build/debug/armchair \\
        artifacts [--toolkit gtk4]

For each language, `armchair preview --lang <ll> --step all --together --pictures FOLDER --app-name
"Armchair Demo"` shows every dialog at once, each in a window of its own: the rating prompt, the
prompt after an update, the satisfaction question, the feedback request, the feedback form, its
thanks, the review form and its thanks. Each dialog's title and buttons are read back through
AT-SPI and compared with the catalog; the buttons must read in the language's direction (right to
left in Arabic, Hebrew, Persian and Urdu), or, stacked because their row was too wide, with the
suggested one on top; and no dialog may be wider than 600 pixels. Nothing is pressed: the preview
ends when the checks are done (by its own handle). The preview saves a picture of each dialog as a
person sees it once its buttons take clicks (<artifacts>/languages/<toolkit>/<ll>/<step>.png), and
the rating prompt, the feedback request and the review form go on one sheet each,
<artifacts>/<dialog>-languages.png (GTK 4: gtk4-<dialog>-languages.png), each dialog under its
language's code, for a person to look over. Prints each language's widest dialog, "N passed, N
failed", and the widest dialog of all.

With `--toolkit gtk4` the libadwaita dialogs (armchair-preview-gtk4, what `armchair preview --toolkit
gtk4` runs) go through the same checks.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

import pyatspi

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Support"))
from atspi import dialog_buttons, start_registry, wait_for
from project import ROOT
from translations import PREVIEW_STEPS, catalog, check_button_order, shown

OPTIONS = argparse.ArgumentParser(description="every dialog in every language, checked through AT-SPI")
OPTIONS.add_argument("tool", help="the armchair program")
OPTIONS.add_argument("artifacts", help="the folder for the pictures and sheets")
OPTIONS.add_argument("--toolkit", choices=["gtk3", "gtk4"], default="gtk3")
ARGUMENTS = OPTIONS.parse_args()
TOOL = os.path.abspath(ARGUMENTS.tool)
ARTIFACTS = os.path.abspath(ARGUMENTS.artifacts)
TOOLKIT = ARGUMENTS.toolkit
APP_NAME = "Armchair Demo"
MAXIMUM_WIDTH = 600
STEPS = list(PREVIEW_STEPS)
SHEETS = {"rating": "rating-dialog", "feedback-request": "feedback-request", "review": "review-form"}
SHEET_PREFIX = "gtk4-" if TOOLKIT == "gtk4" else ""


def windows_of(process, title):
    """The top-level windows of `process` titled `title`, in the order AT-SPI lists them."""
    for app in pyatspi.Registry.getDesktop(0):
        try:
            if app is not None and app.get_process_id() == process.pid:
                return [window for window in app if window is not None and window.name == title]
        except Exception:  # an application that quit while being read
            continue
    return []


def check_dialog(language, step, window, translations):
    """Checks the dialog of `step` in `window`; returns its width."""
    _, button_ids, _, _ = PREVIEW_STEPS[step]
    buttons = dialog_buttons(window)
    expected = [shown(translations.get(b, b)) for b in button_ids]
    names = [b.name for b in buttons]
    assert sorted(names) == sorted(expected), f"{step}: buttons {names}, expected {expected}"
    check_button_order(language, step, buttons, expected)
    width = window.queryComponent().getExtents(pyatspi.WINDOW_COORDS).width
    assert width <= MAXIMUM_WIDTH, f"the {step} dialog is {width} px wide, more than {MAXIMUM_WIDTH}"
    return width


def preview(language, pictures):
    """Starts the preview of every step at once in `language`, its pictures going to `pictures`.
    GTK 4 runs armchair-preview-gtk4 itself, as `armchair preview --toolkit gtk4 --lang LL` would
    run it: the language in LANGUAGE ("C" for English) and a UTF-8 locale."""
    env = dict(os.environ, LANG="C.UTF-8", GIO_USE_NETWORK_MONITOR="base")
    if TOOLKIT == "gtk4":
        helper = os.path.join(os.path.dirname(TOOL), "armchair-preview-gtk4")
        command = [helper, "--app-name", APP_NAME, "--together", "--pictures", pictures, *STEPS]
        env["LANGUAGE"] = "C" if language == "en" else language
    else:
        command = [TOOL, "preview", "--lang", language, "--step", "all", "--together", "--pictures", pictures,
                   "--app-name", APP_NAME]
    return subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=tempfile.TemporaryFile())


def check(language):
    """Checks every dialog of STEPS in `language`; returns {step: width}."""
    translations = catalog(language)
    pictures = os.path.join(ARTIFACTS, "languages", TOOLKIT, language)
    shutil.rmtree(pictures, ignore_errors=True)
    tool = preview(language, pictures)
    try:
        # The steps by title: the rating prompt and the prompt after an update share theirs (and
        # their buttons, so either window passes for either step).
        by_title = {}
        for step in STEPS:
            by_title.setdefault(translations.get(PREVIEW_STEPS[step][0], PREVIEW_STEPS[step][0])
                                .replace("%1$s", APP_NAME), []).append(step)
        widths = {}
        for title, steps in by_title.items():
            windows = wait_for(f"{len(steps)} dialog(s) {title!r}", lambda: (
                found if len(found := windows_of(tool, title)) == len(steps) else None), timeout=40)
            for step, window in zip(steps, windows):
                widths[step] = check_dialog(language, step, window, translations)
        # Each picture is drawn once its dialog takes clicks, a second after it appeared.
        wait_for("the pictures", lambda: True if all(os.path.exists(os.path.join(pictures, f"{step}.png"))
                                                     for step in STEPS) else None)
        assert tool.poll() is None, "the preview ended too soon"
        return widths
    finally:
        tool.terminate()
        try:
            tool.wait(timeout=10)
        except subprocess.TimeoutExpired:
            tool.kill()
            tool.wait()


def sheet(step, languages):
    """Puts the pictures of `step` in `languages` on one sheet, each under its language's code."""
    tiles = os.path.join(ARTIFACTS, "languages", TOOLKIT, "tiles", step)
    os.makedirs(tiles, exist_ok=True)
    arguments = ["montage"]
    for language in languages:
        tile = os.path.join(tiles, f"{language}.png")
        subprocess.run(["convert", os.path.join(ARTIFACTS, "languages", TOOLKIT, language, f"{step}.png"),
                        "-background", "white", "-gravity", "north", "-splice", "0x28", "-font", "DejaVu-Sans-Bold",
                        "-pointsize", "16", "-fill", "#1c71d8", "-annotate", "+0+5", language, tile], check=True)
        arguments.append(tile)
    path = os.path.join(ARTIFACTS, f"{SHEET_PREFIX}{SHEETS[step]}-languages.png")
    subprocess.run(arguments + ["-tile", "6x", "-geometry", "+8+8", "-background", "#deddda", path], check=True)
    shutil.rmtree(tiles)
    print(f"sheet: {path}")


def main():
    languages = [line.strip() for line in open(os.path.join(ROOT, "po", "LINGUAS"))
                 if line.strip() and not line.startswith("#")]
    start_registry()
    passed, failed, widest, pictured = 0, 0, (0, "", ""), []
    started = time.monotonic()
    for language in ["en"] + languages:
        try:
            widths = check(language)
        except Exception as error:
            failed += 1
            print(f"FAILED {language}: {error}", flush=True)
            continue
        passed += 1
        pictured.append(language)
        step, width = max(widths.items(), key=lambda item: item[1])
        print(f"{language}: widest dialog {width} px ({step})", flush=True)
        widest = max(widest, (width, language, step))
    for step in SHEETS:
        if pictured:
            sheet(step, pictured)
    print(f"languages ({TOOLKIT}): {passed} passed, {failed} failed;"
          f" widest dialog {widest[0]} px ({widest[1]}, {widest[2]}), at most {MAXIMUM_WIDTH} allowed;"
          f" {time.monotonic() - started:.0f} s")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
