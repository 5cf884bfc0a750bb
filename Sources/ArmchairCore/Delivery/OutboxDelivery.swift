/// What one round of delivery from an outbox of feedback or reviews did.
public struct OutboxDelivery: Sendable, Hashable {
    /// Messages the receiver confirmed; they have left the outbox.
    public var delivered: [String] = []
    /// Messages that failed for now and wait for their next try.
    public var retrying: [String] = []
    /// Messages the receiver refused for good; they were moved to the outbox's `failed` folder.
    public var refused: [String] = []
    /// Messages skipped because another process of the app is sending them.
    public var busy: [String] = []

    /// Creates an empty report.
    public init() {}
}
