#!/usr/bin/python3
"""Spike: uses armchair-demo-gtk4 (GTK 4 + libadwaita) as a person with a screen reader would.

    xvfb-run -a dbus-run-session -- /usr/bin/python3 Tests/EndToEnd/demo_gtk4_as_a_user.py \\
        .build/debug/armchair-demo-gtk4

What differs from GTK 3 (demo_as_a_user.py), as GTK 4.8 and libadwaita 1.2 show it over AT-SPI:
- the prompt is role "dialog" (GTK 3's message dialogs are "alert"), named by its heading, its
  body as the description;
- AdwMessageDialog holds its buttons twice (a row and a stack, in an AdwSqueezer); both copies are
  "visible", the one not shown has zero extents and ignores clicks;
- no window manager is needed for a window to become active (GTK 3 needs xdotool windowfocus);
- extents are window-relative ("Screen coordinates not supported").
Prints "N passed, N failed" and exits non-zero on a failure.
"""
import os
import subprocess
import sys
import tempfile

import pyatspi

from accessibility import find, install_uri_handler, nodes, start_registry, state_values, wait_for

DEMO = os.path.abspath(sys.argv[1])
APP_ID = "io.github.armchairlinux.Demo"
ROOT = tempfile.mkdtemp(prefix="armchair-e2e-gtk4-")
OPENED = install_uri_handler(ROOT)


def opened():
    return open(OPENED).read().split("\n") if os.path.exists(OPENED) else []


def dialog(title):
    """The libadwaita message dialog headed `title`, once it appears."""
    return wait_for(f'dialog "{title}"', lambda: find("dialog", title))


def click(name, root):
    """Clicks the button `name` below `root` that is on screen (not the hidden copy)."""
    def shown_button():
        for node in nodes(root):
            if node.getRoleName() == "push button" and node.name == name:
                extents = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
                if extents.width > 0 and extents.height > 0:
                    return node
        return None
    button = wait_for(f'button "{name}"', shown_button)
    assert button.getState().contains(pyatspi.STATE_SENSITIVE), f'"{name}" is disabled'
    button.queryAction().doAction(0)


class Demo:
    # Every demo started, so that each is ended by its own process handle after its scenario.
    started = []

    def __init__(self, *arguments):
        self.state_home = tempfile.mkdtemp(dir=ROOT, prefix="state-")
        env = dict(os.environ, XDG_STATE_HOME=self.state_home, XDG_DATA_HOME=os.path.join(ROOT, "data"),
                   XDG_CONFIG_HOME=os.path.join(ROOT, "config"), GIO_USE_NETWORK_MONITOR="base", LANG="C.UTF-8")
        self.log_path = os.path.join(self.state_home, "demo.log")
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen([DEMO, *arguments], env=env, stdout=self.log, stderr=self.log)
        Demo.started.append(self.process)
        self.window = wait_for("the demo window", lambda: find("frame", "Armchair Demo"), timeout=40)

    def output(self):
        return open(self.log_path).read()

    def quit(self):
        self.process.terminate()
        self.process.wait(timeout=10)

    def state(self):
        return state_values(self.state_home, APP_ID)


def rate_opens_the_software_centre():
    demo = Demo()
    click("Show the Prompt Now", demo.window)
    prompt = dialog("Rate Armchair Demo")
    assert "useful" in prompt.description, prompt.description
    click("Rate", prompt)
    wait_for("the software centre", lambda: True if f"appstream://{APP_ID}" in opened() else None)
    wait_for("the rating on disk", lambda: True if demo.state().get("rated-this-version") == "true" else None)
    demo.quit()


def no_thanks_declines():
    demo = Demo()
    click("Show the Prompt Now", demo.window)
    click("No, Thanks", dialog("Rate Armchair Demo"))
    wait_for("the answer", lambda: True if "answer: decline" in demo.output() else None)
    demo.quit()


def escape_is_not_now():
    demo = Demo()
    click("Show the Prompt Now", demo.window)
    dialog("Rate Armchair Demo")
    subprocess.run(["xdotool", "key", "Escape"], check=True)
    wait_for("the answer", lambda: True if "The rating prompt ended: dismissed" in demo.output() else None)
    assert demo.state().get("declined-any-version") != "true"
    demo.quit()


def debug_mode_prompts_on_launch_once_a_window_is_active():
    demo = Demo("--debug")
    dialog("Rate Armchair Demo")
    demo.quit()


def closing_the_window_under_the_prompt_dismisses_it_and_quits():
    demo = Demo()
    click("Show the Prompt Now", demo.window)
    dialog("Rate Armchair Demo")
    click("Close", demo.window)
    assert demo.process.wait(timeout=10) == 0
    assert "The rating prompt ended: dismissed" in demo.output()
    assert "CRITICAL" not in demo.output(), demo.output()
    assert float(demo.state().get("active-usage-seconds", "0")) > 0, "the active time is saved at shutdown"


def narrow_window_stacks_the_buttons():
    demo = Demo("--width", "360")
    click("Show the Prompt Now", demo.window)
    prompt = dialog("Rate Armchair Demo")
    places = {}
    for node in nodes(prompt):
        if node.getRoleName() == "push button":
            extents = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            if extents.width > 0:
                places[node.name] = extents
    assert places["Rate"].y < places["Remind Me Later"].y < places["No, Thanks"].y, places
    demo.quit()


def run(scenarios):
    """Runs each scenario, prints "passed"/"FAILED", and ends the demos it started (by their own
    process handles, never by name); returns the number that failed."""
    failed = 0
    for scenario in scenarios:
        try:
            scenario()
            print(f"passed: {scenario.__name__}")
        except Exception as error:
            failed += 1
            print(f"FAILED: {scenario.__name__}: {error}")
        finally:
            for process in Demo.started:
                if process.poll() is None:
                    process.kill()
                    process.wait()
            Demo.started.clear()
    print(f"{len(scenarios) - failed} passed, {failed} failed")
    return failed


start_registry()
sys.exit(1 if run([
    rate_opens_the_software_centre, no_thanks_declines, escape_is_not_now,
    debug_mode_prompts_on_launch_once_a_window_is_active,
    closing_the_window_under_the_prompt_dismisses_it_and_quits, narrow_window_stacks_the_buttons,
]) else 0)
