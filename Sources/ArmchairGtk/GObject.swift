import CArmchairGtkSupport
import CGtk
import Dispatch

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
/// releases it when the handler is disconnected or the object is finalised. A handler always runs
/// on the main actor, even when GLib emits the signal on another thread (see ``MainThread``).
///
/// Not isolated to the main actor itself: a trampoline made in an isolated context would assert
/// that isolation when GLib calls it, and stop the app when the call comes from another thread.
enum Signal {
    /// A signal with no arguments besides the emitter: `activate`, `destroy`, `changed`…
    @discardableResult
    static func connect(
        _ instance: UnsafeMutableRawPointer?, _ name: String, _ handler: @escaping @MainActor () -> Void
    ) -> gulong {
        let trampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            guard let data else { return }
            let box = Unmanaged<Box<@MainActor () -> Void>>.fromOpaque(data).takeUnretainedValue()
            MainThread.run { box.value() }
        }
        return connect(instance, name, unsafeBitCast(trampoline, to: GCallback.self), Box(handler))
    }

    /// A signal with one integer argument: `response` (the response ID).
    @discardableResult
    static func connect(
        _ instance: UnsafeMutableRawPointer?, _ name: String, _ handler: @escaping @MainActor (Int32) -> Void
    ) -> gulong {
        let trampoline: @convention(c) (gpointer?, gint, gpointer?) -> Void = { _, value, data in
            guard let data else { return }
            let box = Unmanaged<Box<@MainActor (Int32) -> Void>>.fromOpaque(data).takeUnretainedValue()
            MainThread.run { box.value(value) }
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
            guard let data else { return }
            let box = Unmanaged<Box<@MainActor (UnsafeMutableRawPointer?) -> Void>>.fromOpaque(data)
                .takeUnretainedValue()
            let argument = UncheckedSendable(argument)
            MainThread.run { box.value(argument.value) }
        }
        return connect(instance, name, unsafeBitCast(trampoline, to: GCallback.self), Box(handler))
    }

    /// A signal with one boolean argument: `network-changed` (whether the network is available).
    @discardableResult
    static func connect(
        _ instance: UnsafeMutableRawPointer?, _ name: String, _ handler: @escaping @MainActor (Bool) -> Void
    ) -> gulong {
        let trampoline: @convention(c) (gpointer?, gboolean, gpointer?) -> Void = { _, value, data in
            guard let data else { return }
            let box = Unmanaged<Box<@MainActor (Bool) -> Void>>.fromOpaque(data).takeUnretainedValue()
            MainThread.run { box.value(value != 0) }
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

    /// Holds a closure for GLib. Only the main actor calls it.
    private final class Box<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}

/// Runs closures on the GLib main loop after a delay, on the main actor (see ``Signal`` for why
/// the type itself is not isolated).
enum MainLoopTimer {
    /// Runs `action` once, `seconds` from now.
    static func after(_ seconds: Double, _ action: @escaping @MainActor () -> Void) {
        final class Box: @unchecked Sendable {
            let action: @MainActor () -> Void
            init(_ action: @escaping @MainActor () -> Void) { self.action = action }
        }
        let milliseconds = guint(max(0, min(seconds * 1000, Double(UInt32.max))))
        g_timeout_add_full(
            G_PRIORITY_DEFAULT, milliseconds,
            { data in
                guard let data else { return gboolean(0) }
                let box = Unmanaged<Box>.fromOpaque(data).takeUnretainedValue()
                MainThread.run { box.action() }
                return gboolean(0)  // G_SOURCE_REMOVE
            }, Unmanaged.passRetained(Box(action)).toOpaque(),
            { data in if let data { Unmanaged<AnyObject>.fromOpaque(data).release() } })
    }
}

/// Where GLib's callbacks meet Swift's main actor.
///
/// GLib calls a signal handler on the thread that emits the signal, and a timer on the thread that
/// runs its main context: the main thread in most apps, but not in an app that runs its loop on a
/// worker thread, nor for an object that lives in a worker's context (a `GNetworkMonitor` first
/// made there). Asserting the main actor there would stop the app; this hops to it instead.
enum MainThread {
    /// Runs `body` on the main actor: at once when the caller is on it, else as soon as the main
    /// actor is free.
    nonisolated static func run(_ body: @escaping @MainActor () -> Void) {
        if isOnMainActor {
            MainActor.assumeIsolated(body)
        } else {
            let body = UncheckedSendable(body)
            Task { @MainActor in body.value() }
        }
    }

    /// Whether the caller runs on the main actor: on the process's main thread (where a GTK app
    /// runs its loop), or inside work of the main queue, which a program that called
    /// `dispatch_main()` drains on another thread.
    nonisolated static var isOnMainActor: Bool {
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
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
