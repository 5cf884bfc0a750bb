import ArmchairCore
import CArmchair
import CGLib

extension Decision {
    /// A new `ArmchairDecision` (transfer full) with this decision's verdict, headline, the
    /// summaries of the criteria that hold the prompt back, and the explanation, each naming
    /// settings by their property names.
    func makeObject() -> OpaquePointer? {
        let reasons = shouldPrompt ? [] : missing.map { g_strdup(summary(of: $0, naming: .properties)) }
        defer { for reason in reasons { g_free(reason) } }
        var array = reasons.map { UnsafePointer<CChar>($0) } + [nil]
        return armchair_decision_new_internal(
            shouldPrompt ? 1 : 0, gatesPassed ? 1 : 0, thresholdsMet ? 1 : 0, isDebugOverride ? 1 : 0,
            headline(naming: .properties), &array, description(naming: .properties))
    }
}
