package import CGLib

/// Connects Swift closures to GObject signals.
///
/// `g_signal_connect` is a macro and does not import, and a C callback cannot be generic; so each
/// handler goes into a `GClosure` whose one marshaller reads the signal's arguments from their
/// `GValue`s, whatever their number and types. GLib holds the closure and releases the handler
/// when it is disconnected or the object is finalised. A handler always runs on the main actor,
/// even when GLib emits the signal on another thread (see ``MainThread``).
///
/// Not isolated to the main actor itself: a marshaller made in an isolated context would assert
/// that isolation when GLib calls it, and stop the app when the call comes from another thread.
package enum Signal {
    /// Connects `handler` to the signal `name` of `instance` and returns the handler's ID.
    ///
    /// The handler takes the signal's arguments after the emitter, each a ``SignalArgument``:
    ///
    /// ```swift
    /// Signal.connect(button, "clicked") { print("clicked") }
    /// Signal.connect(dialog, "response") { (response: Int32) in print(response) }
    /// ```
    @discardableResult
    package static func connect<each Argument: SignalArgument>(
        _ instance: UnsafeMutableRawPointer?, _ name: String,
        _ handler: @escaping @MainActor (repeat each Argument) -> Void
    ) -> gulong {
        var arity = 0
        for _ in repeat (each Argument).self { arity += 1 }
        let emission = Emission { [arity] values, count in
            // A signal with fewer arguments than the handler takes is a mistake in Armchair's code;
            // reading past the values GLib gave, or stopping, would take the host app down.
            guard count > arity else { return }
            var position = 1  // The emitter comes first.
            func next<Value: SignalArgument>(_: Value.Type) -> Value {
                defer { position += 1 }
                return Value(signalValue: values + position)
            }
            // Read now: the values live only as long as the emission.
            let arguments = UncheckedSendable((repeat next((each Argument).self)))
            MainThread.run { handler(repeat each arguments.value) }
        }
        let closure = g_closure_new_simple(
            guint(MemoryLayout<GClosure>.stride), Unmanaged.passRetained(emission).toOpaque())
        g_closure_set_marshal(closure) { closure, _, count, values, _, _ in
            guard let data = closure?.pointee.data, let values else { return }
            Unmanaged<Emission>.fromOpaque(data).takeUnretainedValue().handle(values, Int(count))
        }
        g_closure_add_finalize_notifier(closure, closure?.pointee.data) { data, _ in
            if let data { Unmanaged<Emission>.fromOpaque(data).release() }
        }
        return g_signal_connect_closure(instance, name, closure, 0)
    }

    /// Calls `handler` as each emission of the signal `name` of `type` on `instance` begins,
    /// through an emission hook: unlike a handler, a hook changes nothing of the emission, so it
    /// cannot end a signal whose first handler's value wins (`GApplication::command-line`) before
    /// the app's own handler runs. Remove it with ``removeEmissionHook(_:)``.
    package static func addEmissionHook(
        on instance: UnsafeMutableRawPointer, _ name: String, of type: GType,
        _ handler: @escaping @MainActor () -> Void
    ) -> EmissionHook {
        let target = UncheckedSendable(instance)  // compared, never used
        let isTarget: @Sendable (UnsafeMutableRawPointer) -> Bool = { $0 == target.value }
        return addEmissionHook(name, of: type, matching: isTarget) { _ in handler() }
    }

    /// Calls `handler` with the instance as each emission of the signal `name` of `type` begins on
    /// an instance `matches` accepts (asked on the emitting thread), through an emission hook: for
    /// a signal whose handlers may stop the event's propagation before a handler of Armchair's
    /// would run (GTK 3's `scroll-event`). Remove it with ``removeEmissionHook(_:)``.
    package static func addEmissionHook(
        _ name: String, of type: GType, matching matches: @escaping @Sendable (UnsafeMutableRawPointer) -> Bool,
        _ handler: @escaping @MainActor (UnsafeMutableRawPointer) -> Void
    ) -> EmissionHook {
        let signal = g_signal_lookup(name, type)
        let hook = Hook(matches: matches, handler: handler)
        let id = g_signal_add_emission_hook(
            signal, 0,
            { _, count, values, data in
                guard let data, let values, count > 0, let instance = g_value_peek_pointer(values) else { return 1 }
                let hook = Unmanaged<Hook>.fromOpaque(data).takeUnretainedValue()
                let emitter = UncheckedSendable(instance)
                if hook.matches(instance) { MainThread.run { hook.handler(emitter.value) } }
                return 1  // stay connected
            }, Unmanaged.passRetained(hook).toOpaque(),
            { data in if let data { Unmanaged<Hook>.fromOpaque(data).release() } })
        return EmissionHook(signal: signal, id: id)
    }

    /// Removes a hook ``addEmissionHook(on:_:of:_:)`` added.
    package static func removeEmissionHook(_ hook: EmissionHook) {
        g_signal_remove_emission_hook(hook.signal, hook.id)
    }

    /// An emission hook, for ``removeEmissionHook(_:)``.
    package struct EmissionHook: Sendable {
        let signal: guint
        let id: gulong
    }

    /// What an emission hook calls, and for which instances.
    private final class Hook: @unchecked Sendable {
        let matches: @Sendable (UnsafeMutableRawPointer) -> Bool
        let handler: @MainActor (UnsafeMutableRawPointer) -> Void
        init(
            matches: @escaping @Sendable (UnsafeMutableRawPointer) -> Bool,
            handler: @escaping @MainActor (UnsafeMutableRawPointer) -> Void
        ) {
            self.matches = matches
            self.handler = handler
        }
    }

    /// What one emission does with the signal's values (the emitter first) and their count. Only
    /// the main actor calls the handler it holds.
    private final class Emission: @unchecked Sendable {
        let handle: (UnsafePointer<GValue>, Int) -> Void
        init(_ handle: @escaping (UnsafePointer<GValue>, Int) -> Void) { self.handle = handle }
    }
}

/// A type a signal handler can take an argument as, read from the argument's `GValue`.
package protocol SignalArgument {
    /// Reads the argument from `value`.
    init(signalValue value: UnsafePointer<GValue>)
}

/// An integer argument: `response`'s response ID.
extension Int32: SignalArgument {
    package init(signalValue value: UnsafePointer<GValue>) { self = g_value_get_int(value) }
}

/// An unsigned integer argument: `key-pressed`'s key code.
extension UInt32: SignalArgument {
    package init(signalValue value: UnsafePointer<GValue>) { self = g_value_get_uint(value) }
}

/// A boolean argument: `network-changed`'s availability.
extension Bool: SignalArgument {
    package init(signalValue value: UnsafePointer<GValue>) { self = g_value_get_boolean(value) != 0 }
}

/// An object or pointer argument: `window-added`'s window, `notify::…`'s property spec.
extension UnsafeMutableRawPointer?: SignalArgument {
    package init(signalValue value: UnsafePointer<GValue>) { self = g_value_peek_pointer(value) }
}

/// A string argument (`NULL` reads as ""): `AdwMessageDialog::response`'s response ID.
extension String: SignalArgument {
    package init(signalValue value: UnsafePointer<GValue>) {
        self = g_value_get_string(value).map { String(cString: $0) } ?? ""
    }
}
