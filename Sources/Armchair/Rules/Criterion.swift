/// One rule that took part in a ``Decision``, with its numbers.
///
/// ```
/// met      uses 20/20
/// missing  days 3.2/30
/// off      events (significantEventsUntilPrompt is 0)
/// ```
public struct Criterion: Sendable, Hashable, CustomStringConvertible {
    /// Which rule this is.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
        case debugMode
        case ratedThisVersion
        case ratedEarlierVersion
        case declinedThisVersion
        case reminderPeriod
        case yearlyCap
        case days
        case uses
        case events
        case activeUsage
        case usesPerWeek
    }

    /// How a criterion takes part in the decision.
    public enum Role: String, Sendable, Hashable, Codable {
        /// An answer or a limit that holds every prompt back while it is not met, even
        /// ``Armchair/showPrompt()``.
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
    /// The measured value, where the rule has one (12 uses, 3.2 days).
    public var current: Double?
    /// The value needed, where the rule has one (20 uses, 30 days).
    public var required: Double?
    /// A short English explanation with the numbers, such as `uses 12/20`.
    public var summary: String

    /// Whether the criterion holds or does not apply.
    public var isSatisfied: Bool { status != .missing }

    public var description: String {
        let mark =
            switch status {
            case .met: "met    "
            case .missing: "missing"
            case .off: "off    "
            }
        return "\(mark)  \(summary)"
    }
}
