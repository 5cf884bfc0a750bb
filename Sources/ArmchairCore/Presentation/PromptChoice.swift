/// One answer a message-style prompt offers, as a toolkit shows it: a button's label (with its
/// `_` mnemonic), the answer it gives, and whether it is the suggested action.
///
/// Every toolkit adapter builds its buttons from these lists, so the GTK 3 and the GTK 4 dialogs
/// offer the same answers in the same order: the suggested one last, at the end of the row, as
/// GNOME's dialogs place it.
public struct PromptChoice<Answer: Sendable>: Sendable {
    /// A stable name for the answer, such as `rate` (libadwaita's response ID).
    public var id: String
    /// The button's label with its mnemonic, such as `_Rate`.
    public var label: String
    /// What pressing the button answers.
    public var answer: Answer
    /// Whether the button is the suggested action and the default (Enter).
    public var isSuggested: Bool

    /// Creates a choice.
    public init(id: String, label: String, answer: Answer, isSuggested: Bool = false) {
        self.id = id
        self.label = label
        self.answer = answer
        self.isSuggested = isSuggested
    }
}

extension RatingPrompt {
    /// No, Thanks; Remind Me Later (when reminders are on); Rate, suggested. Closing the prompt
    /// otherwise answers ``RatingAnswer/dismissed``: "not now".
    public var choices: [PromptChoice<RatingAnswer>] {
        var choices = [PromptChoice(id: "decline", label: cancelButton, answer: RatingAnswer.decline)]
        if let remindButton {
            choices.append(PromptChoice(id: "remind-later", label: remindButton, answer: .remindLater))
        }
        choices.append(PromptChoice(id: "rate", label: rateButton, answer: .rate, isSuggested: true))
        return choices
    }
}

extension SatisfactionQuestion {
    /// Not Really; Yes!, suggested.
    public var choices: [PromptChoice<SatisfactionAnswer>] {
        [
            PromptChoice(id: "not-enjoying", label: noButton, answer: .notEnjoying),
            PromptChoice(id: "enjoying", label: yesButton, answer: .enjoying, isSuggested: true),
        ]
    }
}

extension FeedbackRequest {
    /// No, Thanks; Rate Instead; Send Feedback… (when the app can receive feedback), suggested.
    /// Rating is always offered, to unhappy users too; it is the suggested action when feedback
    /// is not.
    public var choices: [PromptChoice<FeedbackRequestAnswer>] {
        var choices: [PromptChoice<FeedbackRequestAnswer>] = [
            PromptChoice(id: "decline", label: cancelButton, answer: .decline),
            PromptChoice(id: "rate", label: rateButton, answer: .rate, isSuggested: feedbackButton == nil),
        ]
        if let feedbackButton {
            choices.append(
                PromptChoice(id: "feedback", label: feedbackButton, answer: .giveFeedback, isSuggested: true))
        }
        return choices
    }
}

extension ThankYou {
    /// Close, the only and suggested button.
    public var choices: [PromptChoice<Void>] {
        [PromptChoice(id: "close", label: closeButton, answer: (), isSuggested: true)]
    }
}
