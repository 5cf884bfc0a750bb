public import struct FoundationEssentials.Date

/// Whether to show the prompt now, and why: the result of ``PromptRules/evaluate(_:_:now:session:)``.
///
/// Its ``description`` is the explanation logged at debug level and printed by the `armchair` tool:
///
/// ```
/// Not prompting: the thresholds are not met (all of: days, uses, events).
/// met      not rated this version
/// met      not declined this version
/// met      no reminder pending
/// met      prompts in the last 365 days: 0/3
/// missing  days 3.2/30
/// met      uses 20/20
/// off      events (significantEventsUntilPrompt is 0)
/// ```
///
/// Its criteria hold numbers only; ``summary(of:)`` puts one into words.
public struct Decision: Sendable, Hashable, CustomStringConvertible {
    /// Whether the prompt should be shown now.
    public var shouldPrompt: Bool
    /// Whether every gate holds: no answer or limit holds the prompt back.
    public var gatesPassed: Bool
    /// Whether usage meets the thresholds under ``combination``.
    public var thresholdsMet: Bool
    /// Whether debug mode forced the prompt.
    public var isDebugOverride: Bool
    /// Whether the prompt would ask someone who rated an earlier version (update message).
    public var isUpdatePrompt: Bool
    /// How the thresholds were combined.
    public var combination: ThresholdCombination
    /// Every criterion, gates first, in a stable order.
    public var criteria: [Criterion]
    /// The version the user last rated, when ``Criterion/Kind/ratedEarlierVersion`` took part.
    public var ratedVersion: String?
    /// The version the user last declined, when they did.
    public var declinedVersion: String?
    /// How far each event scenario has come, when scenarios are configured.
    public var scenarios: [ScenarioProgress] = []
    /// The recorded dates that lay more than a day in the future, which a wrong clock wrote: the
    /// rules counted each as now (``RatingState/clockTolerance``).
    public var datesInTheFuture: [StateKey] = []
    /// What holds an automatic prompt back until the next natural break in the running app
    /// (someone typing, a fullscreen window, the app busy, the screen locked), when the decision
    /// comes from an engine with a `PromptScheduler` (the GTK binding); empty at a natural break,
    /// and always from the rules alone. A prompt the app asks for explicitly is never held.
    public var breakHolds: [BreakHold] = []
    /// What the desktop said, when the app takes part in its rules (``SessionContext/desktop``).
    public var desktop: DesktopContext?
    /// When the desktop's quiet period after another app's prompt ends, while one runs.
    public var desktopQuietPeriodEnds: Date?
    /// Whether an automatic prompt the rules allowed waits for its moment in the running app (the
    /// delay after the launch, an active window, the network, or a natural break).
    public var isPromptWaiting = false

    /// The criterion of `kind`, if it took part.
    public func criterion(_ kind: Criterion.Kind) -> Criterion? {
        criteria.first { $0.kind == kind }
    }

    /// Whether the limits on how often anyone is asked hold: the yearly cap, the minimum time
    /// between prompts, no prompt after a crash, one prompt at a time, and the desktop's switch and
    /// quiet period between apps. Nothing but debug mode
    /// goes past them, not even an app's own `shouldPrompt` closure.
    public var limitsPassed: Bool {
        criteria.allSatisfy { !$0.kind.isLimit || $0.isSatisfied }
    }

    /// The criteria that are not met.
    public var missing: [Criterion] { criteria.filter { $0.status == .missing } }
}

extension Criterion.Kind {
    /// Whether this gate limits how often anyone is asked (rather than recording an answer).
    var isLimit: Bool {
        switch self {
        case .yearlyCap, .minimumInterval, .previousSessionCrashed, .promptShownElsewhere, .desktopSwitch,
            .desktopQuietPeriod:
            true
        default: false
        }
    }
}
