public import ArmchairCore

/// A sender that puts every message in a ``FeedbackOutbox`` first, then hands it to another
/// sender, so that feedback survives a crash, a full server or a train tunnel.
///
/// ```swift
/// let sender = try OutboxFeedbackSender(
///     outbox: FeedbackOutbox(appID: "org.example.Notes"),
///     sender: HTTPFeedbackSender(endpoint: "https://feedback.example.org/notes"))
/// engine.feedbackSender = sender
/// ```
///
/// ``send(_:)`` returns once the message is safe on disk and either delivered or waiting for a
/// later try: for the user, it is sent. It throws only when the outbox is full or cannot be
/// written, or when the receiver refused the message for good. ``deliverPending()`` tries the
/// waiting messages again; the GTK binding calls it at each launch and when the network comes back.
public struct OutboxFeedbackSender: QueuedFeedbackSender {
    /// Where messages wait.
    public let outbox: FeedbackOutbox
    /// The sender that delivers them.
    public let sender: any FeedbackSender
    private let clock: any WallClock

    /// Creates a sender that queues in `outbox` and delivers through `sender`.
    public init(outbox: FeedbackOutbox, sender: any FeedbackSender, clock: any WallClock = SystemWallClock()) {
        self.outbox = outbox
        self.sender = sender
        self.clock = clock
    }

    public func send(_ message: FeedbackMessage) async throws(FeedbackError) {
        do {
            try outbox.enqueue(message, now: clock.now)
        } catch {
            switch error.kind {
            case .full: throw FeedbackError(DefaultStrings.feedbackOutboxFull)
            case .unwritable: throw FeedbackError(DefaultStrings.feedbackUnreachable)
            case .invalidID: throw FeedbackError(error.description, isPermanent: true)
            }
        }
        // The attempt runs to its end in a task of its own, even when the form closes under it
        // (which cancels the form's task): the message is safe in the outbox either way, and a
        // finished attempt spares the receiver a copy later.
        let report = await Task { [self] in await outbox.deliver(message.id, through: sender, now: clock.now) }.value
        if report.refused.contains(message.id) {
            let refusal = outbox.refusal(of: message.id)
            throw FeedbackError(refusal ?? DefaultStrings.feedbackUnreachable, isPermanent: true)
        }
    }

    /// Tries every waiting message whose time has come.
    @discardableResult
    public func deliverPending() async -> OutboxDelivery {
        await outbox.deliverDue(through: sender, now: clock.now)
    }
}
