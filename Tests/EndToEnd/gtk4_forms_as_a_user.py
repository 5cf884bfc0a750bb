#!/usr/bin/python3
"""Uses the GTK 4 + libadwaita feedback and review forms as a person with a screen reader would:
through `armchair preview --toolkit gtk4`, which prints each form's answer as it closes, and through
armchair-demo-gtk4 (beside armchair) with the loopback feedback receiver (feedback_receiver.py) and
review service (odrs_server.py), for a refused delivery and for the app's window closing under the
form. demo_gtk4_as_a_user.py covers the demo's prompts and a message or review that goes through.

    scripts/x11/run.sh /usr/bin/python3 Tests/EndToEnd/gtk4_forms_as_a_user.py \\
        .build/debug/armchair

Everything is found by the names the forms give it (the accessibility contract): the window is
role "dialog" named by the form's title, the buttons are named without their mnemonic underscore,
the fields by their labels (the feedback message by the form's message), the stars by their star
names, and the counters carry their explanation as description. Set ARMCHAIR_SCREENSHOTS to a
folder to keep screenshots of the refused, sending and filled-in forms.
The helpers come from Tests/Support: atspi.py (both toolkits) and adwaita_dialogs.py (GTK 4 and libadwaita).
Prints "N passed, N failed" and exits non-zero on a failure.
"""
import os
import re
import subprocess
import sys
import tempfile
import time

import pyatspi

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Support"))
import demos
from adwaita_dialogs import click, dialog, pressed, wait_shown
from atspi import find, labels, nodes, sensitive, start_registry, text_of, type_into, wait_for, wait_until
from scenarios import run_scenarios
from screenshots import screenshot, x_windows
from stand_ins import LoopbackServer

ARMCHAIR = os.path.abspath(sys.argv[1])
ROOT = tempfile.mkdtemp(prefix="armchair-e2e-gtk4-forms-")
FEEDBACK_TITLE = "Feedback on Example App"
FEEDBACK_MESSAGE = "What could be better? The developers read every message."
REVIEW_TITLE = "Review Example App"
COUNTER_EXPLANATION = "Counted as the review service counts: an accented letter or an emoji may count as two or more."


class Demo(demos.Demo):
    program = os.path.join(os.path.dirname(ARMCHAIR), "armchair-demo-gtk4")
    work = ROOT


class Preview:
    """`armchair preview --toolkit gtk4 --step STEP`, in English, and its form."""

    def __init__(self, step, title, *arguments):
        self.step = step
        env = dict(os.environ, LANG="C.UTF-8", LANGUAGE="", LC_ALL="")
        self.process = subprocess.Popen(
            [ARMCHAIR, "preview", "--toolkit", "gtk4", "--step", step, *arguments],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        # Ended with the demos after each scenario.
        Demo.started.append(self.process)
        # The form is armchair-preview-gtk4's, which armchair runs: a form of an earlier preview
        # that lingers in the tree is not this one.
        self.program_pid = wait_for("armchair-preview-gtk4", lambda: self.child_pid())
        self.form = dialog(title, self.program_pid)

    def child_pid(self):
        children = subprocess.run(["pgrep", "-P", str(self.process.pid)], capture_output=True, text=True).stdout
        return int(children.split()[0]) if children.split() else None

    def expect_answer(self, expected):
        """Checks that the preview printed `expected` ("sent", "cancelled"…) for the form once it
        closed, and that GTK did not complain meanwhile."""
        output, _ = self.process.communicate(timeout=20)
        assert "CRITICAL" not in output and "Gtk-WARNING" not in output, output
        answers = [line.split(": ", 1)[1] for line in output.splitlines() if line.startswith(f"{self.step}: ")]
        assert answers == [expected], f"expected {expected!r}, the preview printed {output!r}"


def keep_screenshot(name, pid):
    """Saves the windows of the process `pid` as `name` in $ARMCHAIR_SCREENSHOTS, when it is set."""
    folder = os.environ.get("ARMCHAIR_SCREENSHOTS")
    if folder:
        os.makedirs(folder, exist_ok=True)
        screenshot(os.path.join(folder, name), wait_for("its windows on screen", lambda: x_windows(pid) or None))


def press(keys):
    subprocess.run(["xdotool", "key", keys], check=True)


# Scenarios

def feedback_sends_once_a_message_is_typed():
    preview = Preview("feedback", FEEDBACK_TITLE)
    form = preview.form
    message = wait_shown("text", FEEDBACK_MESSAGE, form)
    send = wait_shown("push button", "Send", form)
    email = wait_shown("text", "Reply email (optional)", form)
    wait_shown("check box", "Include the app version and system details", form)
    assert not sensitive(send), "Send is insensitive while the message is empty"
    assert "0 / 2000" in labels(form), labels(form)
    type_into(message, "Export to PDF loses the page margins.")
    wait_until("Send to be sensitive", lambda: sensitive(send))
    wait_until("the counter", lambda: "37 / 2000" in labels(form))
    type_into(email, "not an address")
    wait_until("Send to be insensitive with a wrong address", lambda: not sensitive(send))
    type_into(email, "reader@example.org")
    wait_until("Send to be sensitive again", lambda: sensitive(send))
    click("Send", form)
    preview.expect_answer("sent")


def feedback_cancel_is_not_now():
    preview = Preview("feedback", FEEDBACK_TITLE)
    type_into(wait_shown("text", FEEDBACK_MESSAGE, preview.form), "Half a thought")
    click("Cancel", preview.form)
    preview.expect_answer("cancelled")


def feedback_escape_is_not_now():
    preview = Preview("feedback", FEEDBACK_TITLE)
    wait_shown("text", FEEDBACK_MESSAGE, preview.form)
    press("Escape")
    preview.expect_answer("cancelled")


def feedback_mnemonics_reach_the_fields():
    preview = Preview("feedback", FEEDBACK_TITLE)
    form = preview.form
    email = wait_shown("text", "Reply email (optional)", form)
    details = wait_shown("check box", "Include the app version and system details", form)
    press("alt+e")
    wait_until("Alt+E to focus the reply address", lambda: email.getState().contains(pyatspi.STATE_FOCUSED))
    press("alt+i")
    wait_until("Alt+I to tick the system details", lambda: pressed(details))
    press("alt+c")
    preview.expect_answer("cancelled")


def review_stars_counters_and_publish():
    preview = Preview("review", REVIEW_TITLE)
    form = preview.form
    stars = [wait_shown("push button", name, form) for name in ("1 star", "2 stars", "3 stars", "4 stars", "5 stars")]
    publish = wait_shown("push button", "Publish", form)
    summary = wait_shown("text", "Summary", form)
    review = wait_shown("text", "Review", form)
    name = wait_shown("text", "Your name", form)
    assert text_of(name) != "", "the name is prefilled"
    assert not any(pressed(star) for star in stars)
    assert "Choose a star to rate" in labels(form)
    stars[3].queryAction().doAction(0)
    wait_until("four stars pressed", lambda: [pressed(star) for star in stars] == [True] * 4 + [False])
    wait_until("the rating's description", lambda: "Like it" in labels(form))
    stars[1].queryAction().doAction(0)
    wait_until("two stars pressed", lambda: [pressed(star) for star in stars] == [True] * 2 + [False] * 3)
    stars[1].queryAction().doAction(0)
    wait_until("clicking the chosen star again keeps it",
               lambda: [pressed(star) for star in stars] == [True] * 2 + [False] * 3)
    stars[3].queryAction().doAction(0)
    type_into(summary, "Quick and tidy")
    type_into(review, "Opens instantly, every time.")
    counters = {node.name: node.description for node in nodes(form)
                if node.getRoleName() == "label" and " / " in node.name}
    assert counters.get("14 / 70") == COUNTER_EXPLANATION, counters
    assert counters.get("28 / 3000") == COUNTER_EXPLANATION, counters
    # Publish waits until a few seconds were spent writing.
    wait_until("Publish to be sensitive", lambda: sensitive(publish), timeout=15)
    keep_screenshot("gtk4-review-filled.png", preview.program_pid)
    click("Publish", form)
    preview.expect_answer("submitted")


def review_cancel_and_escape_are_not_now():
    preview = Preview("review", REVIEW_TITLE)
    click("Cancel", preview.form)
    preview.expect_answer("cancelled")
    preview = Preview("review", REVIEW_TITLE)
    wait_shown("text", "Summary", preview.form)
    press("Escape")
    preview.expect_answer("cancelled")


def feedback_form_of(demo, message):
    """Answers the demo's question (which --debug shows at launch) "Not Really", asks to send
    feedback, and writes `message` in the form; returns the form."""
    click("Not Really", demo.dialog("Enjoying Armchair Demo?"))
    click("Send Feedback…", demo.dialog("Help Improve Armchair Demo"))
    form = demo.dialog("Feedback on Armchair Demo")
    type_into(wait_shown("text", FEEDBACK_MESSAGE, form), message)
    return form


def attempts(receiver):
    """The messages that reached `receiver`, counting each attempt."""
    return len(receiver.get("/received")["attempts"])


def feedback_form_starts_with_the_body_template():
    """The app's feedback body ([Texts] feedback-body, ADAppRater's feedbackFormBody) fills the
    libadwaita form with the app's name and version; Send waits for words of the person's own, and
    what they wrote around the template is what is sent."""
    receiver = LoopbackServer("feedback_receiver.py")
    try:
        demo = Demo("--debug", "--satisfaction", settings=[
            f"feedback-endpoint={receiver.root}/feedback", "[Texts]", "feedback-body=%1$s %2$s: what went wrong?"])
        click("Not Really", demo.dialog("Enjoying Armchair Demo?"))
        click("Send Feedback…", demo.dialog("Help Improve Armchair Demo"))
        form = demo.dialog("Feedback on Armchair Demo")
        message = wait_shown("text", FEEDBACK_MESSAGE, form)
        template = wait_for("the template in the form", lambda: text_of(message) or None)
        assert re.fullmatch(r"Armchair Demo \S+: what went wrong\?", template), template
        send = wait_shown("push button", "Send", form)
        assert not sensitive(send), "the template alone is nothing written"
        type_into(message, template + " Sync stops.")
        wait_until("Send to be sensitive", lambda: sensitive(send))
        click("Send", form)
        click("Close", demo.dialog("Thank You"))
        wait_until("the answer", lambda: "answer: sent feedback" in demo.output())
        assert len(receiver.get("/received")["stored"]) == 1, receiver.get("/received")
        assert demo.quiet(), demo.output()
        demo.quit()
    finally:
        receiver.stop()


def empty_title_or_message_hides_that_line():
    """An empty title ([Texts] title=, SwiftyiRate's empty texts) leaves the libadwaita dialog
    without a heading, announced by the app's name; an empty message leaves it without a body. No
    empty label either way."""
    settings = os.path.join(ROOT, "untitled.armchair")
    with open(settings, "w") as f:
        f.write("[Armchair]\napp-name=Example App\n[Texts]\ntitle=\n")
    untitled = Preview("rating", "Example App", "--config", settings)
    texts = labels(untitled.form)
    assert "" not in texts and "Rate Example App" not in texts, texts
    assert any(text.startswith("Has Example App been useful to you?") for text in texts), texts
    click("Remind Me Later", untitled.form)
    untitled.expect_answer("remindLater")

    with open(settings, "w") as f:
        f.write("[Armchair]\napp-name=Example App\n[Texts]\nmessage=\n")
    quiet = Preview("rating", "Rate Example App", "--config", settings)
    texts = labels(quiet.form)
    assert "" not in texts and not any(text.startswith("Has Example App") for text in texts), texts
    assert "Rate Example App" in texts, texts
    click("Remind Me Later", quiet.form)
    quiet.expect_answer("remindLater")


def refused_feedback_shows_the_error_and_retry_sends_it():
    receiver = LoopbackServer("feedback_receiver.py")
    try:
        # Refused first (HTTP 400); the retry is stored, then answered once the checks below are done.
        receiver.post("/plan", {"plan": ["400", "held"]})
        demo = Demo("--debug", "--satisfaction", settings=[f"feedback-endpoint={receiver.root}/feedback"])
        form = feedback_form_of(demo, "Sync stops.")
        click("Send", form)
        wait_until("the refusal", lambda: any("did not accept" in label for label in labels(form)))
        retry = wait_shown("push button", "Retry", form)
        assert text_of(wait_shown("text", FEEDBACK_MESSAGE, form)) == "Sync stops.", "what was written stays"
        keep_screenshot("gtk4-feedback-refused.png", demo.process.pid)
        retry.queryAction().doAction(0)
        # While sending, Cancel is insensitive, and Escape does not close the form.
        cancel = wait_shown("push button", "Cancel", form)
        wait_until("Cancel to be insensitive while sending", lambda: not sensitive(cancel))
        # (The fields' box turns insensitive too; GTK 4.8 does not tell AT-SPI about its children.)
        keep_screenshot("gtk4-feedback-sending.png", demo.process.pid)
        press("Escape")
        time.sleep(0.3)
        assert find("dialog", "Feedback on Armchair Demo") is not None, "Escape closed the form while sending"
        receiver.post("/release", {})
        click("Close", demo.dialog("Thank You"))
        wait_until("the answer", lambda: "answer: sent feedback" in demo.output())
        assert attempts(receiver) == 2, receiver.get("/received")
        assert len(receiver.get("/received")["stored"]) == 1, receiver.get("/received")
        assert demo.quiet(), demo.output()
        demo.quit()
    finally:
        receiver.stop()


def closing_the_app_window_under_the_form_closes_it_quietly():
    receiver = LoopbackServer("feedback_receiver.py")
    try:
        demo = Demo("--debug", "--satisfaction", settings=[f"feedback-endpoint={receiver.root}/feedback"])
        feedback_form_of(demo, "Unsent")
        click("Close", demo.window)
        assert demo.process.wait(timeout=10) == 0
        assert attempts(receiver) == 0, "nothing was sent"
        assert demo.quiet(), demo.output()
    finally:
        receiver.stop()


def closing_the_app_window_while_sending_ends_cleanly():
    receiver = LoopbackServer("feedback_receiver.py")
    try:
        # The message is stored, and not answered before the app has closed.
        receiver.post("/plan", {"plan": ["held"]})
        demo = Demo("--debug", "--satisfaction", settings=[f"feedback-endpoint={receiver.root}/feedback"])
        form = feedback_form_of(demo, "In flight")
        click("Send", form)
        wait_until("the message on its way", lambda: attempts(receiver) == 1)
        click("Close", demo.window)
        assert demo.process.wait(timeout=10) == 0
        assert demo.quiet(), demo.output()
    finally:
        receiver.stop()


def refused_review_shows_the_refusal_until_the_next_edit():
    service = LoopbackServer("odrs_server.py")
    try:
        service.post("/taboos", {"taboos": [{"locale": "en", "value": "rude"}]})
        demo = Demo("--debug", settings=["in-app-reviews=true", f"review-server={service.root}/1.0/reviews/api"])
        click("Rate", demo.dialog("Rate Armchair Demo"))
        form = demo.dialog("Review Armchair Demo")
        wait_shown("push button", "4 stars", form).queryAction().doAction(0)
        type_into(wait_shown("text", "Summary", form), "Quick but rude")
        type_into(wait_shown("text", "Review", form), "Opens instantly, every time.")
        publish = wait_shown("push button", "Publish", form)
        wait_until("Publish to be sensitive", lambda: sensitive(publish), timeout=15)
        click("Publish", form)
        wait_until("the refusal", lambda: any("review contains taboo word" in label for label in labels(form)))
        assert not sensitive(publish), "Publish waits for an edit after a refusal"
        assert text_of(wait_shown("text", "Summary", form)) == "Quick but rude", "what was written stays"
        keep_screenshot("gtk4-review-refused.png", demo.process.pid)
        type_into(wait_shown("text", "Summary", form), "Quick and tidy")
        wait_until("Publish to be sensitive after the edit", lambda: sensitive(publish))
        click("Publish", form)
        wait_until("the form to close", lambda: find("dialog", "Review Armchair Demo") is None)
        reviews = service.get("/reviews")
        assert [review["summary"] for review in reviews] == ["Quick and tidy"], reviews
        assert demo.quiet(), demo.output()
        demo.quit()
    finally:
        service.stop()


start_registry()
sys.exit(1 if run_scenarios([
    feedback_sends_once_a_message_is_typed, feedback_cancel_is_not_now, feedback_escape_is_not_now,
    feedback_mnemonics_reach_the_fields, feedback_form_starts_with_the_body_template,
    empty_title_or_message_hides_that_line,
    refused_feedback_shows_the_error_and_retry_sends_it,
    closing_the_app_window_under_the_form_closes_it_quietly, closing_the_app_window_while_sending_ends_cleanly,
    review_stars_counters_and_publish, review_cancel_and_escape_are_not_now,
    refused_review_shows_the_refusal_until_the_next_edit,
], Demo.started) else 0)
