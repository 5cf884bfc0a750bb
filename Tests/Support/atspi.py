"""Reading the screen and acting on it through AT-SPI, as a screen reader does: finding an app's
windows, dialogs and buttons, waiting for them, pressing and typing. What every scripted test of
a window shares (Tests/EndToEnd, Tests/Library, Tests/Flatpak); adwaita_dialogs.py adds what
differs in libadwaita's dialogs."""
import time

import pyatspi


def start_registry():
    """Starts the accessibility registry before the first app: an app that starts while it is
    still coming up never appears in the tree."""
    wait_for("the accessibility registry", lambda: pyatspi.Registry.getDesktop(0).childCount >= 0 or None)
    time.sleep(1)


def wait_for(what, probe, timeout=20):
    """The first value of `probe()` that is not None, polled until `timeout` seconds pass."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        found = probe()
        if found is not None:
            return found
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def wait_until(what, condition, timeout=20):
    """Polls `condition()` until it holds, for at most `timeout` seconds."""
    wait_for(what, lambda: True if condition() else None, timeout=timeout)


def nodes(root):
    """`root` and everything below it; nodes that vanish while walked are skipped."""
    yield root
    try:
        for child in root:
            if child is not None:
                yield from nodes(child)
    except Exception:
        return


def find(role, name=None, root=None):
    """The first node with `role` (and `name`, if given) below `root`, or in any application."""
    tops = [root] if root is not None else list(pyatspi.Registry.getDesktop(0))
    for top in tops:
        if top is None:
            continue
        for node in nodes(top):
            try:
                if node.getRoleName() == role and (name is None or node.name == name):
                    return node
            except Exception:
                continue
    return None


def click(name, root):
    """Clicks the button `name` below `root` as a user would, once it is enabled."""
    press(wait_for(f'button "{name}"', lambda: find("push button", name, root)))


def press(button, timeout=3):
    """Presses `button` as a person would, once it is enabled: a question's buttons are disabled
    for its first second (ActivationGuard), so that nobody answers it by accident."""
    wait_until(f'"{button.name}" to be enabled', lambda: sensitive(button), timeout=timeout)
    button.queryAction().doAction(0)


def sensitive(node):
    """Whether `node` takes input (a button that can be pressed, a field that can be typed in)."""
    return node.getState().contains(pyatspi.STATE_SENSITIVE)


def type_into(node, text):
    """Replaces the text of the field `node`, as typing would."""
    node.queryEditableText().setTextContents(text)


def text_of(node):
    """The text the field `node` holds."""
    text = node.queryText()
    return text.getText(0, text.characterCount)


def labels(root):
    """The texts of the labels below `root`, in tree order."""
    return [node.name for node in nodes(root) if node.getRoleName() == "label"]


def dialog(title):
    """The alert titled `title`, once it appears."""
    return wait_for(f'dialog "{title}"', lambda: find("alert", title))


def window_titled(title):
    """The top-level window titled `title` of any application, or None."""
    for app in pyatspi.Registry.getDesktop(0):
        try:
            for window in app or []:
                if window is not None and window.name == title:
                    return window
        except Exception:  # an application that quit while being read
            continue
    return None


def on_screen(node):
    """Whether `node` takes up room on screen. libadwaita's message dialog holds each button twice,
    a row and a stack, in an AdwSqueezer that shows the row if it fits and the stack if not; the
    other copy ignores clicks, and has zero extents or keeps extents from an earlier layout that
    do not fit in the squeezer (a row too wide, a stack too tall)."""
    extents = lambda n: n.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    try:
        box = extents(node)
        if box.width <= 0 or box.height <= 0:
            return False
        # Names and roles come from the AT-SPI cache; extents are a round trip, asked only at a squeezer.
        while node.parent is not None and node.parent.getRoleName() != "application":
            if node.parent.name == "AdwSqueezer":
                inner, outer = extents(node), extents(node.parent)
                if not (outer.x <= inner.x and inner.x + inner.width <= outer.x + outer.width
                        and outer.y <= inner.y and inner.y + inner.height <= outer.y + outer.height):
                    return False
            node = node.parent
    except Exception:  # gone while read
        return False
    return True


def shown_buttons(root):
    """The push buttons below `root` that are on screen, in tree order."""
    return [n for n in nodes(root) if n.getRoleName() == "push button" and on_screen(n)]


def pictured(button):
    """Whether `button` shows a picture rather than words: a star of the review form, which GTK 4.8
    shows as a push button that can be "pressed" (its toggle-button role came in GTK 4.10)."""
    return any(child is not None and child.getRoleName() == "image" for child in button)


def title_bar(window):
    """The title bar GTK 3 draws itself on Wayland (a panel with the title and a Close button, the
    first of the window's children, the content after it), or None: on X11 the window manager
    draws it, and libadwaita's dialogs have none (their one child is a panel of everything)."""
    try:
        first = window[0] if window.childCount > 1 else None
        return first if first is not None and first.getRoleName() == "panel" else None
    except Exception:  # gone while read
        return None


def dialog_buttons(window):
    """The buttons with words on them that are on screen in `window`, once it is laid out (until
    libadwaita has allocated its dialog, both copies of each button may take up room); the title
    bar's Close button is the window's, not the dialog's."""
    def laid_out():
        parts = [window] if title_bar(window) is None else [child for child in list(window)[1:] if child is not None]
        buttons = [b for part in parts for b in shown_buttons(part) if not pictured(b)]
        names = [b.name for b in buttons]
        return buttons if buttons and len(set(names)) == len(names) else None
    return wait_for("its buttons", laid_out)
