#!/usr/bin/python3
"""A tiny notes app on GTK 3 in Python that attaches Armchair with no configuration at all: the
application ID comes from the app, the name and version from its installed AppStream metadata,
the rest from its installed settings file. When Armchair cannot be attached, the app says why
(one line, "armchair-error …") and goes on without it."""
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Armchair", "1.0")
gi.require_version("ArmchairGtk3", "1.0")
from gi.repository import Armchair, ArmchairGtk3, GLib, Gtk  # noqa: E402

app = Gtk.Application(application_id="org.example.Notes")
try:
    binding = ArmchairGtk3.attach(app, None)
except GLib.Error as error:
    is_metainfo = error.matches(Armchair.error_quark(), Armchair.Error.METAINFO)
    print(f"armchair-error metainfo={is_metainfo}: {error.message}", flush=True)


def activate(app):
    window = Gtk.ApplicationWindow(application=app, title="Notes", default_width=480, default_height=320)
    window.add(Gtk.TextView())
    window.show_all()


app.connect("activate", activate)
sys.exit(app.run(sys.argv))
