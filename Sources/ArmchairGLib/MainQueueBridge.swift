import CArmchairGtkSupport
import CGLib

/// Runs Swift's main-actor work under a GLib main loop.
///
/// A GTK app spends its life in `g_application_run`, which never drains libdispatch's main queue,
/// so `@MainActor` tasks and `DispatchQueue.main` blocks would never run. libdispatch signals an
/// eventfd whenever work is queued there; watching that descriptor from GLib and draining the queue
/// when it fires makes both loops one.
@MainActor
package enum MainQueueBridge {
    private static var isInstalled = false

    /// Installs the bridge on the default GLib main context; calling it again does nothing.
    package static func install() {
        guard !isInstalled else { return }
        isInstalled = true
        let descriptor = armchair_dispatch_main_queue_handle()
        g_unix_fd_add(
            descriptor, G_IO_IN,
            { descriptor, _, _ in
                // Read the eventfd first: left unread, it stays readable and GLib would spin.
                var counter: UInt64 = 0
                _ = read(descriptor, &counter, MemoryLayout<UInt64>.size)
                armchair_dispatch_drain_main_queue()
                return gboolean(1)  // G_SOURCE_CONTINUE
            }, nil)
    }
}
