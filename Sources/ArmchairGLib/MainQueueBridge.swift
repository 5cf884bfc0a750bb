import CArmchairGtkSupport

/// Runs Swift's main-actor work under a GLib main loop.
///
/// A GTK app spends its life in `g_application_run`, which never drains libdispatch's main queue,
/// so `@MainActor` tasks and `DispatchQueue.main` blocks would never run. libdispatch signals an
/// eventfd whenever work is queued there; a GLib source on the default main context watches it and
/// drains the queue, which makes both loops one.
///
/// The queue may be drained on the main thread only. When another thread iterates the default
/// context (an app whose loop runs on a worker), the source neither drains nor wakes that thread:
/// the work waits until the main thread iterates the context again.
@MainActor
package enum MainQueueBridge {
    private static var isInstalled = false

    /// Installs the bridge on the default GLib main context; calling it again does nothing.
    package static func install() {
        guard !isInstalled else { return }
        isInstalled = true
        armchair_main_queue_source_attach()
    }

    /// Whether the bridge is draining the main queue now: the caller runs inside main-actor work
    /// the bridge started, where a nested GLib main loop cannot run more of it (a GLib source is
    /// not dispatched again while it dispatches).
    nonisolated package static var isDraining: Bool { armchair_main_queue_is_draining() != 0 }
}
