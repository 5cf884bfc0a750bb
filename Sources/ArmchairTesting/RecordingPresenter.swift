public import ArmchairCore

/// A presenter for tests: it records every step it was asked to show and every address it was
/// asked to open, and answers with scripted answers.
///
/// ```swift
/// let presenter = RecordingPresenter(answers: [.remindLater, .rate])
/// let engine = try RatingEngine(configuration: configuration, store: InMemoryStore(), presenter: presenter)
/// let outcome = await engine.showPrompt()?.value
/// #expect(presenter.prompts.count == 1)
/// ```
@MainActor
public final class RecordingPresenter: RatingPresenter {
    /// The rating prompts shown, in order.
    public private(set) var prompts: [RatingPrompt] = []
    /// The satisfaction questions shown, in order.
    public private(set) var satisfactionQuestions: [SatisfactionQuestion] = []
    /// The feedback requests shown, in order.
    public private(set) var feedbackRequests: [FeedbackRequest] = []
    /// The feedback forms shown, in order.
    public private(set) var feedbackForms: [FeedbackForm] = []
    /// The errors the feedback form showed, in order.
    public private(set) var feedbackErrors: [FeedbackError] = []
    /// The review forms shown, in order.
    public private(set) var reviewForms: [ReviewForm] = []
    /// The errors the review form showed, in order.
    public private(set) var reviewErrors: [String] = []
    /// The thank-yous shown, in order.
    public private(set) var thankYous: [ThankYou] = []
    /// The addresses the engine asked to open, in order, whether they opened or not.
    public private(set) var openedURIs: [String] = []

    /// The rating answers still to give, first first; when empty, ``defaultAnswer`` is given.
    public var answers: [RatingAnswer]
    /// The rating answer given once ``answers`` is used up.
    public var defaultAnswer: RatingAnswer
    /// The answer to the satisfaction question.
    public var satisfactionAnswer: SatisfactionAnswer = .enjoying
    /// The answer to the feedback request.
    public var feedbackRequestAnswer: FeedbackRequestAnswer = .giveFeedback
    /// The drafts the feedback form submits, one per press of Send (Retry); when they run out
    /// before one is delivered, the form is cancelled.
    public var feedbackDrafts: [FeedbackDraft] = [FeedbackDraft(text: "It crashes when I export.")]
    /// The drafts the review form publishes, one per press of Publish; when they run out before
    /// one is published, the form is cancelled. Empty (the default): the presenter has no review
    /// form, as a presenter that does not implement it.
    public var reviewDrafts: [ReviewDraft] = []
    /// Addresses that fail to open, with the reason.
    public var failingURIs: [String: String] = [:]

    /// The feedback form's sending under way, which ``closeOpenPrompt()`` cancels.
    private var sending: Task<FeedbackError?, Never>?
    /// Whether the feedback form was closed while it was sending.
    private var isFeedbackFormClosed = false

    /// Creates a presenter that gives `answers` in order, then `defaultAnswer`.
    public init(answers: [RatingAnswer] = [], defaultAnswer: RatingAnswer = .dismissed) {
        self.answers = answers
        self.defaultAnswer = defaultAnswer
    }

    public func presentRatingPrompt(_ prompt: RatingPrompt) async -> RatingAnswer {
        prompts.append(prompt)
        return answers.isEmpty ? defaultAnswer : answers.removeFirst()
    }

    public func presentSatisfactionQuestion(_ question: SatisfactionQuestion) async -> SatisfactionAnswer {
        satisfactionQuestions.append(question)
        return satisfactionAnswer
    }

    public func presentFeedbackRequest(_ request: FeedbackRequest) async -> FeedbackRequestAnswer {
        feedbackRequests.append(request)
        return feedbackRequestAnswer
    }

    public func presentFeedbackForm(
        _ form: FeedbackForm, send: @escaping @MainActor (FeedbackDraft) async -> FeedbackError?
    ) async -> FeedbackFormOutcome {
        feedbackForms.append(form)
        isFeedbackFormClosed = false
        for draft in feedbackDrafts {
            // In a task of its own, as a form's Send button starts it, which closing the form cancels.
            let sending = Task { await send(draft) }
            self.sending = sending
            let error = await sending.value
            self.sending = nil
            guard let error else { return .sent }
            feedbackErrors.append(error)
            if isFeedbackFormClosed { break }
        }
        return .cancelled
    }

    public func presentReviewForm(
        _ form: ReviewForm, publish: @escaping @MainActor (ReviewDraft) async -> String?
    ) async -> ReviewFormOutcome {
        guard !reviewDrafts.isEmpty else { return .notShown }
        reviewForms.append(form)
        for draft in reviewDrafts {
            guard let error = await publish(draft) else { return .submitted }
            reviewErrors.append(error)
        }
        return .cancelled
    }

    public func presentThankYou(_ thanks: ThankYou) async {
        thankYous.append(thanks)
    }

    /// Closes the feedback form while it sends, as when its window goes: the sending task is
    /// cancelled, and the form answers with its outcome, no more drafts sent. Nothing else is
    /// open long enough to close: every other step answers at once.
    public func closeOpenPrompt() {
        guard let sending else { return }
        isFeedbackFormClosed = true
        sending.cancel()
    }

    public func openURI(_ uri: String) async throws(OpenURIError) {
        openedURIs.append(uri)
        if let reason = failingURIs[uri] { throw OpenURIError(uri: uri, reason: reason) }
    }
}
