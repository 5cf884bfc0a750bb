import Armchair
import ArmchairGLib
import ArmchairTesting
import CGdkX11
import CGtk
import Foundation
import TestProcesses
import Testing

@testable import ArmchairGtk

/// The GtkApplication binding with a real application and real focus changes (made by xdotool,
/// as a window manager would): launches, returns after an absence, quick Alt+Tabs, active time,
/// and the network and window conditions for the prompt.
extension GtkSuites {
    @MainActor
    @Suite("GTK application lifecycle")
    struct GtkLifecycleTests {
        let statePath: String
        let application: UnsafeMutablePointer<GtkApplication>

        init() throws {
            try #require(GtkTestEnvironment.isReady, "GTK could not open the display")
            statePath = GtkTestEnvironment.folder + "/lifecycle-\(UUID().uuidString)/armchair.ini"
            // An ID of its own, as each app has (GtkTestEnvironment keeps the process off the session
            // bus, where applications without one would share /org/gtk/Application/anonymous).
            application = gtk_application_new(Self.uniqueID(), G_APPLICATION_NON_UNIQUE)!
            let registered = g_application_register(
                OpaquePointer(application).map { UnsafeMutablePointer<GApplication>($0) }, nil, nil)
            try #require(registered != 0)
        }

        /// An application ID no other test uses.
        static func uniqueID() -> String {
            "org.example.Lifecycle.T\(UUID().uuidString.replacingOccurrences(of: "-", with: ""))"
        }

        func attach(
            promptAtLaunch: Bool = false, absence: Double = 0.6, quietTime: Double = 0.2,
            waitsForActiveWindow: Bool = true,
            presenter: (GtkRatingPresenter) -> any RatingPresenter = { $0 }
        ) throws -> ApplicationBinding {
            var configuration = Configuration(appID: "org.example.Notes", appName: "Notes", appVersion: "1.0")
            configuration.promptAtLaunch = promptAtLaunch
            configuration.daysUntilPrompt = 0
            configuration.usesUntilPrompt = 0
            var settings = ApplicationBinding.Settings()
            settings.promptDelay = 0.05
            settings.quietTime = quietTime
            settings.absenceCountedAsUse = absence
            settings.waitsForActiveWindow = waitsForActiveWindow
            return try ApplicationBinding.attach(
                to: UnsafeMutableRawPointer(application), configuration: configuration,
                store: KeyFileStore(path: statePath), presenter: presenter, settings: settings)
        }

        func activate() {
            g_application_activate(OpaquePointer(application).map { UnsafeMutablePointer<GApplication>($0) })
            DialogDriver.pump()
        }

        /// One application for the whole story, as one app lives it.
        @Test("A session as a user lives it: launches, Alt+Tab, a return after an absence, the network, shutdown")
        func session() async throws {
            // The launch prompt waits for the network: take it down, with the system's monitor
            // silenced, whose reports come when they come and would bring it back up.
            let binding = try attach(promptAtLaunch: true)
            let monitor = UnsafeMutableRawPointer(g_network_monitor_get_default())
            let networkChanged = g_signal_lookup("network-changed", g_network_monitor_get_type())
            g_signal_handlers_block_matched(monitor, G_SIGNAL_MATCH_ID, networkChanged, 0, nil, nil, nil)
            defer { g_signal_handlers_unblock_matched(monitor, G_SIGNAL_MATCH_ID, networkChanged, 0, nil, nil, nil) }
            binding.scheduler.networkChanged(isAvailable: false)

            // Every activate is a use, a re-launch of the running instance too.
            activate()
            activate()
            #expect(binding.engine.state.useCount == 2)
            #expect(binding.engine.state.sessions.count == 1)
            try await Task.sleep(for: .milliseconds(200))
            DialogDriver.pump()
            #expect(DialogDriver.visibleDialogs().isEmpty, "no window is active yet")

            // A window becomes active: the prompt still waits for the network.
            let window = try await Focus.showWindow(in: application)
            let other = try await Focus.showWindow(in: nil)
            try await Focus.give(to: window)
            try await Task.sleep(for: .milliseconds(200))
            DialogDriver.pump()
            #expect(DialogDriver.visibleDialogs().isEmpty, "the network is down")

            // A quick Alt+Tab away and back is not a use.
            try await Focus.give(to: other)
            try await Focus.give(to: window)
            #expect(binding.engine.state.useCount == 2)

            // Back after the absence: a use. Time with the window active has been added up.
            try await Focus.give(to: other)
            try await Task.sleep(for: .milliseconds(700))
            try await Focus.give(to: window)
            #expect(binding.engine.state.useCount == 3)
            #expect(binding.engine.state.activeUsageSeconds > 0)

            // The network comes back: the prompt appears over the active window.
            binding.scheduler.networkChanged(isAvailable: true)
            let dialog = try await DialogDriver.dialog(titled: "Rate Notes")
            #expect(
                gtk_window_get_transient_for(OpaquePointer(dialog).map { UnsafeMutablePointer<GtkWindow>($0) })
                    == OpaquePointer(window).map { UnsafeMutablePointer<GtkWindow>($0) })
            DialogDriver.click("Remind Me _Later", in: dialog)
            try await Task.sleep(for: .milliseconds(100))
            #expect(binding.engine.state.lastRemindedDate != nil)

            // Shutdown ends the session cleanly, so the next launch is not taken for a crash.
            emitShutdown(application)
            #expect(binding.engine.state.sessions.isEmpty)
            gtk_widget_destroy(window)
            gtk_widget_destroy(other)
        }
    }
}

extension GtkSuites.GtkLifecycleTests {
    @Test("An app without a main window (a tray or background app) can have the prompt without waiting for one")
    func withoutMainWindow() async throws {
        let binding = try attach(promptAtLaunch: true, waitsForActiveWindow: false)
        activate()
        let dialog = try await DialogDriver.dialog(titled: "Rate Notes")
        #expect(gtk_window_get_transient_for(OpaquePointer(dialog).map { UnsafeMutablePointer<GtkWindow>($0) }) == nil)
        DialogDriver.click("Remind Me _Later", in: dialog)
        try await Task.sleep(for: .milliseconds(100))
        #expect(binding.engine.state.lastRemindedDate != nil)
        emitShutdown(application)
    }
}

extension GtkSuites.GtkLifecycleTests {
    @Test(
        "The presenter the app makes around the binding's GTK presenter is the one the engine shows the prompt through")
    func appsOwnPresenter() async throws {
        var made: OwnRatingPrompt?
        let binding = try attach { gtk in
            let presenter = OwnRatingPrompt(wrapping: gtk)
            made = presenter
            return presenter
        }
        let presenter = try #require(made)
        #expect(presenter.wrapped === binding.presenter, "it wraps the presenter whose dialogs have a parent")
        activate()
        let task = try #require(binding.engine.showPrompt())
        #expect(await DialogDriver.outcome(of: task) == .answered(.remindLater))
        #expect(presenter.promptsShown == 1)
        #expect(DialogDriver.visibleDialogs().isEmpty, "no GTK rating dialog")
        #expect(binding.engine.state.lastRemindedDate != nil)
        emitShutdown(application)
    }
}

extension GtkSuites.GtkLifecycleTests {
    @Test("A launch is counted once the app's own activate handler has run, never before its window")
    func launchCountedAfterActivate() throws {
        let binding = try attach()
        var usesSeenByTheApp: [Int] = []
        // Connected after the binding, as an app connects its handler after the one-line attach.
        Signal.connect(UnsafeMutableRawPointer(application), "activate") {
            usesSeenByTheApp.append(binding.engine.state.useCount)
        }
        g_application_activate(OpaquePointer(application).map { UnsafeMutablePointer<GApplication>($0) })
        #expect(usesSeenByTheApp == [0], "the state file is not written before the app's window exists")
        #expect(binding.engine.state.useCount == 0)
        DialogDriver.pump()
        #expect(binding.engine.state.useCount == 1)
        let saved = try StateCodec(configuration: binding.engine.configuration).decode(
            KeyFileStore(path: statePath).read())
        #expect(saved.state.useCount == 1, "saved on disk")
        emitShutdown(application)
    }

    @Test("A launch not counted yet when the app quits is counted at shutdown, and the session ends cleanly")
    func launchPendingAtShutdown() throws {
        let binding = try attach()
        g_application_activate(OpaquePointer(application).map { UnsafeMutablePointer<GApplication>($0) })
        g_application_activate(OpaquePointer(application).map { UnsafeMutablePointer<GApplication>($0) })
        #expect(binding.engine.state.useCount == 0)
        emitShutdown(application)
        #expect(binding.engine.state.useCount == 2)
        #expect(binding.engine.state.sessions.isEmpty, "the session ended cleanly")
        DialogDriver.pump()
        #expect(binding.engine.state.useCount == 2, "the launches are not counted again")
    }
}

extension GtkSuites.GtkLifecycleTests {
    @Test(
        "A launch on files (open) or from a command line counts once, also when its handler activates",
        arguments: [
            (G_APPLICATION_HANDLES_OPEN, "open", false), (G_APPLICATION_HANDLES_OPEN, "open", true),
            (G_APPLICATION_HANDLES_COMMAND_LINE, "command-line", false),
            (G_APPLICATION_HANDLES_COMMAND_LINE, "command-line", true),
        ])
    func launchThroughOpenOrCommandLine(flag: GApplicationFlags, signal: String, activates: Bool) throws {
        let application = try #require(
            gtk_application_new(
                Self.uniqueID(), GApplicationFlags(rawValue: flag.rawValue | G_APPLICATION_NON_UNIQUE.rawValue)))
        defer { g_object_unref(UnsafeMutableRawPointer(application)) }
        let binding = try ApplicationBinding.attach(
            to: UnsafeMutableRawPointer(application),
            configuration: Configuration(appID: "org.example.Notes", appName: "Notes", appVersion: "1.0"),
            store: KeyFileStore(path: statePath))
        var activations = 0
        Signal.connect(UnsafeMutableRawPointer(application), "activate") { activations += 1 }
        // The app's own handler, as a document or command-line app has one.
        Signal.connect(UnsafeMutableRawPointer(application), signal) {
            if activates {
                g_application_activate(OpaquePointer(application).map { UnsafeMutablePointer<GApplication>($0) })
            }
        }
        let words: [String] = ["notes", "/tmp/a note.txt"]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { g_strdup($0) }
        defer { for argument in arguments { g_free(argument) } }
        var argv = arguments + [nil]
        let status = g_application_run(
            OpaquePointer(application).map { UnsafeMutablePointer<GApplication>($0) }, 2, &argv)
        #expect(status == 0)
        #expect(activations == (activates ? 1 : 0))
        #expect(
            binding.engine.state.useCount == 1,
            "a launch through \(signal) counted \(binding.engine.state.useCount) times")
        #expect(binding.engine.state.sessions.isEmpty, "the session did not end cleanly")
    }

    @Test("At shutdown the binding lets go: events still count, nothing prompts, no window is followed")
    func bindingEndsAtShutdown() async throws {
        let binding = try attach()
        let window = try await Focus.showWindow(in: application)
        let armchairHandlers = isActiveHandlers(of: window)
        #expect(armchairHandlers == 1, "the binding follows the window")
        emitShutdown(application)
        #expect(binding.engine.presenter == nil)
        #expect(isActiveHandlers(of: window) == 0, "the binding still follows the window")
        binding.engine.significantEvent("export")
        #expect(binding.engine.showPrompt() == nil, "the engine prompted after shutdown")
        #expect(binding.engine.state.significantEventCount == 1)
        #expect(binding.engine.state.promptDates.isEmpty, "a prompt nobody saw was recorded")
        gtk_widget_destroy(window)
    }

    /// The handlers of `notify::is-active` on `window`, found one by one.
    private func isActiveHandlers(of window: UnsafeMutablePointer<GtkWidget>) -> Int {
        let notify = g_signal_lookup("notify", g_object_get_type())
        let detail = g_quark_from_string("is-active")
        let match = GSignalMatchType(
            rawValue: G_SIGNAL_MATCH_ID.rawValue | G_SIGNAL_MATCH_DETAIL.rawValue | G_SIGNAL_MATCH_UNBLOCKED.rawValue)
        var found: [gulong] = []
        while case let handler = g_signal_handler_find(window, match, notify, detail, nil, nil, nil), handler != 0 {
            g_signal_handler_block(window, handler)
            found.append(handler)
        }
        for handler in found { g_signal_handler_unblock(window, handler) }
        return found.count
    }
}

/// An app's own rating prompt in place of the GTK one: it counts the prompts and answers "remind
/// me later".
@MainActor
final class OwnRatingPrompt: ForwardingPresenter<GtkRatingPresenter> {
    private(set) var promptsShown = 0

    override func presentRatingPrompt(_ prompt: RatingPrompt) async -> RatingAnswer {
        promptsShown += 1
        return .remindLater
    }
}

/// Emits "shutdown" on the application, as `g_application_run` does when it returns.
@MainActor
func emitShutdown(_ application: UnsafeMutablePointer<GtkApplication>) {
    // g_signal_emit_by_name is variadic; look the signal up and emit it by ID instead.
    let instance = UnsafeMutableRawPointer(application)
    let signal = g_signal_lookup("shutdown", g_application_get_type())
    var value = GValue()
    g_value_init(&value, g_application_get_type())
    g_value_set_object(&value, instance)
    g_signal_emitv(&value, signal, 0, nil)
    g_value_unset(&value)
}

/// Real focus changes through the X server, as a window manager makes them.
@MainActor
enum Focus {
    static func showWindow(in application: UnsafeMutablePointer<GtkApplication>?) async throws
        -> UnsafeMutablePointer<GtkWidget>
    {
        let window = (application.map { gtk_application_window_new($0) } ?? gtk_window_new(GTK_WINDOW_TOPLEVEL))!
        gtk_window_set_default_size(OpaquePointer(window).map { UnsafeMutablePointer<GtkWindow>($0) }, 200, 100)
        gtk_widget_show_all(window)
        for _ in 0..<100 where gtk_widget_get_mapped(window) == 0 {
            DialogDriver.pump()
            try await Task.sleep(for: .milliseconds(10))
        }
        return window
    }

    static func give(to window: UnsafeMutablePointer<GtkWidget>) async throws {
        let xid = gdk_x11_window_get_xid(gtk_widget_get_window(window))
        let gtkWindow = OpaquePointer(window).map { UnsafeMutablePointer<GtkWindow>($0) }
        // A window just mapped may not take the focus yet (BadMatch): ask again until it has it.
        for _ in 0..<20 where gtk_window_is_active(gtkWindow) == 0 {
            _ = try ChildProcess.run("/usr/bin/xdotool", ["windowfocus", String(xid)])
            for _ in 0..<10 where gtk_window_is_active(gtkWindow) == 0 {
                DialogDriver.pump()
                try await Task.sleep(for: .milliseconds(10))
            }
        }
        #expect(gtk_window_is_active(gtkWindow) != 0, "the window did not get the focus")
        DialogDriver.pump()
    }
}
