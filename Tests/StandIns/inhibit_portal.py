#!/usr/bin/python3
"""A stand-in for xdg-desktop-portal's Inhibit portal on a private session bus: the part a
screen-lock monitor sees.

It behaves as the real frontend does (xdg-desktop-portal's desktop-portal/inhibit.c and
xdp-request.c, read for this): CreateMonitor(window, options) returns the request handle
/org/freedesktop/portal/desktop/request/SENDER/HANDLE_TOKEN, where SENDER is the caller's unique
name without its ':' and with '.' as '_'; the request then emits Response(0, {session_handle}) with
the session /org/freedesktop/portal/desktop/session/SENDER/SESSION_TOKEN; StateChanged(session,
{screensaver-active, session-state}) goes to the session's owner only; QueryEndResponse(session)
answers a "query end" state; org.freedesktop.portal.Session.Close closes a session.

Commands on standard input, one per line: `lock`, `unlock`, `query-end` (each sent to every open
session). It prints what happens on standard output: `ready`, `monitor SESSION`,
`query-end-response SESSION`, `closed SESSION`.
"""

import sys

from gi.repository import Gio, GLib

PATH = "/org/freedesktop/portal/desktop"
INTERFACES = Gio.DBusNodeInfo.new_for_xml(
    """
<node>
  <interface name="org.freedesktop.portal.Inhibit">
    <method name="CreateMonitor">
      <arg type="s" name="window" direction="in"/>
      <arg type="a{sv}" name="options" direction="in"/>
      <arg type="o" name="handle" direction="out"/>
    </method>
    <method name="QueryEndResponse">
      <arg type="o" name="session_handle" direction="in"/>
    </method>
    <property name="version" type="u" access="read"/>
  </interface>
  <interface name="org.freedesktop.portal.Session">
    <method name="Close"/>
  </interface>
</node>"""
)
INHIBIT, SESSION = INTERFACES.interfaces

connection = Gio.bus_get_sync(Gio.BusType.SESSION)
# Open sessions: their path, and the unique name of the owner, who alone gets their signals.
sessions = {}
registrations = {}
locked = False


def say(line):
    print(line, flush=True)


def element(sender):
    return sender.lstrip(":").replace(".", "_")


def emit_state(path, owner, session_state):
    """StateChanged for the session `path`, to its owner only, as the portal sends it."""
    state = {"screensaver-active": GLib.Variant("b", locked), "session-state": GLib.Variant("u", session_state)}
    connection.emit_signal(
        owner, PATH, "org.freedesktop.portal.Inhibit", "StateChanged", GLib.Variant("(oa{sv})", (path, state))
    )


def on_session_call(_connection, sender, path, _interface, method, _parameters, invocation):
    if method == "Close" and path in sessions and sessions[path] == sender:
        connection.unregister_object(registrations.pop(path))
        del sessions[path]
        say(f"closed {path}")
    invocation.return_value(None)


def on_inhibit_call(_connection, sender, _path, _interface, method, parameters, invocation):
    if method == "CreateMonitor":
        _window, options = parameters.unpack()
        token = options.get("handle_token", "t")
        session_token = options.get("session_handle_token", "s")
        request = f"{PATH}/request/{element(sender)}/{token}"
        session = f"{PATH}/session/{element(sender)}/{session_token}"
        invocation.return_value(GLib.Variant("(o)", (request,)))
        sessions[session] = sender
        registrations[session] = connection.register_object(session, SESSION, on_session_call, None, None)
        connection.emit_signal(
            sender,
            request,
            "org.freedesktop.portal.Request",
            "Response",
            GLib.Variant("(ua{sv})", (0, {"session_handle": GLib.Variant("s", session)})),
        )
        say(f"monitor {session}")
        # As the backends do, the current state right after the session starts.
        GLib.idle_add(lambda: emit_state(session, sender, 1) and False)
    elif method == "QueryEndResponse":
        (session,) = parameters.unpack()
        if sessions.get(session) != sender:
            invocation.return_dbus_error("org.freedesktop.DBus.Error.AccessDenied", "Invalid session")
            return
        say(f"query-end-response {session}")
        invocation.return_value(None)


def on_property(_connection, _sender, _path, _interface, name):
    return GLib.Variant("u", 3) if name == "version" else None


def on_command(channel, _condition):
    global locked
    line = channel.readline()
    if not line:
        loop.quit()
        return False
    command = line.strip()
    if command in ("lock", "unlock"):
        locked = command == "lock"
        for path, owner in sessions.items():
            emit_state(path, owner, 1)
    elif command == "query-end":
        for path, owner in sessions.items():
            emit_state(path, owner, 2)
    return True


connection.register_object(PATH, INHIBIT, on_inhibit_call, on_property, None)
loop = GLib.MainLoop()


def on_name(_connection, _name):
    say("ready")


Gio.bus_own_name_on_connection(connection, "org.freedesktop.portal.Desktop", 0, on_name, None)
GLib.io_add_watch(GLib.IOChannel.unix_new(sys.stdin.fileno()), GLib.IO_IN | GLib.IO_HUP, on_command)
loop.run()
