import Logging
import Synchronization

import struct FoundationEssentials.Date

extension RatingEngine {
    /// Changes the configuration of the running engine: the next decision, prompt and text use
    /// the new rules and texts (Armchair's "configurable at runtime").
    ///
    /// ```swift
    /// try engine.reconfigure { $0.usesUntilPrompt = 5; $0.texts.title = "Enjoying Notes?" }
    /// ```
    ///
    /// The change is checked as a new configuration is. The app ID, the key prefix, the key names
    /// and the synced folder say where the state is, so they cannot change in a running engine:
    /// make a new one. A
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
            problems.append(.init("appID", "cannot change in a running engine; create a new one"))
        }
        if next.syncedFolder != configuration.syncedFolder {
            problems.append(.init("syncedFolder", "cannot change in a running engine; create a new one"))
        }
        if next.effectiveKeyPrefix != configuration.effectiveKeyPrefix || next.keyNames != configuration.keyNames {
            problems.append(.init("keyPrefix", "the state's keys cannot change in a running engine; create a new one"))
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
            endpointSender = delivery?.feedbackSender(for: next, environment: environment, clock: clock, logger: logger)
        }
        let reviewsChanged =
            next.inAppReviews != previous.inAppReviews || next.reviewServer != previous.reviewServer
            || next.appVersion != previous.appVersion
        if reviewsChanged, !hasOwnReviewPublisher {
            reviewPublisher = delivery?.reviewPublisher(
                for: next, environment: environment, clock: clock, logger: logger)
            hasOwnReviewPublisher = false
        }
        logger.info("The Armchair configuration changed; the next decision uses it.")
    }

    // MARK: The parts that follow the configuration

    /// The store of an engine the app gives none: the folder the person syncs
    /// (``Configuration/syncedFolder``), else the state file in `$XDG_STATE_HOME/<app-id>/`.
    static func defaultStore(
        for configuration: Configuration, environment: [String: String], logger: Logger
    ) -> any KeyValueStore {
        guard let folder = configuration.syncedFolder else {
            return KeyFileStore(appID: configuration.appID, environment: environment, logger: logger)
        }
        return SyncedFolderStore(folder: folder, configuration: configuration, environment: environment, logger: logger)
    }

    /// Makes the app's gettext domain and Armchair's catalog folder those `configuration` names;
    /// the folder is searched for when a text is first translated.
    static func adoptTranslations(of configuration: Configuration, environment: [String: String], logger: Logger) {
        if let domain = configuration.translationDomain { Gettext.appDomain.withLock { $0 = domain } }
        Gettext.keepsToAppLanguages.withLock { $0 = !configuration.usesAllAvailableLanguages }
        Gettext.requestCatalogs(
            localeDirectory: configuration.localeDirectory, environment: environment, logger: logger)
    }
}

/// The configuration the state keeper starts tracking versions with; shared with the keeper's
/// closure, so that ``RatingEngine/reconfigure(_:)`` reaches it. Changed only on the main actor.
final class TrackedConfiguration: @unchecked Sendable {
    /// The configuration in an immutable box: the keeper reads it at every write, and a box's
    /// constant is lent to ``startTracking(_:now:)`` where a variable's would be copied, every
    /// setting retained and released.
    private var current: Box

    private final class Box: Sendable {
        let configuration: Configuration
        init(_ configuration: Configuration) { self.configuration = configuration }
    }

    init(_ configuration: Configuration) { current = Box(configuration) }

    var configuration: Configuration {
        get { current.configuration }
        set { current = Box(newValue) }
    }

    /// Starts tracking the running version in `state`, as ``RatingState/startTracking(_:now:)``.
    ///
    /// - Returns: Whether an update of the tracked version was detected.
    func startTracking(_ state: inout RatingState, now: Date) -> Bool {
        let box = current
        return state.startTracking(box.configuration, now: now)
    }
}
