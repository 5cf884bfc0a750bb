public import struct FoundationEssentials.Date

/// A feedback message ready to send: what the user wrote, and only the details they agreed to.
public struct FeedbackMessage: Sendable, Hashable, Identifiable, Codable {
    /// A unique ID, so a receiver can drop a message it already has.
    public var id: String
    /// The application ID.
    public var appID: String
    /// The app's display name.
    public var appName: String
    /// The app's version, when the configuration names it.
    public var appVersion: String?
    /// The language the user read the feedback form in, as Armchair's catalog is named, such as
    /// `de` or `pt_BR`; `en` for English.
    public var locale: String?
    /// The message.
    public var text: String
    /// The address to reply to, if the user gave one.
    public var replyEmail: String?
    /// The app version and system details, only if the user ticked the box; in display order.
    public var systemDetails: [SystemDetail]?
    /// When the user sent it.
    public var date: Date

    /// Creates a message.
    public init(
        id: String, appID: String, appName: String, appVersion: String? = nil, locale: String? = nil, text: String,
        replyEmail: String?, systemDetails: [SystemDetail]?, date: Date
    ) {
        self.id = id
        self.appID = appID
        self.appName = appName
        self.appVersion = appVersion
        self.locale = locale
        self.text = text
        self.replyEmail = replyEmail
        self.systemDetails = systemDetails
        self.date = date
    }
}

/// One line of system details, shown to the user before they choose to include it.
public struct SystemDetail: Sendable, Hashable, Codable {
    /// What it is, such as "App version".
    public var name: String
    /// Its value, such as "2.4.1".
    public var value: String

    /// Creates a detail.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
