"""Screenshots of windows as the X server shows them (Xvfb): where a window is, what part of the
screen holds a dialog, and the shade of a pixel."""
import subprocess


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
