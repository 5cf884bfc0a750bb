/// One rule that took part in a ``Decision``, with its numbers.
///
/// ```
/// met      uses 20/20
/// missing  days 3.2/30
/// off      events (significantEventsUntilPrompt is 0)
/// ```
///
/// A criterion holds only numbers and flags, so that evaluating the rules copies plain bytes; its
/// words are built only when asked for, by ``Decision/summary(of:)``.
public struct Criterion: Sendable, Hashable {
    /// Which rule this is.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
        case debugMode
        case ratedThisVersion
        case ratedEarlierVersion
        case declined
        case reminderPeriod
        case minimumInterval
        case yearlyCap
        case previousSessionCrashed
        case promptShownElsewhere
        /// The person's or administrator's switch for every app's prompts.
        case desktopSwitch
        /// The quiet period between two apps' prompts.
        case desktopQuietPeriod
        case days
        case uses
        case events
        case activeUsage
        case usesPerWeek
    }

    /// How a criterion takes part in the decision.
    public enum Role: String, Sendable, Hashable, Codable {
        /// An answer or a limit that holds every prompt back while it is not met, even
        /// ``RatingEngine/showPrompt(asksSatisfactionFirst:)``.
        case gate
        /// The waiting time since the first use of this version.
        case waitingTime
        /// Uses, events and active usage: combined by ``ThresholdCombination``.
        case engagement
        /// Uses per week: must hold whenever it is set.
        case regularity
        /// Debug mode, which overrides everything.
        case override
    }

    /// Whether the criterion holds.
    public enum Status: String, Sendable, Hashable, Codable {
        case met
        case missing
        /// Not a criterion in this configuration (a threshold of 0).
        case off
    }

    /// Which rule this is.
    public var kind: Kind
    /// How it takes part in the decision.
    public var role: Role
    /// Whether it holds.
    public var status: Status
    /// The measured value, where the rule has one: 12 uses, 3.2 days, 0.6 days since the reminder,
    /// 12 days since the decline or since the last prompt, 2 days since another app asked.
    public var current: Double?
    /// The value needed, where the rule has one: 20 uses, 30 days, a 1-day reminder period, a
    /// 365-day decline expiry (0: none), 30 days between prompts, a 7-day quiet period between apps.
    public var required: Double?
    /// For ``Kind/declined``: the policy that applied.
    public var declinePolicy: DeclinePolicy?

    /// Whether the criterion holds or does not apply.
    public var isSatisfied: Bool { status != .missing }
}

/// How far one ``EventScenario`` has come.
public struct ScenarioProgress: Sendable, Hashable, CustomStringConvertible {
    /// One event of the scenario: how often it happened and how often it must.
    public struct Event: Sendable, Hashable {
        public var name: String
        public var count: Int
        public var required: Int
    }

    /// The scenario's name.
    public var name: String
    /// Its events, sorted by name.
    public var events: [Event]
    /// Whether every event has reached its count.
    public var isComplete: Bool { events.allSatisfy { $0.count >= $0.required } }

    public var description: String {
        "\(name)\(isComplete ? " (complete)" : ""): "
            + events.map { "\($0.name) \($0.count)/\($0.required)" }.joined(separator: ", ")
    }
}
