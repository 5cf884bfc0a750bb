#!/usr/bin/env bash
# Runs a command on an X11 desktop of its own: a private X server (Xvfb) and a private D-Bus
# session bus, where AT-SPI clients find the apps it starts. What `xvfb-run -a dbus-run-session --`
# does, but safe to run side by side: the X server picks a free display number itself
# (-displayfd), where xvfb-run -a guesses one that a run starting at the same moment may take too.
#
#   scripts/x11/run.sh [--screen WIDTHxHEIGHTxDEPTH] COMMAND [ARGUMENT...]
#
# The screen is 1280x1024x24 unless --screen says otherwise. COMMAND gets DISPLAY and the session
# bus, and no WAYLAND_DISPLAY (so that nothing it starts opens on the desktop this runs from).
# Exits with COMMAND's status; 90 if the X server could not start (its log is printed).
set -uo pipefail
screen=1280x1024x24
if [[ ${1:-} == --screen ]]; then
    screen=${2:?usage: scripts/x11/run.sh [--screen WIDTHxHEIGHTxDEPTH] COMMAND [ARGUMENT...]}
    shift 2
fi
(($#)) || { echo "usage: scripts/x11/run.sh [--screen WIDTHxHEIGHTxDEPTH] COMMAND [ARGUMENT...]" >&2; exit 2; }

folder=$(mktemp -d "${TMPDIR:-/tmp}/armchair-x11.XXXXXX") || exit 90
Xvfb -displayfd 3 -screen 0 "$screen" -nolisten tcp 3>"$folder/display" >"$folder/xvfb.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$folder"' EXIT
# Xvfb writes its display number once it accepts connections.
for _ in $(seq 200); do
    grep -q '^[0-9]' "$folder/display" 2>/dev/null && break
    kill -0 "$server" 2>/dev/null || break
    sleep 0.05
done
display=$(head -n 1 "$folder/display" 2>/dev/null)
if [[ ! $display =~ ^[0-9]+$ ]]; then
    echo "scripts/x11/run.sh: Xvfb did not start" >&2
    cat "$folder/xvfb.log" >&2
    exit 90
fi
unset WAYLAND_DISPLAY DBUS_SESSION_BUS_ADDRESS
DISPLAY=:$display dbus-run-session -- "$@"
