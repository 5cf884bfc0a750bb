#!/usr/bin/python3
"""The notes app of notes-gtk3.py on GTK 4 and libadwaita, with ArmchairGtk4 (and the same
environment variables)."""
import os
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Adw", "1")
from gi.repository import Adw, GLib, Gtk  # noqa: E402

import startup_figures  # noqa: E402

GLib.set_application_name("Notes")
app = Adw.Application(application_id="org.example.Notes")

if not os.environ.get("NOTES_WITHOUT_ARMCHAIR"):
    gi.require_version("Armchair", "1.0")
    gi.require_version("ArmchairGtk4", "1.0")
    from gi.repository import Armchair, ArmchairGtk4  # noqa: E402

    debug = bool(os.environ.get("NOTES_DEBUG"))
    config = Armchair.Configuration(app_id="org.example.Notes", app_version="1.0", debug_enabled=debug,
                                    allows_debug_in_release_builds=debug)
    binding = ArmchairGtk4.attach(app, config)


def activate(app):
    window = Gtk.ApplicationWindow(application=app, title="Notes", default_width=480, default_height=320)
    text = Gtk.TextView()
    text.get_buffer().set_text("Buy milk")
    window.set_child(text)
    startup_figures.watch(window, app)
    window.present()


app.connect("activate", activate)
sys.exit(app.run(sys.argv))
