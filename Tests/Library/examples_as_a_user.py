#!/usr/bin/python3
"""The example apps of examples/ as their users meet them, and the guide that shows them: each
example built and run as the guide says, against the libraries, by a regular user whose prompt
comes at the next launch. Each group of scenarios is a test of `meson test --suite slow`
(Tests/Library/meson.build runs each in a private X server and D-Bus session, against the
libraries uninstalled: pkg-config finds their -uninstalled files, valac their VAPIs through
VALAFLAGS); by hand:

    scripts/x11/run.sh /usr/bin/python3 Tests/Library/examples_as_a_user.py \\
        (--build-dir BUILD | --prefix PREFIX) [--group NAME | --only TEXT]

$ARMCHAIR_TOOL is the command-line tool (`armchair explain` must read what the library wrote).

- the guide (docs/reference/using-armchair.md): every example file is shown in it, each code block
  that names a file is that file byte for byte, and the build and run commands are the ones run here;
- each example, copied out of the source tree and built with its own meson.build (C and Vala) or
  run by its interpreter (Python, GJS), with no debug mode and no test switch: a state file seeded
  as a regular user's (first use 60 days ago, 30 uses), which `armchair explain` says prompts at the
  next launch; the prompt appears, the answer is recorded in the state file with the launch
  counted; "Save" writes the note the app loaded and records the significant event "save";
- the guide's fragments: the debug configuration, the settings file and the C setter; its
  hold-prompt handler, added to the Python GTK 3 example, keeps the regular user's prompt away;
- the Python GTK 4 example's `answered` handler prints what the user answered;
- the terminal example, which asks its own question (Armchair.Engine.new): not a new user, but a
  regular one, once; "n" recorded as a decline.

Prints "N passed, N failed" and exits non-zero on a failure.
"""
import os
import re
import shutil
import subprocess
import sys
import time

from library import ANSWERS, APP_ID, PROMPT, WORK, Client, armchair_tool, chosen, command_line, explain, library_of
from atspi import find, start_registry, wait_for
from state_files import state_values
from project import ROOT
from scenarios import run_scenarios
from state_files import regular_user_state, write_state

ARGUMENTS = command_line()
EXAMPLES = os.path.join(ROOT, "examples")
GUIDE = os.path.join(ROOT, "docs", "reference", "using-armchair.md")
BUILD = "meson setup build && meson compile -C build"

# Each example: its folder, how it is built (None: it runs as it is), how it is run (from its
# folder), its toolkit, and the answer its user gives.
EXAMPLE_APPS = [
    ("c-gtk3", BUILD, "build/notes", "gtk3", "Rate"),
    ("python-gtk3", None, "./notes.py", "gtk3", "Remind Me Later"),
    ("python-gtk4", None, "./notes.py", "gtk4", "No, Thanks"),
    ("gjs-gtk4", None, "gjs notes.js", "gtk4", "Remind Me Later"),
    ("vala-gtk4", BUILD, "build/notes", "gtk4", "Rate"),
]
SEEDED_USES = 30
NOTE_TEXT = "Buy milk\nCall the plumber\n"
# The folder the note is saved in: the apps' XDG_DATA_HOME, which library.Library sets.
NOTE = os.path.join(WORK, "data", "notes.txt")


def guide_blocks():
    """Each code block of the guide that an HTML comment names a file for: (file, text)."""
    with open(GUIDE) as f:
        guide = f.read()
    return re.findall(r"<!-- file: (\S+) -->\n```[a-z]*\n(.*?)```\n", guide, re.S), guide


def guide_shows_the_examples():
    blocks, guide = guide_blocks()
    shown = [path for path, _ in blocks]
    assert len(shown) == len(set(shown)), f"a file is shown twice: {shown}"
    in_tree = sorted(os.path.relpath(os.path.join(folder, name), ROOT)
                     for folder, _, names in os.walk(EXAMPLES) for name in names
                     if not folder.startswith(os.path.join(EXAMPLES, "rust")) and "__pycache__" not in folder)
    assert sorted(shown) == in_tree, f"the guide shows {sorted(shown)}, examples/ holds {in_tree}"
    for path, text in blocks:
        with open(os.path.join(ROOT, path)) as f:
            assert f.read() == text, f"the guide's copy of {path} differs from the file"
    for folder, build, run, _, _ in EXAMPLE_APPS:
        for command in [f"cd examples/{folder}", build, run]:
            assert command is None or command in guide, f"the guide does not say {command!r}"
    assert "(rust.html)" in guide, "no link to the Rust page"


def seed_regular_user(app_id=APP_ID):
    """A state home whose state file is a regular user's of `app_id`, 60 days after the first use."""
    state_home = os.path.join(WORK, f"state-{len(os.listdir(WORK))}")
    write_state(state_home, app_id, regular_user_state(days=60, uses=SEEDED_USES, significant_events=12))
    return state_home


class Seeded:
    """Enough of a Client for `explain`: a state home."""

    def __init__(self, state_home):
        self.state_home = state_home


def build(folder, command):
    """Copies the example out of the source tree and runs `command` in the copy; returns the copy."""
    copy = os.path.join(WORK, "examples", folder)
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(os.path.join(EXAMPLES, folder), copy)
    if command is not None:
        result = subprocess.run(["sh", "-c", command], cwd=copy, env=LIBRARY.environment(),
                                capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, result.stdout + result.stderr
    return copy


def example(folder, build_command, run, toolkit, choice):
    def check():
        copy = build(folder, build_command)
        state_home = seed_regular_user()
        before = explain(armchair_tool(), Seeded(state_home))
        assert before["nextLaunch"]["shouldPrompt"], before["nextLaunch"]["headline"]
        assert not before["configuration"]["debugMode"], before["configuration"]
        os.makedirs(os.path.dirname(NOTE), exist_ok=True)
        with open(NOTE, "w") as f:
            f.write(NOTE_TEXT)
        # The run command with its files made absolute (the client starts in the scratch folder).
        command = [os.path.join(copy, part) if os.path.exists(os.path.join(copy, part)) else part
                   for part in run.split()]
        notes = Client(LIBRARY, command, toolkit, debug=False, state_home=state_home)
        notes.click(choice, notes.prompt())
        recorded, _ = ANSWERS[choice]
        state = wait_for(f'"{choice}" on disk', lambda: notes.state() if recorded(notes.state()) else None)
        assert state["use-count"] == str(SEEDED_USES + 1), state

        # The app loaded the note; Save writes it back and counts the app's significant event.
        os.remove(NOTE)
        notes.click("Save", notes.window)
        wait_for("the note loaded, saved", lambda: True if os.path.exists(NOTE) and open(NOTE).read() == NOTE_TEXT
                 else None)
        state = wait_for("the event on disk", lambda: notes.state() if notes.state().get("event-count.save") == "1"
                         else None)
        assert state["significant-event-count"] == "13", state
        if choice == "Rate":
            wait_for("the software centre", lambda: True if os.path.exists(LIBRARY.opened) and
                     f"appstream://{APP_ID}" in open(LIBRARY.opened).read().split("\n") else None)
        if folder == "python-gtk4":
            nick = {"Rate": "rate", "Remind Me Later": "remind-later", "No, Thanks": "decline"}[choice]
            assert f"Armchair: {nick}\n" in notes.output(), notes.output()
        assert notes.alive(), notes.output()
        assert "CRITICAL" not in notes.output() and "WARNING" not in notes.output(), notes.output()
        notes.quit()
    check.__name__ = f"{folder}: {choice}"
    return check


def terminal_app_asks_only_a_regular():
    """The terminal example (its own question, Armchair.Engine.new): a new user is not asked and
    the launch and the events are counted; a regular user is asked, and "n" is recorded as a
    decline, after which the next run does not ask again."""
    copy = build("python-terminal", None)
    tasks = os.path.join(copy, "tasks.py")
    assert "cd examples/python-terminal" in guide_blocks()[1] and './tasks.py "water the plants"' in guide_blocks()[1]

    def run(state_home, reply):
        result = subprocess.run([tasks, "water the plants"], input=reply, capture_output=True, text=True,
                                timeout=60, env=LIBRARY.environment(XDG_STATE_HOME=state_home))
        assert result.returncode == 0 and result.stderr == "", result.stdout + result.stderr
        return result.stdout, state_values(state_home, "org.example.Tasks")

    newcomer = os.path.join(WORK, "state-tasks-new")
    output, state = run(newcomer, "")
    assert output == "Done: water the plants\n", output
    assert state["use-count"] == "1" and state["event-count.task-done"] == "1", state

    regular = seed_regular_user("org.example.Tasks")
    output, state = run(regular, "n\n")
    assert "Enjoying Tasks?" in output, output
    assert state["declined-any-version"] == "true" and state["use-count"] == str(SEEDED_USES + 1), state
    assert len(state["prompt-dates"].strip(";").split(";")) == 1, state
    output, state = run(regular, "")
    assert "Enjoying Tasks?" not in output, output


def guide_block_after(guide, heading, language):
    """The text of the first `language` code block after `heading` in the guide."""
    start = guide.index(heading)
    return re.search(rf"```{language}\n(.*?)```\n", guide[start:], re.S).group(1)


FRAGMENTS = """import sys
import gi
gi.require_version("Armchair", "1.0")
from gi.repository import Armchair, GLib

{debug}assert config.props.debug_enabled and config.props.allows_debug_in_release_builds

config = Armchair.Configuration.new_from_file("org.example.Notes", "1.0", None)
assert (config.props.days_until_prompt, config.props.significant_events_until_prompt,
        config.props.feedback_email) == (10, 5, "notes@example.org"), "the settings file was not read"

"""


def guide_fragments_work():
    """The guide's fragments that are not whole examples: the Python debug configuration, the
    settings file read with new_from_file(NULL), and the C g_object_set line."""
    _, guide = guide_blocks()
    debug = guide_block_after(guide, "## Seeing the prompt", "python")
    settings = guide_block_after(guide, "or in a settings file the app installs", "ini")
    setter = guide_block_after(guide, "Set them in code:", "c")
    state_home = seed_regular_user()
    data_home = os.path.join(WORK, "data-fragments")
    os.makedirs(os.path.join(data_home, "armchair"), exist_ok=True)
    with open(os.path.join(data_home, "armchair", APP_ID + ".armchair"), "w") as f:
        f.write(settings)
    script = os.path.join(WORK, "fragments.py")
    with open(script, "w") as f:
        f.write(FRAGMENTS.format(debug=debug))
    result = LIBRARY.run(["/usr/bin/python3", script], XDG_STATE_HOME=state_home, XDG_DATA_HOME=data_home)
    assert result.returncode == 0, result.stdout + result.stderr

    source = os.path.join(WORK, "setter.c")
    with open(source, "w") as f:
        f.write("#include <armchair.h>\nint\nmain (void)\n{\n"
                "  g_autoptr (ArmchairConfiguration) config =\n"
                '    armchair_configuration_new ("org.example.Notes", "1.0");\n'
                f"  {setter}"
                "  double days;\n  int events;\n"
                '  g_object_get (config, "days-until-prompt", &days,\n'
                '                "significant-events-until-prompt", &events, NULL);\n'
                '  g_print ("%g %d\\n", days, events);\n  return 0;\n}\n')
    program = LIBRARY.build_c(source, "armchair-1")
    result = LIBRARY.run([program])
    assert result.stdout == "10 5\n" and result.stderr == "", result.stdout + result.stderr


def hold_prompt_fragment_holds_the_prompt_back():
    """The guide's hold-prompt handler, added to the Python GTK 3 example after its attach line:
    the regular user whose prompt the example shows at launch (above) sees none, and no prompt
    is recorded."""
    _, guide = guide_blocks()
    handler = guide_block_after(guide, "signals let the app say no", "python")
    copy = build("python-gtk3", None)
    notes_py = os.path.join(copy, "notes.py")
    with open(notes_py) as f:
        source = f.read()
    attach = next(line for line in source.split("\n") if line.startswith("binding = ArmchairGtk3.attach("))
    with open(notes_py, "w") as f:
        f.write(source.replace(attach + "\n", attach + "\n" + handler))
    state_home = seed_regular_user()
    notes = Client(LIBRARY, [notes_py], "gtk3", debug=False, state_home=state_home)
    wait_for("the launch on disk", lambda: True if notes.state().get("use-count") == str(SEEDED_USES + 1) else None)
    time.sleep(6)  # three times the binding's delay before the prompt
    assert find("alert", PROMPT, notes._application()) is None, "the prompt showed"
    assert "prompt-dates" not in notes.state(), notes.state()
    assert notes.alive(), notes.output()
    notes.quit()


# The groups of scenarios, each a test of Meson's: the guide, the terminal example, and each app.
GROUPS = {"guide": [guide_shows_the_examples, guide_fragments_work, hold_prompt_fragment_holds_the_prompt_back],
          "examples: python-terminal": [terminal_app_asks_only_a_regular]}
GROUPS.update({f"examples: {app[0]}": [example(*app)] for app in EXAMPLE_APPS})


def main():
    global LIBRARY
    scenarios = chosen(GROUPS, ARGUMENTS)
    LIBRARY = library_of(ARGUMENTS)
    start_registry()
    sys.exit(1 if run_scenarios(scenarios, Client.started) else 0)


if __name__ == "__main__":
    main()
