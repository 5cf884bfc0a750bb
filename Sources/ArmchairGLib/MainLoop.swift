import CGLib

/// Runs async main-actor work to its end under a GLib main loop, for a program that has no loop
/// running yet (`armchair preview`, the demos' preview mode).
@MainActor
package enum MainLoop {
    /// Runs a GLib main loop until `work` returns; the toolkit must be started first.
    package static func run(until work: @escaping @MainActor () async -> Void) {
        MainQueueBridge.install()
        let loop = g_main_loop_new(nil, 0)
        defer { g_main_loop_unref(loop) }
        Task { @MainActor in
            await work()
            g_main_loop_quit(loop)
        }
        g_main_loop_run(loop)
    }
}
