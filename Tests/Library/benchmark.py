#!/usr/bin/python3
"""The cost of the one-line attach, measured (a benchmark, not a test): the same notes app in
Python on GTK 3 and GTK 4 and in C on GTK 3, with and without Armchair, in alternating pairs.

    scripts/x11/run.sh /usr/bin/python3 Tests/Library/benchmark.py PREFIX [PAIRS]

PREFIX is an installation of scripts/install.sh --prefix PREFIX. Each run starts the app on a
fresh state folder, outside debug mode (the rules say "not yet", so no prompt), and the app quits
once its first frame is drawn (NOTES_FIRST_FRAME=1). Reported, as medians over PAIRS
pairs (default 15): start-up to first frame (from just before the process starts to the frame, on the
monotonic clock) and peak RSS; then the installed sizes of the libraries.
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

from library import CLIENTS, LIBRARIES, WORK, Library

PYTHON = "/usr/bin/python3"


def run_once(installation, commands, with_armchair):
    """One launch of `commands[with_armchair]`: (seconds to the first frame, peak RSS in MiB)."""
    command = commands[with_armchair]
    extra = {"XDG_STATE_HOME": tempfile.mkdtemp(dir=WORK, prefix="state-"), "NOTES_FIRST_FRAME": "1"}
    if not with_armchair:
        extra["NOTES_WITHOUT_ARMCHAIR"] = "1"
    started = time.monotonic()
    process = subprocess.Popen(command, env=installation.environment(**extra), stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True, cwd=WORK)
    output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    frame = next((float(line.split()[1]) for line in output.splitlines() if line.startswith("first-frame ")), None)
    assert process.returncode == 0 and frame is not None, f"{command} failed: {output}"
    return frame - started, usage.ru_maxrss / 1024


def main():
    installation = Library.installed(sys.argv[1])
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 15
    # Each client without and with Armchair. The Python ones leave it out when NOTES_WITHOUT_ARMCHAIR
    # is set; the C one is compiled without it, so that the baseline does not even load the library.
    c_source = os.path.join(CLIENTS, "notes-gtk3.c")
    clients = [
        ("Python, GTK 3", [[PYTHON, os.path.join(CLIENTS, "notes-gtk3.py")]] * 2),
        ("Python, GTK 4", [[PYTHON, os.path.join(CLIENTS, "notes-gtk4.py")]] * 2),
        ("C, GTK 3", [[installation.build_c(c_source, "armchair-gtk3-1", "-DNOTES_WITHOUT_ARMCHAIR",
                                            "-Wl,--as-needed")],
                      [installation.build_c(c_source, "armchair-gtk3-1")]]),
    ]
    print(f"{'client':<15} {'first frame without':>20} {'with':>8} {'change':>8}   "
          f"{'peak RSS without':>17} {'with':>9} {'change':>10}")
    for name, commands in clients:
        for with_armchair in (False, True):  # warm the page cache
            run_once(installation, commands, with_armchair)
        samples = {False: [], True: []}
        for _ in range(runs):
            for with_armchair in (False, True):
                samples[with_armchair].append(run_once(installation, commands, with_armchair))
        time_without, time_with = (statistics.median(s[0] for s in samples[v]) for v in (False, True))
        rss_without, rss_with = (statistics.median(s[1] for s in samples[v]) for v in (False, True))
        print(f"{name:<15} {time_without * 1000:>17.0f} ms {time_with * 1000:>5.0f} ms "
              f"{(time_with / time_without - 1) * 100:>+7.1f}%   {rss_without:>13.1f} MiB {rss_with:>5.1f} MiB "
              f"{rss_with - rss_without:>+6.1f} MiB")
    for library in LIBRARIES:
        size = os.path.getsize(os.path.realpath(os.path.join(installation.lib, library)))
        print(f"{library}: {size / 1e6:.2f} MB ({size / 2**20:.2f} MiB), stripped")


if __name__ == "__main__":
    main()
