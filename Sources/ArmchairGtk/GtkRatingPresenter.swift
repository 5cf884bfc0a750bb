public import ArmchairCore
import CGtk

/// Shows Armchair's prompts as native GTK 3 dialogs and opens addresses through GIO.
///
/// Every step can be replaced by the app's own UI through ``customSteps``; the engine records the
/// answers either way.
@MainActor
public final class GtkRatingPresenter: RatingPresenter {
    /// Returns the window the dialogs belong to (a `GtkWindow *`), or `nil`. The application
    /// binding sets it to the application's active window.
    public var parentWindow: @MainActor () -> UnsafeMutableRawPointer? = { nil }

    /// The app's own UI for some steps; the others use GTK dialogs.
    public var customSteps = CustomSteps()

    /// Replacements for single steps of the prompt (ADAppRater's custom views, Armchair's custom
    /// alert). Each returns the user's answer, which the engine records as usual.
    public struct CustomSteps {
        public var ratingPrompt: (@MainActor (RatingPrompt) async -> RatingAnswer)?
        public var satisfactionQuestion: (@MainActor (SatisfactionQuestion) async -> SatisfactionAnswer)?
        public var feedbackRequest: (@MainActor (FeedbackRequest) async -> FeedbackRequestAnswer)?
        public var feedbackForm:
            (
                @MainActor (FeedbackForm, @escaping @MainActor (FeedbackDraft) async -> FeedbackError?) async ->
                    FeedbackFormOutcome
            )?
        public var thankYou: (@MainActor (ThankYou) async -> Void)?
        public var reviewForm:
            (@MainActor (ReviewForm, @escaping @MainActor (ReviewDraft) async -> String?) async -> ReviewFormOutcome)?

        /// No replacements.
        public init() {}
    }

    /// Creates a presenter.
    public init() {}

    /// Whether GTK has a display to show dialogs on.
    public var canPresent: Bool { gdk_display_get_default() != nil }

    public func presentRatingPrompt(_ prompt: RatingPrompt) async -> RatingAnswer {
        if let custom = customSteps.ratingPrompt { return await custom(prompt) }
        return await RatingDialog.present(prompt, parent: parent)
    }

    public func presentSatisfactionQuestion(_ question: SatisfactionQuestion) async -> SatisfactionAnswer {
        if let custom = customSteps.satisfactionQuestion { return await custom(question) }
        return await SatisfactionDialog.present(question, parent: parent)
    }

    public func presentFeedbackRequest(_ request: FeedbackRequest) async -> FeedbackRequestAnswer {
        if let custom = customSteps.feedbackRequest { return await custom(request) }
        return await FeedbackRequestDialog.present(request, parent: parent)
    }

    public func presentFeedbackForm(
        _ form: FeedbackForm, send: @escaping @MainActor (FeedbackDraft) async -> FeedbackError?
    ) async -> FeedbackFormOutcome {
        if let custom = customSteps.feedbackForm { return await custom(form, send) }
        return await FeedbackFormDialog.present(form, parent: parent, send: send)
    }

    public func presentThankYou(_ thanks: ThankYou) async {
        if let custom = customSteps.thankYou { return await custom(thanks) }
        await ThankYouDialog.present(thanks, parent: parent)
    }

    public func presentReviewForm(
        _ form: ReviewForm, publish: @escaping @MainActor (ReviewDraft) async -> String?
    ) async -> ReviewFormOutcome {
        if let custom = customSteps.reviewForm { return await custom(form, publish) }
        return await ReviewFormDialog.present(form, parent: parent, publish: publish)
    }

    /// Opens `uri` with the desktop's handler for its scheme, through GTK and GIO (inside Flatpak,
    /// GLib goes through the OpenURI portal by itself); never through a shell.
    public func openURI(_ uri: String) async throws(OpenURIError) {
        var error: UnsafeMutablePointer<GError>?
        let opened =
            canPresent
            ? gtk_show_uri_on_window(parent, uri, guint32(GDK_CURRENT_TIME), &error)
            : g_app_info_launch_default_for_uri(uri, nil, &error)
        guard opened == 0 else { return }
        let reason = error.map { String(cString: $0.pointee.message) } ?? "it could not be opened"
        g_clear_error(&error)
        throw OpenURIError(uri: uri, reason: reason)
    }

    private var parent: UnsafeMutablePointer<GtkWindow>? { cast(parentWindow()) }
}
