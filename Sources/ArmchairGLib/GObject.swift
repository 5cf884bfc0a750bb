import CArmchairGtkSupport
import CGLib
import Dispatch

/// Reinterprets a GObject pointer as another type in its class hierarchy, as the C cast macros
/// (`GTK_WINDOW()`, `G_OBJECT()`…) do; those macros do not import into Swift.
package func cast<Target>(_ pointer: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<Target>? {
    pointer?.assumingMemoryBound(to: Target.self)
}

/// ``cast(_:)`` to a GTK 4 type whose struct is private (`G_DECLARE_FINAL_TYPE`: `GtkLabel`,
/// `GtkBox`…), which Swift imports as `OpaquePointer`.
package func cast(_ pointer: UnsafeMutableRawPointer?) -> OpaquePointer? {
    pointer.map(OpaquePointer.init)
}

/// ``cast(_:)`` for typed pointers.
package func cast<Source, Target>(_ pointer: UnsafeMutablePointer<Source>?) -> UnsafeMutablePointer<Target>? {
    cast(UnsafeMutableRawPointer(pointer))
}

/// Runs closures on the GLib main loop after a delay, on the main actor (see ``Signal`` for why
/// the type itself is not isolated).
package enum MainLoopTimer {
    /// Runs `action` once, `seconds` from now.
    package static func after(_ seconds: Double, _ action: @escaping @MainActor () -> Void) {
        // Rounded up: a timer never fires before its time, which would only set another.
        let milliseconds = guint(max(0, min((seconds * 1000).rounded(.up), Double(UInt32.max))))
        g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, runOnce, retained(action), release)
    }

    /// Runs `action` once, when the main loop has nothing more urgent to do: after the events,
    /// the redraws and the default-priority idle work pending now (`G_PRIORITY_LOW`).
    ///
    /// - Returns: The GLib source, for `g_source_remove` to cancel it before it runs.
    @discardableResult
    package static func whenIdle(_ action: @escaping @MainActor () -> Void) -> UInt32 {
        g_idle_add_full(G_PRIORITY_LOW, runOnce, retained(action), release)
    }

    /// Runs `action` once, from a GLib source of its own at the default priority: as soon as the
    /// main loop finishes what it is dispatching now, before redraws and idle work.
    package static func soon(_ action: @escaping @MainActor () -> Void) {
        g_idle_add_full(G_PRIORITY_DEFAULT, runOnce, retained(action), release)
    }

    private final class Box: @unchecked Sendable {
        let action: @MainActor () -> Void
        init(_ action: @escaping @MainActor () -> Void) { self.action = action }
    }

    private static func retained(_ action: @escaping @MainActor () -> Void) -> gpointer {
        Unmanaged.passRetained(Box(action)).toOpaque()
    }

    private static let runOnce: GSourceFunc = { data in
        guard let data else { return gboolean(0) }
        let box = Unmanaged<Box>.fromOpaque(data).takeUnretainedValue()
        MainThread.run { box.action() }
        return gboolean(0)  // G_SOURCE_REMOVE
    }

    private static let release: GDestroyNotify = { data in
        if let data { Unmanaged<AnyObject>.fromOpaque(data).release() }
    }
}

/// Where GLib's callbacks meet Swift's main actor.
///
/// GLib calls a signal handler on the thread that emits the signal, and a timer on the thread that
/// runs its main context: the main thread in most apps, but not in an app that runs its loop on a
/// worker thread, nor for an object that lives in a worker's context (a `GNetworkMonitor` first
/// made there). Asserting the main actor there would stop the app; this hops to it instead.
package enum MainThread {
    /// Runs `body` on the main actor: at once when the caller is on it, else as soon as the main
    /// actor is free.
    nonisolated package static func run(_ body: @escaping @MainActor () -> Void) {
        if isOnMainActor {
            MainActor.assumeIsolated(body)
        } else {
            let body = UncheckedSendable(body)
            Task { @MainActor in body.value() }
        }
    }

    /// Runs `body` on the main actor later, never during this call, whichever thread calls: once
    /// the main thread runs the main loop's sources again (``MainQueueBridge``).
    nonisolated package static func later(_ body: @escaping @MainActor () -> Void) {
        let body = UncheckedSendable(body)
        Task { @MainActor in body.value() }
    }

    /// Whether the caller runs on the main actor: on the process's main thread (where a GTK app
    /// runs its loop), or inside work of the main queue, which a program that called
    /// `dispatch_main()` drains on another thread.
    nonisolated package static var isOnMainActor: Bool {
        armchair_is_main_thread() != 0 || DispatchQueue.getSpecific(key: mainQueueKey) != nil
    }

    /// Marks the main queue, so that work running on it can be recognised on any thread.
    nonisolated private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()
}

/// A value handed from GLib's thread to the main actor, which alone uses it.
package struct UncheckedSendable<Value>: @unchecked Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }
}

/// Reads GObject properties by name, as `g_object_get` (a variadic function Swift cannot call) would.
package enum GObjectProperty {
    /// The boolean property `name` of `object`; false when it has none.
    package static func bool(_ object: UnsafeMutableRawPointer, _ name: String) -> Bool {
        let objectClass = UnsafeMutablePointer<GObjectClass>(
            OpaquePointer(object.load(as: UnsafeMutableRawPointer.self)))
        guard let spec = g_object_class_find_property(objectClass, name), spec.pointee.value_type == booleanType
        else { return false }
        var value = GValue()
        g_value_init(&value, booleanType)
        defer { g_value_unset(&value) }
        g_object_get_property(cast(object), name, &value)
        return g_value_get_boolean(&value) != 0
    }

    /// `G_TYPE_BOOLEAN`, a macro Swift does not import.
    private static let booleanType = GType(5 << G_TYPE_FUNDAMENTAL_SHIFT)
}
