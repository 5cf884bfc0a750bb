#!/usr/bin/python3
"""Meson's `swift-archives` target: SwiftPM compiles, this packs each library's Swift objects.

    swift-archives.py [--libraries core,gtk3,gtk4] PACKAGE SCRATCH RUNTIME-DIR DEPFILE OUTPUT...

--libraries names the engine modules the build makes (the core always; the toolkit modules of the
enabled backends): only their Swift targets are compiled and packed, so a build without GTK 4
never compiles ArmchairAdwaita. RUNTIME-DIR is where swift-runtime.py left the renamed runtime
(runtime.syms, swift-runtime/). Which SwiftPM targets go into which module comes from the
package graph (`swift package describe`): the core (libarmchair-engine.so) is the dependency
closure of ArmchairCAPI, each toolkit module (libarmchair-engine-gtk<N>.so) the closure of its
ArmchairGtk<N>CAPI without the core's targets. A C target whose folder has a meson.build is
Meson's to compile into the C libraries (libarmchair-1, libarmchair-gtk<N>-1) and is left out.
Writes, beside the first OUTPUT, for each module L of --libraries:

- libarmchair-swift-L.a: the objects, with the runtime's and the core's Swift symbols renamed
  (`_armchair1_…`) as in the runtime;
- L.map: a version script. The core exports its table's entry point (node ARMCHAIR_ENGINE_1) and,
  under a node named after the release, what the toolkit modules of this build use of it (runtime
  and core symbols); each toolkit module exports only its table's entry point;
- L.args: the libraries its Swift objects ask for (autolink): for the core, the renamed runtime's;
  for a toolkit module, only those outside the runtime;

and once:

- armchair.map: libarmchair-1's version script: its C API (node ARMCHAIR_1) and, under
  ARMCHAIR_<release>_PRIVATE, the functions of its private headers that the engine modules' Swift
  and the toolkit libraries' C call;
- core.force: `--undefined=` for each runtime symbol the toolkit modules use, so that the link
  takes it from the static archives although the core itself may not;
- DEPFILE: every file the build read, for Ninja to know when to run this again.

The OUTPUTs must be exactly these files (meson.build computes them from the same options); any
difference stops the build with both lists.
"""
import argparse
import json
import os
import re
import subprocess
import sys

PREFIX = "_armchair1_"
LIBRARIES = {"core": "ArmchairCAPI", "gtk3": "ArmchairGtk3CAPI", "gtk4": "ArmchairGtk4CAPI"}


def run(command, **options):
    return subprocess.run(command, check=True, text=True, **options)


def describe(package):
    """The package's targets by name, as `swift package describe` reports them."""
    output = run(["swift", "package", "--package-path", package, "describe", "--type", "json"],
                 capture_output=True).stdout
    return {target["name"]: target for target in json.loads(output[output.index("{"):])["targets"]}


def closure(targets, root):
    """`root` and every target and product it depends on, directly or not."""
    seen, todo = [], [root]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.append(name)
        target = targets.get(name, {})
        todo += target.get("target_dependencies", []) + target.get("product_dependencies", [])
    return seen


def build_folder(scratch, name):
    return os.path.join(scratch, "release", name.replace("-", "_") + ".build")


def objects(package, scratch, targets, name):
    """The object files SwiftPM compiled for target (or dependency product) `name`."""
    target = targets.get(name)
    folder = build_folder(scratch, name)
    if target is not None and target["module_type"] not in ("SwiftTarget", "ClangTarget"):
        return []  # system libraries and plugins have no objects
    if target is not None and os.path.exists(os.path.join(package, target["path"], "meson.build")):
        return []  # Meson compiles it
    file_map = os.path.join(folder, "output-file-map.json")
    if os.path.exists(file_map):
        with open(file_map) as f:
            return [entry["object"] for source, entry in json.load(f).items() if source and "object" in entry]
    if target is not None:
        return [os.path.join(folder, source + ".o") for source in target["sources"]]
    return []


def nm(paths, *flags):
    lines = run(["nm", *flags, *paths], capture_output=True).stdout.splitlines()
    return {fields[-1] for fields in (line.split() for line in lines) if len(fields) >= 2}


def pack(archive, members, rename_map):
    if os.path.exists(archive):
        os.remove(archive)
    run(["ar", "rcs", archive, *members])
    run(["objcopy", f"--redefine-syms={rename_map}", archive])


def declared_names(package, targets, root):
    """The `armchair_…` functions the headers of Meson's C targets in the closure declare: those of
    the public headers, and those of the private ones (`*-private.h`)."""
    public, private = set(), set()
    for name in closure(targets, root):
        include = os.path.join(package, targets.get(name, {}).get("path", "-"), "include")
        if not os.path.exists(os.path.join(include, "..", "meson.build")):
            continue
        for header in sorted(os.listdir(include)):
            if not header.endswith(".h"):
                continue
            with open(os.path.join(include, header)) as f:
                text = f.read()
            names = set(re.findall(r"\b(armchair_\w+)\s*\(", text))
            names |= {m + "_get_type" for m in re.findall(r"G_DECLARE_\w+_TYPE\s*\(\s*\w+\s*,\s*(\w+)", text)}
            (private if header.endswith("-private.h") else public).update(names)
    return public, private - public


def meson_c_names(package, targets, root, exclude):
    """The `armchair_…` names the C files of Meson's C targets in `root`'s closure (but not in
    `exclude`) mention."""
    names = set()
    for name in closure(targets, root):
        folder = os.path.join(package, targets.get(name, {}).get("path", "-"))
        if name in exclude or not os.path.exists(os.path.join(folder, "meson.build")):
            continue
        for directory, _, entries in os.walk(folder):
            for entry in entries:
                if entry.endswith((".c", ".h")):
                    with open(os.path.join(directory, entry)) as f:
                        names |= set(re.findall(r"\b(armchair_\w+)\s*\(", f.read()))
    return names


def version_script(path, node, exports, hidden=(), private_node=None, private=()):
    """A version script: `exports` (globs) global in `node`, `private` (names) global in
    `private_node`, `hidden` (names the globs would match) and the rest local."""
    with open(path, "w") as f:
        f.write(f"{node} {{\n  global:\n")
        f.writelines(f"    {name};\n" for name in exports)
        f.write("  local:\n")
        f.writelines(f'    "{name}";\n' for name in hidden)
        f.write("    *;\n};\n")
        if private_node:
            f.write(f"{private_node} {{\n  global:\n")
            f.writelines(f'    "{name}";\n' for name in sorted(private))
            f.write(f"}} {node};\n")


def dependency_files(package, scratch, targets, names):
    """The files a change of which must run this target again."""
    files = [os.path.join(package, "Package.swift"), os.path.join(package, "Package.resolved")]
    folders = []
    for name in names:
        target = targets.get(name)
        if target is not None:
            folders.append(os.path.join(package, target["path"]))
            # Build tool plugins (the catalogs) are targets too.
            folders += [os.path.join(package, targets[p]["path"]) for p in target.get("target_dependencies", [])
                        if targets.get(p, {}).get("module_type") == "PluginTarget"]
        else:
            checkouts = os.path.join(scratch, "checkouts")
            folders += [os.path.join(checkouts, c, "Sources", name) for c in sorted(os.listdir(checkouts))]
    for folder in folders:
        for directory, _, entries in os.walk(folder):
            files += [os.path.join(directory, entry) for entry in sorted(entries)]
    return [path for path in files if os.path.exists(path)]


def outputs_of(libraries):
    """The files this writes for `libraries` (besides the depfile), as meson.build declares them."""
    names = [f"{p}{library}{s}" for library in libraries for p, s in (("libarmchair-swift-", ".a"), ("", ".map"),
                                                                      ("", ".args"))]
    return names + ["armchair.map", "core.force"]


def command_line():
    arguments = argparse.ArgumentParser(description="Packs the Swift objects of each library libarmchair builds.")
    arguments.add_argument("--libraries", default=",".join(LIBRARIES),
                           help="the libraries to build, comma-separated: core and any of "
                                + ", ".join(l for l in LIBRARIES if l != "core"))
    arguments.add_argument("package")
    arguments.add_argument("scratch")
    arguments.add_argument("runtime_dir")
    arguments.add_argument("depfile")
    arguments.add_argument("outputs", nargs="+")
    options = arguments.parse_args()
    libraries = [l for l in options.libraries.split(",") if l]
    unknown = [l for l in libraries if l not in LIBRARIES]
    if unknown or "core" not in libraries or len(set(libraries)) != len(libraries):
        arguments.error(f"--libraries {options.libraries}: name core and any of {', '.join(LIBRARIES)}, once each")
    declared, written = sorted(os.path.basename(o) for o in options.outputs), sorted(outputs_of(libraries))
    if declared != written:
        sys.exit(f"swift-archives.py: meson.build declares the outputs {' '.join(declared)}, but for "
                 f"--libraries {','.join(libraries)} this writes {' '.join(written)}")
    return options, [l for l in LIBRARIES if l in libraries]


def main():
    options, libraries = command_line()
    package, scratch, runtime_dir = (os.path.abspath(a) for a in (options.package, options.scratch,
                                                                  options.runtime_dir))
    depfile, outputs = options.depfile, options.outputs
    toolkits = [library for library in libraries if library != "core"]
    out = os.path.dirname(os.path.abspath(outputs[0]))
    release = os.environ.get("ARMCHAIR_RELEASE", "1.0.0").replace(".", "_")
    # --static-swift-stdlib compiles as `-Xswiftc -static-stdlib` does (the same autolink entries;
    # it changes only how products link), and as scripts/install.sh builds the demos, so a shared
    # scratch folder compiles each module once.
    for library in libraries:
        run(["swift", "build", "-c", "release", "--package-path", package, "--scratch-path", scratch,
             "--static-swift-stdlib", "--target", LIBRARIES[library]], stdout=sys.stderr)
    targets = describe(package)
    core_names = closure(targets, LIBRARIES["core"])
    members = {"core": [o for n in core_names for o in objects(package, scratch, targets, n)]}
    for library in toolkits:
        names = [n for n in closure(targets, LIBRARIES[library]) if n not in core_names]
        members[library] = [o for n in names for o in objects(package, scratch, targets, n)]
    missing = [o for objs in members.values() for o in objs if not os.path.exists(o)]
    if missing:
        sys.exit("swift-archives.py: SwiftPM left no object for:\n  " + "\n  ".join(missing))

    with open(os.path.join(runtime_dir, "runtime.syms")) as f:
        runtime_symbols = set(f.read().split())
    core_defined = nm(members["core"], "--defined-only", "-g")
    # Our Swift symbols too (ArmchairCore, Logging, the adapters…), which a Swift host may also have.
    swift_defined = nm([o for objs in members.values() for o in objs], "--defined-only", "-g")
    renamed = runtime_symbols | {s for s in swift_defined if s.startswith("$s")}
    rename_map = os.path.join(out, "swift.rename")
    with open(rename_map, "w") as f:
        f.writelines(f"{name} {PREFIX}{name}\n" for name in sorted(renamed))
    for library, objs in members.items():
        pack(os.path.join(out, f"libarmchair-swift-{library}.a"), objs, rename_map)

    # What the toolkit modules (their Swift, and the swiftrt.o each links) take from the core module:
    # runtime and core Swift symbols. Without a toolkit module, nothing of the runtime.
    toolkit_undefined = nm([os.path.join(out, f"libarmchair-swift-{library}.a") for library in toolkits]
                           + [os.path.join(runtime_dir, "swiftrt.o")], "-u") if toolkits else set()
    provided = {PREFIX + s for s in runtime_symbols} | {PREFIX + s for s in core_defined if s.startswith("$s")}
    engine_private = {s for s in toolkit_undefined if s in provided}
    version_script(os.path.join(out, "core.map"), "ARMCHAIR_ENGINE_1", ["armchair_swift_core"], (),
                   f"ARMCHAIR_ENGINE_{release}_PRIVATE", engine_private)
    with open(os.path.join(out, "core.force"), "w") as f:
        f.writelines(f"-Wl,--undefined={s}\n" for s in sorted(engine_private)
                     if s[len(PREFIX):] in runtime_symbols)
    for library in toolkits:
        version_script(os.path.join(out, f"{library}.map"), f"ARMCHAIR_ENGINE_{library.upper()}_1",
                       [f"armchair_{library}_swift"])

    # libarmchair-1's C: its public functions, and under the private node what the modules' Swift
    # and the toolkit libraries' C call of its private headers; the rest of those stays local.
    swift_undefined = nm([os.path.join(out, f"libarmchair-swift-{library}.a") for library in libraries], "-u")
    public, declared_private = declared_names(package, targets, LIBRARIES["core"])
    toolkit_c = set()
    for library in toolkits:
        toolkit_c |= meson_c_names(package, targets, LIBRARIES[library], exclude=core_names)
    swift_entry_points = {"armchair_swift_core"} | {f"armchair_{library}_swift" for library in toolkits}
    c_private = (swift_undefined | toolkit_c) & declared_private - swift_entry_points
    hidden = sorted(declared_private - c_private - swift_entry_points)
    version_script(os.path.join(out, "armchair.map"), "ARMCHAIR_1", ["armchair_*"], hidden,
                   f"ARMCHAIR_{release}_PRIVATE", c_private)

    # The libraries the Swift objects ask for (autolink): the core links the renamed runtime; a
    # toolkit library links only what is not part of the runtime, which it takes from the core.
    runtime_archives = os.path.join(runtime_dir, "swift-runtime")
    for library, objs in members.items():
        autolink = run(["swift-autolink-extract", *objs, "-o", "-"], capture_output=True).stdout.split()
        if library != "core":
            autolink = [arg for arg in autolink
                        if not os.path.exists(os.path.join(runtime_archives, f"lib{arg[2:]}.a"))]
        with open(os.path.join(out, f"{library}.args"), "w") as f:
            f.write(f"-L{runtime_archives}\n" if library == "core" else "")
            f.writelines(arg + "\n" for arg in dict.fromkeys(autolink))

    inputs = dependency_files(package, scratch, targets, set(core_names) | {
        n for library in toolkits for n in closure(targets, LIBRARIES[library])})
    with open(depfile, "w") as f:
        f.write(" ".join(outputs) + ": " + " ".join(p.replace(" ", "\\ ") for p in inputs) + "\n")


if __name__ == "__main__":
    main()
