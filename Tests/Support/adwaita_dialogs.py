"""What the GTK 4 end-to-end scripts share: libadwaita's dialogs as AT-SPI shows them, their X
windows for screenshots, and armchair-demo-gtk4 started on a fresh state folder.

GTK 4.8 and libadwaita 1.2 differ from GTK 3 (accessibility.py) in three ways these helpers hide:
- a message dialog is role "dialog" (GTK 3's are "alert"), named by its heading, its body as the
  description;
- AdwMessageDialog holds its buttons twice (a row and a stack, in an AdwSqueezer); both copies are
  "visible", the one not shown has zero extents and ignores clicks (accessibility.on_screen);
- extents are window-relative ("Screen coordinates not supported"), so a screenshot asks X
  (xdotool) where a window is.
"""
import os
import subprocess
import tempfile

import pyatspi

from accessibility import ROOT as PROJECT, nodes, on_screen, press, state_values, wait_for

DEMO_ID = "io.github.armchairlinux.Demo"


def find_shown(role, name, root):
    """The first node below `root` with `role` and `name` that is on screen, or None."""
    return next((n for n in nodes(root) if n.getRoleName() == role and n.name == name and on_screen(n)), None)


def wait_shown(role, name, root):
    """The node below `root` with `role` and `name` that is on screen, once it is."""
    return wait_for(f'{role} "{name}"', lambda: find_shown(role, name, root))


def top_level(role, title, pid=None):
    """The top-level window with `role` named `title`, once it appears: of the process `pid` if
    given (an app that just quit may linger in the tree a moment), else of any application."""
    def probe():
        for app in pyatspi.Registry.getDesktop(0):
            try:
                if app is None or pid is not None and app.get_process_id() != pid:
                    continue
                for window in app:
                    if window is not None and window.getRoleName() == role and window.name == title:
                        return window
            except Exception:  # an application that quit while being read
                continue
        return None
    return wait_for(f'{role} "{title}"', probe, timeout=40)


def dialog(title, pid=None):
    """The libadwaita dialog or form named `title` (of the process `pid`, if given)."""
    return top_level("dialog", title, pid)


def click(name, root):
    """Clicks the button `name` below `root` that is on screen (not the hidden copy); it must be
    enabled."""
    press(wait_for(f'button "{name}"', lambda: find_shown("push button", name, root)))


def pressed(node):
    """Whether the toggle `node` (a star, a check box) reads as pressed or ticked: GTK 4.8 says
    "pressed" of a star and "checked" of a check box."""
    states = node.getState()
    return states.contains(pyatspi.STATE_PRESSED) or states.contains(pyatspi.STATE_CHECKED)


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


def width(window):
    """The width of the top-level `window` in pixels."""
    return window.queryComponent().getExtents(pyatspi.WINDOW_COORDS).width


def x_windows(pid):
    """The X windows on screen of the process `pid`, as xdotool finds them (GTK sets _NET_WM_PID)."""
    found = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(pid)], capture_output=True, text=True)
    return found.stdout.split()


def x_geometry(window_id):
    """(x, y, width, height) of the X window `window_id` on the screen."""
    shell = subprocess.run(["xdotool", "getwindowgeometry", "--shell", window_id], capture_output=True, text=True,
                           check=True).stdout
    values = dict(line.split("=", 1) for line in shell.split())
    return int(values["X"]), int(values["Y"]), int(values["WIDTH"]), int(values["HEIGHT"])


def screenshot(path, window_ids):
    """Saves the part of the screen that holds all of `window_ids` (a dialog and the window under
    it, say) to `path`; returns that box as (x, y, width, height)."""
    boxes = [x_geometry(w) for w in window_ids]
    left, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
    right, bottom = max(b[0] + b[2] for b in boxes), max(b[1] + b[3] for b in boxes)
    box = (left, top, right - left, bottom - top)
    subprocess.run(["import", "-window", "root", "-crop", f"{box[2]}x{box[3]}+{left}+{top}", "+repage", path],
                   check=True, capture_output=True)
    return box


def luminance(path, x, y):
    """The luminance (0 black to 1 white) of the pixel at `x`, `y` of the image at `path`."""
    return float(subprocess.run(["convert", path, "-format", f"%[fx:p{{{x},{y}}}.intensity]", "info:"],
                                capture_output=True, text=True, check=True).stdout)
