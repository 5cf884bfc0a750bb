#!/usr/bin/env python3
"""Proves that the compiler checks the line between libarmchair's C and its Swift.

    scripts/check-entry-points.py [--build-dir .build]

C reaches Swift only through the tables of Sources/CArmchair/include/armchair-swift-private.h,
which Swift fills field by field (Sources/ArmchairCAPI/CoreEntryPoints.swift, each toolkit's
AttachEntryPoint.swift). This type-checks those Swift modules, with SwiftPM's own arguments for
them (read from the debug build's manifest, BUILD-DIR/debug.yaml, so run it after `swift build`),
against copies of the C headers: as they are, which must pass, and with one change each that
must fail naming the changed entry — a parameter of another type, a handle of another object, a
pointer that may now be NULL, an enum of another type, a field with no Swift function behind it,
and the toolkit table's application of another type. Each run takes seconds; they share one
Clang module cache.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
INCLUDE = ROOT / "Sources/CArmchair/include"
HEADER = "armchair-swift-private.h"

# (what changes, the header's text, its replacement, the module that must fail, a word the error names)
CHANGES = [
    ("a parameter of another type",
     "void (*engine_add_active_usage) (ArmchairSwiftEngine *engine, double seconds);",
     "void (*engine_add_active_usage) (ArmchairSwiftEngine *engine, int seconds);",
     "ArmchairCAPI", "engineAddActiveUsage"),
    ("a handle of another object",
     "void (*engine_reset) (ArmchairSwiftEngine *engine);",
     "void (*engine_reset) (ArmchairSwiftBinding *engine);",
     "ArmchairCAPI", "engineReset"),
    ("a pointer that may now be NULL",
     "void (*configuration_set) (ArmchairSwiftConfiguration *configuration, const char *name, const GValue *value);",
     "void (*configuration_set) (ArmchairSwiftConfiguration *configuration, const char *ARMCHAIR_NULLABLE name,\n"
     "                           const GValue *value);",
     "ArmchairCAPI", "configurationSet"),
    ("an enum of another type",
     "gboolean (*engine_show_prompt_with_flow) (ArmchairSwiftEngine *engine, ArmchairPromptFlow flow);",
     "gboolean (*engine_show_prompt_with_flow) (ArmchairSwiftEngine *engine, ArmchairAnswer flow);",
     "ArmchairCAPI", "engineShowPromptWithFlow"),
    ("a field with no Swift function",
     "  void (*engine_reset) (ArmchairSwiftEngine *engine);",
     "  void (*engine_reset) (ArmchairSwiftEngine *engine);\n  void (*engine_forget) (ArmchairSwiftEngine *engine);",
     "ArmchairCAPI", "engine_forget"),
    ("the toolkit's application of another type",
     "(*ARMCHAIR_NONNULL attach) (GApplication *application,",
     "(*ARMCHAIR_NONNULL attach) (GObject *application,",
     "ArmchairGtk3CAPI", "attachApplicationBinding"),
]
# Arguments of the build's command that make outputs, which a type-check does not: (flag, takes a value).
OUTPUT_FLAGS = {"-emit-dependencies": False, "-emit-module": False, "-emit-module-path": True,
                "-output-file-map": True, "-c": False, "-incremental": False, "-enable-batch-mode": False,
                "-serialize-diagnostics": False, "-index-store-path": True, "-parseable-output": False,
                "-emit-objc-header": False, "-emit-objc-header-path": True, "-module-cache-path": True,
                "-j2": False, "-enable-testing": False}


def module_command(manifest, module):
    """The arguments SwiftPM compiles `module` with, and its Swift sources, from the build manifest."""
    text = manifest.read_text()
    start = text.index(f'  "C.{module}-')
    args = json.loads(re.search(r"^    args: (\[.*\])$", text[start:], re.M).group(1))
    inputs = json.loads(re.search(r"^    inputs: (\[.*\])$", text[start:], re.M).group(1))
    return args, [i for i in inputs if i.endswith(".swift") and "/Sources/" in i]


def typecheck_command(args, sources, include, cache):
    """`args` made into a type-check of `sources` against the headers in `include`."""
    command, skip = [], False
    for arg in args:
        if skip:
            skip = False
            continue
        if arg in OUTPUT_FLAGS:
            skip = OUTPUT_FLAGS[arg]
            continue
        if arg.startswith("@") or arg.startswith("-j"):
            continue
        command.append(arg.replace(str(INCLUDE), str(include)))
    return command + ["-typecheck", "-module-cache-path", str(cache)] + sources


def run(name, module, commands, include, cache):
    args, sources = commands[module]
    result = subprocess.run(typecheck_command(args, sources, include, cache), capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build-dir", default=str(ROOT / ".build"))
    options = parser.parse_args()
    manifest = Path(options.build_dir) / "debug.yaml"
    if not manifest.exists():
        sys.exit(f"check-entry-points: no {manifest}: run `swift build --build-tests` first")
    commands = {module: module_command(manifest, module) for module in ("ArmchairCAPI", "ArmchairGtk3CAPI")}
    failures = []
    with tempfile.TemporaryDirectory() as folder:
        cache = Path(folder) / "module-cache"
        header_text = (INCLUDE / HEADER).read_text()
        cases = [("the headers as they are", None, None, None, None)] + CHANGES
        for number, (name, old, new, module, word) in enumerate(cases):
            include = Path(folder) / f"include-{number}"
            shutil.copytree(INCLUDE, include)
            if old is not None:
                if header_text.count(old) != 1:
                    failures.append(f"{name}: the header no longer has {old!r} once; update this check")
                    continue
                (include / HEADER).write_text(header_text.replace(old, new))
            for checked in ([module] if module else ["ArmchairCAPI", "ArmchairGtk3CAPI"]):
                status, output = run(name, checked, commands, include, cache)
                errors = [line for line in output.splitlines() if "error:" in line]
                if old is None and status != 0:
                    failures.append(f"{name}: {checked} does not type-check:\n" + "\n".join(errors[:10]))
                elif old is not None and status == 0:
                    failures.append(f"{name}: {checked} still type-checks: the compiler did not catch it")
                elif old is not None and not any(word in line for line in output.splitlines()):
                    failures.append(f"{name}: {checked} fails, but no error names {word}:\n" + "\n".join(errors[:10]))
                else:
                    print(f"ok  {name}: {checked} " + ("type-checks" if old is None else "fails to compile"))
    if failures:
        print("\n".join(f"FAILED  {failure}" for failure in failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
