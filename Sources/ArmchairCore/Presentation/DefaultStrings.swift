/// The default English texts of the prompt and the single lookup they pass through.
///
/// Every user-visible default goes through ``localized(_:)``, which asks gettext. Placeholders are positional (`%1$s`) and are filled after lookup, so that a
/// translation may move them within the sentence.
package enum DefaultStrings {
    // TRANSLATORS: The title of the rating prompt; %1$s is the app's name. "Rate" is a verb.
    package static var title: String { localized("Rate %1$s") }
    package static var message: String {
        localized(
            "Has %1$s been useful to you? A rating in your software centre helps other people find it, and it takes less than a minute."
        )
    }
    // TRANSLATORS: The rating prompt's message for a game (Configuration.isGame); %1$s is its name.
    package static var gameMessage: String {
        localized(
            "Has %1$s been fun to play? A rating in your software centre helps other players find it, and it takes less than a minute."
        )
    }
    package static var updateMessage: String {
        localized(
            "Thank you for rating an earlier version of %1$s! Would you rate this version too? It helps other people see that the app is kept up to date."
        )
    }
    // TRANSLATORS: A button that opens the app's page in the software centre to rate it (a verb).
    // The underscore marks the keyboard mnemonic; keep one in your translation.
    package static var rateButton: String { localized("_Rate") }
    package static var remindButton: String { localized("Remind Me _Later") }
    package static var cancelButton: String { localized("_No, Thanks") }

    package static var satisfactionTitle: String { localized("Enjoying %1$s?") }
    package static var satisfactionMessage: String { localized("Are you happy with %1$s so far?") }
    // TRANSLATORS: The happy answer to "Enjoying %1$s?".
    package static var satisfactionYesButton: String { localized("_Yes!") }
    // TRANSLATORS: The unhappy answer to "Enjoying %1$s?"; it leads to a feedback form.
    package static var satisfactionNoButton: String { localized("Not _Really") }
    package static var feedbackRequestTitle: String { localized("Help Improve %1$s") }
    package static var feedbackRequestMessage: String {
        localized("Sorry to hear that. Would you tell us what we could do better? You can also rate the app instead.")
    }
    package static var feedbackButton: String { localized("_Send Feedback…") }
    // TRANSLATORS: Offered to an unhappy user next to "Send Feedback": rate the app instead of writing feedback.
    package static var rateInsteadButton: String { localized("_Rate Instead") }
    package static var feedbackFormTitle: String { localized("Feedback on %1$s") }
    package static var feedbackFormMessage: String {
        localized("What could be better? The developers read every message.")
    }
    package static var feedbackEmailLabel: String { localized("Reply _email (optional)") }
    package static var feedbackDetailsLabel: String { localized("_Include the app version and system details") }
    package static var sendButton: String { localized("_Send") }
    package static var cancelFormButton: String { localized("_Cancel") }
    package static var retryButton: String { localized("_Retry") }
    package static var thankYouTitle: String { localized("Thank You") }
    package static var thankYouMessage: String { localized("Your feedback helps make %1$s better.") }
    package static var closeButton: String { localized("_Close") }
    // TRANSLATORS: A line of the feedback email the user's mail client opens; %1$s is the address
    // the user gave for a reply.
    package static var mailReplyTo: String { localized("Reply to: %1$s") }
    // TRANSLATORS: The last line of the feedback email; %1$s is the message's unique ID, which lets
    // the developers recognise a message sent twice.
    package static var mailMessageID: String { localized("Message ID: %1$s") }
    // TRANSLATORS: %1$s is the system's reason, in English, such as "no application handles mailto".
    package static var mailCouldNotOpen: String { localized("No email app could be opened (%1$s).") }
    package static var feedbackOutboxFull: String {
        localized("Too many messages are waiting to be sent. Please try again later.")
    }
    // TRANSLATORS: %1$s is the server's answer, such as "HTTP 413".
    package static var feedbackRefused: String { localized("The feedback server did not accept the message (%1$s).") }
    package static var feedbackUnreachable: String {
        localized("The feedback server could not be reached. Check the connection and try again.")
    }
    // TRANSLATORS: Shown in the feedback form when the app that delivers feedback itself (rather
    // than Armchair) never finished sending the message; the person may press Retry.
    package static var feedbackNotDelivered: String {
        localized("The app did not deliver the feedback. Please try again.")
    }

    /// Looks up the translation of an English text (gettext's `dgettext`).
    package static func localized(_ english: String) -> String { Gettext.translate(english) }

    /// Looks up the translation of a text that depends on a count (gettext's `dngettext`).
    package static func localizedPlural(_ singular: String, _ plural: String, count: Int) -> String {
        Gettext.translate(singular, plural, count: count)
    }

    /// Fills positional `%1$s` placeholders with `arguments`, in any order the text uses them.
    package static func format(_ template: String, _ arguments: String...) -> String {
        var result = template
        for (index, argument) in arguments.enumerated() {
            result = result.replacingAll("%\(index + 1)$s", with: argument)
        }
        return result
    }
}

extension String {
    /// A copy with every occurrence of `target` replaced, without Foundation or `_StringProcessing`.
    package func replacingAll(_ target: String, with replacement: String) -> String {
        guard containsText(target) else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(ofText: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
