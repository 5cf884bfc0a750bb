import ArmchairCore
import ArmchairGLib
import CArmchair
import CGLib
import Synchronization

/// Delivers feedback through the app's `ArmchairEngine::deliver-feedback` handler: hands it an
/// `ArmchairFeedbackRequest` for the message, and waits until the app completes it.
///
/// When the task that sends is cancelled (the feedback form closed while it was sending), the
/// request is cancelled: its `GCancellable` tells the app, and it counts as not delivered at once,
/// so an app that never completes it does not hold the flow.
struct SignalFeedbackSender: FeedbackSender {
    let emitter: EngineSignalEmitter

    func send(_ message: FeedbackMessage) async throws(FeedbackError) {
        let completion = GivenOnce<FeedbackError?>()
        let handed = HandedRequest()
        let failure = await withTaskCancellationHandler {
            await MainActor.run { [emitter] in
                emitter.emit { object in
                    let request = message.makeRequest(.retaining(completion))
                    if !handed.hold(request) {
                        armchair_feedback_request_cancel_internal(request)  // cancelled before the app had it
                    } else if armchair_engine_emit_deliver_feedback(object, request) == 0 {
                        completion.give(Self.notDelivered)  // the handler went since the form opened
                    }
                    g_object_unref(UnsafeMutableRawPointer(request))
                } otherwise: {
                    completion.give(Self.notDelivered)
                }
            }
            return await completion.value()
        } onCancel: {
            handed.cancel()
        }
        if let failure { throw failure }
    }

    /// The failure of a message the app never completed: temporary, so the person can send again.
    ///
    /// Looked up at each failure, in the language the texts are in then, as the other feedback
    /// failures are.
    static var notDelivered: FeedbackError { FeedbackError(DefaultStrings.feedbackNotDelivered) }
}

/// The request handed to the app, held weakly (the app's reference keeps it), to cancel when the
/// task that waits for it is cancelled, from any thread, before or after the request is made.
private final class HandedRequest: Sendable {
    private enum State {
        case waiting
        case handed(WeakObject)
        case cancelled
    }

    private let state = Mutex(State.waiting)

    /// Keeps `request`, an `ArmchairFeedbackRequest *`, to cancel; `false` when the send was
    /// cancelled already.
    func hold(_ request: OpaquePointer?) -> Bool {
        state.withLock { state in
            guard case .waiting = state else { return false }
            state = .handed(WeakObject(UnsafeMutableRawPointer(request)))
            return true
        }
    }

    /// Cancels the request handed, if it is still there, on this thread; one not made yet is
    /// cancelled as it is made.
    func cancel() {
        let handed = state.withLock { state -> WeakObject? in
            defer { state = .cancelled }
            guard case .handed(let request) = state else { return nil }
            return request
        }
        handed?.withObject { armchair_feedback_request_cancel_internal(OpaquePointer($0)) }
    }
}

extension FeedbackMessage {
    /// A new `ArmchairFeedbackRequest` (transfer full) for this message, completed through
    /// `completion`, a reference to a ``GivenOnce`` of the failure (`nil`: delivered).
    func makeRequest(_ completion: UnsafeMutablePointer<ArmchairSwiftFeedbackCompletion>) -> OpaquePointer? {
        let details = systemDetails.map { details in
            let pairs = details.map { detail -> OpaquePointer? in
                var fields: [OpaquePointer?] = [g_variant_new_string(detail.name), g_variant_new_string(detail.value)]
                return g_variant_new_tuple(&fields, 2)
            }
            return VariantDictionary.make(pairs, entryType: "(ss)")
        }
        return armchair_feedback_request_new_internal(
            id, text, replyEmail, appID, appName, appVersion, locale, details, completion)
    }
}

// The `feedback_…` entries of `ArmchairSwiftCore`: any thread.

func feedbackComplete(
    _ completion: UnsafeMutablePointer<ArmchairSwiftFeedbackCompletion>, _ result: ArmchairFeedbackResult,
    _ message: UnsafePointer<CChar>?
) {
    let failure: FeedbackError? =
        switch result {
        case ARMCHAIR_FEEDBACK_RESULT_DELIVERED: nil
        case ARMCHAIR_FEEDBACK_RESULT_FAILED: FeedbackError(message.map { String(cString: $0) } ?? "")
        default: SignalFeedbackSender.notDelivered
        }
    completion.borrow().give(failure)
}

func feedbackRelease(_ completion: UnsafeMutablePointer<ArmchairSwiftFeedbackCompletion>) {
    _ = completion.take()
}
