package import ArmchairCore
import CGLib

/// What every toolkit's application binding reports to its ``PromptScheduler``, taken from
/// signals GTK 3 and GTK 4 share by name: a `GApplication`'s `activate` (a launch, reported once
/// the app has drawn its window: ``DeferredLaunches``) and `shutdown` (the clean end of the session), a `GtkApplication`'s `window-added`, each window's
/// `notify::is-active` (a change of activity), and `GNetworkMonitor`'s `network-changed`.
@MainActor
package enum ApplicationSignals {
    /// Makes the scheduler for `engine` and connects `application`'s signals to it, for as long as
    /// the application lives: its signal handlers hold the scheduler.
    ///
    /// - Parameters:
    ///   - application: The `GtkApplication *` (GTK 3 or 4), before `g_application_run`.
    ///   - hasActiveWindow: Whether one of the application's windows has the focus; the toolkit
    ///     answers it.
    package static func schedule(
        _ engine: RatingEngine, settings: PromptScheduler.Settings, application: UnsafeMutableRawPointer,
        hasActiveWindow: @escaping @MainActor () -> Bool
    ) -> PromptScheduler {
        let monitor = g_network_monitor_get_default()
        let scheduler = PromptScheduler(
            engine: engine, settings: settings, clock: MainLoopClock(),
            isNetworkAvailable: monitor.map { g_network_monitor_get_network_available($0) != 0 } ?? true)
        let launches = DeferredLaunches(scheduler: scheduler)
        Signal.connect(application, "activate") { launches.launched() }
        Signal.connect(application, "window-added") { (window: UnsafeMutableRawPointer?) in
            Signal.connect(window, "notify::is-active") { (_: UnsafeMutableRawPointer?) in
                scheduler.windowActivityChanged(isActive: hasActiveWindow())
            }
        }
        Signal.connect(application, "shutdown") {
            launches.shuttingDown()
            scheduler.shuttingDown()
        }
        if let monitor {
            Signal.connect(UnsafeMutableRawPointer(monitor), "network-changed") { (available: Bool) in
                scheduler.networkChanged(isAvailable: available)
            }
        }
        return scheduler
    }

    /// `configuration` with the name the application gave itself (`g_set_application_name`) as
    /// its `appName`, when it has none.
    package static func withApplicationName(_ configuration: Configuration) -> Configuration {
        var configuration = configuration
        if configuration.appName == nil, let name = g_get_application_name() {
            configuration.appName = String(cString: name)
        }
        return configuration
    }
}
