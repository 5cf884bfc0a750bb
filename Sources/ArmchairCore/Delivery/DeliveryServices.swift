public import Logging

/// Makes the parts of the engine that send something over the network, from the configuration:
/// feedback to ``Configuration/feedbackEndpoint`` and reviews when ``Configuration/inAppReviews``
/// is on.
///
/// The core does not link the network; ArmchairDelivery's `NetworkDelivery` is the real one, and
/// the `Armchair` product and the GTK binding pass it for you. An engine made with `nil` sends
/// nothing over the network: feedback goes by email or through the app's own
/// ``RatingEngine/feedbackSender``, and "Rate" opens the software centre.
public protocol DeliveryServices: Sendable {
    /// The sender for ``Configuration/feedbackEndpoint``, or `nil` when it is not set.
    func feedbackSender(
        for configuration: Configuration, environment: [String: String], clock: any WallClock, logger: Logger
    ) -> (any QueuedFeedbackSender)?

    /// The publisher for in-app reviews, or `nil` when ``Configuration/inAppReviews`` is off or
    /// reviews cannot be tied to the user on this computer.
    func reviewPublisher(
        for configuration: Configuration, environment: [String: String], clock: any WallClock, logger: Logger
    ) -> (any ReviewPublishing)?
}
