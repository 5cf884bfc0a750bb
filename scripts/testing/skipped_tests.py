"""What was skipped inside a step, read from the test runners' own reports, so that the test
command's closing list shows it: each as (what, why)."""
import json
import xml.etree.ElementTree as ElementTree


def from_swift_xunit(path):
    """The tests Swift Testing skipped (`.enabled(if:)`, `.disabled`; a skipped suite's tests each
    count), from the xunit report that `swift test --xunit-output` writes (PATH-swift-testing.xml):
    each `<testcase>` with a `<skipped>`, whose text is the trait's comment. Grouped by suite and
    reason, so that a suite skipped whole is one line."""
    groups = {}
    for case in ElementTree.parse(path).getroot().iter("testcase"):
        skip = case.find("skipped")
        if skip is not None:
            reason = (skip.text or "").strip() or "no reason given (the trait has no comment)"
            groups.setdefault((case.get("classname"), reason), []).append(case.get("name"))
    return [(f"{suite}.{names[0]}" if len(names) == 1 else f"{suite}: {len(names)} tests", reason)
            for (suite, reason), names in groups.items()]


def from_meson(path):
    """The tests `meson test` skipped (exit status 77), from its JSON log (one object a line): the
    reason is the last line of the test's output that starts with "SKIP:"."""
    skipped = []
    with open(path) as f:
        for line in f:
            result = json.loads(line)
            if result["result"] != "SKIP":
                continue
            output = (result.get("stdout") or "") + (result.get("stderr") or "")
            reasons = [text[len("SKIP:"):].strip() for text in output.splitlines() if text.startswith("SKIP:")]
            skipped.append((result["name"], reasons[-1] if reasons else "no reason given"))
    return skipped
