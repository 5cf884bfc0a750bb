import CGtk4

/// The GLib hooks the demo needs: button clicks, an action, and a repeating timer.
@MainActor
enum DemoSignal {
    private final class Box {
        let action: @MainActor () -> Void
        init(_ action: @escaping @MainActor () -> Void) { self.action = action }
    }

    static func connect(
        _ instance: UnsafeMutableRawPointer, _ signal: String, _ action: @escaping @MainActor () -> Void
    ) {
        let trampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.action() }
        }
        g_signal_connect_data(
            instance, signal, unsafeBitCast(trampoline, to: GCallback.self),
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

/// Reinterprets a GObject pointer as another type of its class hierarchy (the C cast macros,
/// `GTK_WINDOW()` and the like, do not import).
func cast<Target>(_ pointer: UnsafeMutablePointer<some Any>?) -> UnsafeMutablePointer<Target>? {
    UnsafeMutableRawPointer(pointer)?.assumingMemoryBound(to: Target.self)
}

/// ``cast(_:)`` to a GTK 4 type whose struct is private (`G_DECLARE_FINAL_TYPE`: `GtkLabel`,
/// `GtkBox`…), which Swift imports as `OpaquePointer`.
func cast(_ pointer: UnsafeMutablePointer<some Any>?) -> OpaquePointer? {
    pointer.map(OpaquePointer.init)
}
