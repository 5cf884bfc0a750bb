/// Opens the user's mail client with the feedback addressed to the developer, through a `mailto:`
/// URI: nothing leaves the machine until the user sends the email themselves.
public struct MailtoFeedbackSender: FeedbackSender {
    /// The developer's address.
    public let address: String
    /// The subject and the body's labels, in the user's language.
    public let texts: MailTexts
    private let open: @Sendable (String) async throws(OpenURIError) -> Void

    /// Creates a sender to `address` that opens URIs with `open` (the presenter's ``RatingPresenter/openURI(_:)``).
    ///
    /// - Parameters:
    ///   - address: The developer's address.
    ///   - texts: The subject and labels; default: Armchair's translated ones, for an app called
    ///     by the message's app name.
    ///   - open: Opens the `mailto:` URI.
    public init(
        address: String, texts: MailTexts = MailTexts(),
        open: @escaping @Sendable (String) async throws(OpenURIError) -> Void
    ) {
        self.address = address
        self.texts = texts
        self.open = open
    }

    public func send(_ message: FeedbackMessage) async throws(FeedbackError) {
        do {
            try await open(Self.uri(for: message, to: address, texts: texts))
        } catch {
            throw FeedbackError(DefaultStrings.format(texts.couldNotOpen, error.reason))
        }
    }

    /// The `mailto:` URI for `message`: subject and body percent-encoded (RFC 6068).
    public static func uri(for message: FeedbackMessage, to address: String, texts: MailTexts = MailTexts()) -> String {
        var body = message.text
        if let email = message.replyEmail { body += "\n\n" + DefaultStrings.format(texts.replyTo, email) }
        if let details = message.systemDetails, !details.isEmpty {
            body += "\n\n" + details.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
        }
        body += "\n\n" + DefaultStrings.format(texts.messageID, message.id)
        body = body.replacingAll("\r\n", with: "\n").replacingAll("\n", with: "\r\n")  // RFC 6068 line breaks
        let subject = DefaultStrings.format(texts.subject, message.appName)
        return "mailto:\(ReviewURLTemplate.percentEncoded(address).replacingAll("%40", with: "@"))"
            + "?subject=\(ReviewURLTemplate.percentEncoded(subject))&body=\(ReviewURLTemplate.percentEncoded(body))"
    }
}

/// The texts of a feedback email: each a template whose `%1$s` is filled in.
public struct MailTexts: Sendable, Hashable {
    /// The subject; `%1$s` is the app's name. Default: "Feedback on %1$s", translated.
    public var subject: String
    /// The line with the reply address; `%1$s` is the address. Default: "Reply to: %1$s".
    public var replyTo: String
    /// The line with the message's ID; `%1$s` is the ID. Default: "Message ID: %1$s".
    public var messageID: String
    /// The error when no mail client opens; `%1$s` is the system's reason.
    public var couldNotOpen: String

    /// Armchair's texts in the user's language, or the ones given.
    public init(
        subject: String? = nil, replyTo: String? = nil, messageID: String? = nil, couldNotOpen: String? = nil
    ) {
        self.subject = subject ?? DefaultStrings.feedbackFormTitle
        self.replyTo = replyTo ?? DefaultStrings.mailReplyTo
        self.messageID = messageID ?? DefaultStrings.mailMessageID
        self.couldNotOpen = couldNotOpen ?? DefaultStrings.mailCouldNotOpen
    }
}
