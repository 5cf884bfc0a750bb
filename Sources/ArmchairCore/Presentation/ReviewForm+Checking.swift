/// What the review form shows for what the user wrote, the same in every toolkit's form.
extension ReviewForm {
    /// The state of the form's fields for one draft: what each toolkit's form shows after an edit.
    package struct Check: Sendable, Hashable {
        /// The summary's counter, against ``ReviewDraft/Limits/summary``.
        package var summaryCounter: CharacterCount
        /// The review's counter, against ``ReviewDraft/Limits/description``.
        package var descriptionCounter: CharacterCount
        /// Why Publish waits, shown under the fields and as Publish's tooltip: the service's
        /// refusal, the draft's first problem, or ``ReviewForm/takeMoreTime``; `nil` when nothing
        /// keeps the draft from going.
        package var reason: String?
        /// Whether ``reason`` is the service's refusal, shown in the error style.
        package var reasonIsRefusal: Bool
        /// Whether Publish is enabled.
        package var canPublish: Bool
    }

    /// Checks `draft` as GNOME Software checks its own review form.
    ///
    /// - Parameters:
    ///   - draft: What the form holds.
    ///   - refusal: The service's refusal of the draft as it was last published, until the next
    ///     edit; `nil` otherwise.
    ///   - hasSpentWritingTime: Whether the form has been open for
    ///     ``ReviewDraft/Limits/writingSeconds``.
    /// - Returns: What the form shows, and whether Publish is enabled (while nothing is being
    ///   published: the toolkit's form disables it then).
    package func check(_ draft: ReviewDraft, refusal: String?, hasSpentWritingTime: Bool) -> Check {
        let problems = draft.problems
        return Check(
            summaryCounter: CharacterCount(count: draft.summaryLength, limit: ReviewDraft.Limits.summary.upperBound),
            descriptionCounter: CharacterCount(
                count: draft.descriptionLength, limit: ReviewDraft.Limits.description.upperBound),
            reason: refusal ?? problems.first?.message ?? (hasSpentWritingTime ? nil : takeMoreTime),
            reasonIsRefusal: refusal != nil,
            canPublish: problems.isEmpty && hasSpentWritingTime && refusal == nil)
    }
}
