/// One rule that took part in a ``Decision``, with its numbers.
///
/// ```
/// met      uses 20/20
/// missing  days 3.2/30
/// off      events (significantEventsUntilPrompt is 0)
/// ```
///
/// The ``summary`` text is built only when read, so evaluating the rules stays cheap.
public struct Criterion: Sendable, Hashable, CustomStringConvertible {
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
        case days
        case uses
        case events
        case activeUsage
        case usesPerWeek
    }

    /// How a criterion takes part in the decision.
    public enum Role: String, Sendable, Hashable, Codable {
        /// An answer or a limit that holds every prompt back while it is not met, even
        /// ``RatingEngine/showPrompt()``.
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
    /// 12 days since the decline or since the last prompt.
    public var current: Double?
    /// The value needed, where the rule has one: 20 uses, 30 days, a 1-day reminder period, a
    /// 365-day decline expiry (0: none), 30 days between prompts.
    public var required: Double?
    /// For ``Kind/ratedEarlierVersion`` and ``Kind/declined``: the version rated or declined.
    public var version: String?
    /// For ``Kind/declined``: the policy that applied.
    public var declinePolicy: DeclinePolicy?
    /// For ``Kind/events`` with scenarios: how far each scenario has come.
    public var scenarios: [ScenarioProgress] = []

    /// Whether the criterion holds or does not apply.
    public var isSatisfied: Bool { status != .missing }

    /// A short English explanation with the numbers, such as `uses 12/20`.
    public var summary: String {
        let met = status == .met
        switch kind {
        case .debugMode: return "debug mode: prompt every time"
        case .ratedThisVersion: return met ? "not rated this version" : "rated this version"
        case .ratedEarlierVersion:
            let version = version.map { " (\($0))" } ?? ""
            return met
                ? "rated an earlier version\(version); may ask about this one"
                : "rated an earlier version\(version); shouldPromptIfRated is off"
        case .declined: return declineSummary
        case .minimumInterval:
            guard let required, required > 0 else {
                return "no minimum time between prompts (minimumDaysBetweenPrompts is 0)"
            }
            guard let current else { return "no prompt shown yet" }
            return "last prompt \(Number.short(current)) days ago; at least \(Number.short(required)) between prompts"
        case .previousSessionCrashed:
            switch status {
            case .met: return "the previous session did not crash"
            case .missing: return "the previous session ended unexpectedly; no prompt in this launch"
            case .off: return "the previous session ended unexpectedly (skipsPromptAfterCrash is off)"
            }
        case .promptShownElsewhere:
            return met
                ? "no other window is showing the prompt" : "another window or process of the app is showing the prompt"
        case .reminderPeriod:
            guard let elapsed = current, let period = required else { return "no reminder pending" }
            return met
                ? "reminder period over (asked to remind \(Number.short(elapsed)) days ago)"
                : "reminder period: \(Number.short(period - elapsed)) of \(Number.short(period)) \(Number.days(period)) left"
        case .yearlyCap:
            return "prompts in the last 365 days: \(Number.short(current ?? 0))/\(Number.short(required ?? 0))"
        case .events where !scenarios.isEmpty:
            return "events, any scenario: " + scenarios.map(\.description).joined(separator: "; ")
        case .days, .uses, .events, .activeUsage, .usesPerWeek:
            let (label, setting) = Self.thresholdNames[kind]!
            if status == .off { return "\(label) (\(setting) is 0)" }
            return "\(label) \(Number.short(current ?? 0))/\(Number.short(required ?? 0))"
        }
    }

    public var description: String {
        let mark =
            switch status {
            case .met: "met    "
            case .missing: "missing"
            case .off: "off    "
            }
        return "\(mark)  \(summary)"
    }

    /// The decline gate in words, from its numbers: days since the decline and the expiry.
    private var declineSummary: String {
        guard let elapsed = current else { return "not declined" }
        let days = Number.short(elapsed)
        let expiry = required ?? 0
        let version = version.map { " (\($0))" } ?? ""
        if status == .met {
            return expiry > 0 && elapsed >= expiry
                ? "declined \(days) days ago; the \(Number.short(expiry))-day hold is over"
                : "declined an earlier version\(version); this version may ask"
        }
        if expiry > 0 { return "declined\(version) \(days) days ago; asks again after \(Number.short(expiry))" }
        return declinePolicy == .thisVersion
            ? "declined this version \(days) days ago"
            : "declined\(version) \(days) days ago; never asks again"
    }

    private static let thresholdNames: [Kind: (label: String, setting: String)] = [
        .days: ("days", "daysUntilPrompt"),
        .uses: ("uses", "usesUntilPrompt"),
        .events: ("events", "significantEventsUntilPrompt"),
        .activeUsage: ("active minutes", "activeUsageMinutesUntilPrompt"),
        .usesPerWeek: ("uses per week", "usesPerWeekForPrompt"),
    ]
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
