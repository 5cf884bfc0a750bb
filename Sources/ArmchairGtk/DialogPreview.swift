public import ArmchairCore
import ArmchairGLib
import CGtk

/// Shows Armchair's real GTK dialogs without an engine or a state file, for proofreading texts
/// and translations; `armchair preview` is built on it.
///
/// ```swift
/// let answers = try DialogPreview.show([.satisfaction, .feedback],
///                                      content: PromptContent(configuration: configuration))
/// ```
///
/// Nothing is recorded and nothing is sent: the feedback and review forms accept what is typed and
/// drop it.
@MainActor
public enum DialogPreview {
    /// One dialog of Armchair's.
    public enum Step: String, Sendable, CaseIterable {
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
    }

    /// Why the dialogs cannot be shown.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Shows each step in turn, each after the previous one closes, and returns what was chosen in
    /// each (the answer's raw value, such as `rate` or `dismissed`).
    ///
    /// Runs a GLib main loop until the last dialog closes. Call it on the main thread of a process
    /// that has not started GTK, or from a GTK app's main thread.
    ///
    /// - Throws: ``Failure`` when there is no display.
    public static func show(_ steps: [Step], content: PromptContent) throws(Failure) -> [String] {
        guard gtk_init_check(nil, nil) != 0 else {
            throw Failure(description: "GTK cannot open a display; is DISPLAY or WAYLAND_DISPLAY set?")
        }
        MainQueueBridge.install()
        let presenter = GtkRatingPresenter()
        let loop = g_main_loop_new(nil, 0)
        defer { g_main_loop_unref(loop) }
        var answers: [String] = []
        Task { @MainActor in
            for step in steps {
                answers.append(await show(step, content: content, presenter: presenter))
            }
            g_main_loop_quit(loop)
        }
        g_main_loop_run(loop)
        return answers
    }

    private static func show(_ step: Step, content: PromptContent, presenter: GtkRatingPresenter) async -> String {
        switch step {
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
