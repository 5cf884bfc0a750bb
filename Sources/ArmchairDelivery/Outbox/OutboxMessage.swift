public import ArmchairCore

public import struct FoundationEssentials.Date

/// A message an ``Outbox`` can keep: feedback (`FeedbackMessage`) or a review (``ODRSReview``).
public protocol OutboxMessage: Sendable, Hashable, Codable {
    /// A unique ID; it names the message's file and lets a receiver drop a copy it already has.
    ///
    /// 1 to 128 ASCII letters, digits, `.`, `-` and `_`, starting with a letter or digit, such as a
    /// UUID; the outbox refuses any other (``OutboxError/Kind/invalidID``).
    var id: String { get }
    /// When the user sent it; the outbox delivers the oldest first.
    var date: Date { get }
    /// The outbox folder's name beside the state file, such as `outbox`.
    static var folderName: String { get }
    /// What the messages are, for log lines: "feedback", "review".
    static var kindName: String { get }
}

/// How much an ``Outbox`` may hold.
public struct OutboxLimits: Sendable, Hashable {
    /// The most messages waiting. Default 100.
    public var maximumMessages = 100
    /// The most bytes of waiting message files. Default 4 MiB.
    public var maximumBytes = 4 << 20

    /// The defaults.
    public init() {}
}

/// How one try to deliver a message from an ``Outbox`` went.
public enum DeliveryResult: Sendable, Hashable {
    /// The receiver confirmed it: the message leaves the outbox.
    case delivered
    /// It failed in a way that may pass (network, timeout, server error): it waits for the next try.
    case failed(String)
    /// The receiver refused this message for good: it moves to the outbox's `failed` folder.
    case refused(String)
}

/// The outbox of feedback messages.
public typealias FeedbackOutbox = Outbox<FeedbackMessage>

extension FeedbackMessage: OutboxMessage {
    public static var folderName: String { "outbox" }
    public static var kindName: String { "feedback" }
}

extension Outbox where Message == FeedbackMessage {
    /// Sends every feedback message whose next try is due through `sender`.
    public func deliverDue(
        through sender: any FeedbackSender, now: Date, includingNotDue: Bool = false
    ) async -> OutboxDelivery {
        await deliverDue(now: now, includingNotDue: includingNotDue) { await Self.result(of: $0, through: sender) }
    }

    /// Sends one queued feedback message through `sender` now, whatever its schedule.
    public func deliver(_ id: String, through sender: any FeedbackSender, now: Date) async -> OutboxDelivery {
        await deliver(id, now: now) { await Self.result(of: $0, through: sender) }
    }

    private static func result(of message: FeedbackMessage, through sender: any FeedbackSender) async
        -> DeliveryResult
    {
        do throws(FeedbackError) {
            try await sender.send(message)
            return .delivered
        } catch {
            return error.isPermanent ? .refused(error.message) : .failed(error.message)
        }
    }
}
