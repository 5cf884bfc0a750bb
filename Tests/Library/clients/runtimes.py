#!/usr/bin/python3
"""Loads Armchair and the toolkit library NAMESPACE (ArmchairGtk3 or ArmchairGtk4) through GObject
Introspection and uses both, then makes an engine, which loads Armchair's engine module; prints as
JSON, before the engine and after, which loaded objects carry a Swift runtime (define swift_retain
under any name) and which export armchair_engine_get_type.

    runtimes.py GTK-VERSION NAMESPACE
"""
import json
import subprocess
import sys

import gi

gi.require_version("Gtk", sys.argv[1])
gi.require_version("Armchair", "1.0")
gi.require_version(sys.argv[2], "1.0")
from gi.repository import Armchair  # noqa: E402

toolkit = __import__("gi.repository." + sys.argv[2], fromlist=[sys.argv[2]])
# GI opens a library at its first call: call into both.
configuration = Armchair.Configuration.new("org.example.Notes", "1.0")
toolkit.Binding.__gtype__


def loaded():
    with open("/proc/self/maps") as maps:
        return sorted({line.split()[-1] for line in maps if ".so" in line.split()[-1]})


def defines(path, symbol):
    symbols = set()
    for flag in ("-D", "-a"):
        listing = subprocess.run(["nm", flag, "--defined-only", path], capture_output=True, text=True).stdout
        symbols |= {line.split()[-1].split("@")[0] for line in listing.splitlines() if line.strip()}
    return any(name == symbol or name.endswith("_" + symbol) for name in symbols)


def report():
    objects = loaded()
    return {
        "runtimes": [path for path in objects if defines(path, "swift_retain")],
        "engine_type": [path for path in objects if defines(path, "armchair_engine_get_type")],
    }


before = report()
engine = Armchair.Engine.new(configuration)
print(json.dumps({"before": before, "after": report()}))
