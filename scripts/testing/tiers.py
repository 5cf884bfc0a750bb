#!/usr/bin/python3
"""The test command's tiers and their steps: what `scripts/test.sh [TIER…]` runs.

    scripts/test.sh                 # every tier, quick first
    scripts/test.sh quick           # one tier
    scripts/test.sh desktop fuzz    # several
    scripts/test.sh --list          # the tiers and their steps

Each tier stands alone: it builds or installs what it needs (the debug build, the installation
of scripts/install.sh), and tiers run together share them. The debug build is SwiftPM's .build;
the release build, Meson's build folder and the installation are in .build-test (kept between
runs, so a second run builds only what changed). Logs go to artifacts/logs/, and the closing table
to artifacts/test-times.md. runner.py says how steps run side by side.
"""
import argparse
import dataclasses
import os
import shlex
import sys
import time

from runner import Runner, Step, Tier, summary
import skipped_tests

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ARTIFACTS = "artifacts"
PYTHON = "/usr/bin/python3"
DEBUG = ".build/debug"
TOOL = f"{DEBUG}/armchair"
TEST_BUILD = ".build-test"
MESON = f"{TEST_BUILD}/meson"
CORE_ONLY = f"{TEST_BUILD}/meson-core-only"
PREFIX = f"{TEST_BUILD}/prefix"
# The Flatpak lab: the runtimes, the repositories and the installations of its user (kept between
# runs; rebuilt where the packages, the toolchain or scripts/flatpak/ changed).
FLATPAK_LAB = os.path.join(ROOT, TEST_BUILD, "flatpak-lab")
X11 = "scripts/x11/run.sh"
WAYLAND = "scripts/wayland/run.sh"
# Skips CI may have, as patterns of their reasons. None: CI runs as root on a machine with every
# package of scripts/debian-packages.txt, user namespaces and a display server of its own, so
# every reason a test gives for skipping is one CI can fix.
CI_MAY_SKIP = []


def shell(*commands):
    """Runs `commands` (argument lists) one after the other; the first that fails ends it."""
    return ["bash", "-euo", "pipefail", "-c", "\n".join(shlex.join(c) if isinstance(c, list) else c for c in commands)]


def meson_test(suite, processes, *options):
    """`meson test` of one suite of the C library's tests (Tests/Library/meson.build), in the
    build folder of the installation, with its own log (suites may run side by side)."""
    return ["meson", "test", "-C", MESON, "--no-rebuild", "--print-errorlogs", "--suite", suite,
            "--num-processes", str(processes), "--logbase", f"testlog-{suite}", *options]


def meson_skips(suite):
    return lambda log: skipped_tests.from_meson(os.path.join(ROOT, MESON, "meson-logs", f"testlog-{suite}.json"))


# What several tiers need, made once in a run by the first step that needs it.
BUILD = Step("build", "Build: SwiftPM's debug build with the tests", ["swift", "build", "--build-tests"],
             timeout=1200, cores=2, exclusive=("swiftpm-debug",))
INSTALL = Step("install", "scripts/install.sh --demos: the release build, libarmchair, the armchair tool with its "
               "GTK 4 preview, and the demos, installed into .build-test/prefix as a package would be",
               shell(["rm", "-rf", PREFIX],
                     ["scripts/install.sh", "--prefix", os.path.join(ROOT, PREFIX), "--scratch", TEST_BUILD, "--demos",
                      "-Dbackend-gtk3=enabled", "-Dbackend-gtk4=enabled", "-Dintrospection=enabled",
                      "-Dvapi=enabled", "-Dtests=enabled"]),
               timeout=1800, cores=1, exclusive=("swiftpm-release",))
PREREQUISITES = {step.name: step for step in (BUILD, INSTALL)}


def x11(*command, screen=None):
    return [X11, *(["--screen", screen] if screen else []), *command]


TIERS = [
    Tier("quick", "formatting, the settings generator, the C documentation's links, the build, the C/Swift entry "
         "points' check, the Swift suites (GTK ones in a private X server), the catalogs, the demo's desktop data", [
             Step("format", "Format (swift format lint)",
                  ["swift", "format", "lint", "--strict", "-r", "Sources", "Tests", "Plugins", "Package.swift"],
                  timeout=300, cores=1),
             Step("settings", "The settings' code, properties and reference are what settings/settings.toml declares",
                  shell([PYTHON, "scripts/generate-settings.py", "--check"],
                        [PYTHON, "Tests/Scripts/test-generate-settings.py"]), timeout=300, cores=1),
             Step("meson-options", "The C library's feature options: auto leaves out what the system lacks, enabled "
                  "fails naming it, and the test command enables every one",
                  [PYTHON, "Tests/Scripts/test-meson-options.py"], timeout=120, cores=0.5),
             Step("doc-links", "The C library's documentation and guide link the gi-docgen way, not gtk-doc's "
                  "(and the checker catches gtk-doc's links)",
                  shell([PYTHON, "Tests/Scripts/test-check-doc-links.py"], [PYTHON, "scripts/check-doc-links.py"]),
                  timeout=60, cores=0.2),
             Step("runner", "The test command's runner judges, times and schedules steps as it claims",
                  [PYTHON, "Tests/Scripts/test-test-runner.py"], timeout=120, cores=0.2),
             Step("catalogs", "Translation catalogs (and that their checker catches spoiled ones)",
                  shell([PYTHON, "Tests/Scripts/test-check-catalogs.py"], [PYTHON, "scripts/check-catalogs.py"]),
                  timeout=300, cores=1),
             Step("desktop-data", "The demo's desktop entry and AppStream metadata, translated and validated",
                  shell('data=$(mktemp -d); trap \'rm -rf "$data"\' EXIT',
                        'scripts/build-data.sh "$data"',
                        'desktop-file-validate "$data/io.github.armchairlinux.Demo.desktop"',
                        'appstreamcli validate --no-net "$data/io.github.armchairlinux.Demo.metainfo.xml"',
                        'grep -q "^Name\\[de\\]=" "$data/io.github.armchairlinux.Demo.desktop"',
                        'grep -q \'<summary xml:lang="ja">\' "$data/io.github.armchairlinux.Demo.metainfo.xml"'),
                  timeout=120, cores=0.5),
             Step("entry-points", "The compiler checks the line between the C library and its Swift: each change "
                  "of an entry point's C type fails the Swift build", [PYTHON, "scripts/check-entry-points.py"],
                  timeout=300, cores=1, needs=("build",)),
             Step("swift-tests", "The Swift suites, GTK ones in a private X server with a session bus (screenshots: "
                  "artifacts/screenshots)",
                  x11("swift", "test", "--skip-build", "--xunit-output", f"{ARTIFACTS}/swift-tests.xml"),
                  timeout=1500, cores=2, needs=("build",), exclusive=("swiftpm-debug",),
                  env={"ARMCHAIR_SCREENSHOTS": os.path.join(ROOT, ARTIFACTS, "screenshots"), "MALLOC_PERTURB_": "165"},
                  inner_skips=lambda log: skipped_tests.from_swift_xunit(
                      os.path.join(ROOT, ARTIFACTS, "swift-tests-swift-testing.xml"))),
         ]),
    Tier("library", "libarmchair: the release build installed, the exported functions and GIR documentation, "
         "the Swift it links, the core alone; apps in C, Python, GJS, Vala and Rust against it; every way a host "
         "holds it, under valgrind; the guide's examples; the reference", [
             Step("library-unit", "meson test --suite unit: the installation, its exported functions, GIRs and the "
                  "Swift modules it links", meson_test("unit", 2), timeout=600, cores=1, needs=("install",),
                  inner_skips=meson_skips("unit")),
             Step("core-only", "The core library alone, as a packager without GTK builds it: its meson test --suite "
                  "unit, on the same SwiftPM build", shell(
                      f'options="--buildtype=release -Dswiftpm_scratch={ROOT}/{TEST_BUILD} -Dbackend-gtk3=disabled '
                      f'-Dbackend-gtk4=disabled -Dintrospection=enabled -Dvapi=enabled -Dtests=enabled"',
                      f"if [ -f {CORE_ONLY}/build.ninja ]; then meson setup --reconfigure {CORE_ONLY} $options >/dev/null;"
                      f" else meson setup {CORE_ONLY} $options >/dev/null; fi",
                      ["meson", "compile", "-C", CORE_ONLY],
                      ["meson", "test", "-C", CORE_ONLY, "--no-rebuild", "--print-errorlogs", "--suite", "unit"]),
                  timeout=600, cores=1, needs=("install",), exclusive=("swiftpm-release",)),
             Step("library-valgrind", "meson test --suite valgrind: each way a C or Python host holds the objects, "
                  "under valgrind", meson_test("valgrind", 2), timeout=1800, cores=2, needs=("install", "build"),
                  env={"ARMCHAIR_TOOL": os.path.join(ROOT, TOOL)}, inner_skips=meson_skips("valgrind")),
             Step("library-display", "meson test --suite display: apps in C, Python (GTK 3 and 4), GJS and Vala used "
                  "as a person would (AT-SPI)", meson_test("display", 3), timeout=1200, cores=0.5,
                  needs=("install", "build"), env={"ARMCHAIR_TOOL": os.path.join(ROOT, TOOL)},
                  inner_skips=meson_skips("display")),
             Step("library-slow", "meson test --suite slow: the guide's example apps and the Rust example, built "
                  "as the guide says and used by a regular user", meson_test("slow", 2), timeout=1800, cores=1.5,
                  needs=("install", "build"), env={"ARMCHAIR_TOOL": os.path.join(ROOT, TOOL)},
                  inner_skips=meson_skips("slow")),
             Step("reference", "The reference and the guide, from the GIRs (gi-docgen, warnings fatal; links checked; "
                  "artifacts/reference)",
                  ["scripts/build-reference.sh", f"{ARTIFACTS}/reference",
                   *[f"{MESON}/{namespace}-1.0.gir" for namespace in ("Armchair", "ArmchairGtk3", "ArmchairGtk4")]],
                  timeout=600, cores=1, needs=("install",)),
         ]),
    Tier("desktop", "the demos and previews used through AT-SPI as a person would, on X11 and on Wayland "
         "(GNOME's mutter): the debug builds, then the installed ones, and the natural breaks with real keys", [
             Step("demo-gtk3", "The GTK 3 demo, used as a person would (AT-SPI)",
                  x11(PYTHON, "Tests/EndToEnd/demo_as_a_user.py", f"{DEBUG}/armchair-demo"),
                  timeout=600, cores=0.4, needs=("build",)),
             Step("demo-gtk4", "The GTK 4 demo: libadwaita's dialogs and forms, answers on disk (AT-SPI)",
                  x11(PYTHON, "Tests/EndToEnd/demo_gtk4_as_a_user.py", f"{DEBUG}/armchair-demo-gtk4"),
                  timeout=300, cores=0.4, needs=("build",)),
             Step("gtk4-forms", "The GTK 4 feedback and review forms: checks, refusals, closing (AT-SPI; screenshots: "
                  "artifacts/gtk4-forms)", x11(PYTHON, "Tests/EndToEnd/gtk4_forms_as_a_user.py", TOOL),
                  timeout=300, cores=0.4, needs=("build",),
                  env={"ARMCHAIR_SCREENSHOTS": os.path.join(ROOT, ARTIFACTS, "gtk4-forms")}),
             Step("gtk4-screenshots", "The GTK 4 demo light, dark, 360 px wide and in Arabic, measured (screenshots: "
                  "artifacts/gtk4)", x11(PYTHON, "Tests/EndToEnd/gtk4_screenshots.py", f"{DEBUG}/armchair-demo-gtk4",
                                         os.path.join(ROOT, ARTIFACTS, "gtk4")),
                  timeout=300, cores=0.4, needs=("build",)),
             Step("previews-x11", "armchair preview: the requested dialog in the requested language, GTK 3 and 4 "
                  "(AT-SPI)", shell(x11(PYTHON, "Tests/EndToEnd/preview_dialogs.py", TOOL),
                                    x11(PYTHON, "Tests/EndToEnd/preview_dialogs.py", TOOL, "--toolkit", "gtk4")),
                  timeout=600, cores=0.4, needs=("build",)),
             Step("installed-demos", "The demos installed as a package installs them: bin/ and share/, nothing from "
                  "a build folder (AT-SPI); the installed tool's GTK 4 preview found beside it",
                  x11(PYTHON, "Tests/EndToEnd/installed_app.py", "--prefix", PREFIX),
                  timeout=900, cores=0.4, needs=("install",)),
             Step("wayland", "On Wayland under GNOME's compositor: the installed demos prompt a regular user by "
                  "themselves; the preview in both toolkits (AT-SPI)",
                  shell([WAYLAND, PYTHON, "Tests/EndToEnd/wayland_as_a_user.py", "--prefix", PREFIX],
                        [WAYLAND, PYTHON, "Tests/EndToEnd/preview_dialogs.py", TOOL],
                        [WAYLAND, PYTHON, "Tests/EndToEnd/preview_dialogs.py", TOOL, "--toolkit", "gtk4"]),
                  timeout=900, cores=0.5, needs=("install", "build")),
             Step("natural-breaks-x11", "The installed demos ask only at a natural break: never while someone types "
                  "(real keys: xdotool, XTest), GTK 3 and 4",
                  x11(PYTHON, "Tests/EndToEnd/natural_break_as_a_user.py", "--prefix", PREFIX),
                  timeout=300, cores=0.4, calm=True, needs=("install",)),
             Step("natural-breaks-wayland", "On Wayland: never while someone types, never over a fullscreen window "
                  "(mutter's virtual keyboard), GTK 3 and 4",
                  [WAYLAND, PYTHON, "Tests/EndToEnd/natural_break_as_a_user.py", "--prefix", PREFIX],
                  timeout=300, cores=0.4, calm=True, needs=("install",)),
         ]),
    Tier("sandbox", "the guide's Flatpak manifest built offline by flatpak-builder; its app, and Shipping Your App's "
         "Swift app, in real flatpak run sandboxes (AT-SPI, portals)", [
             Step("flatpak-build", "Flatpak: the runtimes made offline from Debian's packages; the guide's manifest "
                  "and Shipping Your App's built by flatpak-builder",
                  x11(PYTHON, "Tests/Flatpak/flatpak_as_a_user.py", TOOL, "--build-only"),
                  timeout=1500, cores=1.5, needs=("build",), env={"ARMCHAIR_FLATPAK_LAB": FLATPAK_LAB}),
             Step("flatpak", "Flatpak: both apps in flatpak run sandboxes, used by a regular user (AT-SPI, portals)",
                  x11(PYTHON, "Tests/Flatpak/flatpak_as_a_user.py", TOOL, "--prebuilt"),
                  timeout=900, cores=0.4, needs=("build", "flatpak-build"), env={"ARMCHAIR_FLATPAK_LAB": FLATPAK_LAB}),
         ]),
    Tier("languages", "every dialog in every language, GTK 3 and GTK 4: texts against the catalogs, button order, "
         "width (sheets: artifacts/*-languages.png)", [
             Step(f"languages-{toolkit}", f"Every dialog in every language, {title}, none wider than 600 px",
                  x11(PYTHON, "Tests/EndToEnd/dialogs_in_every_language.py", TOOL, ARTIFACTS, "--toolkit", toolkit),
                  timeout=900, cores=0.5, needs=("build",))
             for toolkit, title in (("gtk3", "GTK 3"), ("gtk4", "GTK 4 + libadwaita"))
         ]),
    Tier("docs", "the DocC catalogs without a warning, and the README's and the Policies article's population "
         "tables against a fresh run (a release build: the installation's)", [
             Step("docc", "Documentation (DocC, no warnings)", ["scripts/check-docs.sh", f"{ARTIFACTS}/docs"],
                  timeout=900, cores=1, exclusive=("swiftpm-debug",)),
             Step("population", "The README's and the Policies article's population tables, against a fresh run "
                  "(release build: the installation's)", ["scripts/population-tables.sh", "--check", "--scratch", TEST_BUILD],
                  timeout=900, cores=1, needs=("install",), exclusive=("swiftpm-release",)),
         ]),
    Tier("fuzz", "the readers of the state file, the feedback outbox and the settings file under libFuzzer (30 s); "
         "the C library's quick checks against its Swift on generated cases (30 s)", [
        Step("fuzz", "Fuzzing the state-file, outbox and settings readers (libFuzzer, 30 s)", ["scripts/fuzz.sh", "30"],
             timeout=900, cores=1, exclusive=("swiftpm-fuzz",)),
        Step("quick-checks-fuzz", "meson test --suite fuzz: the quick checks of the settings file, the configuration "
             "and the AppStream metadata against the Swift they stand in for, on cases generated for 30 s from a "
             "fresh seed", meson_test("fuzz", 1), timeout=300, cores=1, needs=("install",),
             inner_skips=meson_skips("fuzz")),
    ]),
]


def plan(names):
    """The steps of the tiers `names` (all, if none), in the order of TIERS, each prerequisite
    placed before the first step that needs it and counted in that step's tier; with the quick
    tier, every other step (prerequisites too) waits for all of its steps."""
    unknown = [name for name in names if name not in {tier.name for tier in TIERS}]
    if unknown:
        sys.exit(f"scripts/test.sh: no tier {', '.join(unknown)}; tiers: {', '.join(t.name for t in TIERS)}")
    steps, placed, quick = [], set(), ()
    for tier in TIERS:
        if names and tier.name not in names:
            continue
        for step in tier.steps:
            for need in step.needs:
                if need not in placed and need in PREREQUISITES:
                    prerequisite = PREREQUISITES[need]
                    steps.append(dataclasses.replace(prerequisite, tier=tier.name, needs=prerequisite.needs + quick))
                    placed.add(need)
            # The quick tier first, alone: a broken change fails in minutes, and nothing slows it.
            steps.append(dataclasses.replace(step, tier=tier.name, needs=step.needs + quick))
            placed.add(step.name)
        if tier.name == "quick":
            quick = tuple(step.name for step in steps)
    return steps


def listing():
    for tier in TIERS:
        print(f"{tier.name}: {tier.checks}")
        for step in tier.steps:
            needs = f" (needs {', '.join(step.needs)})" if step.needs else ""
            print(f"  {step.name}{needs}: {step.title}")


def main():
    options = argparse.ArgumentParser(prog="scripts/test.sh", description="Runs the tests of Armchair for Linux.")
    options.add_argument("tiers", nargs="*", metavar="TIER", help="the tiers to run (default: all)")
    options.add_argument("--list", action="store_true", help="list the tiers and their steps")
    options = options.parse_args()
    if options.list:
        listing()
        return 0
    os.chdir(ROOT)
    steps = plan(options.tiers)
    started = time.monotonic()
    try:
        outcomes = Runner(ROOT, steps, os.path.join(ROOT, ARTIFACTS, "logs"), stop_after_failure_of=("quick",)).execute()
    except KeyboardInterrupt:
        print("scripts/test.sh: interrupted; every step it started has ended.", file=sys.stderr)
        return 130
    wall = time.monotonic() - started
    tiers = [tier for tier in TIERS if not options.tiers or tier.name in options.tiers]
    lines, failed = summary(outcomes, tiers, wall, CI_MAY_SKIP)
    print("\n" + "\n".join(lines))
    with open(os.path.join(ROOT, ARTIFACTS, "test-times.md"), "w") as f:
        f.write(f"# scripts/test.sh {' '.join(options.tiers) or '(every tier)'}\n\n" + "\n".join(lines) + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
