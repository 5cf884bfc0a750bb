import ArmchairCore
import CGtk

/// The rating prompt: Rate (suggested, the default), Remind Me Later (when reminders are on),
/// No, Thanks. Escape and the close button answer "dismissed", which the engine records as
/// "remind me later".
@MainActor
enum RatingDialog {
    static func present(_ prompt: RatingPrompt, parent: UnsafeMutablePointer<GtkWindow>?) async -> RatingAnswer {
        var buttons = [MessageDialog.Button(label: prompt.cancelButton, response: Response.decline)]
        if let remind = prompt.remindButton {
            buttons.append(MessageDialog.Button(label: remind, response: Response.remindLater))
        }
        buttons.append(MessageDialog.Button(label: prompt.rateButton, response: Response.rate, isSuggested: true))
        let dialog = MessageDialog(
            title: prompt.title, primaryText: prompt.title, secondaryText: prompt.message, buttons: buttons
        ).build(parent: parent)
        switch await DialogRunner.run(dialog) {
        case Response.rate: return .rate
        case Response.remindLater: return .remindLater
        case Response.decline: return .decline
        default: return .dismissed
        }
    }
}
