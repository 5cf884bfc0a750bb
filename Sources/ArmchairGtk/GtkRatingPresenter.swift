public import ArmchairCore
import ArmchairGLib
import CGLib
import CGtk

/// Shows Armchair's prompts as native GTK 3 dialogs and opens addresses through GIO.
///
/// To show some steps with the app's own UI and keep these dialogs for the others, wrap it in a
/// `ForwardingPresenter` subclass that overrides those steps; the engine records the answers
/// either way.
@MainActor
public final class GtkRatingPresenter: RatingPresenter {
    /// Returns the window the dialogs belong to (a `GtkWindow *`), or `nil`. The application
    /// binding sets it to the application's active window.
    public var parentWindow: @MainActor () -> UnsafeMutableRawPointer? = { nil }

    /// Creates a presenter.
    public init() {}

    /// Whether GTK has a display to show dialogs on.
    public var canPresent: Bool { gdk_display_get_default() != nil }

    /// Closes Armchair's dialog on screen, if any, as its close button does: "not now".
    public func closeOpenPrompt() {
        PresentedWindows.closeAll { gtk_widget_destroy(cast($0)) }
    }

    /// Shows the rating prompt as a GTK dialog: Rate, Remind Me Later (when reminders are on), and
    /// No, Thanks. Escape and the close button answer "dismissed", which the engine records as
    /// "remind me later".
    public func presentRatingPrompt(_ prompt: RatingPrompt) async -> RatingAnswer {
        await MessageDialog.ask(
            title: prompt.title, message: prompt.message, choices: prompt.choices, dismissed: .dismissed, parent: parent
        )
    }

    /// Asks whether the user enjoys the app in a GTK dialog: Yes! or Not Really.
    public func presentSatisfactionQuestion(_ question: SatisfactionQuestion) async -> SatisfactionAnswer {
        await MessageDialog.ask(
            title: question.title, message: question.message, choices: question.choices, dismissed: .dismissed,
            parent: parent)
    }

    /// Asks for feedback in a GTK dialog: Send Feedback… (when the app can receive feedback), Rate
    /// Instead, and No, Thanks.
    public func presentFeedbackRequest(_ request: FeedbackRequest) async -> FeedbackRequestAnswer {
        await MessageDialog.ask(
            title: request.title, message: request.message, choices: request.choices, dismissed: .dismissed,
            parent: parent)
    }

    /// Shows the GTK feedback form until the user sends it or cancels.
    public func presentFeedbackForm(
        _ form: FeedbackForm, send: @escaping @MainActor (FeedbackDraft) async -> FeedbackError?
    ) async -> FeedbackFormOutcome {
        await FeedbackFormDialog.present(form, parent: parent, send: send)
    }

    /// Thanks the user in a GTK dialog with one Close button.
    public func presentThankYou(_ thanks: ThankYou) async {
        await MessageDialog.ask(
            title: thanks.title, message: thanks.message, choices: thanks.choices, dismissed: (), parent: parent)
    }

    /// Shows the GTK "Write a review" form until the user publishes or cancels.
    public func presentReviewForm(
        _ form: ReviewForm, publish: @escaping @MainActor (ReviewDraft) async -> String?
    ) async -> ReviewFormOutcome {
        await ReviewFormDialog.present(form, parent: parent, publish: publish)
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
