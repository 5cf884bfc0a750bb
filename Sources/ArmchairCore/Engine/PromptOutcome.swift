/// What came of a request to prompt.
public enum PromptOutcome: Sendable, Hashable {
    /// The prompt was shown and the user answered.
    case answered(RatingAnswer)
    /// The prompt was not shown, for this reason.
    case notShown(PromptSkipReason)

    /// The answer, when the prompt was shown.
    public var answer: RatingAnswer? {
        if case .answered(let answer) = self { answer } else { nil }
    }
}

/// Why a prompt was not shown.
public enum PromptSkipReason: Sendable, Hashable {
    /// The rules said no; the decision says why.
    case rules(Decision)
    /// The app's ``Callbacks/shouldPrompt`` or a `shouldPrompt` closure returned false.
    case declinedByApp
    /// Another prompt of this app is on screen.
    case alreadyShowing
    /// The engine has no presenter, or it cannot show anything now (no display).
    case noPresenter
}

extension PromptSkipReason: CustomStringConvertible {
    /// The reason in words, as the debug log gives it after "Not prompting: ".
    public var description: String {
        switch self {
        case .rules(let decision): decision.headline
        case .declinedByApp: "the app held it back"
        case .alreadyShowing: "another prompt of this app is on screen"
        case .noPresenter:
            "nothing can show it (an engine made without a toolkit, or one whose application has shut down)"
        }
    }
}
