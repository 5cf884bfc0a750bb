#!/usr/bin/python3
"""Gives headless mutter's seat a keyboard, and holds it until killed.

mutter --headless opens no input devices, so its seat has no keyboard: GTK takes a window's
"active" state from the keyboard entering it, and no window would ever become active. A remote
desktop session (org.gnome.Mutter.RemoteDesktop, on the session bus) makes a virtual keyboard on
its first key event, and keeps it while the D-Bus connection that made the session is open; so
this process taps Shift once, prints READY, and stays connected until SIGTERM. Then mutter focuses
each new window, as on a desktop.
"""
import signal

from gi.repository import Gio, GLib

SERVICE = "org.gnome.Mutter.RemoteDesktop"
LEFT_SHIFT = 42  # evdev key code

bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)


def proxy(path, interface):
    return Gio.DBusProxy.new_sync(bus, Gio.DBusProxyFlags.DO_NOT_LOAD_PROPERTIES, None, SERVICE, path, interface,
                                  None)


desktop = proxy("/org/gnome/Mutter/RemoteDesktop", SERVICE)
session_path = desktop.call_sync("CreateSession", None, Gio.DBusCallFlags.NONE, 5000, None).unpack()[0]
session = proxy(session_path, SERVICE + ".Session")
session.call_sync("Start", None, Gio.DBusCallFlags.NONE, 5000, None)
for pressed in (True, False):
    session.call_sync("NotifyKeyboardKeycode", GLib.Variant("(ub)", (LEFT_SHIFT, pressed)), Gio.DBusCallFlags.NONE,
                      5000, None)
print("READY", flush=True)

loop = GLib.MainLoop()
for number in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, number, loop.quit)
session.connect("g-signal", lambda _proxy, _sender, name, _parameters: loop.quit() if name == "Closed" else None)
loop.run()
