"""What the end-to-end scripts share: reading the screen through AT-SPI, as a screen reader does,
and reading the catalogs the dialogs are checked against."""
import os
import re
import subprocess
import time

import pyatspi

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def wait_for(what, probe, timeout=20):
    """The first value of `probe()` that is not None, polled until `timeout` seconds pass."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        found = probe()
        if found is not None:
            return found
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


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


def shown(label):
    """A button label as GTK shows it: the mnemonic underscore removed."""
    return label.replace("_", "")


def catalog(language):
    """The translations of po/<language>.po by msgid (singular entries); English maps to nothing."""
    if language == "en":
        return {}
    text = subprocess.run(["msgcat", "--no-wrap", os.path.join(ROOT, "po", language + ".po")],
                          capture_output=True, text=True, check=True).stdout
    decode = lambda s: s.encode().decode("unicode_escape").encode("latin-1").decode()
    return {decode(i): decode(s) for i, s in re.findall(r'^msgid "(.*)"\nmsgstr "(.*)"$', text, re.M)}
