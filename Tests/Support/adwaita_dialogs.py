"""libadwaita's dialogs (GTK 4.8, libadwaita 1.2) as AT-SPI shows them; what differs from GTK 3's,
which atspi.py reads:
- a message dialog is role "dialog" (GTK 3's are "alert"), named by its heading, its body as the
  description;
- AdwMessageDialog holds its buttons twice (a row and a stack, in an AdwSqueezer); both copies are
  "visible", the one not shown has zero extents and ignores clicks (atspi.on_screen);
- extents are window-relative ("Screen coordinates not supported"), so a screenshot asks X where a
  window is (screenshots.py).
"""
import pyatspi

from atspi import nodes, on_screen, press, wait_for


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


def width(window):
    """The width of the top-level `window` in pixels."""
    return window.queryComponent().getExtents(pyatspi.WINDOW_COORDS).width
