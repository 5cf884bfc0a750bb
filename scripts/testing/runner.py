"""How the test command runs its steps: each in a process group of its own, with a timeout, its
output in a log file; several side by side where the machine has room; and at the end one table
of every step's seconds, one line "N passed, N failed, N skipped", and what was skipped and why.

A step passes when its command exits 0 and fails on any other status but 77, which means
"skipped" (Automake's and Meson's convention): its reason is the last line of its output that
starts with "SKIP:". A step may also report tests that were skipped inside it (the Swift suites
that `.enabled(if:)` turned off, Meson's skipped tests): they are listed with the step's own skips.

Side by side: each step says how much of the machine it keeps busy (`cores`: about 2 for a
build, a fraction for a test that mostly waits for windows), and steps start in the order they are
declared, as soon as there is room: heavy steps (more than LIGHT) while the heavy ones running keep
at most HEAVY_BUDGET busy, whatever light steps run beside them (so that light steps never hold a
build back); light steps while all running steps stay within BUDGET. A `calm` step (one
that measures time, such as typing for 15 s and waiting for a prompt) runs only while the steps
beside it keep at most CALM_COMPANY busy, and no step starts beside it that would pass that; it
waits for a moment the heavy steps leave room, rather than holding them back: each time, the
other steps are started first. Steps that name the same `exclusive` resource (a SwiftPM
build folder, which SwiftPM locks) never run together. A step runs only after the steps it
`needs` passed; if one of them failed, it is reported as not run, a failure. Interrupted, the
runner ends every step running, and everything each started, before it exits.
"""
import dataclasses
import os
import re
import signal
import subprocess
import time

SKIPPED_STATUS = 77
# How many cores the heavy steps running may keep busy together: half a core more than the
# machine's, since a build keeps fewer busy on average than at its peak (here install.sh's release
# build 1.1 of 2, the Rust example's 1.4: linking and whole-module steps use one core).
HEAVY_BUDGET = float(os.cpu_count() or 2) + 0.5
# How much the running steps may keep busy together, light ones included: a little more than the
# machine, since a test that drives windows mostly waits.
BUDGET = HEAVY_BUDGET + 0.8
# A step that keeps at most this much of the machine busy is light: it starts beside heavy steps
# without taking from their budget.
LIGHT = 0.5
# What may run beside a calm step: a core's worth, so that it always has a core of its own.
CALM_COMPANY = 1.0
HEARTBEAT_SECONDS = 120


@dataclasses.dataclass
class Step:
    """One command of the test command, run from the project's folder."""

    name: str
    title: str
    command: list
    timeout: int
    cores: float = 1.0
    needs: tuple = ()
    calm: bool = False
    exclusive: tuple = ()
    env: dict = dataclasses.field(default_factory=dict)
    # Reads what the step skipped inside it, after it ran: a function of the step's log path that
    # returns [(what, why)].
    inner_skips: object = None
    tier: str = ""


@dataclasses.dataclass
class Tier:
    """A named set of steps that a contributor can run alone: `scripts/test.sh NAME`."""

    name: str
    checks: str
    steps: list


@dataclasses.dataclass
class Outcome:
    step: Step
    status: str  # passed, failed, skipped, not run
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    reason: str = ""
    skips: list = dataclasses.field(default_factory=list)
    started: float = 0.0
    log: str = ""


class Runner:
    """Runs `steps` (in their order, side by side where they fit) from `root`, logging each to
    `logs/<name>.log`."""

    def __init__(self, root, steps, logs, stop_after_failure_of=()):
        self.root = root
        self.steps = steps
        self.logs = logs
        self.stop_after_failure_of = set(stop_after_failure_of)
        self.outcomes = {}
        self.running = {}
        self.stopped = False
        os.makedirs(logs, exist_ok=True)

    # The schedule.

    def fits(self, step):
        """Whether `step` may start beside the steps running now."""
        running = [r["step"] for r in self.running.values()]
        if not running:
            return True
        if any(set(step.exclusive) & set(other.exclusive) for other in running):
            return False
        if step.cores > LIGHT:
            if sum(other.cores for other in running if other.cores > LIGHT) + step.cores > HEAVY_BUDGET:
                return False
        elif sum(other.cores for other in running) + step.cores > BUDGET:
            return False
        company = sum(other.cores for other in running if not other.calm) + (0 if step.calm else step.cores)
        if (step.calm or any(other.calm for other in running)) and company > CALM_COMPANY:
            return False
        return True

    def ready(self, step):
        """True if `step` can start now, False if it must wait, or an outcome if it cannot run."""
        for need in step.needs:
            outcome = self.outcomes.get(need)
            if outcome is None:
                return False
            if outcome.status != "passed":
                verb = "did not run" if outcome.status == "not run" else outcome.status
                return Outcome(step, "not run", reason=f"needs {need}, which {verb}")
        return self.fits(step)

    def execute(self):
        """Runs every step; returns the outcomes in the order of the steps. Interrupted (Ctrl-C,
        SIGTERM), it ends every step running, with all they started, then raises
        KeyboardInterrupt: their process groups are their own, so the terminal's signal does not
        reach them."""
        previous = signal.signal(signal.SIGTERM, raise_interrupt)
        try:
            return self.run_steps()
        except KeyboardInterrupt:
            print("\n   Interrupted: ending " + (", ".join(r["step"].name for r in self.running.values()) or "nothing"),
                  flush=True)
            for run in self.running.values():
                end_group(run["process"])
                run["process"].wait()
            raise
        finally:
            signal.signal(signal.SIGTERM, previous)

    def run_steps(self):
        pending = list(self.steps)
        last_heartbeat = time.monotonic()
        while pending or self.running:
            # Calm steps last: they take the room the others leave.
            for step in sorted(pending, key=lambda step: step.calm):
                if self.stopped:
                    self.outcomes[step.name] = Outcome(step, "not run", reason="the run stopped after a failure")
                    pending.remove(step)
                    continue
                verdict = self.ready(step)
                if isinstance(verdict, Outcome):
                    self.finish(verdict)
                    pending.remove(step)
                elif verdict:
                    self.start(step)
                    pending.remove(step)
            self.wait_for_one()
            if time.monotonic() - last_heartbeat >= HEARTBEAT_SECONDS and self.running:
                last_heartbeat = time.monotonic()
                now = time.monotonic()
                print("   … still running: " + ", ".join(
                    f"{r['step'].name} ({now - r['started']:.0f} s)" for r in self.running.values()), flush=True)
        return [self.outcomes[step.name] for step in self.steps]

    # One step.

    def start(self, step):
        log_path = os.path.join(self.logs, f"{step.name}.log")
        log = open(log_path, "w")
        env = dict(os.environ, **step.env)
        print(f"== [{step.tier}] {step.title}", flush=True)
        process = subprocess.Popen(step.command, cwd=self.root, env=env, stdout=log, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, start_new_session=True)
        self.running[process.pid] = {"step": step, "process": process, "log": log, "log_path": log_path,
                                     "started": time.monotonic()}

    def wait_for_one(self):
        """Waits up to a second for a running step to end, and ends those past their timeout."""
        deadline = time.monotonic() + 1
        while self.running and time.monotonic() < deadline:
            for pid, run in list(self.running.items()):
                elapsed = time.monotonic() - run["started"]
                if elapsed > run["step"].timeout and not run.get("ended"):
                    run["ended"] = True
                    end_group(run["process"])
                # wait4 also gives the CPU time of the step and of every process it waited for.
                ended, wait_status, usage = os.wait4(pid, os.WNOHANG)
                if ended:
                    del self.running[pid]
                    run["log"].close()
                    status = "timeout" if run.get("ended") else os.waitstatus_to_exitcode(wait_status)
                    run["process"].returncode = status
                    self.finish(self.judge(run, status, elapsed, usage.ru_utime + usage.ru_stime))
                    return
            time.sleep(0.1)
        if not self.running:
            time.sleep(0.05)

    def judge(self, run, status, seconds, cpu_seconds):
        step, log_path = run["step"], run["log_path"]
        outcome = Outcome(step, "passed", seconds=seconds, cpu_seconds=cpu_seconds, started=run["started"],
                          log=log_path)
        if status == "timeout":
            outcome.status, outcome.reason = "failed", f"still running after {step.timeout} s: ended"
        elif status == SKIPPED_STATUS:
            outcome.status, outcome.reason = "skipped", skip_reason(log_path)
        elif status != 0:
            outcome.status, outcome.reason = "failed", f"exit status {status}"
        if step.inner_skips is not None and outcome.status != "skipped":
            try:
                outcome.skips = step.inner_skips(log_path)
            except Exception as error:  # a report that cannot be read is a failure, not a pass
                outcome.status, outcome.reason = "failed", f"its report of skipped tests cannot be read: {error}"
        return outcome

    def finish(self, outcome):
        self.outcomes[outcome.step.name] = outcome
        step = outcome.step
        if outcome.status == "passed":
            extra = f", {len(outcome.skips)} skipped inside" if outcome.skips else ""
            print(f"   passed: {step.name} ({outcome.seconds:.0f} s{extra})", flush=True)
        elif outcome.status == "skipped":
            print(f"   SKIPPED: {step.name}: {outcome.reason}", flush=True)
        else:
            print(f"   FAILED: {step.name}: {outcome.reason}", flush=True)
            if outcome.log:
                print_tail(outcome.log)
            if step.tier in self.stop_after_failure_of and not self.stopped:
                self.stopped = True
                print(f"   The {step.tier} tier failed: nothing more is started.", flush=True)


def raise_interrupt(signal_number, frame):
    raise KeyboardInterrupt(signal.Signals(signal_number).name)


def end_group(process):
    """Ends everything `process` started (its process group): SIGTERM, then SIGKILL after ten
    seconds. The caller waits for `process` itself."""
    try:
        os.killpg(process.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if not group_alive(process.pid):
            return
        time.sleep(0.1)
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def group_alive(group):
    """Whether a process of the process group `group` still runs: an ended one that its parent
    has not waited for yet (the step's own, until the runner waits for it) does not count."""
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                # pid (comm) state ppid pgrp …: comm may hold spaces, so split after its ")".
                state, _, process_group = f.read().rsplit(")", 1)[1].split()[:3]
        except (OSError, IndexError):
            continue
        if int(process_group) == group and state != "Z":
            return True
    return False


def skip_reason(log_path):
    with open(log_path, errors="replace") as f:
        lines = [line.strip() for line in f if line.strip()]
    reasons = [line[len("SKIP:"):].strip() for line in lines if line.startswith("SKIP:")]
    return reasons[-1] if reasons else (lines[-1] if lines else "no reason given")


def print_tail(log_path, lines=150):
    with open(log_path, errors="replace") as f:
        text = f.read().splitlines()
    shown = text[-lines:]
    print(f"   --- the last {len(shown)} lines of {os.path.relpath(log_path)} ---")
    for line in shown:
        print(f"   | {line}")
    print("   ---", flush=True)


def summary(outcomes, tiers, wall_seconds, ci_may_skip):
    """The closing table, the counts and the skips, as lines of Markdown-ish text; and whether the
    run failed (with CI set, a skip whose reason matches none of `ci_may_skip` fails it)."""
    lines = ["| tier | step | seconds | cores used | result |", "|---|---|---:|---:|---|"]
    for outcome in outcomes:
        result = outcome.status if not outcome.reason else f"{outcome.status}: {outcome.reason}"
        if outcome.skips:
            result += f" ({len(outcome.skips)} skipped inside)"
        cores = f"{outcome.cpu_seconds / outcome.seconds:.1f}" if outcome.seconds >= 1 else ""
        lines.append(f"| {outcome.step.tier} | {outcome.step.name} | {outcome.seconds:.0f} | {cores} | {result} |")
    lines += ["", "Cores used: the CPU time of the processes a step waited for, over its seconds; what runs in "
              "a sandbox of its own PID namespace (Flatpak's) is not counted.",
              "", "| tier | wall seconds | step seconds |", "|---|---:|---:|"]
    for tier in tiers:
        mine = [o for o in outcomes if o.step.tier == tier.name and o.started]
        if not mine:
            continue
        wall = max(o.started + o.seconds for o in mine) - min(o.started for o in mine)
        lines.append(f"| {tier.name} | {wall:.0f} | {sum(o.seconds for o in mine):.0f} |")
    lines.append(f"| **all** | **{wall_seconds:.0f}** | {sum(o.seconds for o in outcomes):.0f} |")
    counts = {status: sum(1 for o in outcomes if o.status == status) for status in ("passed", "failed", "skipped")}
    failed = counts["failed"] + sum(1 for o in outcomes if o.status == "not run")
    lines += ["", f"{counts['passed']} passed, {failed} failed, {counts['skipped']} skipped"]
    skipped = [(o.step.name, o.reason) for o in outcomes if o.status == "skipped"]
    skipped += [(f"{o.step.name}: {what}", why) for o in outcomes for what, why in o.skips]
    ci = os.environ.get("CI") == "true"
    refused = []
    if skipped:
        lines.append("Skipped:")
        for what, why in skipped:
            allowed = any(re.search(pattern, why) for pattern in ci_may_skip)
            mark = ""
            if ci and not allowed:
                refused.append(what)
                mark = "  ← not allowed with CI=true"
            lines.append(f"- {what}: {why}{mark}")
    if refused:
        lines.append(f"CI=true: {len(refused)} skipped for a reason CI can fix; the run fails.")
    return lines, failed > 0 or bool(refused)
