public import Armchair

/// A presenter for tests: it records every prompt and every review page it was asked to open,
/// and answers with scripted answers.
///
/// ```swift
/// let presenter = RecordingPresenter(answers: [.remindLater, .rate])
/// let engine = try RatingEngine(configuration: configuration, store: InMemoryStore(), presenter: presenter)
/// let outcome = await engine.showPrompt()?.value
/// #expect(presenter.prompts.count == 1)
/// ```
@MainActor
public final class RecordingPresenter: RatingPresenter {
    /// The prompts shown, in order.
    public private(set) var prompts: [RatingPrompt] = []
    /// The destinations the engine asked to open, in order.
    public private(set) var openedDestinations: [ReviewDestination] = []
    /// The answers still to give, first first; when empty, ``defaultAnswer`` is given.
    public var answers: [RatingAnswer]
    /// The answer given once ``answers`` is used up.
    public var defaultAnswer: RatingAnswer
    /// When set, opening the review page fails with this error.
    public var openFailure: ReviewPageError?

    /// Creates a presenter that gives `answers` in order, then `defaultAnswer`.
    public init(answers: [RatingAnswer] = [], defaultAnswer: RatingAnswer = .dismissed) {
        self.answers = answers
        self.defaultAnswer = defaultAnswer
    }

    public func presentRatingPrompt(_ prompt: RatingPrompt) async -> RatingAnswer {
        prompts.append(prompt)
        return answers.isEmpty ? defaultAnswer : answers.removeFirst()
    }

    public func openReviewPage(_ destination: ReviewDestination) async throws(ReviewPageError) -> String {
        openedDestinations.append(destination)
        if let openFailure { throw openFailure }
        return destination.primary
    }
}
