#!/usr/bin/python3
"""What a package of libarmchair holds: the build folder installed into a temporary folder as a
distribution's package build stages it (`meson install --destdir --strip`), then checked. Each
group is a test of `meson test --suite unit` (Tests/Library/meson.build); by hand:

    /usr/bin/python3 Tests/Library/installation.py (--build-dir BUILD | --prefix PREFIX) [--group NAME]

- installation: the three libraries with SONAMEs and dev symlinks, stripped, headers, pkg-config
  files, GIRs, typelibs, VAPIs, catalogs and the settings folder; each header compiles with its
  pkg-config flags alone; no libswift, libcurl or libstdc++.so among what the libraries need; the
  runtime's argument grabber is not in the core; each toolkit library takes everything Swift from
  the core, bound to this release's private version node;
- exported functions: each library built exports exactly the functions of its headers and GIR
  (scripts/check-abi.py; a build without a toolkit library, too);
- headers: an app includes each library's one header, never another alone (each refuses, as
  GLib's and GTK's do), and sees the version meson.build declares in ARMCHAIR_CHECK_VERSION and
  the other macros of armchair-version.h, and the same from the library it runs with (a build
  without a toolkit library, too);
- the ABI checker: it catches each kind of difference (Tests/Scripts/test-check-abi.py, which needs
  all three libraries).

With --prefix, that installation is checked instead of a staged one. Prints "N passed, N failed".
"""
import functools
import json
import os
import re
import subprocess
import sys
import tempfile

from library import CLIENTS, LIBRARIES, MODULES, WORK, Library, chosen, command_line
from project import ROOT
from scenarios import run_scenarios

ARGUMENTS = command_line()
PYTHON = "/usr/bin/python3"


# Each library's one header, which includes the others: {header: pkg-config package}.
UMBRELLAS = {"armchair.h": "armchair-1", "armchair-gtk3.h": "armchair-gtk3-1", "armchair-gtk4.h": "armchair-gtk4-1"}


@functools.cache
def installation():
    """The installation to check: --prefix's, or the build folder staged (once per run)."""
    if ARGUMENTS.prefix:
        return Library.installed(ARGUMENTS.prefix)
    if not ARGUMENTS.build_dir:
        sys.exit("give --build-dir (a Meson build folder) or --prefix (an installation)")
    return Library.staged(ARGUMENTS.build_dir)


def installed_files_are_complete():
    library = installation()
    prefix = library.prefix
    expected = [f"{prefix}/include/armchair-1/{h}" for h in ("armchair.h", "armchair-gtk3.h", "armchair-gtk4.h")]
    for namespace, package in [("Armchair", "armchair-1"), ("ArmchairGtk3", "armchair-gtk3-1"),
                               ("ArmchairGtk4", "armchair-gtk4-1")]:
        expected += [f"{library.pkgconfig}/{package}.pc", f"{library.share}/gir-1.0/{namespace}-1.0.gir",
                     f"{library.typelibs}/{namespace}-1.0.typelib", f"{library.vapi}/{package}.vapi",
                     f"{library.vapi}/{package}.deps", f"{library.lib}/lib{package}.so"]
    expected += [f"{library.share}/locale/{language}/LC_MESSAGES/armchair.mo" for language in ("de", "ar")]
    expected += [os.path.join(library.lib, module) for module in MODULES]
    missing = [os.path.relpath(path, prefix) for path in expected if not os.path.exists(path)]
    assert not missing, f"not installed: {missing}"
    assert os.path.isdir(os.path.join(library.share, "armchair")), "no settings folder share/armchair"
    # Each library's header compiles with its pkg-config flags alone: every header it includes is
    # installed.
    for header, package in UMBRELLAS.items():
        result = compiled(f"#include <{header}>\n", package, "-fsyntax-only")
        assert result.returncode == 0, f"{header}: {result.stderr}"
    assert os.readlink(os.path.join(library.lib, "libarmchair-1.so")) == "libarmchair-1.so.0"
    for name in LIBRARIES + MODULES:
        path = os.path.join(library.lib, name)
        soname = subprocess.run(["readelf", "-d", path], capture_output=True, text=True, check=True).stdout
        assert f"Library soname: [{os.path.basename(name)}]" in soname, soname
        ldd = library.run(["ldd", path]).stdout
        assert "libswift" not in ldd and "not found" not in ldd, f"{name} needs:\n{ldd}"
        # libcurl (with TLS, LDAP and Kerberos) is opened only when something is sent, and the C++
        # runtime the Swift runtime needs is linked in: loading either costs every app's start-up.
        assert "libcurl" not in ldd, f"{name} loads libcurl at start-up:\n{ldd}"
        assert "libstdc++" not in soname, f"{name} needs libstdc++.so:\n{soname}"
        sections = subprocess.run(["readelf", "-S", path], capture_output=True, text=True, check=True).stdout
        assert ".symtab" not in sections, f"{name} is not stripped"
    # The Swift runtime's argument grabber, which reads all of /proc/self/maps as the library
    # loads, is replaced (Sources/CArmchair/swift-runtime/command-line.c): its path is not in the
    # engine module, which holds the runtime.
    with open(os.path.join(library.lib, MODULES[0]), "rb") as f:
        assert b"/proc/self/maps" not in f.read(), f"{MODULES[0]} reads /proc/self/maps as it loads"
    # The libraries an app links are C alone: no Swift symbol, defined or needed. Each toolkit
    # library needs the core and binds its private symbols to this release's version node, so that
    # a core of another release fails at load time instead of misbehaving (scripts/check-abi.py
    # checks the modules' nodes).
    for name in LIBRARIES:
        path = os.path.join(library.lib, name)
        symbols = subprocess.run(["readelf", "--dyn-syms", "-W", path], capture_output=True, text=True,
                                 check=True).stdout
        assert "swift" not in symbols, f"{name} has Swift in it"
    for name in LIBRARIES[1:]:
        path = os.path.join(library.lib, name)
        needed = subprocess.run(["readelf", "-d", path], capture_output=True, text=True, check=True).stdout
        assert "Shared library: [libarmchair-1.so.0]" in needed, needed
        versions = subprocess.run(["readelf", "-V", path], capture_output=True, text=True, check=True).stdout
        assert re.search(r"Name: ARMCHAIR_[0-9]+_[0-9]+_[0-9]+_PRIVATE", versions), versions


@functools.cache
def pkgconfig_folder():
    """Where pkg-config finds the installation's files. A staged copy's name the build's prefix:
    they are read here as if it had been installed where it is."""
    library = installation()
    relocated = tempfile.mkdtemp(dir=WORK, prefix="pkgconfig-")
    for name in os.listdir(library.pkgconfig):
        with open(os.path.join(library.pkgconfig, name)) as f:
            text = re.sub(r"^prefix=.*$", f"prefix={library.prefix}", f.read(), flags=re.M)
        with open(os.path.join(relocated, name), "w") as f:
            f.write(text)
    return relocated


def compiled(source, package, *options):
    """`source` (C) compiled by cc with every warning an error and `package`'s pkg-config flags,
    as an app's build would (with `options`, such as -fsyntax-only or -o PROGRAM)."""
    library = installation()
    wanted = ["--cflags"] if "-fsyntax-only" in options else ["--cflags", "--libs"]
    flags = library.run(["pkg-config", *wanted, package], PKG_CONFIG_PATH=pkgconfig_folder())
    assert flags.returncode == 0, flags.stderr
    assert os.path.join(library.prefix, "include") in flags.stdout, f"{package}: {flags.stdout}"
    return subprocess.run(["cc", "-Wall", "-Werror", "-x", "c", "-", *options, *flags.stdout.split()],
                          input=source, capture_output=True, text=True)


def project_version():
    """The version meson.build declares: the build folder's, or the source's with --prefix."""
    if ARGUMENTS.build_dir:
        info = subprocess.run(["meson", "introspect", "--projectinfo", ARGUMENTS.build_dir], capture_output=True,
                              text=True, check=True).stdout
        return json.loads(info)["version"]
    with open(os.path.join(ROOT, "meson.build")) as f:
        return re.search(r"^\s*version:\s*'([^']+)'", f.read(), re.M).group(1)


def headers_refuse_to_be_included_alone():
    """Each installed header but a library's one header fails to compile alone, naming the header
    to include; that one compiles alone (the core's, in a build without toolkit libraries, too)."""
    folder = os.path.join(installation().prefix, "include", "armchair-1")
    headers = sorted(name for name in os.listdir(folder) if name.endswith(".h"))
    assert "armchair.h" in headers and "armchair-version.h" in headers, f"installed headers: {headers}"
    for header in headers:
        toolkit_umbrella = (u for u in UMBRELLAS if u != "armchair.h" and header.startswith(u[:-2] + "-"))
        umbrella = header if header in UMBRELLAS else next(toolkit_umbrella, "armchair.h")
        result = compiled(f"#include <{header}>\n", UMBRELLAS[umbrella], "-fsyntax-only")
        if header in UMBRELLAS:
            assert result.returncode == 0, f"{header}: {result.stderr}"
        else:
            assert result.returncode != 0, f"{header} compiles when included alone"
            message = f"Only <{umbrella}> can be included directly."
            assert message in result.stderr, f"{header}: not {message!r}:\n{result.stderr}"


def version_is_meson_s():
    """An app compiled against the installed headers finds meson.build's version in
    ARMCHAIR_CHECK_VERSION (clients/version.c: true for it and older ones, false for newer ones),
    in ARMCHAIR_MAJOR_VERSION… and ARMCHAIR_VERSION_S, and the same from the library it runs with
    (armchair_get_major_version()…)."""
    version = project_version()
    major, minor, micro = version.split(".")
    program = os.path.join(WORK, "version")
    with open(os.path.join(CLIENTS, "version.c")) as f:
        result = compiled(f.read(), "armchair-1", f"-DEXPECTED_MAJOR={major}", f"-DEXPECTED_MINOR={minor}",
                          f"-DEXPECTED_MICRO={micro}", "-o", program)
    assert result.returncode == 0, f"clients/version.c for {version}:\n{result.stderr}"
    run = installation().run([program])
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == [version] * 3, f"meson.build says {version}; headers, VERSION_S, library: {run.stdout}"


def checked_by(checker, naming_folders=False):
    """A scenario: `checker` (a script's path in the project) passes on the installation, given
    its prefix and, if `naming_folders`, where its libraries, headers and GIRs are (a build's
    libdir may be lib/x86_64-linux-gnu)."""
    def check():
        library = installation()
        arguments = [library.prefix]
        if naming_folders:
            arguments += ["--libdir", library.lib, "--headers", os.path.join(library.prefix, "include", "armchair-1"),
                          "--gir-dir", os.path.join(library.share, "gir-1.0")]
        result = subprocess.run([PYTHON, os.path.join(ROOT, checker), *arguments], capture_output=True, text=True)
        print(result.stdout, end="")
        assert result.returncode == 0, f"{checker}:\n{result.stdout}{result.stderr}"
    check.__name__ = checker
    return check


GROUPS = {"installation": [installed_files_are_complete],
          "exported functions": [checked_by("scripts/check-abi.py", naming_folders=True)],
          "headers": [headers_refuse_to_be_included_alone, version_is_meson_s],
          "abi checker": [checked_by("Tests/Scripts/test-check-abi.py")]}

if __name__ == "__main__":
    sys.exit(1 if run_scenarios(chosen(GROUPS, ARGUMENTS), []) else 0)
