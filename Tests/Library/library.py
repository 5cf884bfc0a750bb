"""What the C library's tests share: the libraries under test (a Meson build folder, as `meson
test` runs them uninstalled, or an installation prefix), a client app started against them as a
packaged app would be, its prompt answered through AT-SPI as a person would, every answer read
back from disk (the state file, and `armchair explain`), and the command line every test script
takes.

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
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "Support"))

import pyatspi  # noqa: E402

import adwaita_dialogs  # noqa: E402
from atspi import find, nodes, on_screen, press, wait_for  # noqa: E402
from desktop import install_uri_handler  # noqa: E402
from state_files import state_values  # noqa: E402

APP_ID = "org.example.Notes"
PROMPT = "Rate Notes"
WORK = tempfile.mkdtemp(prefix="armchair-library-")
atexit.register(shutil.rmtree, WORK, ignore_errors=True)
CLIENTS = os.path.join(HERE, "clients")
LIBRARIES = ["libarmchair-1.so.0", "libarmchair-gtk3-1.so.0", "libarmchair-gtk4-1.so.0"]
# The engine modules, which libarmchair-1 loads from beside itself.
MODULES = ["armchair-1/libarmchair-engine.so", "armchair-1/libarmchair-engine-gtk3.so",
           "armchair-1/libarmchair-engine-gtk4.so"]
SKIPPED_STATUS = 77

# What each answer leaves in the state file, and the criterion of `armchair explain` that it
# turns from met to missing.
ANSWERS = {
    "Rate": (lambda state: state.get("rated-this-version") == "true", "ratedThisVersion"),
    "Remind Me Later": (lambda state: "last-reminded-date" in state, "reminderPeriod"),
    "No, Thanks": (lambda state: state.get("declined-any-version") == "true", "declined"),
}


class Library:
    """The libraries under test and what an app's build and run need of them: where the shared
    libraries, typelibs, pkg-config files and VAPIs are, and the data folder whose locale/ holds
    the catalogs. Made by `uninstalled` (a Meson build folder, as `meson test` runs), `installed`
    (a prefix) or `staged` (the build folder installed into a temporary folder, as a package
    would be)."""

    def __init__(self, lib, typelibs, pkgconfig, vapi, share):
        self.lib, self.typelibs, self.pkgconfig, self.vapi, self.share = lib, typelibs, pkgconfig, vapi, share
        self.opened = install_uri_handler(WORK)
        self.programs = {}

    @classmethod
    def uninstalled(cls, build):
        """The libraries in the Meson build folder `build`, where Tests/Library/meson.build puts the
        catalogs in a data folder of their own (Tests/Library/test-data/locale). valac finds what a
        VAPI needs in the .deps file beside it, and Meson writes those into meson-private/ until it
        installs: the VAPIs and their .deps are copied into one folder here, which an app's Meson
        build is given through VALAFLAGS."""
        build = os.path.abspath(build)
        vapi = tempfile.mkdtemp(dir=WORK, prefix="vapi-")
        for folder in (build, os.path.join(build, "meson-private")):
            for name in os.listdir(folder):
                if name.startswith("armchair") and name.endswith((".vapi", ".deps")):
                    shutil.copy(os.path.join(folder, name), vapi)
        return cls(lib=build, typelibs=build, pkgconfig=os.path.join(build, "meson-uninstalled"), vapi=vapi,
                   share=os.path.join(build, "Tests", "Library", "test-data"))

    @classmethod
    def installed(cls, prefix, libdir="lib", datadir="share"):
        """The libraries installed in `prefix` (scripts/install.sh --prefix, or a staged copy), in
        its `libdir` and `datadir` (relative to it)."""
        prefix = os.path.abspath(prefix)
        lib = os.path.join(prefix, libdir)
        share = os.path.join(prefix, datadir)
        library = cls(lib=lib, typelibs=os.path.join(lib, "girepository-1.0"), pkgconfig=os.path.join(lib, "pkgconfig"),
                      vapi=os.path.join(share, "vala", "vapi"), share=share)
        library.prefix = prefix
        return library

    @classmethod
    def staged(cls, build):
        """The Meson build folder `build` installed, stripped, into a temporary folder (`meson
        install --destdir`), as a distribution's package build stages it; its files are where they
        would be under the build's prefix, libdir and datadir."""
        destdir = tempfile.mkdtemp(dir=WORK, prefix="staged-")
        result = subprocess.run(["meson", "install", "-C", build, "--no-rebuild", "--destdir", destdir, "--strip",
                                 "--quiet"], capture_output=True, text=True)
        assert result.returncode == 0, f"meson install failed:\n{result.stdout}{result.stderr}"
        options = subprocess.run(["meson", "introspect", "--buildoptions", build], capture_output=True, text=True,
                                 check=True).stdout
        value = {o["name"]: o["value"] for o in json.loads(options)}
        prefix = value["prefix"]
        return cls.installed(destdir + prefix, libdir=os.path.relpath(os.path.join(prefix, value["libdir"]), prefix),
                             datadir=os.path.relpath(os.path.join(prefix, value["datadir"]), prefix))

    def environment(self, **extra):
        """The environment of a program that uses the libraries, with its desktop folders in the
        scratch folder (where the appstream: handler records what it opens)."""
        env = dict(os.environ, GI_TYPELIB_PATH=self.typelibs, LD_LIBRARY_PATH=self.lib,
                   PKG_CONFIG_PATH=self.pkgconfig, VALAFLAGS=f"--vapidir={self.vapi}",
                   XDG_DATA_DIRS=self.share + ":/usr/share",
                   XDG_DATA_HOME=os.path.join(WORK, "data"), XDG_CONFIG_HOME=os.path.join(WORK, "config"),
                   GIO_USE_NETWORK_MONITOR="base", LANG="C.UTF-8", LANGUAGE="", LC_ALL="")
        env.update(extra)
        return env

    def run(self, command, timeout=120, **extra):
        """Runs `command` to its end against the libraries; returns what it printed."""
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
        """Compiles the Vala client `source` with `valac --pkg package`, the library's VAPI (built
        once)."""
        if (source, packages) in self.programs:
            return self.programs[(source, packages)]
        program = os.path.join(WORK, os.path.splitext(os.path.basename(source))[0] + str(len(self.programs)))
        command = ["valac", "--vapidir", self.vapi, "--pkg", package, *[f"--pkg={p}" for p in packages], "-o",
                   program, source]
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
        self.window = adwaita_dialogs.top_level("frame", "Notes", self.process.pid)
        # No window manager under Xvfb: focus the window as one would, so the app is active.
        window_id = wait_for("the X window", lambda: subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--pid", str(self.process.pid)], capture_output=True,
            text=True).stdout.split() or None)[0]
        subprocess.run(["xdotool", "windowfocus", window_id], capture_output=True)

    def prompt(self, title=PROMPT):
        """The rating prompt, once it is on screen: GTK 3's alert, or libadwaita's dialog."""
        if self.toolkit == "gtk4":
            return adwaita_dialogs.dialog(title, self.process.pid)
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


def command_line(*extra):
    """What every test script of the library takes: where the libraries are (`--build-dir`, a Meson
    build folder, as `meson test` passes it; or `--prefix`, an installation of scripts/install.sh),
    which scenarios to run (`--group`, one of those `--list` prints, which is how meson.build
    registers them; `--only`, those whose name contains the text), and `--list`; and the options
    `extra` adds (each an argument list for `add_argument`)."""
    arguments = argparse.ArgumentParser()
    for option in extra:
        arguments.add_argument(*option[:-1], help=option[-1])
    where = arguments.add_mutually_exclusive_group()
    where.add_argument("--build-dir", help="a Meson build folder: the libraries uninstalled, as meson test runs them")
    where.add_argument("--prefix", help="an installation of scripts/install.sh")
    arguments.add_argument("--group", help="run only this group of scenarios")
    arguments.add_argument("--only", help="run only the scenarios whose name contains this")
    arguments.add_argument("--list", action="store_true", help="print the groups of scenarios, one a line")
    return arguments.parse_args()


def library_of(options):
    """The libraries `options` name: uninstalled in --build-dir, or installed in --prefix."""
    if options.build_dir:
        return Library.uninstalled(options.build_dir)
    if options.prefix:
        return Library.installed(options.prefix)
    sys.exit("give --build-dir (a Meson build folder) or --prefix (an installation)")


def chosen(groups, options):
    """The scenarios of `groups` ({name: [scenario…]}) that `options` choose; with --list, prints
    the names of the groups and ends the script."""
    if options.list:
        print("\n".join(groups))
        sys.exit(0)
    if options.group is not None and options.group not in groups:
        sys.exit(f"no group {options.group!r}; groups: {', '.join(groups)}")
    scenarios = [scenario for name, members in groups.items() if options.group in (None, name) for scenario in members]
    return [s for s in scenarios if options.only is None or options.only in s.__name__]


def armchair_tool():
    """The armchair tool the tests read the apps' state with: $ARMCHAIR_TOOL, which scripts/test.sh
    sets. Without it the script is skipped (exit status 77, as Meson counts a skip)."""
    tool = os.environ.get("ARMCHAIR_TOOL")
    if not tool:
        print("SKIP: $ARMCHAIR_TOOL is not set: the armchair tool these scenarios read the apps' state with "
              "(scripts/test.sh sets it to .build/debug/armchair)")
        sys.exit(SKIPPED_STATUS)
    return os.path.abspath(tool)
