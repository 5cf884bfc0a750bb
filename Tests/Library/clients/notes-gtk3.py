#!/usr/bin/python3
"""A tiny notes app on GTK 3 in Python (PyGObject), with Armchair in one line.

The settings come from the environment, so that the driver (../library.py) can run the same app
in each scenario: NOTES_DEBUG=1 turns debug mode on (the prompt at launch), NOTES_WITHOUT_ARMCHAIR=1
leaves Armchair out (the baseline of the figures), NOTES_FIRST_FRAME=1 prints the monotonic clock
once the first frame is drawn and quits, and NOTES_READY=1 the longest stall until Armchair is ready
(../benchmark.py, startup_figures.py). NOTES_FEEDBACK_FILE=<path> asks "Are you
enjoying Notes?" first and delivers feedback itself (ArmchairEngine::deliver-feedback): a thread of
the app appends each message to that file a moment later, then completes the request from there,
unless Armchair cancelled it meanwhile (the form closed: its GCancellable).
NOTES_OWN_PROMPT=<path> shows the rating prompt with the app's own UI (ArmchairEngine::present-step):
the step's title and button labels go to that file, and the person's "No, Thanks" comes back from a
thread of the app's a moment later.
"""
import os
import sys
import threading
import time

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk  # noqa: E402

import startup_figures  # noqa: E402

GLib.set_application_name("Notes")
app = Gtk.Application(application_id="org.example.Notes")

if not os.environ.get("NOTES_WITHOUT_ARMCHAIR"):
    gi.require_version("Armchair", "1.0")
    gi.require_version("ArmchairGtk3", "1.0")
    from gi.repository import Armchair, ArmchairGtk3  # noqa: E402

    debug = bool(os.environ.get("NOTES_DEBUG"))
    config = Armchair.Configuration(app_id="org.example.Notes", app_version="1.0", debug_enabled=debug,
                                    allows_debug_in_release_builds=debug)
    feedback_file = os.environ.get("NOTES_FEEDBACK_FILE")
    if feedback_file:
        config.props.asks_satisfaction_first = True
    binding = ArmchairGtk3.attach(app, config)

    def deliver(engine, request):
        """Delivers the message on a thread of the app's own, as a network call would, and
        completes the request from that thread; a request Armchair cancelled meanwhile has its
        result already, so the thread stops."""
        cancellable = request.get_cancellable()

        def post():
            time.sleep(0.3)
            if cancellable.is_cancelled():
                return
            with open(feedback_file, "a") as f:
                f.write(f"{request.props.text}\n")
            request.return_success()
        threading.Thread(target=post).start()

    if feedback_file:
        binding.get_engine().connect("deliver-feedback", deliver)

    def present(engine, step):
        """Shows the rating prompt in the app's own UI (here: a line in a file), and answers it
        from a thread of the app's, as a person's click would come back; leaves the other steps
        to Armchair."""
        if step.get_kind() != Armchair.StepKind.RATING_PROMPT:
            return False
        labels = [step.get_label(choice) for choice in step.get_choices()]
        with open(own_prompt_file, "a") as f:
            f.write(f"{step.get_title()}|{'|'.join(labels)}\n")

        def answer():
            time.sleep(0.3)
            step.return_choice(Armchair.Choice.DECLINE)
        threading.Thread(target=answer).start()
        return True

    own_prompt_file = os.environ.get("NOTES_OWN_PROMPT")
    if own_prompt_file:
        binding.get_engine().connect("present-step", present)


def activate(app):
    window = Gtk.ApplicationWindow(application=app, title="Notes", default_width=480, default_height=320)
    text = Gtk.TextView()
    text.get_buffer().set_text("Buy milk")
    window.add(text)
    startup_figures.watch(window, app)
    window.show_all()


app.connect("activate", activate)
sys.exit(app.run(sys.argv))
