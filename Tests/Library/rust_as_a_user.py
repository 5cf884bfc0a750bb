#!/usr/bin/python3
"""libarmchair from Rust: the gtk-rs notes app of examples/rust, built with Debian's cargo and
rustc from Debian's crates (offline), linked against the libraries through pkg-config, and used
through AT-SPI as a person would. A test of `meson test --suite slow` (Tests/Library/meson.build
runs it in a private X server and D-Bus session, against the libraries uninstalled); by hand:

    scripts/x11/run.sh /usr/bin/python3 Tests/Library/rust_as_a_user.py \\
        (--build-dir BUILD | --prefix PREFIX) [--only TEXT]

$ARMCHAIR_TOOL is the command-line tool (`armchair explain` must read what the library wrote).
The example has no test hooks, and the library is a release build (debug mode is off), so the
prompt is made to appear as it would for a real user: the state file is seeded, before launch, with
a regular's history (40 days, 20 uses, 3 saves), which `armchair explain` must call "prompting".

- the example's formatting: Debian's rustfmt changes nothing;
- docs/reference/rust.md shows every file of the example whole and unchanged;
- the build: from clean, with /usr/bin/cargo and /usr/bin/rustc, in a scratch target folder, no
  network; the program needs libarmchair-gtk3-1.so.0; the time it took is printed;
- each answer (Rate, Remind Me Later, No, Thanks) clicked on the prompt at launch is in the state
  file, `armchair explain` reads it, the app's `answered` handler printed it, and the app lives on;
- "Save" counts a significant event named "saved" in the state file;
- the wrapper's errors: an empty app ID, a NUL byte, an unknown setting and a second attach are
  each an Err(glib::Error) in armchair-error-quark with a clear message, and the program goes on.

Prints "N passed, N failed" and exits non-zero on a failure.
"""
import datetime
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import types

from library import (ANSWERS, APP_ID, PROMPT, WORK, Client, armchair_tool, chosen, command_line, criterion,
                     explain, library_of)
from atspi import find, start_registry, wait_for
from project import ROOT
from scenarios import run_scenarios

ARGUMENTS = command_line()
EXAMPLE = os.path.join(ROOT, "examples", "rust")
TARGET = os.path.join(WORK, "cargo-target")
# What the app's `answered` handler prints for each button of the prompt.
PRINTED = {"Rate": "answered: Rate", "Remind Me Later": "answered: RemindLater", "No, Thanks": "answered: Decline"}


class SeededClient(Client):
    """The Rust notes app started on a state file that says its user is a regular: first used
    40 days ago, 20 uses, 3 saves (the app asks for 3 events; the defaults, 30 days and 20 uses)."""

    def __init__(self, installation):
        seed = tempfile.mkdtemp(dir=WORK, prefix="seed-")
        first_use = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(days=40)
        os.makedirs(os.path.join(seed, APP_ID))
        with open(os.path.join(seed, APP_ID, "armchair.ini"), "w") as f:
            f.write(f"[State]\n{APP_ID}.first-use-date={first_use.strftime('%Y-%m-%dT%H:%M:%S.000Z')}\n"
                    f"{APP_ID}.tracked-version=1.0.0\n{APP_ID}.use-count=20\n"
                    f"{APP_ID}.significant-event-count=3\n{APP_ID}.event-count.saved=3\n\n[Format]\nversion=1\n")
        # `armchair explain` reads the seeded file as the library will: the prompt is due now.
        due = explain(armchair_tool(), types.SimpleNamespace(state_home=seed))["now"]
        assert due["shouldPrompt"], due["headline"]
        super().__init__(installation, [program("armchair-notes")], "gtk3", debug=False, state_home=seed)


def program(name):
    return os.path.join(TARGET, "debug", name)


def rust_example_builds_offline():
    """Debian's cargo and rustc build the example from clean, offline, from Debian's crates, with
    the libraries' pkg-config files; the program needs the GTK 3 library."""
    shutil.rmtree(TARGET, ignore_errors=True)
    environment = dict(CARGO_TARGET_DIR=TARGET, CARGO_HOME=os.path.join(WORK, "cargo-home"), RUSTC="/usr/bin/rustc",
                       RUSTDOC="/usr/bin/rustdoc", PATH="/usr/bin:/bin")
    started = time.monotonic()
    result = subprocess.run(["/usr/bin/cargo", "build", "--bins", "--examples"], cwd=EXAMPLE,
                            env=LIBRARY.environment(**environment), capture_output=True, text=True,
                            timeout=1800)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "warning" not in result.stderr, result.stderr
    print(f"cargo build from clean: {time.monotonic() - started:.0f} s", flush=True)
    needed = subprocess.run(["readelf", "-d", program("armchair-notes")], capture_output=True, text=True,
                            check=True).stdout
    assert "Shared library: [libarmchair-gtk3-1.so.0]" in needed, needed


def rust_example_is_formatted():
    """Debian's rustfmt finds nothing to change in the example."""
    files = ["build.rs", "src/main.rs", "src/armchair.rs", "examples/errors.rs"]
    result = subprocess.run(["/usr/bin/rustfmt", "--check", "--edition", "2021", *files], cwd=EXAMPLE,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def rust_page_shows_the_files():
    """docs/reference/rust.md shows each file of the example whole, as it is: every code block after
    an <!-- examples/rust/... --> comment equals that file."""
    page = open(os.path.join(ROOT, "docs", "reference", "rust.md")).read()
    blocks = re.findall(r"<!-- (examples/rust/\S+) -->\n```[a-z]*\n(.*?)^```$", page, re.S | re.M)
    shown = {path for path, _ in blocks}
    files = {os.path.relpath(os.path.join(folder, name), ROOT)
             for folder, _, names in os.walk(EXAMPLE) for name in names
             if name.endswith((".rs", ".toml")) and "target" not in folder}
    assert shown == files, (sorted(shown), sorted(files))
    for path, body in blocks:
        assert body == open(os.path.join(ROOT, path)).read(), f"{path} differs from its block in rust.md"


def answer(choice):
    def check():
        recorded, kind = ANSWERS[choice]
        notes = SeededClient(LIBRARY)
        notes.click(choice, notes.prompt())
        state = wait_for(f'"{choice}" on disk', lambda: notes.state() if recorded(notes.state()) else None)
        explanation = explain(armchair_tool(), notes)
        assert explanation["stateFile"] == notes.state_file(), explanation["stateFile"]
        assert criterion(explanation, kind) == "missing", (kind, explanation["now"]["headline"])
        assert state["use-count"] == "21", state
        wait_for(f"{PRINTED[choice]!r} printed", lambda: True if PRINTED[choice] in notes.output() else None)
        assert notes.alive(), "the app ended:\n" + notes.output()
        if choice == "Rate":
            wait_for("the software centre", lambda: True if os.path.exists(LIBRARY.opened) and
                     f"appstream://{APP_ID}" in open(LIBRARY.opened).read().split("\n") else None)
        notes.quit()
    check.__name__ = f"rust-gtk3: {choice}"
    return check


def save_counts_an_event():
    """On a fresh state, two clicks on Save are two "saved" events on disk, and no prompt."""
    notes = Client(LIBRARY, [program("armchair-notes")], "gtk3", debug=False)
    for count in ("1", "2"):
        notes.click("Save", notes.window)
        wait_for(f"{count} saved events on disk", lambda: True if notes.state().get("event-count.saved") == count
                 and notes.state().get("significant-event-count") == count else None)
    # A new user is not asked: past the binding's delay after launch and after each event, no prompt.
    time.sleep(3)
    assert find("alert", PROMPT, notes.window.getApplication()) is None, "a new user was prompted"
    assert notes.alive(), notes.output()
    notes.quit()


def wrapper_errors_are_glib_errors():
    result = LIBRARY.run([program("examples/errors")])
    assert result.returncode == 0, result.stdout + result.stderr
    for line in ['empty app ID: Some(Configuration): Invalid Armchair configuration:\n- app-id "": it is empty',
                 'app ID with a NUL byte: Some(Configuration): app ID "org.example\\0Notes": it contains a NUL byte',
                 "unknown setting: Err(Error { domain: armchair-error-quark, code: 0, message: \"property "
                 "'no-such-setting' of type 'ArmchairConfiguration' not found\" })",
                 "good configuration: attached",
                 "second attach: Some(AlreadyAttached): Armchair is already attached to this application"]:
        assert line in result.stdout, f"{line!r} not in:\n{result.stdout}"


# One group, one test of Meson's: the later scenarios run what the build made.
GROUPS = {"rust": [rust_example_is_formatted, rust_page_shows_the_files, rust_example_builds_offline,
                   *[answer(choice) for choice in ("Rate", "Remind Me Later", "No, Thanks")], save_counts_an_event,
                   wrapper_errors_are_glib_errors]}


def main():
    global LIBRARY
    scenarios = chosen(GROUPS, ARGUMENTS)
    # The build stays, whatever --only says: every later scenario runs what it built.
    if rust_example_builds_offline not in scenarios:
        scenarios.insert(0, rust_example_builds_offline)
    LIBRARY = library_of(ARGUMENTS)
    start_registry()
    sys.exit(1 if run_scenarios(scenarios, Client.started) else 0)


if __name__ == "__main__":
    main()
