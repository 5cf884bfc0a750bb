import ArmchairCore
import CGtk

/// "Enjoying *App*?": Yes! (suggested) or Not Really.
@MainActor
enum SatisfactionDialog {
    static func present(_ question: SatisfactionQuestion, parent: UnsafeMutablePointer<GtkWindow>?) async
        -> SatisfactionAnswer
    {
        let dialog = MessageDialog(
            title: question.title, primaryText: question.title, secondaryText: question.message,
            buttons: [
                .init(label: question.noButton, response: Response.no),
                .init(label: question.yesButton, response: Response.yes, isSuggested: true),
            ]
        ).build(parent: parent)
        switch await DialogRunner.run(dialog) {
        case Response.yes: return .enjoying
        case Response.no: return .notEnjoying
        default: return .dismissed
        }
    }
}

/// "Would you tell us what we could do better?": Send Feedback… (suggested, when the app can
/// receive feedback), Rate Instead, No, Thanks. The rating is always offered.
@MainActor
enum FeedbackRequestDialog {
    static func present(_ request: FeedbackRequest, parent: UnsafeMutablePointer<GtkWindow>?) async
        -> FeedbackRequestAnswer
    {
        var buttons: [MessageDialog.Button] = [
            .init(label: request.cancelButton, response: Response.decline),
            .init(label: request.rateButton, response: Response.rate, isSuggested: request.feedbackButton == nil),
        ]
        if let feedback = request.feedbackButton {
            buttons.append(.init(label: feedback, response: Response.giveFeedback, isSuggested: true))
        }
        let dialog = MessageDialog(
            title: request.title, primaryText: request.title, secondaryText: request.message, buttons: buttons
        ).build(parent: parent)
        switch await DialogRunner.run(dialog) {
        case Response.giveFeedback: return .giveFeedback
        case Response.rate: return .rate
        case Response.decline: return .decline
        default: return .dismissed
        }
    }
}

/// The thank-you after feedback: one Close button.
@MainActor
enum ThankYouDialog {
    static func present(_ thanks: ThankYou, parent: UnsafeMutablePointer<GtkWindow>?) async {
        let dialog = MessageDialog(
            title: thanks.title, primaryText: thanks.title, secondaryText: thanks.message,
            buttons: [.init(label: thanks.closeButton, response: Response.close, isSuggested: true)]
        ).build(parent: parent)
        _ = await DialogRunner.run(dialog)
    }
}
