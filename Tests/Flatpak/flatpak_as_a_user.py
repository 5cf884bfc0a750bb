#!/usr/bin/python3
"""The guide's Flatpak manifest built offline by flatpak-builder, and its app (the Python GTK 3
example, libarmchair in /app/lib) used in real `flatpak run` sandboxes by a regular user, whose
prompt comes by itself (no debug mode) and is answered through AT-SPI. Run under a private X
server and D-Bus session, as root (scripts/test.sh does):

    scripts/x11/run.sh /usr/bin/python3 Tests/Flatpak/flatpak_as_a_user.py \\
        .build/debug/armchair [--only TEXT]

Prints "SKIP:" and the reason, and exits 77 (skipped, for scripts/test.sh and Meson), where the
sandbox cannot be made (not root, no user namespaces). $ARMCHAIR_FLATPAK_LAB keeps the lab (its
refs are reused while the Debian packages, the toolchain and scripts/flatpak/ stay the same); by
default it is a new temporary folder, deleted at the end. In a kept lab the work can be split, as
scripts/test.sh splits it so that the builds, which keep the machine busy, and the scenarios, which
mostly wait for windows, each run beside other work: --build-only makes the lab and builds both
apps, --prebuilt runs the scenarios with the apps the lab holds.

- the manifest: the guide's yaml block, with only the runtime, SDK and extension names and the
  source URLs replaced (manifest.py), builds libarmchair from this tree and installs the app;
  Shipping Your App's Swift app module asks for the same runtime, extension and Swift package
  sources, and, built as the article has it with a small Swift app (swift-notes/), prompts too;
- in the sandbox, the state file is the app's own ~/.var/app/<app-id>/.local/state/<app-id>/
  armchair.ini, read back from the host after each answer;
- "Rate" reaches the host's only appstream: handler through the OpenURI portal; the feedback email
  reaches its mailto: handler the same way; with a German desktop (LANG=de_DE.UTF-8) the prompt
  comes in German, from the app's .Locale extension;
- with --share=network (the manifest's), feedback reaches a loopback receiver (feedback_receiver.py)
  and a review a loopback review service (odrs_server.py); the review names the host's
  distribution and the form's system details the host's system (/run/host/os-release), not the
  test runtime's, whose os-release is its own;
- without it (--unshare=network, where GLib's portal network monitor never reports a network),
  the prompt still comes, "Rate" still goes through OpenURI, and the feedback waits in the
  outbox of the state folder;
- the desktop's rules, through the manifest's two --filesystem lines: the app's prompt is in the
  host's record under an opaque token, which `armchair desktop` on the host names; a host app's
  prompt (this build's GTK 3 demo) holds it; another app's prompt 2 days ago holds it; the person's `prompts=off` holds it, and the app cannot write the
  person's file; the administrator's ARMCHAIR_DESKTOP_POLICY passes through flatpak run and holds
  it; `flatpak override --system --env=` reaches only apps installed system-wide (LAB/system), and
  the person's `flatpak override --user --unset-env=` undoes it; without the record's permission the app prompts by its own rules and says the record is out
  of reach;
- a second launch of the (unique) app activates the running one: one more use, one window;
- two instances of a G_APPLICATION_NON_UNIQUE copy of the app, each in its own PID namespace:
  never two prompts, no crash seen while both run; a sandbox killed with SIGKILL is a crash for
  the next launch (the state file and `armchair explain` say so).

Prints "N passed, N failed" and exits non-zero on a failure.
"""
import argparse
import datetime
import json
import os
import shutil
import subprocess
import sys
import time

import manifest
import sandbox  # first: it puts Tests/Support on the path
from sandbox import APP_ID, Lab, Sandboxed, dialogs, focus_windows_named

import pyatspi
from atspi import click, find, nodes, on_screen, sensitive, start_registry, wait_for, wait_until
from project import ROOT
from scenarios import run_scenarios
from stand_ins import LoopbackServer
from state_files import regular_user_state, write_state

SEEDED_USES = 30
SKIPPED_STATUS = 77
OPTIONS = argparse.ArgumentParser(description=__doc__.split("\n")[0])
OPTIONS.add_argument("armchair", help="the armchair command-line tool (for `armchair explain`)")
OPTIONS.add_argument("--only", help="run only the scenarios whose name contains this")
STAGES = OPTIONS.add_mutually_exclusive_group()
STAGES.add_argument("--build-only", action="store_true",
                    help="make the lab of $ARMCHAIR_FLATPAK_LAB and build both apps, then stop")
STAGES.add_argument("--prebuilt", action="store_true",
                    help="run the scenarios with the apps --build-only built in $ARMCHAIR_FLATPAK_LAB")
OPTIONS = OPTIONS.parse_args()
ARMCHAIR = os.path.abspath(OPTIONS.armchair)


def regular_user(**extra):
    """A regular user's state: first use 60 days ago, 30 uses, 12 significant events."""
    return dict(regular_user_state(days=60, uses=SEEDED_USES, significant_events=12), **extra)


def explain():
    """What `armchair explain --json` reads from the app's state file, on the host."""
    result = subprocess.run([ARMCHAIR, "explain", APP_ID, "--json"], capture_output=True, text=True, timeout=60,
                            env=dict(os.environ, XDG_STATE_HOME=LAB.state_home(), LANG="C.UTF-8"))
    assert result.returncode in (0, 1), result.stdout + result.stderr
    return json.loads(result.stdout)


def crash_found_at_next_launch():
    """`armchair explain`'s gate for a session that ended without quitting, at the next launch:
    "met" (none found), or "missing" (a crash found: no prompt at that launch)."""
    return next(c["status"] for c in explain()["nextLaunch"]["criteria"] if c["kind"] == "previousSessionCrashed")


def opened():
    """The addresses the host's handler opened, in order."""
    if not os.path.exists(LAB.opened):
        return []
    with open(LAB.opened) as f:
        return f.read().split()


def launched(*options, state=None, settings=None, environment=None):
    """The app started in a sandbox on fresh app folders (a regular user's state unless `state`
    is given), its window on screen and focused; with `settings` (lines of its settings file), the
    variant of the example that reads them; `environment` adds to the desktop's (LANG…)."""
    LAB.reset_app_folders(state=regular_user() if state is None else state, settings=settings)
    app = (Sandboxed(LAB, *options, environment=environment) if settings is None
           else variant("settings", *options, environment=environment))
    app.window()
    return app


def recorded(app, what, holds):
    """The app's state, read from the host, once `holds(state)`."""
    return wait_for(what, lambda: LAB.state() if holds(LAB.state()) else None)


def send_feedback(app, message):
    """The unhappy user's way to the feedback form, and the message sent; returns the form's labels."""
    click("Not Really", app.prompt("Enjoying Notes?"))
    click("Send Feedback…", app.prompt("Help Improve Notes"))
    form = app.prompt("Feedback on Notes")
    text = wait_for("the message field", lambda: next(
        (n for n in nodes(form) if n.getRoleName() == "text" and on_screen(n)), None))
    text.queryEditableText().insertText(0, message, len(message))
    shown = [n.name for n in nodes(form) if n.getRoleName() == "label"]
    send = wait_for("Send", lambda: find("push button", "Send", form))
    wait_until("Send enabled", lambda: sensitive(send))
    click("Send", form)
    click("Close", app.prompt("Thank You"))
    return shown


def rate_reaches_the_software_centre_through_openuri(*options):
    def check():
        before = opened().count(f"appstream://{APP_ID}")
        app = launched(*options)
        click("Rate", app.prompt())
        state = recorded(app, "the rating on disk", lambda s: s.get("rated-this-version") == "true")
        assert state["use-count"] == str(SEEDED_USES + 1), state
        wait_until("the host's appstream: handler", lambda: opened().count(f"appstream://{APP_ID}") == before + 1)
        assert f"Launching e2e-handler appstream://{APP_ID}" in LAB.portal_log(), "not through the OpenURI portal"
        assert app.alive(), app.output()
    check.__name__ = "the regular user's prompt comes by itself; Rate opens the host's software centre " \
        f"through OpenURI; the answer is in ~/.var/app ({' '.join(options) or 'network shared'})"
    return check


def a_german_desktop_gets_the_prompt_in_german():
    """A person whose desktop is German (LANG=de_DE.UTF-8, which flatpak passes into the sandbox):
    the prompt comes in German, from the catalogs flatpak-builder moved into the app's .Locale
    extension, and its German "Rate" opens the software centre."""
    before = opened().count(f"appstream://{APP_ID}")
    app = launched(environment={"LANG": "de_DE.UTF-8"})
    prompt = app.prompt("Notes bewerten")
    buttons = {n.name for n in nodes(prompt) if n.getRoleName() == "push button"}
    assert "Bewerten" in buttons and "Rate" not in buttons, buttons
    click("Bewerten", prompt)
    recorded(app, "the rating on disk", lambda s: s.get("rated-this-version") == "true")
    wait_until("the host's appstream: handler", lambda: opened().count(f"appstream://{APP_ID}") == before + 1)


def feedback_email_reaches_the_mail_client():
    app = launched(settings=["asks-satisfaction-first=true", "feedback-email=feedback@example.org"])
    send_feedback(app, "The sidebar hides my notes.")
    mail = wait_for("the host's mailto: handler", lambda: next(
        (uri for uri in opened() if uri.startswith("mailto:feedback@example.org")), None))
    assert "The%20sidebar%20hides%20my%20notes." in mail, mail
    recorded(app, "the answer on disk", lambda s: s.get("declined-this-version") == "true")


def the_sandbox_has_the_runtimes_os_release_and_the_hosts():
    """What the two scenarios after this one tell apart: inside the sandbox, /etc/os-release is the
    test runtime's own, and /run/host/os-release this machine's."""
    shown = Sandboxed(LAB, command="cat", arguments=("/etc/os-release", "/run/host/os-release"))
    assert shown.wait() == 0, shown.output()
    assert 'NAME="Armchair Test Platform"' in shown.output(), shown.output()
    assert host_os_release("PRETTY_NAME") in shown.output(), shown.output()


def feedback_reaches_the_receiver_with_network():
    receiver = LoopbackServer("feedback_receiver.py")
    try:
        app = launched(settings=["asks-satisfaction-first=true", f"feedback-endpoint={receiver.root}/feedback"])
        shown = "\n".join(send_feedback(app, "Sync eats my notes."))
        # The system details the form offers to send describe the person's computer, not the runtime.
        assert host_os_release("PRETTY_NAME") in shown and "Armchair Test Platform" not in shown, shown
        stored = wait_for("the message at the receiver", lambda: receiver.get("/received")["stored"] or None)
        assert len(stored) == 1, stored
        wait_until("an empty outbox", lambda: not outbox("outbox"))
    finally:
        receiver.stop()


def review_reaches_the_service_with_network():
    service = LoopbackServer("odrs_server.py")
    try:
        app = launched(settings=["in-app-reviews=true", f"review-server={service.root}/1.0/reviews/api"])
        click("Rate", app.prompt())
        write_review(app.prompt("Review Notes"))
        click("Close", app.prompt("Thank You for Your Review"))
        reviews = wait_for("the review at the service", lambda: service.get("/reviews") or None)
        assert [(r["app_id"], r["rating"], r["summary"]) for r in reviews] == [(APP_ID, 80, "Quick and tidy")], reviews
        # The distribution is the host's (the runtime's os-release names "Armchair Test Platform").
        assert reviews[0]["distro"] == host_os_release("NAME"), reviews[0]["distro"]
        recorded(app, "the rating on disk", lambda s: s.get("rated-this-version") == "true")
        wait_until("an empty review outbox", lambda: not outbox("review-outbox"))
    finally:
        service.stop()


ANOTHER_APP = "0123456789abcdef0123456789abcdef"


def desktop_with(record=None, person=None):
    """A fresh app and desktop, a regular user's state: `record` (token -> date) as the host's
    record of prompts, `person` (lines of [Desktop]) as the person's settings."""
    LAB.reset_app_folders(state=regular_user())
    if record is not None:
        os.makedirs(os.path.dirname(LAB.desktop_record()))
        with open(LAB.desktop_record(), "w") as f:
            f.write("[State]\n" + "".join(f"prompted.{t}={d}\n" for t, d in record.items()) + "\n[Format]\nversion=1\n")
    if person is not None:
        os.makedirs(os.path.dirname(LAB.person_settings()))
        with open(LAB.person_settings(), "w") as f:
            f.write("[Desktop]\n" + "".join(line + "\n" for line in person))


def held_by(app, reason):
    """The app's debug log (G_MESSAGES_DEBUG) once its decision at launch says `reason`; no prompt
    is on screen a few seconds after it, when it would have come."""
    app.window()
    wait_for(f"the decision: {reason}", lambda: reason in app.output() or None)
    time.sleep(4)
    assert dialogs("Rate Notes") == [], "a prompt came although " + reason


def days_ago(days):
    moment = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(days=days)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.000Z")


def the_desktop_record_is_shared_with_the_host():
    """The manifest's ~/.local/state/armchair:create: the sandboxed app's prompt is in the host's
    record under its token (no app ID), and `armchair desktop` on the host names the app."""
    desktop_with()
    app = Sandboxed(LAB)
    app.window()
    click("Remind Me Later", app.prompt())
    token = recorded(app, "the app's token", lambda s: s.get("desktop-token"))["desktop-token"]
    with open(LAB.desktop_record()) as f:
        record = f.read()
    assert f"prompted.{token}=" in record and APP_ID not in record, record
    shown = subprocess.run([ARMCHAIR, "desktop"], capture_output=True, text=True, timeout=60,
                           env=dict(os.environ, HOME=LAB.home, LANG="C.UTF-8", XDG_STATE_HOME=os.path.join(
                               LAB.home, ".local", "state"), XDG_CONFIG_HOME=os.path.join(LAB.home, ".config")))
    assert f"  {APP_ID}" in shown.stdout, shown.stdout + shown.stderr


def a_host_app_and_the_sandboxed_app_share_the_week():
    """A host app (the GTK 3 demo of this build, a regular user of it) asks first, by itself; the
    sandboxed app, whose own rules would prompt next, waits out the desktop's quiet period; and
    `armchair desktop` on the host names the host app as the one that asked."""
    desktop_with()
    demo_id = "io.github.armchairlinux.Demo"
    state_home = os.path.join(LAB.home, ".local", "state")
    write_state(state_home, demo_id, regular_user_state(days=60, uses=30, significant_events=12))
    host = dict(os.environ, HOME=LAB.home, XDG_STATE_HOME=state_home, XDG_CONFIG_HOME=os.path.join(LAB.home, ".config"),
                XDG_DATA_HOME=os.path.join(LAB.folder, "host-data"), GIO_USE_NETWORK_MONITOR="base", LANG="C.UTF-8")
    with open(os.path.join(LAB.logs, "host-demo.log"), "w") as log:
        demo = subprocess.Popen([os.path.join(os.path.dirname(ARMCHAIR), "armchair-demo")], env=host, cwd=ROOT,
                                stdout=log, stderr=log)
    Sandboxed.started.append(demo)
    wait_for("the host app's window", lambda: find("frame", "Armchair Demo"))
    focus_windows_named("Armchair Demo")
    click("Remind Me Later", wait_for("the host app's prompt", lambda: find("alert", "Rate Armchair Demo")))
    wait_until("the host app's prompt in the record", lambda: os.path.exists(LAB.desktop_record()))
    demo.terminate()
    demo.wait(timeout=10)
    held_by(Sandboxed(LAB, environment={"G_MESSAGES_DEBUG": "all"}),
            "another app asked less than a day ago; the desktop's quiet period ends on")
    shown = subprocess.run([ARMCHAIR, "desktop"], capture_output=True, text=True, timeout=60, env=host)
    assert f"  {demo_id}" in shown.stdout and f"  {APP_ID}" not in shown.stdout, shown.stdout + shown.stderr


def another_apps_prompt_holds_the_sandboxed_app():
    """Another app asked 2 days ago, as the host's record says: the sandboxed app, whose own rules
    would prompt, waits out the desktop's quiet period, and says so."""
    desktop_with(record={ANOTHER_APP: days_ago(2)})
    held_by(Sandboxed(LAB, environment={"G_MESSAGES_DEBUG": "all"}),
            "another app asked 2 days ago; the desktop's quiet period ends on")


def the_persons_off_holds_the_sandboxed_app_which_cannot_change_it():
    """The person's `prompts=off`, read through xdg-config/armchair:ro, holds the prompt; the app
    cannot write the file."""
    desktop_with(person=["prompts=off"])
    held_by(Sandboxed(LAB, environment={"G_MESSAGES_DEBUG": "all"}),
            f"prompts of every app turned off by you ({LAB.person_settings()})")
    writer = Sandboxed(LAB, command="python3", arguments=(
        "-c", "import os; open(os.path.expanduser('~/.config/armchair/desktop.conf'), 'a').write('prompts=on')"))
    assert writer.wait() != 0, "the sandbox could write the person's settings"
    with open(LAB.person_settings()) as f:
        assert f.read() == "[Desktop]\nprompts=off\n"


def the_administrators_variable_reaches_the_sandboxed_app():
    """ARMCHAIR_DESKTOP_POLICY in the session's environment passes through flatpak run, and holds
    the prompt whatever the person's settings say."""
    desktop_with(person=["prompts=on"])
    held_by(Sandboxed(LAB, environment={"G_MESSAGES_DEBUG": "all", "ARMCHAIR_DESKTOP_POLICY": "prompts=off"}),
            "prompts of every app turned off by the administrator ($ARMCHAIR_DESKTOP_POLICY)")


def a_system_wide_override_reaches_system_apps_and_the_person_can_undo_it():
    """What an administrator can do for sandboxed apps: `flatpak override --system --env=` with no
    app ID reaches the apps installed system-wide, not the person's own (--user) installation, and
    the person's global `flatpak override --user --unset-env=` undoes it."""
    LAB.install_system_wide()
    debug = {"G_MESSAGES_DEBUG": "all"}
    held = "prompts of every app turned off by the administrator ($ARMCHAIR_DESKTOP_POLICY)"
    allowed = "prompts of apps allowed by default"
    try:
        LAB.flatpak("override", "--system", "--env=ARMCHAIR_DESKTOP_POLICY=prompts=off")
        desktop_with()
        app = Sandboxed(LAB, environment=debug, installation="--system")
        held_by(app, held)
        for installation, undo in (("--user", ()), ("--system", ("--unset-env=ARMCHAIR_DESKTOP_POLICY",))):
            # The app is unique: a running instance would take the next launch.
            app.process.terminate()
            app.wait()
            if undo:
                LAB.flatpak("override", "--user", *undo)
            desktop_with()
            app = Sandboxed(LAB, environment=debug, installation=installation)
            app.window()
            click("Remind Me Later", app.prompt())
            assert allowed in app.output() and held not in app.output(), app.output()
    finally:
        LAB.flatpak("override", "--user", "--reset")
        LAB.flatpak("override", "--system", "--reset")


def without_the_permission_the_app_keeps_its_own_budget():
    """Without ~/.local/state/armchair the record is out of reach: the app prompts by its own
    rules, says why the desktop's record did not count, and records nothing in it."""
    desktop_with(record={ANOTHER_APP: days_ago(2)})
    app = Sandboxed(LAB, "--nofilesystem=~/.local/state/armchair", environment={"G_MESSAGES_DEBUG": "all"})
    app.window()
    click("Remind Me Later", app.prompt())
    assert "the desktop's prompt record is out of reach (this sandboxed app's manifest needs " \
        "--filesystem=~/.local/state/armchair:create)" in app.output(), app.output()
    with open(LAB.desktop_record()) as f:
        assert f.read().count("prompted.") == 1, "the app wrote to the record it cannot reach"


def host_os_release(key):
    """A value of this machine's os-release, the sandbox's host."""
    path = "/etc/os-release" if os.path.exists("/etc/os-release") else "/usr/lib/os-release"
    with open(path) as f:
        return next(line.split("=", 1)[1].strip().strip('"') for line in f if line.startswith(key + "="))


def write_review(form):
    """Four stars, a summary and a review, then Publish once the writing time has passed."""
    stars = wait_for("five stars", lambda: [n for n in nodes(form) if n.getRoleName() == "toggle button"
                                           and on_screen(n)] or None)
    assert len(stars) == 5, [star.name for star in stars]
    stars[3].queryAction().doAction(0)
    fields = {labelled_by(n): n for n in nodes(form) if n.getRoleName() == "text" and on_screen(n)}
    fields["Summary"].queryEditableText().setTextContents("Quick and tidy")
    fields["Review"].queryEditableText().setTextContents("Opens instantly and never loses a note.")
    publish = wait_for("Publish", lambda: find("push button", "Publish", form))
    wait_until("Publish after the writing time", lambda: sensitive(publish), timeout=15)
    click("Publish", form)


def labelled_by(node):
    for relation in node.getRelationSet():
        if relation.getRelationType() == pyatspi.RELATION_LABELLED_BY:
            return relation.getTarget(0).name.replace("_", "")
    return node.name


def outbox(name):
    """The messages waiting in the outbox folder `name` of the app's state folder."""
    folder = os.path.join(LAB.state_home(), APP_ID, name)
    return sorted(f for f in os.listdir(folder) if f.endswith(".json")) if os.path.isdir(folder) else []


def without_network_feedback_waits_in_the_outbox():
    """--unshare=network: the satisfaction question still comes, and the feedback for an endpoint
    is queued in the outbox as a JSON file, sent by no one until the network is back."""
    receiver = LoopbackServer("feedback_receiver.py")
    try:
        app = launched("--unshare=network", settings=["asks-satisfaction-first=true",
                                                     f"feedback-endpoint={receiver.root}/feedback"])
        send_feedback(app, "Offline, still unhappy.")
        queued = wait_for("the message in the outbox", lambda: outbox("outbox") or None)
        assert len(queued) == 1, queued
        entry = queued_entry("outbox", queued[0])
        assert entry["message"]["text"] == "Offline, still unhappy." and entry["message"]["appID"] == APP_ID, entry
        time.sleep(2)
        assert receiver.get("/received")["attempts"] == [], "the sandbox has no network, yet it reached the receiver"
    finally:
        receiver.stop()


def without_network_a_review_waits_in_the_review_outbox():
    service = LoopbackServer("odrs_server.py")
    try:
        app = launched("--unshare=network", settings=["in-app-reviews=true",
                                                     f"review-server={service.root}/1.0/reviews/api"])
        click("Rate", app.prompt())
        write_review(app.prompt("Review Notes"))
        click("Close", app.prompt("Thank You for Your Review"))
        queued = wait_for("the review in the review outbox", lambda: outbox("review-outbox") or None)
        assert len(queued) == 1, queued
        entry = queued_entry("review-outbox", queued[0])
        assert "Quick and tidy" in json.dumps(entry), entry
        recorded(app, "the rating on disk", lambda s: s.get("rated-this-version") == "true")
        time.sleep(2)
        assert service.get("/reviews") == [], "the sandbox has no network, yet it reached the review service"
    finally:
        service.stop()


def queued_entry(folder, name):
    """An outbox entry: the message, and when it is tried again ({"message", "attempts",
    "nextAttempt", "lastError", "version"})."""
    with open(os.path.join(LAB.state_home(), APP_ID, folder, name)) as f:
        entry = json.load(f)
    assert {"message", "attempts", "nextAttempt", "version"} <= set(entry), entry
    return entry


def second_launch_activates_the_running_app():
    """A new user (no prompt due); the second `flatpak run` hands its launch to the first
    instance over the session bus and ends: one window, one more use."""
    first = launched(state={})
    uses = recorded(first, "the first launch on disk", lambda s: s.get("use-count") == "1")
    second = Sandboxed(LAB)
    assert second.wait(timeout=30) == 0, second.output()
    state = recorded(first, "the second launch counted", lambda s: s.get("use-count") != uses["use-count"])
    assert state["use-count"] == "2", f"a second launch must count once: {state}"
    assert len(sandbox.applications()) == 1, "the second launch must not start a second app"
    assert first.alive(), first.output()


# The example, changed one line at a time, for what the example itself does not do. Each variant
# runs in the installed app's sandbox (its runtime, its /app/lib), from a host folder shared read-only.
EXAMPLE_LINE = 'Gtk.Application(application_id="org.example.Notes")'
CONFIGURATION_LINE = 'Armchair.Configuration(app_id="org.example.Notes", app_version="1.0")'
VARIANTS = {
    # Reads the settings file from its XDG_DATA_HOME, as the guide's "settings file" section says.
    "settings": (CONFIGURATION_LINE, 'Armchair.Configuration.new_from_file("org.example.Notes", "1.0", None)'),
    # Every launch is a new process: instances run side by side, each in its own sandbox.
    "non-unique": (EXAMPLE_LINE, 'Gtk.Application(application_id="org.example.Notes", '
                                 'flags=Gio.ApplicationFlags.NON_UNIQUE)'),
}


def write_variants():
    with open(os.path.join(ROOT, "examples", "python-gtk3", "notes.py")) as f:
        source = f.read()
    for name, (line, replacement) in VARIANTS.items():
        assert line in source, f"the example no longer has {line}"
        os.makedirs(os.path.join(LAB.folder, "variants", name), exist_ok=True)
        with open(os.path.join(LAB.folder, "variants", name, "notes.py"), "w") as f:
            f.write(source.replace(line, replacement))


def variant(name, *options, environment=None):
    """The variant `name` of the example, started in the app's sandbox."""
    folder = os.path.join(LAB.folder, "variants", name)
    return Sandboxed(LAB, f"--filesystem={folder}:ro", *options, command="python3",
                     arguments=[os.path.join(folder, "notes.py")], environment=environment)


def two_instances_never_show_two_prompts():
    """Two NON_UNIQUE instances at once, each its own PID namespace (both are pid 2 inside): the
    regular user sees one prompt, both sessions are recorded, and neither counts the other as
    crashed."""
    LAB.reset_app_folders(state=regular_user())
    first, second = variant("non-unique"), variant("non-unique")
    for app in (first, second):
        wait_for("its window", lambda: find("frame", "Notes", app.application()))
    focus_windows_named("Notes")
    wait_for("a prompt", lambda: dialogs("Rate Notes") or None, timeout=30)
    time.sleep(3)
    focus_windows_named("Notes")
    time.sleep(3)
    shown = dialogs("Rate Notes")
    state = LAB.state()
    assert len(shown) == 1, f"{len(shown)} prompts on screen at once: {state}"
    sessions = [record for record in state.get("sessions", "").split(";") if record]
    assert len(sessions) == 2, f"two instances run, {len(sessions)} session(s) recorded (both are pid 2): {state}"
    assert "last-crash-date" not in state, f"a running instance was taken for a crash: {state}"
    assert crash_found_at_next_launch() == "met", "armchair explain takes a running instance for a crash"
    click("Remind Me Later", shown[0])
    recorded(first, "the reminder on disk", lambda s: "last-reminded-date" in s)
    time.sleep(2)
    assert dialogs("Rate Notes") == [], "a second prompt came after the first was answered"


def killed_sandbox_is_a_crash_for_the_next_launch():
    """SIGKILL to the app in its sandbox (a crash: no clean quit), then a new launch."""
    LAB.reset_app_folders(state=regular_user(**{"last-reminded-date": now()}))
    victim = variant("non-unique")
    wait_for("its window", lambda: find("frame", "Notes", victim.application()))
    recorded(victim, "its session on disk", lambda s: s.get("sessions"))
    assert crash_found_at_next_launch() == "met", "armchair explain takes the running sandbox for a crash"
    victim.crash()
    victim.wait()
    assert "last-crash-date" not in LAB.state(), LAB.state()
    assert crash_found_at_next_launch() == "missing", "armchair explain does not see the crash"
    after = variant("non-unique")
    wait_for("its window", lambda: find("frame", "Notes", after.application()))
    state = recorded(after, "the crash on disk", lambda s: "last-crash-date" in s)
    assert len([s for s in state.get("sessions", "").split(";") if s]) == 1, state


def now():
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def swift_app_of_shipping_your_app():
    """Shipping Your App's manifest, built with its Swift app (swift-notes/, ArmchairGtk from this
    tree), installed in place of the guide's: `armchair install-data` installed its settings file
    in /app/share, the regular user's prompt comes by itself, Rate goes through OpenURI."""
    LAB.install_swift_app()
    installed = os.path.join(LAB.home, ".local", "share", "flatpak", "app", APP_ID, "current", "active", "files")
    assert os.path.exists(os.path.join(installed, "share", "armchair", APP_ID + ".armchair")), "no settings file"
    before = opened().count(f"appstream://{APP_ID}")
    app = launched()
    click("Rate", app.prompt())
    state = recorded(app, "the rating on disk", lambda s: s.get("rated-this-version") == "true")
    assert state["use-count"] == str(SEEDED_USES + 1), state
    wait_until("the host's appstream: handler", lambda: opened().count(f"appstream://{APP_ID}") == before + 1)


def shipping_your_app_asks_for_what_the_guide_builds():
    """Shipping Your App's Swift app module asks for what the guide's manifest does."""
    manifest.check_shipping_agrees()


SCENARIOS = [
    shipping_your_app_asks_for_what_the_guide_builds,
    rate_reaches_the_software_centre_through_openuri(),
    a_german_desktop_gets_the_prompt_in_german,
    feedback_email_reaches_the_mail_client,
    the_sandbox_has_the_runtimes_os_release_and_the_hosts,
    feedback_reaches_the_receiver_with_network,
    review_reaches_the_service_with_network,
    second_launch_activates_the_running_app,
    two_instances_never_show_two_prompts,
    killed_sandbox_is_a_crash_for_the_next_launch,
    # The desktop's rules, through the manifest's two --filesystem lines.
    the_desktop_record_is_shared_with_the_host,
    a_host_app_and_the_sandboxed_app_share_the_week,
    another_apps_prompt_holds_the_sandboxed_app,
    the_persons_off_holds_the_sandboxed_app_which_cannot_change_it,
    the_administrators_variable_reaches_the_sandboxed_app,
    a_system_wide_override_reaches_system_apps_and_the_person_can_undo_it,
    without_the_permission_the_app_keeps_its_own_budget,
    # Without network permission (GLib's portal network monitor: never available).
    rate_reaches_the_software_centre_through_openuri("--unshare=network"),
    without_network_feedback_waits_in_the_outbox,
    without_network_a_review_waits_in_the_review_outbox,
    # Last: it replaces the guide's app (same app ID).
    swift_app_of_shipping_your_app,
]


def main():
    global LAB
    reason = sandbox.missing_privileges()
    if reason is not None:
        print(f"SKIP: the Flatpak tests: {reason}")
        return SKIPPED_STATUS
    started = time.monotonic()
    keep = "ARMCHAIR_FLATPAK_LAB" in os.environ
    if (OPTIONS.build_only or OPTIONS.prebuilt) and not keep:
        sys.exit("--build-only and --prebuilt work in a kept lab: set $ARMCHAIR_FLATPAK_LAB")
    LAB = Lab()
    print(f"   runtimes ready: {time.monotonic() - started:.0f} s", flush=True)
    if not OPTIONS.prebuilt:
        mark = time.monotonic()
        LAB.build_app()
        print(f"   flatpak-builder built the guide's manifest: {time.monotonic() - mark:.0f} s", flush=True)
        mark = time.monotonic()
        LAB.build_swift_app()
        print(f"   flatpak-builder built Shipping Your App's manifest: {time.monotonic() - mark:.0f} s", flush=True)
    if OPTIONS.build_only:
        return 0
    if OPTIONS.prebuilt:
        # The guide's app, whatever the last scenario of an earlier run installed in its place.
        LAB.install("armchair-test")
    write_variants()
    start_registry()
    LAB.start_portal()
    scenarios = [s for s in SCENARIOS if OPTIONS.only is None or OPTIONS.only in s.__name__]
    timed = []
    for scenario in scenarios:
        def run(scenario=scenario):
            mark = time.monotonic()
            try:
                scenario()
            finally:
                print(f"   ({time.monotonic() - mark:.0f} s)", flush=True)
        run.__name__ = scenario.__name__
        timed.append(run)
    try:
        failed = run_scenarios(timed, Sandboxed.started)
    finally:
        LAB.stop()
        if not keep:
            shutil.rmtree(LAB.folder, ignore_errors=True)
    print(f"   total: {time.monotonic() - started:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
