"""The driver the installed-client tests share: the installed libraries in a temporary prefix, a
client app started against them as a packaged app would be, its prompt answered through AT-SPI as
a person would, and every answer read back from disk (the state file, and `armchair explain`).

A client is one small file in clients/ per language and toolkit: a notes app with Armchair in
one line, which turns debug mode on when NOTES_DEBUG=1 is set. Its app ID is org.example.Notes
and its name "Notes", so its prompt is "Rate Notes". To add a client, add its file and one line to
CLIENT_COMMANDS in clients_as_a_user.py; a compiled one gets a build function here (build_c,
build_vala).
"""
import argparse
import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "EndToEnd"))

import pyatspi  # noqa: E402

import adwaita  # noqa: E402
from accessibility import (ROOT, find, install_uri_handler, nodes, on_screen, press, start_registry,  # noqa: E402,F401
                           state_values, wait_for)

APP_ID = "org.example.Notes"
PROMPT = "Rate Notes"
WORK = tempfile.mkdtemp(prefix="armchair-library-")
atexit.register(shutil.rmtree, WORK, ignore_errors=True)
CLIENTS = os.path.join(HERE, "clients")
LIBRARIES = ["libarmchair-1.so.0", "libarmchair-gtk3-1.so.0", "libarmchair-gtk4-1.so.0"]

# What each answer leaves in the state file, and the criterion of `armchair explain` that it
# turns from met to missing.
ANSWERS = {
    "Rate": (lambda state: state.get("rated-this-version") == "true", "ratedThisVersion"),
    "Remind Me Later": (lambda state: "last-reminded-date" in state, "reminderPeriod"),
    "No, Thanks": (lambda state: state.get("declined-any-version") == "true", "declined"),
}


class Installation:
    """The libraries (and the armchair tool) installed by scripts/install.sh into `prefix`, or
    installed now into a temporary one, without the demos, which no library test uses (its build
    folder is then deleted, so nothing can fall back on it)."""

    def __init__(self, prefix=None):
        if prefix is None:
            prefix = os.path.join(WORK, "prefix")
            scratch = os.path.join(WORK, "build")
            result = subprocess.run([os.path.join(ROOT, "scripts", "install.sh"), "--prefix", prefix,
                                     "--scratch", scratch], capture_output=True, text=True)
            if result.returncode != 0:
                sys.exit(f"scripts/install.sh failed:\n{result.stdout}\n{result.stderr}")
            shutil.rmtree(scratch)
        self.prefix = os.path.abspath(prefix)
        self.lib = os.path.join(self.prefix, "lib")
        self.bin = os.path.join(self.prefix, "bin")
        self.opened = install_uri_handler(WORK)
        self.programs = {}

    def environment(self, **extra):
        """The environment of a program that uses the installed libraries, with its desktop
        folders in the scratch folder (where the appstream: handler records what it opens)."""
        env = dict(os.environ, GI_TYPELIB_PATH=os.path.join(self.lib, "girepository-1.0"),
                   LD_LIBRARY_PATH=self.lib, PKG_CONFIG_PATH=os.path.join(self.lib, "pkgconfig"),
                   XDG_DATA_DIRS=os.path.join(self.prefix, "share") + ":/usr/share",
                   XDG_DATA_HOME=os.path.join(WORK, "data"), XDG_CONFIG_HOME=os.path.join(WORK, "config"),
                   GIO_USE_NETWORK_MONITOR="base", LANG="C.UTF-8", LANGUAGE="", LC_ALL="")
        env.update(extra)
        return env

    def run(self, command, timeout=120, **extra):
        """Runs `command` to its end against the installed libraries; returns what it printed."""
        return subprocess.run(command, env=self.environment(**extra), capture_output=True, text=True,
                              timeout=timeout)

    def build_c(self, source, package, *options):
        """Compiles the C client `source` with `pkg-config --cflags --libs package` (and
        `options`), as an app's build would; returns the program (built once)."""
        if (source, options) in self.programs:
            return self.programs[(source, options)]
        program = os.path.join(WORK, os.path.splitext(os.path.basename(source))[0] + str(len(self.programs)))
        flags = self.run(["pkg-config", "--cflags", "--libs", package])
        assert flags.returncode == 0, flags.stderr
        result = self.run(["cc", "-Wall", "-Werror", "-o", program, *options, source, *flags.stdout.split()])
        assert result.returncode == 0, result.stderr
        self.programs[(source, options)] = program
        return program

    def build_vala(self, source, package, *packages):
        """Compiles the Vala client `source` with `valac --pkg package`, the VAPI from the prefix
        (built once)."""
        if (source, packages) in self.programs:
            return self.programs[(source, packages)]
        program = os.path.join(WORK, os.path.splitext(os.path.basename(source))[0] + str(len(self.programs)))
        vapi = os.path.join(self.prefix, "share", "vala", "vapi")
        command = ["valac", "--vapidir", vapi, "--pkg", package, *[f"--pkg={p}" for p in packages], "-o", program,
                   source]
        result = self.run(command)
        assert result.returncode == 0, result.stdout + result.stderr
        self.programs[(source, packages)] = program
        return program


class Client:
    """A client app started on a fresh state folder, once its window is on screen and active.
    Every client started is ended by its own handle (`started`), never by name."""

    started = []

    def __init__(self, installation, command, toolkit, debug=True, state_home=None, **environment):
        """Starts `command`; `environment` adds to (or overrides) the installation's. `state_home`
        is the XDG_STATE_HOME the app starts with (a fresh one unless given: a seeded one makes
        the user a regular)."""
        self.installation = installation
        self.toolkit = toolkit
        self.state_home = state_home or tempfile.mkdtemp(dir=WORK, prefix="state-")
        self.log_path = os.path.join(self.state_home, "client.log")
        extra = dict(environment, XDG_STATE_HOME=self.state_home)
        if debug:
            extra["NOTES_DEBUG"] = "1"
        with open(self.log_path, "w") as log:
            self.process = subprocess.Popen(command, env=installation.environment(**extra), cwd=WORK, stdout=log,
                                            stderr=log)
        Client.started.append(self.process)
        self.window = adwaita.top_level("frame", "Notes", self.process.pid)
        # No window manager under Xvfb: focus the window as one would, so the app is active.
        window_id = wait_for("the X window", lambda: subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--pid", str(self.process.pid)], capture_output=True,
            text=True).stdout.split() or None)[0]
        subprocess.run(["xdotool", "windowfocus", window_id], capture_output=True)

    def prompt(self, title=PROMPT):
        """The rating prompt, once it is on screen: GTK 3's alert, or libadwaita's dialog."""
        if self.toolkit == "gtk4":
            return adwaita.dialog(title, self.process.pid)
        return wait_for(f'the alert "{title}"', lambda: find("alert", title, self._application()))

    def _application(self):
        for app in pyatspi.Registry.getDesktop(0):
            try:
                if app is not None and app.get_process_id() == self.process.pid:
                    return app
            except Exception:  # an application that quit while being read
                continue
        return None

    def click(self, name, root):
        """Clicks the button `name` below `root` that is on screen, as a person would."""
        button = wait_for(f'button "{name}"', lambda: next(
            (n for n in nodes(root) if n.getRoleName() == "push button" and n.name == name and on_screen(n)), None))
        press(button)

    def state(self):
        return state_values(self.state_home, APP_ID)

    def state_file(self):
        return os.path.join(self.state_home, APP_ID, "armchair.ini")

    def output(self):
        with open(self.log_path) as f:
            return f.read()

    def alive(self):
        return self.process.poll() is None

    def quit(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def explain(armchair, client):
    """What `armchair explain --json` reads for the client's app, finding its state file as the
    library did (through XDG_STATE_HOME)."""
    env = dict(os.environ, XDG_STATE_HOME=client.state_home, LANG="C.UTF-8")
    result = subprocess.run([armchair, "explain", APP_ID, "--json"], env=env, capture_output=True, text=True,
                            cwd=WORK, timeout=60)
    assert result.returncode in (0, 1), result.stdout + result.stderr
    return json.loads(result.stdout)


def criterion(explanation, kind):
    """The status (met, missing, off) of the criterion `kind` that `armchair explain` gives now."""
    return next(c["status"] for c in explanation["now"]["criteria"] if c["kind"] == kind)


def answer_is_recorded(installation, armchair, command, toolkit, answer):
    """The client shows the prompt at launch (debug mode); a click on `answer` is recorded in the
    state file; `armchair explain` reads the same file and the same answer; the app lives on."""
    recorded, kind = ANSWERS[answer]
    client = Client(installation, command, toolkit)
    client.click(answer, client.prompt())
    state = wait_for(f'"{answer}" on disk', lambda: client.state() if recorded(client.state()) else None)
    explanation = explain(armchair, client)
    assert explanation["stateFile"] == client.state_file(), explanation["stateFile"]
    assert criterion(explanation, kind) == "missing", (kind, explanation["now"]["headline"])
    uses = next(c["current"] for c in explanation["now"]["criteria"] if c["kind"] == "uses")
    assert str(uses) == state["use-count"], (uses, state)
    assert client.alive(), "the app ended:\n" + client.output()
    if answer == "Rate":
        wait_for("the software centre", lambda: True if os.path.exists(installation.opened) and
                 f"appstream://{APP_ID}" in open(installation.opened).read().split("\n") else None)
    client.quit()


def command_line():
    """What every library test takes: the armchair tool (which reads the state the apps leave),
    `--prefix` (an installation of scripts/install.sh to test; else the test installs one) and
    `--only` (run only the scenarios whose name contains it)."""
    arguments = argparse.ArgumentParser()
    arguments.add_argument("armchair", help="the armchair command-line tool")
    arguments.add_argument("--prefix", help="an installation of scripts/install.sh to test")
    arguments.add_argument("--only", help="run only the scenarios whose name contains this")
    return arguments.parse_args()
