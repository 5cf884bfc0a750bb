#!/usr/bin/python3
"""Shows that scripts/check-abi.py catches what it claims to, on an installation of all three
libraries (scripts/install.sh --prefix PREFIX):

    Tests/Scripts/test-check-abi.py PREFIX

Each case spoils a copy of one part of the installation (a header, a GIR, a toolkit library, an
engine module) the way a hurried change might, and the checker must fail it with the expected message; the unspoiled
installation must pass. The functions it removes are picked from the headers, not named here, so
the cases hold as the API grows. Prints one line per case and exits non-zero if any case goes wrong.
"""
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHECKER = os.path.join(ROOT, "scripts", "check-abi.py")
specification = importlib.util.spec_from_file_location("check_abi", CHECKER)
check_abi = importlib.util.module_from_spec(specification)
specification.loader.exec_module(check_abi)

# One whole prototype (possibly over several lines) of an `armchair_…` function.
PROTOTYPE = re.compile(r"^[^#\n/*][^\n;]*?\b(armchair_\w+)\s*\([^;]*;\n", re.M)


def run(prefix, *options):
    result = subprocess.run(["/usr/bin/python3", CHECKER, prefix, *options], capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


def copy_headers(prefix, scratch, header, change):
    """A copy of the header folder with `change` (text -> (text, what it did)) made to `header`."""
    folder = os.path.join(scratch, "include")
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(os.path.join(prefix, "include", "armchair-1"), folder)
    path = os.path.join(folder, header)
    with open(path) as f:
        text, name = change(f.read())
    with open(path, "w") as f:
        f.write(text)
    return folder, name


def without_a_prototype(text):
    match = PROTOTYPE.search(text)
    return text[:match.start()] + text[match.end():], match.group(1)


def with_a_prototype(text):
    name = "armchair_engine_does_not_exist"
    return text.replace("G_END_DECLS", f"void {name} (ArmchairEngine *self);\n\nG_END_DECLS", 1), name


def with_a_declared_type(text):
    declaration = "G_DECLARE_FINAL_TYPE (ArmchairGhost, armchair_ghost, ARMCHAIR, GHOST, GObject)\n"
    return text.replace("G_END_DECLS", declaration + "\nG_END_DECLS", 1), "armchair_ghost_get_type"


def copy_girs(prefix, scratch, change):
    """A copy of the GIR folder with `change` (root element -> what it did) made to Armchair-1.0.gir."""
    folder = os.path.join(scratch, "gir-1.0")
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(os.path.join(prefix, "share", "gir-1.0"), folder)
    path = os.path.join(folder, "Armchair-1.0.gir")
    tree = ElementTree.parse(path)
    name = change(tree.getroot())
    tree.write(path)
    return folder, name


def without_a_method(root):
    for parent in root.iter():
        for element in parent:
            if element.tag == check_abi.GIR_CORE + "method":
                parent.remove(element)
                return element.get(check_abi.GIR_C + "identifier")
    raise AssertionError("no method in Armchair-1.0.gir")


def with_a_function(root):
    name = "armchair_function_of_the_gir_only"
    namespace = root.find(check_abi.GIR_CORE + "namespace")
    ElementTree.SubElement(namespace, check_abi.GIR_CORE + "function",
                           {"name": "function_of_the_gir_only", check_abi.GIR_C + "identifier": name})
    return name


def copy_libraries(prefix, scratch, library, version_script):
    """A library folder with the installed libraries but `library`, which is a C stand-in that
    defines its header's functions (and one more), linked with `version_script` (None: none)."""
    folder = os.path.join(scratch, "lib")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    for name in os.listdir(os.path.join(prefix, "lib")):
        if name.endswith(".so.0") or name == check_abi.MODULES:
            os.symlink(os.path.join(prefix, "lib", name), os.path.join(folder, name))
    os.remove(os.path.join(folder, library))
    toolkit = re.match(r"libarmchair-(gtk\d)-", library).group(1)
    functions = set()
    for header in os.listdir(os.path.join(prefix, "include", "armchair-1")):
        if header.startswith(f"armchair-{toolkit}"):
            functions |= check_abi.header_functions(os.path.join(prefix, "include", "armchair-1", header))
    helper = f"armchair_{toolkit}_helper"
    source = os.path.join(scratch, "stand-in.c")
    with open(source, "w") as f:
        f.writelines(f"void {name} (void) {{}}\n" for name in sorted(functions | {helper}))
    command = ["cc", "-shared", "-fPIC", f"-Wl,-soname,{library}", "-o", os.path.join(folder, library), source]
    if version_script:
        script = os.path.join(scratch, "stand-in.map")
        with open(script, "w") as f:
            f.write(version_script(sorted(functions), helper))
        command.append(f"-Wl,--version-script={script}")
    subprocess.run(command, check=True)
    return folder, helper


def copy_modules(prefix, scratch, module):
    """A library folder with the installed libraries and engine modules, but `module` (None: the
    whole armchair-1/ folder is missing), which is a C stand-in defining its entry point, linked
    without a version script."""
    folder = os.path.join(scratch, "lib")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(os.path.join(folder, check_abi.MODULES))
    for name in os.listdir(os.path.join(prefix, "lib")):
        if name.endswith(".so.0"):
            os.symlink(os.path.join(prefix, "lib", name), os.path.join(folder, name))
    if module is None:
        os.rmdir(os.path.join(folder, check_abi.MODULES))
        return folder
    modules = os.path.join(prefix, "lib", check_abi.MODULES)
    for name in os.listdir(modules):
        if name != module:
            os.symlink(os.path.join(modules, name), os.path.join(folder, check_abi.MODULES, name))
    entry = "armchair_" + re.match(r"libarmchair-engine-(gtk\d)\.so", module).group(1) + "_swift"
    source = os.path.join(scratch, "module-stand-in.c")
    with open(source, "w") as f:
        f.write(f"const void *{entry} (void) {{ return 0; }}\n")
    subprocess.run(["cc", "-shared", "-fPIC", "-o", os.path.join(folder, check_abi.MODULES, module), source],
                   check=True)
    return folder


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: Tests/Scripts/test-check-abi.py PREFIX")
    prefix = os.path.abspath(sys.argv[1])
    gtk3, gtk4 = "libarmchair-gtk3-1.so.0", "libarmchair-gtk4-1.so.0"
    release = "ARMCHAIR_" + check_abi.release_of_project().replace(".", "_") + "_PRIVATE"
    wrong = 0
    with tempfile.TemporaryDirectory() as scratch:
        # Each case's spoiled copy replaces the one before, so each runs as soon as it is made.
        folder, name = copy_headers(prefix, scratch, "armchair-engine.h", without_a_prototype)
        wrong += report(f"a prototype removed from armchair-engine.h ({name})", *run(prefix, "--headers", folder),
                        [f"{name} is exported in ARMCHAIR_1 but not declared in its headers"])
        folder, name = copy_headers(prefix, scratch, "armchair-engine.h", with_a_prototype)
        wrong += report("a prototype added to armchair-engine.h", *run(prefix, "--headers", folder),
                        [f"{name} is declared in its headers but not exported in ARMCHAIR_1"])
        folder, name = copy_headers(prefix, scratch, "armchair-gtk4.h", with_a_declared_type)
        wrong += report("a G_DECLARE_FINAL_TYPE added to armchair-gtk4.h", *run(prefix, "--headers", folder),
                        [f"{name} is declared in its headers but not exported in ARMCHAIR_GTK4_1"])
        folder, name = copy_headers(prefix, scratch, "armchair-gtk3.h", without_a_prototype)
        wrong += report(f"a prototype removed from armchair-gtk3.h ({name})", *run(prefix, "--headers", folder),
                        [f"{name} is exported in ARMCHAIR_GTK3_1 but not declared in its headers"])
        folder, name = copy_girs(prefix, scratch, without_a_method)
        wrong += report(f"a method missing from Armchair-1.0.gir ({name})", *run(prefix, "--gir-dir", folder),
                        [f"{name} is exported in ARMCHAIR_1 but not in Armchair-1.0.gir"])
        folder, name = copy_girs(prefix, scratch, with_a_function)
        wrong += report("a function in Armchair-1.0.gir only", *run(prefix, "--gir-dir", folder),
                        [f"{name} is in Armchair-1.0.gir but not exported in ARMCHAIR_1"])
        folder, helper = copy_libraries(prefix, scratch, gtk3, lambda functions, helper: (
            "ARMCHAIR_GTK3_1 {\n  global:\n" + "".join(f"    {f};\n" for f in functions) + "  local: *;\n};\n"
            f"ARMCHAIR_GTK3_PRIVATE {{\n  global: {helper};\n}} ARMCHAIR_GTK3_1;\n"))
        wrong += report("a GTK 3 library with a second node, not bound to the core's release",
                        *run(prefix, "--libdir", folder),
                        [f"{helper} is exported in ARMCHAIR_GTK3_PRIVATE (it may export only ARMCHAIR_GTK3_1)",
                         f"{gtk3}: does not need {release}"])
        folder, helper = copy_libraries(prefix, scratch, gtk4, None)
        wrong += report("a GTK 4 library linked without a version script", *run(prefix, "--libdir", folder),
                        [f"{helper} is exported without a version",
                         "is declared in its headers but not exported in ARMCHAIR_GTK4_1"])
        folder = copy_modules(prefix, scratch, "libarmchair-engine-gtk3.so")
        engine_release = release.replace("ARMCHAIR_", "ARMCHAIR_ENGINE_", 1)
        wrong += report("a GTK 3 engine module linked without a version script, on no engine's release",
                        *run(prefix, "--libdir", folder),
                        ["armchair-1/libarmchair-engine-gtk3.so: armchair_gtk3_swift is exported without a version",
                         f"armchair-1/libarmchair-engine-gtk3.so: does not need {engine_release}"])
        folder = copy_modules(prefix, scratch, None)
        wrong += report("the libraries without their engine modules", *run(prefix, "--libdir", folder),
                        ["armchair-1/libarmchair-engine.so: missing", "armchair-1/libarmchair-engine-gtk4.so: missing"])
    status, output = run(prefix)
    wrong += status != 0
    print(f"{'passed' if status == 0 else 'FAILED'}: the installation as it is")
    if status != 0:
        print("  " + output.strip().replace("\n", "\n  "))
    sys.exit(1 if wrong else 0)


def report(case, status, output, expected):
    """Prints whether the checker failed `case` with every `expected` message; 1 if it did not."""
    caught = status == 1 and all(message in output for message in expected)
    print(f"{'caught' if caught else 'MISSED'}: {case}")
    if not caught:
        print(f"  exit {status}, expected {expected}:\n  " + output.strip().replace("\n", "\n  "))
    return 0 if caught else 1


if __name__ == "__main__":
    main()
