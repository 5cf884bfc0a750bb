#!/usr/bin/python3
"""Uses the GTK 4 + libadwaita feedback and review forms as a person with a screen reader would:
through `armchair preview --toolkit gtk4`, which prints each form's answer as it closes, and through
armchair-demo-gtk4 (beside armchair) with a feedback endpoint on loopback, for a refused delivery
and for the app's window closing under the form.

    xvfb-run -a dbus-run-session -- /usr/bin/python3 Tests/EndToEnd/gtk4_forms_as_a_user.py \\
        .build/debug/armchair

Everything is found by the names the forms give it (the accessibility contract): the window is
role "dialog" named by the form's title, the buttons are named without their mnemonic underscore,
the fields by their labels (the feedback message by the form's message), the stars by their star
names, and the counters carry their explanation as description. Set ARMCHAIR_SCREENSHOTS to a
folder to keep screenshots of the refused, sending and filled-in forms.
Prints "N passed, N failed" and exits non-zero on a failure.
"""
import http.server
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

import pyatspi

from accessibility import find, nodes, start_registry, wait_for

ARMCHAIR = os.path.abspath(sys.argv[1])
DEMO = os.path.join(os.path.dirname(ARMCHAIR), "armchair-demo-gtk4")
SOURCE_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ROOT = tempfile.mkdtemp(prefix="armchair-e2e-gtk4-forms-")
FEEDBACK_TITLE = "Feedback on Example App"
FEEDBACK_MESSAGE = "What could be better? The developers read every message."
REVIEW_TITLE = "Review Example App"
COUNTER_EXPLANATION = "Counted as the review service counts: an accented letter or an emoji may count as two or more."


class Preview:
    """`armchair preview --toolkit gtk4 --step STEP`, in English, and its form."""
    started = []

    def __init__(self, step, title):
        self.step = step
        env = dict(os.environ, LANG="C.UTF-8", LANGUAGE="", LC_ALL="")
        self.process = subprocess.Popen(
            [ARMCHAIR, "preview", "--toolkit", "gtk4", "--step", step],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        Preview.started.append(self.process)
        self.form = wait_for(f'dialog "{title}"', lambda: find("dialog", title), timeout=40)

    def answer(self):
        """What the preview printed for the form once it closed: "sent", "cancelled"…; GTK must
    not have complained meanwhile."""
        output, _ = self.process.communicate(timeout=20)
        assert "CRITICAL" not in output and "Gtk-WARNING" not in output, output
        for line in output.splitlines():
            if line.startswith(f"{self.step}: "):
                return line.split(": ", 1)[1]
        raise AssertionError(f"no answer in {output!r}")


def field(role, name, root):
    return wait_for(f'{role} "{name}"', lambda: find(role, name, root))


def is_sensitive(node):
    return node.getState().contains(pyatspi.STATE_SENSITIVE)


def is_pressed(node):
    states = node.getState()
    return states.contains(pyatspi.STATE_PRESSED) or states.contains(pyatspi.STATE_CHECKED)


def type_into(node, text):
    """Replaces the field's text, as typing would."""
    node.queryEditableText().setTextContents(text)


def text_of(node):
    text = node.queryText()
    return text.getText(0, text.characterCount)


def click(name, root):
    button = field("push button", name, root)
    assert is_sensitive(button), f'"{name}" is insensitive'
    button.queryAction().doAction(0)


def labels(root):
    return [node.name for node in nodes(root) if node.getRoleName() == "label"]


def wait_until(what, condition, timeout=20):
    wait_for(what, lambda: True if condition() else None, timeout=timeout)


def screenshot(name):
    """Saves the screen as `name` in $ARMCHAIR_SCREENSHOTS, when it is set."""
    folder = os.environ.get("ARMCHAIR_SCREENSHOTS")
    if folder:
        subprocess.run(["import", "-window", "root", os.path.join(folder, name)], check=False)


def press(keys):
    subprocess.run(["xdotool", "key", keys], check=True)


# Scenarios

def feedback_sends_once_a_message_is_typed():
    preview = Preview("feedback", FEEDBACK_TITLE)
    form = preview.form
    message = field("text", FEEDBACK_MESSAGE, form)
    send = field("push button", "Send", form)
    email = field("text", "Reply email (optional)", form)
    field("check box", "Include the app version and system details", form)
    assert not is_sensitive(send), "Send is insensitive while the message is empty"
    assert "0 / 2000" in labels(form), labels(form)
    type_into(message, "Export to PDF loses the page margins.")
    wait_until("Send to be sensitive", lambda: is_sensitive(send))
    wait_until("the counter", lambda: "37 / 2000" in labels(form))
    type_into(email, "not an address")
    wait_until("Send to be insensitive with a wrong address", lambda: not is_sensitive(send))
    type_into(email, "reader@example.org")
    wait_until("Send to be sensitive again", lambda: is_sensitive(send))
    click("Send", form)
    answer = preview.answer()
    assert answer == "sent", answer


def feedback_cancel_is_not_now():
    preview = Preview("feedback", FEEDBACK_TITLE)
    type_into(field("text", FEEDBACK_MESSAGE, preview.form), "Half a thought")
    click("Cancel", preview.form)
    answer = preview.answer()
    assert answer == "cancelled", answer


def feedback_escape_is_not_now():
    preview = Preview("feedback", FEEDBACK_TITLE)
    field("text", FEEDBACK_MESSAGE, preview.form)
    press("Escape")
    answer = preview.answer()
    assert answer == "cancelled", answer


def feedback_mnemonics_reach_the_fields():
    preview = Preview("feedback", FEEDBACK_TITLE)
    form = preview.form
    email = field("text", "Reply email (optional)", form)
    details = field("check box", "Include the app version and system details", form)
    press("alt+e")
    wait_until("Alt+E to focus the reply address", lambda: email.getState().contains(pyatspi.STATE_FOCUSED))
    press("alt+i")
    wait_until("Alt+I to tick the system details", lambda: is_pressed(details))
    press("alt+c")
    answer = preview.answer()
    assert answer == "cancelled", answer


def review_stars_counters_and_publish():
    preview = Preview("review", REVIEW_TITLE)
    form = preview.form
    stars = [field("push button", name, form) for name in ("1 star", "2 stars", "3 stars", "4 stars", "5 stars")]
    publish = field("push button", "Publish", form)
    summary = field("text", "Summary", form)
    review = field("text", "Review", form)
    name = field("text", "Your name", form)
    assert text_of(name) != "", "the name is prefilled"
    assert not any(is_pressed(star) for star in stars)
    assert "Choose a star to rate" in labels(form)
    stars[3].queryAction().doAction(0)
    wait_until("four stars pressed", lambda: [is_pressed(star) for star in stars] == [True] * 4 + [False])
    wait_until("the rating's description", lambda: "Like it" in labels(form))
    stars[1].queryAction().doAction(0)
    wait_until("two stars pressed", lambda: [is_pressed(star) for star in stars] == [True] * 2 + [False] * 3)
    stars[1].queryAction().doAction(0)
    wait_until("clicking the chosen star again keeps it",
               lambda: [is_pressed(star) for star in stars] == [True] * 2 + [False] * 3)
    stars[3].queryAction().doAction(0)
    type_into(summary, "Quick and tidy")
    type_into(review, "Opens instantly, every time.")
    counters = {node.name: node.description for node in nodes(form)
                if node.getRoleName() == "label" and " / " in node.name}
    assert counters.get("14 / 70") == COUNTER_EXPLANATION, counters
    assert counters.get("28 / 3000") == COUNTER_EXPLANATION, counters
    # Publish waits until a few seconds were spent writing.
    wait_until("Publish to be sensitive", lambda: is_sensitive(publish), timeout=15)
    screenshot("gtk4-review-filled.png")
    click("Publish", form)
    answer = preview.answer()
    assert answer == "submitted", answer


def review_cancel_and_escape_are_not_now():
    preview = Preview("review", REVIEW_TITLE)
    click("Cancel", preview.form)
    answer = preview.answer()
    assert answer == "cancelled", answer
    preview = Preview("review", REVIEW_TITLE)
    field("text", "Summary", preview.form)
    press("Escape")
    answer = preview.answer()
    assert answer == "cancelled", answer


class RefusingOnceServer(http.server.ThreadingHTTPServer):
    """A feedback endpoint on loopback that refuses the first message (HTTP 413) and accepts the
    rest after four seconds, counting what it was sent; or, if not `refusing`, accepts every
    message after four seconds."""

    def __init__(self, refusing=True):
        self.received = 0
        self.refusing = refusing
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length", "0")))
                server.received += 1
                refuses = server.refusing and server.received == 1
                if not refuses:
                    time.sleep(4)
                self.send_response(413 if refuses else 204)
                self.end_headers()

            def log_message(self, *arguments):
                pass

        super().__init__(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.serve_forever, daemon=True).start()


class ReviewServer(http.server.ThreadingHTTPServer):
    """An Open Desktop Ratings Service on loopback that refuses the first review and publishes the
    rest, counting what it was sent."""

    def __init__(self):
        self.received = 0
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length", "0")))
                server.received += 1
                refuses = server.received == 1
                body = b'{"success": false, "msg": "the summary is rude"}' if refuses else b'{"success": true}'
                self.send_response(400 if refuses else 200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *arguments):
                pass

        super().__init__(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.serve_forever, daemon=True).start()


class Demo:
    """armchair-demo-gtk4 in debug mode with the satisfaction question, its feedback going to
    `endpoint`; its settings file is the project's, with the endpoint added. With `review_server`,
    the rating prompt comes without the question, and Rate opens the in-app review form that
    publishes there."""

    def __init__(self, endpoint="", review_server=None):
        home = tempfile.mkdtemp(dir=ROOT, prefix="demo-")
        os.makedirs(os.path.join(home, "data"))
        settings = "io.github.armchairlinux.Demo.armchair"
        shutil.copy(os.path.join(SOURCE_ROOT, "data", settings), os.path.join(home, "data", settings))
        with open(os.path.join(home, "data", settings), "a") as file:
            if endpoint:
                file.write(f"feedback-endpoint={endpoint}\n")
            if review_server:
                file.write(f"in-app-reviews=true\nreview-server={review_server}\n")
        env = dict(os.environ, XDG_STATE_HOME=os.path.join(home, "state"), XDG_DATA_HOME=os.path.join(home, "share"),
                   XDG_CONFIG_HOME=os.path.join(home, "config"), XDG_CACHE_HOME=os.path.join(home, "cache"),
                   GIO_USE_NETWORK_MONITOR="base", LANG="C.UTF-8", LANGUAGE="", LC_ALL="")
        self.log_path = os.path.join(home, "demo.log")
        arguments = ["--debug"] if review_server else ["--debug", "--satisfaction"]
        self.process = subprocess.Popen([DEMO, *arguments], cwd=home, env=env,
                                        stdout=open(self.log_path, "w"), stderr=subprocess.STDOUT)
        Preview.started.append(self.process)

    def output(self):
        return open(self.log_path).read()


def refused_feedback_shows_the_error_and_retry_sends_it():
    server = RefusingOnceServer()
    demo = Demo(f"http://127.0.0.1:{server.server_address[1]}/feedback")
    click("Not Really", wait_for("the question", lambda: find("dialog", "Enjoying Armchair Demo?"), timeout=40))
    click("Send Feedback…", wait_for("the request", lambda: find("dialog", "Help Improve Armchair Demo")))
    form = wait_for("the form", lambda: find("dialog", "Feedback on Armchair Demo"))
    type_into(field("text", "What could be better? The developers read every message.", form), "Sync stops.")
    click("Send", form)
    wait_until("the refusal", lambda: any("did not accept" in label for label in labels(form)))
    retry = field("push button", "Retry", form)
    assert find("text", "What could be better? The developers read every message.", form) is not None
    assert text_of(find("text", "What could be better? The developers read every message.", form)) == "Sync stops."
    screenshot("gtk4-feedback-refused.png")
    retry.queryAction().doAction(0)
    # While sending, Cancel is insensitive, and Escape does not close the form.
    cancel = field("push button", "Cancel", form)
    wait_until("Cancel to be insensitive while sending", lambda: not is_sensitive(cancel))
    # (The fields' box turns insensitive too; GTK 4.8 does not tell AT-SPI about its children.)
    screenshot("gtk4-feedback-sending.png")
    press("Escape")
    time.sleep(0.3)
    assert find("dialog", "Feedback on Armchair Demo") is not None, "Escape closed the form while sending"
    click("Close", wait_for("the thanks", lambda: find("dialog", "Thank You")))
    wait_until("the answer", lambda: "answer: sent feedback" in demo.output())
    assert server.received == 2, server.received
    assert "CRITICAL" not in demo.output() and "Gtk-WARNING" not in demo.output(), demo.output()
    demo.process.terminate()
    server.shutdown()


def closing_the_app_window_under_the_form_closes_it_quietly():
    server = RefusingOnceServer()
    demo = Demo(f"http://127.0.0.1:{server.server_address[1]}/feedback")
    window = wait_for("the demo window", lambda: find("frame", "Armchair Demo"), timeout=40)
    click("Not Really", wait_for("the question", lambda: find("dialog", "Enjoying Armchair Demo?")))
    click("Send Feedback…", wait_for("the request", lambda: find("dialog", "Help Improve Armchair Demo")))
    form = wait_for("the form", lambda: find("dialog", "Feedback on Armchair Demo"))
    type_into(field("text", "What could be better? The developers read every message.", form), "Unsent")
    click("Close", window)
    assert demo.process.wait(timeout=10) == 0
    assert server.received == 0, "nothing was sent"
    assert "CRITICAL" not in demo.output() and "Gtk-WARNING" not in demo.output(), demo.output()
    server.shutdown()


def closing_the_app_window_while_sending_ends_cleanly():
    server = RefusingOnceServer(refusing=False)
    demo = Demo(f"http://127.0.0.1:{server.server_address[1]}/feedback")
    window = wait_for("the demo window", lambda: find("frame", "Armchair Demo"), timeout=40)
    click("Not Really", wait_for("the question", lambda: find("dialog", "Enjoying Armchair Demo?")))
    click("Send Feedback…", wait_for("the request", lambda: find("dialog", "Help Improve Armchair Demo")))
    form = wait_for("the form", lambda: find("dialog", "Feedback on Armchair Demo"))
    type_into(field("text", "What could be better? The developers read every message.", form), "In flight")
    click("Send", form)
    wait_until("the message on its way", lambda: server.received == 1)
    click("Close", window)
    assert demo.process.wait(timeout=10) == 0
    assert "CRITICAL" not in demo.output() and "Gtk-WARNING" not in demo.output(), demo.output()
    server.shutdown()


def refused_review_shows_the_refusal_until_the_next_edit():
    server = ReviewServer()
    demo = Demo(review_server=f"http://127.0.0.1:{server.server_address[1]}/1.0/reviews/api")
    click("Rate", wait_for("the prompt", lambda: find("dialog", "Rate Armchair Demo"), timeout=40))
    form = wait_for("the review form", lambda: find("dialog", "Review Armchair Demo"))
    field("push button", "4 stars", form).queryAction().doAction(0)
    type_into(field("text", "Summary", form), "Quick and tidy")
    type_into(field("text", "Review", form), "Opens instantly, every time.")
    publish = field("push button", "Publish", form)
    wait_until("Publish to be sensitive", lambda: is_sensitive(publish), timeout=15)
    click("Publish", form)
    wait_until("the refusal", lambda: any("the summary is rude" in label for label in labels(form)))
    assert not is_sensitive(publish), "Publish waits for an edit after a refusal"
    assert text_of(field("text", "Summary", form)) == "Quick and tidy", "what was written stays"
    screenshot("gtk4-review-refused.png")
    type_into(field("text", "Summary", form), "Quick, tidy and kind")
    wait_until("Publish to be sensitive after the edit", lambda: is_sensitive(publish))
    click("Publish", form)
    wait_until("the form to close", lambda: find("dialog", "Review Armchair Demo") is None)
    assert server.received == 2, server.received
    assert "CRITICAL" not in demo.output() and "Gtk-WARNING" not in demo.output(), demo.output()
    server.shutdown()


def run(scenarios):
    """Runs each scenario, prints "passed"/"FAILED", and ends the previews it started (by their
    own process handles, never by name); returns the number that failed."""
    failed = 0
    for scenario in scenarios:
        try:
            scenario()
            print(f"passed: {scenario.__name__}")
        except Exception as error:
            failed += 1
            print(f"FAILED: {scenario.__name__}: {error}")
        finally:
            for process in Preview.started:
                if process.poll() is None:
                    process.kill()
                    process.wait()
            Preview.started.clear()
    print(f"{len(scenarios) - failed} passed, {failed} failed")
    return failed


start_registry()
sys.exit(1 if run([
    feedback_sends_once_a_message_is_typed, feedback_cancel_is_not_now, feedback_escape_is_not_now,
    feedback_mnemonics_reach_the_fields, refused_feedback_shows_the_error_and_retry_sends_it,
    closing_the_app_window_under_the_form_closes_it_quietly, closing_the_app_window_while_sending_ends_cleanly,
    review_stars_counters_and_publish, review_cancel_and_escape_are_not_now,
    refused_review_shows_the_refusal_until_the_next_edit,
]) else 0)
