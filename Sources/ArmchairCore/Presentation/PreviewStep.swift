/// One of Armchair's dialogs, as `armchair preview` and each toolkit's `DialogPreview` show it to
/// proofread texts and translations, without an engine or a state file.
public enum PreviewStep: String, Sendable, CaseIterable {
    /// The rating prompt.
    case rating
    /// The rating prompt as someone who rated an earlier version sees it.
    case update
    /// "Are you enjoying *App*?"
    case satisfaction
    /// The unhappy path's request: feedback, rating, or neither.
    case feedbackRequest = "feedback-request"
    /// The feedback form.
    case feedback
    /// The thanks after feedback.
    case thanks
    /// The in-app "Write a review" form.
    case review
    /// The thanks after a review was published.
    case reviewThanks = "review-thanks"

    /// Shows this step through `presenter` and returns what was chosen: the answer's raw value,
    /// such as `rate` or `dismissed`, or `closed` for a thank-you.
    ///
    /// Nothing is recorded and nothing is sent: the forms accept what is typed and drop it.
    @MainActor
    public func show(with presenter: some RatingPresenter, content: PromptContent) async -> String {
        switch self {
        case .rating:
            return await presenter.presentRatingPrompt(content.ratingPrompt()).rawValue
        case .update:
            return await presenter.presentRatingPrompt(content.ratingPrompt(isUpdatePrompt: true)).rawValue
        case .satisfaction:
            return await presenter.presentSatisfactionQuestion(content.satisfactionQuestion).rawValue
        case .feedbackRequest:
            return await presenter.presentFeedbackRequest(content.feedbackRequest(offersFeedback: true)).rawValue
        case .feedback:
            return await presenter.presentFeedbackForm(content.feedbackForm) { _ in nil }.rawValue
        case .thanks:
            await presenter.presentThankYou(content.thankYou)
            return "closed"
        case .review:
            return await presenter.presentReviewForm(content.reviewForm()) { _ in nil }.rawValue
        case .reviewThanks:
            await presenter.presentThankYou(content.reviewThanks(.published))
            return "closed"
        }
    }
}
