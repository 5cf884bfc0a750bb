#!/usr/bin/python3
"""Shows that the test command's runner (scripts/testing/runner.py) judges steps as it claims: a
step that exits 0 passes, 77 is skipped with the reason it printed, any other status fails with its
log shown, a step past its timeout is ended with everything it started, a step whose need failed
does not run, and after a failure of a tier that stops the run nothing more starts; side by side,
steps never exceed the budget, share an exclusive resource, or keep more than a core busy beside a
calm one; the closing lines count every step and list every skip, and with CI=true a skip fails the
run unless its reason is one CI cannot have; interrupted, it ends the steps running; and the plan of
tiers.py runs the quick tier before anything else.

    Tests/Scripts/test-test-runner.py

Prints "passed"/"FAILED" for each case and exits non-zero on a failure. Takes about 10 seconds.
"""
import os
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "testing"))

from runner import BUDGET, CALM_COMPANY, HEAVY_BUDGET, LIGHT, Runner, Step, Tier, summary  # noqa: E402


def sh(script):
    return ["sh", "-c", script]


def run(steps, stop_after_failure_of=()):
    """Runs `steps` (their tier "t" unless set) quietly; returns the outcomes by name and the log
    folder."""
    logs = tempfile.mkdtemp(prefix="runner-test-")
    for step in steps:
        step.tier = step.tier or "t"
    with open(os.devnull, "w") as quiet:
        saved, sys.stdout = sys.stdout, quiet
        try:
            outcomes = Runner(ROOT, steps, logs, stop_after_failure_of).execute()
        finally:
            sys.stdout = saved
    return {o.step.name: o for o in outcomes}, logs


def statuses_and_reasons():
    outcomes, _ = run([
        Step("fine", "exits 0", sh("echo hello"), timeout=10),
        Step("skip", "exits 77", sh("echo 'SKIP: no frobnicator here'; exit 77"), timeout=10),
        Step("broken", "exits 3", sh("echo 'it broke'; exit 3"), timeout=10),
        Step("after", "needs broken", sh("exit 0"), timeout=10, needs=("broken",)),
        Step("inner", "reports a skip inside", sh("exit 0"), timeout=10,
             inner_skips=lambda log: [("a test", "no display")]),
    ])
    assert outcomes["fine"].status == "passed", outcomes["fine"]
    assert (outcomes["skip"].status, outcomes["skip"].reason) == ("skipped", "no frobnicator here"), outcomes["skip"]
    assert (outcomes["broken"].status, outcomes["broken"].reason) == ("failed", "exit status 3"), outcomes["broken"]
    assert outcomes["after"].status == "not run" and "needs broken" in outcomes["after"].reason, outcomes["after"]
    assert outcomes["inner"].status == "passed" and outcomes["inner"].skips == [("a test", "no display")]
    with open(outcomes["broken"].log) as f:
        assert f.read() == "it broke\n", "the step's output is in its log"


def timeout_ends_the_whole_group():
    marker = tempfile.mktemp(prefix="runner-orphan-")
    started = time.monotonic()
    outcomes, _ = run([Step("slow", "sleeps past its timeout",
                            sh(f"(sleep 3; touch {marker}) & sleep 30"), timeout=1)])
    assert outcomes["slow"].status == "failed" and "still running after 1 s" in outcomes["slow"].reason
    assert time.monotonic() - started < 15, "the step was not ended on time"
    time.sleep(3)
    assert not os.path.exists(marker), "a process the step started outlived it"


def a_failed_tier_stops_the_run():
    outcomes, _ = run([Step("first", "fails", sh("exit 1"), timeout=10, tier="quick"),
                       Step("second", "would pass", sh("exit 0"), timeout=10, tier="quick", needs=("first",)),
                       Step("later", "would pass", sh("exit 0"), timeout=10, tier="other", needs=("second",))],
                      stop_after_failure_of=("quick",))
    assert outcomes["first"].status == "failed"
    assert outcomes["later"].status == "not run", outcomes["later"]


def side_by_side_within_the_rules():
    """No two steps overlap that the rules keep apart, by the runner's own record of when each ran:
    a time a step's shell wrote itself would start late on a loaded machine and show overlaps
    the runner never made."""
    def timed(name, seconds, **options):
        return Step(name, name, sh(f"sleep {seconds}"), timeout=30, **options)
    steps = [timed("build", 1.5, cores=2, exclusive=("swiftpm",)), timed("tests", 1, cores=1, exclusive=("swiftpm",)),
             timed("light-1", 1, cores=0.4), timed("light-2", 1, cores=0.4), timed("heavy", 1, cores=2),
             timed("single", 1, cores=1), timed("calm", 1, cores=0.4, calm=True)]
    outcomes, _ = run(steps)
    assert all(o.status == "passed" for o in outcomes.values()), outcomes
    span = {name: (o.started, o.started + o.seconds) for name, o in outcomes.items()}
    cores = {s.name: s.cores for s in steps}

    def overlap(a, b):
        return span[a][0] < span[b][1] and span[b][0] < span[a][1]
    assert not overlap("build", "tests"), "two steps of one exclusive resource ran together"
    assert not overlap("build", "heavy"), "two heavy steps ran together"
    assert not overlap("calm", "build") and not overlap("calm", "heavy"), "a heavy step ran beside a calm one"
    # The moments the company of the calm step changes: its start, and each start during it.
    for moment in [max(span[name][0], span["calm"][0]) for name in span if overlap(name, "calm")]:
        company = sum(cores[name] for name in span if name != "calm" and span[name][0] <= moment < span[name][1])
        assert company <= CALM_COMPANY + 1e-9, f"steps keeping {company} cores busy ran beside a calm one"
    assert overlap("build", "light-1") and overlap("build", "light-2"), "light steps did not run beside a build"
    for name in span:
        beside = [other for other in span if other != name and overlap(name, other) and span[other][0] <= span[name][0]]
        if cores[name] <= LIGHT:
            assert sum(cores[other] for other in beside) + cores[name] <= BUDGET + 1e-9, f"{name} started beyond the budget"
        else:
            heavy = sum(cores[other] for other in beside if cores[other] > LIGHT)
            assert heavy + cores[name] <= HEAVY_BUDGET + 1e-9, f"{name} started beside too many heavy steps"


def closing_lines_count_and_list():
    outcomes, _ = run([Step("fine", "passes", sh("exit 0"), timeout=10),
                       Step("skip", "skips", sh("echo 'SKIP: needs a frobnicator'; exit 77"), timeout=10),
                       Step("inner", "skips a test inside", sh("exit 0"), timeout=10,
                            inner_skips=lambda log: [("suite.test", "no display")])])
    tiers = [Tier("t", "", [])]
    saved = os.environ.get("CI")
    try:
        os.environ.pop("CI", None)
        lines, failed = summary(list(outcomes.values()), tiers, 1.0, [])
        assert not failed, lines
        assert "2 passed, 0 failed, 1 skipped" in lines, lines
        assert "- skip: needs a frobnicator" in lines and "- inner: suite.test: no display" in lines, lines
        os.environ["CI"] = "true"
        lines, failed = summary(list(outcomes.values()), tiers, 1.0, [])
        assert failed and any("not allowed with CI=true" in line for line in lines), lines
        lines, failed = summary(list(outcomes.values()), tiers, 1.0, ["frobnicator", "display"])
        assert not failed, lines
    finally:
        os.environ.pop("CI", None)
        if saved is not None:
            os.environ["CI"] = saved


def an_interrupted_run_ends_its_steps():
    """Ctrl-C or SIGTERM to the test command ends the steps running, which are in process groups
    of their own that a terminal's signal does not reach, and all they started."""
    for interruption in (signal.SIGINT, signal.SIGTERM):
        folder = tempfile.mkdtemp(prefix="runner-interrupted-")
        script = (f"import sys; sys.path.insert(0, {os.path.join(ROOT, 'scripts', 'testing')!r}); "
                  "from runner import Runner, Step; "
                  "Runner('/', [Step('long', 'long', ['sh', '-c', "
                  f"'sleep 60 & echo $! > {folder}/child; wait'], timeout=120, tier='t')], "
                  f"{folder!r}).execute()")
        # As a terminal's Ctrl-C finds it: a shell's background job (CI's) inherits SIGINT ignored.
        runner = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                  preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        child_file = os.path.join(folder, "child")
        deadline = time.monotonic() + 10
        while not (os.path.exists(child_file) and open(child_file).read().strip()):
            assert time.monotonic() < deadline, "the step never started"
            time.sleep(0.05)
        child = int(open(child_file).read())
        runner.send_signal(interruption)
        _, errors = runner.communicate(timeout=60)
        assert runner.returncode != 0 and b"KeyboardInterrupt" in errors, (runner.returncode, errors[-300:])
        if running(child):
            os.kill(child, signal.SIGKILL)
            raise AssertionError(f"a process of the step outlived the {interruption.name}")


def running(pid):
    """Whether `pid` runs: neither gone nor ended and waiting to be reaped."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def the_plan_puts_quick_first():
    """Every step of another tier, the build and the installation included, waits for the whole
    quick tier; a tier run alone brings its prerequisites, each once."""
    import tiers
    everything = tiers.plan([])
    quick = {step.name for step in everything if step.tier == "quick"}
    assert {"build", "swift-tests", "format"} <= quick, quick
    for step in everything:
        if step.tier != "quick":
            assert quick <= set(step.needs), f"{step.name} may start before the quick tier ends"
    names = [step.name for step in everything]
    assert len(names) == len(set(names)), "a step is planned twice"
    desktop = [step.name for step in tiers.plan(["desktop"])]
    assert desktop.count("build") == 1 and desktop.count("install") == 1, desktop
    assert desktop.index("install") < desktop.index("installed-demos"), desktop
    for step in tiers.plan(["desktop"]):
        assert "swift-tests" not in step.needs, f"{step.name} waits for a tier that was not asked for"


CASES = [statuses_and_reasons, timeout_ends_the_whole_group, a_failed_tier_stops_the_run,
         side_by_side_within_the_rules, closing_lines_count_and_list, an_interrupted_run_ends_its_steps,
         the_plan_puts_quick_first]

if __name__ == "__main__":
    failed = 0
    for case in CASES:
        try:
            case()
            print(f"passed: {case.__name__}")
        except Exception as error:
            failed += 1
            print(f"FAILED: {case.__name__}: {error!r}")
    sys.exit(1 if failed else 0)
