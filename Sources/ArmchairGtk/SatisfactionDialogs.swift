import ArmchairCore
import CGtk

/// "Enjoying *App*?": Yes! (suggested) or Not Really.
@MainActor
enum SatisfactionDialog {
    static func present(_ question: SatisfactionQuestion, parent: UnsafeMutablePointer<GtkWindow>?) async
        -> SatisfactionAnswer
    {
        await MessageDialog.ask(
            title: question.title, message: question.message,
            choices: [
                .init(label: question.noButton, answer: .notEnjoying),
                .init(label: question.yesButton, answer: .enjoying, isSuggested: true),
            ],
            dismissed: .dismissed, parent: parent)
    }
}

/// "Would you tell us what we could do better?": Send Feedback… (suggested, when the app can
/// receive feedback), Rate Instead, No, Thanks. The rating is always offered.
@MainActor
enum FeedbackRequestDialog {
    static func present(_ request: FeedbackRequest, parent: UnsafeMutablePointer<GtkWindow>?) async
        -> FeedbackRequestAnswer
    {
        var choices: [MessageDialog.Choice<FeedbackRequestAnswer>] = [
            .init(label: request.cancelButton, answer: .decline),
            .init(label: request.rateButton, answer: .rate, isSuggested: request.feedbackButton == nil),
        ]
        if let feedback = request.feedbackButton {
            choices.append(.init(label: feedback, answer: .giveFeedback, isSuggested: true))
        }
        return await MessageDialog.ask(
            title: request.title, message: request.message, choices: choices, dismissed: .dismissed, parent: parent)
    }
}

/// The thank-you after feedback: one Close button.
@MainActor
enum ThankYouDialog {
    static func present(_ thanks: ThankYou, parent: UnsafeMutablePointer<GtkWindow>?) async {
        await MessageDialog.ask(
            title: thanks.title, message: thanks.message,
            choices: [.init(label: thanks.closeButton, answer: (), isSuggested: true)], dismissed: (), parent: parent)
    }
}
