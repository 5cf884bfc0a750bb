import Logging

extension RatingEngine {
    /// Changes the configuration of the running engine: the next decision, prompt and text use
    /// the new rules and texts (Armchair's "configurable at runtime").
    ///
    /// ```swift
    /// try engine.reconfigure { $0.usesUntilPrompt = 5; $0.texts.title = "Enjoying Notes?" }
    /// ```
    ///
    /// The change is checked as a new configuration is. The app ID, the key prefix and the key
    /// names name the state itself, so they cannot change in a running engine: make a new one. A
    /// review publisher the app set itself is kept; Armchair's own follows
    /// ``Configuration/inAppReviews``, ``Configuration/reviewServer`` and the version.
    ///
    /// - Parameter change: Changes a copy of the configuration.
    /// - Throws: ``ConfigurationError`` naming each problem; the engine keeps its configuration.
    public func reconfigure(_ change: (inout Configuration) -> Void) throws(ConfigurationError) {
        var next = configuration
        change(&next)
        var problems: [ConfigurationError.Problem] = []
        if next.appID != configuration.appID {
            problems.append(.init(setting: "appID", message: "cannot change in a running engine; create a new one"))
        }
        if next.effectiveKeyPrefix != configuration.effectiveKeyPrefix || next.keyNames != configuration.keyNames {
            problems.append(
                .init(
                    setting: "keyPrefix",
                    message: "the state's keys cannot change in a running engine; create a new one"))
        }
        do {
            try next.validate()
        } catch {
            problems += error.problems
        }
        guard problems.isEmpty else { throw ConfigurationError(problems: problems) }

        let previous = configuration
        Self.adoptTranslations(of: next, environment: environment, logger: logger)
        configuration = next
        destination = ReviewDestination.resolve(next, environment: environment)
        if next.feedbackEndpoint != previous.feedbackEndpoint {
            endpointSender = Self.endpointSender(for: next, environment: environment, clock: clock, logger: logger)
        }
        let reviewsChanged =
            next.inAppReviews != previous.inAppReviews || next.reviewServer != previous.reviewServer
            || next.appVersion != previous.appVersion
        if reviewsChanged, !hasOwnReviewPublisher {
            reviewPublisher = Self.reviewPublisher(for: next, environment: environment, clock: clock, logger: logger)
            hasOwnReviewPublisher = false
        }
        logger.info("The Armchair configuration changed; the next decision uses it.")
    }

    // MARK: The parts that follow the configuration

    /// Makes the app's gettext domain and Armchair's catalog folder those `configuration` names.
    static func adoptTranslations(of configuration: Configuration, environment: [String: String], logger: Logger) {
        if let domain = configuration.translationDomain { Gettext.appDomain.withLock { $0 = domain } }
        Gettext.findCatalogs(localeDirectory: configuration.localeDirectory, environment: environment, logger: logger)
    }

    /// Feedback to ``Configuration/feedbackEndpoint`` through the app's outbox, when it is set.
    static func endpointSender(
        for configuration: Configuration, environment: [String: String], clock: any WallClock, logger: Logger
    ) -> OutboxFeedbackSender? {
        configuration.feedbackEndpoint.flatMap { endpoint in
            (try? HTTPFeedbackSender(endpoint: endpoint)).map { http in
                OutboxFeedbackSender(
                    outbox: FeedbackOutbox(appID: configuration.appID, environment: environment, logger: logger),
                    sender: http, clock: clock)
            }
        }
    }

    /// Armchair's own review publisher, when ``Configuration/inAppReviews`` is on and the computer
    /// has a machine ID.
    static func reviewPublisher(
        for configuration: Configuration, environment: [String: String], clock: any WallClock, logger: Logger
    ) -> ReviewPublisher? {
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

/// The configuration the state keeper starts tracking versions with; shared with the keeper's
/// closure, so that ``RatingEngine/reconfigure(_:)`` reaches it. Changed only on the main actor.
final class TrackedConfiguration: @unchecked Sendable {
    var configuration: Configuration
    init(_ configuration: Configuration) { self.configuration = configuration }
}
