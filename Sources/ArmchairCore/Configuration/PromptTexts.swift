/// Text overrides for the rating prompt.
///
/// Every property left `nil` uses Armchair's own localised default. A value you set is used as
/// it is, in every language, so translate it yourself if your app is translated. An empty title
/// or message hides that line of the dialog (SwiftyiRate), rather than showing an empty one. Button titles
/// may contain a GTK mnemonic (`"_Rate"`); presenters that do not use mnemonics drop the
/// underscore (see ``RatingPrompt``).
public struct PromptTexts: Sendable, Hashable, Codable {
    /// The dialog title. Default: "Rate *App Name*".
    public var title: String?
    /// The question shown to someone who has not rated an earlier version.
    public var message: String?
    /// The question shown to someone who rated an earlier version and is asked about this one.
    public var updateMessage: String?
    /// The button that opens the review page. Default: "_Rate".
    public var rateButton: String?
    /// The button that asks again later. Default: "Remind Me _Later".
    public var remindButton: String?
    /// The button that declines. Default: "_No, Thanks".
    public var cancelButton: String?

    // MARK: The satisfaction flow

    /// The satisfaction question's title. Default: "Enjoying *App Name*?".
    public var satisfactionTitle: String?
    /// The satisfaction question.
    public var satisfactionMessage: String?
    /// The happy answer. Default: "_Yes!".
    public var satisfactionYesButton: String?
    /// The unhappy answer. Default: "Not _Really".
    public var satisfactionNoButton: String?
    /// The feedback request's title.
    public var feedbackRequestTitle: String?
    /// The feedback request, asking what could be better.
    public var feedbackRequestMessage: String?
    /// The button that opens the feedback form. Default: "_Send Feedback…".
    public var feedbackButton: String?
    /// The feedback form's title.
    public var feedbackFormTitle: String?
    /// The line above the feedback text.
    public var feedbackFormMessage: String?
    /// The text the feedback form starts with, for the person to write into (ADAppRater's
    /// `feedbackFormBody`): a question to answer, or headings such as "What I tried:". `%1$s` is
    /// the app's name and `%2$s` its version. The email carries it as the person left it; Send
    /// stays disabled until they wrote something of their own. Default: an empty form.
    public var feedbackBody: String?
    /// The thank-you's title.
    public var thankYouTitle: String?
    /// The thank-you message.
    public var thankYouMessage: String?
    /// The button that closes the thank-you. Default: "_Close".
    public var closeButton: String?
    /// The feedback request's button that rates after all. Default: "_Rate Instead".
    public var rateInsteadButton: String?
    /// The feedback request's button that declines both. Default: the rating prompt's
    /// ``cancelButton``, else "_No, Thanks".
    public var feedbackRequestCancelButton: String?
    /// The subject of the feedback email the default sender opens; `%1$s` is the app's name.
    /// Default: the feedback form's title, "Feedback on *App Name*".
    public var mailSubject: String?
    /// The feedback email's line with the reply address; `%1$s` is the address. Default: "Reply to: %1$s".
    public var mailReplyTo: String?
    /// The feedback email's line with the message's ID; `%1$s` is the ID. Default: "Message ID: %1$s".
    public var mailMessageID: String?
    /// The error shown when no mail client opens; `%1$s` is the system's reason.
    /// Default: "No email app could be opened (%1$s)."
    public var mailCouldNotOpen: String?

    /// Creates a set of overrides; omitted ones use the defaults.
    public init(
        title: String? = nil,
        message: String? = nil,
        updateMessage: String? = nil,
        rateButton: String? = nil,
        remindButton: String? = nil,
        cancelButton: String? = nil
    ) {
        self.title = title
        self.message = message
        self.updateMessage = updateMessage
        self.rateButton = rateButton
        self.remindButton = remindButton
        self.cancelButton = cancelButton
    }
}
