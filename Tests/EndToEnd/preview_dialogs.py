#!/usr/bin/python3
"""`armchair preview` shows the requested dialog in the requested language, as a translator sees it.

Run under a private X server and D-Bus session, or on Wayland (scripts/wayland/run.sh); scripts/test.sh
does both:

    scripts/x11/run.sh /usr/bin/python3 Tests/EndToEnd/preview_dialogs.py .build/debug/armchair \
        [--toolkit gtk4]

For each case the tool runs with `--lang LL --step STEP --app-name Notes`. The dialog is found by its
translated title, its buttons are read back through AT-SPI and compared with the catalog, right-to-left
languages must put the first button on the right (stacked buttons: the suggested one on top), and a
button is pressed as a user would: the tool must then print that step's answer and exit 0. Finally
`--step all` walks every dialog in turn.

With `--toolkit gtk4` the same cases run against the libadwaita dialogs (`armchair preview --toolkit
gtk4`, which runs armchair-preview-gtk4 beside the tool), and one more: `armchair` copied alone to
a folder must say clearly that the helper is missing, and exit with an error rather than crash.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

import pyatspi

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Support"))
from atspi import dialog_buttons, nodes, on_screen, pictured, press as press_when_enabled, sensitive, wait_for, window_titled
from translations import PREVIEW_STEPS, catalog, check_button_order, shown

OPTIONS = argparse.ArgumentParser(description="armchair preview, checked through AT-SPI")
OPTIONS.add_argument("tool", help="the armchair program")
OPTIONS.add_argument("--toolkit", choices=["gtk3", "gtk4"], default="gtk3")
ARGUMENTS = OPTIONS.parse_args()
TOOL = os.path.abspath(ARGUMENTS.tool)
TOOLKIT = ARGUMENTS.toolkit

CASES = [("de", "rating"), ("ar", "satisfaction"), ("fr", "feedback-request"), ("ja", "feedback"),
         ("pt_BR", "thanks"), ("he", "update"), ("en", "rating"), ("de", "review"), ("ar", "review"),
         ("ko", "review-thanks")]


def answer_dialog(language, step, translations):
    """Checks the dialog of `step` on screen and presses its button; returns the answer expected."""
    title_id, button_ids, press_id, answer = PREVIEW_STEPS[step]
    text = lambda msgid: translations.get(msgid, msgid)
    title = text(title_id).replace("%1$s", "Notes")
    window = wait_for(f"the {step} dialog {title!r}", lambda: window_titled(title))
    buttons = dialog_buttons(window)
    names = [b.name for b in buttons]
    expected = [shown(text(b)) for b in button_ids]
    assert sorted(names) == sorted(expected), f"{language} {step}: buttons {names}, expected {expected}"
    check_button_order(language, step, buttons, expected)
    press = next(b for b in buttons if b.name == shown(text(press_id)))
    if step == "review":
        write_review(window, press, text)
    press_when_enabled(press)
    # The next dialog may have the same title (rating, then update): it must not be this one.
    wait_for(f"the {step} dialog to close", lambda: None if window_titled(title) is window else True)
    return answer


def status_shows(window, message):
    """Whether a label of `window` shows `message` (the form's live check)."""
    return any(n.getRoleName() == "label" and n.name == message for n in nodes(window))


def labelled_by(node):
    """The name of the label that names `node` (its mnemonic label), as a screen reader reads it."""
    for relation in node.getRelationSet():
        if relation.getRelationType() == pyatspi.RELATION_LABELLED_BY:
            return relation.getTarget(0).name
    return None


def text_fields(window):
    """The text fields of `window` by the label a screen reader reads for them: the label that
    names them (GTK 3), or their own name (GTK 4 names a field by its label)."""
    fields = [n for n in nodes(window) if n.getRoleName() == "text" and on_screen(n)]
    return {(labelled_by(n) or n.name): n for n in fields}


def write_review(window, publish, text):
    """Fills the review form as a user would, checking GNOME Software's live rules on the way."""
    assert not sensitive(publish), "Publish must wait for a rating, a summary and a review"
    assert status_shows(window, text("Please choose a star rating.")), "the form must say a rating is missing"
    stars = [n for n in nodes(window) if on_screen(n) and (
        n.getRoleName() == "toggle button" or n.getRoleName() == "push button" and pictured(n))]
    assert len(stars) == 5, f"five stars expected, found {[star.name for star in stars]}"
    stars[3].queryAction().doAction(0)
    # A screen reader reads stars 1 to 4 as pressed (GTK 4) or checked (GTK 3), the fifth as not.
    chosen = lambda star: star.getState().contains(pyatspi.STATE_PRESSED) or star.getState().contains(
        pyatspi.STATE_CHECKED)
    wait_for("stars 1 to 4 chosen", lambda: [chosen(star) for star in stars] == [True] * 4 + [False] or None)
    wait_for("the rating's description", lambda: status_shows(window, text("Like it")) or None)
    fields = text_fields(window)
    summary, description = fields[shown(text("_Summary"))], fields[shown(text("_Review"))]
    summary.queryEditableText().setTextContents("OK")
    wait_for("“summary too short”", lambda: status_shows(window, text("The summary is too short.")) or None)
    assert not sensitive(publish)
    summary.queryEditableText().setTextContents("Quick and tidy")
    description.queryEditableText().setTextContents("Opens instantly and never loses a note.")
    wait_for("Publish to become available after the writing time", lambda: sensitive(publish) or None, timeout=15)


def decoy_catalogs():
    """A data folder whose German catalog, as if another app had installed Armchair system-wide,
    translates every title differently: the preview must show po/'s catalogs, not these."""
    share = tempfile.mkdtemp(prefix="armchair-decoy-")
    folder = os.path.join(share, "locale", "de", "LC_MESSAGES")
    os.makedirs(folder)
    source = os.path.join(share, "de.po")
    with open(source, "w") as f:
        f.write('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                'msgid "Rate %1$s"\nmsgstr "Veraltet: %1$s"\n')
    subprocess.run(["msgfmt", "-o", os.path.join(folder, "armchair.mo"), source], check=True)
    return share


DECOY = decoy_catalogs()


def run(language, steps, step_argument):
    translations = catalog(language)
    # The decoy comes first among the system's data folders, which a desktop always lists: on
    # Wayland GTK 3 draws its dialogs' close button, whose icon needs /usr/share/mime.
    tool = subprocess.Popen([TOOL, "preview", "--toolkit", TOOLKIT, "--lang", language, "--step", step_argument,
                             "--app-name", "Notes"],
                            env=dict(os.environ, LANG="C.UTF-8", GIO_USE_NETWORK_MONITOR="base",
                                     XDG_DATA_DIRS=DECOY + ":/usr/local/share:/usr/share"),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        answers = [answer_dialog(language, step, translations) for step in steps]
        out, err = tool.communicate(timeout=20)
    finally:
        if tool.poll() is None:
            tool.kill()
    assert tool.returncode == 0, f"{language}: exit status {tool.returncode}: {err}"
    printed = out.strip().splitlines()
    expected = [f"{step}: {answer}" for step, answer in zip(steps, answers)]
    assert printed == expected, f"{language}: printed {printed}, expected {expected}"


def missing_helper_is_explained():
    """`armchair` alone in a folder, asked for GTK 4, names the missing helper and exits with an
    error status, without a crash or a window."""
    alone = tempfile.mkdtemp(prefix="armchair-alone-")
    try:
        shutil.copy2(TOOL, alone)
        result = subprocess.run([os.path.join(alone, "armchair"), "preview", "--toolkit", "gtk4", "--lang", "de"],
                                env=dict(os.environ, LANG="C.UTF-8", GIO_USE_NETWORK_MONITOR="base"),
                                capture_output=True, text=True, timeout=20)
    finally:
        shutil.rmtree(alone)
    assert result.returncode > 0, f"exit status {result.returncode} (a signal when negative): {result.stderr}"
    assert "armchair-preview-gtk4 is not beside armchair" in result.stderr, result.stderr
    assert "swift build --product armchair-preview-gtk4" in result.stderr, result.stderr
    assert "Fatal error" not in result.stderr and result.stdout == "", (result.stdout, result.stderr)


def main():
    wait_for("the accessibility registry", lambda: pyatspi.Registry.getDesktop(0).childCount >= 0 or None)
    passed, failed = 0, 0
    cases = [(language, [step], step) for language, step in CASES]
    cases.append(("es", list(PREVIEW_STEPS), "all"))
    for language, steps, argument in cases:
        try:
            run(language, steps, argument)
            passed += 1
        except Exception as error:
            failed += 1
            print(f"FAILED {TOOLKIT} {language} --step {argument}: {error}", flush=True)
    if TOOLKIT == "gtk4":
        try:
            missing_helper_is_explained()
            passed += 1
        except Exception as error:
            failed += 1
            print(f"FAILED gtk4 without armchair-preview-gtk4: {error}")
    print(f"preview ({TOOLKIT}): {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
