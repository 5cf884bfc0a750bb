import ArmchairCore
import CArmchair

extension Decision {
    /// A new `ArmchairDecision` (transfer full) with this decision's verdict, headline, the
    /// summaries of the criteria that hold the prompt back, and the explanation.
    func makeObject() -> OpaquePointer? {
        let object = armchair_decision_new_internal(
            shouldPrompt ? 1 : 0, gatesPassed ? 1 : 0, thresholdsMet ? 1 : 0, isDebugOverride ? 1 : 0, headline,
            description)
        if !shouldPrompt {
            for criterion in missing { armchair_decision_add_reason_internal(object, summary(of: criterion)) }
        }
        return object
    }
}
