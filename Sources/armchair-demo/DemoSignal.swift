import CGtk

/// The GLib hooks the demo needs: button clicks, an action, and a repeating timer.
@MainActor
enum DemoSignal {
    private final class Box {
        let action: @MainActor () -> Void
        init(_ action: @escaping @MainActor () -> Void) { self.action = action }
    }

    static func onClicked(_ button: UnsafeMutablePointer<GtkWidget>, _ action: @escaping @MainActor () -> Void) {
        let trampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.action() }
        }
        g_signal_connect_data(
            UnsafeMutableRawPointer(button), "clicked", unsafeBitCast(trampoline, to: GCallback.self),
            Unmanaged.passRetained(Box(action)).toOpaque(),
            { data, _ in if let data { Unmanaged<AnyObject>.fromOpaque(data).release() } }, GConnectFlags(rawValue: 0))
    }

    /// Runs `body` when the `GSimpleAction` `action` is activated.
    static func onActivate(_ action: OpaquePointer, _ body: @escaping @MainActor () -> Void) {
        let trampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in
            let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.action() }
        }
        g_signal_connect_data(
            UnsafeMutableRawPointer(action), "activate", unsafeBitCast(trampoline, to: GCallback.self),
            Unmanaged.passRetained(Box(body)).toOpaque(),
            { data, _ in if let data { Unmanaged<AnyObject>.fromOpaque(data).release() } }, GConnectFlags(rawValue: 0))
    }

    static func every(seconds: UInt32, _ action: @escaping @MainActor () -> Void) {
        g_timeout_add_seconds_full(
            G_PRIORITY_DEFAULT, seconds,
            { data in
                let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
                MainActor.assumeIsolated { box.action() }
                return gboolean(1)
            }, Unmanaged.passRetained(Box(action)).toOpaque(),
            { data in if let data { Unmanaged<AnyObject>.fromOpaque(data).release() } })
    }
}
