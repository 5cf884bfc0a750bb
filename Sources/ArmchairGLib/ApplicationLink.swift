package import ArmchairCore
import CGLib
import Logging

/// What ties a binding to its application: it reports the application's signals to a
/// ``PromptScheduler`` until the application shuts down or goes, whichever comes first, and then
/// ends, so that nothing of Armchair touches the application or its windows again and the engine
/// prompts no more.
///
/// It takes from signals GTK 3 and GTK 4 share by name: a `GApplication`'s `activate`, `open` and
/// `command-line` (a launch, counted once even when the app's `open` or `command-line` handler
/// activates too, and reported once the app has drawn its window: ``DeferredLaunches``; the last
/// two through emission hooks, which leave the emission as it is), `shutdown`
/// (the clean end of the session) and `notify::is-registered` (a remote instance ends the link at
/// once), a
/// `GtkApplication`'s `window-added` and `window-removed`, each window's `notify::is-active` (a
/// change of activity), and `GNetworkMonitor`'s `network-changed`. From the toolkit
/// (``ToolkitWindows``) it reports each key, click, touch and scroll in the app's windows, seen in
/// the capture phase and never consumed, and whether one of them is fullscreen; and whether the
/// screen is locked, from the application's `screensaver-active` (when the app registered with the
/// session) and the Inhibit portal's monitor (``ScreenLockMonitor``).
///
/// Everything is held the GLib way: the application and its windows weakly (``WeakObject``), each
/// handler disconnected when its window leaves the application or the link ends, the network
/// monitor referenced only while its handler is connected. The link itself lives as long as the
/// application's handlers and a weak-reference notification on it hold it.
@MainActor
package final class ApplicationLink {
    /// The scheduler the link reports to, made for the engine.
    package let scheduler: PromptScheduler
    /// The application, held weakly.
    package let application: WeakObject
    /// Whether the link has ended: the application shut down or went.
    package private(set) var hasEnded = false

    private let toolkit: any ToolkitWindows
    private let launches: DeferredLaunches
    private var applicationHandlers: [gulong] = []
    /// The emission hooks of `open` and `command-line`, which are not the application's to remove.
    private var launchHooks: [Signal.EmissionHook] = []
    private var windows: [(window: WeakObject, handler: gulong, watch: WindowWatch)] = []
    private var monitor: (object: UnsafeMutableRawPointer, handler: gulong)?
    /// The Inhibit portal's screen-lock monitor, once the application is registered on the bus.
    private var screenLock: ScreenLockMonitor?
    /// Whether the portal says the screen is locked, and whether the application's
    /// `screensaver-active` does.
    private var lockedByPortal = false
    private var lockedBySession = false
    /// The link, retained for the weak-reference notification on the application until it ends.
    private var finalizeWatch: UnsafeMutableRawPointer?

    /// Makes the scheduler for `engine` and connects `application`'s signals to it.
    ///
    /// - Parameters:
    ///   - application: The `GtkApplication *` (GTK 3 or 4), before `g_application_run`.
    ///   - toolkit: What the toolkit says of the application's windows.
    package init(
        _ engine: RatingEngine, settings: PromptScheduler.Settings, application: UnsafeMutableRawPointer,
        toolkit: any ToolkitWindows
    ) {
        let monitor = g_network_monitor_get_default()
        scheduler = PromptScheduler(
            engine: engine, settings: settings, clock: MainLoopClock(),
            isNetworkAvailable: monitor.map { g_network_monitor_get_network_available($0) != 0 } ?? true)
        self.application = WeakObject(application)
        self.toolkit = toolkit
        launches = DeferredLaunches(scheduler: scheduler)
        scheduler.isOtherDialogOpen = { toolkit.hasModalDialog() }
        applicationHandlers = [
            Signal.connect(application, "activate") { [self] in launches.launched() },
            Signal.connect(application, "window-added") { [self] (window: UnsafeMutableRawPointer?) in
                windowAdded(window)
            },
            Signal.connect(application, "window-removed") { [self] (window: UnsafeMutableRawPointer?) in
                windowRemoved(window)
            },
            Signal.connect(application, "shutdown") { [self] in
                launches.shuttingDown()
                scheduler.shuttingDown()
                end(because: "the application shut down")
            },
            Signal.connect(application, "notify::is-registered") { [self] (_: UnsafeMutableRawPointer?) in
                endIfRemote()
                watchScreenLock()
            },
            Signal.connect(application, "notify::screensaver-active") { [self] (_: UnsafeMutableRawPointer?) in
                lockedBySession =
                    self.application.withObject { GObjectProperty.bool($0, "screensaver-active") } ?? false
                reportScreenLock()
            },
        ]
        // A document app started on files gets `open`, a command-line app `command-line`, instead
        // of `activate`: each is a launch, and an `activate` its handler adds is the same one.
        // Hooks, not handlers: a handler of `command-line` would end the emission before the app's.
        launchHooks = ["open", "command-line"].map { name in
            Signal.addEmissionHook(on: application, name, of: g_application_get_type()) { [self] in
                launches.launched(absorbingActivation: true)
            }
        }
        if let monitor {
            let object = UnsafeMutableRawPointer(monitor)
            let handler = Signal.connect(object, "network-changed") { [self] (available: Bool) in
                scheduler.networkChanged(isAvailable: available)
            }
            self.monitor = (g_object_ref(object), handler)
        }
        finalizeWatch = Unmanaged.passRetained(self).toOpaque()
        g_object_weak_ref(cast(application), Self.applicationFinalized, finalizeWatch)
        endIfRemote()
        watchScreenLock()
    }

    /// Takes over from libarmchair's C, which watched the application until the link was made
    /// (after the app's first frame, or when the app asked something that needs the engine): the
    /// windows the application has, the launches and the activity C saw, and a shutdown under way.
    ///
    /// - Parameters:
    ///   - launches: The launches not reported yet; the last one came through `open` or
    ///     `command-line` when `absorbsActivation`.
    ///   - activeSince: The uptime (``MainLoopClock``) since which one of the windows has been
    ///     active, if one is.
    ///   - lastInput: The uptime of the last input in one of the windows.
    ///   - shuttingDown: Whether the application is shutting down.
    package func catchUp(
        launches count: Int, absorbsActivation: Bool, activeSince: Double?, lastInput: Double?, shuttingDown: Bool
    ) {
        guard !hasEnded else { return }
        application.withObject { application in
            for window in toolkit.openWindows(application) { windowAdded(window) }
        }
        activityChanged()
        scheduler.catchUp(activeSince: activeSince, lastInput: lastInput)
        for launch in 0..<count {
            launches.launched(absorbingActivation: absorbsActivation && launch == count - 1)
        }
        if shuttingDown {
            launches.shuttingDown()
            scheduler.shuttingDown()
            end(because: "the application shut down")
        }
    }

    /// Ends the link now (the binding is dropped): the application keeps running without Armchair.
    package func end() {
        end(because: "the binding was released")
    }

    // MARK: Private

    private static let applicationFinalized: GWeakNotify = { data, _ in
        guard let data else { return }
        let link = UncheckedSendable(data)
        MainThread.run {
            let watched = Unmanaged<ApplicationLink>.fromOpaque(link.value).takeUnretainedValue()
            // The application is being finalized: its handlers are gone and its weak reference
            // notification with them; nothing may be disconnected from it.
            watched.finalizeWatch = nil
            watched.applicationHandlers = []
            watched.end(because: "the application was finalized")
            Unmanaged<ApplicationLink>.fromOpaque(link.value).release()
        }
    }

    /// A second launch of a single-instance app registers as a remote instance: it hands its
    /// launch to the running instance, which counts it and may prompt, and returns from
    /// `g_application_run` without a `startup` or `shutdown` of its own. It never prompts.
    private func endIfRemote() {
        let isRemote = application.withObject { application in
            let application: UnsafeMutablePointer<GApplication>? = cast(application)
            return g_application_get_is_registered(application) != 0 && g_application_get_is_remote(application) != 0
        }
        if isRemote == true { end(because: "this process is a second instance; the running one counts and prompts") }
    }

    /// Opens the Inhibit portal's monitor on the application's own bus connection, once the
    /// application is registered as the primary instance.
    private func watchScreenLock() {
        guard !hasEnded, screenLock == nil else { return }
        let connection = application.withObject { application -> OpaquePointer? in
            let application: UnsafeMutablePointer<GApplication>? = cast(application)
            guard g_application_get_is_registered(application) != 0, g_application_get_is_remote(application) == 0
            else { return nil }
            return g_application_get_dbus_connection(application)
        }
        guard let connection = connection ?? nil else { return }
        screenLock = ScreenLockMonitor(connection: connection, logger: scheduler.engine.logger) { [self] isLocked in
            lockedByPortal = isLocked
            reportScreenLock()
        }
    }

    private func reportScreenLock() {
        guard !hasEnded else { return }
        scheduler.screenLockChanged(isLocked: lockedByPortal || lockedBySession)
    }

    private func windowAdded(_ window: UnsafeMutableRawPointer?) {
        guard !hasEnded, let window, !windows.contains(where: { $0.window.holds(window) }) else { return }
        let handler = Signal.connect(window, "notify::is-active") { [self] (_: UnsafeMutableRawPointer?) in
            activityChanged()
        }
        let watch = toolkit.watch(
            window, input: { [self] input in if !hasEnded { scheduler.userInput(input) } },
            fullscreenChanged: { [self] in fullscreenChanged() })
        windows.append((WeakObject(window), handler, watch))
        fullscreenChanged()
    }

    private func windowRemoved(_ window: UnsafeMutableRawPointer?) {
        guard let window, let index = windows.firstIndex(where: { $0.window.holds(window) }) else { return }
        g_signal_handler_disconnect(window, windows[index].handler)
        windows[index].watch.stop(window)
        windows.remove(at: index)
        activityChanged()
        fullscreenChanged()
    }

    private func fullscreenChanged() {
        guard !hasEnded else { return }
        scheduler.fullscreenChanged(isFullscreen: application.withObject(toolkit.hasFullscreenWindow) ?? false)
    }

    private func activityChanged() {
        guard !hasEnded else { return }
        scheduler.windowActivityChanged(isActive: application.withObject(toolkit.hasActiveWindow) ?? false)
    }

    /// Disconnects everything Armchair connected, and makes the engine prompt no more.
    private func end(because reason: String) {
        guard !hasEnded else { return }
        hasEnded = true
        launches.cancel()
        launchHooks.forEach(Signal.removeEmissionHook)
        launchHooks = []
        for (window, handler, watch) in windows {
            let wasAlive = window.withObject { window in
                g_signal_handler_disconnect(window, handler)
                watch.stop(window)
                return true
            }
            if wasAlive == nil { watch.stop(nil) }
        }
        windows = []
        screenLock?.close()
        screenLock = nil
        scheduler.stopWaiting()
        if let monitor {
            g_signal_handler_disconnect(monitor.object, monitor.handler)
            g_object_unref(monitor.object)
            self.monitor = nil
        }
        let watch = finalizeWatch
        // Without the application, its notification has run or will: it releases the link then.
        let unwatched =
            application.withObject { application in
                for handler in applicationHandlers { g_signal_handler_disconnect(application, handler) }
                if let watch { g_object_weak_unref(cast(application), Self.applicationFinalized, watch) }
                return true
            } ?? false
        applicationHandlers = []
        finalizeWatch = nil
        scheduler.engine.presenter = nil
        scheduler.engine.logger.debug(
            "Armchair's binding ended (\(reason)): the rating prompt will not show again in this process; uses and events are still counted."
        )
        // Last: the reference the notification held may be the link's last.
        if unwatched, let watch { Unmanaged<ApplicationLink>.fromOpaque(watch).release() }
    }
}
