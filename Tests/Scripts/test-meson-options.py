#!/usr/bin/env python3
"""The C library's feature options do what meson_options.txt says, on a system without GTK 4.

`meson setup` runs with a pkg-config folder that holds every .pc file of this machine but GTK 4's
and libadwaita's:

- `auto` (the default) leaves libarmchair-gtk4-1 out, and says so;
- `-Dbackend-gtk4=enabled` fails, naming gtk4;
- `-Dvapi=enabled -Dintrospection=disabled` fails, naming introspection;

and the test command's installation passes `enabled` for every option, so that a machine without
a part fails loudly instead of testing less. A few seconds: setup only, nothing is compiled.
"""
import glob
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "testing"))
import tiers  # noqa: E402

HIDDEN = ("gtk4", "libadwaita")


def setup(folder, pc_dir, *options):
    environment = dict(os.environ, PKG_CONFIG_LIBDIR=pc_dir)
    environment.pop("PKG_CONFIG_PATH", None)
    result = subprocess.run(["meson", "setup", folder, "-Dtests=disabled", *options], cwd=ROOT, env=environment,
                            capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


def main():
    failures = []
    with tempfile.TemporaryDirectory() as folder:
        pc_dir = os.path.join(folder, "pkgconfig")
        os.mkdir(pc_dir)
        for pc in glob.glob("/usr/lib/*/pkgconfig/*.pc") + glob.glob("/usr/share/pkgconfig/*.pc"):
            if not os.path.basename(pc).startswith(HIDDEN):
                target = os.path.join(pc_dir, os.path.basename(pc))
                if not os.path.exists(target):
                    os.symlink(pc, target)

        status, output = setup(os.path.join(folder, "auto"), pc_dir)
        if status != 0 or "Leaving out libarmchair-gtk4-1" not in output:
            failures.append(f"auto without GTK 4: status {status}, no 'Leaving out libarmchair-gtk4-1':\n{output[-600:]}")
        status, output = setup(os.path.join(folder, "enabled"), pc_dir, "-Dbackend-gtk4=enabled")
        if status == 0 or "gtk4" not in output[-600:]:
            failures.append(f"enabled without GTK 4: status {status}, not an error naming gtk4:\n{output[-600:]}")
        status, output = setup(os.path.join(folder, "vapi"), pc_dir, "-Dvapi=enabled", "-Dintrospection=disabled")
        if status == 0 or "introspection" not in output[-600:]:
            failures.append(f"vapi without introspection: status {status}, not an error naming it:\n{output[-600:]}")

    install = " ".join(str(part) for part in tiers.PREREQUISITES["install"].command)
    for option in ("backend-gtk3", "backend-gtk4", "introspection", "vapi"):
        if f"-D{option}=enabled" not in install:
            failures.append(f"the test command's installation does not pass -D{option}=enabled")

    for failure in failures:
        print("FAILED:", failure)
    if not failures:
        print("meson options: auto leaves out what is missing, enabled fails naming it, the test command enables all")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
