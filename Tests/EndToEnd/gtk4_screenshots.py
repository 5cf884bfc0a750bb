#!/usr/bin/python3
"""Screenshots of armchair-demo-gtk4 with its rating prompt, for a person to look at, each checked
by something a script can measure.

Run under a private X server and D-Bus session (scripts/test.sh does):

    xvfb-run -a -s "-screen 0 1280x1024x24" dbus-run-session -- \\
        /usr/bin/python3 Tests/EndToEnd/gtk4_screenshots.py .build/debug/armchair-demo-gtk4 artifacts/gtk4

Each case starts the demo with --show-prompt and saves the window and its prompt to <folder>/<case>.png:
- light: the default style; the prompt's background is light (the control for "dark");
- dark: --dark, libadwaita's dark style; the prompt's background is dark;
- narrow: --width 360, a phone; the window is 360 pixels wide, the prompt no wider, its buttons
  stacked with the suggested one on top;
- rtl-ar: Arabic, laid out right to left; the prompt is translated and its buttons read right to
  left (in a row) or with Rate on top (stacked).
Prints "N passed, N failed" and exits non-zero on a failure.
"""
import os
import subprocess
import sys
import tempfile

import pyatspi

from accessibility import (catalog, check_button_order, dialog_buttons, run_scenarios_ending, shown, start_registry,
                           wait_for)
from adwaita import dialog, luminance, screenshot, top_level, width, x_geometry, x_windows

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


def main():
    os.makedirs(FOLDER, exist_ok=True)
    start_registry()
    print(f"screenshots in {FOLDER}", flush=True)
    sys.exit(1 if run_scenarios_ending([light, dark, narrow, right_to_left_arabic], Demo.started) else 0)


if __name__ == "__main__":
    main()
