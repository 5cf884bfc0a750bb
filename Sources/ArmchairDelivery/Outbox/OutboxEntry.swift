import ArmchairCore

public import struct FoundationEssentials.Date

/// One message waiting in an ``Outbox``, as kept on disk: the message, and how its delivery has
/// gone so far.
public struct OutboxEntry<Message: OutboxMessage>: Sendable, Hashable, Codable {
    /// The message, exactly as it will be sent.
    public var message: Message
    /// How many times delivery was tried.
    public var attempts: Int
    /// When the next try is due; a try before that happens only when asked for explicitly.
    public var nextAttempt: Date
    /// Why the last try failed.
    public var lastError: String?

    /// The format of the file; a newer one is left alone.
    var version = 1

    /// Counts one more failed try and keeps its reason; the count stops at its largest value
    /// instead of overflowing, whatever a file on disk said.
    mutating func recordFailure(_ reason: String) {
        attempts = attempts < 0 ? 1 : attempts == .max ? .max : attempts + 1
        lastError = reason
    }
}

/// How long a failed message waits before the next try: one minute, doubling with each failure,
/// at most six hours. No randomness: one user's app is no thundering herd, and tests stay exact.
public enum RetrySchedule {
    /// The wait after `failures` failed tries, in seconds.
    public static func delay(afterFailures failures: Int) -> Double {
        guard failures > 0 else { return 0 }
        return min(60 * Double(1 << min(failures - 1, 20)), maximumDelay)
    }

    /// The longest wait, in seconds.
    public static let maximumDelay: Double = 6 * 3_600
}
