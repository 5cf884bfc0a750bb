/// How the usage thresholds combine into "the user has used the app enough".
///
/// The ancestors disagree here, and their own documentation got it wrong more than once, so the
/// combination is explicit configuration and every ``Decision`` states which one it applied.
///
/// Two kinds of criteria take part:
/// - the **waiting time**: ``Configuration/daysUntilPrompt``;
/// - the **engagement** criteria: ``Configuration/usesUntilPrompt``,
///   ``Configuration/significantEventsUntilPrompt`` (or the event scenarios) and
///   ``Configuration/activeUsageMinutesUntilPrompt``.
///
/// A threshold of 0 is not a criterion at all. ``Configuration/usesPerWeekForPrompt`` is a filter on
/// *regular* use and must hold in both modes when it is set.
public enum ThresholdCombination: String, Sendable, Hashable, CaseIterable, Codable {
    /// Every threshold must be met: days **and** uses **and** events **and** active usage.
    ///
    /// This is Armchair's and Appirater's rule and the default.
    case all

    /// Once the days have passed, **any one** engagement criterion suffices: uses **or** events
    /// **or** active usage.
    ///
    /// This is iRate's rule. When no engagement criterion is configured, the days alone suffice.
    case daysThenAny
}
