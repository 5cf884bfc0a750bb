"""Runs a test script's scenarios one after the other: prints "passed" or "FAILED" for each, ends
the processes each started (by their own handles, never by name: a name would also end a
person's own copy of the app, or a run beside this one), and counts the failures."""


def run_scenarios(scenarios, started):
    """Runs each scenario, prints "passed"/"FAILED" for it, ends the processes it added to
    `started` (by their own handles, never by name), and returns the number that failed."""
    failed = 0
    for scenario in scenarios:
        try:
            scenario()
            print(f"passed: {scenario.__name__}", flush=True)
        except Exception as error:
            failed += 1
            print(f"FAILED: {scenario.__name__}: {error}", flush=True)
        finally:
            for process in started:
                if process.poll() is None:
                    process.kill()
                    process.wait()
            started.clear()
    print(f"{len(scenarios) - failed} passed, {failed} failed")
    return failed
