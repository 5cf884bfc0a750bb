/// "Are you enjoying *App*?": the first step of the satisfaction flow (ADAppRater's).
public struct SatisfactionQuestion: Sendable, Hashable {
    public var appName: String
    public var title: String
    public var message: String
    /// The happy answer, leading to the rating prompt.
    public var yesButton: String
    /// The unhappy answer, leading to the feedback request.
    public var noButton: String
}

/// The answer to ``SatisfactionQuestion``.
public enum SatisfactionAnswer: String, Sendable, Hashable, CaseIterable {
    case enjoying
    case notEnjoying
    /// Closed without answering: "not now".
    case dismissed
}

/// "Would you tell us what we could do better?": for someone who does not enjoy the app. It always
/// offers to rate as well — the flow never hides the rating from unhappy users.
public struct FeedbackRequest: Sendable, Hashable {
    public var appName: String
    public var title: String
    public var message: String
    /// Opens the feedback form; `nil` when the app has no way to receive feedback.
    public var feedbackButton: String?
    /// Rates the app after all.
    public var rateButton: String
    /// Declines both.
    public var cancelButton: String
}

/// The answer to ``FeedbackRequest``.
public enum FeedbackRequestAnswer: String, Sendable, Hashable, CaseIterable {
    case giveFeedback
    case rate
    case decline
    /// Closed without answering: "not now".
    case dismissed
}

/// The feedback form's texts and limits.
public struct FeedbackForm: Sendable, Hashable {
    public var appName: String
    public var title: String
    public var message: String
    /// The text the message starts with (``PromptTexts/feedbackBody``, its placeholders filled);
    /// empty for an empty form. A draft that adds nothing to it cannot be sent.
    public var body: String = ""
    /// The label of the optional reply address.
    public var emailLabel: String
    /// The label of the check box that adds ``systemDetails``.
    public var systemDetailsLabel: String
    /// Exactly what the check box adds, to show the user before they choose.
    public var systemDetails: [SystemDetail]
    /// The most characters the message may have.
    public var characterLimit: Int
    public var sendButton: String
    public var cancelButton: String
    /// The Retry button shown with a delivery error.
    public var retryButton: String
}

/// How the feedback form ended.
public enum FeedbackFormOutcome: String, Sendable, Hashable {
    /// The feedback was delivered.
    case sent
    /// The user cancelled or closed the form.
    case cancelled
}

/// The thank-you after feedback was sent.
public struct ThankYou: Sendable, Hashable {
    public var title: String
    public var message: String
    public var closeButton: String
}

/// The "Write a review" form's texts (``Configuration/inAppReviews``).
public struct ReviewForm: Sendable, Hashable {
    public var appName: String
    public var title: String
    /// What will be published, where, and that nothing is sent before Publish: the consent.
    public var consent: String
    public var ratingLabel: String
    /// The names of the five stars, for screen readers: "1 star" … "5 stars".
    public var starNames: [String]
    /// The description of each rating, from none (index 0) to five stars.
    public var ratingDescriptions: [String]
    public var summaryLabel: String
    public var descriptionLabel: String
    public var nameLabel: String
    /// The name to start with: the user's full name.
    public var suggestedName: String
    public var publishButton: String
    public var cancelButton: String
    /// The message shown while Publish waits for ``ReviewDraft/Limits/writingSeconds``.
    public var takeMoreTime: String
    /// What the summary's and review's counters count (code points, as the service does).
    public var counterExplanation: String

    /// The name of the star that gives `stars`, for screen readers: ``starNames`` where it has
    /// one, else the number.
    public func starName(forStars stars: Int) -> String {
        starNames.indices.contains(stars - 1) ? starNames[stars - 1] : String(stars)
    }

    /// The description of a rating of `stars` (0: none chosen yet), or nothing where
    /// ``ratingDescriptions`` has none.
    public func ratingDescription(forStars stars: Int) -> String {
        ratingDescriptions.indices.contains(stars) ? ratingDescriptions[stars] : ""
    }
}

/// How the review form ended.
public enum ReviewFormOutcome: String, Sendable, Hashable {
    /// The review was published or queued, or the service already had one.
    case submitted
    /// The user cancelled or closed the form: "not now".
    case cancelled
    /// The presenter has no review form; the engine opens the software centre instead.
    case notShown
}
