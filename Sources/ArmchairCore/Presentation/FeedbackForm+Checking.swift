/// What the feedback form shows for what the user typed, the same in every toolkit's form.
extension FeedbackForm {
    /// The state of the form's fields for one draft: what each toolkit's form shows after an edit.
    package struct Check: Sendable, Hashable {
        /// The message's counter, in the error style past ``FeedbackForm/characterLimit``.
        package var counter: CharacterCount
        /// Whether the reply address is shown in the error style: it is not an email address.
        package var emailIsInvalid: Bool
        /// Whether Send is enabled: the draft has no ``FeedbackDraft/Problem``, and adds something
        /// to the form's ``FeedbackForm/body``.
        package var canSend: Bool
    }

    /// Checks `draft` against the form's limits.
    ///
    /// ```swift
    /// let check = form.check(FeedbackDraft(text: "Export loses the margins."))
    /// counterLabel.text = check.counter.text  // "25 / 2000"
    /// sendButton.isSensitive = check.canSend && !isSending
    /// ```
    package func check(_ draft: FeedbackDraft) -> Check {
        let problems = draft.problems(characterLimit: characterLimit)
        return Check(
            counter: CharacterCount(count: draft.text.count, limit: characterLimit),
            emailIsInvalid: problems.contains(.invalidEmail),
            canSend: problems.isEmpty && !isOnlyTheBody(draft.text))
    }

    /// Whether `text` is the form's ``body`` as it started, give or take spaces and line breaks:
    /// nothing written yet.
    func isOnlyTheBody(_ text: String) -> Bool {
        !body.isEmpty && text.filter { !$0.isWhitespace } == body.filter { !$0.isWhitespace }
    }

    /// ``systemDetails`` as the form lists them under the check box, one "Name: value" a line.
    package var systemDetailsText: String {
        systemDetails.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    }
}
