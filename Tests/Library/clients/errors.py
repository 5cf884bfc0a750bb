#!/usr/bin/python3
"""The error paths from Python, with no toolkit loaded: an unusable configuration raises a
GLib.Error with a clear message, None raises TypeError, a call from another thread logs a
CRITICAL, and the host lives on to use a headless engine. Prints one JSON line."""
import json
import threading

import gi

gi.require_version("Armchair", "1.0")
from gi.repository import Armchair, GLib  # noqa: E402

report = {}
try:
    Armchair.Engine.new(Armchair.Configuration.new("", None))
except GLib.Error as error:
    report["gerror"] = {"domain": error.domain, "code": error.code, "message": error.message}
try:
    Armchair.Engine.new(None)
except TypeError as error:
    report["type_error"] = str(error)
engine = Armchair.Engine.new(Armchair.Configuration(app_id="org.example.Tool", app_version="1.0",
                                                    days_until_prompt=0))
engine.significant_event("exported")
from_thread = []
thread = threading.Thread(target=lambda: from_thread.append(engine.should_prompt()))
thread.start()
thread.join()
report["from_thread"] = from_thread
report["headless_should_prompt"] = engine.should_prompt()
report["explain"] = engine.explain().splitlines()[0]
print(json.dumps(report))
