#!/usr/bin/python3
"""libarmchair as apps use it: real client apps in C, Python (PyGObject), JavaScript (GJS) and
Vala, built and run against the libraries only, each used through AT-SPI as a person would. Each
group of scenarios is a test of `meson test --suite display` (Tests/Library/meson.build runs each
in a private X server and D-Bus session, against the libraries uninstalled); by hand:

    scripts/x11/run.sh /usr/bin/python3 Tests/Library/clients_as_a_user.py \\
        (--build-dir BUILD | --prefix PREFIX) [--group NAME | --only TEXT]

$ARMCHAIR_TOOL is the command-line tool (`armchair explain` must read what the library wrote).

- each client: the prompt appears at launch in debug mode, a click on each answer (Rate, Remind Me
  Later, No Thanks) is recorded in the state file, `armchair explain` reads the same file and the
  same answer, and the app lives on;
- the bad calls from C (CRITICALs, a GError with a clear message, the host alive) and from
  Python (GLib.Error, TypeError, another thread);
- from Python: parity with Swift, the app's own feedback delivery and its own prompt, and zero
  configuration from the app's AppStream metadata (or a clear error without it);
- the catalogs of an installation (staged with `meson install --destdir` from a build folder): found
  beside the library, and without them English and one warning;
- exactly one Swift runtime among the loaded objects, in libarmchair-1.so.0, and a host that
  already loaded the toolchain's shared Swift runtime RTLD_GLOBAL still works.

Prints "N passed, N failed" and exits non-zero on a failure.
"""
import json
import os
import shutil
import sys
import tempfile
import time

from library import (CLIENTS, WORK, Client, Library, answer_is_recorded, armchair_tool, chosen, command_line,
                     library_of)
from atspi import find, nodes, press, sensitive, start_registry, type_into, wait_for
from scenarios import run_scenarios

import pyatspi  # noqa: E402

ARGUMENTS = command_line()
# The toolchain's shared Swift runtime, which preload-swift.py loads before Armchair.
SWIFT_LIB = os.path.join(os.path.dirname(os.path.realpath(shutil.which("swiftc"))), "..", "lib", "swift", "linux")
PYTHON = "/usr/bin/python3"


def client(name):
    return os.path.join(CLIENTS, name)


def c_client_survives_bad_calls():
    """The C client's bad calls: a CRITICAL for each NULL or wrong-type argument, a GError for the
    unusable configuration, and then the app runs (its prompt answered)."""
    program = LIBRARY.build_c(client("notes-gtk3.c"), "armchair-gtk3-1")
    notes = Client(LIBRARY, [program], "gtk3", NOTES_BAD_CALLS="1")
    notes.click("Remind Me Later", notes.prompt())
    wait_for("the reminder on disk", lambda: True if "last-reminded-date" in notes.state() else None)
    output = notes.output()
    assert output.count("CRITICAL") == 4, output
    for check in ["armchair_engine_new: assertion 'ARMCHAIR_IS_CONFIGURATION (configuration)' failed",
                  "armchair_engine_should_prompt: assertion", "armchair_gtk3_attach: assertion",
                  "bad call: engine_new (NULL) = (nil)", "bad call: should_prompt (NULL) = 0",
                  'bad configuration: engine (nil), error armchair-error-quark: ', 'app-id "": it is empty']:
        assert check in output, f"{check!r} not in:\n{output}"
    assert notes.alive(), output
    notes.quit()


def python_errors_are_clear():
    result = LIBRARY.run([PYTHON, client("errors.py")])
    assert result.returncode == 0, result.stdout + result.stderr
    report = json.loads(result.stdout)
    assert report["gerror"]["domain"] == "armchair-error-quark", report
    assert 'app-id "": it is empty' in report["gerror"]["message"], report
    assert "does not allow None" in report["type_error"], report
    # From another thread: a CRITICAL and FALSE, never a trap in Swift's main-actor check.
    assert report["from_thread"] == [False], report
    assert "CRITICAL" in result.stderr and "armchair_engine_should_prompt" in result.stderr, result.stderr
    assert report["headless_should_prompt"] is False and report["explain"].startswith("Not prompting"), report


def python_has_swift_parity():
    """From Python: the binding's scheduling settings for a tray app, a running engine
    reconfigured (and refused for another app ID), the prompt flows, closing with nothing open,
    the review page opened through the desktop's handler without recording a rating, the prompt
    asked for when online, and the state in a synced folder."""
    result = LIBRARY.run([PYTHON, client("parity.py")], timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["defaults"] == [True, True] and report["tray"] == [False, False], report
    assert report["uses_needed"] is True, report
    assert report["other_app"][0] is True and "app-id: cannot change in a running engine" in report["other_app"][1], \
        report
    assert report["flows"] == [0, 1, 2], report
    assert report["opened"] == ["appstream://org.example.Parity"], report
    assert report["still_unrated"] is True, report
    assert report["when_online"] == "not-shown", report
    assert len(report["synced"]) == 1, report
    with open(LIBRARY.opened) as f:
        assert "appstream://org.example.Parity" in f.read().split("\n"), "the handler opened nothing"


def python_app_delivers_feedback():
    """A Python app that delivers feedback itself: the form is offered with no address, what the
    person typed reaches the app's handler, whose request's cancellable stays uncancelled while the
    form waits, and the app's success, from a thread of its own after a while, brings the
    thank-you; the app lives on."""
    outbox = os.path.join(tempfile.mkdtemp(dir=WORK, prefix="feedback-"), "delivered.txt")
    notes = Client(LIBRARY, [PYTHON, client("notes-gtk3.py")], "gtk3", NOTES_FEEDBACK_FILE=outbox)
    notes.click("Not Really", notes.prompt("Enjoying Notes?"))
    request = notes.prompt("Help Improve Notes")
    notes.click("Send Feedback…", request)
    form = notes.prompt("Feedback on Notes")
    text = wait_for("the message field", lambda: next(
        (n for n in nodes(form) if n.getRoleName() == "text" and n.getState().contains(pyatspi.STATE_MULTI_LINE)),
        None))
    type_into(text, "Search misses words with accents.")
    send = wait_for("Send enabled", lambda: next((n for n in nodes(form) if n.getRoleName() == "push button"
                                                  and n.name == "Send" and sensitive(n)), None))
    press(send)
    notes.click("Close", notes.prompt("Thank You"))
    with open(outbox) as f:
        assert f.read() == "Search misses words with accents.\n", "the app's handler did not get the text"
    assert notes.alive(), "the app ended:\n" + notes.output()
    notes.quit()


def python_app_shows_its_own_prompt():
    """A Python app that shows the rating prompt with its own UI (ArmchairEngine::present-step):
    Armchair's dialog never appears, the app gets the step's texts and choices, and its answer
    from a thread of its own is recorded on disk as Armchair's dialog's would be."""
    own = os.path.join(tempfile.mkdtemp(dir=WORK, prefix="own-prompt-"), "shown.txt")
    notes = Client(LIBRARY, [PYTHON, client("notes-gtk3.py")], "gtk3", NOTES_OWN_PROMPT=own)
    wait_for("the decline on disk", lambda: True if notes.state().get("declined-any-version") == "true" else None)
    with open(own) as f:
        assert f.read() == "Rate Notes|_Rate|Remind Me _Later|_No, Thanks\n", "the step's texts"
    assert find("alert", "Rate Notes", notes._application()) is None, "Armchair's dialog showed"
    assert notes.alive(), "the app ended:\n" + notes.output()
    notes.quit()


def install_app_data(share, version_lines):
    """Installs the zero-configuration client's metadata and settings file into `share`, as the
    app's own `meson install` would."""
    os.makedirs(os.path.join(share, "metainfo"), exist_ok=True)
    os.makedirs(os.path.join(share, "armchair"), exist_ok=True)
    with open(os.path.join(share, "metainfo", "org.example.Notes.metainfo.xml"), "w") as f:
        f.write(f"""<?xml version="1.0" encoding="UTF-8"?>
<component type="desktop-application">
  <id>org.example.Notes</id>
  <name>Zero Notes</name>
  <name xml:lang="de">Null Notizen</name>
  <developer id="org.example"><name>Example developers</name></developer>
  <releases>
{version_lines}
  </releases>
</component>
""")
    with open(os.path.join(share, "armchair", "org.example.Notes.armchair"), "w") as f:
        f.write("[Armchair]\nallows-debug-in-release-builds=true\n")


def zero_configuration_from_metainfo():
    """A Python app attaches with None: its prompt names the app as its metainfo does, and the
    state file tracks the newest stable release dated today or earlier, not the development
    snapshot or the release dated ahead, whatever their order in the file."""
    share = os.path.join(WORK, "zero-share")
    install_app_data(share, """    <release version="3.0" date="2099-01-01"/>
    <release version="2.11" type="development"/>
    <release version="2.9" date="2026-01-05"/>
    <release version="2.10" date="2026-02-01"/>""")
    data_dirs = f"{share}:{LIBRARY.share}:/usr/share"
    notes = Client(LIBRARY, [PYTHON, client("zero-configuration.py")], "gtk3", XDG_DATA_DIRS=data_dirs,
                   ARMCHAIR_DEBUG="1")
    notes.click("Remind Me Later", notes.prompt(title="Rate Zero Notes"))
    state = wait_for("the reminder on disk", lambda: notes.state() if "last-reminded-date" in notes.state() else None)
    assert state.get("tracked-version") == "2.10", state
    assert "armchair-error" not in notes.output(), notes.output()
    assert notes.alive(), notes.output()
    notes.quit()


def zero_configuration_without_metainfo():
    """With no metainfo installed, attaching with None raises GLib.Error ARMCHAIR_ERROR_METAINFO
    naming every folder searched, and the app goes on without Armchair."""
    share = os.path.join(WORK, "zero-share-none")
    os.makedirs(share, exist_ok=True)
    notes = Client(LIBRARY, [PYTHON, client("zero-configuration.py")], "gtk3",
                   XDG_DATA_DIRS=f"{share}:{LIBRARY.share}")
    output = wait_for("the error line", lambda: notes.output() if "armchair-error" in notes.output() else None)
    assert "armchair-error metainfo=True: No AppStream metadata for org.example.Notes: looked for " \
        "org.example.Notes.metainfo.xml" in output, output
    for folder in [f"{share}/metainfo", f"{LIBRARY.share}/metainfo", "/usr/share/metainfo",
                   f"{share}/appdata"]:
        assert folder in output, (folder, output)
    assert notes.alive(), output
    notes.quit()


def installation():
    """The libraries installed: those of --prefix, or the build folder staged into a temporary
    folder (made once)."""
    global INSTALLATION
    if INSTALLATION is None:
        INSTALLATION = LIBRARY if ARGUMENTS.prefix else Library.staged(ARGUMENTS.build_dir)
    return INSTALLATION


def installed_library_finds_its_catalogs():
    """A Python app runs from /usr/bin/python3, whose installation says nothing about the
    library's: the library finds <prefix>/share/locale beside its own file, with XDG_DATA_DIRS not
    naming the prefix."""
    notes = Client(installation(), [PYTHON, client("notes-gtk3.py")], "gtk3", LANGUAGE="de",
                   XDG_DATA_DIRS="/usr/share")
    notes.click("Später erinnern", notes.prompt("Notes bewerten"))
    wait_for("the reminder on disk", lambda: True if "last-reminded-date" in notes.state() else None)
    assert "translations were not found" not in notes.output(), notes.output()
    notes.quit()


def without_catalogs_english_and_one_warning():
    """The libraries copied to a folder with no share/ beside it, and no catalogs in
    XDG_DATA_DIRS: English, one warning naming where it looked, the app alive."""
    bare = os.path.join(WORK, "bare", "lib")
    if not os.path.exists(bare):
        shutil.copytree(installation().lib, bare, symlinks=True)
    notes = Client(installation(), [PYTHON, client("notes-gtk3.py")], "gtk3", LANGUAGE="de",
                   XDG_DATA_DIRS="/usr/share", LD_LIBRARY_PATH=bare,
                   GI_TYPELIB_PATH=os.path.join(bare, "girepository-1.0"))
    notes.click("Remind Me Later", notes.prompt())
    wait_for("the reminder on disk", lambda: True if "last-reminded-date" in notes.state() else None)
    output = notes.output()
    assert output.count("Armchair's translations were not found") == 1, output
    assert os.path.join(WORK, "bare", "share", "locale") in output, output
    assert notes.alive(), output
    notes.quit()


def one_swift_runtime(gtk, namespace):
    """Importing Armchair and a toolkit library and using their objects loads no Swift; an engine
    loads one Swift runtime, the engine module's, beside libarmchair-1, which keeps the types."""
    def check():
        result = LIBRARY.run([PYTHON, client("runtimes.py"), gtk, namespace])
        assert result.returncode == 0, result.stderr
        report = json.loads(result.stdout)
        core = os.path.realpath(os.path.join(LIBRARY.lib, "libarmchair-1.so.0"))
        engine = os.path.realpath(os.path.join(LIBRARY.lib, "armchair-1", "libarmchair-engine.so"))
        assert report["before"]["runtimes"] == [], report
        assert [os.path.realpath(p) for p in report["after"]["runtimes"]] == [engine], report
        for moment in ("before", "after"):
            assert [os.path.realpath(p) for p in report[moment]["engine_type"]] == [core], report
    check.__name__ = f"one_swift_runtime_with_{namespace}"
    return check


def without_engine_module_armchair_is_off():
    """The libraries installed without their armchair-1/ folder: one warning naming the module
    looked for, the app running as if Armchair were not there (debug mode asks at launch, and no
    prompt comes), and nothing of it state on disk."""
    lib = os.path.join(WORK, "no-engine", "lib")
    if not os.path.exists(lib):
        shutil.copytree(installation().lib, lib, symlinks=True,
                        ignore=lambda folder, names: ["armchair-1"] if folder == installation().lib else [])
    notes = Client(installation(), [PYTHON, client("notes-gtk3.py")], "gtk3", LD_LIBRARY_PATH=lib,
                   GI_TYPELIB_PATH=os.path.join(lib, "girepository-1.0"))
    missing = os.path.join(lib, "armchair-1", "libarmchair-engine.so")
    output = wait_for("the warning", lambda: notes.output() if "cannot be loaded" in notes.output() else None)
    assert output.count("its engine module") == 1 and missing in output, output
    time.sleep(1)  # debug mode would have asked by now
    assert notes.alive() and find("alert", "Rate Notes") is None, notes.output()
    assert not os.path.exists(notes.state_file()), notes.output()
    notes.quit()


def host_with_another_swift_runtime(name, toolkit):
    """A host that loaded the toolchain's shared Swift runtime first: the prompt still works."""
    def check():
        notes = Client(LIBRARY, [PYTHON, client("preload-swift.py"), SWIFT_LIB, client(name)], toolkit)
        notes.click("No, Thanks", notes.prompt())
        wait_for("the decline on disk", lambda: True if notes.state().get("declined-any-version") == "true" else None)
        assert notes.alive(), notes.output()
        notes.quit()
    check.__name__ = f"host_with_another_swift_runtime_{os.path.splitext(name)[0]}"
    return check


def answer(name, command, toolkit, choice):
    def check():
        answer_is_recorded(LIBRARY, armchair_tool(), command(), toolkit, choice)
    check.__name__ = f"{name}: {choice}"
    return check


# Each client: a name, how to get its command (compiled ones are built against the libraries),
# and its toolkit.
CLIENT_COMMANDS = [
    ("python-gtk3", lambda: [PYTHON, client("notes-gtk3.py")], "gtk3"),
    ("python-gtk4", lambda: [PYTHON, client("notes-gtk4.py")], "gtk4"),
    ("c-gtk3", lambda: [LIBRARY.build_c(client("notes-gtk3.c"), "armchair-gtk3-1")], "gtk3"),
    ("gjs-gtk4", lambda: ["gjs", client("notes-gtk4.js")], "gtk4"),
    ("vala-gtk4", lambda: [LIBRARY.build_vala(client("notes-gtk4.vala"), "armchair-gtk4-1", "libadwaita-1")],
     "gtk4"),
]


# The groups of scenarios, each a test of Meson's: one per client, then the rest by subject.
GROUPS = {f"clients: {name}": [answer(name, command, toolkit, choice) for choice in ("Rate", "Remind Me Later",
                                                                                      "No, Thanks")]
          for name, command, toolkit in CLIENT_COMMANDS}
GROUPS.update({
    "bad calls": [c_client_survives_bad_calls, python_errors_are_clear],
    "python parity": [python_has_swift_parity, python_app_delivers_feedback, python_app_shows_its_own_prompt],
    "zero configuration": [zero_configuration_from_metainfo, zero_configuration_without_metainfo],
    "catalogs of an installation": [installed_library_finds_its_catalogs, without_catalogs_english_and_one_warning],
    "one swift runtime": [one_swift_runtime("3.0", "ArmchairGtk3"), one_swift_runtime("4.0", "ArmchairGtk4"),
                          without_engine_module_armchair_is_off,
                          host_with_another_swift_runtime("notes-gtk3.py", "gtk3"),
                          host_with_another_swift_runtime("notes-gtk4.py", "gtk4")],
})
INSTALLATION = None


def main():
    global LIBRARY
    scenarios = chosen(GROUPS, ARGUMENTS)
    LIBRARY = library_of(ARGUMENTS)
    start_registry()
    sys.exit(1 if run_scenarios(scenarios, Client.started) else 0)


if __name__ == "__main__":
    main()
