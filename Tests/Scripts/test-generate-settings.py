#!/usr/bin/env python3
"""Checks scripts/generate-settings.py on a copy of the project: its --check passes on the files as
committed, fails naming each file that one changed declaration makes stale, and writing them makes
the change reach the Swift default, the C property and the reference."""

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
generator = __import__("generate-settings")


def run(root, *arguments):
    return subprocess.run(
        [sys.executable, str(root / "scripts/generate-settings.py"), *arguments], capture_output=True, text=True
    )


def check_links():
    """C texts link with gi-docgen's syntax, which the C checks and gi-docgen want, and a marker's
    C text may end with such a link without leaving a `]` behind in either language."""
    with (ROOT / "settings/settings.toml").open("rb") as source:
        declaration = generator.Declaration(generator.tomllib.load(source))
    text = "Needs [[sym:RatingEngine/appWillQuit()|[method@Armchair.Engine.app_will_quit]]] after [[p:app-id]]."
    assert generator.render(text, "c", declaration) == (
        "Needs [method@Armchair.Engine.app_will_quit] after [property@Armchair.Configuration:app-id]."
    ), generator.render(text, "c", declaration)
    assert generator.render(text, "swift", declaration) == "Needs ``RatingEngine/appWillQuit()`` after ``appID``.", (
        generator.render(text, "swift", declaration)
    )
    text = "[[t:rate-button]][[c: See [method@Armchair.Configuration.set_text]]]."
    assert generator.render(text, "c", declaration) == (
        "[property@Armchair.Configuration:text-rate-button] See [method@Armchair.Configuration.set_text]."
    ), generator.render(text, "c", declaration)


def check_property_names():
    """Each name Swift gives a setting in a problem or an explanation leads to its property: a
    binding setting by its path from `Configuration` and by its name in `PromptScheduler.Settings`,
    the grace days by the name the range check gives them."""
    with (ROOT / "settings/settings.toml").open("rb") as source:
        declaration = generator.Declaration(generator.tomllib.load(source))
    names = generator.generate_names(declaration)
    ranges = generator.generate_ranges(declaration)
    for case in ['case "daysUntilPrompt": "days-until-prompt"',
                 'case "scheduling.quietTime", "quietTime": "quiet-time"',
                 'case "updatePolicy graceDays": "update-grace-days"']:
        assert case in names, f"{case} not in:\n{names}"
    assert 'Self.check("updatePolicy graceDays", updatePolicy.graceDays' in ranges, ranges
    assert 'Self.check("scheduling.quietTime", scheduling.quietTime' in ranges, ranges
    assert "absenceCountedAsUse" not in names, "a Swift-only setting has no property"


def main():
    check_links()
    check_property_names()
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        inputs = ["settings/settings.toml", "scripts/generate-settings.py", ".swift-format"]
        for path in inputs + list(generator.OUTPUTS.values()):
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(ROOT / path, root / path)

        committed = run(root, "--check")
        assert committed.returncode == 0, f"the committed files are stale:\n{committed.stdout}{committed.stderr}"

        declaration = root / "settings/settings.toml"
        text = declaration.read_text()
        setting = 'name = "days-until-prompt"\nsection = "thresholds"\ntype = "days"\n'
        changed = text.replace(setting + "default = 30", setting + "default = 21")
        assert changed != text, "the test's declaration to change is not in settings.toml"
        declaration.write_text(changed)

        stale = run(root, "--check")
        assert stale.returncode == 1, f"--check passed a stale file:\n{stale.stdout}"
        for output in ["configuration", "c_source", "reference"]:
            assert generator.OUTPUTS[output] in stale.stdout, f"{generator.OUTPUTS[output]} not named:\n{stale.stdout}"
        assert generator.OUTPUTS["c_header"] not in stale.stdout, "a file the change leaves alone was named"

        written = run(root)
        assert written.returncode == 0, written.stderr
        assert run(root, "--check").returncode == 0, "stale after writing"
        swift = (root / generator.OUTPUTS["configuration"]).read_text()
        c = (root / generator.OUTPUTS["c_source"]).read_text()
        reference = (root / generator.OUTPUTS["reference"]).read_text()
        assert "public var daysUntilPrompt: Double = 21" in swift and "Default 21" in swift
        assert 'g_param_spec_double ("days-until-prompt", NULL, NULL, 0, 3650.0, 21,' in c
        assert "| ``Configuration/daysUntilPrompt`` | `days-until-prompt` | 21 |" in reference
    print(
        "generate-settings.py: --check catches a stale file; one edit reaches Swift, C and the reference; "
        "C texts link with gi-docgen's syntax; Swift's names in problems lead to the property names"
    )


if __name__ == "__main__":
    main()
