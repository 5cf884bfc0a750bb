import ArmchairCore
import CArmchair
import CGLib

/// Delivers feedback through the app's `ArmchairEngine::deliver-feedback` handler: hands it an
/// `ArmchairFeedbackRequest` for the message, and waits until the app completes it.
struct SignalFeedbackSender: FeedbackSender {
    let emitter: EngineSignalEmitter

    func send(_ message: FeedbackMessage) async throws(FeedbackError) {
        let completion = GivenOnce<FeedbackError?>()
        await MainActor.run { [emitter] in
            emitter.emit { object in
                let request = message.makeRequest(.retaining(completion))
                if armchair_engine_emit_deliver_feedback(object, request) == 0 {
                    completion.give(Self.notDelivered)  // the handler went since the form opened
                }
                g_object_unref(UnsafeMutableRawPointer(request))
            } otherwise: {
                completion.give(Self.notDelivered)
            }
        }
        if let failure = await completion.value() { throw failure }
    }

    /// The failure of a message the app never completed: temporary, so the person can send again.
    ///
    /// Looked up at each failure, in the language the texts are in then, as the other feedback
    /// failures are.
    static var notDelivered: FeedbackError { FeedbackError(DefaultStrings.feedbackNotDelivered) }
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
