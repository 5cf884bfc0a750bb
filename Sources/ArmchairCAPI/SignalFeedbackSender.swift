import ArmchairCore
import CArmchair
import CGLib
import Synchronization

/// Delivers feedback through the app's `ArmchairEngine::deliver-feedback` handler: hands it an
/// `ArmchairFeedbackRequest` for the message, and waits until the app completes it.
struct SignalFeedbackSender: FeedbackSender {
    let emitter: EngineSignalEmitter

    func send(_ message: FeedbackMessage) async throws(FeedbackError) {
        let failure = await withCheckedContinuation { (continuation: CheckedContinuation<FeedbackError?, Never>) in
            let completion = FeedbackRequestCompletion(continuation)
            Task { @MainActor [emitter] in
                emitter.emit { object in
                    let request = message.makeRequest(Unmanaged.passRetained(completion).toOpaque())
                    if armchair_engine_emit_deliver_feedback(object, request) == 0 {
                        completion.complete(Self.notDelivered)  // the handler went since the form opened
                    }
                    g_object_unref(UnsafeMutableRawPointer(request))
                } otherwise: {
                    completion.complete(Self.notDelivered)
                }
            }
        }
        if let failure { throw failure }
    }

    /// The failure of a message the app never completed: temporary, so the person can send again.
    static let notDelivered = FeedbackError("The app did not deliver the feedback. Please try again.")
}

/// The Swift side of one `ArmchairFeedbackRequest`: the send that waits for its result, resumed
/// once, from whichever thread the app completes the request on.
final class FeedbackRequestCompletion: Sendable {
    private let continuation: Mutex<CheckedContinuation<FeedbackError?, Never>?>

    init(_ continuation: CheckedContinuation<FeedbackError?, Never>) {
        self.continuation = Mutex(continuation)
    }

    /// Resumes the send with `failure`, or with success for `nil`; later calls do nothing.
    func complete(_ failure: FeedbackError?) {
        continuation.withLock { $0.take() }?.resume(returning: failure)
    }
}

extension FeedbackMessage {
    /// A new `ArmchairFeedbackRequest` (transfer full) for this message, completed through
    /// `completion`, a retained ``FeedbackRequestCompletion``.
    func makeRequest(_ completion: UnsafeMutableRawPointer) -> OpaquePointer? {
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

@_cdecl("armchair_swift_feedback_request_complete")
func armchairSwiftFeedbackRequestComplete(
    _ completion: UnsafeMutableRawPointer, _ result: ArmchairFeedbackResult, _ message: UnsafePointer<CChar>?
) {
    let failure: FeedbackError? =
        switch result {
        case ARMCHAIR_FEEDBACK_RESULT_DELIVERED: nil
        case ARMCHAIR_FEEDBACK_RESULT_FAILED: FeedbackError(message.map { String(cString: $0) } ?? "")
        default: SignalFeedbackSender.notDelivered
        }
    Unmanaged<FeedbackRequestCompletion>.fromOpaque(completion).takeUnretainedValue().complete(failure)
}

@_cdecl("armchair_swift_feedback_request_release")
func armchairSwiftFeedbackRequestRelease(_ completion: UnsafeMutableRawPointer) {
    Unmanaged<FeedbackRequestCompletion>.fromOpaque(completion).release()
}
