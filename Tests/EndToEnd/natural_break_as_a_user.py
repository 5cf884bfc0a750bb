#!/usr/bin/python3
"""The installed demos ask only at a natural break: never while someone types, never over a
fullscreen window. Real key presses, on X11 or on Wayland:

    scripts/x11/run.sh /usr/bin/python3 Tests/EndToEnd/natural_break_as_a_user.py --prefix PREFIX
    scripts/wayland/run.sh /usr/bin/python3 Tests/EndToEnd/natural_break_as_a_user.py --prefix PREFIX

PREFIX holds what `scripts/install.sh --demos` installed. On X11 the keys go through the X
server (xdotool, XTest); on Wayland through mutter's remote-desktop virtual keyboard, as a person's
keyboard would. For GTK 3 and GTK 4, the demo starts outside debug mode on a state file seeded so
that its automatic prompt is due 2 seconds after the launch, and:

- someone types steadily (a key every 0.15 s) for 15 s from the moment the window is active: no
  prompt appears; they stop, and the prompt appears within the quiet time (5 s) plus a second of
  the last key. The time from the last key to the prompt is printed;
- on Wayland, where mutter makes windows fullscreen: F11 makes the window fullscreen, and no
  prompt appears in the 12 s that follow (past the delay and the quiet time); F11 again, and the
  prompt appears within the quiet time plus a second of it.

As each prompt appears its buttons are disabled (for its first second, so that a typist's next
key cannot answer it); it is answered "Remind Me Later", read back from the state file. Prints "N passed,
N failed" and exits non-zero on a failure.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

import pyatspi
from gi.repository import Gio, GLib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Support"))
import adwaita_dialogs
from atspi import dialog_buttons, press, sensitive, start_registry, wait_for
from demos import start_installed_demo
from scenarios import run_scenarios
from state_files import regular_user_state, state_values, write_state

APP_ID = "io.github.armchairlinux.Demo"
PROMPT = "Rate Armchair Demo"
QUIET_TIME = 5  # the binding's default
TYPING_SECONDS = 15
KEY_INTERVAL = 0.15
WORK = tempfile.mkdtemp(prefix="armchair-natural-break-")
STARTED = []
WAYLAND = os.environ.get("GDK_BACKEND") == "wayland" and "DISPLAY" not in os.environ
# Letters only: Space or Enter would press the focused button. As X keysym names and evdev codes.
LETTERS = [("a", 30), ("s", 31), ("d", 32), ("f", 33), ("g", 34), ("h", 35), ("j", 36), ("k", 37), ("l", 38)]
F11 = ("F11", 87)


class X11Keyboard:
    """Key presses through the X server (XTest), to the focused window."""

    def tap(self, key):
        subprocess.run(["xdotool", "key", key[0]], check=True)


class WaylandKeyboard:
    """Key presses through a mutter remote-desktop session's virtual keyboard, to the focused
    window."""

    SERVICE = "org.gnome.Mutter.RemoteDesktop"

    def __init__(self):
        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        desktop = self.proxy(bus, "/org/gnome/Mutter/RemoteDesktop", self.SERVICE)
        path = desktop.call_sync("CreateSession", None, Gio.DBusCallFlags.NONE, 5000, None).unpack()[0]
        self.session = self.proxy(bus, path, self.SERVICE + ".Session")
        self.session.call_sync("Start", None, Gio.DBusCallFlags.NONE, 5000, None)

    def proxy(self, bus, path, interface):
        return Gio.DBusProxy.new_sync(bus, Gio.DBusProxyFlags.DO_NOT_LOAD_PROPERTIES, None, self.SERVICE, path,
                                      interface, None)

    def tap(self, key):
        for pressed in (True, False):
            self.session.call_sync("NotifyKeyboardKeycode", GLib.Variant("(ub)", (key[1], pressed)),
                                   Gio.DBusCallFlags.NONE, 5000, None)


class Demo:
    """An installed demo started on a state folder that makes its user a regular: the automatic
    prompt is due 2 seconds after the launch."""

    def __init__(self, toolkit):
        program = {"gtk3": "armchair-demo", "gtk4": "armchair-demo-gtk4"}[toolkit]
        self.toolkit = toolkit
        self.state_home = tempfile.mkdtemp(dir=WORK, prefix="state-")
        write_state(self.state_home, APP_ID, regular_user_state(days=2, uses=3, significant_events=2))
        self.process, self.log_path = start_installed_demo(PREFIX, program, WORK, self.state_home)
        STARTED.append(self.process)
        self.window = adwaita_dialogs.top_level("frame", "Armchair Demo", self.process.pid)
        wait_for("the window to be active", lambda: self.window.getState().contains(pyatspi.STATE_ACTIVE) or None)

    def prompt(self):
        """The prompt, if it is on screen: GTK 3's alert or libadwaita's dialog."""
        role = "alert" if self.toolkit == "gtk3" else "dialog"
        for app in pyatspi.Registry.getDesktop(0):
            try:
                if app is None or app.get_process_id() != self.process.pid:
                    continue
                return next((w for w in app if w is not None and w.getRoleName() == role and w.name == PROMPT), None)
            except Exception:  # an application that quit while being read
                continue
        return None

    def no_prompt_for(self, seconds, keyboard=None, while_doing=""):
        """Checks every KEY_INTERVAL for `seconds` that no prompt is on screen, tapping a letter
        each time when given a keyboard. Returns when the last key was pressed."""
        last_key = None
        deadline = time.monotonic() + seconds
        count = 0
        while time.monotonic() < deadline:
            started = time.monotonic()
            if keyboard:
                keyboard.tap(LETTERS[count % len(LETTERS)])
                last_key = time.monotonic()
                count += 1
            assert self.prompt() is None, \
                f"the prompt appeared {seconds - (deadline - time.monotonic()):.1f} s into {while_doing}"
            time.sleep(max(0, KEY_INTERVAL - (time.monotonic() - started)))
        return last_key

    def prompt_after(self, since, what):
        """Waits for the prompt; checks it came within the quiet time plus a second of `since`
        (and not before the quiet time), prints and returns the wait."""
        prompt = wait_for("the prompt", self.prompt, timeout=QUIET_TIME + 10)
        waited = time.monotonic() - since
        print(f"  {self.toolkit}: the prompt came {waited:.2f} s after {what}", flush=True)
        assert QUIET_TIME - 0.5 <= waited <= QUIET_TIME + 1, f"{waited:.2f} s after {what}"
        return prompt

    def answer_later(self, prompt):
        buttons = {b.name: b for b in dialog_buttons(prompt)}
        # Found within a few polls of appearing: its buttons are still disabled (ActivationGuard).
        assert not any(sensitive(b) for b in buttons.values()), "a button took input as the prompt appeared"
        press(buttons["Remind Me Later"])
        wait_for("the answer on disk", lambda: True if state_values(self.state_home, APP_ID).get(
            "last-reminded-date") else None)
        assert self.process.poll() is None, "the app ended:\n" + open(self.log_path).read()


def typing_holds_the_prompt(toolkit):
    def scenario():
        demo = Demo(toolkit)
        last_key = demo.no_prompt_for(TYPING_SECONDS, KEYBOARD, while_doing="the typing")
        demo.answer_later(demo.prompt_after(last_key, "the last key"))
    scenario.__name__ = f"{toolkit}_no_prompt_while_someone_types_then_after_the_quiet_time"
    return scenario


def fullscreen_holds_the_prompt(toolkit):
    def scenario():
        demo = Demo(toolkit)
        KEYBOARD.tap(F11)
        demo.no_prompt_for(12, while_doing="the 12 s in fullscreen")
        KEYBOARD.tap(F11)
        left = time.monotonic()
        demo.answer_later(demo.prompt_after(left, "leaving fullscreen (F11)"))
    scenario.__name__ = f"{toolkit}_no_prompt_over_fullscreen_then_after_leaving_it"
    return scenario


def main():
    global PREFIX, KEYBOARD
    options = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    options.add_argument("--prefix", required=True, help="what scripts/install.sh --demos installed")
    PREFIX = os.path.abspath(options.parse_args().prefix)
    start_registry()
    KEYBOARD = WaylandKeyboard() if WAYLAND else X11Keyboard()
    scenarios = [typing_holds_the_prompt(toolkit) for toolkit in ("gtk3", "gtk4")]
    if WAYLAND:  # Xvfb has no window manager to make a window fullscreen
        scenarios += [fullscreen_holds_the_prompt(toolkit) for toolkit in ("gtk3", "gtk4")]
    failed = run_scenarios(scenarios, STARTED)
    shutil.rmtree(WORK, ignore_errors=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
