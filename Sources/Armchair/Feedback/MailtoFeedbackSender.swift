/// Opens the user's mail client with the feedback addressed to the developer, through a `mailto:`
/// URI: nothing leaves the machine until the user sends the email themselves.
public struct MailtoFeedbackSender: FeedbackSender {
    /// The developer's address.
    public let address: String
    private let open: @Sendable (String) async throws(OpenURIError) -> Void

    /// Creates a sender to `address` that opens URIs with `open` (the presenter's ``RatingPresenter/openURI(_:)``).
    public init(address: String, open: @escaping @Sendable (String) async throws(OpenURIError) -> Void) {
        self.address = address
        self.open = open
    }

    public func send(_ message: FeedbackMessage) async throws(FeedbackError) {
        do {
            try await open(Self.uri(for: message, to: address))
        } catch {
            throw FeedbackError("No email app could be opened (\(error.reason)).")
        }
    }

    /// The `mailto:` URI for `message`: subject and body percent-encoded (RFC 6068).
    public static func uri(for message: FeedbackMessage, to address: String) -> String {
        var body = message.text
        if let email = message.replyEmail { body += "\n\nReply to: \(email)" }
        if let details = message.systemDetails, !details.isEmpty {
            body += "\n\n" + details.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
        }
        body += "\n\nMessage ID: \(message.id)"
        body = body.replacingAll("\r\n", with: "\n").replacingAll("\n", with: "\r\n")  // RFC 6068 line breaks
        let subject = "Feedback on \(message.appName)"
        return "mailto:\(ReviewURLTemplate.percentEncoded(address).replacingAll("%40", with: "@"))"
            + "?subject=\(ReviewURLTemplate.percentEncoded(subject))&body=\(ReviewURLTemplate.percentEncoded(body))"
    }
}
