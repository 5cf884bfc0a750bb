#!/usr/bin/python3
"""Meson's `swift-runtime` target: the toolchain's static Swift runtime under a private name.

    swift-runtime.py STATIC-DIR OUTDIR

Every global symbol of the static Swift libraries in STATIC-DIR (libswiftCore.a, Foundation,
libdispatch…) and of swiftrt.o gets the prefix `_armchair1_`, in copies under OUTDIR/swift-runtime,
so the runtime libarmchair-1 carries cannot meet another Swift runtime a host process loaded.
Writes OUTDIR/runtime.syms (the original names, one a line) and OUTDIR/swiftrt.o.

It depends only on the toolchain, so a build pays for it (~45 s of objcopy) once, not on every
change of the sources.
"""
import concurrent.futures
import glob
import os
import shutil
import subprocess
import sys

PREFIX = "_armchair1_"


def defined_globals(paths):
    """The names every object in `paths` defines globally."""
    output = subprocess.run(["nm", "--defined-only", "-g", *paths], capture_output=True, text=True, check=True)
    return {fields[2] for fields in (line.split() for line in output.stdout.splitlines()) if len(fields) == 3}


def main():
    static_dir, out = sys.argv[1], sys.argv[2]
    archives = sorted(glob.glob(os.path.join(static_dir, "*.a")))
    swiftrt = os.path.join(static_dir, "x86_64", "swiftrt.o")
    runtime = os.path.join(out, "swift-runtime")
    shutil.rmtree(runtime, ignore_errors=True)
    os.makedirs(runtime)
    symbols = sorted(defined_globals(archives + [swiftrt]))
    rename_map = os.path.join(out, "runtime.rename")
    with open(rename_map, "w") as f:
        f.writelines(f"{name} {PREFIX}{name}\n" for name in symbols)
    jobs = [(path, os.path.join(runtime, os.path.basename(path))) for path in archives]
    jobs.append((swiftrt, os.path.join(out, "swiftrt.o")))
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        list(pool.map(lambda job: subprocess.run(["objcopy", f"--redefine-syms={rename_map}", *job], check=True),
                      jobs))
    with open(os.path.join(out, "runtime.syms"), "w") as f:
        f.writelines(name + "\n" for name in symbols)


if __name__ == "__main__":
    main()
