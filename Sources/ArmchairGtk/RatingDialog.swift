import ArmchairCore
import CGtk

/// The rating prompt: Rate (suggested, the default), Remind Me Later (when reminders are on),
/// No, Thanks. Escape and the close button answer "dismissed", which the engine records as
/// "remind me later".
@MainActor
enum RatingDialog {
    static func present(_ prompt: RatingPrompt, parent: UnsafeMutablePointer<GtkWindow>?) async -> RatingAnswer {
        var choices = [MessageDialog.Choice(label: prompt.cancelButton, answer: RatingAnswer.decline)]
        if let remind = prompt.remindButton {
            choices.append(.init(label: remind, answer: .remindLater))
        }
        choices.append(.init(label: prompt.rateButton, answer: .rate, isSuggested: true))
        return await MessageDialog.ask(
            title: prompt.title, message: prompt.message, choices: choices, dismissed: .dismissed, parent: parent)
    }
}
