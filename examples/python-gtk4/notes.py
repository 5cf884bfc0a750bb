#!/usr/bin/python3
"""Notes: a tiny GTK 4 and libadwaita app in Python that asks its happy, regular users for a
rating with Armchair, and logs what they answered."""
import os
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Adw", "1")
gi.require_version("Armchair", "1.0")
gi.require_version("ArmchairGtk4", "1.0")
from gi.repository import Adw, Armchair, ArmchairGtk4, Gio, GLib, Gtk  # noqa: E402

NOTE = os.path.join(GLib.get_user_data_dir(), "notes.txt")

GLib.set_application_name("Notes")
app = Adw.Application(application_id="org.example.Notes")
binding = ArmchairGtk4.attach(app, Armchair.Configuration(app_id="org.example.Notes", app_version="1.0"))
# Every answer, from the prompt or from the app, once it is saved.
binding.get_engine().connect("answered", lambda engine, answer: print("Armchair:", answer.value_nick, flush=True))


def activate(app):
    window = Gtk.ApplicationWindow(application=app, title="Notes", default_width=480, default_height=320)
    header = Gtk.HeaderBar()
    header.pack_end(Gtk.Button(label="Save", action_name="app.save"))
    window.set_titlebar(header)
    text = Gtk.TextView()
    if os.path.exists(NOTE):
        with open(NOTE) as note:
            text.get_buffer().set_text(note.read())
    window.set_child(text)

    def save(action, parameter):
        buffer = text.get_buffer()
        os.makedirs(os.path.dirname(NOTE), exist_ok=True)
        with open(NOTE, "w") as note:
            note.write(buffer.get_text(buffer.get_start_iter(), buffer.get_end_iter(), False))
        # Saving a note is what this app is for: tell Armchair.
        binding.get_engine().significant_event("save")

    action = Gio.SimpleAction(name="save")
    action.connect("activate", save)
    app.add_action(action)
    app.set_accels_for_action("app.save", ["<Control>s"])
    window.present()


app.connect("activate", activate)
sys.exit(app.run(sys.argv))
