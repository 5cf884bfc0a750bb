#!/usr/bin/python3
"""Uses armchair-demo-gtk4 (GTK 4 + libadwaita) as a person with a screen reader would, through AT-SPI.

Run under a private X server and D-Bus session (scripts/test.sh does):

    scripts/x11/run.sh /usr/bin/python3 Tests/EndToEnd/demo_gtk4_as_a_user.py \\
        .build/debug/armchair-demo-gtk4

Each scenario starts the demo on a fresh state folder, finds its window and libadwaita's dialogs
through the accessibility tree (Tests/Support/adwaita_dialogs.py says how GTK 4 shows them), answers as a user would, and
checks what the demo wrote to its state file, the addresses the desktop was asked to open, and what
reached the loopback feedback receiver (feedback_receiver.py) and review service (odrs_server.py).
A scenario that needs those servers runs the demo in a folder whose data/ settings file names them,
as the demo reads data/<app-id>.armchair from the folder it starts in.

No window manager is needed: a GTK 4 window becomes active on its own under Xvfb.
Prints "N passed, N failed" and exits non-zero on a failure.
"""
import os
import subprocess
import sys
import tempfile

import pyatspi

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Support"))
import demos
from adwaita_dialogs import click, find_shown, wait_shown
from atspi import find, nodes, on_screen, sensitive, shown_buttons, start_registry, type_into, wait_for, wait_until
from demos import DEMO_ID as APP_ID
from desktop import install_uri_handler
from scenarios import run_scenarios
from stand_ins import LoopbackServer

ROOT = tempfile.mkdtemp(prefix="armchair-e2e-gtk4-")
OPENED = install_uri_handler(ROOT)


class Demo(demos.Demo):
    program = os.path.abspath(sys.argv[1])
    work = ROOT


def opened():
    return open(OPENED).read().split("\n") if os.path.exists(OPENED) else []


def mails():
    return [uri for uri in opened() if uri.startswith("mailto:")]


# A star is a toggle button a screen reader reads by its name, "4 stars", and as pressed or not;
# GTK 4.8 gives it the role of a push button (the toggle-button role came in GTK 4.10).
STAR_ROLES = ("toggle button", "push button")


def field(form, name):
    """The text field of `form` named `name` (its label, without the underscore)."""
    return wait_shown("text", name, form)


def rate_opens_the_software_centre():
    demo = Demo()
    click("Show the Prompt Now", demo.window)
    prompt = demo.dialog("Rate Armchair Demo")
    assert "useful" in prompt.description, prompt.description
    click("Rate", prompt)
    wait_until("the software centre", lambda: f"appstream://{APP_ID}" in opened())
    state = demo.recorded("the rating on disk", lambda s: s.get("rated-this-version") == "true")
    assert state["last-version-rated"] == "1.0", state
    demo.quit()


def remind_me_later_waits():
    demo = Demo()
    click("Show the Prompt Now", demo.window)
    click("Remind Me Later", demo.dialog("Rate Armchair Demo"))
    state = demo.recorded("the reminder on disk", lambda s: "last-reminded-date" in s)
    assert "declined-this-version" not in state and "declined-any-version" not in state, state
    demo.quit()


def no_thanks_declines():
    demo = Demo()
    click("Show the Prompt Now", demo.window)
    click("No, Thanks", demo.dialog("Rate Armchair Demo"))
    demo.recorded("the decline on disk", lambda s: s.get("declined-any-version") == "true")
    assert "answer: decline" in demo.output(), demo.output()
    demo.quit()


def escape_dismisses_which_is_remind_later_never_declined():
    demo = Demo()
    click("Show the Prompt Now", demo.window)
    demo.dialog("Rate Armchair Demo")
    subprocess.run(["xdotool", "key", "Escape"], check=True)
    state = demo.recorded("the reminder on disk", lambda s: "last-reminded-date" in s)
    # The answer is saved as it is given; the log line that the prompt ended follows it.
    wait_until("the prompt's end in the log", lambda: "The rating prompt ended: dismissed" in demo.output())
    assert "declined-this-version" not in state and "declined-any-version" not in state, state
    demo.quit()


def satisfied_user_is_asked_to_rate():
    demo = Demo("--satisfaction")
    click("Show the Prompt Now", demo.window)
    click("Yes!", demo.dialog("Enjoying Armchair Demo?"))
    click("Rate", demo.dialog("Rate Armchair Demo"))
    wait_until("the software centre", lambda: f"appstream://{APP_ID}" in opened())
    demo.recorded("the rating on disk", lambda s: s.get("rated-this-version") == "true")
    demo.quit()


def unhappy_user_is_still_offered_the_rating():
    demo = Demo("--satisfaction")
    click("Show the Prompt Now", demo.window)
    click("Not Really", demo.dialog("Enjoying Armchair Demo?"))
    request = demo.dialog("Help Improve Armchair Demo")
    names = [b.name for b in shown_buttons(request)]
    assert sorted(names) == ["No, Thanks", "Rate Instead", "Send Feedback…"], names
    click("Rate Instead", request)
    wait_until("the software centre", lambda: f"appstream://{APP_ID}" in opened())
    demo.recorded("the rating on disk", lambda s: s.get("rated-this-version") == "true")
    demo.quit()


def write_feedback(demo, message):
    """Answers "Not Really", asks to send feedback, writes `message` in the form and sends it."""
    click("Show the Prompt Now", demo.window)
    click("Not Really", demo.dialog("Enjoying Armchair Demo?"))
    request = demo.dialog("Help Improve Armchair Demo")
    assert find_shown("push button", "Rate Instead", request) is not None, "the rating must stay on offer"
    click("Send Feedback…", request)
    form = demo.dialog("Feedback on Armchair Demo")
    send = wait_for("Send", lambda: find_shown("push button", "Send", form))
    assert not sensitive(send), "Send must wait for a message"
    type_into(field(form, "What could be better? The developers read every message."), message)
    wait_until("Send enabled", lambda: sensitive(send))
    click("Send", form)
    click("Close", demo.dialog("Thank You"))


def unhappy_user_sends_feedback_to_the_receiver():
    receiver = LoopbackServer("feedback_receiver.py")
    mails_before = mails()
    try:
        demo = Demo("--satisfaction", settings=[f"feedback-endpoint={receiver.root}/feedback"])
        write_feedback(demo, "The sidebar hides my notes.")
        stored = wait_for("the message at the receiver", lambda: receiver.get("/received")["stored"] or None)
        assert len(stored) == 1, stored
        assert "answer: sent feedback" in demo.output(), demo.output()
        assert mails_before == mails(), "the endpoint wins over the e-mail address"
        demo.quit()
    finally:
        receiver.stop()


def unhappy_user_sends_feedback_by_email():
    demo = Demo("--satisfaction")
    write_feedback(demo, "The sidebar hides my notes.")
    mail = wait_for("the mail client", lambda: next((uri for uri in opened() if uri.startswith("mailto:")), None))
    assert mail.startswith("mailto:feedback@example.org?subject=Feedback%20on%20Armchair%20Demo"), mail
    assert "The%20sidebar%20hides%20my%20notes." in mail, mail
    demo.recorded("the answer on disk", lambda s: s.get("declined-this-version") == "true")
    demo.quit()


def in_app_review_is_published():
    service = LoopbackServer("odrs_server.py")
    try:
        demo = Demo(settings=["in-app-reviews=true", f"review-server={service.root}/1.0/reviews/api"])
        software_centre_visits = opened().count(f"appstream://{APP_ID}")
        click("Show the Prompt Now", demo.window)
        click("Rate", demo.dialog("Rate Armchair Demo"))
        form = demo.dialog("Review Armchair Demo")
        publish = wait_for("Publish", lambda: find_shown("push button", "Publish", form))
        assert not sensitive(publish), "Publish must wait for a rating, a summary and a review"
        stars = [n for n in nodes(form) if n.getRoleName() in STAR_ROLES and n.name.endswith(("star", "stars"))
                 and on_screen(n)]
        assert [s.name for s in stars] == ["1 star", "2 stars", "3 stars", "4 stars", "5 stars"], stars
        stars[3].queryAction().doAction(0)
        wait_for("stars 1 to 4 read as pressed", lambda: [s.getState().contains(pyatspi.STATE_PRESSED)
                                                          for s in stars] == [True] * 4 + [False] or None)
        type_into(field(form, "Summary"), "Quick and tidy")
        type_into(field(form, "Review"), "Opens instantly and never loses a note.")
        wait_until("Publish after the writing time", lambda: sensitive(publish), timeout=15)
        click("Publish", form)
        click("Close", demo.dialog("Thank You for Your Review"))
        reviews = wait_for("the review at the service", lambda: service.get("/reviews") or None)
        assert len(reviews) == 1, reviews
        review = reviews[0]
        assert (review["app_id"], review["rating"], review["summary"]) == (APP_ID, 80, "Quick and tidy"), review
        assert review["description"] == "Opens instantly and never loses a note.", review
        demo.recorded("the rating on disk", lambda s: s.get("rated-this-version") == "true")
        assert opened().count(f"appstream://{APP_ID}") == software_centre_visits, "the software centre opened"
        demo.quit()
    finally:
        service.stop()


def debug_mode_prompts_at_launch_once_a_window_is_active():
    demo = Demo("--debug")
    click("Remind Me Later", demo.dialog("Rate Armchair Demo"))
    state = demo.recorded("the reminder on disk", lambda s: "last-reminded-date" in s)
    # A prompt shown in debug mode does not count against the limits of the developer's own state.
    assert "prompt-dates" not in state, state
    demo.quit()


def plain_gtk_application_gets_libadwaita_dialogs():
    demo = Demo("--gtk-application", "--show-prompt")
    prompt = demo.dialog("Rate Armchair Demo")
    # libadwaita's message dialog, not GtkMessageDialog: its buttons sit in an AdwSqueezer.
    assert find("filler", "AdwSqueezer", prompt) is not None, "not an AdwMessageDialog"
    click("No, Thanks", prompt)
    demo.recorded("the decline on disk", lambda s: s.get("declined-any-version") == "true")
    assert "CRITICAL" not in demo.output(), demo.output()
    demo.quit()


def closing_the_window_under_the_prompt_dismisses_it_and_quits():
    demo = Demo()
    click("Show the Prompt Now", demo.window)
    demo.dialog("Rate Armchair Demo")
    click("Close", demo.window)
    assert demo.process.wait(timeout=10) == 0
    assert "The rating prompt ended: dismissed" in demo.output()
    assert "CRITICAL" not in demo.output(), demo.output()
    assert float(demo.state().get("active-usage-seconds", "0")) > 0, "the active time is saved at shutdown"


def narrow_window_stacks_the_buttons():
    demo = Demo("--width", "360")
    click("Show the Prompt Now", demo.window)
    prompt = demo.dialog("Rate Armchair Demo")
    places = {b.name: b.queryComponent().getExtents(pyatspi.WINDOW_COORDS) for b in shown_buttons(prompt)}
    assert places["Rate"].y < places["Remind Me Later"].y < places["No, Thanks"].y, places
    demo.quit()


def main():
    start_registry()
    sys.exit(1 if run_scenarios([
        rate_opens_the_software_centre, remind_me_later_waits, no_thanks_declines,
        escape_dismisses_which_is_remind_later_never_declined, satisfied_user_is_asked_to_rate,
        unhappy_user_is_still_offered_the_rating, unhappy_user_sends_feedback_to_the_receiver,
        unhappy_user_sends_feedback_by_email, in_app_review_is_published,
        debug_mode_prompts_at_launch_once_a_window_is_active, plain_gtk_application_gets_libadwaita_dialogs,
        closing_the_window_under_the_prompt_dismisses_it_and_quits, narrow_window_stacks_the_buttons,
    ], Demo.started) else 0)


if __name__ == "__main__":
    main()
