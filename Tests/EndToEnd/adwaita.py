"""What the GTK 4 end-to-end scripts share: libadwaita's dialogs as AT-SPI shows them, and their
X windows for screenshots.

GTK 4.8 and libadwaita 1.2 differ from GTK 3 (accessibility.py) in three ways these helpers hide:
- a message dialog is role "dialog" (GTK 3's are "alert"), named by its heading, its body as the
  description;
- AdwMessageDialog holds its buttons twice (a row and a stack, in an AdwSqueezer); both copies are
  "visible", the one not shown has zero extents and ignores clicks (accessibility.on_screen);
- extents are window-relative ("Screen coordinates not supported"), so a screenshot asks X
  (xdotool) where a window is.
"""
import subprocess

import pyatspi

from accessibility import nodes, on_screen, wait_for


def find_shown(role, name, root):
    """The first node below `root` with `role` and `name` that is on screen, or None."""
    return next((n for n in nodes(root) if n.getRoleName() == role and n.name == name and on_screen(n)), None)


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
    button = wait_for(f'button "{name}"', lambda: find_shown("push button", name, root))
    assert button.getState().contains(pyatspi.STATE_SENSITIVE), f'"{name}" is disabled'
    button.queryAction().doAction(0)


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
