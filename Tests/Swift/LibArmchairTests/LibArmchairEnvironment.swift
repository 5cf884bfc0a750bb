import CArmchair
import Foundation
import Synchronization
import Testing

/// One set-up for every test of the C library in this process: a temporary `XDG_STATE_HOME`, so
/// that the engines' state files are real files the tests read, a temporary `XDG_CONFIG_HOME` in
/// which the person's desktop settings let apps prompt one after another (each test is another
/// app, a new application ID), and a record of the criticals and warnings the library logs.
@MainActor
enum LibArmchairEnvironment {
    /// The app name in the dialogs these tests show. The GTK suites of ArmchairGtkTests, which
    /// run at the same time in the same test process, leave their dialogs out
    /// (`DialogDriver.visibleDialogs`).
    static let dialogAppName = "Library Notes"

    /// The folder of this run's state files.
    static let folder: String = {
        let path = NSTemporaryDirectory() + "libarmchair-tests-\(getpid())"
        try? FileManager.default.removeItem(atPath: path)
        try? FileManager.default.createDirectory(atPath: path + "/state", withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(atPath: path + "/config/armchair", withIntermediateDirectories: true)
        try? "[Desktop]\nquiet-days=0\n".write(
            toFile: path + "/config/armchair/desktop.conf", atomically: true, encoding: .utf8)
        return path
    }()

    /// Sets the environment up, once.
    static let isReady: Bool = {
        setenv("XDG_STATE_HOME", folder + "/state", 1)
        // ArmchairGtkTests' environment, in this process too, sets its own, with the same desktop
        // settings and the handlers its tests need: it is kept when it is there first.
        setenv("XDG_CONFIG_HOME", folder + "/config", 0)
        // Off the session bus, as ArmchairGtkTests' GtkTestEnvironment.hideSessionBus() explains:
        // whichever of the two runs first keeps GLib's session connection.
        setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/armchair-tests-use-no-session-bus", 1)
        setenv("NO_AT_BRIDGE", "1", 1)
        recordMessages()
        return true
    }()

    /// Waits (up to 5 seconds) until `condition` holds, running the main actor's tasks meanwhile.
    @MainActor
    static func waitUntil(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(5)
        while !condition(), ContinuousClock.now < deadline {
            await Task.yield()
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// A new application ID, so that no two tests share a state file.
    static func uniqueAppID() -> String {
        "org.example.LibArmchair.T" + UUID().uuidString.replacingOccurrences(of: "-", with: "")
    }

    /// The state file of the app `appID`, as it is on disk now.
    static func stateFile(of appID: String) -> String {
        (try? String(contentsOfFile: "\(folder)/state/\(appID)/armchair.ini", encoding: .utf8)) ?? ""
    }

    /// Every critical and warning the C library logged in this process so far.
    nonisolated static var messages: [String] { loggedMessages.withLock { $0 } }

    private nonisolated static let loggedMessages = Mutex<[String]>([])

    /// Records the library's criticals and warnings, and still prints them as GLib does.
    nonisolated private static func recordMessages() {
        for domain in ["Armchair", "ArmchairGtk3"] {
            g_log_set_handler(
                domain,
                GLogLevelFlags(
                    rawValue: G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_LEVEL_WARNING.rawValue | G_LOG_FLAG_FATAL.rawValue),
                { domain, level, message, _ in
                    let text =
                        "\(domain.map { String(cString: $0) } ?? "?"): \(message.map { String(cString: $0) } ?? "")"
                    LibArmchairEnvironment.loggedMessages.withLock { $0.append(text) }
                    g_log_default_handler(domain, level, message, nil)
                }, nil)
        }
    }

    /// The messages logged while `body` ran.
    static func messages(during body: () throws -> Void) rethrows -> [String] {
        let before = messages.count
        try body()
        return Array(messages.dropFirst(before))
    }
}

/// Every suite of the C library runs inside this one, one test at a time, on the main thread
/// the engine's functions require.
@Suite("libarmchair", .serialized, .timeLimit(.minutes(1)))
enum LibArmchairSuites {}
