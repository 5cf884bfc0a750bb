import CArmchair

/// Connects C-convention handlers to an `ArmchairEngine`'s signals and records each emission as
/// a line: `answered decline`, `update-detected 1.0 2.0`, `review-page-failed <message>`.
@MainActor
final class SignalRecorder {
    /// Every emission so far, in order.
    private(set) var emissions: [String] = []
    /// What the handlers of `hold-prompt`, `ignore-use` and `open-review-page` return: TRUE stops what
    /// Armchair was about to do.
    var handles = false

    private let engine: OpaquePointer?
    /// The engine, weakly: the recorder disconnects its handlers when it goes, if the engine is
    /// still there, so that an emission after the end of a test reaches no freed recorder.
    ///
    /// `nonisolated(unsafe)`: the nonisolated `deinit` reads it, when no other reference to the
    /// recorder is left; it is set once, in `init`. (An `isolated deinit` would say so without
    /// the attribute, but needs Swift 6.2, SE-0371; Armchair's floor is 6.1.)
    nonisolated(unsafe) private let weakEngine = UnsafeMutablePointer<GWeakRef>.allocate(capacity: 1)

    /// Records every signal of `engine` until the recorder goes.
    init(_ engine: OpaquePointer?) {
        self.engine = engine
        weakEngine.initialize(to: GWeakRef())
        g_weak_ref_init(weakEngine, UnsafeMutableRawPointer(engine))
        let noArguments: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { engine, data in
            SignalRecorder.record(SignalRecorder.signal(of: engine), data)
        }
        for name in [
            "prompt-shown", "satisfaction-asked", "feedback-requested", "feedback-accepted", "feedback-declined",
            "thank-you-shown",
        ] {
            connect(name, unsafeBitCast(noArguments, to: GCallback.self))
        }
        let answered: @convention(c) (OpaquePointer?, guint, UnsafeMutableRawPointer?) -> Void = { _, answer, data in
            let klass = g_type_class_ref(armchair_answer_get_type())?.assumingMemoryBound(to: GEnumClass.self)
            defer { g_type_class_unref(klass) }
            let nick = g_enum_get_value(klass, gint(bitPattern: answer)).map { String(cString: $0.pointee.value_nick) }
            SignalRecorder.record("answered \(nick ?? "?")", data)
        }
        connect("answered", unsafeBitCast(answered, to: GCallback.self))
        let text: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void = {
            engine, text, data in
            let text = text.map { String(cString: $0) } ?? "NULL"
            SignalRecorder.record("\(SignalRecorder.signal(of: engine)) \(text)", data)
        }
        for name in ["feedback-sent", "feedback-failed", "review-page-opened", "review-page-failed"] {
            connect(name, unsafeBitCast(text, to: GCallback.self))
        }
        let update:
            @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) ->
                Void = { _, previous, current, data in
                    let versions = [previous, current].map { $0.map { String(cString: $0) } ?? "NULL" }
                    SignalRecorder.record("update-detected \(versions.joined(separator: " "))", data)
                }
        connect("update-detected", unsafeBitCast(update, to: GCallback.self))
        let holdPrompt: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> gboolean = {
            _, decision, data in
            let debug = armchair_decision_get_debug_override(decision) != 0 ? "debug" : "rules"
            return SignalRecorder.record("hold-prompt \(debug)", data) ? 1 : 0
        }
        connect("hold-prompt", unsafeBitCast(holdPrompt, to: GCallback.self))
        let ignoreUse: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> gboolean = { _, data in
            SignalRecorder.record("ignore-use", data) ? 1 : 0
        }
        connect("ignore-use", unsafeBitCast(ignoreUse, to: GCallback.self))
        let openStore: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> gboolean = {
            _, uri, data in
            let uri = uri.map { String(cString: $0) } ?? "NULL"
            return SignalRecorder.record("open-review-page \(uri)", data) ? 1 : 0
        }
        connect("open-review-page", unsafeBitCast(openStore, to: GCallback.self))
    }

    deinit {
        if let engine = g_weak_ref_get(weakEngine) {
            let data = Unmanaged.passUnretained(self).toOpaque()
            g_signal_handlers_disconnect_matched(engine, G_SIGNAL_MATCH_DATA, 0, 0, nil, nil, data)
            g_object_unref(engine)
        }
        g_weak_ref_clear(weakEngine)
        weakEngine.deallocate()
    }

    /// Waits (up to `timeout` seconds) until an emission starts with `prefix`, running the main
    /// actor's tasks meanwhile.
    func wait(for prefix: String, timeout: Double = 5) async throws -> String? {
        let deadline = ContinuousClock.now + .seconds(timeout)
        while ContinuousClock.now < deadline {
            if let found = emissions.first(where: { $0.hasPrefix(prefix) }) { return found }
            await Task.yield()
            try await Task.sleep(for: .milliseconds(10))
        }
        return nil
    }

    /// The name of the signal `instance` is emitting, for the handlers shared by several signals.
    nonisolated private static func signal(of instance: OpaquePointer?) -> String {
        g_signal_get_invocation_hint(UnsafeMutableRawPointer(instance)).map {
            String(cString: g_signal_name($0.pointee.signal_id))
        } ?? "?"
    }

    private func connect(_ name: String, _ handler: GCallback) {
        let data = Unmanaged.passUnretained(self).toOpaque()
        g_signal_connect_data(UnsafeMutableRawPointer(engine), name, handler, data, nil, GConnectFlags(rawValue: 0))
    }

    /// Records `emission` in the recorder `data` points to; returns what a handler of a signal
    /// that lets the app say no answers (TRUE: handled). The handlers run on the main thread, inside the library's emission.
    @discardableResult
    nonisolated private static func record(_ emission: String, _ data: UnsafeMutableRawPointer?) -> Bool {
        let recorder = Unchecked(value: data)
        return MainActor.assumeIsolated {
            guard let data = recorder.value else { return false }
            let recorder = Unmanaged<SignalRecorder>.fromOpaque(data).takeUnretainedValue()
            recorder.emissions.append(emission)
            return recorder.handles
        }
    }
}
