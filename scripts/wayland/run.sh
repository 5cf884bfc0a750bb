#!/usr/bin/env bash
# Runs a command on a Wayland desktop of its own: GNOME's compositor (mutter, headless, one
# virtual monitor) on a private D-Bus session bus, its seat given a keyboard so that windows
# become active as on a desktop. The Wayland counterpart of `xvfb-run -a dbus-run-session --`:
#
#   scripts/wayland/run.sh COMMAND [ARGUMENT...]
#
# COMMAND gets WAYLAND_DISPLAY, GDK_BACKEND=wayland, no DISPLAY (so nothing falls back to X11),
# a private XDG_RUNTIME_DIR and the session bus, where AT-SPI clients find the apps it starts.
# Exits with COMMAND's status; 90 if the desktop could not be set up (mutter's log is printed).
set -uo pipefail

if [[ -z ${ARMCHAIR_WAYLAND_INNER:-} ]]; then
    # A private runtime folder (the Wayland and AT-SPI sockets go there, so runs never collide),
    # then a private session bus for the rest of this script.
    runtime=$(mktemp -d "${TMPDIR:-/tmp}/armchair-wayland.XXXXXX") || exit 90
    chmod 700 "$runtime"
    unset DISPLAY WAYLAND_DISPLAY DBUS_SESSION_BUS_ADDRESS
    XDG_RUNTIME_DIR=$runtime ARMCHAIR_WAYLAND_INNER=1 dbus-run-session -- "$0" "$@"
    status=$?
    # GTK starts xdg-document-portal on the bus, which mounts $runtime/doc and unmounts it only
    # once it sees the bus is gone: retry for a few seconds.
    for _ in $(seq 25); do rm -rf "$runtime" 2>/dev/null && break; sleep 0.2; done
    exit $status
fi

here=$(cd "$(dirname "$0")" && pwd)
log=$XDG_RUNTIME_DIR/mutter.log
socket=wayland-armchair
children=()
trap 'kill "${children[@]}" 2>/dev/null; wait 2>/dev/null' EXIT
fail() { echo "scripts/wayland/run.sh: $1" >&2; cat "$log" >&2; exit 90; }

mutter --headless --wayland --no-x11 --wayland-display=$socket --virtual-monitor 1280x800 >>"$log" 2>&1 &
children+=($!)
for _ in $(seq 100); do [[ -S $XDG_RUNTIME_DIR/$socket ]] && break; sleep 0.1; done
[[ -S $XDG_RUNTIME_DIR/$socket ]] || fail "mutter did not start"
timeout 10 gdbus wait --session --timeout 10 org.gnome.Mutter.RemoteDesktop || fail "mutter's remote desktop did not appear"

/usr/bin/python3 "$here/virtual-keyboard.py" > "$XDG_RUNTIME_DIR/keyboard.out" 2>>"$log" &
children+=($!)
for _ in $(seq 100); do grep -q READY "$XDG_RUNTIME_DIR/keyboard.out" && break; sleep 0.1; done
grep -q READY "$XDG_RUNTIME_DIR/keyboard.out" || fail "the virtual keyboard could not be made"

# As a desktop session does, services the bus starts (the portals, the accessibility bus) get
# the display too.
export WAYLAND_DISPLAY=$socket GDK_BACKEND=wayland
dbus-update-activation-environment WAYLAND_DISPLAY GDK_BACKEND XDG_RUNTIME_DIR || fail "the bus's environment could not be set"
"$@"
