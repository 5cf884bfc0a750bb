"""The demo apps started for a test, each on a fresh state folder: armchair-demo-gtk4 from the build
folder, and the demos `scripts/install.sh --demos` installed, as their desktop entry starts them."""
import os
import subprocess
import tempfile

from adwaita_dialogs import dialog, top_level
from atspi import wait_for
from project import ROOT as PROJECT
from state_files import state_values

DEMO_ID = "io.github.armchairlinux.Demo"


class Demo:
    """armchair-demo-gtk4 on a fresh state folder, once its window is there. A script sets
    `program` (the demo's path) and `work` (its scratch folder, whose data/ and config/ are the
    desktop's XDG folders) in a subclass."""
    program = None
    work = None
    # Every demo started, so that each is ended by its own process handle after its scenario.
    started = []

    def __init__(self, *arguments, settings=None):
        """Starts the demo with `arguments`; `settings`, lines added to the project's settings
        file, make it start in a folder of its own whose data/ holds that file (the demo reads
        data/<app-id>.armchair from the folder it starts in)."""
        self.state_home = tempfile.mkdtemp(dir=self.work, prefix="state-")
        folder = PROJECT
        if settings:
            folder = tempfile.mkdtemp(dir=self.work, prefix="app-")
            os.makedirs(os.path.join(folder, "data"))
            with open(os.path.join(PROJECT, "data", f"{DEMO_ID}.armchair")) as project_settings:
                text = project_settings.read()
            with open(os.path.join(folder, "data", f"{DEMO_ID}.armchair"), "w") as f:
                f.write(text + "\n".join(settings) + "\n")
        env = dict(os.environ, XDG_STATE_HOME=self.state_home, XDG_DATA_HOME=os.path.join(self.work, "data"),
                   XDG_CONFIG_HOME=os.path.join(self.work, "config"), GIO_USE_NETWORK_MONITOR="base",
                   LANG="C.UTF-8", LANGUAGE="", LC_ALL="")
        self.log_path = os.path.join(self.state_home, "demo.log")
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen([self.program, *arguments], env=env, cwd=folder, stdout=self.log,
                                        stderr=self.log)
        Demo.started.append(self.process)
        self.window = top_level("frame", "Armchair Demo", self.process.pid)

    def dialog(self, title):
        """This demo's dialog or form named `title`, once it appears."""
        return dialog(title, self.process.pid)

    def output(self):
        return open(self.log_path).read()

    def quiet(self):
        """Whether GTK did not complain in what the demo wrote."""
        return "CRITICAL" not in self.output() and "Gtk-WARNING" not in self.output()

    def quit(self):
        self.process.terminate()
        self.process.wait(timeout=10)

    def state(self):
        return state_values(self.state_home, DEMO_ID)

    def recorded(self, what, check):
        """The state on disk once `check(state)` holds for it."""
        return wait_for(what, lambda: self.state() if check(self.state()) else None)


def start_installed_demo(prefix, program, work, state_home):
    """Starts the demo `program` that `scripts/install.sh --demos` installed in `prefix`, as its
    desktop entry starts it, with its state in `state_home` and its other XDG folders in `work`.
    Returns the process and the path of its output (state_home/demo.log)."""
    log_path = os.path.join(state_home, "demo.log")
    env = dict(os.environ, XDG_STATE_HOME=state_home, XDG_DATA_HOME=os.path.join(work, "data"),
               XDG_CONFIG_HOME=os.path.join(work, "config"), XDG_DATA_DIRS=os.path.join(prefix, "share") + ":/usr/share",
               GIO_USE_NETWORK_MONITOR="base", LANG="C.UTF-8", LANGUAGE="")
    with open(log_path, "w") as log:
        process = subprocess.Popen([os.path.join(prefix, "bin", program)], env=env, cwd=work, stdout=log, stderr=log)
    return process, log_path
