#!/usr/bin/python3
"""libarmchair never crashes its host, however the host holds it: every case of issue 26, from C
(clients/lifetimes.c, built for GTK 3 and GTK 4) and from Python (clients/lifetimes.py), each
scenario a process of its own under valgrind. The scenarios of each host (C without a toolkit, C on
GTK 3…) are a test of `meson test --suite valgrind` (Tests/Library/meson.build builds the C
programs and runs each group in a private X server and D-Bus session, one scenario at a time); by
hand:

    scripts/x11/run.sh /usr/bin/python3 Tests/Library/lifetimes_as_a_host.py \\
        (--build-dir BUILD [--libraries FOLDER] | --prefix PREFIX) [--program-gtk3 P --program-gtk4 P] \\
        [--group NAME | --only TEXT] [--jobs N]

Without --program-gtk3 and --program-gtk4 the C programs are built here with pkg-config, as an
app's build would. valgrind 3.19 cannot read the debug information the Swift toolchain writes
(DWARF 5): a build folder's libraries need copies without it (--libraries); an installation's are
stripped. A scenario passes when the process says "ok SCENARIO", exits 0, valgrind reports no error
(an invalid read or write, a use of uninitialised memory, a bad free: `--error-exitcode`), and it
logged exactly the criticals and warnings it expects (the C program counts them with a log writer
function of its own; for Python this script counts them on standard error). The desktop's handler
for appstream: is the test's own (library.Library), which records what it opens: an engine without
a toolkit opens the review page through GIO. valgrind.supp holds what valgrind reports that is not
Armchair's, each entry saying whose it is. GTK 4 draws with cairo here (GSK_RENDERER=cairo): Mesa's
software GL renderer is slow under valgrind and reports uninitialised values of its own.

The scenarios run two at a time (one per core; --jobs says otherwise), those of one host in one
group (--group). Prints "N passed, N failed".
"""
import concurrent.futures
import os
import re
import sys
import tempfile

from library import CLIENTS, WORK, chosen, command_line, library_of

ARGUMENTS = command_line(("--program-gtk3", "clients/lifetimes.c built for GTK 3"),
                         ("--program-gtk4", "clients/lifetimes.c built for GTK 4, with -DLIFETIMES_GTK4"),
                         ("--jobs", "how many scenarios run at once (default 2: one per core)"),
                         ("--libraries", "a folder of copies of the shared libraries without their debug information, "
                          "which valgrind 3.19 cannot read (Tests/Library/meson.build makes them)"))
HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON = "/usr/bin/python3"
PYTHON_CLIENT = os.path.join(CLIENTS, "lifetimes.py")

# The C scenarios: those without a toolkit run once, those with an application in each toolkit.
C_WITHOUT_TOOLKIT = ["unref-on-loop-thread", "rate-then-unref-on-thread", "engine-without-toolkit", "nested-loop",
                     "drop-in-handlers", "logs-through-glib"]
C_WITH_TOOLKIT = ["half-alive-objects", "disposed-binding", "application-finalized-first", "after-shutdown",
                  "window-outlives-application", "hold-prompt-convention", "remote-instance",
                  "launches-through-open-and-command-line"] + [
    f"drop-order-{order}" for order in ("abe", "aeb", "bea", "bae", "eab", "eba", "ta")]
# The Python scenarios, with the criticals and warnings each expects: the engine made without a
# configuration logs a critical as it is made and one for its one call.
PYTHON_WITHOUT_TOOLKIT = {"loop-on-worker-thread": [], "rate-then-drop-on-thread": [], "engine-without-toolkit": [],
                          "handlers-return-nothing": [], "nested-loop": []}
PYTHON_WITH_TOOLKIT = {"half-alive": ["ArmchairEngine made without a configuration",
                                      "should_prompt: this engine cannot be used: it was made without a configuration"],
                       "application-finalized-first": [], "after-shutdown": [], "hold-prompt-returning-none": [],
                       "disposed-binding": []}


def c_program(toolkit):
    """clients/lifetimes.c for `toolkit`: the one --program-<toolkit> names, or built here."""
    given = getattr(ARGUMENTS, f"program_{toolkit}")
    if given:
        return given
    package, defines = ("armchair-gtk3-1", ()) if toolkit == "gtk3" else ("armchair-gtk4-1", ("-DLIFETIMES_GTK4",))
    return LIBRARY.build_c(os.path.join(CLIENTS, "lifetimes.c"), package, "-Wextra", *defines)


def valgrind(command, name):
    """Runs `command` under valgrind on a fresh state folder; returns (exit status, output)."""
    log = os.path.join(WORK, re.sub(r"[^\w-]", "-", name) + ".valgrind")
    state = tempfile.mkdtemp(dir=WORK, prefix="state-")
    # --run-libc-freeres=no: glibc's clean-up at exit, which valgrind runs only to find leaks (not
    # checked here), reads stdio buffers another thread closed (GIO's, looking up a URI handler).
    full = ["valgrind", "-q", "--error-exitcode=99", "--run-libc-freeres=no", f"--log-file={log}",
            f"--suppressions={os.path.join(HERE, 'valgrind.supp')}", *command]
    result = LIBRARY.run(full, XDG_STATE_HOME=state, GSK_RENDERER="cairo", timeout=300)
    with open(log) as f:
        report = f.read()
    return result.returncode, result.stdout + result.stderr + report


def scenario(name, command, scenario_name, expected_problems=None):
    """The scenario `name`: `command()` (a function, so that nothing is built to list the
    scenarios) runs the host's scenario `scenario_name`, which logs `expected_problems` (checked
    for Python hosts; the C host checks its own)."""
    def check():
        status, output = valgrind(command(), name)
        assert f"ok {scenario_name}" in output and status == 0, f"exit status {status}:\n{output}"
        if scenario_name == "engine-without-toolkit":
            with open(LIBRARY.opened) as f:
                assert "appstream://org.example.Lifetimes" in f.read().split("\n"), "the handler opened nothing"
        if expected_problems is not None:
            problems = re.findall(r"-(?:CRITICAL|WARNING) \*\*: [0-9:.]+: (.*)", output)
            assert len(problems) == len(expected_problems) and all(
                any(text in problem for problem in problems) for text in expected_problems), problems
    check.__name__ = name
    return check


def every_scenario():
    scenarios = [scenario(f"C: {name}", lambda name=name: [c_program("gtk3"), name], name)
                 for name in C_WITHOUT_TOOLKIT]
    scenarios += [scenario(f"C, {toolkit}: {name}", lambda name=name, toolkit=toolkit: [c_program(toolkit), name],
                           name)
                  for name in C_WITH_TOOLKIT for toolkit in ("gtk3", "gtk4")]
    scenarios += [scenario(f"Python: {name}", lambda name=name: [PYTHON, PYTHON_CLIENT, name, "3.0"], name, expected)
                  for name, expected in PYTHON_WITHOUT_TOOLKIT.items()]
    scenarios += [scenario(f"Python, GTK {version[0]}: {name}",
                           lambda name=name, version=version: [PYTHON, PYTHON_CLIENT, name, version], name, expected)
                  for name, expected in PYTHON_WITH_TOOLKIT.items() for version in ("3.0", "4.0")]
    return scenarios


def groups():
    """The scenarios by host ("C, gtk3", "Python, GTK 4"…), each group one test of Meson's: the
    scenarios of one group share a desktop session, whose services (the accessibility bus, the
    portals) start once, as on a desktop. The longest first, so that Meson starts them first."""
    by_host = {}
    for check in every_scenario():
        by_host.setdefault(check.__name__.split(":")[0], []).append(check)
    return dict(sorted(by_host.items(), key=lambda group: -len(group[1]) * (2 if "4" in group[0] else 1)))


GROUPS = groups()


def main():
    global LIBRARY
    scenarios = chosen(GROUPS, ARGUMENTS)
    LIBRARY = library_of(ARGUMENTS)
    if ARGUMENTS.libraries:
        LIBRARY.lib = os.path.abspath(ARGUMENTS.libraries)
    # Built once, before the scenarios run side by side.
    for toolkit in ("gtk3", "gtk4"):
        if any(f", {toolkit}:" in s.__name__ or (toolkit == "gtk3" and s.__name__.startswith("C: ")) for s in scenarios):
            c_program(toolkit)
    failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=int(ARGUMENTS.jobs or 2)) as pool:
        futures = {pool.submit(check): check.__name__ for check in scenarios}
        for future in concurrent.futures.as_completed(futures):
            try:
                future.result()
                print(f"passed: {futures[future]}", flush=True)
            except Exception as error:
                failed += 1
                print(f"FAILED: {futures[future]}: {error}", flush=True)
    print(f"{len(scenarios) - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
