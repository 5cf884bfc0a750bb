/// A presenter that passes every step on to the presenter it wraps, except the steps a subclass
/// overrides: the way to show some steps with your own UI and keep Armchair's dialogs for the
/// others.
///
/// Subclass it, wrapping a toolkit adapter's presenter (ArmchairGtk's `GtkRatingPresenter`,
/// ArmchairAdwaita's `AdwaitaRatingPresenter`), and override the steps you show yourself (here the
/// feedback form); the engine records their answers as usual:
///
/// ```swift
/// final class NotesPresenter: ForwardingPresenter<GtkRatingPresenter> {
///     override func presentFeedbackForm(
///         _ form: FeedbackForm, send: @escaping @MainActor (FeedbackDraft) async -> FeedbackError?
///     ) async -> FeedbackFormOutcome {
///         // The app's own form, belonging to the window the GTK dialogs would belong to.
///         await NotesFeedbackWindow(form: form, parent: wrapped.parentWindow()).run(send: send)
///     }
/// }
///
/// let rating = try ApplicationBinding.attach(
///     to: application, configuration: configuration,
///     presenter: { NotesPresenter(wrapping: $0) })
/// ```
///
/// Overriding means the compiler checks each step against the one it replaces, so a step with a
/// mistyped signature is an error rather than a step that silently stays the toolkit's.
@MainActor
open class ForwardingPresenter<Wrapped: RatingPresenter>: RatingPresenter {
    /// The presenter that shows every step this one does not override.
    public let wrapped: Wrapped

    /// Creates a presenter that passes every step on to `wrapped`.
    public init(wrapping wrapped: Wrapped) {
        self.wrapped = wrapped
    }

    /// Whether ``wrapped`` can show anything now.
    open var canPresent: Bool { wrapped.canPresent }

    /// Shows the rating prompt through ``wrapped``.
    open func presentRatingPrompt(_ prompt: RatingPrompt) async -> RatingAnswer {
        await wrapped.presentRatingPrompt(prompt)
    }

    /// Asks through ``wrapped`` whether the user enjoys the app.
    open func presentSatisfactionQuestion(_ question: SatisfactionQuestion) async -> SatisfactionAnswer {
        await wrapped.presentSatisfactionQuestion(question)
    }

    /// Asks through ``wrapped`` for feedback.
    open func presentFeedbackRequest(_ request: FeedbackRequest) async -> FeedbackRequestAnswer {
        await wrapped.presentFeedbackRequest(request)
    }

    /// Shows the feedback form through ``wrapped``.
    open func presentFeedbackForm(
        _ form: FeedbackForm, send: @escaping @MainActor (FeedbackDraft) async -> FeedbackError?
    ) async -> FeedbackFormOutcome {
        await wrapped.presentFeedbackForm(form, send: send)
    }

    /// Thanks the user through ``wrapped``.
    open func presentThankYou(_ thanks: ThankYou) async {
        await wrapped.presentThankYou(thanks)
    }

    /// Shows the "Write a review" form through ``wrapped``.
    open func presentReviewForm(
        _ form: ReviewForm, publish: @escaping @MainActor (ReviewDraft) async -> String?
    ) async -> ReviewFormOutcome {
        await wrapped.presentReviewForm(form, publish: publish)
    }

    /// Closes what ``wrapped`` shows. A subclass that shows a step with the app's own UI closes
    /// that too, answering it as dismissed.
    open func closeOpenPrompt() {
        wrapped.closeOpenPrompt()
    }

    /// Opens `uri` through ``wrapped``.
    open func openURI(_ uri: String) async throws(OpenURIError) {
        try await wrapped.openURI(uri)
    }
}
