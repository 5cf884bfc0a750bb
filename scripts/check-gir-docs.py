#!/usr/bin/env python3
"""Fails, naming each one, if a function, method, property or signal of the GIRs has no
documentation: the gtk-doc text must reach the GIR, generated properties included.

    scripts/check-gir-docs.py PREFIX        # the GIRs installed in PREFIX/share/gir-1.0
    scripts/check-gir-docs.py GIR...        # these GIRs (a build folder's, as meson test checks)
"""

import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

CORE = "{http://www.gtk.org/introspection/core/1.0}"
GLIB = "{http://www.gtk.org/introspection/glib/1.0}"
DOCUMENTED = {"function", "method", "constructor", "property", "signal", "class", "enumeration", "record"}


def undocumented(path):
    root = ElementTree.parse(path).getroot()
    missing = []

    def visit(element, owner):
        for child in element:
            kind = child.tag.removeprefix(CORE)
            name = child.get("name") or child.get(f"{CORE}name")
            # A class structure (ArmchairEngineClass) is the type's, documented with the class.
            is_class_structure = child.get(f"{GLIB}is-gtype-struct-for") is not None
            if kind in DOCUMENTED and child.find(f"{CORE}doc") is None and not is_class_structure:
                missing.append(f"{kind} {owner}{name}")
            if kind in ("namespace", "class", "record", "interface"):
                visit(child, "" if kind == "namespace" else f"{name}.")

    visit(root, "")
    return missing


def main(arguments):
    if not arguments:
        raise SystemExit(__doc__)
    if all(argument.endswith(".gir") for argument in arguments):
        girs = [Path(argument) for argument in arguments]
    elif len(arguments) == 1:
        girs = sorted(Path(arguments[0], "share/gir-1.0").glob("Armchair*.gir"))
        if not girs:
            raise SystemExit(f"no Armchair*.gir in {arguments[0]}/share/gir-1.0")
    else:
        raise SystemExit(__doc__)
    failed = False
    for gir in girs:
        missing = undocumented(gir)
        failed |= bool(missing)
        for item in missing:
            print(f"{gir.name}: {item} has no documentation")
    if failed:
        return 1
    print(f"every function, method, property and signal of {', '.join(g.name for g in girs)} is documented")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
