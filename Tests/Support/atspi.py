"""What the end-to-end scripts share: reading the screen through AT-SPI, as a screen reader does,
and reading the catalogs the dialogs are checked against."""
import datetime
import json
import os
import re
import subprocess
import sys
import time
import urllib.request

import pyatspi

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def start_registry():
    """Starts the accessibility registry before the first app: an app that starts while it is
    still coming up never appears in the tree."""
    wait_for("the accessibility registry", lambda: pyatspi.Registry.getDesktop(0).childCount >= 0 or None)
    time.sleep(1)


def run_scenarios(scenarios, program):
    """Runs each scenario, prints "passed"/"FAILED" for it, kills what is left of `program` after
    each, and returns the number that failed."""
    failed = 0
    for scenario in scenarios:
        try:
            scenario()
            print(f"passed: {scenario.__name__}")
        except Exception as error:
            failed += 1
            print(f"FAILED: {scenario.__name__}: {error}")
        finally:
            subprocess.run(["pkill", "-f", program], capture_output=True)
    print(f"{len(scenarios) - failed} passed, {failed} failed")
    return failed


def run_scenarios_ending(scenarios, started):
    """Runs each scenario, prints "passed"/"FAILED" for it, ends the processes it added to
    `started` (by their own handles, never by name), and returns the number that failed."""
    failed = 0
    for scenario in scenarios:
        try:
            scenario()
            print(f"passed: {scenario.__name__}", flush=True)
        except Exception as error:
            failed += 1
            print(f"FAILED: {scenario.__name__}: {error}", flush=True)
        finally:
            for process in started:
                if process.poll() is None:
                    process.kill()
                    process.wait()
            started.clear()
    print(f"{len(scenarios) - failed} passed, {failed} failed")
    return failed


def wait_for(what, probe, timeout=20):
    """The first value of `probe()` that is not None, polled until `timeout` seconds pass."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        found = probe()
        if found is not None:
            return found
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def wait_until(what, condition, timeout=20):
    """Polls `condition()` until it holds, for at most `timeout` seconds."""
    wait_for(what, lambda: True if condition() else None, timeout=timeout)


def nodes(root):
    """`root` and everything below it; nodes that vanish while walked are skipped."""
    yield root
    try:
        for child in root:
            if child is not None:
                yield from nodes(child)
    except Exception:
        return


def find(role, name=None, root=None):
    """The first node with `role` (and `name`, if given) below `root`, or in any application."""
    tops = [root] if root is not None else list(pyatspi.Registry.getDesktop(0))
    for top in tops:
        if top is None:
            continue
        for node in nodes(top):
            try:
                if node.getRoleName() == role and (name is None or node.name == name):
                    return node
            except Exception:
                continue
    return None


def click(name, root):
    """Clicks the button `name` below `root` as a user would, once it is enabled."""
    press(wait_for(f'button "{name}"', lambda: find("push button", name, root)))


def press(button, timeout=3):
    """Presses `button` as a person would, once it is enabled: a question's buttons are disabled
    for its first second (ActivationGuard), so that nobody answers it by accident."""
    wait_until(f'"{button.name}" to be enabled', lambda: sensitive(button), timeout=timeout)
    button.queryAction().doAction(0)


def sensitive(node):
    """Whether `node` takes input (a button that can be pressed, a field that can be typed in)."""
    return node.getState().contains(pyatspi.STATE_SENSITIVE)


def type_into(node, text):
    """Replaces the text of the field `node`, as typing would."""
    node.queryEditableText().setTextContents(text)


def text_of(node):
    """The text the field `node` holds."""
    text = node.queryText()
    return text.getText(0, text.characterCount)


def labels(root):
    """The texts of the labels below `root`, in tree order."""
    return [node.name for node in nodes(root) if node.getRoleName() == "label"]


def dialog(title):
    """The alert titled `title`, once it appears."""
    return wait_for(f'dialog "{title}"', lambda: find("alert", title))


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


def window_titled(title):
    """The top-level window titled `title` of any application, or None."""
    for app in pyatspi.Registry.getDesktop(0):
        try:
            for window in app or []:
                if window is not None and window.name == title:
                    return window
        except Exception:  # an application that quit while being read
            continue
    return None


def on_screen(node):
    """Whether `node` takes up room on screen. libadwaita's message dialog holds each button twice,
    a row and a stack, in an AdwSqueezer that shows the row if it fits and the stack if not; the
    other copy ignores clicks, and has zero extents or keeps extents from an earlier layout that
    do not fit in the squeezer (a row too wide, a stack too tall)."""
    extents = lambda n: n.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    try:
        box = extents(node)
        if box.width <= 0 or box.height <= 0:
            return False
        # Names and roles come from the AT-SPI cache; extents are a round trip, asked only at a squeezer.
        while node.parent is not None and node.parent.getRoleName() != "application":
            if node.parent.name == "AdwSqueezer":
                inner, outer = extents(node), extents(node.parent)
                if not (outer.x <= inner.x and inner.x + inner.width <= outer.x + outer.width
                        and outer.y <= inner.y and inner.y + inner.height <= outer.y + outer.height):
                    return False
            node = node.parent
    except Exception:  # gone while read
        return False
    return True


def shown_buttons(root):
    """The push buttons below `root` that are on screen, in tree order."""
    return [n for n in nodes(root) if n.getRoleName() == "push button" and on_screen(n)]


def pictured(button):
    """Whether `button` shows a picture rather than words: a star of the review form, which GTK 4.8
    shows as a push button that can be "pressed" (its toggle-button role came in GTK 4.10)."""
    return any(child is not None and child.getRoleName() == "image" for child in button)


def title_bar(window):
    """The title bar GTK 3 draws itself on Wayland (a panel with the title and a Close button, the
    first of the window's children, the content after it), or None: on X11 the window manager
    draws it, and libadwaita's dialogs have none (their one child is a panel of everything)."""
    try:
        first = window[0] if window.childCount > 1 else None
        return first if first is not None and first.getRoleName() == "panel" else None
    except Exception:  # gone while read
        return None


def dialog_buttons(window):
    """The buttons with words on them that are on screen in `window`, once it is laid out (until
    libadwaita has allocated its dialog, both copies of each button may take up room); the title
    bar's Close button is the window's, not the dialog's."""
    def laid_out():
        parts = [window] if title_bar(window) is None else [child for child in list(window)[1:] if child is not None]
        buttons = [b for part in parts for b in shown_buttons(part) if not pictured(b)]
        names = [b.name for b in buttons]
        return buttons if buttons and len(set(names)) == len(names) else None
    return wait_for("its buttons", laid_out)


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


def install_uri_handler(folder):
    """Makes a recording script the desktop's handler for appstream: and mailto: addresses, in the
    XDG folders `folder`/data and `folder`/config; returns the file each opened address is added to."""
    opened = os.path.join(folder, "opened.txt")
    os.makedirs(os.path.join(folder, "data", "applications"), exist_ok=True)
    os.makedirs(os.path.join(folder, "config"), exist_ok=True)
    script = os.path.join(folder, "handler.sh")
    with open(script, "w") as f:
        f.write(f"#!/bin/sh\nprintf '%s\\n' \"$1\" >> '{opened}'\n")
    os.chmod(script, 0o755)
    with open(os.path.join(folder, "data", "applications", "e2e-handler.desktop"), "w") as f:
        f.write("[Desktop Entry]\nType=Application\nName=E2E Handler\nNoDisplay=true\n"
                f"Exec={script} %u\nMimeType=x-scheme-handler/appstream;x-scheme-handler/mailto;\n")
    with open(os.path.join(folder, "config", "mimeapps.list"), "w") as f:
        f.write("[Default Applications]\nx-scheme-handler/appstream=e2e-handler.desktop\n"
                "x-scheme-handler/mailto=e2e-handler.desktop\n")
    return opened


class LoopbackServer:
    """A loopback test server (feedback_receiver.py, odrs_server.py) started for this run."""

    def __init__(self, script):
        here = os.path.dirname(os.path.abspath(__file__))
        self.process = subprocess.Popen([sys.executable, os.path.join(here, script)], stdout=subprocess.PIPE,
                                        text=True)
        self.root = f"http://127.0.0.1:{self.process.stdout.readline().strip()}"

    def get(self, path):
        with urllib.request.urlopen(self.root + path, timeout=5) as answer:
            return json.load(answer)

    def post(self, path, body):
        """Posts `body` as JSON: a plan of faults, a taboo list."""
        request = urllib.request.Request(self.root + path, data=json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=5) as answer:
            return json.load(answer)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def start_installed_demo(prefix, program, work, state_home):
    """Starts the demo `program` that `scripts/install.sh --demos` installed in `prefix`, as its
    desktop entry starts it, with its state in `state_home` and its other XDG folders in `work`.
    Returns the process and the path of its output (state_home/demo.log)."""
    log_path = os.path.join(state_home, "demo.log")
    env = dict(os.environ, XDG_STATE_HOME=state_home, XDG_DATA_HOME=os.path.join(work, "data"),
               XDG_CONFIG_HOME=os.path.join(work, "config"), XDG_DATA_DIRS=os.path.join(prefix, "share") + ":/usr/share",
               GIO_USE_NETWORK_MONITOR="base", LANG="C.UTF-8", LANGUAGE="")
    with open(log_path, "w") as log:
        process = subprocess.Popen([os.path.join(prefix, "bin", program)], env=env, cwd=work, stdout=log, stderr=log)
    return process, log_path


def regular_user_state(days, uses, significant_events):
    """The state values (without their key prefix) of a regular user of version 1.0: first use
    `days` days ago, `uses` uses and `significant_events` significant events."""
    first_use = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(days=days)
    return {"tracked-version": "1.0", "first-use-date": first_use.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "use-count": str(uses), "significant-event-count": str(significant_events)}


def write_state(state_home, app_id, values):
    """Writes `values` (without their key prefix) as the state file of `app_id` under
    `state_home`, laid out as the library writes it: what state_values reads back."""
    os.makedirs(os.path.join(state_home, app_id), exist_ok=True)
    with open(os.path.join(state_home, app_id, "armchair.ini"), "w") as f:
        f.write("[State]\n" + "".join(f"{app_id}.{key}={value}\n" for key, value in values.items()))
        f.write("\n[Format]\nversion=1\n")


def state_values(state_home, app_id):
    """The values of the state file of `app_id` under `state_home`, without their key prefix."""
    path = os.path.join(state_home, app_id, "armchair.ini")
    values = {}
    if os.path.exists(path):
        for line in open(path):
            if "=" in line and line.startswith(app_id + "."):
                key, value = line.rstrip("\n").split("=", 1)
                values[key[len(app_id) + 1:]] = value
    return values


def shown(label):
    """A button label as GTK shows it: the mnemonic underscore removed."""
    return label.replace("_", "")


def catalog(language):
    """The translations of po/<language>.po by msgid (singular entries); English maps to nothing."""
    if language == "en":
        return {}
    text = subprocess.run(["msgcat", "--no-wrap", os.path.join(ROOT, "po", language + ".po")],
                          capture_output=True, text=True, check=True).stdout
    decode = lambda s: s.encode().decode("unicode_escape").encode("latin-1").decode()
    return {decode(i): decode(s) for i, s in re.findall(r'^msgid "(.*)"\nmsgstr "(.*)"$', text, re.M)}
