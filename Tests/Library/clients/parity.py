#!/usr/bin/python3
"""What a Python app can do that a Swift app could before, through the C API and GObject
Introspection: the binding's scheduling settings for an app without a main window, a running
engine reconfigured, one prompt's flow, the review page opened without recording a rating, and
the open prompt closed from code, the state kept in a folder the person syncs, and the prompt
asked for when online. Prints one JSON line; the driver (../clients_as_a_user.py)
checks it, and what the review page's handler opened."""
import json
import os
import tempfile

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Armchair", "1.0")
gi.require_version("ArmchairGtk3", "1.0")
from gi.repository import Armchair, ArmchairGtk3, GLib, Gtk  # noqa: E402

report = {}

# A tray app: no main window to wait for, and no network wait.
app = Gtk.Application(application_id="org.example.Parity")
binding = ArmchairGtk3.attach(app, Armchair.Configuration(app_id="org.example.Parity", app_version="3.1"))
report["defaults"] = [binding.props.waits_for_active_window, binding.props.waits_for_network]
binding.props.waits_for_active_window = False
binding.props.waits_for_network = False
report["tray"] = [binding.props.waits_for_active_window, binding.props.waits_for_network]

# Reconfigured while it runs: the next decision follows; the version left unset stays.
engine = binding.get_engine()
engine.reconfigure(Armchair.Configuration(app_id="org.example.Parity", uses_until_prompt=4))
report["uses_needed"] = "uses 0/4" in engine.explain()
try:
    engine.reconfigure(Armchair.Configuration(app_id="org.example.Other"))
except GLib.Error as error:
    report["other_app"] = [error.matches(Armchair.error_quark(), Armchair.Error.CONFIGURATION), error.message]

# One prompt's flow, and closing a prompt when none is open (nothing happens).
report["flows"] = [Armchair.PromptFlow.CONFIGURED, Armchair.PromptFlow.RATING_ONLY,
                   Armchair.PromptFlow.SATISFACTION_FIRST]
engine.close_prompt()

# The review page opened without recording anything: an engine without a toolkit opens it
# through GIO, with the desktop's handler for appstream: (the driver's recorder).
headless = Armchair.Engine.new(Armchair.Configuration(app_id="org.example.Parity", app_version="3.1"))
loop = GLib.MainLoop()
opened = []
headless.connect("review-page-opened", lambda _engine, uri: (opened.append(uri), loop.quit()))
headless.connect("review-page-failed", lambda _engine, message: (opened.append("failed: " + message), loop.quit()))
headless.show_review_page()
GLib.timeout_add_seconds(20, loop.quit)
loop.run()
report["opened"] = opened
report["still_unrated"] = "not rated this version" in headless.explain()

# iRate's promptIfNetworkAvailable: an engine without a toolkit has nothing to show it with.
report["when_online"] = headless.show_prompt_when_online(Armchair.PromptFlow.CONFIGURED).value_nick

# The state kept in a folder the person syncs: this computer's own file there.
synced = tempfile.mkdtemp()
follows = Armchair.Engine.new(Armchair.Configuration(app_id="org.example.Parity", app_version="3.1",
                                                     synced_folder=synced))
follows.app_launched()
follows.flush()
report["synced"] = [name for name in os.listdir(synced) if name.startswith("armchair-") and name.endswith(".ini")]
print(json.dumps(report))
