#!/usr/bin/python3
"""Uses armchair-demo as a person with a screen reader would, through AT-SPI.

Run under a private X server and D-Bus session (scripts/test.sh does):

    scripts/x11/run.sh /usr/bin/python3 Tests/EndToEnd/demo_as_a_user.py .build/debug/armchair-demo

Each scenario starts the demo on a fresh state folder, finds its windows and dialogs through the
accessibility tree, clicks buttons and types, and checks the state file the demo wrote and the
addresses the desktop was asked to open. Prints "N passed, N failed" and exits non-zero on a failure.
"""
import os
import subprocess
import sys
import tempfile
import time

import pyatspi

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Support"))
from atspi import click, dialog, find, nodes, start_registry, wait_for
from desktop import install_uri_handler
from scenarios import run_scenarios
from state_files import state_values

DEMO = os.path.abspath(sys.argv[1])
APP_ID = "io.github.armchairlinux.Demo"
ROOT = tempfile.mkdtemp(prefix="armchair-e2e-")
OPENED = install_uri_handler(ROOT)


def opened():
    return open(OPENED).read().split("\n") if os.path.exists(OPENED) else []


class Demo:
    # Every demo started, ended by its own handle after its scenario.
    started = []

    def __init__(self, *arguments, config_home=None):
        """Starts the demo with `arguments`; `config_home` is its XDG_CONFIG_HOME, where the person's
        desktop settings are (default: one they never wrote)."""
        self.state_home = tempfile.mkdtemp(dir=ROOT, prefix="state-")
        env = dict(os.environ, XDG_STATE_HOME=self.state_home, XDG_DATA_HOME=os.path.join(ROOT, "data"),
                   XDG_CONFIG_HOME=config_home or os.path.join(ROOT, "config"), GIO_USE_NETWORK_MONITOR="base",
                   LANG="C.UTF-8")
        self.log = open(os.path.join(self.state_home, "demo.log"), "w")
        self.process = subprocess.Popen([DEMO, *arguments], env=env, stdout=self.log, stderr=self.log)
        Demo.started.append(self.process)
        self.window = wait_for("the demo window", lambda: find("frame", "Armchair Demo"), timeout=40)

    def quit(self):
        self.process.terminate()
        self.process.wait(timeout=10)

    def state(self):
        return state_values(self.state_home, APP_ID)


def rate_opens_the_software_centre():
    demo = Demo()
    click("Show the Prompt Now", demo.window)
    click("Rate", dialog("Rate Armchair Demo"))
    wait_for("the software centre", lambda: True if f"appstream://{APP_ID}" in opened() else None)
    state = wait_for("the rating on disk", lambda: demo.state() if demo.state().get("rated-this-version") == "true" else None)
    assert state["last-version-rated"] == "1.0"
    demo.quit()


def remind_me_later_waits():
    demo = Demo()
    click("Show the Prompt Now", demo.window)
    click("Remind Me Later", dialog("Rate Armchair Demo"))
    state = wait_for("the reminder on disk", lambda: demo.state() if "last-reminded-date" in demo.state() else None)
    assert "declined-this-version" not in state, state
    demo.quit()


def no_thanks_declines():
    demo = Demo()
    click("Show the Prompt Now", demo.window)
    click("No, Thanks", dialog("Rate Armchair Demo"))
    wait_for("the decline on disk", lambda: True if demo.state().get("declined-any-version") == "true" else None)
    demo.quit()


def unhappy_user_sends_feedback_by_email():
    demo = Demo("--satisfaction")
    click("Show the Prompt Now", demo.window)
    click("Not Really", dialog("Enjoying Armchair Demo?"))
    request = dialog("Help Improve Armchair Demo")
    assert find("push button", "Rate Instead", request) is not None, "the rating must stay on offer"
    click("Send Feedback…", request)
    form = dialog("Feedback on Armchair Demo")
    send = wait_for("Send", lambda: find("push button", "Send", form))
    assert not send.getState().contains(pyatspi.STATE_SENSITIVE), "Send must wait for a message"
    text = wait_for("the message field", lambda: next(
        (n for n in nodes(form) if n.getRoleName() == "text" and n.getState().contains(pyatspi.STATE_MULTI_LINE)), None))
    text.queryEditableText().insertText(0, "The sidebar hides my notes.", len("The sidebar hides my notes."))
    wait_for("Send enabled", lambda: True if send.getState().contains(pyatspi.STATE_SENSITIVE) else None)
    click("Send", form)
    click("Close", dialog("Thank You"))
    mail = wait_for("the mail client", lambda: next((uri for uri in opened() if uri.startswith("mailto:")), None))
    assert mail.startswith("mailto:feedback@example.org?subject=Feedback%20on%20Armchair%20Demo"), mail
    assert "The%20sidebar%20hides%20my%20notes." in mail, mail
    wait_for("the answer on disk", lambda: True if demo.state().get("declined-this-version") == "true" else None)
    demo.quit()


def debug_mode_prompts_at_launch_once_a_window_is_active():
    demo = Demo("--debug")
    window_id = wait_for("the X window", lambda: subprocess.run(
        ["xdotool", "search", "--name", "Armchair Demo"], capture_output=True, text=True).stdout.split() or None)[0]
    subprocess.run(["xdotool", "windowfocus", window_id], capture_output=True)
    click("Remind Me Later", dialog("Rate Armchair Demo"))
    state = wait_for("the reminder on disk", lambda: demo.state() if "last-reminded-date" in demo.state() else None)
    # A prompt shown in debug mode does not count against the limits of the developer's own state.
    assert "prompt-dates" not in state, state
    demo.quit()


def the_persons_off_holds_the_prompt_and_the_live_decision_says_so():
    """The person turned every app's prompts off (armchair desktop --off writes this file): the
    demo's own "Show the Prompt Now" (the app's showPrompt) shows nothing, and the live decision
    says which rule holds it and who set it."""
    config_home = tempfile.mkdtemp(dir=ROOT, prefix="config-")
    os.makedirs(os.path.join(config_home, "armchair"))
    settings = os.path.join(config_home, "armchair", "desktop.conf")
    with open(settings, "w") as f:
        f.write("[Desktop]\nprompts=off\n")
    demo = Demo(config_home=config_home)
    reason = f"prompts of every app turned off by you ({settings})"
    state = wait_for("the live decision", lambda: find("label", "Engine state", demo.window))
    wait_for("the desktop's rule in it", lambda: True if reason in state.queryText().getText(0, -1) else None)
    click("Show the Prompt Now", demo.window)
    time.sleep(2)
    assert find("dialog", "Rate Armchair Demo") is None and find("alert", "Rate Armchair Demo") is None, \
        "the prompt showed although the person turned prompts off"
    assert "prompt-dates" not in demo.state(), demo.state()
    demo.quit()


def main():
    start_registry()
    scenarios = [rate_opens_the_software_centre, remind_me_later_waits, no_thanks_declines,
                 unhappy_user_sends_feedback_by_email, debug_mode_prompts_at_launch_once_a_window_is_active,
                 the_persons_off_holds_the_prompt_and_the_live_decision_says_so]
    sys.exit(1 if run_scenarios(scenarios, Demo.started) else 0)


if __name__ == "__main__":
    main()
