public import ArmchairCore
public import Logging

/// The engine's network: feedback to `Configuration/feedbackEndpoint` over HTTPS through an
/// outbox beside the state file, and reviews to the Open Desktop Ratings Service when
/// `Configuration/inAppReviews` is on.
///
/// The `Armchair` product's `RatingEngine` initializer and the GTK binding pass it for you; an app
/// that builds an engine from `ArmchairCore` alone passes it to send anything over the network:
///
/// ```swift
/// let engine = try RatingEngine(configuration: configuration, delivery: NetworkDelivery())
/// ```
public struct NetworkDelivery: DeliveryServices {
    /// Creates the network delivery.
    public init() {}

    public func feedbackSender(
        for configuration: Configuration, environment: [String: String], clock: any WallClock, logger: Logger
    ) -> (any QueuedFeedbackSender)? {
        configuration.feedbackEndpoint.flatMap { endpoint in
            (try? HTTPFeedbackSender(endpoint: endpoint)).map { http in
                OutboxFeedbackSender(
                    outbox: FeedbackOutbox(appID: configuration.appID, environment: environment, logger: logger),
                    sender: http, clock: clock)
            }
        }
    }

    /// Armchair's own review publisher, when `Configuration/inAppReviews` is on and the computer
    /// has a machine ID.
    public func reviewPublisher(
        for configuration: Configuration, environment: [String: String], clock: any WallClock, logger: Logger
    ) -> (any ReviewPublishing)? {
        guard configuration.inAppReviews else { return nil }
        let publisher = ReviewerIdentity.current(environment: environment).flatMap { identity in
            try? ReviewPublisher(
                configuration: configuration, identity: identity,
                outbox: ReviewOutbox(appID: configuration.appID, environment: environment, logger: logger),
                environment: environment, clock: clock)
        }
        if publisher == nil { logger.warning("In-app reviews are off: this computer has no readable /etc/machine-id.") }
        return publisher
    }
}
