#!/usr/bin/python3
"""What the one-line attach costs an app, measured (a benchmark, not a test): the same notes app in
C on GTK 3 and in Python on GTK 3 and GTK 4, with and without Armchair, in alternating pairs.

    scripts/x11/run.sh /usr/bin/python3 Tests/Library/benchmark.py PREFIX [PAIRS]

PREFIX is an installation of scripts/install.sh --prefix PREFIX. Each run starts the app on a
fresh state folder, outside debug mode (the rules say "not yet", so no prompt). Printed:

1. The first frame (from just before the process starts to the frame, on the monotonic clock):
   medians without and with, and the paired differences' mean with its 95% confidence interval
   (Student's t) and their Hodges-Lehmann estimate with its distribution-free one, in milliseconds
   and in per cent of the median without, over PAIRS pairs (default 100), each pair in the other
   order than the one before; the app quits at the frame (NOTES_FIRST_FRAME=1).
2. The instructions to the first frame of each app under callgrind, without and with: the C app's
   to its first_frame function (`--dump-before`), the Python apps' to their exit at the frame (about
   a minute each on GTK 4, whose llvmpipe renders on the CPU); they repeat exactly from run to run.
3. Runs that go on until Armchair's engine is loaded and has saved the launch (NOTES_READY=1;
   without Armchair, 0.3 s after the first frame): the peak RSS (medians, and the change), the
   change of the private dirty memory at that moment (what only swap could free), and the
   longest stall of the main loop after the first frame, as a 1 ms timer in the app sees it (median
   and largest), over PAIRS / 5 pairs.
4. The installed objects an app of each toolkit loads, stripped: the libraries it links and the
   engine modules libarmchair-1 loads for it.
"""
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

from library import CLIENTS, LIBRARIES, MODULES, WORK, Library

PYTHON = "/usr/bin/python3"


def run_once(installation, command, with_armchair, mode):
    """One launch of `command` in `mode` (NOTES_FIRST_FRAME or NOTES_READY): (seconds from the start
    to the first frame, or to ready, the longest stall in seconds, peak RSS in MiB)."""
    extra = {"XDG_STATE_HOME": tempfile.mkdtemp(dir=WORK, prefix="state-"), mode: "1"}
    if not with_armchair:
        extra["NOTES_WITHOUT_ARMCHAIR"] = "1"
    started = time.monotonic()
    process = subprocess.Popen(command, env=installation.environment(**extra), stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True, cwd=WORK)
    output = process.stdout.read()
    _, status, _ = os.wait4(process.pid, 0)
    figures = dict(line.split() for line in output.splitlines()
                   if re.match(r"(first-frame|ready|longest-gap|peak-rss|private-dirty) ", line))
    moment = figures.get("first-frame" if mode == "NOTES_FIRST_FRAME" else "ready")
    assert os.waitstatus_to_exitcode(status) == 0 and moment is not None, f"{command} failed: {output}"
    # The app's own peak RSS (VmHWM): the child's ru_maxrss also counts this process's memory,
    # which the child was forked from.
    return (float(moment) - started, float(figures.get("longest-gap", 0)), int(figures.get("peak-rss", 0)) / 1024,
            int(figures.get("private-dirty", 0)) / 1024)


def t_quantile(n):
    """The 97.5% quantile of Student's t with n - 1 degrees of freedom (Cornish-Fisher, within 0.1%
    of the table from 30 samples on)."""
    z, df = 1.959964, n - 1
    return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)


def hodges_lehmann(differences):
    """The Hodges-Lehmann estimate of the paired differences' centre (the median of their pairwise
    means) with its distribution-free 95% confidence interval (Wilcoxon's signed-rank test, normal
    approximation): unlike the mean's, one run slowed by another tenant of the machine moves it by
    one rank, not by its size."""
    n = len(differences)
    walsh = sorted((differences[i] + differences[j]) / 2 for i in range(n) for j in range(i, n))
    count = len(walsh)
    k = max(0, math.floor(count / 2 - 1.959964 * math.sqrt(n * (n + 1) * (2 * n + 1) / 24)))
    return statistics.median(walsh), walsh[k], walsh[count - k - 1]


def paired(installation, commands, runs, mode):
    """`runs` alternating pairs (after one warm-up pair), each pair in the other order than the one
    before, so that neither side always runs in the other's wake: the samples without and with."""
    for with_armchair in (False, True):
        run_once(installation, commands[with_armchair], with_armchair, mode)
    samples = {False: [], True: []}
    for number in range(runs):
        for with_armchair in ((False, True) if number % 2 == 0 else (True, False)):
            samples[with_armchair].append(run_once(installation, commands[with_armchair], with_armchair, mode))
    return samples


def first_frames(installation, clients, pairs):
    print(f"First frame, {pairs} alternating pairs: medians, and the paired difference with its 95% confidence "
          "interval, as a mean (Student's t) and as a Hodges-Lehmann estimate (signed ranks), which a few runs "
          "slowed by the machine's other work do not widen")
    print(f"{'client':<15} {'without':>9} {'with':>9}  {'estimate':>8}   {'difference (95% CI)':>34}   "
          f"{'in % of without':>26}")
    for name, commands in clients:
        samples = paired(installation, commands, pairs, "NOTES_FIRST_FRAME")
        without = statistics.median(s[0] for s in samples[False])
        with_ = statistics.median(s[0] for s in samples[True])
        differences = [w[0] - o[0] for o, w in zip(samples[False], samples[True])]
        mean = statistics.fmean(differences)
        half = t_quantile(len(differences)) * statistics.stdev(differences) / math.sqrt(len(differences))
        estimates = {"mean": (mean, mean - half, mean + half), "HL": hodges_lehmann(differences)}
        for label, (centre, low, high) in estimates.items():
            head = (f"{name:<15} {without * 1000:>6.1f} ms {with_ * 1000:>6.1f} ms" if label == "mean"
                    else " " * 35)
            print(f"{head}  {label:>8}   {centre * 1000:>+7.2f} ms [{low * 1000:>+6.2f}, {high * 1000:>+6.2f}] ms   "
                  f"{centre / without * 100:>+6.2f}% [{low / without * 100:>+6.2f}, {high / without * 100:>+6.2f}]%")


def callgrind_instructions(command, with_armchair):
    """The instructions `command` runs up to its first frame, under callgrind: a C program to its
    first_frame function; a Python one to its exit, which it makes at the frame (os._exit). Only
    the app's own process counts, not the children it forks before they exec."""
    folder = tempfile.mkdtemp(dir=WORK, prefix="callgrind-")
    # A fixed hash seed: Python's random one changes the instructions from run to run.
    environment = {"XDG_STATE_HOME": tempfile.mkdtemp(dir=WORK, prefix="state-"), "NOTES_FIRST_FRAME": "1",
                   "PYTHONHASHSEED": "0"}
    if not with_armchair:
        environment["NOTES_WITHOUT_ARMCHAIR"] = "1"
    python = command[0] == PYTHON
    process = subprocess.Popen(["valgrind", "--tool=callgrind", f"--callgrind-out-file={folder}/callgrind.out.%p",
                                *([] if python else ["--dump-before=first_frame"]), *command],
                               env=INSTALLATION.environment(**environment), stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True, cwd=WORK)
    errors = process.communicate()[1]
    assert process.returncode == 0, errors
    own = f"callgrind.out.{process.pid}"
    dumps = [own] if python else sorted(name for name in os.listdir(folder) if name.startswith(own + "."))
    assert dumps and os.path.exists(os.path.join(folder, dumps[0])), f"no dump of the first frame: {os.listdir(folder)}"
    with open(os.path.join(folder, dumps[0])) as f:
        # Line by line: read whole, a GTK 4 app's profile would grow this process, whose memory
        # the apps it starts then count.
        return next(int(line.split()[1]) for line in f if re.match(r"(?:summary|totals): \d+", line))


def instructions(clients):
    print("\nInstructions to the first frame (callgrind, which repeats them exactly from run to run)")
    for name, commands in clients:
        without, with_ = callgrind_instructions(commands[False], False), callgrind_instructions(commands[True], True)
        print(f"{name:<15} {without:>13,} without {with_:>13,} with  {with_ - without:>+11,} "
              f"({(with_ / without - 1) * 100:+.2f}%)")


def ready_runs(installation, clients, pairs):
    print(f"\nUntil the engine is loaded and has saved the launch (without Armchair: 0.3 s after the first "
          f"frame), {pairs} pairs: medians")
    print(f"{'client':<15} {'peak RSS without':>17} {'with':>9} {'change':>10}   {'private dirty change':>20}   "
          f"{'longest stall without':>22} {'with':>8} {'largest with':>13}")
    for name, commands in clients:
        samples = paired(installation, commands, pairs, "NOTES_READY")
        rss = [statistics.median(s[2] for s in samples[v]) for v in (False, True)]
        dirty = [statistics.median(s[3] for s in samples[v]) for v in (False, True)]
        stall = [statistics.median(s[1] for s in samples[v]) for v in (False, True)]
        largest = max(s[1] for s in samples[True])
        print(f"{name:<15} {rss[0]:>13.1f} MiB {rss[1]:>5.1f} MiB {rss[1] - rss[0]:>+6.1f} MiB   "
              f"{dirty[1] - dirty[0]:>+16.1f} MiB   "
              f"{stall[0] * 1000:>19.1f} ms {stall[1] * 1000:>5.1f} ms {largest * 1000:>10.1f} ms")
    print("(Private dirty: anonymous memory and written pages, which only swap could free; the rest of the "
          "RSS is clean pages of the libraries' files, which the kernel maps 64 KiB around each page touched "
          "and may drop at any time.)")


def sizes(installation):
    print("\nInstalled objects (stripped) an app loads:")
    size = {name: os.path.getsize(os.path.realpath(os.path.join(installation.lib, name)))
            for name in LIBRARIES + MODULES}
    for name, value in size.items():
        print(f"  {name}: {value / 1e6:.2f} MB")
    for toolkit in ("gtk3", "gtk4"):
        loaded = [n for n in size if "gtk" not in n or toolkit in n]
        print(f"  a {toolkit.upper()} app: {sum(size[n] for n in loaded) / 1e6:.2f} MB ({', '.join(loaded)})")


INSTALLATION = None


def main():
    global INSTALLATION
    INSTALLATION = installation = Library.installed(sys.argv[1])
    pairs = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    # Each client without and with Armchair. The Python ones leave it out when NOTES_WITHOUT_ARMCHAIR
    # is set; the C one is compiled without it, so that the baseline does not even load the library.
    c_source = os.path.join(CLIENTS, "notes-gtk3.c")
    c_without = installation.build_c(c_source, "armchair-gtk3-1", "-DNOTES_WITHOUT_ARMCHAIR", "-Wl,--as-needed")
    c_with = installation.build_c(c_source, "armchair-gtk3-1")
    clients = [
        ("C, GTK 3", [[c_without], [c_with]]),
        ("Python, GTK 3", [[PYTHON, os.path.join(CLIENTS, "notes-gtk3.py")]] * 2),
        ("Python, GTK 4", [[PYTHON, os.path.join(CLIENTS, "notes-gtk4.py")]] * 2),
    ]
    first_frames(installation, clients, pairs)
    instructions(clients)
    ready_runs(installation, clients, max(pairs // 5, 5))
    sizes(installation)


if __name__ == "__main__":
    main()
