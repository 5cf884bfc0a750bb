/// What the user typed in the feedback form, checked before anything is sent.
public struct FeedbackDraft: Sendable, Hashable {
    /// The message; required.
    public var text: String
    /// An address to reply to; optional.
    public var replyEmail: String
    /// Whether the user chose to include the app version and system details.
    public var includesSystemDetails: Bool

    /// Creates a draft.
    public init(text: String = "", replyEmail: String = "", includesSystemDetails: Bool = false) {
        self.text = text
        self.replyEmail = replyEmail
        self.includesSystemDetails = includesSystemDetails
    }

    /// Why the draft cannot be sent yet.
    public enum Problem: Sendable, Hashable {
        /// The message is empty (or only spaces).
        case emptyText
        /// The message is longer than the limit.
        case textTooLong(length: Int, limit: Int)
        /// The reply address is not an email address.
        case invalidEmail
    }

    /// Everything that keeps the draft from being sent; empty when it can be.
    public func problems(characterLimit: Int) -> [Problem] {
        var problems: [Problem] = []
        let length = text.count
        if text.allSatisfy(\.isWhitespace) { problems.append(.emptyText) }
        if length > characterLimit { problems.append(.textTooLong(length: length, limit: characterLimit)) }
        let email = replyEmail.trimmedOfWhitespace
        if !email.isEmpty && !Self.isEmailAddress(email) { problems.append(.invalidEmail) }
        return problems
    }

    /// A pragmatic check: one `@`, a non-empty local part, a dotted domain, no spaces or controls.
    static func isEmailAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].count <= 64, text.utf8.count <= 254 else { return false }
        let domain = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        guard domain.count >= 2, domain.allSatisfy({ !$0.isEmpty && !$0.hasPrefix("-") && !$0.hasSuffix("-") }) else {
            return false
        }
        return !text.unicodeScalars.contains {
            $0.value <= 0x20 || $0.value == 0x7F || "<>()[]\\,;:\"".unicodeScalars.contains($0)
        }
    }
}

extension String {
    /// The text without leading and trailing white space and newlines.
    package var trimmedOfWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
