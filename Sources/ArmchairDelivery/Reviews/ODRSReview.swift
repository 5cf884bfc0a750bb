import ArmchairCore

public import struct FoundationEssentials.Date

/// A review ready to publish on the Open Desktop Ratings Service: exactly the fields its
/// `submit` call takes, plus an ID and a date for the ``ReviewOutbox``.
///
/// Created only from a draft the user chose to publish (``ReviewPublisher``).
public struct ODRSReview: OutboxMessage, Identifiable {
    /// A unique ID for the outbox; not sent.
    public var id: String
    /// When the user pressed Publish; not sent.
    public var date: Date
    /// The review server, such as `https://odrs.gnome.org/1.0/reviews/api`.
    public var server: String
    /// The AppStream ID of the app.
    public var appID: String
    /// The user's language, such as `de_DE`; `C` when unknown.
    public var locale: String
    public var summary: String
    public var description: String
    /// ``ReviewerIdentity/userHash``.
    public var userHash: String
    /// The app's version, trimmed as GNOME Software trims it (no epoch, no distribution suffix).
    public var version: String
    /// ``ReviewerIdentity/distro``.
    public var distro: String
    /// 20 to 100: the stars times 20.
    public var rating: Int
    /// The name shown with the review.
    public var userDisplay: String

    public static var folderName: String { "review-outbox" }
    public static var kindName: String { "review" }

    /// The JSON body of `POST <server>/submit`.
    var body: [String: SubmitValue] {
        [
            "app_id": .text(appID), "locale": .text(locale), "summary": .text(summary),
            "description": .text(description), "user_hash": .text(userHash), "version": .text(version),
            "distro": .text(distro), "rating": .number(rating), "user_display": .text(userDisplay),
        ]
    }

    /// A value in the submit body.
    enum SubmitValue: Encodable, Hashable {
        case text(String)
        case number(Int)

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .text(let text): try container.encode(text)
            case .number(let number): try container.encode(number)
            }
        }
    }

    /// `version` without an epoch (`1:2.0` → `2.0`) or a distribution suffix after `+` or `~`,
    /// as the service stores it; `unknown` when nothing is left.
    static func trimmedVersion(_ version: String?) -> String {
        var text = Substring(version ?? "")
        if let colon = text.firstIndex(of: ":") { text = text[text.index(after: colon)...] }
        if let suffix = text.firstIndex(where: { $0 == "+" || $0 == "~" }) { text = text[..<suffix] }
        let trimmed = String(text).trimmedOfWhitespace
        return trimmed.isEmpty ? "unknown" : trimmed
    }
}
