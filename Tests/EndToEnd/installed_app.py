#!/usr/bin/python3
"""The demo installed as a package installs it, used as a person would, through AT-SPI.

Run under a private X server and D-Bus session (scripts/test.sh does):

    scripts/x11/run.sh /usr/bin/python3 Tests/EndToEnd/installed_app.py [--prefix PREFIX]

scripts/install.sh --demos builds a release of the demo (Swift runtime linked in) in a scratch folder
and installs it into a temporary prefix: the program in bin/, the catalogs in share/locale, the
settings in share/armchair; the scratch folder is then deleted. With --prefix, what
scripts/install.sh --demos already installed there is tested instead, its build folder still on
disk (scripts/test.sh keeps it for the next run): a program in a bin/ folder never reads a build
folder's catalogs, so the scenario without catalogs shows that it does not fall back on one. The
armchair tool, in bin/ with the demos, runs, and `armchair preview --toolkit gtk4` starts the
armchair-preview-gtk4 installed beside it; none of the programs needs the Swift runtime. Then,
each with its own state folder:

- installed: the prompt appears translated in de, ar (mirrored) and ja, the installed settings are
  the ones in force, and each answer is recorded on disk;
- found through XDG_DATA_DIRS: a copy of the program outside any bin/ finds the catalogs and
  settings through XDG_DATA_DIRS, as an app inside Flatpak finds /app/share;
- no catalogs anywhere: the dialog is in English, the log carries one warning, and the app lives on;
- GTK 4: the installed armchair-demo-gtk4 prompts at launch (debug mode) with libadwaita's dialog,
  translated in de and ar (mirrored), and records the answer on disk.

Prints "N passed, N failed" and exits non-zero on a failure.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

import pyatspi

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Support"))
import adwaita_dialogs
from atspi import click, dialog, dialog_buttons, find, nodes, start_registry, wait_for
from desktop import install_uri_handler
from project import ROOT
from scenarios import run_scenarios
from state_files import state_values
from translations import catalog, shown

APP_ID = "io.github.armchairlinux.Demo"
WORK = tempfile.mkdtemp(prefix="armchair-installed-")
PREFIX = os.path.abspath(sys.argv[2]) if sys.argv[1:2] == ["--prefix"] else os.path.join(WORK, "prefix")
EMPTY = os.path.join(WORK, "empty")
MISSING_CATALOGS_WARNING = "Armchair's translations were not found"


class InstalledDemo:
    """The demo started from `program`, in `language`, on a fresh state folder."""

    # Every demo started, ended by its own handle after its scenario.
    started = []

    def __init__(self, program, language, data_dirs=EMPTY):
        self.state_home = tempfile.mkdtemp(dir=WORK, prefix="state-")
        self.log_path = os.path.join(self.state_home, "demo.log")
        env = dict(os.environ, XDG_STATE_HOME=self.state_home, XDG_DATA_HOME=os.path.join(WORK, "data"),
                   XDG_CONFIG_HOME=os.path.join(WORK, "config"), XDG_DATA_DIRS=data_dirs,
                   GIO_USE_NETWORK_MONITOR="base", LANG="C.UTF-8", LANGUAGE=language)
        with open(self.log_path, "w") as log:
            # Started away from the project folder, so the demo cannot read data/ from there.
            self.process = subprocess.Popen([program, "--debug"], env=env, cwd=WORK, stdout=log, stderr=log)
        InstalledDemo.started.append(self.process)
        self.window = wait_for("the demo window", lambda: find("frame", "Armchair Demo"), timeout=40)

    def show_prompt(self):
        click("Show the Prompt Now", self.window)

    def engine_state(self):
        """The demo's view of the engine's counters and reasons: the label named "Engine state"
        (GTK 3), or the label that starts with the counters, as GTK 4.8 names a label by its text."""
        def probe():
            label = find("label", "Engine state", self.window)
            if label is not None:
                return label.queryText().getText(0, -1)
            labels = (n.name for n in nodes(self.window) if n.getRoleName() == "label")
            return next((name for name in labels if name.startswith("Uses:")), None)
        return wait_for("the engine state", probe)

    def wait_for_engine_state(self, text):
        """Waits until the demo's view of the engine shows `text`: the launch is counted once the
        first frame is drawn, and the demo refreshes its view every 2 seconds."""
        return wait_for(f"the engine state to show {text!r}",
                        lambda: True if text in self.engine_state() else None, timeout=10)

    def state(self):
        return state_values(self.state_home, APP_ID)

    def log(self):
        return open(self.log_path).read()

    def alive(self):
        return self.process.poll() is None

    def quit(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def translated_prompt(demo, language):
    """The rating dialog in `language`, checked against the catalog; its buttons by msgid."""
    translations = catalog(language)
    title = translations["Rate %1$s"].replace("%1$s", "Armchair Demo")
    demo.show_prompt()
    alert = dialog(title)
    buttons = {key: shown(translations[key]) for key in ["_No, Thanks", "Remind Me _Later", "_Rate"]}
    names = sorted(n.name for n in nodes(alert) if n.getRoleName() == "push button")
    assert names == sorted(buttons.values()), f"buttons {names}, expected {sorted(buttons.values())}"
    return alert, buttons


def installed_program_is_translated(language, answer, recorded):
    def scenario():
        demo = InstalledDemo(os.path.join(PREFIX, "bin", "armchair-demo"), language)
        # The installed settings file is in force: three uses, not the default twenty.
        demo.wait_for_engine_state("uses 1/3")
        alert, buttons = translated_prompt(demo, language)
        if language == "ar":
            rate = find("push button", buttons["_Rate"], alert).queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
            cancel = find("push button", buttons["_No, Thanks"], alert).queryComponent().getExtents(
                pyatspi.DESKTOP_COORDS)
            assert rate.x < cancel.x, "Arabic puts Rate on the left"
        click(buttons[answer], alert)
        key, value = recorded
        wait_for(f"{key}={value} on disk", lambda: True if demo.state().get(key, "").startswith(value) else None)
        assert MISSING_CATALOGS_WARNING not in demo.log(), demo.log()
        assert demo.alive(), "the app ended"
        demo.quit()
    scenario.__name__ = f"installed_program_is_translated_{language}"
    return scenario


def installed_gtk4_program_is_translated(language, answer, recorded):
    def scenario():
        demo = InstalledDemo(os.path.join(PREFIX, "bin", "armchair-demo-gtk4"), language)
        try:
            demo.wait_for_engine_state("uses 1/3")
            translations = catalog(language)
            # Debug mode prompts at launch: GTK 4 makes the window active without a window manager.
            prompt = adwaita_dialogs.dialog(translations["Rate %1$s"].replace("%1$s", "Armchair Demo"), demo.process.pid)
            buttons = {key: shown(translations[key]) for key in ["_No, Thanks", "Remind Me _Later", "_Rate"]}
            places = {b.name: b.queryComponent().getExtents(pyatspi.WINDOW_COORDS) for b in dialog_buttons(prompt)}
            assert sorted(places) == sorted(buttons.values()), f"buttons {sorted(places)}, expected {buttons}"
            if language == "ar":
                assert places[buttons["_Rate"]].x < places[buttons["_No, Thanks"]].x, "Arabic puts Rate on the left"
            adwaita_dialogs.click(buttons[answer], prompt)
            key, value = recorded
            wait_for(f"{key}={value} on disk", lambda: True if demo.state().get(key, "").startswith(value) else None)
            assert MISSING_CATALOGS_WARNING not in demo.log(), demo.log()
            assert demo.alive(), "the app ended"
        finally:
            demo.quit()
    scenario.__name__ = f"installed_gtk4_program_is_translated_{language}"
    return scenario


def catalogs_found_through_data_dirs():
    elsewhere = os.path.join(WORK, "elsewhere")
    os.makedirs(elsewhere, exist_ok=True)
    program = os.path.join(elsewhere, "armchair-demo")
    shutil.copy2(os.path.join(PREFIX, "bin", "armchair-demo"), program)
    demo = InstalledDemo(program, "de", data_dirs=os.path.join(PREFIX, "share"))
    demo.wait_for_engine_state("uses 1/3")
    alert, buttons = translated_prompt(demo, "de")
    click(buttons["Remind Me _Later"], alert)
    wait_for("the reminder on disk", lambda: True if "last-reminded-date" in demo.state() else None)
    demo.quit()


def no_catalogs_anywhere_means_english_and_a_warning():
    bare = os.path.join(WORK, "bare", "bin")
    os.makedirs(bare, exist_ok=True)
    program = os.path.join(bare, "armchair-demo")
    shutil.copy2(os.path.join(PREFIX, "bin", "armchair-demo"), program)
    demo = InstalledDemo(program, "de")
    demo.show_prompt()
    alert = dialog("Rate Armchair Demo")
    click("Remind Me Later", alert)
    wait_for("the reminder on disk", lambda: True if "last-reminded-date" in demo.state() else None)
    time.sleep(0.5)
    assert demo.alive(), "the app ended:\n" + demo.log()
    log = demo.log()
    assert log.count(MISSING_CATALOGS_WARNING) == 1, log
    assert "Fatal error" not in log, log
    demo.quit()


def installed_tool_runs():
    """The armchair tool, which the C library's guide has developers run, is in bin/ beside the
    demos, carries its Swift runtime, and runs. `armchair preview --toolkit gtk4` finds the
    installed armchair-preview-gtk4 beside it and starts it: kept from every display, the helper
    itself says that GTK cannot open one (a missing helper is the tool's own error instead)."""
    tool = os.path.join(PREFIX, "bin", "armchair")
    result = subprocess.run([tool, "--help"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and "explain" in result.stdout, f"{tool} --help: {result.stdout}{result.stderr}"
    # GDK_BACKEND=x11 without DISPLAY: GTK would otherwise try a Wayland session's default socket.
    no_display = {name: value for name, value in os.environ.items() if name not in ("DISPLAY", "WAYLAND_DISPLAY")}
    preview = subprocess.run([tool, "preview", "--toolkit", "gtk4"], capture_output=True, text=True, timeout=60,
                             cwd=WORK, env=dict(no_display, GDK_BACKEND="x11"))
    output = preview.stdout + preview.stderr
    assert preview.returncode != 0 and "armchair-preview-gtk4: GTK cannot open a display" in output, \
        f"{tool} preview --toolkit gtk4 (exit status {preview.returncode}): {output}"


def install():
    """Installs the demos with scripts/install.sh unless --prefix names an installation; checks
    that the installed programs carry their Swift runtime."""
    if not os.path.exists(PREFIX):
        scratch = os.path.join(WORK, "build")
        result = subprocess.run([os.path.join(ROOT, "scripts", "install.sh"), "--prefix", PREFIX, "--scratch",
                                 scratch, "--demos"], capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit(f"scripts/install.sh failed:\n{result.stdout}\n{result.stderr}")
        shutil.rmtree(scratch)
    for name in ["armchair", "armchair-preview-gtk4", "armchair-demo", "armchair-demo-gtk4"]:
        program = os.path.join(PREFIX, "bin", name)
        libraries = subprocess.run(["ldd", program], capture_output=True, text=True, check=True).stdout
        assert "libswift" not in libraries, f"the installed {name} needs the Swift runtime:\n" + libraries
    os.makedirs(EMPTY)
    install_uri_handler(WORK)


def main():
    install()
    start_registry()
    scenarios = [
        installed_tool_runs,
        installed_program_is_translated("de", "_Rate", ("rated-this-version", "true")),
        installed_program_is_translated("ar", "_No, Thanks", ("declined-this-version", "true")),
        installed_program_is_translated("ja", "Remind Me _Later", ("last-reminded-date", "20")),
        catalogs_found_through_data_dirs,
        no_catalogs_anywhere_means_english_and_a_warning,
        installed_gtk4_program_is_translated("de", "_Rate", ("rated-this-version", "true")),
        installed_gtk4_program_is_translated("ar", "_No, Thanks", ("declined-this-version", "true")),
    ]
    failed = run_scenarios(scenarios, InstalledDemo.started)
    shutil.rmtree(WORK, ignore_errors=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
