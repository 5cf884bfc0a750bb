#!/usr/bin/python3
"""Screenshots of armchair-demo-gtk4 with its rating prompt, for a person to look at, each checked
by something a script can measure.

Run under a private X server and D-Bus session (scripts/test.sh does):

    scripts/x11/run.sh \\
        /usr/bin/python3 Tests/EndToEnd/gtk4_screenshots.py .build/debug/armchair-demo-gtk4 artifacts/gtk4

Each case starts the demo with --show-prompt and saves the window and its prompt to <folder>/<case>.png:
- light: the default style; the prompt's background is light (the control for "dark");
- dark: --dark, libadwaita's dark style; the prompt's background is dark;
- narrow: --width 360, a phone; the window is 360 pixels wide, the prompt no wider, its buttons
  stacked with the suggested one on top;
- rtl-ar: Arabic, laid out right to left; the prompt is translated and its buttons read right to
  left (in a row) or with Rate on top (stacked);
- form-ru, form-ar: the feedback form in Russian and the review form in Arabic (long words, and
  right to left), their windows made 360 pixels wide as a phone's screen would: the window takes
  that width, and nothing in it reaches past its edges.
Prints "N passed, N failed" and exits non-zero on a failure.
"""
import os
import subprocess
import sys
import tempfile
import time

import pyatspi

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Support"))
from adwaita_dialogs import dialog, top_level, width
from atspi import dialog_buttons, nodes, sensitive, start_registry, wait_for, wait_until
from scenarios import run_scenarios
from screenshots import luminance, screenshot, x_geometry, x_windows
from translations import catalog, check_button_order, shown

DEMO = os.path.abspath(sys.argv[1])
FOLDER = os.path.abspath(sys.argv[2])
APP_ID = "io.github.armchairlinux.Demo"
WORK = tempfile.mkdtemp(prefix="armchair-gtk4-shots-")


class Demo:
    """The demo started with its prompt shown, on a fresh state folder."""
    # Every demo started, so that each is ended by its own process handle after its case.
    started = []

    def __init__(self, *arguments, language="C"):
        env = dict(os.environ, XDG_STATE_HOME=tempfile.mkdtemp(dir=WORK), XDG_DATA_HOME=os.path.join(WORK, "data"),
                   XDG_CONFIG_HOME=os.path.join(WORK, "config"), GIO_USE_NETWORK_MONITOR="base", LANG="C.UTF-8",
                   LANGUAGE=language)
        self.process = subprocess.Popen([DEMO, "--show-prompt", *arguments], env=env, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        Demo.started.append(self.process)
        self.window = top_level("frame", "Armchair Demo", self.process.pid)

    def prompt(self, title):
        """The prompt titled `title` and its buttons by name, once it is laid out."""
        prompt = dialog(title, self.process.pid)
        return prompt, {b.name: b.queryComponent().getExtents(pyatspi.WINDOW_COORDS) for b in dialog_buttons(prompt)}

    def shoot(self, name, prompt):
        """Saves the window and its prompt to <folder>/<name>.png; returns the file, where the
        prompt is in it and where the window is in it, each as (x, y, width, height) as X has them
        (AT-SPI leaves out the edge GTK draws around a window)."""
        windows = wait_for("two windows on screen", lambda: x_windows(self.process.pid) if len(
            x_windows(self.process.pid)) == 2 else None)
        # As a person sees the prompt once it takes clicks: its buttons are disabled for its first
        # second (ActivationGuard), then drawn anew.
        wait_until("the prompt's buttons to take clicks", lambda: all(sensitive(b) for b in dialog_buttons(prompt)))
        time.sleep(0.3)
        path = os.path.join(FOLDER, f"{name}.png")
        left, top, _, _ = screenshot(path, windows)
        boxes = sorted((x_geometry(w) for w in windows), key=lambda box: abs(box[2] - width(prompt)))
        prompt_box, window_box = [(x - left, y - top, w, h) for x, y, w, h in boxes]
        return path, prompt_box, window_box

    def quit(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def background(path, box):
    """The luminance of the prompt's background: a point in its left margin, beside its text."""
    x, y, _, height = box
    return luminance(path, x + 12, y + height // 3)


def light():
    demo = Demo()
    prompt, _ = demo.prompt("Rate Armchair Demo")
    path, box, _ = demo.shoot("light", prompt)
    assert background(path, box) > 0.7, f"the light prompt's background is {background(path, box):.2f}"
    demo.quit()


def dark():
    demo = Demo("--dark")
    prompt, _ = demo.prompt("Rate Armchair Demo")
    path, box, _ = demo.shoot("dark", prompt)
    assert background(path, box) < 0.3, f"the dark prompt's background is {background(path, box):.2f}"
    demo.quit()


def narrow():
    demo = Demo("--width", "360")
    prompt, places = demo.prompt("Rate Armchair Demo")
    _, prompt_box, window_box = demo.shoot("narrow", prompt)
    assert window_box[2] == 360, f"the window is {window_box[2]} px wide"
    assert prompt_box[0] >= 0 and prompt_box[0] + prompt_box[2] <= 360, f"the prompt {prompt_box} leaves the window"
    assert places["Rate"].y < places["Remind Me Later"].y < places["No, Thanks"].y, places
    demo.quit()


def right_to_left_arabic():
    texts = catalog("ar")
    demo = Demo("--rtl", language="ar")
    prompt = dialog(texts["Rate %1$s"].replace("%1$s", "Armchair Demo"), demo.process.pid)
    demo.shoot("rtl-ar", prompt)
    # libadwaita sizes the prompt after its parent as it is then, so the buttons may be in a row
    # (right to left) or stacked (Rate on top): both read in Arabic's direction.
    expected = [shown(texts[label]) for label in ["_No, Thanks", "Remind Me _Later", "_Rate"]]
    buttons = dialog_buttons(prompt)
    assert sorted(b.name for b in buttons) == sorted(expected), [b.name for b in buttons]
    check_button_order("ar", "rating", buttons, expected)
    demo.quit()


PREVIEW = os.path.join(os.path.dirname(DEMO), "armchair-preview-gtk4")
PHONE_WIDTH = 360
# What a form shows, besides boxes and panes: what would be cut off at a narrow window's edge.
FORM_CONTENT = {"push button", "toggle button", "check box", "label", "text", "entry", "password text"}


def form_on_a_phone(language, step, title):
    """Shows the form of `step` in `language`, makes its window phone-wide, saves it to
    <folder>/form-<language>.png and checks that nothing reaches past its edges."""
    env = dict(os.environ, LANG="C.UTF-8", LANGUAGE=language)
    process = subprocess.Popen([PREVIEW, "--app-name", "Armchair Demo", step], env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    Demo.started.append(process)
    form = dialog(catalog(language)[title].replace("%1$s", "Armchair Demo"), process.pid)
    window = wait_for("the form's X window", lambda: (x_windows(process.pid) or [None])[0])
    subprocess.run(["xdotool", "windowsize", window, str(PHONE_WIDTH), "720"], check=True)
    wait_for(f"the form's window {PHONE_WIDTH} px wide", lambda: x_geometry(window)[2] == PHONE_WIDTH or None)
    time.sleep(1)  # the new width's layout; a window that cannot be that narrow grows back
    screenshot(os.path.join(FOLDER, f"form-{language}.png"), [window])
    assert x_geometry(window)[2] == PHONE_WIDTH, f"the form needs {x_geometry(window)[2]} px, wider than a phone"
    for node in nodes(form):
        if node.getRoleName() in FORM_CONTENT and node.getState().contains(pyatspi.STATE_SHOWING):
            box = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            assert box.width == 0 or 0 <= box.x and box.x + box.width <= PHONE_WIDTH, \
                f"{node.getRoleName()} {node.name!r} spans {box.x}..{box.x + box.width} of {PHONE_WIDTH} px"
    process.terminate()
    process.wait(timeout=10)


def feedback_form_in_russian_on_a_phone():
    form_on_a_phone("ru", "feedback", "Feedback on %1$s")


def review_form_in_arabic_on_a_phone():
    form_on_a_phone("ar", "review", "Review %1$s")


def main():
    os.makedirs(FOLDER, exist_ok=True)
    start_registry()
    print(f"screenshots in {FOLDER}", flush=True)
    sys.exit(1 if run_scenarios([light, dark, narrow, right_to_left_arabic, feedback_form_in_russian_on_a_phone,
                                                review_form_in_arabic_on_a_phone], Demo.started) else 0)


if __name__ == "__main__":
    main()
