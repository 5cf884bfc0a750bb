"""The Flatpak lab the Flatpak tests share: the refs of scripts/flatpak/build-runtimes.sh, the
guide's app built from its manifest by flatpak-builder, the portals on the test's session bus,
and the app run with `flatpak run`, its prompt found through AT-SPI.

Everything flatpak does happens in LAB: its --user installation in LAB/home (so the apps' own
folders are LAB/home/.var/app/<app-id>), its system-wide installation, where a scenario needs one,
in LAB/system (FLATPAK_SYSTEM_DIR: never the machine's), XDG_RUNTIME_DIR in LAB/runtime-dir. The host's desktop
is the test's: the address handler of accessibility.install_uri_handler (the only one for
appstream: and mailto:, as the OpenURI portal must find exactly one to skip its chooser), found
by xdg-desktop-portal through its own XDG folders.
"""
import os
import shutil
import signal
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "Support"))

import pyatspi  # noqa: E402

import manifest  # noqa: E402
from atspi import find, nodes, wait_for
from desktop import install_uri_handler
from project import ROOT
from state_files import state_values, write_state

APP_ID = "org.example.Notes"
ARCH = subprocess.run(["flatpak", "--default-arch"], capture_output=True, text=True).stdout.strip()
PORTAL = "/usr/libexec/xdg-desktop-portal"


def missing_privileges():
    """Why the lab cannot run here (None when it can): it hard-links root's files and bwrap
    needs user namespaces."""
    if os.getuid() != 0:
        return "needs root: the runtimes are hard links of /usr's files"
    with open("/proc/sys/user/max_user_namespaces") as f:
        if int(f.read()) == 0:
            return "user namespaces are disabled (user.max_user_namespaces = 0): bwrap cannot make a sandbox"
    probe = subprocess.run(["bwrap", "--unshare-user", "--unshare-pid", "--ro-bind", "/", "/", "true"],
                           capture_output=True, text=True)
    if probe.returncode != 0:
        return f"bwrap cannot make a sandbox here: {probe.stderr.strip()}"
    return None


class Lab:
    """LAB (a new temporary folder, or $ARMCHAIR_FLATPAK_LAB to keep the refs between runs) with
    the refs installed; the guide's app is built with `build_app`."""

    def __init__(self):
        self.folder = os.environ.get("ARMCHAIR_FLATPAK_LAB") or tempfile.mkdtemp(prefix="armchair-flatpak-")
        self.home = os.path.join(self.folder, "home")
        self.runtime_dir = os.path.join(self.folder, "runtime-dir")
        self.desktop = os.path.join(self.folder, "desktop")
        self.logs = os.path.join(self.folder, "logs")
        for folder in (self.home, self.desktop, self.logs):
            os.makedirs(folder, exist_ok=True)
        subprocess.run([os.path.join(ROOT, "scripts", "flatpak", "build-runtimes.sh"), self.folder], check=True)
        os.chmod(self.runtime_dir, 0o700)
        self.opened = install_uri_handler(self.desktop)
        subprocess.run(["update-desktop-database", os.path.join(self.desktop, "data", "applications")], check=True)
        self.portal = None

    def environment(self, **extra):
        """A flatpak command's environment: the lab's HOME and runtime folder, the test's display
        and session bus, nothing else of the test's."""
        env = {name: os.environ[name] for name in ("DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "XAUTHORITY")
               if name in os.environ}
        env.update(PATH="/usr/sbin:/usr/bin:/sbin:/bin", LANG="C.UTF-8", HOME=self.home,
                   XDG_RUNTIME_DIR=self.runtime_dir, XDG_CURRENT_DESKTOP="GNOME",
                   FLATPAK_SYSTEM_DIR=os.path.join(self.folder, "system"))
        env.update(extra)
        return env

    def flatpak(self, *arguments, timeout=300):
        result = subprocess.run(["flatpak", *arguments], env=self.environment(), capture_output=True, text=True,
                                timeout=timeout)
        assert result.returncode == 0, f"flatpak {' '.join(arguments)}: {result.stdout}{result.stderr}"
        return result.stdout

    def build_app(self):
        """Builds the guide's manifest (made local by manifest.py) with flatpak-builder, offline,
        and installs the app."""
        sources = os.path.join(self.folder, "manifest")
        shutil.rmtree(sources, ignore_errors=True)
        self.build(manifest.write(sources, beside=[os.path.join(ROOT, "examples", "python-gtk3", "notes.py")]))
        self.install("armchair-test")

    def build_swift_app(self):
        """Builds Shipping Your App's manifest, made local, with the Swift app of swift-notes/
        beside it (its `path: .`), into a repository of its own (the remote armchair-swift): it
        has the guide's app ID, so `install_swift_app` puts it in place of the guide's app."""
        sources = os.path.join(self.folder, "swift-manifest")
        shutil.rmtree(sources, ignore_errors=True)
        shutil.copytree(os.path.join(HERE, "swift-notes"), sources)
        self.build(manifest.write(sources, text=manifest.shipping_manifest()), "flatpak-builder-swift.log",
                   repo="repo-swift")
        self.flatpak("remote-add", "--user", "--no-gpg-verify", "--if-not-exists", "armchair-swift",
                     f"file://{self.folder}/repo-swift")

    def install_swift_app(self):
        self.install("armchair-swift")

    def build(self, path, log_name="flatpak-builder.log", repo="repo"):
        """Builds the manifest at `path` into the lab's repository `repo`."""
        log = os.path.join(self.logs, log_name)
        with open(log, "w") as output:
            # No rofiles-fuse: /dev/fuse may be closed to the builder (it is 0600 here).
            result = subprocess.run(
                ["flatpak-builder", "--user", "--disable-rofiles-fuse", "--force-clean", "--disable-cache",
                 f"--default-branch={manifest.BRANCH}", f"--state-dir={self.folder}/builder-state",
                 f"--repo={self.folder}/{repo}", f"{self.folder}/app-build", path],
                env=self.environment(), stdout=output, stderr=subprocess.STDOUT, timeout=1200)
        if result.returncode != 0:
            with open(log) as f:
                raise AssertionError(f"flatpak-builder failed ({log}):\n" + "".join(f.readlines()[-40:]))

    def install_system_wide(self):
        """Installs the guide's app and its runtime in the lab's system-wide installation, as a
        distribution or an administrator installs apps for every user."""
        self.flatpak("remote-add", "--system", "--no-gpg-verify", "--if-not-exists", "armchair-test",
                     f"file://{self.folder}/repo")
        self.flatpak("install", "--system", "-y", "--noninteractive", "--reinstall", "armchair-test",
                     f"app/{APP_ID}/{ARCH}/{manifest.BRANCH}")

    def install(self, remote):
        """Installs the app from `remote`, in place of the one installed now."""
        self.flatpak("install", "--user", "-y", "--noninteractive", "--reinstall", remote,
                     f"app/{APP_ID}/{ARCH}/{manifest.BRANCH}")

    def start_portal(self):
        """xdg-desktop-portal on the test's session bus; it finds the host's handlers in the
        desktop folders of install_uri_handler, and starts its GTK backend, the document portal
        and the permission store by D-Bus activation."""
        log = open(os.path.join(self.logs, "portal.log"), "w")
        self.portal = subprocess.Popen(
            [PORTAL, "--replace", "--verbose"], stdout=log, stderr=log,
            env=self.environment(XDG_DATA_HOME=os.path.join(self.desktop, "data"),
                                 XDG_CONFIG_HOME=os.path.join(self.desktop, "config"), G_MESSAGES_DEBUG="all"))
        subprocess.run(["gdbus", "wait", "--session", "--timeout", "20", "org.freedesktop.portal.Desktop"],
                       check=True, timeout=30)

    def portal_log(self):
        with open(os.path.join(self.logs, "portal.log")) as f:
            return f.read()

    def stop(self):
        if self.portal is not None and self.portal.poll() is None:
            self.portal.terminate()
            self.portal.wait(timeout=10)

    # The app's own folders, as flatpak gives them to it.
    def app_folder(self, *parts):
        return os.path.join(self.home, ".var", "app", APP_ID, *parts)

    def state_home(self):
        return self.app_folder(".local", "state")

    def state(self):
        return state_values(self.state_home(), APP_ID)

    # The desktop's files, which the manifest shares with the app (see Flatpak in the guide).
    def desktop_record(self):
        return os.path.join(self.home, ".local", "state", "armchair", "desktop.ini")

    def person_settings(self):
        return os.path.join(self.home, ".config", "armchair", "desktop.conf")

    def reset_app_folders(self, state=None, settings=None):
        """A fresh ~/.var/app/<app-id>: `state` (key = value, without the prefix) as its state
        file, `settings` (lines of the [Armchair] group) as the settings file the app reads
        from its XDG_DATA_HOME. The desktop starts afresh too, with no record of earlier prompts
        (a new app token would wait out the quiet period after the last scenario's prompt) and no
        settings of the person's."""
        shutil.rmtree(self.app_folder(), ignore_errors=True)
        shutil.rmtree(os.path.dirname(self.desktop_record()), ignore_errors=True)
        shutil.rmtree(os.path.dirname(self.person_settings()), ignore_errors=True)
        if state is not None:
            write_state(self.state_home(), APP_ID, state)
        if settings is not None:
            os.makedirs(self.app_folder("data", "armchair"))
            with open(self.app_folder("data", "armchair", APP_ID + ".armchair"), "w") as f:
                f.write("[Armchair]\n" + "".join(line + "\n" for line in settings))


class Sandboxed:
    """One `flatpak run` of the app; `options` go to flatpak run (--unshare=network…), `command`
    replaces the app's own, `environment` adds to or replaces the lab's (LANG…), `installation` is
--user or --system. The sandbox dies with its `flatpak run` (--die-with-parent), so the
    handles in `started` end it (run_scenarios_ending kills each one left)."""

    started = []
    count = 0

    def __init__(self, lab, *options, command=None, arguments=(), environment=None, installation="--user"):
        Sandboxed.count += 1
        self.lab = lab
        self.log_path = os.path.join(lab.logs, f"app-{Sandboxed.count}.log")
        self.before = set(applications())
        run = ["flatpak", "run", installation, "--die-with-parent", *options]
        if command is not None:
            run.append(f"--command={command}")
        reader, writer = os.pipe()
        run.append(f"--instance-id-fd={writer}")
        with open(self.log_path, "w") as log:
            self.process = subprocess.Popen([*run, APP_ID, *arguments], env=lab.environment(**(environment or {})),
                                            stdout=log,
                                            stderr=log, pass_fds=[writer])
        os.close(writer)
        self.instance_reader = os.fdopen(reader)
        self.instance_id = None
        Sandboxed.started.append(self.process)

    def instance(self):
        """The sandbox's instance ID, which flatpak writes once the sandbox is up."""
        if self.instance_id is None:
            self.instance_id = self.instance_reader.read().strip()
        return self.instance_id

    def crash(self):
        """SIGKILL to the app's own process in the sandbox, as a crash ends it."""
        for line in self.lab.flatpak("ps", "--columns=instance,child-pid").splitlines():
            fields = line.split()
            if fields and fields[0] == self.instance():
                os.kill(int(fields[1]), signal.SIGKILL)
                return
        raise AssertionError(f"no sandbox {self.instance()} in flatpak ps")

    def application(self, timeout=30):
        """The app's accessible application: the first one named like the app that was not
        there before this run (every instance is pid 2 in its own sandbox: a process ID does not
        tell them apart)."""
        return wait_for("the app on the accessibility bus", lambda: next(
            (app for app in applications() if app not in self.before), None), timeout=timeout)

    def window(self):
        """The app's window, focused as a window manager would (no window manager under Xvfb)."""
        window = wait_for("its window", lambda: find("frame", "Notes", self.application()))
        focus_windows_named("Notes")
        return window

    def prompt(self, title="Rate Notes", timeout=30):
        return wait_for(f'the alert "{title}"', lambda: find("alert", title, self.application()), timeout=timeout)

    def output(self):
        with open(self.log_path) as f:
            return f.read()

    def alive(self):
        return self.process.poll() is None

    def wait(self, timeout=30):
        return self.process.wait(timeout=timeout)


def applications():
    """The accessible applications of the app, by their program's name: /app/bin/notes, or a
    variant's notes.py."""
    found = []
    for app in pyatspi.Registry.getDesktop(0):
        try:
            if app is not None and app.name in ("notes", "notes.py"):
                found.append(app)
        except Exception:  # an application that quit while being read
            continue
    return found


def focus_windows_named(name):
    for window_id in subprocess.run(["xdotool", "search", "--onlyvisible", "--name", name], capture_output=True,
                                    text=True).stdout.split():
        subprocess.run(["xdotool", "windowfocus", window_id], capture_output=True)


def dialogs(title):
    """The alerts titled `title` on screen, in any application."""
    return [node for app in pyatspi.Registry.getDesktop(0) if app is not None
            for node in nodes(app) if node.getRoleName() == "alert" and node.name == title]
