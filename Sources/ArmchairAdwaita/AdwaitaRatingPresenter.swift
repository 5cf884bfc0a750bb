public import ArmchairCore
import ArmchairGLib
import CGLib
import CGtk4

/// Shows Armchair's prompts as libadwaita dialogs (GTK 4) and opens addresses through GTK.
///
/// The rating prompt, the satisfaction question, the feedback request and the thank-you are
/// `AdwMessageDialog`s: the suggested answer is the default and drawn as such, and Escape answers
/// "dismissed" ("not now"). The feedback and review forms are `AdwWindow`s with a header bar
/// (Cancel at the start, Send or Publish at the end) that fit a phone-wide window.
///
/// To show some steps with the app's own UI and keep these dialogs for the others, wrap it in a
/// `ForwardingPresenter` subclass that overrides those steps.
@MainActor
public final class AdwaitaRatingPresenter: RatingPresenter {
    /// Returns the window the dialogs belong to (a `GtkWindow *`), or `nil`. The application
    /// binding sets it to the application's active window.
    public var parentWindow: @MainActor () -> UnsafeMutableRawPointer? = { nil }

    /// Creates a presenter.
    public init() {}

    /// Whether GTK has a display to show dialogs on.
    public var canPresent: Bool { gdk_display_get_default() != nil }

    /// Closes Armchair's dialog on screen, if any, as its close button does: "not now".
    public func closeOpenPrompt() {
        PresentedWindows.closeAll { gtk_window_destroy(cast($0)) }
    }

    /// The rating prompt: No, Thanks, Remind Me Later (when reminders are on), and Rate (suggested,
    /// the default). Escape answers "dismissed", which the engine records as "remind me later".
    public func presentRatingPrompt(_ prompt: RatingPrompt) async -> RatingAnswer {
        await MessageDialog.ask(
            heading: prompt.title, body: prompt.message, choices: prompt.choices, dismissed: .dismissed, parent: parent)
    }

    /// "Enjoying *App*?": Not Really, or Yes! (suggested).
    public func presentSatisfactionQuestion(_ question: SatisfactionQuestion) async -> SatisfactionAnswer {
        await MessageDialog.ask(
            heading: question.title, body: question.message, choices: question.choices, dismissed: .dismissed,
            parent: parent)
    }

    /// "Would you tell us what we could do better?": No, Thanks, Rate Instead, and Send Feedback…
    /// (suggested, when the app can receive feedback). The rating is always offered.
    public func presentFeedbackRequest(_ request: FeedbackRequest) async -> FeedbackRequestAnswer {
        await MessageDialog.ask(
            heading: request.title, body: request.message, choices: request.choices, dismissed: .dismissed,
            parent: parent)
    }

    /// Shows the feedback form until the user sends it or cancels.
    public func presentFeedbackForm(
        _ form: FeedbackForm, send: @escaping @MainActor (FeedbackDraft) async -> FeedbackError?
    ) async -> FeedbackFormOutcome {
        await FeedbackFormWindow.present(form, parent: parent, send: send)
    }

    /// The thanks: one Close button.
    public func presentThankYou(_ thanks: ThankYou) async {
        await MessageDialog.ask(
            heading: thanks.title, body: thanks.message, choices: thanks.choices, dismissed: (), parent: parent)
    }

    /// Shows the "Write a review" form until the user publishes or cancels.
    public func presentReviewForm(
        _ form: ReviewForm, publish: @escaping @MainActor (ReviewDraft) async -> String?
    ) async -> ReviewFormOutcome {
        await ReviewFormWindow.present(form, parent: parent, publish: publish)
    }

    /// Opens `uri` with the desktop's handler for its scheme through `gtk_show_uri_full` (inside
    /// Flatpak, GLib goes through the OpenURI portal by itself); never through a shell.
    public func openURI(_ uri: String) async throws(OpenURIError) {
        final class Box {
            let continuation: CheckedContinuation<String?, Never>
            init(_ continuation: CheckedContinuation<String?, Never>) { self.continuation = continuation }
        }
        let reason: String? = await withCheckedContinuation { continuation in
            let box = Unmanaged.passRetained(Box(continuation)).toOpaque()
            if canPresent {
                gtk_show_uri_full(
                    parent, uri, guint32(GDK_CURRENT_TIME), nil,
                    { source, result, data in
                        guard let data else { return }
                        let box = Unmanaged<Box>.fromOpaque(data).takeRetainedValue()
                        var error: UnsafeMutablePointer<GError>?
                        let opened = gtk_show_uri_full_finish(cast(source), result, &error) != 0
                        box.continuation.resume(returning: opened ? nil : errorMessage(&error))
                    }, box)
            } else {
                g_app_info_launch_default_for_uri_async(
                    uri, nil, nil,
                    { _, result, data in
                        guard let data else { return }
                        let box = Unmanaged<Box>.fromOpaque(data).takeRetainedValue()
                        var error: UnsafeMutablePointer<GError>?
                        let opened = g_app_info_launch_default_for_uri_finish(result, &error) != 0
                        box.continuation.resume(returning: opened ? nil : errorMessage(&error))
                    }, box)
            }
        }
        if let reason { throw OpenURIError(uri: uri, reason: reason) }
    }

    private var parent: UnsafeMutablePointer<GtkWindow>? { cast(parentWindow()) }
}

/// The message of `error`, which it frees.
private func errorMessage(_ error: inout UnsafeMutablePointer<GError>?) -> String {
    let reason = error.map { String(cString: $0.pointee.message) } ?? "it could not be opened"
    g_clear_error(&error)
    return reason
}
