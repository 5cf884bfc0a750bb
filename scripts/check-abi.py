#!/usr/bin/python3
"""Checks that each installed libarmchair library exports exactly its documented C API.

    scripts/check-abi.py PREFIX [--headers DIR] [--gir-dir DIR] [--libdir DIR] [--release X.Y.Z]

For each of libarmchair-1.so.0, libarmchair-gtk3-1.so.0 and libarmchair-gtk4-1.so.0 installed in
PREFIX/lib (the others are skipped), from its dynamic symbol table with versions (`readelf
--dyn-syms -W`):

- its public version node (ARMCHAIR_1, ARMCHAIR_GTK3_1, ARMCHAIR_GTK4_1) holds exactly the
  functions its installed headers declare (PREFIX/include/armchair-1: armchair-gtk3*.h for the GTK 3
  library, armchair-gtk4*.h for the GTK 4 one, every other armchair*.h for the core): each
  `armchair_…(` prototype, and the `…_get_type` of each G_DECLARE_FINAL_TYPE, G_DECLARE_DERIVABLE_TYPE
  and G_DECLARE_INTERFACE;
- where its GIR is installed (PREFIX/share/gir-1.0/<Namespace>-1.0.gir), the node holds exactly
  the GIR's functions, methods and constructors (their c:identifier) and get-type functions
  (glib:get-type), so a function the headers declare but the GIR lost, or the reverse, fails;
- the core exports nothing else but under ARMCHAIR_<release>_PRIVATE (the release from
  meson.build's project version: 1.0.0 gives ARMCHAIR_1_0_0_PRIVATE), what the toolkit libraries
  and the engine modules of the same release use of it; a toolkit library exports nothing but its public node; neither
  exports an unversioned symbol, except the one absolute symbol per version node that GNU ld and
  gold add (named as the node; lld adds none);
- each toolkit library needs the core's private node (`readelf -V`), so that a core of another
  release fails as the app loads rather than misbehaving;
- the engine modules beside them, in <libdir>/armchair-1/ (the Swift that libarmchair-1 loads when
  it is needed), are there for each library: libarmchair-engine.so exports only
  armchair_swift_core (node ARMCHAIR_ENGINE_1), and under ARMCHAIR_ENGINE_<release>_PRIVATE what
  the toolkit modules use, and needs the core's private node; libarmchair-engine-gtk3.so and
  -gtk4.so export only their entry point (ARMCHAIR_ENGINE_GTK3_1…) and need the engine's private
  node; so a module of another release is refused as it loads;
- every symbol of the core's private node is used by a toolkit library or an engine module.

--headers, --gir-dir and --libdir check other folders than PREFIX's (Tests/Scripts/test-check-abi.py
shows with them that each check can fail). Prints one line per library (its node and the number
of its public functions) and exits 1 listing every difference, 2 when there is nothing to check.
"""
import argparse
import glob
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORE = "libarmchair-1.so.0"
# Each library: its file, and which installed headers are its own.
LIBRARIES = [
    (CORE, lambda header: not re.match(r"armchair-gtk\d", header)),
    ("libarmchair-gtk3-1.so.0", lambda header: header.startswith("armchair-gtk3")),
    ("libarmchair-gtk4-1.so.0", lambda header: header.startswith("armchair-gtk4")),
]
# The engine modules' folder beside the libraries, and the core module.
MODULES = "armchair-1"
ENGINE = "libarmchair-engine.so"
GIR_CORE = "{http://www.gtk.org/introspection/core/1.0}"
GIR_C = "{http://www.gtk.org/introspection/c/1.0}"
GIR_GLIB = "{http://www.gtk.org/introspection/glib/1.0}"


def public_node(library):
    """ARMCHAIR_1 for libarmchair-1.so.0, ARMCHAIR_GTK3_1 for libarmchair-gtk3-1.so.0…"""
    name, api = re.fullmatch(r"lib(.+)-(\d+)\.so\.\d+", library).groups()
    return f"{name.upper().replace('-', '_')}_{api}"


def namespace(library):
    """Armchair for libarmchair-1.so.0, ArmchairGtk3 for libarmchair-gtk3-1.so.0…"""
    name = re.fullmatch(r"lib(.+)-\d+\.so\.\d+", library).group(1)
    return "".join(part.capitalize() for part in name.split("-"))


def release_of_project():
    with open(os.path.join(ROOT, "meson.build")) as f:
        return re.search(r"^\s*version:\s*'([^']+)'", f.read(), re.M).group(1)


def header_functions(path):
    """The functions a C header declares: its `armchair_…` prototypes, and the get-type
    function of each type a G_DECLARE_* macro declares."""
    with open(path) as f:
        text = f.read()
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    text = re.sub(r"^[ \t]*#(?:[^\n]*\\\n)*[^\n]*", " ", text, flags=re.M)  # preprocessor lines
    functions = set()
    declare = re.compile(r"\bG_DECLARE_(?:FINAL_TYPE|DERIVABLE_TYPE|INTERFACE)\s*\(\s*\w+\s*,\s*(\w+)\s*,[^)]*\)")
    functions |= {name + "_get_type" for name in declare.findall(text)}
    text = declare.sub(" ", text)
    for declaration in re.split(r"[;{}]", text):
        # A prototype: the name before the declaration's first parenthesis.
        match = re.search(r"\b([A-Za-z_]\w*)\s*\(", declaration)
        if match and match.group(1).startswith("armchair_"):
            functions.add(match.group(1))
    return functions


def gir_functions(path):
    """The GIR's functions, methods and constructors, by C name, and its types' get-type
    functions."""
    functions = set()
    for element in ElementTree.parse(path).iter():
        if element.tag in (GIR_CORE + "function", GIR_CORE + "method", GIR_CORE + "constructor"):
            functions.add(element.get(GIR_C + "identifier"))
        get_type = element.get(GIR_GLIB + "get-type")
        if get_type and get_type != "intern":
            functions.add(get_type)
    return functions - {None}


def dynamic_symbols(path):
    """(name, version or None, type, section index) of each symbol the library defines."""
    output = subprocess.run(["readelf", "--dyn-syms", "-W", path], capture_output=True, text=True,
                            check=True).stdout
    symbols = []
    for line in output.splitlines():
        fields = line.split()
        if len(fields) < 8 or not fields[0].rstrip(":").isdigit() or fields[6] == "UND":
            continue
        name, _, version = fields[7].replace("@@", "@").partition("@")
        symbols.append((name, version or None, fields[3], fields[6]))
    return symbols


def undefined_symbols(path):
    """The names the library or module takes from others."""
    output = subprocess.run(["readelf", "--dyn-syms", "-W", path], capture_output=True, text=True,
                            check=True).stdout
    return {fields[7].split("@")[0] for fields in (line.split() for line in output.splitlines())
            if len(fields) >= 8 and fields[6] == "UND"}


def check_modules(options, checked, differences, report):
    """The engine modules of the libraries `checked`: their exports, and the nodes they need."""
    release = options.release.replace(".", "_")
    core_private, engine_private = f"ARMCHAIR_{release}_PRIVATE", f"ARMCHAIR_ENGINE_{release}_PRIVATE"
    modules = [(ENGINE, "ARMCHAIR_ENGINE_1", "armchair_swift_core", engine_private, (CORE, core_private))]
    for library in checked:
        toolkit = re.match(r"libarmchair-(gtk\d)-", library)
        if toolkit:
            name = toolkit.group(1)
            modules.append((f"libarmchair-engine-{name}.so", f"ARMCHAIR_ENGINE_{name.upper()}_1",
                            f"armchair_{name}_swift", None, (ENGINE, engine_private)))
    used = set()
    for module, node, entry, private_node, (needed_file, needed_node) in modules:
        path = os.path.join(options.libdir, MODULES, module)
        if not os.path.exists(path):
            differences.append(f"{MODULES}/{module}: missing; libarmchair-1 loads it from beside itself")
            continue
        used |= undefined_symbols(path)
        defined_nodes, needed = versions(path)
        symbols = dynamic_symbols(path)
        exported = {name for name, version, _, _ in symbols if version == node}
        if exported != {entry}:
            differences.append(f"{MODULES}/{module}: exports {sorted(exported)} in {node}, not only {entry}")
        private = 0
        for name, version, _, section in symbols:
            if version == node:
                continue
            if private_node is not None and version == private_node:
                private += 1
            elif version is None and section == "ABS" and name in defined_nodes:
                continue
            elif version is None:
                differences.append(f"{MODULES}/{module}: {name} is exported without a version")
            else:
                differences.append(f"{MODULES}/{module}: {name} is exported in {version}")
        if needed_node not in needed.get(needed_file, set()):
            differences.append(f"{MODULES}/{module}: does not need {needed_node} of {needed_file} (readelf -V), "
                               "so it would load with one of another release")
        line = f"{MODULES}/{module}: {node}, {entry}"
        if private_node:
            line += f"; {private} private symbols in {private_node}"
        report.append((line + f"; needs {needed_node} of {needed_file}", 0))
    return used


def versions(path):
    """The version nodes the library defines, and {library: nodes} it needs of others."""
    output = subprocess.run(["readelf", "-V", "-W", path], capture_output=True, text=True, check=True).stdout
    defined, needed, section, needed_file = set(), {}, None, None
    for line in output.splitlines():
        if "'.gnu.version_d'" in line or "'.gnu.version_r'" in line:
            section = line.split("'")[1]
            continue
        if section == ".gnu.version_d":
            match = re.search(r"Flags: (\S+).*Name: (\S+)", line)
            if match and match.group(1) != "BASE":
                defined.add(match.group(2))
        elif section == ".gnu.version_r":
            match = re.search(r"File: (\S+)", line)
            if match:
                needed_file = match.group(1)
                needed.setdefault(needed_file, set())
            match = re.search(r"Name: (\S+)", line)
            if match and needed_file:
                needed[needed_file].add(match.group(1))
    return defined, needed


def check(options):
    """Every difference found, and the report's lines."""
    release_node = "ARMCHAIR_" + options.release.replace(".", "_") + "_PRIVATE"
    headers = sorted(os.path.basename(p) for p in glob.glob(os.path.join(options.headers, "armchair*.h")))
    differences, report, checked = [], [], []
    core_nodes = None
    for library, owns in LIBRARIES:
        path = os.path.join(options.libdir, library)
        if not os.path.exists(path):
            continue
        checked.append(library)
        node = public_node(library)
        symbols = dynamic_symbols(path)
        defined_nodes, needed = versions(path)
        if library == CORE:
            core_nodes = defined_nodes
        exported = {name for name, version, _, _ in symbols if version == node}
        own_headers = [h for h in headers if owns(h)]
        declared = set()
        for header in own_headers:
            declared |= header_functions(os.path.join(options.headers, header))
        if not own_headers:
            differences.append(f"{library}: no header of its own in {options.headers}")
        for name in sorted(declared - exported):
            differences.append(f"{library}: {name} is declared in its headers but not exported in {node}")
        for name in sorted(exported - declared):
            differences.append(f"{library}: {name} is exported in {node} but not declared in its headers "
                               f"({', '.join(own_headers)})")
        gir = os.path.join(options.gir_dir, namespace(library) + "-1.0.gir")
        gir_note = ""
        if os.path.exists(gir):
            in_gir = gir_functions(gir)
            for name in sorted(in_gir - exported):
                differences.append(f"{library}: {name} is in {os.path.basename(gir)} but not exported in {node}")
            for name in sorted(exported - in_gir):
                differences.append(f"{library}: {name} is exported in {node} but not in {os.path.basename(gir)}")
            gir_note = f", = {os.path.basename(gir)}"
        allowed = {release_node} if library == CORE else set()
        private = 0
        for name, version, kind, section in symbols:
            if version == node:
                continue
            if version in allowed:
                private += 1
            elif version is None and section == "ABS" and name in defined_nodes:
                continue  # GNU ld and gold define one absolute symbol per version node
            elif version is None:
                differences.append(f"{library}: {name} is exported without a version")
            else:
                where = f"only {node} and {release_node}" if library == CORE else f"only {node}"
                differences.append(f"{library}: {name} is exported in {version} (it may export {where})")
        line = f"{library}: {node}, {len(exported)} functions (= its headers{gir_note})"
        if library == CORE:
            line += f"; {private} private symbols in {release_node}"
        else:
            if release_node not in needed.get(CORE, set()):
                differences.append(f"{library}: does not need {release_node} of {CORE} (readelf -V), so it "
                                   "would load with a core of another release")
            else:
                line += f"; needs {release_node} of {CORE}"
        report.append((line, len(exported)))
    # The private node the toolkit libraries need is the one the installed core defines.
    if core_nodes is not None and len(checked) > 1 and release_node not in core_nodes:
        differences.append(f"{CORE}: defines no {release_node}, which the toolkit libraries need")
    if CORE in checked:
        used = check_modules(options, checked, differences, report)
        for library in checked[1:]:
            used |= undefined_symbols(os.path.join(options.libdir, library))
        private = {name for name, version, _, _ in dynamic_symbols(os.path.join(options.libdir, CORE))
                   if version == release_node}
        for name in sorted(private - used):
            differences.append(f"{CORE}: {name} is exported in {release_node} but no toolkit library or engine "
                               "module uses it")
    return checked, differences, report


def main():
    arguments = argparse.ArgumentParser(description="Checks the exports of the installed libarmchair libraries.")
    arguments.add_argument("prefix", help="the installation prefix (scripts/install.sh --prefix)")
    arguments.add_argument("--headers", help="the public headers (default PREFIX/include/armchair-1)")
    arguments.add_argument("--gir-dir", help="the GIRs (default PREFIX/share/gir-1.0)")
    arguments.add_argument("--libdir", help="the libraries (default PREFIX/lib)")
    arguments.add_argument("--release", help="the release whose private node the core exports (default: "
                                             "the project version in meson.build)")
    options = arguments.parse_args()
    options.headers = options.headers or os.path.join(options.prefix, "include", "armchair-1")
    options.gir_dir = options.gir_dir or os.path.join(options.prefix, "share", "gir-1.0")
    options.libdir = options.libdir or os.path.join(options.prefix, "lib")
    options.release = options.release or release_of_project()
    checked, differences, report = check(options)
    if not checked:
        sys.exit(f"check-abi.py: no libarmchair library in {options.libdir}")
    for line, _ in report:
        print(line)
    if differences:
        print(f"check-abi.py: {len(differences)} difference{'s' * (len(differences) != 1)} between the "
              "libraries' exports and their headers and GIRs:", file=sys.stderr)
        for difference in differences:
            print("  " + difference, file=sys.stderr)
        sys.exit(1)
    print(f"{sum(count for _, count in report)} public functions in {len(checked)} "
          f"librar{'ies' if len(checked) != 1 else 'y'}: each public version node equals its headers")


if __name__ == "__main__":
    main()
