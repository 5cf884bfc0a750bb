import ArmchairGLib
import CArmchair

/// Emits the signals of one `ArmchairEngine` for its Swift engine: never on an object that is gone,
/// and never from inside libdispatch's main-queue drain.
///
/// The object is held weakly: the `ArmchairEngine` owns the Swift engine, not the reverse, and an
/// app may drop its last reference on any thread while Armchair's asynchronous work (opening the
/// review page, a prompt on screen) still runs. Once the object starts to go, nothing is emitted.
///
/// Armchair's asynchronous work runs inside the drain of the main queue that ``MainQueueBridge``
/// started from a GLib source. A signal handler that ran a nested main loop there (a modal dialog of
/// its own, a wait for Armchair) would wait for ever: a GLib source is not dispatched again while it
/// dispatches, so no more of Armchair's work could run. So a signal raised inside the drain is
/// emitted from a GLib source of its own, at the default priority, as soon as the drain ends; one
/// raised elsewhere (from a call of the app) is emitted at once. Either way they reach the app in
/// the order they were raised.
@MainActor
final class EngineSignalEmitter {
    private let object: WeakObject
    /// What waits for its own GLib source, oldest first.
    private var pending: [@MainActor () -> Void] = []

    /// An emitter for `object`, an `ArmchairEngine *`.
    init(_ object: OpaquePointer) {
        self.object = WeakObject(UnsafeMutableRawPointer(object))
    }

    /// Emits a signal through `emission`, given the object, unless the object is gone.
    func emit(_ emission: @escaping @MainActor (OpaquePointer) -> Void) {
        schedule { [object] in _ = object.withObject { emission(OpaquePointer($0)) } }
    }

    /// Emits a signal through `emission`, as ``emit(_:)`` does, or calls `otherwise` when the
    /// object is gone.
    func emit(_ emission: @escaping @MainActor (OpaquePointer) -> Void, otherwise: @escaping @MainActor () -> Void) {
        schedule { [object] in
            if object.withObject({ emission(OpaquePointer($0)) }) == nil { otherwise() }
        }
    }

    /// Whether `question` holds for the object now; `false` when the object is gone.
    func holds(_ question: (OpaquePointer) -> Bool) -> Bool {
        object.withObject { question(OpaquePointer($0)) } ?? false
    }

    /// Emits a signal whose handlers answer (TRUE: handled, as GTK's `close-request`), at once even
    /// inside the drain, since the caller cannot wait; `default` when the object is gone.
    func askNow(default: Bool, _ question: (OpaquePointer) -> Bool) -> Bool {
        runPending()
        return object.withObject { question(OpaquePointer($0)) } ?? `default`
    }

    /// Emits a signal whose handlers answer, from its own GLib source when the caller runs inside the
    /// drain, and waits for the answer; `default` when the object is gone.
    func ask(default: Bool, _ question: @escaping @MainActor (OpaquePointer) -> Bool) async -> Bool {
        await withCheckedContinuation { continuation in
            schedule { [object] in
                continuation.resume(returning: object.withObject { question(OpaquePointer($0)) } ?? `default`)
            }
        }
    }

    private func schedule(_ work: @escaping @MainActor () -> Void) {
        guard MainQueueBridge.isDraining else {
            runPending()
            return work()
        }
        pending.append(work)
        // Each source runs the oldest waiting work, so the order holds whichever source runs first,
        // and a handler that runs a nested main loop lets the next one run.
        MainLoopTimer.soon { [self] in
            if !pending.isEmpty { pending.removeFirst()() }
        }
    }

    /// Runs the waiting work now, oldest first, before anything raised after it.
    private func runPending() {
        while !pending.isEmpty { pending.removeFirst()() }
    }
}
