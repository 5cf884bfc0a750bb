#!/usr/bin/python3
"""How a Python app may hold libarmchair's objects, one scenario per run: the cases of issue 26
as PyGObject code, with its threads, its garbage collector and its handlers that return None.
../lifetimes_as_a_host.py runs every scenario under valgrind, against the installed libraries:

    lifetimes.py SCENARIO GTK-VERSION      (GTK-VERSION: 3.0 or 4.0)

Prints "ok SCENARIO" and exits 0 when everything held; a broken expectation raises (exit 1). The
driver counts the criticals and warnings on standard error.
"""
import gc
import os
import sys
import threading
import time

import gi

SCENARIO, GTK_VERSION = sys.argv[1], sys.argv[2]
gi.require_version("Gtk", GTK_VERSION)
gi.require_version("Armchair", "1.0")
TOOLKIT = "ArmchairGtk3" if GTK_VERSION == "3.0" else "ArmchairGtk4"
gi.require_version(TOOLKIT, "1.0")
from gi.repository import Armchair, Gio, GLib, Gtk  # noqa: E402

toolkit = __import__("gi.repository." + TOOLKIT, fromlist=[TOOLKIT])
APP_ID = "org.example.Lifetimes"


def debug_configuration():
    """Debug mode: the prompt would show at every check, so one that does not was held back. Not
    at launch, though: however slowly the app runs under valgrind, only the scenario prompts."""
    return Armchair.Configuration(app_id=APP_ID, app_version="1.0", debug_enabled=True,
                                  allows_debug_in_release_builds=True, prompt_at_launch=False)


def iterate_for(seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        GLib.MainContext.default().iteration(False)
        time.sleep(0.001)


def state():
    path = os.path.join(GLib.get_user_state_dir(), APP_ID, "armchair.ini")
    return open(path).read() if os.path.exists(path) else ""


def run_until(condition, timeout):
    """Runs a plain GLib.MainLoop until `condition()` holds, for at most `timeout` seconds."""
    loop = GLib.MainLoop()
    GLib.timeout_add(20, lambda: loop.quit() if condition() else True)
    GLib.timeout_add(int(timeout * 1000), loop.quit)
    loop.run()
    return condition()


def loop_on_worker_thread():
    """1: GLib.MainLoop runs on a worker thread, which drops the engine's last reference in an idle:
    nothing of Armchair runs there, and the main thread runs its queued work afterwards."""
    holder = {"engine": Armchair.Engine.new(debug_configuration())}
    emitted = []
    holder["engine"].connect("open-review-page", lambda engine, uri: emitted.append(uri))
    holder["engine"].rate_app()

    def worker():
        context = GLib.MainContext.default()
        assert context.acquire(), "the worker could not acquire the default main context"
        loop = GLib.MainLoop()
        GLib.idle_add(lambda: holder.pop("engine") and False)
        GLib.timeout_add(300, loop.quit)
        loop.run()
        context.release()

    thread = threading.Thread(target=worker)
    thread.start()
    thread.join()
    gc.collect()
    iterate_for(0.5)
    assert emitted == [], f"open-review-page emitted on a disposed engine: {emitted}"


def rate_then_drop_on_thread():
    """2: rate_app(), then the last reference goes on another thread: nothing is emitted. A binding
    attached first (to an application that never runs) made the main-queue bridge, as it did before
    engines made it."""
    app = Gtk.Application(application_id=APP_ID, flags=Gio.ApplicationFlags.NON_UNIQUE)
    binding = toolkit.attach(app, debug_configuration())
    assert binding is not None
    engine = Armchair.Engine.new(debug_configuration())
    emitted = []
    for name in ("open-review-page", "review-page-failed", "review-page-opened"):
        engine.connect(name, lambda engine, text, name=name: emitted.append(name))
    engine.rate_app()
    holder = [engine]
    del engine
    thread = threading.Thread(target=lambda: holder.clear() or gc.collect())
    thread.start()
    thread.join()
    iterate_for(0.5)
    assert emitted == [], f"signals on a freed engine: {emitted}"


def engine_without_toolkit():
    """5: an engine without a toolkit, in a plain GLib.MainLoop: rate_app() opens the review page
    with the desktop's handler (the test's own) and reports it."""
    engine = Armchair.Engine.new(debug_configuration())
    signals = []
    engine.connect("review-page-failed", lambda engine, message: signals.append(("failed", message)))
    engine.connect("review-page-opened", lambda engine, uri: signals.append(("opened", uri)))
    engine.rate_app()
    assert run_until(lambda: signals, 10), "no review-page signal in 10 s"
    assert signals == [("opened", f"appstream://{APP_ID}")], signals


def handlers_return_nothing():
    """7: a handler that only logs (returns None) changes nothing: Armchair opens the page; True
    means the app opened it."""
    engine = Armchair.Engine.new(debug_configuration())
    signals = []
    handler = engine.connect("open-review-page", lambda engine, uri: print("opening", uri))
    engine.connect("review-page-opened", lambda engine, uri: signals.append("review-page-opened"))
    engine.rate_app()
    assert run_until(lambda: signals, 10), "a handler returning None kept Armchair from opening the page"
    engine.disconnect(handler)
    engine.connect("open-review-page", lambda engine, uri: True)
    engine.rate_app()
    iterate_for(0.5)
    assert signals == ["review-page-opened"], f"Armchair opened the page the app opened: {signals}"


def nested_loop():
    """8: a handler runs a nested GLib.MainLoop and waits for more of Armchair's work."""
    engine = Armchair.Engine.new(debug_configuration())
    reports = []
    nested = GLib.MainLoop()

    def reported(engine, text):
        reports.append(text)
        if len(reports) == 1:
            engine.rate_app()
            GLib.timeout_add(10000, nested.quit)
            nested.run()
            assert len(reports) == 2, "the nested main loop saw no second report in 10 s"
        else:
            nested.quit()

    engine.connect("review-page-failed", reported)
    engine.connect("review-page-opened", reported)
    engine.rate_app()
    assert run_until(lambda: len(reports) == 2, 20), f"the review page was reported {len(reports)} times"


def half_alive():
    """9: PyGObject's generic constructors."""
    inert = Armchair.Engine()
    assert inert.should_prompt() is False, "an engine without a configuration would prompt"
    engine = Armchair.Engine(configuration=debug_configuration())
    assert engine.should_prompt() is True, "an engine made with configuration= does not work"
    assert engine.dup_review_uri() == f"appstream://{APP_ID}", engine.dup_review_uri()
    decision = Armchair.Decision()
    assert decision.get_headline() == "" and decision.get_reasons() == [], decision.get_headline()
    assert isinstance(decision.to_string(), str)
    made = Armchair.Decision(should_prompt=True, headline="Prompting.")
    assert made.get_should_prompt() and made.to_string() == "Prompting.", made.to_string()
    bare = Armchair.Configuration()
    assert bare.props.app_id is None and bare.get_app_id() is None, repr(bare.props.app_id)
    unattached = toolkit.Binding()
    assert unattached.get_engine() is not None, "an unattached binding has no engine"


def make_host(while_running=None, configuration=None):
    """An application with Armchair attached (debug mode), run until it quits 300 ms after its
    window showed: a dict of it, its binding and its window, which
    finalize() empties."""
    app = Gtk.Application(application_id=APP_ID, flags=Gio.ApplicationFlags.NON_UNIQUE)
    host = {"app": app, "binding": toolkit.attach(app, configuration or debug_configuration())}
    assert toolkit.Binding.get_for_application(app) == host["binding"]

    def activate(app):
        host["window"] = Gtk.ApplicationWindow(application=app, title="Notes")
        host["window"].show_all() if GTK_VERSION == "3.0" else host["window"].present()
        if while_running:
            while_running(host["binding"].get_engine())
        GLib.timeout_add(300, app.quit)

    app.connect("activate", activate)
    assert app.run([]) == 0
    return host


def finalize(host):
    """Destroys the window and drops the application: it must be finalized."""
    gone = []
    host["app"].weak_ref(lambda: gone.append(True))
    host.pop("window").destroy()
    del host["app"]
    gc.collect()
    assert gone, "the application is still alive"


def application_finalized_first():
    """3: the app keeps its binding, the application is finalized first, then something prompts."""
    host = make_host()
    engine = host["binding"].get_engine()
    finalize(host)
    assert engine.show_prompt() is False, "the engine prompted without its application"
    engine.significant_event("export")
    iterate_for(2.5)
    assert "significant-event-count=1" in state(), state()


def after_shutdown():
    """6: after run() returned, a significant event that would prompt (a new user meets these
    thresholds at once) shows nothing and records no prompt; the event is counted."""
    host = make_host(configuration=Armchair.Configuration(app_id=APP_ID, app_version="1.0", days_until_prompt=0,
                                                          uses_until_prompt=0, prompt_at_launch=False))
    engine = host["binding"].get_engine()
    engine.significant_event("export")
    iterate_for(2.5)
    assert "significant-event-count=1" in state() and "prompt-dates" not in state(), state()
    finalize(host)


def hold_prompt_returning_none():
    """7: a hold-prompt handler that returns None lets the prompt show; True holds it back."""
    results = []

    def while_running(engine):
        handler = engine.connect("hold-prompt", lambda engine, decision: True)
        results.append(engine.show_prompt())
        engine.disconnect(handler)
        engine.connect("hold-prompt", lambda engine, decision: print("prompting:", decision.get_headline()))
        results.append(engine.show_prompt())

    host = make_host(while_running)
    assert results == [False, True], results
    finalize(host)


def disposed_binding():
    """9: binding.get_engine() after the binding was disposed still works."""
    app = Gtk.Application(application_id=APP_ID, flags=Gio.ApplicationFlags.NON_UNIQUE)
    binding = toolkit.attach(app, debug_configuration())
    binding.run_dispose()
    engine = binding.get_engine()
    engine.significant_event("export")
    assert engine.show_prompt() is False
    assert "significant-event-count=1" in state(), state()


SCENARIOS = {f.__name__.replace("_", "-"): f for f in [
    loop_on_worker_thread, rate_then_drop_on_thread, engine_without_toolkit, handlers_return_nothing,
    nested_loop, half_alive, application_finalized_first, after_shutdown, hold_prompt_returning_none,
    disposed_binding]}

SCENARIOS[SCENARIO]()
print("ok", SCENARIO, flush=True)
