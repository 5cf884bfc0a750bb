#!/usr/bin/python3
"""libarmchair never crashes its host, however the host holds it: every case of issue 26, from C
(clients/lifetimes.c, built for GTK 3 and GTK 4 against the installed libraries) and from Python
(clients/lifetimes.py), each scenario a process of its own under valgrind. Run under a private X
server and D-Bus session (scripts/test.sh does):

    xvfb-run -a dbus-run-session -- /usr/bin/python3 Tests/Library/lifetimes_as_a_host.py \\
        .build/debug/armchair [--prefix PREFIX] [--only TEXT]

A scenario passes when the process says "ok SCENARIO", exits 0, valgrind reports no error (an
invalid read or write, a use of uninitialised memory, a bad free: `--error-exitcode`), and it
logged exactly the criticals and warnings it expects (the C program counts them with a log writer
function of its own; for Python this script counts them on standard error). The desktop's handler
for appstream: is the test's own (library.Installation), which records what it opens: an engine
without a toolkit opens the review page through GIO. valgrind.supp holds
what valgrind reports that is not Armchair's, each entry saying whose it is. GTK 4 draws with
cairo here (GSK_RENDERER=cairo): Mesa's software GL renderer is slow under valgrind and reports
uninitialised values of its own.

The scenarios run two at a time, one per core. Prints "N passed, N failed".
"""
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

from library import CLIENTS, WORK, Installation, command_line

options = command_line()
HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON = "/usr/bin/python3"

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
                                      "should_prompt: this engine cannot be used: it was made without a configuration"], "application-finalized-first": [],
                       "after-shutdown": [], "hold-prompt-returning-none": [], "disposed-binding": []}


def valgrind(command, name):
    """Runs `command` under valgrind on a fresh state folder; returns (exit status, output)."""
    log = os.path.join(WORK, name.replace(" ", "-") + ".valgrind")
    state = tempfile.mkdtemp(dir=WORK, prefix="state-")
    # --run-libc-freeres=no: glibc's clean-up at exit, which valgrind runs only to find leaks (not
    # checked here), reads stdio buffers another thread closed (GIO's, looking up a URI handler).
    full = ["valgrind", "-q", "--error-exitcode=99", "--run-libc-freeres=no", f"--log-file={log}",
            f"--suppressions={os.path.join(HERE, 'valgrind.supp')}", *command]
    result = INSTALLATION.run(full, XDG_STATE_HOME=state, GSK_RENDERER="cairo", timeout=300)
    with open(log) as f:
        report = f.read()
    return result.returncode, result.stdout + result.stderr + report


def scenario(name, command, expected_problems=None):
    def check():
        status, output = valgrind(command, name)
        scenario_name = command[-1] if expected_problems is None else command[-2]
        assert f"ok {scenario_name}" in output and status == 0, f"exit status {status}:\n{output}"
        if scenario_name == "engine-without-toolkit":
            with open(INSTALLATION.opened) as f:
                assert "appstream://org.example.Lifetimes" in f.read().split("\n"), "the handler opened nothing"
        if expected_problems is not None:
            problems = re.findall(r"-(?:CRITICAL|WARNING) \*\*: [0-9:.]+: (.*)", output)
            assert len(problems) == len(expected_problems) and all(
                any(text in problem for problem in problems) for text in expected_problems), problems
    check.__name__ = name
    return check


def main():
    global INSTALLATION
    INSTALLATION = Installation(options.prefix)
    source = os.path.join(CLIENTS, "lifetimes.c")
    programs = {"gtk3": INSTALLATION.build_c(source, "armchair-gtk3-1", "-Wextra"),
                "gtk4": INSTALLATION.build_c(source, "armchair-gtk4-1", "-Wextra", "-DLIFETIMES_GTK4")}
    python = os.path.join(CLIENTS, "lifetimes.py")
    scenarios = [scenario(f"C: {name}", [programs["gtk3"], name]) for name in C_WITHOUT_TOOLKIT]
    scenarios += [scenario(f"C, {toolkit}: {name}", [program, name])
                  for name in C_WITH_TOOLKIT for toolkit, program in programs.items()]
    scenarios += [scenario(f"Python: {name}", [PYTHON, python, name, "3.0"], expected)
                  for name, expected in PYTHON_WITHOUT_TOOLKIT.items()]
    scenarios += [scenario(f"Python, GTK {version[0]}: {name}", [PYTHON, python, name, version], expected)
                  for name, expected in PYTHON_WITH_TOOLKIT.items() for version in ("3.0", "4.0")]
    scenarios = [s for s in scenarios if options.only is None or options.only in s.__name__]

    failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
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
