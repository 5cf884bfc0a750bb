/// A feedback sender that keeps messages on disk until they are delivered, so that the engine can
/// try the waiting ones again (ArmchairDelivery's `OutboxFeedbackSender`).
public protocol QueuedFeedbackSender: FeedbackSender {
    /// Tries every waiting message whose time has come.
    @discardableResult
    func deliverPending() async -> OutboxDelivery
}
