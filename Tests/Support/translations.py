"""The texts a dialog must show, from the catalogs of po/: the translation of each message, the
dialogs of `armchair preview` with their titles and buttons, and the order their buttons read in
each language's direction."""
import re
import subprocess

import pyatspi

from project import ROOT

RIGHT_TO_LEFT = {"ar", "he", "fa", "ur"}

# What `armchair preview --step STEP` shows: step: (title msgid, button msgids in the order the dialog
# adds them, the button preview_dialogs.py presses, the answer the tool then prints).
PREVIEW_STEPS = {
    "rating": ("Rate %1$s", ["_No, Thanks", "Remind Me _Later", "_Rate"], "_Rate", "rate"),
    "update": ("Rate %1$s", ["_No, Thanks", "Remind Me _Later", "_Rate"], "_No, Thanks", "decline"),
    "satisfaction": ("Enjoying %1$s?", ["Not _Really", "_Yes!"], "_Yes!", "enjoying"),
    "feedback-request": ("Help Improve %1$s", ["_No, Thanks", "_Rate Instead", "_Send Feedback…"],
                         "_Send Feedback…", "giveFeedback"),
    "feedback": ("Feedback on %1$s", ["_Cancel", "_Send"], "_Cancel", "cancelled"),
    "thanks": ("Thank You", ["_Close"], "_Close", "closed"),
    "review": ("Review %1$s", ["_Cancel", "_Publish"], "_Publish", "submitted"),
    "review-thanks": ("Thank You for Your Review", ["_Close"], "_Close", "closed"),
}


def check_button_order(language, step, buttons, expected):
    """Checks that `buttons`, named `expected` in the order the dialog adds them (the suggested one
    last), read in the language's direction: in a row, left to right (right to left in Arabic,
    Hebrew, Persian and Urdu); stacked because the row was too wide, the suggested one on top.
    Places are read relative to the dialog, which is all GTK 4 tells."""
    if len(buttons) < 2:
        return
    place = {b.name: b.queryComponent().getExtents(pyatspi.WINDOW_COORDS) for b in buttons}
    first, last = place[expected[0]], place[expected[-1]]
    if first.y != last.y:
        assert first.x == last.x and first.width == last.width, f"{language} {step}: stacked buttons must line up"
        assert last.y < first.y, f"{language} {step}: stacked, the suggested button must be on top"
    elif language in RIGHT_TO_LEFT:
        assert first.x > last.x, f"{language} {step}: the buttons must run right to left"
    else:
        assert first.x < last.x, f"{language} {step}: the buttons must run left to right"


def shown(label):
    """A button label as GTK shows it: the mnemonic underscore removed."""
    return label.replace("_", "")


def catalog(language):
    """The translations of po/<language>.po by msgid (singular entries); English maps to nothing."""
    if language == "en":
        return {}
    text = subprocess.run(["msgcat", "--no-wrap", f"{ROOT}/po/{language}.po"],
                          capture_output=True, text=True, check=True).stdout
    decode = lambda s: s.encode().decode("unicode_escape").encode("latin-1").decode()
    return {decode(i): decode(s) for i, s in re.findall(r'^msgid "(.*)"\nmsgstr "(.*)"$', text, re.M)}
