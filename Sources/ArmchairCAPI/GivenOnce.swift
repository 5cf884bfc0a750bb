import Synchronization

/// A value the app gives once, from any thread, before or after Armchair waits for it: the
/// result of an `ArmchairFeedbackRequest`, the choice of an `ArmchairPromptStep`.
package final class GivenOnce<Value: Sendable>: Sendable {
    private let state = Mutex<(given: Value?, waiter: CheckedContinuation<Value, Never>?)>((nil, nil))

    /// Gives the value; a second one is ignored.
    package func give(_ value: Value) {
        let waiter = state.withLock { state -> CheckedContinuation<Value, Never>? in
            guard state.given == nil else { return nil }
            state.given = value
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: value)
    }

    /// The value, once given.
    package func value() async -> Value {
        await withCheckedContinuation { continuation in
            let given = state.withLock { state -> Value? in
                if let given = state.given { return given }
                state.waiter = continuation
                return nil
            }
            if let given { continuation.resume(returning: given) }
        }
    }
}
