import CGtk

/// Reinterprets a GObject pointer as another type in its class hierarchy, as the C cast macros
/// (`GTK_WINDOW()`, `G_OBJECT()`…) do; those macros do not import into Swift.
func cast<Target>(_ pointer: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<Target>? {
    pointer?.assumingMemoryBound(to: Target.self)
}

/// ``cast(_:)`` for typed pointers.
func cast<Source, Target>(_ pointer: UnsafeMutablePointer<Source>?) -> UnsafeMutablePointer<Target>? {
    cast(UnsafeMutableRawPointer(pointer))
}

/// Connects Swift closures to GObject signals.
///
/// `g_signal_connect` is a macro and does not import; this uses `g_signal_connect_data` with a
/// capture-free C trampoline per signal shape. The closure is boxed and retained by GLib, which
/// releases it when the handler is disconnected or the object is finalised.
@MainActor
enum Signal {
    /// A signal with no arguments besides the emitter: `activate`, `destroy`, `changed`…
    @discardableResult
    static func connect(
        _ instance: UnsafeMutableRawPointer?, _ name: String, _ handler: @escaping @MainActor () -> Void
    ) -> gulong {
        let trampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            let box = Unmanaged<Box<@MainActor () -> Void>>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.value() }
        }
        return connect(instance, name, unsafeBitCast(trampoline, to: GCallback.self), Box(handler))
    }

    /// A signal with one integer argument: `response` (the response ID).
    @discardableResult
    static func connect(
        _ instance: UnsafeMutableRawPointer?, _ name: String, _ handler: @escaping @MainActor (Int32) -> Void
    ) -> gulong {
        let trampoline: @convention(c) (gpointer?, gint, gpointer?) -> Void = { _, value, data in
            let box = Unmanaged<Box<@MainActor (Int32) -> Void>>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.value(value) }
        }
        return connect(instance, name, unsafeBitCast(trampoline, to: GCallback.self), Box(handler))
    }

    /// A signal with one pointer argument: `window-added` (the window), `notify::…` (the spec).
    @discardableResult
    static func connect(
        _ instance: UnsafeMutableRawPointer?, _ name: String,
        _ handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void
    ) -> gulong {
        let trampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
            let box = Unmanaged<Box<@MainActor (UnsafeMutableRawPointer?) -> Void>>.fromOpaque(data!)
                .takeUnretainedValue()
            MainActor.assumeIsolated { box.value(argument) }
        }
        return connect(instance, name, unsafeBitCast(trampoline, to: GCallback.self), Box(handler))
    }

    /// A signal with one boolean argument: `network-changed` (whether the network is available).
    @discardableResult
    static func connect(
        _ instance: UnsafeMutableRawPointer?, _ name: String, _ handler: @escaping @MainActor (Bool) -> Void
    ) -> gulong {
        let trampoline: @convention(c) (gpointer?, gboolean, gpointer?) -> Void = { _, value, data in
            let box = Unmanaged<Box<@MainActor (Bool) -> Void>>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.value(value != 0) }
        }
        return connect(instance, name, unsafeBitCast(trampoline, to: GCallback.self), Box(handler))
    }

    private static func connect<Value>(
        _ instance: UnsafeMutableRawPointer?, _ name: String, _ callback: GCallback, _ box: Box<Value>
    ) -> gulong {
        g_signal_connect_data(
            instance, name, callback, Unmanaged.passRetained(box).toOpaque(),
            { data, _ in if let data { Unmanaged<AnyObject>.fromOpaque(data).release() } },
            GConnectFlags(rawValue: 0))
    }

    /// Holds a closure for GLib.
    private final class Box<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}

/// Runs closures on the GLib main loop after a delay.
@MainActor
enum MainLoopTimer {
    /// Runs `action` once, `seconds` from now.
    static func after(_ seconds: Double, _ action: @escaping @MainActor () -> Void) {
        final class Box {
            let action: @MainActor () -> Void
            init(_ action: @escaping @MainActor () -> Void) { self.action = action }
        }
        let milliseconds = guint(max(0, min(seconds * 1000, Double(UInt32.max))))
        g_timeout_add_full(
            G_PRIORITY_DEFAULT, milliseconds,
            { data in
                let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
                MainActor.assumeIsolated { box.action() }
                return gboolean(0)  // G_SOURCE_REMOVE
            }, Unmanaged.passRetained(Box(action)).toOpaque(),
            { data in if let data { Unmanaged<AnyObject>.fromOpaque(data).release() } })
    }
}
