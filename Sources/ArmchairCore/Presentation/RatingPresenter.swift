/// Shows the prompt to the user and opens addresses: the engine's only way to the UI.
///
/// The GTK presenter in `ArmchairGtk` implements it with native dialogs; an app can implement it
/// with its own UI (or replace single steps of the GTK one), and tests use `RecordingPresenter`
/// from `ArmchairTesting`. The engine calls it on the main actor, one step at a time, and records
/// each answer itself.
///
/// The satisfaction steps (question, feedback request, form, thank-you) are used only when
/// ``Configuration/asksSatisfactionFirst`` is on; a presenter that only shows the rating prompt
/// may leave them out (the defaults go straight to the rating prompt).
@MainActor
public protocol RatingPresenter: AnyObject {
    /// Shows the rating prompt and returns what the user did.
    ///
    /// Return ``RatingAnswer/dismissed`` when the prompt was closed without a choice; it is
    /// recorded as "remind me later", never as a decline.
    func presentRatingPrompt(_ prompt: RatingPrompt) async -> RatingAnswer

    /// Asks whether the user enjoys the app.
    func presentSatisfactionQuestion(_ question: SatisfactionQuestion) async -> SatisfactionAnswer

    /// Asks someone who does not enjoy the app whether they would say what could be better; it
    /// always offers to rate too.
    func presentFeedbackRequest(_ request: FeedbackRequest) async -> FeedbackRequestAnswer

    /// Shows the feedback form until the user sends it or cancels.
    ///
    /// Run each `send` in a task of its own, and cancel that task when the form closes while it
    /// runs (its window went, or ``closeOpenPrompt()``): a sender that waits on the app (its own
    /// ``FeedbackSender``, or a C, Python or JavaScript app's `ArmchairFeedbackRequest`) stops
    /// waiting and reports the message as not delivered. The form's outcome is still what `send`
    /// returns.
    ///
    /// - Parameters:
    ///   - form: The form's texts, limit and the system details the user may include.
    ///   - send: Checks and delivers a draft; returns `nil` once delivered, or the error to show
    ///     with a Retry button. The form keeps what the user wrote until it is delivered.
    func presentFeedbackForm(
        _ form: FeedbackForm, send: @escaping @MainActor (FeedbackDraft) async -> FeedbackError?
    ) async -> FeedbackFormOutcome

    /// Thanks the user for their feedback or review.
    func presentThankYou(_ thanks: ThankYou) async

    /// Shows the "Write a review" form (``Configuration/inAppReviews``) until the user publishes
    /// or cancels.
    ///
    /// - Parameters:
    ///   - form: The form's texts, including the consent it must show above Publish.
    ///   - publish: Publishes a draft; returns `nil` once published or queued (close the form), or
    ///     the error to show, keeping what the user wrote.
    /// - Returns: ``ReviewFormOutcome/notShown`` (the default) when the presenter has no form; the
    ///   engine then opens the software centre.
    func presentReviewForm(
        _ form: ReviewForm, publish: @escaping @MainActor (ReviewDraft) async -> String?
    ) async -> ReviewFormOutcome

    /// Opens `uri` with the desktop's handler for its scheme (a software centre, a browser, a mail
    /// client).
    func openURI(_ uri: String) async throws(OpenURIError)

    /// Closes the step on screen now, if any, as when the person closes it: its answer is "not now"
    /// (``RatingAnswer/dismissed``), never a decline, and a form sends nothing. The engine calls it
    /// for ``RatingEngine/closePrompt()``. Default: nothing to close.
    func closeOpenPrompt()

    /// Whether the presenter can show anything now (a GTK presenter without a display cannot).
    /// When false, the engine keeps counting and records no prompt. Default: true.
    var canPresent: Bool { get }
}

extension RatingPresenter {
    public var canPresent: Bool { true }

    /// By default: nothing to close.
    public func closeOpenPrompt() {}

    /// By default a presenter without a satisfaction question goes straight to the rating prompt,
    /// so turning ``Configuration/asksSatisfactionFirst`` on never hides the rating.
    public func presentSatisfactionQuestion(_ question: SatisfactionQuestion) async -> SatisfactionAnswer {
        .enjoying
    }

    /// By default: "not now".
    public func presentFeedbackRequest(_ request: FeedbackRequest) async -> FeedbackRequestAnswer { .dismissed }

    /// By default: cancelled, nothing sent.
    public func presentFeedbackForm(
        _ form: FeedbackForm, send: @escaping @MainActor (FeedbackDraft) async -> FeedbackError?
    ) async -> FeedbackFormOutcome { .cancelled }

    /// By default: nothing shown.
    public func presentThankYou(_ thanks: ThankYou) async {}

    /// By default: no form, so "Rate" opens the software centre.
    public func presentReviewForm(
        _ form: ReviewForm, publish: @escaping @MainActor (ReviewDraft) async -> String?
    ) async -> ReviewFormOutcome { .notShown }
}

/// Why an address could not be opened.
public struct OpenURIError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The address.
    public var uri: String
    /// Why it could not be opened.
    public var reason: String

    /// Creates an error.
    public init(uri: String, reason: String) {
        self.uri = uri
        self.reason = reason
    }

    public var description: String { "\(uri): \(reason)" }
}

/// Why the review page could not be opened.
public struct ReviewPageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Each address tried and why it failed, in order.
    public var failures: [Failure]

    /// One address that could not be opened.
    public struct Failure: Sendable, Hashable {
        public var address: String
        public var reason: String
        public init(address: String, reason: String) {
            self.address = address
            self.reason = reason
        }
    }

    public init(failures: [Failure]) { self.failures = failures }

    public var description: String {
        guard !failures.isEmpty else { return "No review page to open." }
        return "Could not open the review page: "
            + failures.map { "\($0.address): \($0.reason)" }.joined(separator: "; ")
    }
}
