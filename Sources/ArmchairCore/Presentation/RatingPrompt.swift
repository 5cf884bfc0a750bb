/// Everything a presenter needs to show the rating prompt, already localised.
///
/// Button titles keep their GTK mnemonic underscore (`"_Rate"`); use the `plain` variants for a
/// UI without mnemonics. ``remindButton`` is `nil` when ``Configuration/daysBeforeReminding`` is
/// 0: the prompt then has no "Remind me later" button.
public struct RatingPrompt: Sendable, Hashable {
    /// The app's display name.
    public var appName: String
    /// The dialog title.
    public var title: String
    /// The question: the update message for someone who rated an earlier version.
    public var message: String
    /// Whether ``message`` is the update message.
    public var isUpdatePrompt: Bool
    /// The button that rates.
    public var rateButton: String
    /// The button that asks again later, or `nil` when reminders are off.
    public var remindButton: String?
    /// The button that declines.
    public var cancelButton: String
    /// Where "Rate" leads.
    public var destination: ReviewDestination

    /// `text` without its mnemonic underscore (a doubled `__` stays as one `_`).
    public static func plain(_ text: String) -> String {
        var result = ""
        var escaped = false
        for character in text {
            if character == "_" && !escaped {
                escaped = true
                continue
            }
            result.append(character)
            escaped = false
        }
        return result
    }
}
