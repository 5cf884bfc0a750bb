import ArmchairGLib
import CGLib
import Foundation
import Logging
import TestProcesses
import Testing

/// The screen-lock monitor as a real client of the Inhibit portal sees it: a private session bus
/// (dbus-daemon) and a stand-in of the portal (Tests/StandIns/inhibit_portal.py) that locks,
/// unlocks and asks to end the session.
extension GtkSuites {
    @MainActor
    @Suite("Screen lock through the Inhibit portal")
    struct ScreenLockMonitorTests {
        @Test("Locked, unlocked, a query-end answered at once, and the session closed when the monitor closes")
        func lockAndUnlock() async throws {
            let bus = try ChildProcess("/usr/bin/dbus-daemon", ["--session", "--nofork", "--print-address=1"])
            defer { bus.kill() }
            let address = bus.readLine()
            try #require(address.hasPrefix("unix:"), "dbus-daemon: \(address)")
            var environment = ProcessInfo.processInfo.environment
            environment["DBUS_SESSION_BUS_ADDRESS"] = address
            let portal = try ChildProcess("/usr/bin/python3", [Self.portalScript], environment: environment)
            defer { portal.kill() }
            try #require(portal.readLine() == "ready")

            let connection = try #require(Self.connect(to: address))
            defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
            let reports = LockReports()
            let monitor = ScreenLockMonitor(connection: connection, logger: Logger(label: "test")) {
                reports.states.append($0)
            }
            #expect(portal.readLine() == "monitor \(monitor.sessionPath)", "the session path the portal made")
            try await pump(until: { false }, for: 0.3)
            #expect(reports.states.isEmpty, "the first state says unlocked, which is no change")

            portal.send("lock")
            try await pump(until: { reports.states == [true] })
            #expect(reports.states == [true])

            portal.send("query-end")
            try await pump(until: { false }, for: 0.5)  // the monitor answers from the main loop
            #expect(portal.readLine() == "query-end-response \(monitor.sessionPath)", "never holds up a logout")

            portal.send("unlock")
            try await pump(until: { reports.states == [true, false] })
            #expect(reports.states == [true, false])

            monitor.close()
            try await pump(until: { false }, for: 0.2)
            #expect(portal.readLine() == "closed \(monitor.sessionPath)")
            portal.send("lock")
            try await pump(until: { false }, for: 0.3)
            #expect(reports.states == [true, false], "nothing after closing")
        }

        @Test("Without a portal on the bus, the monitor reports nothing and the screen counts as unlocked")
        func withoutPortal() async throws {
            let bus = try ChildProcess("/usr/bin/dbus-daemon", ["--session", "--nofork", "--print-address=1"])
            defer { bus.kill() }
            let connection = try #require(Self.connect(to: bus.readLine()))
            defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
            let reports = LockReports()
            let monitor = ScreenLockMonitor(connection: connection, logger: Logger(label: "test")) {
                reports.states.append($0)
            }
            try await pump(until: { false }, for: 0.3)
            #expect(reports.states.isEmpty)
            monitor.close()
        }

        static let portalScript = ProjectFolder.file("Tests/StandIns/inhibit_portal.py")

        /// A connection to the bus at `address`, as an application has to its session bus.
        static func connect(to address: String) -> OpaquePointer? {
            let flags = GDBusConnectionFlags(
                rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                    | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
            return g_dbus_connection_new_for_address_sync(address, flags, nil, nil, nil)
        }

        /// Runs the main context until `condition` holds, for up to `seconds`.
        func pump(until condition: () -> Bool, for seconds: Double = 5) async throws {
            let deadline = Date().addingTimeInterval(seconds)
            while !condition(), Date() < deadline {
                while g_main_context_iteration(nil, 0) != 0 {}
                try await Task.sleep(for: .milliseconds(10))
            }
        }
    }
}

/// What a monitor reported, in order.
@MainActor
private final class LockReports {
    var states: [Bool] = []
}
