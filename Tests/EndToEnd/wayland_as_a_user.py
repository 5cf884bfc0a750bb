#!/usr/bin/python3
"""The installed demos on Wayland under GNOME's compositor, prompting a regular user by themselves.

Run on a Wayland desktop of its own (scripts/test.sh does):

    scripts/wayland/run.sh /usr/bin/python3 Tests/EndToEnd/wayland_as_a_user.py --prefix PREFIX

PREFIX holds what `scripts/install.sh --demos` installed. There is no X server: GTK runs on
Wayland or not at all. mutter focuses each new window, as on a desktop, so the window becomes
active and the automatic prompt (the one that waits for an active window) comes by itself. For
each toolkit and each answer, the demo starts outside debug mode on a state file seeded so that the
thresholds of its installed settings are met, and:

- its window is active (AT-SPI), and its prompt appears on its own once the app has been quiet
  for the binding's quiet time (5 s from the window becoming active), plus a margin;
- the answer is pressed as a person would, and read back from the state file: the answer, the
  prompt's date, and the launch counted once (the seeded uses plus one);
- Rate opens the review page: appstream://<app-id> reaches the desktop's handler.

Prints "N passed, N failed" and exits non-zero on a failure.
"""
import argparse
import os
import shutil
import sys
import tempfile

import pyatspi

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Support"))
import adwaita_dialogs
from atspi import dialog_buttons, press, start_registry, wait_for
from demos import start_installed_demo
from desktop import install_uri_handler
from scenarios import run_scenarios
from state_files import regular_user_state, state_values, write_state

APP_ID = "io.github.armchairlinux.Demo"
PROMPT = "Rate Armchair Demo"
SEEDED_USES = 3  # the installed settings ask for 3 uses, 2 significant events and 15 minutes
WORK = tempfile.mkdtemp(prefix="armchair-wayland-")
STARTED = []
# What each answer leaves in the state file.
ANSWERS = {
    "Rate": ("rated-this-version", "true"),
    "Remind Me Later": ("last-reminded-date", "20"),
    "No, Thanks": ("declined-this-version", "true"),
}


def seeded_state_home():
    """A state folder whose file makes the user a regular of the demo: first used two days ago,
    with the uses and significant events its installed settings ask for."""
    state_home = tempfile.mkdtemp(dir=WORK, prefix="state-")
    write_state(state_home, APP_ID, regular_user_state(days=2, uses=SEEDED_USES, significant_events=2))
    return state_home


class WaylandDemo:
    """An installed demo started on a seeded state folder, as its desktop entry starts it."""

    def __init__(self, program, opened):
        assert "DISPLAY" not in os.environ and os.environ.get("GDK_BACKEND") == "wayland", \
            "run under scripts/wayland/run.sh: no X server, GTK on Wayland only"
        self.state_home = seeded_state_home()
        self.process, self.log_path = start_installed_demo(PREFIX, program, WORK, self.state_home)
        STARTED.append(self.process)
        self.opened = opened
        self.window = adwaita_dialogs.top_level("frame", "Armchair Demo", self.process.pid)

    def state(self):
        return state_values(self.state_home, APP_ID)

    def log(self):
        with open(self.log_path) as f:
            return f.read()


def prompts_by_itself(toolkit, answer):
    program = {"gtk3": "armchair-demo", "gtk4": "armchair-demo-gtk4"}[toolkit]

    def scenario():
        demo = WaylandDemo(program, OPENED)
        wait_for("the window to be active", lambda: demo.window.getState().contains(pyatspi.STATE_ACTIVE) or None)
        # GTK 3's alert and libadwaita's dialog; 5 seconds after the window became active, plus a margin.
        role = "alert" if toolkit == "gtk3" else "dialog"
        prompt = wait_for(f"the {role} {PROMPT!r}", lambda: next(
            (w for w in adwaita_windows(demo.process.pid) if w.getRoleName() == role and w.name == PROMPT), None),
            timeout=15)
        buttons = {b.name: b for b in dialog_buttons(prompt)}
        assert sorted(buttons) == sorted(ANSWERS), f"buttons {sorted(buttons)}"
        press(buttons[answer])
        key, value = ANSWERS[answer]
        state = wait_for(f"{key}={value} on disk",
                         lambda: demo.state() if demo.state().get(key, "").startswith(value) else None)
        assert state["use-count"] == str(SEEDED_USES + 1), f"the launch counted once: {state}"
        assert state.get("prompt-dates"), f"the prompt recorded: {state}"
        if answer == "Rate":
            uri = f"appstream://{APP_ID}"
            wait_for(f"{uri} opened", lambda: True if os.path.exists(OPENED) and
                     uri in open(OPENED).read().split("\n") else None)
        assert demo.process.poll() is None, "the app ended:\n" + demo.log()
    scenario.__name__ = f"{toolkit}_prompts_by_itself_and_records_{answer.replace(' ', '_').replace(',', '')}"
    return scenario


def adwaita_windows(pid):
    """The top-level windows of the process `pid`."""
    for app in pyatspi.Registry.getDesktop(0):
        try:
            if app is not None and app.get_process_id() == pid:
                return [w for w in app if w is not None]
        except Exception:  # an application that quit while being read
            continue
    return []


def main():
    global PREFIX, OPENED
    options = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    options.add_argument("--prefix", required=True, help="what scripts/install.sh --demos installed")
    PREFIX = os.path.abspath(options.parse_args().prefix)
    OPENED = install_uri_handler(WORK)
    start_registry()
    scenarios = [prompts_by_itself(toolkit, answer) for toolkit in ("gtk3", "gtk4") for answer in ANSWERS]
    failed = run_scenarios(scenarios, STARTED)
    shutil.rmtree(WORK, ignore_errors=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
