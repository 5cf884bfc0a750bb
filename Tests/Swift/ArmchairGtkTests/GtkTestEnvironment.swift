import CGtk
import Foundation
import Synchronization
import Testing

/// One GTK set-up for every GTK test in this process: a display (the tests run under Xvfb), and
/// temporary XDG folders in which a test handler is the desktop's default for `appstream:` and
/// `mailto:` addresses, so opening them goes through GIO's real dispatch.
@MainActor
enum GtkTestEnvironment {
    /// The folder of this run's XDG data, handler and its record.
    static let folder: String = {
        let path = NSTemporaryDirectory() + "armchair-gtk-tests-\(getpid())"
        try? FileManager.default.removeItem(atPath: path)
        try? FileManager.default.createDirectory(atPath: path + "/data/applications", withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(atPath: path + "/config/armchair", withIntermediateDirectories: true)
        // Each test is another app of one person, and none tests the desktop's quiet period
        // between apps (DesktopEngineTests does): apps here do not wait for each other.
        try? "[Desktop]\nquiet-days=0\n".write(
            toFile: path + "/config/armchair/desktop.conf", atomically: true, encoding: .utf8)
        return path
    }()

    /// The file the test handler appends every address it is asked to open to.
    static var openedLog: String { folder + "/opened.txt" }

    /// Whether there is a display to test on (the test command runs the tests under Xvfb).
    nonisolated static let hasDisplay = ProcessInfo.processInfo.environment["DISPLAY"].map { !$0.isEmpty } ?? false

    /// Sets GTK up on the main thread, once; whether it could open the display.
    static let isReady: Bool = {
        installHandler()
        setenv("XDG_DATA_HOME", folder + "/data", 1)
        setenv("XDG_CONFIG_HOME", folder + "/config", 1)
        setenv("GIO_USE_NETWORK_MONITOR", "base", 1)
        setenv("GTK_THEME", "Adwaita", 1)
        hideSessionBus()
        recordCriticals()
        return gtk_init_check(nil, nil) != 0
    }()

    /// Keeps this process off the session bus, where there is one (a desktop, or CI's
    /// `dbus-run-session`): GTK 3 exports `/org/gtk/Profiler` for each `GtkApplication` it registers
    /// there, so a second application in one process could not register, while every lifecycle
    /// test registers its own. Without a bus, GLib registers each one in the process, as on a bare
    /// machine. The installed library's tests (Tests/Library) run their apps on a session bus.
    /// Set before anything connects (GLib keeps its first session connection), here and in
    /// LibArmchairTests, whichever runs first.
    static func hideSessionBus() {
        setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/armchair-tests-use-no-session-bus", 1)
        setenv("NO_AT_BRIDGE", "1", 1)
    }

    /// Every critical message GTK, GDK and GLib logged in this process so far: a widget used after
    /// it was destroyed, a wrong type passed. A test that must not cause one compares the count.
    nonisolated static var criticals: [String] { loggedCriticals.withLock { $0 } }

    private nonisolated static let loggedCriticals = Mutex<[String]>([])

    /// Records critical messages, and still prints them as GLib does.
    private static func recordCriticals() {
        for domain in ["Gtk", "Gdk", "GLib", "GLib-GObject", "GLib-GIO", "Atk", "Pango"] {
            g_log_set_handler(
                domain, GLogLevelFlags(rawValue: G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_FLAG_FATAL.rawValue),
                { domain, level, message, _ in
                    let text =
                        "\(domain.map { String(cString: $0) } ?? "?"): \(message.map { String(cString: $0) } ?? "")"
                    GtkTestEnvironment.loggedCriticals.withLock { $0.append(text) }
                    g_log_default_handler(domain, level, message, nil)
                }, nil)
        }
    }

    /// The addresses the handler was asked to open so far.
    static var openedAddresses: [String] {
        (try? String(contentsOfFile: openedLog, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
    }

    private static func installHandler() {
        let script = folder + "/handler.sh"
        try? "#!/bin/sh\nprintf '%s\\n' \"$1\" >> '\(openedLog)'\n".write(
            toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let desktop = """
            [Desktop Entry]
            Type=Application
            Name=Armchair Test Handler
            Exec=\(script) %u
            NoDisplay=true
            MimeType=x-scheme-handler/appstream;x-scheme-handler/mailto;

            """
        try? desktop.write(
            toFile: folder + "/data/applications/armchair-test-handler.desktop", atomically: true, encoding: .utf8)
        let defaults = """
            [Default Applications]
            x-scheme-handler/appstream=armchair-test-handler.desktop
            x-scheme-handler/mailto=armchair-test-handler.desktop

            """
        try? defaults.write(toFile: folder + "/config/mimeapps.list", atomically: true, encoding: .utf8)
    }
}

/// Every GTK suite runs inside this one, one test at a time: GTK has one main thread, and two
/// suites interleaving their dialogs would find each other's windows.
@Suite(
    "GTK", .serialized,
    .enabled(
        if: GtkTestEnvironment.hasDisplay,
        "GTK cannot open a display: run under scripts/x11/run.sh (a private X server)"),
    .timeLimit(.minutes(1)))
enum GtkSuites {}
