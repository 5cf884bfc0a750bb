/// Publishes what the user wrote in the review form, for the engine: ArmchairDelivery's
/// `ReviewPublisher` publishes to the Open Desktop Ratings Service through an outbox.
///
/// ``publish(_:id:)`` is called only when the user pressed Publish in the form, which says what
/// will be published and where; nothing is ever published without that.
public protocol ReviewPublishing: Sendable {
    /// The name the form suggests to publish under: the user's full name, else their user name.
    var suggestedName: String { get }
    /// The service the review goes to, whose host the form's consent text names.
    var server: ServiceAddress { get }

    /// Publishes `draft`.
    ///
    /// - Parameters:
    ///   - draft: What the user wrote and chose to publish.
    ///   - id: The review's ID; the same ID for the same draft, so a retry never queues a copy.
    /// - Throws: ``ReviewFailure`` when the draft has a problem or the service refused it; the
    ///   form keeps what the user wrote and shows the message.
    func publish(_ draft: ReviewDraft, id: String) async throws(ReviewFailure) -> ReviewOutcome

    /// Tries every waiting review whose time has come.
    @discardableResult
    func deliverPending() async -> OutboxDelivery
}

/// What happened to a published review.
public enum ReviewOutcome: String, Sendable, Hashable {
    /// The service has it.
    case published
    /// It waits in the outbox until the service can be reached.
    case queued
    /// The service already has a review of the app by this user.
    case alreadyReviewed
}

/// Why a review was not published, in words for the user; the form keeps what they wrote.
public struct ReviewFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, for the user.
    public var message: String

    /// Creates a failure with `message`, in words for the user.
    public init(message: String) { self.message = message }

    public var description: String { message }
}
