import ArmchairCore

/// Why a message could not be put in an ``Outbox``.
public struct OutboxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable, Hashable {
        /// The outbox holds its most messages or bytes: earlier messages could not be sent yet.
        case full
        /// The message could not be written to disk.
        case unwritable
        /// The message's ID cannot name a file in the outbox (see ``OutboxMessage/id``).
        case invalidID
    }

    public var kind: Kind
    /// The outbox folder.
    public var folder: String
    /// What went wrong, with the numbers or the system's reason.
    public var reason: String

    public var description: String {
        let problem =
            switch kind {
            case .full: "is full"
            case .unwritable: "cannot be written"
            case .invalidID: "cannot take this message"
            }
        return "The outbox \(folder) \(problem): \(reason)"
    }
}
