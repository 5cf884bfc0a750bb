/// What came of asking for the prompt when the rules allow it.
package enum PromptStart {
    /// Nothing is shown; the reason is logged.
    case notShown
    /// The prompt began to show; the task shows it and records the answer.
    case showing(Task<PromptOutcome, Never>)
    /// The prompt comes at the scheduler's next natural break. The task, when the caller asked
    /// for one, ends with its outcome.
    case waitingForBreak(Task<PromptOutcome, Never>?)
    /// The prompt the app asked for waits for the network, then comes at the next natural break
    /// (``RatingEngine/showPromptWhenOnline(asksSatisfactionFirst:)``).
    case waitingForNetwork(Task<PromptOutcome, Never>?)

    /// The task of the prompt, when there is one.
    var task: Task<PromptOutcome, Never>? {
        switch self {
        case .notShown: nil
        case .showing(let task): task
        case .waitingForBreak(let task), .waitingForNetwork(let task): task
        }
    }
}
